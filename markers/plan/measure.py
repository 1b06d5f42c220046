"""Plan -> PlanFacts: where each marker stands relative to channels, shore and areas.

Everything is measured once, vectorised over the markers, through shapely STRtrees
(nearest channel, shore, docks and restricted areas; mooring areas containing a
marker), so a plan of n markers costs n log n, not n times the number of features.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np
import shapely
from shapely import STRtree

from markers.core.spec import req
from markers.plan.model import Plan

__all__ = ["PlanFacts", "measure_plan"]

#: Half the step, in feet, over which a channel's direction is taken at a chainage.
_STEP = 1.0


@dataclass
class PlanFacts:
    """Per marker (arrays in plan order): its nearest channel (-1: none within reach),
    chainage along it and signed offset from it (left of upstream positive), in feet;
    distance to the shore and to the nearest dock, pier, raft or restricted area (nan
    when the plan has none); whether it is inside a mooring area (None: no areas).
    ``designs`` maps a marker with a design file to (its check report, the Design read or
    None)."""

    plan: Plan
    channel: np.ndarray
    chainage: np.ndarray
    offset: np.ndarray
    shore_ft: np.ndarray
    structure_ft: np.ndarray
    structure_name: list[str | None]
    in_mooring_area: np.ndarray | None
    designs: dict[int, tuple[Any, Any]] = field(default_factory=dict)


def _nearest(points: np.ndarray, shapes: list) -> tuple[np.ndarray, np.ndarray]:
    """Index of and distance to the nearest of ``shapes`` for each point (-1, nan: none)."""
    n = len(points)
    if not shapes:
        return np.full(n, -1), np.full(n, np.nan)
    tree = STRtree(shapes)
    (which, target), dist = tree.query_nearest(points, return_distance=True,
                                               all_matches=False)
    index = np.full(n, -1)
    distance = np.full(n, np.nan)
    index[which] = target
    distance[which] = dist
    return index, distance


def _along(points: np.ndarray, lines: list, nearest: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Chainage along, and signed offset from, each point's channel line."""
    n = len(points)
    chainage, offset = np.full(n, np.nan), np.full(n, np.nan)
    has = nearest >= 0
    if not has.any():
        return chainage, offset
    line = np.array(lines, dtype=object)[nearest[has]]
    pts = points[has]
    s = shapely.line_locate_point(line, pts)
    length = shapely.length(line)
    ahead = shapely.get_coordinates(shapely.line_interpolate_point(
        line, np.minimum(s + _STEP, length)))
    behind = shapely.get_coordinates(shapely.line_interpolate_point(
        line, np.maximum(s - _STEP, 0.0)))
    foot = shapely.get_coordinates(shapely.line_interpolate_point(line, s))
    xy = shapely.get_coordinates(pts)
    direction = ahead - behind
    to_point = xy - foot
    cross = direction[:, 0] * to_point[:, 1] - direction[:, 1] * to_point[:, 0]
    chainage[has] = s
    offset[has] = np.sign(cross) * np.hypot(to_point[:, 0], to_point[:, 1])
    return chainage, offset


def measure_plan(plan: Plan) -> PlanFacts:
    """Measure every marker of ``plan`` against its channels, shore and areas (the
    channel reach is the law in force's ``plan_channel_reach_ft``)."""
    points = shapely.points(plan.xy())
    channels = [f.shape for f in plan.role("channel")]
    nearest, distance = _nearest(points, channels)
    nearest[distance > req("plan_channel_reach_ft")] = -1
    chainage, offset = _along(points, channels, nearest)
    shore = [f.shape.boundary if f.shape.geom_type.endswith("Polygon") else f.shape
             for f in plan.role("shoreline")] or [f.shape.boundary
                                                  for f in plan.role("water")]
    _, shore_ft = _nearest(points, shore)
    structures = plan.role("dock", "pier", "raft", "restricted-area")
    which, structure_ft = _nearest(points, [f.shape for f in structures])
    names = [None if w < 0 else (structures[w].name or structures[w].role) for w in which]
    areas = [f.shape for f in plan.role("mooring-area")]
    inside = None
    if areas:
        inside = np.zeros(len(points), bool)
        hits, _ = STRtree(areas).query(points, predicate="intersects")
        inside[hits] = True
    return PlanFacts(plan, nearest, chainage, offset, shore_ft, structure_ft, names, inside)
