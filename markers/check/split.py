"""One page -> its markers, and what is drawn beside them that is not a marker.

A proof rarely holds one bare marker: the page carries a border, crop marks, a title
block, dimension lines with their arrowheads and text, notes, mounting holes and centre
marks, sometimes two or three markers, and a buoy is drawn with its hull below a
waterline. Measured as one drawing, all of that becomes the marker (a border makes the
panel, a note a legend). ``split`` finds the markers: areas of marker colors (any
chromatic color, or white with them) joined where they touch or enclose each other,
each group spatially separate from the next. Everything else is set aside and listed,
never measured. It works on one Artwork (one page), whatever format it was read from.

Sizes are relative to the page and the markers, so a drawing at a stated scale splits
the same way as one at actual size. Neighbours are found with an STRtree throughout,
so a page of n areas splits in O(n log n).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field, replace

import numpy as np
import shapely
from shapely import STRtree
from shapely.affinity import scale as scaled
from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry

from markers.check.measure.waterline import waterline_height
from markers.core.artwork import Artwork, Layer, Shape
from markers.core.colors import hex_to_lab
from markers.core.shapes import polygons

__all__ = ["SetAside", "Dimension", "Statement", "ANY_KIND", "Split", "split", "stated_scale", "at_scale",
           "parse_dimension", "parse_statements"]

#: An area is a line (a stroke, a frame) when its width is below this share of its extent.
LINE_SHARE = 0.02
#: Chroma (CIELAB) from which a color is a marker color; white has lightness above LIGHT.
CHROMA = 15.0
LIGHT = 90.0
#: A group of marker colors smaller than this share of the largest (both ways) is a mark
#: (a logo, a swatch), not a marker.
SMALL_GROUP = 0.15
#: Areas this close (share of the page's larger side) touch: rounding between bands.
GAP_SHARE = 0.001
#: Features by which a drawing says what it is; such a drawing is one marker as declared.
DECLARED = frozenset({"waterline", "display-area", "panel"})
#: A mounting hole: round, at most this share of its marker's height across.
HOLE_SHARE = 0.06
#: A centre mark sits within this share of its marker's size from the marker's centre.
CENTRE_SHARE = 0.03
#: Set-aside pieces of one kind this close (share of the page's larger side) are one item.
NEAR_SHARE = 0.02

_NUMBER = r"(\d+(?:\.\d+)?(?:\s+\d+/\d+)?|\d+/\d+)"
_DIMENSION = re.compile(_NUMBER + r"\s*(\"|''|”|″|in\b|inch(?:es)?\b|mm\b|cm\b|'|ft\b|feet\b)",
                        re.IGNORECASE)
_PER_INCH = {'"': 1.0, "''": 1.0, "”": 1.0, "″": 1.0, "in": 1.0, "inch": 1.0, "inches": 1.0,
             "mm": 1 / 25.4, "cm": 1 / 2.54, "'": 12.0, "ft": 12.0, "feet": 12.0}
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
_SCALE = re.compile(r"\bSCALE\b\s*[:=]?\s*(\d+(?:\.\d+)?)\s*[:/]\s*(\d+(?:\.\d+)?)",
                    re.IGNORECASE)


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


#: What a Statement names when it states the display area of whatever sign it is given to.
ANY_KIND = "*"


@dataclass(frozen=True)
class Statement:
    """A display height the proof states in words (a title block, a note): inches, the
    text, the kind word it names ("control"; None for any sign: "DISPLAY AREA 24 IN") and
    whether the marker it is given to is the one nearest the text."""

    height: float
    text: str
    names: str | None
    nearest: bool = True


@dataclass
class Split:
    """A page's markers (each its own Artwork, in page coordinates, in reading order),
    what was set aside, and the dimensions found beside them."""

    markers: list[Artwork]
    set_aside: list[SetAside] = field(default_factory=list)
    dimensions: list[Dimension] = field(default_factory=list)


@dataclass
class _Part:
    """One polygon of one painted shape: where it came from and what it looks like."""

    layer: int
    shape: int
    geometry: Polygon
    hex: str
    footprint: Polygon
    width: float
    extent: float
    seed: bool

    @property
    def line(self) -> bool:
        return self.width <= LINE_SHARE * self.extent


def _bbox(bounds: tuple[float, float, float, float] | np.ndarray) -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = (float(v) for v in bounds)
    return (round(x0, 3), round(y0, 3), round(x1 - x0, 3), round(y1 - y0, 3))


def _marker_color(hex_: str) -> tuple[bool, bool]:
    """(is a marker color, is white): chromatic, or white."""
    lab = hex_to_lab(hex_)
    white = lab[0] >= LIGHT and math.hypot(lab[1], lab[2]) < CHROMA
    return white or math.hypot(lab[1], lab[2]) >= CHROMA, white


def _parts(art: Artwork) -> list[_Part]:
    parts = []
    for li, layer in enumerate(art.layers):
        seed, _ = _marker_color(layer.hex)
        for si, shape in enumerate(layer.shapes):
            for poly in polygons(shape.geometry, largest_first=False):
                x0, y0, x1, y1 = poly.bounds
                width = 2 * poly.area / poly.length if poly.length else 0.0
                parts.append(_Part(li, si, poly, layer.hex, Polygon(poly.exterior), width,
                                   max(x1 - x0, y1 - y0), seed))
    for p in parts:
        p.seed = p.seed and not p.line
    return parts


class _Union:
    def __init__(self, n: int) -> None:
        self.up = list(range(n))

    def find(self, i: int) -> int:
        while self.up[i] != i:
            self.up[i] = self.up[self.up[i]]
            i = self.up[i]
        return i

    def join(self, i: int, j: int) -> None:
        self.up[self.find(i)] = self.find(j)

    def groups(self) -> list[list[int]]:
        found: dict[int, list[int]] = {}
        for i in range(len(self.up)):
            found.setdefault(self.find(i), []).append(i)
        return list(found.values())


def _touching(geoms: list[BaseGeometry], gap: float = 0.0) -> list[list[int]]:
    """Groups of ``geoms`` that overlap, enclose one another or come within ``gap``
    (STRtree pairs)."""
    union = _Union(len(geoms))
    if geoms:
        left, right = STRtree(geoms).query(geoms, predicate="dwithin", distance=gap)
        for i, j in zip(left.tolist(), right.tolist()):
            union.join(i, j)
    return union.groups()


def _reading_order(boxes: list[tuple[float, float, float, float]]) -> list[int]:
    """Indices of ``boxes`` (x0, y0, x1, y1) top to bottom in rows, left to right."""
    order = sorted(range(len(boxes)), key=lambda i: boxes[i][1])
    rows: list[list[int]] = []
    for i in order:
        if rows and boxes[i][1] < min(boxes[j][3] for j in rows[-1]):
            rows[-1].append(i)
        else:
            rows.append([i])
    return [i for row in rows for i in sorted(row, key=lambda k: boxes[k][0])]


def parse_dimension(text: str) -> float | None:
    """Inches a dimension's text states ("24\"", "24 in", "610 mm", "2 ft"), else None."""
    match = _DIMENSION.search(text.replace("\u2033", '"'))
    if match is None:
        return None
    number, unit = match[1].strip(), match[2].lower()
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
    [(24.02, "control")]. A panel's size ("24 x 30 in") states none. Which kind words
    are kinds is for the caller (the pack) to say."""
    text = text.replace("\u2033", '"')
    if _CROSSED.search(text):
        return []
    found = [(_inches(m[1], m[2]), None) for m in _STATED_AREA.finditer(text)]
    found += [(_inches(m[1], m[2]), m[3].lower()) for m in _STATED_KIND.finditer(text)]
    found += [(_inches(m[2], m[3]), m[1].lower()) for m in _KIND_STATED.finditer(text)]
    return [(v, word) for v, word in found if v]


def stated_scale(art: Artwork) -> tuple[float, str] | None:
    """The scale a drawing's text states ("SCALE 1:4" -> 4.0, "1:4"), else None."""
    for item in art.legends:
        match = _SCALE.search(item.text)
        if match and float(match[1]) > 0 and float(match[2]) > 0:
            return float(match[2]) / float(match[1]), f"{match[1]}:{match[2]}"
    return None


