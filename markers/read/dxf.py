"""Read a shop's DXF (cutting software, CAD) into an Artwork, in inches, y down.

ezdxf parses the file; ``ezdxf.recover`` reads damaged ones as AutoCAD's RECOVER does,
and binary DXF is read by ezdxf's binary loader. Units come from ``$INSUNITS`` (inches,
feet, mm, cm, m); a unitless drawing needs ``scale`` (inches per drawing unit) or
``display_height``.

Two kinds of drawing:

- **fills**: solid HATCH fills (boundary paths, islands by parity), SOLID and TRACE, and
  polylines with a width paint as drawn. Closed outlines without a fill are lines there
  (an associative hatch keeps its boundary beside it), except the trim (a layer named
  trim, border, frame ...), which is the white sheet under everything.
- **line drawings**, as shops and CAM software export them (no fill but in dimensions
  and leaders): read by the CAM convention of ``markers.read.linework``. Closed outlines
  (LWPOLYLINE and POLYLINE with bulges, CIRCLE, full ELLIPSE, closed SPLINE) and open
  pieces (LINE, ARC, open polylines and splines) joined end to end into closed outlines,
  per layer and color, are filled film by film by even-odd nesting; the rest of the
  sheet is white; holes are holes, registration and dimension layers are set aside.
  ``meta['paint_basis']`` says so.

INSERTs expand their blocks with their transforms (MINSERT grids too), DIMENSIONs and
leaders their drawn geometry. TEXT, MTEXT and ATTRIB become LegendItems (string and a box
estimated from the characters' widths, ``outlined=False``, one per MTEXT line); text
exploded to outlines is read as outlines. Colors: true color over the AutoCAD index
(ACI 7 draws black on white paper), BYLAYER through the layer, BYBLOCK through the
INSERT; in a line drawing a layer named for a film gives its color. A layer named like
a feature (``display-area``, ``waterline``, ``panel``, ``reflector``) gives that feature;
display-area and waterline are guides, not paint, and a layer that does not plot gives
features only. A ``design: {...}`` line in the custom property ``design`` declares the
design. Entities wsmark does not draw (meshes, ACIS solids, images ...) are counted by
name in ``meta['ignored']``; a drawing of nothing else is refused naming them.

Untrusted input: file size, entities drawn (after INSERT expansion), INSERT depth,
flattened vertices and time are bounded as for SVG (``markers.read.limits``).
"""

from __future__ import annotations

import io
import math
import re
from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import numpy as np
import shapely
from shapely import affinity
from shapely.geometry import LineString, box
from shapely.geometry.base import BaseGeometry

from markers.core.artwork import FEATURE_NAMES, SIZE_UNKNOWN, Artwork, LegendItem
from markers.core.colors import PALETTE, classify
from markers.core.quiet import hush
from markers.errors import UnreadableDrawing
from markers.read.dxf_layouts import (
    INCHES_PER_UNIT,
    PaperDrawing,
    frozen_in_every_view,
    paper_drawing,
    sheet_views,
)
from markers.read.limits import (
    DXF_MAX_ENTITIES,
    DXF_MAX_INSERT_DEPTH,
    FLATTEN_TOL_IN,
    Budget,
    nominal_factor,
)
from markers.read.linework import (
    ASIDE,
    SHEET,
    Outline,
    join_pieces,
    layer_film,
    layer_role,
    line_drawing,
    shells,
)
from markers.read.outlines import affine, apply, baseline_turn, fill_area, flatten, stroke_area
from markers.read.paint import artwork, guarded_read, pen, to_hex
from markers.read.svg.declared import declared_in_text

if TYPE_CHECKING:  # ezdxf is imported when a DXF is read (~0.4 s)
    from ezdxf.document import Drawing
    from ezdxf.math import Matrix44
    from ezdxf.path import Path

__all__ = ["read_dxf_bytes"]

#: An entity of any DXF type, told apart by its dxftype() (ezdxf's classes per type).
Entity = Any

#: $MEASUREMENT -> the unit a unitless drawing ($INSUNITS 0) is taken to be drawn in:
#: 0 imperial (inches), 1 metric (millimetres), as AutoCAD inserts such a drawing.
_MEASUREMENT = {0: ("in", 1.0), 1: ("mm", 1 / 25.4)}
_UNIT_WORDS = {"in": "inches (in)", "mm": "millimetres (mm)"}
_SYSTEM = {"in": "imperial", "mm": "metric"}
_GUIDES = frozenset({"display-area", "waterline"})  # features that are not paint
_DRAWN = frozenset({"HATCH", "SOLID", "TRACE", "LWPOLYLINE", "POLYLINE", "CIRCLE", "ELLIPSE",
                    "SPLINE", "LINE", "ARC"})
_FILLS = frozenset({"HATCH", "SOLID", "TRACE"})
#: Entities drawn by the geometry ezdxf makes of them: annotation (whose arrowheads are
#: fills that do not make a drawing of fills) and multilines.
_ANNOTATION = frozenset({"DIMENSION", "ARC_DIMENSION", "LARGE_RADIAL_DIMENSION", "LEADER",
                         "MULTILEADER", "ACAD_TABLE"})
