"""Properties of built symbols over many display heights H and outline widths t.

Expected values are plain arithmetic from NR 5.09(6)(b)-(d) (2H/3, 35 deg, t), never
the library's own geometry helpers; measurements use shapely on the built features.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely import get_coordinates
from shapely.geometry import Point

from markers.core.design import Design
from markers.errors import WsmarkError
from wi import KINDS, build

PROPS = settings(max_examples=30, deadline=None)
heights = st.floats(min_value=12.0, max_value=120.0, allow_nan=False)
fractions = st.floats(min_value=0.0, max_value=1.0)
COS35 = math.cos(math.radians(35))


def outline_for(h: float, frac: float, limit: float) -> float:
    """An outline in [2, 4] in, capped at ``limit`` (what the symbol leaves room for)."""
    return 2.0 + frac * (min(4.0, limit) - 2.0)


def orange(art):
    (layer,) = [layer for layer in art.layers if layer.color == "orange"]
    return layer.geometry


def vertices(polygon) -> list[tuple[float, float]]:
    """Corners of a polygon's exterior, collinear points dropped."""
    return [tuple(p) for p in get_coordinates(polygon.simplify(0).exterior)[:-1]]


def centre(geometry) -> tuple[float, float]:
    x0, y0, x1, y1 = geometry.bounds
    return (x0 + x1) / 2, (y0 + y1) / 2


def width_height(geometry) -> tuple[float, float]:
    x0, y0, x1, y1 = geometry.bounds
    return x1 - x0, y1 - y0


def thinnest(outer, inner) -> float:
    """Thinnest band between nested boundaries: the least distance between the rings
    (shapely: every vertex of each ring to the segments of the other)."""
    return outer.exterior.distance(inner.exterior)


def assert_centred(art) -> None:
    sx, sy = centre(art.features["symbol"])
    dx, dy = centre(art.features["display-area"])
    assert sx == pytest.approx(dx, abs=1e-6)
    assert sy == pytest.approx(dy, abs=1e-6)


@pytest.mark.parametrize("kind", ["danger", "exclusion"])
@PROPS
@given(h=heights, frac=fractions)
def test_diamond_width_slope_outline(kind: str, h: float, frac: float) -> None:
    t = outline_for(h, frac, 0.25 * h)
    art = build(Design(kind, h, outline=t))
    outer, inner = art.features["symbol"], art.features["symbol-interior"]
    # (6)(c): outside width = 2H/3
    assert width_height(outer)[0] == pytest.approx(2 * h / 3, abs=1e-6)
    # (6)(d): each side 35 deg from the vertical, outside and inside
    for poly in (outer, inner):
        corners = vertices(poly)
        assert len(corners) == 4
        for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1]):
            angle = math.degrees(math.atan2(abs(x1 - x0), abs(y1 - y0)))
            assert angle == pytest.approx(35.0, abs=1e-6)
    # (6)(b): thinnest perpendicular thickness = t (vertex-to-edge both ways)
    assert thinnest(outer, inner) == pytest.approx(t, abs=1e-6)
    # at the corners the band is wider than t: the outline is not uniformly thick there
    assert min(inner.exterior.distance(Point(p)) for p in vertices(outer)) > t
    # the orange layer paints exactly the band (plus the cross for exclusion)
    band = outer.difference(inner)
    if kind == "exclusion":
        band = band.union(art.features["cross"])
    assert orange(art).symmetric_difference(band).area < 1e-9
    assert_centred(art)


@PROPS
@given(h=heights, frac=fractions)
def test_exclusion_cross_inside_interior(h: float, frac: float) -> None:
    t = outline_for(h, frac, 0.25 * h)
    art = build(Design("exclusion", h, outline=t))
    cross, inner = art.features["cross"], art.features["symbol-interior"]
    assert not cross.is_empty
    assert inner.buffer(1e-9).contains(cross)
    assert centre(cross) == pytest.approx(centre(art.features["symbol"]), abs=1e-6)
    # through the centre the bars span the whole white center (plain (6)(b)-(d) math)
    a_in = h / 3 - t / COS35
    b_in = a_in / math.tan(math.radians(35))
    assert width_height(cross) == pytest.approx((2 * a_in, 2 * b_in), abs=1e-6)
    # four white quarters remain; the gaps between them are the bar widths (eroded by
    # 1e-6 in to drop the zero-width slivers floating point leaves along shared edges)
    white = inner.difference(cross).buffer(-1e-6)
    quarters = [q for q in getattr(white, "geoms", [white]) if q.area > 1e-3]
    assert len(quarters) == 4
    left_top, left_bottom, right_top, right_bottom = sorted(
        quarters, key=lambda q: (centre(q)[0] > centre(cross)[0], centre(q)[1]))
    vertical_bar = left_top.distance(right_top)
    horizontal_bar = left_top.distance(left_bottom)
    assert vertical_bar == pytest.approx(horizontal_bar, abs=1e-5)
    assert right_bottom.distance(left_bottom) == pytest.approx(vertical_bar, abs=1e-5)
    assert 0.1 < vertical_bar <= t + 1e-5
    if h >= 36:  # a roomy white center: the bars are as thick as the outline
        assert vertical_bar == pytest.approx(t, abs=1e-5)


