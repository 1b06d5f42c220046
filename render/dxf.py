"""Cut layers as DXF for sign-shop software. The only module that knows ezdxf.

Inches ($INSUNITS = 1), one DXF layer per film color (its color as true color and
the nearest AutoCAD index), ``trim`` (the blank's outline, corner radius included),
``holes`` (mounting holes) and ``registration`` (targets, out of every cut layer).
Every outline is closed. What a checker reads back is written too, as wsmark's SVG
writes it: the guides (``display-area``, a buoy's ``waterline``, the ``permit-label``
strip, the ``reflector`` band) on layers that do not plot, and the design as the custom
property ``design`` (the SVG's ``design: {...}`` line), so ``wsmark check`` of the file
judges it with its display area declared. Circles are CIRCLE entities and arcs
LWPOLYLINE bulges, found where the builder drew true arcs (a Shape's SVG path data) and
the cut outline follows them; everything else is straight segments. DXF's y axis points
up, so page y is flipped; the page is the one of the print and SVG cut files, so all of
them line up.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any, Literal

from shapely.geometry import Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from markers.core.artwork import Artwork
from markers.core.fabrication import Fabrication, cut_polygons, sheet_outline
from markers.core.geometry import path_circles
from render.svg import design_line

if TYPE_CHECKING:  # ezdxf is imported when a DXF is written (~0.4 s)
    from ezdxf.layouts import Modelspace

__all__ = ["cut_dxf", "REGISTRATION_LAYER", "TRIM_LAYER", "HOLES_LAYER", "GUIDES",
           "ring_entities", "fixed_dxf"]

REGISTRATION_LAYER = "registration"
TRIM_LAYER = "trim"
HOLES_LAYER = "holes"
#: Features written as guides on layers that do not plot, named as the reader finds them.
GUIDES = ("display-area", "waterline", "permit-label", "reflector")
#: AutoCAD color index per layer (for software that ignores true color); guides grey.
ACI = {"registration": 7, "trim": 4, "holes": 6, "orange": 30, "black": 7, "red": 1,
       "green": 3, "blue": 5, "yellow": 2, "white": 7, **dict.fromkeys(GUIDES, 8)}
#: A vertex lies on a circle when it is this close, relative to the radius (the
#: boolean operations put their crossings on chords, 1.2e-6 r inside a 1024-gon).
ON_CIRCLE = 5e-6
#: A segment is part of an arc only when shorter than this share of the radius.
ARC_STEP = 0.05

Circle = tuple[float, float, float]
#: A polyline vertex with the bulge of the segment after it (x, y, bulge).
Bulged = tuple[float, float, float]


def _rgb(hex_: str) -> tuple[int, int, int]:
    return int(hex_[1:3], 16), int(hex_[3:5], 16), int(hex_[5:7], 16)


def _circles(fab: Fabrication) -> list[Circle]:
    """True circles (and circles of arcs) the artwork was drawn with, page coordinates."""
    found: set[Circle] = set()
    m = fab.frame.margin
    for layer in fab.art.layers:
        for shape in layer.shapes:
            if shape.path:
                found.update((round(cx + m, 9), round(cy + m, 9), round(r, 9))
                             for cx, cy, r in path_circles(shape.path))
    r = float(fab.art.meta.get("corner_radius") or 0.0)
    if r > 0:
        w, h = fab.art.width, fab.art.height
        found.update((x + m, y + m, r) for x in (r, w - r) for y in (r, h - r))
    return sorted(found)


def _on(p: tuple[float, float], c: Circle) -> bool:
    return abs(math.hypot(p[0] - c[0], p[1] - c[1]) - c[2]) <= ON_CIRCLE * c[2] + 1e-9


def _arc_of(p: tuple[float, float], q: tuple[float, float], circles: list[Circle]) -> int:
    """Index of the circle the segment p-q is a piece of, or -1."""
    for k, c in enumerate(circles):
        if math.dist(p, q) <= ARC_STEP * c[2] and _on(p, c) and _on(q, c):
            return k
    return -1


def _sweep(points: list[tuple[float, float]], c: Circle) -> float:
    """Signed angle swept going through ``points`` around the circle's centre."""
    total = 0.0
    for p, q in pairwise(points):
        a0 = math.atan2(p[1] - c[1], p[0] - c[0])
        a1 = math.atan2(q[1] - c[1], q[0] - c[0])
        total += (a1 - a0 + math.pi) % (2 * math.pi) - math.pi
    return total


