"""Dimension callouts on a drawing of a marker, measured from its Artwork.

The positions come from the artwork's features (display area, symbol and its white
center, waterline, bands) and legends, and each label shows what is measured there, so
a drawing explains itself: H on the left, the size (6)(c) speaks of below, the outline
and the 35 deg slope on the symbol, letter heights and bands in lanes on the right.
Everything is in page units; ``View`` places the artwork's inches on the page.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

from shapely import unary_union
from shapely.geometry import Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from markers.core.artwork import Artwork
from markers.core.shapes import polygons, shape_of
from render.svg import Area, Line, PageItem, Text, geometry_path

__all__ = ["INK", "THIN", "SMALL", "LANE_GAP", "LANE", "View", "Span", "footprint", "arrow",
           "lane_spans", "pack_lanes", "lane_count", "callouts"]

INK = "#0B3D91"  # callouts, distinct from any marker color
THIN = 0.006
SMALL = 0.085
ARROW = 0.055
#: Callout lanes: distance of the first from the drawing, and between lanes.
LANE_GAP = 0.3
LANE = 0.75
#: Width of a bold label character, in em (to keep labels out of the lanes).
LABEL_EM = 0.62
#: Radius of the slope arc.
ARC = 0.38


def arrow(tip: tuple[float, float], towards: tuple[float, float]) -> Area:
    """A filled arrowhead at ``tip`` pointing away from ``towards``."""
    (x, y), (tx, ty) = tip, towards
    length = math.hypot(tx - x, ty - y) or 1.0
    ux, uy = (tx - x) / length, (ty - y) / length
    bx, by = x + ux * ARROW, y + uy * ARROW
    px, py = -uy * ARROW * 0.35, ux * ARROW * 0.35
    return Area(geometry_path(Polygon([(x, y), (bx + px, by + py), (bx - px, by - py)])),
                fill=INK)


def _dimension(a: tuple[float, float], b: tuple[float, float]) -> list[PageItem]:
    """A dimension line from ``a`` to ``b`` with an arrowhead at each end."""
    return [Line((a, b), THIN, INK), arrow(a, b), arrow(b, a)]


def _label(x: float, y: float, lines: list[str], anchor: str = "start") -> list[PageItem]:
    return [Text(x, y + i * SMALL * 1.25, line, SMALL, anchor, bold=i == 0, fill=INK)
            for i, line in enumerate(lines)]


@dataclass(frozen=True)
class View:
    """Where the artwork sits on the page: page = origin + scale * artwork inches."""

    x: float
    y: float
    scale: float

    def __call__(self, x: float, y: float) -> tuple[float, float]:
        return self.x + self.scale * x, self.y + self.scale * y


@dataclass(frozen=True)
class Span:
    """A vertical span (artwork inches) called out in a lane right of the drawing, with
    leaders from ``x``."""

    x: float
    y0: float
    y1: float
    label: tuple[str, ...]
    lane: int = 0


def pack_lanes(spans: list[Span], scale: float) -> list[Span]:
    """``spans`` put into as few lanes as keep their dimension lines and labels apart
    when drawn at ``scale`` page units per artwork inch (first free lane, top down)."""
    free_from: list[float] = []  # page y below which each lane is free again
    packed = []
    for span in sorted(spans, key=lambda s: s.y0):
        top, bottom = span.y0 * scale, span.y1 * scale
        middle = (top + bottom) / 2
        start = min(top, middle - SMALL)
        end = max(bottom, middle + len(span.label) * SMALL * 1.25) + SMALL / 2
        lane = next((i for i, free in enumerate(free_from) if free <= start), len(free_from))
        free_from[lane:lane + 1] = [end]
        packed.append(replace(span, lane=lane))
    return packed


def lane_count(spans: list[Span]) -> int:
    return max((span.lane for span in spans), default=-1) + 1


def footprint(art: Artwork) -> BaseGeometry:
    """Everything painted: the face of the marker."""
    return unary_union([layer.geometry for layer in art.layers])


def lane_spans(art: Artwork) -> list[Span]:
    """Spans for the lanes: a square's mean height, letter heights, buoy bands."""
    spans = []
    symbol, inner = art.features.get("symbol"), art.features.get("symbol-interior")
    if isinstance(symbol, Polygon) and isinstance(inner, Polygon) \
            and shape_of(symbol) == "rectangle":
        _, y0, x1, y1 = symbol.bounds
        _, i0, _, i1 = inner.bounds
        top, bottom = (y0 + i0) / 2, (y1 + i1) / 2  # middle of the outline, top and bottom
        spans.append(Span(x1, top, bottom, ("mean height", f"{bottom - top:.2f} in",
                                             "(2/3 H)")))
    for legend in art.legends:
        _, y0, x1, _ = legend.outlines.bounds
        spans.append(Span(x1, y0, y0 + legend.cap_height,
                          ("letters", f"{legend.cap_height:.2f} in")))
    return _once(spans + _band_spans(art))


