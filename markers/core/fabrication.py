"""What a sign shop cuts and orders, from the same Artwork: pure geometry, no files.

A marker is made as a base sheeting (the white face) with a film of each other color
cut and applied on top. The cut film of a color is what is *seen* of it
(``Artwork.visible``), merged into disjoint pieces, so no two paths of one color
overlap. Print and cut files share one ``Frame`` (trim, bleed, crop and registration
marks) so their layers line up. Inches, y down; the Frame's page adds a margin.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TypeVar

from shapely import STRtree, shortest_line, unary_union
from shapely.affinity import scale, translate
from shapely.geometry import LineString, Point, Polygon, box
from shapely.geometry.base import BaseGeometry
from shapely.ops import polylabel

from markers.core.artwork import Artwork
from markers.core.colors import PALETTE
from markers.core.shapes import polygons
from markers.errors import WsmarkError

_G = TypeVar("_G", bound=BaseGeometry)

__all__ = ["BASE", "DEFAULT_BLEED", "DEFAULT_MIN_FEATURE", "Frame", "WeedingIssue",
           "BomLine", "Fabrication", "cut_polygons", "bleed_paint", "cut_pieces",
           "weeding_check", "bill_of_materials", "plan", "sheet_outline"]

#: The color of the base sheeting; every other color is a cut film on top of it.
BASE = "white"
DEFAULT_BLEED = 0.125
DEFAULT_MIN_FEATURE = 1 / 16
#: Room beyond the bleed for crop marks and registration targets.
MARK_SPACE = 0.5
#: Crop marks stop this far short of the bleed, so they never print on the sign.
CROP_GAP = 1 / 16
#: Registration target: radius, and width of its ring and cross bars.
TARGET_RADIUS = 1 / 8
TARGET_LINE = 1 / 32
#: Pieces below this area are noise of the boolean operations, not anything cuttable.
DEBRIS = 1e-6
#: Depth of the edge strip whose paint is stretched over the bleed.
EDGE_PROBE = 1e-3
#: Bleed beyond this is a mistake (a sign shop asks for 1/16 to 1/4 in).
MAX_BLEED = 2.0
SQ_IN_PER_SQ_FT = 144.0


def cut_polygons(geometry: BaseGeometry) -> list[Polygon]:
    """The cuttable polygons of ``geometry``, in its order (noise of booleans dropped)."""
    return polygons(geometry, DEBRIS, largest_first=False)


@dataclass(frozen=True)
class Frame:
    """The media around a trimmed artwork ``width`` x ``height``: ``bleed`` beyond the
    trim, then room for crop marks and three registration targets (asymmetric, so a
    flipped layer is noticed)."""

    width: float
    height: float
    bleed: float

    @property
    def margin(self) -> float:
        return self.bleed + MARK_SPACE

    @property
    def page_width(self) -> float:
        return self.width + 2 * self.margin

    @property
    def page_height(self) -> float:
        return self.height + 2 * self.margin

    def place(self, geometry: _G) -> _G:
        """``geometry`` from artwork coordinates onto the page, of its own type."""
        return translate(geometry, self.margin, self.margin)

    def unplace(self, geometry: BaseGeometry) -> BaseGeometry:
        """``geometry`` from the page back into artwork coordinates."""
        return translate(geometry, -self.margin, -self.margin)

    def crop_marks(self) -> list[LineString]:
        """Two short lines at each trim corner, outside the bleed (page coordinates)."""
        m, near = self.margin, self.bleed + CROP_GAP
        lines = []
        for x, dx in ((m, -1), (m + self.width, 1)):
            for y, dy in ((m, -1), (m + self.height, 1)):
                lines.append(LineString([(x + dx * near, y), (x + dx * m, y)]))
                lines.append(LineString([(x, y + dy * near), (x, y + dy * m)]))
        return lines

    def registration(self) -> list[BaseGeometry]:
        """Registration targets at three page corners, the same in every layer."""
        c = self.margin / 2
        centres = [(c, c), (self.page_width - c, c), (c, self.page_height - c)]
        return [_target(x, y) for x, y in centres]


def _target(cx: float, cy: float) -> BaseGeometry:
    """A ring with a cross through it: closed outlines a cutter and an eye can both find."""
    centre = Point(cx, cy)
    ring = centre.buffer(TARGET_RADIUS).difference(centre.buffer(TARGET_RADIUS - TARGET_LINE))
    arm = TARGET_RADIUS + TARGET_LINE * 2
    cross = box(cx - arm, cy - TARGET_LINE / 2, cx + arm, cy + TARGET_LINE / 2).union(
        box(cx - TARGET_LINE / 2, cy - arm, cx + TARGET_LINE / 2, cy + arm))
    return ring.union(cross)


def bleed_paint(geometry: BaseGeometry, width: float, height: float,
                bleed: float) -> BaseGeometry:
    """The paint of ``geometry`` carried ``bleed`` past the trim edges it touches.

    Each edge's paint is stretched straight out (corners diagonally), so a stripe
    meeting the edge continues as the same stripe, and a cut slightly off the trim
    shows no paper.
    """
    if bleed <= 0:
        return Polygon()
    p, w, h = EDGE_PROBE, width, height
    stretch = bleed / p
    windows = [  # (probe strip inside the trim, x factor, y factor, origin)
        (box(0, 0, w, p), 1, -stretch, (0, 0)), (box(0, h - p, w, h), 1, -stretch, (0, h)),
        (box(0, 0, p, h), -stretch, 1, (0, 0)), (box(w - p, 0, w, h), -stretch, 1, (w, 0)),
        (box(0, 0, p, p), -stretch, -stretch, (0, 0)),
        (box(w - p, 0, w, p), -stretch, -stretch, (w, 0)),
        (box(0, h - p, p, h), -stretch, -stretch, (0, h)),
        (box(w - p, h - p, w, h), -stretch, -stretch, (w, h)),
    ]
    parts = []
    for window, fx, fy, origin in windows:
        edge = geometry.intersection(window)
        if not edge.is_empty:
            parts.append(scale(edge, fx, fy, origin=origin))
    return unary_union(parts) if parts else Polygon()


def cut_pieces(art: Artwork) -> dict[str, list[Polygon]]:
    """Per cut color (every color but the base), the disjoint pieces of film that are
    seen, in paint order of first appearance."""
    cuts = {}
    for color in art.colors():
        if color == BASE:
            continue
        pieces = cut_polygons(art.visible(color))
        if pieces:
            cuts[color] = pieces
    return cuts


@dataclass(frozen=True)
class WeedingIssue:
    """A part too small to cut and weed cleanly: ``what`` is a piece, a neck of a piece,
    a gap (hole) inside a piece, or a gap between pieces; ``width`` about how wide it
    is and (``x``, ``y``) where, in inches from the artwork's top-left."""

    color: str
    what: str
    width: float
    x: float
    y: float
    limit: float

    def __str__(self) -> str:
        return (f"{self.color} {self.what} {self.width:.3f} in wide at "
                f"x {self.x:.2f}, y {self.y:.2f} in (minimum feature {self.limit:.3f} in)")


