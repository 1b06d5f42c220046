"""The layout's fourth stage: what lies on a page beside its markers, named so a report
can list it: borders and crop marks, title blocks and their text, dimension lines with
their arrowheads and text (the dimensions are kept: a proof's stated sizes are checked
against its drawing), notes; and what is drawn on a marker but is not of it (mounting
holes, centre marks, guide lines). It takes the markers (markers.check.layout.markers)
and hands on which parts are still each marker's, what was set aside, and the
dimensions."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely.geometry import Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from markers.check.layout.aside import Dimension, SetAside
from markers.check.layout.markers import Markers
from markers.check.layout.panels import guide
from markers.check.layout.parts import Part, bbox
from markers.check.measure.statements import parse_dimension, parse_panels, parse_statements
from markers.core.artwork import Artwork
from markers.read.linework import HAIRLINE_IN, JOIN_TOL_IN

__all__ = ["Furniture", "furniture", "guide_lines", "inner_marks", "outside", "TEXT_CAPS",
           "TEXT_REACH"]

#: A mounting hole: round, at most this share of its marker's height across.
HOLE_SHARE = 0.06
#: Holes are of one size when their extents agree to within this share of the marker's
#: size (one bucket of a rounding) ...
HOLE_STEP = 0.002
#: ... and mounting holes when two or more of one size stand at least this share of the
#: marker's width apart (a drilling pattern; a letter's dots stand close).
HOLES_APART = 0.2
#: A centre mark sits within this share of its marker's size from the marker's centre.
CENTRE_SHARE = 0.03
#: ... and is no larger than this share of it (a frame round the marker is no mark).
MARK_SHARE = 0.25
#: ... and crosses: its box is at least this share as wide as tall, or as tall as wide
#: (a lone stroke through the centre is lettering, a bar of a symbol).
MARK_SQUARE = 0.5
#: A line is a border when it encloses every marker, or runs this share of the page's
#: larger side (but a frame round text beside the markers, which is a title block).
BORDER_SPAN = 0.8
#: A line is straight (a dimension line, an extension line: no frame) when the area its
#: outline encloses is at most this many times the area it paints.
STRAIGHT_RATIO = 2.0
#: An arrowhead is no longer than this share of its dimension line, and within this
#: share of the line's length from one of its ends.
HEAD_SHARE, HEAD_REACH = 0.2, 0.05
#: An arrowhead is at least this many times as long along its line as it is across.
HEAD_ALONG = 0.8
#: A dimension's text stands within this share of its line's length of the line, or
#: within this many of the text's cap heights (a short line's text stands off it).
TEXT_REACH, TEXT_CAPS = 0.15, 3.0
#: An extension line is this many times as long across its dimension line as it is
#: wide, and passes this close (inches) to an end of the dimension line.
ACROSS_RATIO = 8.0
EXTENSION_REACH = 0.05
#: A crop mark is a stroke no longer than this share of the page's larger side, within
#: this share of the page's width and height of its edges, clear of the markers.
CROP_SHARE = 0.1
#: Crop marks draw a trim only where their marks stand this far apart (in) both ways.
TRIM_MIN_IN = 1.0
#: A piece beside the markers no larger than this share of the page is a note's (a
#: letter); a larger one is a drawing beside the markers.
NOTE_SHARE = 0.05


@dataclass(frozen=True)
class Furniture:
    """A page's markers with what is not of them set aside: the marker each part belongs
    to (``member``: -1 now also for what was set aside on a marker), everything set
    aside (in the order found) and the dimensions drawn beside the markers; a dimension
    line with no text by it is ``unlabelled`` (text "", stated 0), for its text in
    outlines (read later, by OCR: markers.check.layout.dimtext); ``trim``, what the
    page's crop marks say is cut out of it (``trim_of``), when they say."""

    member: list[int | None]
    aside: list[SetAside]
    dimensions: list[Dimension]
    unlabelled: list[Dimension] = field(default_factory=list)
    trim: Polygon | None = None


#: Parts set aside together as one item (a hole and its keyline ring), and that item.
Taken = tuple[list[int], SetAside]


