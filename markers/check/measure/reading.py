"""What a marker's lettering says, and on what basis: the seam where OCR plugs in.

A legend given as ``<text>`` is read as written ("text"). Sign shops convert lettering
to outlines, so most proofs carry glyphs, not text: those are read by
``read_outlines`` ("outlines"), which returns None while no reader is installed, so
the rules say the requirement could not be judged (severity review) instead of
passing it. A design's declared identification is the last resort ("declared").
"""

from __future__ import annotations

from shapely.geometry import box
from shapely.geometry.base import BaseGeometry

from markers.check.measure.common import LegendFact
from markers.core.artwork import Artwork
from markers.core.design import ws_id_from_text

__all__ = ["TEXT_BASES", "read_outlines", "read_legend", "read_identification"]

#: How the text of a marker was obtained (RULES.md, report contract v2).
TEXT_BASES = ("text", "outlines", "declared", "none")


def read_outlines(art: Artwork, line: LegendFact) -> str | None:
    """The text of one line of outlined lettering, or None when it cannot be read.

    The OCR of outlined lettering (markers.ocr.read_lettering, which rasterises the
    line's box of ``art`` and returns a Reading(text, confidence, trusted)) plugs in
    here: return ``reading.text`` when ``reading.trusted``, else None. Until then no
    outline is read, and every rule that needs the words says so as ``review``.
    """
    return None


def _reading_order(legends: list[LegendFact]) -> list[LegendFact]:
    return sorted(legends, key=lambda leg: (round(leg.bbox[1], 2), leg.bbox[0]))


def read_legend(art: Artwork, legends: list[LegendFact]) -> tuple[str | None, str]:
    """The legend's words in reading order and their basis: "text" when all are
    ``<text>``, "outlines" when any line is outlined (None unless every line was read),
    "none" when there is no lettering."""
    if not legends:
        return None, "none"
    lines = [leg.text if not leg.outlined else read_outlines(art, leg)
             for leg in _reading_order(legends)]
    basis = "outlines" if any(leg.outlined for leg in legends) else "text"
    if any(text is None for text in lines):
        return None, basis
    return " ".join(text.strip() for text in lines if text.strip()) or None, basis


def read_identification(art: Artwork, legends: list[LegendFact],
                        face: BaseGeometry | None) -> tuple[str | None, str]:
    """An aid's identification and its basis: the lettering on its ``face`` as read
    (every line, not only one starting with "WS", so "2" is judged as an id), else the
    declared ``ws_id``; None with basis "outlines" when glyphs are there but unread,
    "none" when there is nothing."""
    on_face = [leg for leg in legends
               if face is None or box(leg.bbox[0], leg.bbox[1], leg.bbox[0] + leg.bbox[2],
                                      leg.bbox[1] + leg.bbox[3]).centroid.within(face)]
    text, basis = read_legend(art, on_face)
    if text is not None:
        lines = "\n".join(text.split()) if len(on_face) > 1 else text
        return ws_id_from_text(lines), basis
    if art.meta.get("ws_id"):
        return str(art.meta["ws_id"]), "declared"
    return None, basis
