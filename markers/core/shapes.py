"""Shapes of outlines: one classifier (rectangle, diamond, circle, triangle) and one way
to take the polygons out of any geometry, shared by the measurer, the shop files and
the sheets' callouts."""

from __future__ import annotations

import math

import numpy as np
import shapely
from shapely.geometry import LinearRing, Polygon
from shapely.geometry.base import BaseGeometry

__all__ = ["SPECK", "polygons", "shape_of", "extreme_quad", "radii", "fit_circle",
           "none_meet"]

#: Areas smaller than this (sq in) are specks: anti-aliasing slivers, hairlines.
SPECK = 1e-4


def polygons(geometry: BaseGeometry, min_area: float = SPECK,
             largest_first: bool = True) -> list[Polygon]:
    """The polygons of any geometry (collections and multi-parts flattened), those of
    ``min_area`` or less dropped; biggest first, else in the geometry's order."""
    found: list[Polygon] = []
    for part in getattr(geometry, "geoms", [geometry]):
        if isinstance(part, Polygon):
            if part.area > min_area:
                found.append(part)
        elif hasattr(part, "geoms"):
            found += polygons(part, min_area, largest_first=False)
    return sorted(found, key=lambda p: -p.area) if largest_first else found


def extreme_quad(poly: Polygon) -> Polygon:
    """The quadrilateral through the top, right, bottom and left extreme points (ties
    broken by the other coordinate): four numpy passes over the n vertices, O(n)."""
    pts = np.asarray(poly.exterior.coords)[:-1]
    x, y = pts[:, 0], pts[:, 1]

    def extreme(first: np.ndarray, then: np.ndarray, sign: float) -> np.ndarray:
        ties = np.flatnonzero(sign * first == (sign * first).min())
        return pts[ties[np.argmin(sign * then[ties])]]

    return Polygon([extreme(y, x, 1), extreme(x, y, -1), extreme(y, x, -1), extreme(x, y, 1)])


def _is_axis_rectangle(poly: Polygon) -> bool:
    return poly.area >= 0.985 * poly.envelope.area


def _is_diamond(poly: Polygon) -> bool:
    quad = extreme_quad(poly)
    return quad.is_valid and quad.area > 0 and abs(poly.area / quad.area - 1) < 0.015


def radii(ring: LinearRing) -> np.ndarray:
    c = Polygon(ring).centroid
    xy = np.asarray(ring.coords)[:-1]
    return np.hypot(xy[:, 0] - c.x, xy[:, 1] - c.y)


def _is_circle(poly: Polygon) -> bool:
    spread = radii(poly.exterior)
    return len(spread) >= 12 and np.ptp(spread) / (2 * spread.mean()) < 0.05


def shape_of(poly: Polygon) -> str:
    """'rectangle', 'diamond', 'circle', 'triangle' or 'other' for an outline."""
    if _is_axis_rectangle(poly):
        return "rectangle"
    hull = poly.convex_hull.simplify(0.01 * math.sqrt(poly.area))
    if isinstance(hull, Polygon) and len(hull.exterior.coords) == 4 \
            and poly.area >= 0.985 * hull.area:
        return "triangle"
    if _is_diamond(poly):
        return "diamond"
    if _is_circle(poly):
        return "circle"
    return "other"


def fit_circle(points: np.ndarray) -> tuple[float, float, float, float]:
    """Least-squares circle (cx, cy, r) through ``points`` and the worst stray as a
    share of r: the diameter of a drawn circle, exact for a polygon of any number of
    sides (an area-equivalent one comes out small)."""
    x, y = points[:, 0], points[:, 1]
    a = np.column_stack([x, y, np.ones_like(x)])
    (d, e, f), *_ = np.linalg.lstsq(a, -(x * x + y * y), rcond=None)
    cx, cy = -d / 2, -e / 2
    r = math.sqrt(max(cx * cx + cy * cy - f, 0.0))
    stray = float(np.max(np.abs(np.hypot(x - cx, y - cy) - r))) / r if r else math.inf
    return cx, cy, r, stray


def none_meet(geometries: list[BaseGeometry] | np.ndarray) -> bool:
    """Whether no two of ``geometries`` meet (touching counts): an STR tree's intersects
    pairs are each a geometry with itself. Then valid polygons among them are their
    own union, no overlay needed."""
    first, second = shapely.STRtree(geometries).query(geometries, predicate="intersects")
    return bool((first == second).all())