def furniture(art: Artwork, found: Markers) -> Furniture:
    """Stage four of the layout (module docstring): what is drawn on the markers but is
    not of them (``inner_marks``, ``guide_lines``), then what lies beside them
    (``outside``)."""
    pieces = found.ground.pieces
    member = list(found.member)
    aside = list(found.aside)
    for taken, item in inner_marks(pieces, member, found.regions):
        member = _set_aside(member, taken)
        aside.append(item)
    for taken, item in guide_lines(pieces, member):
        member = _set_aside(member, taken)
        aside.append(item)
    beside = outside(pieces, member, found.regions, art, found.legend_of, found.ground.page)
    trim = trim_of(beside.crops)
    cut = [] if trim is None else [
        SetAside("trim the crop marks draw (paint beyond it is bleed, cut away)",
                 bbox(trim.bounds))]
    return Furniture(_set_aside(member, beside.taken), aside + beside.aside + cut,
                     beside.dimensions, beside.unlabelled, trim)


def trim_of(crops: list[tuple[float, float, float, float]]) -> Polygon | None:
    """The trim the crop marks ``crops`` (shapely bounds) draw: a print file's marks
    stand on the lines the sheet is cut along, outside the corners, so the vertical
    marks give its left and right and the horizontal ones its top and bottom (each
    mark's middle across). None unless both pairs are drawn (TRIM_MIN_IN apart)."""
    across = [((x0 + x1) / 2, (y0 + y1) / 2) for x0, y0, x1, y1 in crops]
    xs = [x for (x, _), (x0, y0, x1, y1) in zip(across, crops, strict=True)
          if y1 - y0 > x1 - x0]
    ys = [y for (_, y), (x0, y0, x1, y1) in zip(across, crops, strict=True)
          if x1 - x0 > y1 - y0]
    if not xs or not ys or max(xs) - min(xs) < TRIM_MIN_IN or \
            max(ys) - min(ys) < TRIM_MIN_IN:
        return None
    return box(min(xs), min(ys), max(xs), max(ys))


def _set_aside(member: list[int | None], taken: list[int] | set[int]) -> list[int | None]:
    """``member`` with the parts ``taken`` set aside (-1)."""
    return [-1 if i in taken else m for i, m in enumerate(member)] if taken else member


def guide_lines(parts: list[Part], member: list[int | None]) -> list[Taken]:
    """Frames drawn on a marker's white blank parallel to its edge all round (a print
    proof's safe line, solid or dashed, in any color): not the marker's lettering or
    outline."""
    blanks: dict[int, Part] = {}
    for i, p in enumerate(parts):
        k = member[i]
        if k is not None and k >= 0 and p.white and not p.line and (
                k not in blanks or p.footprint_area > blanks[k].footprint_area):
            blanks[k] = p
    found: list[Taken] = []
    for i, p in enumerate(parts):
        k = member[i]
        if k is not None and k in blanks and p.frame and guide(p.footprint,
                                                               blanks[k].footprint):
            found.append(([i], SetAside("guide line", bbox(p.bounds))))
    return found


def inner_marks(parts: list[Part], member: list[int | None],
                regions: list[BaseGeometry]) -> list[Taken]:
    """Mounting holes (small circles, two or more of one size, apart; a white disc with
    a keyline ring round it is one hole) and centre marks (thin lines crossing at the
    marker's centre) drawn on a marker: not the marker."""
    found: list[Taken] = []
    for k, region in enumerate(regions):
        mine = [i for i, m in enumerate(member) if m == k and not parts[i].seed]
        holes = _mounting_holes(parts, mine, region)
        found += holes
        taken = {i for hole, _ in holes for i in hole}
        found += _centre_mark(parts, [i for i in mine if i not in taken], region)
    return found


def _mounting_holes(parts: list[Part], mine: list[int], region: BaseGeometry) -> list[Taken]:
    """The mounting holes among a marker's parts ``mine``: round (HOLE_SHARE), of one
    size (HOLE_STEP), two or more standing apart (HOLES_APART)."""
    x0, y0, x1, y1 = region.bounds
    size = max(x1 - x0, y1 - y0)
    holes = [i for i in mine if parts[i].round and parts[i].extent <= HOLE_SHARE * size]
    by_size: dict[int, list[int]] = {}
    for i in holes:
        by_size.setdefault(round(parts[i].extent / max(1e-9, HOLE_STEP * size)), []).append(i)
    found: list[Taken] = []
    for same in by_size.values():
        spots = _spots(parts, same)
        centres = [parts[j].geometry.centroid for j in spots]
        if len(spots) >= 2 and min(a.distance(b) for n, a in enumerate(centres)
                                   for b in centres[n + 1:]) >= HOLES_APART * (x1 - x0):
            found += [(hole, SetAside("mounting hole", bbox(shapely.total_bounds(
                [parts[i].geometry for i in hole])))) for hole in spots.values()]
    return found


