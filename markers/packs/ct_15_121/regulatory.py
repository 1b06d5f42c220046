"""Connecticut's regulatory markers, 15-121-A2: the beacon and the regulatory buoy.

A beacon (A2(c)) is square or rectangular, a band of orange at least ``border_band_min``
wide forming its outside border, white within; a regulatory buoy (A2(b)) is a white
cylinder with an orange band at the top and one near the bottom above the waterline,
each at least ``reg_buoy_band_min`` wide. Both carry the symbol of A2(d) in orange,
centred on the white (an open diamond: danger; with a cross: vessels excluded; an open
circle: operating restrictions; a rectangle with lettering inside: information), and
the numbers, letters or words A2(e) says "shall be used". The section sets no size of
a beacon, a buoy, a symbol or its lines: those drawn (``DRAWN``) are wsmark's, cited
"wsmark drawing" and never judged; the bands are drawn at the law's minimum unless
the design's ``outline`` asks wider.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from shapely import affinity
from shapely.geometry import LineString, Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from markers.build.buoy_surface import banded_body
from markers.build.layout import assemble, block_shapes, legend_item
from markers.core import geometry as geo
from markers.core.artwork import FLAT_WRAP, Artwork, LegendItem, Shape
from markers.core.design import Design
from markers.core.lettering import fit_block
from markers.core.pack import Build, Kind
from markers.core.shop import BuoySurface, Zone
from markers.core.spec import Dimension
from markers.core.surfaces import cylinder_area
from markers.errors import DesignError

__all__ = ["DRAWN", "build_beacon", "build_regulatory_buoy", "regulatory_surface",
           "symbol_kind"]

#: Sizes wsmark draws where 15-121-A2 sets none (inches, or shares of the white's
#: width): a beacon's width, a buoy's height above water and diameter, the symbol's
#: side and line as shares of the white, a diamond's width to its height, the white
#: kept round the symbol and the words, the words' cap height (largest and smallest),
#: the white below a buoy's lower band, and the share of a buoy's diameter its face
#: takes (seen from the front).
DRAWN = {"beacon_width": 24.0, "height_above_water": 36.0, "diameter": 24.0,
         "symbol_share": 0.7, "stroke_share": 0.09, "diamond_aspect": 0.8, "pad": 0.75,
         "cap_max": 2.5, "cap_min": 1.0, "under_band": 1.0, "face_share": 0.7}
#: Room beside and below a buoy on the drawing (inches).
SIDE, BELOW = 2.0, 1.0
#: Where the words go: inside a circle or rectangle, below a diamond (whose open face
#: is too narrow for a line of words, and whose cross leaves no room).
WORDS_INSIDE = ("circle", "rectangle")
#: The figures of 15-121-A2(d) in its words, by (Look.figure, Look.cross).
FIGURE_WORDS: dict[tuple[str | None, bool], str] = {
    ("diamond", False): "a vertical open-faced diamond (danger)",
    ("diamond", True): "a vertical open-faced diamond with a cross (vessels excluded)",
    ("circle", False): "an open-faced circle (operating restrictions)",
    ("rectangle", False): "a square or rectangle with lettering inside (directions or "
                          "information)"}


def symbol_kind(symbol: str) -> str:
    """The beacon kind carrying ``symbol`` (one of the list ``regulatory_symbols``)."""
    return f"beacon-{symbol}"


@dataclass(frozen=True)
class Face:
    """A symbol and its words laid out in a white box at the origin: the orange and
    black shapes, the words as set, and the box's height."""

    orange: BaseGeometry
    words: tuple[Shape, ...]
    legends: tuple[LegendItem, ...]
    height: float


def _symbol(figure: str, cross: bool, cx: float, top: float, side: float
            ) -> tuple[BaseGeometry, Polygon]:
    """The open-faced ``figure`` of ``side`` (its height) centred on ``cx`` from
    ``top``, and the white it encloses."""
    t = DRAWN["stroke_share"] * side
    cy = top + side / 2
    outer: Polygon
    if figure == "diamond":
        w = DRAWN["diamond_aspect"] * side
        outer = Polygon([(cx, top), (cx + w / 2, cy), (cx, top + side), (cx - w / 2, cy)])
        inner = geo.mitre_buffer(outer, -t)
    elif figure == "circle":
        outer = Point(cx, cy).buffer(side / 2, quad_segs=64)
        inner = Point(cx, cy).buffer(side / 2 - t, quad_segs=64)
    else:
        outer = box(cx - side / 2, top, cx + side / 2, top + side)
        inner = box(cx - side / 2 + t, top + t, cx + side / 2 - t, top + side - t)
    ring = outer.difference(inner)
    if cross:  # bars along both axes across the open face
        bars = box(cx - t / 2, top, cx + t / 2, top + side).union(
            box(cx - side, cy - t / 2, cx + side, cy + t / 2))
        ring = ring.union(bars.intersection(outer))
    return ring, inner


