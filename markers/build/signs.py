"""Regulatory markers, NR 5.09(2)(b): danger, exclusion, control and information signs.

A sign is a white panel: the display area (H high, full width) carrying the orange
symbol centred on it, and, where the legend goes outside the symbol, a full-width band
of words below it on white (which is not part of H; see RULES.md).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry

from markers.core import geometry as geo
from markers.core.artwork import Artwork, Shape
from markers.core.spec import Dimension, code, req, requirement
from markers.core.spec import dimension as _d
from markers.build.proportions import diamond_height, legend_min_cap
from markers.core.design import Design
from markers.errors import WsmarkError
from markers.build.layout import assemble, block_shapes, legend_item
from markers.core.lettering import MARGIN, Block, block_height, fit_block, line_choices, set_block
from markers.core.lettering import text_width

__all__ = ["build_danger", "build_exclusion", "build_control", "build_information",
           "SIGN_BUILDERS"]

#: The largest legend set inside a symbol, as a fraction of H (wsmark layout).
INSIDE_MAX_CAP = 1 / 6
#: Cap height of words in a band above/below the symbol, as a fraction of H.
BAND_CAP = 1 / 8
#: At small H the cross bars are thinned to this share of the width that would close
#: the white center (see cross_bar).
CROSS_WHITE_SHARE = 0.5
#: White margin beside the symbol on each side, as a fraction of H (NR 5.09(5)(d)).
SIDE_MARGIN = 1 / 12


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


def diamond_symbol(cx: float, cy: float, h: float, t: float, with_cross: bool) -> Symbol:
    """The danger (or, with the cross, exclusion) diamond for display height ``h``."""
    slope = req("diamond_slope")
    width = h * req("symbol_fraction")
    inner_width = geo.diamond_inset(width, t, slope)
    if inner_width <= 0:
        raise WsmarkError(f"outline {t:g} in leaves no white center in a {width:.2f} in "
                          f"diamond (display height {h:g} in, {requirement('symbol_fraction').ref})")
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
    clause_b = f"{code()}(2)(b)2" if with_cross else f"{code()}(2)(b)1"
    dims = [
        _d("diamond outside width (2/3 H)", width, "in", "symbol_fraction"),
        _d("diamond height (width / tan 35 deg)", diamond_height(width), "in", "diamond_slope"),
        _d("side slope from vertical", slope, "deg", "diamond_slope"),
        _d("outline thickness, perpendicular to the sides", t, "in", "outline_min"),
        _d("diamond inside width", inner_width, "in", "outline_min"),
    ]
    if with_cross:
        dims.append(_d("cross bar width", cross_bar(inner_width, slope, t), "in", clause_b))
    dims.append(_d("colours", "international orange on white", "", clause_b))
    return Symbol(outer, inner, orange, None, dims, cross)


def circle_symbol(cx: float, cy: float, h: float, t: float) -> Symbol:
    """The control circle: inner diameter 2H/3, outline ``t`` outside it."""
    inner_d = h * req("symbol_fraction")
    outer_d = inner_d + 2 * t
    if outer_d > h:
        raise WsmarkError(f"outline {t:g} in makes the circle {outer_d:.2f} in across, larger "
                          f"than the {h:g} in display area; use a taller display area")
    outer = geo.disc(cx, cy, outer_d / 2)
    inner = geo.disc(cx, cy, inner_d / 2)
    dims = [
        _d("circle inner diameter (2/3 H)", inner_d, "in", "symbol_fraction"),
        _d("outline thickness", t, "in", "outline_min"),
        _d("circle outer diameter", outer_d, "in", "outline_min"),
        _d("colours", "international orange on white", "", f"{code()}(2)(b)3"),
    ]
    return Symbol(outer, inner, outer.difference(inner),
                  geo.ring_path(cx, cy, outer_d / 2, inner_d / 2), dims)


def rectangle_symbol(cx: float, cy: float, h: float, t: float, outer_width: float) -> Symbol:
    """The information rectangle: mean of inside and outside heights 2H/3 (square when
    ``outer_width`` equals the outside height; wider for a longer message)."""
    mean = h * req("symbol_fraction")
    outer_h, inner_h = mean + t, mean - t
    if outer_h > h:
        raise WsmarkError(f"outline {t:g} in makes the rectangle {outer_h:.2f} in tall, larger "
                          f"than the {h:g} in display area")
    outer_width = max(outer_width, outer_h)
    outer = geo.rect(cx, cy, outer_width, outer_h)
    inner = geo.rect(cx, cy, outer_width - 2 * t, inner_h)
    dims = [
        _d("mean of inside and outside heights (2/3 H)", mean, "in", "symbol_fraction"),
        _d("outside height", outer_h, "in", "symbol_fraction"),
        _d("inside height", inner_h, "in", "symbol_fraction"),
        _d("outside width", outer_width, "in", f"{code()}(2)(b)4"),
        _d("outline thickness", t, "in", "outline_min"),
        _d("colours", "international orange on white", "", f"{code()}(2)(b)4"),
    ]
    return Symbol(outer, inner, outer.difference(inner), None, dims)


def _inside_legend(design: Design, inner: Polygon, required: bool, what: str) -> Block | None:
    """Fit the legend inside the symbol's white center, or say why it cannot be."""
    h = design.display_height
    low = legend_min_cap(h)
    block = fit_block(design.legend, inner, low, h * INSIDE_MAX_CAP)
    if block is None and required:
        raise WsmarkError(
            f"legend {design.legend!r} does not fit inside the {what} at the {low:.2f} in "
            f"minimum legible cap height ({requirement('legend_min_fraction').ref}, after "
            f"{code()}(2)(b)5); shorten it, break it with '|', or enlarge the display area")
    return block


