"""A buoy as a shop makes it: its surface above the waterline, zone by zone, and the
flat print of the parts that can be printed flat.

The elevation (``markers.build.buoys``) is the buoy seen from the side; its areas are a
silhouette's, a third of the surface of a sphere's band. Here every zone is a true
surface area in square inches (``markers.core.surfaces``): cylinder sides and bands pi d h,
cone frustums pi (r1 + r2) s, sphere and ovate zones by the spheroid-zone integral.

Cylinders and cones are developable: they unroll flat without stretching, so their
print is a flat wrap (the cylinder pi d wide plus the ``seam`` overlap, ids and
symbols twice, 180 deg apart; a nun's cone as an annular sector) and what is printed
on them is measured on that wrap, whose areas are the surface's. Spheres and ovates are
not developable: their zones are painted, and only quantified. The flat top of a can or
nun is not part of the wrap and is not counted.
"""

from __future__ import annotations

import math
import shlex
from collections.abc import Sequence
from dataclasses import replace

from shapely.geometry import LineString, Polygon, box
from shapely.geometry.base import BaseGeometry

from markers.build.aid_ids import aid_id_face
from markers.build.buoys import NUN_CONE, NUN_TOP, aid_face_top
from markers.build.cylinder import place
from markers.build.layout import assemble, merge
from markers.build.wrap import symbol_centres
from markers.core.artwork import FLAT_WRAP, Artwork
from markers.core.design import Design
from markers.core.pack import Build
from markers.core.shop import BuoySurface, Zone
from markers.core.spec import Dimension
from markers.core.surfaces import (
    annular_sector_angle,
    cylinder_area,
    frustum_area,
    frustum_slant,
    spheroid_zone_area,
)

__all__ = ["symbol_buoy_surface", "sign_buoy_surface", "aid_buoy_surface", "mooring_surface",
           "race_surface", "cone_development", "banded_body"]

#: Room between the cylinder wrap and the cone's development on the flat print, inches.
GAP = 1.0
#: Points along each arc of a cone's development (the chord error on a 10 in radius is
#: under 1/10,000 in).
ARC_POINTS = 720


def _cylinder_zones(flat: Artwork, around: float, height: float, y0: float = 0.0,
                    body: str | None = None) -> list[Zone]:
    """Zones of a cylinder read from its flat wrap (exact: a developed cylinder keeps its
    areas), within the circumference (the seam overlap is material, not surface)."""
    window = box(0, y0, around, y0 + height)
    zones = []
    for color, geometry in flat.visible_by_color().items():
        area = geometry.intersection(window).area
        if area > 1e-9:
            what = "body" if color == body else f"{color} on the cylinder"
            zones.append(Zone(color, what, area, "cylinder", True))
    return zones


def _wrap(kind: str, around: float, seam: float, height: float,
          parts: Sequence[tuple[str, BaseGeometry]], legends: list, meta: dict,
          dims: list[Dimension], extra_height: float = 0.0) -> Artwork:
    width = around + seam
    return assemble(kind, width, height + extra_height, merge(parts), legends=legends,
                    features={"waterline": LineString([(0, height), (width, height)])},
                    meta={**meta, "print": FLAT_WRAP, "seam": seam}, dimensions=dims)


def cone_development(r_top: float, r_bottom: float, height: float, apex: tuple[float, float],
                     from_top: float = 0.0, to_top: float | None = None) -> Polygon:
    """The part of a cone frustum's side between ``from_top`` and ``to_top`` inches below
    its top (measured along the axis), unrolled: an annular sector around ``apex``,
    opening downwards. Its area is the frustum zone's."""
    to_top = height if to_top is None else to_top
    slant = frustum_slant(r_top, r_bottom, height)
    outer = r_bottom * slant / (r_bottom - r_top)
    top_radius = outer - slant
    inner = top_radius + slant * from_top / height
    rim = top_radius + slant * to_top / height
    theta = annular_sector_angle(r_top, r_bottom, height)
    cx, cy = apex
    angles = [math.pi / 2 - theta / 2 + theta * i / ARC_POINTS for i in range(ARC_POINTS + 1)]
    arc_out = [(cx + rim * math.cos(t), cy + rim * math.sin(t)) for t in angles]
    arc_in = [(cx + inner * math.cos(t), cy + inner * math.sin(t)) for t in reversed(angles)]
    return Polygon(arc_out + arc_in)


