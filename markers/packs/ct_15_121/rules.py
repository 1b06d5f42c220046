"""Connecticut's marker rules: one function per rule id, each citing its paragraph of
§ 15-121-A3 through this pack's law (``Judge.requirement(key).ref``)."""

from __future__ import annotations

from collections.abc import Iterator

from markers.check.engine import Hit, Judge, Tolerance
from markers.check.measure.common import Facts, bbox_of
from markers.core.colors import ColorMatch
from markers.errors import WsmarkError
from markers.packs.ct_15_121.identification import check_ct_id
from markers.packs.ct_15_121.law import RULES, rule
from markers.packs.shared.flat_print import register as register_flat_print
from markers.packs.shared.other_pack import register

__all__ = ["RULES"]

#: A stripe is diagonal between these angles from the horizontal, degrees.
DIAGONAL = (10.0, 80.0)


@rule("ct-diver-flag", "15-121-A3(b)", "error", ("diver-flag",),
      tolerance=Tolerance("length_tolerance", text="0.01 in (drawing precision)"))
def diver_flag(f: Facts, j: Judge) -> Iterator[Hit]:
    """A diver's flag: red, at least 13 in high and 15 in wide, one white diagonal stripe
    at least 3 in wide (measured across it), from one edge of the flag to the opposite.

    Each is a minimum ("not less than"), judged to drawing precision. The mast (20 in)
    is not on the flag's face and the stripe's reflective material is not in a drawing:
    neither is judged here; which corner the stripe starts from is not measured.

    Passes: 13 x 15 in, red, a 3 in white stripe corner to corner.  Fails: a 12 in high
    flag, a 2.5 in stripe, a blue field, two stripes.
    """
    where = f.bbox()
    for value, key, what in ((f.flag.height, "diver_min_height", "high"),
                             (f.flag.length, "diver_min_length", "wide")):

        def size(v: float, key: str = key, what: str = what) -> str:
            return (f"diver's flag is {v:.2f} in {what}; {j.requirement(key).ref} asks not "
                    f"less than {j.req(key):g} in")

        yield from j.at_least(value, j.req(key), size, bbox=where)
    yield from j.color_is(f.flag.color, "red", lambda m: f"the field is {m.hex} ({m.label}); "
                          f"{j.requirement('diver_min_height').ref} asks a red background",
                          bbox=where)
    if len(f.flag.stripes) != 1:
        yield Hit(f"{len(f.flag.stripes)} stripes; the flag carries one white diagonal stripe",
                  measured=len(f.flag.stripes), required="= 1", unit="count", bbox=where)
        return
    stripe = f.flag.stripes[0]
    yield from j.color_is(stripe.color, "white", lambda m: f"the stripe is {m.hex} "
                          f"({m.label}); it shall be white", bbox=stripe.bbox)
    want = j.req("diver_stripe")
    yield from j.at_least(stripe.width, want, lambda v: (
        f"the stripe is {v:.2f} in wide (across it); {j.requirement('diver_stripe').ref} "
        f"asks not less than {want:g} in"), bbox=stripe.bbox)
    low, high = DIAGONAL
    if not (low <= stripe.angle <= high and stripe.crosses):
        yield Hit(f"the stripe runs at {stripe.angle:.1f} deg from the horizontal"
                  f"{'' if stripe.crosses else ' and does not cross the flag'}; it runs "
                  "diagonally to the opposite lower corner", measured=round(stripe.angle, 2),
                  required=f"{low:g} to {high:g}", unit="deg", bbox=stripe.bbox)


@rule("ct-mooring-band", "15-121-A3(a)", "error", ("mooring-buoy",),
      tolerance=Tolerance("mooring_band_centre_tolerance", "ratio",
                          "5 % of the height above the water"))
