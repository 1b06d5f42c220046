"""Points that differ only by rounding are one point: an arc computed to end where its
subpath began stops a few ulps off it, and the closing segment between them has no
direction, so the join there made a notch in a stroked ring (Inkscape's plain SVG of a
circle in a scaled group: 'outline 1.25 in, 2.1 % out of round' for a correct 2 in
outline, found by the second batch of producers' proofs).
"""

from __future__ import annotations

import numpy as np
import pytest

from markers.read import read_drawing
from markers.read.outlines import dedupe

#: A circle as Inkscape's plain SVG writes one (4 arcs and a close) in a group scaled 0.25,
#: mm units: radius 17 in to the stroke's middle, stroke 2 in wide, centre (26, 29) in.
ARCS = ("m 4165.6,2438.4 a 1727.2,1727.2 0 0 1 -1727.2,1727.2 1727.2,1727.2 0 0 1 "
        "-1727.2,-1727.2 1727.2,1727.2 0 0 1 1727.2,-1727.2 1727.2,1727.2 0 0 1 1727.2,1727.2")


def _ring(d: str) -> tuple[np.ndarray, np.ndarray]:
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="1320.8mm" height="1397mm" '
           'viewBox="0 0 1320.8 1397"><g transform="matrix(0.25,0,0,0.25,50.8,127)">'
           f'<path style="fill:none;stroke:#ff4f00;stroke-width:203.2" d="{d}"/></g></svg>')
    [art] = read_drawing(svg.encode(), "circle.svg")
    [layer] = art.layers
    [shape] = layer.shapes
    ring = shape.geometry
    centre = np.array([26.0, 29.0])
    outer = np.hypot(*(np.asarray(ring.exterior.coords) - centre).T)
    inner = np.hypot(*(np.asarray(ring.interiors[0].coords) - centre).T)
    return outer, inner


@pytest.mark.parametrize("close", [" z", " Z"])
def test_a_closed_circle_of_arcs_strokes_a_round_ring(close: str) -> None:
    outer, inner = _ring(ARCS + close)
    assert outer.min() == pytest.approx(18.0, abs=1e-3) and outer.max() == pytest.approx(
        18.0, abs=1e-3)
    assert inner.min() == pytest.approx(16.0, abs=1e-3) and inner.max() == pytest.approx(
        16.0, abs=1e-3)


def test_points_a_rounding_apart_are_one_and_a_ring_drops_its_repeated_start() -> None:
    start = np.array([4165.6, 2438.4])
    points = np.array([start, [4100.0, 2500.0], [4000.0, 2438.4], start + [0, 4.5e-13]])
    assert len(dedupe(points, ring=True)) == 3
    assert len(dedupe(points, ring=False)) == 4  # an open path keeps its end


def test_points_a_real_distance_apart_are_kept() -> None:
    points = np.array([[10.0, 10.0], [10.0 + 1e-7, 10.0], [11.0, 11.0]])  # 1e-7 in apart
    assert len(dedupe(points, ring=False)) == 3
