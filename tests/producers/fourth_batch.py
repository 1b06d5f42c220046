"""The fourth batch of producers' proofs: buoys and flags, which the sign batches leave
out, drawn as a shop draws an elevation or a flag (its own geometry here, from the law's
numbers: NR 5.09(6)(a), (6)(f), (7)(a), (7)(b); ss. 30.70, 30.675).

A red nun and a green can carrying their ids in white 3 in letters, each with a band of
its own colour drawn as its own object round its top (an elevation cannot show that
band is reflective: the answer is review, with reflector-band); a white mooring sphere
riding 18 in out of the water with a blue band round its widest part; a yellow race
ball; a diver flag and a distress flag, each with a note beside it. Seeded defects: a
diver flag's stripe 2 in wide (3 in is the law's), a mooring sphere without its band.
"""

from __future__ import annotations

import marker_scene as ms
from truth import Case, Marker

INK, LO, GS, MPL = "inkscape", "libreoffice", "ghostscript", "matplotlib"
YELLOW, MOORING_BLUE = "#FFCD00", "#0033A0"


def _points(geometry) -> tuple[ms.Point, ...]:
    """A polygon's outline points (its first part's, without the repeated last)."""
    polygon = geometry if geometry.geom_type == "Polygon" else max(geometry.geoms,
                                                                    key=lambda g: g.area)
    return tuple((round(x, 4), round(y, 4)) for x, y in polygon.exterior.coords[:-1])


def _waterline(x0: float, x1: float, y: float) -> ms.Line:
    return ms.Line(((x0 - 2, y), (x1 + 2, y)), 0.1, ms.WATER, layer="Waterline")


def _aid_buoy(x: float, y: float, ws_id: str, color: str, nun: bool, font: str,
              diameter: float = 16.0, above: float = 40.0) -> list:
    """A nun (cone top) or can (flat top) ``diameter`` wide riding ``above`` in out of the
    water, its id in white block capitals at mid height, a band 2 in high of its colour
    round its top drawn as its own object (the reflector), the waterline in blue."""
    from shapely.geometry import Polygon, box

    cone = diameter / 2 if nun else 0.0
    cx = x + diameter / 2
    body = Polygon([(x, y + above), (x, y + cone), (cx - 0.5, y), (cx + 0.5, y),
                    (x + diameter, y + cone), (x + diameter, y + above)]) if nun else \
        box(x, y, x + diameter, y + above)
    band = body.intersection(box(x - 1, y, x + diameter + 1, y + 2))
    cap = ms.aid_cap(font, ws_id)
    words = ms.legend_lines([ws_id], cx, y + above / 2 + 2, cap, font, ms.WHITE)
    ms.require_inside(words, body, 0.5, "aid buoy")
    return [ms.Poly(_points(body), color), ms.Poly(_points(band), color, "Reflector"),
            *words, _waterline(x, x + diameter, y + above)]


def _sphere(x: float, y: float, diameter: float, above: float, color: str,
            band: str | None = None, band_width: float = 4.0) -> list:
    """A sphere ``diameter`` wide riding ``above`` in out of the water (the part above
    the waterline), with a ``band`` round its widest part when given."""
    from shapely.geometry import Point, box

    r = diameter / 2
    cx, cy = x + r, y + r  # its top at y, the water at y + above
    ball = Point(cx, cy).buffer(r, 64).intersection(box(x - 1, y - 1, x + diameter + 1,
                                                        y + above))
    items = [ms.Poly(_points(ball), color)]
    if band:
        belt = ball.intersection(box(x - 1, cy - band_width / 2, x + diameter + 1,
                                     cy + band_width / 2))
        items.append(ms.Poly(_points(belt), band))
    return [*items, _waterline(x, x + diameter, y + above)]


def _diver_flag(x: float, y: float, height: float, length: float, stripe: float) -> list:
    """A red flag with a white stripe ``stripe`` wide measured across it, from the upper
    hoist corner to the lower fly corner."""
    from shapely.geometry import LineString, box

    field = box(x, y, x + length, y + height)
    diagonal = LineString([(x - length, y - height), (x + 2 * length, y + 2 * height)])
    band = diagonal.buffer(stripe / 2, cap_style="flat").intersection(field)
    return [ms.Rect(x, y, length, height, ms.RED), ms.Poly(_points(band), ms.WHITE)]


