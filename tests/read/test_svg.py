"""The SVG reader measured: vendor-style drawings in, facts in inches out (shapely).

Every test states a physical fact about a small drawing (a stroke 2 in thick, a hole of a
circle's area ...) so a reader that gets units, transforms, paint or fill rules wrong fails.
"""

from __future__ import annotations

import gzip
import math
from pathlib import Path

import pytest
from shapely.geometry import LinearRing, LineString, Polygon

import markers.read.svg.walk as svg_module
from markers.core.artwork import Artwork
from markers.errors import WsmarkError
from markers.read.limits import Budget
from markers.read.svg.walk import read_svg, read_svg_bytes

DRAWINGS = Path(__file__).parents[1] / "drawings" / "read"
NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'


def doc(body: str, size: str = 'width="10in" height="10in" viewBox="0 0 10 10"') -> str:
    """A drawing whose user unit is one inch unless ``size`` says otherwise."""
    return f'<svg {NS} {size}>{body}</svg>'


def read(text: str, name: str = "vendor.svg", **options: float) -> Artwork:
    return read_svg_bytes(text.encode(), name, **options)


def only_geometry(art: Artwork, color: str) -> Polygon:
    assert art.colors() == [color], art.colors()
    return art.visible(color)


def assert_one_line_error(excinfo: pytest.ExceptionInfo, name: str, *words: str) -> None:
    message = str(excinfo.value)
    assert "\n" not in message and name in message, message
    for word in words:
        assert word in message, message


# ----------------------------------------------------------------------------- units


def test_two_inch_orange_stroke_ring_drawn_in_mm_measures_two_inches():
    # 1 user unit = 1 mm; the square's centre line is 6 in wide, the stroke 50.8 mm = 2 in
    art = read(doc('<rect x="50.8" y="50.8" width="152.4" height="152.4" fill="none" '
                   'style="stroke:#FF4F00;stroke-width:50.8"/>',
                   'width="254mm" height="254mm" viewBox="0 0 254 254"'))
    ring = only_geometry(art, "orange")
    assert len(ring.interiors) == 1
    outer, inner = Polygon(ring.exterior), LinearRing(ring.interiors[0])
    assert outer.bounds == pytest.approx((1, 1, 9, 9), abs=1e-9)  # outside width 8 in
    assert Polygon(inner).bounds == pytest.approx((3, 3, 7, 7), abs=1e-9)
    assert ring.exterior.distance(inner) == pytest.approx(2.0, abs=1e-9)
    assert ring.area == pytest.approx(64 - 16, abs=1e-9)
    assert (art.width, art.height) == pytest.approx((10, 10))
    assert art.meta["units"] == "mm" and art.meta["scale_basis"] == "physical"
    assert art.meta["user_unit_in"] == pytest.approx(1 / 25.4)


@pytest.mark.parametrize("size", [
    'width="4in" height="4in" viewBox="0 0 400 400"',
    'width="288pt" height="288pt" viewBox="0 0 400 400"',
    'width="24pc" height="24pc" viewBox="0 0 400 400"',
    'width="10.16cm" height="10.16cm" viewBox="0 0 400 400"',
    'width="101.6mm" height="101.6mm" viewBox="0 0 400 400"',
    'width="384px" height="384px" viewBox="0 0 400 400"',
    'width="384" height="384" viewBox="0 0 400 400"',
    'width="4in" height="4in" viewBox="-100 -50 400 400"',
])
def test_every_unit_and_viewbox_gives_the_same_inches(size):
    shift = (-100, -50) if "-100" in size else (0, 0)
    art = read(doc(f'<rect x="{100 + shift[0]}" y="{100 + shift[1]}" width="200" height="100" '
                   'fill="#000"/>', size))
    assert only_geometry(art, "black").bounds == pytest.approx((1, 1, 3, 2), abs=1e-9)
    assert (art.width, art.height) == pytest.approx((4, 4))


def test_px_user_units_and_element_units_without_viewbox():
    art = read(doc('<rect x="96" y="96" width="2in" height="25.4mm"/>', 'width="4in" height="4in"'))
    assert only_geometry(art, "black").bounds == pytest.approx((1, 1, 3, 2), abs=1e-9)


def test_viewbox_aspect_is_preserved_and_centred():
    # a 200 x 100 viewBox in a 4 x 4 in viewport: scale 0.02 in/unit, centred vertically
    art = read(doc('<rect width="200" height="100"/>',
                   'width="4in" height="4in" viewBox="0 0 200 100"'))
    assert only_geometry(art, "black").bounds == pytest.approx((0, 1, 4, 3), abs=1e-9)


# ----------------------------------------------------------------------------- structure


