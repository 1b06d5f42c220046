"""Read a shop's DXF (cutting software, CAD) into an Artwork, in inches, y down.

ezdxf parses the file; ``ezdxf.recover`` reads damaged ones (and binary DXF) as AutoCAD's
RECOVER does. Units come from ``$INSUNITS`` (inches, feet, mm, cm, m); a unitless drawing
needs ``scale`` (inches per drawing unit) or ``display_height``.

What paints: solid HATCH fills (boundary paths, islands by parity), SOLID and TRACE, and
closed outlines (LWPOLYLINE and POLYLINE with bulges, CIRCLE, full ELLIPSE, closed SPLINE):
a cut file draws each color's pieces as closed outlines, holes as inner outlines, so
consecutive closed outlines of one color on one layer fill together by parity. Open
polylines with a width are strokes; lines without a width (LINE, ARC, open polylines)
are hairlines and paint nothing. INSERTs expand their blocks with their transforms
(MINSERT grids too), DIMENSIONs their drawn block. TEXT, MTEXT and ATTRIB become
LegendItems (string and an estimated box, ``outlined=False``); text exploded to outlines
is read as outlines. Colors: true color, else ACI (7 is black on white paper), through
BYLAYER and BYBLOCK. A layer named like a feature (``display-area``, ``waterline``,
``panel``, ``reflector``) gives that feature; display-area and waterline are guides, not
paint. A ``design: {...}`` line in the custom property ``design`` declares the design.

Untrusted input: file size, entities drawn (after INSERT expansion), INSERT depth,
flattened vertices and time are bounded as for SVG (``markers.read.limits``).
"""

from __future__ import annotations

import io
import logging
import re
from collections import Counter

import numpy as np
import shapely
from shapely import affinity
from shapely.geometry import LineString, box
from shapely.geometry.base import BaseGeometry

from markers.core.artwork import Artwork, LegendItem
from markers.core.colors import classify
from markers.errors import UnreadableDrawing
from markers.read.svg.declared import declared_in_text
from markers.read.limits import (
    DXF_MAX_ENTITIES, DXF_MAX_INSERT_DEPTH, FLATTEN_TOL_IN, Budget,
)
from markers.read.paint import artwork, guarded_read, pen, to_hex
from markers.read.outlines import affine, apply, fill_area, flatten, stroke_area
from markers.core.artwork import FEATURE_NAMES

__all__ = ["read_dxf_bytes", "INCHES_PER_UNIT"]

#: $INSUNITS code -> inches per drawing unit (name, factor).
INCHES_PER_UNIT = {1: ("in", 1.0), 2: ("ft", 12.0), 4: ("mm", 1 / 25.4), 5: ("cm", 1 / 2.54),
                   6: ("m", 1000 / 25.4)}
_GUIDES = frozenset({"display-area", "waterline"})  # features that are not paint
_CLOSED_KINDS = frozenset({"LWPOLYLINE", "POLYLINE", "CIRCLE", "ELLIPSE", "SPLINE"})
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

    quiet = logging.getLogger("ezdxf")  # what it repairs is its business, not the user's
    quiet.propagate = False
    if not quiet.handlers:
        quiet.addHandler(logging.NullHandler())

    budget = Budget(name)
    try:
        doc = _document(data)
    except DXFError as err:
        raise UnreadableDrawing(f"{name}: not a readable DXF ({' '.join(str(err).split())[:160]})") \
            from None
    budget.tick()
    code = int(doc.header.get("$INSUNITS", 0) or 0)
    meta: dict[str, object] = {"source": name, "format": "dxf"}
    if scale is not None:
        unit_in = scale
        meta.update({"units": "user", "scale_basis": "scale"})
    elif code in INCHES_PER_UNIT:
        unit, unit_in = INCHES_PER_UNIT[code]
        meta.update({"units": unit, "scale_basis": "physical"})
    elif display_height is not None:
        unit_in = 1.0  # rescaled below, once the drawing's height is known
        meta.update({"units": "user", "scale_basis": "display-height",
                     "display_height_in": display_height,
                     "display_height_from": "drawing height"})
    else:
        raise UnreadableDrawing(f"{name}: the DXF has no usable units ($INSUNITS = {code}); give "
                          "--scale (inches per drawing unit) or --display-height")
    if "design" in doc.header.custom_vars:
        meta.update(declared_in_text(str(doc.header.custom_vars.get("design") or "")))
    reader = _Reader(doc, name, budget, unit_in)
    reader.walk(doc.modelspace(), np.diag([unit_in, unit_in, 1.0]), None, depth=0)
    reader.flush()
    return reader.artwork(meta, display_height if meta["scale_basis"] == "display-height"
                          else None)


