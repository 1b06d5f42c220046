"""Connecticut's own builders: what § 15-121-A3 draws differently from any other pack.

The moorings of 15-121-A3(a) are white balls (yellow for a quarantine anchorage); an
individual mooring's blue band is *centred midway between the top of the buoy and the
waterline*. The section sets no size, so the sizes drawn (``DRAWN``) are wsmark's, cited
"wsmark drawing" and never judged. The diver's flag is the house's flag builder, handed
this pack's law (13 x 15 in, a 3 in stripe), with the 20 in mast of 15-121-A3(b) added to
its dimensions (the mast is the fabricator's, not drawn on the flag's face).
"""

from __future__ import annotations

from dataclasses import replace

from shapely.geometry import LineString, box

from markers.build.cylinder import letters_face, place
from markers.build.flags import build_diver_flag
from markers.build.layout import assemble, merge
from markers.core import geometry as geo
from markers.core.artwork import Artwork, Shape
from markers.core.design import Design
from markers.core.pack import Build
from markers.core.spec import Dimension
from markers.errors import DesignError

__all__ = ["AID_DRAWN", "DRAWN", "build_cardinal", "build_ct_aid", "build_ct_diver_flag",
           "build_mooring", "build_mooring_area"]

#: Sizes wsmark draws where 15-121-A3(a) sets none (inches): how far a ball rides above
#: the water, its diameter, and the blue band's height as a share of what rides above.
DRAWN = {"height_above_water": 18.0, "diameter": 24.0, "band_share": 1 / 4}
#: Room beside and below the buoy on the drawing (inches).
SIDE, BELOW = 2.0, 1.0
#: The colors of 15-121-A3(a): an area buoy white, or yellow at a quarantine anchorage.
AREA_COLORS = ("white", "yellow")


def _ball(design: Design, build: Build) -> tuple[float, float, float]:
    """(height above the water, diameter, drawing width) of a mooring ball."""
    a = design.height_above_water or DRAWN["height_above_water"]
    d = design.diameter or DRAWN["diameter"]
    if not 0 < a < d:
        raise DesignError(f"a ball {d:g} in across cannot ride {a:g} in above the water; "
                          "give a diameter larger than the height above the water",
                          "diameter" if design.diameter else "height_above_water")
    return a, d, d + 2 * SIDE


def _size_dims(a: float, d: float) -> list[Dimension]:
    return [Dimension("height above the waterline (15-121-A3(a) sets none)", a, "in",
                      "wsmark drawing"),
            Dimension("diameter (15-121-A3(a) sets none)", d, "in", "wsmark drawing")]


def build_mooring(design: Design, build: Build) -> Artwork:
    """A white ball with a blue band around it, the band's middle midway between the top
    of the buoy and the waterline (15-121-A3(a))."""
    a, d, width = _ball(design, build)
    axis, clause = width / 2, build.kind(design.kind).ref.clause
    body = geo.ellipse_above(axis, a, d, d, a)
    band_h = DRAWN["band_share"] * a
    middle = a / 2
    band = body.intersection(box(0, middle - band_h / 2, width, middle + band_h / 2))
    dims = [*_size_dims(a, d),
            Dimension("color", "white with a blue band", "", clause),
            Dimension("blue band, centred midway between the top and the waterline",
                      band_h, "in", clause),
            Dimension("middle of the band, above the waterline", a - middle, "in", clause)]
    return assemble(design.kind, width, a + BELOW,
                    [("white", [Shape(body)]), ("blue", [Shape(band)])],
                    features={"waterline": LineString([(0, a), (width, a)])},
                    meta={"height_above_water": a, "diameter": d}, dimensions=dims)


def build_mooring_area(design: Design, build: Build) -> Artwork:
    """An anchorage or mooring area buoy: a white ball, or yellow for a quarantine
    anchorage (15-121-A3(a))."""
    color = design.color or "white"
    clause = build.kind(design.kind).ref.clause
    if color not in AREA_COLORS:
        build.refuse(f"an anchorage or mooring area buoy is white, or yellow at a quarantine "
                     f"anchorage ({clause}), not {color}", "color")
    a, d, width = _ball(design, build)
    body = geo.ellipse_above(width / 2, a, d, d, a)
    use = "quarantine anchorage" if color == "yellow" else "anchorage or mooring area"
    dims = [*_size_dims(a, d), Dimension("color", f"{color} ({use})", "", clause)]
    return assemble(design.kind, width, a + BELOW, [(color, [Shape(body)])],
                    features={"waterline": LineString([(0, a), (width, a)])},
                    meta={"height_above_water": a, "diameter": d, "color": color},
                    dimensions=dims)


