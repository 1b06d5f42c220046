"""Flags of ss. 30.70 and 30.675, Wis. Stats.: built, rendered, measured back from the file
with the independent reader, and checked."""

from __future__ import annotations

import math
import re
from dataclasses import replace

import numpy as np
import pytest
from shapely import affinity, get_coordinates
from shapely.geometry import LineString, box

import cli as cli_module
from markers.core.artwork import Shape
from markers.check.pipeline import CheckOptions
from wi import check_file
from markers.core.design import Design
from markers.errors import WsmarkError
from wi import build
from markers.products.files import render_file
from render.output import render_bytes
from svg_measure import read_svg


def stripe_width(stripe) -> tuple[float, float]:
    """Width across the stripe (between its two long, parallel edges) and their angle
    from the horizontal, measured from the polygon's own edges."""
    pts = get_coordinates(stripe.exterior)[:-1]
    edges = sorted(zip(pts, np.roll(pts, -1, axis=0)),
                   key=lambda e: -np.hypot(*(e[1] - e[0])))[:2]
    (a, b), (c, _) = edges
    direction = (b - a) / np.hypot(*(b - a))
    normal = np.array([-direction[1], direction[0]])
    angle = math.degrees(math.atan2(abs(direction[1]), abs(direction[0])))
    return abs(float(np.dot(c - a, normal))), angle


@pytest.mark.parametrize("h,length", [(12.0, 15.0), (18.0, 24.0), (24.0, 36.0)])
def test_diver_flag_stripe_is_3_in_measured_across(h: float, length: float) -> None:
    data = render_bytes(build(Design("diver-flag", flag_height=h, flag_length=length)), ".svg")
    drawing = read_svg(data)
    red, white = drawing.layers["layer-red"], drawing.layers["layer-white"]
    assert red.geometry.bounds == pytest.approx((0, 0, length, h), abs=1e-4)
    width, angle = stripe_width(white.geometry)
    assert width == pytest.approx(3.00, abs=1e-3)  # s. 30.70: 3 inches wide
    assert angle == pytest.approx(math.degrees(math.atan2(h, length)), abs=0.01)
    for corner in ((0, 0), (length, h)):  # upper hoist corner to lower fly corner
        assert white.geometry.distance(box(*corner, *corner)) < 1e-6


def test_minimum_diver_flag_is_12_by_15() -> None:
    art = build(Design("diver-flag"))
    assert (art.width, art.height) == (15.0, 12.0)


def test_distress_flag_is_orange_18_by_30() -> None:
    drawing = read_svg(render_bytes(build(Design("distress-flag")), ".svg"))
    (layer,) = drawing.layers.values()
    assert layer.fill == "#FF4F00"
    assert layer.geometry.bounds == pytest.approx((0, 0, 30, 18), abs=1e-4)


@pytest.mark.parametrize("design,cites", [
    (Design("diver-flag", flag_height=10), "s. 30.70"),
    (Design("diver-flag", flag_length=14), "s. 30.70"),
    (Design("distress-flag", flag_height=12, flag_length=20), "s. 30.675"),
])
def test_flags_below_the_statute_are_refused(design: Design, cites: str) -> None:
    with pytest.raises(WsmarkError, match=re.escape(cites)):
        build(design)


# --- checking ------------------------------------------------------------------------------

@pytest.mark.parametrize("design", [Design("diver-flag"), Design("diver-flag", flag_height=20,
                                                                  flag_length=30),
                                    Design("distress-flag"),
                                    Design("distress-flag", flag_height=19, flag_length=28)])
def test_flags_round_trip_clean(tmp_path, design: Design) -> None:
    path = tmp_path / "flag.svg"
    render_file(build(design), path)
    report, _ = check_file(path, CheckOptions())
    assert report.verdict == "pass" and report.findings == [], report.findings
    assert report.kind == design.kind


def test_undeclared_flags_are_recognised(tmp_path) -> None:
    for design in (Design("diver-flag"), Design("distress-flag")):
        data = render_bytes(build(design), ".svg")
        path = tmp_path / "plain.svg"
        path.write_bytes(re.sub(rb"<desc>.*?</desc>", b"", data, flags=re.S))
        report, _ = check_file(path, CheckOptions())
        assert report.kind == design.kind and report.findings == []


def _with_stripe(art, width: float):
    h, length = art.height, art.width
    stripe = LineString([(-length, -h), (2 * length, 2 * h)]).buffer(
        width / 2, cap_style="flat").intersection(box(0, 0, length, h))
    return replace(art, layers=tuple(
        replace(lay, shapes=(Shape(stripe),)) if lay.color == "white" else lay
        for lay in art.layers))


def test_a_2_in_stripe_fails_diver_flag(tmp_path) -> None:
    path = tmp_path / "thin.svg"
    render_file(_with_stripe(build(Design("diver-flag")), 2.0), path)
    report, _ = check_file(path, CheckOptions())
    (finding,) = report.findings
    assert (finding.rule, finding.severity, finding.citation) == \
        ("diver-flag", "error", "s. 30.70, Wis. Stats.")
    assert finding.measured == pytest.approx(2.0, abs=1e-3) and finding.required == "= 3"


def test_a_small_diver_flag_fails(tmp_path) -> None:
    art = build(Design("diver-flag"))
    small = replace(art, width=12.5, height=10.0, layers=tuple(
        replace(lay, shapes=tuple(Shape(affinity.scale(s.geometry, 12.5 / 15, 10 / 12,
                                                       origin=(0, 0))) for s in lay.shapes))
        for lay in art.layers))
    path = tmp_path / "small.svg"
    render_file(_with_stripe(small, 3.0), path)
    report, _ = check_file(path, CheckOptions())
    assert sorted(f.measured for f in report.findings if f.rule == "diver-flag") == \
        pytest.approx([10.0, 12.5])


def test_a_small_distress_flag_is_a_warning_and_a_red_one_an_error(tmp_path) -> None:
    art = build(Design("distress-flag"))
    path = tmp_path / "small.svg"
    render_file(replace(art, width=26, height=16, layers=tuple(
        replace(lay, shapes=(Shape(box(0, 0, 26, 16)),)) for lay in art.layers)), path)
    report, _ = check_file(path, CheckOptions())
    assert report.verdict == "pass"  # 11 % and 13 % off: within "approximately"'s 2nd band
    assert {(f.rule, f.severity) for f in report.findings} == {("distress-flag", "warning")}
    red = tmp_path / "red.svg"
    red.write_bytes(path.read_bytes().replace(b"#FF4F00", b"#C8102E"))
    report, _ = check_file(red, CheckOptions())
    assert report.verdict == "fail"
    assert ("distress-flag", "error") in {(f.rule, f.severity) for f in report.findings}


def test_render_flags_on_the_command_line(runner, tmp_path) -> None:
    out = tmp_path / "d.svg"
    result = runner.invoke(cli_module.cli, ["render", "diver-flag", "--flag-height", "18",
                                            "--flag-length", "24", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "24.00 x 18.00 in" in result.stderr  # "wrote PATH ..." goes to stderr
    result = runner.invoke(cli_module.cli, ["render", "diver-flag", "--flag-height", "10",
                                            "-o", str(tmp_path / "x.svg")])
    assert result.exit_code == 2 and "s. 30.70" in result.stderr