def _document(data: bytes) -> object:
    """The parsed drawing: the fast text parser first, ``ezdxf.recover`` (several times
    slower) for binary DXF and for files the fast one finds damaged."""
    import ezdxf
    from ezdxf import recover
    from ezdxf.lldxf.const import DXFError

    version = _ACADVER.search(data[:65536])
    if not data.startswith(b"AutoCAD Binary DXF"):
        encoding = "utf-8" if version and version[1] >= b"AC1021" else "cp1252"
        try:
            return ezdxf.read(io.StringIO(data.decode(encoding, errors="replace")))
        except (DXFError, ValueError, KeyError, IndexError, TypeError, AttributeError):
            pass
    return recover.read(io.BytesIO(data))[0]


class _Reader:
    """Walks entities (and the blocks INSERTs bring in) in drawing order."""

    def __init__(self, doc: object, name: str, budget: Budget, unit_in: float) -> None:
        self.doc, self.name, self.budget = doc, name, budget
        self.unit = unit_in
        self.entities = 0
        self.painted: list[tuple[str, BaseGeometry]] = []  # y up, inches, until artwork()
        self.legends: list[tuple[str, BaseGeometry, float, str]] = []
        self.features: dict[str, list[BaseGeometry]] = {}
        self.ignored: Counter[str] = Counter()
        self.group: tuple[str, str] | None = None  # (layer, hex) of the pending outlines
        self.rings: list[np.ndarray] = []

    # ----- walking

    def walk(self, entities: object, matrix: np.ndarray, block: tuple[str, str] | None,
             depth: int) -> None:
        """``matrix``: drawing units of these entities -> inches (y up); ``block``: the
        (layer, hex) of the INSERT whose block they are (for layer 0 and BYBLOCK)."""
        for entity in entities:
            self.entities += 1
            if self.entities > DXF_MAX_ENTITIES:
                raise UnreadableDrawing(f"{self.name}: too complex (more than {DXF_MAX_ENTITIES:,} "
                                  "entities after expanding blocks)")
            self.budget.tick()
            kind = entity.dxftype()
            layer = self._layer(entity, block)
            if not self._visible(entity, layer):
                continue
            if kind == "INSERT":
                self._insert(entity, matrix, block, depth)
            elif kind == "DIMENSION":
                drawn = entity.get_geometry_block()
                if drawn is not None:
                    self.walk(drawn, matrix, block, depth + 1)
            elif kind in ("TEXT", "MTEXT", "ATTRIB"):
                self._text(entity, matrix, layer, block)
            elif kind == "HATCH" or kind in ("SOLID", "TRACE") or kind in _CLOSED_KINDS:
                self._shape(entity, kind, matrix, layer, block)
            elif kind in ("LINE", "ARC", "POINT"):
                self.ignored["line without width (hairline, not painted)"] += 1
            else:
                self.ignored[f"{kind} entity"] += 1

    def _insert(self, insert: object, matrix: np.ndarray, block: tuple[str, str] | None,
                depth: int) -> None:
        if depth >= DXF_MAX_INSERT_DEPTH:
            raise UnreadableDrawing(f"{self.name}: blocks nested deeper than {DXF_MAX_INSERT_DEPTH}")
        for single in insert.multi_insert():
            entities = self.doc.blocks.get(single.dxf.name)
            if entities is None:
                continue
            layer = self._layer(single, block)
            inner = matrix @ _matrix(single.matrix44())
            self.walk(entities, inner, (layer, self._hex(single, layer, block)), depth + 1)
            for attrib in single.attribs:
                self._text(attrib, matrix, self._layer(attrib, block), block)

    def _layer(self, entity: object, block: tuple[str, str] | None) -> str:
        layer = entity.dxf.get("layer", "0")
        return block[0] if layer == "0" and block is not None else layer

    def _visible(self, entity: object, layer: str) -> bool:
        if entity.dxf.get("invisible", 0):
            return False
        record = self.doc.layers.get(layer) if layer in self.doc.layers else None
        return record is None or (record.is_on() and not record.is_frozen())

    def _hex(self, entity: object, layer: str, block: tuple[str, str] | None) -> str:
        """The entity's color as sRGB hex through true color, BYBLOCK and BYLAYER."""
        from ezdxf.colors import aci2rgb

        if entity.dxf.hasattr("true_color"):
            return to_hex(*entity.rgb)
        aci = entity.dxf.get("color", 256)
        if aci == 0 and block is not None:  # BYBLOCK: the color of the INSERT
            return block[1]
        if aci in (0, 256):  # BYLAYER (BYBLOCK outside a block counts as BYLAYER)
            record = self.doc.layers.get(layer) if layer in self.doc.layers else None
            if record is None:
                return to_hex(0, 0, 0)
            if record.dxf.hasattr("true_color"):
                return to_hex(*record.rgb)
            aci = abs(record.dxf.get("color", 7))
        return to_hex(*(_WHITE_PAPER.get(aci) or aci2rgb(aci)))

    # ----- painted things

    def _shape(self, entity: object, kind: str, matrix: np.ndarray, layer: str,
               block: tuple[str, str] | None) -> None:
        from ezdxf import path as dxfpath

        hex_ = self._hex(entity, layer, block)
        feature = _feature(layer)
        if kind == "HATCH":
            if not entity.dxf.get("solid_fill", 0):
                self.ignored["pattern hatch (not a solid fill)"] += 1
                return
            paths = list(dxfpath.from_hatch(entity))
        else:
            paths = [dxfpath.make_path(entity, segments=_SEGMENTS)]
        subpaths = [sub for p in paths for sub in p.sub_paths()]
        local = [(points, closed) for sub in subpaths
                 for points, closed in flatten(_ops(sub), matrix[:2, :2], FLATTEN_TOL_IN,
                                               self.budget)]
        if not local:
            return
        closed = kind in ("HATCH", "SOLID", "TRACE") or all(
            sub.is_closed or sub.start.isclose(sub.end) for sub in subpaths)
        if closed:
            rings = [apply(points, matrix, self.budget) for points, _ in local]
            if feature:
                area = fill_area(rings, True, self.budget)
                self.features.setdefault(feature, []).append(area)
                if feature in _GUIDES:
                    return
            if kind in _CLOSED_KINDS:  # a cut outline: fills with its neighbours by parity
                if self.group != (layer, hex_):
                    self.flush()
                    self.group = (layer, hex_)
                self.rings += rings
                return
            self.flush()
            self.painted.append((hex_, fill_area(rings, True, self.budget)))
            return
        width = float(entity.dxf.get("const_width", 0.0) or 0.0) if kind == "LWPOLYLINE" else 0.0
        if feature == "waterline":
            line = LineString(apply(local[0][0], matrix, self.budget))
            self.features.setdefault(feature, []).append(line)
            return
        if width <= 0:
            self.ignored["open outline without width (hairline, not painted)"] += 1
            return
        self.flush()
        stretch = float(np.linalg.norm(matrix[:2, :2], 2))
        drawn = pen(width / 2, stretch, "flat", "miter", 4.0, FLATTEN_TOL_IN, self.budget)
        area = affine(stroke_area(local, drawn, self.budget), matrix, self.budget)
        self.painted.append((hex_, area))

    def flush(self) -> None:
        """Fill the pending run of closed outlines (one color, one layer) by parity."""
        if self.rings and self.group is not None:
            area = fill_area(self.rings, True, self.budget)
            if not area.is_empty:
                self.painted.append((self.group[1], area))
        self.rings, self.group = [], None

    def _text(self, entity: object, matrix: np.ndarray, layer: str,
              block: tuple[str, str] | None) -> None:
        """TEXT, MTEXT, ATTRIB as a LegendItem; the box is estimated from the height
        (DXF text height is the cap height) as for SVG text: no font is loaded."""
        text = " ".join(entity.plain_text().split()) if hasattr(entity, "plain_text") else ""
        if not text:
            return
        mtext = entity.dxftype() == "MTEXT"
        height = float(entity.dxf.get("char_height" if mtext else "height", 0.0) or 0.0)
        if not 0 < height < 1e9:
            return
        width = 0.6 / 0.7 * height * len(text) * float(entity.dxf.get("width", 1.0) or 1.0
                                                         if not mtext else 1.0)
        x, y = entity.dxf.insert.x, entity.dxf.insert.y
        top = -height if mtext else 0.0  # MTEXT hangs from its insert point (top left)
        local = box(0.0, top, width, top + height)
        angle = float(entity.dxf.get("rotation", 0.0) or 0.0)
        placed = affinity.translate(affinity.rotate(local, angle, origin=(0, 0)), x, y)
        outline = affine(placed, matrix, self.budget).envelope
        up = float(np.linalg.norm(matrix[:2, :2] @ np.array([0.0, 1.0])))
        self.legends.append((text, outline, height * up, self._hex(entity, layer, block)))

    # ----- result

    def artwork(self, meta: dict[str, object], display_height: float | None) -> Artwork:
        parts = [g for _, g in self.painted] + [g for _, g, _, _ in self.legends]
        parts += [g for items in self.features.values() for g in items]
        if not parts:
            raise UnreadableDrawing(f"{self.name}: the DXF draws nothing wsmark reads (no filled "
                              "areas, closed outlines or text)")
        minx, miny, maxx, maxy = shapely.total_bounds(parts)
        k = 1.0
        if display_height is not None:
            if maxy <= miny:
                raise UnreadableDrawing(f"{self.name}: the drawing has no height")
            k = display_height / (maxy - miny)
        meta["user_unit_in"] = self.unit * k
        flip = np.array([[k, 0.0, -minx * k], [0.0, -k, maxy * k], [0.0, 0.0, 1.0]])

        def place(geometry: BaseGeometry) -> BaseGeometry:
            return affine(geometry, flip, self.budget)

        painted = [(hex_, place(g)) for hex_, g in self.painted]
        legends = []
        for text, outline, cap, hex_ in self.legends:
            placed = place(outline)
            legends.append(LegendItem(text, placed, placed, cap * k, classify(hex_).family,
                                      outlined=False, hex=hex_))
        features = {name: place(items[0] if len(items) == 1 else shapely.union_all(items))
                    for name, items in self.features.items()}
        if self.ignored:
            meta["ignored"] = dict(self.ignored)
        return artwork((maxx - minx) * k, (maxy - miny) * k, painted, legends, features, meta)


