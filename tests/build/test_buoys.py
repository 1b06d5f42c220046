"""Buoy elevations, NR 5.09(2)(a), (5), (6), (7): built, rendered, measured back from the
file with the independent reader (tests/svg_measure.py), and checked.

Expected numbers are the rule's (36 in, 7 in, 1/5, 18 in, 8 3/4 to 14 in, 2/3 H, 35 deg);
a symbol laid along the surface is developed here with the test's own arithmetic,
s = r asin(x / r).
"""

from __future__ import annotations

import math
import re
from dataclasses import replace

import numpy as np
import pytest
from shapely import affinity, get_coordinates
from shapely.geometry import Polygon

import cli as cli_module
from conftest import sample_design
from markers.core.artwork import Shape
from markers.check.pipeline import CheckOptions
from wi import check_file
from markers.core.design import Design, load_design
from markers.errors import WsmarkError
from wi import KINDS, build
from markers.products.files import render_file
from render.output import render_bytes
from svg_measure import read_svg

BUOY_KINDS = [name for name, kind in KINDS.items() if kind.form in ("buoy", "wrap")]
#: The kind a check reports for each buoy kind: an aid buoy is its aid (RULES.md).
REPORTED = {"buoy-aid-red": "aid-red", "buoy-aid-green": "aid-green",
            "buoy-aid-center": "aid-center"}
#: Info findings a clean buoy may still carry (a note for the reader, not a defect).
NOTES = {"aid-stripes"}


def svg_of(design: Design) -> bytes:
    return render_bytes(build(design), ".svg")


def waterline(data: bytes) -> float:
    """The waterline's height in the file (1 user unit = 1 in)."""
    (y,) = re.findall(rb'<line[^>]*id="waterline"[^>]*y1="([0-9.]+)"', data) or \
        re.findall(rb'<line[^>]*y1="([0-9.]+)"[^>]*id="waterline"', data)
    return float(y)


def layer(drawing, color: str):
    ids = [i for i in drawing.layers if re.fullmatch(rf"layer-{color}(-\d+)?", i)]
    assert ids, list(drawing.layers)
    from shapely import unary_union
    return unary_union([drawing.layers[i].geometry for i in ids])


def parts(geometry) -> list[Polygon]:
    return sorted(getattr(geometry, "geoms", [geometry]), key=lambda p: p.bounds[1])


def body_of(drawing):
    from shapely import unary_union
    return unary_union([lay.geometry for lay in drawing.layers.values()])


def checked(tmp_path, art, name="buoy.svg"):
    path = tmp_path / name
    render_file(art, path)
    report, _ = check_file(path, CheckOptions())
    assert report.verdict != "error", report.error
    return report


def serious(report) -> list[tuple[str, str]]:
    return [(f.rule, f.message) for f in report.findings if f.severity != "info"]


# --- symbol buoy, (5)(b), (6)(a) ------------------------------------------------------

def test_minimum_symbol_buoy_measured_from_the_file() -> None:
    data = svg_of(Design("buoy-symbol", symbol="danger"))
    drawing = read_svg(data)
    body = body_of(drawing)
    x0, y0, x1, y1 = body.bounds
    assert x1 - x0 == pytest.approx(7.00, abs=1e-3)  # (6)(a) 7 in diameter
    assert waterline(data) - y0 == pytest.approx(36.00, abs=1e-3)  # (6)(a) 36 in above
    assert y1 == pytest.approx(waterline(data), abs=1e-3)  # nothing painted under water
    orange = [p for p in parts(layer(drawing, "orange")) if p.bounds[2] - p.bounds[0] > 6.99]
    (top, bottom) = orange
    assert top.bounds[1] == pytest.approx(y0, abs=1e-3)  # a band on the top
    assert bottom.bounds[3] == pytest.approx(waterline(data), abs=1e-3)  # just above water
    white = bottom.bounds[1] - top.bounds[3]
    assert white == pytest.approx(12.0, abs=1e-3)  # the display area, (6)(a) >= 12 in


