"""Buoys, NR 5.09(2)(a), (5), (6), (7), drawn as elevations: the buoy seen from the side.

An elevation shows the buoy above its waterline at actual size, as seen from the front
(orthographic): its width is the diameter. A guide line ``waterline`` marks the water
(drawn, not painted); nothing is painted below it. What is printed on the round surface
(a symbol, an aid's WS id, vertical stripes) is drawn as it is seen; ``markers.build.cylinder``
says how it is laid out on the surface and ``wsmark wrap`` gives the flat print.

Band layouts come from the parameters (height above water, display height), never from
pre-drawn combinations.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from shapely import affinity, unary_union
from shapely.geometry import LineString, MultiPolygon, box
from shapely.geometry.base import BaseGeometry

from markers.build.aid_ids import aid_id_face, foreshortening
from markers.build.cylinder import (
    FIT,
    Face,
    choose_curvature,
    default_diameter,
    place,
    place_label,
    seen_width,
    sign_face,
)
from markers.build.layout import assemble, merge
from markers.core import geometry as geo
from markers.core.artwork import Artwork, Shape
from markers.core.design import Design
from markers.core.pack import Build
from markers.core.spec import Dimension, Law
from markers.errors import DesignError

__all__ = ["build_symbol_buoy", "build_sign_buoy", "build_aid_buoy", "build_mooring_buoy",
           "build_race_buoy", "SymbolBuoy", "aid_face_top", "NUN_CONE", "NUN_TOP",
           "symbol_buoy", "symbol_dims", "symbol_meta"]

#: Clear space drawn beside a buoy and below its waterline, inches: room for the
#: waterline to show in a picture. Nothing is painted there.
SIDE, BELOW = 2.0, 1.0
#: A sign buoy's sign is drawn this far above the buoy (its frame is not drawn).
SIGN_GAP = 6.0
#: A nun's cone rises half a diameter to a flat top half a diameter wide.
NUN_CONE, NUN_TOP = 0.5, 0.5
#: Stripes around a center buoy (4 black, 4 white), so 4 face the viewer.
STRIPES_AROUND = 8
#: A mooring buoy's blue band: 1/6 of its diameter high, around its widest part.
MOORING_BAND = 1 / 6
#: Default sizes where the rule gives no minimum (inches) and the ovate's height/width.
MOORING_DIAMETER = {"sphere": 24.0, "ovate": 18.0}
OVATE = 1.3
RACE_DIAMETER, RACE_CYLINDER_HEIGHT = 9.0, 12.0


def _waterline(width: float, y: float) -> LineString:
    return LineString([(0.0, y), (width, y)])


def _symbol(design: Design, build: Build) -> str:
    """The face a buoy carries: a kind of the "face" family."""
    symbol, faces = design.symbol, build.of_family("face")
    if symbol not in faces:
        raise DesignError(f"{design.kind} needs --symbol: one of {', '.join(faces)} "
                          f"({build.law.clause('regulatory_symbols')})"
                          + (f", not {symbol!r}" if symbol else ""), field="symbol")
    return symbol


def _size_dims(law: Law, a: float, d: float) -> list[Dimension]:
    return [law.dimension(f"height above the waterline {law.at_least('buoy_min_height')}", a,
                          "in", "buoy_min_height"),
            law.dimension(f"diameter {law.at_least('buoy_min_diameter')}", d, "in",
                          "buoy_min_diameter")]


def _layout_dims(law: Law, face: Face, d: float, curvature: str, what: str) -> list[Dimension]:
    """How the face sits on the round surface, with the numbers that decided it."""
    if curvature == "seen":
        how = f"{what} adjusted for curvature: flat as seen from the front"
        seen = face.width
        along = 2 * (d / 2) * math.asin(min(1.0, face.width / d))
    else:
        how = f"{what} laid along the surface, no adjustment"
        along, seen = face.width, seen_width(face.width, d)
    curve = law.clause("curvature")
    return [Dimension("layout on the curved surface", how, "", curve),
            Dimension("face width as seen from the front", seen, "in", curve),
            Dimension("face width along the surface", along, "in", curve),
            Dimension("widest face that keeps its shape as seen (95 % of the diameter)",
                      FIT * d, "in", law.practice)]


# --- symbol buoy, (5)(b) ---------------------------------------------------------------

@dataclass(frozen=True)
class SymbolBuoy:
    """The numbers of a symbol buoy, shared by its elevation and its wrap, and the law
    they follow."""

    law: Law
    symbol: str
    display_height: float
    face: Face
    diameter: float
    curvature: str
    height: float
    band: float


def symbol_buoy(design: Design, build: Build) -> SymbolBuoy:
    """Size a symbol buoy: face from the display height (the law's minimum unless
    given), diameter the minimum or what the face needs, height the minimum or what the
    face and two orange bands of at least ``buoy_band_min`` need; the bands share what
    is left."""
    law = build.law
    symbol = _symbol(design, build)
    h = design.display_height or law.req("display_min")
    assert design.outline is not None, "the pack fills the outline in"
    face = sign_face(build, symbol, h, design.outline, design.legend, design.permit_id)
    d = design.diameter or default_diameter(face, design.curvature,
                                            law.req("buoy_min_diameter"))
    curvature = choose_curvature(law, face, d, design.curvature)
    band_min = law.req("buoy_band_min")
    a = design.height_above_water or max(law.req("buoy_min_height"),
                                         face.height + 2 * band_min)
    band = (a - face.height) / 2
    if band < band_min - 1e-9:
        raise DesignError(
            f"a buoy {a:g} in above the water cannot hold a {face.height:.2f} in white area "
            f"between orange bands of at least {band_min:g} in "
            f"({law.requirement('buoy_band_min').ref}, after {law.clause('symbol_buoy')}); "
            f"use --height-above-water {face.height + 2 * band_min:.2f} or a smaller "
            "display height", field="height_above_water")
    return SymbolBuoy(law, symbol, h, face, d, curvature, a, band)


def symbol_dims(b: SymbolBuoy) -> list[Dimension]:
    """Dimensions of a symbol buoy (elevation and wrap alike)."""
    law = b.law
    bands = law.clause("symbol_buoy")
    return [*_size_dims(law, b.height, b.diameter),
            Dimension("orange band on the top", b.band, "in", bands),
            Dimension("white area between the bands (the display area and any words)",
                      b.face.height, "in", bands),
            Dimension("orange band just above the waterline", b.band, "in", bands),
            Dimension("symbol shown on", "2 sides, 180 deg apart", "", law.clause("buoy_sides")),
            *_layout_dims(law, b.face, b.diameter, b.curvature, "symbol"),
            *b.face.dimensions]


def symbol_meta(design: Design, b: SymbolBuoy) -> dict:
    return {"display_height": b.display_height, "symbol": b.symbol, "legend": design.legend,
            "outline": design.outline, "height_above_water": b.height, "diameter": b.diameter,
            "curvature": b.curvature, "sides": 2, "permit_id": design.permit_id}


def build_symbol_buoy(design: Design, build: Build) -> Artwork:
    """A white buoy with an orange band on the top and one just above the waterline,
    carrying a regulatory symbol in the white area between them (its display area)."""
    b = symbol_buoy(design, build)
    r = b.diameter / 2
    width = b.diameter + 2 * SIDE
    axis = width / 2
    body = box(axis - r, 0, axis + r, b.height)
    paints, legends = place(b.face, b.curvature, "seen", axis, b.band, r)
    orange = geo.bands(axis - r, axis + r, [0, b.band]) + \
        geo.bands(axis - r, axis + r, [b.height - b.band, b.height])
    layers = merge([("white", body), *[("orange", g) for g in orange], *paints])
    top = b.band + b.face.display_top
    display = box(axis - r, top, axis + r, top + b.display_height)
    features = {"display-area": display, "waterline": _waterline(width, b.height),
                "bands": unary_union(orange)}
    label = place_label(b.face, b.curvature, "seen", axis, b.band, r)
    if label is not None:
        features["permit-label"] = label
    return assemble(
        design.kind, width, b.height + BELOW, layers, legends=legends, features=features,
        meta=symbol_meta(design, b), dimensions=symbol_dims(b))


# --- sign buoy, (5)(c) -------------------------------------------------------------------

def build_sign_buoy(design: Design, build: Build) -> Artwork:
    """A buoy of bands of orange alternating with white (``sign_buoy_bands`` of them),
    each an equal share of its height above water, carrying a sign face above it."""
    law = build.law
    symbol = _symbol(design, build)
    h = design.display_height or law.req("display_min")
    # a sign buoy takes no --max-width or --force: the sign it carries is not refused for
    # its height (markers.build.signs.MAX_TALL)
    sign = build.make(Design(symbol, h, outline=design.outline, legend=design.legend,
                             permit_id=design.permit_id, force=True))
    d = design.diameter or law.req("buoy_min_diameter")
    a = design.height_above_water or law.req("buoy_min_height")
    width = max(d, sign.width) + 2 * SIDE
    axis = width / 2
    top = sign.height + SIGN_GAP
    count = int(law.req("sign_buoy_bands"))
    colors = ["orange" if i % 2 == 0 else "white" for i in range(count)]
    edges = [top + a * i / count for i in range(count + 1)]
    stripes = geo.bands(axis - d / 2, axis + d / 2, edges)
    dx = axis - sign.width / 2
    layers = [(layer.color, affinity.translate(layer.geometry, dx)) for layer in sign.layers]
    layers += list(zip(colors, stripes, strict=True))
    legends = [replace(i, outlines=affinity.translate(i.outlines, dx),
                       box=affinity.translate(i.box, dx)) for i in sign.legends]
    dims = [*_size_dims(law, a, d),
            Dimension("bands from the top", ", ".join(colors), "", law.clause("sign_buoy")),
            law.dimension("each band (1/5 of the height above water)", a / count, "in",
                          "sign_buoy_band_fraction"),
            Dimension("sign carried above the buoy", f"{symbol}, display area {h:g} in", "",
                      law.clause("sign_on_buoy")),
            *sign.meta["dimensions"]]
    features = {"display-area": affinity.translate(sign.features["display-area"], dx),
                "waterline": _waterline(width, top + a), "bands": MultiPolygon(stripes)}
    if "permit-label" in sign.features:
        features["permit-label"] = affinity.translate(sign.features["permit-label"], dx)
    return assemble(
        design.kind, width, top + a + BELOW, merge(layers), legends=legends,
        features=features,
        meta={"display_height": h, "symbol": symbol, "legend": design.legend,
              "outline": design.outline, "height_above_water": a, "diameter": d,
              "permit_id": design.permit_id},
        dimensions=dims)


# --- aid buoys, (2)(a), (6)(f) -------------------------------------------------------------

def build_aid_buoy(design: Design, build: Build) -> Artwork:
    """A state aid as a buoy, as its Look says: a nun or a can of its color, or a can
    striped black and white; white block letters of at least ``aid_letter_min``, and on
    an unlighted aid a reflective band ``reflector_min`` high all around its top, of the
    buoy's color (white on a striped buoy)."""
    law, kind = build.law, build.kind(design.kind)
    color, shape, center = kind.look.color, kind.look.figure, kind.look.stripes
    assert color is not None and shape is not None, f"{kind.name}'s Look: color and figure"
    ws_id = design.ws_id
    assert ws_id, "the pack refuses an aid without its identification"
    cap = law.req("aid_letter_min")
    face, d, curvature = aid_id_face(law, ws_id, cap, "black" if center else None,
                                     design.diameter, design.curvature, build.drawn)
    a = design.height_above_water or law.req("buoy_min_height")
    r = d / 2
    width = d + 2 * SIDE
    axis = width / 2
    cone = NUN_CONE * d if shape == "nun" else 0.0
    outline = geo.nun(axis, 0, a, d, cone, NUN_TOP * d) if shape == "nun" \
        else box(axis - r, 0, axis + r, a)
    reflector = None if design.lighted else outline.intersection(
        box(0, 0, width, law.req("reflector_min")))
    paints, legends = place(face, curvature, "seen", axis, aid_face_top(law, face, a, cone), r)
    layers: list[tuple[str, BaseGeometry]] = [(color, outline)]
    if center:
        layers += [("black", _stripes(axis, r, a).intersection(outline))]
    if reflector is not None:
        layers.append(("white" if center else color, reflector))
    layers += paints
    dims = [*_size_dims(law, a, d),
            Dimension("body", f"{'black and white vertical stripes' if center else color}"
                      f" {shape}", "", kind.ref.clause),
            Dimension("Coast Guard shape", shape, "", law.clause("aid_shape")),
            Dimension("identification", ws_id, "", law.clause("aid_id")),
            Dimension("identification set as", " / ".join(face.legends[0].text.split("\n")),
                      "", law.clause("aid_letters")),
            law.dimension("glyph foreshortened from the front, at most",
                          f"{foreshortening(face, d, curvature):.0%}", "",
                          "aid_id_foreshortening"),
            law.dimension(f"white block letter height {law.at_least('aid_letter_min')}", cap,
                          "in", "aid_letter_min"),
            *_layout_dims(law, face, d, curvature, "identification")]
    if reflector is not None:
        dims.append(law.dimension(f"{'white' if center else color} reflective band all "
                                  f"around the top {law.at_least('reflector_min')}",
                                  law.req("reflector_min"), "in", "reflector_min"))
    else:
        dims.append(Dimension("lighted: no reflective band needed", "", "",
                              law.clause("reflector")))
    features: dict[str, BaseGeometry] = {"waterline": _waterline(width, a)}
    if reflector is not None:
        features["reflector"] = reflector
    return assemble(
        design.kind, width, a + BELOW, merge(layers), legends=legends, features=features,
        meta={"ws_id": ws_id, "height_above_water": a, "diameter": d, "curvature": curvature,
              "lighted": design.lighted},
        dimensions=dims)