_EXPLODED = frozenset({"MLINE"})
#: Entities not drawn on paper at all: nothing to report.
_SILENT = frozenset({"VIEWPORT", "ATTDEF", "SEQEND", "VERTEX"})
#: What wsmark does not draw, in plain words (the DXF name in brackets).
_UNREAD = {
    "3DFACE": "3D face (3DFACE)", "3DSOLID": "3D solid (3DSOLID)", "BODY": "ACIS body (BODY)",
    "REGION": "region (REGION)", "SURFACE": "surface (SURFACE)", "MESH": "mesh (MESH)",
    "IMAGE": "raster image",
    "PDFUNDERLAY": "PDF underlay (PDFUNDERLAY)", "DWFUNDERLAY": "DWF underlay (DWFUNDERLAY)",
    "DGNUNDERLAY": "DGN underlay (DGNUNDERLAY)", "OLE2FRAME": "embedded object (OLE2FRAME)",
    "XLINE": "construction line (XLINE)", "RAY": "ray (RAY)", "POINT": "point (POINT)",
    "HELIX": "helix (HELIX)", "SHAPE": "shape (SHAPE)", "TOLERANCE": "tolerance frame "
    "(TOLERANCE)", "POLYMESH": "polygon mesh (POLYMESH)", "POLYFACE": "polyface mesh "
    "(POLYFACE)", "PATTERN": "pattern hatch (HATCH without a solid fill)",
}
_HAIRLINE = "line without width in a drawing of fills (a hairline, not paint)"
_UNJOINED = "open line (not joined into a closed outline)"
_UNFILLED = "closed outline without fill in a drawing of fills (a line, not paint)"
_NOT_PLOTTED = "entity on a layer that does not plot"
_FROZEN = "entity on a frozen layer"
_OFF = "entity on a layer turned off"
_VIEW_FROZEN = "entity on a layer frozen in every viewport of the sheets (VIEWPORT 331)"
_INVISIBLE = "entity marked invisible"
_WIPED = "what lies under a WIPEOUT (it prints the paper's white over it)"
#: Errors ezdxf raises on a malformed entity (its DXFValueError and DXFTypeError among
#: them); the entity is skipped and counted.
_MALFORMED = (TypeError, ValueError, IndexError, KeyError, ArithmeticError)
_SEGMENTS = 4  # Bézier segments per quarter turn for circles and arcs (error ~1e-8 r)
_WHITE_PAPER = {7: (0, 0, 0)}  # ACI 7 draws black on white paper
_ACADVER = re.compile(rb"\$ACADVER\s*\r?\n\s*1\s*\r?\n\s*(AC\d{4})")


def read_dxf_bytes(data: bytes, name: str, *, scale: float | None = None,
                   display_height: float | None = None) -> Artwork:
    """Read DXF ``data``; raises UnreadableDrawing (one line, naming the file) for anything
    unreadable, hostile or too complex."""
    return guarded_read(_read, "DXF", data, name, scale, display_height)


def _read(data: bytes, name: str, scale: float | None, display_height: float | None) -> Artwork:
    from ezdxf.lldxf.const import DXFError  # ezdxf: ~0.4 s to import, only for a DXF

    hush("ezdxf")
    budget = Budget(name)
    try:
        doc = _document(data)
    except DXFError as err:
        detail = " ".join(str(err).split())[:160]
        raise UnreadableDrawing(f"{name}: not a readable DXF ({detail})") from None
    budget.tick()
    meta: dict[str, object] = {"source": name, "format": "dxf"}
    paper = paper_drawing(doc)
    unit_in = _units(doc, meta, scale, display_height, paper)
    if scale is None and display_height is None and paper is None:
        views = sheet_views(doc, budget)
        if views:  # their sheets' stated scales size the model (markers.check.layout)
            meta["dxf_views"] = views
    nominal = unit_in is None  # the unit its sheets state, or none known: a nominal size
    if unit_in is None:
        unit_in = 1.0
        meta.update({"units": None, "scale_basis": SIZE_UNKNOWN})
        if "dxf_views" not in meta:
            meta["size_basis"] = (_no_unit(doc),)
    if doc.header.custom_vars.has_tag("design"):  # (``in`` compares its (tag, value) pairs)
        meta.update(declared_in_text(str(doc.header.custom_vars.get("design") or "")))
    reader = _Reader(doc, name, budget, unit_in,
                     frozen_in_every_view(doc) if paper is None else frozenset())
    drawn = doc.modelspace() if paper is None else paper.layout
    reader.walk(drawn, np.diag([unit_in, unit_in, 1.0]), None, depth=0)
    return reader.artwork(meta, display_height if meta["scale_basis"] == "display-height"
                          else None, nominal=nominal and "dxf_views" not in meta)


def _no_unit(doc: Drawing) -> str:
    """What the header says of a drawing read at a nominal size: the unit it states
    (none, or one no marker is drawn in) and the system it names, if any."""
    code = int(doc.header.get("$INSUNITS", 0) or 0)
    said = "states no unit" if code == 0 else "states a unit no marker is drawn in"
    measurement = doc.header.get("$MEASUREMENT")
    system = "" if measurement is None else f", and $MEASUREMENT {measurement} names no system"
    return f"the DXF {said} ($INSUNITS {code}{system}): read at a nominal size"