def test_symbol_laid_along_the_surface_develops_to_2h3_and_35_degrees() -> None:
    """On a 7 in buoy the 8 in diamond of a 12 in display area cannot look flat (it is
    wider than the buoy); laid along the surface it is seen 2 r sin(4 / r) = 6.37 in
    wide, and developed back it is 8.00 in wide with 35 deg sides."""
    art = build(Design("buoy-symbol", symbol="danger", diameter=7))
    assert art.meta["curvature"] == "surface"
    drawing = read_svg(render_bytes(art, ".svg"))
    (ring,) = [p for p in parts(layer(drawing, "orange")) if p.bounds[2] - p.bounds[0] < 6.99]
    axis, r = art.width / 2, 3.5
    x0, _, x1, _ = ring.bounds
    assert x1 - x0 == pytest.approx(2 * r * math.sin(4 / r), abs=2e-3)
    pts = get_coordinates(ring.exterior)
    s = axis + r * np.arcsin(np.clip((pts[:, 0] - axis) / r, -1, 1))
    developed = np.column_stack([s, pts[:, 1]])
    top = developed[developed[:, 1].argmin()]
    right = developed[developed[:, 0].argmax()]
    assert right[0] - (2 * axis - right[0]) == pytest.approx(8.00, abs=0.01)
    slope = math.degrees(math.atan2(right[0] - top[0], right[1] - top[1]))
    assert slope == pytest.approx(35.0, abs=0.1)


def test_symbol_adjusted_for_curvature_is_flat_in_the_elevation() -> None:
    art = build(Design("buoy-symbol", symbol="danger", diameter=12, display_height=12))
    assert art.meta["curvature"] == "seen"
    drawing = read_svg(render_bytes(art, ".svg"))
    (ring,) = [p for p in parts(layer(drawing, "orange")) if p.bounds[2] - p.bounds[0] < 11.9]
    corners = get_coordinates(Polygon(ring.exterior).simplify(1e-6).exterior)[:-1]
    assert len(corners) == 4
    assert ring.bounds[2] - ring.bounds[0] == pytest.approx(8.00, abs=1e-3)
    for (xa, ya), (xb, yb) in zip(corners, np.roll(corners, -1, axis=0)):
        assert math.degrees(math.atan2(abs(xb - xa), abs(yb - ya))) == \
            pytest.approx(35.0, abs=0.05)


def test_display_height_and_bands_follow_the_parameters() -> None:
    art = build(Design("buoy-symbol", symbol="control", legend="5 MPH", display_height=18,
                       height_above_water=40, diameter=12))
    drawing = read_svg(render_bytes(art, ".svg"))
    bands = [p for p in parts(layer(drawing, "orange")) if p.bounds[2] - p.bounds[0] > 11.99]
    # the 16 in ring in its 18 in display area keeps H/12 = 1.5 in of white above and
    # below it, as at the sides: the white between the bands is 19 in, each band 10.5
    assert [round(b.bounds[3] - b.bounds[1], 3) for b in bands] == [10.5, 10.5]
    assert bands[1].bounds[1] - bands[0].bounds[3] == pytest.approx(19.0, abs=1e-3)


# --- sign buoy, (5)(c) -------------------------------------------------------------------

def test_sign_buoy_has_five_bands_of_one_fifth() -> None:
    data = svg_of(Design("buoy-sign", symbol="control", legend="5 MPH", height_above_water=40))
    drawing = read_svg(data)
    line = waterline(data)
    bands = []
    for color in ("orange", "white"):
        for p in parts(layer(drawing, color)):
            if p.bounds[2] - p.bounds[0] == pytest.approx(7.0, abs=1e-3):
                bands.append((p.bounds[1], color, p.bounds[3] - p.bounds[1]))
    assert [c for _, c, _ in sorted(bands)] == ["orange", "white", "orange", "white", "orange"]
    assert all(h == pytest.approx(8.0, abs=1e-3) for _, _, h in bands)  # 40 / 5
    assert max(y for y, _, _ in bands) + 8.0 == pytest.approx(line, abs=1e-3)
    sign = [p for p in parts(layer(drawing, "white")) if p.bounds[3] < sorted(bands)[0][0]]
    assert sign, "a sign above the buoy"


