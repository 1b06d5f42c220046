"""Rules for regulatory markers, NR 5.09(2)(b), (5) and (6). One function per rule id."""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import replace

from markers.build.proportions import legend_min_cap
from markers.check.engine import Hit, Judge, Tolerance, unjudged
from markers.check.measure.common import NOT_DRAWN
from markers.check.measure.faces import Facts, LegendFact
from markers.check.measure.ocr import NO_CAP
from markers.core.colors import OTHER, ColorMatch
from markers.core.spec import Law
from markers.packs.wi_nr509.kinds import KINDS, kinds_of
from markers.packs.wi_nr509.law import rule

REGULATORY = kinds_of("face")
#: What the messages call each regulatory kind's symbol.
_SYMBOL = {"danger": "danger diamond", "exclusion": "exclusion diamond",
           "control": "control circle", "information": "information rectangle"}


#: An aid's shape is that of its Coast Guard equivalent: NR 5.09(2)(a)7.
AID_SHAPE = "7"
#: What a marker is (reg-shape) is said by the paragraph that defines its kind: a red,
#: green or striped aid by (2)(a)1, 2 or 4 with (2)(a)7 for its shape, a buoy by its
#: paragraph of (5) or (7), a flag by its statute; never the regulatory symbols' (2)(b).
WHAT_IT_IS = {name: k.ref.clause + (f",{AID_SHAPE}" if name.removeprefix("buoy-").startswith(
    "aid-") else "") for name, k in KINDS.items()}
#: A drawing of no known kind was expected to be one of the faces of (2)(a) or (2)(b).
NO_KIND = "NR 5.09(2)(a)1,2,4, NR 5.09(2)(b)1-4"


def judged_kind(f: Facts) -> str:
    """The kind ``f`` is judged as: a rule runs only on the facts of its kinds."""
    assert f.kind is not None
    return f.kind


def stroke_hits(j: Judge, legends: Sequence[LegendFact]) -> Iterator[Hit]:
    """Lines whose letter stroke is outside the block-character range (those inside it
    recorded as read)."""
    lo, hi = j.req("block_stroke_min"), j.req("block_stroke_max")
    for leg in legends:
        if leg.stroke_ratio is not None and lo <= leg.stroke_ratio <= hi:
            j.saw(f"letter stroke {leg.stroke_ratio:.2f} of the letter height, within the "
                  f"{lo:.2f}-{hi:.2f} of block characters", round(leg.stroke_ratio, 3),
                  f"{lo:.2f}-{hi:.2f}", unit="ratio")
        elif leg.stroke_ratio is not None:
            yield Hit(f"letter stroke {leg.stroke_ratio:.2f} of the letter height; block "
                      f"characters have {lo:.2f}-{hi:.2f}", measured=round(leg.stroke_ratio, 3),
                      required=f"{lo:.2f}-{hi:.2f}", unit="ratio", bbox=leg.bbox)


#: Unicode categories of codes that are no letters a font gave a reading for: control,
#: private use, unassigned, surrogate (a font without a Unicode map, a Type 3 bitmap font).
_NOT_DECODED = ("Cc", "Co", "Cn", "Cs")
#: Codes named in a message, at most.
_CODES_SHOWN = 4


def undecoded(leg: LegendFact) -> str | None:
    """Why a line of lettering gives no reading to judge, else None: the reader's doubt,
    outlines not read, or text holding codes that are no letters (control or
    private-use codes, U+FFFD), which say nothing of what the glyphs show."""
    if leg.doubt:
        return leg.doubt
    if leg.text is None:
        return "its outlined letters were not read" if leg.outlined else None
    codes = [ch for ch in leg.text if ch == "\ufffd" or (
        not ch.isspace() and unicodedata.category(ch) in _NOT_DECODED)]
    if not codes:
        return None
    shown = " ".join(f"U+{ord(ch):04X}" for ch in codes[:_CODES_SHOWN])
    more = " ..." if len(codes) > _CODES_SHOWN else ""
    return (f"its text holds {len(codes)} code(s) that are no letters ({shown}{more}): the "
            "font gives no reading of its glyphs")


def shape_words(shape: str | None) -> str:
    """A detected shape as a message says it: "a triangle", "an ovate", "striped"; a
    shape the measurer does not name (``other``, or none) is "of no regular shape"."""
    if shape in (None, "other"):
        return "of no regular shape"
    if shape == "striped":
        return shape
    return f"{'an' if shape[0] in 'aeiou' else 'a'} {shape}"


