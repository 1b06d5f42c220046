"""Regulatory markers, NR 5.09(2)(b): danger, exclusion, control and information signs.

A sign is a white panel: the display area (H high, full width) carrying the orange
symbol centred on it, and, where the legend goes outside the symbol, a full-width band
of words below it on white (which is not part of H; see RULES.md).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import lru_cache

from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel

from markers.build.layout import assemble, block_shapes, legend_item
from markers.build.permit_label import Label, permit_label
from markers.build.proportions import diamond_height, legend_min_cap
from markers.core import geometry as geo
from markers.core.artwork import Artwork, Shape
from markers.core.design import Design
from markers.core.lettering import (
    MARGIN,
    Block,
    block_height,
    fit_block,
    set_block,
    text_width,
    wrap_words,
)
from markers.core.pack import Build
from markers.core.shown import quoted
from markers.core.spec import Dimension, Law
from markers.errors import DesignError, WsmarkError

__all__ = ["build_diamond", "build_circle", "build_rectangle", "smallest_clear_h",
           "white_quarters"]

#: The largest legend set inside a symbol, as a fraction of H (wsmark layout).
INSIDE_MAX_CAP = 1 / 6
#: Cap height of words in a band above/below the symbol, as a fraction of H.
BAND_CAP = 1 / 8
#: At small H the cross bars are thinned to this share of the width that would close
#: the white center (see cross_bar).
CROSS_WHITE_SHARE = 0.5
#: A sign its words make taller than this many times its width is refused unless the
#: design gives a width or is forced (wsmark layout: a legend set a word a line down a
#: narrow panel is a post, not a sign).
MAX_TALL = 2.0
#: Display heights and widths a message advises are found to this step (inches), the
#: display heights up to this many times the one given.
ADVICE_STEP, ADVICE_REACH = 0.25, 16


class _NoRoom(DesignError):
    """Too little room for what a sign must hold: ``head`` says what, ``remedies`` what
    else helps; the builder that catches it adds the display height that gives room
    (``advised``)."""

    def __init__(self, head: str, *remedies: str, field: str | None = None) -> None:
        self.head, self.remedies = head, remedies
        super().__init__(self.advised(None), field)

    def __reduce__(self) -> tuple:
        # across a process boundary it is the DesignError it says
        return DesignError, (str(self), self.field)

    def advised(self, least: float | None) -> str:
        """The message, ending with the display height ``least`` that gives room (none
        when no larger display area does)."""
        remedies = [*self.remedies, *([f"enlarge the display area to at least {least:g} in"]
                                      if least is not None else [])]
        if not remedies:
            return self.head
        tail = ", ".join(remedies[:-1]) + (" or " if len(remedies) > 1 else "") + remedies[-1]
        return f"{self.head}; {tail}"


def _steps_up(value: float) -> float:
    """``value`` rounded up to the next ADVICE_STEP."""
    return math.ceil(value / ADVICE_STEP - 1e-9) * ADVICE_STEP


def _least(low: float, high: float, works: Callable[[float], bool]) -> float | None:
    """The smallest step (ADVICE_STEP) in [``low``, ``high``] at which ``works``, found by
    halving (as if more always works), then stepping up where it does not; None when
    it does not work at ``high``."""
    if not works(high):
        return None
    while high - low > ADVICE_STEP:
        mid = (low + high) / 2
        low, high = (low, mid) if works(mid) else (mid, high)
    found = _steps_up(low)  # the answer lies in (low, high]: the first step there that works
    while not works(found):
        found += ADVICE_STEP
    return found


def _with_room(lay_out: Callable[[Design, Build], Artwork], design: Design,
               build: Build) -> Artwork:
    """``lay_out(design, build)``; where the display area leaves no room (_NoRoom), a
    DesignError that also says the smallest display height that gives room (the first
    at which ``lay_out`` succeeds, up to ADVICE_REACH times this one)."""
    try:
        return lay_out(design, build)
    except _NoRoom as err:
        quiet = replace(build, drawn=False)

        def works(h: float) -> bool:
            try:
                lay_out(replace(design, display_height=h, force=True), quiet)
            except WsmarkError:
                return False
            return True

        h, _ = design.sized()
        raise DesignError(err.advised(_least(h, ADVICE_REACH * h, works)), err.field) from None


@dataclass(frozen=True)
class Symbol:
    """The orange symbol placed on the sign: its outer and inner outlines."""

    outer: Polygon
    inner: Polygon
    orange: BaseGeometry
    path: str | None
    dimensions: list[Dimension]
    cross: BaseGeometry | None = None


def cross_bar(inner_width: float, slope_deg: float, t: float) -> float:
    """Width of the exclusion cross's bars: the outline's thickness, unless that would
    leave less than half of the white quarters (small H), which then sets it.

    A white quarter exists while bar < 2ab/(a+b) for the inner half-width a and
    half-height b; at H = 12 in that limit is 1.83 in, so 2 in bars would fill the
    center and the cross would vanish into a solid diamond.
    """
    a = inner_width / 2
    b = a / math.tan(math.radians(slope_deg))
    return min(t, CROSS_WHITE_SHARE * 2 * a * b / (a + b))


def diamond_symbol(law: Law, cx: float, cy: float, h: float, t: float, with_cross: bool,
                   clause: str) -> Symbol:
    """The open diamond (or, ``with_cross``, the diamond with a cross) for display height
    ``h``; ``clause`` is the kind's own paragraph, which its colors and cross cite."""
    slope = law.req("diamond_slope")
    width = h * law.req("symbol_fraction")
    inner_width = geo.diamond_inset(width, t, slope)
    if inner_width <= 0:
        raise DesignError(f"outline {t:g} in leaves no white center in a {width:.2f} in "
                          f"diamond (display height {h:g} in, "
                          f"{law.requirement('symbol_fraction').ref})", field="outline")
    outer = geo.diamond(cx, cy, width, slope)
    inner = geo.diamond(cx, cy, inner_width, slope)
    orange: BaseGeometry = outer.difference(inner)
    cross = None
    if with_cross:
        bar = cross_bar(inner_width, slope, t)
        cross = geo.cross(cx, cy, bar, inner)
        # the diamond less its four white quarters, built exactly: a union of the ring
        # and the clipped bars keeps slivers that break the holes once bent on a buoy
        quarters = geo.cross_quarters(cx, cy, inner_width, slope, bar)
        orange = Polygon(outer.exterior.coords, [q.exterior.coords for q in quarters])
    _d = law.dimension
    dims = [
        _d("diamond outside width (2/3 H)", width, "in", "symbol_fraction"),
        _d("diamond height (width / tan 35 deg)", diamond_height(law, width), "in",
           "diamond_slope"),
        _d("side slope from vertical", slope, "deg", "diamond_slope"),
        _d("outline thickness, perpendicular to the sides", t, "in", "outline_min"),
        _d("diamond inside width", inner_width, "in", "outline_min"),
    ]
    if with_cross:
        dims.append(_d("cross bar width", cross_bar(inner_width, slope, t), "in", clause))
        area, across = white_quarters(law, h, t)
        least = smallest_clear_h(law, t)
        dims += [_d("white center (the four quarters)", area, "sq in", clause),
                 _d("each white quarter, widest patch across", across, "in",
                    "exclusion_quarter_min"),
                 _d(f"smallest H giving each quarter {law.req('exclusion_quarter_min'):g} in "
                    "across", least, "in", "exclusion_quarter_min")]
    dims.append(_d("colors", "international orange on white", "", clause))
    return Symbol(outer, inner, orange, None, dims, cross)


