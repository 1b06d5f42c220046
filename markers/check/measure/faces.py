"""Artwork -> Facts for a flat face: a regulatory symbol (diamond, circle, rectangle)
with its lettering and display area, or an aid's colored face with its letters. For a
pack whose kinds include faces framed by a border band (``Measuring.frames``), a band
of the symbol's color forming the face's outside border is set aside first (Border)
and the symbol is looked for within it.

The shapes detected are named by the pack's kinds (``Kind.shape``), not listed here: a
shape no kind of the pack names is reported as no kind.

The same code measures a generated marker and a vendor's drawing, so one rule set
judges both. Nothing here decides pass or fail; a pack's rules do.
"""

from __future__ import annotations

import math
import statistics
from itertools import pairwise
from typing import Literal, NamedTuple, cast

import numpy as np
import shapely
from shapely import unary_union
from shapely.geometry import LineString, MultiLineString, Polygon, box
from shapely.geometry.base import BaseGeometry

from markers.check.measure.common import (
    FRAMED,
    NOT_DRAWN,
    AidFace,
    Border,
    Display,
    Drawing,
    Facts,
    LegendFact,
    Lettering,
    Measuring,
    SymbolFacts,
    bbox_of,
    enclosed_by,
    family_geometry,
    legend_facts,
)
from markers.check.measure.display import inferred_display_area
from markers.check.measure.permit import split_label
from markers.check.measure.reading import read_identification, read_legend, read_lines
from markers.check.measure.statements import ANY_KIND, Statement
from markers.core.artwork import Artwork
from markers.core.colors import OTHER, ColorMatch
from markers.core.geometry import mitre_buffer
from markers.core.shapes import SPECK, extreme_quad, fit_circle, polygons, radii, shape_of
from markers.core.spec import Law

__all__ = ["face_proportion", "measure_face", "side_angles", "stated_for"]


def side_angles(poly: Polygon) -> list[float]:
    """Angle of each side of a diamond from the vertical, degrees (top-right first)."""
    quad = list(extreme_quad(poly).exterior.coords)
    return [math.degrees(math.atan2(abs(x1 - x0), abs(y1 - y0)))
            for (x0, y0), (x1, y1) in pairwise(quad)]


def _display(art: Artwork, shape: str | None, symbol: SymbolFacts, panel: BaseGeometry,
             given: float | None, legends: list[LegendFact], law: Law) -> Display:
    """The display area, its height and basis, by the strength of the evidence: given on
    the command line or in a design, declared in the drawing (``display-area``), stated
    on the proof (``stated_for``, for the detected ``shape``), or inferred from the layout
    (measure.display); none, with basis NOT_DRAWN, for a symbol drawn on the page with
    no panel of its own (markers.check.layout), whose H nothing shows. With the
    symbol's offset from its centre."""
    declared = art.features.get("display-area")
    height, statement = _height_declared(art, given), None
    basis = None if height is None else "declared"
    area = declared.envelope if declared is not None else None
    if height is None or area is None:
        x0, top, x1, bottom = inferred_display_area(panel, symbol.outer, legends).bounds
        if height is None:
            stated = stated_for(art, shape, panel, law.req("length_tolerance"))
            if stated is not None:
                height, basis, statement = stated.height, "stated", stated.text
            elif symbol.shape is not None and (art.meta.get("unframed") or _bare(
                    art, symbol, panel, law.req("length_tolerance"))):
                # a symbol on the page, or alone: no panel to read H from
                return Display(None, NOT_DRAWN, None, None, panel)
            else:
                height, basis = bottom - top, "inferred"
        middle = (top + bottom) / 2  # an H given or stated is centred on what the panel shows
        area = box(x0, middle - height / 2, x1, middle + height / 2)
    offset = None
    if symbol.outer is not None:
        s, d = symbol.outer.envelope.centroid, area.centroid
        offset = math.hypot(s.x - d.x, s.y - d.y)
    return Display(height, basis, statement, area, panel, offset)


def _height_declared(art: Artwork, given: float | None) -> float | None:
    """The display height given (on the command line, in a design), else the height of
    the drawing's declared ``display-area``; None when neither says it."""
    if given is not None:
        return given
    declared = art.features.get("display-area")
    if declared is None:
        return None
    _, y0, _, y1 = declared.bounds
    return y1 - y0


def _bare(art: Artwork, symbol: SymbolFacts, panel: BaseGeometry, tolerance: float) -> bool:
    """A symbol drawn alone, no panel named and nothing painted beyond its own outline
    (a cut file of the orange film, a vendor's symbol without its blank): the box of
    what is painted is the symbol's, and H read from it would be the symbol's size,
    which never makes its own display area (measure.display)."""
    if art.features.get("panel") is not None or symbol.outer is None:
        return False
    x0, y0, x1, y1 = symbol.outer.bounds
    px0, py0, px1, py1 = panel.bounds
    return px0 >= x0 - tolerance and py0 >= y0 - tolerance and px1 <= x1 + tolerance and \
        py1 <= y1 + tolerance