def aid_face_top(law: Law, face: Face, above: float, cone: float) -> float:
    """Where an aid buoy's id face starts (inches below the top): centred between the
    cone or reflective band, whichever reaches lower, and the waterline."""
    upper = max(cone, law.req("reflector_min"))
    return (upper + above - face.height) / 2


def _stripes(axis: float, r: float, height: float) -> BaseGeometry:
    """The black stripes of a center buoy, equal around it, as seen from the front."""
    step = 2 * math.pi * r / STRIPES_AROUND
    around = [box(axis + (i - 0.5) * step, 0, axis + (i + 0.5) * step, height)
              for i in range(-STRIPES_AROUND // 2, STRIPES_AROUND // 2 + 1) if i % 2 == 0]
    return geo.to_seen(unary_union(around), axis, r)


# --- mooring and race course buoys, (7) -----------------------------------------------------

def _choice(build: Build, key: str, value: str, what: str, field: str,
            drawn: bool = True) -> str:
    """``value`` of the design's ``field`` if the rule allows it; a shape or color
    outside the rule cannot be drawn, a material (only declared) is left to the rules
    when checking."""
    allowed = build.law.choice(key)
    if value not in allowed.values:
        message = (f"{what} {value!r}: {allowed.ref} asks {allowed.text} "
                   f"({', '.join(allowed.values)})")
        if drawn:
            raise DesignError(message, field=field)
        build.refuse(message, field)
    return value


def build_mooring_buoy(design: Design, build: Build) -> Artwork:
    """A white sphere (or ovate) ``mooring_height`` above the waterline with a blue
    band around its widest part, clearly above the water."""
    law, clause = build.law, build.kind(design.kind).ref.clause
    lists = build.kind(design.kind).choices
    shape = _choice(build, lists["shape"], design.shape or "sphere", "mooring buoy shape",
                    "shape")
    want, tol = law.req("mooring_height"), law.req("mooring_tolerance")
    a = design.height_above_water or want
    if abs(a - want) > tol:
        build.refuse(f"a mooring buoy extends {want:g} in above the waterline "
                     f"({law.requirement('mooring_height').ref}), not {a:g} in (within "
                     f"{tol:g} in: {law.requirement('mooring_tolerance').ref})",
                     "height_above_water")
    d = design.diameter or MOORING_DIAMETER[shape]
    tall = d * (OVATE if shape == "ovate" else 1.0)
    if tall <= a:
        raise DesignError(f"a {shape} {d:g} in across is {tall:.2f} in tall and cannot ride "
                          f"{a:g} in above the water; use a larger diameter", field="diameter")
    width = d + 2 * SIDE
    axis = width / 2
    body = geo.ellipse_above(axis, a, d, tall, a)
    band_h = MOORING_BAND * d
    # around the widest part (the body's centre, tall / 2 from the top), but never
    # closer to the water than half its own height
    bottom = min(tall / 2 + band_h / 2, a - band_h / 2)
    band = body.intersection(box(0, bottom - band_h, width, bottom))
    dims = [law.dimension("height above the waterline", a, "in", "mooring_height"),
            Dimension("shape", shape, "", clause),
            Dimension("diameter", d, "in", clause),
            Dimension("height of the body", tall, "in", clause),
            Dimension("color", "white with a blue band", "", clause),
            Dimension("blue band, clear of the waterline", band_h, "in", clause)]
    return assemble(
        design.kind, width, a + BELOW, [("white", [Shape(body)]), ("blue", [Shape(band)])],
        features={"waterline": _waterline(width, a)},
        meta={"height_above_water": a, "diameter": d, "shape": shape}, dimensions=dims)


def build_race_buoy(design: Design, build: Build) -> Artwork:
    """A race course, water ski or slalom buoy: of one of the law's colors, shapes and
    materials, its diameter and height above the water within the law's numbers."""
    law, clause = build.law, build.kind(design.kind).ref.clause
    lists = build.kind(design.kind).choices
    shape = _choice(build, lists["shape"], design.shape or "sphere", "race buoy shape", "shape")
    color = _choice(build, lists["color"], design.color or "yellow", "race buoy color", "color")
    material = _choice(build, lists["material"], design.material or "foam",
                       "race buoy material", "material", drawn=False)
    low, high = law.req("race_min_diameter"), law.req("race_max_diameter")
    d = design.diameter or RACE_DIAMETER
    if not low <= d <= high:
        build.refuse(f"race buoy diameter {d:g} in: {law.requirement('race_min_diameter').ref} "
                     f"asks {low:g} to {high:g} in", "diameter")
    a = design.height_above_water or (d / 2 if shape == "sphere" else RACE_CYLINDER_HEIGHT)
    if a < law.req("race_min_height"):
        build.refuse(f"a race buoy extends at least {law.req('race_min_height'):g} in above "
                     f"the waterline ({law.requirement('race_min_height').ref}), not {a:g} in",
                     "height_above_water")
    if shape == "sphere" and a >= d:
        raise DesignError(f"a {d:g} in sphere cannot ride {a:g} in above the water",
                          field="height_above_water")
    width = d + 2 * SIDE
    axis = width / 2
    body = geo.ellipse_above(axis, a, d, d, a) if shape == "sphere" \
        else box(axis - d / 2, 0, axis + d / 2, a)
    dims = [law.dimension(f"height above the waterline {law.at_least('race_min_height')}", a,
                          "in", "race_min_height"),
            law.dimension("diameter (8 3/4 to 14 in)", d, "in", "race_min_diameter"),
            Dimension("shape", shape, "", clause),
            Dimension("color", color, "", clause),
            Dimension("material", material, "", clause)]
    return assemble(
        design.kind, width, a + BELOW, [(color, [Shape(body)])],
        features={"waterline": _waterline(width, a)},
        meta={"height_above_water": a, "diameter": d, "shape": shape, "color": color,
              "material": material}, dimensions=dims)