def test_group_transforms_translate_rotate_scale():
    art = read(doc('<g transform="translate(5 5)"><g transform="rotate(45)">'
                   '<g transform="scale(2)"><rect x="-0.5" y="-0.5" width="1" height="1"/>'
                   '</g></g></g>'))
    diamond = only_geometry(art, "black")
    half = math.sqrt(2)  # a 2 in square turned 45 degrees: half-diagonal sqrt(2)
    assert diamond.bounds == pytest.approx((5 - half, 5 - half, 5 + half, 5 + half), abs=1e-9)
    assert diamond.area == pytest.approx(4.0, abs=1e-9)


@pytest.mark.parametrize("transform, centre", [
    ("rotate(90 5 5)", (9, 1)),
    ("matrix(1 0 0 1 3 4)", (4, 5)),
    ("skewX(45)", (2, 1)),
    ("translate(2) scale(2, 3)", (4, 3)),
    ("translate(1,2) nonsense(3)", (1, 1)),  # an invalid list is ignored entirely
])
def test_transform_functions(transform, centre):
    art = read(doc(f'<rect width="2" height="2" transform="{transform}"/>'))
    point = art.visible("black").centroid
    assert (point.x, point.y) == pytest.approx(centre, abs=1e-9)


def test_use_of_symbol_with_viewbox_and_transform():
    art = read(doc('<defs><symbol id="s" viewBox="0 0 100 100"><rect width="100" height="100"/>'
                   '</symbol></defs>'
                   '<use xlink:href="#s" x="1" y="1" width="2" height="2" '
                   'transform="translate(1 0)"/>'))
    assert only_geometry(art, "black").bounds == pytest.approx((2, 1, 4, 3), abs=1e-9)


def test_use_of_shape_applies_x_y_and_style_inherits_from_use():
    art = read(doc('<defs><rect id="r" width="1" height="1"/></defs>'
                   '<use href="#r" x="3" y="4" fill="green"/>'))
    assert only_geometry(art, "green").bounds == pytest.approx((3, 4, 4, 5), abs=1e-9)


def test_symbol_outside_defs_is_not_drawn_directly():
    art = read(doc('<symbol id="s"><rect width="5" height="5" fill="red"/></symbol>'
                   '<rect x="6" y="6" width="1" height="1" fill="green"/>'))
    assert art.colors() == ["green"]


def test_nested_svg_viewport():
    art = read(doc('<svg x="2" y="2" width="4" height="4" viewBox="0 0 100 100">'
                   '<rect width="50" height="50" fill="blue"/></svg>'))
    assert only_geometry(art, "blue").bounds == pytest.approx((2, 2, 4, 4), abs=1e-9)


@pytest.mark.parametrize("overflow, bounds", [("", (2, 2, 4, 4)), ('overflow="visible"',
                                                                    (1, 1, 4, 4))])
def test_nested_viewport_clips_unless_overflow_is_visible(overflow, bounds):
    art = read(doc(f'<svg x="2" y="2" width="2" height="2" {overflow}>'
                   '<rect x="-1" y="-1" width="3" height="3" fill="blue"/></svg>'))
    assert only_geometry(art, "blue").bounds == pytest.approx(bounds, abs=1e-9)


# ----------------------------------------------------------------------------- color


def test_css_class_from_style_element_sets_the_fill():
    art = read(doc('<style>.st0{fill:#FF4F00;} .st1{fill:#FFFFFF}</style>'
                   '<rect class="st0" width="4" height="4" fill="blue"/>'))
    layer = art.layers[0]
    assert (layer.color, layer.hex) == ("orange", "#FF4F00")


def test_style_attribute_beats_class_and_presentation_attribute():
    art = read(doc('<style>rect.a{fill:red}</style>'
                   '<rect class="a" fill="blue" style="fill: #00A651" width="4" height="4"/>'))
    assert [(layer.color, layer.hex) for layer in art.layers] == [("green", "#00A651")]


def test_important_css_beats_style_attribute():
    art = read(doc('<style>#x{fill:#0000FF !important}</style>'
                   '<rect id="x" style="fill:red" width="4" height="4"/>'))
    assert art.colors() == ["blue"]


@pytest.mark.parametrize("paint", ["orangered", "rgb(255,79,0)", "#ff4f00",
                                   "rgb(100%, 31%, 0%)"])
def test_named_and_functional_colors_classify_as_orange(paint):
    art = read(doc(f'<rect width="4" height="4" fill="{paint}"/>'))
    assert art.colors() == ["orange"]


def test_css_orange_keyword_is_no_international_orange():
    """CSS `orange` is #FFA500, an amber (RULES.md: amber must not pass as orange)."""
    art = read(doc('<rect width="4" height="4" fill="orange"/>'))
    assert art.colors() == ["other"] and art.layers[0].hex == "#FFA500"


@pytest.mark.parametrize("paint", [
    "hsl(19, 100%, 50%)", "rgba(255,79,0,0.5)", "#FF4F0080", "rgb(255 79 0 / 50%)",
    "#FF4F00 icc-color(acmecmyk, 0, 0.7, 1, 0)",
])
def test_color_forms_with_alpha_or_hsl_classify(paint):
    assert read(doc(f'<rect width="4" height="4" fill="{paint}"/>')).colors() == ["orange"]


