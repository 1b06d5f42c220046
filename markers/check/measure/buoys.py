"""Artwork -> Facts for buoy elevations and wraps: an extension of markers.measure.

**Elevation** (a buoy seen from the side). The waterline is the element whose id or label
is ``waterline`` (its height), else the lowest painted edge; nothing under it is
measured. The body is the painted part that reaches down to the waterline: its top
gives the height above water, its width the diameter (a sphere's or an ovate's from the
fitted outline, since it may ride with its widest part under water). A band is a run of
one color at both edges of the body (the body's outline just inside, left and right),
so a symbol painted in the middle of the white area does not interrupt it; its share is
its part of the body's area above water (NR 5.09(5)(c) speaks of area).

**Faces.** What a buoy carries is measured like a sign face, by markers.check.measure.faces: the
white area between a symbol buoy's bands (its display area), the sign above a sign buoy,
an aid's letters. On a round surface a face can be read two ways (markers.build.cylinder):
as drawn, which on an elevation is as *seen* from the front, or *developed* onto the
surface (x -> r asin(x / r) about the body's axis). The design's declared ``curvature``
picks one; without it both are measured and the one whose symbol size is nearer 2/3 of
the display height is kept, since (6)(d) allows either (under a law setting no symbol
size, as drawn). Facts.curvature and Facts.curvature_basis (declared / inferred) say
which; findings then speak of that basis.

**Wrap** (declared ``buoy-wrap``). The flat print for a cylinder: bands run its whole
width; each symbol is measured in a window half the circumference wide around it,
*developed* as drawn or *seen* by x = s_c + r sin((s - s_c) / r); the symbols are counted
and their spacing taken as an angle around the buoy. The diameter is declared (else the
width / pi).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any, cast

import numpy as np
import shapely
from shapely import unary_union
from shapely.geometry import LineString, MultiPolygon, Polygon, box
from shapely.geometry.base import BaseGeometry

from markers.check.measure.bands import EDGE_IN, edge_color, edge_runs
from markers.check.measure.common import (
    AidFace,
    Band,
    BuoyFacts,
    Display,
    Drawing,
    Facts,
    Lettering,
    Measuring,
    Reflector,
    bbox_of,
    enclosed_by,
    family_geometry,
    legend_facts,
)
from markers.check.measure.faces import face_proportion, measure_face
from markers.check.measure.reading import read_identification, read_lines
from markers.check.measure.reflector import drawn_reflector
from markers.check.measure.waterline import drawn_waterline
from markers.core import geometry as geo
from markers.core.artwork import Artwork, as_seen
from markers.core.colors import ColorMatch
from markers.core.shapes import SPECK, fit_circle, none_meet, polygons

__all__ = ["drawn_waterline", "looks_like_buoy", "measure_buoy"]

#: The shapes of aid buoys this measurer reads an identification on (a pack's kinds
#: name what it detects, Kind.shape; one no kind names is reported as no kind).
AID_BUOYS = ("red-aid-buoy", "green-aid-buoy", "striped-aid-buoy")
#: The colors an aid buoy's edges show besides white (_aid_colored).
AID_EDGE = ("red", "green", "black")
#: The outline of a body is cut into points this far apart (inches) for fitting a circle
#: or ellipse (about 1/200 of the narrowest buoy the rule names, an 8.75 in race buoy),
#: and into at most this many.
OUTLINE_STEP_IN = 0.04
MAX_OUTLINE_POINTS = 20_000
#: A face filling its envelope to this share is a cylinder (flat-sided elevation).
RECT_FILL = 0.97
#: A fitted circle or ellipse is the outline when no point strays further than this
#: share of its radius.
ROUND_TOL = 0.02

Fam = dict[str, tuple[BaseGeometry, ColorMatch]]
#: A map of geometry from one basis into another (seen, along the surface, the drawing).
Move = Callable[[BaseGeometry], BaseGeometry]
Box = tuple[float, float, float, float]


def measure_buoy(art: Artwork, m: Measuring, declared: str | None = None) -> Facts:
    """Measure a buoy elevation, or a wrap, by ``m``'s law; ``declared`` is the shape
    (Kind.shape) of the kind the drawing declares, else it is detected. ``Facts.kind`` is
    the kind the pack reports that shape as."""
    drawing = Drawing(str(art.meta.get("source", "")), art.meta.get("kind"))
    said = BuoyFacts(lighted=art.meta.get("lighted"), material=art.meta.get("material"))
    art = _as_guide(art)
    fam = family_geometry(art)
    x0, y0, x1, y1 = shapely.total_bounds([g for g, _ in fam.values()])
    if math.isnan(x0):  # nothing painted
        return Facts(m.kind(declared), drawing, buoy=said)
    waterline = _waterline(art, y1)
    above = box(x0 - 1, y0 - 1, x1 + 1, waterline)
    fam = {f: (g if g.bounds[3] <= waterline else g.intersection(above), m)
           for f, (g, m) in fam.items()}
    fam = {f: v for f, v in fam.items() if polygons(v[0])}
    parts = _painted_parts([g for g, _ in fam.values()])
    if not parts:
        return Facts(m.kind(declared), drawing, buoy=said)
    body = Polygon(_lowest(parts).exterior)
    sign = [p for p in parts if p.bounds[3] <= body.bounds[1] + 1e-6]
    buoy, fitted, on_body = _body(art, fam, body, waterline, said)
    shape = declared or _detect(art, fam, buoy, sign, on_body, m)
    if shape == "wrap":
        return _wrap(art, fam, Facts(m.kind(shape), drawing, buoy=buoy), m)
    bx0, _, bx1, _ = body.bounds
    buoy = replace(buoy, diameter=fitted or bx1 - bx0, diameter_basis="measured")
    facts = Facts(m.kind(shape), drawing, Display(panel=body.envelope), buoy=buoy)
    if shape == "symbol-buoy":
        return _symbol_face(art, fam, facts, m)
    if shape == "sign-buoy":  # no sign above: an empty face, which reg-shape reports
        face = Facts(drawing=Drawing(drawing.source))
        if sign:
            region = unary_union([p.envelope for p in sign]).envelope
            face = measure_face(_sub(art, _clip(fam, region), region, region), m)
        return _carrying(facts, (face,))
    if shape in AID_BUOYS:
        return _aid(art, fam, facts, shape == "striped-aid-buoy", on_body)
    return facts


def _body(art: Artwork, fam: Fam, body: Polygon, waterline: float, said: BuoyFacts
          ) -> tuple[BuoyFacts, float | None, dict[str, BaseGeometry]]:
    """The buoy's body as measured above ``waterline`` (what ``said`` declares beside
    it), its fitted diameter if round, and each family's paint on it (_inside)."""
    top = body.bounds[1]
    shape, fitted = _shape(body, waterline)
    bands = tuple(_bands(fam, body, waterline))
    on_body = {f: _inside(g, body) for f, (g, _) in fam.items()}
    area = {f: part.area for f, part in on_body.items()}
    main = max(area, key=lambda f: area[f])
    basis = "declared" if "waterline" in art.features else "lowest painted edge"
    return replace(said, waterline=waterline, waterline_basis=basis, body=body,
                   height_above_water=waterline - top, shape=shape, color=fam[main][1],
                   color_share=area[main] / body.area, bands=bands,
                   reflector=_reflector(art, fam, body, waterline, list(bands))), \
        fitted, on_body


