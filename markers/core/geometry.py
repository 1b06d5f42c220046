"""Pure shapely builders for marker shapes, in inches, y down.

Each returns exact polygons (curves flattened finely) and, where the true outline is
curved, the SVG path data that draws it exactly. Nothing here knows the rule's numbers:
callers pass dimensions taken from ``markers.packs.wi_nr509.requirements``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from itertools import pairwise
from typing import Any

import numpy as np
import shapely
from shapely import affinity
from shapely.geometry import Point, Polygon, box
from shapely.geometry.base import BaseGeometry

__all__ = [
    "fmt", "diamond", "diamond_inset", "disc", "circle_path", "ring_path", "path_circles",
    "move_path", "rect", "cross", "cross_quarters", "triangle", "vertical_stripes",
    "to_seen", "to_surface", "bands", "nun", "ellipse_above", "mitre_buffer",
]

#: Segments per quarter circle when a circle is flattened for measuring: the chord
#: error on a 24 in circle is r * (1 - cos(pi / 1024)) < 0.0001 in.
QUAD_SEGS = 256
#: Longest straight piece kept when a shape is bent onto or off a cylinder: the chord
#: of x = r sin(s / r) over 1/20 in strays less than 1/10,000 in on a 3.5 in radius.
BEND_STEP = 0.05
#: A circle as ``circle_path`` writes it: its rightmost point, then an arc of radius r.
_CIRCLE_AT = re.compile(r"M(\S+) (\S+)A(\S+) \S+ 0 1 [01] ")
_OP_AT = re.compile(r"([A-Za-z])([^A-Za-z]*)")
#: What each absolute command's arguments are, in turn: an x, a y, or neither.
_SHIFTS = {"M": "xy", "L": "xy", "T": "xy", "C": "xy", "S": "xy", "Q": "xy", "H": "x",
           "V": "y", "A": "-----xy", "Z": "-"}
_NUMBER_AT = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?")


def mitre_buffer(geometry: Any, distance: float) -> Any:
    """``geometry`` (or an array of them) grown by ``distance`` (shrunk if negative) with
    mitred corners. At a nearly collinear vertex (a coordinate of 1e-45 beside 1, found by
    make fuzz) GEOS's mitre divides by zero and bevels that corner, as it should: the
    division is let pass, not raised as numbers out of range (``warnings_as_errors``)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        return shapely.buffer(geometry, distance, join_style="mitre")