def _mpl_nun() -> ms.Sheet:
    return ms.Sheet(22, 44).add(_aid_buoy(3, 1, "WS-2", ms.RED, True, "dejavu"))


def _gs_can() -> ms.Sheet:
    return ms.Sheet(22, 44).add(_aid_buoy(3, 1, "WS-5", ms.GREEN, False, "nimbus"))


def _ink_mooring() -> ms.Sheet:
    return ms.Sheet(30, 24).add(_sphere(3, 2, 24, 18, ms.WHITE, MOORING_BLUE),
                                ms.notes(3, 20.5, ["MOORING BUOY, 24 IN SPHERE"], 0.4))


def _lo_race() -> ms.Sheet:
    return ms.Sheet(16, 11).add(_sphere(2, 2, 12, 6, YELLOW),
                                ms.notes(2, 8.5, ["RACE BUOY, 12 IN FOAM"], 0.35))


def _ink_diver() -> ms.Sheet:
    return ms.Sheet(24, 20).add(_diver_flag(2, 2, 15, 20, 3.0),
                                ms.notes(2, 17.5, ["DIVER FLAG 15 X 20 IN"], 0.4))


def _mpl_distress() -> ms.Sheet:
    return ms.Sheet(34, 23).add(ms.Rect(2, 2, 30, 18, ms.ORANGE), ms.notes(
        2, 20.5, ["DISTRESS FLAG 18 X 30 IN"], 0.4, "dejavu"))


def _gs_diver_narrow() -> ms.Sheet:
    """Defect: the stripe 2 in wide."""
    return ms.Sheet(20, 16).add(_diver_flag(2, 2, 12, 15, 2.0), ms.notes(
        2, 14.5, ["DIVER FLAG 12 X 15 IN"], 0.35, "nimbus"))


def _lo_mooring_plain() -> ms.Sheet:
    """Defect: a mooring sphere without its blue band."""
    return ms.Sheet(30, 24).add(_sphere(3, 2, 24, 18, ms.WHITE),
                                ms.notes(3, 20.5, ["MOORING BUOY, 24 IN SPHERE"], 0.4))


REFLECTOR = ("an elevation cannot show that the band round the top is reflective: "
             "reflector-band is a review")

CASES: tuple[Case, ...] = (
    Case(MPL, "buoy-nun-red-ws-2", _mpl_nun,
         (Marker("aid-red", "review", rules=("reflector-band",)),),
         f"red nun, WS-2, a red band round its cone's top; {REFLECTOR}",
         {"outputs": (".svg", ".pdf")}),
    Case(GS, "buoy-can-green-ws-5", _gs_can,
         (Marker("aid-green", "review", rules=("reflector-band",)),),
         f"green can, WS-5, a green band round its top; {REFLECTOR}"),
    Case(INK, "buoy-mooring-24", _ink_mooring, (Marker("buoy-mooring"),),
         "white sphere 24 in, 18 in out of the water, a blue band round its widest part",
         {"units": "cm"}),
    Case(LO, "buoy-race-yellow-12", _lo_race, (Marker("buoy-race"),),
         "yellow ball 12 in, 6 in out of the water"),
    Case(INK, "diver-flag-15x20", _ink_diver, (Marker("diver-flag"),),
         "red, a white stripe 3 in wide from the upper hoist corner to the lower fly corner"),
    Case(MPL, "distress-flag-18x30", _mpl_distress, (Marker("distress-flag"),),
         "orange, 18 by 30 in", {"outputs": ("-type42.pdf",)}),
    Case(GS, "diver-flag-stripe-2", _gs_diver_narrow,
         (Marker("diver-flag", "fail", rules=("diver-flag",)),),
         "defect: the stripe 2 in wide"),
    Case(LO, "buoy-mooring-no-band", _lo_mooring_plain,
         (Marker("buoy-mooring", "fail", rules=("mooring-buoy",)),),
         "defect: no blue band"),
)