def _face(kind: Kind, legend: str, width: float, drawn: bool,
          height: float | None = None) -> Face:
    """``kind``'s symbol (its Look) with ``legend``, laid out ``width`` wide: square
    with the words inside a circle or rectangle, else the words below the diamond;
    ``height`` limits it (a buoy's white), else it is as tall as it needs."""
    figure, cross, pad = kind.look.figure or "rectangle", kind.look.cross, DRAWN["pad"]
    side = DRAWN["symbol_share"] * width
    cx = width / 2
    if figure in WORDS_INSIDE:
        if height is not None:
            side = min(side, height - 2 * pad)
        top = (height if height is not None else side + 2 * pad) / 2 - side / 2
        ring, inner = _symbol(figure, cross, cx, top, side)
        region = inner.buffer(-pad / 2)
        total = height if height is not None else side + 2 * pad
    else:
        below = 2 * DRAWN["cap_max"] + 2 * pad
        if height is not None:
            side = min(side, height - below - pad)
        ring, _ = _symbol(figure, cross, cx, pad, side)
        total = height if height is not None else pad + side + below
        region = box(pad, pad + side + pad / 2, width - pad, total - pad / 2)
    if not legend:  # built as declared without the words A2(e) asks: left to its rule
        return Face(ring, (), (), total)
    block = fit_block(legend, region, DRAWN["cap_min"], DRAWN["cap_max"], drawn=drawn) \
        if not region.is_empty else None
    if block is None:
        raise DesignError(f"{legend!r} does not fit the {kind.title.split(':')[0].lower()} "
                          f"in {DRAWN['cap_min']:g} in letters; shorten the words", "legend")
    return Face(ring, tuple(block_shapes(block)), (legend_item(block, "black"),), total)


def _moved(face: Face, dx: float, dy: float) -> tuple[BaseGeometry, list[Shape],
                                                       list[LegendItem]]:
    def move(g: BaseGeometry) -> BaseGeometry:
        return affinity.translate(g, dx, dy)

    return (move(face.orange), [Shape(move(s.geometry)) for s in face.words],
            [replace(i, outlines=move(i.outlines), box=move(i.box)) for i in face.legends])


def _band(design: Design, build: Build, key: str) -> float:
    """The width of an orange band: the design's ``outline``, else the law's minimum
    ``key``; a narrower one is refused (unless built as declared)."""
    least = build.law.requirement(key)
    width = design.outline or least.value
    if width < least.value:
        build.refuse(f"a {width:g} in orange band; {least.ref.clause} asks at least "
                     f"{least.value:g} in", "outline")
    return width


def _words(design: Design, kind: Kind, build: Build) -> str:
    """The design's words, which 15-121-A2(e) says shall be used."""
    if not design.legend:
        build.refuse(f"{kind.name} carries numbers, letters or words "
                     f"({build.law.requirement('regulatory_words').ref.clause}); give "
                     "--legend", "legend")
    return design.legend or ""


def _common_dims(kind: Kind, build: Build, legend: str) -> list[Dimension]:
    law = build.law
    figure = FIGURE_WORDS[(kind.look.figure, kind.look.cross)]
    return [Dimension(f"symbol: {figure}", "reflective international orange, centred on "
                      "the white", "", law.clause("regulatory_symbols")),
            law.dimension("numbers, letters or words", legend, "", "regulatory_words"),
            Dimension("symbol and letter sizes (15-121-A2 sets none)", "as drawn", "",
                      "wsmark drawing")]


def build_beacon(design: Design, build: Build) -> Artwork:
    """A regulatory beacon of ``design.kind``'s symbol: white within an orange border
    band of ``outline`` (default the minimum, 15-121-A2(c)), the symbol and words on
    the white."""
    kind, law = build.kind(design.kind), build.law
    t = _band(design, build, "border_band_min")
    legend = _words(design, kind, build)
    width = DRAWN["beacon_width"]
    inside = width - 2 * t
    if inside <= 4 * DRAWN["pad"]:
        raise DesignError(f"a {t:g} in border leaves no white on a {width:g} in beacon",
                          "outline")
    face = _face(kind, legend, inside, build.drawn)
    height = face.height + 2 * t
    outer = box(0, 0, width, height)
    white = box(t, t, width - t, height - t)
    orange, words, legends = _moved(face, t, t)
    dims = [Dimension("beacon (15-121-A2 sets no size)", f"{width:g} x {height:.2f}", "in",
                      "wsmark drawing"),
            Dimension("silhouette", "square" if abs(width - height) < 1e-6 else "rectangle",
                      "", kind.ref.clause),
            law.dimension(f"orange border band {law.at_least('border_band_min')}", t, "in",
                          "border_band_min"),
            *_common_dims(kind, build, legend)]
    return assemble(design.kind, width, height,
                    [("white", [Shape(white)]), ("orange", [Shape(outer.difference(white)),
                                                            Shape(orange)]),
                     ("black", words)],
                    legends=legends, features={},
                    meta={"legend": legend, "outline": t}, dimensions=dims)