def _carrying(facts: Facts, faces: tuple[Facts, ...], curvature: str | None = None,
              basis: str | None = None) -> Facts:
    """The buoy's facts with the ``faces`` it carries: its display height and what its
    lettering says are its first face's."""
    face = faces[0]
    display = replace(facts.display, height=face.display.height, basis=face.display.basis)
    letters = Lettering(text=face.letters.text, basis=face.letters.basis)
    return replace(facts, display=display, letters=letters, faces=faces, curvature=curvature,
                   curvature_basis=basis)


# --- the body --------------------------------------------------------------------------

#: Shapes drawn edge to edge in a file's own units may leave hairline gaps (a band
#: ending at 640.08 mm, the next starting there); gaps narrower than this close.
HAIRLINE = 0.005


def _lowest(parts: list[Polygon]) -> Polygon:
    """The body: the part reaching lowest (a sign buoy's sign stands apart above it)."""
    return max(parts, key=lambda p: (round(p.bounds[3], 3), p.area))


def _painted_parts(families: list[BaseGeometry]) -> list[Polygon]:
    """The parts of the paint of ``families`` (their visible geometries), hairlines
    closed (_closed), as far as the body and a sign are told from them: the outline
    of each part, and the lowest part and the signs above it as _lowest and
    measure_buoy find them.

    A piece lying inside the outline of another (a symbol on the white, a letter in
    the symbol) cannot reach the outline of the part holding it, so only the outermost
    pieces are joined, and those of more than a speck without their holes (a smaller
    one keeps them: its part may be a speck, which _closed drops): the same outlines
    from a fraction of the vertices (a symbol's and its lettering's are most of them).
    Where a piece left out could change which part is lowest or a sign (_settled), or
    a family holds more than polygons, all of the paint is joined."""
    pieces = _pieces(families)
    if pieces is not None:
        big = shapely.area(pieces) > SPECK
        inner = _enclosed(pieces, big)
        if inner.any():
            outer = np.where(big, _outlines(pieces), pieces)[~inner]
            parts = polygons(_closed(unary_union(outer)))
            if _settled(parts, pieces[inner]):
                return parts
    return polygons(_closed(unary_union(families)))


def _pieces(families: list[BaseGeometry]) -> np.ndarray | None:
    """The polygons the ``families`` are made of, or None if any holds something else
    (a line where a shape touches the waterline's cut)."""
    pieces = shapely.get_parts(np.array(families, dtype=object))
    if not (shapely.get_type_id(pieces) == shapely.GeometryType.POLYGON).all():
        return None
    return pieces


def _outlines(pieces: np.ndarray) -> np.ndarray:
    """Each polygon of ``pieces`` without its holes."""
    return cast(np.ndarray, shapely.polygons(shapely.get_exterior_ring(pieces)))


def _enclosed(pieces: np.ndarray, big: np.ndarray) -> np.ndarray:
    """Which ``pieces`` lie inside the outline of another, clear of it; that one of
    more than a speck (``big``), so that its part stays (_closed drops specks). With n
    vertices: an STR tree and prepared containment tests, O(n log n), no overlay."""
    holders = _outlines(pieces[big])
    _, inside = shapely.STRtree(pieces).query(holders, predicate="contains_properly")
    enclosed = np.zeros(len(pieces), dtype=bool)
    enclosed[inside] = True
    return enclosed