def _once(spans: list[Span]) -> list[Span]:
    """One span per measured height: the same label over the same rows (a wrap's two
    symbols) is called out once, from the rightmost of them."""
    kept: dict[tuple, Span] = {}
    for span in spans:
        key = (round(span.y0, 3), round(span.y1, 3), span.label)
        if key not in kept or span.x > kept[key].x:
            kept[key] = span
    return list(kept.values())


def _band_spans(art: Artwork) -> list[Span]:
    """Bands of a buoy (features named band...): height, and share of the height from
    the top band to the waterline (the buoy above water)."""
    bands = sorted((part for name, geometry in art.features.items() if name.startswith("band")
                    for part in polygons(geometry, 1e-6, largest_first=False)),
                   key=lambda band: band.bounds[1])
    if not bands:
        return []
    waterline = art.features.get("waterline")
    top = bands[0].bounds[1]
    bottom = waterline.bounds[1] if waterline is not None else bands[-1].bounds[3]
    spans = []
    for band in bands:
        _, y0, x1, y1 = band.bounds
        spans.append(Span(x1, y0, y1, ("band", f"{y1 - y0:.2f} in",
                                        f"{(y1 - y0) / (bottom - top):.2f} of height")))
    return spans


def callouts(art: Artwork, view: View, spans: list[Span], form: str | None = None
             ) -> list[PageItem]:
    """Dimension lines measured from the artwork's features and legends: a height on
    the left, a width below, outline and slope on a symbol, ``spans`` on the right;
    ``form`` is the kind's (Kind.form: a "wrap" is measured by its width)."""
    items = _height_callout(art, view)
    symbol, inner = art.features.get("symbol"), art.features.get("symbol-interior")
    items += _width_callout(art, view, symbol, inner, form == "wrap")
    if isinstance(symbol, Polygon) and isinstance(inner, Polygon):
        ends = [pt[1] for item in items[:2] if isinstance(item, Line) for pt in item.points]
        items += _outline_callout(view, symbol, inner, ends)
    if isinstance(symbol, Polygon) and shape_of(symbol) == "diamond":
        items += _slope_callout(view, symbol)
    stripe = art.features.get("stripe")
    if isinstance(stripe, Polygon):
        items += _stripe_callout(art, view, stripe)
    right = view(art.width, 0)[0]
    leaders = [(span.lane, view(span.x, y)[1]) for span in spans for y in (span.y0, span.y1)]
    for span in spans:
        lane = right + LANE_GAP + LANE * span.lane
        (px, top), (_, bottom) = view(span.x, span.y0), view(span.x, span.y1)
        items += [Line(((px + 0.03, top), (lane + 0.05, top)), THIN, INK, 0.02),
                  Line(((px + 0.03, bottom), (lane + 0.05, bottom)), THIN, INK, 0.02)]
        items += _dimension((lane, top), (lane, bottom))
        crossing = [y for k, y in leaders if k > span.lane]  # leaders passing this label
        items += _label(lane + 0.06, _label_y((top + bottom) / 2, len(span.label), crossing),
                        list(span.label))
    return items