def build_regulatory_buoy(design: Design, build: Build) -> Artwork:
    """A regulatory buoy: a white cylinder, an orange band of ``outline`` (default the
    minimum, 15-121-A2(b)) at the top and one near the bottom above the waterline, the
    symbol ``design.symbol`` and the words on the white between them, seen from the
    front."""
    kind, law = build.kind(design.kind), build.law
    symbols = law.choice(kind.choices["symbol"])
    symbol = design.symbol or symbols.values[0]
    if symbol not in symbols.values:
        raise DesignError(f"symbol {symbol!r}: a regulatory buoy carries one of "
                          f"{', '.join(symbols.values)} ({symbols.ref.clause})", "symbol")
    legend = _words(design, kind, build)
    a = design.height_above_water or DRAWN["height_above_water"]
    d = design.diameter or DRAWN["diameter"]
    b = _band(design, build, "reg_buoy_band_min")
    white_h = a - 2 * b - DRAWN["under_band"]
    if white_h <= 4 * DRAWN["pad"]:
        raise DesignError(f"two {b:g} in bands leave no white on a buoy {a:g} in above the "
                          "water; give a greater height above water", "height_above_water")
    face_w = DRAWN["face_share"] * d
    face = _face(build.kind(symbol_kind(symbol)), legend, face_w, build.drawn, white_h)
    width = d + 2 * SIDE
    x0 = SIDE
    orange, words, legends = _moved(face, x0 + (d - face_w) / 2, b)
    low = a - DRAWN["under_band"] - b
    bands = box(x0, 0, x0 + d, b).union(box(x0, low, x0 + d, low + b))
    dims = [Dimension("height above the waterline (15-121-A2 sets none)", a, "in",
                      "wsmark drawing"),
            Dimension("diameter (15-121-A2 sets none)", d, "in", "wsmark drawing"),
            Dimension("shape above the waterline", "cylindrical", "", kind.ref.clause),
            law.dimension(f"orange band at the top {law.at_least('reg_buoy_band_min')}", b,
                          "in", "reg_buoy_band_min"),
            law.dimension(f"orange band near the bottom {law.at_least('reg_buoy_band_min')}",
                          b, "in", "reg_buoy_band_min"),
            Dimension("white below the lower band, above the waterline", DRAWN["under_band"],
                      "in", "wsmark drawing"),
            *_common_dims(build.kind(symbol_kind(symbol)), build, legend)]
    return assemble(design.kind, width, a + BELOW,
                    [("white", [Shape(box(x0, 0, x0 + d, a))]),
                     ("orange", [Shape(bands), Shape(orange)]), ("black", words)],
                    legends=legends, features={"waterline": LineString([(0, a), (width, a)])},
                    meta={"height_above_water": a, "diameter": d, "outline": b,
                          "symbol": symbol, "legend": legend, "curvature": "seen"},
                    dimensions=dims)


def regulatory_surface(design: Design, elevation: Artwork, build: Build) -> BuoySurface:
    """The regulatory buoy's cylinder as a shop makes it: unrolled flat, pi d wide (and
    the design's ``seam``), the two bands across it and the symbol with its words twice,
    180 deg apart (seen from any side); its zones are true surface areas."""
    meta = elevation.meta
    d, a, b = meta["diameter"], meta["height_above_water"], meta["outline"]
    symbol, legend = meta["symbol"], meta["legend"]
    around = math.pi * d
    face_w = DRAWN["face_share"] * d
    low = a - DRAWN["under_band"] - b
    face = _face(build.kind(symbol_kind(symbol)), legend, face_w, build.drawn, low - b)
    orange: list[BaseGeometry] = [box(0, 0, around + design.seam, b),
                                  box(0, low, around + design.seam, low + b)]
    words: list[Shape] = []
    legends: list[LegendItem] = []
    for centre in (around / 4, 3 * around / 4):
        mark, shapes, items = _moved(face, centre - face_w / 2, b)
        orange.append(mark)
        words += shapes
        legends += items
    flat = assemble(design.kind, around + design.seam, a,
                    [("white", [Shape(box(0, 0, around + design.seam, a))]),
                     ("orange", [Shape(g) for g in orange]), ("black", words)],
                    legends=legends, features={"waterline": LineString(
                        [(0, a), (around + design.seam, a)])},
                    meta={**{k: v for k, v in meta.items() if k not in ("kind", "dimensions")},
                          "print": FLAT_WRAP, "seam": design.seam, "sides": 2},
                    dimensions=list(meta["dimensions"]))
    zones = [Zone("orange", "band at the top", cylinder_area(d, b), "cylinder", True),
             Zone("orange", "band near the bottom", cylinder_area(d, b), "cylinder", True)]
    return banded_body(flat, d, a, zones, box(0, b, around, low),
                       "body (less the bands, the symbols and words)")
