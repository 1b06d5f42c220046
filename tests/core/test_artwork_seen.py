"""``as_seen``: an Artwork of paint already as seen keeps each family's geometry as given,
and that is what the overlay of ``Artwork._visible`` makes of the same disjoint parts."""

import pytest
import shapely
from shapely.geometry import MultiPolygon, box

from markers.core.artwork import Artwork, Layer, Shape, as_seen


def _parts():
    orange = MultiPolygon([box(0, 0, 4, 1), box(0, 3, 4, 4)])  # two bands
    white = box(0, 1, 4, 3).difference(box(1, 1.5, 3, 2.5))  # the face, a hole in it
    black = box(1, 1.5, 3, 2.5)  # the letters in the hole
    return [("orange", "#ff6600", orange), ("white", "#ffffff", white),
            ("black", "#000000", black)]


def test_as_seen_keeps_the_parts_as_given():
    parts = _parts()
    art = as_seen(4, 4, parts)
    seen = art.visible_by_color()
    assert list(seen) == ["orange", "white", "black"]
    for (family, _, geometry), layer in zip(parts, art.layers, strict=True):
        assert seen[family] is geometry and layer.geometry is geometry


def test_as_seen_is_what_the_overlay_gives():
    parts = _parts()
    overlaid = Artwork(4, 4, tuple(Layer(f, h, (Shape(g),)) for f, h, g in parts))
    seen, by_overlay = as_seen(4, 4, parts).visible_by_color(), overlaid.visible_by_color()
    assert seen.keys() == by_overlay.keys()
    for family in seen:
        assert seen[family].symmetric_difference(by_overlay[family]).area < 1e-12
        assert seen[family].area > 0


def test_a_layer_nothing_above_meets_is_seen_as_it_is_and_one_covered_is_cut():
    """Black dots painted last, one in a ring's hole and one across a square beside it:
    their box overlaps the ring's, but nothing of the ring is covered, so it is seen as
    painted, vertex for vertex (normalized: no overlay remakes it); the square loses
    what its dot covers."""
    ring = box(0, 0, 6, 6).difference(box(2, 2, 4, 4))
    square = box(7, 0, 9, 2)
    dots = (Shape(box(2.5, 2.5, 3.5, 3.5)), Shape(box(8, 1, 10, 3)))
    art = Artwork(10, 6, (Layer("orange", "#ff6600", (Shape(ring),)),
                          Layer("white", "#ffffff", (Shape(square),)),
                          Layer("black", "#000000", dots)))
    seen = art.visible_by_color()
    assert seen["orange"].equals_exact(shapely.normalize(ring), 0.0)
    assert seen["white"].area == pytest.approx(4 - 1, abs=1e-12)


def test_a_page_painting_nothing_has_nothing_visible():
    """A page with no paint (a scanned or empty PDF page) sees no family."""
    art = Artwork(8.5, 11, ())
    assert art.visible_by_color() == {} and art.visible("white").is_empty
