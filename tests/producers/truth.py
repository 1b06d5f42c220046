"""The truth about a producer's proof: what a right `wsmark check` says of it (the
manifest's markers, verdicts and rule ids), and how each case of make_producers.py is
described (its producer, sheet, truth and the writer's options).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import marker_scene as ms


@dataclass(frozen=True)
class Marker:
    """What a right checker says of one marker: kind, verdict, display height H (in)
    where it is the case's point, its basis where that matters, and for fail/review the
    rule ids at severity error/review."""
    kind: str
    verdict: str = "pass"
    H: float | None = None
    basis: str | None = None
    rules: tuple[str, ...] = ()

    def as_json(self) -> dict:
        out = {"kind": self.kind, "verdict": self.verdict}
        if self.H is not None:
            out["display_height_in"] = self.H
        if self.basis:
            out["display_height_basis"] = self.basis
        if self.verdict != "pass":
            out["rules"] = sorted(self.rules)
        return out


@dataclass(frozen=True)
class Case:
    """One proof: its producer, file stem, sheet, truth, and the writer's options."""
    producer: str
    stem: str
    sheet: Callable[[], ms.Sheet]
    markers: tuple[Marker, ...] | None
    note: str
    options: dict = field(default_factory=dict)
    verdict: str | None = None  # the file's verdict when the markers are not asserted
    forbid: tuple[str, ...] = ()  # rule ids that must not come as errors
    #: file suffix -> another truth (markers, verdict, why) for that output
    by_output: dict = field(default_factory=dict)

    @property
    def file_verdict(self) -> str:
        if self.verdict:
            return self.verdict
        order = ("pass", "review", "fail")
        return max((m.verdict for m in self.markers), key=order.index)


def passes(kind: str, H: float, basis: str | None = None) -> tuple[Marker, ...]:
    return (Marker(kind, "pass", H, basis),)


def fails(kind: str, H: float | None, *rules: str, basis: str | None = None
          ) -> tuple[Marker, ...]:
    return (Marker(kind, "fail", H, basis, rules),)


#: LibreCAD plots TEXT in its own stick font, letters of hairline strokes that OCR cannot
#: confirm (an O left open): in its prints the words, and a size a title states in them,
#: are a review; the DXFs carry the TEXT itself.
STICK_TEXT = ("LibreCAD plots the TEXT in its stick font of hairlines, which cannot be "
              "confirmed as letters: the words are a review")
