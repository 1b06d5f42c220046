"""Real DXFs from AutoCAD and AutoCAD-compatible CAD programs (tests/data/real/dxf/,
PROVENANCE.md): the reader takes the units their header states ($INSUNITS; where it is 0,
$MEASUREMENT, said as an assumption), and every outcome of a check is a verdict or one
line naming the file, never a traceback. The header is read here by its group codes, not
by ezdxf, so the test does not repeat the reader."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from markers.check import pipeline
from markers.errors import WsmarkError
from markers.read.dxf import read_dxf_bytes
from tests.wi import PACK

FOLDER = Path(__file__).resolve().parents[1] / "data" / "real" / "dxf"
FILES = sorted(FOLDER.glob("*.dxf"))
#: $INSUNITS code -> the unit (DXF reference, HEADER section); 0: by $MEASUREMENT.
UNITS = {1: "in", 2: "ft", 4: "mm", 5: "cm", 6: "m"}
MEASUREMENT = {0: "in", 1: "mm"}


def _header(data: bytes, name: str) -> int | None:
    """The integer a header variable holds (group code 70), None when absent."""
    match = re.search(rb"\$" + name.encode() + rb"\s*\r?\n\s*70\s*\r?\n\s*(-?\d+)", data)
    return int(match[1]) if match else None


def test_the_corpus_is_there() -> None:
    assert 10 <= len(FILES) <= 30
    assert all(f.stat().st_size < 300_000 for f in FILES)
    for f in FILES:  # AutoCAD's marks: its version, and subclass markers past a header
        data = f.read_bytes()
        assert b"$ACADVER" in data and b"ezdxf" not in data.lower()
        assert b"AcDb" in data or b"TABLES" not in data


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_units_as_the_header_says(path: Path) -> None:
    data = path.read_bytes()
    code, measurement = _header(data, "INSUNITS"), _header(data, "MEASUREMENT")
    want = UNITS.get(code or 0) or (MEASUREMENT.get(measurement) if code == 0 else None)
    try:
        art = read_dxf_bytes(data, path.name)
    except WsmarkError as err:
        said = str(err)
        assert "\n" not in said and said.startswith(path.name)
        assert "units" not in said  # no unit is a nominal size, never an error
        return
    assert art.meta["units"] == want
    assert ("units_assumed" in art.meta) == (code == 0 and want is not None)
    assert (art.meta["scale_basis"] == "unknown") == (want is None)


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_a_check_is_a_verdict_or_one_line(path: Path) -> None:
    report, _ = pipeline.check_file(path, pipeline.CheckOptions(), PACK)
    if report.verdict == "error":
        assert report.error and "\n" not in report.error and path.name in report.error
        assert "fault of wsmark" not in report.error
    else:
        assert report.markers


def _viewports(data: bytes) -> list[dict[int, str]]:
    """Each VIEWPORT entity's group codes (first value of each), read off the text."""
    lines = [line.strip() for line in data.decode("utf-8", "replace").splitlines()]
    out: list[dict[int, str]] = []
    for i in range(0, len(lines) - 1):
        if lines[i] == "0" and lines[i + 1] == "VIEWPORT":
            codes: dict[int, str] = {}
            j = i + 2
            while j + 1 < len(lines) and lines[j] != "0":
                codes.setdefault(int(lines[j]), lines[j + 1])
                j += 2
            out.append(codes)
    return out


#: The real files whose layouts hold viewports onto the model (all four plot in mm:
#: their LAYOUT objects' group 72 is 1).
WITH_VIEWS = ["mozman__examples_dxf_VP4.dxf", "mozman__examples_dxf_text_in_viewports.dxf",
              "mozman__examples_dxf_viewport_frozen_layers.dxf",
              "mozman__examples_dxf_text_negative_extrusion.dxf"]


@pytest.mark.parametrize("name", WITH_VIEWS)
def test_viewports_scale_as_their_group_codes_say(name: str) -> None:
    """Every viewport but a layout's own (69 = 1) is a view of the model, drawing it at
    41 / 45 paper mm per model unit."""
    import ezdxf

    from markers.read.dxf_layouts import sheet_views
    from markers.read.limits import Budget

    data = (FOLDER / name).read_bytes()
    want = sorted(float(vp[41]) / float(vp[45]) / 25.4 for vp in _viewports(data)
                  if vp.get(69) != "1")
    got = sorted(v.paper_in for v in sheet_views(ezdxf.readfile(FOLDER / name), Budget(name)))
    assert got == pytest.approx(want, rel=1e-9) and len(got) >= 2


def test_view_titles_label_their_views() -> None:
    """text_in_viewports.dxf titles each of its six views just above it; five titles go
    to their view (the sixth, 'Concave Viewport', is 5.9 mm under one view and 6.4 mm
    over its own: nearer the other)."""
    import ezdxf

    from markers.read.dxf_layouts import sheet_views
    from markers.read.limits import Budget

    name = "mozman__examples_dxf_text_in_viewports.dxf"
    views = sheet_views(ezdxf.readfile(FOLDER / name), Budget(name))
    assert [v.labels for v in views] == [
        ("Rectangular Viewport",), ("Convex Viewport", "Concave Viewport"), (),
        ("Rectangular Viewport",), ("Elliptic Viewport",), ("Curved Concave Viewport",)]