def _inscribed_width(polygon: Polygon) -> float:
    """Twice the radius of the largest circle inside ``polygon``: its widest part."""
    pole = polylabel(polygon, tolerance=polygon.length * 1e-5 + 1e-6)
    return 2 * polygon.boundary.distance(pole)


def _narrow(color: str, what: str, polygon: Polygon, limit: float) -> list[WeedingIssue]:
    """``polygon`` if it is narrower than ``limit`` all over (it vanishes when shrunk by
    half the limit), or its necks narrower than ``limit`` (it splits when shrunk)."""
    r = limit / 2
    cores = cut_polygons(polygon.buffer(-r))
    if not cores:
        c = polygon.centroid
        return [WeedingIssue(color, what, _inscribed_width(polygon), c.x, c.y, limit)]
    if len(cores) == 1:
        return []
    reach = unary_union(cores).buffer(r)
    grown = [core.buffer(r * 1.01) for core in cores]
    issues = []
    for thin in cut_polygons(polygon.difference(reach)):
        if sum(thin.intersects(g) for g in grown) >= 2:  # joins two parts: a neck
            c = thin.centroid
            issues.append(WeedingIssue(color, f"{what} neck", _inscribed_width(thin),
                                       c.x, c.y, limit))
    return issues


def weeding_check(cuts: dict[str, list[Polygon]], limit: float) -> list[WeedingIssue]:
    """Pieces, necks and gaps narrower than ``limit`` inches, top to bottom."""
    if not (math.isfinite(limit) and limit > 0):
        raise WsmarkError(f"minimum feature {limit} must be a positive number of inches")
    issues = []
    for color, pieces in cuts.items():
        for piece in pieces:
            issues += _narrow(color, "piece", piece, limit)
            for hole in piece.interiors:
                issues += _narrow(color, "gap", Polygon(hole), limit)
    issues += _gaps_between(cuts, limit)
    return sorted(issues, key=lambda i: (round(i.y, 3), round(i.x, 3), i.color))