def _units(doc: Drawing, meta: dict[str, object], scale: float | None,
           display_height: float | None, paper: PaperDrawing | None) -> float | None:
    """Inches per drawing unit, in the order of evidence: the user's ``scale``; a
    drawing made in paper space alone, its sheet's paper unit; ``$INSUNITS``; where it
    is 0, ``$MEASUREMENT`` (said as an assumption); 1 when ``display_height`` rescales
    the drawing later; else None. ``meta`` receives the basis."""
    code = int(doc.header.get("$INSUNITS", 0) or 0)
    measurement = doc.header.get("$MEASUREMENT")
    if scale is not None:
        meta.update({"units": "user", "scale_basis": "scale"})
        return scale
    if paper is not None and display_height is None:
        meta.update({"units": paper.unit, "scale_basis": "physical", "size_basis": (
            f"drawn in paper space alone (layout {paper.layout.name!r}, in "
            f"{_UNIT_WORDS[paper.unit]} as its plot settings say): the model space is "
            "empty",)})
        return paper.unit_in
    if code in INCHES_PER_UNIT:
        unit, unit_in = INCHES_PER_UNIT[code]
        meta.update({"units": unit, "scale_basis": "physical"})
        return unit_in
    if code == 0 and _MEASUREMENT.get(measurement) is not None:
        unit, unit_in = _MEASUREMENT[measurement]
        meta.update({"units": unit, "scale_basis": "physical", "units_assumed": (
            f"the DXF states no units ($INSUNITS 0); read in {_UNIT_WORDS[unit]}, as its "
            f"$MEASUREMENT {measurement} ({_SYSTEM[unit]}) says: give "
            "--scale if it is drawn in other units")})
        return unit_in
    if display_height is not None:
        meta.update({"units": "user", "scale_basis": "display-height",
                     "display_height_in": display_height,
                     "display_height_from": "drawing height"})
        return 1.0  # rescaled by the reader, once the drawing's height is known
    return None


def _document(data: bytes) -> Drawing:
    """The parsed drawing: binary DXF by ezdxf's binary loader, text DXF by the fast
    parser first and ``ezdxf.recover`` (several times slower) for files it finds damaged."""
    import ezdxf
    from ezdxf import recover
    from ezdxf.document import Drawing
    from ezdxf.lldxf.const import DXFError
    from ezdxf.lldxf.tagger import binary_tags_loader

    if data.startswith(b"AutoCAD Binary DXF"):
        try:
            return Drawing.load(binary_tags_loader(data))
        except (DXFError, ValueError, KeyError, IndexError, TypeError, AttributeError) as err:
            raise DXFError(f"a damaged binary DXF ({err})") from None
    version = _ACADVER.search(data[:65536])
    encoding = "utf-8" if version and version[1] >= b"AC1021" else "cp1252"
    try:
        text = data.decode(encoding, errors="replace")  # newline=None: CRLF files (Windows)
        return ezdxf.read(io.StringIO(text, newline=None))  # read as ezdxf.readfile does
    except (DXFError, ValueError, KeyError, IndexError, TypeError, AttributeError):
        pass
    return recover.read(io.BytesIO(data))[0]