def _on_curve(f: Facts) -> str:
    """How a face on a buoy was measured, for the message; empty on a flat sign."""
    if f.curvature is None:
        return ""
    how = "as seen from the front" if f.curvature == "seen" else "along the buoy's surface"
    return f", {how} ({f.curvature_basis})"


def _color_hit(j: Judge, what: str, match: ColorMatch | None, want: str, clause: str,
               bbox: tuple[float, float, float, float] | None = None) -> Iterator[Hit]:
    return j.color_is(match, want, lambda m: f"{what} is {m.hex} ({m.label}, dE2000 "
                    f"{m.distance:.1f} from {m.reference_name}); {clause} requires {want}",
                    bbox=bbox)


@rule("reg-shape", NO_KIND, "error", ("*",), by_kind=WHAT_IT_IS)
def reg_shape(f: Facts, j: Judge) -> Iterator[Hit]:
    """The symbol is an open diamond, a diamond with a cross, a circle or a rectangle.

    The kind is detected from the largest orange area (or, for aids, the colored
    face); a drawing with neither is not a marker this rule knows.

    A scan (a page that is a raster image, nothing vector of a marker's color on it)
    shows no shape that can be measured: review, not a fail.

    Passes: an orange ring shaped like a 35 deg diamond (detected: danger).
    Fails:  an orange triangle, or a drawing with no orange or aid face at all.
    """
    if f.kind is None and f.drawing.scan:
        yield Hit("the page is a raster image (scan): nothing on it can be measured; a "
                  "person must look", measured="raster image", required="a drawing",
                  severity="review", bbox=f.bbox())
    elif f.kind is None:
        shape, why = _what_is_there(f, j.law)
        yield Hit(f"no NR 5.09 marker found ({shape}{why}); expected an orange diamond, "
                  "circle or rectangle on white, or a red, green or striped aid face",
                  measured=shape, required="diamond | diamond with cross | circle | rectangle",
                  bbox=f.bbox())
    else:
        j.saw(f"recognised as {f.kind} by its shape and colors", f.kind,
              "a marker of the rule")


def _what_is_there(f: Facts, law: Law) -> tuple[str, str]:
    """What a drawing that is no marker shows, and why a ball of it is no race buoy
    (NR 5.09(7)(b): one color over what is seen, no lettering or pictogram)."""
    if f.buoy.body is None or f.buoy.color is None or f.buoy.color_share is None:
        return f.symbol.shape or "no symbol", ""
    share, match = f.buoy.color_share, f.buoy.color
    color = match.hex if match.family == OTHER else match.family
    shape = f"{color} {f.buoy.shape if f.buoy.shape not in (None, 'other') else 'body'}"
    if share >= law.req("race_color_share"):
        return shape, ""
    return shape, (f", {share:.0%} {color}, the rest other paint such as lettering or a "
                   "pictogram: no race course buoy, which is one color")


@rule("reg-symbol-color", "NR 5.09(2)(b)1-4", "error", REGULATORY)
def reg_symbol_color(f: Facts, j: Judge) -> Iterator[Hit]:
    """The symbol (outline and cross) is international orange.

    Colors are judged by family: CIEDE2000 distance to reference swatches
    (markers.core.colors), so #FF4F00 and the FHWA sign orange #E57200 both pass.

    Passes: outline #FF4F00.  Fails: outline #C8102E (red).
    """
    yield from _color_hit(j, "symbol", f.symbol.color, "orange", "NR 5.09(2)(b)")


@rule("reg-center-color", "NR 5.09(2)(b)1-4", "error", REGULATORY)
def reg_center_color(f: Facts, j: Judge) -> Iterator[Hit]:
    """The center of the symbol is white.

    A center left unpainted (a proof drawn on paper, a DXF of outlines) shows the sheet
    it is printed on, which the drawing does not say: review, not a pass or a failure.

    Passes: a white center.  Fails: a yellow center inside the orange diamond.
    """
    if f.symbol.center_unpainted:
        yield unjudged("the symbol center's color", "the center is left unpainted, so its "
                       "color is the sheet's, which the drawing does not give; NR 5.09(2)(b) "
                       "requires white", required="white", bbox=f.bbox())
        return
    yield from _color_hit(j, "symbol center", f.symbol.center_color, "white", "NR 5.09(2)(b)")