def _settled(parts: list[Polygon], inner: np.ndarray) -> bool:
    """Whether the ``inner`` pieces, left out of ``parts``, leave the body and the box of
    the signs as all of the paint gives them: one part alone reaches lowest (to
    _lowest's rounding, so no area breaks a tie: a part's area without its inner pieces
    is not the paint's), no inner piece reaches as low, and each inner piece reaching
    as high as the body's top (where a sign's bottom is) lies in the signs' box."""
    if not parts:
        return False
    bottoms = [round(p.bounds[3], 3) for p in parts]
    lowest = max(bottoms)
    if bottoms.count(lowest) > 1:
        return False
    top = parts[bottoms.index(lowest)].bounds[1] + 1e-6
    signs = [p for p in parts if p.bounds[3] <= top]
    sx0, sy0, sx1, sy1 = shapely.total_bounds(signs) if signs else (math.nan,) * 4
    return all(round(y1, 3) < lowest and (y1 > top or (
        sx0 <= x0 and sy0 <= y0 and x1 <= sx1 and y1 <= sy1))
        for x0, y0, x1, y1 in shapely.bounds(inner).tolist())


def _closed(geometry: BaseGeometry) -> BaseGeometry:
    """``geometry`` with hairline gaps closed. Specks (SPECK) go first: they are not paint
    the measurer reads, and a sliver of no width (an ellipse 1e-20 in wide) makes GEOS's
    mitre join divide by zero. With n vertices: O(n log n)."""
    kept = MultiPolygon(polygons(geometry, largest_first=False))
    # A nearly collinear vertex (a coordinate of 1e-38 beside 1) still makes the mitre
    # divide by zero; GEOS then bevels that corner, so the division is let pass here and
    # a closing that lost the paint falls back to the paint as drawn.
    with np.errstate(divide="ignore", invalid="ignore"):
        closed = kept.buffer(HAIRLINE, join_style="mitre").buffer(-HAIRLINE,
                                                                  join_style="mitre")
    if closed.is_empty or not closed.is_valid or closed.area < 0.5 * kept.area:
        return kept
    return closed


def _as_guide(art: Artwork) -> Artwork:
    """``art`` with a waterline drawn as paint (drawn_waterline) taken out of the paint
    and named as the ``waterline`` guide, as wsmark's own SVG names it."""
    found = None if "waterline" in art.features else drawn_waterline(art)
    if found is None:
        return art
    y, index = found
    x0, _, x1, _ = art.layers[index].geometry.bounds
    return replace(art, layers=art.layers[:index] + art.layers[index + 1:],
                   features={**art.features, "waterline": LineString([(x0, y), (x1, y)])})


def _waterline(art: Artwork, lowest: float) -> float:
    """The ``waterline`` guide's height, else the lowest painted edge ``lowest``."""
    line = art.features.get("waterline")
    if line is None or line.is_empty:
        return lowest
    _, y0, _, y1 = line.bounds
    return (y0 + y1) / 2


def _fit_ellipse(points: np.ndarray) -> tuple[float, float, float]:
    """Least-squares upright ellipse p x^2 + q y^2 + u x + v y + w = 0 (the smallest
    singular vector): half-width, half-height and the worst stray.

    With n points: O(n) time and memory. The thin SVD of the n x 5 design matrix; the
    full one would also build an n x n basis nobody reads (O(n^2) memory, 29 CPU s and
    3 GB at n = 20,000)."""
    x, y = points[:, 0], points[:, 1]
    *_, vt = np.linalg.svd(np.column_stack([x * x, y * y, x, y, np.ones_like(x)]),
                           full_matrices=False)  # n x 5: the 5 x 5 V alone, O(n)
    p, q, u, v, w = vt[-1] if vt[-1][0] > 0 else -vt[-1]
    if p <= 0 or q <= 0:
        return 0.0, 0.0, math.inf
    cx, cy = -u / (2 * p), -v / (2 * q)
    k = p * cx * cx + q * cy * cy - w
    if k <= 0:
        return 0.0, 0.0, math.inf
    ax, ay = math.sqrt(k / p), math.sqrt(k / q)
    stray = float(np.max(np.abs(np.hypot((x - cx) / ax, (y - cy) / ay) - 1)))
    return ax, ay, stray


def _shape(body: Polygon, waterline: float) -> tuple[str, float | None]:
    """'cylinder', 'nun', 'sphere', 'ovate' or 'other', and a fitted diameter if round.

    With v vertices in the body: O(v log v) for the cuts, then the circle and ellipse fits
    on n <= v + MAX_OUTLINE_POINTS outline points, O(n) time and memory each."""
    x0, y0, x1, y1 = body.bounds
    width, height = x1 - x0, y1 - y0
    lower = body.intersection(box(x0, y0 + height / 2, x1, y1))
    if lower.area >= RECT_FILL * lower.envelope.area and \
            _width_at(body, y0 + 0.01 * height) < 0.8 * width:
        return "nun", None
    if body.area >= RECT_FILL * body.envelope.area:
        return "cylinder", None
    # points every OUTLINE_STEP_IN along the outline, at most MAX_OUTLINE_POINTS added
    step = max(OUTLINE_STEP_IN, body.exterior.length / MAX_OUTLINE_POINTS)
    outline = shapely.get_coordinates(shapely.segmentize(body.exterior, step))
    outline = outline[outline[:, 1] < waterline - 1e-3 * height]
    if len(outline) < 12:
        return "other", None
    _, _, r, stray = fit_circle(outline)
    if stray <= ROUND_TOL:
        return "sphere", 2 * r
    ax, ay, stray = _fit_ellipse(outline)
    if stray <= ROUND_TOL:
        return ("ovate" if ay > ax else "oblate"), 2 * ax
    return "other", None


def _width_at(body: Polygon, y: float) -> float:
    x0, _, x1, _ = body.bounds
    cut = body.intersection(LineString([(x0 - 1, y), (x1 + 1, y)]))
    return 0.0 if cut.is_empty else cut.bounds[2] - cut.bounds[0]