# --- aid buoys, (2)(a), (6)(f) -----------------------------------------------------------

@pytest.mark.parametrize("kind,color", [("buoy-aid-red", "red"), ("buoy-aid-green", "green")])
def test_aid_buoy_letters_reflector_and_shape(kind: str, color: str) -> None:
    art = build(sample_design(kind))
    data = render_bytes(art, ".svg")
    drawing = read_svg(data)
    body = layer(drawing, color)
    x0, y0, x1, _ = body.bounds
    letters = layer(drawing, "white")
    assert letters.bounds[3] - letters.bounds[1] >= 3.0 - 0.005  # (2)(a)6
    top_width = body.intersection(affinity.translate(
        Polygon([(x0, y0), (x1, y0), (x1, y0 + 0.05), (x0, y0 + 0.05)]), 0, 0)).bounds
    narrow = (top_width[2] - top_width[0]) < 0.8 * (x1 - x0)
    assert narrow == (kind == "buoy-aid-red")  # red nun, green can, (2)(a)7
    (reflector,) = re.findall(rb'<path[^>]*id="reflector"[^>]*/>', data)
    assert b'fill="none"' in reflector
    marked = art.features["reflector"]
    assert marked.bounds[3] - marked.bounds[1] == pytest.approx(2.0)  # (6)(f)
    assert marked.bounds[1] == pytest.approx(y0)
    assert body.contains(marked.buffer(-1e-3))  # a reflector of the buoy's color, (2)(a)8


def test_lighted_aid_needs_no_reflector(tmp_path) -> None:
    art = build(Design("buoy-aid-green", ws_id="WS-3", lighted=True))
    assert "reflector" not in art.features
    assert serious(checked(tmp_path, art)) == []


def test_center_buoy_is_striped_black_and_white() -> None:
    drawing = read_svg(svg_of(sample_design("buoy-aid-center")))
    black = layer(drawing, "black")
    tall = [p for p in parts(black) if p.bounds[3] - p.bounds[1] > 20]
    assert len(tall) >= 1 and layer(drawing, "white").area > 0


# --- mooring and race buoys, (7) -----------------------------------------------------------

def test_mooring_buoy_rides_18_in_with_a_blue_band_above_the_water() -> None:
    data = svg_of(Design("buoy-mooring"))
    drawing = read_svg(data)
    line = waterline(data)
    body = body_of(drawing)
    assert line - body.bounds[1] == pytest.approx(18.0, abs=1e-3)  # (7)(a)
    blue = layer(drawing, "blue")
    assert blue.bounds[3] < line - 1.0  # clearly visible above the waterline
    assert blue.bounds[2] - blue.bounds[0] == pytest.approx(body.bounds[2] - body.bounds[0],
                                                            abs=0.01)  # all around
    pts = get_coordinates(body.exterior)
    pts = pts[pts[:, 1] < line - 0.1]
    cx, cy = (body.bounds[0] + body.bounds[2]) / 2, line - 18 + 12
    assert np.hypot(pts[:, 0] - cx, pts[:, 1] - cy) == pytest.approx(12.0, abs=0.01)  # sphere


@pytest.mark.parametrize("shape", ["sphere", "cylinder"])
def test_race_buoy_size_and_color(shape: str) -> None:
    data = svg_of(Design("buoy-race", shape=shape, color="orange", diameter=14))
    drawing = read_svg(data)
    (body,) = drawing.layers.values()
    assert body.fill == "#FF4F00"
    x0, y0, x1, _ = body.geometry.bounds
    assert x1 - x0 == pytest.approx(14.0, abs=1e-3)  # (7)(b)2 at most 14 in
    assert waterline(data) - y0 >= 4.0  # (7)(b)1


