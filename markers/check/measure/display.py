"""The display area of a face that does not name it (a vendor's PDF or DXF carries no
``display-area`` element): inferred from the drawing, as a sign shop lays it out.

Bands of words above or below the symbol are not part of H (RULES.md): each band's
edge lies half a cap height beyond its words' cap line (below) or baseline (above), both
taken from the flat-topped letters, so round letters overshooting them (O, C, S) do not
move it. Otherwise H is the panel's height: the symbol's size is never used to infer it,
so a wrong symbol cannot make its own display area.
"""

from __future__ import annotations

from collections.abc import Sequence

from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry

from markers.check.measure.common import LegendFact
from markers.core.shapes import polygons

__all__ = ["inferred_display_area"]


def _cap_lines(leg: LegendFact) -> tuple[float, float]:
    """A line's cap line and baseline: those of its flat-topped letters (as tall as its
    cap height), else the middle of its box less and plus half a cap height."""
    if leg.outline is not None:
        flat = [p.bounds for p in polygons(leg.outline)
                if abs(p.bounds[3] - p.bounds[1] - leg.cap_height) <= 1e-3 * leg.cap_height]
        if flat:
            return min(b[1] for b in flat), max(b[3] for b in flat)
    _, ly, _, lh = leg.bbox
    return ly + lh / 2 - leg.cap_height / 2, ly + lh / 2 + leg.cap_height / 2


def _beside_words(panel: BaseGeometry, symbol: Polygon | None,
                  legends: Sequence[LegendFact]) -> tuple[float, float]:
    """Top and bottom of the panel less the bands of words above and below the symbol."""
    _, top, _, bottom = panel.bounds
    if symbol is None:
        return top, bottom
    _, sy0, _, sy1 = symbol.bounds
    for leg in legends:
        _, ly, _, lh = leg.bbox
        cap_line, baseline = _cap_lines(leg)
        if ly + lh <= sy0:
            top = max(top, baseline + leg.cap_height / 2)
        elif ly >= sy1:
            bottom = min(bottom, cap_line - leg.cap_height / 2)
    return top, bottom


def inferred_display_area(panel: BaseGeometry, symbol: Polygon | None,
                          legends: Sequence[LegendFact]) -> Polygon:
    """The display area of a face whose drawing does not name it: the panel less bands of
    words beside the symbol (module docstring). Its height is H."""
    px0, _, px1, _ = panel.bounds
    top, bottom = _beside_words(panel, symbol, legends)
    return box(px0, top, px1, bottom)