def fmt(value: float) -> str:
    """A coordinate as SVG text: 4 decimals (1/10,000 in), no trailing zeros, no -0."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def diamond(cx: float, cy: float, width: float, slope_deg: float) -> Polygon:
    r"""A diamond ``width`` wide whose sides slope ``slope_deg`` from the vertical.

    ::

              /\        half-height = (width / 2) / tan(slope)
             /  \
            <    >      width
             \  /
              \/
    """
    a = width / 2
    b = a / math.tan(math.radians(slope_deg))
    return Polygon([(cx, cy - b), (cx + a, cy), (cx, cy + b), (cx - a, cy)])


def diamond_inset(width: float, thickness: float, slope_deg: float) -> float:
    """Width of the diamond inside an outline ``thickness`` thick (perpendicular to the sides).

    The distance from the centre to a side is (width / 2) * cos(slope), so moving each
    side in by ``thickness`` shortens the half-width by thickness / cos(slope).
    """
    return width - 2 * thickness / math.cos(math.radians(slope_deg))


def disc(cx: float, cy: float, radius: float) -> Polygon:
    """A disc flattened finely enough to measure (see QUAD_SEGS)."""
    return Point(cx, cy).buffer(radius, quad_segs=QUAD_SEGS)


def circle_path(cx: float, cy: float, radius: float, sweep: int = 0) -> str:
    """SVG path data for a true circle: two half arcs (``sweep`` sets the winding)."""
    x0, x1, y = fmt(cx + radius), fmt(cx - radius), fmt(cy)
    r = fmt(radius)
    return f"M{x0} {y}A{r} {r} 0 1 {sweep} {x1} {y}A{r} {r} 0 1 {sweep} {x0} {y}Z"


def path_circles(path: str) -> list[tuple[float, float, float]]:
    """The circles (cx, cy, r) in path data written by ``circle_path``/``ring_path``
    (the DXF writes them as true circles); anything else in the path is ignored."""
    circles = []
    for x, y, r in _CIRCLE_AT.findall(path):
        circles.append((float(x) - float(r), float(y), float(r)))
    return circles


def move_path(path: str, dx: float, dy: float) -> str:
    """Path data in absolute commands (what ``circle_path`` and the lettering write)
    moved by (dx, dy), its arcs and curves kept."""
    out = []
    for op, args in _OP_AT.findall(path):
        if op not in _SHIFTS:
            raise ValueError(f"move_path: {op!r} is not an absolute path command")
        shift = [{"x": dx, "y": dy, "-": 0.0}[c] for c in _SHIFTS[op]]
        values = [float(v) for v in _NUMBER_AT.findall(args)]
        out.append(op + " ".join(fmt(v + shift[i % len(shift)]) for i, v in enumerate(values)))
    return "".join(out)


def ring_path(cx: float, cy: float, outer: float, inner: float) -> str:
    """SVG path data for an annulus; the inner circle winds the other way, so the
    default non-zero fill rule leaves it open."""
    return circle_path(cx, cy, outer, 0) + circle_path(cx, cy, inner, 1)


def rect(cx: float, cy: float, width: float, height: float) -> Polygon:
    """An axis-aligned rectangle centred on (cx, cy)."""
    return box(cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2)


def cross(cx: float, cy: float, thickness: float, within: Polygon) -> BaseGeometry:
    """An upright cross of bars ``thickness`` wide through (cx, cy), clipped to ``within``."""
    minx, miny, maxx, maxy = within.bounds
    bars = box(cx - thickness / 2, miny, cx + thickness / 2, maxy).union(
        box(minx, cy - thickness / 2, maxx, cy + thickness / 2))
    return bars.intersection(within)


def cross_quarters(cx: float, cy: float, width: float, slope_deg: float,
                   bar: float) -> list[Polygon]:
    """The four open quarters of a diamond ``width`` wide crossed by upright bars
    ``bar`` wide through its centre: exact triangles, so they can be the holes of a
    symbol that stays valid when moved or bent (a union of ring and clipped bars leaves
    slivers along the shared edges; see ``cross``).

    Each quarter's corners are the bars' inner corner and the two points where the bars'
    edges meet the diamond's side: x/a + y/b = 1 for half-width a, half-height b.
    """
    a = width / 2
    b = a / math.tan(math.radians(slope_deg))
    w = bar / 2
    if w / a + w / b >= 1:
        return []
    corner, along_x, along_y = (w, w), (a * (1 - w / b), w), (w, b * (1 - w / a))
    return [Polygon([(cx + sx * x, cy + sy * y) for x, y in (corner, along_x, along_y)])
            for sx, sy in ((1, -1), (-1, -1), (-1, 1), (1, 1))]


def triangle(cx: float, top: float, base_width: float, height: float) -> Polygon:
    """An isosceles triangle, point up, apex at (cx, top)."""
    bottom = top + height
    return Polygon([(cx, top), (cx + base_width / 2, bottom), (cx - base_width / 2, bottom)])


def vertical_stripes(x0: float, y0: float, width: float, height: float,
                     count: int) -> list[Polygon]:
    """The 2nd, 4th, ... of ``count`` equal vertical stripes (the 1st and last stay
    the background color when ``count`` is odd)."""
    step = width / count
    return [box(x0 + i * step, y0, x0 + (i + 1) * step, y0 + height)
            for i in range(1, count, 2)]


# --- cylinders ---------------------------------------------------------------------
#
# A cylinder of radius r seen from the front (orthographic, along its normal at the
# axis) shows a point at arc length s from the front line at x = r sin(s / r). Flat
# artwork "along the surface" is in (s, y); "as seen" is in (x, y). Both keep y.

def _bend(geometry: BaseGeometry, axis: float, radius: float,
          func: Callable[[np.ndarray], np.ndarray]) -> BaseGeometry:
    pieces = shapely.segmentize(geometry, BEND_STEP)

    def move(coords: np.ndarray) -> np.ndarray:
        out = coords.copy()
        out[:, 0] = axis + func(coords[:, 0] - axis)
        return out

    # points bent towards a limb crowd together and may touch: keep the result valid
    return shapely.make_valid(shapely.transform(pieces, move))


def to_seen(geometry: BaseGeometry, axis: float, radius: float) -> BaseGeometry:
    """Artwork laid along the surface of a cylinder (arc length measured from the front
    line at x = ``axis``), as seen from the front: x = axis + r sin(s / r).

    Only the front half (|s| <= pi r / 2) can be seen; the rest is cut off first.
    """
    half = math.pi * radius / 2
    front = geometry.intersection(box(axis - half, -1e9, axis + half, 1e9))
    return _bend(front, axis, radius, lambda s: radius * np.sin(s / radius))


def to_surface(geometry: BaseGeometry, axis: float, radius: float) -> BaseGeometry:
    """The inverse of ``to_seen``: a front view of a cylinder, developed onto its
    surface, s = axis + r asin(x / r) (what lies beyond the limbs is cut off)."""
    front = geometry.intersection(box(axis - radius, -1e9, axis + radius, 1e9))
    return _bend(front, axis, radius,
                 lambda x: radius * np.arcsin(np.clip(x / radius, -1.0, 1.0)))


def bands(x0: float, x1: float, edges: list[float]) -> list[Polygon]:
    """Horizontal bands from ``x0`` to ``x1`` between consecutive ``edges`` (y, downwards)."""
    return [box(x0, top, x1, bottom) for top, bottom in pairwise(edges)]


def nun(cx: float, top: float, bottom: float, diameter: float, cone_height: float,
        top_width: float) -> Polygon:
    r"""A nun buoy above its waterline ``bottom``: a cylinder with a truncated cone on top.

    ::

             ____          top_width
            /    \         cone_height
           |      |
           |      |        diameter
        ~~~|______|~~~     bottom (waterline)
    """
    a, t = diameter / 2, top_width / 2
    shoulder = top + cone_height
    return Polygon([(cx - t, top), (cx + t, top), (cx + a, shoulder), (cx + a, bottom),
                    (cx - a, bottom), (cx - a, shoulder)])


def ellipse_above(cx: float, waterline: float, width: float, height: float,
                  above: float) -> BaseGeometry:
    """The part above ``waterline`` of an ellipse ``width`` x ``height`` (a sphere when
    they are equal) floating with ``above`` inches of it out of the water."""
    cy = waterline - above + height / 2
    shape = affinity.scale(disc(cx, cy, width / 2), 1.0, height / width, origin=(cx, cy))
    return shape.intersection(box(cx - width, waterline - above - 1, cx + width, waterline))