def ring_entities(coords: list[tuple[float, float]], circles: list[Circle]
                  ) -> tuple[Literal["circle"], Circle] | tuple[Literal["lwpolyline"],
                                                                list[Bulged]]:
    """A closed ring (DXF coordinates, no repeated last point) as ("circle", (cx, cy, r))
    when it is one whole circle, else ("lwpolyline", [(x, y, bulge), ...]) with each run
    along a known circle as one bulged segment."""
    n = len(coords)
    arcs = [_arc_of(coords[i], coords[(i + 1) % n], circles) for i in range(n)]
    if arcs[0] >= 0 and all(a == arcs[0] for a in arcs):
        c = circles[arcs[0]]
        if abs(abs(_sweep(coords + coords[:1], c)) - 2 * math.pi) < 1e-6:
            return "circle", c
    starts = [i for i in range(n) if arcs[i] < 0 or arcs[i] != arcs[i - 1]]
    if not starts:
        return "lwpolyline", [(x, y, 0.0) for x, y in coords]
    s = starts[0]
    coords, arcs = coords[s:] + coords[:s], arcs[s:] + arcs[:s]
    out: list[Bulged] = []
    i = 0
    while i < n:
        k = arcs[i]
        j = i + 1
        if k >= 0:
            while j < n and arcs[j] == k:
                j += 1
        if k >= 0 and j - i >= 2:
            run = [coords[t % n] for t in range(i, j + 1)]
            out.append((*coords[i], math.tan(_sweep(run, circles[k]) / 4)))
        else:
            out.append((*coords[i], 0.0))
            j = i + 1
        i = j
    return "lwpolyline", out


def _guides(fab: Fabrication, msp: Modelspace, layer: Callable[..., None],
            add: Callable[[BaseGeometry, str], None]) -> None:
    """The artwork's guides, each on its own layer that does not plot: closed outlines
    (the display area's rectangle), the waterline as a line."""
    height = fab.frame.page_height
    for name in GUIDES:
        guide = fab.art.features.get(name)
        if guide is None or guide.is_empty:
            continue
        layer(name, plots=False)
        placed = fab.frame.place(guide)
        if placed.geom_type == "LineString":
            msp.add_lwpolyline([(x, height - y) for x, y in placed.coords],
                               dxfattribs={"layer": name})
        else:
            for part in getattr(placed, "geoms", [placed]):
                add(part, name)


