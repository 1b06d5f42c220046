"""``as_seen``: an Artwork of paint already as seen keeps each family's geometry as given,
and that is what the overlay of ``Artwork._visible`` makes of the same disjoint parts."""

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