def test_invalid_paint_is_ignored_and_the_inherited_one_applies():
    art = read(doc('<g fill="#00A651"><rect width="4" height="4" fill="bogus"/>'
                   '<rect x="5" width="4" height="4" fill="rgba(0,0,0,0)"/></g>'))
    assert only_geometry(art, "green").area == pytest.approx(16)


def test_current_color_and_inherited_fill():
    art = read(doc('<g color="#FF4F00" fill="currentColor"><rect width="4" height="4"/></g>'))
    assert art.colors() == ["orange"]


def test_gradient_takes_its_first_stop_color():
    art = read(doc('<defs><linearGradient id="g0"><stop offset="0" stop-color="#FF4F00"/>'
                   '<stop offset="1" stop-color="#000"/></linearGradient>'
                   '<linearGradient id="g" xlink:href="#g0"/></defs>'
                   '<rect width="4" height="4" fill="url(#g)"/>'))
    assert [(layer.color, layer.hex) for layer in art.layers] == [("orange", "#FF4F00")]


def test_pattern_fill_is_skipped_and_reported():
    art = read(doc('<defs><pattern id="p" width="1" height="1"><rect width="1" height="1"/>'
                   '</pattern></defs><rect width="4" height="4" fill="url(#p)"/>'))
    assert art.layers == () and art.meta["ignored"] == {"pattern fill": 1}


def test_fill_and_stroke_are_both_painted_fill_first_unless_paint_order_says():
    body = ('<rect x="2" y="2" width="6" height="6" fill="white" stroke="#FF4F00" '
            'stroke-width="2"{}/>')
    assert read(doc(body.format(""))).colors() == ["white", "orange"]
    assert read(doc(body.format(' paint-order="stroke"'))).colors() == ["orange", "white"]


# ----------------------------------------------------------------------------- fill rules


SAME_DIRECTION = "M0 0 H10 V10 H0 Z M2 2 H8 V8 H2 Z"
OPPOSITE_DIRECTION = "M0 0 H10 V10 H0 Z M2 2 V8 H8 V2 Z"


def test_evenodd_ring_has_a_hole():
    ring = only_geometry(read(doc(f'<path fill-rule="evenodd" d="{SAME_DIRECTION}"/>')), "black")
    assert len(ring.interiors) == 1 and ring.area == pytest.approx(64)


def test_nonzero_with_same_direction_subpaths_has_no_hole():
    square = only_geometry(read(doc(f'<path d="{SAME_DIRECTION}"/>')), "black")
    assert len(square.interiors) == 0 and square.area == pytest.approx(100)


def test_nonzero_with_opposite_direction_subpaths_has_a_hole():
    ring = only_geometry(read(doc(f'<path d="{OPPOSITE_DIRECTION}"/>')), "black")
    assert len(ring.interiors) == 1 and ring.area == pytest.approx(64)


def test_self_crossing_star_follows_the_fill_rule():
    star = "M5 0 L8 10 L0 4 H10 L2 10 Z"  # a pentagram: the centre pentagon winds twice
    nonzero = read(doc(f'<path d="{star}"/>')).visible("black")
    evenodd = read(doc(f'<path d="{star}" fill-rule="evenodd"/>')).visible("black")
    assert len(nonzero.geoms if hasattr(nonzero, "geoms") else [nonzero]) == 1
    assert nonzero.area > evenodd.area > 0
    assert nonzero.difference(evenodd).area == pytest.approx(nonzero.area - evenodd.area)


def test_white_circle_over_orange_square_makes_a_hole_of_its_area():
    art = read(doc('<rect width="10" height="10" fill="#FF4F00"/>'
                   '<circle cx="5" cy="5" r="2" fill="#fff"/>'))
    orange = art.visible("orange")
    assert len(orange.interiors) == 1
    hole = 100 - orange.area
    assert hole == pytest.approx(math.pi * 4, rel=0.005)
    assert art.visible("white").area == pytest.approx(math.pi * 4, rel=0.005)


def test_curves_are_flattened_within_a_thousandth_of_an_inch():
    # a 24 in circle drawn as four arcs: every vertex on the circle, chords within 0.001 in
    art = read(doc('<path d="M24 12 A12 12 0 0 1 12 24 A12 12 0 0 1 0 12 A12 12 0 0 1 12 0 '
                   'A12 12 0 0 1 24 12 Z"/>', 'width="24in" height="24in" viewBox="0 0 24 24"'))
    disc = art.visible("black")
    coords = list(disc.exterior.coords)
    radii = [math.hypot(x - 12, y - 12) for x, y in coords]
    assert max(radii) == pytest.approx(12, abs=1e-9)
    sagitta = max(12 - math.sqrt(12 ** 2 - (math.dist(a, b) / 2) ** 2)
                  for a, b in zip(coords, coords[1:]))
    assert sagitta < 0.001