def _spots(parts: list[Part], same: list[int]) -> dict[int, list[int]]:
    """Round parts of one size by where they stand: a white disc and its keyline ring,
    centred within half the disc of each other, are one hole (keyed by its first part)."""
    spots: dict[int, list[int]] = {}
    for i in same:
        centre = parts[i].geometry.centroid
        at = next((j for j in spots if centre.distance(parts[j].geometry.centroid)
                   <= parts[i].extent / 2), i)
        spots.setdefault(at, []).append(i)
    return spots


def _centre_mark(parts: list[Part], mine: list[int], region: BaseGeometry) -> list[Taken]:
    """The centre mark among a marker's parts ``mine``: small lines (MARK_SHARE) at its
    centre (CENTRE_SHARE) that cross (MARK_SQUARE); none or one."""
    x0, y0, x1, y1 = region.bounds
    size = max(x1 - x0, y1 - y0)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    marks = [i for i in mine if parts[i].line and parts[i].extent <= MARK_SHARE * size
             and math.hypot(*(np.subtract(_centre(parts[i].geometry), (cx, cy))))
             <= CENTRE_SHARE * size]
    if not marks:
        return []
    mx0, my0, mx1, my1 = shapely.total_bounds([parts[i].geometry for i in marks])
    if min(mx1 - mx0, my1 - my0) < MARK_SQUARE * max(mx1 - mx0, my1 - my0):
        return []
    return [(marks, SetAside("centre mark", bbox((mx0, my0, mx1, my1))))]


def _centre(g: BaseGeometry) -> tuple[float, float]:
    x0, y0, x1, y1 = g.bounds
    return (x0 + x1) / 2, (y0 + y1) / 2


@dataclass
class Beside:
    """What lies beside the markers, sorted step by step (``outside``): the parts and
    lines of text not yet named (``used`` holds those named), what was named, the
    dimensions found (``unlabelled``: those with no live text by them), and the parts of
    markers set aside with them (``taken``: an extension line drawn across a marker's
    panel)."""

    parts: list[Part]
    member: list[int | None]
    art: Artwork
    spare: list[int]
    texts: list[int]
    used: set[int] = field(default_factory=set)
    aside: list[SetAside] = field(default_factory=list)
    dimensions: list[Dimension] = field(default_factory=list)
    taken: set[int] = field(default_factory=set)
    unlabelled: list[Dimension] = field(default_factory=list)
    crops: list[tuple[float, float, float, float]] = field(default_factory=list)

    def name(self, what: str, where: tuple | np.ndarray, parts: Sequence[int] = ()) -> None:
        """Name ``what`` stands ``where`` (shapely bounds), made of ``parts``."""
        self.used.update(parts)
        self.aside.append(SetAside(what, bbox(where)))

    def left(self) -> list[int]:
        """The parts beside the markers not named yet."""
        return [i for i in self.spare if i not in self.used]


def outside(parts: list[Part], member: list[int | None], regions: list[BaseGeometry],
            art: Artwork, legend_of: list[int | None], page: float) -> Beside:
    """Name what lies beside the markers: border and crop marks, title blocks and their
    text, dimension lines with their arrowheads and text, notes; in that order, each
    step naming some of what the one before left."""
    beside = Beside(parts, member, art, [i for i, m in enumerate(member) if m is None],
                    [n for n, m in enumerate(legend_of) if m is None])
    if not beside.spare and not beside.texts:
        return beside
    markers_box = shapely.total_bounds(regions)
    _borders(beside, markers_box)
    _title_blocks(beside)
    _dimension_lines(beside, regions)
    _loose_lines(beside, markers_box)
    for n in beside.texts:
        text = art.legends[n].text
        what = "size stated" if parse_statements(text) or parse_panels(text) else \
            "dimension text" if parse_dimension(text) else "note"
        beside.name(f"{what} {text!r}", art.legends[n].box.bounds)
    for i in beside.left():
        what = "note" if parts[i].extent <= NOTE_SHARE * page else "drawing beside the markers"
        beside.name(what, parts[i].bounds)
    return beside


def _borders(beside: Beside, markers_box: np.ndarray) -> None:
    """Borders: lines or frames enclosing every marker, or running most of the page
    (BORDER_SPAN), but for a frame round text beside the markers (a title block's)."""
    art = beside.art
    text_centres = [art.legends[n].box.centroid for n in beside.texts]
    span = BORDER_SPAN * max(art.width, art.height)
    for i in beside.spare:
        p = beside.parts[i]
        x0, y0, x1, y1 = p.bounds
        encloses = (x0 <= markers_box[0] and y0 <= markers_box[1] and x1 >= markers_box[2]
                    and y1 >= markers_box[3])
        long = max(x1 - x0, y1 - y0) >= span and p.line
        if p.line and (encloses or (long and not _titled(p, text_centres))):
            beside.name("border", p.bounds, [i])


