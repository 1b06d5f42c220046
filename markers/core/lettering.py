"""Block lettering as outlines, and fitting a legend into a shape.

The letters come from Overpass (OFL, a Highway Gothic derivative, shipped on PyPI as
fontpkg-overpass) at weight 700. Text is sized by cap height in inches and turned into
shapely polygons (for measuring) and exact quadratic SVG path data (for drawing), so
no output depends on a font being installed.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, cast

import fontpkg_overpass
from fontTools.pens.basePen import BasePen
from fontTools.pens.recordingPen import RecordingPen
from fontTools.pens.svgPathPen import SVGPathPen
from fontTools.pens.transformPen import TransformPen
from fontTools.ttLib import TTFont
from shapely import from_wkb, unary_union
from shapely.affinity import affine_transform
from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry

from markers.core.geometry import fmt
from markers.errors import DesignError

__all__ = ["CAP_HEIGHT_EM", "Line", "Block", "text_width", "set_line", "fit_block"]

FONT_FILE = fontpkg_overpass.ROOT / "files" / "Overpass[wght].ttf"
WEIGHT = 700
#: Overpass cap height is 1400 of 2000 units per em.
CAP_HEIGHT_EM = 0.700
#: Space between lines, as a fraction of the cap height.
LINE_GAP = 0.45
#: Clear space kept around a legend inside its shape, as a fraction of the cap height.
MARGIN = 0.30
#: Points per quadratic segment when flattening glyphs (error < 0.001 in at 10 in caps).
CURVE_STEPS = 8
#: Glyphs whose outlines are kept: more than the font has (Overpass: 1,351), so the bound
#: never drops one; the names come from the font's character map.
GLYPHS_REMEMBERED = 2048


@lru_cache(maxsize=1)
def _font() -> tuple[Mapping[str, Any], dict[int, str], float]:
    """The glyph set (fontTools', untyped: name -> glyph), the character map and the em."""
    font = TTFont(str(FONT_FILE))
    glyphs = font.getGlyphSet(location={"wght": WEIGHT})
    return glyphs, font.getBestCmap(), float(font["head"].unitsPerEm)


def _glyph_names(text: str) -> list[str]:
    _, cmap, _ = _font()
    missing = sorted({ch for ch in text if ord(ch) not in cmap})
    if missing:
        raise DesignError(f"legend has characters the block font lacks: {''.join(missing)!r}",
                          field="legend")
    return [cmap[ord(ch)] for ch in text]


def text_width(text: str, cap_height: float) -> float:
    """Advance width of ``text`` set at ``cap_height`` inches (no kerning)."""
    glyphs, _, upem = _font()
    scale = cap_height / (CAP_HEIGHT_EM * upem)
    return sum(glyphs[name].width for name in _glyph_names(text)) * scale


class _PolygonPen(BasePen):
    """Collects flattened contours (in the pen's transformed space)."""

    def __init__(self, glyphset: object) -> None:
        super().__init__(glyphset)
        self.contours: list[list[tuple[float, float]]] = []

    def _moveTo(self, pt: tuple[float, float]) -> None:
        self.contours.append([pt])

    def _lineTo(self, pt: tuple[float, float]) -> None:
        self.contours[-1].append(pt)

    def _qCurveToOne(self, pt1: tuple[float, float], pt2: tuple[float, float]) -> None:
        (x0, y0), (x1, y1), (x2, y2) = self._getCurrentPoint(), pt1, pt2
        for i in range(1, CURVE_STEPS + 1):
            t = i / CURVE_STEPS
            u = 1 - t
            self.contours[-1].append((u * u * x0 + 2 * u * t * x1 + t * t * x2,
                                      u * u * y0 + 2 * u * t * y1 + t * t * y2))

    def _curveToOne(self, pt1: tuple[float, float], pt2: tuple[float, float],
                    pt3: tuple[float, float]) -> None:
        p0 = self._getCurrentPoint()
        for i in range(1, CURVE_STEPS + 1):
            t = i / CURVE_STEPS
            u = 1 - t
            self.contours[-1].append(tuple(
                u ** 3 * a + 3 * u * u * t * b + 3 * u * t * t * c + t ** 3 * d
                for a, b, c, d in zip(p0, pt1, pt2, pt3, strict=True)))

    def geometry(self) -> BaseGeometry:
        """Non-zero fill: contours wound like the largest are solid, the others holes."""
        rings = [Polygon(c) for c in self.contours if len(c) >= 3]
        if not rings:
            return Polygon()
        signed = [(r.exterior.is_ccw, r.buffer(0)) for r in rings]
        solid_sense = max(signed, key=lambda s: s[1].area)[0]
        solid = unary_union([g for ccw, g in signed if ccw == solid_sense])
        holes = unary_union([g for ccw, g in signed if ccw != solid_sense])
        return solid.difference(holes)


@dataclass(frozen=True)
class Line:
    """One set line: outlines and path in inches, its box (cap height x advance width)."""

    text: str
    geometry: BaseGeometry
    path: str
    box: Polygon
    cap_height: float


@lru_cache(maxsize=GLYPHS_REMEMBERED)
def _outline(name: str) -> RecordingPen:
    """The glyph's drawing commands, recorded once: instancing the variable font at
    each draw is most of the cost of setting a line."""
    glyphs, _, _ = _font()
    pen = RecordingPen()
    glyphs[name].draw(pen)
    return pen


@lru_cache(maxsize=GLYPHS_REMEMBERED)
def _unit_ink(name: str) -> BaseGeometry:
    """The glyph's outlines in font units (y up), for lines not drawn: moved and
    scaled by one affine map, the same shape within rounding (1e-15 in), without the
    pen replay and the unions of each glyph set."""
    pen = _PolygonPen(_font()[0])
    _outline(name).replay(pen)
    return pen.geometry()


def set_line(text: str, cap_height: float, cx: float, baseline: float,
             drawn: bool = True) -> Line:
    """Set ``text`` centred on ``cx`` with its baseline at ``baseline`` (inches, y down).
    Not ``drawn`` (a marker built only for its dimensions): without SVG path data
    (``path`` is empty), each glyph's outlines moved from font units (``_unit_ink``), as
    some builders size a face by the letters' ink."""
    glyphs, _, upem = _font()
    scale = cap_height / (CAP_HEIGHT_EM * upem)
    width = text_width(text, cap_height)
    x = cx - width / 2
    parts, paths = [], []
    for name in _glyph_names(text):
        glyph = glyphs[name]
        transform = (scale, 0, 0, -scale, x, baseline)
        if drawn:
            poly_pen = _PolygonPen(glyphs)
            _outline(name).replay(TransformPen(poly_pen, transform))
            parts.append(poly_pen.geometry())
            svg_pen = SVGPathPen(glyphs, ntos=fmt)
            _outline(name).replay(TransformPen(svg_pen, transform))
            paths.append(svg_pen.getCommands())
        else:  # read for its ink's extent only: the glyph flattened once, then moved
            parts.append(affine_transform(_unit_ink(name), transform))
        x += glyph.width * scale
    return Line(text, unary_union(parts), "".join(paths),
                box(cx - width / 2, baseline - cap_height, cx + width / 2, baseline),
                cap_height)


@dataclass(frozen=True)
class Block:
    """Lines of a legend set together, with the cap height chosen for them."""

    lines: tuple[Line, ...]
    cap_height: float

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)

    @property
    def geometry(self) -> BaseGeometry:
        return unary_union([line.geometry for line in self.lines])

    @property
    def box(self) -> Polygon:
        # the envelope of a block's line boxes (each of positive size) is a rectangle
        return cast(Polygon, unary_union([line.box for line in self.lines]).envelope)