def test_cubic_bezier_is_flattened_finely():
    # the classic quarter-circle cubic (k = 0.5523) stays within 0.001 in of its true curve
    k = 0.5522847498 * 12
    art = read(doc(f'<path d="M12 0 C{12 + k} 0 24 {12 - k} 24 12 L12 12 Z"/>',
                   'width="24in" height="24in" viewBox="0 0 24 24"'))
    quarter = art.visible("black")
    assert quarter.area == pytest.approx(math.pi * 144 / 4, rel=1e-3)
    assert len(quarter.exterior.coords) > 20


@pytest.mark.parametrize("d, area", [
    ("M0 5a5 5 0 1010 0a5 5 0 10-10 0z", 25 * math.pi),  # compact arc flags, relative
    ("M0 0 A1 1 0 0 1 10 0 Z", 12.5 * math.pi),  # radii too small: scaled up to fit
    ("m1 1 h3 v2 h-3 z", 6.0),
    ("M1,1 4,1 4,3 1,3z", 6.0),  # implicit lineto after moveto
])
def test_path_data_commands(d, area):
    art = read(doc(f'<path d="{d}"/>', 'width="10in" height="10in" viewBox="0 0 10 10"'))
    assert art.visible("black").area == pytest.approx(area, rel=1e-4)


@pytest.mark.parametrize("short, long", [
    ("M0 0 C0 4 4 4 4 0 S8 -4 8 0 Z", "M0 0 C0 4 4 4 4 0 C4 -4 8 -4 8 0 Z"),
    ("M0 0 Q2 4 4 0 T8 0 Z", "M0 0 Q2 4 4 0 Q6 -4 8 0 Z"),
    ("M0 0 c0 4 4 4 4 0 s4 -4 4 0 z", "M0 0 C0 4 4 4 4 0 C4 -4 8 -4 8 0 Z"),
])
def test_smooth_curves_reflect_the_previous_control_point(short, long):
    size = 'width="10in" height="10in" viewBox="-1 -5 10 10"'
    a = read(doc(f'<path d="{short}" fill-rule="evenodd"/>', size)).visible("black")
    b = read(doc(f'<path d="{long}" fill-rule="evenodd"/>', size)).visible("black")
    assert a.area > 1 and a.symmetric_difference(b).area < 1e-9


def test_unreadable_path_data_is_drawn_up_to_the_error():
    art = read(doc('<path d="M0 0 H4 V4 H0 Z M5 5 L oops 7"/>'))
    assert art.visible("black").area == pytest.approx(16)
    assert art.meta["ignored"] == {"unreadable path data (drawn up to the error)": 1}


def test_rounded_rect_and_ellipse_areas():
    art = read(doc('<rect width="4" height="2" rx="0.5" fill="#000"/>'
                   '<ellipse cx="7" cy="7" rx="2" ry="1" fill="#fff"/>'))
    assert art.visible("black").area == pytest.approx(8 - (4 - math.pi) * 0.25, abs=1e-3)
    assert art.visible("white").area == pytest.approx(2 * math.pi, abs=2e-3)


def test_nested_rings_alternate_under_evenodd_and_merge_under_nonzero():
    # a ring with an island: three nested squares, all drawn the same way round
    d = "M0 0 H9 V9 H0 Z M2 2 H7 V7 H2 Z M4 4 H5 V5 H4 Z"
    evenodd = read(doc(f'<path d="{d}" fill-rule="evenodd"/>')).visible("black")
    nonzero = read(doc(f'<path d="{d}"/>')).visible("black")
    assert evenodd.area == pytest.approx(81 - 25 + 1)
    assert nonzero.area == pytest.approx(81) and nonzero.geom_type == "Polygon"


def test_outline_crossing_itself_too_often_is_refused():
    n, k = 201, 100  # the star polygon {201/100} crosses itself 201 * 99 times
    points = " ".join(f"{5 + 4 * math.cos(2 * math.pi * i * k / n):.6f},"
                      f"{5 + 4 * math.sin(2 * math.pi * i * k / n):.6f}" for i in range(n))
    with pytest.raises(WsmarkError) as excinfo:
        read(doc(f'<polygon points="{points}"/>'), "star.svg")
    assert_one_line_error(excinfo, "star.svg", "crosses itself")


# ----------------------------------------------------------------------------- strokes


@pytest.mark.parametrize("cap, extra", [("butt", 0.0), ("square", 4.0), ("round", math.pi)])
def test_line_caps(cap, extra):
    art = read(doc(f'<path d="M2 5 H8" stroke="#000" stroke-width="2" stroke-linecap="{cap}" '
                   'fill="none"/>'))
    assert art.visible("black").area == pytest.approx(12 + extra, rel=1e-3)


def test_line_joins():
    def corner(join: str) -> float:
        body = (f'<path d="M1 2 H8 V9" stroke="#000" stroke-width="2" fill="none" '
                f'stroke-linejoin="{join}"/>')
        return read(doc(body)).visible("black").area

    bevel = corner("bevel")
    assert corner("miter") - bevel == pytest.approx(0.5, abs=1e-9)
    assert corner("round") - bevel == pytest.approx(math.pi / 4 - 0.5, rel=1e-3)