def stated_for(art: Artwork, shape: str | None, panel: BaseGeometry | None,
            tolerance: float) -> Statement | None:
    """The display height the proof states for this marker (markers.check.split gives
    each marker the statements beside it; markers.check.measure names their kinds as
    shapes): one naming this marker's shape, else one naming no kind given to this
    marker as the nearest. None when there is none, when they disagree, or when the
    height stated is taller than the panel holding the symbol (then it is not this
    marker's, or not at this scale); heights within ``tolerance`` agree."""
    said = [s for s in art.meta.get("stated") or () if s.panel is None]  # H, not a panel
    mine = [s for s in said if s.names == shape] or \
        [s for s in said if s.names == ANY_KIND and s.nearest]
    if not mine:
        return None
    if max(s.height for s in mine) - min(s.height for s in mine) > tolerance:
        return None
    if panel is not None:
        _, y0, _, y1 = panel.bounds
        if mine[0].height > y1 - y0 + tolerance:
            return None
    return mine[0]


def _typical_outline(ring: Polygon, holes: list[Polygon],
                     index: tuple[np.ndarray, shapely.STRtree] | None = None) -> float:
    """The outline's usual thickness: the median distance from the outer boundary to
    the white centre, so letters touching the outline or one thick side do not move
    it (the rule's thinnest is Facts.outline). With p = 400 points on the outer
    boundary and v vertices in the holes: an STR tree of the holes' boundaries in
    pieces of PIECE segments, two to a node, and one nearest query a point,
    O((p + v) log v). A point's distance to a piece is the least to its segments, so
    the distances are those to the nearest segment, in fewer and cheaper tree steps
    (a third of the time of a tree of single segments, ten to a node, on the bench).
    ``index``: the holes' pieces and tree (_piece_tree) when already built."""
    _, tree = index or _piece_tree([h.exterior for h in holes])
    return _median(_edge_nearest(ring, tree))


class _Nearest(NamedTuple):
    """Points (``coords`` and as geometry), each with the index of its nearest piece in
    a tree of pieces (_piece_tree) and its distance from it, as the tree's nearest
    query gives them."""

    coords: np.ndarray
    points: np.ndarray
    piece: np.ndarray
    distance: np.ndarray


def _nearest(coords: np.ndarray, tree: shapely.STRtree) -> _Nearest:
    """The points at ``coords`` with their nearest piece in ``tree``: one query a point."""
    points = cast(np.ndarray, shapely.points(coords))
    (which, piece), distance = tree.query_nearest(points, return_distance=True,
                                                  all_matches=False)
    return _Nearest(coords[which], points[which], piece, distance)


#: Points on a boundary that its usual outline is the median over (_typical_outline);
#: a boundary of more than MOST_POINTS vertices is dense: every k-th of its points is
#: queried for the median, and its thinnest found by GEOS (_thinnest_dense).
USUAL_POINTS = 400
MOST_POINTS = 2 * USUAL_POINTS


def _edge_nearest(ring: Polygon, tree: shapely.STRtree) -> _Nearest:
    """The p = USUAL_POINTS points on ``ring``'s outer boundary (_typical_outline): its
    vertices, and more along its longer sides, with their nearest hole boundary pieces.
    A boundary of more than MOST_POINTS (a curve drawn as short chords, a symbol bent
    round a buoy) gives every k-th of them, k the least that keeps at most MOST_POINTS:
    as many as a boundary of plain sides gives, for a median."""
    edge = shapely.get_coordinates(
        shapely.segmentize(ring.exterior, ring.exterior.length / USUAL_POINTS))
    return _nearest(edge[::max(1, math.ceil(len(edge) / MOST_POINTS))], tree)


def _median(near: _Nearest) -> float:
    """The median distance of the points ``near``."""
    return statistics.median(near.distance.tolist())  # np.median would import numpy.ma: 20 ms


def _vertices_among(near: _Nearest, boundary: BaseGeometry) -> _Nearest | None:
    """Of the points ``near``, those at the vertices of ``boundary``, when they are its
    vertices bit for bit and in order (segmentize keeps each vertex and adds points
    between them), so that they are what a query of its vertices gives; else None.
    The outer boundary's vertices are queried once, for its usual outline and for its
    thinnest (_thinnest)."""
    vertices = shapely.get_coordinates(boundary)
    if len(near.coords) == len(vertices):  # no point added between them
        return near if _bit_for_bit(near.coords, vertices) else None
    at_vertex = np.isin(_as_complex(near.coords), _as_complex(vertices))
    if not _bit_for_bit(near.coords[at_vertex], vertices):
        return None
    return _Nearest(*(column[at_vertex] for column in near))


def _bit_for_bit(a: np.ndarray, b: np.ndarray) -> bool:
    """Whether the float arrays ``a`` and ``b`` are equal bit for bit (0.0 is not -0.0)."""
    return np.array_equal(a.view(np.int64), b.view(np.int64))


def _as_complex(coords: np.ndarray) -> np.ndarray:
    """(x, y) rows as the complex numbers x + iy, exactly, to compare points as values."""
    return coords[:, 0] + 1j * coords[:, 1]


#: Segments in a piece of a hole's boundary (_typical_outline): fewer pieces mean fewer
#: tree steps, longer ones more segments measured a step; 8 was fastest on the bench.
PIECE = 8


def _piece_tree(rings: list) -> tuple[np.ndarray, shapely.STRtree]:
    """The boundaries ``rings`` in pieces (_ring_pieces) and their STR tree, two to a
    node: built once for a symbol's holes, whose thinnest outline (_thinnest) and usual
    one (_typical_outline) both query it."""
    pieces = _ring_pieces(rings)
    return pieces, shapely.STRtree(pieces, node_capacity=2)


