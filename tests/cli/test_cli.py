"""The command line: happy paths, and user mistakes as one line on stderr with exit 2."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

import cli as cli_module
from cli_helpers import assert_ok, assert_user_error, invoke
from conftest import wsmark_script
from wi import KINDS

cli = cli_module.cli
MAGIC = {".svg": b"<svg", ".png": b"\x89PNG\r\n\x1a\n", ".pdf": b"%PDF"}


# --- happy paths ---------------------------------------------------------------------

def test_kinds_lists_every_kind(runner) -> None:
    result = invoke(runner, "kinds")
    assert_ok(result)
    names = [line.split()[0] for line in result.stdout.splitlines() if line.strip()]
    assert names == list(KINDS)
    for kind in KINDS.values():
        assert kind.ref.clause in result.stdout


def test_spec_danger_24_shows_the_2h3_width_with_its_paragraph(runner) -> None:
    result = invoke(runner, "spec", "danger", "-H", "24")
    assert_ok(result)
    assert any("16.00" in line and "NR 5.09(6)(c)" in line
               for line in result.stdout.splitlines())
    assert "35.00 deg" in result.stdout and "NR 5.09(6)(d)" in result.stdout
    assert "2.00 in" in result.stdout and "NR 5.09(6)(b)" in result.stdout


@pytest.mark.parametrize("kind", [name for name, k in KINDS.items() if k.display_area])
def test_spec_json_has_dimensions_with_citations(runner, kind: str) -> None:
    result = invoke(runner, "spec", kind, "--display-height", "24", "--format", "json")
    assert_ok(result)
    data = json.loads(result.stdout)
    assert data["kind"] == kind and data["display_height_in"] == 24
    dims = data["dimensions"]
    assert dims and all({"name", "value", "unit", "citation"} <= set(d) for d in dims)
    assert all(d["citation"] for d in dims)
    assert {"NR 5.09(6)(a)", KINDS[kind].ref.clause} <= {d["citation"] for d in dims}
    if kind in ("danger", "exclusion"):
        (width,) = [d for d in dims if d["citation"] == "NR 5.09(6)(c)"]
        assert width["value"] == pytest.approx(16.0) and width["unit"] == "in"


@pytest.mark.parametrize("suffix", [".svg", ".png", ".pdf"])
def test_render_writes_each_format(runner, tmp_path, suffix: str) -> None:
    out = tmp_path / f"control{suffix}"
    result = invoke(runner, "render", "control", "-H", "24", "--legend", "SLOW NO WAKE",
                    "-o", str(out), "--dpi", "20")
    assert_ok(result)
    data = out.read_bytes()
    if suffix == ".svg":  # an XML declaration may come first
        assert MAGIC[suffix] in data[:200] and data.rstrip().endswith(b"</svg>")
    else:
        assert data.startswith(MAGIC[suffix])
    assert sorted(p.name for p in tmp_path.iterdir()) == [out.name]  # no temp files left
    assert "24.00 x 24.00 in" in result.stderr  # "wrote PATH" on stderr, as docs say


def test_render_aid_with_its_id(runner, tmp_path) -> None:
    out = tmp_path / "red.svg"
    assert_ok(invoke(runner, "render", "aid-red", "-H", "24", "--id", "WS-4", "-o", str(out)))
    assert b"WS-4" in out.read_bytes()  # named in the description; the letters are outlines


@pytest.mark.parametrize("suffix", [".svg", ".png"])
def test_render_warns_in_one_line_what_check_would_flag(runner, tmp_path, suffix) -> None:
    """Lowercase words build, but their letters cannot be sized by a capital: check says
    REVIEW, and render says so as it writes (exit 0), whatever the format."""
    from markers import api

    out = tmp_path / f"lower{suffix}"
    result = invoke(runner, "render", "control", "-H", "24", "--legend", "slow no wake",
                    "-o", str(out), "--dpi", "10")
    assert_ok(result)
    lines = [line for line in result.stderr.splitlines() if line.startswith("wsmark:")]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("wsmark: warning: check would say REVIEW of this marker: "
                               "review reg-control-legend (NR 5.09(2)(b)3): ")
    svg = out.with_suffix(".svg")
    assert_ok(invoke(runner, "render", "control", "-H", "24", "--legend", "slow no wake",
                     "-o", str(svg)))
    report, _ = api.check(svg.read_bytes(), str(svg))
    assert report.verdict == "review"
    assert {f.rule for f in report.findings if f.severity != "info"} == {"reg-control-legend"}
    clean = invoke(runner, "render", "control", "-H", "24", "--legend", "SLOW NO WAKE",
                   "-o", str(svg))
    assert_ok(clean)
    assert clean.stderr.strip() == f"wrote {svg} (24.00 x 24.00 in)"  # and no warning


def test_gallery_writes_readme_and_pictures(runner, tmp_path) -> None:
    out = tmp_path / "g"
    result = invoke(runner, "gallery", "-o", str(out))
    assert_ok(result)
    names = {p.name for p in out.iterdir()}
    assert "README.md" in names
    svgs = {n[:-4] for n in names if n.endswith(".svg")}
    pngs = {n[:-4] for n in names if n.endswith(".png")}
    assert svgs and svgs == pngs
    assert not [n for n in names if n.endswith(".tmp")]


@pytest.mark.parametrize("command", sorted(cli.commands))
def test_every_command_help_has_an_example(runner, command: str) -> None:
    result = invoke(runner, command, "--help")
    assert_ok(result)
    assert "Example" in result.stdout


# --- user mistakes ---------------------------------------------------------------------

MISTAKES = {
    "unknown-kind": (["render", "lighthouse", "-H", "24"], ["lighthouse"]),
    "red-odd-id": (["render", "aid-red", "-H", "24", "--id", "WS-3"], ["NR 5.09(2)(a)5"]),
    "green-even-id": (["render", "aid-green", "-H", "24", "--id", "WS-2"],
                      ["NR 5.09(2)(a)5"]),
    "center-number-id": (["render", "aid-center", "-H", "24", "--id", "WS-7"],
                         ["NR 5.09(2)(a)5"]),
    "id-without-prefix": (["render", "aid-red", "-H", "24", "--id", "7"], ["NR 5.09(2)(a)5"]),
    "aid-without-id": (["render", "aid-green", "-H", "24"], ["NR 5.09(2)(a)5"]),
    "display-height-10": (["render", "danger", "--display-height", "10"], ["(6)(a)"]),
    "display-height-nan": (["render", "danger", "--display-height", "nan"], ["(6)(a)"]),
    "display-height-inf": (["render", "danger", "--display-height", "inf"], []),
    "legend-too-long": (["render", "control", "-H", "12", "--legend",
                         "SUPERCALIFRAGILISTICEXPIALIDOCIOUS"], ["does not fit"]),
    # 20 words cannot wrap into the 24 in square at 1.5 in caps: the advice (a wider sign)
    # must survive the error's cut to 300 chars, so the legend is echoed shortened
    "legend-20-words": (["render", "information", "-H", "24", "--legend",
                         "NO WAKE ZONE AHEAD KEEP RIGHT OF BUOYS SLOW SPEED MINIMUM WAKE "
                         "SWIMMING AREA BEACH CLOSED ROCKS SHALLOW WATER DANGER"],
                        ["(116 chars)", "--max-width", "enlarge the display area"]),
    "outline-1.5": (["render", "danger", "-H", "24", "--outline", "1.5"], ["(6)(b)"]),
    "outline-too-thick": (["render", "control", "-H", "12", "--outline", "3"], []),
    "missing-glyph": (["render", "danger", "-H", "24", "--legend", "\u2603"], []),
    "legend-on-aid": (["render", "aid-red", "-H", "24", "--legend", "X", "--id", "WS-2"], []),
    "id-on-danger": (["render", "danger", "-H", "24", "--id", "WS-2"], ["--id"]),
    "spec-unknown-kind": (["spec", "lighthouse", "-H", "24"], ["lighthouse"]),
    "spec-display-height-10": (["spec", "control", "-H", "10"], ["(6)(a)"]),
    "zero-flag-length": (["render", "distress-flag", "--flag-length", "0"], ["flag length"]),
    "zero-diameter": (["render", "buoy-race", "--diameter", "0"], ["diameter"]),
}


@pytest.mark.parametrize("case", list(MISTAKES))
def test_user_mistakes_are_one_line_exit_2_and_write_nothing(runner, tmp_path,
                                                             case: str) -> None:
    args, cites = MISTAKES[case]
    out = tmp_path / "marker.svg"
    if args[0] == "render":
        args = [*args, "-o", str(out)]
    assert_user_error(invoke(runner, *args), *cites)
    assert list(tmp_path.iterdir()) == []


def test_png_larger_than_cairo_can_make(runner, tmp_path) -> None:
    """24 in at 2400 dpi is 57,600 px; cairo stops at 32,767: one line, no file."""
    out = tmp_path / "big.png"
    assert_user_error(invoke(runner, "render", "danger", "-H", "24", "--dpi", "2400",
                             "-o", str(out)), "32,767", "dpi")
    assert list(tmp_path.iterdir()) == []


def test_output_in_a_missing_directory_is_made(runner, tmp_path) -> None:
    """Issue 31: every command that writes makes the folder, as plan packet does."""
    out = tmp_path / "no" / "such" / "dir" / "d.svg"
    result = invoke(runner, "render", "danger", "-H", "24", "-o", str(out))
    assert result.exit_code == 0 and out.read_bytes().startswith(b"<svg")
    assert result.stderr.startswith(f"wrote {out} ")


@pytest.mark.parametrize("name", ["d.txt", "d", "d.SVGZ"])
def test_output_with_an_unknown_suffix(runner, tmp_path, name: str) -> None:
    assert_user_error(invoke(runner, "render", "danger", "-H", "24",
                             "-o", str(tmp_path / name)), ".svg")
    assert list(tmp_path.iterdir()) == []


def test_failed_render_keeps_the_old_file_and_leaves_no_temp(runner, tmp_path) -> None:
    out = tmp_path / "sign.svg"
    out.write_bytes(b"old")
    assert_user_error(invoke(runner, "render", "control", "-H", "12", "--legend",
                             "SUPERCALIFRAGILISTICEXPIALIDOCIOUS", "-o", str(out)))
    assert out.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["sign.svg"]


@pytest.mark.parametrize("fail_at", ["replace", "chmod"])
def test_write_failure_leaves_no_partial_or_temp_file(runner, tmp_path, monkeypatch,
                                                      fail_at: str) -> None:
    import markers.runtime.atomic as output

    def broken(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(output.os, fail_at, broken)
    out = tmp_path / "sign.png"
    line = assert_user_error(invoke(runner, "render", "danger", "-H", "24", "-o", str(out),
                                    "--dpi", "10"))
    assert "No space left on device" in line
    assert list(tmp_path.iterdir()) == []


def test_installed_console_script_reports_a_mistake_without_traceback(tmp_path) -> None:
    script = wsmark_script()
    env = {**os.environ, "PYTHONWARNINGS": "ignore"}
    proc = subprocess.run(
        [str(script), "render", "aid-red", "--display-height", "24", "--id", "WS-3",
         "-o", str(tmp_path / "red.svg")],
        capture_output=True, text=True, timeout=120, env=env, cwd=tmp_path)
    assert proc.returncode == 2, proc.stderr
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "NR 5.09(2)(a)5" in lines[0], proc.stderr
    assert "Traceback" not in proc.stderr and proc.stdout == ""
    assert list(tmp_path.iterdir()) == []


def test_a_design_option_takes_the_values_of_the_pack_given(runner, tmp_path) -> None:
    """--symbol, --shape and --color take the values of the pack --pack names, wherever
    --pack stands: Connecticut's white area buoy (15-121-A3(a)) was refused as not one
    of Wisconsin's race colors, and Wisconsin's orange is none of Connecticut's."""
    from markers import api

    ct = api.get_pack("ct-15-121")
    assert api.choices("symbol", "ct-15-121") == ct.law.choices["regulatory_symbols"].values
    assert api.choices("color", "ct-15-121") == ct.law.choices["area_buoy_colors"].values
    assert api.choices("symbol") == api.kind_names("face")
    assert api.choices("shape", "ct-15-121") == ()
    out = tmp_path / "area.svg"
    assert_ok(invoke(runner, "render", "mooring-area-buoy", "--color", "white", "--pack",
                     "ct-15-121", "-o", str(out)))
    assert out.is_file()
    assert_ok(invoke(runner, "render", "--pack", "ct-15-121", "regulatory-buoy", "--symbol",
                     "exclusion", "--legend", "KEEP OUT", "-o", str(tmp_path / "r.svg")))
    said = assert_user_error(invoke(runner, "render", "mooring-area-buoy", "--color", "orange",
                                    "--pack", "ct-15-121", "-o", str(tmp_path / "o.svg")),
                             "--color")
    assert all(color in said for color in ct.law.choices["area_buoy_colors"].values)
    assert_user_error(invoke(runner, "render", "buoy-race", "--color", "white",
                             "-o", str(tmp_path / "w.svg")), "--color", "orange")
    assert_user_error(invoke(runner, "render", "buoy-mooring", "--shape", "cylinder",
                             "--pack", "ct-15-121", "-o", str(tmp_path / "s.svg")),
                      "--shape", "no kind of ct-15-121 takes it")
    assert not (tmp_path / "o.svg").exists() and not (tmp_path / "w.svg").exists()
