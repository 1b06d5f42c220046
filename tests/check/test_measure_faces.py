"""Issue 14: the shortcuts measuring a flat face takes give, bit for bit, what the whole
computation gives. The usual outline thickness from a tree of boundary pieces against
each point's distance to the holes measured by GEOS; the lines of lettering on or near
the outline, and the colour of the centre, against the same tests made on every line
and every family with nothing skipped. Geometry drawn here with shapely, not by our
builders."""

from __future__ import annotations

import statistics

import numpy as np
import pytest
import shapely
from shapely.geometry import MultiLineString, MultiPolygon, Point, Polygon, box

from markers.check.measure import faces
from markers.check.measure.common import LegendFact
from markers.core.colors import classify
from markers.core.shapes import SPECK
from wi import PACK


def _diamond(cx: float, cy: float, half: float) -> list[tuple[float, float]]:
    return [(cx, cy - half), (cx + half, cy), (cx, cy + half), (cx - half, cy)]


def _rings() -> list[tuple[str, Polygon]]:
    """Rings of the shapes vendors draw, with boundaries of vertex counts that PIECE
    does and does not divide: a circle, a diamond with a cross (four holes), a
    rectangle, and an uneven outline with letters notched into it."""
    circle = Point(10, 10).buffer(9, quad_segs=37)
    inside = Point(10.03, 9.98).buffer(7, quad_segs=23)
    cross = Polygon(_diamond(12, 12, 11), [
        q.exterior.coords for q in Polygon(_diamond(12, 12, 8)).difference(
            box(11, 0, 13, 24).union(box(0, 11, 24, 13))).geoms])
    uneven = Polygon([(0, 0), (20, 0.3), (21, 14), (9, 14.5), (9, 13.2), (8, 13.2),
                      (8, 14.4), (-0.5, 14)],
                     [[(2, 2), (18, 2.2), (18.7, 12), (2.4, 12.5), (2.2, 7)]])
    return [("circle", circle.difference(inside)), ("cross", cross),
            ("rectangle", box(0, 0, 30, 12).difference(box(1.5, 1.5, 28.5, 10.5))),
            ("uneven", uneven)]


@pytest.mark.parametrize("name,ring", _rings())
def test_usual_outline_is_the_median_of_each_points_distance_to_the_holes(name, ring):
    holes = [Polygon(h) for h in ring.interiors]
    assert holes, name
    edge = shapely.segmentize(ring.exterior, ring.exterior.length / 400)
    points = shapely.points(shapely.get_coordinates(edge))
    each = shapely.distance(points, MultiLineString([h.exterior.coords for h in holes]))
    assert faces._typical_outline(ring, holes) == statistics.median(each.tolist())


@pytest.mark.parametrize("name,ring", _rings())
def test_boundary_pieces_hold_every_segment_of_the_holes_once_in_order(name, ring):
    rings = [Polygon(h).exterior for h in ring.interiors]
    pieces = faces._ring_pieces(rings)
    assert all(len(p.coords) - 1 <= faces.PIECE for p in pieces)
    segments = [seg for p in pieces for seg in zip(p.coords, p.coords[1:])]
    expected = [seg for r in rings for seg in zip(r.coords, r.coords[1:])]
    assert segments == expected


def _letters(x: float, y: float, n: int = 4, h: float = 1.0) -> MultiPolygon:
    """A line of ``n`` block letters, ``h`` high, its top left corner at (x, y)."""
    return MultiPolygon([box(x + i * 0.8 * h, y, x + i * 0.8 * h + 0.6 * h, y + h)
                         for i in range(n)])


def _line(letters: MultiPolygon) -> LegendFact:
    x0, y0, x1, y1 = letters.bounds
    return LegendFact(None, y1 - y0, 0.2, classify("#000000"), (x0, y0, x1 - x0, y1 - y0),
                      False, True, letters)