def at_scale(art: Artwork, factor: float) -> Artwork:
    """``art`` enlarged ``factor`` times about its origin: a drawing at 1:4 at full size."""
    def grow(g: BaseGeometry) -> BaseGeometry:
        return scaled(g, factor, factor, origin=(0, 0))

    layers = tuple(Layer(layer.color, layer.hex, tuple(Shape(grow(s.geometry))
                                                       for s in layer.shapes))
                   for layer in art.layers)
    legends = tuple(replace(item, outlines=grow(item.outlines), box=grow(item.box),
                            cap_height=item.cap_height * factor) for item in art.legends)
    return replace(art, width=art.width * factor, height=art.height * factor, layers=layers,
                   legends=legends, features={k: grow(g) for k, g in art.features.items()})


# ----------------------------------------------------------------------------- the split

def split(art: Artwork) -> Split:
    """The markers of one page and what is set aside; a page with one group of marker
    colors and nothing beside it comes back as itself (judged exactly as before)."""
    if art.meta.get("kind") or art.features.keys() & DECLARED:
        return Split([art])
    parts = _parts(art)
    page = max(art.width, art.height, 1e-9)
    solid = [i for i, p in enumerate(parts) if not p.line]
    groups = [[solid[k] for k in g]
              for g in _touching([parts[i].footprint for i in solid], GAP_SHARE * page)]
    groups = _marker_groups(parts, groups, art)
    if not groups:
        return Split([art])
    regions = [shapely.union_all([parts[i].footprint for i in g]) for g in groups]
    member: list[int | None] = [None] * len(parts)
    for k, g in enumerate(groups):
        for i in g:
            member[i] = k
    aside: list[SetAside] = []
    clip: dict[int, float] = {}
    _waterlines(parts, member, regions, clip, aside, art)
    _assign(parts, member, regions, aside, page)
    _inner_marks(parts, member, regions, aside)
    legend_of = _legends(art, regions, member_count=len(groups))
    stated = _statements(art, regions, legend_of)
    dims = _outside(parts, member, regions, art, legend_of, aside, page)
    if len(groups) == 1 and not aside:
        return Split([art])
    boxes = [r.bounds for r in regions]
    order = _reading_order(boxes)
    rank = {k: n for n, k in enumerate(order)}
    markers = [_artwork(art, parts, member, legend_of, k, regions[k], clip.get(k), n,
                        stated[k]) for n, k in enumerate(order)]
    dims = [replace(d, marker=rank[d.marker]) for d in dims]
    return Split(markers, _merged(aside, page), dims)


