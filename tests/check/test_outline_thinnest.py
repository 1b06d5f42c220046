"""The outline's thinnest is found with STR trees, as GEOS's distance finds it but not
in time quadratic in the outlines' vertices: LibreCAD prints an arc as thousands of
chords, and its print of a control circle of bulge segments took 19 of a file's 20 CPU s
in GEOS (tests/data/producers/librecad/control-24-mm-bulges.pdf; 4 s now, reading
included).
"""

from __future__ import annotations

import math
import time

import numpy as np
import pytest
import shapely
from shapely.geometry import Polygon

from markers.check.measure import faces
from markers.check.measure.faces import _thinnest


def _ring(outer: np.ndarray, inner: np.ndarray) -> Polygon:
    return Polygon(outer, [inner[::-1]])


def _circle(r: float, n: int, cx: float = 0.0, cy: float = 0.0, wobble: float = 0.0,
            seed: int = 0) -> np.ndarray:
    t = np.linspace(0, 2 * math.pi, n, endpoint=False)
    rr = r + wobble * np.random.default_rng(seed).uniform(-1, 1, n)
    return np.column_stack([cx + rr * np.cos(t), cy + rr * np.sin(t)])


@pytest.mark.parametrize("ring", [
    _ring(_circle(6, 400), _circle(4, 300, 0.3, -0.2)),  # an off-centre hole
    _ring(_circle(6, 997, wobble=0.05, seed=1), _circle(4, 1201, wobble=0.05, seed=2)),
    _ring(np.array([(0, 8), (6, 0), (0, -8), (-6, 0)]),  # a diamond of 4 vertices
          np.array([(0, 5.5), (3.9, 0), (0, -5.5), (-3.9, 0)])),
    _ring(np.array([(0, 0), (20, 0), (20, 12), (0, 12)]),  # a thin side
          np.array([(2, 2), (18.5, 2), (18.5, 10), (2, 10)])),
])
def test_the_thinnest_is_geos_distance_and_its_line_is_that_long(ring: Polygon) -> None:
    holes = [Polygon(h).exterior for h in ring.interiors]
    distance, line = _thinnest(ring.exterior, holes)
    assert distance == pytest.approx(min(shapely.distance(ring.exterior, h) for h in holes),
                                     abs=1e-12)
    assert line.length == pytest.approx(distance, abs=1e-12)
    a, b = line.coords
    ends = [shapely.Point(a), shapely.Point(b)]
    assert min(shapely.distance(ring.exterior, p) for p in ends) < 1e-9
    assert min(shapely.distance(h, p) for h in holes for p in ends) < 1e-9


def test_outlines_of_tens_of_thousands_of_chords_take_a_fraction_of_a_second() -> None:
    ring = _ring(_circle(14, 40_000), _circle(12, 40_000, 0.01))
    start = time.process_time()
    distance, _ = _thinnest(ring.exterior, [Polygon(ring.interiors[0]).exterior])
    assert time.process_time() - start < 2.0  # GEOS's distance: tens of seconds
    assert distance == pytest.approx(2 - 0.01, abs=1e-3)


def _every_vertex(outer, inner) -> tuple[float, shapely.LineString]:
    """The rule with no vertex left out: each vertex of either side queried against the
    other's pieces, ``outer``'s first, an inner vertex kept only when strictly nearer."""
    best = None
    for points_of, pieces_of in (([outer], inner), (inner, [outer])):
        pieces, tree = faces._piece_tree(pieces_of)
        near = faces._nearest(shapely.get_coordinates(np.array(points_of, dtype=object)), tree)
        k = int(np.argmin(near.distance))
        if best is None or near.distance[k] < best[0]:
            best = (float(near.distance[k]), near.points[k], pieces[near.piece[k]])
    return best[0], shapely.shortest_line(best[1], best[2])