# --- bands ------------------------------------------------------------------------------

def _bands(fam: Fam, body: Polygon, waterline: float) -> list[Band]:
    """Runs of one color at both edges of the body, top to bottom, down to the waterline
    (markers.check.measure.bands: exact edges, O(n log n) in the body's and the colors'
    vertices), each with its share of the body's area (one intersection a band)."""
    x0, _, x1, _ = body.bounds
    return [Band(fam[c][1], y0, y1, body.intersection(box(x0, y0, x1, y1)).area / body.area)
            for c, y0, y1 in edge_runs(fam, body, waterline) if c is not None]


# --- reflector ---------------------------------------------------------------------------

def _aid_colored(names: list[str]) -> bool:
    """Edges in an aid's colors only (red, green, black stripes on white)."""
    return bool(names) and set(names) <= {*AID_EDGE, "white"} and \
        set(names) != {"white"}


def _reflector(art: Artwork, fam: Fam, body: Polygon, waterline: float,
               bands: list[Band]) -> Reflector | None:
    """The element named ``reflector``, else on an aid-colored body a band drawn as its
    own shape across its top (measure.reflector)."""
    marked = art.features.get("reflector")
    names = [b.color.family for b in bands]
    drawn = marked is None
    if drawn and _aid_colored(names):
        marked = drawn_reflector(art, body, waterline, frozenset(names) | {"white"})
    if marked is None:
        return None
    area = marked.intersection(body)
    if area.is_empty:
        area = marked
    x0, y0, x1, y1 = area.bounds
    covered = {f: g.intersection(area).area for f, (g, _) in fam.items()}
    color = fam[max(covered, key=lambda f: covered[f])][1] \
        if covered and max(covered.values()) > 0 \
        else None
    mid = (y0 + y1) / 2
    around = (x1 - x0) >= 0.97 * _width_at(body, mid)
    return Reflector(y1 - y0, color, around, y0 - body.bounds[1], bbox_of(area), drawn)


# --- kind of an undeclared elevation --------------------------------------------------------

#: Blue on more than this share of a body is a mooring buoy's band (a ball without it,
#: where the pack has one, is a plain buoy).
BLUE_SHARE = 0.02
#: Black on more than this share of a body, with white on it, is an aid's stripes.
STRIPED_SHARE = 0.1
#: Orange bands this many or more: a sign buoy's (a symbol buoy has two).
SIGN_BANDS = 3


def _detect(art: Artwork, fam: Fam, buoy: BuoyFacts, sign: list[Polygon],
            painted: dict[str, BaseGeometry], m: Measuring) -> str | None:
    """What an undeclared elevation shows: a sign above it, bands, a blue band or a
    white sphere (a mooring buoy, whose band may be missing), an aid color with
    letters (outlines or ``<text>``), an identification or a reflector, or one color
    over nearly all of it (a race buoy, NR 5.09(7)(b): a ball with a pictogram or
    lettering on it is a sign, no marker of the rule: None). ``painted`` is each
    family's paint on the body. A shape the pack (``m``) has no kind for is not
    detected: a pack without race buoys (no ``race_color_share``) gets none, and a pack
    with a "plain-buoy" kind (a ball of one color, Connecticut's anchorage buoy) gets
    that for a ball without a blue band. Taken in that order: by its bands and colors
    (_by_bands), else by its aid color and lettering or its one color (_by_color)."""
    body = buoy.body
    assert body is not None  # _body measured it
    on_body = {f: part.area / body.area for f, part in painted.items()}
    return _by_bands(fam, buoy, sign, on_body, m) or _by_color(art, fam, buoy, m)


def _by_bands(fam: Fam, buoy: BuoyFacts, sign: list[Polygon], on_body: dict[str, float],
              m: Measuring) -> str | None:
    """A sign buoy, a plain or mooring buoy, a wrap or symbol buoy or a striped aid
    buoy, told by its bands and the share of the body (``on_body``) each color has."""
    body, color = buoy.body, buoy.color
    assert body is not None and color is not None  # _body measured them
    names = [b.color.family for b in buoy.bands]
    if sign or names.count("orange") >= SIGN_BANDS:
        return "sign-buoy"
    ball = buoy.shape in ("sphere", "ovate", "oblate")
    blue = on_body.get("blue", 0)
    if blue <= BLUE_SHARE and ball and "plain-buoy" in m.names:
        return "plain-buoy"
    if blue > BLUE_SHARE or (color.family == "white" and ball):
        return "mooring-buoy"
    if "orange" in names and "white" in names:
        return "wrap" if _is_wrap(fam, body, buoy.bands) else "symbol-buoy"
    if on_body.get("black", 0) > STRIPED_SHARE and "white" in on_body:
        return "striped-aid-buoy"
    return None


def _by_color(art: Artwork, fam: Fam, buoy: BuoyFacts, m: Measuring) -> str | None:
    """A red or green aid buoy (letters in another color or ``<text>`` on it, a
    reflector, an identification declared, or a nun's shape), else a race buoy when
    its main color covers the pack's ``race_color_share`` of it."""
    body, color, share = buoy.body, buoy.color, buoy.color_share
    assert body is not None and color is not None and share is not None  # _body measured them
    main = color.family
    letters = [p for f, (g, _) in fam.items() if f != main for p in polygons(g)] + \
        [item for item in art.legends if item.box.intersects(body)]
    if main in ("red", "green") and (letters or buoy.reflector or art.meta.get("ws_id")
                                     or buoy.shape == "nun"):
        return f"{main}-aid-buoy"
    race_share = m.law.requirements.get("race_color_share")
    return "race-buoy" if race_share is not None and share >= race_share.value else None