def _marker_groups(parts: list[_Part], groups: list[list[int]], art: Artwork) -> list[list[int]]:
    """Groups that are markers: with a marker color other than white (a filled title
    block is not), not a small mark beside a larger marker, a sign joined to the buoy
    body right under it (a sign buoy)."""
    groups = [g for g in groups if any(parts[i].seed and not _marker_color(parts[i].hex)[1]
                                       for i in g)]
    if not groups:
        return []
    size = [shapely.total_bounds([parts[i].footprint for i in g]) for g in groups]
    tall = max(b[3] - b[1] for b in size)
    wide = max(b[2] - b[0] for b in size)
    kept = [(g, b) for g, b in zip(groups, size)
            if b[3] - b[1] >= SMALL_GROUP * tall or b[2] - b[0] >= SMALL_GROUP * wide]
    kept.sort(key=lambda gb: gb[1][1])
    merged: list[tuple[list[int], np.ndarray]] = []
    for g, b in kept:
        for n, (upper, ub) in enumerate(merged):
            if _carried(ub, b):
                merged[n] = (upper + g, np.array([min(ub[0], b[0]), min(ub[1], b[1]),
                                                  max(ub[2], b[2]), max(ub[3], b[3])]))
                break
        else:
            merged.append((g, b))
    return [g for g, _ in merged]


