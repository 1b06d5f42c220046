"""A waiver said as what it is: a requirement the drawing does not meet, accepted by a
local authority, with the reason it gave and, when given, who accepted it and when.

A waiver is written ``REASON[; by=WHO][; on=YYYY-MM-DD]`` (after ``RULE:`` on the
command line, in a plan's ``waivers`` or on the web page). It never makes a drawing
compliant: NR 5.09 has no waiver of its own, so a waived error leaves the marker's
verdict ``waived`` (does not meet the paragraph; accepted by waiver), never ``pass``
(markers.check.report.marker_verdict). This module only reads and words a waiver.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

__all__ = ["Waiver", "parse_waiver", "waiver_problem"]

#: Between a waiver's reason and its optional parts.
PART_SEP = ";"
#: The optional parts a waiver may name after its reason: who accepted it, and when.
PARTS = ("by", "on")


@dataclass(frozen=True)
class Waiver:
    """A waiver's reason, who accepted it (``by``) and when (``on``, an ISO date), as
    the user gave them (None when not given)."""

    reason: str
    by: str | None = None
    on: str | None = None

    def words(self) -> str:
        """In one phrase, the reason quoted as the user gave it.

        >>> parse_waiver("board ok; by=Lake board; on=2026-05-01").words()
        '"board ok", by Lake board, on 2026-05-01'
        >>> parse_waiver("board ok").words()
        '"board ok"'
        """
        extra = [f"by {self.by}" if self.by else "", f"on {self.on}" if self.on else ""]
        return ", ".join([f'"{self.reason}"', *(part for part in extra if part)])

    def as_json(self) -> dict[str, str | None]:
        """The report contract's ``waiver`` object (version 3): reason, by, on."""
        return {"reason": self.reason, "by": self.by, "on": self.on}


def _split(text: str) -> tuple[str, dict[str, str]]:
    """The reason and the named parts (``by=``, ``on=``) of a waiver's words; a part
    that names none of them stays in the reason."""
    reason: list[str] = []
    named: dict[str, str] = {}
    for piece in text.split(PART_SEP):
        key, sep, value = piece.strip().partition("=")
        if sep and key.strip().lower() in PARTS and value.strip():
            named[key.strip().lower()] = value.strip()
        else:
            reason.append(piece.strip())
    return "; ".join(part for part in reason if part), named


def waiver_problem(text: str) -> str | None:
    """What is wrong with a waiver's words (no reason; a date that is not YYYY-MM-DD),
    or None.

    >>> waiver_problem("by=Lake board")
    'a waiver needs its reason'
    >>> waiver_problem("ok; on=May 1")
    "on='May 1' is not a date as YYYY-MM-DD"
    """
    reason, named = _split(text)
    if not reason:
        return "a waiver needs its reason"
    if "on" in named:
        try:
            datetime.date.fromisoformat(named["on"])
        except ValueError:
            return f"on={named['on']!r} is not a date as YYYY-MM-DD"
    return None


def parse_waiver(text: str) -> Waiver:
    """A waiver's words as a Waiver (words that ``waiver_problem`` refuses keep all
    they say in the reason)."""
    reason, named = _split(text)
    return Waiver(reason or text.strip(), named.get("by"), named.get("on"))
