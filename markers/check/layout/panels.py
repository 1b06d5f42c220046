"""Which white is a sign's panel and which is the page.

A marker is drawn on white: its own panel (a white area, or the paper inside a trim
line), and that panel on a page that may be white too (a filled artboard, a figure's
background, the paper inside a border). Taken as one, the page would be the panel: its
notes and title block the marker's words, its height H. A white area (or the inside of
a frame of lines) is the **page** when it also holds

- more than one marker (clusters of marker colors none of which reaches its edge), or
- page furniture: a line that is no part of a marker and not the area's own edge (a
  title block's box, a dimension line, a leader), or lettering beside the markers
  (outside the column a marker's words stand in, or far above or below it), or
- one marker pushed to one side (a sign is centred on its panel, NR 5.09(5)(d)), or
  an aid's face (a face has no white panel), or
- a smaller white area holding the markers (their panel).

A white area a marker spans from edge to edge (a buoy's body between its bands, a wrap,
a center aid's stripes) is never the page. Whatever is not the page may be a marker's
panel: the smallest that holds it (markers.check.layout.markers). Frames are found
however they are drawn: one closed path, four lines, or lines whose ends nearly meet
(``enclosures``).

This is the layout's second stage (``ground``): from the page's parts to the ground the
markers stand on: the page's white and the drop shadows under the blanks set aside, and
the frames of lines left that may be a marker's panel.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

import shapely
import shapely.affinity
from shapely import STRtree, unary_union
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from markers.check.layout.parts import Part, is_chromatic, small_marks, touching
from markers.core.artwork import Artwork
from markers.core.colors import classify
from markers.core.geometry import mitre_buffer
from markers.core.shapes import polygons

__all__ = ["Cluster", "Container", "Ground", "ground", "drop_shadows", "enclosures",
           "containers", "guide", "is_page"]

#: Areas this close (share of the page's larger side) touch: rounding between bands.
GAP_SHARE = 0.001
#: Features by which a drawing says what it is; such a drawing is one marker as declared.
DECLARED = frozenset({"waterline", "display-area", "panel"})
#: A marker of these color families painting this share of its hull (what white painted
#: over it takes away) is a face, an aid's, which has no white panel: white around it is
#: the page. Orange symbols are rings (an exclusion diamond's quarters may be small).
FACE_FAMILIES = frozenset({"red", "green"})
FACE_FILL = 0.8
#: A marker of any color painting this share of its hull, with nothing painted over it
#: and no hole in it, is solid when it fills its box so too (a flag's field) or stands on
#: a waterline (a race buoy's ball): it has no white panel either (a sign's symbol has a
#: white centre, an exclusion's small quarters too; a disc on a sign's blank is a sign's
#: symbol with a wrong centre).
SOLID_FILL = 0.95
#: A drop shadow is the blank it lies under moved by at most this share of its size, and
#: matches the blank's outline to within SHADOW_MATCH of its area.
SHADOW_SHARE, SHADOW_MATCH = 0.05, 0.02

#: Lines shorter than this share of the page are not frame sides (letters, arrowheads).
FRAME_SIDE_SHARE = 0.03
#: An enclosure smaller than this share of the page's area is no frame (a letter's bowl).
FRAME_AREA_SHARE = 0.002
#: A marker's words stand within its width grown by this share on each side ...
COLUMN_SHARE = 0.1
#: ... and no farther above or below it than this share of its height.
WORDS_REACH = 0.6
#: A marker is off the middle of a white area when its centre is more than this share of
#: the area's width away from the area's centre ...
OFF_CENTRE = 0.1
#: ... by more than this share of the width, far beyond the rounding of a unit's
#: conversion: a diamond 2 in off a 20 in panel's centre is exactly 0.1 of it in a
#: PDF's points and 2.000000000000002 in in a DXF's inches, and is judged alike in both.
ROUNDING = 1e-9
#: A piece no larger than this share of the page may be a letter (of a note, a title).
LETTER_SHARE = 0.05
#: ... or than this share of the marker's height (a sign's words, in strokes or filled).
WORD_SHARE = 0.3
#: A marker reaches a white area's side when it comes within this share of its width.
SPAN_SHARE = 0.01
#: A line or frame inside a white area, parallel to its edge all round at most this share
#: of its smaller side in from it (its outline shrunk so far, to within GUIDE_MATCH of its
#: area), is a guide drawn on the blank (a safe line), not a smaller panel or furniture.
GUIDE_SHARE, GUIDE_MATCH = 0.05, 0.01


@dataclass(frozen=True)
class Cluster:
    """Touching areas of marker colors: where a marker is, before its panel is known (the
    convex hull of those areas: containment is all it is asked about), and whether it is
    an aid's face (markers.check.layout.split), which has no white panel."""

    footprint: BaseGeometry
    face: bool = False

    @property
    def bounds(self) -> tuple[float, float, float, float]:
        return self.footprint.bounds