def cut_dxf(fab: Fabrication) -> bytes:
    """The cut pieces of every film color, the trim, the mounting holes and the
    registration targets, as DXF bytes; a film cut across rolls also as its panels, a
    layer each (COLOR-panel-N, overlaps included) that does not plot: the cutter takes
    them, the print shows the whole film."""
    import ezdxf  # ~0.4 s to import: loaded only when a DXF is written
    from ezdxf import bbox, units

    doc = ezdxf.new("R2010", units=units.IN)
    doc.header["$MEASUREMENT"] = 0  # imperial
    msp = doc.modelspace()
    height = fab.frame.page_height
    flip = [(cx, height - cy, r) for cx, cy, r in _circles(fab)]

    def add(polygon: BaseGeometry, layer: str) -> None:
        assert isinstance(polygon, Polygon)  # a cut piece, the trim, a target, a guide's part
        for ring in (polygon.exterior, *polygon.interiors):
            points = [(float(x), float(height - y)) for x, y in ring.coords[:-1]]
            entity = ring_entities(points, flip)
            attribs = {"layer": layer}
            if entity[0] == "circle":
                cx, cy, r = entity[1]
                msp.add_circle((cx, cy), r, dxfattribs=attribs)
            else:
                msp.add_lwpolyline(entity[1], format="xyb", close=True, dxfattribs=attribs)

    def layer(name: str, hex_: str | None = None, plots: bool = True) -> None:
        entry = doc.layers.add(name, color=ACI.get(name, 7))
        if hex_:
            entry.rgb = _rgb(hex_)
        if not plots:
            entry.dxf.plot = 0

    hexes = {layer.color: layer.hex for layer in fab.art.layers}
    for color, pieces in fab.cuts.items():
        layer(color, hexes[color])
        for piece in pieces:
            add(piece, color)
        for number, panel in enumerate(fab.panels(color), 1):  # a film cut across rolls
            name = f"{color}-panel-{number}"
            layer(name, hexes[color], plots=False)
            for piece in cut_polygons(fab.frame.place(panel)):
                add(piece, name)
    layer(TRIM_LAYER)
    trim = sheet_outline(fab.art)
    add(fab.frame.place(trim), TRIM_LAYER)
    holes = fab.art.features.get("holes")
    if holes is not None and not holes.is_empty:
        layer(HOLES_LAYER)
        for hole in getattr(holes, "geoms", [holes]):
            c = fab.frame.place(hole).centroid
            x0, _, x1, _ = hole.bounds  # a hole's true radius: half its width
            msp.add_circle((c.x, height - c.y), (x1 - x0) / 2,
                           dxfattribs={"layer": HOLES_LAYER})
    layer(REGISTRATION_LAYER)
    for target in fab.frame.registration():
        add(target, REGISTRATION_LAYER)
    _guides(fab, msp, layer, add)
    doc.header.custom_vars.append("design", design_line(fab.art))
    box = bbox.extents(msp)  # ezdxf copies the layout's extents into $EXTMIN/$EXTMAX
    msp.dxf.extmin = (box.extmin.x, box.extmin.y, 0.0)
    msp.dxf.extmax = (box.extmax.x, box.extmax.y, 0.0)
    msp.dxf.limmin = (0.0, 0.0)
    msp.dxf.limmax = (fab.frame.page_width, height)
    stream = io.StringIO()
    doc.write(stream)
    return stream.getvalue().encode("utf-8")



def _upgraded(old: Any) -> Any:
    """An R2010 document holding ``old``'s drawing (an R12 or R2000 file's), units
    kept."""
    import ezdxf
    from ezdxf.addons import Importer

    new = ezdxf.new("R2010")
    new.header["$INSUNITS"] = old.header.get("$INSUNITS", 0)
    importer = Importer(old, new)
    importer.import_modelspace()
    importer.finalize()
    return new