def test_sharp_miter_reaches_its_tip_within_the_limit_and_is_bevelled_beyond():
    # a 2 in stroke doubling back at (8, 2) with 16 deg between its legs: miter ratio
    # 1 / sin(8 deg) = 7.19, so a limit of 8 keeps the tip and a limit of 7 bevels it
    half_angle = math.radians(8)  # half the angle between the two segments
    end = (8 - 6 * math.sin(2 * half_angle), 2 + 6 * math.cos(2 * half_angle))
    body = (f'<path d="M8 8 L8 2 L{end[0]} {end[1]}" stroke="#000" stroke-width="2" '
            'fill="none" stroke-linejoin="{}" stroke-miterlimit="{}"/>')
    pointed = read(doc(body.format("miter", 8))).visible("black")
    limited = read(doc(body.format("miter", 7))).visible("black")
    bevel = read(doc(body.format("bevel", 8))).visible("black")
    # the tip is 1 / sin(8 deg) from the vertex along the bisector, 8 deg off vertical
    assert pointed.bounds[1] == pytest.approx(2 - 1 / math.tan(half_angle), abs=1e-6)
    assert limited.area == pytest.approx(bevel.area, abs=1e-9)
    assert pointed.area > bevel.area + 1


def test_stroke_width_scales_with_the_transform_and_non_uniformly():
    art = read(doc('<g transform="scale(2 1)"><path d="M2.5 0 V10" stroke="#000" '
                   'stroke-width="1" fill="none"/></g>'))
    assert art.visible("black").bounds == pytest.approx((4, 0, 6, 10), abs=1e-9)


def test_stroke_width_in_units_after_the_viewbox_scale():
    art = read(doc('<rect x="25" y="25" width="50" height="50" fill="none" stroke="#000" '
                   'stroke-width="20"/>', 'width="10in" height="10in" viewBox="0 0 100 100"'))
    band = art.visible("black")
    assert band.exterior.distance(band.interiors[0]) == pytest.approx(2.0, abs=1e-9)


# ----------------------------------------------------------------------------- visibility


@pytest.mark.parametrize("hidden", [
    'style="display:none"', 'visibility="hidden"', 'opacity="0"', 'fill-opacity="0"',
    'style="fill:none"', 'style="fill:transparent"', 'style="fill:rgba(0,0,0,0)"',
    'style="opacity:0%"',
])
def test_invisible_elements_are_absent(hidden):
    art = read(doc(f'<rect width="4" height="4" fill="red" {hidden}/>'
                   '<rect x="5" width="4" height="4" fill="green"/>'))
    assert art.colors() == ["green"]


def test_hidden_group_hides_children_but_visibility_can_be_overridden():
    art = read(doc('<g display="none"><rect width="1" height="1" fill="red"/></g>'
                   '<g opacity="0"><rect width="1" height="1" fill="red"/></g>'
                   '<g visibility="hidden"><rect width="1" height="1" fill="red"/>'
                   '<rect x="2" width="1" height="1" fill="green" visibility="visible"/></g>'))
    assert art.colors() == ["green"]


def test_clip_path_limits_the_painted_area():
    art = read(doc('<defs><clipPath id="c"><circle cx="5" cy="5" r="2"/></clipPath></defs>'
                   '<g clip-path="url(#c)"><rect width="10" height="10" fill="#FF4F00"/></g>'))
    assert art.visible("orange").area == pytest.approx(math.pi * 4, rel=0.005)


# ----------------------------------------------------------------------------- text


def test_text_becomes_an_estimated_legend_not_paint():
    art = read(doc('<text x="5" y="6" font-size="2" text-anchor="middle">SLOW</text>'))
    assert art.layers == ()
    (item,) = art.legends
    assert (item.text, item.outlined, item.color) == ("SLOW", False, "black")
    assert item.cap_height == pytest.approx(1.4)
    assert item.box.bounds == pytest.approx((5 - 2.4, 6 - 1.4, 5 + 2.4, 6), abs=1e-9)


def test_text_cap_height_follows_transforms_units_and_fill():
    art = read(doc('<g transform="scale(2)"><text x="1" y="2" style="font-size:36pt" '
                   'fill="#fff">WS-2</text></g>', 'width="10in" height="10in"'))
    (item,) = art.legends
    assert item.cap_height == pytest.approx(2 * 0.7 * 0.5)  # 36 pt = 0.5 in, scaled twice
    assert item.color == "white"


def test_single_line_text_is_sized_by_its_tspan():
    art = read(doc('<text x="1" y="2" style="font-size:8px"><tspan style="font-size:2px">'
                   'NO WAKE</tspan></text>'))
    (item,) = art.legends
    assert item.text == "NO WAKE" and item.cap_height == pytest.approx(1.4)


