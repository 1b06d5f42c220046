"""The pieces a page is split from: every polygon of every painted shape, what color it
is and whether it is a line (a stroke, a frame) or an area, and the few spatial helpers
the layout shares (groups of touching pieces, reading order, boxes)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import cast

import numpy as np
import shapely
from shapely import STRtree, unary_union
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from markers.core.artwork import Artwork
from markers.core.colors import hex_to_lab
from markers.core.shapes import polygons

__all__ = ["LINE_SHARE", "Part", "parts", "touching", "reading_order", "reading_rows", "bbox",
           "is_white", "is_chromatic", "union", "small_marks"]

#: An area is a line (a stroke, a frame) when its width is below this share of its extent.
LINE_SHARE = 0.02
#: Chroma (CIELAB) from which a color is a marker color; white has lightness above LIGHT,
#: black below DARK.
CHROMA = 15.0
LIGHT = 90.0
DARK = 35.0
#: A black area is a stripe of a striped aid (a marker without chromatic color) when it is
#: an upright rectangle at least this many times as tall as wide ...
STRIPE_RATIO = 2.5
#: ... and at least this share of the page's larger side tall (a title block's letters are
#: far smaller). Black bars lying across are stripes only in a set of two or more whose
#: ends and thickness agree within this share of their length.
STRIPE_SHARE = 0.1
STRIPE_MATCH = 0.02
#: A waterline is a line at least this many times as long as it is thick, and overhangs
#: a buoy's body by at least this share of its width on each side.
WATER_RATIO, OVERHANG = 20.0, 0.02
#: A group of marker colors smaller than this share of the largest (both ways) is a mark
#: (a logo, a swatch), not a marker.
SMALL_GROUP = 0.15
#: A group this many times as long as it is thick is a bar (a title block's colored
#: band); no marker is so shaped (a long information sign's words make it taller).
BAR_RATIO = 6.0


@dataclass
class Part:
    """One polygon of one painted shape: where it came from (layer and shape index),
    its color, its area without holes (``footprint``), its mean width (2 area /
    perimeter), its larger side, whether it can start a marker (``seed``: a
    chromatic area, a black stripe, a white body afloat), and whether it stands on a
    waterline (``afloat``: a buoy's body at the water). ``bounds``, ``area`` and
    ``footprint_area`` are its geometry's and its footprint's, measured once: the
    layout asks for them again and again."""

    layer: int
    shape: int
    geometry: Polygon
    hex: str
    footprint: Polygon
    width: float
    extent: float
    seed: bool
    bounds: tuple[float, float, float, float]
    area: float
    footprint_area: float
    afloat: bool = False

    @property
    def line(self) -> bool:
        return self.width <= LINE_SHARE * self.extent

    @property
    def white(self) -> bool:
        return is_white(self.hex)

    @property
    def round(self) -> bool:
        """A circle: as wide as tall, filling its circle; a disk, or a thin ring (a
        mounting hole, a registration target)."""
        x0, y0, x1, y1 = self.bounds
        w, h = x1 - x0, y1 - y0
        if not (w > 0 and abs(w - h) <= 0.05 * max(w, h)):
            return False
        disk = math.pi * w * h / 4
        filled = abs(self.footprint_area - disk) <= 0.05 * disk
        return filled and (self.area >= 0.95 * disk or self.width <= 0.12 * w)

    @property
    def frame(self) -> bool:
        """A line that encloses something: a closed border, a title block's box."""
        return self.line and self.footprint_area > 4 * self.area


@lru_cache(maxsize=4096)
def _lab(hex_: str) -> tuple[float, float]:
    lab = hex_to_lab(hex_)
    return lab[0], math.hypot(lab[1], lab[2])


def is_white(hex_: str) -> bool:
    lightness, chroma = _lab(hex_)
    return lightness >= LIGHT and chroma < CHROMA


def is_chromatic(hex_: str) -> bool:
    return _lab(hex_)[1] >= CHROMA


def _bar(bounds: tuple[float, float, float, float], area: float, hex_: str, page: float,
         upright: bool) -> bool:
    """A black rectangle (of ``bounds`` and ``area``), long and narrow (``upright``: tall,
    else wide), long for the page: a stripe, if it is a center aid's."""
    lightness, chroma = _lab(hex_)
    if lightness >= DARK or chroma >= CHROMA:
        return False
    x0, y0, x1, y1 = bounds
    long, short = (y1 - y0, x1 - x0) if upright else (x1 - x0, y1 - y0)
    return (long >= STRIPE_RATIO * short and long >= STRIPE_SHARE * page
            and area >= 0.8 * (x1 - x0) * (y1 - y0))


def _afloat(found: list[Part]) -> set[int]:
    """Areas standing on a waterline: a thin horizontal line in a color (blue water) at
    an area's lowest edge, overhanging it on both sides: a buoy's body (a white one, a
    mooring sphere's, has no marker color of its own to start a marker)."""
    waters = []
    for p in found:
        x0, y0, x1, y1 = p.bounds
        if p.line and x1 - x0 >= WATER_RATIO * (y1 - y0) and is_chromatic(p.hex):
            waters.append((x0, y0, x1, y1))
    afloat = set()
    for i, p in enumerate(found):
        if not waters or p.line:
            continue
        x0, _, x1, y1 = p.bounds
        reach = OVERHANG * (x1 - x0)
        if any(wx0 <= x0 - reach and wx1 >= x1 + reach and wy0 - reach <= y1 <= wy1 + reach
               for wx0, wy0, wx1, wy1 in waters):
            afloat.add(i)
    return afloat


def _striped_across(found: list[Part], page: float) -> set[int]:
    """Black bars lying across, two or more of one length and thickness over one span,
    one under the other: the stripes of a center aid striped the wrong way (aid-stripes
    judges them), not a lone bar of a title block. O(n log n) in the bars."""
    bars = sorted((p.bounds, i) for i, p in enumerate(found)
                  if _bar(p.bounds, p.area, p.hex, page, upright=False))
    striped: set[int] = set()
    for n, ((x0, y0, x1, y1), i) in enumerate(bars):
        for (a0, b0, a1, b1), j in bars[n + 1:]:
            if a0 > x0 + STRIPE_MATCH * (x1 - x0):
                break  # sorted by x0: no later bar starts where this one does
            same = (abs(a1 - x1) <= STRIPE_MATCH * (x1 - x0)
                    and abs((b1 - b0) - (y1 - y0)) <= STRIPE_MATCH * (x1 - x0)
                    and abs(b0 - y0) <= 4 * (y1 - y0))
            if same:
                striped.update((i, j))
    return striped


def parts(art: Artwork) -> list[Part]:
    """Every polygon of ``art``'s painted shapes, in paint order (measured by shapely's
    array functions, all at once)."""
    page = max(art.width, art.height, 1e-9)
    where = [(li, si, layer.hex, poly) for li, layer in enumerate(art.layers)
             for si, shape in enumerate(layer.shapes)
             for poly in polygons(shape.geometry, largest_first=False)]
    polys = np.array([poly for *_, poly in where], dtype=object)
    footprints = cast(np.ndarray, shapely.polygons(shapely.get_exterior_ring(polys)))
    measured = zip(shapely.bounds(polys).tolist(), shapely.area(polys).tolist(),
                   shapely.length(polys).tolist(), shapely.area(footprints).tolist(), strict=True)
    found = []
    for (li, si, hex_, poly), footprint, (bounds, area, length, footprint_area) in zip(
            where, footprints.tolist(), measured, strict=True):
        x0, y0, x1, y1 = bounds
        seed = is_chromatic(hex_) or _bar(bounds, area, hex_, page, upright=True)
        found.append(Part(li, si, poly, hex_, footprint, 2 * area / length if length else 0.0,
                          max(x1 - x0, y1 - y0), seed, tuple(bounds), area, footprint_area))
    for i in _afloat(found):
        found[i].afloat = True
        found[i].seed = found[i].seed or found[i].white
    for i in _striped_across(found, page):
        found[i].seed = True
    for p in found:
        p.seed = p.seed and not p.line and not p.frame
    return found


class _Union:
    def __init__(self, n: int) -> None:
        self.up = list(range(n))

    def find(self, i: int) -> int:
        while self.up[i] != i:
            self.up[i] = self.up[self.up[i]]
            i = self.up[i]
        return i

    def join(self, i: int, j: int) -> None:
        self.up[self.find(i)] = self.find(j)

    def groups(self) -> list[list[int]]:
        found: dict[int, list[int]] = {}
        for i in range(len(self.up)):
            found.setdefault(self.find(i), []).append(i)
        return list(found.values())


def touching(geoms: Sequence[BaseGeometry], gap: float = 0.0) -> list[list[int]]:
    """Groups of ``geoms`` that overlap, enclose one another or come within ``gap``
    (STRtree pairs), each in index order."""
    union = _Union(len(geoms))
    if geoms:
        left, right = STRtree(geoms).query(geoms, predicate="dwithin", distance=gap)
        for i, j in zip(left.tolist(), right.tolist(), strict=True):
            union.join(i, j)
    return union.groups()


def union(geoms: list[BaseGeometry]) -> BaseGeometry:
    """The union of ``geoms``; one is its own (a union would only copy it)."""
    return geoms[0] if len(geoms) == 1 else unary_union(geoms)


def reading_rows(boxes: list[tuple[float, float, float, float]]) -> list[list[int]]:
    """Indices of ``boxes`` (x0, y0, x1, y1) in rows (a box whose top is above the bottom
    of every box of the row before joins it), top to bottom, each left to right."""
    order = sorted(range(len(boxes)), key=lambda i: boxes[i][1])
    rows: list[list[int]] = []
    for i in order:
        if rows and boxes[i][1] < min(boxes[j][3] for j in rows[-1]):
            rows[-1].append(i)
        else:
            rows.append([i])
    return [sorted(row, key=lambda k: boxes[k][0]) for row in rows]


def reading_order(boxes: list[tuple[float, float, float, float]]) -> list[int]:
    """Indices of ``boxes`` (x0, y0, x1, y1) top to bottom in rows, left to right."""
    return [i for row in reading_rows(boxes) for i in row]


def bbox(bounds: tuple[float, float, float, float] | np.ndarray
         ) -> tuple[float, float, float, float]:
    """[x, y, w, h] of shapely ``bounds``, rounded to a thousandth of an inch."""
    x0, y0, x1, y1 = (float(v) for v in bounds)
    return (round(x0, 3), round(y0, 3), round(x1 - x0, 3), round(y1 - y0, 3))


def small_marks(boxes: Sequence) -> list[bool]:
    """For each of ``boxes`` (x0, y0, x1, y1): a mark beside a marker, smaller than
    SMALL_GROUP of the largest both ways, or a bar (BAR_RATIO times as long as it is
    thick) that thin beside it one way: a title block's colored band, which no marker
    is shaped like."""
    if not boxes:
        return []
    tall = max(b[3] - b[1] for b in boxes)
    wide = max(b[2] - b[0] for b in boxes)
    found = []
    for x0, y0, x1, y1 in boxes:
        low, narrow = y1 - y0 < SMALL_GROUP * tall, x1 - x0 < SMALL_GROUP * wide
        bar = max(x1 - x0, y1 - y0) >= BAR_RATIO * min(x1 - x0, y1 - y0)
        found.append((low and narrow) or (bar and (low or narrow)))
    return found
