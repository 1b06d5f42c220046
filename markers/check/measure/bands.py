"""Runs of one color down the edges of a buoy's body, found exactly from the outlines.

The color of a band is sampled on two lines just inside the body's outline, left and
right (EDGE_IN of the body's width at that height in from each side), so that a symbol
painted in the middle does not interrupt a band. Between two consecutive heights of the
body's vertices each sampling line is straight (the body's left and right edges there
are single segments), and its color can change only where it crosses the outline of a
color. Those crossings are computed from the segments themselves, so a band edge is the
height of a vertex or of a crossing: exact, not found by scanning or bisection, and with
no step that grows with the buoy's size.
"""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import shapely
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

from markers.core.colors import ColorMatch
from markers.core.shapes import polygons
from markers.read.linework import JOIN_TOL_IN

__all__ = ["EDGE_IN", "edge_color", "edge_runs"]

#: Where band colors are sampled: this share of the body's width inside its edges
#: (a face laid along the surface comes within 0.6 % of the width of the limbs).
EDGE_IN = 0.0025
#: Heights nearer than this (inches) are one height: a crossing computed at a vertex.
SAME_HEIGHT = 1e-9

Fam = dict[str, tuple[BaseGeometry, ColorMatch]]


def edge_color(fam: Fam, body: Polygon, y: float) -> str | None:
    """The color at both edges of the body at height ``y``, if it is one color (one
    cut of the body and two point tests: O(n) in the body's and the colors' vertices)."""
    x0, _, x1, _ = body.bounds
    cut = body.intersection(LineString([(x0 - 1, y), (x1 + 1, y)]))
    if cut.is_empty:
        return None
    left, _, right, _ = cut.bounds
    inset = EDGE_IN * (right - left)
    names = _colors(fam, np.array([left + inset, right - inset]), np.array([y, y]))
    return names[0] if names[0] == names[1] else None


def edge_runs(fam: Fam, body: Polygon, bottom: float) -> list[tuple[str | None, float, float]]:
    """(color or None, top, bottom) of each run of one color at both edges of the body,
    top to bottom, down to ``bottom``; None where the two edges differ or the color is
    not one family's. A run less than JOIN_TOL_IN high is the seam two edges meant as
    one leave when rounded apart (a page drawn at 1:8 and read back from its PDF left
    a white run 0.0001 in high under a buoy's lower band): no run.

    With n the vertices of the body and of the colors' outlines, and c the pairs of a
    sampling segment and an outline segment whose boxes meet (about the crossings):
    O(n log n + c), all in vectorised numpy and shapely calls.
    """
    _, top, _, lowest = body.bounds
    bottom = min(bottom, lowest)
    if bottom <= top:
        return []
    edges = _segments(body)
    ys = np.unique(edges[:, [1, 3]])
    ys = np.concatenate(([top], ys[(ys > top) & (ys < bottom)], [bottom]))
    left, right = _sides(edges, ys)
    sampling = [_sampling(edges, ys, left, right, on_right) for on_right in (False, True)]
    outlines = _outlines([g for g, _ in fam.values()], [s[:, [0, 2]] for s in sampling])
    cuts = [ys, *(_crossings(side, outlines) for side in sampling)]
    heights = np.unique(np.concatenate(cuts))
    heights = heights[(heights >= top) & (heights <= bottom)]
    heights = heights[np.concatenate(([True], np.diff(heights) > SAME_HEIGHT))]
    heights[-1] = bottom
    mids = (heights[:-1] + heights[1:]) / 2
    at = np.clip(np.searchsorted(ys, mids) - 1, 0, len(ys) - 2)
    xl, xr = (_x_at(edges, left, at, mids), _x_at(edges, right, at, mids))
    inset = EDGE_IN * (xr - xl)
    on_left = _colors(fam, xl + inset, mids)
    on_right = _colors(fam, xr - inset, mids)
    missing = (left[at] < 0) | (right[at] < 0)
    colors = [a if a == b and not gone else None
              for a, b, gone in zip(on_left, on_right, missing, strict=True)]
    runs: list[tuple[str | None, float, float]] = []
    for color, (y0, y1) in zip(colors, pairwise(heights), strict=True):
        if y1 - y0 < JOIN_TOL_IN:  # a seam of rounding between two edges, no band
            continue
        if runs and runs[-1][0] == color:
            runs[-1] = (color, runs[-1][1], float(y1))
        else:
            runs.append((color, float(y0), float(y1)))
    return runs