class _Reader:
    """Walks entities (and the blocks INSERTs bring in) in drawing order, keeping what
    paints (fills), closed outlines and open pieces apart until the whole drawing is
    known to be a drawing of fills or a line drawing."""

    def __init__(self, doc: Drawing, name: str, budget: Budget, unit_in: float,
                 view_frozen: frozenset[str] = frozenset()) -> None:
        self.doc, self.name, self.budget = doc, name, budget
        self.view_frozen = view_frozen  # casefolded layers no sheet's viewport prints
        self.unit = unit_in
        self.entities = 0
        self.fills: list[tuple[str, BaseGeometry]] = []  # y up, inches, until artwork()
        self.filled = False  # a fill outside annotation: a drawing of fills
        self.outlines: list[Outline] = []
        self.pieces: dict[tuple[str, str], list[np.ndarray]] = {}
        #: (text, box, cap height, hex, layer, turn: LegendItem.turn) of each line
        self.legends: list[tuple[str, BaseGeometry, float, str, str, float | None]] = []
        self.features: dict[str, list[BaseGeometry]] = {}
        self.ignored: Counter[str] = Counter()
        self.not_printed: Counter[str] = Counter()  # what the drawing holds that does not print
        self.dimensions: list[tuple[str, float]] = []  # DIMENSION text, its length (in)

    # ----- walking

    def walk(self, entities: Iterable[Entity], matrix: np.ndarray, block: tuple[str, str] | None,
             depth: int, annotation: bool = False) -> None:
        """``matrix``: drawing units of these entities -> inches (y up); ``block``: the
        (layer, hex) of the INSERT whose block they are (for layer 0 and BYBLOCK);
        ``annotation``: inside a dimension or leader."""
        for entity in entities:
            self.entities += 1
            if self.entities > DXF_MAX_ENTITIES:
                raise UnreadableDrawing(f"{self.name}: too complex (more than {DXF_MAX_ENTITIES:,} "
                                  "entities after expanding blocks)")
            self.budget.tick()
            kind = entity.dxftype()
            layer = self._layer(entity, block)
            hidden = self._hidden(entity, layer)
            if hidden is not None:
                self.not_printed[hidden] += 1
                continue
            if kind in _SILENT:
                continue
            try:
                self._entity(entity, kind, layer, matrix, block, depth, annotation)
            except _MALFORMED:
                self.ignored[f"malformed {_UNREAD.get(kind, kind + ' entity')}"] += 1

    def _entity(self, entity: Entity, kind: str, layer: str, matrix: np.ndarray,
                block: tuple[str, str] | None, depth: int, annotation: bool) -> None:
        if kind == "INSERT":
            self._insert(entity, matrix, block, depth, annotation)
        elif kind == "WIPEOUT":
            self._wipeout(entity, matrix, layer)
        elif kind in _ANNOTATION or kind in _EXPLODED:
            if kind == "DIMENSION":
                self._dimension(entity, matrix)
            drawn = _exploded(entity, kind)
            if drawn is None:
                self.ignored[f"{kind} entity"] += 1
            else:
                self.walk(drawn, matrix, block, depth + 1, annotation or kind in _ANNOTATION)
        elif kind in ("TEXT", "MTEXT", "ATTRIB"):
            self._text(entity, matrix, layer, block)
        elif kind in _DRAWN:
            self._shape(entity, kind, matrix, layer, block, annotation)
        else:
            self.ignored[_UNREAD.get(kind, f"{kind} entity")] += 1

    def _insert(self, insert: Entity, matrix: np.ndarray, block: tuple[str, str] | None,
                depth: int, annotation: bool) -> None:
        if depth >= DXF_MAX_INSERT_DEPTH:
            raise UnreadableDrawing(f"{self.name}: blocks nested deeper than "
                                    f"{DXF_MAX_INSERT_DEPTH}")
        for single in insert.multi_insert():
            entities = self.doc.blocks.get(single.dxf.name)
            if entities is None:
                continue
            layer = self._layer(single, block)
            inner = matrix @ _matrix(single.matrix44())
            self.walk(entities, inner, (layer, self._hex(single, layer, block)), depth + 1,
                      annotation)
            for attrib in single.attribs:
                self._text(attrib, matrix, self._layer(attrib, block), block)

    def _layer(self, entity: Entity, block: tuple[str, str] | None) -> str:
        layer = entity.dxf.get("layer", "0")
        return block[0] if layer == "0" and block is not None else layer

    def _record(self, layer: str) -> Entity | None:
        return self.doc.layers.get(layer) if layer in self.doc.layers else None

    def _hidden(self, entity: Entity, layer: str) -> str | None:
        """Why the entity does not print (marked invisible, its layer frozen or off:
        AutoCAD's layer states, or frozen in every viewport of the sheets that plot the
        model), else None."""
        if entity.dxf.get("invisible", 0):
            return _INVISIBLE
        if layer.casefold() in self.view_frozen:
            return _VIEW_FROZEN
        record = self._record(layer)
        if record is None:
            return None
        return _FROZEN if record.is_frozen() else None if record.is_on() else _OFF

    def _plots(self, layer: str) -> bool:
        """Whether the layer prints (AutoCAD's Defpoints never does)."""
        record = self._record(layer)
        return layer.lower() != "defpoints" and (record is None or record.dxf.get("plot") != 0)

    def _hex(self, entity: Entity, layer: str, block: tuple[str, str] | None) -> str:
        """The entity's color as sRGB hex: its true color, else its AutoCAD index;
        BYBLOCK is the INSERT's color, BYLAYER the layer's (true color, else index)."""
        from ezdxf.colors import aci2rgb

        if entity.dxf.hasattr("true_color"):
            return to_hex(*entity.rgb)
        aci = entity.dxf.get("color", 256)
        if aci == 0 and block is not None:  # BYBLOCK: the color of the INSERT
            return block[1]
        if aci in (0, 256):  # BYLAYER (BYBLOCK outside a block counts as BYLAYER)
            record = self._record(layer)
            if record is None:
                return to_hex(0, 0, 0)
            if record.dxf.hasattr("true_color"):
                return to_hex(*record.rgb)
            aci = abs(record.dxf.get("color", 7))
        return to_hex(*(_WHITE_PAPER.get(aci) or aci2rgb(aci)))

    # ----- what is drawn

    def _shape(self, entity: Entity, kind: str, matrix: np.ndarray, layer: str,
               block: tuple[str, str] | None, annotation: bool) -> None:
        """A drawn entity as a fill, a closed outline, an open piece or a feature."""
        if self._unread(entity, kind):
            return
        local, closed = self._flattened(entity, kind, matrix)
        if not local:
            return
        feature = _feature_of(layer)
        if feature is not None:
            self._feature(feature, local, matrix, closed)
        if feature in _GUIDES or not self._plots(layer):
            if feature is None:
                self.not_printed[_NOT_PLOTTED] += 1
            return
        hex_ = self._hex(entity, layer, block)
        width = _width(entity, kind)
        if kind in _FILLS or width > 0:
            self.fills.append((hex_, self._area(kind, local, width, matrix)))
            self.filled = self.filled or not (annotation or layer_role(layer) == ASIDE)
        elif closed:
            rings = tuple(apply(points, matrix, self.budget) for points, _ in local)
            self.outlines.append(Outline(layer, hex_, rings))
        else:
            self.pieces.setdefault((layer, hex_), []).extend(
                apply(points, matrix, self.budget) for points, _ in local)

    def _unread(self, entity: Entity, kind: str) -> bool:
        """Whether ``entity`` is of what is not read (a mesh, a pattern hatch), counted
        as such."""
        if kind == "POLYLINE" and (entity.is_polygon_mesh or entity.is_poly_face_mesh):
            self.ignored[_UNREAD["POLYMESH" if entity.is_polygon_mesh else "POLYFACE"]] += 1
            return True
        if kind == "HATCH" and not entity.dxf.get("solid_fill", 0):
            self.ignored[_UNREAD["PATTERN"]] += 1
            return True
        return False

    def _flattened(self, entity: Entity, kind: str, matrix: np.ndarray
                   ) -> tuple[list[tuple[np.ndarray, bool]], bool]:
        """``entity``'s paths flattened in its own coordinates (points and whether each
        piece closes), and whether it is closed (a fill, or every path closes)."""
        from ezdxf import path as dxfpath

        paths = list(dxfpath.from_hatch(entity)) if kind == "HATCH" else \
            [dxfpath.make_path(entity, segments=_SEGMENTS)]
        subpaths = [sub for p in paths for sub in p.sub_paths()]
        local = [(points, closed) for sub in subpaths
                 for points, closed in flatten(_ops(sub), matrix[:2, :2], FLATTEN_TOL_IN,
                                               self.budget)]
        closed = kind in _FILLS or all(
            sub.is_closed or sub.start.isclose(sub.end) for sub in subpaths)
        return local, closed

    def _feature(self, feature: str, local: list, matrix: np.ndarray, closed: bool) -> None:
        """Record what a feature's layer draws: an area, or the waterline's line."""
        if closed:
            area = fill_area([apply(p, matrix, self.budget) for p, _ in local], True,
                             self.budget)
            self.features.setdefault(feature, []).append(area)
        elif feature == "waterline":
            line = LineString(apply(local[0][0], matrix, self.budget))
            self.features.setdefault(feature, []).append(line)

    def _area(self, kind: str, local: list, width: float, matrix: np.ndarray) -> BaseGeometry:
        """What a fill paints, or a polyline with a width (its pen's area), in inches."""
        if kind in _FILLS:
            return fill_area([apply(p, matrix, self.budget) for p, _ in local], True,
                             self.budget)
        stretch = float(np.linalg.norm(matrix[:2, :2], 2))
        drawn = pen(width / 2, stretch, "flat", "miter", 4.0, FLATTEN_TOL_IN, self.budget)
        return affine(stroke_area(local, drawn, self.budget), matrix, self.budget)

    def _wipeout(self, entity: Entity, matrix: np.ndarray, layer: str) -> None:
        """A WIPEOUT prints the paper's white over what was drawn before it: a white fill
        in paint order (after a line drawing's films, which it is drawn to mask)."""
        if not self._plots(layer):
            self.not_printed[_NOT_PLOTTED] += 1
            return
        ring = np.array([(v.x, v.y) for v in entity.boundary_path_wcs()], dtype=float)
        if len(ring) < 3:
            return
        area = fill_area([apply(ring, matrix, self.budget)], True, self.budget)
        if not area.is_empty:
            self.fills.append((PALETTE["white"], area))
            self.not_printed[_WIPED] += 1

    def _dimension(self, entity: Entity, matrix: np.ndarray) -> None:
        """A linear DIMENSION whose text is written over ('24"'): that text and the
        length it measures (inches on the page), which say the drawing's scale."""
        from ezdxf.tools.text import plain_mtext

        text = str(plain_mtext(str(entity.dxf.get("text", "") or ""))).strip()
        if not text or "<>" in text:
            return
        try:
            measured = float(entity.get_measurement())
        except (TypeError, ValueError, AttributeError):
            return
        stretch = float(np.linalg.norm(matrix[:2, :2] @ np.array([1.0, 0.0])))
        if measured > 0:
            self.dimensions.append((text, measured * stretch))

    # ----- text

    def _text(self, entity: Entity, matrix: np.ndarray, layer: str,
              block: tuple[str, str] | None) -> None:
        """TEXT, MTEXT, ATTRIB as LegendItems, a line each; the box is estimated from the
        height (DXF text height is the cap height) and the characters' widths, placed by
        the text's alignment: no font is loaded."""
        if not self._plots(layer):
            self.not_printed[_NOT_PLOTTED] += 1
            return
        mtext = entity.dxftype() == "MTEXT"
        height = float(entity.dxf.get("char_height" if mtext else "height", 0.0) or 0.0)
        if not 0 < height < 1e9:
            return
        if mtext:
            placed = _mtext_lines(entity, height)
        else:
            text = " ".join(entity.plain_text().split())
            placed = [(text, _text_box(entity, text, height))] if text else []
        matrix = matrix @ _plan_of_ocs(entity)
        up = float(np.linalg.norm(matrix[:2, :2] @ np.array([0.0, 1.0])))
        hex_ = self._hex(entity, layer, block)
        turn = _page_turn(matrix, _text_angle(entity), _generation_flags(entity))
        for text, outline in placed:
            drawn = affine(outline, matrix, self.budget).envelope
            self.legends.append((text, drawn, height * up, hex_, layer, turn))

    # ----- result

    def artwork(self, meta: dict[str, object], display_height: float | None, *,
                nominal: bool = False) -> Artwork:
        """The Artwork of what was walked: a drawing of fills as drawn, a line drawing by
        the CAM convention (meta['paint_basis'] says so); made ``display_height`` tall,
        or when ``nominal`` (no size known) at a nominal size (markers.read.limits)."""
        painted, line = self._painted(meta)
        legends = [(text, outline, cap, _film_hex(hex_, layer) if line else hex_, turn)
                   for text, outline, cap, hex_, layer, turn in self.legends]
        parts = [g for _, g in painted] + [g for _, g, _, _, _ in legends]
        parts += [g for items in self.features.values() for g in items]
        if self.ignored:
            meta["ignored"] = dict(self.ignored)
        if self.not_printed:
            meta["not_printed"] = tuple(_counted(what, n)
                                        for what, n in sorted(self.not_printed.items()))
        if not parts:
            raise UnreadableDrawing(self._nothing())
        minx, miny, maxx, maxy = shapely.total_bounds(parts)
        k = 1.0
        if display_height is not None:
            if maxy <= miny:
                raise UnreadableDrawing(f"{self.name}: the drawing has no height")
            k = display_height / (maxy - miny)
        elif nominal:
            k = nominal_factor(max(maxx - minx, maxy - miny))
        meta["user_unit_in"] = self.unit * k
        if self.dimensions:
            meta["dxf_dimensions"] = [(text, length * k) for text, length in self.dimensions]
        # page inches back to the drawing's units (to lay something on it again)
        meta["dxf_matrix"] = (1 / (k * self.unit), 0.0, minx / self.unit, 0.0,
                              -1 / (k * self.unit), maxy / self.unit)
        flip = np.array([[k, 0.0, -minx * k], [0.0, -k, maxy * k], [0.0, 0.0, 1.0]])

        def place(geometry: BaseGeometry) -> BaseGeometry:
            placed = affine(geometry, flip, self.budget)
            # the flip's rounding can put a vertex exactly on an edge it was 1e-69 off,
            # and the area's ring then touches itself (found by make fuzz)
            return placed if placed.is_valid else shapely.make_valid(placed)

        items = []
        for text, outline, cap, hex_, turn in legends:
            placed = place(outline)
            items.append(LegendItem(text, placed, placed, cap * k, classify(hex_).family,
                                    outlined=False, hex=hex_, turn=turn))
        features = {name: place(parts[0] if len(parts) == 1 else shapely.union_all(parts))
                    for name, parts in self.features.items()}
        return artwork((maxx - minx) * k, (maxy - miny) * k,
                       [(hex_, place(g)) for hex_, g in painted], items, features, meta)

    def _painted(self, meta: dict[str, object]) -> tuple[list[tuple[str, BaseGeometry]], bool]:
        """What paints, in paint order, and whether it was read as a line drawing."""
        if self.filled:
            return self._as_filled(), False
        outlines = list(self.outlines)
        for (layer, hex_), pieces in self.pieces.items():
            rings, left = join_pieces(pieces, self.budget)
            if rings:
                outlines.append(Outline(layer, hex_, tuple(rings)))
            if left:
                self.ignored[_UNJOINED] += left
        beside = [g for _, g, _, _, _, _ in self.legends] + [g for _, g in self.fills]
        drawing = line_drawing(outlines, beside, self.budget)
        self.ignored.update(drawing.ignored)
        if drawing.painted:
            meta["paint_basis"] = drawing.basis
        return drawing.painted + self.fills, True

    def _as_filled(self) -> list[tuple[str, BaseGeometry]]:
        """A drawing of fills: the fills as drawn, on the white sheet of the trim."""
        trim = [ring for o in self.outlines if layer_role(o.layer) == SHEET for ring in o.rings]
        self.ignored.update({_UNFILLED: sum(len(o.rings) for o in self.outlines) - len(trim),
                             _HAIRLINE: sum(len(p) for p in self.pieces.values())})
        self.ignored = +self.ignored  # without the zero counts
        if not trim:
            return list(self.fills)
        return [(PALETTE["white"], shells(trim))] + self.fills

    def _nothing(self) -> str:
        """Why a drawing gives nothing to judge, naming what it does draw."""
        if not self.ignored and self.not_printed:
            hidden = ", ".join(_counted(what, n) for what, n in self.not_printed.most_common(4))
            return f"{self.name}: nothing in the DXF prints ({hidden})"
        if not self.ignored:
            return (f"{self.name}: the DXF draws nothing wsmark reads (no filled areas, "
                    "outlines or text)")
        drawn = ", ".join(_counted(what, n) for what, n in self.ignored.most_common(4))
        return f"{self.name}: draws {drawn}, which wsmark does not read"


