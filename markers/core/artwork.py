"""The Artwork: one currency for generated markers and vendor drawings.

Coordinates are inches, y down (like SVG), origin at the top-left of the artwork.
Layers are painted in order, bottom to top; what a color looks like in the finished
marker is its layer minus everything painted above it (``Artwork.visible``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

import numpy as np
import shapely
from shapely import STRtree, normalize, total_bounds, unary_union
from shapely.geometry import MultiPolygon, Polygon, box
from shapely.geometry.base import BaseGeometry

from markers.core.shapes import none_meet

__all__ = ["FEATURE_NAMES", "SIZE_UNKNOWN", "STATED_SCALE", "FLAT_WRAP", "Shape", "Layer",
           "LegendItem", "Artwork", "moved", "as_seen"]

#: ``meta['scale_basis']`` of a drawing that states no physical size (an SVG with a
#: viewBox alone, a PDF page drawn too small with no scale stated): its reader gives it
#: a nominal size, and the check judges only what does not depend on size, each
#: requirement in inches a review (markers.check.engine, ``Rule.sized``).
SIZE_UNKNOWN = "unknown"

#: How the basis of a display height found at a scale the proof states begins ("stated
#: scale 1:12, inferred at it"): the report contract's basis for it is ``stated``.
STATED_SCALE = "stated scale"

#: ``meta['print']`` of a buoy's flat print (written in its files' design record): not
#: the buoy as seen, and not judged as it (rule flat-print).
FLAT_WRAP = "flat wrap"

#: Named geometry a drawing may mark by an element's id or label, and builders name:
#: the display area H is measured on, the waterline of a buoy, the sign's panel, the
#: reflective band (color cannot show reflectivity) and the permit label's strip.
FEATURE_NAMES = frozenset({"display-area", "waterline", "panel", "reflector",
                           "permit-label"})


@dataclass(frozen=True)
class Shape:
    """One painted area.

    ``geometry`` is the exact area as shapely (curves finely flattened); ``path`` is
    SVG path data in inches when the true outline has curves (circles, glyphs), so the
    renderer can draw arcs and Béziers instead of the flattened polygon.
    """

    geometry: BaseGeometry
    path: str | None = None


@dataclass(frozen=True)
class Layer:
    """Shapes of one color family painted together (``color`` is the family name)."""

    color: str
    hex: str
    shapes: tuple[Shape, ...]

    @cached_property
    def geometry(self) -> BaseGeometry:
        """The layer's area, computed once (the dataclass is frozen, its shapes too)."""
        return _union([s.geometry for s in self.shapes])


@dataclass(frozen=True)
class LegendItem:
    """A line block of lettering: its text, its outlines (inches) and the box it sits in.

    ``outlined`` is False when a drawing gave the text as font-dependent ``<text>``;
    then ``outlines`` is an estimate of where the letters are. ``hex`` is the color as
    drawn, where it differs from the family's palette color. ``painted`` is False when
    the outlines are exact but not among the painted layers (a PDF's live text, its
    glyphs read from the font): the measurer then takes the letters from here. ``turn``
    is where live text's baseline points, deg clockwise on the page from left-to-right
    (180: upside down), as the file sets it; None for outlines, whose way up only
    reading them tells.
    """

    text: str
    outlines: BaseGeometry
    box: BaseGeometry
    cap_height: float
    color: str
    outlined: bool = True
    hex: str | None = None
    painted: bool = True
    turn: float | None = None


@dataclass(frozen=True)
class Artwork:
    """A marker as physical geometry; see the module docstring for the conventions.

    ``features`` names geometry the measurer and rules look for: ``panel``,
    ``display-area``, ``symbol``, ``symbol-interior``, ``cross``, ``waterline`` ...
    ``meta`` carries the declared design (kind, display height, WS id, citations).
    """

    width: float
    height: float
    layers: tuple[Layer, ...]
    legends: tuple[LegendItem, ...] = ()
    features: dict[str, BaseGeometry] = field(default_factory=dict)
    meta: dict[str, Any] = field(default_factory=dict)

    @property
    def bounds(self) -> Polygon:
        return box(0.0, 0.0, self.width, self.height)

    def visible(self, color: str) -> BaseGeometry:
        """What of color family ``color`` is seen: its layers minus everything above."""
        return self.visible_by_color().get(color, Polygon())

    def visible_by_color(self) -> dict[str, BaseGeometry]:
        """Every family's visible geometry (a new dict; the geometry is computed once)."""
        return dict(self._visible)

    @cached_property
    def _visible(self) -> dict[str, BaseGeometry]:
        """Each layer minus the union of the layers above it that meet it (an STR tree's
        query, with the exact test of intersects: a layer whose box only overlaps is not
        in it, and one that meets nothing above is kept as it is, no overlay made), then
        one union per color; a color of one layer needs no union.

        With n layers, each overlapped by k layers above it: O(n log n) to index and
        query, and n unions of k pieces; no union grows with the layers already seen.
        """
        geometries = np.array([layer.geometry for layer in self.layers], dtype=object)
        lower, upper = STRtree(geometries).query(geometries, predicate="intersects")
        above: dict[int, list[int]] = {}
        for i, j in zip(lower.tolist(), upper.tolist(), strict=True):
            if j > i:
                above.setdefault(i, []).append(j)
        seen: dict[str, list[BaseGeometry]] = {}
        for i, layer in enumerate(self.layers):
            covers = [geometries[j] for j in sorted(above.get(i, ()))]
            part = geometries[i].difference(_union(covers, valid=True)) if covers \
                else geometries[i]
            seen.setdefault(layer.color, []).append(part)
        return {color: _union(seen[color], valid=True) for color in self.colors()}

    def painted_box(self) -> tuple[float, float, float, float]:
        """(x0, y0, x1, y1) of what it paints; its page when it paints nothing (a scan)."""
        parts = [layer.geometry for layer in self.layers if not layer.geometry.is_empty]
        if not parts:
            return 0.0, 0.0, self.width, self.height
        x0, y0, x1, y1 = total_bounds(parts)
        return float(x0), float(y0), float(x1), float(y1)

    def colors(self) -> list[str]:
        """Color families present, in paint order, without repeats."""
        return list(dict.fromkeys(layer.color for layer in self.layers))