@rule("reg-legend-color", "NR 5.09(2)(b)5", "error", REGULATORY)
def reg_legend_color(f: Facts, j: Judge) -> Iterator[Hit]:
    """Letters and numerals of a regulatory marker are black.

    Lines of one paint are one finding (naming them and spanning them), so a blue
    legend of three lines is said once, not three times alike.

    Passes: black "ROCKS".  Fails: blue "ROCKS".
    """
    alike: dict[str | None, list[LegendFact]] = {}
    for leg in f.letters.legends:
        alike.setdefault(leg.color.hex if leg.color else None, []).append(leg)
    for lines in alike.values():
        texts = [leg.text for leg in lines if leg.text]
        what = "legend" + (f" {' / '.join(texts)!r}" if texts else "") + (
            f" ({len(lines)} lines)" if len(lines) > 1 else "")
        yield from _color_hit(j, what, lines[0].color, "black", "NR 5.09(2)(b)5",
                              _span_of([leg.bbox for leg in lines]))


def _span_of(boxes: list[tuple[float, float, float, float]]
             ) -> tuple[float, float, float, float]:
    """The box (x, y, w, h) spanning ``boxes``."""
    x0 = min(b[0] for b in boxes)
    y0 = min(b[1] for b in boxes)
    x1 = max(b[0] + b[2] for b in boxes)
    y1 = max(b[1] + b[3] for b in boxes)
    return x0, y0, x1 - x0, y1 - y0


@rule("reg-exclusion-cross", "NR 5.09(2)(b)2", "error", ("exclusion", "danger"))
def reg_exclusion_cross(f: Facts, j: Judge) -> Iterator[Hit]:
    """An exclusion diamond has an orange cross inside its white center and no words
    inside it ("without qualifying explanation"); words may stand outside.

    Also judges a drawing declared as exclusion whose diamond has no cross, one whose
    centre is not white in each of the 4 quarters the cross leaves, and words whose
    letters lie on the outline (partly inside it; letters that only touch it are a
    legend-legibility warning).

    Passes: diamond with cross, "KEEP OUT" below it.  Fails: "SWIM AREA" inside it.
    """
    hits = list(_exclusion_hits(f))
    if f.kind == "exclusion" and not hits:
        j.saw("an orange cross on a white center in all 4 quarters, with no words inside",
              "4 white quarters, no words inside", "4 white quarters, no words inside")
    yield from hits


def _exclusion_hits(f: Facts) -> Iterator[Hit]:
    """What reg-exclusion-cross finds: a cross missing or blotted, words inside."""
    if f.kind == "danger" and f.drawing.declared_kind == "exclusion":
        yield Hit("declared an exclusion marker but the diamond has no cross",
                  measured="no cross", required="orange cross in the white center",
                  bbox=f.bbox())
    quarters = f.symbol.white_quarters
    if f.kind == "exclusion" and quarters is not None and quarters < 4:
        yield Hit(f"{4 - quarters} of the 4 quarters of the centre are not white; "
                  "NR 5.09(2)(b)2 shows the cross against a white center",
                  measured=f"{f.symbol.white_quarters} white quarters", required="4 white quarters",
                  bbox=f.bbox())
    if f.kind == "exclusion":
        yield from _on_outline(f, "NR 5.09(2)(b)2 shows the cross without qualifying "
                               "explanation; words stand clear outside")
        for leg in f.letters.legends:
            if leg.inside_symbol:
                yield Hit("words inside an exclusion diamond; NR 5.09(2)(b)2 shows the "
                          "cross without qualifying explanation", measured="words inside",
                          required="no words inside", bbox=leg.bbox)


