"""Path geometry: SVG segments -> flattened subpaths -> filled and stroked areas (shapely).

Curves are flattened with a bound on the second derivative, so the chord error is at most
the tolerance in inches whatever the transform; fills honour the fill rule through winding
numbers; strokes are buffered in the element's own coordinates and then transformed, so a
non-uniform scale stretches them as SVG does.
"""

from __future__ import annotations

import math
import re

import numpy as np
import shapely
import svgelements as se
from shapely import affinity
from shapely.geometry import LinearRing, LineString, Point, Polygon
from shapely.geometry.base import BaseGeometry

from markers.errors import WsmarkError
from markers.read.limits import MAX_COORD_IN, Budget
from markers.read.style import parse_length

__all__ = ["parse_path", "flatten", "apply", "in_range", "affine", "out_of_range", "dedupe",
           "fill_area", "stroke_area"]

_PATH_CHUNK = 4096  # path data is parsed in pieces so the time budget is checked between them
_PATH_COMMAND = re.compile(r"[MmZzLlHhVvCcSsQqTtAa]")


def parse_path(d: str, budget: Budget) -> tuple[list[se.PathSegment], bool]:
    """Path data as svgelements segments, parsed in pieces (time checked between them).

    Returns (segments, complete); svgelements keeps the current point and the last control
    point across pieces, so cutting before a command letter does not change the result.
    """
    path = se.Path()
    position, complete = 0, True
    while position < len(d):
        cut = len(d)
        if position + _PATH_CHUNK < len(d):
            found = _PATH_COMMAND.search(d, position + _PATH_CHUNK)
            cut = found.start() if found else len(d)
        try:
            path.parse(d[position:cut])
        except Exception:  # third-party parser on untrusted text: keep what was read
            complete = False
            break
        budget.tick()
        position = cut
    return list(path), complete


def _steps(second_derivative: float, tol: float, budget: Budget) -> int:
    """Chords needed so a curve with this bound on |B''| deviates at most ``tol``."""
    if not math.isfinite(second_derivative):
        out_of_range(budget)
    steps = max(1, math.ceil(math.sqrt(second_derivative / (8 * tol))))
    budget.take(steps)
    return steps


def _xy(point: se.Point) -> np.ndarray:
    return np.array([point.x, point.y], dtype=float)


def _sample(segment: se.PathSegment, lin: np.ndarray, tol: float, budget: Budget) -> np.ndarray:
    """Points along one segment after its start, its end last, in local coordinates."""
    end = _xy(segment.end)
    if isinstance(segment, se.CubicBezier):
        p0, p1, p2 = _xy(segment.start), _xy(segment.control1), _xy(segment.control2)
        bound = 6 * max(np.linalg.norm(lin @ (p0 - 2 * p1 + p2)),
                        np.linalg.norm(lin @ (p1 - 2 * p2 + end)))
        t = np.arange(1, _steps(bound, tol, budget) + 1)[:, None] / 1.0
        t /= t[-1]
        return ((1 - t) ** 3) * p0 + 3 * ((1 - t) ** 2) * t * p1 + 3 * (1 - t) * t * t * p2 \
            + t ** 3 * end
    if isinstance(segment, se.QuadraticBezier):
        p0, p1 = _xy(segment.start), _xy(segment.control)
        bound = 2 * np.linalg.norm(lin @ (p0 - 2 * p1 + end))
        t = np.arange(1, _steps(bound, tol, budget) + 1)[:, None] / 1.0
        t /= t[-1]
        return ((1 - t) ** 2) * p0 + 2 * (1 - t) * t * p1 + t * t * end
    if isinstance(segment, se.Arc) and segment.sweep and None not in (
            segment.center, segment.prx, segment.pry):
        center = _xy(segment.center)
        radii = (np.linalg.norm(lin @ (_xy(segment.prx) - center))
                 + np.linalg.norm(lin @ (_xy(segment.pry) - center)))
        if radii > 0:
            steps = _steps(segment.sweep ** 2 * radii, tol, budget)
            points = np.asarray(segment.npoint(np.arange(1, steps + 1) / steps), dtype=float)
            points[-1] = end
            return points
    budget.take(1)
    return end[None, :]


def flatten(segments: list[se.PathSegment], lin: np.ndarray, tol: float,
             budget: Budget) -> list[tuple[np.ndarray, bool]]:
    """Segments -> subpaths as (points, closed), local coordinates."""
    subpaths: list[tuple[np.ndarray, bool]] = []
    current: list[np.ndarray] = []

    def finish(closed: bool) -> None:
        if len(current) > 1 or (current and closed):  # a lone moveto paints nothing
            subpaths.append((np.vstack(current), closed))
        current.clear()

    for segment in segments:
        if segment.end is None:
            continue
        if isinstance(segment, se.Move):
            finish(False)
            current.append(_xy(segment.end)[None, :])
        elif isinstance(segment, se.Close):
            finish(True)
        else:
            if not current and segment.start is not None:
                current.append(_xy(segment.start)[None, :])
            current.append(_sample(segment, lin, tol, budget))
    finish(False)
    return subpaths