def _titled(p: Part, text_centres: list[Point]) -> bool:
    """A frame round text (asked only of a long line that encloses no marker)."""
    return p.frame and any(c.within(p.footprint) for c in text_centres)


def _title_blocks(beside: Beside) -> None:
    """Title blocks: frames beside the markers with text in them, and all they hold."""
    parts, art = beside.parts, beside.art
    for i in [i for i in beside.left() if beside.parts[i].frame]:
        region = parts[i].footprint
        # (each text by its own box: a list of boxes made once went out of step with
        # ``texts`` once a title block took some, pairing texts with others' boxes)
        held_text = [n for n in beside.texts if art.legends[n].box.centroid.within(region)]
        held = [j for j in beside.left() if j != i
                and parts[j].geometry.representative_point().within(region)]
        if not held_text and not any(not parts[j].line for j in held):
            continue
        beside.texts = [n for n in beside.texts if n not in held_text]
        beside.name("title block", region.bounds, [i, *held])


def _dimension_lines(beside: Beside, regions: list[BaseGeometry]) -> None:
    """Dimension lines: straight thin lines with arrowheads at their ends or a
    dimension's text by them, with their extension lines; each dimension's text read as
    the size it states, given to the marker nearest its line."""
    parts, art = beside.parts, beside.art
    lines = [i for i in beside.left() if parts[i].line
             and parts[i].footprint_area <= STRAIGHT_RATIO * parts[i].area]
    small = [i for i in beside.left() if not parts[i].line]
    dimension_texts = [n for n in beside.texts if parse_dimension(art.legends[n].text) is not None]
    for i in lines:
        g = parts[i].geometry
        x0, y0, x1, y1 = g.bounds
        length = max(x1 - x0, y1 - y0)
        horizontal = x1 - x0 >= y1 - y0
        ends = ((x0, (y0 + y1) / 2), (x1, (y0 + y1) / 2)) if horizontal else \
            (((x0 + x1) / 2, y0), ((x0 + x1) / 2, y1))
        heads = _arrowheads(beside, small, ends, length, horizontal)
        near_text = [n for n in dimension_texts if art.legends[n].box.distance(g) <= max(
            TEXT_REACH * length, TEXT_CAPS * art.legends[n].cap_height)]
        if not heads and not near_text:
            continue
        beside.used.update([i, *heads])
        extension = _extension_lines(beside, ends, horizontal)
        where = shapely.total_bounds([g, *(parts[j].geometry for j in (*heads, *extension)),
                                      *(art.legends[n].box for n in near_text)])
        beside.name("dimension line", where, extension)
        nearest = min(range(len(regions)), key=lambda k: regions[k].distance(g))
        if near_text:
            n = min(near_text, key=lambda m: art.legends[m].box.distance(g))
            dimension_texts.remove(n)
            beside.texts.remove(n)
            stated = parse_dimension(art.legends[n].text)
            assert stated is not None  # one of the dimension_texts
            beside.dimensions.append(Dimension(float(stated), art.legends[n].text, length,
                                               bbox(where), nearest))
        else:  # its text, if any, is in outlines: read by OCR later (layout.dimtext)
            beside.unlabelled.append(Dimension(0.0, "", length, bbox(where), nearest))


def _arrowheads(beside: Beside, small: list[int], ends: tuple, length: float,
                horizontal: bool) -> list[int]:
    """The arrowheads of a dimension line of ``length`` whose ``ends`` are given, among
    the ``small`` areas beside the markers: small (HEAD_SHARE), pointing along it
    (HEAD_ALONG) and at one of its ends (HEAD_REACH)."""
    parts = beside.parts
    reach = HEAD_REACH * length
    return [j for j in small if j not in beside.used and parts[j].extent <= HEAD_SHARE * length
            and _points_along(parts[j].geometry, 0 if horizontal else 1)
            and any(parts[j].geometry.distance(shapely.Point(e)) <= reach for e in ends)]


def _points_along(head: BaseGeometry, axis: int) -> bool:
    """Whether an arrowhead lies along a line on ``axis`` (0: x, 1: y): at least
    HEAD_ALONG as long that way as across it (an arrowhead points along its line; an
    extension line's end meets the other dimension's arrowhead side on)."""
    x0, y0, x1, y1 = head.bounds
    sizes = (x1 - x0, y1 - y0)
    return sizes[axis] >= HEAD_ALONG * sizes[1 - axis]


