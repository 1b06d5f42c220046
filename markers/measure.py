"""Artwork -> Facts: what a marker measures, independent of how it was made.

The same code measures a generated marker and a vendor's drawing, so one rule set
judges both. Nothing here decides pass or fail; the rules do (markers/rules/).
"""

from __future__ import annotations

import heapq
import math
import statistics
from dataclasses import dataclass, field

import numpy as np
import shapely
from shapely import unary_union
from shapely.geometry import LineString, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points

from markers.artwork import Artwork
from markers.colors import PALETTE, ColorMatch, classify

__all__ = ["LegendFact", "Band", "Reflector", "Stripe", "Facts", "measure", "polygons",
           "bbox_of", "enclosed_by", "family_geometry", "legend_facts"]

#: Areas smaller than this (sq in) are specks: anti-aliasing slivers, hairlines.
SPECK = 1e-4
REGULATORY = ("danger", "exclusion", "control", "information")
AIDS = ("aid-red", "aid-green", "aid-center")
#: Declared kinds measured as buoy elevations, the wrap, and flags (see measure()).
BUOYS = ("buoy-symbol", "buoy-sign", "buoy-mooring", "buoy-race", "buoy-aid-red",
         "buoy-aid-green", "buoy-aid-center")
WRAP = "buoy-wrap"
FLAGS = ("diver-flag", "distress-flag")


@dataclass(frozen=True)
class LegendFact:
    """A line of lettering as measured: cap height, stroke ratio, colour, place."""

    text: str | None
    cap_height: float
    stroke_ratio: float | None
    color: ColorMatch | None
    bbox: tuple[float, float, float, float]
    inside_symbol: bool
    outlined: bool


@dataclass(frozen=True)
class Band:
    """A band of one colour around a buoy: where it runs (y down, inches) and its share
    of the area above the waterline."""

    color: ColorMatch
    top: float
    bottom: float
    share: float

    @property
    def height(self) -> float:
        return self.bottom - self.top


@dataclass(frozen=True)
class Reflector:
    """The element named ``reflector`` on a buoy: how high, what colour, whether it runs
    across the whole buoy (all around), how far its top is from the buoy's top."""

    height: float
    color: ColorMatch | None
    around: bool
    below_top: float
    bbox: tuple[float, float, float, float]


@dataclass(frozen=True)
class Stripe:
    """A stripe on a flag: width across it, angle from the horizontal, whether it runs
    from one edge of the flag to the opposite one."""

    color: ColorMatch
    width: float
    angle: float
    crosses: bool
    bbox: tuple[float, float, float, float]


@dataclass
class Facts:
    """Everything the rules need to know about one marker, in inches and degrees.

    Buoys and wraps add the waterline and what stands above it; ``faces`` are the
    faces a buoy carries (its symbol, each symbol of a wrap, the sign above a sign
    buoy), measured like sign faces and judged by the same rules. ``curvature`` says
    how a face on a round surface was measured: "seen" (as drawn on an elevation) or
    "surface" (developed onto the surface).
    """

    source: str
    kind: str | None = None
    declared_kind: str | None = None
    drawing_units: str | None = None
    generator: str | None = None
    display_height: float | None = None
    display_basis: str | None = None
    display_area: Polygon | None = None
    panel: Polygon | None = None
    symbol_shape: str | None = None
    symbol_outer: Polygon | None = None
    symbol_color: ColorMatch | None = None
    center_color: ColorMatch | None = None
    has_cross: bool = False
    size_name: str | None = None
    size: float | None = None
    outline: float | None = None
    outline_at: tuple[float, float, float, float] | None = None
    side_angles: list[float] = field(default_factory=list)
    roundness: float | None = None
    center_offset: float | None = None
    legends: list[LegendFact] = field(default_factory=list)
    face_color: ColorMatch | None = None
    face_shape: str | None = None
    stripes: int = 0
    ws_id: str | None = None
    ws_id_basis: str | None = None
    waterline: float | None = None
    body: Polygon | None = None
    height_above_water: float | None = None
    diameter: float | None = None
    diameter_basis: str | None = None
    body_shape: str | None = None
    body_color: ColorMatch | None = None
    bands: list[Band] = field(default_factory=list)
    reflector: Reflector | None = None
    lighted: bool | None = None
    material: str | None = None
    sides: int | None = None
    sides_basis: str | None = None
    side_spacing: float | None = None
    curvature: str | None = None
    curvature_basis: str | None = None
    faces: list["Facts"] = field(default_factory=list)
    flag_height: float | None = None
    flag_length: float | None = None
    flag_stripes: list[Stripe] = field(default_factory=list)

    def bbox(self) -> tuple[float, float, float, float] | None:
        geom = self.symbol_outer or self.body or self.panel
        return bbox_of(geom) if geom is not None else None