def test_inkscape_multi_line_text_gives_one_legend_per_line():
    art = read(doc('<text x="1" y="2" style="font-size:1px">'
                   '<tspan x="1" y="2">NO</tspan><tspan x="1" y="4">WAKE</tspan></text>'))
    assert [(i.text, i.box.bounds[3]) for i in art.legends] == [("NO", 2), ("WAKE", 4)]


# ----------------------------------------------------------------------------- features


def test_display_area_is_a_feature_and_not_painted():
    art = read(doc('<rect id="display-area" x="1" y="1" width="8" height="8" fill="none" '
                   'stroke="#000"/><rect x="2" y="2" width="1" height="1" fill="#FF4F00"/>'))
    assert art.features["display-area"].bounds == pytest.approx((1, 1, 9, 9))
    assert art.colors() == ["orange"]


def test_feature_names_from_inkscape_label_and_illustrator_data_name():
    art = read(doc('<g xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
                   'inkscape:label="Panel"><rect x="1" y="1" width="8" height="3" fill="#fff"/>'
                   '</g><line data-name="waterline" x1="0" y1="9" x2="10" y2="9" stroke="#000"/>'
                   '<rect id="display_x5F_area" width="2" height="2"/>'))
    assert art.features["panel"].bounds == pytest.approx((1, 1, 9, 4))
    assert isinstance(art.features["waterline"], LineString)
    assert art.features["waterline"].bounds == pytest.approx((0, 9, 10, 9))
    assert art.features["display-area"].area == pytest.approx(4)
    assert art.colors() == ["white"]  # the group's own rect is artwork; the guides are not


def test_filled_feature_is_painted_too():
    art = read(doc('<rect id="panel" width="10" height="10" fill="#fff"/>'))
    assert art.colors() == ["white"] and art.features["panel"].area == pytest.approx(100)


# ----------------------------------------------------------------------------- size basis


NO_SIZE = doc('<rect id="display-area" x="0" y="10" width="100" height="50" fill="none"/>'
              '<rect x="20" y="20" width="10" height="10" fill="#000"/>', 'viewBox="0 0 100 80"')


def test_no_physical_size_is_read_at_a_nominal_size_unless_a_scale_is_given(tmp_path):
    """A viewBox alone states no size: read at a nominal one (basis unknown; its 100
    units are 1.04 in at SVG's px, smaller than any proof, so its larger side is made
    NOMINAL_SIDE_IN), never refused; --scale gives it its size."""
    from markers.read.svg.walk import NOMINAL_SIDE_IN

    path = tmp_path / "nosize.svg"
    path.write_text(NO_SIZE)
    nominal = read_svg(path)
    assert nominal.meta["scale_basis"] == "unknown"
    assert (nominal.width, nominal.height) == pytest.approx((NOMINAL_SIDE_IN,
                                                             NOMINAL_SIDE_IN * 0.8))
    art = read_svg(path, scale=0.5)
    assert (art.width, art.height) == pytest.approx((50, 40))
    assert art.visible("black").bounds == pytest.approx((10, 10, 15, 15))
    assert art.meta["scale_basis"] == "scale" and art.meta["user_unit_in"] == 0.5
    assert art.meta["source"] == str(path)


def test_scale_overrides_the_physical_size():
    art = read(doc('<rect width="1" height="1"/>'), scale=2.0)
    assert art.visible("black").bounds == pytest.approx((0, 0, 2, 2))


def test_display_height_uses_the_declared_display_area():
    art = read(NO_SIZE, display_height=12)
    assert art.meta["scale_basis"] == "display-height"
    assert art.meta["display_height_from"] == "display-area"
    assert art.features["display-area"].bounds[3] - art.features["display-area"].bounds[1] == \
        pytest.approx(12)
    assert art.visible("black").bounds[2] - art.visible("black").bounds[0] == pytest.approx(2.4)


def test_display_height_falls_back_to_the_drawing_height():
    art = read(doc('<rect width="10" height="10"/>', 'viewBox="0 0 100 80"'), display_height=8)
    assert art.meta["display_height_from"] == "drawing height"
    assert art.height == pytest.approx(8) and art.meta["user_unit_in"] == pytest.approx(0.1)


@pytest.mark.parametrize("option", [{"scale": 0}, {"scale": -1}, {"display_height": math.nan}])
def test_bad_options_are_one_line_errors(option):
    with pytest.raises(WsmarkError) as excinfo:
        read(doc(""), "opt.svg", **option)
    assert_one_line_error(excinfo, "opt.svg", "positive")


# ----------------------------------------------------------------------------- XML safety


ILLUSTRATOR = """<?xml version="1.0" encoding="utf-8"?>
<!-- Generator: Adobe Illustrator 24.0.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->
<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
	<!ENTITY ns_extend "http://ns.adobe.com/Extensibility/1.0/">
	<!ENTITY ns_ai "http://ns.adobe.com/AdobeIllustrator/10.0/">
	<!ENTITY ns_svg "http://www.w3.org/2000/svg">
	<!ENTITY ns_xlink "http://www.w3.org/1999/xlink">
]>
<svg version="1.1" xmlns:x="&ns_extend;" xmlns:i="&ns_ai;" xmlns="&ns_svg;" xmlns:xlink="&ns_xlink;"
	 x="0px" y="0px" width="720px" height="720px" viewBox="0 0 720 720" xml:space="preserve">
<rect x="72" y="72" width="576" height="576" fill="#FF4F00"/>
</svg>
"""


