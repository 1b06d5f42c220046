"""A checked plan drawn as a map page: water and shore, the channel with its upstream
arrow, each marker as a small symbol with its id (else its number, #N), numbered
findings, a north arrow, a scale bar in feet, a latitude/longitude graticule and a
legend.

Nothing is fetched: a plan without a water polygon is drawn on white. The page is
described as ``render.svg`` items (text stays text, so the PDF can be searched) and
made into PDF or PNG by ``render.raster``. Distances on the map are plan feet (ground
feet in the plan's projection), so the scale bar is true on the ground.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any, cast

import numpy as np
import shapely
from numpy.typing import ArrayLike
from shapely import STRtree
from shapely.geometry import LineString, Point, box
from shapely.geometry.base import BaseGeometry

from markers.core.pack import Kind
from markers.errors import WsmarkError
from markers.plan.model import Plan, PlanFinding, PlanMarker, PlanReport
from markers.products.sheets import paragraph
from render.output import check_pixels
from render.raster import MAX_PNG_SIDE, svg_to_pdf, svg_to_png
from render.svg import Area, Line, PageItem, Text, geometry_path, page_svg

__all__ = ["MapLayout", "map_items", "plan_map_svg", "plan_map_bytes", "numbered_findings"]

ORANGE, RED_HEX, GREEN_HEX, BLUE = "#FF4F00", "#D2232A", "#00843D", "#0072CE"
WATER, WATER_EDGE = "#DCEBF7", "#6A9FCC"
SYMBOL = 0.14   # marker symbol size on the page, inches
TEXT = 0.1
SMALL = 0.09    # graticule, scale and landmark labels, inches
#: Scales offered when the map is fitted to the page (1:SCALE).
FIT_SCALES = tuple(m * 10 ** k for k in range(2, 8) for m in (1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8))
#: Scale bar lengths offered, feet.
BAR_FEET = (10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10000, 20000, 50000)
#: Graticule spacings offered, degrees.
GRID_DEG = (0.0001, 0.0002, 0.0005, 0.001, 0.002, 0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1.0)


@dataclass(frozen=True)
class MapLayout:
    """Where the map goes on its page (inches) and how many feet an inch of it is."""

    x: float
    y: float
    width: float
    height: float
    centre: tuple[float, float]
    feet_per_inch: float

    def page(self, x: ArrayLike, y: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
        """Page positions of plan feet (x east, y north)."""
        cx, cy = self.centre
        px = self.x + self.width / 2 + (np.asarray(x) - cx) / self.feet_per_inch
        py = self.y + self.height / 2 - (np.asarray(y) - cy) / self.feet_per_inch
        return px, py

    @property
    def frame(self) -> BaseGeometry:
        return box(self.x, self.y, self.x + self.width, self.y + self.height)


def _extent(plan: Plan) -> tuple[float, float, float, float]:
    xs = [m.x for m in plan.markers]
    ys = [m.y for m in plan.markers]
    for f in plan.features:
        x0, y0, x1, y1 = f.shape.bounds
        xs += [x0, x1]
        ys += [y0, y1]
    return min(xs), min(ys), max(xs), max(ys)


def layout_for(plan: Plan, x: float, y: float, width: float, height: float,
               scale: float | None = None) -> MapLayout:
    """The map of ``plan`` in the frame (x, y, width, height): at 1:``scale`` when
    given, else the whole plan with a margin."""
    x0, y0, x1, y1 = _extent(plan)
    centre = ((x0 + x1) / 2, (y0 + y1) / 2)
    if scale is not None:
        return MapLayout(x, y, width, height, centre, scale / 12.0)
    span = max((x1 - x0) / width, (y1 - y0) / height, 50.0 / min(width, height))
    fitted = next((c for c in FIT_SCALES if c >= span * 1.15 * 12), span * 1.15 * 12)
    return MapLayout(x, y, width, height, centre, fitted / 12.0)


def _to_page(shape: BaseGeometry, layout: MapLayout) -> BaseGeometry:
    return shapely.transform(shape, lambda xy: np.column_stack(
        layout.page(xy[:, 0], xy[:, 1]))).intersection(layout.frame)


def _lines(shape: BaseGeometry) -> list[tuple[tuple[float, float], ...]]:
    parts = getattr(shape, "geoms", [shape])
    out = []
    for part in parts:
        if part.is_empty:
            continue
        if part.geom_type == "LineString":
            out.append(tuple((round(x, 4), round(y, 4)) for x, y in part.coords))
        elif part.geom_type == "Polygon":
            out.append(tuple((round(x, 4), round(y, 4)) for x, y in part.exterior.coords))
    return out


def _circle(x: float, y: float, r: float, start: float = 0, end: float = 360) -> str:
    steps = max(6, int((end - start) / 15))
    pts = [(x + r * math.cos(math.radians(start + (end - start) * i / steps)),
            y - r * math.sin(math.radians(start + (end - start) * i / steps)))
           for i in range(steps + 1)]
    path = "M" + "L".join(f"{px:.4f} {py:.4f}" for px, py in pts)
    return path + ("Z" if end - start >= 360 else f"L{x:.4f} {y:.4f}Z")


def _polygon(points: list[tuple[float, float]]) -> str:
    return "M" + "L".join(f"{x:.4f} {y:.4f}" for x, y in points) + "Z"


def _square(x: float, y: float, h: float, fill: str, edge: str = "#000000",
            width: float = 0.008) -> Area:
    return Area(_polygon([(x - h, y - h), (x + h, y - h), (x + h, y + h), (x - h, y + h)]),
                fill=fill, stroke=edge, width=width)


def symbol(kind: Kind, face: Kind | None, x: float, y: float,
           size: float = SYMBOL) -> list[PageItem]:
    """The small map symbol of a marker of ``kind`` (``face``: the kind a symbol or sign
    buoy carries), chosen by the shape the kind is measured by."""
    h = size / 2
    shape = kind.shape.removesuffix("-buoy")
    if shape == "red-aid":
        return [Area(_polygon([(x, y - h), (x + h, y + h), (x - h, y + h)]), fill=RED_HEX,
                     stroke="#000000", width=0.008)]
    if shape == "green-aid":
        return [_square(x, y, h, GREEN_HEX)]
    if shape == "striped-aid":
        return [Area(_circle(x, y, h, 90, 270), fill="#000000"),
                Area(_circle(x, y, h, 270, 450), fill="#FFFFFF"),
                Area(_circle(x, y, h), stroke="#000000", width=0.008)]
    if shape == "mooring":
        return [Area(_circle(x, y, h), fill="#FFFFFF", stroke=BLUE, width=0.03)]
    if shape == "race":
        return [Area(_circle(x, y, h * 0.8), fill="#FFD700", stroke="#000000", width=0.008)]
    if kind.family == "flag":
        return [_square(x, y, h, "#FF6A13" if shape == "plain-flag" else RED_HEX)]
    shape = (face or kind).shape
    if shape.startswith("diamond"):
        items: list[PageItem] = [
            Area(_polygon([(x, y - h), (x + h * 0.8, y), (x, y + h), (x - h * 0.8, y)]),
                 fill="#FFFFFF", stroke=ORANGE, width=0.03)]
        if shape == "diamond-cross":
            items.append(Line(((x - h * 0.4, y), (x + h * 0.4, y)), 0.02, ORANGE))
            items.append(Line(((x, y - h * 0.5), (x, y + h * 0.5)), 0.02, ORANGE))
        return items
    if shape == "rectangle":
        return [_square(x, y, h, "#FFFFFF", ORANGE, 0.03)]
    return [Area(_circle(x, y, h), fill="#FFFFFF", stroke=ORANGE, width=0.03)]


def _kinds(report: PlanReport, marker: PlanMarker) -> tuple[Kind, Kind | None]:
    """The marker's kind and the face it carries, if it is a buoy carrying one."""
    kind = report.kinds[marker.kind]
    face = marker.symbol or kind.sample.get("symbol") if "symbol" in kind.sample else None
    return kind, report.kinds.get(face) if face else None