def polygons(geometry: BaseGeometry) -> list[Polygon]:
    """The polygons of any geometry, biggest first, specks dropped."""
    parts = getattr(geometry, "geoms", [geometry])
    found = [p for p in parts if isinstance(p, Polygon) and p.area > SPECK]
    for p in parts:
        if not isinstance(p, Polygon) and hasattr(p, "geoms"):
            found += polygons(p)
    return sorted(found, key=lambda p: -p.area)


def bbox_of(geometry: BaseGeometry) -> tuple[float, float, float, float]:
    """The report's [x, y, w, h] box of ``geometry``, to 1/1000 in."""
    x0, y0, x1, y1 = geometry.bounds
    return (round(x0, 3), round(y0, 3), round(x1 - x0, 3), round(y1 - y0, 3))


def family_geometry(art: Artwork) -> dict[str, tuple[BaseGeometry, ColorMatch]]:
    """Visible geometry of each colour family, with the match of its (first) colour."""
    first_hex = {}
    for layer in art.layers:
        first_hex.setdefault(layer.color, layer.hex)
    return {family: (geometry, classify(first_hex[family]))
            for family, geometry in art.visible_by_color().items()}


# --- symbol shape ---------------------------------------------------------------

def _extreme_quad(poly: Polygon) -> Polygon:
    """The quadrilateral through the top, right, bottom and left extreme points."""
    pts = list(poly.exterior.coords)[:-1]
    top = min(pts, key=lambda p: (p[1], p[0]))
    bottom = max(pts, key=lambda p: (p[1], p[0]))
    left = min(pts, key=lambda p: (p[0], p[1]))
    right = max(pts, key=lambda p: (p[0], p[1]))
    return Polygon([top, right, bottom, left])


def _is_axis_rectangle(poly: Polygon) -> bool:
    return poly.area >= 0.985 * poly.envelope.area


def _is_diamond(poly: Polygon) -> bool:
    quad = _extreme_quad(poly)
    return quad.is_valid and quad.area > 0 and abs(poly.area / quad.area - 1) < 0.015


def _radii(ring) -> np.ndarray:
    c = Polygon(ring).centroid
    xy = np.asarray(ring.coords)[:-1]
    return np.hypot(xy[:, 0] - c.x, xy[:, 1] - c.y)


def _is_circle(poly: Polygon) -> bool:
    radii = _radii(poly.exterior)
    return len(radii) >= 12 and np.ptp(radii) / (2 * radii.mean()) < 0.05


def shape_of(poly: Polygon) -> str:
    """'rectangle', 'diamond', 'circle', 'triangle' or 'other' for an outline."""
    if _is_axis_rectangle(poly):
        return "rectangle"
    hull = poly.convex_hull.simplify(0.01 * math.sqrt(poly.area))
    if len(hull.exterior.coords) == 4 and poly.area >= 0.985 * hull.area:
        return "triangle"
    if _is_diamond(poly):
        return "diamond"
    if _is_circle(poly):
        return "circle"
    return "other"


def side_angles(poly: Polygon) -> list[float]:
    """Angle of each side of a diamond from the vertical, degrees (top-right first)."""
    quad = list(_extreme_quad(poly).exterior.coords)
    return [math.degrees(math.atan2(abs(x1 - x0), abs(y1 - y0)))
            for (x0, y0), (x1, y1) in zip(quad, quad[1:])]


# --- lettering ------------------------------------------------------------------

