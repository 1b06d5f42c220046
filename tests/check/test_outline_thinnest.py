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