def white_quarters(law: Law, h: float, t: float) -> tuple[float, float]:
    """The crossed diamond's white center at display height ``h`` and outline ``t``:
    its area (sq in) and the width of the widest patch in its smallest quarter (the
    diameter of the largest circle inside it)."""
    slope = law.req("diamond_slope")
    inner_width = geo.diamond_inset(h * law.req("symbol_fraction"), t, slope)
    if inner_width <= 0:
        return 0.0, 0.0
    inner = geo.diamond(0, 0, inner_width, slope)
    white = inner.difference(geo.cross(0, 0, cross_bar(inner_width, slope, t), inner))
    parts = [p for p in getattr(white, "geoms", [white]) if p.area > 1e-9]
    if not parts:
        return 0.0, 0.0
    widths = []
    for part in parts:
        pole = polylabel(part, tolerance=1e-4)
        widths.append(2 * part.exterior.distance(pole))
    return white.area, min(widths)


@lru_cache(maxsize=16)
def smallest_clear_h(law: Law, t: float) -> float:
    """The smallest display height (to 1/4 in) at which each white quarter of the
    crossed diamond is at least ``exclusion_quarter_min`` of ``law`` across (cached on
    the law and ``t``: both decide it)."""
    want = law.req("exclusion_quarter_min")
    low, high = law.req("display_min"), law.req("display_min")
    while white_quarters(law, high, t)[1] < want:
        low, high = high, high * 2
    for _ in range(20):
        mid = (low + high) / 2
        low, high = (low, mid) if white_quarters(law, mid, t)[1] >= want else (mid, high)
    return math.ceil(high * 4 - 1e-9) / 4