@pytest.mark.parametrize("ring", [
    _ring(_circle(6, 400), _circle(4, 300, 0.3, -0.2)),  # an inner vertex is nearest
    _ring(_circle(6, 300), _circle(4, 400, 0.3, -0.2)),  # an outer vertex is
    _ring(_circle(6, 360), _circle(4, 360)),  # ties all round, to the last bit or near it
    _ring(_circle(6, 997, wobble=0.05, seed=1), _circle(4, 1201, wobble=0.05, seed=2)),
    _ring(np.array([(0, 8), (6, 0), (0, -8), (-6, 0)]),
          np.array([(0, 5.5), (3.9, 0), (0, -5.5), (-3.9, 0)])),
])
def test_only_inner_vertices_within_reach_are_queried_and_the_answer_is_the_same(
        ring: Polygon) -> None:
    """Inner vertices farther from the outer boundary than its own nearest vertex are
    not queried (_thinnest): the distance, to the bit, and the line are what querying
    every vertex gives."""
    holes = [Polygon(h).exterior for h in ring.interiors]
    distance, line = _thinnest(ring.exterior, holes)
    everything, line_of_all = _every_vertex(ring.exterior, holes)
    assert distance == everything
    assert line.equals_exact(line_of_all, 0.0)


def _cross_holes() -> list:
    """An exclusion diamond's four white quarters, each a dense ring (a cross 2 in wide
    inside a diamond whose inside is 16 in wide), of different vertex counts."""
    diamond = Polygon([(0, 11.4), (8, 0), (0, -11.4), (-8, 0)])
    cross = shapely.union(shapely.box(-1, -12, 1, 12), shapely.box(-9, -1, 9, 1))
    quarters = shapely.get_parts(shapely.difference(diamond, cross))
    return [shapely.segmentize(q.exterior, 0.01 * (k + 1)) for k, q in enumerate(quarters)]


@pytest.mark.parametrize("outer, inner, tied", [
    (_ring(_circle(6, 2400, wobble=0.01, seed=3), _circle(4, 1800)).exterior,
     [Polygon(_circle(4, 1800)).exterior], False),
    (shapely.segmentize(Polygon([(0, 14.26), (10, 0), (0, -14.26), (-10, 0)]).exterior, 0.02),
     _cross_holes(), True),  # four holes of different lengths, the least in two places
    (_ring(_circle(6, 997, wobble=0.05, seed=1), _circle(4, 1201, wobble=0.05, seed=2)
           ).exterior, [Polygon(_circle(4, 1201, wobble=0.05, seed=2)).exterior], False),
])
def test_a_dense_outline_has_the_same_thinnest_by_indexed_facet_distance(
        outer, inner, tied: bool) -> None:
    """An outer boundary of more than MOST_POINTS vertices (a symbol bent round a
    buoy, a curve as chords) is measured by GEOS's nearest points of the two sides, one
    prepared (_thinnest_dense), not a query a vertex: the same least distance (to the
    last bits of a double: its length is taken of the line GEOS finds) and a line of
    that length between the two boundaries, in the same place where the least is
    found once; where it is found in several places (a symmetric drawing, exactly), in
    one of them, the one GEOS finds first, which may not be the first vertex in order
    that _thinnest takes."""
    assert len(outer.coords) > faces.MOST_POINTS
    distance, line = faces._thinnest_dense(outer, inner)
    expected, expected_line = _thinnest(outer, inner)
    assert distance == pytest.approx(expected, rel=1e-14)
    assert line.length == pytest.approx(distance, abs=1e-12)
    ends = [shapely.Point(c) for c in line.coords]
    assert min(shapely.distance(outer, p) for p in ends) < 1e-9
    assert min(shapely.distance(h, p) for h in inner for p in ends) < 1e-9
    same_place = np.allclose(line.buffer(0.05).bounds, expected_line.buffer(0.05).bounds,
                             atol=5e-4)
    assert same_place or tied


@pytest.mark.parametrize("n", [801, 2189, 12_000])
def test_a_dense_outline_is_usual_over_every_kth_point(n: int) -> None:
    """The usual outline (_typical_outline, a median) of a boundary of n vertices is
    taken over at most MOST_POINTS of them, every k-th: the median of a wobbling
    band moves by less than a thousandth of an inch from that of every vertex."""
    outer, hole = _circle(6, n, wobble=0.02, seed=4), _circle(4, 900)
    ring = _ring(outer, hole)
    tree = faces._piece_tree([Polygon(hole).exterior])[1]
    near = faces._edge_nearest(ring, tree)
    assert len(near.distance) <= faces.MOST_POINTS
    every = faces._nearest(shapely.get_coordinates(ring.exterior), tree)
    assert abs(faces._median(near) - faces._median(every)) < 1e-3