def apply(points: np.ndarray, matrix: np.ndarray, budget: Budget) -> np.ndarray:
    """Points through an affine matrix, refusing non-finite or absurd results."""
    return in_range(points @ matrix[:2, :2].T + matrix[:2, 2], budget)


def in_range(points: np.ndarray, budget: Budget) -> np.ndarray:
    if points.size and not (np.isfinite(points).all() and np.abs(points).max() <= MAX_COORD_IN):
        out_of_range(budget)
    return points


def affine(geometry: BaseGeometry, matrix: np.ndarray) -> BaseGeometry:
    (a, b, xoff), (d, e, yoff) = matrix[0], matrix[1]
    return affinity.affine_transform(geometry, [a, b, d, e, xoff, yoff])


def out_of_range(budget: Budget) -> None:
    raise WsmarkError(f"{budget.name}: coordinates out of range (non-finite or beyond "
                      f"{MAX_COORD_IN:g} in)")


def dedupe(points: np.ndarray, ring: bool) -> np.ndarray:
    """Drop repeated consecutive points (and a ring's repeated first point)."""
    if len(points) > 1:
        keep = np.r_[True, np.any(np.diff(points, axis=0) != 0, axis=1)]
        points = points[keep]
    if ring and len(points) > 1 and np.array_equal(points[0], points[-1]):
        points = points[:-1]
    return points


def fill_area(rings: list[np.ndarray], evenodd: bool, budget: Budget) -> BaseGeometry:
    """The area a fill paints: faces of the noded outline kept by winding number.

    A simple single ring is its polygon; anything else (holes, overlaps, self-crossings) is
    polygonized and each face kept when its winding number is odd (evenodd) or non-zero.
    """
    rings = [r for r in (dedupe(r, ring=True) for r in rings) if len(r) >= 3]
    if not rings:
        return Polygon()
    if len(rings) == 1:
        single = Polygon(rings[0])
        if single.is_valid:
            return single
    noded = shapely.union_all([LineString(np.vstack([r, r[:1]])) for r in rings])
    faces = shapely.get_parts(shapely.polygonize(shapely.get_parts(noded)))
    if not len(faces):
        return Polygon()
    inside = shapely.get_coordinates(shapely.point_on_surface(faces))
    winding = _winding_numbers(inside, rings, budget)
    keep = (winding % 2 == 1) if evenodd else (winding != 0)
    return shapely.union_all(faces[keep]) if keep.any() else Polygon()


def _winding_numbers(points: np.ndarray, rings: list[np.ndarray], budget: Budget) -> np.ndarray:
    starts = np.vstack(rings)
    ends = np.vstack([np.roll(r, -1, axis=0) for r in rings])
    x0, y0, x1, y1 = starts[:, 0], starts[:, 1], ends[:, 0], ends[:, 1]
    out = np.zeros(len(points), dtype=int)
    chunk = max(1, 2_000_000 // len(starts))
    for i in range(0, len(points), chunk):
        budget.tick()
        px, py = points[i:i + chunk, :1], points[i:i + chunk, 1:]
        cross = (x1 - x0) * (py - y0) - (px - x0) * (y1 - y0)
        up = (y0 <= py) & (y1 > py) & (cross > 0)
        down = (y0 > py) & (y1 <= py) & (cross < 0)
        out[i:i + chunk] = up.sum(axis=1) - down.sum(axis=1)
    return out


def stroke_area(subpaths: list[tuple[np.ndarray, bool]], half: float, style: dict,
                 quad_segs: int) -> BaseGeometry:
    """The area a stroke paints, in the element's own coordinates (so transforms apply)."""
    cap = {"round": "round", "square": "square"}.get(str(style["stroke-linecap"]), "flat")
    join = {"round": "round", "bevel": "bevel"}.get(str(style["stroke-linejoin"]), "mitre")
    limit = max(1.0, parse_length(str(style["stroke-miterlimit"]), default=4.0))
    options = {"quad_segs": quad_segs, "join_style": join, "mitre_limit": limit}
    parts = []
    for points, closed in subpaths:
        points = dedupe(points, ring=closed)
        if len(points) == 1:
            if cap != "flat":
                parts.append(Point(points[0]).buffer(half, quad_segs=quad_segs, cap_style=cap))
        elif closed and len(points) >= 3:
            parts.append(LinearRing(points).buffer(half, **options))
        else:
            parts.append(LineString(points).buffer(half, cap_style=cap, **options))
    return shapely.union_all(parts) if parts else Polygon()
