"""Whether a page's lettering reads upside down: "up" where the symbol cannot say it.

A diamond, a circle, a rectangle and a square look the same turned 180 deg
(markers.check.layout.upright takes "up" from a symbol only as far as its shape shows
it), so a danger, control or information sign or a green aid drawn upside down stands as
upright by its symbol; only its lettering says otherwise (issue 30, item 4).

The lettering is read both ways and the way it reads better is up: more lines read in
full (the reading the glyphs confirm, ocr.cross_check), then, on an aid, more lines
reading "WS" (NR 5.09(2)(a)5: every id is preceded by WS), then the engine's confidence.
The cross-check alone does not tell the way: upside down, "NO" reads "ON" and "SLOW"
"MO1S", both confirmed by their glyphs (measured on the held-out batch of
tests/producers/scale_batch.py), but at 0.95 and 0.42 where the right way reads 0.96.

The test costs nothing on a page that reads plainly: the measurer has read every line
already (its readings are remembered), and the lines are read turned only when one of
them was not read, or read with less confidence than CONFIDENT, or an aid's lettering
does not read "WS". Turned readings are remembered as the measurer's are (by the glyphs'
value, reading.read_glyphs): a batch of proofs reads the same lettering turned once.
"""

from __future__ import annotations

from collections.abc import Sequence

import shapely
from shapely import affinity

from markers.check.measure.common import Facts, LegendFact
from markers.check.measure.ocr import Reading
from markers.check.measure.reading import read_glyphs, read_outlines

__all__ = ["reads_turned", "CONFIDENT", "TURNED_READS_MAX", "CONFIDENCE_MARGIN",
           "LINE_PIECES_MAX", "QUARTER_TURNS"]

#: A line read with at least this confidence reads plainly as drawn (tesseract gives
#: upright sign lettering 0.88-0.96 in the held-out batch, upside-down lettering it
#: confirms 0.42-0.95): below it, or unread, the lines are read turned too.
CONFIDENT = 0.9
#: At most this many lines of a page are read turned: a sign's legend of three lines and
#: its id, not a page of notes.
TURNED_READS_MAX = 4
#: The turned reading wins on confidence alone only by this much a line.
CONFIDENCE_MARGIN = 0.05
#: A line of more glyph pieces than this is a note or a page of text, not a sign's
#: lettering (a legend line such as "SUBMERGED ROCKS" has 15): not read turned (a
#: pdflatex page of text judged as a marker of no kind spent 2.5 CPU s reading its lines
#: turned before this and the kind were required).
LINE_PIECES_MAX = 40
#: The turns a sideways lettering is read at (deg, clockwise on the page).
QUARTER_TURNS = (90.0, 270.0)
#: Symbols that look the same turned a quarter: only their words say which way is up.
QUARTER_SYMMETRIC = frozenset({"circle"})

Score = tuple[int, int, float]


def reads_turned(facts: Sequence[Facts]) -> float | None:
    """The turn (deg, clockwise on the page) at which the outlined lettering of a page's
    markers of a kind (``facts``, as measured) reads better than as drawn, else None (the
    module docstring says how it is weighed). Lettering wider than tall is read turned
    180 deg; taller than wide (a circle's words drawn turned a quarter: the circle says
    no up), as one block turned 90 and 270 deg. Lines of more than
    LINE_PIECES_MAX pieces are not sign lettering."""
    lines: list[tuple[LegendFact, str]] = [
        (leg, "ws_id" if f.kind and "aid" in f.kind else "legend")
        for f in facts if f.kind is not None for leg in f.letters.legends
        if leg.outlined and leg.outline is not None and not leg.outline.is_empty
        and len(getattr(leg.outline, "geoms", ())) <= LINE_PIECES_MAX
    ][:TURNED_READS_MAX]
    if not lines:
        return None
    drawn = [_as_drawn(leg, kind) for leg, kind in lines]
    aid = any(kind == "ws_id" for _, kind in lines)
    if all(r.trusted and r.confidence >= CONFIDENT for r in drawn) and \
            (not aid or _score(drawn, aid)[0] > 0):
        return None
    if _sideways(lines):
        # only a symbol that looks the same turned a quarter (a circle) leaves "up" to
        # its words: a diamond or a rectangle says it (layout.upright), up to 180 deg
        round_only = all(f.symbol.shape in QUARTER_SYMMETRIC for f in facts
                         if f.kind is not None)
        return _quarter(lines, aid) if round_only else None
    turned = [read_glyphs(affinity.rotate(leg.outline, 180, origin="centroid"), kind)
              for leg, kind in lines if leg.outline is not None]
    return 180.0 if _better(_score(turned, aid), _score(drawn, aid), len(lines)) else None


def _sideways(lines: list[tuple[LegendFact, str]]) -> bool:
    """Whether the lettering, all its lines together, is taller than wide: set a
    quarter turn from level (its lines, cut across, are pieces of several)."""
    x0, y0, x1, y1 = shapely.total_bounds([leg.outline for leg, _ in lines])
    return bool(y1 - y0 > x1 - x0)


def _quarter(lines: list[tuple[LegendFact, str]], aid: bool) -> float | None:
    """The quarter turn (90 or 270 deg) at which the lettering, read as one block,
    reads better than as drawn, else None."""
    block = shapely.union_all([leg.outline for leg, _ in lines])
    kind = lines[0][1]
    best, turn = _score([read_glyphs(block, kind)], aid), None
    for angle in QUARTER_TURNS:
        score = _score([read_glyphs(affinity.rotate(block, angle, origin="centroid"), kind)],
                       aid)
        if _better(score, best, 1):
            best, turn = score, angle
    return turn


def _better(turned: Score, drawn: Score, lines: int) -> bool:
    """Whether a turned reading beats another: more "WS", more lines read, then more
    confidence by CONFIDENCE_MARGIN a line."""
    if turned[:2] != drawn[:2]:
        return turned[:2] > drawn[:2]
    return turned[2] > drawn[2] + CONFIDENCE_MARGIN * lines


def _as_drawn(leg: LegendFact, kind: str) -> Reading:
    """The measurer's reading of a line (remembered: reading.read_outlines); a line whose
    file says what it reads, confirmed by its glyphs, is read as trusted."""
    if leg.said is not None and leg.text == leg.said:
        return Reading(leg.said, 1.0, True, engine="font")
    found = read_outlines(leg, kind)
    return found if found is not None else Reading("", 0.0, False)


def _score(readings: list[Reading], aid: bool) -> Score:
    """(lines reading "WS" on an aid, lines read in full, their confidence summed)."""
    trusted = [r for r in readings if r.trusted]
    ws = sum(1 for r in trusted if r.text.strip().upper().startswith("WS")) if aid else 0
    return ws, len(trusted), sum(r.confidence for r in trusted)
