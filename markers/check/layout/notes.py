"""What the lettering beside the markers says: a title block's "24 IN CONTROL SIGN", a
note's "DISPLAY AREA 18 IN". Live text (``<text>``, a PDF's text) is read as written;
lettering converted to outlines, as most proofs carry it, is read by OCR
(markers.check.measure.ocr) and kept only when the reading agrees with the glyphs, so a
misread digit never becomes a display height."""

from __future__ import annotations

import statistics
from functools import lru_cache

import shapely
from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry

from markers.check.layout.parts import Part, touching, union
from markers.check.measure.ocr import Level, Reading, level_lettering, read_lettering
from markers.core.artwork import Artwork

__all__ = ["beside_text"]

#: Letters of one block of text are no farther apart than this many letter heights.
BLOCK_GAP = 0.8
#: A piece no larger than this share of the page may be a letter.
LETTER_SHARE = 0.05
#: At most this many blocks of outlined lettering, of at most this many pieces, are read
#: on a page: a drawing of thousands of specks must not spend the budget on OCR.
MAX_BLOCKS = 12
MAX_PIECES = 200
#: Blocks of lettering whose level lines and reading a worker keeps (by their glyphs'
#: WKB, exact): the same glyphs read the same.
BLOCKS_REMEMBERED = 256
#: A block of fewer pieces than this is no text that could state a size ("24 IN").
MIN_LETTERS = 4
#: A line of fewer letter groups than this states nothing: the shortest display height
#: stated ('1"A', 'H1"': a number, a unit, a kind word or an H) and the shortest scale
#: ("1:4") have three characters, and a trusted reading has a character for each letter
#: group of its line (ocr._cross_check), so such a block is not drawn for OCR.
STATING_LETTERS = 3
#: At least this many filled upright rectangles of one height (or one width), this share
#: alike, in a near-square box at least CODE_MODULES of that size across: a code (a QR
#: code's modules, run along its rows), not lettering.
CODE_PIECES, CODE_MODULES, CODE_ALIKE = 20, 10, 0.02


def beside_text(art: Artwork, pieces: list[Part], member: list[int | None],
                legend_of: list[int | None], unread_wanted: bool = True
                ) -> tuple[list[tuple[str, BaseGeometry]], list[Polygon]]:
    """Each line of text beside the markers with the box it sits in: ``art``'s text
    items on no marker (``legend_of`` None), and the trusted OCR reading of each block
    of outlined lettering no marker holds (``member`` None) that could state a size or a
    scale (a line of STATING_LETTERS or more); and the boxes of the blocks that could
    not be read so (a title in a CAD program's stick font), which may state what the
    others do not. Without ``unread_wanted`` (the page is judged as itself, which
    carries no unread notes) a block that cannot state anything is not read to tell
    whether it is unread."""
    lines = [(item.text, item.box)
             for item, on in zip(art.legends, legend_of, strict=True) if on is None]
    unread: list[Polygon] = []
    page = max(art.width, art.height, 1e-9)
    letters = [p for i, p in enumerate(pieces) if member[i] is None and not p.seed
               and not p.round and p.extent <= LETTER_SHARE * page]
    codes = _codes(letters)
    letters = [p for p in letters if id(p) not in codes]
    if not letters:
        return lines, unread
    height = statistics.median(p.bounds[3] - p.bounds[1] for p in letters)
    blocks = touching([p.geometry for p in letters], BLOCK_GAP * height)
    for block in sorted(blocks, key=len, reverse=True)[:MAX_BLOCKS]:
        if len(block) > MAX_PIECES:
            continue
        glyphs: BaseGeometry = union([letters[k].geometry for k in block])
        wkb = shapely.to_wkb(glyphs)
        if _level(wkb).longest < STATING_LETTERS and \
                (len(block) < MIN_LETTERS or not unread_wanted):
            continue  # its reading could state nothing (nor be counted unread)
        reading = _reading(wkb)
        if reading.trusted and reading.text.strip():
            lines += [(text, box(*glyphs.bounds)) for text in reading.text.splitlines()]
        elif len(block) >= MIN_LETTERS:
            unread.append(box(*glyphs.bounds))
    return lines, unread


@lru_cache(maxsize=BLOCKS_REMEMBERED)
def _level(wkb: bytes) -> Level:
    """A block's lettering made ready to read (ocr.level_lettering), once per glyph set."""
    return level_lettering(shapely.from_wkb(wkb))


@lru_cache(maxsize=BLOCKS_REMEMBERED)
def _reading(wkb: bytes) -> Reading:
    """A block's OCR reading, once per glyph set: a batch of a shop's proofs carries the
    same registration targets and title block lettering on every sheet."""
    return read_lettering(_level(wkb))


def _codes(letters: list[Part]) -> set[int]:
    """The ids of the pieces that make up codes (``_code``) among ``letters``: their
    modules, a few hundredths of an inch each, would otherwise set the letter height by
    which lettering is joined into words (the median), and read as text that cannot be
    read."""
    rects = [p for p in letters if p.area >= 0.98 * box(*p.bounds).area]
    if len(rects) < CODE_PIECES:
        return set()
    module = statistics.median(min(p.bounds[2] - p.bounds[0],
                                   p.bounds[3] - p.bounds[1]) for p in rects)
    found: set[int] = set()
    for group in touching([p.geometry for p in rects], 0.5 * module):
        if _code([rects[k] for k in group]):
            found.update(id(rects[k]) for k in group)
    return found


def _code(block: list[Part]) -> bool:
    """Filled rectangles, CODE_PIECES or more, all of one height (runs along rows) or of
    one width (runs down columns), in a near-square box at least CODE_MODULES of that
    module across: a code, not letters (which are of many shapes)."""
    if len(block) < CODE_PIECES:
        return False
    x0, y0, x1, y1 = (float(v) for v in shapely.total_bounds([p.geometry for p in block]))
    if not 0.8 <= (x1 - x0) / max(y1 - y0, 1e-9) <= 1.25:
        return False
    for axis in (0, 1):
        sizes = [p.bounds[axis + 2] - p.bounds[axis] for p in block]
        module = min(sizes)
        if max(sizes) - module <= CODE_ALIKE * module and \
                min(x1 - x0, y1 - y0) >= CODE_MODULES * module:
            return True
    return False