def _carried(upper: np.ndarray, lower: np.ndarray) -> bool:
    """``lower`` is a buoy body carrying the sign ``upper``: right under it, centred on
    it, narrower than it and taller than wide, the gap less than the sign is tall."""
    centre = (lower[0] + lower[2]) / 2
    gap = lower[1] - upper[3]
    return (abs(centre - (upper[0] + upper[2]) / 2) <= 0.05 * (upper[2] - upper[0])
            and 0 <= gap <= upper[3] - upper[1]
            and lower[2] - lower[0] < upper[2] - upper[0]
            and lower[3] - lower[1] > lower[2] - lower[0])


def _waterlines(parts: list[_Part], member: list[int | None], regions: list[BaseGeometry],
                clip: dict[int, float], aside: list[SetAside], art: Artwork) -> None:
    """A thin horizontal line (or dashes) across a marker at its widest, with something
    drawn below it: the waterline of a buoy; the marker ends there and what is below is
    set aside. A drawing that names its waterline already says where the water is."""
    if "waterline" in art.features:
        return
    lines = [i for i, p in enumerate(parts)
             if p.line and member[i] is None and _horizontal(p)]
    if not lines:
        return
    tree = STRtree([parts[i].geometry for i in lines])
    for k, region in enumerate(regions):
        x0, y0, x1, y1 = region.bounds
        near = [lines[j] for j in tree.query(box(x0, y0, x1, y1 + 0.25 * (y1 - y0)))]
        rows: dict[int, list[int]] = {}
        for i in near:
            _, ly0, _, ly1 = parts[i].geometry.bounds
            rows.setdefault(round((ly0 + ly1) / 2 / max(1e-9, 0.005 * (y1 - y0))), []).append(i)
        for row in sorted(rows.values(), key=lambda r: parts[r[0]].geometry.bounds[1]):
            lx0, ly0, lx1, ly1 = shapely.total_bounds([parts[i].geometry for i in row])
            y = waterline_height(ly0, ly1, y1)
            if not y0 + 0.3 * (y1 - y0) < y <= y1 + 0.01 * (y1 - y0):
                continue
            above = region.intersection(box(x0, y0, x1, y))
            if above.is_empty:
                continue
            ax0, _, ax1, _ = above.bounds
            if lx0 > ax0 + 0.05 * (ax1 - ax0) or lx1 < ax1 - 0.05 * (ax1 - ax0):
                continue
            below = [i for i, p in enumerate(parts) if i not in row and (
                member[i] == k or member[i] is None) and p.geometry.bounds[3] > y + 1e-6
                and p.geometry.bounds[1] >= y - 0.05 * (y1 - y0)
                and p.geometry.bounds[0] < lx1 and p.geometry.bounds[2] > lx0]
            if not below and y1 <= y + 1e-6:
                continue
            clip[k] = y
            hull = [parts[i].geometry for i in below] + [parts[i].geometry for i in row]
            for i in below + row:
                if member[i] is None:
                    member[i] = -1
            for i in below:  # seeds of the marker that lie wholly under the water
                if member[i] == k and parts[i].geometry.bounds[1] >= y - 1e-6:
                    member[i] = -1
            aside.append(SetAside("waterline and the hull below it",
                                  _bbox(shapely.total_bounds(hull))))
            regions[k] = region.intersection(box(x0 - 1, y0 - 1, x1 + 1, y))
            break


