"""Pure shapely builders for marker shapes, in inches, y down.

Each returns exact polygons (curves flattened finely) and, where the true outline is
curved, the SVG path data that draws it exactly. Nothing here knows the rule's numbers:
callers pass dimensions taken from ``markers.requirements``.
"""

from __future__ import annotations

import math

from shapely.geometry import Point, Polygon, box

__all__ = [
    "fmt", "diamond", "diamond_inset", "disc", "circle_path", "ring_path",
    "rect", "cross", "triangle", "vertical_stripes",
]

#: Segments per quarter circle when a circle is flattened for measuring: the chord
#: error on a 24 in circle is r * (1 - cos(pi / 1024)) < 0.0001 in.
QUAD_SEGS = 256


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


def ring_path(cx: float, cy: float, outer: float, inner: float) -> str:
    """SVG path data for an annulus; the inner circle winds the other way, so the
    default non-zero fill rule leaves it open."""
    return circle_path(cx, cy, outer, 0) + circle_path(cx, cy, inner, 1)


def rect(cx: float, cy: float, width: float, height: float) -> Polygon:
    """An axis-aligned rectangle centred on (cx, cy)."""
    return box(cx - width / 2, cy - height / 2, cx + width / 2, cy + height / 2)


def cross(cx: float, cy: float, thickness: float, within: Polygon) -> Polygon:
    """An upright cross of bars ``thickness`` wide through (cx, cy), clipped to ``within``."""
    minx, miny, maxx, maxy = within.bounds
    bars = box(cx - thickness / 2, miny, cx + thickness / 2, maxy).union(
        box(minx, cy - thickness / 2, maxx, cy + thickness / 2))
    return bars.intersection(within)


def triangle(cx: float, top: float, base_width: float, height: float) -> Polygon:
    """An isosceles triangle, point up, apex at (cx, top)."""
    bottom = top + height
    return Polygon([(cx, top), (cx + base_width / 2, bottom), (cx - base_width / 2, bottom)])


def vertical_stripes(x0: float, y0: float, width: float, height: float,
                     count: int) -> list[Polygon]:
    """The 2nd, 4th, ... of ``count`` equal vertical stripes (the 1st and last stay
    the background colour when ``count`` is odd)."""
    step = width / count
    return [box(x0 + i * step, y0, x0 + (i + 1) * step, y0 + height)
            for i in range(1, count, 2)]