def _band_lines(legend: str) -> list[str]:
    return line_choices(legend)[0] if ("|" in legend or "\n" in legend) else [legend]


def _sign(design: Design, symbol_at, inside: str, what: str,
          inner_probe: Polygon | None = None) -> Artwork:
    """Lay out a sign: display area with the symbol, legend inside or in a band below.

    ``inside`` is 'must' (control, information), 'may' (danger) or 'never' (exclusion).
    """
    h, legend = design.display_height, design.legend
    probe = symbol_at(0.0, 0.0)
    block = None
    if legend and inside != "never":
        block = _inside_legend(design, inner_probe or probe.inner, inside == "must", what)
    band_lines = _band_lines(legend) if legend and block is None else []
    band_cap = max(legend_min_cap(h), h * BAND_CAP)
    pad = band_cap / 2
    band_h = block_height(len(band_lines), band_cap) + 2 * pad if band_lines else 0.0
    band_w = max((text_width(t, band_cap) for t in band_lines), default=0.0) + 2 * pad
    sym_w = probe.outer.bounds[2] - probe.outer.bounds[0]
    width = max(sym_w + 2 * h * SIDE_MARGIN, band_w)
    cx, cy = width / 2, h / 2
    symbol = symbol_at(cx, cy)
    blocks = []
    if block is not None:
        blocks.append(set_block([line.text for line in block.lines], block.cap_height, cx, cy))
    if band_lines:
        blocks.append(set_block(band_lines, band_cap, cx, h + band_h / 2))
    display = box(0, 0, width, h)
    features = {"display-area": display, "symbol": symbol.outer,
                "symbol-interior": symbol.inner}
    if symbol.cross is not None:
        features["cross"] = symbol.cross
    if band_lines:
        features["legend-band"] = box(0, h, width, h + band_h)
    dims = [_d("display area height H", h, "in", "display_min"), *symbol.dimensions]
    for b, where in zip(blocks, ["inside" if block is not None else "below", "below"]):
        dims.append(_d(f"legend cap height ({where}), black block letters", b.cap_height,
                       "in", f"{code()}(2)(b)5"))
    dims.append(_d("sign panel (width x height)", f"{width:.2f} x {h + band_h:.2f}", "in",
                   f"{code()}(5)(d)"))
    return assemble(
        design.kind, width, h + band_h,
        [("white", [Shape(box(0, 0, width, h + band_h))]),
         ("orange", [Shape(symbol.orange, symbol.path)]),
         ("black", [s for b in blocks for s in block_shapes(b)])],
        legends=[legend_item(b, "black") for b in blocks],
        features=features,
        meta={"display_height": h, "outline": design.outline, "legend": legend,
              "legend_placement": "inside" if block is not None else
              ("below" if band_lines else None)},
        dimensions=dims)


def build_danger(design: Design) -> Artwork:
    """Danger: open orange diamond; words inside if they fit legibly, else below."""
    return _sign(design, lambda x, y: diamond_symbol(x, y, design.display_height,
                                                     design.outline, False), "may", "diamond")


def build_exclusion(design: Design) -> Artwork:
    """Exclusion: the diamond with an orange cross; no words inside, any words below."""
    return _sign(design, lambda x, y: diamond_symbol(x, y, design.display_height,
                                                     design.outline, True), "never", "diamond")


def build_control(design: Design) -> Artwork:
    """Control: orange circle with the words of the control inside."""
    return _sign(design, lambda x, y: circle_symbol(x, y, design.display_height,
                                                    design.outline), "must", "circle")


def build_information(design: Design) -> Artwork:
    """Information: orange square, widened to the right for a longer message."""
    h, t = design.display_height, design.outline
    inner_h = h * req("symbol_fraction") - t
    width = 0.0
    probe = None
    if design.legend:
        probe = geo.rect(0, 0, 100 * h, inner_h)
        block = _inside_legend(design, probe, True, "rectangle")
        pad = MARGIN * block.cap_height
        widest = max(line.box.bounds[2] - line.box.bounds[0] for line in block.lines)
        width = widest + 2 * pad + 2 * t
    return _sign(design, lambda x, y: rectangle_symbol(x, y, h, t, width), "must",
                 "rectangle", inner_probe=probe)


#: The regulatory faces by kind name: what a symbol buoy carries or a sign buoy holds up.
SIGN_BUILDERS = {"danger": build_danger, "exclusion": build_exclusion,
                 "control": build_control, "information": build_information}