def test_illustrator_internal_entities_read():
    """Read through its entities, at Illustrator's 72 px per inch (its generator says)."""
    art = read(ILLUSTRATOR)
    assert art.visible("orange").bounds == pytest.approx((1.0, 1.0, 9.0, 9.0))


BILLION_LAUGHS = """<?xml version="1.0"?>
<!DOCTYPE svg [
<!ENTITY lol "lol">
<!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
]>
<svg xmlns="http://www.w3.org/2000/svg"><text>&lol2;</text></svg>
"""


def test_billion_laughs_is_refused():
    with pytest.raises(WsmarkError) as excinfo:
        read(BILLION_LAUGHS, "lol.svg")
    assert_one_line_error(excinfo, "lol.svg", "refers to other entities")


def test_quadratic_blowup_is_refused():
    text = ('<!DOCTYPE svg [<!ENTITY a "' + "x" * 1000 + '">]>'
            f'<svg {NS}><desc>' + "&a;" * 3000 + "</desc></svg>")
    with pytest.raises(WsmarkError) as excinfo:
        read(text, "quad.svg")
    assert_one_line_error(excinfo, "quad.svg", "expand")


@pytest.mark.parametrize("declaration, word", [
    ('<!ENTITY xxe SYSTEM "file:///etc/passwd">', "external"),
    ('<!ENTITY % pe "x">', "parameter"),
    ('<!ELEMENT svg ANY>', "elements"),
])
def test_dangerous_doctypes_are_refused(declaration, word):
    text = f'<!DOCTYPE svg [{declaration}]><svg {NS}><desc>&xxe;</desc></svg>'
    with pytest.raises(WsmarkError) as excinfo:
        read(text, "xxe.svg")
    assert_one_line_error(excinfo, "xxe.svg", word)


@pytest.mark.parametrize("text, word", [
    ("<svg", "not well-formed"),
    ("<html><body/></html>", "not an SVG"),
    ("", "not well-formed"),
    ("\x00\x01garbage", "not well-formed"),
])
def test_malformed_input_is_a_one_line_error(text, word):
    with pytest.raises(WsmarkError) as excinfo:
        read(text, "bad.svg")
    assert_one_line_error(excinfo, "bad.svg", word)


def test_svgz_reads(tmp_path):
    path = tmp_path / "marker.svgz"
    path.write_bytes(gzip.compress(doc('<rect width="2" height="2" fill="#FF4F00"/>').encode()))
    assert read_svg(path).visible("orange").area == pytest.approx(4)


def test_utf16_drawing_reads():
    text = '<?xml version="1.0" encoding="UTF-16"?>' + doc('<rect width="2" height="2"/>')
    assert read_svg_bytes(text.encode("utf-16"), "u16.svg").visible("black").area == \
        pytest.approx(4)


# ----------------------------------------------------------------------------- limits


def test_file_over_20_mb_is_refused_before_reading(tmp_path, monkeypatch):
    path = tmp_path / "huge.svg"
    with path.open("wb") as handle:
        handle.truncate(20 * 1024 * 1024 + 1)
    with pytest.raises(WsmarkError) as excinfo:
        read_svg(path)
    assert_one_line_error(excinfo, "huge.svg", "MB")


def test_gzip_bomb_is_refused(tmp_path):
    path = tmp_path / "bomb.svgz"
    path.write_bytes(gzip.compress(b"<svg>" + b" " * (21 * 1024 * 1024) + b"</svg>"))
    with pytest.raises(WsmarkError) as excinfo:
        read_svg(path)
    assert_one_line_error(excinfo, "bomb.svgz", "decompresses")


def test_element_count_limit(tmp_path):
    path = tmp_path / "many.svg"
    path.write_text(f"<svg {NS}>" + "<g/>" * 200_001 + "</svg>")
    with pytest.raises(WsmarkError) as excinfo:
        read_svg(path)
    assert_one_line_error(excinfo, "many.svg", "200,000 elements")


def test_nesting_limit():
    with pytest.raises(WsmarkError) as excinfo:
        read(f"<svg {NS}>" + "<g>" * 101 + "</g>" * 101 + "</svg>", "deep.svg")
    assert_one_line_error(excinfo, "deep.svg", "nested")


def use_chain(length: int) -> str:
    uses = "".join(f'<use id="u{i}" href="#u{i - 1}" x="0.01"/>' for i in range(1, length + 1))
    return doc(f'<defs><rect id="u0" width="1" height="1"/>{uses}</defs><use href="#u{length}"/>')