class _Redraw:
    """A DXF document being written in a drawing's own units: ``place`` takes page
    inches to them (``to_dxf``: X = a x + b y + c, Y = d x + e y + f)."""

    def __init__(self, doc: Any, to_dxf: tuple[float, ...], inches_per_unit: float) -> None:
        self.doc, self.msp = doc, doc.modelspace()
        self.matrix = [to_dxf[0], to_dxf[1], to_dxf[3], to_dxf[4], to_dxf[2], to_dxf[5]]
        self.size = 1 / inches_per_unit

    def place(self, g: BaseGeometry) -> BaseGeometry:
        from shapely import affinity

        return affinity.affine_transform(g, self.matrix)

    def clear(self, cleared: Sequence[tuple[float, float, float, float]]) -> None:
        """Drop the entities lying wholly inside a ``cleared`` box (page inches)."""
        from ezdxf import bbox

        boxes = [self.place(box(*bounds)) for bounds in cleared]
        for entity in list(self.msp):
            found = bbox.extents([entity])
            if found.has_data and any(area.contains(box(
                    found.extmin.x, found.extmin.y, found.extmax.x, found.extmax.y))
                    for area in boxes):
                self.msp.delete_entity(entity)

    def layer(self, name: str, hex_: str | None = None, plots: bool = True) -> None:
        if name not in self.doc.layers:
            entry = self.doc.layers.add(name, color=ACI.get(name, 7))
            if hex_:
                entry.rgb = _rgb(hex_)
            if not plots:
                entry.dxf.plot = 0

    def hatch(self, geometry: BaseGeometry, layer: str, hex_: str) -> None:
        """``geometry`` (page inches) as solid HATCHes in true color on ``layer``."""
        for polygon in getattr(geometry, "geoms", [geometry]):
            if polygon.geom_type != "Polygon" or polygon.is_empty:
                continue
            entity = self.msp.add_hatch(dxfattribs={"layer": layer})
            entity.rgb = _rgb(hex_)
            for ring in (polygon.exterior, *polygon.interiors):
                placed = self.place(Polygon(ring))
                assert isinstance(placed, Polygon)  # an affine map keeps a ring's polygon
                entity.paths.add_polyline_path(list(placed.exterior.coords)[:-1],
                                               is_closed=True)

    def text(self, words: str, x: float, y: float, cap: float, layer: str) -> None:
        self.layer(layer)
        at = self.place(Point(x, y))
        assert isinstance(at, Point)
        self.msp.add_text(words, height=cap * self.size,
                          dxfattribs={"layer": layer, "insert": (at.x, at.y)})

    def guide(self, name: str, geometry: BaseGeometry) -> None:
        """A guide (page inches) as LWPOLYLINEs on a layer of its name that does not plot."""
        self.layer(name, plots=False)
        drawn = self.place(geometry)
        if drawn.geom_type == "LineString":
            self.msp.add_lwpolyline(list(drawn.coords), dxfattribs={"layer": name})
            return
        for part in getattr(drawn, "geoms", [drawn]):
            self.msp.add_lwpolyline(list(part.exterior.coords)[:-1], close=True,
                                    dxfattribs={"layer": name})

    def furniture(self, art: Artwork) -> None:
        """What was read of the vendor's drawing, drawn anew: fills and lettering."""
        for layer_ in art.layers:
            self.layer(f"vendor-{layer_.color}", layer_.hex)
            for shape in layer_.shapes:
                self.hatch(shape.geometry, f"vendor-{layer_.color}", layer_.hex)
        for item in art.legends:
            if item.text:
                x0, _, _, y1 = item.box.bounds
                self.text(item.text, x0, y1, item.cap_height, "vendor-text")

    def marker(self, art: Artwork, x: float, y: float, scale: float, guides: Sequence[str]
               ) -> None:
        """A rebuilt marker, its origin at ``x``, ``y`` page inches, ``scale`` times."""
        from shapely import affinity

        def moved(g: BaseGeometry) -> BaseGeometry:
            return affinity.affine_transform(g, [scale, 0, 0, scale, x, y])

        for layer_ in art.layers:
            self.layer(layer_.color, layer_.hex)
            for shape in layer_.shapes:
                self.hatch(moved(shape.geometry), layer_.color, layer_.hex)
        for name in guides:
            guide = art.features.get(name)
            if guide is not None and not guide.is_empty:
                self.guide(name, moved(guide))


#: What in a vendor's DXF reaches outside the file when it is opened (DXF reference:
#: IMAGE and the UNDERLAYs name a file, an OLE frame embeds a program's object, an xref
#: block is another drawing loaded by path): not carried into a repaired DXF.
EXTERNAL_ENTITIES = ("IMAGE", "OLE2FRAME", "OLEFRAME", "PDFUNDERLAY", "DWFUNDERLAY",
                     "DGNUNDERLAY")
EXTERNAL_OBJECTS = ("IMAGEDEF", "IMAGEDEF_REACTOR", "PDFDEFINITION", "DWFDEFINITION",
                    "DGNDEFINITION")
#: The named dictionaries that list those definitions, by name or path.
EXTERNAL_DICTIONARIES = ("ACAD_IMAGE_DICT", "ACAD_PDFDEFINITIONS", "ACAD_DWFDEFINITIONS",
                         "ACAD_DGNDEFINITIONS")
#: The application id under which AutoCAD keeps an entity's hyperlink (XDATA).
HYPERLINK_APPID = "PE_URL"