def circle_symbol(law: Law, cx: float, cy: float, h: float, t: float, clause: str) -> Symbol:
    """The circle: inner diameter 2H/3, outline ``t`` outside it; its colors cite
    ``clause``, the kind's own paragraph."""
    inner_d = h * law.req("symbol_fraction")
    outer_d = inner_d + 2 * t
    if outer_d > h + 1e-9:
        raise _NoRoom(f"outline {t:g} in makes the circle {outer_d:.2f} in across, larger "
                     f"than the {h:g} in display area", "give a thinner outline",
                     field="outline")
    outer = geo.disc(cx, cy, outer_d / 2)
    inner = geo.disc(cx, cy, inner_d / 2)
    _d = law.dimension
    dims = [
        _d("circle inner diameter (2/3 H)", inner_d, "in", "symbol_fraction"),
        _d("outline thickness", t, "in", "outline_min"),
        _d("circle outer diameter", outer_d, "in", "outline_min"),
        _d("colors", "international orange on white", "", clause),
    ]
    return Symbol(outer, inner, outer.difference(inner),
                  geo.ring_path(cx, cy, outer_d / 2, inner_d / 2), dims)


def rectangle_symbol(law: Law, cx: float, cy: float, h: float, t: float, outer_width: float,
                     clause: str) -> Symbol:
    """The rectangle: mean of inside and outside heights 2H/3 (square when
    ``outer_width`` equals the outside height; wider for a longer message); its width
    and colors cite ``clause``, the kind's own paragraph."""
    mean = h * law.req("symbol_fraction")
    outer_h, inner_h = mean + t, mean - t
    if outer_h > h + 1e-9:
        raise _NoRoom(f"outline {t:g} in makes the rectangle {outer_h:.2f} in tall, larger "
                     f"than the {h:g} in display area", "give a thinner outline",
                     field="outline")
    outer_width = max(outer_width, outer_h)
    outer = geo.rect(cx, cy, outer_width, outer_h)
    inner = geo.rect(cx, cy, outer_width - 2 * t, inner_h)
    _d = law.dimension
    dims = [
        _d("mean of inside and outside heights (2/3 H)", mean, "in", "symbol_fraction"),
        _d("outside height", outer_h, "in", "symbol_fraction"),
        _d("inside height", inner_h, "in", "symbol_fraction"),
        _d("outside width", outer_width, "in", clause),
        _d("outline thickness", t, "in", "outline_min"),
        _d("colors", "international orange on white", "", clause),
    ]
    return Symbol(outer, inner, outer.difference(inner), None, dims)


def _inside_legend(design: Design, legend: str, inner: Polygon, required: bool, what: str,
                   build: Build) -> Block | None:
    """Fit ``legend`` (the design's) inside the symbol's white center, or say why it
    cannot be."""
    law, (h, _) = build.law, design.sized()
    low = legend_min_cap(law, h)
    block = fit_block(legend, inner, low, h * INSIDE_MAX_CAP, drawn=build.drawn)
    if block is None and required:
        raise _NoRoom(
            f"legend {quoted(legend)} does not fit inside the {what} at the {low:.2f} "
            f"in minimum legible cap height ({law.requirement('legend_min_fraction').ref}, "
            f"after {law.clause('regulatory_letters')})", "shorten it",
            "break it with '|'", *(["allow a wider sign (--max-width)"]
                                   if what == "rectangle" else []), field="legend")
    return block


#: Step by which a band's cap height is lowered to fit the sign's width (inches).
CAP_STEP = 0.125


def _words(field: str) -> str:
    """How a message names the words of a design's ``field`` (legend, above, below)."""
    return "legend" if field == "legend" else f"words {field} the symbol"


def _band(law: Law, text: str, h: float, limit: float, field: str) -> tuple[list[str], float]:
    """A band of words (of the design's ``field``: legend, above, below) within
    ``limit`` inches: its lines and cap height, as large as H/8 and lowered in 1/8 in
    steps to the legible minimum before refusing (with the width its longest word
    needs at that minimum)."""
    what = _words(field)
    low = legend_min_cap(law, h)
    cap = max(low, h * BAND_CAP)
    while True:
        lines = wrap_words(text, cap, limit - cap)  # a half-cap pad on each side
        if lines is not None:
            return lines, cap
        if cap <= low + 1e-9:
            need = max(text_width(word, low) for word in text.replace("|", " ").split()) + low
            raise _NoRoom(
                f"{what} {quoted(text)} cannot be set within {limit:.2f} in at the {low:.2f} in "
                f"minimum legible cap height ({law.requirement('legend_min_fraction').ref})",
                f"give --max-width {_steps_up(need):g} or more", "shorten it", field=field)
        cap = max(low, cap - CAP_STEP)


