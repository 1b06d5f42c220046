r"""The cylinder wrap, NR 5.09(6)(d): the flat artwork printed and wrapped around a symbol buoy.

The wrap is the buoy's surface above the waterline unrolled: pi * d wide (plus an
optional ``seam`` overlap, where the end laps over the start), as high as the buoy rides
above the water, with the orange bands of (5)(b) and the symbol twice, 180 deg apart,
as (6)(a) asks ("shown on 2 sides"). The seam falls midway between the symbols::

    seam|<------ pi d / 4 ------>|<------ pi d / 2 ------>|<-- pi d / 4 -->|overlap
        |=========================================================================|
        |          /\            |           /\            |                 |
        |         <  >           |          <  >           |                 |
        |          \/            |           \/            |                 |
        |=========================================================================|
                              waterline

With ``curvature`` "seen" (the default of ``wsmark wrap``) each symbol is pre-distorted,
s = r asin(x / r), so that seen from the front it has its flat shape: sides 35 deg from
the vertical, 2/3 of the display height wide. With "surface" it is printed flat, its
dimensions measured along the surface. See ``markers.build.cylinder`` for when each fits.
"""

from __future__ import annotations

import math

from shapely import unary_union
from shapely.geometry import LineString, box
from shapely.geometry.base import BaseGeometry

from markers.build.buoys import symbol_buoy, symbol_dims, symbol_meta
from markers.build.cylinder import place, place_label, surface_half_width
from markers.build.layout import assemble, merge
from markers.core import geometry as geo
from markers.core.artwork import Artwork
from markers.core.design import Design
from markers.core.pack import Build
from markers.core.spec import Dimension
from markers.errors import DesignError

__all__ = ["build_wrap", "symbol_centres"]


def symbol_centres(diameter: float) -> tuple[float, float]:
    """Where the two symbols' centres fall along the wrap: a quarter and three quarters
    of the circumference, so the seam is at the side, 90 deg from each."""
    around = math.pi * diameter
    return around / 4, 3 * around / 4


def build_wrap(design: Design, build: Build) -> Artwork:
    """The wrap of the symbol buoy ``design`` describes (see the module docstring)."""
    b = symbol_buoy(design, build)
    curve, sides = build.law.clause("curvature"), build.law.clause("buoy_sides")
    r = b.diameter / 2
    around = math.pi * b.diameter
    seam = design.seam
    room = around / 4 - surface_half_width(b.face, b.diameter, b.curvature)
    if seam > room:
        raise DesignError(f"a {seam:g} in seam overlap would reach the symbol: at most "
                          f"{room:.2f} in on a {b.diameter:g} in buoy", field="seam")
    width = around + seam
    layers: list[tuple[str, BaseGeometry]] = [("white", box(0, 0, width, b.height))]
    layers += [("orange", g) for g in geo.bands(0, width, [0, b.band])]
    layers += [("orange", g) for g in geo.bands(0, width, [b.height - b.band, b.height])]
    legends, labels = [], []
    for centre in symbol_centres(b.diameter):
        paints, items = place(b.face, b.curvature, "surface", centre, b.band, r)
        layers += paints
        legends += items
        labels.append(place_label(b.face, b.curvature, "surface", centre, b.band, r))
    dims = [Dimension("circumference (pi x diameter)", around, "in", curve),
            Dimension("seam overlap", seam, "in", curve),
            Dimension("wrap width", width, "in", curve),
            Dimension("symbol centres along the wrap (180 deg apart)",
                      ", ".join(f"{c:.2f}" for c in symbol_centres(b.diameter)), "in", sides),
            *symbol_dims(b)]
    features = {"display-area": box(0, b.band + b.face.display_top, width,
                                    b.band + b.face.display_top + b.display_height),
                "waterline": LineString([(0, b.height), (width, b.height)])}
    if labels[0] is not None:  # under each symbol, so it is read from either side
        features["permit-label"] = unary_union(labels)
    return assemble(
        design.kind, width, b.height, merge(sorted(layers, key=lambda p: _ORDER[p[0]])),
        legends=legends,
        features=features,
        meta={**symbol_meta(design, b), "seam": seam}, dimensions=dims)


#: Paint order of the wrap: the white ground, the orange, then the black letters.
_ORDER = {"white": 0, "orange": 1, "black": 2}
