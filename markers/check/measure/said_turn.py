"""Which way is up when the file says it: the baseline of live lettering.

A sign whose symbol looks the same turned (a diamond, a rectangle turned 180 deg; a
circle turned any way) is stood upright by its lettering (issue 30, item 4). Outlined
lettering says it only when read both ways (markers.check.measure.upside); live text
says it outright: a PDF's text matrix, an SVG ``<text>``'s transform, a DXF TEXT's
rotation set its baseline's direction (LegendItem.turn, from the readers). Live lettering
turned with its sign is then read where it points, with no reading at all; live
lettering standing upright keeps the page as drawn.
"""

from __future__ import annotations

from collections.abc import Sequence

from markers.check.measure.common import Facts
from markers.check.measure.upside import QUARTER_SYMMETRIC
from markers.core.artwork import Artwork

__all__ = ["said_turn", "TURN_SLACK_DEG"]

#: A baseline within this of a quarter turn (deg) is set at it: a drawing's rounding.
TURN_SLACK_DEG = 2.0


def said_turn(measured: Sequence[tuple[Facts, Artwork]]) -> float | None:
    """The turn (deg, clockwise on the page) that stands the live lettering of a page's
    markers of a kind (``measured``: each marker's Facts and Artwork) upright: 0 when it
    stands so already, or when it runs sideways on a symbol that shows its own up (a
    diamond, a rectangle: markers.check.layout.upright stood it); None when the file
    does not say (no live lettering, lines that disagree, or a slant that is no quarter
    turn), and the outlined lettering is read instead."""
    kinds = [(facts, art) for facts, art in measured if facts.kind is not None]
    quarters = {_quarter(item.turn) for _, art in kinds for item in art.legends
                if item.turn is not None and item.text.strip()}
    if len(quarters) != 1 or None in quarters:
        return None
    turn = (-(quarters.pop() or 0.0)) % 360
    if turn in (90.0, 270.0) and not all(f.symbol.shape in QUARTER_SYMMETRIC for f, _ in kinds):
        return 0.0
    return turn


def _quarter(turn: float) -> float | None:
    """``turn`` as the quarter turn it is set at, None when it is none."""
    nearest = round(turn / 90.0) * 90.0 % 360
    off = abs((turn - nearest + 180.0) % 360 - 180.0)
    return nearest if off <= TURN_SLACK_DEG else None