def _horizontal(p: _Part) -> bool:
    x0, y0, x1, y1 = p.geometry.bounds
    return x1 - x0 >= 8 * max(y1 - y0, 1e-9)


def _assign(parts: list[_Part], member: list[int | None], regions: list[BaseGeometry],
            aside: list[SetAside], page: float) -> None:
    """Areas of other colors belong to the marker they lie on (letters, a backing
    board); one spread under several markers is the page's background."""
    tree = STRtree(regions)
    for i, p in enumerate(parts):
        if member[i] is not None:
            continue
        hits = tree.query(p.footprint, predicate="intersects").tolist()
        if not hits:
            continue
        shares = {k: p.footprint.intersection(regions[k]).area for k in hits}
        if p.line:
            inside = {k: p.geometry.intersection(regions[k]).area / (p.geometry.area or 1)
                      for k in hits}
            best = max(inside, key=inside.get)
            if inside[best] >= 0.9:
                member[i] = best
            continue
        big = [k for k, a in shares.items() if a >= 0.5 * regions[k].area]
        if len(big) >= 2:
            member[i] = -1
            aside.append(SetAside("page background", _bbox(p.geometry.bounds)))
            continue
        best = max(shares, key=shares.get)
        if shares[best] >= 0.5 * (p.footprint.area or 1) or shares[best] >= 0.5 * regions[best].area:
            member[i] = best


def _inner_marks(parts: list[_Part], member: list[int | None], regions: list[BaseGeometry],
                 aside: list[SetAside]) -> None:
    """Mounting holes (small circles, two or more of one size, apart) and centre marks
    (thin lines crossing at the marker's centre) drawn on a marker: not the marker."""
    for k, region in enumerate(regions):
        x0, y0, x1, y1 = region.bounds
        size = max(x1 - x0, y1 - y0)
        mine = [i for i, m in enumerate(member) if m == k and not parts[i].seed]
        holes = [i for i in mine if _round(parts[i]) and parts[i].extent <= HOLE_SHARE * size]
        by_size: dict[int, list[int]] = {}
        for i in holes:
            by_size.setdefault(round(parts[i].extent / max(1e-9, 0.002 * size)), []).append(i)
        for same in by_size.values():
            centres = [parts[i].geometry.centroid for i in same]
            apart = len(same) >= 2 and min(a.distance(b) for n, a in enumerate(centres)
                                           for b in centres[n + 1:]) >= 0.2 * (x1 - x0)
            if apart:
                for i in same:
                    member[i] = -1
                    aside.append(SetAside("mounting hole", _bbox(parts[i].geometry.bounds)))
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        marks = [i for i in mine if member[i] == k and parts[i].line and math.hypot(
            *(np.subtract(_centre(parts[i].geometry), (cx, cy)))) <= CENTRE_SHARE * size]
        if marks:
            mx0, my0, mx1, my1 = shapely.total_bounds([parts[i].geometry for i in marks])
            if min(mx1 - mx0, my1 - my0) >= 0.5 * max(mx1 - mx0, my1 - my0):
                for i in marks:
                    member[i] = -1
                aside.append(SetAside("centre mark", _bbox((mx0, my0, mx1, my1))))


def _centre(g: BaseGeometry) -> tuple[float, float]:
    x0, y0, x1, y1 = g.bounds
    return (x0 + x1) / 2, (y0 + y1) / 2


def _round(p: _Part) -> bool:
    """A circle: as wide as tall, filling its circle; a disk, or a thin ring."""
    x0, y0, x1, y1 = p.geometry.bounds
    w, h = x1 - x0, y1 - y0
    if not (w > 0 and abs(w - h) <= 0.05 * max(w, h)):
        return False
    disk = math.pi * w * h / 4
    filled = abs(p.footprint.area - disk) <= 0.05 * disk
    return filled and (p.geometry.area >= 0.95 * disk or p.width <= 0.12 * w)


