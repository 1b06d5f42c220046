"""Rules for buoys, NR 5.09(2)(a)8, (5), (6), (7). One function per rule id.

A buoy's face (the symbol of a symbol buoy, each symbol of a wrap, the sign above a
sign buoy) is judged by the regulatory rules as a face of its own (Facts.faces); these
rules judge the buoy: its size above the waterline, its bands, its reflector, the
mooring and race course buoys of (7).
"""

from __future__ import annotations

from collections.abc import Iterator

from markers.check.engine import EPSILON, Hit, Judge, Tolerance, unjudged
from markers.check.measure.common import Band
from markers.check.measure.faces import Facts
from markers.packs.wi_nr509.kinds import kinds_of
from markers.packs.wi_nr509.law import rule
from markers.packs.wi_nr509.rules.regulatory import judged_kind, shape_words

AIDS = kinds_of("aid")
#: Buoys (6)(a) sizes: all but mooring, slalom and race course buoys. An aid counts when
#: it is drawn as a buoy (it has a waterline).
SIZED = ("buoy-symbol", "buoy-sign", "buoy-wrap") + AIDS
#: Every rule using it asks for at least a length (or a range's low end).
_LENGTH = Tolerance("length_tolerance", minimum=True)


def _is_buoy(f: Facts) -> bool:
    return f.buoy.waterline is not None


def _water(f: Facts) -> str:
    """Says so when the waterline was not drawn but taken as the lowest painted edge."""
    return "" if f.buoy.waterline_basis in (None, "declared") else \
        " (waterline taken as the lowest painted edge: no element named 'waterline')"


def _sequence(f: Facts) -> str:
    return ", ".join(b.color.family for b in f.buoy.bands) or "no bands"


@rule("buoy-height", "NR 5.09(6)(a)", "error", SIZED, tolerance=_LENGTH, sized=True)
def buoy_height(f: Facts, j: Judge) -> Iterator[Hit]:
    """A buoy rides at least 36 in above the waterline.

    Mooring, slalom and race course buoys are excepted (see mooring-buoy, race-buoy).
    Measured from the waterline (the element whose id or label is ``waterline``, else
    the lowest painted edge) up to the top of the buoy; on a wrap, its height.

    Passes: a symbol buoy 36.00 in above the water.  Fails: one riding 30 in above it.
    """
    low = j.req("buoy_min_height")
    if _is_buoy(f):
        yield from j.at_least(f.buoy.height_above_water, low, lambda v: f"buoy rides {v:.2f} in "
                              f"above the waterline{_water(f)}; "
                              f"{j.requirement('buoy_min_height').ref} requires at least "
                              f"{low:g} in", bbox=f.bbox())


@rule("buoy-diameter", "NR 5.09(6)(a)", "error", SIZED, tolerance=_LENGTH, sized=True)
def buoy_diameter(f: Facts, j: Judge) -> Iterator[Hit]:
    """A buoy is at least 7 in in diameter.

    Mooring, slalom and race course buoys are excepted. On an elevation the diameter is the
    body's width; on a wrap it is declared (else its width / pi).

    Passes: 7.00 in.  Fails: a 6 in buoy.
    """
    low = j.req("buoy_min_diameter")
    if _is_buoy(f):
        yield from j.at_least(f.buoy.diameter, low, lambda v: f"buoy is {v:.2f} in across "
                              f"({f.buoy.diameter_basis}); "
                              f"{j.requirement('buoy_min_diameter').ref} requires at least "
                              f"{low:g} in", bbox=f.bbox())


@rule("buoy-two-sides", "NR 5.09(6)(a)", "error", ("buoy-symbol", "buoy-wrap"))
def buoy_two_sides(f: Facts, j: Judge) -> Iterator[Hit]:
    """The symbol is shown on 2 sides of the buoy.

    A wrap shows the whole surface: its symbols are counted and must be 2, 180 deg
    apart around the buoy (within 5 deg). An elevation shows one side only: it is
    judged by what its design declares (``sides``), and says so (info) when it does
    not declare it.

    Passes: a wrap with 2 symbols 180 deg apart.  Fails: a wrap with one symbol.
    """
    need = int(j.req("buoy_symbol_sides"))
    if f.buoy.sides is None:
        yield Hit("an elevation shows one side of the buoy; check the wrap (or declare "
                  "'sides') for the symbol on 2 sides", severity="info")
        return
    if f.buoy.sides != need:
        yield Hit(f"symbol shown {f.buoy.sides} time(s) ({f.buoy.sides_basis}); "
                  f"{j.requirement('buoy_symbol_sides').ref} requires {need} sides",
                  measured=f.buoy.sides, required=f"= {need}", unit="count", bbox=f.bbox())
    elif f.buoy.side_spacing is not None and abs(f.buoy.side_spacing - 180) > 5:
        yield Hit(f"the 2 symbols are {f.buoy.side_spacing:.1f} deg apart around the buoy; on "
                  "opposite sides they are 180 deg apart", measured=round(f.buoy.side_spacing, 2),
                  required="= 180", unit="deg", tolerance=5, bbox=f.bbox())
    else:
        j.saw(f"symbol shown {f.buoy.sides} times ({f.buoy.sides_basis})", f.buoy.sides,
              f"= {need}", unit="count")