def numbered_findings(report: PlanReport) -> list[tuple[int, PlanFinding]]:
    """The findings the map numbers: unwaived, not info; (number, PlanFinding)."""
    shown = [f for f in report.findings
             if not f.finding.waived and f.finding.severity != "info"]
    return list(enumerate(shown, start=1))


def _nice(candidates: Iterable[float], target: float) -> float:
    return min(candidates, key=lambda c: abs(math.log(c / target)))


def _graticule(plan: Plan, layout: MapLayout) -> list[PageItem]:
    corners_x = [layout.centre[0] + dx * layout.width / 2 * layout.feet_per_inch
                 for dx in (-1, 1)]
    corners_y = [layout.centre[1] + dy * layout.height / 2 * layout.feet_per_inch
                 for dy in (-1, 1)]
    lon, lat = plan.projection.to_lonlat(np.repeat(corners_x, 2), np.tile(corners_y, 2))
    items: list[PageItem] = []
    for axis, lo, hi in (("lon", lon.min(), lon.max()), ("lat", lat.min(), lat.max())):
        step = _nice(GRID_DEG, (hi - lo) / 4)
        decimals = max(0, -int(math.floor(math.log10(step))))
        value = math.ceil(lo / step) * step
        while value <= hi:
            other = np.linspace(lat.min() if axis == "lon" else lon.min(),
                                lat.max() if axis == "lon" else lon.max(), 24)
            lons, lats = (np.full(24, value), other) if axis == "lon" else (other,
                                                                           np.full(24, value))
            x, y = plan.projection.to_feet(lons, lats)
            clipped = _to_page(LineString(np.column_stack([x, y])), layout)
            for points in _lines(clipped):
                items.append(Line(points, 0.005, "#7F7F7F", dash=0.04))
                hemi = ("E" if value >= 0 else "W") if axis == "lon" else (
                    "N" if value >= 0 else "S")
                label = f"{abs(value):.{decimals}f}\u00b0{hemi}"
                if axis == "lon":
                    end = max(points, key=lambda p: p[1])
                    items.append(Text(end[0], layout.y + layout.height + 0.15, label, SMALL,
                                      "middle", fill="#555555"))
                else:
                    end = min(points, key=lambda p: p[0])
                    items.append(Text(layout.x - 0.04, end[1] + 0.03, label, SMALL, "end",
                                      fill="#555555"))
            value += step
    return items


