"""What a proof's words say about sizes: a dimension's length ("24\"", "610 mm") and the
display height a title block or note states ("DISPLAY AREA 24 IN", "24 IN CONTROL
SIGN"). Text in, inches out; which marker a statement belongs to is markers.check.split's
business, which kind word names a kind the pack's (markers.check.measure)."""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = ["ANY_KIND", "Statement", "parse_dimension", "parse_statements", "parse_panels"]

_NUMBER = r"(\d+(?:\.\d+)?(?:(?:\s+|-)\d+/\d+)?|\d+/\d+)"  # 24, 8.5, 8 1/3, 8-1/3
_DIMENSION = re.compile(_NUMBER + r"\s*(\"|''|”|″|in\b|inch(?:es)?\b|mm\b|cm\b|'|ft\b|feet\b)",
                        re.IGNORECASE)
_PER_INCH = {'"': 1.0, "''": 1.0, "”": 1.0, "″": 1.0, "in": 1.0, "inch": 1.0, "inches": 1.0,
             "mm": 1 / 25.4, "cm": 1 / 2.54, "'": 12.0, "ft": 12.0, "feet": 12.0}

#: A length with a unit that a display height is stated in (not feet: signs are inches).
_LENGTH = _NUMBER + r"\s*(\"|''|”|″|in\b|inch(?:es)?\b|mm\b|cm\b)"
#: "DISPLAY AREA 24 IN", "DISPLAY HEIGHT: 610 mm", "H = 24 in".
_STATED_AREA = re.compile(r"(?:\bDISPLAY(?:\s+AREA)?(?:\s+HEIGHT)?|\bH)\s*[:=]?\s*" + _LENGTH,
                          re.IGNORECASE)
#: "24 IN CONTROL SIGN", '24" DANGER', "610 mm information marker": a length naming a kind.
_STATED_KIND = re.compile(_LENGTH + r"\s*(?:HIGH\s+|TALL\s+)?([A-Za-z]+)", re.IGNORECASE)
#: "CONTROL SIGN 24 IN", "DANGER MARKER: 24\"": a kind naming a length.
_KIND_STATED = re.compile(r"\b([A-Za-z]+)\s+(?:SIGN|MARKER)\s*[,:=-]?\s*" + _LENGTH,
                          re.IGNORECASE)
#: Two lengths crossed ("24 x 30 in") are a panel's size, not its display area.
_CROSSED = re.compile(r"\d\s*(?:\"|in|mm|cm)?\s*[x×X*]\s*\d")

#: A panel's size, two lengths crossed, width first as sign makers list them (MUTCD's
#: sign sizes) unless W/H says which: '36" x 48"', "24 x 36 IN", '18" W x 24" H',
#: "2' x 3'". One unit may serve both.
_SIDE = r"(?:W(?:IDE)?|H(?:IGH)?|WIDTH|HEIGHT)\b"
_PANEL_UNIT = r"(\"|''|”|in\b|inch(?:es)?\b|mm\b|cm\b|'|ft\b|feet\b)"
_PANEL_SIZE = re.compile(_NUMBER + r"\s*" + _PANEL_UNIT + r"?\s*(" + _SIDE + r")?\s*[x×X*]\s*"
                         + _NUMBER + r"\s*" + _PANEL_UNIT + r"?\s*(" + _SIDE + r")?",
                         re.IGNORECASE)
#: Words naming the blank a panel size is of, any sign's ("SIGN 36 x 48 IN") ...
_BLANK = frozenset({"sign", "panel", "blank", "marker", "plate", "face"})
#: ... and words that name something else (a sheet's or a post's size, not the sign's).
_NOT_BLANK = frozenset({"sheet", "paper", "page", "post", "frame", "border", "drawing"})
_WORD = re.compile(r"[A-Za-z]+")

#: Words of a length's unit, never a kind's name.
_UNIT_WORDS = frozenset({"in", "inch", "inches", "mm", "cm", "ft", "feet", "x", "w", "h",
                         "wide", "high", "width", "height"})

#: What a Statement names when it states the display area of whatever sign it is given to.
ANY_KIND = "*"