@rule("buoy-symbol-bands", "NR 5.09(5)(b)", "error", ("buoy-symbol", "buoy-wrap"),
      tolerance=Tolerance("band_edge_tolerance", text="1/4 in"))
def buoy_symbol_bands(f: Facts, j: Judge) -> Iterator[Hit]:
    """A symbol buoy is white with orange bands on the top and above the waterline.

    White, with a band of international orange on the top and one just above the
    waterline at the bottom. Bands are read from the color at both edges of the buoy, top
    to bottom, so the symbol in the white area does not break it. "On the top" and "above
    the waterline" allow 1/4 in (wsmark practice).

    Passes: orange, white, orange from the top to the waterline.  Fails: the bottom
    band missing (orange, white).
    """
    if not _is_buoy(f):
        return
    want, tol = "orange, white, orange", j.tol
    bands, where = f.buoy.bands, f.bbox()
    body, water = f.buoy.body, f.buoy.waterline
    assert body is not None and water is not None  # a buoy is measured above its waterline
    on_top = bool(bands) and bands[0].color.family == "orange" and \
        bands[0].top - body.bounds[1] <= tol
    above_water = len(bands) > 1 and bands[-1].color.family == "orange" and \
        water - bands[-1].bottom <= tol
    if not on_top:
        yield Hit("no orange band on the top of the buoy", measured=_sequence(f),
                  required=want, bbox=where)
    if not above_water:
        yield Hit("no orange band just above the waterline", measured=_sequence(f),
                  required=want, bbox=where)
    middle = [b.color.family for b in bands[1:-1]]
    if on_top and above_water and set(middle) != {"white"}:
        yield Hit(f"the buoy between its bands is {', '.join(middle) or 'not there'}; "
                  "a symbol buoy is white", measured=_sequence(f), required=want, bbox=where)
    elif on_top and above_water:
        j.saw(f"bands from the top: {_sequence(f)}", _sequence(f), want)


@rule("buoy-sign-bands", "NR 5.09(5)(c)", "error", ("buoy-sign",),
      tolerance=Tolerance("sign_buoy_band_tolerance", "ratio", "0.03 of the area"))
def buoy_sign_bands(f: Facts, j: Judge) -> Iterator[Hit]:
    """A sign buoy has 3 orange bands alternating with 2 white, each about 1/5.

    Each band takes approximately one-fifth of the buoy's area above the waterline. The
    colors and their order are an error. "Approximately" has two bands: a share within
    1/5 +- 0.03 passes, beyond it a warning up to 1/5 +- 0.10, and beyond that (under a
    tenth, over three tenths) an error: that band is not a fifth.

    Passes: orange, white, orange, white, orange of 20 % each.  Warning: a band of 25 %.
    Fails: orange, white, orange (3 bands), or a band of 35 %.
    """
    count = int(j.req("sign_buoy_bands"))
    want = ", ".join("orange" if i % 2 == 0 else "white" for i in range(count))
    if _sequence(f) != want:
        yield Hit(f"bands from the top are {_sequence(f)}; {j.requirement('sign_buoy_bands').ref} "
                  f"asks {want}", measured=_sequence(f), required=want, bbox=f.bbox())
        return
    share = j.req("sign_buoy_band_fraction")
    for band in f.buoy.bands:

        def say(v: float, beyond: bool, band: Band = band) -> str:
            return (f"a {band.color.label} band takes {v:.0%} of the buoy above the "
                    f"waterline; {j.requirement('sign_buoy_band_fraction').ref} asks about "
                    f"one-fifth each{' (this is not a fifth)' if beyond else ''}")

        yield from j.approximately(band.share, share, j.req("sign_buoy_band_far"), say,
                                   unit="ratio", bbox=f.bbox())