# --------------------------------------------------------------------------- text boxes

#: Advance widths of a plain sans (Helvetica's, per 1000 units of its em) over its cap
#: height (718): CAD's default text fonts are near it, and DXF text height is the cap
#: height. Characters not listed take the width of a digit.
_ADVANCE = {**dict(zip("ABCDEFGHIJKLMNOPQRSTUVWXYZ", (
    667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778,
    722, 667, 611, 722, 667, 944, 667, 667, 611), strict=True)),
    **dict(zip("abcdefghijklmnopqrstuvwxyz", (
        556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556,
        333, 500, 278, 556, 500, 722, 500, 500, 500), strict=True)),
    " ": 278, ".": 278, ",": 278, "-": 333, "/": 278, ":": 278, "'": 191, '"': 355, "(": 333,
    ")": 333, "&": 667, "%": 889, "+": 584, "!": 278, "?": 556, "#": 556}
_DIGIT, _CAP = 556, 718
#: Below the baseline, as a share of the cap height (where "bottom" alignment sits).
_DESCENT = 0.29
#: AutoCAD's MTEXT line spacing at factor 1: 5/3 of the text height.
_LINE_SPACING = 5 / 3


def _advance(text: str) -> float:
    """How wide ``text`` sets, in cap heights."""
    return sum(_ADVANCE.get(char, _DIGIT) for char in text) / _CAP