def _bands(law: Law, texts: dict[str, tuple[str, str]], h: float, limit: float
           ) -> dict[str, tuple[list[str], float, float]]:
    """The bands of words above and below the symbol (name -> (the design's field, text))
    within ``limit``: name -> (lines, cap height, band height)."""
    bands = {}
    for name, (field, text) in texts.items():
        lines, cap = _band(law, text, h, limit, field)
        bands[name] = (lines, cap, block_height(len(lines), cap) + cap)
    return bands


def _extent(bands: dict[str, tuple[list[str], float, float]], least_width: float,
            h: float, margin: float) -> tuple[float, float]:
    """Width and height of a sign with ``bands``, at least ``least_width`` wide (the
    symbol and its margins, a permit label), before any permit label below it."""
    band_w = max((text_width(t, cap) + cap for lines, cap, _ in bands.values() for t in lines),
                 default=0.0)
    return max(least_width, band_w), h + 2 * margin + sum(b[2] for b in bands.values())


def _refuse_tall(design: Design, law: Law, texts: dict[str, tuple[str, str]], h: float,
                 least_width: float, margin: float, below: float, width: float,
                 total: float) -> None:
    """Refuse a sign its words make more than MAX_TALL times as tall as wide, saying the
    width (--max-width) that keeps it within; unless the design gives a width, is
    forced, or no width would help."""
    if design.force or design.max_width is not None or not texts or \
            total <= MAX_TALL * width + 1e-9:
        return

    def within(limit: float) -> bool:
        w, t = _extent(_bands(law, texts, h, limit), least_width, h, margin)
        return t + below <= MAX_TALL * w + 1e-9

    # every line on one line at the largest cap: no wider limit changes the layout
    cap = h * BAND_CAP
    widest = max(text_width(part, cap) + cap for _, text in texts.values()
                 for part in text.replace("|", "\n").split("\n"))
    need = _least(least_width, max(least_width, widest) + ADVICE_STEP, within)
    if need is None:
        return
    field, text = texts["below"] if "below" in texts else texts["above"]
    raise DesignError(f"{_words(field)} {quoted(text)} makes the sign {width:.2f} x "
                      f"{total:.2f} in, taller than {MAX_TALL:g} times its width: it needs at "
                      f"least {need:g} in of width; give --max-width {need:g} or --force",
                      field=field)


def _max_width(design: Design, natural: float) -> float:
    """The widest the sign may be: --max-width, never less than the symbol and its
    margins (``natural``), which is also the default."""
    if design.max_width is None:
        return natural
    if design.max_width < natural - 1e-9:
        raise DesignError(f"max width {design.max_width:g} in is narrower than the symbol and "
                          f"its margins ({natural:.2f} in at H = {design.display_height:g} in)",
                          field="max_width")
    return design.max_width


@dataclass(frozen=True)
class _Laid:
    """A sign laid out before its symbol is placed: H, its width, the top of its display
    area, the white above and below a round symbol (``margin``), the bands of words
    above and below (name -> lines, cap height, band height) and the height of the
    one below with its margin, the legend set inside the symbol (None: none inside)
    and the permit label under the sign."""

    h: float
    width: float
    top: float
    margin: float
    bands: dict[str, tuple[list[str], float, float]]
    band_h: float
    block: Block | None
    label: Label | None