def _legends(art: Artwork, regions: list[BaseGeometry], member_count: int) -> list[int | None]:
    """The marker each ``<text>`` line lies on, None for text beside the markers."""
    if not art.legends:
        return []
    tree = STRtree(regions)
    found: list[int | None] = []
    for item in art.legends:
        centre = item.box.centroid
        hits = [k for k in tree.query(centre, predicate="intersects").tolist()
                if k < member_count]
        found.append(hits[0] if hits else None)
    return found


def _statements(art: Artwork, regions: list[BaseGeometry],
                legend_of: list[int | None]) -> list[tuple[Statement, ...]]:
    """Per marker, the display heights stated in the text beside the markers: each
    statement goes to the marker nearest its text; one naming a kind goes to every marker
    too (not as the nearest), so the marker of that kind takes it (measure.faces)."""
    found: list[list[Statement]] = [[] for _ in regions]
    for item, on in zip(art.legends, legend_of):
        if on is not None:
            continue
        said = parse_statements(item.text)
        if not said:
            continue
        nearest = min(range(len(regions)), key=lambda k: regions[k].distance(item.box))
        for k in range(len(regions)):
            found[k] += [Statement(v, item.text, word, k == nearest) for v, word in said
                         if k == nearest or word is not None]
    return [tuple(s) for s in found]


def _outside(parts: list[_Part], member: list[int | None], regions: list[BaseGeometry],
             art: Artwork, legend_of: list[int | None], aside: list[SetAside],
             page: float) -> list[Dimension]:
    """Name what lies beside the markers: border and crop marks, title blocks and their
    text, dimension lines with their arrowheads and text, notes."""
    outside = [i for i, m in enumerate(member) if m is None]
    texts = [n for n, m in enumerate(legend_of) if m is None]
    if not outside and not texts:
        return []
    markers_box = shapely.total_bounds(regions)
    used: set[int] = set()
    # a border: a line or frame enclosing every marker, or running most of the page
    for i in outside:
        p = parts[i]
        x0, y0, x1, y1 = p.geometry.bounds
        encloses = (x0 <= markers_box[0] and y0 <= markers_box[1] and x1 >= markers_box[2]
                    and y1 >= markers_box[3])
        long = max(x1 - x0, y1 - y0) >= 0.8 * max(art.width, art.height) and p.line
        if p.line and (encloses or long):
            used.add(i)
            aside.append(SetAside("border", _bbox(p.geometry.bounds)))
    # title blocks: frames beside the markers with text in them, and all they hold
    frames = [i for i in outside if i not in used and parts[i].line
              and parts[i].footprint.area > 4 * parts[i].geometry.area]
    text_boxes = [art.legends[n].box for n in texts]
    for i in frames:
        region = parts[i].footprint
        held_text = [n for n, b in zip(texts, text_boxes) if b.centroid.within(region)]
        held = [j for j in outside if j not in used and j != i
                and parts[j].geometry.representative_point().within(region)]
        if not held_text and not any(not parts[j].line for j in held):
            continue
        used.update([i, *held])
        texts = [n for n in texts if n not in held_text]
        aside.append(SetAside("title block", _bbox(region.bounds)))
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
        heads = [j for j in small if j not in used and parts[j].extent <= 0.2 * length
                 and any(parts[j].geometry.distance(shapely.Point(e)) <= reach for e in ends)]
        near_text = [n for n in dimension_texts
                     if art.legends[n].box.distance(g) <= max(0.15 * length,
                                                              3 * art.legends[n].cap_height)]
        if not heads and not near_text:
            continue
        used.update([i, *heads])
        where = shapely.total_bounds([g, *(parts[j].geometry for j in heads),
                                      *(art.legends[n].box for n in near_text)])
        aside.append(SetAside("dimension line", _bbox(where)))
        if near_text:
            n = min(near_text, key=lambda m: art.legends[m].box.distance(g))
            dimension_texts.remove(n)
            texts.remove(n)
            text = art.legends[n].text
            stated = parse_dimension(text)
            nearest = min(range(len(regions)), key=lambda k: regions[k].distance(g))
            dims.append(Dimension(float(stated), text, length, _bbox(where), nearest))
    # extension lines touching a dimension line, and leftover thin strokes near the corners
    for i in outside:
        if i in used:
            continue
        p = parts[i]
        x0, y0, x1, y1 = p.geometry.bounds
        if p.line and _in_corner((x0, y0, x1, y1), art, markers_box):
            used.add(i)
            aside.append(SetAside("crop mark", _bbox(p.geometry.bounds)))
        elif p.line:
            used.add(i)
            aside.append(SetAside("line beside the markers", _bbox(p.geometry.bounds)))
    for n in texts:
        text = art.legends[n].text
        what = "size stated" if parse_statements(text) else \
            "dimension text" if parse_dimension(text) else "note"
        aside.append(SetAside(f"{what} {text!r}", _bbox(art.legends[n].box.bounds)))
    for i in outside:
        if i not in used:
            what = "note" if parts[i].extent <= 0.05 * page else "drawing beside the markers"
            aside.append(SetAside(what, _bbox(parts[i].geometry.bounds)))
    return dims


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