def _on_outline(f: Facts, clause: str) -> Iterator[Hit]:
    """Lines of lettering that overlap the symbol's outline (letters on the orange band):
    the words are then neither inside the symbol nor outside it on white, as ``clause``
    puts them. Letters that only touch it (no letter area on the orange) are still where
    ``clause`` puts them: legend-legibility warns of them (_touching). A ``<text>``
    line's letters depend on the font: when its estimated box reaches the outline, a
    person must look (review)."""
    symbol = _SYMBOL[judged_kind(f)]
    for leg, area, _ in f.letters.on_outline:
        said = f" {leg.text!r}" if leg.text else ""
        if not leg.outlined:
            yield unjudged(f"whether the <text> legend{said} stays clear of the outline of the "
                           f"{symbol}", "its box, estimated from the font size, reaches the "
                           "outline, and its letters depend on the font", required="clear of "
                           "the outline", bbox=leg.bbox)
        elif area > 0:
            yield Hit(f"legend{said} overlaps the outline: {area:.2f} sq in of its letters lie "
                      f"on the orange outline of the {symbol}; {clause}", measured=round(area, 3),
                      required="0", unit="sq in", bbox=leg.bbox)


def _touching(f: Facts, law: Law) -> Iterator[Hit]:
    """Outlined lines whose letters touch the symbol's outline without lying on it
    (clearance under the length tolerance): in place, but too close to read apart."""
    near, symbol = law.req("length_tolerance"), _SYMBOL[judged_kind(f)]
    for leg, area, clearance in f.letters.on_outline:
        if leg.outlined and area == 0:
            said = f" {leg.text!r}" if leg.text else ""
            yield Hit(f"legend{said} touches the outline of the {symbol} (clearance "
                      f"{clearance:.3f} in, less than {near:g} in): too close to the outline to "
                      "read; NR 5.09(2)(b)5 asks letters spaced for maximum legibility",
                      measured=round(clearance, 3), required=f"> {near:g}", unit="in",
                      bbox=leg.bbox)


def _inside_words(f: Facts, j: Judge, what: str, shall: str = "") -> Iterator[Hit]:
    """Lettering inside the symbol, judged on what it says: none, unread or not decoded
    (review) or without a letter or numeral (a fail), else recorded as read."""
    symbol = _SYMBOL[judged_kind(f)]
    inside = [leg for leg in f.letters.legends if leg.inside_symbol]
    if not inside:
        yield Hit(f"no {what} inside the {symbol}{shall}", measured="none inside",
                  required=f"{what} inside", bbox=f.bbox())
        return
    unread = [leg for leg in inside if leg.text is None or undecoded(leg)]
    if unread:
        why = "; ".join(dict.fromkeys(filter(None, map(undecoded, unread)))) or \
            "they were not read"
        yield unjudged(f"the {what} inside the {symbol}", why, required=f"{what} inside",
                       bbox=unread[0].bbox)
        return
    said = " ".join((leg.text or "").strip() for leg in inside)  # each read, as above
    if not any(ch.isalnum() for ch in said):
        yield Hit(f"the lettering inside the {symbol} reads {said!r}: no {what}",
                  measured=said, required=f"{what} inside", bbox=inside[0].bbox)
    else:
        j.saw(f"{what} inside the {symbol}: {said!r}", said, f"{what} inside")


@rule("reg-control-legend", "NR 5.09(2)(b)3", "error", ("control",))
def reg_control_legend(f: Facts, j: Judge) -> Iterator[Hit]:
    """A control circle carries its words or numerals inside the circle, read from
    ``<text>`` or from the outlines (review when the outlines cannot be read, or read
    as characters that are no letters), off its outline: a line with letters on the
    orange "overlaps the outline" (one that only touches it is a legend-legibility
    warning).

    Passes: "SLOW NO WAKE" inside.  Fails: an empty circle with the words below it.
    """
    yield from _on_outline(f, "NR 5.09(2)(b)3 puts the words inside the circle")
    yield from _inside_words(f, j, "words or numerals",
                             "; the nature of the control shall be indicated inside it")


@rule("reg-info-legend", "NR 5.09(2)(b)4", "error", ("information",))
def reg_info_legend(f: Facts, j: Judge) -> Iterator[Hit]:
    """An information rectangle has its message inside the rectangle, read from
    ``<text>`` or from the outlines (review when the outlines cannot be read, or read
    as characters that are no letters), off its outline: a line with letters on the
    orange "overlaps the outline" (one that only touches it is a legend-legibility
    warning).

    Passes: "MARINA" inside.  Fails: an empty rectangle.
    """
    yield from _on_outline(f, "NR 5.09(2)(b)4 presents the message within the rectangle")
    yield from _inside_words(f, j, "message")