def _label_y(middle: float, lines: int, crossing: list[float]) -> float:
    """The first baseline of a label of ``lines`` lines as near ``middle`` as keeps it
    clear of the leader lines at ``crossing`` (page y) that run through its lane."""
    height = SMALL * 1.25 * (lines - 1)
    for step in range(0, 40):
        for sign in (1, -1):
            first = middle + sign * step * SMALL / 2
            top, bottom = first - SMALL * 0.8, first + height + SMALL * 0.3
            if not any(top - 0.01 <= y <= bottom + 0.01 for y in crossing):
                return first
    return middle


def _height_callout(art: Artwork, view: View) -> list[PageItem]:
    """On the left: the display area's height H; without one, a buoy's height above
    the waterline, else the height of what is painted."""
    area, waterline = art.features.get("display-area"), art.features.get("waterline")
    x0, y0, _, y1 = footprint(art).bounds
    if area is not None:
        (x0, y0, _, y1), name = area.bounds, "H"
    elif waterline is not None:
        y1, name = waterline.bounds[1], "above water"
    else:
        name = "height"
    (px, top), (_, bottom) = view(x0, y0), view(x0, y1)
    lane = px - LANE_GAP
    return [Line(((px - 0.04, top), (lane - 0.06, top)), THIN, INK),
            Line(((px - 0.04, bottom), (lane - 0.06, bottom)), THIN, INK),
            *_dimension((lane, top), (lane, bottom)),
            *_label(lane - 0.06, (top + bottom) / 2, [name, f"{y1 - y0:.2f} in"], "end")]


def _width_callout(art: Artwork, view: View, symbol: BaseGeometry | None,
                   inner: BaseGeometry | None, wrap: bool) -> list[PageItem]:
    """Below the drawing, the width (6)(c) speaks of: the outside width of a diamond,
    the inner diameter of a circle (a square's is its mean height, a lane span).
    Without such a symbol: the face's width, or a buoy's diameter (the widest part
    below any display area)."""
    polygon = symbol if isinstance(symbol, Polygon) else None
    shape = shape_of(polygon) if polygon is not None else None
    if shape == "rectangle" and isinstance(inner, Polygon):
        return []
    if shape == "circle" and isinstance(inner, Polygon):
        (x0, y0, x1, y1), words = inner.bounds, "inner diameter {} (2/3 H)"
    elif polygon is not None and shape == "diamond":
        (x0, y0, x1, y1), words = polygon.bounds, "outside width {} (2/3 H)"
    elif polygon is not None:  # it has a shape
        (x0, y0, x1, y1), words = polygon.bounds, "face width {}"
    else:
        area, body = art.features.get("display-area"), footprint(art)
        if area is not None:
            below = polygons(body.intersection(box(0, area.bounds[3], art.width, art.height)),
                         1e-6, largest_first=False)
            body = unary_union(below) if below else body
        buoy = "waterline" in art.features
        words = "wrap width {}" if wrap else \
            "diameter {}" if buoy else "width {}"
        x0, y0, x1, y1 = body.bounds
    cy = (y0 + y1) / 2
    (left, mid), (right, _) = view(x0, cy), view(x1, cy)
    base = view(0, art.height)[1] + LANE_GAP
    return [Line(((left, mid), (left, base + 0.05)), THIN, INK, 0.02),
            Line(((right, mid), (right, base + 0.05)), THIN, INK, 0.02),
            *_dimension((left, base), (right, base)),
            Text((left + right) / 2, base + SMALL * 1.4, words.format(f"{x1 - x0:.2f} in"),
                 SMALL, "middle", bold=True, fill=INK)]