#: A symbol this share of a banded rectangle's width off its middle is a wrap's.
OFF_MIDDLE = 0.1


def _is_wrap(fam: Fam, body: Polygon, bands: Sequence[Band]) -> bool:
    """A banded rectangle carrying two or more symbols side by side: the flat print of a
    cylinder's surface (an elevation shows one symbol, from the front). One symbol is a
    wrap's too (its other side missing) where an elevation would not show it: off the
    middle across (OFF_MIDDLE of the width), or on a rectangle wider than tall (the
    surface of a buoy at least as wide around as it stands, where an elevation of a
    buoy is taller than wide)."""
    if body.area < RECT_FILL * body.envelope.area:
        return False
    centres = _symbols(fam, body, bands)[1]
    if len(centres) != 1:
        return len(centres) >= 2
    x0, y0, x1, y1 = body.bounds
    return abs(centres[0] - (x0 + x1) / 2) > OFF_MIDDLE * (x1 - x0) or x1 - x0 >= y1 - y0



#: looks_like_buoy: a body this many times as tall as wide is tall; a wrap is orange
#: this share of its height in from its top and bottom.
TALL, EDGE = 1.5, 0.01
#: _plainly_not answers only where the answer stands with every coordinate it reads
#: moved by this share of the drawing's size, far beyond the rounding by which GEOS's
#: union and closing of a rectangle can differ from the rectangle itself.
CLEAR = 1e-9


def _plainly_not(art: Artwork, fam: Fam) -> bool:
    """True when ``art`` is plainly no buoy elevation, known without the union of its
    layers: one layer is an upright rectangle holding every other layer's box, so the
    union is that rectangle and the body of looks_like_buoy is the rectangle (then
    _shape calls it a cylinder, never round), and either

    - nothing painted above it comes near its two sampling lines (bands.EDGE_IN in
      from its sides), so its edges are one band of its own color, and it is not tall
      or that color is no aid's, or
    - it is not tall and a point where an edge's color is sampled near its top or
      bottom lies clear of orange (no wrap).

    With n layers and v vertices of orange: O(n) box tests, and at most four
    point-to-outline distances, O(v)."""
    boxes = [layer.geometry.bounds for layer in art.layers]
    index = _container(art, boxes)
    if index is None:
        return False
    x0, y0, x1, y1 = boxes[index]
    tol = CLEAR * max(1.0, *map(abs, boxes[index]))
    width, height = x1 - x0, y1 - y0
    xs = (x0 + EDGE_IN * width, x1 - EDGE_IN * width)
    low = height < TALL * width - tol
    one_band = not any(bx0 <= x + tol and bx1 >= x - tol  # what lies below is hidden
                       for bx0, _, bx1, _ in boxes[index + 1:] for x in xs)
    if one_band and (low or art.layers[index].color not in AID_EDGE):
        return True
    if not low:
        return False
    if "orange" not in fam:
        return True
    points = [(x, y) for x in xs for y in (y0 + EDGE * height, y1 - EDGE * height)]
    orange = fam["orange"][0]
    for parts in ([orange.bounds], shapely.bounds(shapely.get_parts(orange)).tolist()):
        if any(not any(px0 <= x + tol and px1 >= x - tol and py0 <= y + tol and
                       py1 >= y - tol for px0, py0, px1, py1 in parts)
               for x, y in points):
            return True  # clear of the box of orange, or of each of its parts
    shapely.prepare(orange)
    return not shapely.dwithin(orange, shapely.points(points), tol).all()


def _container(art: Artwork, boxes: list[tuple[float, float, float, float]]) -> int | None:
    """The index of a layer that is one upright rectangle holding every layer's box."""
    if not boxes or not all(math.isfinite(v) for b in boxes for v in b):
        return None  # nothing painted, an empty layer
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    corners = {(x0, y0), (x1, y0), (x1, y1), (x0, y1)}
    for index, bounds in enumerate(boxes):
        geometry = art.layers[index].geometry
        if bounds != (x0, y0, x1, y1) or not isinstance(geometry, Polygon) or \
                geometry.interiors:
            continue
        ring = geometry.exterior.coords
        if len(ring) == 5 and set(ring[:4]) == corners and \
                geometry.area > 0.5 * (x1 - x0) * (y1 - y0):  # four corners, no bow tie
            return index
    return None