def _north_arrow(plan: Plan, layout: MapLayout) -> list[PageItem]:
    cx, cy = layout.centre
    lon, lat = plan.projection.to_lonlat(cx, cy)
    x, y = plan.projection.to_feet([lon, lon], [lat, lat + 0.001])
    angle = math.atan2(float(x[1] - x[0]), float(y[1] - y[0]))  # from grid north, clockwise
    ax, ay = layout.x + layout.width - 0.45, layout.y + 0.55
    tip = (ax + 0.3 * math.sin(angle), ay - 0.3 * math.cos(angle))
    tail = (ax - 0.2 * math.sin(angle), ay + 0.2 * math.cos(angle))
    side = (0.08 * math.cos(angle), 0.08 * math.sin(angle))
    return [Area(_polygon([tip, (tail[0] + side[0], tail[1] + side[1]),
                           (tail[0] - side[0], tail[1] - side[1])]), fill="#000000"),
            Text(tip[0], tip[1] - 0.06, "N", 0.16, "middle", bold=True)]


def _scale_bar(layout: MapLayout) -> list[PageItem]:
    feet = _nice(BAR_FEET, layout.width * layout.feet_per_inch / 4)
    length = feet / layout.feet_per_inch
    x, y = layout.x + 0.2, layout.y + layout.height - 0.3
    items: list[PageItem] = [Area(_polygon([(x - 0.08, y - 0.2), (x + length + 0.5, y - 0.2),
                                            (x + length + 0.5, y + 0.2),
                                            (x - 0.08, y + 0.2)]), fill="#FFFFFF")]
    for i in range(4):
        x0 = x + length * i / 4
        items.append(Area(_polygon([(x0, y), (x0 + length / 4, y), (x0 + length / 4, y + 0.06),
                                    (x0, y + 0.06)]), fill="#000000" if i % 2 == 0 else "#FFFFFF",
                          stroke="#000000", width=0.006))
    items += [Text(x, y - 0.04, "0", SMALL, "middle"),
              Text(x + length / 2, y - 0.04, f"{feet / 2:g}", SMALL, "middle"),
              Text(x + length, y - 0.04, f"{feet:g} ft", SMALL, "start"),
              Text(x, y + 0.18, f"1:{layout.feet_per_inch * 12:,.0f} (1 in = "
                                f"{layout.feet_per_inch:,.0f} ft)", SMALL)]
    return items


