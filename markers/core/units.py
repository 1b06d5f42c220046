"""Lengths as people type them: "24", "24in", '24"', "60 cm", "610mm", "2ft", "2'".

A bare number is inches. Anything beyond ``MAX_PLAUSIBLE_IN`` is refused: no waterway
marker, buoy or flag is that large, and such a number is a typo (1e6) that would
otherwise build a sign the size of a town.
"""

from __future__ import annotations

import math
import re

from markers.errors import DesignError

__all__ = ["INCHES_PER", "MAX_PLAUSIBLE_IN", "parse_length"]

#: Inches per unit a user may type after a length.
INCHES_PER = {"": 1.0, "in": 1.0, '"': 1.0, "inch": 1.0, "inches": 1.0, "ft": 12.0,
              "'": 12.0, "feet": 12.0, "foot": 12.0, "cm": 1 / 2.54, "mm": 1 / 25.4,
              "m": 100 / 2.54}
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
