"""Lengths as people type them: "24", "24in", '24"', "60 cm", "610mm", "2ft", "2'".

A bare number is inches. Anything beyond ``MAX_PLAUSIBLE_IN`` is refused: no waterway
marker, buoy or flag is that large, and such a number is a typo (1e6) that would
otherwise build a sign the size of a town.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping

from markers.errors import DesignError

__all__ = ["INCHES_PER", "MAX_PLAUSIBLE_IN", "METRIC", "parse_length", "metric", "in_both_units"]

#: Inches per unit a user may type after a length.
INCHES_PER = {"": 1.0, "in": 1.0, '"': 1.0, "inch": 1.0, "inches": 1.0, "ft": 12.0,
              "'": 12.0, "feet": 12.0, "foot": 12.0, "cm": 1 / 2.54, "mm": 1 / 25.4,
              "m": 100 / 2.54}
#: The units said back in both systems (a message in inches names the length as typed).
METRIC = ("mm", "cm", "m")
#: The largest length accepted for a marker dimension: 100 ft (a wsmark practice).
MAX_PLAUSIBLE_IN = 1200.0

_LENGTH = re.compile(r"\s*([+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)\s*"
                     r"([a-zA-Z\"']*)\s*", re.ASCII)


def parse_length(text: str, what: str = "length") -> float:
    """``text`` as inches; a one-line DesignError naming ``what`` otherwise."""
    if str(text).strip().lower() in ("nan", "inf", "+inf", "-inf", "infinity"):
        return float(str(text).strip())  # not a size: the design's check says why, citing
    match = _LENGTH.fullmatch(str(text))
    unit = match[2].lower() if match else None
    if match is None or unit not in INCHES_PER:
        raise DesignError(f"{what} {text!r}: give a length such as 24, 24in, 60cm or 2ft "
                          f"(units: {', '.join(u for u in INCHES_PER if u)})")
    inches = float(match[1]) * INCHES_PER[unit]
    if not math.isfinite(inches) or abs(inches) > MAX_PLAUSIBLE_IN:  # 1e999 overflows
        raise DesignError(f"{what} {text!r} is {inches:g} in; no marker is larger than "
                          f"{MAX_PLAUSIBLE_IN:g} in ({MAX_PLAUSIBLE_IN / 12:g} ft)")
    return inches


def metric(text: str) -> str | None:
    """A metric length as typed, said back tidily ("10cm" -> "10 cm"); None for a length
    in inches or feet, or one that is not a length."""
    match = _LENGTH.fullmatch(str(text))
    if match is None or match[2].lower() not in METRIC:
        return None
    return f"{match[1]} {match[2].lower()}"


def in_both_units(text: str, lengths: Mapping[float, str]) -> str:
    """``text`` with each of ``lengths`` (inches -> the metric length as typed) said in
    both units wherever ``text`` gives it in inches, however it was rounded there (to 6
    figures, to 2 or 3 places): "3.93701 in" -> "10 cm = 3.94 in"."""
    said = {shown: f"{typed} = {inches:.2f} in" for inches, typed in lengths.items()
            for shown in (f"{inches:.3f}", f"{inches:.2f}", f"{inches:g}")}
    if not said:
        return text
    pattern = "|".join(re.escape(shown) for shown in sorted(said, key=len, reverse=True))
    return re.sub(rf"(?<![\d.])({pattern}) in\b", lambda m: said[m[1]], text)