def _outline_callout(view: View, symbol: Polygon, inner: Polygon,
                     avoid: list[float]) -> list[PageItem]:
    """The outline's thickness, measured where the upper-left corner of the symbol's
    box is nearest: perpendicular to a diamond's side, radial on a circle."""
    x0, y0, _, _ = symbol.bounds
    on_inner = nearest_points(inner.exterior, Point(x0, y0))[0]
    on_outer = nearest_points(symbol.exterior, on_inner)[0]
    a, b = view(on_inner.x, on_inner.y), view(on_outer.x, on_outer.y)
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    tail = (b[0] + dx / length * 0.25, b[1] + dy / length * 0.25)
    words = ["outline", f"{on_inner.distance(on_outer):.2f} in"]
    if tail[0] - 0.04 - LABEL_EM * SMALL * max(map(len, words)) < view.x - LANE_GAP + 0.08:
        # the label would reach the H lane: measure across the top edge instead, a
        # quarter along it, and write the label right of the leader's end
        ix0, iy0, ix1, _ = inner.bounds
        x = ix0 + (ix1 - ix0) / 4
        top = nearest_points(symbol.exterior, Point(x, iy0))[0]
        a, b = view(x, iy0), view(top.x, top.y)
        tail = (b[0], b[1] - 0.25)
        return [Line((a, tail), THIN, INK), arrow(a, b), arrow(b, a),
                *_label(tail[0] + 0.04, _label_y(tail[1], 2, avoid), words)]
    # the label ends where the leader does, clear of the lines at ``avoid`` (page y)
    return [Line((a, tail), THIN, INK), arrow(a, b), arrow(b, a),
            *_label(tail[0] - 0.04, _label_y(tail[1], 2, avoid), words, "end")]


def _slope_callout(view: View, symbol: Polygon) -> list[PageItem]:
    """The slope of the diamond's sides from the vertical, as an arc above its top point
    between the vertical and the side carried on."""
    corners = list(symbol.exterior.simplify(1e-6).coords)[:-1]
    top = min(corners, key=lambda p: p[1])
    side = max(corners, key=lambda p: p[0])
    degrees = math.degrees(math.atan2(side[0] - top[0], side[1] - top[1]))
    ax, ay = view(*top)
    u = math.radians(degrees)

    def at(r: float, angle: float) -> tuple[float, float]:
        return ax - math.sin(angle) * r, ay - math.cos(angle) * r

    (sx, sy), (ex, ey) = at(ARC, 0.0), at(ARC, u)
    label = at(ARC + 0.06, u / 2)
    return [Line(((ax, ay), at(ARC + 0.12, 0.0)), THIN, INK, 0.02),
            Line(((ax, ay), at(ARC + 0.12, u)), THIN, INK, 0.02),
            Area(f"M{sx:.4f} {sy:.4f}A{ARC} {ARC} 0 0 0 {ex:.4f} {ey:.4f}", stroke=INK,
                 width=THIN),
            Text(label[0] - 0.02, label[1], f"{degrees:.0f}°", SMALL, "end", bold=True,
                 fill=INK)]


def _stripe_callout(art: Artwork, view: View, stripe: Polygon) -> list[PageItem]:
    """A flag's diagonal stripe measured across it (perpendicular to its run) at its
    middle, with a leader out past the fly edge to the label."""
    rect = stripe.minimum_rotated_rectangle
    assert isinstance(rect, Polygon)  # a stripe has an area
    corners = list(rect.exterior.coords)[:4]
    sides = zip(corners, corners[1:] + corners[:1], strict=True)
    edges = sorted(((math.dist(p, q), p, q) for p, q in sides), key=lambda e: e[0])
    width, p, q = edges[0]  # a short side of the rectangle: straight across the stripe
    c = stripe.centroid
    ux, uy = (q[0] - p[0]) / width, (q[1] - p[1]) / width
    a = (c.x - ux * width / 2, c.y - uy * width / 2)
    b = (c.x + ux * width / 2, c.y + uy * width / 2)
    lower = max(a, b, key=lambda pt: pt[1])
    pa, pb, pl = view(*a), view(*b), view(*lower)
    edge = view(art.width, 0)[0] + LANE_GAP
    return [*_dimension(pa, pb), Line((pl, (edge, pl[1])), THIN, INK, 0.02),
            *_label(edge + 0.04, pl[1], ["stripe, across", f"{width:.2f} in"])]
