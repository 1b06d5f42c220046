"""A drawing at a scale its title block states, brought to full size.

Shop drawings state their scale in the notations drafting uses (ASME Y14.1, the
architect's and engineer's scales): a ratio ("SCALE 1:4", "1:12"), paper length =
real length ('1" = 1\\'-0"', '3"=1\\'', '1/2" = 1\\'-0"', '1-1/2" = 1\\'-0"', '1" = 20\\''),
a share of full size ("1/4 SIZE", "HALF SIZE", "FULL SIZE"), or none at all ("SCALE:
NONE", "N.T.S.", "NOT TO SCALE"), which says the drawing's size means nothing and a
dimension on it must give the size (markers.check.layout.evidence).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from itertools import chain

from markers.core.artwork import Artwork, LegendItem, moved

__all__ = ["stated_scale", "not_to_scale", "at_scale"]

#: A whole number written in groups of three (2,000; 24 000 with a space, thin, no-break
#: or plain, as ISO 80000-1 groups digits): a map's or a site plan's scale.
_GROUPED = r"\d{1,3}(?:[, \u00a0\u2009\u202f]\d{3})+(?![\d.])"
#: Characters that group digits (_GROUPED), dropped before a number is read.
_GROUPING = str.maketrans("", "", ", \u00a0\u2009\u202f")
#: A number as drawings write it: 3, 1.5, 1/2, 1-1/2, 1 1/2, 2,000.
_NUM = r"(" + _GROUPED + r"|\d+(?:\.\d+)?(?:[- ]\d+/\d+)?|\d+/\d+)"
#: A ratio's second term: 4, 2.5, 24,000.
_TERM = r"(" + _GROUPED + r"|\d+(?:\.\d+)?)"
#: Inch and foot marks (typewriter, typographic, and what OCR reads for them), and words.
_INCH = r"(?:\"|''|”|″|IN\b|INCH(?:ES)?\b)"
_FOOT = r"(?:'|’|′|FT\b|FEET\b|FOOT\b)"
#: "SCALE 1:4", "SCALE: 1/4"; a bare "1:12" only written close up, and not a list's
#: "SHEET 1: 24 IN" (a length follows) nor a time.
_RATIO = re.compile(r"\bSCALE\b\s*[:=]?\s*(\d+(?:\.\d+)?)\s*[:/]\s*" + _TERM + r"(?!\s*SIZE)"
                    r"|(?<![\w/.:])(1):" + _TERM + r"\b(?!\s*(?:[\"'”″’′]|IN\b|INCH|FT\b|"
                    r"FEET\b|MM\b|CM\b|[AP]M\b|:))", re.IGNORECASE)
#: paper inches = real feet(-inches) or inches: '1" = 1\'-0"', '3"=1\'', '1" = 20\''.
_EQUALS = re.compile(_NUM + r"\s*" + _INCH + r"\s*=\s*(?:" + _NUM + r"\s*" + _FOOT + r"(?:\s*-?\s*"
                     + _NUM + r"\s*" + _INCH + r")?|" + _NUM + r"\s*" + _INCH + r")",
                     re.IGNORECASE)
#: A share of full size: "1/4 SIZE", "HALF SIZE", "FULL SIZE".
_SIZE = re.compile(r"\b(FULL|HALF|QUARTER|DOUBLE|\d+/\d+|1:\d+)\s*SIZE\b", re.IGNORECASE)
_SIZE_WORDS = {"full": 1.0, "half": 2.0, "quarter": 4.0, "double": 0.5}
#: "SCALE: NONE", "N.T.S.", "NTS", "NOT TO SCALE".
_NONE = re.compile(r"\bSCALE\b\s*[:=]?\s*NONE\b|\bN\.?\s?T\.?\s?S\b\.?|\bNOT\s+TO\s+SCALE\b",
                   re.IGNORECASE)


def _number(text: str | None) -> float:
    """'1-1/2' -> 1.5, '1/2' -> 0.5, '3' -> 3.0, '2,000' -> 2000.0 (0 for None)."""
    if not text:
        return 0.0
    if re.fullmatch(_GROUPED, text.strip()):
        return float(text.strip().translate(_GROUPING))
    total = 0.0
    for piece in re.split(r"[- ]", text.strip()):
        num, _, den = piece.partition("/")
        total += float(num) / float(den) if den else float(num)
    return total


def parse_scale(text: str) -> tuple[float, str] | None:
    """Real length per paper length that ``text`` states, with its words as written
    ('SCALE: 1" = 1\\'-0"' -> (12.0, '1" = 1\\'-0"')), else None."""
    match = _EQUALS.search(text)
    if match:
        paper = _number(match[1])
        real = 12 * _number(match[2]) + _number(match[3]) if match[2] else _number(match[4])
        if paper > 0 and real > 0:
            return real / paper, " ".join(match[0].split())
    match = _SIZE.search(text)
    if match:
        word = match[1].lower()
        if word in _SIZE_WORDS:
            return _SIZE_WORDS[word], " ".join(match[0].upper().split())
        num, _, den = word.replace(":", "/").partition("/")
        if float(num) > 0 and float(den) > 0:
            return float(den) / float(num), " ".join(match[0].upper().split())
    match = _RATIO.search(text)
    if match:
        drawn, meant = (match[1], match[2]) if match[1] else (match[3], match[4])
        if float(drawn) > 0 and _number(meant) > 0:
            return _number(meant) / float(drawn), f"{drawn}:{meant}"
    return None


def stated_scale(legends: Iterable[LegendItem], notes: Iterable[str] = ()
                 ) -> tuple[float, str] | None:
    """The scale a drawing's text (its ``legends``, then ``notes``: lines read beside
    its markers) states ("SCALE 1:4" -> 4.0, '1/2" = 1\\'-0"' -> 24.0, "HALF SIZE" ->
    2.0), with its words, else None."""
    for text in chain((item.text for item in legends), notes):
        found = parse_scale(text)
        if found is not None:
            return found
    return None


def not_to_scale(legends: Iterable[LegendItem], notes: Iterable[str] = ()) -> str | None:
    """The words by which a drawing says it is not to scale ("N.T.S.", "SCALE: NONE"),
    else None."""
    for text in chain((item.text for item in legends), notes):
        match = _NONE.search(text)
        if match:
            return " ".join(match[0].split())
    return None


def at_scale(art: Artwork, factor: float) -> Artwork:
    """``art`` enlarged ``factor`` times about its origin: a drawing at 1:4 at full size
    (``meta['enlarged']`` says by how much, so what is placed on it can be drawn back at
    the drawing's own scale)."""
    big = moved(art, factor)
    return replace(big, meta={**big.meta, "enlarged": factor})
