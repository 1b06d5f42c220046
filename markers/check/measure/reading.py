"""What a marker's lettering says, and on what basis.

A legend given as ``<text>`` is read as written ("text"). Sign shops convert lettering
to outlines, so most proofs carry glyphs, not text: those are read by OCR
(markers.check.measure.ocr), and a line's text is filled in only when the reading
agrees with the glyphs; otherwise the line says what was read and why it is doubted,
and the rules report the requirement as not judged (severity review) instead of
passing or failing it on a guess. Glyphs whose file says what they read (a PDF's live
text, its font's Unicode) are taken at that word when the glyphs confirm it, by the
same cross-check, and read by OCR when they do not. A design's declared identification
is the last resort ("declared"), used only where the drawing has no lettering at all.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

import shapely
from shapely.geometry import box
from shapely.geometry.base import BaseGeometry

from markers.check.measure.common import LegendFact
from markers.check.measure.ocr import Reading, confirm_lettering, read_lettering
from markers.core.artwork import Artwork
from markers.core.design import ws_id_from_text

__all__ = ["TEXT_BASES", "read_glyphs", "read_outlines", "confirm_said", "read_lines",
           "read_legend", "read_identification"]

#: How the text of a marker was obtained (RULES.md, report contract v2).
TEXT_BASES = ("text", "outlines", "declared", "none")
#: Glyphs read on one marker: a long legend ("SUBMERGED ROCKS AND SHALLOW WATER AHEAD")
#: has 33; past this the lettering is not read but goes to review, so a drawing of
#: thousands of specks cannot spend the check's budget on OCR.
MAX_GLYPHS_READ = 200


@lru_cache(maxsize=512)
def _read(wkb: bytes, kind: str) -> Reading:
    """One reading per glyph set: a face's legend and its id read the same lines."""
    return read_lettering(shapely.from_wkb(wkb), kind=kind)


def read_glyphs(glyphs: BaseGeometry, kind: str = "legend") -> Reading:
    """The OCR reading of outlined ``glyphs`` (ocr.read_lettering), remembered by their
    value: a batch of proofs shows the same lettering, as drawn and turned, again and
    again."""
    return _read(shapely.to_wkb(glyphs), kind)


def read_outlines(line: LegendFact, kind: str = "legend") -> Reading | None:
    """The OCR reading of one line of outlined lettering (``kind`` "ws_id" reads with
    an id's characters only), or None when the line has no glyphs to read."""
    if not line.outlined or line.outline is None or line.outline.is_empty:
        return None
    return read_glyphs(line.outline, kind)


@lru_cache(maxsize=512)
def _confirm(said: str, wkb: bytes) -> Reading:
    return confirm_lettering(said, shapely.from_wkb(wkb))


def confirm_said(line: LegendFact) -> Reading | None:
    """Whether the glyphs of ``line`` show what its file says they read (``said``);
    None when the file says nothing of them."""
    if not line.said or not line.outlined or line.outline is None or line.outline.is_empty:
        return None
    return _confirm(line.said, shapely.to_wkb(line.outline))


def _doubt(reading: Reading, given: Reading | None = None) -> str:
    said = " ".join(reading.text.split())
    if not said:
        why = f"the outlined letters could not be read ({reading.why})"
    else:
        why = f"the outlined letters read {said!r}, which their shapes do not confirm " \
              f"({reading.why})"
    if given is None:
        return why
    return f"their font says {given.text!r}, which their shapes do not confirm " \
           f"({given.why}), and {why}"


def read_lines(legends: list[LegendFact], kind: str = "legend") -> list[LegendFact]:
    """``legends`` with each outlined line read: its ``text`` when the reading is
    trusted, else its ``doubt``. Lines given as ``<text>`` are unchanged."""
    out, left = [], MAX_GLYPHS_READ
    for leg in legends:
        glyphs = len(getattr(leg.outline, "geoms", [leg.outline])) if leg.outlined else 0
        left -= glyphs
        if leg.text is None and leg.outlined and left < 0:
            out.append(replace(leg, doubt=f"the outlined letters were not read: more than "
                                          f"{MAX_GLYPHS_READ} glyphs on one marker"))
            continue
        given = confirm_said(leg) if leg.text is None else None
        if given is not None and given.trusted:
            out.append(replace(leg, text=given.text))
            continue
        reading = read_outlines(leg, kind) if leg.text is None else None
        if reading is None:
            out.append(leg)
        elif reading.trusted:
            out.append(replace(leg, text=" ".join(reading.text.split())))
        else:
            out.append(replace(leg, doubt=_doubt(reading, given)))
    return out


def _reading_order(legends: list[LegendFact]) -> list[LegendFact]:
    return sorted(legends, key=lambda leg: (round(leg.bbox[1], 2), leg.bbox[0]))


def read_legend(legends: list[LegendFact]) -> tuple[str | None, str]:
    """The legend's words in reading order (lines read by ``read_lines``) and their
    basis: "text" when all are ``<text>``, "outlines" when any line is outlined (None
    unless every line was read), "none" when there is no lettering."""
    if not legends:
        return None, "none"
    lines = [leg.text for leg in _reading_order(legends)]
    basis = "outlines" if any(leg.outlined for leg in legends) else "text"
    if any(text is None for text in lines):
        return None, basis
    return " ".join(text.strip() for text in lines if text and text.strip()) or None, basis


def read_identification(art: Artwork, legends: list[LegendFact],
                        face: BaseGeometry | None) -> tuple[str | None, str]:
    """An aid's identification and its basis: the lettering on its ``face`` as read
    (every line, not only one starting with "WS", so "2" is judged as an id); None with
    basis "outlines" when glyphs are there but not read with confidence; the declared
    ``ws_id`` only when the face has no lettering; else None, "none"."""
    on_face = [leg for leg in legends
               if face is None or box(leg.bbox[0], leg.bbox[1], leg.bbox[0] + leg.bbox[2],
                                      leg.bbox[1] + leg.bbox[3]).centroid.within(face)]
    text, basis = read_legend(on_face)
    if text is not None:
        lines = "\n".join(text.split()) if len(on_face) > 1 else text
        return ws_id_from_text(lines), basis
    if basis != "none":
        return None, basis
    if art.meta.get("ws_id"):
        return str(art.meta["ws_id"]), "declared"
    return None, basis