def _segments(geometry: BaseGeometry) -> np.ndarray:
    """Every segment of the polygons' rings, as rows x0, y0, x1, y1: O(n)."""
    rings = [ring for p in polygons(geometry, 0.0, largest_first=False)
             for ring in (p.exterior, *p.interiors)]
    return _ring_segments(np.array(rings, dtype=object))


def _ring_segments(rings: np.ndarray) -> np.ndarray:
    """Every segment of ``rings``, as rows x0, y0, x1, y1: O(n)."""
    if not len(rings):
        return np.empty((0, 4))
    coords, index = shapely.get_coordinates(rings, return_index=True)
    same = index[1:] == index[:-1]
    return np.column_stack([coords[:-1][same], coords[1:][same]])


def _outlines(geometries: list[BaseGeometry], xs: list[np.ndarray]) -> np.ndarray:
    """The segments (as _segments) of the rings of the polygons of ``geometries`` that
    reach into the x range of one of ``xs`` (the sampling lines'): the others cross
    neither (a letter's, well inside the body's edges). All polygons at once: a few
    vectorised calls for a drawing, not one a ring; O(n) in their vertices."""
    parts = shapely.get_parts(np.array(geometries, dtype=object))
    kinds = shapely.get_type_id(parts)
    while (kinds >= shapely.GeometryType.MULTIPOINT).any():  # collections of parts
        parts = shapely.get_parts(parts)
        kinds = shapely.get_type_id(parts)
    parts = parts[kinds == shapely.GeometryType.POLYGON]
    rings = shapely.get_rings(parts[shapely.area(parts) > 0])
    x0, _, x1, _ = shapely.bounds(rings).T
    near = np.zeros(len(rings), dtype=bool)
    for x in xs:
        if len(x):
            near |= (x1 >= x.min()) & (x0 <= x.max())
    return _ring_segments(rings[near])


def _x_at(edges: np.ndarray, which: np.ndarray, interval: np.ndarray,
          y: np.ndarray) -> np.ndarray:
    """x of the body's edge ``which[interval]`` at heights ``y`` (on its line)."""
    e = edges[np.maximum(which[interval], 0)]
    dy = e[:, 3] - e[:, 1]
    t = np.divide(y - e[:, 1], dy, out=np.zeros_like(y), where=dy != 0)
    return e[:, 0] + t * (e[:, 2] - e[:, 0])