def build_ct_diver_flag(design: Design, build: Build) -> Artwork:
    """The house's diver's flag under this pack's numbers, with the stiff mast of at
    least ``diver_mast_min`` that 15-121-A3(b) asks for among its dimensions."""
    art = build_diver_flag(design, build)
    mast = build.law.dimension(f"stiff mast {build.law.at_least('diver_mast_min')} (not "
                               "drawn)", build.law.req("diver_mast_min"), "in",
                               "diver_mast_min")
    return replace(art, meta={**art.meta, "dimensions": [*art.meta["dimensions"], mast]})


#: Sizes wsmark draws a navigational buoy of 15-121-A4(b)(1) at, where the section sets
#: none (inches): height above the water, diameter, and the white numbers' cap height.
AID_DRAWN = {"height_above_water": 36.0, "diameter": 18.0, "cap": 3.0}


def build_ct_aid(design: Design, build: Build) -> Artwork:
    """A solid red or green buoy (its kind's ``Look``) with its identification in white:
    "CT" before the number, or the letters CT alone (15-121-A4(b)(1)), laid flat on the
    front of a can. Its size and the letters' are wsmark's drawing (the section sets
    none)."""
    kind = build.kind(design.kind)
    color, clause = kind.look.color, kind.ref.clause
    assert color is not None, f"{kind.name}'s Look: its color"
    ident = design.ws_id or "CT"
    a = design.height_above_water or AID_DRAWN["height_above_water"]
    d = design.diameter or AID_DRAWN["diameter"]
    face = letters_face(ident, AID_DRAWN["cap"], "white", drawn=build.drawn)
    if face.width > 0.9 * d or face.height > 0.8 * a:
        raise DesignError(f"{ident!r} in {AID_DRAWN['cap']:g} in letters does not fit a "
                          f"{d:g} x {a:g} in buoy; give a larger diameter", "diameter")
    width = d + 2 * SIDE
    axis, r = width / 2, d / 2
    body = box(axis - r, 0, axis + r, a)
    paints, legends = place(face, "seen", "seen", axis, (a - face.height) / 2, r)
    dims = [Dimension("height above the waterline (15-121-A4 sets none)", a, "in",
                      "wsmark drawing"),
            Dimension("diameter (15-121-A4 sets none)", d, "in", "wsmark drawing"),
            Dimension("body", f"solid {color}", "", clause),
            Dimension("identification, white", ident, "", clause),
            Dimension("letter height (15-121-A4 sets none)", AID_DRAWN["cap"], "in",
                      "wsmark drawing")]
    return assemble(design.kind, width, a + BELOW, merge([(color, body), *paints]),
                    legends=legends, features={"waterline": LineString([(0, a), (width, a)])},
                    meta={"ws_id": ident, "height_above_water": a, "diameter": d,
                          "curvature": "seen", "lighted": design.lighted},
                    dimensions=dims)


def build_cardinal(design: Design, build: Build) -> Artwork:
    """A white can with a red or green top (its kind's ``Look``) of
    ``cardinal_top_fraction`` of what shows above the water (15-121-A4(b)(2)). The
    section's optional numbers (white, in the top portion) are not drawn; its size is
    wsmark's drawing."""
    kind = build.kind(design.kind)
    color, law = kind.look.color, build.law
    assert color is not None, f"{kind.name}'s Look: its top color"
    a = design.height_above_water or AID_DRAWN["height_above_water"]
    d = design.diameter or AID_DRAWN["diameter"]
    top = law.req("cardinal_top_fraction") * a
    width = d + 2 * SIDE
    axis, r = width / 2, d / 2
    body = box(axis - r, 0, axis + r, a)
    dims = [Dimension("height above the waterline (15-121-A4 sets none)", a, "in",
                      "wsmark drawing"),
            Dimension("diameter (15-121-A4 sets none)", d, "in", "wsmark drawing"),
            law.dimension(f"{color} top {law.about('cardinal_top_fraction')}", top, "in",
                          "cardinal_top_fraction"),
            Dimension("below the top", "white", "", kind.ref.clause)]
    return assemble(design.kind, width, a + BELOW,
                    merge([("white", body), (color, box(axis - r, 0, axis + r, top))]),
                    features={"waterline": LineString([(0, a), (width, a)])},
                    meta={"height_above_water": a, "diameter": d}, dimensions=dims)