@rule("reg-danger-legend", "NR 5.09(2)(b)1", "error", ("danger",))
def reg_danger_legend(f: Facts, j: Judge) -> Iterator[Hit]:
    """The words of a danger sign stand inside the diamond, or above or below it on
    white background: never on the orange outline.

    A line of letters that crosses the outline is neither inside the diamond nor on
    white; the finding gives the area of its letters lying on the orange. Letters that
    only touch the outline from inside (none on the orange, clearance under the length
    tolerance) are inside the diamond: legend-legibility warns that they are too close
    to it to read. (The outline's own width is measured as if the letters were not
    there.)

    Passes: "ROCKS" inside the diamond, clear of the outline.  Fails: "ROCKS" whose
    first letter runs into the left corner of the outline.
    """
    hits = list(_on_outline(f, "NR 5.09(2)(b)1 puts the words inside the diamond, or above "
                            "or below it on white background"))
    if f.letters.legends and not hits:
        j.saw("the words stand clear of the diamond's outline", "clear of the outline",
              "inside the diamond, or above or below it on white")
    yield from hits


@rule("display-height", "NR 5.09(6)(a)", "error", REGULATORY + ("aid-red", "aid-green",
                                                                  "aid-center"),
      tolerance=Tolerance("length_tolerance", minimum=True), sized=True)
def display_height(f: Facts, j: Judge) -> Iterator[Hit]:
    """The display area is at least 12 in high.

    H is the height of the area that carries the symbol: on a sign the panel less any
    full-width bands of words above or below the symbol. A drawing may declare it (an
    element with id or label ``display-area``) or the user may give it
    (``--display-height``); otherwise it is inferred, and the report says which.

    Measured to the drawing's precision (the length tolerance), so 12 in drawn in points
    or millimetres is 12 in.

    Passes: H = 12 in.  Fails: a sign whose display area is 10 in high.
    """
    if f.display.basis == NOT_DRAWN:
        yield _not_drawn("the display area's height", f">= {j.req('display_min'):g} in")
        return
    low = j.req("display_min")
    yield from j.at_least(f.display.height, low, lambda v: f"display area {v:.2f} in high "
                          f"({f.display.basis}); {j.requirement('display_min').ref} requires at "
                          f"least {low:g} in")


@rule("outline-width", "NR 5.09(6)(b)", "error", REGULATORY,
      tolerance=Tolerance("length_tolerance", minimum=True), sized=True)
def outline_width(f: Facts, j: Judge) -> Iterator[Hit]:
    """The symbol outline is at least 2 in thick, perpendicular to the edge, at its
    thinnest.

    Measured as the least distance between the symbol's outer boundary and its white
    center, so a diamond's outline is taken across its sloping sides.

    Passes: 2.00 in.  Fails: a 1.5 in stroke (measured 1.50 in).
    """
    low = j.req("outline_min")
    yield from j.at_least(f.symbol.outline, low, lambda v: f"symbol outline {v:.2f} in thick at "
                          f"its thinnest{_on_curve(f)}; {j.requirement('outline_min').ref} "
                          f"requires at least {low:g} in", bbox=f.symbol.outline_at)


@rule("symbol-size", "NR 5.09(6)(c)", "error", REGULATORY,
      tolerance=Tolerance(lambda f, law: max(law.req("symbol_size_tolerance_floor"),
                                             law.req("symbol_size_tolerance")
                                             * (f.display.height or 0)),
                          text="max(1/16 in, 1 % of H)"))
def symbol_size(f: Facts, j: Judge) -> Iterator[Hit]:
    """Diamond outside width, circle inner diameter, or the mean of a square's inside
    and outside widths equals 2/3 of the display area height.

    For a rectangle wider than tall the rule is applied to its height. Tolerance:
    the larger of 1/16 in and 1 % of H. H is given, declared, stated on the proof ("DISPLAY
    AREA 24 IN", "24 IN CONTROL SIGN") or inferred from the panel; a fail against an
    inferred H says how to state or declare it, since a panel may be larger than H, and
    is a review when lettering beside the marker could not be read (it may state H).

    Passes: a 16.00 in diamond at H = 24 in.  Fails: a 14 in diamond at H = 24 in.
    """
    if f.symbol.size is not None and f.display.basis == NOT_DRAWN:
        yield _not_drawn(f"the symbol's size ({f.symbol.size_name} {f.symbol.size:.2f} in)",
                         "2/3 of H")
    if f.symbol.size is None or f.display.height is None:
        return
    want = f.display.height * j.req("symbol_fraction")
    for hit in j.within(f.symbol.size, want, want, lambda v: f"{f.symbol.size_name} {v:.2f} in"
                        f"{_on_curve(f)}; "
                        f"{j.requirement('symbol_fraction').ref} requires 2/3 of the "
                        f"{f.display.height:.2f} in display area ({f.display.basis}) = "
                        f"{want:.2f} in{_how_to_state(f)}", required=f"= {want:.3f}",
                        bbox=f.bbox()):
        yield _unsure_of_h(f, hit)