@rule("reflector-band", "NR 5.09(6)(f)", "error", AIDS, tolerance=_LENGTH, sized=True)
def reflector_band(f: Facts, j: Judge) -> Iterator[Hit]:
    """An unlighted aid has a reflective band at least 2 in high around its top.

    All around its uppermost part. Judged on aids drawn as buoys. The reflector is the
    element whose id or label is ``reflector`` (color alone cannot show reflective
    material); it must be 2 in high, run across the whole buoy (all around), and start
    within 10 % of the height above water from the top (wsmark practice for "uppermost
    part"). A design declaring the aid ``lighted`` needs none. A drawing that names no
    reflector (a PDF, a DXF) but draws a band of the right size there as its own shape is
    a review: the drawing shows where the sheeting goes, not that it is reflective.

    Passes: a 2 in band at the top.  Fails: no reflector, or a 1 in one.
    """
    if not _is_buoy(f) or f.buoy.lighted:
        return
    low, zone = j.req("reflector_min"), j.req("reflector_zone") * (f.buoy.height_above_water or 0)
    r = f.buoy.reflector
    if r is None:
        yield Hit("no reflective band marked (an element named 'reflector'); an unlighted "
                  "aid needs one at least 2 in high all around its top", measured="none",
                  required=f">= {low:g} in all around the top", bbox=f.bbox())
        return
    hits = list(j.at_least(r.height, low, lambda v: f"reflective band {v:.2f} in high; "
                           f"{j.requirement('reflector_min').ref} requires at least {low:g} in",
                           bbox=r.bbox))
    if not r.around:
        hits.append(Hit("the reflective band does not run across the whole buoy (all around)",
                        measured="part of the way", required="all around", bbox=r.bbox))
    if r.below_top > zone:
        hits.append(Hit(f"the reflective band starts {r.below_top:.2f} in below the top; the "
                        "uppermost part is asked for", measured=round(r.below_top, 3),
                        required=f"<= {zone:.2f}", unit="in", bbox=r.bbox))
    if r.drawn and not hits:
        hits.append(unjudged("the reflective band's material",
                             f"a {r.height:.2f} in band is drawn all around the top, but "
                             "nothing names it reflective (an element named 'reflector') and "
                             "color cannot show it", required="reflective material",
                             bbox=r.bbox))
    yield from hits


@rule("aid-reflector-color", "NR 5.09(2)(a)8", "error", AIDS)
def aid_reflector_color(f: Facts, j: Judge) -> Iterator[Hit]:
    """A red buoy has a red reflector, a green buoy a green one.

    Where reflective material is used (the element named ``reflector``).

    Passes: a red reflector on a red nun.  Fails: a white reflector on a red nun.
    """
    want = {"aid-red": "red", "aid-green": "green"}.get(judged_kind(f))
    r = f.buoy.reflector
    if want and r is not None:
        yield from j.color_is(r.color, want, lambda m: f"reflector is {m.hex} ({m.label}) on "
                            f"a {want} buoy; it shall be {want}", bbox=r.bbox)


@rule("mooring-buoy", "NR 5.09(7)(a)", "error", ("buoy-mooring",),
      tolerance=Tolerance("mooring_tolerance"), sized=True)
def mooring_buoy(f: Facts, j: Judge) -> Iterator[Hit]:
    """A mooring buoy rides 18 in out, white with a blue band, round or ovate.

    It extends 18 in above the waterline, is white with a blue band clearly visible
    above the waterline, and should be spherical or ovate (warning). 18 in is taken within 1
    in (a float's freeboard varies); the blue band must be a band around the buoy that stays
    clear of the waterline.

    Passes: a white 24 in sphere riding 18 in out, blue band around its middle.
    Fails: a sphere riding 12 in out, or one without a blue band.
    """
    want, where = j.req("mooring_height"), f.bbox()
    yield from j.within(f.buoy.height_above_water, want, want, lambda v: f"mooring buoy extends "
                        f"{v:.2f} in above the waterline{_water(f)}; "
                        f"{j.requirement('mooring_height').ref} asks {want:g} in",
                        required=f"= {want:g} +- {j.tol:g}",
                        bbox=where)
    yield from j.color_is(f.buoy.color, "white", lambda m: f"mooring buoy is {m.label}; it "
                        "shall be white", bbox=where)
    blue = [b for b in f.buoy.bands if b.color.family == "blue"]
    water = f.buoy.waterline
    assert water is not None  # a buoy is measured above its waterline
    clear = [b for b in blue if water - b.bottom > j.req("band_edge_tolerance")]
    if not clear:
        yield Hit(f"no blue band clearly visible above the waterline{_water(f)}",
                  measured=_sequence(f), required="a blue band above the waterline",
                  bbox=where)
    else:
        j.saw(f"a blue band clear of the waterline (bands from the top: {_sequence(f)})",
              _sequence(f), "a blue band above the waterline")
    shapes = j.law.choice("mooring_shapes").values
    if f.buoy.shape not in shapes:
        yield Hit(f"mooring buoy is {shape_words(f.buoy.shape)}; it should be spherical or "
                  "ovate",
                  measured=f.buoy.shape, required=" or ".join(shapes), severity="warning",
                  bbox=where)
    else:
        j.saw(f"mooring buoy is {shape_words(f.buoy.shape)}", f.buoy.shape,
              " or ".join(shapes))