def looks_like_buoy(art: Artwork) -> bool:
    """An undeclared drawing without a ``waterline`` that is a buoy elevation by its
    shape: a body (the part reaching lowest) at least 1.5 times as tall as wide whose
    edges run in 3 or more bands of color with orange among them (a symbol or sign
    buoy), or in orange and white bands alone (one with a band missing: no sign is
    orange across its whole width), or a rectangle orange along its top and bottom
    edges with symbols side by side (a wrap, _is_wrap), or a tall body whose edges are
    an aid's colors (a nun, can or striped aid buoy; an aid sign is a triangle or
    square), or a round body whose color at its side is its color at its middle (a
    mooring or race ball, bands running across it; a control circle's ring is orange at
    the side, white inside), or a ball painted over in its middle (_painted_over).

    What is painted is the union of the layers, the same area as the union of the
    colors as seen (each point shows its topmost layer) with each boundary once, not on
    both sides of every color it meets: about a sixth of the time on the bench's
    drawings, for a yes or no; most drawings that are no buoy are told without it
    (_plainly_not)."""
    fam = family_geometry(art)
    if _plainly_not(art, fam):
        return False
    parts = polygons(_closed(unary_union([layer.geometry for layer in art.layers])))
    if not parts:
        return False
    body = Polygon(_lowest(parts).exterior)
    x0, y0, x1, y1 = body.bounds
    tall = y1 - y0 >= TALL * (x1 - x0)
    rect = body.area >= RECT_FILL * body.envelope.area
    edge = EDGE * (y1 - y0)
    if tall or (rect and "orange" in fam and all(
            edge_color(fam, body, y) == "orange" for y in (y0 + edge, y1 - edge))):
        bands = _bands(fam, body, y1)
        names = [b.color.family for b in bands]
        if len(names) >= 3 and "orange" in names and (tall or _is_wrap(fam, body, bands)):
            return True
        if tall:
            return _aid_colored(names) or set(names) == {"orange", "white"}
    if rect:  # _shape calls it a nun or a cylinder, never round
        return False
    if _shape(body, y1)[0] not in ("sphere", "ovate", "oblate"):
        return False
    middle = body.centroid
    side = edge_color(fam, body, middle.y)
    inside = [f for f, (g, _) in fam.items() if shapely.intersects_xy(g, middle.x, middle.y)]
    if side is None or inside == [side]:
        return side is not None
    return _painted_over(fam, body, side)


#: A ball painted over (a pictogram, lettering on it) shows at most this share of white.
BALL_WHITE = 0.1


def _painted_over(fam: Fam, body: Polygon, side: str) -> bool:
    """A round body whose color at its side covers the most of it, with little white on
    it: a ball painted over in its middle (a pictogram or lettering, which
    race-buoy and reg-shape then judge), not a symbol's ring round its white centre (a
    control circle's is 30 % white or more)."""
    on = {f: _inside(g, body).area for f, (g, _) in fam.items()}
    return max(on, key=lambda f: on[f]) == side and on.get("white", 0.0) <= BALL_WHITE * body.area


# --- faces -------------------------------------------------------------------------------

def _clip(fam: Fam, region: BaseGeometry) -> list[tuple[str, BaseGeometry, ColorMatch]]:
    """Each family's paint inside ``region`` (those with any), once for every basis a
    face is read in: at most one intersection a family (_inside)."""
    return _kept(fam, {f: _inside(g, region) for f, (g, _) in fam.items()})


def _kept(fam: Fam, parts: dict[str, BaseGeometry]
          ) -> list[tuple[str, BaseGeometry, ColorMatch]]:
    """The families' ``parts`` (each family's paint in a region) that hold a polygon."""
    return [(family, part, fam[family][1]) for family, part in parts.items()
            if polygons(part)]


def _inside(geometry: BaseGeometry, region: BaseGeometry) -> BaseGeometry:
    """The part of ``geometry`` inside ``region``: itself where the region covers it
    (most families of a body, of a face on it), nothing where they do not meet, else
    the polygons it covers and the intersections of those it crosses (a sign buoy's
    family has some on the sign, some on the body). With ``region`` prepared (once:
    it is kept), predicates in O(n log n) for n vertices, and an overlay only of the
    polygons an outline of the region crosses."""
    shapely.prepare(region)
    if region.covers(geometry):
        return geometry
    if not region.intersects(geometry):
        return Polygon()
    pieces = shapely.get_parts(geometry)
    if len(pieces) == 1 or (shapely.get_type_id(pieces) != shapely.GeometryType.POLYGON).any():
        return geometry.intersection(region)
    covered = shapely.covers(region, pieces)
    crossed = shapely.intersection(pieces[~covered & shapely.intersects(region, pieces)],
                                   region)
    return MultiPolygon([*pieces[covered],
                         *(p for cut in crossed for p in polygons(cut, 0.0, largest_first=False))])


def _sub(art: Artwork, clipped: list[tuple[str, BaseGeometry, ColorMatch]],
         region: BaseGeometry, panel: BaseGeometry, bend: Move | None = None) -> Artwork:
    """The paint ``clipped`` to ``region`` (_clip) as a face of its own, with its
    ``display-area`` and ``<text>`` legends where they lie there; ``bend`` maps it
    into another basis."""
    move = bend or (lambda g: g)
    seen = [(family, match.hex, move(part)) for family, part, match in clipped]
    features = {"panel": move(panel.envelope).envelope}
    area = art.features.get("display-area")
    if area is not None and area.intersects(region):
        x0, _, x1, _ = region.bounds  # a wrap's display area runs past each face's window
        _, y0, _, y1 = area.bounds
        features["display-area"] = move(box(max(x0, area.bounds[0]), y0,
                                            min(x1, area.bounds[2]), y1)).envelope
    label = art.features.get("permit-label")
    if label is not None and label.intersects(region):
        features["permit-label"] = move(label.intersection(region.envelope)).envelope
    legends = tuple(replace(item, outlines=move(item.outlines), box=move(item.box))
                    for item in art.legends if item.box.centroid.within(region.envelope))
    _, _, x1, y1 = features["panel"].bounds
    meta: dict[str, Any] = {k: art.meta[k] for k in ("source", "ws_id", "permit_id")
                            if k in art.meta}
    return as_seen(x1, y1, seen, legends, features, meta)