def _unsure_of_h(f: Facts, hit: Hit) -> Hit:
    """A size fail against an H only inferred, when lettering beside the marker could
    not be read (it may state the display area): a review, not a fail."""
    if not (f.display.basis or "").startswith("inferred") or not f.drawing.unread_notes:
        return hit
    return replace(hit, severity="review", message=hit.message + "; text beside the "
                   "marker could not be read, and may state another display area: a "
                   "person must check it")


def _not_drawn(what: str, required: str) -> Hit:
    """A review: the symbol stands on the page with no panel, so H is not shown."""
    return unjudged(what, "the symbol is drawn with no panel of its own, so nothing shows "
                    "its display area; state it on the proof (\"DISPLAY AREA 24 IN\") or "
                    "give --display-height", required=required)


def _how_to_state(f: Facts) -> str:
    """For a display area only inferred: how the proof or the user can say what it is."""
    if not (f.display.basis or "").startswith("inferred"):
        return ""
    return ("; H was inferred from the panel: if the display area is another size, state "
            "it on the proof (\"DISPLAY AREA 24 IN\") or give --display-height")


@rule("diamond-slope", "NR 5.09(6)(d)", "error", ("danger", "exclusion"),
      tolerance=Tolerance("slope_tolerance"))
def diamond_slope(f: Facts, j: Judge) -> Iterator[Hit]:
    """Each side of the diamond slopes 35 deg from the vertical (on a flat surface).

    Passes: sides at 35.0 deg.  Fails: a square turned 45 deg (sides at 45.0 deg).
    """
    want = j.req("diamond_slope")
    worst = max(f.symbol.side_angles, key=lambda a: abs(a - want), default=None)
    yield from j.within(worst, want, want, lambda v: f"diamond side slopes {v:.1f} deg from "
                        f"vertical{_on_curve(f)}; {j.requirement('diamond_slope').ref} requires "
                        f"{want:g} deg", required=f"= {want:g}", unit="deg", digits=2,
                        bbox=f.bbox())


@rule("circle-round", "NR 5.09(2)(b)3", "error", ("control",),
      tolerance=Tolerance("roundness_tolerance", "ratio", "0.01 of the diameter"))
def circle_round(f: Facts, j: Judge) -> Iterator[Hit]:
    """A control circle is a circle: its inner and outer boundaries are round.

    Roundness is the spread of radii from the centre, as a fraction of the diameter;
    tolerance 1 %.

    Passes: true circles.  Fails: an ellipse 10 % wider than tall.
    """
    yield from j.at_most(f.symbol.roundness, 0.0, lambda v: f"circle out of round by "
                         f"{100 * v:.1f} % of its diameter", required=f"<= {j.tol:g}", unit="ratio",
                         digits=4, bbox=f.bbox())


@rule("symbol-centered", "NR 5.09(5)(d), USWMS practice", "warning", REGULATORY,
      tolerance=Tolerance(lambda f, law: law.req("centering_tolerance")
                          * (f.display.height or 0), text="2 % of H, in inches"))
def symbol_centered(f: Facts, j: Judge) -> Iterator[Hit]:
    """The symbol is centred on the display area (within 2 % of H).

    Passes: centred.  Fails: a diamond pushed 2 in to the left on a 24 in display area.
    """
    if f.display.center_offset is None or f.display.height is None:
        return
    yield from j.at_most(f.display.center_offset, 0.0, lambda v: f"symbol centre is {v:.2f} in "
                         "from the display area's centre", required=f"<= {j.tol:.3f}",
                         bbox=f.bbox())