def _ring_pieces(rings: list) -> np.ndarray:
    """The boundaries ``rings`` cut into LineStrings of PIECE segments (the last of a
    ring shorter), each sharing its first point with the end of the one before: O(v)."""
    coords, index = shapely.get_coordinates(np.array(rings, dtype=object), return_index=True)
    first = np.flatnonzero(np.concatenate(([True], index[1:] != index[:-1])))  # a ring's first
    last = np.concatenate((first[1:], [len(coords)])) - 1  # its closing point
    starts = np.concatenate([np.arange(a, b, PIECE) for a, b in zip(first, last, strict=True)])
    stops = np.minimum(starts + PIECE, np.repeat(last, (last - first + PIECE - 1) // PIECE))
    sizes = stops - starts + 1
    offsets = np.arange(sizes.sum()) - np.repeat(np.cumsum(sizes) - sizes, sizes)
    return shapely.linestrings(coords[np.repeat(starts, sizes) + offsets],
                               indices=np.repeat(np.arange(len(sizes)), sizes))


#: Slack on a distance found one way (a nearest query) when testing it another (the
#: tree's within-distance test): a thousand-millionth of it, and WITHIN_SLACK_IN inches
#: (for a distance of 0), both far beyond rounding.
WITHIN_SLACK, WITHIN_SLACK_IN = 1e-9, 1e-12


def _thinnest(outer: BaseGeometry, inner: list[BaseGeometry],
              inner_index: tuple[np.ndarray, shapely.STRtree] | None = None,
              outer_nearest: _Nearest | None = None) -> tuple[float, LineString]:
    """The least distance between the boundary ``outer`` and the boundaries ``inner``
    (which it does not cross), and a shortest line there: the least distance from a
    vertex of either to the other's segments (``outer``'s first; an inner vertex only
    when nearer still). With n and m vertices: STR trees of each side's boundary in
    pieces of PIECE segments and one nearest query a vertex, O((n + m) log(n + m));
    GEOS's distance between two lines is O(n m), minutes for the outlines a plot of
    arcs as thousands of chords gives (LibreCAD's). Only the inner vertices the tree
    finds within the outer side's least distance (WITHIN_SLACK) can be nearer, and only
    they are queried. ``inner_index``: ``inner``'s pieces and tree (_piece_tree) when
    already built; ``outer_nearest``: ``outer``'s vertices, in order, queried in that
    tree when already done (_vertices_among)."""
    pieces, tree = inner_index or _piece_tree(inner)
    near = outer_nearest or _nearest(shapely.get_coordinates(outer), tree)
    k = int(np.argmin(near.distance))
    least, point, piece = float(near.distance[k]), near.points[k], pieces[near.piece[k]]
    outer_pieces, outer_tree = _piece_tree([outer])
    coords = shapely.get_coordinates(np.array(inner, dtype=object))
    reach = least * (1 + WITHIN_SLACK) + WITHIN_SLACK_IN
    near_pairs = outer_tree.query(shapely.points(coords), predicate="dwithin", distance=reach)
    close = np.flatnonzero(np.bincount(near_pairs[0], minlength=len(coords)))  # in order
    # (np.unique would import numpy.ma: about 12 ms a process)
    if close.size:
        near = _nearest(coords[close], outer_tree)
        k = int(np.argmin(near.distance))
        if near.distance[k] < least:
            least, point, piece = float(near.distance[k]), near.points[k], outer_pieces[
                near.piece[k]]
    return least, shapely.shortest_line(point, piece)


def _thinnest_dense(outer: BaseGeometry, inner: list[BaseGeometry]
                    ) -> tuple[float, LineString]:
    """_thinnest of an ``outer`` boundary of more than MOST_POINTS vertices, of which
    _edge_nearest queried some:
    GEOS's nearest points of the two sides with ``inner`` prepared (its indexed facet
    distance: STR trees of both sides' segments searched together, O((n + m) log(n + m))
    with no query a vertex): the least distance of the same segments (as the length of
    the line found, equal to its last bits or so), and the line; where the least is
    found in several places (a symmetric drawing, exactly), the one GEOS finds first."""
    sides = MultiLineString([shapely.get_coordinates(boundary) for boundary in inner])
    shapely.prepare(sides)
    line = shapely.shortest_line(sides, outer)
    return float(line.length), line


def _inner_diamond(ring: Polygon, outline: float) -> Polygon:
    """The diamond inside the outline: ``ring``'s outer boundary moved in by the
    outline's usual thickness (and 0.01 in)."""
    return mitre_buffer(Polygon(ring.exterior), -(outline + 0.01))


def _has_cross(ring: Polygon, inner: Polygon) -> bool:
    """Orange bars crossing the whole centre: orange inside the ``inner`` diamond
    (_inner_diamond) covering most of its vertical or horizontal axis, so a cross with
    white words knocked out of its middle counts, and letters touching the outline or
    an uneven outline do not."""
    if inner.is_empty or ring.intersection(inner).area <= 0.05 * inner.area:
        return False
    x0, y0, x1, y1 = inner.bounds
    c = inner.centroid
    axes = [inner.intersection(LineString([(c.x, y0 - 1), (c.x, y1 + 1)])),
            inner.intersection(LineString([(x0 - 1, c.y), (x1 + 1, c.y)]))]
    return any(axis.length > 0 and ring.intersection(axis).length > 0.5 * axis.length
               for axis in axes)


def _white_quarters(ring: Polygon, inner: Polygon) -> int:
    """How many quarters of an exclusion diamond's centre are white: of the ``inner``
    diamond (_inner_diamond) cut in four about its middle, those the orange (cross bars
    and all) does not all but fill; white words knocked out of the cross do not count
    against it."""
    x0, y0, x1, y1 = inner.bounds
    c = inner.centroid
    count = 0
    for qx0, qy0, qx1, qy1 in ((x0, y0, c.x, c.y), (c.x, y0, x1, c.y), (x0, c.y, c.x, y1),
                               (c.x, c.y, x1, y1)):
        quarter = inner.intersection(box(qx0, qy0, qx1, qy1))
        if quarter.area and ring.intersection(quarter).area < 0.9 * quarter.area:
            count += 1
    return count


#: A symbol's centre less than this fraction covered by any one color is unpainted.
UNPAINTED_BELOW = 0.5


#: What two families cover of a centre is not told apart closer than this share of its
#: area (_center_family): a millionth, far beyond rounding.
CENTER_SLACK = 1e-6


def _center_family(fam: dict, holes: list[Polygon]) -> str | None:
    """The family covering most of the symbol's centre (``holes``), the first of equal
    ones; None when no family covers half of it (the centre is left unpainted, as in a
    PDF or DXF proof drawn on paper). Most often one family is clearly it, and no
    overlay is needed to say so (_clear_center); else each is intersected with the
    centre (_most_covering)."""
    center = unary_union(holes)
    shapely.prepare(center)
    return _clear_center(fam, center, holes) or _most_covering(fam, center)


def _clear_center(fam: dict, center: BaseGeometry, holes: list[Polygon]) -> str | None:
    """The family that covers most of ``center`` (prepared; the union of ``holes``) and
    half of it beyond doubt, found without an overlay: what it covers at least
    (_least_within) is half the centre and more, by more than the slack, than any
    other family covers at most (its area, or failing that _most_within). None when no
    family is that clear. Families are overlay results, their polygons disjoint."""
    half = UNPAINTED_BELOW * center.area
    slack = CENTER_SLACK * center.area
    rings = [shapely.get_coordinates(h.exterior) for h in holes]
    for family, (geometry, _) in fam.items():
        if geometry.area < half + slack:
            continue
        least = _least_within(geometry, center, rings)
        if least >= half + slack and all(
                other.area < least - slack or _most_within(other, center, rings) < least - slack
                for name, (other, _) in fam.items() if name != family):
            return family
    return None


def _least_within(geometry: BaseGeometry, center: BaseGeometry, rings: list[np.ndarray]
                  ) -> float:
    """At least what ``geometry`` covers of ``center`` (prepared): the area of its
    polygons lying wholly in it, those whose outer boundary is a hole's (``rings``) and
    those a prepared test finds covered; only a polygon whose box is in the centre's is
    looked at. 0 for a geometry not of polygons."""
    if geometry.geom_type not in ("Polygon", "MultiPolygon"):
        return 0.0
    parts = _parts_in_box(geometry, center.bounds, inside=True)
    own = np.array([_is_a_ring(shapely.get_coordinates(p.exterior), rings) for p in parts],
                   dtype=bool)
    others = parts[~own]
    covered = others[shapely.covers(center, others)]
    return float(shapely.area(parts[own]).sum() + shapely.area(covered).sum())


def _most_within(geometry: BaseGeometry, center: BaseGeometry, rings: list[np.ndarray]
                 ) -> float:
    """At most what ``geometry`` covers of ``center``: the area of its parts whose box
    meets the centre's, but a polygon holding every hole (``rings``) as one of its own
    (the symbol's ring), which only borders the centre."""
    parts = _parts_in_box(geometry, center.bounds, inside=False)
    return float(sum(p.area for p in parts if not _around(p, rings)))


def _around(part: BaseGeometry, rings: list[np.ndarray]) -> bool:
    """Whether ``part`` is a polygon with each of ``rings`` among its holes: nothing of
    it lies inside them."""
    if not isinstance(part, Polygon):
        return False
    own = [shapely.get_coordinates(hole) for hole in part.interiors]
    return all(_is_a_ring(ring, own) for ring in rings)


def _parts_in_box(geometry: BaseGeometry, bounds: tuple[float, float, float, float],
                  inside: bool) -> np.ndarray:
    """``geometry``'s parts whose box lies ``inside`` the box ``bounds``, or meets it."""
    parts = shapely.get_parts(geometry)
    x0, y0, x1, y1 = bounds
    px0, py0, px1, py1 = shapely.bounds(parts).T
    if inside:
        return parts[(px0 >= x0) & (py0 >= y0) & (px1 <= x1) & (py1 <= y1)]
    return parts[(px0 <= x1) & (x0 <= px1) & (py0 <= y1) & (y0 <= py1)]


def _is_a_ring(coords: np.ndarray, rings: list[np.ndarray]) -> bool:
    """Whether the closed ring ``coords`` is one of ``rings``: the same vertices in the
    same cyclic order, either way round, from any start (the same boundary, so the same
    area inside it)."""
    vertices = coords[:-1]
    count = len(vertices)
    for ring in rings:
        other = ring[:-1]
        if len(other) != count or not count:
            continue
        for way in (vertices, vertices[::-1]):
            twice = np.concatenate((way, way))
            for start in np.flatnonzero((way == other[0]).all(axis=1)):
                if np.array_equal(twice[start:start + count], other):
                    return True
    return False


def _most_covering(fam: dict, center: BaseGeometry) -> str | None:
    """The family covering most of ``center`` (prepared), each intersected with it, the
    first of equal ones; None when none covers half of it. Only a family whose box meets
    the centre's and whose area does more than touch it (a prepared test: the ring
    itself only borders its holes) is intersected with it; the rest cover none of it. A
    family smaller in all than what the best so far covers (less the slack) cannot
    cover more and is not looked at."""
    cx0, cy0, cx1, cy1 = center.bounds
    slack = CENTER_SLACK * center.area
    best, most = None, -1.0
    for family, (geometry, _) in fam.items():
        if geometry.area < most - slack:
            continue
        x0, y0, x1, y1 = geometry.bounds
        meets = x0 <= cx1 and cx0 <= x1 and y0 <= cy1 and cy0 <= y1 \
            and center.intersects(geometry) and not center.touches(geometry)
        area = geometry.intersection(center).area if meets else 0.0
        if area > most:
            best, most = family, area
    return best if most >= UNPAINTED_BELOW * center.area else None


def _measure_symbol(ring: Polygon, shape: str, color: ColorMatch, fam: dict
                    ) -> tuple[SymbolFacts, float | None]:
    """The symbol's facts from its ``ring`` of ``color``, whose outline is ``shape``
    (shape_of), and its usual outline thickness (None for a symbol without a center)."""
    usual, outline, outline_at = None, None, None
    center_color: ColorMatch | None = color
    unpainted, cross, quarters = False, False, None
    outer, holes = _outer_and_holes(ring)
    if holes:
        center = _center_family(fam, holes)
        center_color = fam[center][1] if center is not None else None
        unpainted = center is None
        boundaries: list[BaseGeometry] = [h.exterior for h in holes]
        index = _piece_tree(boundaries)
        edge = _edge_nearest(ring, index[1])
        if len(ring.exterior.coords) > MOST_POINTS:
            outline, closest = _thinnest_dense(ring.exterior, boundaries)
        else:
            outline, closest = _thinnest(ring.exterior, boundaries, index,
                                         _vertices_among(edge, ring.exterior))
        outline_at = bbox_of(closest.buffer(0.05))
        usual = _median(edge)
        if shape == "diamond":
            inner = _inner_diamond(ring, usual)
            cross = _has_cross(ring, inner)
            quarters = _white_quarters(ring, inner) if cross else None
    size_name, size, angles, roundness = _size(outer, holes, shape)
    return SymbolFacts(shape, outer, color, center_color, unpainted, cross, quarters,
                       size_name, size, outline, outline_at, angles, roundness), usual


def _outer_and_holes(ring: Polygon) -> tuple[Polygon, list[Polygon]]:
    """The area inside the symbol's ``ring`` and its holes but specks, largest first."""
    holes = sorted((Polygon(h) for h in ring.interiors), key=lambda p: -p.area)
    return Polygon(ring.exterior), [h for h in holes if h.area > SPECK]


def _size(outer: Polygon, holes: list[Polygon], shape: str
          ) -> tuple[str | None, float | None, tuple[float, ...], float | None]:
    """The (6)(c) size of a symbol by name, a diamond's side angles and a circle's
    roundness."""
    x0, y0, x1, y1 = outer.bounds
    if shape == "diamond":
        return "outside width", x1 - x0, tuple(side_angles(outer)), None
    if shape == "circle" and holes:
        size = 2 * fit_circle(np.asarray(holes[0].exterior.coords)[:-1])[2]
        outer_r, inner_r = radii(outer.exterior), radii(holes[0].exterior)
        roundness = float(max(np.ptp(outer_r), np.ptp(inner_r)) / (2 * outer_r.max()))
        return "inner diameter", size, (), roundness
    if shape == "rectangle" and holes:
        ix0, iy0, ix1, iy1 = holes[0].bounds
        if (x1 - x0) >= 0.98 * (y1 - y0):
            return "mean of inside and outside heights", ((y1 - y0) + (iy1 - iy0)) / 2, (), None
        return "mean of inside and outside widths", ((x1 - x0) + (ix1 - ix0)) / 2, (), None
    return None, None, (), None


def _symbol_kind(symbol: SymbolFacts) -> str | None:
    """The shape a symbol is detected as (named by the pack's kinds)."""
    if symbol.shape == "diamond":
        return "diamond-cross" if symbol.has_cross else "diamond"
    return symbol.shape if symbol.shape in ("circle", "rectangle") else None


#: How far a box is grown (x0, y0, x1, y1) to hold a shape buffered by SPECK.
_GROW = np.array([-2 * SPECK, -2 * SPECK, 2 * SPECK, 2 * SPECK])


def _healed(fam: dict) -> dict:
    """``fam`` with the orange as it would be without lettering painted across it.

    Letters that touch or cross the symbol cut notches into its visible orange (or cut
    it apart), so the outline would be measured where they cut in and the ring might not
    be found at all. The symbols are convex, so the orange a line of letters joins up is
    restored as (orange + those letters) inside the convex hull of that orange, and then
    only within the outline's usual thickness of the hull's edge (so letters stand
    neither outside the symbol nor into its center). A letter is a piece smaller than 5 % of
    the largest orange shape (a painted center is not). Not done when the hull would
    reach far beyond what is painted (letters bridging two separate orange things).

    n letter outlines against the orange: a prepared test of each one's box, grown by
    twice SPECK, then for those whose box meets the orange one buffer and one prepared
    intersects test, O(n log v); a letter whose grown box misses the orange cannot
    touch it once grown by SPECK.
    """
    if "orange" not in fam:
        return fam
    orange, match = fam["orange"]
    parts = polygons(orange)
    if not parts:
        return fam
    glyph = 0.05 * Polygon(parts[0].exterior).area  # a letter, not a painted center
    shapely.prepare(orange)
    small = [p for family, (geometry, _) in fam.items() if family not in ("white", "orange")
             for p in polygons(geometry) if p.area < glyph]
    near = [p for p in small if orange.intersects(box(*np.add(p.bounds, _GROW)))]
    grown = [p.buffer(SPECK) for p in near]
    touching = [g for g in grown if orange.intersects(g)]
    if not touching:
        return fam
    letters = unary_union(touching)
    healed = []
    for part in polygons(unary_union([orange, letters])):
        hull = part.intersection(orange).convex_hull
        if hull.area > 1.05 * Polygon(part.exterior).area:
            return fam
        whole = part.intersection(hull)
        holes = [Polygon(h) for h in getattr(whole, "interiors", []) if Polygon(h).area > SPECK]
        if holes:  # letters standing into the center are not outline: keep the band only
            join = "round" if shape_of(hull) == "circle" else "mitre"
            band = hull.difference(hull.buffer(-_typical_outline(whole, holes), join_style=join))
            whole = unary_union([part.intersection(orange), letters.intersection(band)])
        healed.append(whole)
    return {**fam, "orange": (unary_union(healed), match)}


def _on_outline(legends: list[LegendFact], ring: BaseGeometry, outer: Polygon, shape: str,
                usual: float | None, near: float) -> list[tuple[LegendFact, float, float]]:
    """Each line of lettering near the symbol's outline, with the area of its letters
    lying on the outline (the band of ``usual`` thickness inside ``outer``, whose outline
    is a ``shape``; square inches) and its clearance from the outline as painted (the
    symbol's family ``ring`` inside ``outer``, inches; a cross inside is not the
    outline); lines clear of the outline by more than ``near`` (a length tolerance)
    are left out.
    A ``<text>`` line is measured by its estimated box.

    n lines, each a prepared intersects test against the band, followed by one
    intersection when it meets it. The outline as painted lies within ``near`` of the
    band (it is cut to the band grown by ``near``), so a line without letters on the
    band that a prepared test finds more than 3 ``near`` from it (2 and room for the
    grown band's approximation) is farther than ``near`` from the outline and left out
    unmeasured; the painted outline is cut (two intersections) only for a line that is
    not, and measured against with a prepared intersects test and, when that fails, one
    distance (letters meeting the outline are 0 from it) if a prepared within-``near``
    test says it is near enough to be kept. A line whose box lies more than 4 ``near``
    from the symbol's (the band's) along x or y is farther than 3 ``near`` from the band:
    it is left out before the band is made, which a symbol with only such lines needs
    not."""
    if usual is None or not legends:
        return []
    lines = [(leg, _letters_of(leg)) for leg in legends]
    lines = [(leg, letters) for leg, letters in lines
             if not _boxes_apart(letters.bounds, outer.bounds) > 4 * near]
    if not lines:
        return []
    join: Literal["round", "mitre"] = "round" if shape == "circle" else "mitre"
    band = outer.difference(outer.buffer(-usual, join_style=join))
    shapely.prepare(band)
    painted = None
    found = []
    for leg, letters in lines:
        area = float(letters.intersection(band).area) if band.intersects(letters) else 0.0
        if area <= SPECK and not shapely.dwithin(band, letters, 3 * near):
            continue  # more than ``near`` from the outline and not on it
        if painted is None:  # the outline, not a cross inside it
            painted = ring.intersection(outer).intersection(band.buffer(near))
            shapely.prepare(painted)
        if painted.intersects(letters):
            clearance = 0.0
        elif area > SPECK or shapely.dwithin(painted, letters, near):
            clearance = float(letters.distance(painted))
        else:
            continue  # farther than ``near`` from the outline and not on it
        if area > SPECK or clearance <= near:
            found.append((leg, area if area > SPECK else 0.0, clearance))
    return found


def _letters_of(leg: LegendFact) -> BaseGeometry:
    """A line's letters: its outlines, or a ``<text>`` line's estimated box."""
    if leg.outline is not None:
        return leg.outline
    x, y, w, h = leg.bbox
    return box(x, y, x + w, y + h)


def _boxes_apart(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """How far apart the boxes (x0, y0, x1, y1) ``a`` and ``b`` are along x or y, the
    more (at most their distance; not above 0 when they overlap)."""
    return max(a[0] - b[2], b[0] - a[2], a[1] - b[3], b[1] - a[3])


def _measure_aid(fam: dict, family: str, panel: BaseGeometry
                 ) -> tuple[AidFace, SymbolFacts, str]:
    """An aid's face of ``family``: its color, shape and stripes, its outline as the
    symbol's, and the shape it is detected as."""
    face_geom, match = fam[family]
    filled = Polygon(polygons(face_geom)[0].exterior)
    if family == "black":  # stripes reaching the top of the striped face (on a blank,
        x0, _, x1, y1 = panel.bounds  # the panel's white goes round the face)
        y0 = face_geom.bounds[1]
        top_edge = box(x0, y0, x1, y0 + 0.02 * (y1 - panel.bounds[1]))
        stripes = len(polygons(face_geom.intersection(top_edge)))
        return AidFace(match, "striped", stripes), SymbolFacts(outer=filled), "striped-aid"
    nearest = match.nearest if family == OTHER else family
    return (AidFace(match, shape_of(filled)), SymbolFacts(outer=filled),
            "green-aid" if nearest == "green" else "red-aid")


def _find_ring(fam: dict, panel_area: float) -> tuple[str, Polygon, str] | None:
    """The regulatory symbol: the biggest colored shape that is a ring (one large hole,
    or a diamond whose center a cross splits into quarters), orange first; a solid
    orange diamond, circle or square counts too (its center is then not white).
    Aid faces are filled: their only holes are letters. Its family, shape and the
    shape of its outline (shape_of), looked at only for a shape with a large hole, with
    holes a cross could leave, or of orange."""
    for family in sorted((f for f in fam if f != "white"), key=lambda f: f != "orange"):
        parts = polygons(fam[family][0])
        if not parts or parts[0].area < 0.03 * panel_area:
            continue
        shape = parts[0]
        filled = Polygon(shape.exterior)
        holes = sorted((Polygon(h).area for h in shape.interiors), reverse=True)
        large_hole = bool(holes) and holes[0] > 0.15 * filled.area
        quarters = len(holes) >= 2 and sum(holes) > 0.005 * filled.area
        if not (large_hole or quarters or family == "orange"):
            continue
        outline = shape_of(filled)
        if large_hole or (outline == "diamond" and quarters):
            return family, shape, outline
        if family == "orange" and outline in ("diamond", "circle", "rectangle"):
            return family, shape, outline
    return None


def _aid_face(fam: dict, share: dict[str, float]) -> str | None:
    """The color family of an aid's face: the biggest non-white area covering a fifth
    of the panel; red, green, black stripes, a face in no family but nearest red or
    green, or a triangle in a wrong color (judged as a red nun so that aid-color can
    say so)."""
    family = max((f for f in fam if f != "white"), key=lambda f: share[f], default=None)
    if family is None or share[family] <= 0.2 or not polygons(fam[family][0]):
        return None
    if family in ("red", "green", "black"):
        return family
    if family == OTHER and fam[family][1].nearest in ("red", "green"):
        return family  # a wrong paint nearest red or green: aid-color names it
    face = Polygon(polygons(fam[family][0])[0].exterior)
    return family if shape_of(face) == "triangle" else None


#: A border's outer edge fills at least this share of its envelope: a square or
#: rectangular silhouette (a band drawn as a stroke has mitred or round corners).
BORDER_FILL = 0.97
#: What lies within a border is at least this share of the area inside its outer edge
#: (one large hole, as a ring symbol's: _find_ring), and the symbol within it at least
#: this share of that: a ring with nothing of its color inside is a symbol, not a
#: border. (A 4.5 in band leaves 39 % of a 24 in beacon within it.)
BORDER_HOLE, BORDER_SYMBOL = 0.15, 0.03
#: A square silhouette: sides within this share of each other.
SQUARE_WITHIN = 0.02


def _border(fam: dict) -> tuple[Border, dict, Polygon] | None:
    """The band forming the outside border of the face: the largest shape of the
    largest colored family (white aside) that is a ring with a rectangular outer edge
    (BORDER_FILL) around a large hole (BORDER_HOLE) holding more of its color (a
    symbol, BORDER_SYMBOL). Returned with the families cut to what lies within the
    border and that area (the panel the symbol is measured on); None without one."""
    colored = [f for f in fam if f != "white" and polygons(fam[f][0])]
    if not colored:
        return None
    family = max(colored, key=lambda f: fam[f][0].area)
    geometry, match = fam[family]
    ring = polygons(geometry)[0]
    outer = Polygon(ring.exterior)
    holes = sorted((Polygon(h) for h in ring.interiors), key=lambda p: -p.area)
    if not holes or outer.area < BORDER_FILL * outer.envelope.area or \
            holes[0].area < BORDER_HOLE * outer.area:
        return None
    within = holes[0]
    inside = {f: (g.intersection(within), m) for f, (g, m) in fam.items()}
    if inside[family][0].area < BORDER_SYMBOL * within.area:
        return None
    width, closest = _thinnest(ring.exterior, [within.exterior])
    x0, y0, x1, y1 = outer.bounds
    w, h = x1 - x0, y1 - y0
    silhouette = shape_of(outer)
    if silhouette == "rectangle" and abs(w - h) <= SQUARE_WITHIN * max(w, h):
        silhouette = "square"
    ground = _center_family({f: v for f, v in inside.items() if f != family}, [within])
    border = Border(match, width, bbox_of(closest.buffer(0.05)), silhouette,
                    fam[ground][1] if ground is not None else None, outer)
    return border, {f: v for f, v in inside.items() if not v[0].is_empty}, within


def _framed(fam: dict, panel: BaseGeometry, m: Measuring
            ) -> tuple[Border | None, dict, BaseGeometry]:
    """The face's border band (for a pack whose kinds frame faces), and the families
    and panel the symbol is looked for in: those within the border, else as given."""
    found = _border(fam) if m.frames() else None
    return (None, fam, panel) if found is None else found


def _shape_framed(shape: str | None, border: Border | None) -> str | None:
    """The shape a face is detected as: its symbol's, framed when a border was set
    aside (FRAMED)."""
    return FRAMED + shape if border is not None and shape is not None else shape


class SymbolRing(NamedTuple):
    """What measure_face finds before it measures."""

    fam: dict
    panel: BaseGeometry
    #: the border set aside (None without one)
    border: Border | None
    #: the families healed of letters across the symbol
    healed: dict
    #: the symbol's ring: its family, polygon and outline's shape (None without one)
    ring: tuple[str, Polygon, str] | None


def _symbol_ring(art: Artwork, m: Measuring) -> SymbolRing:
    """The families, panel, border and symbol ring of a face (SymbolRing)."""
    fam = family_geometry(art)
    panel = art.features.get("panel")
    if panel is None:  # the box of what is painted
        painted = [g for g, _ in fam.values() if not g.is_empty]
        panel = box(*shapely.total_bounds(painted)) if painted else art.bounds
    border, fam, panel = _framed(fam, panel, m)
    healed = _healed(fam)
    return SymbolRing(fam, panel, border, healed, _find_ring(healed, panel.area or 1.0))


def face_proportion(art: Artwork, m: Measuring) -> tuple[float | None, float] | None:
    """The symbol's size (None without a symbol) and the display height that
    measure_face gives ``art``, when the height is given or declared and so needs no
    lettering read: None otherwise. The same values, found without measuring the
    outline or reading the letters (how buoys choose the basis a face is read in)."""
    height = _height_declared(art, m.display_height)
    if height is None:
        return None
    ring = _symbol_ring(art, m).ring
    if ring is None:  # an aid's face or none: no symbol size
        return None, height
    _, polygon, shape = ring
    outer, holes = _outer_and_holes(polygon)
    return _size(outer, holes, shape)[1], height


def measure_face(art: Artwork, m: Measuring) -> Facts:
    """Measure a flat face (a regulatory sign or an aid, or a face a buoy carries) with
    ``m``'s law; a display height given overrides the drawing's own. ``Facts.kind`` is
    the kind the pack reports the shape detected as (Measuring.kind)."""
    law = m.law
    fam, panel, border, healed, ring = _symbol_ring(art, m)
    area = panel.area or 1.0
    aid_family = None  # an aid's face is looked for only where no symbol is
    if ring is None:
        aid_family = _aid_face(fam, {f: g.area / area for f, (g, _) in fam.items()})
    symbol, aid, kind, usual = SymbolFacts(), AidFace(), None, None
    if ring is not None:
        symbol, usual = _measure_symbol(ring[1], ring[2], healed[ring[0]][1], healed)
        kind = _symbol_kind(symbol)
        ground = {"white", ring[0], symbol.center_color.family if symbol.center_color else None}
        letters = [f for f in fam if f not in ground]
        legends = legend_facts(art, fam, letters, symbol.outer, None)
    elif aid_family is not None:
        aid, symbol, kind = _measure_aid(fam, aid_family, panel)
        letters = [f for f in fam if f != aid_family]
        legends = legend_facts(art, fam, letters, symbol.outer, enclosed_by(fam[aid_family][0]))
    else:
        legends = legend_facts(art, fam, [], None, None)
    is_aid = aid_family is not None
    legends = read_lines(legends, "ws_id" if is_aid else "legend")
    legends, label, label_basis = split_label(
        art, fam, symbol.outer, panel, legends, aid_family if is_aid else None, law)
    on_outline: tuple[tuple[LegendFact, float, float], ...] = ()
    if ring is not None:
        assert symbol.outer is not None and symbol.shape is not None  # measured on the ring
        on_outline = tuple(_on_outline(legends, fam[ring[0]][0], symbol.outer, symbol.shape,
                                       usual, law.req("length_tolerance")))
    display = _display(art, kind, symbol, panel, m.display_height,
                       legends + ([label] if label else []), law)
    text, basis = read_legend(legends)
    ws_id = ws_id_basis = None
    if is_aid:
        ws_id, ws_id_basis = read_identification(art, legends, symbol.outer)
        basis = ws_id_basis
    letters_ = Lettering(tuple(legends), on_outline, text, basis, ws_id, ws_id_basis, label,
                         label_basis, art.meta.get("permit_id"))
    drawing = Drawing(str(art.meta.get("source", "")), art.meta.get("kind"))
    return Facts(m.kind(_shape_framed(kind, border)), drawing, display, symbol, letters_,
                 aid, border=border)