def _every_line(legends, ring, outer, usual):
    """Every line intersected with the band and measured against the painted outline,
    nothing skipped."""
    near = PACK.law.req("length_tolerance")
    band = outer.difference(outer.buffer(-usual, join_style="mitre"))
    painted = ring.intersection(outer).intersection(band.buffer(near))
    found = []
    for leg in legends:
        clearance = 0.0 if painted.intersects(leg.outline) else leg.outline.distance(painted)
        area = leg.outline.intersection(band).area
        if area > SPECK or clearance <= near:
            found.append((leg, area if area > SPECK else 0.0, clearance))
    return found


def test_lines_on_near_and_clear_of_the_outline_are_found_as_measuring_every_line():
    """A danger diamond's 2 in outline and lines of letters on it, touching it, clear of
    it by less and by more than the length tolerance, just beyond three times it, far
    off below, inside the centre, a line whose letters stand on the band where the
    outline's paint is notched away, and one inside, clear of the band by more than the
    length tolerance but close to where the paint runs thicker than usual."""
    outer = Polygon(_diamond(12, 12, 10))
    inner = outer.buffer(-2, join_style="mitre")
    notch = box(1.5, 11.5, 3.5, 12.5)
    thick = inner.difference(inner.buffer(-0.008, join_style="mitre")).intersection(
        box(4, 12.5, 11.5, 20))  # along the lower left side, 0.008 in into the centre
    ring = outer.difference(inner).union(thick).difference(notch)
    # the thick paint's edge runs on y - x = c; a letter's top left corner is the
    # nearest to it: 0.005 in from it when its top is at y = 7 + c - 0.005 sqrt 2
    c = 12 - inner.bounds[0] - 0.008 * 2 ** 0.5
    thick_side = _letters(7, 7 + c - 0.005 * 2 ** 0.5 - 0.5, n=1, h=0.5)
    # the upper right side runs from (12, 2) to (22, 12), on x - y = 10; a letter's top
    # left corner (x, y + 1) is the nearest to it: d from it when x = 16 + d sqrt 2, y = 5
    side = [_letters(16 + d * 2 ** 0.5, 5, n=1) for d in (0.0, 0.004, 0.012, 0.029, 0.031,
                                                        0.5)]
    lines = [_letters(6, 25), _letters(10, 11, h=1.2), _letters(1.7, 11.6, n=2, h=0.7),
             _letters(15, 4.5, n=1), thick_side] + side
    legends = [_line(g) for g in lines]
    usual = faces._typical_outline(ring, [Polygon(h) for h in ring.interiors])
    near = PACK.law.req("length_tolerance")
    got = faces._on_outline(legends, ring, outer, "diamond", usual, near)
    want = _every_line(legends, ring, outer, usual)
    assert [(id(leg), area, clearance) for leg, area, clearance in got] == \
        [(id(leg), area, clearance) for leg, area, clearance in want]
    kept = {id(leg) for leg, _, _ in got}
    assert id(legends[4]) in kept and len(got) >= 5  # and on the band, in the notch, by it


def _every_family(fam, holes):
    """The family covering most of the centre, every family intersected with it."""
    center = shapely.unary_union(holes)
    best, most = None, -1.0
    for family, (geometry, _) in fam.items():
        area = geometry.intersection(center).area
        if area > most:
            best, most = family, area
    return best if most >= faces.UNPAINTED_BELOW * center.area else None