@rule("race-buoy", "NR 5.09(7)(b)", "error", ("buoy-race",), tolerance=_LENGTH,
      sized=True)
def race_buoy(f: Facts, j: Judge) -> Iterator[Hit]:
    """A race course buoy: >= 4 in out, one race color all over, 8 3/4 to 14 in, round.

    A race course, water ski or slalom buoy extends at least 4 in above the
    waterline; is yellow, green, fluorescent red or fluorescent orange (color
    families: a drawing cannot show fluorescence) over at least 90 % of what is seen
    above the waterline, so that it is not mistaken for an aid or a regulatory marker
    (lettering or a pictogram on it make it a sign); spherical or cylindrical; 8 3/4 to
    14 in in diameter; made of foam, plastic or rubber (a design field: a drawing
    without it gets an info).

    Passes: a yellow 9 in foam sphere riding 4.5 in out.  Fails: a 16 in sphere, or a
    yellow ball a third covered by a black figure.
    """
    where, a, d = f.bbox(), f.buoy.height_above_water, f.buoy.diameter
    low = j.req("race_min_height")
    yield from j.at_least(a, low, lambda v: f"race buoy extends {v:.2f} in above the "
                          f"waterline{_water(f)}; {j.requirement('race_min_height').ref} "
                          f"asks at least {low:g} in", bbox=where)
    lo, hi = j.req("race_min_diameter"), j.req("race_max_diameter")
    yield from j.within(d, lo, hi, lambda v: f"race buoy is {v:.2f} in in diameter; "
                        f"{j.requirement('race_min_diameter').ref} asks {lo:g} to {hi:g} in",
                        required=f"{lo:g} to {hi:g}", bbox=where)
    colors = j.law.choice("race_colors")
    if f.buoy.color is None or f.buoy.color.family not in colors.values:
        said = f.buoy.color.label if f.buoy.color else "not painted"
        yield Hit(f"race buoy is {said}; {colors.ref} asks {colors.text}",
                  measured=f.buoy.color.family if f.buoy.color else "none",
                  required=" | ".join(colors.values), bbox=where)
    else:
        j.saw(f"race buoy is {f.buoy.color.label}", f.buoy.color.family,
              " | ".join(colors.values))
    yield from _one_color(f, j)
    shapes = j.law.choice("race_shapes")
    if f.buoy.shape not in shapes.values:
        yield Hit(f"race buoy is {shape_words(f.buoy.shape)}; {shapes.ref} asks {shapes.text}",
                  measured=str(f.buoy.shape), required=" | ".join(shapes.values), bbox=where)
    else:
        j.saw(f"race buoy is {shape_words(f.buoy.shape)}", str(f.buoy.shape),
              " | ".join(shapes.values))
    materials = j.law.choice("race_materials")
    if f.buoy.material is None:
        yield Hit("material not declared (a design's 'material'); NR 5.09(7)(b)3 asks foam, "
                  "plastic or rubber", severity="info")
    elif f.buoy.material not in materials.values:
        yield Hit(f"race buoy material is {f.buoy.material}; {materials.ref} asks {materials.text}",
                  measured=f.buoy.material, required=" | ".join(materials.values))
    else:
        j.saw(f"race buoy material is {f.buoy.material} (declared)", f.buoy.material,
              " | ".join(materials.values))


def _one_color(f: Facts, j: Judge) -> Iterator[Hit]:
    """Other colors on a race buoy beyond the allowance: lettering or a pictogram."""
    share, need = f.buoy.color_share, j.req("race_color_share")
    if share is None or f.buoy.color is None:
        return
    others = max(0.0, 1 - share)  # a share a hair over 1 (areas' rounding) leaves none
    said = f"race buoy is {share:.0%} {f.buoy.color.label} and {others:.0%} other colors"
    if share >= need - EPSILON:
        j.saw(said, round(share, 3), f">= {need:g}", unit="ratio", margin=share - need)
        return
    yield Hit(f"{said} (lettering or a pictogram); {j.requirement('race_color_share').ref} "
              f"asks one race color over what is seen, so it is not mistaken for a sign",
              measured=round(share, 3), required=f">= {need:g}", unit="ratio", bbox=f.bbox())
