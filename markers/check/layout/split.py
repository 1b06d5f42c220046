"""One page -> its markers, and what is drawn beside them that is not a marker.

A proof rarely holds one bare marker: the page carries a border, crop marks, a title
block, dimension lines with their arrowheads and text, notes, mounting holes and centre
marks, sometimes two or three markers, and a buoy is drawn with its hull below a
waterline. Measured as one drawing, all of that becomes the marker (a border makes the
panel, a note a legend). ``split`` finds the markers:

1. the page's white that is the page, not a panel (markers.check.layout.panels: it holds
   more than one marker, or furniture, or a marker off its middle) is set aside;
2. areas of any color, but the page's white, are joined where they touch or enclose each
   other; a group with a marker color (chromatic, or a center aid's black stripes) is a
   marker, unless it is a small mark beside a larger one;
3. a marker drawn on paper inside a trim line has that line's inside as its panel;
4. everything else is set aside and listed (markers.check.layout.furniture), never
   measured, and the display heights its text states are given to the markers they
   belong to (markers.check.measure.statements).

It works on one Artwork (one page), whatever format it was read from. Sizes are
relative to the page and the markers, so a drawing at a stated scale splits the same way
as one at actual size. Neighbours are found with an STRtree throughout.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np
import shapely
from shapely import STRtree, unary_union
from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry

from markers.check.layout.dimtext import labelled
from markers.check.layout.furniture import (
    Dimension,
    SetAside,
    drop_shadows,
    guide_lines,
    inner_marks,
    merged,
    outside,
)
from markers.check.layout.notes import beside_text
from markers.check.layout.panels import Cluster, containers, enclosures, is_page
from markers.check.layout.parts import (
    Part,
    bbox,
    is_chromatic,
    parts,
    reading_order,
    touching,
    union,
)
from markers.check.measure.statements import Statement, parse_statements
from markers.check.measure.waterline import waterline_height
from markers.core.artwork import Artwork, Layer, Shape
from markers.core.colors import classify
from markers.core.shapes import polygons

__all__ = ["Split", "marks_only", "split"]

#: A group of marker colors smaller than this share of the largest (both ways) is a mark
#: (a logo, a swatch), not a marker.
SMALL_GROUP = 0.15
#: A group this many times as long as it is thick is a bar (a title block's colored
#: band); no marker is so shaped (a long information sign's words make it taller).
BAR_RATIO = 6.0
#: Areas this close (share of the page's larger side) touch: rounding between bands.
GAP_SHARE = 0.001
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
#: Features by which a drawing says what it is; such a drawing is one marker as declared.
DECLARED = frozenset({"waterline", "display-area", "panel"})


def split(art: Artwork, h_given: bool = False) -> Split:
    """The markers of one page and what is set aside; a page with one marker and nothing
    beside it comes back as itself (judged exactly as before). A drawing that says what
    it is (a declared kind, a display area, a waterline, a panel) is one marker: only
    what lies apart from it (crop marks, registration targets) is set aside. With
    ``h_given`` (the user gave H, so no scale or display height is looked for in the
    words beside the markers) outlined lettering is not read, nor are notes kept."""
    pieces = parts(art)
    page = max(art.width, art.height, 1e-9)
    gap = GAP_SHARE * page
    declared = bool(art.meta.get("kind") or art.features.keys() & DECLARED)
    shadows = set() if declared else set(drop_shadows(pieces))
    found = _declared_marker(pieces, gap) if declared else _markers(art, pieces, page, gap,
                                                                    shadows)
    if found is None:
        return Split([art], found=False)
    groups, background, panels, unframed = found
    regions = [union([pieces[i].footprint for i in g]) for g in groups]
    regions = [r if p is None else unary_union([r, p])
               for r, p in zip(regions, panels, strict=True)]
    member: list[int | None] = [None] * len(pieces)
    for k, g in enumerate(groups):
        for i in g:
            member[i] = k
    aside = [SetAside("page background", bbox(pieces[i].geometry.bounds)) for i in background]
    aside += [SetAside("drop shadow", bbox(pieces[i].geometry.bounds)) for i in shadows]
    for i in background | shadows:
        member[i] = -1
    clip: dict[int, float] = {}
    _waterlines(pieces, member, regions, clip, aside, art)
    boxed = _boxes_beside(pieces, member, regions)
    in_boxes = set(_in_boxes(pieces, member, boxed))
    for i in in_boxes:  # a title block's letters on a sign's panel
        member[i] = None
    _assign(pieces, member, regions, aside, page, in_boxes)
    inner_marks(pieces, member, regions, aside)
    guide_lines(pieces, member, aside)
    legend_of = _legends(art, regions, len(groups), boxed)
    unlabelled: list[Dimension] = []
    dims = outside(pieces, member, regions, art, legend_of, aside, page, unlabelled)
    alone = len(groups) == 1 and not aside and not unframed[0]
    # a page judged as itself carries no statements nor unread notes: only a scale is
    # looked for beside it; nothing at all when H is given
    lines, unread = ([], []) if h_given else beside_text(
        art, pieces, member, legend_of, unread_wanted=not alone)
    notes = [text for text, _ in lines]
    dims += labelled(unlabelled, lines)  # dimension texts in outlines, read by OCR
    if alone:
        return Split([art], notes=notes, boxes=[regions[0].bounds])
    stated = _statements(regions, lines)
    unread_near = [sum(1 for b in unread if _nearest(regions, b) == k)
                   for k in range(len(regions))]
    order = reading_order([r.bounds for r in regions])
    rank = {k: n for n, k in enumerate(order)}
    markers = [_artwork(art, pieces, member, legend_of, k, regions[k], clip.get(k), n,
                        stated[k], panels[k], unframed[k], background, unread_near[k])
               for n, k in enumerate(order)]
    dims = [replace(d, marker=rank[d.marker]) for d in dims]
    return Split(markers, merged(aside, page), dims, notes=notes,
                 boxes=[regions[k].bounds for k in order])


def marks_only(pages: Sequence[Split]) -> set[int]:
    """The pages of one drawing whose every marker is a small mark beside the largest
    marker of the drawing (SMALL_GROUP of it both ways): a cover sheet's logo, a
    swatch page, whose marker colors are no marker, as on a page with a marker beside
    them. Sizes are at full size (each page at its stated scale)."""
    boxes = [b for page in pages for b in page.boxes]
    small = iter(_small(boxes))
    marks = [[next(small) for _ in page.boxes] for page in pages]
    return {n for n, page in enumerate(marks) if page and all(page)}


Found = tuple[list[list[int]], set[int], list[Polygon | None], list[bool]]


def _markers(art: Artwork, pieces: list[Part], page: float, gap: float,
             shadows: set[int]) -> Found | None:
    """The markers of a page that does not say what it is: their groups of pieces (not
    the ``shadows`` under their blanks), the pieces that are the page's white, each
    marker's panel when a trim line draws it, and whether it has no panel at all; None
    when nothing looks like a marker."""
    frames = enclosures(pieces, page, gap)
    boxes = containers(pieces, frames, page)
    clusters = _clusters(pieces, gap)
    tree = STRtree([p.geometry for p in pieces])
    pages = [b for b in boxes if is_page(b, clusters, pieces, tree, art, gap, boxes)]
    background = {b.part for b in pages if b.part is not None}
    groups = _marker_groups(pieces, _touching_solids(pieces, background | shadows, gap), art)
    if not groups:
        return None
    frames_left = [b for b in boxes if b not in pages and b.part is None]
    painted = [_painted_panel(pieces, g) for g in groups]
    panels = [None if own else _framed_panel(
        union([pieces[i].footprint for i in g]), frames_left, gap)
        for g, own in zip(groups, painted, strict=True)]
    return groups, background, panels, [not own and p is None
                                        for own, p in zip(painted, panels, strict=True)]


def _declared_marker(pieces: list[Part], gap: float) -> Found | None:
    """The one marker of a drawing that declares itself: every group of touching areas
    but small marks that lie apart from the largest (registration targets beside a
    print); those are left to be set aside."""
    groups = _touching_solids(pieces, set(), gap)
    if not groups:
        return None
    boxes = [shapely.total_bounds([pieces[i].footprint for i in g]) for g in groups]
    area = [sum(pieces[i].footprint.area for i in g) for g in groups]
    x0, y0, x1, y1 = boxes[area.index(max(area))]
    held = box(x0 - gap, y0 - gap, x1 + gap, y1 + gap)
    one = sorted(i for g, b, small in zip(groups, boxes, _small(boxes), strict=True) for i in g
                 if not small or held.contains(box(*b)))
    return [one], set(), [None], [False]


def _touching_solids(pieces: list[Part], background: set[int], gap: float) -> list[list[int]]:
    """Groups of the areas (not lines, not the page's white) that touch or enclose one
    another."""
    solid = [i for i, p in enumerate(pieces) if not p.line and i not in background]
    return [[solid[k] for k in g] for g in touching([pieces[i].footprint for i in solid], gap)]


def _clusters(pieces: list[Part], gap: float) -> list[Cluster]:
    """Areas of marker colors joined where they touch: where the markers are, before any
    white joins them to a panel or the page, with the share of their hull they show (what
    white painted over them, a symbol's centre drawn as a white disc, takes away: a face,
    or a solid marker, SOLID_FILL);
    small
    marks beside a larger one (a logo, red lettering) are not among them."""
    seeds = [p for p in pieces if p.seed]
    whites = [p for p in pieces if p.white and not p.line]
    tree = STRtree([p.geometry for p in whites])
    found = []
    for g in touching([p.footprint for p in seeds], gap):
        hull = shapely.convex_hull(shapely.multipolygons([seeds[k].footprint for k in g]))
        first = min(seeds[k].layer for k in g)
        over = sum(whites[j].geometry.intersection(hull).area for j in tree.query(hull)
                   if whites[j].layer > first)
        painted = sum(seeds[k].geometry.area for k in g) - over
        largest = max(g, key=lambda k: seeds[k].geometry.area)
        face = painted >= FACE_FILL * hull.area and \
            classify(seeds[largest].hex).nearest in FACE_FAMILIES
        x0, y0, x1, y1 = hull.bounds
        solid = not over and painted >= SOLID_FILL * hull.area and not any(
            p.interiors for k in g for p in polygons(seeds[k].geometry)) and (
            painted >= SOLID_FILL * (x1 - x0) * (y1 - y0) or any(seeds[k].afloat for k in g))
        found.append(Cluster(hull, face or solid))
    boxes = [c.bounds for c in found]
    return [c for c, small in zip(found, _small(boxes), strict=True) if not small]


def _small(boxes: list) -> list[bool]:
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


def _painted_panel(pieces: list[Part], group: list[int]) -> bool:
    """Whether the marker paints a white panel of its own: a white area of the group at
    least as large as its marker colors."""
    seeds = sum(pieces[i].footprint.area for i in group if pieces[i].seed)
    return any(pieces[i].white and not pieces[i].line and pieces[i].footprint.area >= seeds
               for i in group)


def _framed_panel(region: BaseGeometry, frames: list, gap: float) -> Polygon | None:
    """The inside of the smallest frame of lines (a trim line) that holds ``region``
    and is not the page: the panel of a marker that paints none of its own."""
    holding = [f.area for f in frames if f.area.buffer(gap).contains(region)]
    return min(holding, key=lambda a: a.area) if holding else None


@dataclass
class Split:
    """A page's markers (each its own Artwork, in page coordinates, in reading order),
    what was set aside, the dimensions found beside them, and the lines of text read
    beside them (``notes``: live text, and outlined lettering OCR read with trust that
    could state a size or a scale; none when H was given).
    ``found`` is False when nothing on the page looks like a marker (then ``markers``
    holds the page itself, to be judged as one when no other page has a marker);
    ``boxes`` are the markers' extents (x0, y0, x1, y1), in the order of ``markers``."""

    markers: list[Artwork]
    set_aside: list[SetAside] = field(default_factory=list)
    dimensions: list[Dimension] = field(default_factory=list)
    found: bool = True
    notes: list[str] = field(default_factory=list)
    boxes: list[tuple[float, float, float, float]] = field(default_factory=list)


def _marker_groups(parts: list[Part], groups: list[list[int]], art: Artwork) -> list[list[int]]:
    """Groups that are markers: with a marker color other than white (a filled title
    block is not), not a small mark beside a larger marker, a sign joined to the buoy
    body right under it (a sign buoy)."""
    groups = [g for g in groups if any(parts[i].seed for i in g)]
    if not groups:
        return []
    size = [shapely.total_bounds([parts[i].footprint for i in g]) for g in groups]
    kept = [(g, b) for g, b, small in zip(groups, size, _small(size), strict=True) if not small]
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
    it, narrower than it and taller than wide, the gap less than the sign is tall."""
    centre = (lower[0] + lower[2]) / 2
    gap = lower[1] - upper[3]
    return (abs(centre - (upper[0] + upper[2]) / 2) <= 0.05 * (upper[2] - upper[0])
            and 0 <= gap <= upper[3] - upper[1]
            and lower[2] - lower[0] < upper[2] - upper[0]
            and lower[3] - lower[1] > lower[2] - lower[0])


def _waterlines(parts: list[Part], member: list[int | None], regions: list[BaseGeometry],
                clip: dict[int, float], aside: list[SetAside], art: Artwork) -> None:
    """A thin horizontal line (or dashes) across a marker at its widest, with something
    drawn below it: the waterline of a buoy; the marker ends there and what is below is
    set aside. One drawn in a color at the marker's foot with nothing below is its
    waterline too, set aside by that name (the lowest painted edge is where the water
    is). A drawing that names its waterline already says where the water is."""
    if "waterline" in art.features:
        return
    lines = [i for i, p in enumerate(parts)  # a frame is a box (a title block's), not water
             if p.line and not p.frame and member[i] is None and _horizontal(p)]
    if not lines:
        return
    tree = STRtree([parts[i].geometry for i in lines])
    for k, region in enumerate(regions):
        x0, y0, x1, y1 = region.bounds
        near = [lines[j] for j in tree.query(box(x0, y0, x1, y1 + 0.25 * (y1 - y0)))]
        rows: dict[int, list[int]] = {}
        for i in near:
            _, ly0, _, ly1 = parts[i].geometry.bounds
            rows.setdefault(round((ly0 + ly1) / 2 / max(1e-9, 0.005 * (y1 - y0))), []).append(i)
        for row in sorted(rows.values(), key=lambda r: parts[r[0]].geometry.bounds[1]):
            lx0, ly0, lx1, ly1 = shapely.total_bounds([parts[i].geometry for i in row])
            y = waterline_height(ly0, ly1, y1)
            if not y0 + 0.3 * (y1 - y0) < y <= y1 + 0.01 * (y1 - y0):
                continue
            above = region.intersection(box(x0, y0, x1, y))
            if above.is_empty:
                continue
            ax0, _, ax1, _ = above.bounds
            if lx0 > ax0 + 0.05 * (ax1 - ax0) or lx1 < ax1 - 0.05 * (ax1 - ax0):
                continue
            below = [i for i, p in enumerate(parts) if i not in row and (
                member[i] == k or member[i] is None) and p.geometry.bounds[3] > y + 1e-6
                and p.geometry.bounds[1] >= y - 0.05 * (y1 - y0)
                and p.geometry.bounds[0] < lx1 and p.geometry.bounds[2] > lx0]
            if not below and y1 <= y + 1e-6:  # drawn at the foot, no hull below it
                if not all(is_chromatic(parts[i].hex) for i in row):
                    continue  # water is drawn in a color
                for i in row:
                    if member[i] is None:
                        member[i] = -1
                aside.append(SetAside("waterline", bbox(
                    shapely.total_bounds([parts[i].geometry for i in row]))))
                break
            clip[k] = y
            hull = [parts[i].geometry for i in below] + [parts[i].geometry for i in row]
            for i in below + row:
                if member[i] is None:
                    member[i] = -1
            for i in below:  # seeds of the marker that lie wholly under the water
                if member[i] == k and parts[i].geometry.bounds[1] >= y - 1e-6:
                    member[i] = -1
            aside.append(SetAside("waterline and the hull below it",
                                  bbox(shapely.total_bounds(hull))))
            regions[k] = region.intersection(box(x0 - 1, y0 - 1, x1 + 1, y))
            break


def _horizontal(p: Part) -> bool:
    x0, y0, x1, y1 = p.geometry.bounds
    return x1 - x0 >= 8 * max(y1 - y0, 1e-9)


def _assign(parts: list[Part], member: list[int | None], regions: list[BaseGeometry],
            aside: list[SetAside], page: float, in_boxes: set[int]) -> None:
    """Areas of other colors belong to the marker they lie on (letters, a backing
    board), but for what stands in a box of its own (``in_boxes``: a title block's
    letters drawn across a sign's panel); one spread under several markers is the
    page's background."""
    tree = STRtree(regions)
    for i, p in enumerate(parts):
        if member[i] is not None or i in in_boxes:
            continue
        hits = tree.query(p.footprint, predicate="intersects").tolist()
        if not hits:
            continue
        shares = {k: p.footprint.intersection(regions[k]).area for k in hits}
        if p.line:
            inside = {k: p.geometry.intersection(regions[k]).area / (p.geometry.area or 1)
                      for k in hits}
            best = max(inside, key=lambda k: inside[k])
            if inside[best] >= 0.9:
                member[i] = best
            continue
        big = [k for k, a in shares.items() if a >= 0.5 * regions[k].area]
        if len(big) >= 2:
            member[i] = -1
            aside.append(SetAside("page background", bbox(p.geometry.bounds)))
            continue
        best = max(shares, key=lambda k: shares[k])
        if (shares[best] >= 0.5 * (p.footprint.area or 1)
                or shares[best] >= 0.5 * regions[best].area):
            member[i] = best


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


def _statements(regions: list[BaseGeometry],
                lines: list[tuple[str, BaseGeometry]]) -> list[tuple[Statement, ...]]:
    """Per marker, the display heights stated in the text beside the markers
    (markers.check.layout.notes): each statement goes to the marker nearest its text; one
    naming a kind goes to every marker too (not as the nearest), so the marker of that
    kind takes it (measure.faces)."""
    found: list[list[Statement]] = [[] for _ in regions]
    for text, where in lines:
        said = parse_statements(text)
        if not said:
            continue
        nearest = _nearest(regions, where)
        for k in range(len(regions)):
            found[k] += [Statement(v, text, word, k == nearest) for v, word in said
                         if k == nearest or word is not None]
    return [tuple(s) for s in found]


def _nearest(regions: list[BaseGeometry], where: BaseGeometry) -> int:
    return min(range(len(regions)), key=lambda k: regions[k].distance(where))


def _artwork(art: Artwork, parts: list[Part], member: list[int | None],
             legend_of: list[int | None], k: int, region: BaseGeometry, water: float | None,
             number: int, stated: tuple[Statement, ...], panel: Polygon | None,
             unframed: bool, background: set[int], unread: int) -> Artwork:
    """Marker ``k`` alone as an Artwork in page coordinates: its areas in paint order
    (with the page's white under it when it has no panel of its own), its lettering, the
    features drawn on it; cut at its waterline when it has one."""
    keep: dict[tuple[int, int], list[BaseGeometry]] = {}
    for i, p in enumerate(parts):
        if member[i] == k:
            keep.setdefault((p.layer, p.shape), []).append(p.geometry)
        elif (unframed or panel is not None) and i in background and \
                p.geometry.intersects(region):
            ground = p.geometry.intersection(region)  # the page's white under the symbol
            keep.setdefault((p.layer, p.shape), []).append(ground)
    cut = None if water is None else box(-1, -1, art.width + 1, water)
    layers = []
    for li, layer in enumerate(art.layers):
        shapes = []
        for si in range(len(layer.shapes)):
            if (li, si) in keep:
                geometry = shapely.union_all(keep[(li, si)])
                if cut is not None:
                    geometry = geometry.intersection(cut)
                if not geometry.is_empty:
                    shapes.append(Shape(geometry))
        if shapes:
            layers.append(Layer(layer.color, layer.hex, tuple(shapes)))
    legends = tuple(item for item, m in zip(art.legends, legend_of, strict=True) if m == k)
    features = {name: g for name, g in art.features.items() if g.intersects(region)}
    if panel is not None:
        features["panel"] = panel
    meta = {**art.meta, "marker_index": number, "marker_bbox": bbox(region.bounds),
            "stated": stated, "unframed": unframed, "unread_notes": unread}
    return Artwork(art.width, art.height, tuple(layers), legends, features, meta)