def _lines(components: list[Polygon]) -> list[list[Polygon]]:
    """Group letter outlines into lines by vertical overlap: each outline, top first,
    joins the first line (oldest) it overlaps by half the smaller height, else starts one.

    A sweep down the page: a line whose bottom is above an outline's top can take no
    later outline, so it leaves the active set (a heap keyed on its bottom). With n
    outlines and k lines reaching down to one outline's top (a handful for lettering):
    O(n log n + n k).
    """
    lines: list[list[Polygon]] = []
    spans: list[list[float]] = []  # per line: [top, bottom]
    active: dict[int, None] = {}  # lines still reachable, oldest first
    ends: list[tuple[float, int]] = []  # (bottom, line) heap, stale entries skipped
    for comp in sorted(components, key=lambda p: p.bounds[1]):
        _, y0, _, y1 = comp.bounds
        while ends and ends[0][0] <= y0:
            bottom, index = heapq.heappop(ends)
            if spans[index][1] == bottom:
                active.pop(index, None)
        for index in active:
            ly0, ly1 = spans[index]
            overlap = min(y1, ly1) - max(y0, ly0)
            if overlap > 0.5 * min(y1 - y0, ly1 - ly0):
                lines[index].append(comp)
                if y1 > ly1:
                    spans[index][1] = y1
                    heapq.heappush(ends, (y1, index))
                break
        else:
            lines.append([comp])
            spans.append([y0, y1])
            active[len(lines) - 1] = None
            heapq.heappush(ends, (y1, len(lines) - 1))
    return lines


def _line_fact(line: list[Polygon], color: ColorMatch, symbol: Polygon | None) -> LegendFact:
    heights = [p.bounds[3] - p.bounds[1] for p in line]
    letters = [p for h, p in zip(heights, line) if h >= 0.6 * max(heights)]
    # flat-topped letters are exactly the cap height; round ones overshoot it
    cap = min(p.bounds[3] - p.bounds[1] for p in letters)
    stroke = statistics.median(2 * p.area / p.length for p in letters) / cap
    geom = unary_union(line)
    inside = symbol is not None and geom.centroid.within(symbol)
    return LegendFact(None, cap, stroke, color, bbox_of(geom), inside, True)


def legend_facts(art: Artwork, fam: dict, letter_families: list[str],
                  symbol: Polygon | None, within: BaseGeometry | None) -> list[LegendFact]:
    """Lines of lettering in ``letter_families`` (outlines, optionally only those
    ``within`` an area) and the drawing's ``<text>`` legends."""
    facts = []
    for family in letter_families:
        geometry, match = fam[family]
        if within is not None:
            shapely.prepare(within)  # n point-in-area tests, each O(log v)
        comps = [p for p in polygons(geometry) if within is None or p.within(within)]
        facts += [_line_fact(line, match, symbol) for line in _lines(comps)]
    for item in art.legends:
        if item.outlined:
            continue
        color = classify(item.hex or PALETTE.get(item.color, PALETTE["black"]))
        inside = symbol is not None and item.box.centroid.within(symbol)
        facts.append(LegendFact(item.text, item.cap_height, None, color, bbox_of(item.box),
                                inside, False))
    return facts


# --- display area ----------------------------------------------------------------

def _display(art: Artwork, facts: Facts, given: float | None,
             legends: list[LegendFact]) -> None:
    """Display height and its basis: given on the command line, declared in the
    drawing (``display-area``), or inferred as the panel less bands of words above
    or below the symbol (each band edge half a cap height from its words)."""
    panel = facts.panel
    declared = art.features.get("display-area")
    if given is not None:
        facts.display_height, facts.display_basis = given, "declared"
        if declared is not None:
            facts.display_area = declared.envelope
    elif declared is not None:
        facts.display_area = declared.envelope
        x0, y0, x1, y1 = declared.bounds
        facts.display_height, facts.display_basis = y1 - y0, "declared"
    if facts.display_height is not None and facts.display_area is not None:
        return
    px0, top, px1, bottom = panel.bounds
    if facts.symbol_outer is not None:
        _, sy0, _, sy1 = facts.symbol_outer.bounds
        for leg in legends:
            _, ly, _, lh = leg.bbox
            if ly + lh <= sy0:
                top = max(top, ly + lh + leg.cap_height / 2)
            elif ly >= sy1:
                bottom = min(bottom, ly - leg.cap_height / 2)
    if facts.display_height is None:
        facts.display_height, facts.display_basis = bottom - top, "inferred"
    facts.display_area = box(px0, top, px1, top + facts.display_height)