def test_use_chain_depth_limit():
    assert read(use_chain(15)).visible("black").area == pytest.approx(1)
    with pytest.raises(WsmarkError) as excinfo:
        read(use_chain(16), "chain.svg")
    assert_one_line_error(excinfo, "chain.svg", "deeper than 16")


def test_use_count_limit():
    uses = '<use href="#r"/>' * 10_001
    with pytest.raises(WsmarkError) as excinfo:
        read(doc(f'<defs><rect id="r" width="1" height="1"/></defs>{uses}'), "uses.svg")
    assert_one_line_error(excinfo, "uses.svg", "<use> elements")


def test_use_fan_out_that_expands_past_the_element_limit_is_refused():
    # 9 levels of 10 uses each: few elements in the file, a billion after expansion
    levels = ['<rect id="l0" width="1" height="1"/>']
    levels += [f'<g id="l{i}">' + f'<use href="#l{i - 1}"/>' * 10 + "</g>" for i in range(1, 10)]
    with pytest.raises(WsmarkError) as excinfo:
        read(doc("<defs>" + "".join(levels) + '</defs><use href="#l9"/>'), "fan.svg")
    assert_one_line_error(excinfo, "fan.svg", "after expanding <use>")


@pytest.mark.parametrize("body", [
    '<g id="a"><use href="#a"/></g>',
    '<use id="a" href="#b"/><use id="b" href="#a"/>',
])
def test_use_cycles_are_refused(body):
    with pytest.raises(WsmarkError) as excinfo:
        read(doc(body), "cycle.svg")
    assert_one_line_error(excinfo, "cycle.svg", "cycle")


@pytest.mark.parametrize("body", [
    '<rect width="1e300" height="1"/>',
    '<rect width="1" height="1" transform="scale(1e999)"/>',
    '<path d="M0 0 L1e12 0 L0 1 Z"/>',
    '<path d="M0 0 H1 V1 Z" stroke="#000" stroke-width="1e12"/>',
])
def test_absurd_coordinates_are_refused(body):
    with pytest.raises(WsmarkError) as excinfo:
        read(doc(body), "far.svg")
    assert_one_line_error(excinfo, "far.svg", "out of range")


def test_vertex_limit(monkeypatch):
    # a 2,000 in circle needs about 7,000 vertices at 0.0002 in; allow 10,000 for the file
    monkeypatch.setattr(svg_module, "Budget", lambda name: Budget(name, vertices=10_000))
    assert read(doc('<circle r="1000"/>')).visible("black").area == pytest.approx(math.pi * 1e6,
                                                                                   rel=1e-6)
    with pytest.raises(WsmarkError) as excinfo:
        read(doc('<circle r="1000"/><circle r="1000"/>'), "dense.svg")
    assert_one_line_error(excinfo, "dense.svg", "10,000 vertices")


def test_time_budget(monkeypatch):
    monkeypatch.setattr(svg_module, "Budget", lambda name: Budget(name, seconds=0.0))
    with pytest.raises(WsmarkError) as excinfo:
        read(doc('<rect width="1" height="1"/>'), "slow.svg")
    assert_one_line_error(excinfo, "slow.svg", "too complex")


# ----------------------------------------------------------------------------- vendor files


def test_illustrator_export_fixture():
    """Illustrator: entities, CSS classes, <switch>, a clip group, text by matrix, pt units."""
    art = read_svg(DRAWINGS / "illustrator_danger.svg")
    assert (art.width, art.height) == pytest.approx((12, 12))
    diamond = art.visible("orange")
    assert diamond.bounds[2] - diamond.bounds[0] == pytest.approx(8, abs=1e-6)
    assert len(diamond.interiors) == 1
    assert art.visible("white").area > 0
    assert [i.text for i in art.legends] == ["ROCKS"]
    assert art.legends[0].cap_height == pytest.approx(0.7 * 1.5)
    assert art.features["display-area"].bounds == pytest.approx((0, 0, 12, 12))


def test_generator_is_recorded():
    assert read_svg(DRAWINGS / "illustrator_danger.svg").meta["generator"] == \
        "Adobe Illustrator 24.0.0"
    assert read_svg(DRAWINGS / "inkscape_control.svg").meta["generator"] == "Inkscape 1.2.2"


def test_inkscape_export_fixture():
    """Inkscape: mm document, layers with labels, style= everywhere, a ring from arcs."""
    art = read_svg(DRAWINGS / "inkscape_control.svg")
    ring = art.visible("orange")
    assert len(ring.interiors) == 1
    inner = Polygon(ring.interiors[0])
    assert inner.bounds[2] - inner.bounds[0] == pytest.approx(8, abs=1e-3)
    assert ring.exterior.distance(LinearRing(ring.interiors[0])) == pytest.approx(2, abs=1e-3)
    assert art.features["display-area"].bounds[3] - art.features["display-area"].bounds[1] == \
        pytest.approx(12, abs=1e-6)
    assert sorted(i.text for i in art.legends) == ["5 MPH"]