@PROPS
@given(h=heights, frac=fractions)
def test_circle_diameters(h: float, frac: float) -> None:
    t = outline_for(h, frac, h / 6)  # outer diameter 2H/3 + 2t must fit in H
    art = build(Design("control", h, outline=t, legend="5 MPH"))
    outer, inner = art.features["symbol"], art.features["symbol-interior"]
    for size in width_height(inner):
        assert size == pytest.approx(2 * h / 3, abs=1e-3)
    for size in width_height(outer):
        assert size == pytest.approx(2 * h / 3 + 2 * t, abs=1e-3)
    assert thinnest(outer, inner) == pytest.approx(t, abs=1e-3)
    assert orange(art).symmetric_difference(outer.difference(inner)).area < 1e-6
    assert_centred(art)


@PROPS
@given(h=heights, frac=fractions)
def test_circle_too_thick_for_display_area_is_refused(h: float, frac: float) -> None:
    t = h / 6 + 0.01 + frac  # 2H/3 + 2t > H
    with pytest.raises(WsmarkError):
        build(Design("control", h, outline=t, legend="5 MPH"))


@PROPS
@given(h=heights, frac=fractions)
def test_information_square_mean_width(h: float, frac: float) -> None:
    t = outline_for(h, frac, h / 3)
    art = build(Design("information", h, outline=t, legend="I"))
    (ow, oh), (iw, ih) = (width_height(art.features[n]) for n in ("symbol", "symbol-interior"))
    assert (ow + iw) / 2 == pytest.approx(2 * h / 3, abs=1e-6)
    assert (oh + ih) / 2 == pytest.approx(2 * h / 3, abs=1e-6)
    assert ow == pytest.approx(oh, abs=1e-6)  # a square for a short message
    assert ow - iw == pytest.approx(2 * t, abs=1e-6)
    assert thinnest(art.features["symbol"], art.features["symbol-interior"]) == \
        pytest.approx(t, abs=1e-6)
    assert_centred(art)


@settings(max_examples=15, deadline=None)
@given(h=heights, frac=fractions)
def test_information_rectangle_mean_height(h: float, frac: float) -> None:
    t = outline_for(h, frac, h / 3)
    art = build(Design("information", h, outline=t, legend="PUMP OUT STATION"))
    (ow, oh), (iw, ih) = (width_height(art.features[n]) for n in ("symbol", "symbol-interior"))
    assert ow > oh  # widened for the message
    assert (oh + ih) / 2 == pytest.approx(2 * h / 3, abs=1e-6)
    assert thinnest(art.features["symbol"], art.features["symbol-interior"]) == \
        pytest.approx(t, abs=1e-6)
    # the message is inside the white center
    (black,) = [layer for layer in art.layers if layer.color == "black"]
    assert art.features["symbol-interior"].contains(black.geometry)
    assert_centred(art)


@pytest.mark.parametrize("kind", list(KINDS))
@settings(max_examples=25, deadline=None)
@given(h=st.floats(min_value=0.0, max_value=11.999, allow_nan=False))
def test_display_height_below_one_foot_is_refused(kind: str, h: float) -> None:
    with pytest.raises(WsmarkError, match=r"\(6\)\(a\)"):
        build(Design(kind, h, legend=None, ws_id=KINDS[kind].sample_id))


@PROPS
@given(h=heights, frac=fractions)
def test_diamond_outline_leaving_no_white_center_is_refused(h: float, frac: float) -> None:
    # the inner half-width h/3 - t/cos35 reaches 0 at t = (h/3) cos 35
    t = h / 3 * COS35 * (1 + 1e-6) + frac
    for kind in ("danger", "exclusion"):
        with pytest.raises(WsmarkError):
            build(Design(kind, h, outline=t))