@dataclass(frozen=True)
class Container:
    """A white area that may be a panel or the page: a white part of the drawing (its
    index) or the paper inside a frame of lines (``part`` None); ``gap`` is the page's
    (GAP_SHARE of its larger side)."""

    area: Polygon
    part: int | None
    gap: float

    @cached_property
    def grown(self) -> BaseGeometry:
        """The area grown by the gap, what it holds may reach: made once, as every marker
        and every other white area is asked whether it lies within."""
        return self.area.buffer(self.gap)


@dataclass(frozen=True)
class Ground:
    """The page's parts and what the markers stand on: the page's larger side and the
    gap within which areas touch (GAP_SHARE of it), whether the drawing declares what it
    is (DECLARED: then it is one marker and has no page white), the drop shadows and the
    white parts that are the page (both set aside), and the frames of lines that are
    not the page (a marker's panel may be one)."""

    pieces: list[Part]
    page: float
    gap: float
    declared: bool
    shadows: set[int]
    background: set[int]
    frames: list[Container]


def ground(art: Artwork, pieces: list[Part]) -> Ground:
    """Stage two of the layout: ``art``'s ``pieces`` (stage one, markers.check.layout.
    parts) with the page's white and the drop shadows told apart (module docstring)."""
    page = max(art.width, art.height, 1e-9)
    gap = GAP_SHARE * page
    if art.meta.get("kind") or art.features.keys() & DECLARED:
        return Ground(pieces, page, gap, True, set(), set(), [])
    shadows = set(drop_shadows(pieces))
    boxes = containers(pieces, enclosures(pieces, page, gap), page, gap)
    clusters = _clusters(pieces, gap)
    tree = STRtree([p.geometry for p in pieces])
    pages = [b for b in boxes if is_page(b, clusters, pieces, tree, art, gap, boxes)]
    background = {b.part for b in pages if b.part is not None}
    frames = [b for b in boxes if b not in pages and b.part is None]
    return Ground(pieces, page, gap, False, shadows, background, frames)


def drop_shadows(parts: list[Part]) -> list[int]:
    """Drop shadows: an area of no marker color (a grey, a black) painted under a white
    blank of the same outline, moved a little down or aside. Only its rim shows, an L
    along two edges of the blank: no lettering, no part of the marker."""
    whites = [p for p in parts if p.white and not p.line]
    if not whites:
        return []
    tree = STRtree([p.footprint for p in whites])
    return [i for i, p in enumerate(parts) if not (p.white or p.line or p.seed
                                                   or is_chromatic(p.hex))
            and any(_shadow_of(p, whites[j]) for j in
                    tree.query(p.footprint, predicate="intersects").tolist())]


def _shadow_of(p: Part, blank: Part) -> bool:
    """Whether ``p`` is ``blank`` moved a little (SHADOW_SHARE, SHADOW_MATCH), painted
    under it."""
    x0, y0, x1, y1 = p.bounds
    size = max(x1 - x0, y1 - y0)
    bx0, by0, bx1, by1 = blank.bounds
    dx, dy = x0 - bx0, y0 - by0
    if (blank.layer, blank.shape) <= (p.layer, p.shape) or \
            not 0 < max(abs(dx), abs(dy)) <= SHADOW_SHARE * size or \
            abs(x1 - bx1 - dx) > SHADOW_MATCH * size or \
            abs(y1 - by1 - dy) > SHADOW_MATCH * size:
        return False
    moved = shapely.affinity.translate(blank.footprint, dx, dy)
    return bool(moved.symmetric_difference(p.footprint).area <= SHADOW_MATCH * moved.area)