def _gaps_between(cuts: dict[str, list[Polygon]], limit: float) -> list[WeedingIssue]:
    """White slivers between two pieces (of any colors) closer than ``limit``."""
    owners = [(color, piece) for color, pieces in cuts.items() for piece in pieces]
    if len(owners) < 2:
        return []
    geoms = [piece for _, piece in owners]
    pairs = STRtree(geoms).query(geoms, predicate="dwithin", distance=limit)
    issues = []
    for i, j in zip(*pairs, strict=True):
        if i >= j:
            continue
        gap = geoms[i].distance(geoms[j])
        if gap <= 0:
            continue
        mid = shortest_line(geoms[i], geoms[j]).interpolate(0.5, normalized=True)
        colors = "/".join(dict.fromkeys((owners[i][0], owners[j][0])))
        issues.append(WeedingIssue(colors, "gap between pieces", gap, mid.x, mid.y, limit))
    return issues


@dataclass(frozen=True)
class BomLine:
    """Sheeting of one color: ``area`` square inches per sign, ``qty`` signs."""

    color: str
    hex: str
    role: str
    area: float
    qty: int

    @property
    def sq_ft(self) -> float:
        return self.area / SQ_IN_PER_SQ_FT

    @property
    def total_sq_ft(self) -> float:
        return self.sq_ft * self.qty


def sheet_outline(art: Artwork) -> BaseGeometry:
    """What the base sheeting covers and the sign is trimmed to: its blank's outline
    (feature ``trim``, rounded corners included), else the artwork's rectangle."""
    return art.features.get("trim", art.bounds)


def bill_of_materials(art: Artwork, cuts: dict[str, list[Polygon]], qty: int) -> list[BomLine]:
    """Sheeting per color: the base covers the whole blank (``sheet_outline``, whatever
    is painted on it), each film its cut pieces (net area, before waste)."""
    if qty < 1:
        raise WsmarkError(f"quantity {qty} must be at least 1")
    hexes = {layer.color: layer.hex for layer in art.layers}
    blank = art.meta.get("blank")
    lines = [BomLine(BASE, hexes.get(BASE, PALETTE[BASE]),
                     f"base sheeting (the whole {blank} in blank)" if blank else
                     "base sheeting (whole face)", sheet_outline(art).area, qty)]
    lettered = _label_colors(art)
    for color, pieces in cuts.items():
        role = "cut film" + (f" (with the permit label {art.meta.get('permit_id')})"
                             if color in lettered else "")
        lines.append(BomLine(color, hexes[color], role, sum(p.area for p in pieces), qty))
    return lines


def _label_colors(art: Artwork) -> set[str]:
    """The film colors the permit label (feature ``permit-label``) is lettered in."""
    strip = art.features.get("permit-label")
    if strip is None:
        return set()
    return {layer.color for layer in art.layers
            if layer.color != BASE and layer.geometry.intersection(strip).area > 1e-6}


@dataclass(frozen=True)
class Fabrication:
    """Everything the fabrication files show: the frame, per layer the paint carried
    into the bleed, the cut pieces per color (page coordinates), weeding issues
    (artwork coordinates) and the bill of materials."""

    art: Artwork
    frame: Frame
    bleeds: tuple[BaseGeometry, ...]
    cuts: dict[str, list[Polygon]]
    issues: list[WeedingIssue]
    bom: list[BomLine]
    #: what the job is made of (the blank, what is painted), and findings beyond
    #: weeding (a mounting hole too close to the symbol or legend)
    notes: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    #: the job nested on the shop's rolls (``markers.core.materials.MaterialLine``)
    materials: tuple = ()
    #: what one of the job is, as its tables say "per sign", "per buoy", "per flag"
    unit: str = "sign"
    #: how its costs are to be read: in words (currency, placeholder prices), the
    #: currency's code, and whether the prices are wsmark's placeholders
    prices: str = ""
    currency: str = ""
    placeholder_prices: bool = False

    def panels(self, color: str) -> list[BaseGeometry]:
        """The panels the cut pieces of ``color`` are cut in across rolls (artwork
        coordinates), numbered in order; none when every piece fits a roll."""
        return [panel for line in self.materials if line.kind != "sheeting"
                and line.color == color for split in line.splits for panel in split.panels]


def plan(art: Artwork, bleed: float = DEFAULT_BLEED,
         min_feature: float = DEFAULT_MIN_FEATURE, qty: int = 1) -> Fabrication:
    """The fabrication of ``art``; bad options are one-line WsmarkErrors."""
    if not (math.isfinite(bleed) and 0 <= bleed <= MAX_BLEED):
        raise WsmarkError(f"bleed {bleed} must be between 0 and {MAX_BLEED:g} in")
    frame = Frame(art.width, art.height, bleed)
    cuts = cut_pieces(art)
    issues = weeding_check(cuts, min_feature)
    bom = bill_of_materials(art, cuts, qty)
    bleeds = tuple(bleed_paint(layer.geometry, art.width, art.height, bleed)
                   for layer in art.layers)
    placed = {color: [frame.place(p) for p in pieces] for color, pieces in cuts.items()}
    return Fabrication(art, frame, bleeds, placed, issues, bom)