def _channel(plan: Plan, layout: MapLayout) -> list[PageItem]:
    items: list[PageItem] = []
    for f in plan.role("channel"):
        for points in _lines(_to_page(f.shape, layout)):
            items.append(Line(points, 0.02, "#1F4E79", dash=0.08))
        for line in getattr(f.shape, "geoms", [f.shape]):
            s = line.length * 0.55
            a, b = line.interpolate(s), line.interpolate(s + max(1.0, line.length * 0.01))
            (ax, bx), (ay, by) = layout.page([a.x, b.x], [a.y, b.y])
            angle = math.atan2(by - ay, bx - ax)
            tip = (ax + 0.18 * math.cos(angle), ay + 0.18 * math.sin(angle))
            left = (ax + 0.07 * math.cos(angle + 2.4), ay + 0.07 * math.sin(angle + 2.4))
            right = (ax + 0.07 * math.cos(angle - 2.4), ay + 0.07 * math.sin(angle - 2.4))
            if layout.frame.contains(LineString([tip, (ax, ay)])):
                items.append(Area(_polygon([tip, left, right]), fill="#1F4E79"))
                items.append(Text(tip[0] + 0.06, tip[1], "upstream", SMALL, fill="#1F4E79"))
    return items


def _areas(plan: Plan, layout: MapLayout) -> list[PageItem]:
    items: list[PageItem] = []
    styles = {"water": (WATER, WATER_EDGE), "mooring-area": ("none", BLUE),
              "restricted-area": ("none", ORANGE)}
    for role in ("water", "mooring-area", "restricted-area"):
        fill, edge = styles[role]
        for f in plan.role(role):
            shape = _to_page(f.shape, layout)
            if not shape.is_empty:
                items.append(Area(geometry_path(shape), fill=fill, stroke=edge, width=0.012))
    for f in plan.role("shoreline", "dock", "pier", "raft"):
        shape = _to_page(f.shape.boundary if f.shape.geom_type.endswith("Polygon")
                         else f.shape, layout)
        for points in _lines(shape):
            items.append(Line(points, 0.03 if f.role != "shoreline" else 0.015, "#5A3C1E"))
    for f in plan.role("landmark"):
        spot = f.shape
        assert isinstance(spot, Point)  # the loader takes a landmark only as a point
        (x,), (y,) = layout.page([spot.x], [spot.y])
        if layout.frame.contains(LineString([(x, y), (x, y + 0.001)])):
            items.append(Area(_polygon([(x, y - 0.06), (x + 0.06, y + 0.05),
                                        (x - 0.06, y + 0.05)]), stroke="#000000", width=0.01))
            items.append(Text(x + 0.09, y + 0.03, f.name or "landmark", SMALL,
                              fill="#333333"))
    return items


def _legend(report: PlanReport, x: float, y: float) -> tuple[list[PageItem], float]:
    """The legend: a row per kind of marker (and face) present, the channel, the areas
    and the finding badge; returns the items and the next free y."""
    items: list[PageItem] = [Text(x, y, "Legend", 0.12, bold=True)]
    y += 0.22
    plan = report.read_plan
    seen: dict[tuple[str, str | None], tuple[Kind, Kind | None]] = {}
    for m in plan.markers:
        kind, face = _kinds(report, m)
        seen.setdefault((kind.name, face.name if face else None), (kind, face))
    rows: list[tuple[Callable[[float], list[PageItem]], str]] = [
        (partial(symbol, kind, face, x + 0.08), kind.name + (f" ({face.name})" if face else ""))
        for kind, face in seen.values()]

    def channel(row: float) -> list[PageItem]:
        return [Line(((x, row), (x + 0.16, row)), 0.02, "#1F4E79", dash=0.05)]

    def area(row: float, fill: str, edge: str) -> list[PageItem]:
        return [Area(_polygon([(x, row - 0.06), (x + 0.16, row - 0.06), (x + 0.16, row + 0.06),
                               (x, row + 0.06)]), fill=fill, stroke=edge, width=0.012)]

    if plan.role("channel"):
        rows.append((channel, "channel (arrow: upstream)"))
    for role, fill, edge in (("water", WATER, WATER_EDGE), ("mooring-area", "none", BLUE),
                             ("restricted-area", "none", ORANGE)):
        if plan.role(role):
            rows.append((partial(area, fill=fill, edge=edge), role.replace("-", " ")))
    rows.append((lambda row: _badge(x + 0.08, row, 1), "finding (numbered below)"))
    for draw, label in rows:
        items += draw(y)
        items.append(Text(x + 0.25, y + 0.03, label, TEXT))
        y += 0.2
    return items, y