def _clusters(pieces: list[Part], gap: float) -> list[Cluster]:
    """Areas of marker colors joined where they touch: where the markers are, before any
    white joins them to a panel or the page, with whether each is a face or a solid
    marker (``_without_panel``); small marks beside a larger one (a logo, red lettering:
    parts.small_marks) are not among them."""
    seeds = [p for p in pieces if p.seed]
    whites = [p for p in pieces if p.white and not p.line]
    tree = STRtree([p.geometry for p in whites])
    found = []
    for g in touching([p.footprint for p in seeds], gap):
        group = [seeds[k] for k in g]
        hull = shapely.convex_hull(shapely.multipolygons([p.footprint for p in group]))
        first = min(p.layer for p in group)
        over = sum(whites[j].geometry.intersection(hull).area for j in tree.query(hull)
                   if whites[j].layer > first)
        found.append(Cluster(hull, _without_panel(group, hull, over)))
    boxes = [c.bounds for c in found]
    return [c for c, small in zip(found, small_marks(boxes), strict=True) if not small]


def _without_panel(group: list[Part], hull: BaseGeometry, over: float) -> bool:
    """Whether touching areas of marker colors are a marker with no white panel: a face
    (FACE_FAMILIES painting FACE_FILL of their hull, once the white painted ``over``
    them is taken away: a symbol's centre drawn as a white disc), or a solid marker
    (SOLID_FILL of the hull with nothing over it and no hole, filling its box so too or
    standing on a waterline)."""
    painted = sum(p.area for p in group) - over
    largest = max(group, key=lambda p: p.area)
    face = painted >= FACE_FILL * hull.area and \
        classify(largest.hex).nearest in FACE_FAMILIES
    x0, y0, x1, y1 = hull.bounds
    solid = not over and painted >= SOLID_FILL * hull.area and not any(
        poly.interiors for p in group for poly in polygons(p.geometry)) and (
        painted >= SOLID_FILL * (x1 - x0) * (y1 - y0) or any(p.afloat for p in group))
    return bool(face or solid)


def enclosures(parts: list[Part], page: float, gap: float) -> list[Polygon]:
    """The areas that lines enclose: the inside of a closed frame, of four lines meeting
    at corners, or of lines whose ends come within ``gap`` (a frame left open at a
    corner, a rectangle started mid-edge and not closed). A line along a marker's own
    paint (the stroke round a symbol) frames nothing."""
    seeds = STRtree([p.footprint for p in parts if p.seed])
    sides = [p.geometry for p in parts if p.line and p.extent >= FRAME_SIDE_SHARE * page
             and not len(seeds.query(p.geometry, predicate="dwithin",
                                     distance=gap + p.width))]
    if not sides:
        return []
    joined = unary_union(mitre_buffer(sides, gap / 2))
    smallest = FRAME_AREA_SHARE * page * page
    found = []
    for poly in polygons(joined):
        for hole in poly.interiors:
            inside = Polygon(hole)
            if inside.area >= smallest:
                found.append(mitre_buffer(inside, gap / 2))
    return found


def containers(parts: list[Part], frames: list[Polygon], page: float,
               gap: float) -> list[Container]:
    """Every white area that could hold a marker: white areas of the drawing (not lines,
    not specks) and the insides of frames (``gap``: the page's)."""
    smallest = FRAME_AREA_SHARE * page * page
    found = [Container(p.footprint, i, gap) for i, p in enumerate(parts)
             if p.white and not p.line and p.footprint_area >= smallest]
    return found + [Container(f, None, gap) for f in frames]


def _holds(area: Polygon, g: BaseGeometry, slack: float) -> bool:
    return area.buffer(slack).contains(g)


def _spans(area: Polygon, cluster: Cluster) -> bool:
    """``cluster`` reaches both sides of ``area``, or its top and bottom (a band across a
    buoy's body, a stripe of a center aid)."""
    ax0, ay0, ax1, ay1 = area.bounds
    cx0, cy0, cx1, cy1 = cluster.bounds
    across, down = SPAN_SHARE * (ax1 - ax0), SPAN_SHARE * (ay1 - ay0)
    return ((cx0 <= ax0 + across and cx1 >= ax1 - across)
            or (cy0 <= ay0 + down and cy1 >= ay1 - down))


def _off_centre(area: Polygon, cluster: Cluster) -> bool:
    """``cluster`` stands off the middle of ``area`` across it (bands of words above or
    below a symbol move it up or down, never sideways)."""
    ax0, _, ax1, _ = area.bounds
    cx0, _, cx1, _ = cluster.bounds
    return abs((cx0 + cx1) - (ax0 + ax1)) / 2 > (OFF_CENTRE + ROUNDING) * (ax1 - ax0)


