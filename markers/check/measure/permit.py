"""The permit label on a face: the identification number a department assigned to the
approved marker, lettered on the white outside the display area.

The label is found among the face's lines of lettering and set apart from them, so no
rule about the marker's words (their place, size, color) judges it and the display
area is not inferred to reach over it. A line is the label when it lies in the
drawing's ``permit-label`` area (wsmark writes one; a vendor may name an element so),
else when it is the lowest line of the face, wholly below the symbol, outside a
declared display area, and reads (trusted, markers.check.measure.reading) as a permit
id (markers.core.permit_id: capitals and digits joined by '-' or '/', with a digit,
which words such as "ROCKS" or "NO WAKE" are not).

An aid's face is measured for the lettering on it alone, so for an aid the lettering
below the face is gathered here: the largest parts of the face color (a triangle, a
square, the stripes) give the face's bottom, and lines wholly below it are candidates.
"""

from __future__ import annotations

from dataclasses import replace

from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry

from markers.check.measure.common import LegendFact, legend_facts
from markers.check.measure.reading import read_lines
from markers.core.artwork import Artwork
from markers.core.permit_id import is_permit_id
from markers.core.shapes import polygons
from markers.core.spec import Law

__all__ = ["split_label"]

#: Parts of an aid's face color at least this share of the tallest one's height are the
#: face (stripes, the triangle); smaller ones are lettering.
FACE_PART_SHARE = 0.5


def _box(leg: LegendFact) -> BaseGeometry:
    x, y, w, h = leg.bbox
    return box(x, y, x + w, y + h)


def _below_aid_face(fam: dict, panel: BaseGeometry, family: str) -> BaseGeometry | None:
    """The panel below an aid's face, where its label would be (None: nothing below)."""
    parts = polygons(fam[family][0])
    if not parts:
        return None
    tallest = max(p.bounds[3] - p.bounds[1] for p in parts)
    bottom = max(p.bounds[3] for p in parts
                 if p.bounds[3] - p.bounds[1] >= FACE_PART_SHARE * tallest)
    x0, _, x1, y1 = panel.bounds
    return box(x0 - 1, bottom, x1 + 1, y1 + 1) if y1 > bottom else None


def _aid_lines(art: Artwork, fam: dict, outer: Polygon | None, region: BaseGeometry
               ) -> list[LegendFact]:
    """Lines of lettering of any color but white in ``region`` beside an aid's face,
    read (the aid's own lettering, white, is measured on the face)."""
    families = [f for f in fam if f != "white"]
    found = legend_facts(art, fam, families, outer, region)
    return read_lines([leg for leg in found if _box(leg).centroid.within(region)])


def _joined(lines: list[LegendFact]) -> LegendFact:
    """Lines of one label as one fact: their text run together (None unless all were
    read), the smallest cap height, the box around them all."""
    if len(lines) == 1:
        return lines[0]
    ordered = sorted(lines, key=lambda leg: (leg.bbox[1], leg.bbox[0]))
    texts = [leg.text for leg in ordered if leg.text is not None]
    x0 = min(leg.bbox[0] for leg in lines)
    y0 = min(leg.bbox[1] for leg in lines)
    x1 = max(leg.bbox[0] + leg.bbox[2] for leg in lines)
    y1 = max(leg.bbox[1] + leg.bbox[3] for leg in lines)
    doubts = "; ".join(leg.doubt for leg in ordered if leg.doubt)
    return replace(min(lines, key=lambda leg: leg.cap_height),
                   text="".join(texts) if len(texts) == len(ordered) else None,
                   bbox=(x0, y0, round(x1 - x0, 3), round(y1 - y0, 3)), doubt=doubts or None)


#: A permit label as split from a marker's lettering: the lettering less the label, the
#: label (None: none) and how it was found ("declared", "form", None).
LabelSplit = tuple[list[LegendFact], "LegendFact | None", "str | None"]


def split_label(art: Artwork, fam: dict, outer: Polygon | None, panel: BaseGeometry,
                legends: list[LegendFact], aid_family: str | None, law: Law) -> LabelSplit:
    """``legends`` less the permit label, the label (None when there is none) and how
    it was found: "declared" (in the ``permit-label`` area) or "form" (the lowest
    line, below the symbol's ``outer`` boundary on the ``panel``, reading as a permit id
    under ``law``)."""
    region = art.features.get("permit-label")
    if aid_family is not None:
        return _aid_label(art, fam, outer, panel, legends, aid_family, law)
    if region is not None:  # declared
        inside = [leg for leg in legends if _box(leg).centroid.within(region.envelope)]
        if not inside:
            return legends, None, "declared"
        return [leg for leg in legends if leg not in inside], _joined(inside), "declared"
    return _lowest_label(art, outer, legends, law)


def _aid_label(art: Artwork, fam: dict, outer: Polygon | None, panel: BaseGeometry,
               legends: list[LegendFact], aid_family: str, law: Law) -> LabelSplit:
    """``split_label`` of an aid (its face of ``aid_family``): the lines of lettering in
    the declared ``permit-label`` area, else the lowest line below the face reading as a
    permit id."""
    region = art.features.get("permit-label")
    declared = region is not None
    region = region if declared else _below_aid_face(fam, panel, aid_family)
    if region is None:
        return legends, None, None
    # the counters of black label letters are white islands a face's lettering
    # search may take for letters: nothing in the label's region is the aid's id
    kept = [leg for leg in legends if not _box(leg).centroid.within(region.envelope)]
    lines = _aid_lines(art, fam, outer, region)
    if not lines:
        return legends, None, "declared" if declared else None
    label = _joined(lines) if declared else max(lines, key=_bottom)
    if declared or (label.text is not None and is_permit_id(law, label.text)):
        return kept, label, "declared" if declared else "form"
    return legends, None, None


def _lowest_label(art: Artwork, outer: Polygon | None, legends: list[LegendFact],
                  law: Law) -> LabelSplit:
    """``split_label`` of a sign that declares no label: its lowest line of lettering,
    below the symbol's ``outer`` boundary and the display area, when it reads as a
    permit id."""
    if outer is None or not legends:
        return legends, None, None
    lowest = max(legends, key=_bottom)
    area = art.features.get("display-area")
    below = lowest.bbox[1] >= outer.bounds[3] and (
        area is None or lowest.bbox[1] >= area.bounds[3] - 1e-6)
    if not below or lowest.text is None or not is_permit_id(law, lowest.text):
        return legends, None, None
    return [leg for leg in legends if leg is not lowest], lowest, "form"


def _bottom(leg: LegendFact) -> float:
    return leg.bbox[1] + leg.bbox[3]
