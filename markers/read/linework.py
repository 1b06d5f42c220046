"""Line drawings as sign shops and CAM software write them: pieces joined into closed
outlines, outlines filled film by film, the rest of the sheet white.

A cutter's file paints nothing: each film's pieces are closed outlines on a layer named
for the film (or drawn in its color), its holes inner outlines, and the white base
sheeting is what lies inside the trim. R12 exporters write those outlines as LINE and
ARC pieces whose ends meet only to the exporter's rounding. This module is format-neutral
(the DXF reader and the SVG reader of wsmark's own cut files use it): outlines come in
inches, and areas go out as the ``(hex, area)`` pairs every reader paints.

Even-odd nesting: the outlines of one film fill together by parity, so a ring is its
outer outline less its inner one and a letter's counter is a hole, whatever the order
or direction the outlines were drawn in.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

import numpy as np
import shapely
from shapely.affinity import translate
from shapely.geometry import LineString, MultiPoint, Polygon
from shapely.geometry.base import BaseGeometry

from markers.core.artwork import FEATURE_NAMES, Artwork, Layer, Shape
from markers.core.colors import OTHER, PALETTE, classify
from markers.core.geometry import mitre_buffer
from markers.core.shapes import SPECK
from markers.read.limits import Budget
from markers.read.outlines import EMPTY, fill_area

__all__ = ["JOIN_TOL_IN", "HAIRLINE_IN", "FILMS", "SHEET", "HOLES", "ASIDE", "Outline",
           "layer_role", "layer_film", "join_pieces", "shells", "LineDrawing", "line_drawing",
           "film_on_design", "hairline_drawing"]

#: Ends of pieces closer than this (inches) are one point. Exporters write coordinates
#: rounded to 4-6 decimals of their unit (1e-4 cm is 4e-5 in) and chain arcs whose ends
#: are computed from angles; 0.005 in is far above that rounding and half the checker's
#: 0.01 in length tolerance, so joining never moves an edge by a length a rule could see.
#: An absolute length, not a share of the drawing: a marker's parts are inches apart
#: whatever the size of the sheet they are drawn on.
JOIN_TOL_IN = 0.005
#: A stroke no wider than this (inches) is a hairline: a CAD program plots its lines with
#: pens of at most 0.7 mm (0.028 in); a marker's outline is 2 in.
HAIRLINE_IN = 0.03
#: The films a layer may be named for: the marker palette's families.
FILMS = tuple(PALETTE)
#: What a layer that is not a film is for: the sheet's outline (the panel, white), holes
#: through it, or marks for the shop that are never cut (set aside).
SHEET, HOLES, ASIDE = "sheet", "holes", "aside"
_ROLES = {
    **dict.fromkeys(("trim", "border", "frame", "blank", "sheet", "cutcontour", "contour"),
                    SHEET),
    **dict.fromkeys(("hole", "holes", "drill", "drilling", "mounting"), HOLES),
    **dict.fromkeys(("registration", "reg", "regmark", "regmarks", "dimension", "dimensions",
                     "dim", "dims", "defpoints", "title", "titleblock", "construction",
                     "notes", "guide", "guides"), ASIDE),
}
#: Short forms of film names seen in shops' layer names.
_FILM_WORDS = {**{film: film for film in FILMS}, "blk": "black", "wht": "white",
               "org": "orange", "orng": "orange", "grn": "green", "yel": "yellow",
               "ylw": "yellow", "blu": "blue"}
_CAMEL = re.compile(r"([a-z])([A-Z])")
_WORD = re.compile(r"[a-z]+")
#: Outlines of the neutral colors (AutoCAD's color 7 draws black on white paper) may
#: frame the sheet instead of being film.
_NEUTRAL = frozenset({"black", "white"})
#: A sheet showing less white than this (sq in) shows none: the films cover it.
_NO_WHITE = 1e-6


def _words(name: str) -> list[str]:
    """A layer name's words, lower case: "3M 680-24 Orange" -> ["m", "orange"],
    "cutOrange" -> ["cut", "orange"] (camel case split, digits dropped)."""
    return _WORD.findall(_CAMEL.sub(r"\1 \2", name).lower())


def layer_role(name: str) -> str | None:
    """SHEET, HOLES or ASIDE when the layer is named for what is not film (trim, border,
    frame; holes; registration, dimensions ...), else None."""
    return next((_ROLES[word] for word in _words(name) if word in _ROLES), None)


def layer_film(name: str) -> str | None:
    """The film a layer is named for ("ORANGE", "Orange Film", "cut-orange", "3M 680-24
    orange"), else None; a layer named for what is not film names no film."""
    if layer_role(name) is not None:
        return None
    return next((_FILM_WORDS[word] for word in _words(name) if word in _FILM_WORDS), None)


@dataclass(frozen=True)
class Outline:
    """Closed outlines of one layer in one color (inches, n x 2 points each)."""

    layer: str
    hex: str
    rings: tuple[np.ndarray, ...]


# --------------------------------------------------------------------------- joining

def join_pieces(pieces: Sequence[np.ndarray], budget: Budget,
                tol: float = JOIN_TOL_IN) -> tuple[list[np.ndarray], int]:
    """Open pieces (LINE, ARC, open polylines: n x 2 points, inches) joined end to end
    into closed outlines: ends within ``tol`` are snapped to one point, chains through
    points where two pieces meet are merged, and what still branches is polygonized.
    Returns the closed outlines and how many pieces were left open."""
    pieces = [p for p in pieces if len(p) >= 2]
    if not pieces:
        return [], 0
    snapped = _snapped(pieces, tol)
    made = [cast(LineString, shapely.linestrings(points)) for points in snapped]  # one each
    lines = [line for line in made if line.length > tol]
    budget.tick()
    if not lines:
        return [], 0
    merged = shapely.get_parts(shapely.line_merge(shapely.multilinestrings(lines)))
    closed = shapely.is_closed(merged) & (shapely.get_num_points(merged) >= 4)
    rings = [shapely.get_coordinates(line)[:-1] for line in merged[closed]]
    branching = merged[~closed]
    if not len(branching):
        return rings, 0
    budget.tick()
    noded = shapely.get_parts(shapely.union_all(branching))
    faces, cuts, dangles, _ = shapely.polygonize_full(noded)
    rings += [shapely.get_coordinates(face.exterior)[:-1] for face in shapely.get_parts(faces)]
    return rings, len(shapely.get_parts(cuts)) + len(shapely.get_parts(dangles))


def _snapped(pieces: list[np.ndarray], tol: float) -> list[np.ndarray]:
    """The pieces with every end moved to the centre of the ends within ``tol`` of it
    (found by an STR tree; groups joined through shared neighbours)."""
    ends = np.array([point for p in pieces for point in (p[0], p[-1])], dtype=float)
    points = cast(np.ndarray, shapely.points(ends))  # an array of points, one per end
    near, other = shapely.STRtree(points).query(points, predicate="dwithin", distance=tol)
    group = np.arange(len(ends))
    for a, b in zip(near.tolist(), other.tolist(), strict=True):
        ra, rb = _root(group, a), _root(group, b)
        if ra != rb:
            group[max(ra, rb)] = min(ra, rb)
    roots = np.array([_root(group, i) for i in range(len(ends))])
    centres = np.zeros_like(ends)
    np.add.at(centres, roots, ends)
    centres /= np.bincount(roots, minlength=len(ends))[:, None].clip(1)
    out = []
    for i, piece in enumerate(pieces):
        piece = np.array(piece, dtype=float)
        piece[0], piece[-1] = centres[roots[2 * i]], centres[roots[2 * i + 1]]
        out.append(piece)
    return out


def _root(group: np.ndarray, i: int) -> int:
    while group[i] != i:
        group[i] = group[group[i]]
        i = int(group[i])
    return i


# --------------------------------------------------------------------------- filling

@dataclass(frozen=True)
class LineDrawing:
    """A line drawing read by the CAM convention: ``painted`` in paint order (the white
    sheet first, then each film), what the sheet is (``sheet``: "the trim", "the border",
    "the outermost outlines") and what was not film (``ignored``, counted)."""

    painted: list[tuple[str, BaseGeometry]]
    sheet: str
    ignored: Counter

    @property
    def basis(self) -> str:
        """How the drawing was read, in the words a report shows."""
        return ("line drawing (CAM convention: closed outlines on film layers filled by "
                f"even-odd nesting, the sheet white inside {self.sheet})")


def line_drawing(outlines: Sequence[Outline], beside: Sequence[BaseGeometry],
                 budget: Budget) -> LineDrawing:
    """Fill ``outlines`` by the CAM convention. A layer named for a film (or else an
    outline's color) says its film; outlines of one film fill by even-odd nesting. The
    sheet is the smallest outline that holds every film: one on a layer named trim,
    blank, border, frame ..., or a neutral one (color 7) on a layer named for nothing;
    a larger one is a page border, set aside, as is a neutral outline outside the sheet.
    Without one, the sheet is the films' outermost outlines. It is white where no film
    covers it, less the holes. ``beside`` is what else is drawn (text), which a neutral
    outline must hold too to frame a drawing of neutral outlines alone."""
    roles = [layer_role(o.layer) for o in outlines]
    films = [_film_key(o) if role is None else None
             for o, role in zip(outlines, roles, strict=True)]
    sheet, used, named = _sheet(outlines, roles, films, beside)
    grouped: dict[str, list] = {}
    holes: list[np.ndarray] = []
    ignored: Counter = Counter()
    for index, (outline, role, film) in enumerate(zip(outlines, roles, films, strict=True)):
        if index in used:  # the sheet's outline, and borders around it (a page's)
            ignored["border or frame outside the sheet (not film)"] += used[index]
            continue
        if role == HOLES:
            holes += outline.rings
        elif role is not None or (film in _NEUTRAL and not layer_film(outline.layer)
                                  and sheet is not None and not _polygon(
                                      outline.rings[0]).intersects(sheet)):
            ignored[f"outline on layer {outline.layer!r} (not film)"] += len(outline.rings)
        else:
            assert film is not None  # an outline of no role has a film
            grouped.setdefault(film, [_film_hex(outline, film), []])[1].extend(outline.rings)
    areas = [(hex_, fill_area(rings, True, budget)) for hex_, rings in grouped.values()]
    punched = shells(holes)
    if not punched.is_empty:
        areas = [(hex_, area.difference(punched)) for hex_, area in areas]
    if sheet is None:
        sheet, named = _shells_of([area for _, area in areas]), "the outermost outlines"
    sheet = sheet.difference(punched) if not punched.is_empty else sheet
    painted = [(hex_, area) for hex_, area in areas if not area.is_empty]
    covered = shapely.union_all([area for _, area in painted]) if painted else EMPTY
    if not sheet.is_empty and sheet.difference(covered).area > _NO_WHITE:
        painted.insert(0, (PALETTE["white"], sheet))
    return LineDrawing(painted, named, +ignored)  # (+: without the zero counts)


def _film_key(outline: Outline) -> str:
    """The film an outline is of: its layer's name, else its color's family (the hex
    itself for a color of no family, so that a wrong paint stays what it is)."""
    film = layer_film(outline.layer) or classify(outline.hex).family
    return film if film != OTHER else outline.hex


def _film_hex(outline: Outline, film: str) -> str:
    """The color a film is painted in: the outline's own when it is of that film."""
    return outline.hex if film not in PALETTE or classify(outline.hex).family == film \
        else PALETTE[film]


def _sheet(outlines: Sequence[Outline], roles: list[str | None], films: list[str | None],
           beside: Sequence[BaseGeometry]) -> tuple[BaseGeometry | None, dict[int, int], str]:
    """The sheet (None: no outline holds the films), the outlines that are sheet or
    border rather than film (each with its rings outside the sheet: 0 for the sheet's
    own), and what the sheet is ("the trim" or "the border")."""
    held, frames = _to_hold(outlines, films, beside)
    candidates = [i for i, role in enumerate(roles) if role == SHEET] + frames
    holding = [i for i in candidates if held is None or _holds(outlines[i], held)]
    if not holding:
        return None, {i: len(outlines[i].rings) for i in frames}, ""
    inner = min(holding, key=lambda i: _outer(outlines[i]).area)
    named = "the trim" if roles[inner] == SHEET else "the border"
    used = {i: len(outlines[i].rings) if i != inner else 0 for i in candidates}
    return _outer(outlines[inner]), used, named


def _to_hold(outlines: Sequence[Outline], films: list[str | None],
             beside: Sequence[BaseGeometry]) -> tuple[BaseGeometry | None, list[int]]:
    """What a sheet must hold (the hull of the films; of a drawing of neutral outlines
    alone, of the outlines within its frames and the text ``beside`` them), and the
    neutral outlines that frame it (a sheet or a border may be one of them)."""
    neutral = [i for i, film in enumerate(films)
               if film in _NEUTRAL and not layer_film(outlines[i].layer)]
    definite = [r for i, film in enumerate(films) if film is not None and i not in neutral
                for r in outlines[i].rings]
    if definite:  # what a sheet must hold: the films
        held = _hull(definite)
        return held, [i for i in neutral if held is not None and _holds(outlines[i], held)]
    frames = _frames(outlines, neutral, beside)  # a frame holds all the others, and the text
    return _hull([r for i in neutral if i not in frames for r in outlines[i].rings] +
                 [shapely.get_coordinates(g) for g in beside]), frames


def _frames(outlines: Sequence[Outline], neutral: list[int],
            beside: Sequence[BaseGeometry]) -> list[int]:
    """Neutral outlines, largest first, each holding all the others left and the text:
    borders around a drawing of neutral outlines alone."""
    frames: list[int] = []
    for i in sorted(neutral, key=lambda j: -_outer(outlines[j]).area):
        rest = [r for j in neutral if j != i and j not in frames for r in outlines[j].rings]
        hull = _hull(rest + [shapely.get_coordinates(g) for g in beside])
        if hull is None or not _holds(outlines[i], hull):
            break
        frames.append(i)
    return frames


def _hull(points: list[np.ndarray]) -> BaseGeometry | None:
    """The convex hull of the points of ``points`` (None when there are none)."""
    points = [p for p in points if len(p)]
    return shapely.convex_hull(cast(MultiPoint, shapely.multipoints(np.vstack(points)))) \
        if points else None


def _outer(outline: Outline) -> BaseGeometry:
    """The area inside an outline's largest ring."""
    return max((_polygon(r) for r in outline.rings), key=shapely.area)


def _holds(outline: Outline, hull: BaseGeometry) -> bool:
    return _outer(outline).buffer(JOIN_TOL_IN).covers(hull)


def _polygon(ring: np.ndarray) -> BaseGeometry:
    """The area inside one outline, made valid (empty for fewer than three points)."""
    return shapely.make_valid(cast(Polygon, shapely.polygons(ring))) if len(ring) >= 3 else EMPTY


def shells(rings: list[np.ndarray]) -> BaseGeometry:
    """Everything inside any of ``rings`` (each ring's whole area, holes ignored)."""
    return shapely.union_all([_polygon(r) for r in rings]) if rings else EMPTY


def _shells_of(areas: list[BaseGeometry]) -> BaseGeometry:
    """Everything inside the outer outlines of ``areas`` (their holes filled)."""
    outer = [Polygon(p.exterior) for area in areas for p in shapely.get_parts(area)
             if isinstance(p, Polygon) and not p.is_empty]
    return shapely.union_all(outer) if outer else EMPTY


# --------------------------------------------------------------------------- cut files

def film_on_design(cut: Artwork, declared: Artwork) -> Artwork:
    """A cut file of one film (``cut.meta['cut_film']``) on the design it declares: the
    declared design with that film's layers replaced by the film as read, the other films,
    the sheeting and the guides as declared. One film shows nothing of where it lies on
    the others, so it is placed by its extent (the centre of its box on the centre of the
    declared film's); its shape and size are what is measured. ``cut`` itself when the
    design has no such film."""
    film = str(cut.meta.get("cut_film"))
    mine = [layer for layer in declared.layers if layer.color == film]
    read = [layer for layer in cut.layers if layer.color == film]
    if not mine or not read:
        return cut
    want = shapely.total_bounds([layer.geometry for layer in mine])
    have = shapely.total_bounds([layer.geometry for layer in read])
    dx = (want[0] + want[2] - have[0] - have[2]) / 2
    dy = (want[1] + want[3] - have[1] - have[3]) / 2
    moved = [Layer(layer.color, layer.hex, tuple(Shape(translate(shape.geometry, dx, dy))
                                                 for shape in layer.shapes)) for layer in read]
    first = declared.layers.index(mine[0])
    layers = [layer for layer in declared.layers[:first] if layer.color != film] + moved + \
        [layer for layer in declared.layers[first:] if layer.color != film]
    others = [f"the {color} film" for color in declared.colors() if color not in (film, "white")]
    others += ["the white sheeting"] if "white" in declared.colors() else []
    told = " and ".join([", ".join(others[:-1]), others[-1]] if len(others) > 2 else others)
    basis = (f"cut file: the {film} film measured from its outlines; {told or 'nothing else'} "
             f"{'are' if len(others) > 1 else 'is'} taken from the declared design")
    return Artwork(declared.width, declared.height, tuple(layers),
                   tuple(item for item in declared.legends if item.color != film),
                   {name: g for name, g in declared.features.items() if name in FEATURE_NAMES},
                   {**declared.meta, "source": cut.meta.get("source"), "paint_basis": basis})


# --------------------------------------------------------------------------- plots

def hairline_drawing(art: Artwork) -> Artwork:
    """A page that paints nothing but hairlines (a CAD program's plot, as LibreCAD or a
    shop's CAM software prints a drawing to PDF or SVG) read by the CAM convention, as a
    DXF line drawing is: each closed hairline of a marker color is an outline, the
    outlines of one color fill by even-odd nesting, and the sheet inside the neutral
    outline that holds them (the trim, the border) is white. A closed hairline comes as
    a thin ring of paint; its outline is the ring's middle. Hairlines that are no closed
    outline (text drawn in strokes, dimension and leader lines) stay as they are, for the
    layout to set aside. ``art`` itself when it paints any area, when it says what it is,
    or when no hairline of a marker color is closed."""
    if art.meta.get("paint_basis") or art.meta.get("kind") or not art.layers:
        return art
    pieces = [(layer, poly) for layer in art.layers for shape in layer.shapes
              for poly in shapely.get_parts(shape.geometry)
              if isinstance(poly, Polygon) and poly.area > SPECK]
    if not pieces or not all(_hairline(poly) for _, poly in pieces):
        return art
    outlines, lines = _closed_hairlines(pieces)
    chromatic = [o for o in outlines if classify(o.hex).family not in _NEUTRAL]
    if not chromatic:
        return art
    beside = [item.box for item in art.legends] + [g for _, g in lines]
    drawing = line_drawing(outlines, beside, Budget(str(art.meta.get("source", ""))))
    painted = [Layer(classify(hex_).family, hex_, (Shape(area),)) for hex_, area in
               drawing.painted]
    kept = [Layer(layer.color, layer.hex, (Shape(g),)) for layer, g in lines]
    ignored = {**(art.meta.get("ignored") or {}), **drawing.ignored}
    return Artwork(art.width, art.height, tuple(painted + kept), art.legends, art.features,
                   {**art.meta, "paint_basis": drawing.basis.replace(
                       "film layers", "film colors"), "ignored": ignored})


def _hairline(poly: Polygon) -> bool:
    """A piece of paint no wider than a plotter's pen: a line, not an area."""
    return (2 * poly.area / poly.length if poly.length else 0.0) <= HAIRLINE_IN


def _closed_hairlines(pieces: list) -> tuple[list[Outline], list]:
    """The closed outlines the hairlines of each color draw (pieces meeting within
    JOIN_TOL_IN joined), each at the middle of its ring, and the hairlines that close
    nothing (with their layer)."""
    by_hex: dict[str, tuple[Layer, list[Polygon]]] = {}
    for layer, poly in pieces:
        by_hex.setdefault(layer.hex, (layer, []))[1].append(poly)
    outlines, lines = [], []
    for hex_, (layer, polys) in by_hex.items():
        joined = shapely.union_all(shapely.buffer(polys, JOIN_TOL_IN / 2))
        for ring in shapely.get_parts(joined):
            if not isinstance(ring, Polygon) or len(ring.interiors) != 1:
                lines.append((layer, ring))
                continue
            width = 2 * ring.area / ring.length
            middle = mitre_buffer(Polygon(ring.exterior), -width / 2)
            parts = [p for p in shapely.get_parts(middle) if isinstance(p, Polygon)]
            if not parts:
                lines.append((layer, ring))
                continue
            outer = max(parts, key=shapely.area)
            outlines.append(Outline("", hex_, (np.asarray(outer.exterior.coords),)))
    return outlines, lines