def mooring_band(f: Facts, j: Judge) -> Iterator[Hit]:
    """An individual mooring is white with a clearly visible horizontal blue band centred
    midway between the top of the buoy and the waterline.

    No band, or a body that is not white, is an error. "Centred midway" gives no
    tolerance: a band whose middle is more than 5 % of the height above the water from
    the midpoint is a warning (wsmark practice), never an error.

    Passes: a white ball 18 in above the water, its blue band's middle 9 in up.
    Fails: no blue band; a red ball.  Warning: the band's middle 3 in up.
    """
    where = f.bbox()
    yield from j.color_is(f.buoy.color, "white", lambda m: f"the buoy is {m.hex} ({m.label}); "
                          "a mooring buoy is white", bbox=where)
    blue = [b for b in f.buoy.bands if b.color.family == "blue"]
    if not blue:
        yield Hit("no blue band around the buoy; an individual mooring carries a clearly "
                  "visible horizontal blue band", measured=0, required="= 1", unit="count",
                  bbox=where)
        return
    above, line = f.buoy.height_above_water, f.buoy.waterline
    if above is None or line is None:
        return
    band = max(blue, key=lambda b: b.bottom - b.top)
    middle = line - (band.top + band.bottom) / 2
    off = abs(middle - above / 2) / above
    said = (f"the blue band's middle is {middle:.2f} in above the waterline, "
            f"{off:.0%} of the height above the water from midway ({above / 2:.2f} in)")
    if off > j.tol + 1e-9:
        yield Hit(said, measured=round(off, 4), required=f"<= {j.tol:g}", unit="ratio",
                  severity="warning", tolerance=j.tol, bbox=where)
    else:
        j.saw(said, round(off, 4), f"<= {j.tol:g}", unit="ratio", margin=j.tol - off)


@rule("ct-area-buoy-color", "15-121-A3(a)", "error", ("mooring-area-buoy",))
def area_buoy_color(f: Facts, j: Judge) -> Iterator[Hit]:
    """An anchorage or mooring area buoy is white, or yellow at a quarantine anchorage,
    over what shows above the water (at least 95 %, wsmark practice: a maker's mark
    aside).

    Passes: a white ball; a yellow ball.  Fails: a red ball; a white ball half blue.
    """
    where, color = f.bbox(), f.buoy.color
    if color is None:
        return
    allowed = j.law.choice("area_buoy_colors")
    if color.family not in allowed.values:
        yield Hit(f"the buoy is {color.hex} ({color.label}); {allowed.ref} asks "
                  f"{allowed.text}", measured=color.family, required=" or ".join(allowed.values),
                  bbox=where)
        return
    share, need = f.buoy.color_share, j.req("area_buoy_color_share")
    if share is not None:
        yield from j.at_least(share, need, lambda v: (
            f"{color.family} over {v:.0%} of what shows above the water; "
            f"{j.requirement('area_buoy_color_share').ref} asks at least {need:.0%}"),
            unit="ratio", bbox=where)


#: The color of each navigational buoy's body, 15-121-A4(b)(1).
AID_COLORS = {"aid-red": "red", "aid-green": "green"}


@rule("ct-aid-color", "15-121-A4(b)(1)", "error", tuple(AID_COLORS))
def aid_color(f: Facts, j: Judge) -> Iterator[Hit]:
    """A navigational buoy of a well-defined channel is solid red or solid green, as its
    kind.

    Passes: a red can lettered CT-2.  Fails: an orange can declared aid-red.
    """
    want = AID_COLORS.get(f.kind or "")
    if want is not None:
        yield from j.color_is(f.aid.color, want, lambda m: f"the buoy is {m.hex} ({m.label}); "
                              f"{f.kind} is a solid-{want} buoy", bbox=f.bbox())


@rule("ct-aid-id", "15-121-A4(b)(1)", "error", tuple(AID_COLORS))
def aid_id(f: Facts, j: Judge) -> Iterator[Hit]:
    """White numbers with the prefix CT before the number, odd on green and even on red;
    without a number, the letters CT in white.

    Passes: CT-2 on red, CT-7 on green, CT alone.  Fails: WS-2 (no CT), CT-3 on red,
    black letters, no lettering at all.
    """
    ident = f.letters.ws_id
    if not ident:
        yield Hit("no identification read; a numbered buoy has the prefix CT before the "
                  "number, an unnumbered one the letters CT in white", measured="none",
                  required="CT or CT-<number>", bbox=f.bbox())
        return
    try:
        check_ct_id(f.kind or "", ident)
    except WsmarkError as err:
        yield Hit(str(err), measured=ident, required="CT or CT-<number> of its parity",
                  bbox=f.bbox())
    else:
        j.saw(f"identification {ident!r}", ident, "CT or CT-<number> of its parity")
    for line in f.letters.legends:
        what = line.text or "the lettering"

        def said(m: ColorMatch, what: str = what) -> str:
            return f"{what} is {m.hex} ({m.label}); numbers and the letters CT are white"

        yield from j.color_is(line.color, "white", said, bbox=line.bbox)