def block_height(lines: int, cap_height: float) -> float:
    """Height of ``lines`` lines of ``cap_height`` with the standard gap between them."""
    return cap_height * (lines + LINE_GAP * (lines - 1))


def set_block(lines: list[str], cap_height: float, cx: float, cy: float,
              drawn: bool = True) -> Block:
    """Set ``lines`` centred on (cx, cy) (not ``drawn``: see ``set_line``)."""
    top = cy - block_height(len(lines), cap_height) / 2
    step = cap_height * (1 + LINE_GAP)
    return Block(tuple(set_line(text, cap_height, cx, top + cap_height + i * step, drawn)
                       for i, text in enumerate(lines)), cap_height)


def _box_bounds(unit_widths: list[float], cap: float, cx: float, cy: float
                ) -> list[tuple[float, float, float, float]]:
    """(x0, y0, x1, y1) of the clear area each line needs at cap height ``cap`` (its
    box plus margin)."""
    top = cy - block_height(len(unit_widths), cap) / 2
    step = cap * (1 + LINE_GAP)
    pad = MARGIN * cap
    return [(cx - w * cap / 2 - pad, top + i * step - pad, cx + w * cap / 2 + pad,
             top + i * step + cap + pad) for i, w in enumerate(unit_widths)]


def _boxes(lines: list[str], unit_widths: list[float], cap: float, cx: float,
           cy: float) -> BaseGeometry:
    """The clear area the lines need at cap height ``cap`` (boxes plus margin)."""
    return unary_union([box(*b) for b in _box_bounds(unit_widths, cap, cx, cy)])


