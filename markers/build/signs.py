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

from markers.core import geometry as geo
from markers.core.artwork import Artwork, Shape
from markers.core.pack import Build
from markers.core.spec import Dimension, Law
from markers.build.proportions import diamond_height, legend_min_cap
from markers.core.design import Design
from markers.errors import DesignError
from markers.core.shown import quoted
from markers.build.layout import assemble, block_shapes, legend_item
from markers.build.permit_label import permit_label
from markers.core.lettering import MARGIN, Block, block_height, fit_block, set_block
from markers.core.lettering import text_width, wrap_words

__all__ = ["build_diamond", "build_circle", "build_rectangle", "smallest_clear_h",
           "white_quarters"]

#: The largest legend set inside a symbol, as a fraction of H (wsmark layout).
INSIDE_MAX_CAP = 1 / 6
#: Cap height of words in a band above/below the symbol, as a fraction of H.
BAND_CAP = 1 / 8
#: At small H the cross bars are thinned to this share of the width that would close
#: the white center (see cross_bar).
CROSS_WHITE_SHARE = 0.5


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
    if outer_d > h:
        raise DesignError(f"outline {t:g} in makes the circle {outer_d:.2f} in across, larger "
                          f"than the {h:g} in display area; use a taller display area",
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
    if outer_h > h:
        raise DesignError(f"outline {t:g} in makes the rectangle {outer_h:.2f} in tall, larger "
                          f"than the {h:g} in display area", field="outline")
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
    """Fit ``legend`` inside the symbol's white center, or say why it cannot be (when
    ``required``, never None)."""
    law, (h, _) = build.law, design.sized()
    low = legend_min_cap(law, h)
    block = fit_block(legend, inner, low, h * INSIDE_MAX_CAP, drawn=build.drawn)
    if block is None and required:
        wider = ", allow a wider sign (--max-width)" if what == "rectangle" else ""
        raise DesignError(
            f"legend {quoted(legend)} does not fit inside the {what} at the {low:.2f} "
            f"in minimum legible cap height ({law.requirement('legend_min_fraction').ref}, "
            f"after {law.clause('regulatory_letters')}); shorten it, break it with "
            f"'|'{wider} or enlarge the display area", field="legend")
    return block


#: Step by which a band's cap height is lowered to fit the sign's width (inches).
CAP_STEP = 0.125


def _band(law: Law, text: str, h: float, limit: float, field: str) -> tuple[list[str], float]:
    """A band of words (of the design's ``field``: legend, above, below) within
    ``limit`` inches: its lines and cap height, as large as H/8 and lowered in 1/8 in
    steps to the legible minimum before refusing."""
    what = "legend" if field == "legend" else f"words {field} the symbol"
    low = legend_min_cap(law, h)
    cap = max(low, h * BAND_CAP)
    while True:
        lines = wrap_words(text, cap, limit - cap)  # a half-cap pad on each side
        if lines is not None:
            return lines, cap
        if cap <= low + 1e-9:
            raise DesignError(
                f"{what} {text!r} cannot be set within {limit:.2f} in at the {low:.2f} in "
                f"minimum legible cap height ({law.requirement('legend_min_fraction').ref}); "
                "give a larger --max-width, shorten it, or enlarge the display area",
                field=field)
        cap = max(low, cap - CAP_STEP)


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


def _sign(design: Design, build: Build, symbol_at: Callable[[float, float], Symbol], what: str,
          inner_probe: Polygon | None = None, round_symbol: bool = False) -> Artwork:
    """Lay out a sign: display area with the symbol, legend inside or in a band below,
    explanations above and below, all within the sign's width.

    Where the legend goes is the kind's ``Look.words``: 'must' (inside), 'may' (inside
    when it fits, else below) or 'never' (below). A ``round_symbol`` (a circle, as tall
    as H at H = 12 in) gets white above and below it as wide as the side margins,
    outside the display area.
    """
    law = build.law
    design.validate(law, build.as_declared)
    inside = build.kind(design.kind).look.words
    (h, _), legend = design.sized(), design.legend
    probe = symbol_at(0.0, 0.0)
    block = None
    if legend and inside != "never":
        block = _inside_legend(design, legend, inner_probe or probe.inner, inside == "must",
                               what, build)
    sym_w = probe.outer.bounds[2] - probe.outer.bounds[0]
    side = h * law.req("sign_side_margin")
    natural = sym_w + 2 * side
    limit = _max_width(design, natural)
    below_text = "|".join(t for t in (legend if legend and block is None else None,
                                      design.below) if t)
    bands = {}
    for name, text in (("above", design.above), ("below", below_text)):
        if text:
            lines, cap = _band(law, text, h, limit,
                               "legend" if name == "below" and not design.below else name)
            bands[name] = (lines, cap, block_height(len(lines), cap) + cap)
    band_w = max((text_width(t, cap) + cap for lines, cap, _ in bands.values()
                  for t in lines), default=0.0)
    label = permit_label(law, design.permit_id, build.drawn)
    if label is not None and design.max_width is not None and label.width > limit + 1e-9:
        raise DesignError(f"permit label {label.text!r} needs {label.width:.2f} in with its "
                          f"margins, wider than the {limit:.2f} in --max-width",
                          field="permit_id")
    width = max(natural, band_w, label.width if label else 0.0)
    sym_h = probe.outer.bounds[3] - probe.outer.bounds[1]
    margin = max(0.0, (sym_h + 2 * side - h) / 2) if round_symbol else 0.0
    top = (bands["above"][2] if "above" in bands else 0.0) + margin
    band_h = (bands["below"][2] if "below" in bands else 0.0) + margin
    cx, cy = width / 2, top + h / 2
    symbol = symbol_at(cx, cy)
    blocks = []
    if block is not None:
        blocks.append(set_block([line.text for line in block.lines], block.cap_height, cx, cy,
                                build.drawn))
    wheres = ["inside"] if block is not None else []
    for name, y in (("above", (top - margin) / 2),
                    ("below", top + h + margin + (band_h - margin) / 2)):
        if name in bands:
            blocks.append(set_block(bands[name][0], bands[name][1], cx, y, build.drawn))
            wheres.append(name)
    display = box(0, top, width, top + h)
    features: dict[str, BaseGeometry] = {"display-area": display, "symbol": symbol.outer,
                                         "symbol-interior": symbol.inner}
    if symbol.cross is not None:
        features["cross"] = symbol.cross
    if "below" in bands:
        features["legend-band"] = box(0, top + h + margin, width, top + h + band_h)
    if "above" in bands:
        features["above-band"] = box(0, 0, width, top - margin)
    _d = law.dimension
    dims = [_d("display area height H", h, "in", "display_min"), *symbol.dimensions]
    for b, where in zip(blocks, wheres, strict=True):
        dims.append(_d(f"legend cap height ({where}), black block letters", b.cap_height,
                       "in", law.clause("regulatory_letters")))
    total = top + h + band_h
    labels = []
    if label is not None:
        features["permit-label"] = label.strip(0, width, total)
        labels.append(label.block(cx, total))
        dims += label.dimensions()
        total += label.height
    dims.append(_d("sign panel (width x height)", f"{width:.2f} x {total:.2f}", "in",
                   law.clause("sign_ground")))
    return assemble(
        design.kind, width, total,
        [("white", [Shape(box(0, 0, width, total))]),
         ("orange", [Shape(symbol.orange, symbol.path)]),
         ("black", [s for b in blocks + labels for s in block_shapes(b)])],
        legends=[legend_item(b, "black") for b in blocks],
        features=features,
        meta={"display_height": h, "outline": design.outline, "legend": legend,
              "above": design.above, "below": design.below,
              "legend_placement": "inside" if block is not None else
              ("below" if legend else None), "permit_id": design.permit_id},
        dimensions=dims)


def build_diamond(design: Design, build: Build) -> Artwork:
    """A diamond sign: open, its words inside if they fit legibly (else below), or with
    the kind's cross and no words inside, any words below. A note says so when the cross
    leaves the white quarters too small to be seen."""
    law, look = build.law, build.kind(design.kind).look
    (h, t), clause = design.sized(), build.kind(design.kind).ref.clause
    art = _sign(design, build, lambda x, y: diamond_symbol(law, x, y, h, t, look.cross, clause),
                "diamond")
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
    law, clause = build.law, build.kind(design.kind).ref.clause
    h, t = design.sized()
    return _sign(design, build, lambda x, y: circle_symbol(law, x, y, h, t, clause), "circle",
                 round_symbol=True)


def build_rectangle(design: Design, build: Build) -> Artwork:
    """A rectangle sign: a square, widened to the right for a longer message."""
    law, clause = build.law, build.kind(design.kind).ref.clause
    h, t = design.sized()
    inner_h = h * law.req("symbol_fraction") - t
    width = 0.0
    probe = None
    side = h * law.req("sign_side_margin")
    if design.legend and design.legend.strip():
        outer_h = h * law.req("symbol_fraction") + t
        limit = _max_width(design, outer_h + 2 * side)
        if design.max_width is None:  # wrap within the square; widen for a long word
            cap = max(legend_min_cap(law, h), h * BAND_CAP)
            word = max(text_width(w, cap) for w in design.legend.replace("|", " ").split())
            limit = max(limit, word + 2 * MARGIN * cap + 2 * t + 2 * side)
        probe = geo.rect(0, 0, limit - 2 * side - 2 * t, inner_h)
        block = _inside_legend(design, design.legend, probe, True, "rectangle", build)
        assert block is not None  # required: a legend that does not fit is refused
        pad = MARGIN * block.cap_height
        widest = max(line.box.bounds[2] - line.box.bounds[0] for line in block.lines)
        width = widest + 2 * pad + 2 * t
    return _sign(design, build, lambda x, y: rectangle_symbol(law, x, y, h, t, width, clause),
                 "rectangle", inner_probe=probe)