def _matrix(m44: object) -> np.ndarray:
    """ezdxf's Matrix44 (row vectors) as a 3 x 3 column-vector affine of x and y."""
    rows = list(m44.rows())
    return np.array([[rows[0][0], rows[1][0], rows[3][0]],
                     [rows[0][1], rows[1][1], rows[3][1]], [0.0, 0.0, 1.0]])


def _ops(path: object) -> list[tuple]:
    """An ezdxf Path (one subpath) as ops of ``markers.read.outlines``."""
    from ezdxf.path import Command

    start = path.start
    ops: list[tuple] = [("M", start.x, start.y)]
    for command in path.commands():
        end = command.end
        if command.type == Command.LINE_TO:
            ops.append(("L", end.x, end.y))
        elif command.type == Command.CURVE3_TO:
            ops.append(("Q", command.ctrl.x, command.ctrl.y, end.x, end.y))
        elif command.type == Command.CURVE4_TO:
            ops.append(("C", command.ctrl1.x, command.ctrl1.y, command.ctrl2.x,
                        command.ctrl2.y, end.x, end.y))
        else:
            ops.append(("M", end.x, end.y))
    if path.is_closed:
        ops.append(("Z",))
    return ops


def _feature(layer: str) -> str | None:
    name = "-".join(layer.strip().lower().replace("_", " ").split())
    return name if name in FEATURE_NAMES else None