# --- the two families of faces ---------------------------------------------------

def _has_cross(ring: Polygon, outline: float) -> bool:
    """Orange inside the inner diamond (the outline moved in by its own thickness): a
    cross, even where white words are knocked out of its middle."""
    inner = Polygon(ring.exterior).buffer(-(outline + 0.01), join_style="mitre")
    return not inner.is_empty and ring.intersection(inner).area > 0.05 * inner.area


def _measure_symbol(facts: Facts, ring: Polygon, fam: dict) -> None:
    outer = Polygon(ring.exterior)
    holes = sorted((Polygon(h) for h in ring.interiors), key=lambda p: -p.area)
    holes = [h for h in holes if h.area > SPECK]
    facts.symbol_outer = outer
    facts.symbol_shape = shape_of(outer)
    if not holes:
        facts.center_color = facts.symbol_color
    if holes:
        center = unary_union(holes)
        seen = max(((f, g.intersection(center).area) for f, (g, m) in fam.items()),
                   key=lambda item: item[1])
        facts.center_color = fam[seen[0]][1]
        where = min(((ring.exterior.distance(h.exterior), h) for h in holes),
                    key=lambda item: item[0])
        facts.outline = where[0]
        a, b = nearest_points(ring.exterior, where[1].exterior)
        facts.outline_at = bbox_of(LineString([a, b]).buffer(0.05))
        facts.has_cross = facts.symbol_shape == "diamond" and _has_cross(ring, facts.outline)
    x0, y0, x1, y1 = outer.bounds
    if facts.symbol_shape == "diamond":
        facts.size_name, facts.size = "outside width", x1 - x0
        facts.side_angles = side_angles(outer)
    elif facts.symbol_shape == "circle" and holes:
        facts.size_name = "inner diameter"
        facts.size = 2 * math.sqrt(holes[0].area / math.pi)
        outer_r, inner_r = _radii(outer.exterior), _radii(holes[0].exterior)
        facts.roundness = float(max(np.ptp(outer_r), np.ptp(inner_r)) / (2 * outer_r.max()))
    elif facts.symbol_shape == "rectangle" and holes:
        ix0, iy0, ix1, iy1 = holes[0].bounds
        if (x1 - x0) >= 0.98 * (y1 - y0):
            facts.size_name = "mean of inside and outside heights"
            facts.size = ((y1 - y0) + (iy1 - iy0)) / 2
        else:
            facts.size_name = "mean of inside and outside widths"
            facts.size = ((x1 - x0) + (ix1 - ix0)) / 2
    facts.kind = {"diamond": "exclusion" if facts.has_cross else "danger",
                  "circle": "control", "rectangle": "information"}.get(facts.symbol_shape)


def _measure_aid(facts: Facts, fam: dict, family: str) -> None:
    face_geom, match = fam[family]
    face = polygons(face_geom)[0]
    filled = Polygon(face.exterior)
    facts.face_color = match
    facts.symbol_outer = filled
    if family == "black":
        x0, y0, x1, y1 = facts.panel.bounds
        top_edge = box(x0, y0, x1, y0 + 0.02 * (y1 - y0))
        facts.stripes = len(polygons(face_geom.intersection(top_edge)))
        facts.face_shape = "striped"
        facts.kind = "aid-center"
    else:
        facts.face_shape = shape_of(filled)
        facts.kind = "aid-green" if family == "green" else "aid-red"