def _sign(design: Design, build: Build, symbol_at: Callable[[float, float, float], Symbol],
          what: str, inner_at: Callable[[float], Polygon] | None = None,
          round_symbol: bool = False) -> Artwork:
    """Lay out a sign: display area with the symbol (``symbol_at(x, y, H)``), legend
    inside (the symbol's inner outline, or ``inner_at(H)``) or in a band below,
    explanations above and below, all within the sign's width.

    Where the legend goes is the kind's ``Look.words``: 'must' (inside), 'may' (inside
    when it fits, else below) or 'never' (below). A ``round_symbol`` (a circle, as tall
    as H at H = 12 in) gets white above and below it as wide as the side margins,
    outside the display area. Words that would make the sign more than MAX_TALL times
    as tall as wide are refused with the width that keeps it within (``_refuse_tall``).
    """
    law = build.law
    design.validate(law, build.as_declared)
    laid = _sign_laid(design, build, symbol_at, what, inner_at, round_symbol)
    h, width, top = laid.h, laid.width, laid.top
    cx = width / 2
    symbol = symbol_at(cx, top + h / 2, h)
    blocks, wheres = _sign_blocks(laid, build)
    features = _sign_features(laid, symbol)
    _d = law.dimension
    dims = [_d("display area height H", h, "in", "display_min"), *symbol.dimensions]
    for b, where in zip(blocks, wheres, strict=True):
        dims.append(_d(f"legend cap height ({where}), black block letters", b.cap_height,
                       "in", law.clause("regulatory_letters")))
    total = top + h + laid.band_h
    labels = []
    if laid.label is not None:
        features["permit-label"] = laid.label.strip(0, width, total)
        labels.append(laid.label.block(cx, total))
        dims += laid.label.dimensions()
        total += laid.label.height
    dims.append(_d("sign panel (width x height)", f"{width:.2f} x {total:.2f}", "in",
                   law.clause("sign_ground")))
    legend = design.legend
    return assemble(
        design.kind, width, total,
        [("white", [Shape(box(0, 0, width, total))]),
         ("orange", [Shape(symbol.orange, symbol.path)]),
         ("black", [s for b in blocks + labels for s in block_shapes(b)])],
        legends=[legend_item(b, "black") for b in blocks],
        features=features,
        meta={"display_height": h, "outline": design.outline, "legend": legend,
              "above": design.above, "below": design.below,
              "legend_placement": "inside" if laid.block is not None else
              ("below" if legend else None), "permit_id": design.permit_id},
        dimensions=dims)


def _sign_laid(design: Design, build: Build,
               symbol_at: Callable[[float, float, float], Symbol], what: str,
               inner_at: Callable[[float], Polygon] | None, round_symbol: bool) -> _Laid:
    """Where a sign's words go and how large it is (``_sign``): the legend inside the
    symbol when the kind's look lets it and it fits, else in the band below; the bands
    within the width allowed; the permit label within it; a sign too tall refused."""
    law = build.law
    inside = build.kind(design.kind).look.words
    (h, _), legend = design.sized(), design.legend
    probe = symbol_at(0.0, 0.0, h)
    block = None
    if legend and inside != "never":
        block = _inside_legend(design, legend, inner_at(h) if inner_at else probe.inner,
                               inside == "must", what, build)
    sym_w = probe.outer.bounds[2] - probe.outer.bounds[0]
    side = h * law.req("sign_side_margin")
    natural = sym_w + 2 * side
    limit = _max_width(design, natural)
    below_text = "|".join(t for t in (legend if legend and block is None else None,
                                      design.below) if t)
    texts = {name: ("legend" if name == "below" and not design.below else name, text)
             for name, text in (("above", design.above), ("below", below_text)) if text}
    bands = _bands(law, texts, h, limit)
    label = permit_label(law, design.permit_id, build.drawn)
    if label is not None and design.max_width is not None and label.width > limit + 1e-9:
        raise DesignError(f"permit label {label.text!r} needs {label.width:.2f} in with its "
                          f"margins, wider than the {limit:.2f} in --max-width",
                          field="permit_id")
    least_width = max(natural, label.width if label else 0.0)
    sym_h = probe.outer.bounds[3] - probe.outer.bounds[1]
    margin = max(0.0, (sym_h + 2 * side - h) / 2) if round_symbol else 0.0
    width, height = _extent(bands, least_width, h, margin)
    below = label.height if label else 0.0
    if not build.as_declared:
        _refuse_tall(design, law, texts, h, least_width, margin, below, width, height + below)
    top = (bands["above"][2] if "above" in bands else 0.0) + margin
    band_h = (bands["below"][2] if "below" in bands else 0.0) + margin
    return _Laid(h, width, top, margin, bands, band_h, block, label)


