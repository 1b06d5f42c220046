"""Marker proofs as plain drawing items, in inches from the page's top-left corner, y down.

make_producers.py lays each proof out here once: the marker's geometry from the
project's spec (``wsmark spec``: diamond outside width 2H/3 with sides 35 deg from the
vertical, circle inner diameter 2H/3 with the 2 in outline outside it, rectangle mean
height 2H/3, aids sized by H) and the page furniture of real proofs (borders, title
blocks, dimension lines with arrowheads, notes, trim lines). Each producer's writer then
draws these items in its own idiom (a stroked centre line or an even-odd ring, a white
shape stacked on an orange one, CAD lines ...). Legends are placed with the font's own
metrics and checked to sit where the law wants them, so a case's truth is right by
construction, not by what the checker says.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from functools import cache

from markers.packs.wi_nr509.requirements import REQ

Point = tuple[float, float]

ORANGE = "#FF4F00"  # the palette's international orange (RULES.md)
FHWA_ORANGE = "#E57200"  # FHWA sign orange, Pantone 152
AMBER = "#FFB300"  # not orange (RULES.md): the seeded colour defect
WHITE, BLACK = "#FFFFFF", "#000000"
RED, GREEN = "#C8102E", "#00843D"  # the colours wsmark builds aids in
WATER = "#0072CE"
LINE_IN = 0.02  # the width of furniture lines (borders, frames, dimension lines)

OUTLINE = REQ["outline_min"].value  # NR 5.09(6)(b)
FRACTION = REQ["symbol_fraction"].value  # NR 5.09(6)(c)
SLOPE = REQ["diamond_slope"].value  # NR 5.09(6)(d)
MARGIN = REQ["sign_side_margin"].value  # white beside the symbol, a share of H
AID_CAP = REQ["aid_letter_min"].value  # NR 5.09(2)(a)6
WORD_CAP = 3.0  # the cap height RULES.md suggests for a sign's words, where they fit

#: Font key -> the file whose metrics the producers use for it (Debian's packages).
FONT_FILES = {
    "liberation": "/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf",
    "dejavu": "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf",
    "nimbus": "/usr/share/fonts/opentype/urw-base35/NimbusSans-Bold.otf",
    "liberation-narrow": "/usr/share/fonts/truetype/liberation/LiberationSansNarrow-Bold.ttf",
    "nimbus-narrow": "/usr/share/fonts/opentype/urw-base35/NimbusSansNarrow-Bold.otf",
}


# ----------------------------------------------------------------------------- items

@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle, filled and/or stroked (width in inches), its corners
    rounded to radius ``r`` (a sign blank's)."""
    x: float
    y: float
    w: float
    h: float
    fill: str | None = WHITE
    stroke: str | None = None
    width: float = 0.0
    layer: str = "Sign"
    r: float = 0.0


@dataclass(frozen=True)
class Poly:
    """A filled polygon (a triangle face, an arrowhead, a black plate)."""
    points: tuple[Point, ...]
    fill: str
    layer: str = "Sign"


