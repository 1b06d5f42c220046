"""What users get back: `wsmark fabricate KIND -H h -o dir/` then `wsmark check
dir/*-cut.dxf dir/*-cut-*.svg` passes, run as the commands themselves, and the cut files
measure what the rendered SVG of the design they declare measures (outline width, symbol
size, diamond slopes, the display height; a wrap's faces too) within 0.01 in / 0.1 deg.

Every kind with a display area at 12 in, a few at 24 in too. A sign buoy is left out:
its fabricated wrap is the banded body alone (the sign it carries is made as a sign, as
`fabricate` says), and no marker can be found in bands, as SVG or DXF.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from conftest import sample_design, wsmark_script
from markers import api
from markers.check.pipeline import CheckOptions, load_artwork
from markers.core.design import design_from_record
from markers.read.svg.declared import design_record
from markers.read.svg.walk import read_svg_bytes
from wi import KINDS, PACK, measure

IN_TOL, DEG_TOL = 0.01, 0.1
SIGN_BUOY = "buoy-sign"
CASES = [(kind, 12.0) for kind, spec in KINDS.items()
         if spec.display_area and kind != SIGN_BUOY]
CASES += [(kind, 24.0) for kind in ("danger", "control", "buoy-wrap")]


def fabricate_args(kind: str, height: float) -> list[str]:
    """The `wsmark fabricate` command line of the sample design of ``kind``."""
    design = sample_design(kind, height)
    args = ["fabricate", kind, "-H", f"{height:g}"]
    for option, value in (("--legend", design.legend), ("--id", design.ws_id),
                          ("--symbol", design.symbol)):
        if value:
            args += [option, value]
    return args


def run_all(commands: list[list[str]]) -> None:
    """Run the commands two at a time (the machine's cores), each to success."""
    script = str(wsmark_script())
    for i in range(0, len(commands), 2):
        running = [subprocess.Popen([script, *c], stdout=subprocess.PIPE,
                                    stderr=subprocess.PIPE, text=True)
                   for c in commands[i:i + 2]]
        for command, process in zip(commands[i:i + 2], running):
            out, err = process.communicate(timeout=120)
            assert process.returncode == 0, (command, out, err)


def fabricate_all(root: Path) -> dict[tuple[str, float], Path]:
    """The fabrication folder of each case, and `wsmark render control -o x.dxf`."""
    folders = {case: root / f"{case[0]}-{case[1]:g}" for case in CASES}
    run_all([fabricate_args(*case) + ["-o", str(folders[case])] for case in CASES] +
            [["render", "control", "-H", "24", "--legend", "SLOW NO WAKE", "-o",
              str(root / "rendered.dxf")]])
    return folders


def key_numbers(facts, prefix: str = "") -> dict[str, float]:
    """Outline width, symbol size, side slopes, display height and letter heights of a
    marker and of the faces it carries, by name."""
    out = {f"{prefix}{name}": value for name, value in (
        ("outline", facts.symbol.outline), ("size", facts.symbol.size),
        ("display_height", facts.display.height)) if value is not None}
    out.update({f"{prefix}angle{i}": a for i, a in enumerate(facts.symbol.side_angles)})
    out.update({f"{prefix}letters{i}": leg.cap_height
                for i, leg in enumerate(facts.letters.legends)})
    for i, face in enumerate(facts.faces):
        out.update(key_numbers(face, f"{prefix}face{i}."))
    return out


def test_fabricated_cut_files_pass_and_measure_what_the_rendered_svg_does(tmp_path) -> None:
    """One test, so that the fabrication runs once whatever the number of workers."""
    folders = fabricate_all(tmp_path)
    files = sorted(path for folder in folders.values()
                   for pattern in ("*-cut.dxf", "*-cut-*.svg") for path in folder.glob(pattern))
    assert len(files) >= 2 * len(CASES)  # a DXF and at least one SVG film each
    run = subprocess.run([str(wsmark_script()), "check", "--format", "json", "-j", "2",
                          *map(str, files), str(tmp_path / "rendered.dxf")],
                         capture_output=True, text=True, timeout=300)
    reports = json.loads(run.stdout)
    failed = {r["file"]: [(f["rule"], f["message"]) for f in r["findings"]
                          if f["severity"] != "info"] or r["error"]
              for r in reports if r["verdict"] != "pass"}
    assert failed == {} and run.returncode == 0 and len(reports) == len(files) + 1
    for report in reports:  # each says how its paint was read, its display area declared
        assert any(f["rule"] == "line-drawing" for f in report["findings"]), report["file"]
        assert report["display_height_basis"] == "declared", report["file"]
    rendered: dict[str, dict[str, float]] = {}  # the rendered SVG's numbers, by design
    for path in files:
        [art] = load_artwork(path.read_bytes(), str(path), CheckOptions(), PACK)
        record = _record(path)
        key = json.dumps(record, sort_keys=True)
        if key not in rendered:
            svg = api.render(design_from_record(record, path.name), ".svg")
            rendered[key] = key_numbers(measure(read_svg_bytes(svg, "r.svg")))
        want, have = rendered[key], key_numbers(measure(art))
        assert want.keys() == have.keys() and len(want) >= 2, (path.name, want, have)
        for key, value in want.items():
            tol = DEG_TOL if "angle" in key else IN_TOL
            assert have[key] == pytest.approx(value, abs=tol), (path.name, key)


def _record(path: Path) -> dict:
    """The design a cut file declares, as written: a DXF's custom property, an SVG's
    line in its description."""
    import ezdxf

    if path.suffix == ".dxf":
        return design_record(ezdxf.readfile(path).header.custom_vars.get("design"))
    return design_record(path.read_text())