def _best(faces: dict[str, Artwork], m: Measuring, fraction: float) -> tuple[Facts, str]:
    """Of a face drawn in each basis (``faces``, by basis), the one whose symbol is
    nearer ``fraction`` (the law's 2/3) of its display height, measured, and its basis
    (seen on a tie). Where each display height is given or declared, the sizes are told
    without measuring (face_proportion) and only the face kept is measured."""
    told: dict[str, tuple[float | None, float | None] | None] = {
        basis: face_proportion(face, m) for basis, face in faces.items()}
    measured: dict[str, Facts] = {}
    if any(t is None for t in told.values()):
        measured = {basis: measure_face(face, m) for basis, face in faces.items()}
        told = {basis: (f.symbol.size, f.display.height) for basis, f in measured.items()}

    def error(basis: str) -> float:
        size, height = told[basis] or (None, None)
        if size is None or not height:
            return math.inf
        return abs(size / (height * fraction) - 1)

    basis = "surface" if error("surface") < error("seen") else "seen"
    return (measured[basis] if measured else measure_face(faces[basis], m)), basis


def _face(art: Artwork, fam: Fam, region: BaseGeometry, axis: float, radius: float,
          drawn: str, m: Measuring) -> tuple[Facts, str, str]:
    """Measure the face in ``region`` in the declared basis, else in both (``drawn`` is
    the drawing's own) and keep one (_best); its geometry is mapped back to the drawing
    for the report."""
    there, back = (geo.to_surface, geo.to_seen) if drawn == "seen" else \
        (geo.to_seen, geo.to_surface)
    clipped = _clip(fam, region)

    def drawn_in(curvature: str) -> Artwork:
        bend = None if curvature == drawn else (lambda g: there(g, axis, radius))
        return _sub(art, clipped, region, region, bend)

    curvature = art.meta.get("curvature")
    if curvature in ("seen", "surface"):
        face, basis = measure_face(drawn_in(curvature), m), "declared"
    else:
        fraction = m.law.requirements.get("symbol_fraction")
        if fraction is None:  # a law with no symbol size to prefer a reading by: as drawn
            face, curvature, basis = measure_face(drawn_in(drawn), m), drawn, "inferred"
        else:
            faces = {c: drawn_in(c) for c in (drawn, "surface" if drawn == "seen" else "seen")}
            (face, curvature), basis = _best(faces, m, fraction.value), "inferred"
    if curvature != drawn:
        face = _mapped(face, lambda g: back(g, axis, radius))
    return replace(face, curvature=curvature, curvature_basis=basis), curvature, basis


def _box_mover(move: Move) -> Callable[[Box], Box]:
    def box_of(b: Box) -> Box:
        x, y, w, h = b
        return bbox_of(move(box(x, y, x + w, y + h)))
    return box_of


def _mapped(face: Facts, move: Move) -> Facts:
    """The face's places (symbol, areas, boxes) mapped back into the drawing."""
    box_of = _box_mover(move)
    symbol, display, letters = face.symbol, face.display, face.letters
    return replace(
        face,
        symbol=replace(symbol, outer=None if symbol.outer is None else
                       cast(Polygon, move(symbol.outer)),  # a polygon moved is one
                       outline_at=None if symbol.outline_at is None else
                       box_of(symbol.outline_at)),
        display=replace(display,
                        area=None if display.area is None else move(display.area).envelope,
                        panel=None if display.panel is None else move(display.panel).envelope),
        letters=replace(letters,
                        legends=tuple(replace(leg, bbox=box_of(leg.bbox))
                                      for leg in letters.legends),
                        permit_label=None if letters.permit_label is None else
                        replace(letters.permit_label, bbox=box_of(letters.permit_label.bbox))))


def _white_area(bands: Sequence[Band]) -> Band | None:
    white = [b for b in bands if b.color.family == "white"]
    return max(white, key=lambda b: b.height) if white else None


def _face_span(fam: Fam, body: Polygon, bands: list[Band], white: Band
               ) -> tuple[float, float]:
    """Top and bottom of a symbol buoy's face: the white area between its orange bands.
    Where one band is missing the white runs on to the body's end (its top, or the
    waterline), and nothing bounds the face there: it is taken to reach as far beyond
    the symbol's middle as the band it has lies before it (a face centred on its symbol,
    as the builder lays it out), no farther than the white runs. Its basis stays
    'inferred'; buoy-symbol-bands reports the missing band."""
    top, bottom = white.top, white.bottom
    orange = [b for b in bands if b.color.family == "orange"]
    above = any(b.bottom <= top + 1e-6 for b in orange)
    below = any(b.top >= bottom - 1e-6 for b in orange)
    if above == below:
        return top, bottom
    x0, _, x1, _ = body.bounds
    marks = [p for f, (g, _) in fam.items() if f != "white"
             for p in polygons(g.intersection(box(x0, top, x1, bottom)))]
    if not marks:
        return top, bottom
    _, my0, _, my1 = shapely.total_bounds(marks)
    middle = (my0 + my1) / 2
    if above:
        return top, min(bottom, 2 * middle - top)
    return max(top, 2 * middle - bottom), bottom


def _symbol_face(art: Artwork, fam: Fam, facts: Facts, m: Measuring) -> Facts:
    """A symbol buoy carrying its face: the white area between its bands, seen or
    developed; the sides it is shown on as its design declares."""
    body = facts.buoy.body
    assert body is not None  # measured before its kind was told
    x0, _, x1, _ = body.bounds
    white = _white_area(list(facts.buoy.bands))
    region: BaseGeometry = body
    if white is not None:
        top, bottom = _face_span(fam, body, list(facts.buoy.bands), white)
        region = body.intersection(box(x0, top, x1, bottom))
    face, curvature, basis = _face(art, fam, region, (x0 + x1) / 2, (x1 - x0) / 2, "seen", m)
    if art.meta.get("sides") is not None:
        facts = replace(facts, buoy=replace(facts.buoy, sides=int(art.meta["sides"]),
                                            sides_basis="declared"))
    return _carrying(facts, (face,), curvature, basis)


