"""Inch and foot marks in outlined lettering: the ticks of '1" = 1\\'-0"', '24"', "2'-0\"".

A drafting notation or a dimension marks inches with a double tick and feet with a single
one (ASME Y14.5 and the architect's scale write 1'-0", 24"). Converted to outlines, a mark
is a small piece standing at the top of its line, and a double mark is two of them side
by side: two letter groups for one character. OCR engines read such a line with the marks
dropped, doubled, or taken for typographic quotes (tesseract read 'SCALE: 1" = 1\\'-0"' in
DejaVu Sans as "SCALE: 1 1 0", and '1" = 1\\'-0"' as '1" = 1\\'-Q”"'), so the marks are
recognised here from their geometry instead:

- ``mark_runs`` finds the marks of a level line among its letter groups (by height and
  place in the line) and which of them pair into a double mark, so the cross-check of a
  reading (markers.check.measure.ocr) counts a double mark as one character;
- ``with_marks`` puts a line's marks back into the reading of the line drawn without
  them, each where its glyph stands: the engine reads the digits and words alone, which
  it does well, and the marks come from the outlines, which cannot be misread.

The engine's own typographic variants (” ″ ’ ′) are the same marks (``plain_marks``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

__all__ = ["MARKS", "plain_marks", "mark_runs", "without_marks", "with_marks"]

#: The inch and foot marks as the scale and dimension notations are parsed
#: (markers.check.layout.scale).
MARKS = "'\""
#: A mark is at most this share of its line's height tall (a tick is a third to a half of
#: the cap height: 0.36 in DejaVu Sans Bold, 0.38 in Liberation Sans Bold, 0.42 in DejaVu
#: Serif Bold), its bottom above this share of the line from the top (a hyphen's or an
#: equals sign's bottom is below the middle; a tick's at about 0.4)
MARK_HEIGHT, MARK_BOTTOM = 0.55, 0.5
#: ... its top within this share of the line's height of the line's top (an apostrophe's
#: or a quote's tick reaches the cap height; a degree sign's ring too, but is round)
MARK_TOP = 0.12
#: ... and no wider than this share of the line's height (a tick is 0.1-0.2; a hyphen or
#: a bar is wider than tall).
MARK_WIDTH = 0.3
#: Two marks this close (gap in line heights) are one double mark: the two ticks of an
#: inch sign stand 0.05-0.15 apart; two foot marks never follow one another.
PAIR_GAP = 0.2
#: Typographic marks engines return for the typewriter ones.
_PLAIN = str.maketrans({"”": '"', "“": '"', "″": '"', "„": '"', "’": "'", "‘": "'",
                        "′": "'", "`": "'", "´": "'"})

Box = tuple[float, float, float, float]  # x0, y0, x1, y1 (y down)


def plain_marks(text: str) -> str:
    """``text`` with typographic quotes and primes as the typewriter marks, and two foot
    marks written together ('') as one inch mark."""
    return text.translate(_PLAIN).replace("''", '"')


def _is_mark(b: Box, top: float, height: float) -> bool:
    x0, y0, x1, y1 = b
    return (y1 - y0 <= MARK_HEIGHT * height and y1 - top <= MARK_BOTTOM * height
            and y0 - top <= MARK_TOP * height and x1 - x0 <= MARK_WIDTH * height)


def mark_runs(boxes: Sequence[Box]) -> list[tuple[int, int]]:
    """The marks among a level line's letter groups (``boxes`` left to right) as runs
    (first index, count): count 2 for a double mark (two ticks side by side), 1 for a
    single one. A line whose every group is a mark has none (it is not a line of text
    with marks in it)."""
    if len(boxes) < 2:
        return []
    top = min(b[1] for b in boxes)
    height = max(b[3] for b in boxes) - top
    if height <= 0:
        return []
    marks = [_is_mark(b, top, height) for b in boxes]
    if all(marks):
        return []
    runs: list[tuple[int, int]] = []
    i = 0
    while i < len(boxes):
        if not marks[i]:
            i += 1
            continue
        pair = i + 1 < len(boxes) and marks[i + 1] and \
            boxes[i + 1][0] - boxes[i][2] <= PAIR_GAP * height
        runs.append((i, 2 if pair else 1))
        i += 2 if pair else 1
    return runs


def without_marks(boxes: Sequence[Box], marks: Mapping[int, str]) -> list[tuple[int, float]]:
    """The letter groups of a line (``boxes``, a double mark one group) that are not
    ``marks`` (index -> mark), each with how far it is moved left to close the room the
    marks took: a mark keeps to the character before it, so the gap after it (a word space
    in '1" = 1', none in "1'-0") is the gap kept."""
    out: list[tuple[int, float]] = []
    shift = 0.0
    for i in range(len(boxes)):
        if i in marks:
            continue
        if i > 0 and i - 1 in marks:  # the first group after marks
            first = i - 1
            while first - 1 in marks:
                first -= 1
            if first > 0:  # their span and the gap before them are taken out
                shift += boxes[i - 1][2] - boxes[first - 1][2]
        out.append((i, shift))
    return out


def with_marks(text: str, groups: int, marks: Mapping[int, str]) -> str | None:
    """The reading ``text`` of a line drawn without its ``marks`` (its characters one for
    one with the line's ``groups`` letter groups that are not marks, spaces aside) with
    each mark put back after the character it follows; None when the reading has not a
    character for each group (the marks cannot be placed)."""
    if sum(1 for ch in text if ch != " ") != groups - len(marks):
        return None
    out: list[str] = []
    index = 0  # the letter group the next character of ``text`` stands for

    def flush() -> None:
        nonlocal index
        while index in marks:
            out.append(marks[index])
            index += 1

    flush()
    for ch in text:
        out.append(ch)
        if ch != " ":
            index += 1
            flush()
    return "".join(out)