# --- refused when building ------------------------------------------------------------

@pytest.mark.parametrize("design,cites", [
    (Design("buoy-symbol", symbol="danger", height_above_water=30), "NR 5.09(6)(a)"),
    (Design("buoy-symbol", symbol="danger", diameter=6.5), "NR 5.09(6)(a)"),
    (Design("buoy-aid-red", ws_id="WS-2", height_above_water=35.9), "NR 5.09(6)(a)"),
    (Design("buoy-sign", symbol="control", legend="5 MPH", diameter=6), "NR 5.09(6)(a)"),
    (Design("buoy-symbol", symbol="danger", display_height=11), "NR 5.09(6)(a)"),
    (Design("buoy-race", diameter=16), "NR 5.09(7)(b)"),
    (Design("buoy-race", diameter=8.5), "NR 5.09(7)(b)"),
    (Design("buoy-race", height_above_water=3, shape="cylinder"), "NR 5.09(7)(b)"),
    (Design("buoy-race", material="wood"), "NR 5.09(7)(b)"),
    (Design("buoy-race", color="white"), "NR 5.09(7)(b)"),
    (Design("buoy-race", shape="cube"), "NR 5.09(7)(b)"),
    (Design("buoy-mooring", height_above_water=12), "NR 5.09(7)(a)"),
    (Design("buoy-mooring", shape="cube"), "NR 5.09(7)(a)"),
    (Design("buoy-aid-red", ws_id="WS-3"), "NR 5.09(2)(a)5"),
])
def test_what_no_correct_buoy_can_be_is_refused(design: Design, cites: str) -> None:
    with pytest.raises(WsmarkError) as caught:
        build(design)
    assert cites in str(caught.value) and "\n" not in str(caught.value)


def test_symbol_that_cannot_go_twice_around_is_refused_with_the_numbers() -> None:
    # a 12 in control circle twice around needs 24 in of circumference: a 7 in buoy has 22
    with pytest.raises(WsmarkError) as caught:
        build(Design("buoy-symbol", symbol="control", legend="5 MPH", diameter=7))
    message = str(caught.value)
    assert "12.00 in" in message and "11.00 in" in message and "8.49 in" in message


def test_defaults_are_the_minimums_or_what_the_face_needs() -> None:
    art = build(Design("buoy-symbol", symbol="danger"))
    assert (art.meta["height_above_water"], art.meta["diameter"]) == (36.0, 7.0)
    art = build(Design("buoy-symbol", symbol="control", legend="5 MPH"))
    assert art.meta["diameter"] == 8.5  # the least that holds the 12 in circle twice
    art = build(Design("buoy-symbol", symbol="danger", display_height=30))
    assert art.meta["height_above_water"] == 36.0 and art.meta["display_height"] == 30


# --- checking: round trip and acceptance ---------------------------------------------------

@pytest.mark.parametrize("kind", BUOY_KINDS)
def test_every_buoy_kind_round_trips_clean(tmp_path, kind: str) -> None:
    report = checked(tmp_path, build(sample_design(kind, 12.0)))
    assert report.verdict == "pass" and not serious(report), serious(report)
    assert {f.rule for f in report.findings} <= NOTES
    assert report.kind == REPORTED.get(kind, kind)


@pytest.mark.parametrize("design", [
    Design("buoy-symbol", symbol="exclusion", diameter=16, display_height=18),
    Design("buoy-symbol", symbol="information", legend="MARINA", diameter=12),
    Design("buoy-symbol", symbol="danger", legend="ROCKS", display_height=24),
    Design("buoy-aid-red", ws_id="WS-12", diameter=12, height_above_water=48),
    Design("buoy-mooring", shape="ovate"),
    Design("buoy-race", shape="cylinder", color="green", material="rubber"),
])
def test_more_buoys_round_trip_clean(tmp_path, design: Design) -> None:
    report = checked(tmp_path, build(design))
    assert report.verdict == "pass" and not serious(report), serious(report)


