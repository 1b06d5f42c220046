"""Rules for the flags of ss. 30.70 and 30.675, Wis. Stats. One function per rule id."""

from __future__ import annotations

from collections.abc import Iterator

from markers.check.engine import Hit, Judge, Tolerance
from markers.check.measure.faces import Facts
from markers.packs.wi_nr509.law import rule

#: A drawing whose size is below this share of what the law asks is not drawn at actual
#: size (wsmark practice): one error says so, never a pass with a size warning.
ACTUAL_SIZE_SHARE = 0.25
#: A stripe is diagonal between these angles from the horizontal, degrees.
DIAGONAL = (10.0, 80.0)


@rule("diver-flag", "s. 30.70, Wis. Stats.", "error", ("diver-flag",),
      tolerance=Tolerance("diver_stripe_tolerance", text="1/16 in (the stripe)"), sized=True)
def diver_flag(f: Facts, j: Judge) -> Iterator[Hit]:
    """A diver's flag: at least 12 x 15 in, red, one diagonal white stripe 3 in wide.

    Not less than 12 in high and 15 in long, one diagonal white stripe 3 in wide on a
    red background. The stripe's width is measured across it (perpendicular to its edges), within
    1/16 in (wsmark practice); diagonal means between 10 and 80 deg from the horizontal
    and running from one edge of the flag to the opposite one.

    Passes: 12 x 15 in, red, a 3.00 in white stripe corner to corner.  Fails: a 2 in
    stripe, a 10 in high flag, a blue field, two stripes.
    """
    where = f.bbox()
    for value, key, what in ((f.flag.height, "diver_min_height", "high"),
                             (f.flag.length, "diver_min_length", "long")):
        precision = j.req("length_tolerance")  # the size is drawn, not tolerated
        said = f"diver's flag is {value:.2f} in {what}; {j.requirement(key).ref} asks not " \
               f"less than {j.req(key):g} in" if value is not None else ""
        if value is not None and value < j.req(key) - precision:
            yield Hit(said, measured=round(value, 3), required=f">= {j.req(key):g}", unit="in",
                      tolerance=precision, bbox=where)
        elif value is not None:
            j.saw(said, round(value, 3), f">= {j.req(key):g}", unit="in",
                  margin=value - j.req(key) + precision)
    yield from j.color_is(f.flag.color, "red", lambda m: f"the field is {m.hex} ({m.label}); "
                        "it shall be red", bbox=where)
    if len(f.flag.stripes) != 1:
        yield Hit(f"{len(f.flag.stripes)} stripes; the flag displays one diagonal white "
                  "stripe", measured=len(f.flag.stripes), required="= 1", unit="count",
                  bbox=where)
        return
    stripe = f.flag.stripes[0]
    yield from j.color_is(stripe.color, "white", lambda m: f"the stripe is {m.hex} ({m.label}); "
                        "it shall be white", bbox=stripe.bbox)
    want = j.req("diver_stripe")
    yield from j.within(stripe.width, want, want, lambda v: f"the stripe is {v:.2f} in wide "
                        f"(across it); {j.requirement('diver_stripe').ref} asks {want:g} in",
                        required=f"= {want:g}", bbox=stripe.bbox)
    low, high = DIAGONAL
    if not (low <= stripe.angle <= high and stripe.crosses):
        yield Hit(f"the stripe runs at {stripe.angle:.1f} deg from the horizontal"
                  f"{'' if stripe.crosses else ' and does not cross the flag'}; it shall be "
                  "diagonal", measured=round(stripe.angle, 2), required=f"{low:g} to {high:g}",
                  unit="deg", bbox=stripe.bbox)


@rule("distress-flag", "s. 30.675, Wis. Stats.", "error", ("distress-flag",),
      tolerance=Tolerance("distress_tolerance", "ratio", "10 % of each side"), sized=True)
def distress_flag(f: Facts, j: Judge) -> Iterator[Hit]:
    """A distress flag is orange, approximately 18 by 30 in.

    Orange is an error (a flag of another color does not say "in need of help").
    "Approximately" has two bands, each side taken either way up: within 10 % of 18 and
    of 30 in a pass, beyond that a warning up to 25 %, and beyond 25 % an error: a flag
    that far from the stated size (a square, one of half the area) is not this flag. A
    drawing under a quarter of that size is not at actual size: an error says so.

    Passes: an orange flag 18 x 30 in.  Warning: 16 x 26 in.  Fails: a 10 x 10 in
    orange square (44 % and 67 % off).
    """
    where = f.bbox()
    if f.flag.color is not None and f.flag.color.family != "orange":
        yield Hit(f"the flag is {f.flag.color.hex} ({f.flag.color.label}); a distress flag "
                  "is orange", measured=f.flag.color.family, required="orange",
                  severity="error", bbox=where)
    elif f.flag.color is not None:
        j.saw(f"the flag is {f.flag.color.hex} ({f.flag.color.label})", "orange", "orange")
    if f.flag.height is None or f.flag.length is None:
        return
    short, long = sorted((f.flag.height, f.flag.length))
    asks = f"{j.requirement('distress_length').ref} asks approximately " \
           f"{j.req('distress_height'):g} by {j.req('distress_length'):g} in"
    if long < ACTUAL_SIZE_SHARE * j.req("distress_length"):
        yield Hit(f"not an actual-size drawing ({short:.2f} by {long:.2f} in; {asks}); give "
                  "--scale or --display-height", measured=round(long, 3),
                  required=f"about {j.req('distress_length'):g}", unit="in", severity="error",
                  bbox=where)
        return
    far = j.req("distress_far")
    for value, key in ((short, "distress_height"), (long, "distress_length")):
        want = j.req(key)
        off = f"{abs(value - want) / want:.0%} from {want:g} in"

        def say(v: float, beyond: bool, off: str = off) -> str:
            return (f"not a distress flag: {short:.2f} by {long:.2f} in is {off}, more than "
                    f"{far:.0%} off; {asks}" if beyond else
                    f"distress flag is {short:.2f} by {long:.2f} in ({off}); {asks}")

        yield from j.approximately(value, want, far, say, relative=True, bbox=where)
