"""A marker drawn turned (90, 180, 270 deg, or at any angle), turned back upright to be
judged, and the angle it was drawn at.

"Up" comes from the marker's symbol as its kind is drawn, and from its lettering where
the symbol leaves it open:

- a diamond (four corners, one diagonal longer than the other: its sides slope 35 deg
  from the vertical, NR 5.09(6)(d)) stands on its long diagonal;
- a triangle (a red aid's daymark) stands on the side its lettering is nearest (the id
  is lettered above the base), its apex up;
- a rectangle (an information sign's symbol) stands square to the page: of the turns
  that make its sides level, the least. A square, or a rhombus nearly one, is judged as
  drawn: a square on its corner is also a diamond whose sides slope 45 deg (a defect).

A marker already upright (its symbol standing as its kind does) comes back unchanged, so
nothing upright is judged differently. A circle (a control sign) has no up of its own.
"""

from __future__ import annotations

import math
from dataclasses import replace

import shapely
from shapely import affinity
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from markers.core.artwork import Artwork, Layer, Shape

__all__ = ["upright", "turned_over", "TURN_MIN_DEG"]

#: A marker turned by less than this (deg) is upright as drawn: a drawing's rounding.
TURN_MIN_DEG = 0.5
#: Corners of a symbol's hull are found on it simplified to this share of its size.
CORNER_SHARE = 0.03
#: A diamond's diagonals differ by at least this share (35 deg sides: 1 / tan 35 = 1.43).
DIAMOND_RATIO = 1.15
#: The sides of a diamond (a rhombus) or of an aid's triangle (equilateral) are equal
#: within this share: other shapes of four or three corners (a flag's halves, a
#: trapezoid) show no up of their own.
SIDES_EQUAL = 0.05
#: Lettering covering less than this share of a triangle shows no side it stands on.
LETTERING_SHARE = 0.01
#: A ground-coloured piece at least this share of a triangle is a page or panel under it,
#: not its lettering.
LETTERING_MAX = 0.5
#: Families that are the ground or the lettering, not a symbol that shows which way is up.
_GROUND = frozenset({"white", "black"})


def upright(art: Artwork) -> tuple[Artwork, float]:
    """``art`` turned upright about its centre, and the angle (deg, clockwise on the
    page) it was drawn turned by; ``art`` itself and 0 when it stands upright."""
    if "waterline" in art.features:  # a buoy stands on its waterline
        return art, 0.0
    symbol = _symbol(art)
    if symbol is None:
        return art, 0.0
    turned = _turn_of(symbol, art)
    if abs(turned) < TURN_MIN_DEG:
        return art, 0.0
    return _rotated(art, -turned), round(turned % 360, 1)


def turned_over(art: Artwork, angle: float = 180.0) -> Artwork:
    """``art`` turned ``angle`` deg (clockwise on the page): a page upright by its symbol
    whose lettering reads upside down, or sideways on a circle (markers.check.measure.
    upside), with the turn it was drawn at made whole (``meta['turned_deg']``) and marked
    done (``meta['turned_over']``)."""
    out = _rotated(art, angle)
    drawn = (float(art.meta.get("turned_deg") or 0.0) - angle) % 360
    return replace(out, meta={**out.meta, "turned_deg": round(drawn, 1), "turned_over": True})


def _symbol(art: Artwork) -> Polygon | None:
    """The largest piece painted in a colour that is neither ground nor lettering (the
    orange ring, the red or green daymark), as drawn: its outline is what shows which way
    is up, and what is painted over it does not move that (so no visibility is computed:
    this runs on every page)."""
    pieces = [g for layer in art.layers if layer.color not in _GROUND
              for shape in layer.shapes for g in _polygons(shape.geometry)]
    return max(pieces, key=lambda g: g.area) if pieces else None


def _polygons(geometry: BaseGeometry) -> list[Polygon]:
    if isinstance(geometry, Polygon):
        return [] if geometry.is_empty else [geometry]
    return [g for part in getattr(geometry, "geoms", ()) for g in _polygons(part)]


def _corners(symbol: Polygon) -> list[tuple[float, float]]:
    """The corners of the symbol's hull (a diamond's 4, a triangle's 3, a circle's many)."""
    hull = symbol.convex_hull
    x0, y0, x1, y1 = hull.bounds
    simple = hull.simplify(CORNER_SHARE * max(x1 - x0, y1 - y0))
    if not isinstance(simple, Polygon):
        return []
    return [(float(x), float(y)) for x, y, *_ in simple.exterior.coords[:-1]]


def _angle(dx: float, dy: float) -> float:
    """The clockwise turn (deg, y down) from straight up to the direction (dx, dy)."""
    return math.degrees(math.atan2(dx, -dy))