@pytest.mark.parametrize("split", [0.5, 0.3, 0.7, 0.95])
def test_centre_colour_is_the_family_covering_most_as_intersecting_every_family(split):
    """A centre split between white and yellow (equal halves: the first family wins),
    black letters inside it, the orange ring around it, a blue box elsewhere."""
    outer = box(0, 0, 20, 20)
    hole = box(2, 2, 18, 18)
    ring = outer.difference(hole)
    cut = 2 + 16 * split
    letters = MultiPolygon([box(4 + i, 9, 4.5 + i, 10) for i in range(3)]
                           + [box(15.5 - i, 9, 16 - i, 10) for i in range(3)])  # mirrored
    fam = {"white": (box(2, 2, cut, 18).difference(letters), classify("#ffffff")),
           "yellow": (box(cut, 2, 18, 18).difference(letters), classify("#ffd100")),
           "orange": (ring, classify("#ff7900")),
           "black": (letters, classify("#000000")),
           "blue": (box(30, 0, 40, 10), classify("#0033a0"))}
    for order in (list(fam), list(reversed(fam))):
        ordered = {f: fam[f] for f in order}
        assert faces._center_family(ordered, [hole]) == _every_family(ordered, [hole])
    if split == 0.5:  # the letters take part of each half; without them, the first half
        assert faces._center_family(fam, [hole]) is None
        halves = {"white": (box(2, 2, 10, 18), fam["white"][1]),
                  "yellow": (box(10, 2, 18, 18), fam["yellow"][1])}
        assert faces._center_family(halves, [hole]) == "white"
        assert faces._center_family(dict(reversed(halves.items())), [hole]) == "yellow"
    assert np.isclose(sum(g.intersection(hole).area for g, _ in fam.values()), hole.area)


@pytest.mark.parametrize("name,ring", _rings())
@pytest.mark.parametrize("lettered", [False, True])
def test_a_centre_clearly_one_family_is_found_without_intersecting(name, ring, lettered):
    """A symbol's white centre (the panel's white inside the ring, overlaid as a drawing
    is read), black letters in it or none, and orange bits beside the ring: the family
    is the one every family intersected with the centre gives, and it is told without
    an overlay (_clear_center)."""
    px0, py0, px1, py1 = ring.bounds
    orange = shapely.union(ring, box(px1 + 0.3, py1 + 0.3, px1 + 0.6, py1 + 0.6))
    holes = [Polygon(h) for h in max(orange.geoms, key=lambda p: p.area).interiors]
    center = shapely.unary_union(holes)
    x0, y0, x1, y1 = center.bounds
    letters = box(x0 + 0.3 * (x1 - x0), y0 + 0.45 * (y1 - y0), x0 + 0.5 * (x1 - x0),
                  y0 + 0.55 * (y1 - y0)).intersection(center) if lettered else Polygon()
    panel = box(px0 - 1, py0 - 1, px1 + 1, py1 + 1)
    fam = {"white": (panel.difference(orange).difference(letters), classify("#ffffff")),
           "orange": (orange, classify("#ff7900")),
           "black": (letters, classify("#000000"))}
    shapely.prepare(center)
    assert faces._clear_center(fam, center, holes) == "white"
    assert faces._center_family(fam, holes) == _every_family(fam, holes) == "white"


def test_a_ring_is_the_same_from_any_vertex_either_way_round():
    ring = shapely.get_coordinates(Polygon(_diamond(12, 12, 8)).exterior)
    turned = np.vstack([ring[2:-1], ring[:3]])
    assert faces._is_a_ring(turned, [ring]) and faces._is_a_ring(turned[::-1], [ring])
    moved = turned.copy()
    moved[1, 0] += 1e-12
    assert not faces._is_a_ring(moved, [ring])
    assert not faces._is_a_ring(ring[[0, 2, 1, 3, 0]], [ring])


@pytest.mark.parametrize("name,ring", _rings() + [(
    "fine circle", Point(10, 10).buffer(9, quad_segs=128).difference(
        Point(10.02, 10).buffer(7, quad_segs=100)))])
def test_the_thinnest_from_the_edge_query_is_the_thinnest_queried_alone(name, ring):
    """The outer boundary's vertices taken from the usual outline's query (points added
    along long sides, or none along fine chords) give the thinnest outline and its line
    bit for bit."""
    holes = [Polygon(h).exterior for h in ring.interiors]
    index = faces._piece_tree(holes)
    edge = faces._edge_nearest(ring, index[1])
    known = faces._vertices_among(edge, ring.exterior)
    assert known is not None, name
    assert len(known.coords) == len(ring.exterior.coords)
    shared, alone = faces._thinnest(ring.exterior, holes, index, known), \
        faces._thinnest(ring.exterior, holes)
    assert shared[0] == alone[0] and shared[1].wkb == alone[1].wkb