def _text_box(entity: Entity, text: str, height: float) -> BaseGeometry:
    """A TEXT's or ATTRIB's letters as a box from its baseline to its cap height, placed
    by its alignment (left, centre, right, aligned/fit between its two points, middle;
    baseline, bottom, middle, top), mirrored by its generation flags, and turned by its
    rotation, in its own coordinates (_plan_of_ocs takes them to the drawing's)."""
    dxf = entity.dxf
    halign, valign = int(dxf.get("halign", 0) or 0), int(dxf.get("valign", 0) or 0)
    insert = dxf.insert
    anchor = dxf.get("align_point") if (halign or valign) else None
    anchor = insert if anchor is None else anchor
    angle = _text_angle(entity)
    width = _advance(text) * height * float(dxf.get("width", 1.0) or 1.0)
    if halign in (3, 5):  # aligned or fit: the letters span the two points
        width = math.hypot(anchor.x - insert.x, anchor.y - insert.y) or width
        anchor = insert
        x0, base = 0.0, 0.0
    else:
        x0 = -width * {1: 0.5, 2: 1.0, 4: 0.5}.get(halign, 0.0)
        base = -0.5 * height if halign == 4 else \
            {1: _DESCENT * height, 2: -0.5 * height, 3: -height}.get(valign, 0.0)
    local = box(x0, base, x0 + width, base + height)
    # generation flags (group 71) mirror the letters about their alignment point; aligned
    # or fit text about the middle of its two points (as ezdxf's text_transformation_matrix)
    flags = _generation_flags(entity)
    local = affinity.scale(local, -1 if flags & _BACKWARD else 1, -1 if flags & _UPSIDE_DOWN
                           else 1, origin=(width / 2 if halign in (3, 5) else 0.0, 0.0))
    return affinity.translate(affinity.rotate(local, angle, origin=(0, 0)), anchor.x, anchor.y)