def _inert(doc: Any) -> None:
    """``doc`` (a vendor's drawing being repaired) less everything that fetches, links or
    embeds: ``EXTERNAL_ENTITIES`` and ``EXTERNAL_OBJECTS``, xref blocks and their
    INSERTs, hyperlinks (``HYPERLINK_APPID`` XDATA, the ``$HYPERLINKBASE`` header); so a
    repaired DXF, like a repaired SVG or PDF, opens nothing outside itself."""
    xrefs = {b.name for b in doc.blocks if b.block is not None and b.block.is_xref}
    for layout in [*doc.layouts, *doc.blocks]:
        for entity in list(layout):
            if entity.dxftype() in EXTERNAL_ENTITIES or (
                    entity.dxftype() == "INSERT" and entity.dxf.name in xrefs):
                layout.delete_entity(entity)
            elif entity.has_xdata(HYPERLINK_APPID):
                entity.discard_xdata(HYPERLINK_APPID)
    for name in xrefs:
        doc.blocks.delete_block(name, safe=False)
    for key in EXTERNAL_DICTIONARIES:  # their names are the files' paths
        listed = doc.rootdict.get(key)
        if listed is not None:
            doc.rootdict.discard(key)
            doc.objects.delete_entity(listed)
    for obj in list(doc.objects.query(" ".join(EXTERNAL_OBJECTS))):
        if obj.is_alive:
            doc.objects.delete_entity(obj)
    if "$HYPERLINKBASE" in doc.header:
        del doc.header["$HYPERLINKBASE"]


def fixed_dxf(original: bytes | None, to_dxf: tuple[float, ...], inches_per_unit: float,
              cleared: list[tuple[float, float, float, float]],
              markers: list[tuple[Artwork, float, float, float]],
              furniture: Artwork | None = None, design: str | None = None,
              said: Sequence[tuple[str, float, float, float]] = ()) -> bytes:
    """A repaired DXF (``wsmark fix``): the vendor's drawing (``original``, whose
    entities lying wholly inside a ``cleared`` box are the markers it replaces and are
    dropped; else ``furniture``, what was read of it, drawn anew) and each rebuilt
    marker (art, x, y, scale: its origin at x, y page inches) as solid HATCHes in true
    color on a layer per color, its reflector and permit label on layers that do not
    plot. ``to_dxf`` (a, b, c, d, e, f) takes page inches to the drawing's units: X = a x
    + b y + c, Y = d x + e y + f. ``design`` (a ``design:`` line): the drawing holds one
    marker and declares it, its other guides too, as ``cut_dxf`` writes them. ``said``
    (text, x, y, cap height: page inches) are lines of words stating what the drawing
    must say, as a proof's note does, written as TEXT."""
    from markers.core.alone import import_alone
    from markers.core.quiet import hush

    import_alone("ezdxf")  # it reads no file of the user's (markers.core.alone)
    hush("ezdxf")
    import ezdxf
    from ezdxf import recover, units

    if original is not None:
        doc, _ = recover.read(io.BytesIO(original))
        if doc.dxfversion < "AC1018":  # R12 holds no HATCH, R2000 no true color: its
            doc = _upgraded(doc)  # drawing goes into an R2010 document
        out = _Redraw(doc, to_dxf, inches_per_unit)
        out.clear(cleared)
        _inert(doc)
    else:
        doc = ezdxf.new("R2010", units=units.IN if inches_per_unit == 1 else units.MM)
        out = _Redraw(doc, to_dxf, inches_per_unit)
    for words, x, y, cap in said:
        out.text(words, x, y, cap, "wsmark-notes")
    if furniture is not None:
        out.furniture(furniture)
    guides = GUIDES if design is not None else ("permit-label", "reflector")
    for art, x, y, scale in markers:
        out.marker(art, x, y, scale, guides)
    if design is not None:
        doc.header.custom_vars.append("design", design)
    stream = io.StringIO()
    doc.write(stream)
    return stream.getvalue().encode("utf-8")
