"""The display area of a face that does not name it (a vendor's PDF or DXF carries no
``display-area`` element): inferred from the drawing, as a sign shop lays it out.

Two readings, in this order:

1. **Words beside the symbol.** Bands of words above or below the symbol are not part
   of H (RULES.md): each band's edge lies half a cap height beyond its words' cap line
   (below) or baseline (above), both taken from the flat-topped letters, so round
   letters overshooting them (O, C, S) do not move it.
2. **White above and below a round symbol.** A circle as tall as H leaves no white above
   and below it inside the display area; a shop then adds white outside it, as much as
   beside the symbol (NR 5.09(5)(d); ``sign_side_margin`` of H on each side). When the
   white around a circle is the same on all four sides, m, and H = m / sign_side_margin
   is a display height the rule allows and smaller than the panel, the display area is
   that H, centred. This reading can never turn a failing symbol into a passing one
   unless the drawing is exactly the compliant layout: the circle's size is not used.

Otherwise H is the panel's height.
"""

from __future__ import annotations

from collections.abc import Sequence

from shapely.geometry import Polygon, box

from markers.check.measure.common import LegendFact
from markers.core.shapes import polygons
from markers.core.spec import req

__all__ = ["inferred_display_area"]

#: Margins equal to within this (inches; drawing precision, as ``length_tolerance``).
MARGIN_TOL = 0.01


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


def _beside_words(panel: Polygon, symbol: Polygon | None,
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


def _round_symbol_margin(panel: Polygon, symbol: Polygon, shape: str | None) -> float | None:
    """H read from equal white on all four sides of a circle (see the module docstring)."""
    if shape != "circle":
        return None
    px0, py0, px1, py1 = panel.bounds
    sx0, sy0, sx1, sy1 = symbol.bounds
    margins = (sx0 - px0, px1 - sx1, sy0 - py0, py1 - sy1)
    if min(margins) <= 0 or max(margins) - min(margins) > MARGIN_TOL:
        return None
    h = sum(margins) / 4 / req("sign_side_margin")
    if not req("display_min") - MARGIN_TOL <= h < py1 - py0 - MARGIN_TOL:
        return None
    return h


def inferred_display_area(panel: Polygon, symbol: Polygon | None, shape: str | None,
                          legends: Sequence[LegendFact]) -> Polygon:
    """The display area of a face whose drawing does not name it: the panel less bands of
    words beside the symbol, or the white-margin reading of a round symbol (module
    docstring). Its height is H."""
    px0, top, px1, bottom = panel.bounds
    beside = _beside_words(panel, symbol, legends)
    if beside != (top, bottom) or symbol is None:
        return box(px0, beside[0], px1, beside[1])
    h = _round_symbol_margin(panel, symbol, shape)
    if h is None:
        return box(px0, top, px1, bottom)
    middle = (top + bottom) / 2
    return box(px0, middle - h / 2, px1, middle + h / 2)