def test_acceptance_minimum_symbol_buoy_checks_clean(tmp_path) -> None:
    art = build(Design("buoy-symbol", symbol="danger", height_above_water=36, diameter=7))
    report = checked(tmp_path, art)
    assert report.verdict == "pass" and report.findings == []
    assert report.kind == "buoy-symbol" and report.display_height_in == 12.0


def test_acceptance_bottom_band_removed_fails_buoy_symbol_bands(tmp_path) -> None:
    art = build(Design("buoy-symbol", symbol="danger", height_above_water=36, diameter=7))
    orange = next(lay for lay in art.layers if lay.color == "orange")
    kept = tuple(s for s in orange.shapes if s.geometry.bounds[3] < art.meta[
        "height_above_water"] - 1e-9)
    assert len(kept) == len(orange.shapes) - 1
    broken = replace(art, layers=tuple(replace(lay, shapes=kept) if lay is orange else lay
                                       for lay in art.layers))
    report = checked(tmp_path, broken)
    errors = [f for f in report.findings if f.severity == "error"]
    assert report.verdict == "fail" and {f.rule for f in errors} == {"buoy-symbol-bands"}
    assert errors[0].measured == "orange, white" and errors[0].citation == "NR 5.09(5)(b)"


def test_acceptance_buoy_riding_30_in_fails_buoy_height(tmp_path) -> None:
    data = svg_of(Design("buoy-symbol", symbol="danger", height_above_water=36, diameter=7))
    lower = re.sub(rb'(<line[^>]*?)y1="36"([^>]*?)y2="36"', rb'\1y1="30"\2y2="30"', data)
    assert lower != data
    path = tmp_path / "low.svg"
    path.write_bytes(lower)
    report, _ = check_file(path, CheckOptions())
    errors = [f for f in report.findings if f.severity == "error"]
    assert {f.rule for f in errors} == {"buoy-height"}
    assert errors[0].measured == pytest.approx(30.0, abs=1e-3)
    assert errors[0].required == ">= 36" and errors[0].citation == "NR 5.09(6)(a)"


def scaled(art, k: float):
    """The artwork enlarged ``k`` times (what no builder would make)."""
    grow = lambda g: affinity.scale(g, k, k, origin=(0, 0))  # noqa: E731
    layers = tuple(replace(lay, shapes=tuple(Shape(grow(s.geometry)) for s in lay.shapes))
                   for lay in art.layers)
    return replace(art, width=art.width * k, height=art.height * k, layers=layers,
                   features={name: grow(g) for name, g in art.features.items()})


def test_acceptance_16_in_race_buoy_fails_race_buoy(tmp_path) -> None:
    art = scaled(build(Design("buoy-race", diameter=14)), 16 / 14)
    report = checked(tmp_path, art)
    errors = [f for f in report.findings if f.severity == "error"]
    assert {f.rule for f in errors} == {"race-buoy"}
    assert errors[0].measured == pytest.approx(16.0, abs=0.01)
    assert errors[0].required == "8.75 to 14"


def test_declared_material_is_judged(tmp_path) -> None:
    data = svg_of(Design("buoy-race"))
    path = tmp_path / "wood.svg"
    path.write_bytes(data.replace(b'"material": "foam"', b'"material": "wood"'))
    report, _ = check_file(path, CheckOptions())
    assert [(f.rule, f.measured) for f in report.findings] == [("race-buoy", "wood")]
    path.write_bytes(re.sub(rb', "material": "foam"', b"", data))
    report, _ = check_file(path, CheckOptions())
    assert [(f.rule, f.severity) for f in report.findings] == [("race-buoy", "info")]