def _symbols(fam: Fam, body: Polygon, bands: Sequence[Band]
             ) -> tuple[BaseGeometry, list[float]]:
    """The white area between the bands, and the centres (x) of the symbols on it: the
    colored shapes there at least a quarter the size of the largest, left to right."""
    x0, _, x1, _ = body.bounds
    white = _white_area(bands)
    region = body if white is None else body.intersection(box(x0, white.top, x1, white.bottom))
    marks = _joined([_inside(g, region) for f, (g, _) in fam.items() if f != "white"])
    big = [p for p in marks if p.area >= 0.25 * marks[0].area] if marks else []
    return region, sorted((p.bounds[0] + p.bounds[2]) / 2 for p in big)


def _joined(paint: list[BaseGeometry]) -> list[Polygon]:
    """The polygons of the union of ``paint`` (polygons() of it): where no two of its
    polygons meet (a wrap's symbols and their letters on the white, apart), they are
    their own union, found with an STR tree and no overlay."""
    pieces = np.array([p for g in paint for p in polygons(g, 0.0, largest_first=False)],
                      dtype=object)
    if not none_meet(pieces):
        return polygons(unary_union(paint))
    return polygons(MultiPolygon(list(pieces)))


def _wrap(art: Artwork, fam: Fam, facts: Facts, m: Measuring) -> Facts:
    """A wrap: diameter, the symbols counted and spaced, each face seen or developed;
    its display height is its first face's."""
    body, bands = facts.buoy.body, list(facts.buoy.bands)
    assert body is not None  # measured before its kind was told
    x0, _, x1, _ = body.bounds
    seam = float(art.meta.get("seam") or 0.0)
    if art.meta.get("diameter"):
        diameter, diameter_basis = float(art.meta["diameter"]), "declared"
    else:
        diameter, diameter_basis = (x1 - x0 - seam) / math.pi, "measured"
    around = math.pi * diameter
    region, centres = _symbols(fam, body, bands)
    centres = [c for c in centres if c < x0 + around - 1e-6]  # the seam repeats the start
    spacing = None
    if len(centres) == 2:
        gap = (centres[1] - centres[0]) % around
        spacing = 360 * min(gap, around - gap) / around
    faces = []
    kept: tuple[str | None, str | None] = (None, None)
    for centre in centres:
        window = region.intersection(box(centre - around / 4, region.bounds[1],
                                         centre + around / 4, region.bounds[3]))
        face, curvature, basis = _face(art, fam, window, centre, diameter / 2, "surface", m)
        faces.append(face)
        kept = kept if kept[0] else (curvature, basis)
    display = Display(panel=body.envelope)
    if faces:
        display = replace(display, height=faces[0].display.height,
                          basis=faces[0].display.basis)
    buoy = replace(facts.buoy, diameter=diameter, diameter_basis=diameter_basis,
                   sides=len(centres), sides_basis="counted", side_spacing=spacing)
    return replace(facts, display=display, buoy=buoy, faces=tuple(faces), curvature=kept[0],
                   curvature_basis=kept[1])


def _aid(art: Artwork, fam: Fam, facts: Facts, striped: bool,
         on_body: dict[str, BaseGeometry]) -> Facts:
    """An aid buoy (``striped``: black and white): its color and shape, stripes across
    its middle, white letters on it (read in the declared basis, else as seen);
    ``on_body`` is each family's paint on the body (_body's, not cut again)."""
    buoy = facts.buoy
    body, color, shape = buoy.body, buoy.color, buoy.shape
    assert body is not None and color is not None and shape is not None  # _body measured them
    face_family = "black" if striped and "black" in fam else color.family
    aid = AidFace(fam[face_family][1], "striped" if striped else
                  {"nun": "nun", "cylinder": "can"}.get(shape, shape),
                  _stripes(fam, body))
    x0, _, x1, _ = body.bounds
    axis, radius = (x0 + x1) / 2, (x1 - x0) / 2
    surface = art.meta.get("curvature") == "surface"
    bend = (lambda g: geo.to_surface(g, axis, radius)) if surface else None
    sub = _sub(art, _kept(fam, on_body), body, body, bend)
    sub_fam = family_geometry(sub) if sub.layers else {}
    letters = [f for f in sub_fam if f != face_family]
    within = enclosed_by(sub_fam[face_family][0]) if face_family in sub_fam else None
    legends = legend_facts(sub, sub_fam, letters, None, within)
    if surface:
        box_of = _box_mover(lambda g: geo.to_seen(g, axis, radius))
        legends = [replace(leg, bbox=box_of(leg.bbox)) for leg in legends]
    legends = read_lines(legends, "ws_id")
    ws_id, basis = read_identification(art, legends, body)
    return replace(facts, aid=aid, letters=Lettering(tuple(legends), (), ws_id, basis, ws_id,
                                                     basis),
                   curvature="surface" if surface else None,
                   curvature_basis="declared" if surface else None)


def _stripes(fam: Fam, body: Polygon) -> int:
    """Black stripes crossed by a line across the body, at the most of ten heights."""
    if "black" not in fam:
        return 0
    x0, top, x1, bottom = body.bounds
    best = 0
    for y in np.linspace(top, bottom, 12)[1:-1]:
        cut = fam["black"][0].intersection(LineString([(x0 - 1, y), (x1 + 1, y)]))
        best = max(best, len(getattr(cut, "geoms", [cut])) if not cut.is_empty else 0)
    return best