def _find_ring(fam: dict, panel_area: float) -> tuple[str, Polygon] | None:
    """The regulatory symbol: the biggest coloured shape that is a ring (one large hole,
    or a diamond whose center a cross splits into quarters), orange first; a solid
    orange diamond, circle or square counts too (its center is then not white).
    Aid faces are filled: their only holes are letters."""
    for family in sorted((f for f in fam if f != "white"), key=lambda f: f != "orange"):
        parts = polygons(fam[family][0])
        if not parts or parts[0].area < 0.03 * panel_area:
            continue
        shape = parts[0]
        filled = Polygon(shape.exterior)
        holes = sorted((Polygon(h).area for h in shape.interiors), reverse=True)
        outline = shape_of(filled)
        if holes and holes[0] > 0.15 * filled.area:
            return family, shape
        if outline == "diamond" and len(holes) >= 2 and sum(holes) > 0.005 * filled.area:
            return family, shape
        if family == "orange" and outline in ("diamond", "circle", "rectangle"):
            return family, shape
    return None


def _aid_face(fam: dict, share: dict[str, float]) -> str | None:
    """The colour family of an aid's face: the biggest non-white area covering a fifth
    of the panel; red, green, black stripes, or a triangle in a wrong colour (judged
    as a red nun so that aid-color can say so)."""
    family = max((f for f in fam if f != "white"), key=lambda f: share[f], default=None)
    if family is None or share[family] <= 0.2 or not polygons(fam[family][0]):
        return None
    if family in ("red", "green", "black"):
        return family
    face = Polygon(polygons(fam[family][0])[0].exterior)
    return family if shape_of(face) == "triangle" else None


def enclosed_by(geometry: BaseGeometry) -> BaseGeometry:
    """The area inside the outer boundaries of ``geometry``'s polygons (holes filled)."""
    return unary_union([Polygon(p.exterior) for p in polygons(geometry)])


def measure(art: Artwork, display_height: float | None = None) -> Facts:
    """Measure ``art``; ``display_height`` (inches) overrides the drawing's own.

    A buoy (declared, or any drawing with a ``waterline``), a wrap (declared) or a flag
    (declared, or recognised by its look) is measured by markers.measure_buoys or
    markers.measure_flags, which build on this module (hence imported here)."""
    kind = art.meta.get("kind")
    if not art.meta.get("carried"):  # not already a face carried by a buoy
        if kind in BUOYS or kind == WRAP or (kind is None and "waterline" in art.features):
            from markers.measure_buoys import measure_buoy
            return measure_buoy(art, display_height)
        from markers.measure_flags import looks_like_flag, measure_flag
        if kind in FLAGS or (kind is None and looks_like_flag(art)):
            return measure_flag(art)
    fam = family_geometry(art)
    facts = Facts(source=str(art.meta.get("source", "")), declared_kind=art.meta.get("kind"))
    painted = [g for g, _ in fam.values() if not g.is_empty]
    facts.panel = art.features.get("panel", box(*shapely.total_bounds(painted)) if painted
                                   else art.bounds)
    area = facts.panel.area or 1.0
    share = {f: g.area / area for f, (g, _) in fam.items()}
    ring = _find_ring(fam, area)
    aid_family = _aid_face(fam, share)
    if ring is not None:
        facts.symbol_color = fam[ring[0]][1]
        _measure_symbol(facts, ring[1], fam)
        ground = {"white", ring[0], facts.center_color.family if facts.center_color else None}
        letters = [f for f in fam if f not in ground]
        legends = legend_facts(art, fam, letters, facts.symbol_outer, None)
    elif aid_family is not None:
        _measure_aid(facts, fam, aid_family)
        letters = [f for f in fam if f != aid_family]
        legends = legend_facts(art, fam, letters, facts.symbol_outer,
                                enclosed_by(fam[aid_family][0]))
    else:
        legends = legend_facts(art, fam, [], None, None)
    facts.legends = legends
    _display(art, facts, display_height, legends)
    if facts.symbol_outer is not None and facts.display_area is not None:
        s, d = facts.symbol_outer.envelope.centroid, facts.display_area.centroid
        facts.center_offset = math.hypot(s.x - d.x, s.y - d.y)
    texts = [leg.text for leg in legends if leg.text and leg.text.strip().upper()
             .startswith("WS")]
    if texts:
        facts.ws_id, facts.ws_id_basis = texts[0].strip(), "text"
    elif art.meta.get("ws_id"):
        facts.ws_id, facts.ws_id_basis = art.meta["ws_id"], "declared"
    return facts