def line_choices(legend: str, max_lines: int = 4) -> list[list[str]]:
    """Ways to break ``legend`` into lines: as given if it has '|' or newlines, else
    every split of its words into at most ``max_lines`` consecutive lines."""
    if "|" in legend or "\n" in legend:
        return [[part.strip() for part in legend.replace("|", "\n").split("\n") if part.strip()]]
    words = legend.split()
    choices = []
    for cuts in range(min(max_lines, len(words))):
        for at in itertools.combinations(range(1, len(words)), cuts):
            edges = (0, *at, len(words))
            choices.append([" ".join(words[a:b]) for a, b in itertools.pairwise(edges)])
    return choices


def fit_block(legend: str, region: Polygon, min_cap: float, max_cap: float,
              center: tuple[float, float] | None = None, drawn: bool = True) -> Block | None:
    """The largest legend (cap height in [min_cap, max_cap]) that fits ``region``.

    Lines are centred on ``center`` (default: the region's centroid) with a clear
    margin around each; returns None when even ``min_cap`` does not fit. The same
    inputs give the same Block without fitting again (an information sign fits its
    legend to size the rectangle, then lays the sign out with it). Not ``drawn``: see
    ``set_line``.
    """
    return _fit_block(legend, region.wkb, min_cap, max_cap, center, drawn)