def _sign_blocks(laid: _Laid, build: Build) -> tuple[list[Block], list[str]]:
    """The sign's blocks of words set in place (the legend inside the symbol, the bands
    above and below), each with where it stands."""
    cx, cy = laid.width / 2, laid.top + laid.h / 2
    blocks = []
    if laid.block is not None:
        blocks.append(set_block([line.text for line in laid.block.lines],
                                laid.block.cap_height, cx, cy, build.drawn))
    wheres = ["inside"] if laid.block is not None else []
    for name, y in (("above", (laid.top - laid.margin) / 2),
                    ("below", laid.top + laid.h + laid.margin + (laid.band_h - laid.margin) / 2)):
        if name in laid.bands:
            blocks.append(set_block(laid.bands[name][0], laid.bands[name][1], cx, y,
                                    build.drawn))
            wheres.append(name)
    return blocks, wheres


def _sign_features(laid: _Laid, symbol: Symbol) -> dict[str, BaseGeometry]:
    """The sign's named features: display area, symbol and its interior, the kind's
    cross, the bands of words."""
    top, h, width = laid.top, laid.h, laid.width
    features: dict[str, BaseGeometry] = {"display-area": box(0, top, width, top + h),
                                         "symbol": symbol.outer,
                                         "symbol-interior": symbol.inner}
    if symbol.cross is not None:
        features["cross"] = symbol.cross
    if "below" in laid.bands:
        features["legend-band"] = box(0, top + h + laid.margin, width, top + h + laid.band_h)
    if "above" in laid.bands:
        features["above-band"] = box(0, 0, width, top - laid.margin)
    return features


def build_diamond(design: Design, build: Build) -> Artwork:
    """A diamond sign: open, its words inside if they fit legibly (else below), or with
    the kind's cross and no words inside, any words below. A note says so when the cross
    leaves the white quarters too small to be seen."""
    return _with_room(_diamond, design, build)


def _diamond(design: Design, build: Build) -> Artwork:
    law, look = build.law, build.kind(design.kind).look
    (h, t), clause = design.sized(), build.kind(design.kind).ref.clause
    art = _sign(design, build,
                lambda x, y, hh: diamond_symbol(law, x, y, hh, t, look.cross, clause), "diamond")
    if not look.cross:
        return art
    area, across = white_quarters(law, h, t)
    want = law.req("exclusion_quarter_min")
    if across >= want:
        return art
    note = (f"{design.kind} at H = {h:g} in: the white center is {area:.2f} sq in, each "
            f"quarter {across:.2f} in across (under the {want:g} in of "
            f"{law.requirement('exclusion_quarter_min').ref}); H = "
            f"{smallest_clear_h(law, t):g} in or more gives each quarter that")
    return replace(art, meta={**art.meta, "notes": [note]})


def build_circle(design: Design, build: Build) -> Artwork:
    """A circle sign, its words inside."""
    return _with_room(_circle, design, build)


def _circle(design: Design, build: Build) -> Artwork:
    law, clause = build.law, build.kind(design.kind).ref.clause
    _, t = design.sized()
    return _sign(design, build, lambda x, y, hh: circle_symbol(law, x, y, hh, t, clause),
                 "circle", round_symbol=True)


def build_rectangle(design: Design, build: Build) -> Artwork:
    """A rectangle sign: a square, widened to the right for a longer message."""
    return _with_room(_rectangle, design, build)


def _rectangle(design: Design, build: Build) -> Artwork:
    law, clause = build.law, build.kind(design.kind).ref.clause
    h, t = design.sized()
    width = 0.0
    probe_at = None
    legend = design.legend
    if legend and legend.strip():
        def probe_at(hh: float) -> Polygon:
            """The white inside the rectangle at display height ``hh``, as wide as the
            sign may be: --max-width, else the square, widened for the longest word."""
            side, outer_h = hh * law.req("sign_side_margin"), hh * law.req("symbol_fraction") + t
            limit = _max_width(replace(design, display_height=hh), outer_h + 2 * side)
            if design.max_width is None:  # wrap within the square; widen for a long word
                cap = max(legend_min_cap(law, hh), hh * BAND_CAP)
                word = max(text_width(w, cap) for w in legend.replace("|", " ").split())
                limit = max(limit, word + 2 * MARGIN * cap + 2 * t + 2 * side)
            return geo.rect(0, 0, limit - 2 * side - 2 * t,
                            hh * law.req("symbol_fraction") - t)

        block = _inside_legend(design, legend, probe_at(h), True, "rectangle", build)
        assert block is not None  # required: a legend that does not fit is refused
        pad = MARGIN * block.cap_height
        widest = max(line.box.bounds[2] - line.box.bounds[0] for line in block.lines)
        width = widest + 2 * pad + 2 * t
    return _sign(design, build,
                 lambda x, y, hh: rectangle_symbol(law, x, y, hh, t, width, clause),
                 "rectangle", inner_at=probe_at)
