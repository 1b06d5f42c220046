"""The area a marker's parts cover (markers.check.layout.markers._covered): the union of
their footprints, taken without an overlay when the largest footprint covers the others
(a panel holding its symbol and letters); measured here against shapely's own union."""

from __future__ import annotations

from shapely import unary_union
from shapely.geometry import Polygon, box

from markers.check.layout.markers import _covered
from markers.check.layout.parts import parts
from markers.core.artwork import Artwork, Layer, Shape


def _pieces(*shapes: Polygon) -> list:
    art = Artwork(20, 20, tuple(Layer("white" if i == 0 else "orange", "#ffffff",
                                      (Shape(s),)) for i, s in enumerate(shapes)))
    return parts(art)


def test_a_panel_holding_the_rest_is_the_area_covered_as_it_is() -> None:
    ring = box(4, 4, 10, 10).difference(box(5, 5, 9, 9))  # its footprint fills the hole
    pieces = _pieces(box(2, 2, 12, 12), ring, box(6, 6, 8, 8), box(2, 2, 3, 12))
    [covered] = _covered(pieces, [list(range(len(pieces)))])
    assert covered is pieces[0].footprint
    assert covered.symmetric_difference(unary_union([p.footprint for p in pieces])).area == 0


def test_parts_reaching_past_the_largest_are_joined() -> None:
    pieces = _pieces(box(2, 2, 12, 12), box(10, 5, 15, 7), box(14, 14, 16, 16))
    [covered] = _covered(pieces, [list(range(len(pieces)))])
    assert covered.area == 100 + 5 * 2 - 2 * 2 + 4
    assert covered.symmetric_difference(unary_union([p.footprint for p in pieces])).area < 1e-12