@dataclass(frozen=True)
class Ring:
    """A polygon outline ``t`` thick (perpendicular) between ``outer`` and ``inner``, whose
    vertices correspond; the centre line is their vertex-wise mean."""
    outer: tuple[Point, ...]
    inner: tuple[Point, ...]
    t: float
    color: str
    layer: str = "Sign"

    @property
    def centre(self) -> tuple[Point, ...]:
        return tuple(((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
                     for a, b in zip(self.outer, self.inner))


@dataclass(frozen=True)
class Annulus:
    """A circle's outline: orange between ``r_in`` and ``r_out``, white inside."""
    cx: float
    cy: float
    r_in: float
    r_out: float
    color: str
    layer: str = "Sign"


@dataclass(frozen=True)
class Disc:
    """A filled and/or stroked circle (a mounting hole, a logo's dot): centre, radius."""
    cx: float
    cy: float
    r: float
    fill: str | None = BLACK
    stroke: str | None = None
    width: float = 0.0
    layer: str = "Holes"


@dataclass(frozen=True)
class Line:
    """A stroked polyline (furniture), ``closed`` when its last side returns to the first,
    ``dash`` (on, off, in inches) when dashed (a print proof's guides)."""
    points: tuple[Point, ...]
    width: float = LINE_IN
    color: str = BLACK
    closed: bool = False
    layer: str = "Frame"
    dash: tuple[float, float] | None = None


@dataclass(frozen=True)
class Text:
    """One line of live text: ``y`` is the baseline, ``cap`` the cap height (inches)."""
    text: str
    x: float
    y: float
    cap: float
    color: str = BLACK
    font: str = "liberation"
    anchor: str = "middle"  # middle | start
    layer: str = "Legend"

    @property
    def size(self) -> float:
        """The font size (em, inches) that gives this cap height."""
        return self.cap / cap_ratio(self.font)

    def box(self) -> tuple[float, float, float, float]:
        """The line's ink box (x0, y0, x1, y1) for capitals and numerals."""
        width = advance(self.font, self.text) * self.size
        x0 = self.x - width / 2 if self.anchor == "middle" else self.x
        return x0, self.y - self.cap, x0 + width, self.y


@dataclass(frozen=True)
class Image:
    """A raster (a scan), placed over x, y, w, h."""
    data: bytes
    x: float
    y: float
    w: float
    h: float
    layer: str = "Scan"


@dataclass(frozen=True)
class Block:
    """Lines of text set as one multi-line text object (Inkscape's tspans, a Draw text
    frame of paragraphs, a DXF MTEXT); each line is where its Text says."""
    lines: tuple[Text, ...]
    layer: str = "Legend"


@dataclass(frozen=True)
class Group:
    """Items drawn in a group with a transform: they are laid out in the group's own
    inches, and the page sees ``scale`` * local + (dx, dy)."""
    items: tuple
    scale: float = 1.0
    dx: float = 0.0
    dy: float = 0.0
    layer: str = "Sign"


@dataclass(frozen=True)
class Clip:
    """Items clipped to the rectangle (x, y, w, h): what lies outside it is not seen."""
    items: tuple
    rect: tuple[float, float, float, float]
    layer: str = "Sign"


@dataclass(frozen=True)
class Dim:
    """A dimension as one object: the length p1-p2, its line ``offset`` out, its text
    ``cap`` high; drawn as ``items`` (dimension()), written by CAD as a DIMENSION."""
    p1: Point
    p2: Point
    offset: float
    text: str
    cap: float
    items: tuple
    layer: str = "Dimensions"


Item = (Rect | Poly | Ring | Annulus | Disc | Line | Text | Image | Block | Group | Clip
        | Dim)


@dataclass
class Sheet:
    """A page: its size in inches and what is drawn on it, in painting order; ``more``
    are the document's further pages (a producer that writes several)."""
    width: float
    height: float
    items: list[Item] = field(default_factory=list)
    more: tuple["Sheet", ...] = ()

    def add(self, *groups: list[Item] | Item) -> "Sheet":
        for group in groups:
            self.items.extend(group if isinstance(group, list) else [group])
        return self


def _moved(item, k: float, dx: float, dy: float):
    """``item`` with every length multiplied by ``k`` and then moved by (dx, dy)."""
    def pt(p: Point) -> Point:
        return p[0] * k + dx, p[1] * k + dy

    if isinstance(item, Rect):
        return replace(item, x=item.x * k + dx, y=item.y * k + dy, w=item.w * k,
                       h=item.h * k, width=item.width * k, r=item.r * k)
    if isinstance(item, Poly):
        return replace(item, points=tuple(map(pt, item.points)))
    if isinstance(item, Ring):
        return replace(item, outer=tuple(map(pt, item.outer)),
                       inner=tuple(map(pt, item.inner)), t=item.t * k)
    if isinstance(item, Annulus):
        return replace(item, cx=item.cx * k + dx, cy=item.cy * k + dy, r_in=item.r_in * k,
                       r_out=item.r_out * k)
    if isinstance(item, Disc):
        return replace(item, cx=item.cx * k + dx, cy=item.cy * k + dy, r=item.r * k,
                       width=item.width * k)
    if isinstance(item, Line):
        return replace(item, points=tuple(map(pt, item.points)), width=item.width * k,
                       dash=None if item.dash is None else (item.dash[0] * k, item.dash[1] * k))
    if isinstance(item, Text):
        return replace(item, x=item.x * k + dx, y=item.y * k + dy, cap=item.cap * k)
    if isinstance(item, Image):
        return replace(item, x=item.x * k + dx, y=item.y * k + dy, w=item.w * k, h=item.h * k)
    if isinstance(item, Block):
        return replace(item, lines=tuple(_moved(t, k, dx, dy) for t in item.lines))
    if isinstance(item, Group):
        return replace(item, scale=item.scale * k, dx=item.dx * k + dx, dy=item.dy * k + dy)
    if isinstance(item, Clip):
        x, y, w, h = item.rect
        return replace(item, items=tuple(_moved(i, k, dx, dy) for i in item.items),
                       rect=(x * k + dx, y * k + dy, w * k, h * k))
    if isinstance(item, Dim):
        return replace(item, p1=pt(item.p1), p2=pt(item.p2), offset=item.offset * k,
                       cap=item.cap * k, items=tuple(_moved(i, k, dx, dy) for i in item.items))
    raise TypeError(f"cannot move {item!r}")


def flat(items) -> list:
    """The plain items a list draws, in page inches: groups' transforms applied, clips'
    and blocks' contents in their place (what a check of the painted page compares)."""
    out: list = []
    for item in items:
        if isinstance(item, Group):
            out += flat(_moved(i, item.scale, item.dx, item.dy) for i in item.items)
        elif isinstance(item, (Clip, Dim)):
            out += flat(item.items)
        elif isinstance(item, Block):
            out += list(item.lines)
        else:
            out.append(item)
    return out


def grouped(placed: "Placed", scale: float = 1.0) -> "Placed":
    """``placed`` drawn as one group whose transform scales its contents by ``scale``
    about the panel's corner and moves them there (a drawing made at another size and
    scaled into place, as users group and transform): the page sees the same marker."""
    local = [_moved(i, 1 / scale, -placed.x / scale, -placed.y / scale)
             for i in placed.items]
    return replace(placed, items=[Group(tuple(local), scale, placed.x, placed.y)])


def at_scale(sheet: Sheet, k: float) -> Sheet:
    """``sheet`` drawn at scale 1:(1/k): every length multiplied by ``k``."""
    return Sheet(sheet.width * k, sheet.height * k, [_moved(i, k, 0, 0) for i in sheet.items])


# ----------------------------------------------------------------------------- fonts

@cache
def _font(key: str):
    from fontTools.ttLib import TTFont

    return TTFont(FONT_FILES[key])


@cache
def cap_ratio(key: str) -> float:
    """Cap height per em of font ``key``, measured on its H (the flat top, no overshoot)."""
    from fontTools.pens.boundsPen import BoundsPen

    font = _font(key)
    glyphs = font.getGlyphSet()
    pen = BoundsPen(glyphs)
    glyphs[font.getBestCmap()[ord("H")]].draw(pen)
    return pen.bounds[3] / font["head"].unitsPerEm


def ascent(key: str) -> float:
    """The font's ascender per em (hhea), where a text frame puts its first baseline."""
    font = _font(key)
    return font["hhea"].ascent / font["head"].unitsPerEm


def descent(key: str) -> float:
    """The font's descender per em (hhea), positive."""
    font = _font(key)
    return -font["hhea"].descent / font["head"].unitsPerEm


def advance(key: str, text: str) -> float:
    """The advance width of ``text`` in em (no kerning: the producers may kern a little
    tighter, which only makes a line narrower)."""
    font = _font(key)
    cmap, metrics = font.getBestCmap(), font["hmtx"].metrics
    return sum(metrics[cmap[ord(c)]][0] for c in text) / font["head"].unitsPerEm


def aid_cap(font: str, text: str) -> float:
    """The cap height that makes every letter and numeral of ``text`` at least the aid
    minimum tall, with 1 % to spare: in some fonts numerals are shorter than capitals
    (NimbusSans-Bold's 1 and 4 reach 709/1000 of the em, its H 729)."""
    from fontTools.pens.boundsPen import BoundsPen

    font_ = _font(font)
    glyphs, cmap = font_.getGlyphSet(), font_.getBestCmap()
    tops = []
    for char in {c for c in text if c.isalnum()}:
        pen = BoundsPen(glyphs)
        glyphs[cmap[ord(char)]].draw(pen)
        tops.append(pen.bounds[3] / font_["head"].unitsPerEm)
    return 1.01 * AID_CAP * cap_ratio(font) / min(tops)


def legend_lines(lines: list[str], cx: float, cy: float, cap: float, font: str,
                 color: str = BLACK, pitch: float = 1.6) -> list[Text]:
    """Lines of ``cap``-high capitals centred on (cx, cy), ``pitch`` caps apart."""
    first = cy - (len(lines) - 1) * pitch * cap / 2
    return [Text(line, cx, first + i * pitch * cap + cap / 2, cap, color, font)
            for i, line in enumerate(lines)]


# ----------------------------------------------------------------------------- fit checks

def _shape(points):
    from shapely.geometry import Polygon

    return Polygon(points)


def _box(text: Text):
    from shapely.geometry import box

    return box(*text.box())


def require_inside(texts: list[Text], area, clear: float, what: str) -> None:
    """Refuse a layout whose letters come within ``clear`` in of ``area``'s edge."""
    for text in texts:
        if not area.buffer(-clear).contains(_box(text)):
            raise ValueError(f"{what}: {text.text!r} does not fit inside with {clear} in clear")


def require_outside(texts: list[Text], area, clear: float, what: str) -> None:
    """Refuse a layout whose letters come within ``clear`` in of ``area``."""
    for text in texts:
        if area.buffer(clear).intersects(_box(text)):
            raise ValueError(f"{what}: {text.text!r} is not {clear} in clear outside")


# ----------------------------------------------------------------------------- markers

def diamond(cx: float, cy: float, width: float, slope: float = SLOPE) -> tuple[Point, ...]:
    """Top, right, bottom, left of a diamond ``width`` wide, sides ``slope`` deg from the
    vertical (so width / tan(slope) tall)."""
    a = width / 2
    b = a / math.tan(math.radians(slope))
    return (cx, cy - b), (cx + a, cy), (cx, cy + b), (cx - a, cy)


def diamond_ring(cx: float, cy: float, width: float, t: float, color: str,
                 slope: float = SLOPE) -> Ring:
    """A diamond outline ``t`` thick perpendicular to its sides: the inner diamond is
    narrower by 2 t / cos(slope)."""
    inner = width - 2 * t / math.cos(math.radians(slope))
    return Ring(diamond(cx, cy, width, slope), diamond(cx, cy, inner, slope), t, color)


def rect_points(x: float, y: float, w: float, h: float) -> tuple[Point, ...]:
    return (x, y), (x + w, y), (x + w, y + h), (x, y + h)


def rounded(placed: "Placed", r: float, keyline: float = 0.0) -> "Placed":
    """``placed`` on a blank whose corners are rounded to ``r`` (its white panel, the
    first item), with a black ``keyline`` that wide round the blank's edge when asked (a
    shop's cut line on the proof)."""
    panel, *rest = placed.items
    blank = replace(panel, r=r)
    edge = [Rect(panel.x, panel.y, panel.w, panel.h, None, BLACK, keyline, "Trim", r)] \
        if keyline else []
    return replace(placed, items=[blank, *rest, *edge])


@dataclass(frozen=True)
class Placed:
    """A marker laid out on the page: its items and its panel (x, y, w, h)."""
    items: list[Item]
    x: float
    y: float
    w: float
    h: float

    @property
    def bottom(self) -> float:
        return self.y + self.h

    @property
    def right(self) -> float:
        return self.x + self.w


def danger(x: float, y: float, H: float, *, outline: float = OUTLINE, slope: float = SLOPE,
           symbol_h: float | None = None, color: str = ORANGE, inside: str | None = None,
           above: str | None = None, below: str | None = None, cap: float = WORD_CAP,
           inner_cap: float = 1.5, font: str = "liberation") -> Placed:
    """A danger sign whose panel's top-left is (x, y): the panel H/6 wider than the
    diamond, H tall plus a band of words 2 caps tall above and/or below; the diamond
    drawn for ``symbol_h`` when given (a defect), its word ``inside`` in small capitals."""
    width = FRACTION * (symbol_h or H)
    band = 2 * cap
    top = y + (band if above else 0)
    height = H + band * (bool(above) + bool(below))
    panel_w = width + 2 * MARGIN * H
    cx, cy = x + panel_w / 2, top + H / 2
    ring = diamond_ring(cx, cy, width, outline, color, slope)
    inner = legend_lines([inside], cx, cy, inner_cap, font) if inside else []
    require_inside(inner, _shape(ring.inner), 0.25, "danger legend")
    bands = [*(legend_lines([above], cx, y + band / 2, cap, font) if above else []),
             *(legend_lines([below], cx, top + H + band / 2, cap, font) if below else [])]
    require_inside(bands, _shape(rect_points(x, y, panel_w, height)), 0.5, "danger words")
    require_outside(bands, _shape(ring.outer), 0.5, "danger words")
    return Placed([Rect(x, y, panel_w, height), ring, *inner, *bands], x, y, panel_w, height)


def exclusion(x: float, y: float, H: float, *, outline: float = OUTLINE, slope: float = SLOPE,
              color: str = ORANGE, bar: float | None = None, below: str | None = None,
              inside: str | None = None, cap: float = WORD_CAP, inner_cap: float = 1.2,
              font: str = "liberation", above: str | None = None) -> Placed:
    """An exclusion sign: the danger diamond with an orange cross of ``bar``-wide arms
    (the spec's: the outline's width, thinner at small H) from corner to corner of the
    white centre; words ``above`` and ``below`` on white bands, or (a defect) ``inside``:
    across the cross, within the white centre."""
    placed = danger(x, y, H, outline=outline, slope=slope, color=color, below=below,
                    cap=cap, font=font, above=above)
    ring = placed.items[1]
    cross = cross_bars(ring, color, bar)
    (cx, _), (_, cy) = ring.inner[0], ring.inner[1]
    words = legend_lines([inside], cx, cy, inner_cap, font) if inside else []
    require_inside(words, _shape(ring.inner), 0.25, "words inside the exclusion")
    return Placed([*placed.items[:2], *cross, *words, *placed.items[2:]], placed.x, placed.y,
                  placed.w, placed.h)


def cross_bars(ring: Ring, color: str, bar: float | None = None) -> list[Item]:
    """An exclusion's cross inside the diamond ``ring``: two bars from corner to corner
    of its white centre, ``bar`` wide, else as wide as the spec makes them (the outline's
    width, thinned at small H so that the white quarters stay: cross_bar)."""
    from markers.build.signs import cross_bar

    (cx, top), (right, cy) = ring.inner[0], ring.inner[1]
    a, b = right - cx, cy - top
    bar = bar or cross_bar(2 * a, math.degrees(math.atan2(a, b)), ring.t)
    return [Rect(cx - bar / 2, cy - b, bar, 2 * b, color),
            Rect(cx - a, cy - bar / 2, 2 * a, bar, color)]


def control(x: float, y: float, H: float, lines: list[str], *, outline: float = OUTLINE,
            symbol_h: float | None = None, color: str = ORANGE, cap: float = 2.5,
            font: str = "liberation", margin: float | None = None,
            legend_color: str = BLACK, below: str | None = None, block: bool = False,
            squash: float = 0.0) -> Placed:
    """A control sign: an orange circle of inner diameter 2H/3 (of ``symbol_h`` when
    given) with the outline outside it, on a square panel ``margin`` (H/12) wider all
    round, the words inside the white (one text ``block`` when asked), and words
    ``below`` under the panel on a band 2 caps tall; ``squash`` makes the circle an
    ellipse that much narrower than round and as much taller (a defect), drawn as a
    polygon ring whose outer semi-axes are the inner ones plus the outline."""
    r_in = FRACTION * (symbol_h or H) / 2
    r_out = r_in + outline
    side = FRACTION * H + 2 * OUTLINE + 2 * (MARGIN * H if margin is None else margin)
    cx = cy = side / 2
    words = legend_lines(lines, x + cx, y + cy, cap, font, legend_color)
    from shapely.geometry import Point as ShapelyPoint

    require_inside(words, ShapelyPoint(x + cx, y + cy).buffer(r_in * (1 - squash), 256), 0.3,
                   "control")
    if squash:
        def ellipse(grow: float) -> tuple[Point, ...]:
            a, b = r_in * (1 - squash) + grow, r_in * (1 + squash) + grow
            return tuple((x + cx + a * math.cos(2 * math.pi * i / 360),
                          y + cy + b * math.sin(2 * math.pi * i / 360)) for i in range(360))
        symbol: Item = Ring(ellipse(outline), ellipse(0.0), outline, color)
    else:
        symbol = Annulus(x + cx, y + cy, r_in, r_out, color)
    height = side + (2 * cap if below else 0)
    band = legend_lines([below], x + cx, y + side + cap, cap, font) if below else []
    return Placed([Rect(x, y, side, height), symbol,
                   *([Block(tuple(words))] if block and words else words), *band],
                  x, y, side, height)


def information(x: float, y: float, H: float, lines: list[str], *, outline: float = OUTLINE,
                color: str = ORANGE, cap: float = WORD_CAP, font: str = "liberation",
                pad: float = 1.0, legend_color: str = BLACK, center: str | None = None,
                block: bool = False, pitch: float = 1.6, symbol_h: float | None = None
                ) -> Placed:
    """An information sign: an orange rectangle whose mean of inside and outside heights
    is 2H/3 (of ``symbol_h`` when given: a defect), as wide as its message needs (``pad``
    in of white each side), on a panel H tall and H/6 wider; the message's lines
    ``pitch`` caps apart (one text ``block`` when asked), and (a defect) the inside
    painted ``center``."""
    outer_h = FRACTION * (symbol_h or H) + outline
    widest = max(advance(font, line) for line in lines) * cap / cap_ratio(font)
    outer_w = widest + 2 * (outline + pad)
    panel_w = outer_w + 2 * MARGIN * H
    ox, oy = x + MARGIN * H, y + (H - outer_h) / 2
    t = outline
    ring = Ring(rect_points(ox, oy, outer_w, outer_h),
                rect_points(ox + t, oy + t, outer_w - 2 * t, outer_h - 2 * t), t, color)
    words = legend_lines(lines, x + panel_w / 2, y + H / 2, cap, font, legend_color, pitch)
    require_inside(words, _shape(ring.inner), 0.3, "information")
    inside = [Rect(ox + t, oy + t, outer_w - 2 * t, outer_h - 2 * t, center)] if center else []
    return Placed([Rect(x, y, panel_w, H), ring, *inside,
                   *([Block(tuple(words))] if block else words)], x, y, panel_w, H)


def aid_red(x: float, y: float, H: float, ws_id: str, *, letters: str = WHITE,
            font: str = "liberation", cap: float | None = None) -> Placed:
    """A red aid: an equilateral triangle H tall (the daymark), its id in white block
    capitals above the base, as wsmark builds it (baseline at 0.92 H); ``cap`` sets the
    letters' cap height (a defect) instead of the aid minimum."""
    half = H / math.sqrt(3)
    cap = cap or aid_cap(font, ws_id)
    tri = Poly(((x + half, y), (x + 2 * half, y + H), (x, y + H)), RED)
    words = [Text(ws_id, x + half, y + 0.92 * H, cap, letters, font)]
    require_inside(words, _shape(tri.points), 0.3, "red aid")
    return Placed([tri, *words], x, y, 2 * half, H)


def aid_green(x: float, y: float, H: float, ws_id: str, *, letters: str = WHITE,
              font: str = "liberation") -> Placed:
    """A green aid: a green square H on a side, its id in white block capitals."""
    cap = aid_cap(font, ws_id)
    words = legend_lines([ws_id], x + H / 2, y + H / 2, cap, font, letters)
    require_inside(words, _shape(rect_points(x, y, H, H)), 1.0, "green aid")
    return Placed([Rect(x, y, H, H, GREEN), *words], x, y, H, H)


def aid_center(x: float, y: float, H: float, ws_id: str, *, font: str = "liberation",
               trim: bool = False, across: bool = False) -> Placed:
    """A centre aid: a square H wide of 7 vertical stripes, white and black (white at
    both edges), the id in white on a black plate across the middle; ``trim``: a 0.01 in
    cut line round the face, which shows where its white edge stripes end; ``across``
    (a defect) lays the stripes horizontal."""
    stripe = H / 7
    cap = aid_cap(font, ws_id)
    items: list[Item] = [Rect(x, y, H, H)]
    items += [Rect(x, y + i * stripe, H, stripe, BLACK) if across else
              Rect(x + i * stripe, y, stripe, H, BLACK) for i in (1, 3, 5)]
    words = legend_lines([ws_id], x + H / 2, y + H / 2, cap, font, WHITE)
    x0, _, x1, _ = words[0].box()
    items.append(Rect(x0 - 1.0, y + H / 2 - 0.8 * cap, x1 - x0 + 2.0, 1.6 * cap, BLACK))
    if trim:
        words.append(Rect(x, y, H, H, fill=None, stroke=BLACK, width=0.01, layer="Trim"))
    return Placed(items + words, x, y, H, H)


def buoy_symbol(x: float, y: float, legend: str, *, diameter: float = 12.0,
                above_water: float = 40.0, color: str = ORANGE, font: str = "liberation"
                ) -> Placed:
    """A symbol buoy elevation as wsmark builds it for a 12 in display area: white body
    ``diameter`` wide, orange bands of 12.5 in at the top and down to the waterline, a
    flat danger diamond (2/3 of 12 in wide) in the white, its word below it, the body
    outlined in black; the waterline a blue line wider than the body."""
    H, band = 12.0, 12.5
    cx = x + diameter / 2
    ring = diamond_ring(cx, y + 18.5, FRACTION * H, OUTLINE, color)
    words = [Text(legend, cx, y + 26.75, 1.5, BLACK, font)]
    items: list[Item] = [Rect(x, y, diameter, above_water),
                         Rect(x, y, diameter, band, color),
                         Rect(x, y + above_water - band, diameter, band, color), ring, *words,
                         Line(rect_points(x, y, diameter, above_water), 0.03, BLACK, True,
                              "Outline"),
                         Line(((x - 2, y + above_water), (x + diameter + 2, y + above_water)),
                              0.1, WATER, layer="Waterline")]
    return Placed(items, x, y, diameter, above_water)


def buoy_elevation(x: float, y: float, H: float, symbol: str, legend: str | None = None, *,
                   diameter: float = 16.0, above_water: float = 40.0, color: str = ORANGE,
                   font: str = "liberation", cap: float = 1.5) -> Placed:
    """A symbol buoy elevation: white body ``diameter`` wide and ``above_water`` tall,
    the display area H tall between two equal orange bands (at the top and down to the
    waterline), its ``symbol`` ("control", "exclusion" or "danger") drawn flat 2/3 H in
    the middle of it, a control's words inside its circle; the body outlined in black,
    the waterline a blue line wider than the body."""
    band = (above_water - H) / 2
    cx, cy = x + diameter / 2, y + band + H / 2
    if symbol == "control":
        r_in = FRACTION * H / 2
        shapes: list[Item] = [Annulus(cx, cy, r_in, r_in + OUTLINE, color)]
        words = legend_lines(legend.split("|"), cx, cy, cap, font) if legend else []
        from shapely.geometry import Point as ShapelyPoint

        require_inside(words, ShapelyPoint(cx, cy).buffer(r_in, 256), 0.3, "buoy control")
    else:
        ring = diamond_ring(cx, cy, FRACTION * H, OUTLINE, color)
        shapes = [ring, *(cross_bars(ring, color) if symbol == "exclusion" else [])]
        words = []
    items: list[Item] = [Rect(x, y, diameter, above_water), Rect(x, y, diameter, band, color),
                         Rect(x, y + above_water - band, diameter, band, color), *shapes,
                         *words,
                         Line(rect_points(x, y, diameter, above_water), 0.03, BLACK, True,
                              "Outline"),
                         Line(((x - 2, y + above_water), (x + diameter + 2, y + above_water)),
                              0.1, WATER, layer="Waterline")]
    return Placed(items, x, y, diameter, above_water)


# ----------------------------------------------------------------------------- furniture

def frame(x: float, y: float, w: float, h: float, style: str = "closed",
          width: float = LINE_IN, layer: str = "Frame") -> list[Line]:
    """A rectangle of lines: ``closed`` (one closed path from a corner), ``mid`` (closed,
    started mid-edge), ``open`` (one path round all four sides, never closed), ``lines``
    (four separate lines)."""
    corners = rect_points(x, y, w, h)
    if style == "lines":
        return [Line((corners[i], corners[(i + 1) % 4]), width, layer=layer) for i in range(4)]
    if style == "open":
        return [Line((*corners, corners[0]), width, layer=layer)]
    if style == "mid":
        mid = (x + w / 2, y)
        return [Line((mid, corners[1], corners[2], corners[3], corners[0], mid), width,
                     closed=True, layer=layer)]
    return [Line(corners, width, closed=True, layer=layer)]


def title_block(x: float, y: float, w: float, lines: list[str], cap: float = 0.4,
                font: str = "liberation") -> list[Item]:
    """A title block: a frame with a row per line of text, rules between the rows."""
    row = 2.5 * cap
    items: list[Item] = list(frame(x, y, w, row * len(lines), "closed", layer="Title block"))
    for i, text in enumerate(lines):
        if i:
            items.append(Line(((x, y + i * row), (x + w, y + i * row)), layer="Title block"))
        items.append(Text(text, x + cap, y + i * row + (row + cap) / 2, cap, BLACK, font,
                          "start", "Title block"))
    return items


def arrowhead(tip: Point, toward: Point, length: float = 0.5) -> Poly:
    """A filled arrowhead at ``tip`` pointing away from ``toward``."""
    dx, dy = tip[0] - toward[0], tip[1] - toward[1]
    n = math.hypot(dx, dy)
    ux, uy = dx / n, dy / n
    base = (tip[0] - ux * length, tip[1] - uy * length)
    half = length / 3
    return Poly((tip, (base[0] - uy * half, base[1] + ux * half),
                 (base[0] + uy * half, base[1] - ux * half)), BLACK, "Dimensions")


def dimension(p1: Point, p2: Point, offset: float, text: str, cap: float = 0.5,
              font: str = "liberation") -> list[Item]:
    """A dimension of the length p1-p2: extension lines ``offset`` out (to the left of
    p1 -> p2 for positive offsets), the dimension line between arrowheads, its text."""
    dx, dy = p2[0] - p1[0], p2[1] - p1[1]
    n = math.hypot(dx, dy)
    nx, ny = dy / n * offset, -dx / n * offset
    a, b = (p1[0] + nx, p1[1] + ny), (p2[0] + nx, p2[1] + ny)
    gap = 0.25 * (1 if offset > 0 else -1)
    ext = [Line(((p[0] + nx * gap / offset, p[1] + ny * gap / offset),
                 (q[0] + nx * 0.3 / abs(offset), q[1] + ny * 0.3 / abs(offset))),
                layer="Dimensions") for p, q in ((p1, a), (p2, b))]
    mid = ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)
    if abs(dx) >= abs(dy):  # horizontal: text above the line
        label = Text(text, mid[0], mid[1] - 0.25, cap, BLACK, font, layer="Dimensions")
    else:  # vertical: text beside the line, read horizontally
        label = Text(text, mid[0] + (0.3 if offset > 0 else -0.3) - (
            0 if offset > 0 else advance(font, text) * cap / cap_ratio(font)), mid[1] + cap / 2,
            cap, BLACK, font, "start", "Dimensions")
    return [*ext, Line((a, b), layer="Dimensions"), arrowhead(a, b), arrowhead(b, a), label]


def cad_dimension(p1: Point, p2: Point, offset: float, text: str, cap: float = 0.5,
                  font: str = "liberation") -> Dim:
    """``dimension`` as one object, which CAD writes as a DIMENSION entity."""
    return Dim(p1, p2, offset, text, cap, tuple(dimension(p1, p2, offset, text, cap, font)))


def zoned_border(w: float, h: float, inset: float = 0.5, band: float = 0.5,
                 cols: int = 6, rows: int = 4, font: str = "liberation") -> list[Item]:
    """A drawing sheet's border as ANSI Y14.1 and ISO 5457 draw it: an outer trim frame,
    an inner drawing frame ``band`` inside it, the band between divided into zones by
    ticks, numbered 1.. along the top and bottom (right to left, as ANSI does) and
    lettered A.. up the sides (from the bottom)."""
    items: list[Item] = [*frame(inset, inset, w - 2 * inset, h - 2 * inset, layer="Border"),
                         *frame(inset + band, inset + band, w - 2 * (inset + band),
                                h - 2 * (inset + band), width=0.04, layer="Border")]
    x0, y0, x1, y1 = inset, inset, w - inset, h - inset
    cap = 0.5 * band
    for i in range(cols):
        xa, xb = x0 + (x1 - x0) * i / cols, x0 + (x1 - x0) * (i + 1) / cols
        if i:
            items += [Line(((xa, y0), (xa, y0 + band)), layer="Border"),
                      Line(((xa, y1 - band), (xa, y1)), layer="Border")]
        label = str(cols - i)
        items += [Text(label, (xa + xb) / 2, y0 + (band + cap) / 2, cap, BLACK, font,
                       layer="Border"),
                  Text(label, (xa + xb) / 2, y1 - (band - cap) / 2, cap, BLACK, font,
                       layer="Border")]
    for j in range(rows):
        ya, yb = y0 + (y1 - y0) * j / rows, y0 + (y1 - y0) * (j + 1) / rows
        if j:
            items += [Line(((x0, ya), (x0 + band, ya)), layer="Border"),
                      Line(((x1 - band, ya), (x1, ya)), layer="Border")]
        label = "ABCDEFGH"[rows - 1 - j]
        items += [Text(label, x0 + band / 2, (ya + yb + cap) / 2, cap, BLACK, font,
                       layer="Border"),
                  Text(label, x1 - band / 2, (ya + yb + cap) / 2, cap, BLACK, font,
                       layer="Border")]
    return items


def notes(x: float, y: float, lines: list[str], cap: float = 0.35,
          font: str = "liberation") -> list[Text]:
    """Notes set left-aligned from (x, y), a line every 2 caps."""
    return [Text(line, x, y + (i + 1) * 2 * cap, cap, BLACK, font, "start", "Notes")
            for i, line in enumerate(lines)]


def sheet(width: float, height: float, *groups) -> Sheet:
    """A page ``width`` x ``height`` in holding ``groups``."""
    return Sheet(width, height).add(*groups)


def square_margin(H: float) -> float:
    """The white beside a control circle that makes its square panel H on a side (the
    panel a clerk infers H from)."""
    return (H - FRACTION * H - 2 * OUTLINE) / 2


def framed(placed: Placed, title: list[str], border: str = "closed",
           font: str = "liberation") -> Sheet:
    """The sign 2 in from the page's top-left, its title block under it, a border."""
    width, height = placed.right + 2, placed.bottom + 3.5 + len(title)
    return sheet(width, height, frame(0.5, 0.5, width - 1, height - 1, border),
                 placed.items, title_block(placed.x, placed.bottom + 1.5, placed.w,
                                           title, font=font))
