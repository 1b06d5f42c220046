"""The reflective band of an aid buoy drawn without a ``reflector`` element (a vendor's
PDF or DXF names nothing). Colour cannot show reflective material, but a shop draws
the reflective sheeting as its own object: a band laid across the top of the body,
in the body's colour (NR 5.09(2)(a)8) or white, over the body's paint.

A drawn shape is that band when it lies on the body near its top (its top within a
quarter of the height above water from the body's top), is a band (it fills its box
on the body, and is at most a quarter of the height above water high), is not the body
itself, and crosses most of the body (the rule then judges "all around" itself). The
topmost such shape is taken. With s shapes: O(s) bounds tests and one intersection
for each shape that passes them.
"""

from __future__ import annotations

from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry

from markers.core.artwork import Artwork

__all__ = ["drawn_reflector"]

#: Where and how large a drawn band may be, as shares of the height above water.
BAND_ZONE = 0.25
#: The band fills its box on the body to this share, and crosses this share of the body.
BAND_FILL, BAND_ACROSS = 0.9, 0.9


def drawn_reflector(art: Artwork, body: Polygon, waterline: float,
                    families: frozenset[str]) -> BaseGeometry | None:
    """The reflective band drawn as its own shape on ``body`` in one of ``families``
    (see the module docstring), or None."""
    bx0, top, bx1, _ = body.bounds
    height = waterline - top
    if height <= 0:
        return None
    found = None
    for layer in art.layers:
        if layer.color not in families:
            continue
        for shape in layer.shapes:
            g = shape.geometry
            if g.is_empty:
                continue
            x0, y0, x1, y1 = g.bounds
            if y0 - top > BAND_ZONE * height or y1 - y0 > BAND_ZONE * height or \
                    x1 <= bx0 or x0 >= bx1:
                continue
            on = g.intersection(body)
            if on.is_empty or on.area < BAND_FILL * body.intersection(box(*on.bounds)).area:
                continue
            ox0, _, ox1, _ = on.bounds
            cut = body.intersection(box(bx0 - 1, y0, bx1 + 1, y1))
            cx0, _, cx1, _ = cut.bounds
            if ox1 - ox0 < BAND_ACROSS * (cx1 - cx0):
                continue
            if found is None or y0 < found.bounds[1]:
                found = on
    return found