def _least(turn: float, period: float) -> float:
    """``turn`` reduced to the least turn of the same effect for a shape of rotational
    ``period`` (deg): within (-period/2, period/2]."""
    turn = math.fmod(turn, period)
    if turn > period / 2:
        turn -= period
    elif turn <= -period / 2:
        turn += period
    return turn


def _turn_of(symbol: Polygon, art: Artwork) -> float:
    """How far the marker is turned from upright (deg clockwise), by its symbol."""
    corners = _corners(symbol)
    if len(corners) not in (3, 4):
        return 0.0
    sides = [math.dist(p, corners[(i + 1) % len(corners)]) for i, p in enumerate(corners)]
    equal = max(sides) <= (1 + SIDES_EQUAL) * min(sides)
    if len(corners) == 3:
        return _triangle_turn(corners, art, symbol) if equal else 0.0
    (ax, ay), (bx, by), (cx, cy), (dx, dy) = corners
    first, second = math.hypot(cx - ax, cy - ay), math.hypot(dx - bx, dy - by)
    if equal and max(first, second) >= DIAMOND_RATIO * min(first, second):
        long = (cx - ax, cy - ay) if first > second else (dx - bx, dy - by)
        return _least(_angle(*long), 180.0)
    if not equal and abs(first - second) <= SIDES_EQUAL * max(first, second):
        return _square(symbol)  # a rectangle: square to the page
    return 0.0  # a square on its corner is a diamond of 45 deg sides: judged as drawn


def _square(symbol: Polygon) -> float:
    """The least turn that makes a rectangle's sides level or plumb: those of the least
    rectangle around it (not a side of its simplified hull, which on a curved piece such
    as a band across a ball is a chord at any angle)."""
    box = symbol.minimum_rotated_rectangle
    if not isinstance(box, Polygon):
        return 0.0
    (ax, ay), (bx, by) = list(box.exterior.coords)[:2]
    return _least(_angle(bx - ax, by - ay), 90.0)


def _triangle_turn(corners: list[tuple[float, float]], art: Artwork,
                   symbol: Polygon) -> float:
    """A triangle standing on a level side, apex up, is upright as drawn; else it stands
    on the side its lettering is nearest, apex up; with no lettering, on the side
    nearest the bottom of the page as drawn."""
    for i, (_, y) in enumerate(corners):
        (px, py), (qx, qy) = corners[(i + 1) % 3], corners[(i + 2) % 3]
        if abs(_least(_angle(qx - px, qy - py) - 90.0, 180.0)) < TURN_MIN_DEG and \
                y < (py + qy) / 2:
            return 0.0
    face = Polygon(symbol.exterior)  # the daymark with its lettering's holes filled
    # lettering: ground-coloured pieces on the face smaller than it (not the page or a
    # panel under it), and text set on it
    inside: list[BaseGeometry] = [
        g for layer in art.layers if layer.color in _GROUND for shape in layer.shapes
              for g in _polygons(shape.geometry)
              if g.area < LETTERING_MAX * face.area and g.intersects(face)]
    inside += [item.box for item in art.legends if item.box.intersects(face)]
    centre = symbol.centroid
    lettering = shapely.union_all(inside).intersection(face) if inside else None
    toward = lettering.centroid if lettering is not None and \
        lettering.area >= LETTERING_SHARE * face.area else None
    apexes = []
    for i, (x, y) in enumerate(corners):
        (px, py), (qx, qy) = corners[(i + 1) % 3], corners[(i + 2) % 3]
        base = ((px + qx) / 2, (py + qy) / 2)
        far = -math.hypot(base[0] - toward.x, base[1] - toward.y) if toward is not None \
            else base[1]
        apexes.append((far, _angle(x - centre.x, y - centre.y)))
    return _least(max(apexes)[1], 360.0)


def _rotated(art: Artwork, angle: float) -> Artwork:
    """``art`` turned ``angle`` deg (clockwise on the page, y down) about its page's
    centre, on the page turned with it (the page's box turned, moved back to the
    origin)."""
    centre = (art.width / 2, art.height / 2)
    page = affinity.rotate(art.bounds, angle, origin=centre)
    x0, y0, x1, y1 = page.bounds

    def turn(g: BaseGeometry) -> BaseGeometry:
        return affinity.translate(affinity.rotate(g, angle, origin=centre), -x0, -y0)

    layers = tuple(Layer(layer.color, layer.hex, tuple(Shape(turn(s.geometry))
                                                       for s in layer.shapes))
                   for layer in art.layers)
    legends = tuple(replace(item, outlines=turn(item.outlines), box=turn(item.box),
                            turn=None if item.turn is None else (item.turn + angle) % 360)
                    for item in art.legends)
    return replace(art, width=x1 - x0, height=y1 - y0, layers=layers, legends=legends,
                   features={name: turn(g) for name, g in art.features.items()},
                   meta={**art.meta, "turned_deg": round(-angle % 360, 1)})
