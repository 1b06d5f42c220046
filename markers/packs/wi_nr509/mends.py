"""How a repair answers each rule's findings, in the words a clerk reads (issue 25).

``wsmark fix`` rebuilds every marker of a proof compliant by construction from the
design it means. Each finding of the proof is then said as a change, tied to the
paragraph it answers: "outline 1.50 -> 2.00 in, NR 5.09(6)(b)", "symbol color #FFB300
-> international orange #FF4F00, NR 5.09(2)(b)1-4", "legend set inside the diamond".
The values on both sides are measured: before on the vendor's drawing, after on the
rebuilt one. A finding whose answer is not the drawing's to give is listed as not
repaired, with why: an aid's number is the plan's to choose, a drawing not at actual
size does not say which size it means.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from markers.core.design import Design
from markers.core.pack import Mend
from markers.core.spec import Law
from markers.errors import DesignError
from markers.packs.wi_nr509.citations import ref
from markers.packs.wi_nr509.validation import ws_id_parts

__all__ = ["MENDS"]


def _face(f: Any) -> Any:
    """The facts a face rule judged: a buoy's face, else the marker itself."""
    return f.faces[0] if f.faces and f.symbol.shape is None else f


def _legend_color(f: Any, _: Any) -> Any:
    return next((leg.color for leg in _face(f).letters.legends if leg.color is not None), None)


def _legend_place(f: Any, _: Any) -> str | None:
    """Where a face's lettering stands: inside the symbol, above or below it."""
    face = _face(f)
    legends = face.letters.legends
    if not legends:
        return None
    if all(leg.inside_symbol for leg in legends):
        return "inside"
    outer = face.symbol.outer
    if outer is None:
        return "outside"
    middle = (outer.bounds[1] + outer.bounds[3]) / 2
    below = all(leg.bbox[1] >= middle for leg in legends if not leg.inside_symbol)
    return "below" if below else "above"


def _words_inside(design: Design, hit: Any, law: Law) -> Design:
    """Words the rule wants inside the symbol: with no row of them inside, the rows the
    drawing set above or below it become the legend, which the builder sets inside;
    rows beside a legend inside stay where they stood (explanations the rule allows)."""
    if design.legend:
        return design
    rows = [text for text in (design.above, design.below) if text]
    return replace(design, legend="|".join(rows) or None, above=None, below=None)


def _wanted(hit: Any) -> float | None:
    """The number a finding requires ("= 35", ">= 12", "about 18 +- 1.8")."""
    found = re.search(r"\d+(?:\.\d+)?", hit.required or "")
    return float(found[0]) if found else None


def _slope(f: Any, hit: Any) -> float | None:
    """The side slope furthest from the one the finding requires."""
    angles, want = _face(f).symbol.side_angles, _wanted(hit)
    return max(angles, key=lambda a: abs(a - want)) if angles and want is not None else None


def _letter_height(f: Any, _: Any) -> float | None:
    heights = [leg.cap_height for leg in f.letters.legends]
    return min(heights) if heights else None


def _stroke(f: Any, _: Any) -> float | None:
    ratios = [leg.stroke_ratio for leg in f.letters.legends if leg.stroke_ratio is not None]
    return min(ratios) if ratios else None


def _bands(f: Any, _: Any) -> str:
    return ", ".join(b.color.family for b in f.buoy.bands) or "no bands"


def _reflector(f: Any, _: Any) -> str:
    r = f.buoy.reflector
    return "none" if r is None else f"{r.height:.2f} in" + (" all around" if r.around else "")


def _race_color(f: Any) -> str:
    share = f.buoy.color_share
    return f"{share:.0%} one color" if share is not None else "not painted"


def _by_unit(length: Any, other: Any) -> Any:
    """A value for a rule judging several things: ``length`` for its findings in inches,
    ``other`` for the rest."""
    return lambda f, hit: length(f) if hit.unit == "in" else other(f)


def _flag_side(f: Any, hit: Any) -> float | None:
    """The flag's side a size finding is about: the one nearest what it requires."""
    sides, want = [v for v in (f.flag.height, f.flag.length) if v is not None], _wanted(hit)
    return min(sides, key=lambda v: abs(v - want)) if sides and want is not None else None


def _reset(*names: str) -> Callable[[Design, Any, Law], Design]:
    """A redo that gives fields ``names`` back to the builder's default (the law's
    minimum, the rule's standard size, the palette's colors): what a design file
    declared there broke the rule."""
    def redo(design: Design, hit: Any, law: Law) -> Design:
        reset: dict[str, Any] = {name: {} if name == "colors" else None for name in names}
        return replace(design, **reset)
    return redo


def _display_min(design: Design, hit: Any, law: Law) -> Design:
    """A display area below the minimum is built at the minimum: the least change that
    makes it one."""
    return replace(design, display_height=law.req("display_min"))


def _hyphenated(design: Design, hit: Any, law: Law) -> Design:
    """An identification written without its form ("WS 3", "ws3", or its number or
    letters alone, "4": NR 5.09(2)(a)5 has every one preceded by "WS") in that form,
    when what it says is plain; else it is not for a repair to guess."""
    said = design.ws_id or ""
    mended = re.sub(r"^WS[\s_.-]*", "WS-", said.strip().upper())
    if not mended.startswith("WS-"):
        mended = f"WS-{mended}"
    if ws_id_parts(mended) is None:
        raise DesignError(f"the identification {said!r} does not read as 'WS-' and a number "
                          f"or letters ({ref('NR 5.09(2)(a)5').clause}): what it should be "
                          "is the plan's to say")
    return replace(design, ws_id=mended)