@lru_cache(maxsize=64)
def _fit_block(legend: str, region_wkb: bytes, min_cap: float, max_cap: float,
               center: tuple[float, float] | None, drawn: bool = True) -> Block | None:
    """fit_block's search: the splits of ``line_choices`` in its order, each bisected
    (24 steps of a union and a containment test) only if arithmetic says it could
    beat the best so far. The region's bounding box caps a split's cap height at
    W / (widest line + 2 margins) and H / (block height + 2 margins); ``_word_splits``
    leaves out every split over that bound, cutting off a prefix as soon as one line is
    too wide, so a long legend costs about as many steps as there are splits that fit,
    not the C(n-1, 3) of 4-line splits of n words. In an upright rectangle (an
    information sign's white) containment is compared number for number, without
    building shapes. The result is the exhaustive search's, set ``drawn`` or not."""
    region = from_wkb(region_wkb)
    cx, cy = center if center else (region.centroid.x, region.centroid.y)
    x0, y0, x1, y1 = region.bounds
    room_w, room_h = (x1 - x0) * _SLACK, (y1 - y0) * _SLACK
    # an upright rectangle holds the boxes exactly when each lies within its bounds
    upright = region.equals(box(x0, y0, x1, y1))
    best: tuple[float, list[str]] | None = None

    def widest_allowed(count: int) -> float:
        """The widest line (at unit cap height) with which ``count`` lines could still
        beat ``best`` (reach ``min_cap`` at first); -1 when their height rules them out."""
        floor = min_cap if best is None else best[0] + 1e-6
        if min(max_cap, room_h / (block_height(count, 1.0) + 2 * MARGIN)) < floor:
            return -1.0
        return room_w / floor - 2 * MARGIN

    splits = (line_choices(legend) if "|" in legend or "\n" in legend
              else _word_splits(legend.split(), widest_allowed))
    for lines in splits:
        widths = [text_width(text, 1.0) for text in lines]
        bound = min(max_cap, room_w / (max(widths) + 2 * MARGIN),
                    room_h / (block_height(len(lines), 1.0) + 2 * MARGIN))
        if bound < min_cap or (best is not None and bound <= best[0] + 1e-6):
            continue

        def fits(cap: float, lines: list[str] = lines, widths: list[float] = widths) -> bool:
            if upright:  # the same test on the same numbers, without building shapes
                return all(a >= x0 and b >= y0 and c <= x1 and d <= y1
                           for a, b, c, d in _box_bounds(widths, cap, cx, cy))
            return region.contains(_boxes(lines, widths, cap, cx, cy))

        if not fits(min_cap):
            continue
        low, high = min_cap, max_cap
        if fits(max_cap):
            low = max_cap
        else:
            for _ in range(24):
                mid = (low + high) / 2
                low, high = (mid, high) if fits(mid) else (low, mid)
        if best is None or low > best[0] + 1e-6:
            best = (low, lines)
    if best is None:
        return None
    cap = round(best[0], 3)
    return set_block(best[1], cap, cx, cy, drawn)


#: Relative room given to the arithmetic bounds, so that rounding never rules out a
#: split the geometry would accept.
_SLACK = 1 + 1e-9


def _word_splits(words: list[str], widest_allowed: Callable[[int], float],
                 max_lines: int = 4) -> Iterator[list[str]]:
    """The splits of ``line_choices`` (by number of lines, then lexicographic cuts)
    whose lines are all at most ``widest_allowed(lines)`` wide at unit cap height,
    asked again at every step so that the bound tightens as the search improves.
    Line widths come from prefix sums of the words' widths: O(1) per line tried."""
    space = text_width(" ", 1.0)
    prefix = list(itertools.accumulate((text_width(w, 1.0) for w in words), initial=0.0))
    n = len(words)

    def width(a: int, b: int) -> float:
        return prefix[b] - prefix[a] + space * (b - a - 1)

    def cuts(start: int, left: int, count: int) -> Iterator[tuple[int, ...]]:
        limit = widest_allowed(count) * _SLACK
        if left == 1:
            if width(start, n) <= limit:
                yield (n,)
            return
        for end in range(start + 1, n - left + 2):
            if width(start, end) > limit:
                return  # wider still for every later end
            if prefix[n] - prefix[end] > (left - 1) * limit:
                continue  # the rest cannot fit the lines left
            for rest in cuts(end, left - 1, count):
                yield (end, *rest)
            limit = widest_allowed(count) * _SLACK

    for count in range(1, min(max_lines, n) + 1):
        for ends in cuts(0, count, count):
            edges = (0, *ends)
            yield [" ".join(words[a:b]) for a, b in itertools.pairwise(edges)]


def wrap_words(text: str, cap_height: float, width: float) -> list[str] | None:
    """``text`` broken greedily into lines no wider than ``width`` at ``cap_height``
    ('|' or a newline forces a break); None when a line cannot be made that narrow."""
    lines: list[str] = []
    for part in text.replace("|", "\n").split("\n"):
        current = ""
        for word in part.split():
            trial = f"{current} {word}".strip()
            if text_width(trial, cap_height) <= width + 1e-9:
                current = trial
            elif current and text_width(word, cap_height) <= width + 1e-9:
                lines.append(current)
                current = word
            else:
                return None
        if current:
            lines.append(current)
    return lines


__all__ += ["block_height", "set_block", "line_choices", "wrap_words"]