def _plan_of_ocs(entity: Entity) -> np.ndarray:
    """A TEXT's or ATTRIB's own coordinates (its insert, alignment point and rotation are
    in its object coordinate system, DXF reference: the arbitrary axis algorithm on its
    extrusion) to the drawing's, seen from above: a 2D affine matrix, the identity when
    its extrusion is +Z. A text whose extrusion is -Z is seen from behind: mirrored.
    MTEXT's insert and direction are in world coordinates already."""
    if entity.dxftype() == "MTEXT":
        return np.eye(3)
    ocs = entity.ocs()
    if not ocs.transform:
        return np.eye(3)
    ux, uy, uz = ocs.ux, ocs.uy, ocs.uz
    z = float(entity.dxf.insert.z)  # the text's elevation, along its extrusion
    return np.array([[ux.x, uy.x, z * uz.x], [ux.y, uy.y, z * uz.y], [0.0, 0.0, 1.0]])


def _generation_flags(entity: Entity) -> int:
    """A TEXT's or ATTRIB's generation flags (group 71, DXF reference); MTEXT's group 71
    is its attachment point, not these: 0."""
    if entity.dxftype() == "MTEXT":
        return 0
    return int(entity.dxf.get("text_generation_flag", 0) or 0)


#: TEXT generation flags (group 71): set backward, and upside down.
_BACKWARD, _UPSIDE_DOWN = 2, 4