#: The top color of each cardinal buoy, 15-121-A4(b)(2).
TOPS = {"cardinal-red-top": "red", "cardinal-green-top": "green"}


@rule("ct-cardinal-top", "15-121-A4(b)(2)", "error", tuple(TOPS),
      tolerance=Tolerance("cardinal_top_tolerance", "ratio",
                          "0.03 of the height above water"))
def cardinal_top(f: Facts, j: Judge) -> Iterator[Hit]:
    """A cardinal buoy is white with a red (or green) top, the top color approximately
    one-third of the portion showing above the water ("width" read as its height on
    the buoy).

    The colors are an error. "Approximately" has two bands: a top within 1/3 +- 0.03 of
    the height above water passes, beyond it a warning up to 1/3 +- 0.10, beyond that
    an error. The numbers the section allows in the top portion are not read here.

    Passes: a white can 36 in above water with a 12 in red top.  Warning: a 14 in top.
    Fails: a 6 in top; a green top on a cardinal-red-top; a red can.
    """
    want, where = TOPS.get(f.kind or ""), f.bbox()
    bands, above = f.buoy.bands, f.buoy.height_above_water
    if want is None or above is None:
        return
    if len(bands) < 2 or bands[0].color.family != want or bands[1].color.family != "white":
        said = ", ".join(b.color.family for b in bands) or "no bands"
        yield Hit(f"from the top: {said}; {f.kind} is white with a {want} top",
                  measured=said, required=f"{want}, white", bbox=where)
        return
    top = bands[0]
    share = (top.bottom - top.top) / above
    asks = f"{j.requirement('cardinal_top_fraction').ref} asks approximately one-third"

    def say(v: float, beyond: bool) -> str:
        return (f"the {want} top is {v:.0%} of the height above water; {asks}"
                f"{' (this is not a third)' if beyond else ''}")

    yield from j.approximately(share, j.req("cardinal_top_fraction"),
                               j.req("cardinal_top_far"), say, unit="ratio", bbox=where)


#: The regulatory markers of 15-121-A2: the beacons of (c), one per symbol of (d), and
#: the regulatory buoy of (b).
BEACONS = ("beacon-danger", "beacon-exclusion", "beacon-control", "beacon-information")
REGULATORY = (*BEACONS, "regulatory-buoy")
#: The figure of each beacon's symbol (15-121-A2(d)) as the face measurer names it.
FIGURES = {"beacon-danger": "diamond", "beacon-exclusion": "diamond with a cross",
           "beacon-control": "circle", "beacon-information": "rectangle"}


@rule("ct-beacon-border", "15-121-A2(c)", "error", BEACONS,
      tolerance=Tolerance("length_tolerance", text="0.01 in (drawing precision)"))
