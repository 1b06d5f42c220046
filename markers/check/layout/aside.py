"""The values the layout's stages hand on about what is not a marker: a piece of page
furniture set aside (named, so a report can list it) and a dimension drawn beside the
markers (kept: a proof's stated sizes are checked against its drawing); and the pieces
set aside merged into the items a report lists (``merged``)."""

from __future__ import annotations

from dataclasses import dataclass

from shapely.geometry import box

from markers.check.layout.parts import bbox, reading_order, touching

__all__ = ["SetAside", "Dimension", "merged"]

#: Set-aside pieces of one kind this close (share of the page's larger side) are one item.
NEAR_SHARE = 0.02
#: What is listed one by one, however close: each is its own (a hole, a border, a crop
#: mark, a dimension line), where the letters of a note are one item.
APART = ("mounting hole", "border", "crop mark", "dimension line")


@dataclass(frozen=True)
class SetAside:
    """Something on the page that is not a marker: what it is and where (page inches,
    [x, y, w, h] from the top-left corner)."""

    what: str
    bbox: tuple[float, float, float, float]

    def describe(self) -> str:
        x, y, w, h = self.bbox
        return f"{self.what} at [{x:g}, {y:g}, {w:g}, {h:g}]"


@dataclass(frozen=True)
class Dimension:
    """A dimension on the proof: what its text says (inches), the text, and the length
    of its line as drawn (inches), with the index of the marker it is nearest."""

    stated: float
    text: str
    drawn: float
    bbox: tuple[float, float, float, float]
    marker: int = 0


def merged(aside: list[SetAside], page: float) -> list[SetAside]:
    """Pieces of one kind close together as one item (the letters of a note), in reading
    order."""
    merged: list[SetAside] = []
    for what in dict.fromkeys(a.what for a in aside):
        same = [a for a in aside if a.what == what]
        gap = NEAR_SHARE * page
        boxes = [box(x - gap / 2, y - gap / 2, x + w + gap / 2, y + h + gap / 2)
                 for x, y, w, h in (a.bbox for a in same)]
        groups = [[n] for n in range(len(same))] if what in APART else touching(boxes)
        for g in groups:
            x0 = min(same[n].bbox[0] for n in g)
            y0 = min(same[n].bbox[1] for n in g)
            x1 = max(same[n].bbox[0] + same[n].bbox[2] for n in g)
            y1 = max(same[n].bbox[1] + same[n].bbox[3] for n in g)
            merged.append(SetAside(what, bbox((x0, y0, x1, y1))))
    order = reading_order([(a.bbox[0], a.bbox[1], a.bbox[0] + a.bbox[2], a.bbox[1] + a.bbox[3])
                            for a in merged])
    return [merged[n] for n in order]