def symbol_buoy_surface(design: Design, elevation: Artwork, build: Build) -> BuoySurface:
    """A symbol buoy's cylinder: its print is the wrap (the kind its Look names)."""
    print_as = build.kind(design.kind).look.print
    assert print_as is not None, "a symbol buoy's Look names the wrap it is printed as"
    flat = build.make(replace(design, kind=print_as))  # what is printed is its wrap,
    # and says so: the print and cut files are checked as the wrap they are
    d, a = elevation.meta["diameter"], elevation.meta["height_above_water"]
    around = math.pi * d
    band = next(x.value for x in elevation.meta["dimensions"]
                if x.name == "orange band on the top")
    zones = [Zone("orange", "band on the top", cylinder_area(d, band), "cylinder", True),
             Zone("orange", "band above the waterline", cylinder_area(d, band), "cylinder",
                  True)]
    return banded_body(flat, d, a, zones, box(0, band, around, a - band),
                       "body (between the bands, less the symbols)")


def banded_body(flat: Artwork, d: float, a: float, bands: list[Zone], window: BaseGeometry,
                white_name: str) -> BuoySurface:
    """A white cylinder (diameter ``d``, ``a`` above the water) with its orange ``bands``:
    the paint shown through ``window`` of the flat wrap (the symbols and words between
    the bands, on 2 sides) in a zone per color, and the white what is left of the body
    (named ``white_name``)."""
    zones = list(bands)
    for color, geometry in flat.visible_by_color().items():
        if color != "white":
            area = geometry.intersection(window).area
            if area > 1e-9:
                zones.append(Zone(color, "symbol and words, 2 sides", area, "cylinder", True))
    white = cylinder_area(d, a) - sum(z.area for z in zones)
    zones.insert(0, Zone("white", white_name, white, "cylinder", True))
    return BuoySurface(tuple(zones), flat, cylinder_area(d, a))


def sign_buoy_surface(design: Design, elevation: Artwork, build: Build) -> BuoySurface:
    """A sign buoy's cylinder of bands; the sign it carries is made as a sign."""
    d, a = elevation.meta["diameter"], elevation.meta["height_above_water"]
    around, count = math.pi * d, int(build.law.req("sign_buoy_bands"))
    colors = ["orange" if i % 2 == 0 else "white" for i in range(count)]
    parts = [(c, box(0, a * i / count, around + design.seam, a * (i + 1) / count))
             for i, c in enumerate(colors)]
    flat = _wrap(design.kind, around, design.seam, a, parts, [],
                 _meta(elevation), _dims(elevation))
    zones = tuple(Zone(c, f"band {i + 1} from the top", cylinder_area(d, a / count),
                       "cylinder", True) for i, c in enumerate(colors))
    legend = elevation.meta.get("legend")
    note = (f"the {elevation.meta['symbol']} sign it carries is made as a sign: "
            f"wsmark fabricate {elevation.meta['symbol']} -H "
            f"{elevation.meta['display_height']:g}"
            + (f" --legend {shlex.quote(legend)}" if legend else ""))
    return BuoySurface(zones, flat, cylinder_area(d, a), (note,))