def _badge(x: float, y: float, number: int) -> list[PageItem]:
    return [Area(_circle(x, y, 0.075), fill="#000000"),
            Text(x, y + 0.03, str(number), 0.08, "middle", bold=True, fill="#FFFFFF")]


#: How near (page inches) a marker beside another on about the same line must be for
#: their labels to collide: a label is about this long.
_LABEL_REACH, _SAME_LINE = 0.7, 0.2


def _label_sides(xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
    """Where each marker's label goes: 0 east of it, 1 west (a neighbour stands close
    to its east on about the same line, as a pair across a channel does), 2 above it
    (neighbours close on both sides, as in a row of buoys), so labels read apart
    instead of over each other's symbols."""
    sides = np.zeros(len(xs), int)
    if len(xs) < 2:
        return sides
    points = cast(np.ndarray, shapely.points(np.column_stack([xs, ys])))  # one per marker
    which, other = STRtree(points).query(points, predicate="dwithin", distance=_LABEL_REACH)
    near = (which != other) & (np.abs(ys[other] - ys[which]) < _SAME_LINE)
    east = np.zeros(len(xs), bool)
    west = np.zeros(len(xs), bool)
    east[which[near & (xs[other] > xs[which])]] = True
    west[which[near & (xs[other] <= xs[which])]] = True
    sides[east & ~west] = 1
    sides[east & west] = 2
    return sides


#: Per label side: the label's offset and anchor, and the offset of a finding's badge.
_LABEL_AT = {0: ((0.11, 0.035), "start", (-0.14, -0.14)),
             1: ((-0.11, 0.035), "end", (0.14, -0.14)),
             2: ((0.0, -0.11), "middle", (-0.14, 0.14))}


def map_items(report: PlanReport, layout: MapLayout) -> list[PageItem]:
    """Everything drawn inside and around the map frame."""
    plan = report.read_plan
    items: list[PageItem] = _areas(plan, layout) + _graticule(plan, layout) + \
        _channel(plan, layout)
    xs, ys = layout.page([m.x for m in plan.markers], [m.y for m in plan.markers])
    frame = layout.frame.bounds
    inside = (xs >= frame[0]) & (xs <= frame[2]) & (ys >= frame[1]) & (ys <= frame[3])
    sides = _label_sides(xs, ys)
    for m, x, y, shown, side in zip(plan.markers, xs, ys, inside, sides, strict=True):
        if shown:
            items += symbol(*_kinds(report, m), float(x), float(y))
            (dx, dy), anchor, _ = _LABEL_AT[int(side)]
            items.append(Text(float(x) + dx, float(y) + dy, m.label, TEXT, anchor))
    for number, f in numbered_findings(report):
        if f.marker is not None and inside[f.marker]:
            bx, by = _LABEL_AT[int(sides[f.marker])][2]
            items += _badge(float(xs[f.marker]) + bx, float(ys[f.marker]) + by, number)
    items.append(Area(geometry_path(layout.frame), stroke="#000000", width=0.015))
    return items + _north_arrow(plan, layout) + _scale_bar(layout)


PAGE_W, PAGE_H = 11.0, 8.5


#: The locator's box on the map page: the state's bounds, at most this wide and high (in).
LOCATOR_W, LOCATOR_H = 1.6, 1.3


def locator(plan: Plan, area: Any, x: float, y: float) -> list[PageItem]:
    """Where the plan lies within the pack's ``area`` (its bounds in degrees, drawn with
    the longitude shortened by the cosine of the middle latitude, so the box keeps the
    state's proportions): the bounds' box and a dot at the markers' middle, with the
    place in degrees."""
    lo_x, lo_y, hi_x, hi_y = area.bounds
    squash = math.cos(math.radians((lo_y + hi_y) / 2))
    scale = min(LOCATOR_W / ((hi_x - lo_x) * squash), LOCATOR_H / (hi_y - lo_y))
    w, h = (hi_x - lo_x) * squash * scale, (hi_y - lo_y) * scale
    lon = float(np.mean([m.lon for m in plan.markers])) if plan.markers else (lo_x + hi_x) / 2
    lat = float(np.mean([m.lat for m in plan.markers])) if plan.markers else (lo_y + hi_y) / 2
    px, py = x + (lon - lo_x) * squash * scale, y + 0.2 + (hi_y - lat) * scale
    return [Text(x, y + 0.08, f"Locator: {area.name} (its bounds)", 0.1, bold=True),
            Area(_polygon([(x, y + 0.2), (x + w, y + 0.2), (x + w, y + 0.2 + h),
                           (x, y + 0.2 + h)]), fill="none", stroke="#444444", width=0.01),
            Area(_circle(px, py, 0.05), fill=ORANGE, stroke="#000000", width=0.008),
            Text(x, y + 0.35 + h, f"the plan: {lat:.4f} N, {abs(lon):.4f} "
                 f"{'W' if lon < 0 else 'E'}", TEXT)]


def plan_map_svg(report: PlanReport, scale: float | None = None) -> bytes:
    """The map page (landscape letter) of a checked plan, as SVG bytes."""
    if report.plan is None:
        raise WsmarkError(report.error or f"{report.file}: cannot be read")
    plan = report.read_plan
    layout = layout_for(plan, 0.6, 0.75, 7.0, 7.2, scale)
    items: list[PageItem] = [
        Text(0.6, 0.45, f"Placement plan: {plan.name}", 0.2, bold=True),
        Text(0.6, 0.62, f"{Path(plan.path).name}; {plan.projection.name}; verdict "
                        f"{report.verdict}", 0.09, fill="#444444")]
    items += map_items(report, layout)
    legend, y = _legend(report, 7.9, 0.9)
    items += legend
    items.append(Text(7.9, y + 0.1, "Findings", 0.12, bold=True))
    y += 0.3
    shown = numbered_findings(report)
    for number, f in shown:
        g = f.finding
        who = plan.markers[f.marker].name if f.marker is not None else "plan"
        lines, next_y = paragraph(8.1, y, f"{g.severity} {g.rule} ({g.citation}), {who}: "
                                   f"{g.message}", 2.7, SMALL)
        if next_y > PAGE_H - 0.4 - LOCATOR_H - 0.4:
            items.append(Text(7.9, y, f"... {len(shown) - number + 1} more: see the report",
                              0.08))
            break
        items += [*_badge(7.97, y - 0.03, number), *lines]
        y = next_y + 0.06
    if not shown:
        items.append(Text(7.9, y, "none", 0.09))
    area = report.words.area if report.words else None
    if area is not None:
        items += locator(plan, area, 7.9, PAGE_H - LOCATOR_H - 0.5)
    return page_svg(PAGE_W, PAGE_H, (0, 0, PAGE_W, PAGE_H), f"wsmark plan map {plan.name}",
                    items)


def plan_map_bytes(report: PlanReport, suffix: str, scale: float | None = None,
                   dpi: float = 150) -> bytes:
    """The map as ``.svg``, ``.pdf`` or ``.png`` (at ``dpi``) bytes."""
    suffix = suffix.lower()
    if suffix not in (".svg", ".pdf", ".png"):
        raise WsmarkError(f"cannot draw a map as {suffix or 'a file without suffix'!r}: "
                          "use .svg, .pdf or .png")
    if suffix == ".png" and PAGE_W * dpi > MAX_PNG_SIDE:
        raise WsmarkError(f"a map at {dpi:g} dpi is wider than cairo can make; use at "
                          f"most {int(MAX_PNG_SIDE / PAGE_W)} dpi")
    if suffix == ".png":
        check_pixels(PAGE_W, PAGE_H, dpi, option="")
    svg = plan_map_svg(report, scale)
    if suffix == ".svg":
        return svg
    return svg_to_pdf(svg) if suffix == ".pdf" else svg_to_png(svg, dpi)