def test_reflector_of_the_wrong_color_fails(tmp_path) -> None:
    art = build(sample_design("buoy-aid-red"))
    marked = art.features["reflector"]
    white = replace(next(lay for lay in art.layers if lay.color == "white"), shapes=(
        Shape(marked),))
    report = checked(tmp_path, replace(art, layers=art.layers + (white,)))
    assert [f.rule for f in report.findings if f.severity == "error"] == \
        ["aid-reflector-color"]


def test_a_sign_buoy_without_its_sign_fails(tmp_path) -> None:
    art = build(Design("buoy-sign", symbol="control", legend="5 MPH"))
    top = art.features["waterline"].bounds[1] - 36
    layers = tuple(replace(lay, shapes=kept) for lay in art.layers if (kept := tuple(
        s for s in lay.shapes if s.geometry.bounds[1] >= top - 1e-9)))
    report = checked(tmp_path, replace(art, layers=layers, features={
        "waterline": art.features["waterline"]}))
    assert [f.rule for f in report.findings if f.severity == "error"] == ["reg-shape"]


def test_design_file_of_a_buoy_checks_clean(tmp_path) -> None:
    path = tmp_path / "buoy.yaml"
    path.write_text("kind: buoy-symbol\nsymbol: control\nlegend: SLOW NO WAKE\n"
                    "height-above-water: 40\ndiameter: 12\n")
    design = load_design(path)
    assert (design.symbol, design.height_above_water, design.diameter) == \
        ("control", 40.0, 12.0)
    report, _ = check_file(path, CheckOptions())
    assert report.verdict == "pass" and report.findings == []


def test_vendor_elevation_without_declarations_is_read_both_ways(tmp_path) -> None:
    """No design record: the kind is detected, the symbol measured as seen and developed,
    the nearer to 2/3 H kept; the one side shown is noted."""
    for diameter, curvature in ((7, "surface"), (12, "seen")):
        data = svg_of(Design("buoy-symbol", symbol="danger", diameter=diameter))
        path = tmp_path / f"vendor-{diameter}.svg"
        path.write_bytes(re.sub(rb"<desc>.*?</desc>", b"", data, flags=re.S))
        report, art = check_file(path, CheckOptions())
        assert report.kind == "buoy-symbol" and not serious(report), serious(report)
        assert [f.rule for f in report.findings] == ["buoy-two-sides"]
        from wi import measure
        facts = measure(art)
        assert (facts.curvature, facts.curvature_basis) == (curvature, "inferred")


# --- command line ----------------------------------------------------------------------------

def test_render_the_issue_example(runner, tmp_path) -> None:
    out = tmp_path / "b.svg"
    result = runner.invoke(cli_module.cli, [
        "render", "buoy-symbol", "--symbol", "control", "--legend", "SLOW NO WAKE",
        "--height-above-water", "40", "--diameter", "12", "-o", str(out)])
    assert result.exit_code == 0, result.output
    result = runner.invoke(cli_module.cli, ["check", "-j", "1", str(out)])
    assert result.exit_code == 0 and "PASS (buoy-symbol" in result.stdout


@pytest.mark.parametrize("args,cites", [
    (["render", "buoy-symbol", "--symbol", "danger", "--height-above-water", "30"], "(6)(a)"),
    (["render", "buoy-race", "--diameter", "16"], "(7)(b)"),
    (["render", "buoy-symbol"], "--symbol"),
    (["render", "danger", "-H", "12", "--diameter", "12"], "--diameter"),
])
def test_buoy_mistakes_are_one_line_exit_2(runner, tmp_path, args, cites) -> None:
    result = runner.invoke(cli_module.cli, [*args, "-o", str(tmp_path / "x.svg")])
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and cites in lines[0], result.stderr
    assert list(tmp_path.iterdir()) == []