_OWN_DRAWING = ("the drawing is not at actual size ({measured} in at its largest), so the "
                "size it means is not known: give --scale or --display-height, or state the "
                "scale on the proof, and fix it again")

MENDS: dict[str, Mend] = {
    # regulatory markers, NR 5.09(2)(b), (5), (6)
    "reg-shape": Mend(cannot="{message}: which marker the drawing means is for its maker "
                             "to say, not a repair's to guess"),
    "reg-symbol-color": Mend("symbol color {old} -> {new}",
                             lambda f, _: _face(f).symbol.color, _reset("colors")),
    "reg-center-color": Mend("symbol center color {old} -> {new}",
                             lambda f, _: _face(f).symbol.center_color, _reset("colors")),
    "reg-legend-color": Mend("legend color {old} -> {new}", _legend_color, _reset("colors")),
    "reg-exclusion-cross": Mend("words set {new} the {figure}, its cross left clear",
                                _legend_place, _words_inside, answers_review=True),
    "reg-control-legend": Mend("legend set {new} the {figure}", _legend_place,
                               _words_inside, answers_review=True),
    "reg-info-legend": Mend("message set {new} the {figure}", _legend_place, _words_inside,
                            answers_review=True),
    "reg-danger-legend": Mend("legend set {new} the {figure}, clear of its outline",
                              _legend_place, _words_inside, answers_review=True),
    "display-height": Mend("display area height {old} -> {new} in",
                           lambda f, _: _face(f).display.height, _display_min),
    "outline-width": Mend("outline {old} -> {new} in", lambda f, _: _face(f).symbol.outline,
                          _reset("outline")),
    "symbol-size": Mend("{figure} {size} {old} -> {new} in (2/3 of {H} in)",
                        lambda f, _: _face(f).symbol.size),
    "diamond-slope": Mend("diamond sides {old} -> {new} deg from the vertical", _slope),
    "circle-round": Mend("circle out of round by {old} -> {new} of its diameter",
                         lambda f, _: _face(f).symbol.roundness),
    "symbol-centered": Mend("symbol {old} -> {new} in from the display area's centre",
                            lambda f, _: _face(f).display.center_offset),
    "legend-legibility": Mend("legend set in block letters of a legible size, clear of the "
                              "outline (was {measured} {unit}, {required} asked)",
                              answers_review=True),
    # state aids to navigation, NR 5.09(2)(a)
    "aid-color": Mend("aid color {old} -> {new}", lambda f, _: f.aid.color, _reset("colors")),
    "aid-id-format": Mend("identification {old} -> {new}", lambda f, _: f.letters.ws_id,
                          _hyphenated),
    "aid-id-parity": Mend(cannot="{measured} on this aid, which carries {required}: which one "
                                 "is the plan's to choose (the aid's place along the channel, "
                                 "numbers rising upstream), not a repair's to guess"),
    "aid-letter-color": Mend("letter color {old} -> {new}", _legend_color, _reset("colors")),
    "aid-letter-height": Mend("letter height {old} -> {new} in", _letter_height),
    "aid-letter-style": Mend("letters set as block characters, stroke {old} -> {new} of "
                             "their height", _stroke),
    "aid-shape": Mend("aid shape {old} -> {new}", lambda f, _: f.aid.shape),
    "aid-stripes": Mend("black stripes reaching the top {old} -> {new} (vertical stripes)",
                        lambda f, _: f.aid.stripes),
    # buoys, NR 5.09(2)(a)8, (5), (6), (7)
    "buoy-height": Mend("height above the waterline {old} -> {new} in",
                        lambda f, _: f.buoy.height_above_water, _reset("height_above_water")),
    "buoy-diameter": Mend("diameter {old} -> {new} in", lambda f, _: f.buoy.diameter,
                          _reset("diameter")),
    "buoy-two-sides": Mend("symbol shown {old} -> {new} times", lambda f, _: f.buoy.sides),
    "buoy-symbol-bands": Mend("bands from the top {old} -> {new}", _bands),
    "buoy-sign-bands": Mend("bands from the top {old} -> {new}", _bands),
    "reflector-band": Mend("reflective band around the top {old} -> {new}", _reflector,
                           answers_review=True),
    "aid-reflector-color": Mend("reflector color {old} -> {new}",
                                lambda f, _: f.buoy.reflector and f.buoy.reflector.color),
    "mooring-buoy": Mend("mooring buoy {old} -> {new} {unit}",
                         _by_unit(lambda f: f.buoy.height_above_water, lambda f: _bands(f, 0)),
                         _reset("height_above_water", "diameter", "shape")),
    "race-buoy": Mend("race buoy {old} -> {new} {unit}",
                      _by_unit(lambda f: f.buoy.diameter, _race_color),
                      _reset("height_above_water", "diameter", "shape", "color")),
    # flags, ss. 30.70 and 30.675, Wis. Stats.
    "diver-flag": Mend("diver's flag {old} -> {new} in",
                       lambda f, hit: f.flag.stripes[0].width if "=" in (hit.required or "")
                       and len(f.flag.stripes) == 1 else _flag_side(f, hit),
                       _reset("flag_height", "flag_length")),
    "distress-flag": Mend("distress flag side {old} -> {new} in", _flag_side,
                          _reset("flag_height", "flag_length")),
    # the proof
    "actual-size": Mend(cannot=_OWN_DRAWING),
    # what wsmark does not render over the marker (a filter, an animation): the marker
    # rebuilt is drawn in plain shapes, and the vendor's rest is kept cleaned
    # (markers.core.clean_svg), so the print is what is judged
    "what-prints": Mend("marker redrawn in plain shapes: {message}", answers_review=True),
}
