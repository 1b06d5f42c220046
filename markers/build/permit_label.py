"""The label of an approved marker: its department identification number, NR 5.09(3)(b).

The rule asks that approved markers "be labelled with a department assigned
identification number" and says no more; where and how large is the pack's practice
(``permit_label_cap_min``, ``permit_label_clearance``). wsmark letters it in black block
letters, the legends' own outlines (markers.core.lettering), on a strip of white below
everything else on the marker, so it never touches the display area, the symbol or the
words, and the checker can tell it from them::

    +------------------+
    |   display area   |   <- unchanged by the label
    |      /\\          |
    |     <  >         |
    |      \\/          |
    +------------------+
    |  WI-2026-0417    |   <- the strip: clearance, cap height, clearance
    +------------------+
"""

from __future__ import annotations

from dataclasses import dataclass

from shapely.geometry import Polygon, box

from markers.core.lettering import Block, set_block, text_width
from markers.core.spec import Dimension, Law

__all__ = ["Label", "permit_label"]


@dataclass(frozen=True)
class Label:
    """A permit label's text and sizes: ``width`` and ``height`` of its white strip
    (the letters and their clearance on every side), ``cap`` the letter height; the
    ``law`` its dimensions cite, and whether its letters are ``drawn`` (see
    markers.core.lettering.set_line)."""

    text: str
    cap: float
    clearance: float
    law: Law
    drawn: bool = True

    @property
    def width(self) -> float:
        return text_width(self.text, self.cap) + 2 * self.clearance

    @property
    def height(self) -> float:
        return self.cap + 2 * self.clearance

    def strip(self, x0: float, x1: float, top: float) -> Polygon:
        """The strip from ``x0`` to ``x1`` whose top edge is at ``top``."""
        return box(x0, top, x1, top + self.height)

    def block(self, cx: float, top: float) -> Block:
        """The letters centred on ``cx`` in the strip whose top edge is at ``top``."""
        return set_block([self.text], self.cap, cx, top + self.height / 2, self.drawn)

    def dimensions(self) -> list[Dimension]:
        law = self.law
        return [Dimension("permit label (department identification number)", self.text, "",
                          law.clause("permit_label")),
                law.dimension(f"permit label, black block letters "
                              f"{law.at_least('permit_label_cap_min')}", self.cap, "in",
                              "permit_label_cap_min"),
                law.dimension("permit label strip below the display area", self.height, "in",
                              "permit_label_clearance")]


def permit_label(law: Law, permit_id: str | None, drawn: bool = True) -> Label | None:
    """The label of ``permit_id`` (None: the marker carries none) at ``law``'s minimum
    letter height and clearance."""
    if permit_id is None:
        return None
    return Label(permit_id, law.req("permit_label_cap_min"), law.req("permit_label_clearance"),
                 law, drawn)
