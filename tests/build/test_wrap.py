"""The cylinder wrap, NR 5.09(6)(d): the flat print for a symbol buoy, measured back from
the file with the independent reader and projected as seen from the front here,
x_seen = r sin((x - x_centre) / r), with the test's own arithmetic."""

from __future__ import annotations

import math
import re
from dataclasses import replace

import numpy as np
import pytest
from shapely import get_coordinates
from shapely.geometry import Polygon

import cli as cli_module
from markers.check.pipeline import CheckOptions
from wi import check_file
from markers.core.design import Design
from markers.errors import WsmarkError
from wi import build
from markers.products.files import render_file
from render.output import render_bytes
from svg_measure import read_svg


def wrap_file(tmp_path, *args: str) -> bytes:
    """Run `wsmark wrap ARGS -o wrap.svg` and return the file."""
    from click.testing import CliRunner

    out = tmp_path / "wrap.svg"
    result = CliRunner().invoke(cli_module.cli, ["wrap", *args, "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out.read_bytes()


def rings(data: bytes, width: float) -> list[Polygon]:
    """The orange symbols of a wrap (the bands run its whole width), left to right."""
    orange = read_svg(data).layers["layer-orange"].geometry
    found = [p for p in getattr(orange, "geoms", [orange]) if p.bounds[2] - p.bounds[0] < width - 1]
    return sorted(found, key=lambda p: p.bounds[0])


def seen(ring: Polygon, radius: float) -> Polygon:
    """``ring`` as seen from the front of the buoy, facing its centre."""
    centre = (ring.bounds[0] + ring.bounds[2]) / 2

    def project(coords) -> np.ndarray:
        pts = np.asarray(coords)
        return np.column_stack([centre + radius * np.sin((pts[:, 0] - centre) / radius),
                                pts[:, 1]])

    return Polygon(project(ring.exterior.coords), [project(h.coords) for h in ring.interiors])


def side_angles(poly: Polygon) -> list[float]:
    pts = get_coordinates(poly.exterior)
    top, bottom = pts[pts[:, 1].argmin()], pts[pts[:, 1].argmax()]
    left, right = pts[pts[:, 0].argmin()], pts[pts[:, 0].argmax()]
    quad = [top, right, bottom, left, top]
    return [math.degrees(math.atan2(abs(b[0] - a[0]), abs(b[1] - a[1])))
            for a, b in zip(quad, quad[1:])]


# --- the acceptance: a 12 in buoy --------------------------------------------------------

def test_wrap_for_a_12_in_buoy_projects_to_35_degree_sides(tmp_path) -> None:
    data = wrap_file(tmp_path, "--symbol", "danger", "--diameter", "12")
    drawing = read_svg(data)
    assert drawing.width_in == pytest.approx(math.pi * 12, abs=1e-3)
    symbols = rings(data, drawing.width_in)
    assert len(symbols) == 2  # (6)(a): 2 sides
    for ring in symbols:
        face = seen(ring, 6.0)
        for angle in side_angles(face):
            assert angle == pytest.approx(35.0, abs=0.1)  # (6)(d), as seen
        x0, y0, x1, y1 = face.bounds
        assert x1 - x0 == pytest.approx(8.00, abs=0.01)  # (6)(c): 2/3 of 12, as seen
        assert y1 - y0 == pytest.approx(8.00 / math.tan(math.radians(35)), abs=0.01)
        (hole,) = face.interiors
        assert face.exterior.distance(hole) == pytest.approx(2.00, abs=0.01)  # (6)(b)
        flat = ring.bounds[2] - ring.bounds[0]
        assert flat == pytest.approx(2 * 6 * math.asin(4 / 6), abs=0.01)  # stretched: 8.76


def test_symbols_are_180_degrees_apart_and_the_seam_between_them(tmp_path) -> None:
    data = wrap_file(tmp_path, "--symbol", "exclusion", "--diameter", "12", "--seam", "1.5")
    drawing = read_svg(data)
    around = math.pi * 12
    assert drawing.width_in == pytest.approx(around + 1.5, abs=1e-3)
    centres = [(p.bounds[0] + p.bounds[2]) / 2 for p in rings(data, drawing.width_in)]
    assert centres == pytest.approx([around / 4, 3 * around / 4], abs=1e-3)
    assert (centres[1] - centres[0]) / around * 360 == pytest.approx(180.0, abs=0.01)


def test_bands_run_the_whole_wrap(tmp_path) -> None:
    data = wrap_file(tmp_path, "--symbol", "danger", "--diameter", "12",
                     "--height-above-water", "40")
    drawing = read_svg(data)
    orange = drawing.layers["layer-orange"].geometry
    bands = sorted((p for p in orange.geoms if p.bounds[2] - p.bounds[0] > 37),
                   key=lambda p: p.bounds[1])
    assert [round(b.bounds[3] - b.bounds[1], 3) for b in bands] == [14.0, 14.0]
    assert drawing.height_in == pytest.approx(40.0)
    assert bands[0].bounds[1] == 0 and bands[1].bounds[3] == pytest.approx(40.0)


def test_surface_layout_is_flat_on_the_wrap_and_narrower_as_seen(tmp_path) -> None:
    data = wrap_file(tmp_path, "--symbol", "danger", "--diameter", "7", "--surface")
    drawing = read_svg(data)
    for ring in rings(data, drawing.width_in):
        assert ring.bounds[2] - ring.bounds[0] == pytest.approx(8.00, abs=1e-3)
        for angle in side_angles(ring):
            assert angle == pytest.approx(35.0, abs=0.05)
        face = seen(ring, 3.5)
        assert face.bounds[2] - face.bounds[0] == pytest.approx(7 * math.sin(4 / 3.5),
                                                                abs=0.01)  # 6.37


def test_legend_keeps_its_height_as_seen(tmp_path) -> None:
    data = wrap_file(tmp_path, "--symbol", "control", "--legend", "5 MPH", "--diameter", "16")
    black = read_svg(data).layers["layer-black"].geometry
    art = build(Design("buoy-wrap", symbol="control", legend="5 MPH", diameter=16,
                       curvature="seen"))
    caps = sorted({round(item.cap_height, 3) for item in art.legends})
    assert len(caps) == 1 and black.bounds[3] - black.bounds[1] >= caps[0] - 0.01


# --- what does not fit ----------------------------------------------------------------------

def test_a_7_in_buoy_cannot_show_the_8_in_diamond_flat_and_says_so(runner, tmp_path) -> None:
    result = runner.invoke(cli_module.cli, ["wrap", "--symbol", "danger", "--diameter", "7",
                                            "-o", str(tmp_path / "w.svg")])
    assert result.exit_code == 2
    (line,) = [text for text in result.stderr.splitlines() if text.strip()]
    for number in ("8.00 in", "7.00 in", "6.65 in", "--surface", "6.37 in", "8.42 in"):
        assert number in line, line
    assert list(tmp_path.iterdir()) == []


def test_a_seam_overlap_reaching_the_symbol_is_refused() -> None:
    with pytest.raises(WsmarkError, match="seam"):
        build(Design("buoy-wrap", symbol="danger", diameter=8.5, curvature="seen", seam=3))


def test_default_diameter_of_the_wrap_command_fits_the_symbol_as_seen(tmp_path) -> None:
    data = wrap_file(tmp_path, "--symbol", "danger")
    assert read_svg(data).width_in == pytest.approx(math.pi * 8.5, abs=1e-3)


# --- checking a wrap ------------------------------------------------------------------------

@pytest.mark.parametrize("design", [
    Design("buoy-wrap", symbol="danger", diameter=12, curvature="seen"),
    Design("buoy-wrap", symbol="control", legend="SLOW NO WAKE", diameter=12),
    Design("buoy-wrap", symbol="exclusion", diameter=7, curvature="surface", seam=1.0),
    Design("buoy-wrap", symbol="information", legend="MARINA", diameter=24, display_height=18),
])
def test_wraps_round_trip_clean(tmp_path, design: Design) -> None:
    path = tmp_path / "wrap.svg"
    render_file(build(design), path)
    report, _ = check_file(path, CheckOptions())
    assert report.verdict == "pass" and report.findings == [], report.findings
    assert report.kind == "buoy-wrap"


def test_a_wrap_with_one_symbol_fails_buoy_two_sides(tmp_path) -> None:
    art = build(Design("buoy-wrap", symbol="danger", diameter=12, curvature="seen"))
    half = math.pi * 12 / 2
    layers = tuple(replace(lay, shapes=tuple(
        s for s in lay.shapes if not (lay.color == "orange" and s.geometry.bounds[0] > half)))
        for lay in art.layers)
    path = tmp_path / "one.svg"
    path.write_bytes(render_bytes(replace(art, layers=layers), ".svg"))
    report, _ = check_file(path, CheckOptions())
    errors = [f for f in report.findings if f.severity == "error"]
    assert [(f.rule, f.measured) for f in errors] == [("buoy-two-sides", 1)]


def test_the_wrap_declares_its_diameter(tmp_path) -> None:
    data = wrap_file(tmp_path, "--symbol", "danger", "--diameter", "12", "--seam", "1")
    assert re.search(rb'"diameter": 12(\.0)?[,}]', data)
    assert re.search(rb'"seam": 1(\.0)?[,}]', data) and b'"curvature": "seen"' in data
