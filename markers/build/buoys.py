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

from markers.core import geometry as geo
from markers.core.artwork import Artwork, Shape
from markers.core.spec import Dimension, at_least, choice, code, dimension, req, requirement
from markers.build.cylinder import (
    FIT, Face, choose_curvature, default_diameter, place, place_label, seen_width, sign_face,
)
from markers.build.aid_ids import aid_id_face, foreshortening
from markers.core.design import Design, refuse
from markers.errors import WsmarkError
from markers.build.layout import assemble, merge
from markers.build.signs import SIGN_BUILDERS

__all__ = ["build_symbol_buoy", "build_sign_buoy", "build_aid_buoy", "build_mooring_buoy",
           "build_race_buoy", "SymbolBuoy", "aid_face_top", "AIDS", "NUN_CONE", "NUN_TOP",
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


def _symbol(design: Design) -> str:
    symbol = design.symbol
    if symbol not in SIGN_BUILDERS:
        raise WsmarkError(f"{design.kind} needs --symbol: one of {', '.join(SIGN_BUILDERS)} "
                          f"({code()}(2)(b)1-4)" + (f", not {symbol!r}" if symbol else ""))
    return symbol


def _size_dims(a: float, d: float) -> list[Dimension]:
    return [dimension(f"height above the waterline {at_least('buoy_min_height')}", a, "in",
                      "buoy_min_height"),
            dimension(f"diameter {at_least('buoy_min_diameter')}", d, "in",
                      "buoy_min_diameter")]


def _layout_dims(face: Face, d: float, curvature: str, what: str) -> list[Dimension]:
    """How the face sits on the round surface, with the numbers that decided it."""
    if curvature == "seen":
        how = f"{what} adjusted for curvature: flat as seen from the front"
        seen = face.width
        along = 2 * (d / 2) * math.asin(min(1.0, face.width / d))
    else:
        how = f"{what} laid along the surface, no adjustment"
        along, seen = face.width, seen_width(face.width, d)
    return [Dimension("layout on the curved surface", how, "", f"{code()}(6)(d)"),
            Dimension("face width as seen from the front", seen, "in", f"{code()}(6)(d)"),
            Dimension("face width along the surface", along, "in", f"{code()}(6)(d)"),
            Dimension("widest face that keeps its shape as seen (95 % of the diameter)",
                      FIT * d, "in", "wsmark practice")]


# --- symbol buoy, (5)(b) ---------------------------------------------------------------

@dataclass(frozen=True)
class SymbolBuoy:
    """The numbers of a symbol buoy, shared by its elevation and its wrap."""

    symbol: str
    display_height: float
    face: Face
    diameter: float
    curvature: str
    height: float
    band: float


def symbol_buoy(design: Design) -> SymbolBuoy:
    """Size a symbol buoy: face from the display height (12 in unless given), diameter
    the 7 in minimum or what the face needs, height the 36 in minimum or what the face
    and two orange bands of at least 3 in need; the bands share what is left."""
    symbol = _symbol(design)
    h = design.display_height or req("display_min")
    face = sign_face(symbol, h, design.outline, design.legend, design.permit_id)
    d = design.diameter or default_diameter(face, design.curvature, req("buoy_min_diameter"))
    curvature = choose_curvature(face, d, design.curvature)
    band_min = req("buoy_band_min")
    a = design.height_above_water or max(req("buoy_min_height"), face.height + 2 * band_min)
    band = (a - face.height) / 2
    if band < band_min - 1e-9:
        raise WsmarkError(
            f"a buoy {a:g} in above the water cannot hold a {face.height:.2f} in white area "
            f"between orange bands of at least {band_min:g} in ({requirement('buoy_band_min').ref}, "
            f"after {code()}(5)(b)); use --height-above-water "
            f"{face.height + 2 * band_min:.2f} or a smaller display height")
    return SymbolBuoy(symbol, h, face, d, curvature, a, band)


def symbol_dims(b: SymbolBuoy) -> list[Dimension]:
    """Dimensions of a symbol buoy (elevation and wrap alike)."""
    return [*_size_dims(b.height, b.diameter),
            Dimension("orange band on the top", b.band, "in", f"{code()}(5)(b)"),
            Dimension("white area between the bands (the display area and any words)",
                      b.face.height, "in", f"{code()}(5)(b)"),
            Dimension("orange band just above the waterline", b.band, "in", f"{code()}(5)(b)"),
            Dimension("symbol shown on", "2 sides, 180 deg apart", "", f"{code()}(6)(a)"),
            *_layout_dims(b.face, b.diameter, b.curvature, "symbol"),
            *b.face.dimensions]


def symbol_meta(design: Design, b: SymbolBuoy) -> dict:
    return {"display_height": b.display_height, "symbol": b.symbol, "legend": design.legend,
            "outline": design.outline, "height_above_water": b.height, "diameter": b.diameter,
            "curvature": b.curvature, "sides": 2, "permit_id": design.permit_id}


def build_symbol_buoy(design: Design) -> Artwork:
    """A white buoy with an orange band on the top and one just above the waterline,
    carrying a regulatory symbol in the white area between them (its display area)."""
    b = symbol_buoy(design)
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

def build_sign_buoy(design: Design) -> Artwork:
    """A buoy of 3 orange bands alternating with 2 white, each a fifth of its height
    above water, carrying a sign face from the catalogue above it."""
    symbol = _symbol(design)
    h = design.display_height or req("display_min")
    sign = SIGN_BUILDERS[symbol](Design(symbol, h, outline=design.outline, legend=design.legend,
                                        permit_id=design.permit_id))
    d = design.diameter or req("buoy_min_diameter")
    a = design.height_above_water or req("buoy_min_height")
    width = max(d, sign.width) + 2 * SIDE
    axis = width / 2
    top = sign.height + SIGN_GAP
    count = int(req("sign_buoy_bands"))
    colors = ["orange" if i % 2 == 0 else "white" for i in range(count)]
    edges = [top + a * i / count for i in range(count + 1)]
    stripes = geo.bands(axis - d / 2, axis + d / 2, edges)
    dx = axis - sign.width / 2
    layers = [(layer.color, affinity.translate(layer.geometry, dx)) for layer in sign.layers]
    layers += list(zip(colors, stripes))
    legends = [replace(i, outlines=affinity.translate(i.outlines, dx),
                       box=affinity.translate(i.box, dx)) for i in sign.legends]
    dims = [*_size_dims(a, d),
            Dimension("bands from the top", ", ".join(colors), "", f"{code()}(5)(c)"),
            dimension("each band (1/5 of the height above water)", a / count, "in",
                      "sign_buoy_band_fraction"),
            Dimension("sign carried above the buoy", f"{symbol}, display area {h:g} in", "",
                      f"{code()}(5)(a)"),
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

_AIDS = {  # kind: (aid, body color, Coast Guard shape, paragraph)
    "buoy-aid-red": ("aid-red", "red", "nun", "(2)(a)1"),
    "buoy-aid-green": ("aid-green", "green", "can", "(2)(a)2"),
    "buoy-aid-center": ("aid-center", "white", "can", "(2)(a)4"),
}
AIDS = _AIDS


def build_aid_buoy(design: Design) -> Artwork:
    """A state aid as a buoy: red nun (even WS number), green can (odd), or a can
    striped black and white (letters); white block letters of at least 3 in, and on an
    unlighted aid a reflective band 2 in high all around its top, of the buoy's color
    (white on the center buoy)."""
    aid, color, shape, clause = _AIDS[design.kind]
    ws_id = design.ws_id
    center = design.kind == "buoy-aid-center"
    cap = req("aid_letter_min")
    face, d, curvature = aid_id_face(ws_id, cap, "black" if center else None,
                                     design.diameter, design.curvature)
    a = design.height_above_water or req("buoy_min_height")
    r = d / 2
    width = d + 2 * SIDE
    axis = width / 2
    cone = NUN_CONE * d if shape == "nun" else 0.0
    outline = geo.nun(axis, 0, a, d, cone, NUN_TOP * d) if shape == "nun" \
        else box(axis - r, 0, axis + r, a)
    reflector = None if design.lighted else outline.intersection(
        box(0, 0, width, req("reflector_min")))
    paints, legends = place(face, curvature, "seen", axis, aid_face_top(face, a, cone), r)
    layers: list[tuple[str, BaseGeometry]] = [(color, outline)]
    if center:
        layers += [("black", _stripes(axis, r, a).intersection(outline))]
    if reflector is not None:
        layers.append(("white" if center else color, reflector))
    layers += paints
    dims = [*_size_dims(a, d),
            Dimension("body", f"{'black and white vertical stripes' if center else color}"
                      f" {shape}", "", code() + clause),
            Dimension("Coast Guard shape", shape, "", f"{code()}(2)(a)7"),
            Dimension("identification", ws_id, "", f"{code()}(2)(a)5"),
            Dimension("identification set as", " / ".join(face.legends[0].text.split("\n")),
                      "", f"{code()}(2)(a)6"),
            Dimension("glyph foreshortened from the front, at most",
                      f"{foreshortening(face, d, curvature):.0%}", "",
                      requirement("aid_id_foreshortening").ref.clause),
            dimension(f"white block letter height {at_least('aid_letter_min')}", cap, "in",
                      "aid_letter_min"),
            *_layout_dims(face, d, curvature, "identification")]
    if reflector is not None:
        dims.append(dimension(f"{'white' if center else color} reflective band all around "
                              f"the top {at_least('reflector_min')}", req("reflector_min"), "in",
                              "reflector_min"))
    else:
        dims.append(Dimension("lighted: no reflective band needed", "", "", f"{code()}(6)(f)"))
    features = {"waterline": _waterline(width, a)}
    if reflector is not None:
        features["reflector"] = reflector
    return assemble(
        design.kind, width, a + BELOW, merge(layers), legends=legends, features=features,
        meta={"ws_id": ws_id, "height_above_water": a, "diameter": d, "curvature": curvature,
              "lighted": design.lighted},
        dimensions=dims)


def aid_face_top(face: Face, above: float, cone: float) -> float:
    """Where an aid buoy's id face starts (inches below the top): centred between the
    cone or reflective band, whichever reaches lower, and the waterline."""
    upper = max(cone, req("reflector_min"))
    return (upper + above - face.height) / 2


def _stripes(axis: float, r: float, height: float) -> BaseGeometry:
    """The black stripes of a center buoy, equal around it, as seen from the front."""
    step = 2 * math.pi * r / STRIPES_AROUND
    around = [box(axis + (i - 0.5) * step, 0, axis + (i + 0.5) * step, height)
              for i in range(-STRIPES_AROUND // 2, STRIPES_AROUND // 2 + 1) if i % 2 == 0]
    return geo.to_seen(unary_union(around), axis, r)


# --- mooring and race course buoys, (7) -----------------------------------------------------

def _choice(key: str, value: str, what: str, drawn: bool = True) -> str:
    """``value`` if the rule allows it; a shape or color outside the rule cannot be
    drawn, a material (only declared) is left to the rules when checking."""
    allowed = choice(key)
    if value not in allowed.values:
        message = (f"{what} {value!r}: {allowed.ref} asks {allowed.text} "
                   f"({', '.join(allowed.values)})")
        if drawn:
            raise WsmarkError(message)
        refuse(message)
    return value


def build_mooring_buoy(design: Design) -> Artwork:
    """A white sphere (or ovate) 18 in above the waterline with a blue band around its
    widest part, clearly above the water."""
    shape = _choice("mooring_shapes", design.shape or "sphere", "mooring buoy shape")
    want, tol = req("mooring_height"), req("mooring_tolerance")
    a = design.height_above_water or want
    if abs(a - want) > tol:
        refuse(f"a mooring buoy extends {want:g} in above the waterline "
                          f"({requirement('mooring_height').ref}), not {a:g} in (within {tol:g} in: "
                          f"{requirement('mooring_tolerance').ref})")
    d = design.diameter or MOORING_DIAMETER[shape]
    tall = d * (OVATE if shape == "ovate" else 1.0)
    if tall <= a:
        raise WsmarkError(f"a {shape} {d:g} in across is {tall:.2f} in tall and cannot ride "
                          f"{a:g} in above the water; use a larger diameter")
    width = d + 2 * SIDE
    axis = width / 2
    body = geo.ellipse_above(axis, a, d, tall, a)
    band_h = MOORING_BAND * d
    # around the widest part (the body's centre, tall / 2 from the top), but never
    # closer to the water than half its own height
    bottom = min(tall / 2 + band_h / 2, a - band_h / 2)
    band = body.intersection(box(0, bottom - band_h, width, bottom))
    dims = [dimension("height above the waterline", a, "in", "mooring_height"),
            Dimension("shape", shape, "", f"{code()}(7)(a)"),
            Dimension("diameter", d, "in", f"{code()}(7)(a)"),
            Dimension("height of the body", tall, "in", f"{code()}(7)(a)"),
            Dimension("color", "white with a blue band", "", f"{code()}(7)(a)"),
            Dimension("blue band, clear of the waterline", band_h, "in", f"{code()}(7)(a)")]
    return assemble(
        design.kind, width, a + BELOW, [("white", [Shape(body)]), ("blue", [Shape(band)])],
        features={"waterline": _waterline(width, a)},
        meta={"height_above_water": a, "diameter": d, "shape": shape}, dimensions=dims)


def build_race_buoy(design: Design) -> Artwork:
    """A race course, water ski or slalom buoy: yellow, green, fluorescent red or
    fluorescent orange, spherical or cylindrical, 8 3/4 to 14 in across, at least 4 in
    above the water, of foam, plastic or rubber."""
    shape = _choice("race_shapes", design.shape or "sphere", "race buoy shape")
    color = _choice("race_colors", design.color or "yellow", "race buoy color")
    material = _choice("race_materials", design.material or "foam", "race buoy material",
                       drawn=False)
    low, high = req("race_min_diameter"), req("race_max_diameter")
    d = design.diameter or RACE_DIAMETER
    if not low <= d <= high:
        refuse(f"race buoy diameter {d:g} in: {requirement('race_min_diameter').ref} asks "
                          f"{low:g} to {high:g} in")
    a = design.height_above_water or (d / 2 if shape == "sphere" else RACE_CYLINDER_HEIGHT)
    if a < req("race_min_height"):
        refuse(f"a race buoy extends at least {req('race_min_height'):g} in above "
                          f"the waterline ({requirement('race_min_height').ref}), not {a:g} in")
    if shape == "sphere" and a >= d:
        raise WsmarkError(f"a {d:g} in sphere cannot ride {a:g} in above the water")
    width = d + 2 * SIDE
    axis = width / 2
    body = geo.ellipse_above(axis, a, d, d, a) if shape == "sphere" \
        else box(axis - d / 2, 0, axis + d / 2, a)
    dims = [dimension(f"height above the waterline {at_least('race_min_height')}", a, "in",
                      "race_min_height"),
            dimension("diameter (8 3/4 to 14 in)", d, "in", "race_min_diameter"),
            Dimension("shape", shape, "", f"{code()}(7)(b)"),
            Dimension("color", color, "", f"{code()}(7)(b)"),
            Dimension("material", material, "", f"{code()}(7)(b)")]
    return assemble(
        design.kind, width, a + BELOW, [(color, [Shape(body)])],
        features={"waterline": _waterline(width, a)},
        meta={"height_above_water": a, "diameter": d, "shape": shape, "color": color,
              "material": material}, dimensions=dims)
