"""The layout's third stage: from the ground (markers.check.layout.panels) to the
markers: which parts make each marker, the area it covers (with the panel a trim line
draws round it), where a buoy's waterline cuts it, and which marker each other area and
each line of text belongs to.

1. areas of any color, but the page's white, are joined where they touch or enclose each
   other; a group with a marker color (chromatic, or a center aid's black stripes) is a
   marker, unless it is a small mark beside a larger one (parts.small_marks); a sign
   right above a buoy body is one marker (a sign buoy);
2. a marker drawn on paper inside a trim line has that line's inside as its panel;
3. a thin line across a marker at its widest with something drawn below it is a buoy's
   waterline: the marker ends there, and the hull below is set aside;
4. the other areas belong to the marker they lie on, but for letters standing in a box
   of their own (a title block drawn across a sign's panel); one spread under several
   markers is the page's background.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import shapely
from shapely import STRtree, unary_union
from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry

from markers.check.layout.aside import SetAside
from markers.check.layout.panels import Container, Ground
from markers.check.layout.parts import Part, bbox, is_chromatic, small_marks, touching, union
from markers.check.measure.waterline import waterline_height
from markers.core.artwork import Artwork

__all__ = ["Markers", "markers"]

#: A sign buoy: a body right under a sign is centred on it within this share of the
#: sign's width.
CARRIED_CENTRE = 0.05
#: A waterline is looked for from a marker's top down to this share of its height below
#: its foot ...
WATER_BELOW = 0.25
#: ... lines within this share of the marker's height of one another are one row (the
#: dashes of one waterline) ...
WATER_ROW = 0.005
#: ... and it lies below this share of the marker's height from its top (not a band
#: across a sign's top), down to this share of it past its foot.
WATER_LOW, WATER_FOOT = 0.3, 0.01
#: A waterline runs across the marker where it is cut, to within this share of its width
#: on each side; what lies below it reaches up to this share of the marker's height above.
WATER_ACROSS, HULL_REACH = 0.05, 0.05
#: Slack (inches) for what ends at a waterline's height (rounding of the reader's units).
LEVEL_SLACK = 1e-6
#: A line is horizontal when this many times as wide as it is tall.
HORIZONTAL_RATIO = 8.0
#: A line belongs to the marker holding this share of it.
LINE_INSIDE = 0.9
#: An area belongs to the marker covering this share of it, or covering this share of
#: the marker; one covering this share of two markers or more is the page's background.
AREA_SHARE = 0.5


@dataclass(frozen=True)
class Markers:
    """The markers of a page: the ``ground`` they were found on, each marker's group of
    parts, the area it covers (``regions``, cut at its waterline), its panel when a trim
    line draws it and whether it has no panel at all (``unframed``), the marker each part
    belongs to (``member``: its index, -1 when set aside, None when beside the markers),
    the height of each waterline that cuts one (``water``, by marker), what was set aside
    so far, the marker each line of text lies on (``legend_of``, None when beside them),
    and the insides of the frames beside them (``boxed``: a title block's boxes)."""

    ground: Ground
    groups: list[list[int]]
    regions: list[BaseGeometry]
    panels: list[Polygon | None]
    unframed: list[bool]
    member: list[int | None]
    water: dict[int, float]
    aside: list[SetAside]
    legend_of: list[int | None]


def markers(art: Artwork, ground: Ground) -> Markers | None:
    """Stage three of the layout (module docstring); None when nothing on the page looks
    like a marker. A drawing that says what it is (``ground.declared``) is one marker:
    only what lies apart from it (registration targets) is left beside it."""
    found = _declared_marker(ground) if ground.declared else _found(art, ground)
    if found is None:
        return None
    groups, covered, panels, unframed = found
    pieces = ground.pieces
    regions = [r if p is None else unary_union([r, p])
               for r, p in zip(covered, panels, strict=True)]
    member: list[int | None] = [None] * len(pieces)
    for k, g in enumerate(groups):
        for i in g:
            member[i] = k
    aside = [SetAside("page background", bbox(pieces[i].bounds))
             for i in ground.background]
    aside += [SetAside("drop shadow", bbox(pieces[i].bounds)) for i in ground.shadows]
    for i in ground.background | ground.shadows:
        member[i] = -1
    water: dict[int, float] = {}
    if "waterline" not in art.features:  # a drawing naming its waterline says where it is
        aside += _waterlines(pieces, member, regions, water)
    boxed = _boxes_beside(pieces, member, regions)
    in_boxes = set(_in_boxes(pieces, member, boxed))
    for i in in_boxes:  # a title block's letters on a sign's panel
        member[i] = None
    owners, spread = _assign(pieces, member, regions, in_boxes)
    for i, k in owners.items():
        member[i] = k
    aside += [SetAside("page background", bbox(pieces[i].bounds)) for i in spread]
    return Markers(ground, groups, regions, panels, unframed, member, water, aside,
                   _legends(art, regions, len(groups), boxed))


#: Each marker's group of parts, the area they cover, its panel drawn by a trim line, and
#: whether it has none.
Found = tuple[list[list[int]], list[BaseGeometry], list[Polygon | None], list[bool]]


def _found(art: Artwork, ground: Ground) -> Found | None:
    """The markers of a page that does not say what it is: their groups of parts (not
    the page's white, not the drop shadows) and the area each covers, each marker's
    panel when a trim line draws it, and whether it has no panel at all; None when
    nothing looks like a marker."""
    pieces = ground.pieces
    solids = _touching_solids(pieces, ground.background | ground.shadows, ground.gap)
    groups = _marker_groups(pieces, solids, art)
    if not groups:
        return None
    covered = _covered(pieces, groups)
    painted = [_painted_panel(pieces, g) for g in groups]
    panels = [None if own else _framed_panel(area, ground.frames)
              for area, own in zip(covered, painted, strict=True)]
    return groups, covered, panels, [not own and p is None
                                     for own, p in zip(painted, panels, strict=True)]


def _covered(pieces: list[Part], groups: list[list[int]]) -> list[BaseGeometry]:
    """The area each group's parts cover, holes filled (their footprints' union): the
    largest footprint itself when it covers all the others (a sign's panel holding its
    symbol and letters), found with prepared tests and no overlay."""
    return [_largest_covering(pieces, g) or union([pieces[i].footprint for i in g])
            for g in groups]


def _largest_covering(pieces: list[Part], group: list[int]) -> Polygon | None:
    """The largest footprint of ``group`` when it covers every other one; else None."""
    largest = max(group, key=lambda i: pieces[i].footprint_area)
    outer = pieces[largest].footprint
    shapely.prepare(outer)
    others = [pieces[i].footprint for i in group if i != largest]
    return outer if all(shapely.covers(outer, others)) else None


def _declared_marker(ground: Ground) -> Found | None:
    """The one marker of a drawing that declares itself: every group of touching areas
    but small marks that lie apart from the largest (registration targets beside a
    print); those are left to be set aside."""
    pieces, gap = ground.pieces, ground.gap
    groups = _touching_solids(pieces, set(), gap)
    if not groups:
        return None
    boxes = [shapely.total_bounds([pieces[i].footprint for i in g]) for g in groups]
    area = [sum(pieces[i].footprint_area for i in g) for g in groups]
    x0, y0, x1, y1 = boxes[area.index(max(area))]
    held = box(x0 - gap, y0 - gap, x1 + gap, y1 + gap)
    one = sorted(i for g, b, small in zip(groups, boxes, small_marks(boxes), strict=True)
                 for i in g if not small or held.contains(box(*b)))
    return [one], _covered(pieces, [one]), [None], [False]


def _touching_solids(pieces: list[Part], background: set[int], gap: float) -> list[list[int]]:
    """Groups of the areas (not lines, not the page's white) that touch or enclose one
    another."""
    solid = [i for i, p in enumerate(pieces) if not p.line and i not in background]
    return [[solid[k] for k in g] for g in touching([pieces[i].footprint for i in solid], gap)]


def _painted_panel(pieces: list[Part], group: list[int]) -> bool:
    """Whether the marker paints a white panel of its own: a white area of the group at
    least as large as its marker colors."""
    seeds = sum(pieces[i].footprint_area for i in group if pieces[i].seed)
    return any(pieces[i].white and not pieces[i].line and pieces[i].footprint_area >= seeds
               for i in group)


def _framed_panel(region: BaseGeometry, frames: list[Container]) -> Polygon | None:
    """The inside of the smallest frame of lines (a trim line) that holds ``region``
    (within the page's gap) and is not the page: the panel of a marker that paints none
    of its own."""
    holding = [f.area for f in frames if f.grown.contains(region)]
    return min(holding, key=lambda a: a.area) if holding else None


def _marker_groups(parts: list[Part], groups: list[list[int]], art: Artwork) -> list[list[int]]:
    """Groups that are markers: with a marker color other than white (a filled title
    block is not), not a small mark beside a larger marker, a sign joined to the buoy
    body right under it (a sign buoy)."""
    groups = [g for g in groups if any(parts[i].seed for i in g)]
    if not groups:
        return []
    size = [shapely.total_bounds([parts[i].footprint for i in g]) for g in groups]
    kept = [(g, b) for g, b, small in zip(groups, size, small_marks(size), strict=True)
            if not small]
    kept.sort(key=lambda gb: gb[1][1])
    merged: list[tuple[list[int], np.ndarray]] = []
    for g, b in kept:
        for n, (upper, ub) in enumerate(merged):
            if _carried(ub, b):
                merged[n] = (upper + g, np.array([min(ub[0], b[0]), min(ub[1], b[1]),
                                                  max(ub[2], b[2]), max(ub[3], b[3])]))
                break
        else:
            merged.append((g, b))
    return [g for g, _ in merged]


def _carried(upper: np.ndarray, lower: np.ndarray) -> bool:
    """``lower`` is a buoy body carrying the sign ``upper``: right under it, centred on
    it (CARRIED_CENTRE), narrower than it and taller than wide, the gap less than the
    sign is tall."""
    centre = (lower[0] + lower[2]) / 2
    gap = lower[1] - upper[3]
    return (abs(centre - (upper[0] + upper[2]) / 2) <= CARRIED_CENTRE * (upper[2] - upper[0])
            and 0 <= gap <= upper[3] - upper[1]
            and lower[2] - lower[0] < upper[2] - upper[0]
            and lower[3] - lower[1] > lower[2] - lower[0])


@dataclass(frozen=True)
class _Water:
    """A waterline found on a marker: the parts of its row, what is drawn below it, and
    its height (None for one drawn at the marker's foot with nothing below)."""

    row: list[int]
    below: list[int]
    level: float | None


def _waterlines(parts: list[Part], member: list[int | None], regions: list[BaseGeometry],
                water: dict[int, float]) -> list[SetAside]:
    """A thin horizontal line (or dashes) across a marker at its widest, with something
    drawn below it: the waterline of a buoy; the marker ends there (``regions`` cut,
    ``water`` its height) and what is below is set aside (``member`` -1). One drawn in a
    color at the marker's foot with nothing below is its waterline too, set aside by that
    name (the lowest painted edge is where the water is)."""
    lines = [i for i, p in enumerate(parts)  # a frame is a box (a title block's), not water
             if p.line and not p.frame and member[i] is None and _horizontal(p)]
    if not lines:
        return []
    tree = STRtree([parts[i].geometry for i in lines])
    aside = []
    for k, region in enumerate(regions):
        found = _waterline(parts, member, k, region,
                           [lines[j] for j in tree.query(_reach(region))])
        if found is None:
            continue
        for i in found.below + found.row:
            if member[i] is None:
                member[i] = -1
        if found.level is None:
            aside.append(SetAside("waterline", bbox(
                shapely.total_bounds([parts[i].geometry for i in found.row]))))
            continue
        for i in found.below:  # seeds of the marker that lie wholly under the water
            if member[i] == k and parts[i].bounds[1] >= found.level - LEVEL_SLACK:
                member[i] = -1
        hull = [parts[i].geometry for i in found.below] + [parts[i].geometry for i in found.row]
        aside.append(SetAside("waterline and the hull below it",
                              bbox(shapely.total_bounds(hull))))
        x0, y0, x1, _ = region.bounds
        water[k] = found.level
        regions[k] = region.intersection(box(x0 - 1, y0 - 1, x1 + 1, found.level))
    return aside


def _reach(region: BaseGeometry) -> Polygon:
    """Where a marker's waterline may be: its box and WATER_BELOW of its height under it."""
    x0, y0, x1, y1 = region.bounds
    return box(x0, y0, x1, y1 + WATER_BELOW * (y1 - y0))


def _waterline(parts: list[Part], member: list[int | None], k: int, region: BaseGeometry,
               near: list[int]) -> _Water | None:
    """The waterline of marker ``k`` among the horizontal lines ``near`` it: the highest
    row of them low on the marker (WATER_LOW, WATER_FOOT) running across it where it
    cuts it (WATER_ACROSS), with the hull drawn below it, or at its foot in a color."""
    x0, y0, x1, y1 = region.bounds
    rows: dict[int, list[int]] = {}
    for i in near:
        _, ly0, _, ly1 = parts[i].bounds
        rows.setdefault(round((ly0 + ly1) / 2 / max(1e-9, WATER_ROW * (y1 - y0))), []).append(i)
    for row in sorted(rows.values(), key=lambda r: parts[r[0]].bounds[1]):
        lx0, ly0, lx1, ly1 = shapely.total_bounds([parts[i].geometry for i in row])
        y = waterline_height(ly0, ly1, y1)
        if not y0 + WATER_LOW * (y1 - y0) < y <= y1 + WATER_FOOT * (y1 - y0):
            continue
        above = region.intersection(box(x0, y0, x1, y))
        if above.is_empty:
            continue
        ax0, _, ax1, _ = above.bounds
        if lx0 > ax0 + WATER_ACROSS * (ax1 - ax0) or lx1 < ax1 - WATER_ACROSS * (ax1 - ax0):
            continue
        below = [i for i, p in enumerate(parts) if i not in row and (
            member[i] == k or member[i] is None) and p.bounds[3] > y + LEVEL_SLACK
            and p.bounds[1] >= y - HULL_REACH * (y1 - y0)
            and p.bounds[0] < lx1 and p.bounds[2] > lx0]
        if below or y1 > y + LEVEL_SLACK:
            return _Water(row, below, y)
        if all(is_chromatic(parts[i].hex) for i in row):  # water is drawn in a color
            return _Water(row, [], None)  # drawn at the foot, no hull below it
    return None


def _horizontal(p: Part) -> bool:
    x0, y0, x1, y1 = p.bounds
    return x1 - x0 >= HORIZONTAL_RATIO * max(y1 - y0, 1e-9)


def _assign(parts: list[Part], member: list[int | None], regions: list[BaseGeometry],
            in_boxes: set[int]) -> tuple[dict[int, int], list[int]]:
    """The marker each area and line of other colors belongs to, that lies on it
    (letters, a backing board), but for what stands in a box of its own (``in_boxes``: a
    title block's letters drawn across a sign's panel); and the areas spread under
    several markers, the page's background."""
    tree = STRtree(regions)
    owners: dict[int, int] = {}
    spread: list[int] = []
    for i, p in enumerate(parts):
        if member[i] is not None or i in in_boxes:
            continue
        hits = tree.query(p.footprint, predicate="intersects").tolist()
        if not hits:
            continue
        owner = _line_owner(p, regions, hits) if p.line else _area_owner(p, regions, hits)
        if owner == -1:
            spread.append(i)
        elif owner is not None:
            owners[i] = owner
    return owners, spread


def _line_owner(p: Part, regions: list[BaseGeometry], hits: list[int]) -> int | None:
    """The marker holding LINE_INSIDE of line ``p``, if one does."""
    inside = {k: p.geometry.intersection(regions[k]).area / (p.area or 1)
              for k in hits}
    best = max(inside, key=lambda k: inside[k])
    return best if inside[best] >= LINE_INSIDE else None


def _area_owner(p: Part, regions: list[BaseGeometry], hits: list[int]) -> int | None:
    """The marker area ``p`` lies on (AREA_SHARE of it, or of the marker), -1 when it
    covers AREA_SHARE of two markers or more (the page's background), else None."""
    shares = {k: p.footprint.intersection(regions[k]).area for k in hits}
    if sum(1 for k, a in shares.items() if a >= AREA_SHARE * regions[k].area) >= 2:
        return -1
    best = max(shares, key=lambda k: shares[k])
    if (shares[best] >= AREA_SHARE * (p.footprint_area or 1)
            or shares[best] >= AREA_SHARE * regions[best].area):
        return best
    return None


def _legends(art: Artwork, regions: list[BaseGeometry], member_count: int,
             beside: Sequence[BaseGeometry]) -> list[int | None]:
    """The marker each ``<text>`` line lies on, None for text beside the markers: off
    them, or in a box of its own drawn over one (``beside``: a title block drawn across
    a sign's panel is the title block's, not the sign's words)."""
    if not art.legends:
        return []
    tree = STRtree(regions)
    found: list[int | None] = []
    for item in art.legends:
        centre = item.box.centroid
        hits = [k for k in tree.query(centre, predicate="intersects").tolist()
                if k < member_count]
        boxed = any(b.contains(centre) for b in beside)
        found.append(hits[0] if hits and not boxed else None)
    return found


def _in_boxes(parts: list[Part], member: list[int | None], boxed: Sequence[BaseGeometry]
              ) -> list[int]:
    """The parts (of the markers, or of none) standing in one of the ``boxed`` frames that
    are neither a marker's color nor its white: letters in a title block's box."""
    if not boxed:
        return []
    return [i for i, (p, m) in enumerate(zip(parts, member, strict=True))
            if (m is None or m >= 0) and not p.seed and not p.white and not p.frame
            and any(b.contains(p.geometry.representative_point()) for b in boxed)]


def _boxes_beside(parts: list[Part], member: list[int | None],
                  regions: list[BaseGeometry]) -> list[BaseGeometry]:
    """The insides of frames (closed lines) that belong to no marker and hold none: a
    title block's boxes, a note's frame, wherever they are drawn."""
    return [p.footprint for i, p in enumerate(parts) if p.frame and member[i] is None
            and not any(p.footprint.contains(r.representative_point()) for r in regions)]