def beacon_border(f: Facts, j: Judge) -> Iterator[Hit]:
    """A regulatory beacon is square or rectangular in silhouette; a band of orange at
    least 3 in wide (its least width, measured across it) forms its outside border;
    the area within the border is white.

    Measured on the band the face measurer sets aside (Facts.border) for this pack,
    whose kinds are framed faces. That the orange is reflective is not in a drawing and
    is not judged.

    Passes: a 24 in square beacon, a 3 in orange border, white within.
    Fails: a 2 in border; a blue border; a yellow ground within the border.
    """
    border = f.border
    if border is None:  # a face without a border is not detected as a beacon
        return
    where = border.at
    if border.silhouette not in ("square", "rectangle"):
        yield Hit(f"the beacon's silhouette is {border.silhouette}; 15-121-A2(c) asks "
                  "square or rectangular", measured=border.silhouette,
                  required="square or rectangle", bbox=bbox_of(border.outer))
    else:
        j.saw(f"silhouette {border.silhouette}", border.silhouette, "square or rectangle")
    yield from j.color_is(border.color, "orange", lambda m: f"the border is {m.hex} "
                          f"({m.label}); the border band is reflective international orange",
                          bbox=where)
    want = j.req("border_band_min")
    yield from j.at_least(border.width, want, lambda v: (
        f"the border band is {v:.2f} in wide at its narrowest; "
        f"{j.requirement('border_band_min').ref} asks at least {want:g} in"), bbox=where)
    yield from j.color_is(border.within, "white", lambda m: f"within the border is {m.hex} "
                          f"({m.label}); the area within the border is white",
                          bbox=bbox_of(border.outer))


def _regulatory_face(f: Facts) -> Facts:
    """The face of a regulatory marker: the beacon's own, a buoy's first face."""
    return f.faces[0] if f.kind == "regulatory-buoy" and f.faces else f


@rule("ct-regulatory-symbol", "15-121-A2(d)", "error", REGULATORY,
      tolerance=Tolerance("symbol_centre_tolerance", "ratio", "5 % of the white's width"))
def regulatory_symbol(f: Facts, j: Judge) -> Iterator[Hit]:
    """The symbol of regulation is reflective international orange, open-faced (white
    within it), one of 15-121-A2(d)'s figures (a vertical diamond, with a cross to
    exclude vessels; a circle; a square or rectangle), centred on the white.

    "Centered" gives no tolerance: a symbol whose middle is more than 5 % of the white's
    width from its middle, across, is a warning (wsmark practice), never an error. Up
    and down, the white also holds the words of 15-121-A2(e): not judged.

    Passes: an orange diamond centred on a beacon's white.  Fails: no symbol; a red
    circle; a solid orange diamond.  Warning: a circle 3 in off the middle.
    """
    face = _regulatory_face(f)
    symbol, where = face.symbol, face.bbox()
    if symbol.outer is None or symbol.shape is None:
        yield Hit("no symbol of regulation found on the white", measured="none",
                  required="a diamond, a diamond with a cross, a circle or a rectangle",
                  bbox=where)
        return
    figure = "diamond with a cross" if symbol.has_cross else symbol.shape
    want = FIGURES.get(f.kind or "")
    if want is not None and figure != want:
        yield Hit(f"the symbol is a {figure}; {f.kind} carries a {want}", measured=figure,
                  required=want, bbox=where)
    else:
        j.saw(f"symbol: {figure}", figure, want or "a figure of 15-121-A2(d)")
    yield from j.color_is(symbol.color, "orange", lambda m: f"the symbol is {m.hex} "
                          f"({m.label}); it is reflective international orange", bbox=where)
    if symbol.center_unpainted:
        j.saw("the symbol's face is left unpainted (the white of the ground)", "unpainted")
    else:
        yield from j.color_is(symbol.center_color, "white", lambda m: (
            f"the symbol's face is {m.hex} ({m.label}); the symbol is open-faced on the "
            "white"), bbox=where)
    white = face.display.panel
    if white is not None:
        wx0, _, wx1, _ = white.bounds
        sx0, _, sx1, _ = symbol.outer.bounds
        off = abs((sx0 + sx1) / 2 - (wx0 + wx1) / 2) / (wx1 - wx0)
        said = f"the symbol's middle is {off:.0%} of the white's width from its middle"
        if off > j.tol + 1e-9:
            yield Hit(said + "; it is centred on the white", measured=round(off, 4),
                      required=f"<= {j.tol:g}", unit="ratio", severity="warning",
                      tolerance=j.tol, bbox=where)
        else:
            j.saw(said, round(off, 4), f"<= {j.tol:g}", unit="ratio", margin=j.tol - off)