def _union(parts: list[BaseGeometry], valid: bool = False) -> BaseGeometry:
    """The union of ``parts``, normalized (GEOS's order of polygons, of rings and of each
    ring's first vertex): the same area is the same geometry however a file lists its
    paths and however it was unioned, so no measurement depends on that order. Parts
    that are valid and do not meet (_apart) are their union as they are; anything else
    goes through GEOS to be made whole. ``valid``: the parts are known valid (GEOS's
    own results: layers' unions, overlays), so only whether they meet is tested."""
    if _apart(parts, valid):
        pieces = [p for p in shapely.get_parts(parts).tolist() if not p.is_empty]
        if len(pieces) == 1:
            return normalize(pieces[0])
        if pieces:
            return normalize(MultiPolygon(pieces))
        if len(parts) == 1:  # one empty part is its own union, as it always was
            return normalize(parts[0])
    return normalize(unary_union(parts))


def _apart(parts: list[BaseGeometry], valid: bool) -> bool:
    """Whether ``parts`` are polygons or multipolygons, valid (whose polygons meet at
    most at points; tested unless ``valid``), and no two of them meet: then their
    polygons, together, are their union."""
    if not all(p.geom_type in ("Polygon", "MultiPolygon") and (valid or p.is_valid)
               for p in parts):
        return False
    return len(parts) == 1 or none_meet(parts)


def as_seen(width: float, height: float, seen: list[tuple[str, str, BaseGeometry]],
            legends: tuple[LegendItem, ...] = (), features: dict[str, BaseGeometry] | None = None,
            meta: dict[str, Any] | None = None) -> Artwork:
    """An Artwork of paint already as it is seen: ``seen`` is (family, hex, geometry), one
    entry a family, their areas pairwise disjoint (another Artwork's visible geometry,
    cut to a window: a buoy's face). Each is its layer's geometry and its family's
    visible geometry as it is: nothing above covers any of it, so the overlay of
    ``Artwork._visible`` (a difference and unions per layer, the costliest step of
    measuring a face) would give the same areas back."""
    layers = tuple(Layer(family, hex_, (Shape(geometry),)) for family, hex_, geometry in seen)
    art = Artwork(width, height, layers, legends, features or {}, meta or {})
    for layer, (_, _, geometry) in zip(layers, seen, strict=True):
        layer.__dict__["geometry"] = geometry  # the cached_property's value, set ahead
    art.__dict__["_visible"] = {family: geometry for family, _, geometry in seen}
    return art


def moved(art: Artwork, factor: float = 1.0, dx: float = 0.0, dy: float = 0.0,
          size: tuple[float, float] | None = None) -> Artwork:
    """``art`` scaled ``factor`` times about its origin, then moved by (``dx``, ``dy``),
    on a page of ``size`` (default: its own, scaled); its letters' cap heights scale too.
    (A drawing at 1:4 at full size; a page laid on a larger one.)"""
    from dataclasses import replace

    from shapely import affinity

    def place(g: BaseGeometry) -> BaseGeometry:
        return affinity.translate(affinity.scale(g, factor, factor, origin=(0, 0)), dx, dy)

    layers = tuple(Layer(layer.color, layer.hex, tuple(Shape(place(s.geometry))
                                                       for s in layer.shapes))
                   for layer in art.layers)
    legends = tuple(replace(item, outlines=place(item.outlines), box=place(item.box),
                            cap_height=item.cap_height * factor) for item in art.legends)
    width, height = size or (art.width * factor, art.height * factor)
    return replace(art, width=width, height=height, layers=layers, legends=legends,
                   features={k: place(g) for k, g in art.features.items()})
