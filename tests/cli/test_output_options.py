"""The command line's record of a run: -q, --output-file, rules --format json, help that
fits 100 columns, a near miss that gets a suggestion, metric lengths said in both
units."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest

from cli import HELP_WIDTH, cli
from markers import api

THIN = "kind: danger\ndisplay_height: 24\nlegend: ROCKS\noutline: 1.5\n"


def _commands(group: click.Group = cli, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    found = [path]
    for name, command in group.commands.items():
        if isinstance(command, click.Group):
            found += _commands(command, path + (name,))
        else:
            found.append(path + (name,))
    return found


@pytest.fixture
def inputs(tmp_path):
    """A passing sign, a failing design and a broken drawing."""
    good = tmp_path / "good.svg"
    good.write_bytes(api.render(api.design("danger", 24, legend="ROCKS"), ".svg"))
    thin = tmp_path / "thin.yaml"
    thin.write_text(THIN)
    broken = tmp_path / "broken.svg"
    broken.write_text("<svg")
    return good, thin, broken


def _one_line_error(result) -> str:
    assert result.exit_code == 2, (result.output, result.exception)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    return lines[0]


def _help(command: tuple[str, ...], capsys) -> list[str]:
    """The --help of ``command`` as a terminal shows it (CliRunner forces 80 columns)."""
    cli.main([*command, "--help"], prog_name="wsmark", standalone_mode=False)
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("command", _commands(), ids=lambda c: " ".join(c) or "wsmark")
def test_help_fits_100_columns_on_a_wide_terminal(monkeypatch, capsys, command) -> None:
    monkeypatch.setenv("COLUMNS", "300")
    lines = _help(command, capsys)
    assert lines and max(len(line) for line in lines) <= HELP_WIDTH, lines


def test_help_uses_the_width_it_has(monkeypatch, capsys) -> None:
    monkeypatch.setenv("COLUMNS", "300")
    assert max(len(line) for line in _help(("check",), capsys)) > 90
    monkeypatch.setenv("COLUMNS", "60")
    assert max(len(line) for line in _help(("check",), capsys)) <= 60


@pytest.mark.parametrize("args,hint", [
    (["render", "red-aid", "-H", "24", "-o", "x.svg"], "did you mean 'aid-red'?"),
    (["render", "mooring", "-o", "x.svg"], "did you mean 'buoy-mooring'?"),
    (["render", "red", "-H", "24", "-o", "x.svg"],
     "did you mean one of 'aid-red', 'buoy-aid-red'?"),
    (["explain", "outline"], "did you mean 'outline-width'?"),
    (["explain", "slope"], "did you mean 'diamond-slope'?"),
    (["check", "x.svg", "--waive", "outline:board"], "did you mean 'outline-width'?"),
    (["check", "x.svg", "--tolerance", "slope=1"], "did you mean 'diamond-slope'?"),
])
def test_a_near_miss_gets_a_suggestion_on_one_line(runner, tmp_path, monkeypatch, args,
                                                   hint) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.svg").write_bytes(api.render(api.design("danger", 24), ".svg"))
    assert hint in _one_line_error(runner.invoke(cli, args))
    assert not (tmp_path / "x.svg").read_bytes().startswith(b"kind")


def test_metric_lengths_are_said_in_both_units(runner, tmp_path) -> None:
    line = _one_line_error(runner.invoke(cli, ["render", "danger", "-H", "10cm", "-o",
                                               str(tmp_path / "d.svg")]))
    assert "display height 10 cm = 3.94 in is below the 12 in minimum" in line
    assert "3.93701" not in line
    spec = runner.invoke(cli, ["spec", "danger", "-H", "60cm"])
    assert spec.exit_code == 0, spec.stderr
    assert "display area 60 cm = 23.62 in" in spec.stdout.splitlines()[0]
    inches = runner.invoke(cli, ["spec", "danger", "-H", "24"]).stdout.splitlines()[0]
    assert "display area 24 in" in inches and "=" not in inches


def test_quiet_check_prints_only_errors_and_the_verdicts(runner, inputs) -> None:
    result = runner.invoke(cli, ["check", *map(str, inputs), "-q", "-j", "1"])
    assert result.exit_code == 2
    assert result.stdout == "3 file(s): 1 pass, 1 fail, 1 error\n"
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"{inputs[2]}: ERROR not well-formed XML")
    good = runner.invoke(cli, ["check", str(inputs[0]), "-q", "-j", "1"])
    assert (good.exit_code, good.stdout, good.stderr) == (0, "1 file(s): 1 pass, 0 fail, 0 error\n",
                                                          "")
    document = runner.invoke(cli, ["check", *map(str, inputs[:2]), "-q", "--format", "json"])
    assert [r["verdict"] for r in json.loads(document.stdout)] == ["pass", "fail"]
    assert document.stderr == ""


def test_quiet_commands_that_write_say_nothing_but_errors(runner, tmp_path) -> None:
    out = tmp_path / "d.svg"
    result = runner.invoke(cli, ["render", "danger", "-H", "24", "--legend", "ROCKS", "-o",
                                 str(out), "-q"])
    assert (result.exit_code, result.stdout, result.stderr) == (0, "", "")
    assert out.read_bytes().startswith(b"<svg")
    loud = runner.invoke(cli, ["render", "danger", "-H", "24", "-o", str(out)])
    assert loud.stderr.startswith("wrote ")
    failed = runner.invoke(cli, ["render", "danger", "-H", "10", "-o", str(out), "-q"])
    assert "below the 12 in minimum" in _one_line_error(failed)
    shop = runner.invoke(cli, ["fabricate", "control", "-H", "24", "--legend", "5 MPH", "-o",
                               str(tmp_path / "shop"), "-q"])
    assert (shop.exit_code, shop.stdout, shop.stderr) == (0, "", "")
    assert any((tmp_path / "shop").iterdir())


def test_quiet_plan_check_is_one_line(runner) -> None:
    examples = sorted(str(p) for p in (Path(__file__).parents[2] / "examples").glob("*.geojson"))
    result = runner.invoke(cli, ["plan", "check", *examples, "-q"])
    loud = runner.invoke(cli, ["plan", "check", *examples, "--format", "json"])
    verdicts = [r["verdict"] for r in json.loads(loud.stdout)]
    assert result.stdout == (f"{len(examples)} plan(s): {verdicts.count('pass')} pass, "
                             f"{verdicts.count('fail')} fail, {verdicts.count('error')} error"
                             + (f", {verdicts.count('review')} review (a person must check "
                                "what was not judged)" if "review" in verdicts else "") + "\n")


def test_output_file_holds_the_report_and_the_terminal_the_verdicts(runner, inputs,
                                                                    tmp_path) -> None:
    out = tmp_path / "reports" / "run.txt"
    out.parent.mkdir()
    args = ["check", *map(str, inputs), "-j", "1"]
    plain = runner.invoke(cli, args)
    result = runner.invoke(cli, [*args, "--output-file", str(out)])
    assert result.exit_code == plain.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [f"wrote {out}", "3 file(s): 1 pass, 1 fail, 1 error"]
    # the whole report: what stdout and stderr said without it, in the order judged
    written = out.read_text()
    summary = plain.stdout.index("3 file(s):")
    assert written == plain.stdout[:summary] + plain.stderr + plain.stdout[summary:]
    assert written.index("good.svg: PASS") < written.index("thin.yaml: FAIL") < \
        written.index("broken.svg: ERROR")
    assert [p.name for p in out.parent.iterdir()] == ["run.txt"]  # no temp file left
    sarif = tmp_path / "run.sarif"
    quiet = runner.invoke(cli, [*args, "--format", "sarif", "--output-file", str(sarif), "-q"])
    assert quiet.stderr == "3 file(s): 1 pass, 1 fail, 1 error\n"
    assert len(json.loads(sarif.read_text())["runs"][0]["artifacts"]) == 3


def test_output_file_never_writes_over_an_input(runner, inputs) -> None:
    good = inputs[0]
    before = good.read_bytes()
    line = _one_line_error(runner.invoke(cli, ["check", str(good), "--output-file", str(good)]))
    assert "refusing to write over an input" in line and good.read_bytes() == before


def test_plan_check_output_file(runner, tmp_path) -> None:
    plan = Path(__file__).parents[2] / "examples" / "river-channel.geojson"
    out = tmp_path / "plan.json"
    result = runner.invoke(cli, ["plan", "check", str(plan), "--format", "json",
                                 "--output-file", str(out)])
    assert result.exit_code == 0, result.stderr
    assert result.stdout == "" and result.stderr.startswith(f"wrote {out}\n1 plan(s): 1 pass")
    assert json.loads(out.read_text())[0]["verdict"] == "pass"


def test_rules_as_json_quote_each_paragraph(runner) -> None:
    result = runner.invoke(cli, ["rules", "--format", "json"])
    assert result.exit_code == 0, result.stderr
    records = json.loads(result.stdout)
    assert [r["id"] for r in records] == [r.id for r in api.rules()]
    by_id = {r["id"]: r for r in records}
    outline = by_id["outline-width"]
    assert outline["citation"] == "NR 5.09(6)(b)" and outline["severity"] == "error"
    assert outline["tolerance"] == "0.01 in" and "danger" in outline["kinds"]
    assert outline["paragraphs"] == [{"clause": "NR 5.09(6)(b)", "text": "The thickness of "
                                      "the symbol outline shall be not less than 2 inches in "
                                      "width."}]
    shape = by_id["reg-shape"]  # each kind's finding cites the kind's own paragraph
    assert shape["by_kind"]["aid-red"] == "NR 5.09(2)(a)1,7"
    assert shape["by_kind"]["control"] == "NR 5.09(2)(b)3"
    assert {f"NR 5.09(2)(b){n}" for n in range(1, 5)} | {"NR 5.09(2)(a)7"} <= {
        p["clause"] for p in shape["paragraphs"]}
    assert all(r["paragraphs"] and r["summary"] for r in records)