@rule("ct-regulatory-words", "15-121-A2(e)", "error", REGULATORY)
def regulatory_words(f: Facts, j: Judge) -> Iterator[Hit]:
    """Numbers, letters and words shall be used on both regulatory buoys and beacons:
    at least one line of them on the marker. What they say (the authority, the meaning)
    is the marker's; the rest of (e) is past the stored copy and not judged.

    Passes: ROCKS below a danger diamond.  Fails: a beacon with no lettering.
    """
    lines = _regulatory_face(f).letters.legends
    need = j.req("regulatory_words")
    if len(lines) < need:
        yield Hit(f"no numbers, letters or words on the marker; "
                  f"{j.requirement('regulatory_words').ref} says they shall be used",
                  measured=len(lines), required=f">= {need:g}", unit="count", bbox=f.bbox())
    else:
        said = " / ".join(line.text or "(unread)" for line in lines)
        j.saw(f"lettering: {said}", len(lines), f">= {need:g}", unit="count")


@rule("ct-regulatory-buoy-bands", "15-121-A2(b)", "error", ("regulatory-buoy",),
      tolerance=Tolerance("length_tolerance", text="0.01 in (drawing precision)"))
def regulatory_buoy_bands(f: Facts, j: Judge) -> Iterator[Hit]:
    """A regulatory buoy is cylindrical above its waterline, white with two horizontal
    bands of orange, one at the top and one near the bottom above the waterline, each
    at least 3 in wide; white between them.

    Passes: a 36 in white cylinder, 3 in orange bands at the top and 1 in above the
    waterline.  Fails: a sphere; one band; a 2 in band; a blue band.
    """
    buoy, where = f.buoy, f.bbox()
    if buoy.shape is not None and buoy.shape != "cylinder":
        yield Hit(f"the buoy is {buoy.shape} above the waterline; a regulatory buoy is "
                  "cylindrical", measured=buoy.shape, required="cylinder", bbox=where)
    bands = list(buoy.bands)
    names = [b.color.family for b in bands]
    at = [i for i, name in enumerate(names) if name == "orange"]
    orange = [bands[i] for i in at]
    if len(at) != 2 or at[0] != 0 or "white" not in names[at[0]:at[1]]:
        said = ", ".join(names) or "no bands"
        yield Hit(f"from the top: {said}; a regulatory buoy is white with an orange band at "
                  "the top and one near the bottom", measured=said,
                  required="orange, white, orange", bbox=where)
        return
    want = j.req("reg_buoy_band_min")
    for band, which in zip(orange, ("at the top", "near the bottom"), strict=True):

        def say(v: float, which: str = which) -> str:
            return (f"the orange band {which} is {v:.2f} in wide; "
                    f"{j.requirement('reg_buoy_band_min').ref} asks at least {want:g} in")

        yield from j.at_least(band.bottom - band.top, want, say, bbox=where)


@rule("ct-kind", "15-121-A2(a)", "error", ("*",))
def kind(f: Facts, j: Judge) -> Iterator[Hit]:
    """The drawing is a marker this pack builds: a regulatory beacon or buoy
    (15-121-A2), an individual mooring buoy, an anchorage or mooring area buoy, a
    diver's flag (15-121-A3), or a red, green or cardinal buoy (15-121-A4(b)).

    A face with no border band (NR 5.09's signs) is no beacon of 15-121-A2(c): it is
    reported, never passed.

    Passes: a white ball with a blue band.  Fails: an orange circle sign with no border,
    a red triangle.
    """
    if f.kind is None and f.curvature is not None:
        return  # a face a buoy carries (measured on its round surface): judged with it
    if f.kind is None:
        declared = f.drawing.declared_kind
        said = f" (it declares {declared!r})" if declared else ""
        yield Hit(f"no marker this pack judges was found{said}: ct-15-121 judges regulatory "
                  "beacons (a symbol within an orange border band) and buoys (15-121-A2), "
                  "mooring buoys, anchorage or mooring area buoys and diver's flags "
                  "(15-121-A3) and red, green and cardinal buoys (15-121-A4(b))",
                  measured=declared or "none", required="a kind of ct-15-121", bbox=f.bbox())
    else:
        j.saw(f"recognised as {f.kind}", f.kind, "a kind of ct-15-121")


register_flat_print(RULES, "wsmark practice")
register(RULES, "ct-15-121", "wsmark practice")
