"""Where the water is on a buoy drawn without a ``waterline`` element (a vendor's PDF or
DXF names nothing): a thin horizontal line drawn across the body at its widest (dashes
read as one line), and the lowest painted edge of the body above it when the line sits
on that edge. Without such a line the measurer takes the lowest painted edge itself
(measure.buoys); a proof's hull below the line is set aside by check.split, which asks
waterline_height where the water is.
"""

from __future__ import annotations

from shapely import unary_union
from shapely.geometry import box

from markers.core.artwork import Artwork

__all__ = ["WATERLINE_TOL", "drawn_waterline", "waterline_height"]


#: A waterline drawn as paint is a horizontal line no thicker than this (inches) and at
#: least WATERLINE_RATIO times as long as it is thick.
WATERLINE_THICK, WATERLINE_RATIO = 0.25, 20.0
#: How far the drawn line may fall short of the body's edges, or stand off it (inches).
WATERLINE_TOL = 0.01


def drawn_waterline(art: Artwork) -> tuple[float, int] | None:
    """A waterline drawn as paint, as a PDF or DXF proof has it (no guide element names
    it): a layer that is one thin horizontal line (a dashed one reads solid), touching
    the rest of the painting, crossing it from edge to edge where it is widest, with
    paint above it. Where the water is (waterline_height) and the line's layer's index,
    or None."""
    for index, layer in enumerate(art.layers):
        x0, y0, x1, y1 = layer.geometry.bounds if not layer.geometry.is_empty else (0,) * 4
        if not 0 < y1 - y0 <= WATERLINE_THICK or x1 - x0 < WATERLINE_RATIO * (y1 - y0):
            continue
        rest = unary_union([other.geometry for i, other in enumerate(art.layers) if i != index])
        if rest.is_empty or rest.bounds[1] >= y0:
            continue
        rx0, _, rx1, _ = rest.bounds
        at_line = rest.intersection(box(rx0 - 1, y0 - WATERLINE_TOL, rx1 + 1, y1 + WATERLINE_TOL))
        if at_line.is_empty or x0 > rx0 + WATERLINE_TOL or x1 < rx1 - WATERLINE_TOL:
            continue
        return waterline_height(y0, y1, rest.bounds[3]), index
    return None


def waterline_height(y0: float, y1: float, lowest: float) -> float:
    """Where a drawn waterline (from ``y0`` to ``y1``) puts the water: the lowest painted
    edge of the body above it when that edge lies within the line (a line cut in half by
    the page's edge, or drawn on the body's bottom edge), else the line's middle."""
    if y0 - WATERLINE_TOL <= lowest <= y1 + WATERLINE_TOL:
        return lowest
    return (y0 + y1) / 2
