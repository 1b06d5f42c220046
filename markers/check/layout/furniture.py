"""What lies on a page beside its markers, named so a report can list it: borders and
crop marks, title blocks and their text, dimension lines with their arrowheads and text
(the dimensions are kept: a proof's stated sizes are checked against its drawing),
notes; and what is drawn on a marker but is not of it (mounting holes, centre marks)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import shapely
import shapely.affinity
from shapely import STRtree
from shapely.geometry import box
from shapely.geometry.base import BaseGeometry

from markers.check.layout.panels import guide
from markers.check.layout.parts import Part, bbox, is_chromatic, reading_order, touching
from markers.check.measure.statements import parse_dimension, parse_statements
from markers.core.artwork import Artwork

__all__ = ["SetAside", "Dimension", "drop_shadows", "guide_lines", "inner_marks", "outside",
           "merged"]

#: A mounting hole: round, at most this share of its marker's height across.
HOLE_SHARE = 0.06
#: A centre mark sits within this share of its marker's size from the marker's centre.
CENTRE_SHARE = 0.03
#: ... and is no larger than this share of it (a frame round the marker is no mark).
MARK_SHARE = 0.25
#: An arrowhead is at least this many times as long along its line as it is across.
HEAD_ALONG = 0.8
#: An extension line passes this close (inches) to an end of its dimension line.
EXTENSION_REACH = 0.05
#: Set-aside pieces of one kind this close (share of the page's larger side) are one item.
NEAR_SHARE = 0.02
#: A drop shadow is the blank it lies under moved by at most this share of its size, and
#: matches the blank's outline to within SHADOW_MATCH of its area.
SHADOW_SHARE, SHADOW_MATCH = 0.05, 0.02


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


def drop_shadows(parts: list[Part]) -> list[int]:
    """Drop shadows: an area of no marker color (a grey, a black) painted under a white
    blank of the same outline, moved a little down or aside. Only its rim shows, an L
    along two edges of the blank: no lettering, no part of the marker."""
    whites = [p for p in parts if p.white and not p.line]
    if not whites:
        return []
    tree = STRtree([p.footprint for p in whites])
    found = []
    for i, p in enumerate(parts):
        if p.white or p.line or p.seed or is_chromatic(p.hex):
            continue
        x0, y0, x1, y1 = p.footprint.bounds
        size = max(x1 - x0, y1 - y0)
        for j in tree.query(p.footprint, predicate="intersects").tolist():
            blank = whites[j]
            bx0, by0, bx1, by1 = blank.footprint.bounds
            dx, dy = x0 - bx0, y0 - by0
            if (blank.layer, blank.shape) <= (p.layer, p.shape) or \
                    not 0 < max(abs(dx), abs(dy)) <= SHADOW_SHARE * size or \
                    abs(x1 - bx1 - dx) > SHADOW_MATCH * size or \
                    abs(y1 - by1 - dy) > SHADOW_MATCH * size:
                continue
            moved = shapely.affinity.translate(blank.footprint, dx, dy)
            if moved.symmetric_difference(p.footprint).area <= SHADOW_MATCH * moved.area:
                found.append(i)
                break
    return found


def guide_lines(parts: list[Part], member: list[int | None], aside: list[SetAside]) -> None:
    """Frames drawn on a marker's white blank parallel to its edge all round (a print
    proof's safe line, solid or dashed, in any color): not the marker's lettering or
    outline."""
    blanks: dict[int, Part] = {}
    for i, p in enumerate(parts):
        k = member[i]
        if k is not None and k >= 0 and p.white and not p.line and (
                k not in blanks or p.footprint.area > blanks[k].footprint.area):
            blanks[k] = p
    for i, p in enumerate(parts):
        k = member[i]
        if k is not None and k in blanks and p.frame and guide(p.footprint,
                                                               blanks[k].footprint):
            member[i] = -1
            aside.append(SetAside("guide line", bbox(p.geometry.bounds)))


def inner_marks(parts: list[Part], member: list[int | None], regions: list[BaseGeometry],
                 aside: list[SetAside]) -> None:
    """Mounting holes (small circles, two or more of one size, apart; a white disc with
    a keyline ring round it is one hole) and centre marks (thin lines crossing at the
    marker's centre) drawn on a marker: not the marker."""
    for k, region in enumerate(regions):
        x0, y0, x1, y1 = region.bounds
        size = max(x1 - x0, y1 - y0)
        mine = [i for i, m in enumerate(member) if m == k and not parts[i].seed]
        holes = [i for i in mine if parts[i].round and parts[i].extent <= HOLE_SHARE * size]
        by_size: dict[int, list[int]] = {}
        for i in holes:
            by_size.setdefault(round(parts[i].extent / max(1e-9, 0.002 * size)), []).append(i)
        for same in by_size.values():
            spots: dict[int, list[int]] = {}  # a white disc and its keyline ring: one hole
            for i in same:
                centre = parts[i].geometry.centroid
                at = next((j for j in spots if centre.distance(parts[j].geometry.centroid)
                           <= parts[i].extent / 2), i)
                spots.setdefault(at, []).append(i)
            centres = [parts[j].geometry.centroid for j in spots]
            apart = len(spots) >= 2 and min(a.distance(b) for n, a in enumerate(centres)
                                            for b in centres[n + 1:]) >= 0.2 * (x1 - x0)
            if apart:
                for hole in spots.values():
                    for i in hole:
                        member[i] = -1
                    aside.append(SetAside("mounting hole", bbox(shapely.total_bounds(
                        [parts[i].geometry for i in hole]))))
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        marks = [i for i in mine if member[i] == k and parts[i].line
                 and parts[i].extent <= MARK_SHARE * size and math.hypot(
                     *(np.subtract(_centre(parts[i].geometry), (cx, cy)))) <= CENTRE_SHARE * size]
        if marks:
            mx0, my0, mx1, my1 = shapely.total_bounds([parts[i].geometry for i in marks])
            if min(mx1 - mx0, my1 - my0) >= 0.5 * max(mx1 - mx0, my1 - my0):
                for i in marks:
                    member[i] = -1
                aside.append(SetAside("centre mark", bbox((mx0, my0, mx1, my1))))


def _centre(g: BaseGeometry) -> tuple[float, float]:
    x0, y0, x1, y1 = g.bounds
    return (x0 + x1) / 2, (y0 + y1) / 2


def outside(parts: list[Part], member: list[int | None], regions: list[BaseGeometry],
             art: Artwork, legend_of: list[int | None], aside: list[SetAside],
             page: float, unlabelled: list[Dimension] | None = None) -> list[Dimension]:
    """Name what lies beside the markers: border and crop marks, title blocks and their
    text, dimension lines with their arrowheads and text, notes. A dimension line with
    no text by it goes into ``unlabelled`` (text "", stated 0), for its text in outlines
    (read later, by OCR: markers.check.layout.dimtext)."""
    outside = [i for i, m in enumerate(member) if m is None]
    texts = [n for n, m in enumerate(legend_of) if m is None]
    if not outside and not texts:
        return []
    markers_box = shapely.total_bounds(regions)
    used: set[int] = set()
    # a border: a line or frame enclosing every marker, or running most of the page (but
    # a frame round text beside the markers, which is a title block)
    text_centres = [art.legends[n].box.centroid for n in texts]
    for i in outside:
        p = parts[i]
        x0, y0, x1, y1 = p.geometry.bounds
        encloses = (x0 <= markers_box[0] and y0 <= markers_box[1] and x1 >= markers_box[2]
                    and y1 >= markers_box[3])
        long = max(x1 - x0, y1 - y0) >= 0.8 * max(art.width, art.height) and p.line
        titled = p.frame and any(c.within(p.footprint) for c in text_centres)
        if p.line and (encloses or (long and not titled)):
            used.add(i)
            aside.append(SetAside("border", bbox(p.geometry.bounds)))
    # title blocks: frames beside the markers with text in them, and all they hold
    frames = [i for i in outside if i not in used and parts[i].line
              and parts[i].footprint.area > 4 * parts[i].geometry.area]
    for i in frames:
        region = parts[i].footprint
        # (each text by its own box: a list of boxes made once went out of step with
        # ``texts`` once a title block took some, pairing texts with others' boxes)
        held_text = [n for n in texts if art.legends[n].box.centroid.within(region)]
        held = [j for j in outside if j not in used and j != i
                and parts[j].geometry.representative_point().within(region)]
        if not held_text and not any(not parts[j].line for j in held):
            continue
        used.update([i, *held])
        texts = [n for n in texts if n not in held_text]
        aside.append(SetAside("title block", bbox(region.bounds)))
    # dimension lines: straight thin lines with arrowheads at their ends, or text by them
    dims: list[Dimension] = []
    lines = [i for i in outside if i not in used and parts[i].line
             and parts[i].footprint.area <= 2 * parts[i].geometry.area]
    small = [i for i in outside if i not in used and not parts[i].line]
    dimension_texts = [n for n in texts if parse_dimension(art.legends[n].text) is not None]
    for i in lines:
        g = parts[i].geometry
        x0, y0, x1, y1 = g.bounds
        length = max(x1 - x0, y1 - y0)
        reach = 0.05 * length
        ends = ((x0, (y0 + y1) / 2), (x1, (y0 + y1) / 2)) if x1 - x0 >= y1 - y0 else \
            (((x0 + x1) / 2, y0), ((x0 + x1) / 2, y1))
        along = 0 if x1 - x0 >= y1 - y0 else 1
        heads = [j for j in small if j not in used and parts[j].extent <= 0.2 * length
                 and _points_along(parts[j].geometry, along)
                 and any(parts[j].geometry.distance(shapely.Point(e)) <= reach for e in ends)]
        near_text = [n for n in dimension_texts
                     if art.legends[n].box.distance(g) <= max(0.15 * length,
                                                              3 * art.legends[n].cap_height)]
        if not heads and not near_text:
            continue
        used.update([i, *heads])
        extension = _extension_lines(parts, member, used, ends, x1 - x0 >= y1 - y0)
        used.update(extension)
        where = shapely.total_bounds([g, *(parts[j].geometry for j in (*heads, *extension)),
                                      *(art.legends[n].box for n in near_text)])
        aside.append(SetAside("dimension line", bbox(where)))
        if near_text:
            n = min(near_text, key=lambda m: art.legends[m].box.distance(g))
            dimension_texts.remove(n)
            texts.remove(n)
            text = art.legends[n].text
            stated = parse_dimension(text)
            assert stated is not None  # one of the dimension_texts
            nearest = min(range(len(regions)), key=lambda k: regions[k].distance(g))
            dims.append(Dimension(float(stated), text, length, bbox(where), nearest))
        elif unlabelled is not None:
            nearest = min(range(len(regions)), key=lambda k: regions[k].distance(g))
            unlabelled.append(Dimension(0.0, "", length, bbox(where), nearest))
    # extension lines touching a dimension line, and leftover thin strokes near the corners
    for i in outside:
        if i in used:
            continue
        p = parts[i]
        x0, y0, x1, y1 = p.geometry.bounds
        if p.line and _in_corner((x0, y0, x1, y1), art, markers_box):
            used.add(i)
            aside.append(SetAside("crop mark", bbox(p.geometry.bounds)))
        elif p.line:
            used.add(i)
            aside.append(SetAside("line beside the markers", bbox(p.geometry.bounds)))
    for n in texts:
        text = art.legends[n].text
        what = "size stated" if parse_statements(text) else \
            "dimension text" if parse_dimension(text) else "note"
        aside.append(SetAside(f"{what} {text!r}", bbox(art.legends[n].box.bounds)))
    for i in outside:
        if i not in used:
            what = "note" if parts[i].extent <= 0.05 * page else "drawing beside the markers"
            aside.append(SetAside(what, bbox(parts[i].geometry.bounds)))
    return dims


def _points_along(head: BaseGeometry, axis: int) -> bool:
    """Whether an arrowhead lies along a line on ``axis`` (0: x, 1: y): at least
    HEAD_ALONG as long that way as across it (an arrowhead points along its line; an
    extension line's end meets the other dimension's arrowhead side on)."""
    x0, y0, x1, y1 = head.bounds
    sizes = (x1 - x0, y1 - y0)
    return sizes[axis] >= HEAD_ALONG * sizes[1 - axis]


def _extension_lines(parts: list[Part], member: list[int | None], used: set[int],
                     ends: tuple, horizontal: bool) -> list[int]:
    """The extension lines of a dimension line whose ``ends`` are given: straight thin
    lines across it (upright for a ``horizontal`` one) that pass through one of its
    ends, as drafting draws them from the feature measured to just past the dimension
    line. Set aside wherever they run: one drawn from a marker's corner across its panel
    is the dimension's, not the marker's."""
    found = []
    for j, p in enumerate(parts):
        if j in used or not p.line or p.seed or member[j] == -1 or \
                p.footprint.area > 2 * p.geometry.area:
            continue
        x0, y0, x1, y1 = p.geometry.bounds
        across = (y1 - y0 >= 8 * (x1 - x0)) if horizontal else (x1 - x0 >= 8 * (y1 - y0))
        reach = max(EXTENSION_REACH, 2 * min(x1 - x0, y1 - y0))
        if across and any(p.geometry.distance(shapely.Point(e)) <= reach for e in ends):
            found.append(j)
            if member[j] is not None:
                member[j] = -1
    return found


def _in_corner(b: tuple[float, float, float, float], art: Artwork,
               markers_box: np.ndarray) -> bool:
    """A short stroke near a corner of the page, outside the markers: a crop mark."""
    x0, y0, x1, y1 = b
    size = max(art.width, art.height)
    short = max(x1 - x0, y1 - y0) <= 0.1 * size
    near_x = min(x0, art.width - x1) <= 0.1 * art.width
    near_y = min(y0, art.height - y1) <= 0.1 * art.height
    clear = (x1 <= markers_box[0] or x0 >= markers_box[2] or y1 <= markers_box[1]
             or y0 >= markers_box[3])
    return short and near_x and near_y and clear


def merged(aside: list[SetAside], page: float) -> list[SetAside]:
    """Pieces of one kind close together as one item (the letters of a note), in reading
    order."""
    merged: list[SetAside] = []
    for what in dict.fromkeys(a.what for a in aside):
        same = [a for a in aside if a.what == what]
        gap = NEAR_SHARE * page
        boxes = [box(x - gap / 2, y - gap / 2, x + w + gap / 2, y + h + gap / 2)
                 for x, y, w, h in (a.bbox for a in same)]
        keep_apart = what in ("mounting hole", "border", "crop mark", "dimension line")
        groups = [[n] for n in range(len(same))] if keep_apart else touching(boxes)
        for g in groups:
            x0 = min(same[n].bbox[0] for n in g)
            y0 = min(same[n].bbox[1] for n in g)
            x1 = max(same[n].bbox[0] + same[n].bbox[2] for n in g)
            y1 = max(same[n].bbox[1] + same[n].bbox[3] for n in g)
            merged.append(SetAside(what, bbox((x0, y0, x1, y1))))
    order = reading_order([(a.bbox[0], a.bbox[1], a.bbox[0] + a.bbox[2], a.bbox[1] + a.bbox[3])
                            for a in merged])
    return [merged[n] for n in order]
