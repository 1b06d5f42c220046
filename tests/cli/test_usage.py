"""The command line as a newcomer meets it: units on lengths, one-line mistakes with a
suggestion, help that leads with the common options, tidy listings."""

from __future__ import annotations

import json

import pytest

from cli import cli
from svg_measure import read_svg


def _one_line_error(result) -> str:
    assert result.exit_code == 2, (result.output, result.exception)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    return lines[0]


@pytest.mark.parametrize("given,inches", [("24in", 24.0), ("24", 24.0), ("60cm", 23.622),
                                          ("609.6mm", 24.0), ("2ft", 24.0), ('24"', 24.0)])
def test_lengths_take_units(runner, tmp_path, given: str, inches: float) -> None:
    out = tmp_path / "d.svg"
    result = runner.invoke(cli, ["render", "exclusion", "-H", given, "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    drawing = read_svg(out.read_bytes())
    assert drawing.height_in == pytest.approx(inches, abs=0.001)  # the panel is H high


@pytest.mark.parametrize("given", ["1e6", "1300", "24 furlongs", "tall"])
def test_implausible_or_unreadable_lengths_are_one_line(runner, tmp_path, given) -> None:
    line = _one_line_error(runner.invoke(cli, ["render", "danger", "-H", given, "-o",
                                               str(tmp_path / "d.svg")]))
    assert "display-height" in line
    assert not (tmp_path / "d.svg").exists()


@pytest.mark.parametrize("args", [["render", "danger", "-H", "24", "--bogus", "-o", "x.svg"],
                                  ["render"], ["nosuchcommand"], ["check"]])
def test_usage_errors_are_one_line(runner, args) -> None:
    assert _one_line_error(runner.invoke(cli, args)).startswith("wsmark: error: ")


@pytest.mark.parametrize("args,hint", [
    (["render", "dangr", "-H", "24", "-o", "x.svg"], "'danger'"),
    (["render", "Danger", "-H", "24", "-o", "x.svg"], "'danger'"),
    (["render", "aid-red", "-H", "24", "--id", "ws-2", "-o", "x.svg"], "'WS-2'"),
])
def test_near_misses_get_a_suggestion(runner, tmp_path, monkeypatch, args, hint) -> None:
    monkeypatch.chdir(tmp_path)
    assert f"did you mean {hint}" in _one_line_error(runner.invoke(cli, args))


def test_misspelled_design_key_gets_a_suggestion_and_id_is_accepted(runner, tmp_path) -> None:
    bad = tmp_path / "d.yaml"
    bad.write_text("kind: danger\ndisplay_hieght: 24\n")
    line = _one_line_error(runner.invoke(cli, ["spec", str(bad)]))
    assert "did you mean 'display_height'" in line
    good = tmp_path / "a.yaml"
    good.write_text("kind: aid-red\ndisplay_height: 18\nid: WS-4\n")
    assert runner.invoke(cli, ["spec", str(good)]).exit_code == 0


def test_render_help_leads_with_the_common_options_and_lists_kinds(runner) -> None:
    text = runner.invoke(cli, ["render", "--help"]).stdout
    text = text[text.index("Options:"):]
    assert text.index("--display-height") < text.index("--legend") < text.index("--symbol")
    assert text.index("--id") < text.index("--height-above-water")
    assert "[danger|exclusion|control|information]" in text  # --symbol is a choice
    kinds = text[text.index("Kinds:"):]
    assert "buoy-mooring" in kinds and "distress-flag" in kinds


def test_rules_listing_is_aligned_whole_and_plain(runner) -> None:
    from markers import api

    rules = api.rules()  # the marker rules, then the plan rules
    lines = runner.invoke(cli, ["rules"]).stdout.splitlines()
    assert [line.split()[0] for line in lines] == [r.id for r in rules]
    cited = [row[2] for row in api.rule_rows()]  # a rule citing its kind's paragraph says so
    width = max(len(c) for c in cited)
    starts = {line.index(c) for line, c in zip(lines, cited)}
    assert len(starts) == 1  # the citation column is aligned
    column = starts.pop() + width + 2
    assert all(line[column - 2:column] == "  " and line[column] != " " for line in lines)
    assert not any("``" in line for line in lines)
    assert all(line.rstrip().endswith((".", ")")) for line in lines)  # no cut sentence


def test_check_skips_json_that_is_not_a_design(runner, tmp_path) -> None:
    (tmp_path / "report.json").write_text(json.dumps([{"file": "x.svg", "verdict": "pass"}]))
    (tmp_path / "design.json").write_text(json.dumps({"kind": "exclusion",
                                                      "display_height": 12}))
    result = runner.invoke(cli, ["check", str(tmp_path), "--format", "json", "-j", "1"])
    assert result.exit_code == 0, result.stderr
    assert [r["file"].rsplit("/", 1)[-1] for r in json.loads(result.stdout)] == ["design.json"]
    assert "skipped" in result.stderr and "report.json" in result.stderr


def test_unreadable_files_go_to_stderr_in_text_mode(runner, tmp_path) -> None:
    good = tmp_path / "design.json"
    good.write_text(json.dumps({"kind": "exclusion", "display_height": 12}))
    bad = tmp_path / "broken.svg"
    bad.write_text("<svg")
    result = runner.invoke(cli, ["check", str(good), str(bad), "-j", "1"])
    assert result.exit_code == 2
    assert "broken.svg" not in result.stdout and "broken.svg: ERROR" in result.stderr
    assert "design.json: PASS" in result.stdout


def test_waived_findings_print_as_waived(runner, tmp_path) -> None:
    thin = tmp_path / "thin.yaml"
    thin.write_text("kind: danger\ndisplay_height: 24\noutline: 1.5\n")
    result = runner.invoke(cli, ["check", str(thin), "--waive",
                                 "outline-width:approved by the board", "-j", "1"])
    assert result.exit_code == 1, result.output  # a waiver never makes a drawing pass
    assert "thin.yaml: WAIVED (danger" in result.stdout and "PASS" not in result.stdout
    assert 'does not meet NR 5.09(6)(b) (outline-width); accepted by local waiver: "approved ' \
           'by the board". A waiver does not make the drawing compliant' in result.stdout
    line = next(line for line in result.stdout.splitlines() if "outline-width " in line)
    assert line.split()[0] == "error" and \
        '(not met; accepted by waiver: "approved by the board")' in line


def test_check_writes_the_clerks_report(runner, tmp_path) -> None:
    import io

    import pypdf

    thin = tmp_path / "thin.yaml"
    thin.write_text("kind: danger\ndisplay_height: 24\noutline: 1.5\n")
    out = tmp_path / "report.pdf"
    result = runner.invoke(cli, ["check", str(thin), "--report", str(out), "-j", "1",
                                 "--tolerance", "diamond-slope=1"])
    assert result.exit_code == 1, result.stderr
    text = " ".join(page.extract_text()
                    for page in pypdf.PdfReader(io.BytesIO(out.read_bytes())).pages)
    for words in ("FAIL", "outline-width", "NR 5.09(6)(b)", "Measured 1.5 in",
                  "required >= 2 in", "diamond-slope", "Reviewed by", "Date", "wi-nr509"):
        assert words in text, words
    refused = runner.invoke(cli, ["check", str(thin), "--report", str(thin)])
    assert refused.exit_code == 2 and thin.read_text().startswith("kind: danger")


def test_annotated_copy_keeps_numbers_apart_and_findings_inside_the_page(tmp_path) -> None:
    import re as regex
    from xml.etree import ElementTree

    from markers import api

    svg = api.render(api.design("danger", 24, legend="ROCKS"), ".svg")
    report, _ = api.check(svg, "d.svg")
    art = api.build(api.design("danger", 24, legend="ROCKS"))
    notes = [("outline-width NR 5.09(6)(b): measured 1.5 in, required >= 2 in, "
              "and a long explanation that must wrap inside the page " * 2, (5.0, 5.0, 1, 1)),
             ("symbol-size", (5.1, 5.05, 1, 1)), ("diamond-slope", (5.2, 5.0, 1, 1))]
    from render.svg import annotated_svg

    root = ElementTree.fromstring(annotated_svg(art, notes))
    ns = "{http://www.w3.org/2000/svg}"
    group = next(g for g in root.iter(f"{ns}g") if g.get("id") == "wsmark-annotations")
    discs = [(float(c.get("cx")), float(c.get("cy")), float(c.get("r")))
             for c in group.iter(f"{ns}circle")]
    assert len(discs) == 3
    for i, a in enumerate(discs):
        for b in discs[i + 1:]:
            assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) >= 2 * a[2]  # none overlap
    width = float(regex.match(r"[\d.]+", root.get("width")).group(0))
    size = float(group.get("font-size"))
    for text in group.iter(f"{ns}text"):
        if text.text and len(text.text) > 3:  # a findings line: fits the page width
            assert len(text.text) * size * 0.56 <= width + size, text.text
    assert report.verdict == "pass"