@rule("legend-legibility", "NR 5.09(2)(b)5", "warning", REGULATORY, sized=True)
def legend_legibility(f: Facts, j: Judge) -> Iterator[Hit]:
    """Letters are block characters of a legible size.

    Cap height at least the project minimum (H/16, between 1 and 3 in; see
    markers/requirements.py for why not a flat 3 in) and stroke width between 0.10 and
    0.30 of the cap height. Letters that touch the symbol's outline (closer than the
    length tolerance, none on the orange) are too close to it to read; letters on the
    orange are an error of the rule that places the words (reg-danger-legend ...).

    Lettering read with no capital or digit (lower case "rocks") has no cap height to
    judge: review, not a pass by its x-height.

    Passes: 2 in letters at H = 24 in.  Fails: 0.5 in letters, hairline letters, or
    "ROCKS" 0.002 in from the diamond's outline inside it.
    """
    yield from _touching(f, j.law)
    if f.display.height is None:
        return
    low = legend_min_cap(j.law, f.display.height)
    # lettering read with no capital or digit ("rocks") has no cap height to judge (its
    # x-height is no cap height); inside a control circle or an information rectangle
    # the rule of its words already says so
    judged_inside = judged_kind(f) in ("control", "information")
    for leg in f.letters.legends:
        if leg.doubt and NO_CAP in leg.doubt and not (judged_inside and leg.inside_symbol):
            yield unjudged("the height of the letters", leg.doubt,
                           required=f">= {low:.3f} in cap height", bbox=leg.bbox)
    for leg in (leg for leg in f.letters.legends if not (leg.doubt and NO_CAP in leg.doubt)):
        said = (f"letters {leg.cap_height:.2f} in high; at least {low:.2f} in "
                f"recommended for a {f.display.height:.2f} in display area")
        if leg.cap_height < low - 0.01:
            yield Hit(said, measured=round(leg.cap_height, 3), required=f">= {low:.3f}",
                      unit="in", bbox=leg.bbox)
        else:
            j.saw(said, round(leg.cap_height, 3), f">= {low:.3f}", unit="in",
                  margin=leg.cap_height - low)
    yield from stroke_hits(j, f.letters.legends)


@rule("drawing-units", "fabrication", "info", ("*",))
def drawing_units(f: Facts, j: Judge) -> Iterator[Hit]:
    """A drawing from Adobe Illustrator in px is read at Illustrator's 72 px per inch.

    SVG defines the px as 1/96 in; Illustrator writes its points as px (72 to the
    inch), recognised by its marks (markers.read.svg.tools): its generator comment, or
    two of ``id="Layer_1"``, ``data-name="Layer 1"``, ``.cls-N``/``.stN`` classes,
    ``enable-background``, ``xml:space="preserve"`` with ``x="0px" y="0px"``. The note
    says so, and for an "Export As" SVG with a viewBox alone (no size stated) how to
    read it at Illustrator's size.

    Passes: an Illustrator drawing sized in in or mm; an Inkscape drawing in px.
    Fails (info): <svg width="1728px" height="1728px"> saved by Adobe Illustrator.
    """
    drawing = f.drawing
    if drawing.units_assumed:
        yield Hit(drawing.units_assumed, measured=drawing.units, required="stated units")
    convention = f.drawing.units_convention
    if convention and f.size_unknown:
        yield Hit(f"a viewBox alone, in {convention}: the drawing states no size; "
                  "--scale 0.013889 (1/72 in per unit) reads it at Illustrator's size",
                  measured="viewBox only", required="width and height")
    elif convention:
        yield Hit(f"sized in px, read in {convention}, not SVG's 96",
                  measured="px at 72/in", required="in, mm, cm, pt or pc")


@rule("text-outlined", "fabrication", "info", ("*",))
def text_outlined(f: Facts, j: Judge) -> Iterator[Hit]:
    """Legend text is outlines, not font-dependent ``<text>``.

    A ``<text>`` legend prints in whatever font the sign shop has; its size is
    measured from font-size (cap height taken as 0.7 em).

    Passes: letters as paths.  Fails (info): <text font-size="4in">ROCKS</text>.
    """
    for leg in f.letters.legends:
        if not leg.outlined:
            yield Hit(f"legend {leg.text!r} is <text>, not outlines; its look depends on the "
                      "font installed where it is printed", measured="text",
                      required="outlines", bbox=leg.bbox)