def _text_angle(entity: Entity) -> float:
    """A TEXT's, ATTRIB's or MTEXT's baseline angle (deg counter-clockwise, y up): its
    rotation, or for TEXT aligned or fit between two points, the line through them."""
    if entity.dxftype() == "MTEXT":
        return float(entity.get_rotation() or 0.0)
    dxf = entity.dxf
    if int(dxf.get("halign", 0) or 0) in (3, 5):
        anchor = dxf.get("align_point") or dxf.insert
        return math.degrees(math.atan2(anchor.y - dxf.insert.y, anchor.x - dxf.insert.x))
    return float(dxf.get("rotation", 0.0) or 0.0)


def _page_turn(matrix: np.ndarray, angle: float, flags: int = 0) -> float | None:
    """LegendItem.turn of a text at ``angle`` placed by ``matrix`` (drawing units, y
    up): its baseline and its letters' up on the page, where y runs down. ``flags``
    are a TEXT's or ATTRIB's generation flags (group 71, DXF reference): 2 sets it
    backward (mirrored in X: its baseline reversed), 4 upside down (mirrored in Y: its
    up reversed); both together are a half turn."""
    a = math.radians(angle)
    baseline = np.array((math.cos(a), math.sin(a))) * (-1 if flags & _BACKWARD else 1)
    up = np.array((-math.sin(a), math.cos(a))) * (-1 if flags & _UPSIDE_DOWN else 1)
    (bx, by), (ux, uy) = matrix[:2, :2] @ baseline, matrix[:2, :2] @ up
    return baseline_turn((bx, -by), (ux, -uy))


def _mtext_lines(entity: Entity, height: float) -> list[tuple[str, BaseGeometry]]:
    """An MTEXT's lines, each as a box placed by the attachment point (top, middle or
    bottom; left, centre or right) with AutoCAD's line spacing, in drawing units."""
    lines = [" ".join(line.split()) for line in entity.plain_text(split=True)]
    if not any(lines):
        return []
    point = int(entity.dxf.get("attachment_point", 1) or 1)
    row, column = divmod(min(max(point, 1), 9) - 1, 3)
    step = _LINE_SPACING * height * float(entity.dxf.get("line_spacing_factor", 1.0) or 1.0)
    block = height + step * (len(lines) - 1)
    first = {0: -height, 1: block / 2 - height}.get(row, step * (len(lines) - 1))
    insert, angle = entity.dxf.insert, _text_angle(entity)
    out: list[tuple[str, BaseGeometry]] = []
    for number, text in enumerate(lines):
        if not text:
            continue
        width = _advance(text) * height
        x0, base = -width * column / 2, first - number * step
        local = box(x0, base, x0 + width, base + height)
        out.append((text, affinity.translate(affinity.rotate(local, angle, origin=(0, 0)),
                                             insert.x, insert.y)))
    return out


# --------------------------------------------------------------------------- helpers

def _exploded(entity: Entity, kind: str) -> Entity | None:
    """The entities a dimension, leader or multiline is drawn with (None: not known)."""
    if kind.endswith("DIMENSION"):
        return entity.get_geometry_block()
    explode = getattr(entity, "virtual_entities", None)
    return list(explode()) if explode is not None else None


def _film_hex(hex_: str, layer: str) -> str:
    """In a line drawing a layer named for a film gives its color to what it holds."""
    film = layer_film(layer)
    return hex_ if film is None or classify(hex_).family == film else PALETTE[film]


def _width(entity: Entity, kind: str) -> float:
    """A polyline's constant width (drawing units), 0 for a hairline."""
    key = {"LWPOLYLINE": "const_width", "POLYLINE": "default_start_width"}.get(kind)
    return float(entity.dxf.get(key, 0.0) or 0.0) if key else 0.0


def _counted(what: str, n: int) -> str:
    """'a polygon mesh (POLYMESH)', '3 x polygon mesh (POLYMESH)'."""
    if n > 1:
        return f"{n} x {what}"
    return f"{'an' if what[:1].lower() in 'aeio' else 'a'} {what}"


def _matrix(m44: Matrix44) -> np.ndarray:
    """ezdxf's Matrix44 (row vectors) as a 3 x 3 column-vector affine of x and y."""
    rows = list(m44.rows())
    return np.array([[rows[0][0], rows[1][0], rows[3][0]],
                     [rows[0][1], rows[1][1], rows[3][1]], [0.0, 0.0, 1.0]])


def _ops(path: Path) -> list[tuple]:
    """An ezdxf Path (one subpath) as ops of ``markers.read.outlines``."""
    from ezdxf.path.commands import Curve3To, Curve4To, LineTo

    start = path.start
    ops: list[tuple] = [("M", start.x, start.y)]
    for command in path.commands():
        end = command.end
        if isinstance(command, LineTo):
            ops.append(("L", end.x, end.y))
        elif isinstance(command, Curve3To):
            ops.append(("Q", command.ctrl.x, command.ctrl.y, end.x, end.y))
        elif isinstance(command, Curve4To):
            ops.append(("C", command.ctrl1.x, command.ctrl1.y, command.ctrl2.x,
                        command.ctrl2.y, end.x, end.y))
        else:
            ops.append(("M", end.x, end.y))
    if path.is_closed:
        ops.append(("Z",))
    return ops


def _feature_of(layer: str) -> str | None:
    name = "-".join(layer.strip().lower().replace("_", " ").split())
    return name if name in FEATURE_NAMES else None