def _sides(edges: np.ndarray, ys: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """For each interval between consecutive ``ys``, the body's leftmost and rightmost
    segment across it (-1 if none): one is the same all through the interval, since
    the outline's segments do not cross. The intervals' middles are sorted, so each
    segment's are one run of them, found by two binary searches: O(n log n + crossings)."""
    mids = (ys[:-1] + ys[1:]) / 2
    y0, y1 = np.minimum(edges[:, 1], edges[:, 3]), np.maximum(edges[:, 1], edges[:, 3])
    seg, line = _runs(np.searchsorted(mids, y0, "right"), np.searchsorted(mids, y1, "left"))
    x = _x_at(edges, seg, np.arange(len(seg)), mids[line])
    left = np.full(len(mids), -1)
    right = np.full(len(mids), -1)
    order = np.lexsort((x, line))  # by interval, then x
    line, seg = line[order], seg[order]
    first = np.concatenate(([True], line[1:] != line[:-1]))
    last = np.concatenate((line[1:] != line[:-1], [True]))
    left[line[first]], right[line[last]] = seg[first], seg[last]
    return left, right


def _runs(lo: np.ndarray, hi: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Every pair (i, k) with lo[i] <= k < hi[i], as two index arrays: O(pairs)."""
    counts = np.maximum(hi - lo, 0)
    owner = np.repeat(np.arange(len(lo)), counts)
    starts = np.cumsum(counts) - counts
    return owner, np.arange(int(counts.sum())) - np.repeat(starts - lo, counts)


def _sampling(edges: np.ndarray, ys: np.ndarray, left: np.ndarray, right: np.ndarray,
              on_right: bool) -> np.ndarray:
    """The left or right sampling line, one straight segment per interval (rows x0, y0,
    x1, y1); intervals without a body are left out."""
    n = len(ys) - 1
    keep = (left >= 0) & (right >= 0)
    idx = np.arange(n)[keep]
    ends = []
    for y in (ys[:-1][keep], ys[1:][keep]):
        xl, xr = _x_at(edges, left, idx, y), _x_at(edges, right, idx, y)
        inset = EDGE_IN * (xr - xl)
        ends.append(np.column_stack([xr - inset if on_right else xl + inset, y]))
    return np.column_stack(ends)


def _crossings(sampling: np.ndarray, outlines: np.ndarray) -> np.ndarray:
    """Heights where the sampling segments meet the colors' outline segments (the pairs
    whose boxes meet, then solved together); where a segment runs along an outline, the
    heights of that outline segment's ends. The sampling segments follow one another
    down the body, so the ones an outline segment's height range meets are one run of
    them, found by two binary searches (after the segments out of their x range go,
    _across), then kept if their x ranges meet too: O(n log n + pairs) for n outline
    segments."""
    if not len(sampling) or not len(outlines):
        return np.empty(0)
    outlines = outlines[_across(outlines, sampling[:, [0, 2]])]
    top, bottom = sampling[:, 1], sampling[:, 3]  # each increasing, top < bottom
    oy0 = np.minimum(outlines[:, 1], outlines[:, 3])
    oy1 = np.maximum(outlines[:, 1], outlines[:, 3])
    j, i = _runs(np.searchsorted(bottom, oy0, "left"), np.searchsorted(top, oy1, "right"))
    p, q = sampling[i], outlines[j]
    meet = (np.minimum(p[:, 0], p[:, 2]) <= np.maximum(q[:, 0], q[:, 2])) & \
        (np.minimum(q[:, 0], q[:, 2]) <= np.maximum(p[:, 0], p[:, 2]))
    p, q = p[meet], q[meet]
    r, s = p[:, 2:] - p[:, :2], q[:, 2:] - q[:, :2]
    d = q[:, :2] - p[:, :2]
    denom = r[:, 0] * s[:, 1] - r[:, 1] * s[:, 0]
    parallel = denom == 0
    safe = np.where(parallel, 1.0, denom)
    t = (d[:, 0] * s[:, 1] - d[:, 1] * s[:, 0]) / safe
    u = (d[:, 0] * r[:, 1] - d[:, 1] * r[:, 0]) / safe
    hit = ~parallel & (t >= 0) & (t <= 1) & (u >= 0) & (u <= 1)
    return np.concatenate([p[hit, 1] + t[hit] * r[hit, 1], q[parallel, 1], q[parallel, 3]])


def _across(outlines: np.ndarray, xs: np.ndarray) -> np.ndarray:
    """Which outline segments reach into the x range of ``xs``: the others meet no
    sampling segment (a letter's, well inside the body's edges) and are left out
    before pairing, in O(n); on a straight-sided body they are nearly all of them."""
    return (np.maximum(outlines[:, 0], outlines[:, 2]) >= xs.min()) & \
        (np.minimum(outlines[:, 0], outlines[:, 2]) <= xs.max())


def _colors(fam: Fam, x: np.ndarray, y: np.ndarray) -> list[str | None]:
    """The one family painted at each point (x, y), None where none or several are
    (prepared outlines: O(log n) a point)."""
    names = list(fam)
    inside = np.zeros((len(names), len(x)), dtype=bool)
    for k, (geometry, _) in enumerate(fam.values()):
        shapely.prepare(geometry)
        inside[k] = shapely.intersects_xy(geometry, x, y)
    count = inside.sum(axis=0)
    first = inside.argmax(axis=0)
    return [names[f] if c == 1 else None for f, c in zip(first, count, strict=True)]
