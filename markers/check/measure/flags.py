"""Artwork -> Facts for a flag, measured flat, hoist on the left: its painted extent gives
how high and how long it is, its largest color the field, and every other area of color
a stripe, measured across itself (the short side of the smallest rectangle around it,
whatever its angle).
"""

from __future__ import annotations

import math

from shapely import minimum_rotated_rectangle, unary_union
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from markers.check.measure.common import (
    Display,
    Drawing,
    Facts,
    FlagFacts,
    Measuring,
    Stripe,
    bbox_of,
    family_geometry,
)
from markers.core.artwork import Artwork
from markers.core.colors import ColorMatch
from markers.core.shapes import polygons

__all__ = ["looks_like_flag", "measure_flag"]

#: A stripe is an area of color covering at least this share of the flag.
STRIPE_MIN_SHARE = 0.02
#: A rectangle "fills" its envelope, and a stripe touches an edge, within this share.
FILL, EDGE = 0.985, 0.01
#: A color showing less than this share of what is painted is hidden (under the field).
HIDDEN = 1e-4


def _stripe(part: Polygon, color: ColorMatch, panel: BaseGeometry) -> Stripe:
    rect = minimum_rotated_rectangle(part)
    assert isinstance(rect, Polygon)  # a stripe has an area
    corners = list(rect.exterior.coords)[:3]
    (x0, y0), (x1, y1), (x2, y2) = corners
    a, b = math.hypot(x1 - x0, y1 - y0), math.hypot(x2 - x1, y2 - y1)
    (dx, dy) = (x1 - x0, y1 - y0) if a >= b else (x2 - x1, y2 - y1)
    angle = math.degrees(math.atan2(abs(dy), abs(dx)))
    px0, py0, px1, py1 = panel.bounds
    sx0, sy0, sx1, sy1 = part.bounds
    tol_x, tol_y = EDGE * (px1 - px0), EDGE * (py1 - py0)
    across = (sx0 - px0 <= tol_x and px1 - sx1 <= tol_x) or \
        (sy0 - py0 <= tol_y and py1 - sy1 <= tol_y)
    return Stripe(color, min(a, b), angle, across, bbox_of(part))


def _parts(art: Artwork) -> tuple[dict[str, tuple[BaseGeometry, ColorMatch]], BaseGeometry,
                                  BaseGeometry, str, list[tuple[Polygon, ColorMatch]]]:
    """The flag's visible families (a white area wholly under the field, a background
    drawn first, shows nothing: HIDDEN), what they paint, its envelope, the field's
    family and the stripes."""
    fam = family_geometry(art)
    total = sum(g.area for g, _ in fam.values())
    fam = {f: v for f, v in fam.items() if v[0].area > HIDDEN * total}
    painted = unary_union([g for g, _ in fam.values()])
    panel = painted.envelope
    field = max(fam, key=lambda f: fam[f][0].area)
    stripes = [(p, match) for family, (g, match) in fam.items() if family != field
               for p in polygons(g) if p.area >= STRIPE_MIN_SHARE * panel.area]
    return fam, painted, panel, field, stripes


def looks_like_flag(art: Artwork) -> bool:
    """An undeclared drawing that is plainly one of the two flags: a filled rectangle
    all orange (distress), or red with one diagonal white stripe across it (diver)."""
    if set(art.colors()) - {"white"} not in ({"orange"}, {"red"}):
        return False  # cheap first: every other marker has other colors
    fam, painted, panel, field, stripes = _parts(art)
    if painted.is_empty or painted.area < FILL * panel.area:
        return False
    if set(fam) == {"orange"}:
        return True
    if field != "red" or set(fam) != {"red", "white"} or len(stripes) != 1:
        return False
    stripe = _stripe(stripes[0][0], stripes[0][1], panel)
    return stripe.crosses and 10 < stripe.angle < 80


def measure_flag(art: Artwork, m: Measuring, declared: str | None = None) -> Facts:
    """Measure a flag: size, field color and its stripes. ``declared`` is the shape
    (Kind.shape) of the kind the drawing declares, else the field's color decides; the
    kind is what the pack (``m``) reports that shape as."""
    drawing = Drawing(str(art.meta.get("source", "")), art.meta.get("kind"))
    if not art.layers:
        return Facts(m.kind(declared), drawing)
    fam, _, panel, field, stripes = _parts(art)
    x0, y0, x1, y1 = panel.bounds
    flag = FlagFacts(y1 - y0, x1 - x0, fam[field][1],
                     tuple(_stripe(p, match, panel) for p, match in stripes))
    shape = declared or ("striped-flag" if field == "red" else "plain-flag")
    return Facts(m.kind(shape), drawing, Display(panel=panel), flag=flag)