def _merged(aside: list[SetAside], page: float) -> list[SetAside]:
    """Pieces of one kind close together as one item (the letters of a note), in reading
    order."""
    merged: list[SetAside] = []
    for what in dict.fromkeys(a.what for a in aside):
        same = [a for a in aside if a.what == what]
        gap = NEAR_SHARE * page
        boxes = [box(x - gap / 2, y - gap / 2, x + w + gap / 2, y + h + gap / 2)
                 for x, y, w, h in (a.bbox for a in same)]
        keep_apart = what in ("mounting hole", "border", "crop mark", "dimension line")
        groups = [[n] for n in range(len(same))] if keep_apart else _touching(boxes)
        for g in groups:
            x0 = min(same[n].bbox[0] for n in g)
            y0 = min(same[n].bbox[1] for n in g)
            x1 = max(same[n].bbox[0] + same[n].bbox[2] for n in g)
            y1 = max(same[n].bbox[1] + same[n].bbox[3] for n in g)
            merged.append(SetAside(what, _bbox((x0, y0, x1, y1))))
    order = _reading_order([(a.bbox[0], a.bbox[1], a.bbox[0] + a.bbox[2], a.bbox[1] + a.bbox[3])
                            for a in merged])
    return [merged[n] for n in order]


def _artwork(art: Artwork, parts: list[_Part], member: list[int | None],
             legend_of: list[int | None], k: int, region: BaseGeometry, water: float | None,
             number: int, stated: tuple[Statement, ...]) -> Artwork:
    """Marker ``k`` alone as an Artwork in page coordinates: its areas in paint order,
    its lettering, the features drawn on it; cut at its waterline when it has one."""
    keep: dict[tuple[int, int], list[Polygon]] = {}
    for i, p in enumerate(parts):
        if member[i] == k:
            keep.setdefault((p.layer, p.shape), []).append(p.geometry)
    cut = None if water is None else box(-1, -1, art.width + 1, water)
    layers = []
    for li, layer in enumerate(art.layers):
        shapes = []
        for si in range(len(layer.shapes)):
            if (li, si) in keep:
                geometry = shapely.union_all(keep[(li, si)])
                if cut is not None:
                    geometry = geometry.intersection(cut)
                if not geometry.is_empty:
                    shapes.append(Shape(geometry))
        if shapes:
            layers.append(Layer(layer.color, layer.hex, tuple(shapes)))
    legends = tuple(item for item, m in zip(art.legends, legend_of) if m == k)
    features = {name: g for name, g in art.features.items() if g.intersects(region)}
    meta = {**art.meta, "marker_index": number, "marker_bbox": _bbox(region.bounds),
            "stated": stated}
    return Artwork(art.width, art.height, tuple(layers), legends, features, meta)

