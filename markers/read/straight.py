"""Path data of straight lines read at once: the shape almost every drawing's long paths
take (``M x yL x yL x y ... Z``: flattened outlines, a buoy's wrap, a vendor's polygons).

The cursor reader (markers.read.outlines) walks such data op by op in Python; here its
bytes are classified with numpy, every number is read by Clinger's exact fast path (its
digits as a whole number below 2**53, read by numpy as an integer, divided by a power of
ten below 10**16: both are exact doubles and IEEE division rounds once, so the quotient
is the double ``float`` gives, bit for bit), and each run of linetos becomes one array.
Anything else (a curve, a relative command, an exponent, a number run into the next
one, an error) gives None, and the cursor reader reads it: so every path reads to the
same points either way.
"""

from __future__ import annotations

import re

import numpy as np

__all__ = ["read_straight"]

_PLUS, _COMMA, _MINUS, _DOT = (ord(c) for c in "+,-.")
_MOVE, _LINE, _CLOSE = ord("M"), ord("L"), ord("Z")
#: A character this reader does not know sends the data to the cursor reader: it knows
#: numbers, its three commands and the separators the cursor reader skips (white space
#: and commas; other white space, rare, is left to the cursor reader).
_UNKNOWN = re.compile(r"[^0-9.+\-MLZ \t\n\r,]")
#: The commands and the separators but spaces, as spaces (numbers are read between them).
_SPACED = bytes.maketrans(b"MLZ,\t\n\r", b"       ")
#: Digits of a number read exactly: a whole number of up to 15 digits is below 2**53.
_MAX_DIGITS = 15
#: 10**0 .. 10**15, each an exact double (5**15 < 2**53).
_POWERS = np.array([float(10 ** k) for k in range(_MAX_DIGITS + 1)])


def read_straight(d: str) -> list[tuple] | None:
    """The ops of absolute moveto / lineto / closepath data, each run of linetos one
    ``("P", points)`` op (an n x 2 array); None for any other data."""
    if not d or _UNKNOWN.search(d):
        return None
    data = d.encode("ascii")
    chars = np.frombuffer(data, dtype=np.uint8)
    # the known bytes of numbers are '+' (43) to '9' (57) but the comma (44); the
    # commands are the only known bytes above '9'
    number = ((chars - np.uint8(_PLUS)) <= ord("9") - _PLUS) & (chars != _COMMA)
    first, last = number.copy(), number.copy()
    first[1:] &= ~number[:-1]
    last[:-1] &= ~number[1:]
    starts, ends = np.flatnonzero(first), np.flatnonzero(last)
    token = np.cumsum(first, dtype=np.int32) - 1  # each byte's number, for bytes of one
    values = _values(data, chars, starts, ends, token)
    if values is None:
        return None
    kinds = _kinds(chars, token, len(starts))
    if kinds is None:
        return None
    return _ops(kinds, values.reshape(-1, 2) + 0.0)  # + 0.0: as the cursor reader adds


def _values(data: bytes, chars: np.ndarray, starts: np.ndarray, ends: np.ndarray,
            token: np.ndarray) -> np.ndarray | None:
    """The numbers' values (each runs from ``starts`` to ``ends``, inclusive, in
    ``data``); None when one is no plain number of at most ``_MAX_DIGITS`` digits: a
    sign not first, two dots, no digit (the cursor reader decides)."""
    count = len(starts)
    sign = (chars == _PLUS) | (chars == _MINUS)
    signed = sign[starts]
    dots = np.flatnonzero(chars == _DOT)
    dotted = token[dots]  # the number each dot is in
    if not count or np.count_nonzero(sign) != np.count_nonzero(signed) or \
            (np.diff(dotted) == 0).any():
        return None
    decimals, has_dot = np.zeros(count, dtype=np.intp), np.zeros(count, dtype=bool)
    decimals[dotted], has_dot[dotted] = ends[dotted] - dots, True
    digits = ends - starts + 1 - signed - has_dot
    if digits.min() < 1 or digits.max() > _MAX_DIGITS:
        return None
    # each number's digits without its sign and dot: a whole number, read exactly
    whole = np.fromstring(data.translate(_SPACED, b"+-."), dtype=np.int64, sep=" ")
    if len(whole) != count:  # (every number has a digit, and separators stay between)
        return None
    values = whole / _POWERS[decimals]
    return np.where(chars[starts] == _MINUS, -values, values)


def _kinds(chars: np.ndarray, token: np.ndarray, count: int) -> np.ndarray | None:
    """What each entry is (M or L: a point; Z), in order: each M or L takes pairs of
    numbers, at least one, and a Z none; None when the data holds other (``token``:
    each byte's number, ``count`` of them)."""
    at = np.flatnonzero(chars > ord("9"))  # the commands
    if not len(at) or token[at[0]] >= 0:
        return None  # no command, or a number before the first
    letters = chars[at]
    counts = np.diff(np.append(token[at], count - 1))  # numbers after each command
    closes = letters == _CLOSE
    if (counts[closes] != 0).any() or (counts[~closes] < 2).any() or (counts % 2).any():
        return None
    entries = np.where(closes, 1, counts // 2)
    kinds = np.repeat(np.where(closes, _CLOSE, _LINE), entries)
    kinds[(np.cumsum(entries) - entries)[letters == _MOVE]] = _MOVE  # further pairs: lines
    return kinds


def _ops(kinds: np.ndarray, points: np.ndarray) -> list[tuple]:
    """Ops of the entries: one per M and Z, one ``P`` per run of L between them."""
    point = np.cumsum(kinds != _CLOSE) - 1  # each entry's point
    ops: list[tuple] = []
    begin = 0
    for end in [*np.flatnonzero(kinds != _LINE).tolist(), len(kinds)]:
        if end > begin:
            ops.append(("P", points[point[begin]:point[end - 1] + 1]))
        if end < len(kinds):
            x, y = points[point[end]].tolist()
            ops.append(("M", x, y) if kinds[end] == _MOVE else ("Z",))
        begin = end + 1
    return ops