@dataclass(frozen=True)
class Statement:
    """A display height the proof states in words (a title block, a note): inches, the
    text, the kind word it names ("control"; None for any sign: "DISPLAY AREA 24 IN") and
    whether the marker it is given to is the one nearest the text; or a panel's size
    (``panel``)."""

    height: float
    text: str
    names: str | None
    nearest: bool = True
    #: A panel's size stated (width, height: inches), not a display height: ``height``
    #: is then the panel's (markers.check.measure.sized).
    panel: tuple[float, float] | None = None


def parse_dimension(text: str) -> float | None:
    """Inches a dimension's text states ("24\"", "24 in", "610 mm", "2 ft"), else None."""
    match = _DIMENSION.search(text.replace("\u2033", '"'))
    if match is None:
        return None
    number, unit = match[1].strip().replace("-", " "), match[2].lower()
    whole, _, frac = number.partition(" ")
    value = 0.0
    for piece in (whole, frac):
        if "/" in piece:
            num, den = piece.split("/")
            value += float(num) / float(den) if float(den) else 0.0
        elif piece:
            value += float(piece)
    return value * _PER_INCH.get(unit, 1.0) if value > 0 else None


def _inches(number: str, unit: str) -> float | None:
    return parse_dimension(f"{number} {unit}" if unit.isalpha() else f"{number}{unit}")


def parse_statements(text: str) -> list[tuple[float, str | None]]:
    """The display heights ``text`` states, each with the kind word it names (lower case;
    None when it names the display area itself): "DISPLAY AREA 24 IN" -> [(24, None)],
    "SCALE 1:1 24 IN CONTROL SIGN" -> [(24, "control")], "CONTROL SIGN 610 mm" ->
    [(24.02, "control")]. A panel's size ("24 x 30 in", '18" W x 24" H': parse_panels)
    states none. Which kind words
    are kinds is for the caller (the pack) to say."""
    text = text.replace("\u2033", '"')
    if _CROSSED.search(text) or parse_panels(text):
        return []
    found: list[tuple[float | None, str | None]] = [
        (_inches(m[1], m[2]), None) for m in _STATED_AREA.finditer(text)]
    found += [(_inches(m[1], m[2]), m[3].lower()) for m in _STATED_KIND.finditer(text)]
    found += [(_inches(m[2], m[3]), m[1].lower()) for m in _KIND_STATED.finditer(text)]
    return [(v, word) for v, word in found if v]


def _side(mark: str | None) -> str | None:
    return None if not mark else mark[0].lower()


def parse_panels(text: str) -> list[tuple[float, float, str | None]]:
    """The panel sizes ``text`` states, (width, height) in inches with the kind word it
    names (lower case; None for any sign's blank): 'SIGN 36" x 48"' -> [(36, 48, None)],
    "PANEL 24 x 36 IN", '18" W x 24" H' (W and H say which is which, so no word is
    needed), '30 x 36 in CONTROL SIGN' -> [(30, 36, "control")]. Two lengths crossed
    with no unit, with no word naming a blank or a kind, or beside a sheet's or a post's
    name ("SHEET 11 x 17 IN") state none. Which kind words are kinds is the caller's."""
    out: list[tuple[float, float, str | None]] = []
    for m in _PANEL_SIZE.finditer(text.replace("\u2033", '"')):
        unit_a, unit_b = m[2] or m[5], m[5] or m[2]
        if not unit_a:
            continue
        a, b = _inches(m[1], unit_a), _inches(m[4], unit_b)
        if not a or not b:
            continue
        sides = (_side(m[3]), _side(m[6]))
        words = [w.lower() for w in _WORD.findall(text[:m.start()])[-2:]
                 + _WORD.findall(text[m.end():])[:2]]
        if _NOT_BLANK & set(words):
            continue
        kind = next((w for w in words if w not in _BLANK and w not in _UNIT_WORDS), None)
        if sides == (None, None) and not (_BLANK & set(words)):
            continue
        width, height = (b, a) if sides in (("h", "w"), ("h", None), (None, "w")) else (a, b)
        named = kind if kind is not None and _BLANK & set(words) else None
        out.append((width, height, named))
    return out