def aid_buoy_surface(design: Design, elevation: Artwork, build: Build) -> BuoySurface:
    """An aid buoy as its Look says: a can, or a nun (a cylinder under a cone), of its
    color or striped, its id twice around and its reflective band."""
    law, look = build.law, build.kind(design.kind).look
    body, shape, center = look.color, look.figure, look.stripes
    assert body is not None, f"{design.kind}'s Look gives an aid buoy its color"
    d, a = elevation.meta["diameter"], elevation.meta["height_above_water"]
    r, around = d / 2, math.pi * d
    ws_id = elevation.meta["ws_id"]
    face, _, curvature = aid_id_face(law, ws_id, law.req("aid_letter_min"),
                                     "black" if center else None, d,
                                     elevation.meta["curvature"], build.drawn)
    cone = NUN_CONE * d if shape == "nun" else 0.0
    cyl = a - cone  # the cylinder below the nun's cone (all of a can)
    reflect = 0.0 if design.lighted else law.req("reflector_min")
    on_cyl = max(0.0, reflect - cone)  # reflective band reaching down onto the cylinder
    width = around + design.seam
    parts: list[tuple[str, BaseGeometry]] = [(body, box(0, 0, width, cyl))]
    if center:  # 8 stripes, 4 black: one behind each id's plate, as in the elevation
        step = around / 8
        parts += [("black", box(max(0.0, (2 * k - 0.5) * step), 0,
                                min(width, (2 * k + 0.5) * step), cyl)) for k in range(5)]
    if on_cyl:
        parts.append((("white" if center else body), box(0, 0, width, on_cyl)))
    legends = []
    top = aid_face_top(law, face, a, cone) - cone
    for centre in symbol_centres(d):
        paints, items = place(face, curvature, "surface", centre, top, r)
        parts += paints
        legends += items
    zones: list[Zone] = []
    r_top = NUN_TOP * d / 2
    if cone:
        apex_y = cyl + GAP
        parts.append((body, cone_development(r_top, r, cone, (width / 2, apex_y))))
        refl_cone = min(reflect, cone)
        if refl_cone:
            parts.append((body, cone_development(r_top, r, cone, (width / 2, apex_y), 0.0,
                                                 refl_cone)))
            r_mid = r_top + (r - r_top) * refl_cone / cone
            zones.append(Zone(body, "reflective band on the cone", frustum_area(
                r_top, r_mid, refl_cone), "cone", True))
            zones.append(Zone(body, "cone below the reflective band", frustum_area(
                r_mid, r, cone - refl_cone), "cone", True))
        else:
            zones.append(Zone(body, "cone", frustum_area(r_top, r, cone), "cone", True))
    # below the wrap: the gap and the cone's sector, as deep as its outer radius
    extra = GAP + r * frustum_slant(r_top, r, cone) / (r - r_top) if cone else 0.0
    flat = _wrap(design.kind, around, design.seam, cyl, parts, legends, _meta(elevation),
                 _dims(elevation), extra)
    if on_cyl:
        zones.append(Zone("white" if center else body, "reflective band on the cylinder",
                          cylinder_area(d, on_cyl), "cylinder", True))
    cyl_zones = _cylinder_zones(flat, around, cyl, body="white" if center else body)
    for z in cyl_zones:  # the reflective band is its own material: take it out of its color
        if on_cyl and z.color == ("white" if center else body):
            z = replace(z, area=z.area - cylinder_area(d, on_cyl))
        zones.append(z)
    return BuoySurface(tuple(zones), flat, cylinder_area(d, cyl) + (
        frustum_area(r_top, r, cone) if cone else 0.0))


def _spheroid(elevation: Artwork, color: str, tall: float) -> BuoySurface:
    """A sphere or ovate: zones between planes, painted."""
    d, a = elevation.meta["diameter"], elevation.meta["height_above_water"]
    semi_a, semi_c = d / 2, tall / 2
    total = spheroid_zone_area(semi_a, semi_c, semi_c - a, semi_c)
    zones = []
    band = next((layer.geometry for layer in elevation.layers if layer.color == "blue"), None)
    if band is not None:  # the mooring buoy's blue band: a zone between two planes
        _, y1, _, y2 = band.bounds
        blue = spheroid_zone_area(semi_a, semi_c, semi_c - y2, semi_c - y1)
        zones.append(Zone("blue", "band around the widest part", blue, _form(d, tall), False))
    zones.insert(0, Zone(color, "body above the waterline" + (", less the band" if zones
                                                              else ""),
                         total - sum(z.area for z in zones), _form(d, tall), False))
    note = f"a {_form(d, tall)} is not developable: its zones are painted, not printed flat"
    return BuoySurface(tuple(zones), None, total, (note,))


def _form(d: float, tall: float) -> str:
    return "sphere zone" if abs(tall - d) < 1e-9 else "ovate zone"


def _meta(elevation: Artwork) -> dict:
    return {k: v for k, v in elevation.meta.items() if k not in ("kind", "dimensions")}


def _dims(elevation: Artwork) -> list[Dimension]:
    return list(elevation.meta.get("dimensions", []))


def mooring_surface(design: Design, elevation: Artwork, build: Build) -> BuoySurface:
    """A mooring ball or ovate of its Look's color: its zones painted."""
    tall = next(x.value for x in elevation.meta["dimensions"] if x.name == "height of the body")
    color = build.kind(design.kind).look.color
    assert color is not None, f"{design.kind}'s Look gives a mooring buoy its color"
    return _spheroid(elevation, color, tall)


def race_surface(design: Design, elevation: Artwork, build: Build) -> BuoySurface:
    """A race course buoy: a ball painted, or a cylinder printed flat."""
    meta = elevation.meta
    d, a = meta["diameter"], meta["height_above_water"]
    if meta["shape"] == "sphere":
        return _spheroid(elevation, meta["color"], d)
    flat = _wrap(design.kind, math.pi * d, design.seam, a,
                 [(meta["color"], box(0, 0, math.pi * d + design.seam, a))], [],
                 _meta(elevation), _dims(elevation))
    return BuoySurface((Zone(meta["color"], "body", cylinder_area(d, a), "cylinder", True),),
                       flat, cylinder_area(d, a))