def _extension_lines(beside: Beside, ends: tuple, horizontal: bool) -> list[int]:
    """The extension lines of a dimension line whose ``ends`` are given: straight thin
    lines across it (ACROSS_RATIO; upright for a ``horizontal`` one) that pass through
    one of its ends (EXTENSION_REACH), as drafting draws them from the feature measured
    to just past the dimension line. Set aside wherever they run: one drawn from a
    marker's corner across its panel is the dimension's, not the marker's (``taken``)."""
    found = []
    for j, p in enumerate(beside.parts):
        if j in beside.used or not p.line or p.seed or beside.member[j] == -1 or \
                p.footprint_area > STRAIGHT_RATIO * p.area:
            continue
        x0, y0, x1, y1 = p.bounds
        across = (y1 - y0 >= ACROSS_RATIO * (x1 - x0)) if horizontal else \
            (x1 - x0 >= ACROSS_RATIO * (y1 - y0))
        reach = max(EXTENSION_REACH, 2 * min(x1 - x0, y1 - y0))
        if across and any(p.geometry.distance(shapely.Point(e)) <= reach for e in ends):
            found.append(j)
            if beside.member[j] is not None:
                beside.taken.add(j)
    return found


def _loose_lines(beside: Beside, markers_box: np.ndarray) -> None:
    """The thin strokes left: crop marks near the page's corners (``_in_corner``), and
    lines beside the markers."""
    lines = [i for i in beside.left() if beside.parts[i].line]
    paired = _paired_marks([beside.parts[i].bounds for i in lines], markers_box)
    for i, across in zip(lines, paired, strict=True):
        p = beside.parts[i]
        corner = across or _in_corner(p.bounds, beside.art, markers_box)
        beside.name("crop mark" if corner else "line beside the markers", p.bounds,
                    [i])
        if corner:
            x0, y0, x1, y1 = (float(v) for v in p.bounds)
            beside.crops.append((x0, y0, x1, y1))


def _in_corner(b: tuple[float, float, float, float], art: Artwork,
               markers_box: np.ndarray) -> bool:
    """A short stroke near a corner of the page, outside the markers: a crop mark
    (CROP_SHARE)."""
    x0, y0, x1, y1 = b
    size = max(art.width, art.height)
    short = max(x1 - x0, y1 - y0) <= CROP_SHARE * size
    near_x = min(x0, art.width - x1) <= CROP_SHARE * art.width
    near_y = min(y0, art.height - y1) <= CROP_SHARE * art.height
    return short and near_x and near_y and _clear(b, markers_box)


def _clear(b: tuple[float, float, float, float], markers_box: np.ndarray) -> bool:
    """Whether the box ``b`` lies wholly beside ``markers_box`` (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = b
    return bool(x1 <= markers_box[0] or x0 >= markers_box[2] or y1 <= markers_box[1]
                or y0 >= markers_box[3])


def _paired_marks(boxes: list[tuple[float, float, float, float]],
                  markers_box: np.ndarray) -> list[bool]:
    """Which of the strokes ``boxes`` are crop marks by their partners, on a page of any
    margin: a short straight stroke beside the markers, upright or level, that stands on
    one line with another across the markers (a vertical mark above, its partner below,
    on the same trim line; a level one left and right), as prepress marks stand. A mark
    is a hairline (HAIRLINE_IN wide at most), and two stand on one line when they are
    as near as two ends that are one point (JOIN_TOL_IN)."""
    mx0, my0, mx1, my1 = (float(v) for v in markers_box)
    reach = CROP_SHARE * max(mx1 - mx0, my1 - my0)
    upright, level = [], []
    for k, (x0, y0, x1, y1) in enumerate(boxes):
        if max(x1 - x0, y1 - y0) > reach or min(x1 - x0, y1 - y0) > HAIRLINE_IN or \
                not _clear((x0, y0, x1, y1), markers_box):
            continue
        if y1 - y0 > x1 - x0 and (y1 <= my0 or y0 >= my1):
            upright.append((k, (x0 + x1) / 2, y1 <= my0))
        elif x1 - x0 > y1 - y0 and (x1 <= mx0 or x0 >= mx1):
            level.append((k, (y0 + y1) / 2, x1 <= mx0))
    found = [False] * len(boxes)
    for marks in (upright, level):
        for k, at, before in marks:
            found[k] = any(abs(at - other) <= JOIN_TOL_IN and before != side
                           for _, other, side in marks)
    return found