def _beside(b: tuple[float, float, float, float], held: list[Cluster]) -> bool:
    """A box of lettering or a line that stands in no held marker's column of words."""
    x, y = (b[0] + b[2]) / 2, (b[1] + b[3]) / 2
    for c in held:
        x0, y0, x1, y1 = c.bounds
        grow, reach = COLUMN_SHARE * (x1 - x0), WORDS_REACH * (y1 - y0)
        if x0 - grow <= x <= x1 + grow and y0 - reach <= y <= y1 + reach:
            return False
    return True


def is_page(box: Container, clusters: list[Cluster], parts: list[Part], tree: STRtree,
            art: Artwork, gap: float, boxes: list[Container]) -> bool:
    """Whether white area ``box`` is the page rather than a panel (module docstring);
    ``tree`` indexes the parts' geometry, ``boxes`` are all the white areas."""
    area = box.area
    held = [c for c in clusters if box.grown.contains(c.footprint)]
    if not held:
        return False
    grown = box.grown  # ``gap`` is the one every Container was made with
    shapely.prepare(grown)
    within = [i for i in tree.query(grown, predicate="contains").tolist()
              if i != box.part and not parts[i].seed and not parts[i].round
              and not _on_edge(parts[i], area, gap)]
    if _inner_panel(box, held, boxes) is not None:
        return True  # a smaller white holds the markers: their panel, on this page
    if any(_spans(area, c) for c in held):
        return False
    if len(held) >= 2 or _off_centre(area, held[0]) or held[0].face:
        return True
    return _furnished([parts[i] for i in within], held, art, gap) or any(
        grown.contains(t.box.centroid) and _beside(t.box.bounds, held) for t in art.legends)


def _furnished(within: list[Part], held: list[Cluster], art: Artwork, gap: float) -> bool:
    """Whether the parts ``within`` a white area (none a marker's paint nor the area's
    edge) holding the markers ``held`` are page furniture: a letter (LETTER_SHARE of the
    page, WORD_SHARE of the tallest marker) beside the markers' column of words, or a
    line that no marker's box holds."""
    marker_boxes = [shapely.box(*c.bounds) for c in held]
    tallest = max(c.bounds[3] - c.bounds[1] for c in held)
    small = max(LETTER_SHARE * max(art.width, art.height), WORD_SHARE * tallest)
    for p in within:
        if p.extent <= small:  # a letter, filled or drawn in strokes
            if _beside(p.bounds, held):
                return True
        elif p.line and not any(_holds(m, p.geometry, gap + p.width) for m in marker_boxes):
            return True
    return False


def _on_edge(p: Part, area: Polygon, gap: float) -> bool:
    """A line along ``area``'s edge (its own outline, a trim line) or parallel to it all
    round inside it (a guide: ``guide``)."""
    return p.line and (p.geometry.distance(area.exterior) <= gap + p.width
                       or (p.frame and guide(p.footprint, area)))


def guide(inner: Polygon, area: Polygon) -> bool:
    """Whether ``inner`` (the inside of a frame) is ``area`` shrunk by a small margin all
    round: a safe line or other guide a print proof draws inside the blank, parallel to
    its edge (GUIDE_SHARE, GUIDE_MATCH)."""
    ax0, ay0, ax1, ay1 = area.bounds
    ix0, iy0, ix1, iy1 = inner.bounds
    insets = (ix0 - ax0, iy0 - ay0, ax1 - ix1, ay1 - iy1)
    inset = sum(insets) / 4
    if min(insets) <= 0 or max(insets) > GUIDE_SHARE * min(ax1 - ax0, ay1 - ay0) or \
            max(insets) - min(insets) > GUIDE_MATCH * max(ax1 - ax0, ay1 - ay0):
        return False  # (the cheap test first: most frames are no such margin)
    shrunk = mitre_buffer(area, -inset)
    return shrunk.symmetric_difference(inner).area <= GUIDE_MATCH * area.area


def _inner_panel(box: Container, held: list[Cluster], boxes: list[Container]
                 ) -> Polygon | None:
    """The largest white area inside ``box`` (and smaller than it) that holds all it
    holds of the markers (each within the page's gap): a panel on a page."""
    inside = [b.area for b in boxes if b is not box and b.area.area < 0.99 * box.area.area
              and box.grown.contains(b.area)
              and all(b.grown.contains(c.footprint) for c in held)
              and not (b.part is None and box.part is not None and guide(b.area, box.area))]
    return max(inside, key=lambda a: a.area) if inside else None
