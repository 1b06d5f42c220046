"""Read a vendor's PDF proof (Illustrator, CorelDRAW, FlexiSIGN, Inkscape, cairo, reportlab;
``.ai`` files saved with PDF content) into one Artwork per page.

Why PDFium (pypdfium2): it is the engine Chrome runs on hostile PDFs, and its page objects
give what a checker needs: path segments, fill and stroke colors, fill rule, line width,
caps and joins, the transform of every object, form XObjects and clip paths.
bench/pdf_bench.py measures it against pdfminer.six (speed and colors).

Units: PDF user space is 1/72 in, y up; pages come out in inches, y down, origin at the
top-left of the crop box, turned by the page's /Rotate. ``scale`` (inches per PDF unit)
replaces 1/72 for a drawing made at a stated scale; ``display_height`` scales each page
to be that tall.

Colors: PDFium converts every paint to sRGB itself: ICCBased colors through the
embedded profile with lcms2, DeviceCMYK with Adobe's CMYK-to-sRGB table (the conversion
Acrobat shows), DeviceGray and DeviceRGB directly; its API does not give the original
components, so that conversion is the one used, and ``meta['color_management']`` says so.

Untrusted input: the file size is capped, every Flate stream is inflated first under a
total cap (a Flate or object-stream bomb is refused before PDFium expands it), objects,
form depth, pages, text characters and flattened vertices are counted, and the time
budget is checked between objects. Images and shadings are never decoded (counted in
``meta['ignored']``), so an image bomb (JBIG2, Flate) costs nothing.

Not supported: dashes (strokes drawn solid), patterns and shadings (ignored), soft masks,
partial opacity (counts as painted). Clip paths are applied with the non-zero rule
(PDFium does not say which rule a clip used).

Text: a text object gives its string and its glyphs' outlines, read from its font
(FPDFFont_GetGlyphPath, in em units, placed by each character's origin and matrix from
the text page), as a LegendItem with exact outlines that are not paint (``painted=False``):
the measurer reads them as lettering (cap height, stroke, OCR). A character whose glyph
the font cannot give (a Type 3 font, no Unicode mapping) leaves the object read as its
string and an estimated box (``outlined=False``, like SVG ``<text>``). Text already
converted to outlines is read as outlines.
"""

from __future__ import annotations

import ctypes
import math
import re
import zlib
from collections import Counter

import numpy as np
import shapely
from shapely.geometry import box
from shapely.geometry.base import BaseGeometry

from markers.core.artwork import Artwork, LegendItem
from markers.core.colors import classify
from markers.errors import UnreadableDrawing
from markers.read.svg.declared import declared_in_text
from markers.read.limits import (
    FLATTEN_TOL_IN, MAX_FILE_BYTES, PDF_MAX_CHARS, PDF_MAX_FORM_DEPTH, PDF_MAX_INFLATED_BYTES,
    PDF_MAX_OBJECTS, PDF_MAX_PAGES, Budget,
)
from markers.read.paint import artwork, guarded_read, pen, to_hex
from markers.read.outlines import affine, apply, fill_area, flatten, stroke_area

__all__ = ["read_pdf_bytes", "COLOR_MANAGEMENT"]

#: How paints became sRGB (see the module docstring).
COLOR_MANAGEMENT = "pdfium: ICCBased via the embedded profile (lcms2), DeviceCMYK via " \
                   "Adobe's CMYK-to-sRGB table"
POINT_IN = 1 / 72
_STREAM = re.compile(rb"stream\r?\n")
_INFLATE_STEP = 16 * 1024 * 1024
_CAPS = {1: "round", 2: "square"}
_JOINS = {1: "round", 2: "bevel"}
_MITER_LIMIT = 10.0  # the PDF default; PDFium does not report a page's own limit
_GENERATOR = re.compile(r"(Adobe Illustrator|CorelDRAW|FlexiSIGN|SignLab|Inkscape|cairo|"
                        r"ReportLab|Affinity|Acrobat)[^,;()]*", re.I)


def read_pdf_bytes(data: bytes, name: str, *, scale: float | None = None,
                   display_height: float | None = None) -> list[Artwork]:
    """Read PDF ``data``; ``name`` is used in messages and ``meta['source']``. Raises
    UnreadableDrawing (one line, naming the file) for anything unreadable, hostile or too complex."""
    return guarded_read(_read, "PDF", data, name, scale, display_height)


def _read(data: bytes, name: str, scale: float | None,
          display_height: float | None) -> list[Artwork]:
    import pypdfium2 as pdfium  # ~0.1 s to import: loaded only when a PDF is read

    budget = Budget(name)
    _check_inflation(data, name, budget)
    try:
        doc = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as err:
        reason = str(err).split(":")[-1].strip() or "unreadable"
        if "password" in reason.lower():
            raise UnreadableDrawing(f"{name}: the PDF is encrypted; send it without a password")
        raise UnreadableDrawing(f"{name}: not a readable PDF ({reason})") from None
    try:
        pages = len(doc)
        if pages == 0:
            raise UnreadableDrawing(f"{name}: the PDF has no pages")
        if pages > PDF_MAX_PAGES:
            raise UnreadableDrawing(f"{name}: the PDF has {pages:,} pages; the limit is "
                              f"{PDF_MAX_PAGES}")
        meta = _doc_meta(doc, name)
        reader = _Reader(name, budget)
        return [reader.page(doc, index, pages, scale, display_height, meta)
                for index in range(pages)]
    finally:
        doc.close()


def _check_inflation(data: bytes, name: str, budget: Budget) -> None:
    """Inflate every stream that is Flate data, refusing when all of them together expand
    beyond ``PDF_MAX_INFLATED_BYTES`` (PDFium would expand them in memory)."""
    left = PDF_MAX_INFLATED_BYTES
    for match in _STREAM.finditer(data):
        start = match.end()
        if data[start:start + 1] not in (b"\x78", b"\x08", b"\x18", b"\x28", b"\x38", b"\x48",
                                         b"\x58", b"\x68"):
            continue  # not a zlib header: not Flate (or not a stream at all)
        inflater = zlib.decompressobj()
        chunk = data[start:start + MAX_FILE_BYTES]
        try:
            while chunk and left >= 0:
                budget.tick()
                left -= len(inflater.decompress(chunk, _INFLATE_STEP))
                chunk = inflater.unconsumed_tail
        except zlib.error:
            continue  # the rest is not Flate; PDFium will judge it
        if left < 0:
            raise UnreadableDrawing(f"{name}: compressed streams expand beyond "
                              f"{PDF_MAX_INFLATED_BYTES // 2**20} MB (a decompression bomb?)")


def _doc_meta(doc: object, name: str) -> dict[str, object]:
    info = doc.get_metadata_dict(skip_empty=True)
    meta: dict[str, object] = {"source": name, "format": "pdf",
                               "color_management": COLOR_MANAGEMENT}
    for key in ("Creator", "Producer"):
        match = _GENERATOR.search(info.get(key, ""))
        if match:
            meta["generator"] = " ".join(match[0].split())
            break
    for key in ("Subject", "Keywords"):
        meta.update(declared_in_text(info.get(key, "")))
    return meta


def _page_matrix(page: object, k: float) -> tuple[np.ndarray, float, float]:
    """PDF user space -> inches y down on the turned page, and the page's size in inches."""
    x0, y0, x1, y1 = page.get_cropbox()
    w, h = (x1 - x0) * k, (y1 - y0) * k
    rotation = page.get_rotation() % 360
    # unturned y-down inches: p = (x - x0) k, q = (y1 - y) k
    base = np.array([[k, 0.0, -x0 * k], [0.0, -k, y1 * k], [0.0, 0.0, 1.0]])
    turn = {0: np.eye(3),
            90: np.array([[0.0, -1.0, h], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]]),
            180: np.array([[-1.0, 0.0, w], [0.0, -1.0, h], [0.0, 0.0, 1.0]]),
            270: np.array([[0.0, 1.0, 0.0], [-1.0, 0.0, w], [0.0, 0.0, 1.0]])}[rotation]
    width, height = (h, w) if rotation in (90, 270) else (w, h)
    return turn @ base, width, height


class _Reader:
    """Walks PDFium page objects in paint order into painted areas and legends."""

    def __init__(self, name: str, budget: Budget) -> None:
        import pypdfium2.raw as pdfium_c

        self.c = pdfium_c
        self.name, self.budget = name, budget
        self.objects = 0
        self.chars = 0

    def page(self, doc: object, index: int, pages: int, scale: float | None,
             display_height: float | None, doc_meta: dict[str, object]) -> Artwork:
        page = doc[index]
        try:
            return self._page(page, index, pages, scale, display_height, doc_meta)
        finally:
            page.close()

    def _page(self, page: object, index: int, pages: int, scale: float | None,
              display_height: float | None, doc_meta: dict[str, object]) -> Artwork:
        k = POINT_IN if scale is None else scale
        matrix, width, height = _page_matrix(page, k)
        meta = dict(doc_meta)
        meta.update({"page": index + 1, "pages": pages, "units": "pt",
                     "scale_basis": "physical" if scale is None else "scale"})
        if display_height is not None and scale is None:
            if height <= 0:
                raise UnreadableDrawing(f"{self.name}: page {index + 1} has no height")
            k = display_height / height * k
            matrix, width, height = _page_matrix(page, k)
            meta.update({"units": "user", "scale_basis": "display-height",
                         "display_height_in": display_height,
                         "display_height_from": "drawing height"})
        meta["user_unit_in"] = k
        if not (0 < width <= 1e6 and 0 < height <= 1e6):
            raise UnreadableDrawing(f"{self.name}: page {index + 1} size is out of range")
        self.painted: list[tuple[str, BaseGeometry]] = []
        self.legends: list[LegendItem] = []
        self.ignored: Counter[str] = Counter()
        self.clips: dict[bytes, BaseGeometry] = {}
        self.textpage = None
        self.by_object: dict[int, list[int]] | None = None
        self.page_matrix = matrix
        self.page_handle = page
        c = self.c
        try:
            count = c.FPDFPage_CountObjects(page.raw)
            self._count(count)
            self._walk([c.FPDFPage_GetObject(page.raw, i) for i in range(count)], matrix, 0)
        finally:
            if self.textpage is not None:
                self.textpage.close()
        if self.ignored:
            meta["ignored"] = dict(self.ignored)
        return artwork(width, height, self.painted, self.legends, {}, meta)

    def _count(self, more: int) -> None:
        self.objects += more
        if self.objects > PDF_MAX_OBJECTS:
            raise UnreadableDrawing(f"{self.name}: too complex (more than {PDF_MAX_OBJECTS:,} "
                              "page objects)")

    def _walk(self, objects: list, parent: np.ndarray, depth: int) -> None:
        c = self.c
        for obj in objects:
            self.budget.tick()
            kind = c.FPDFPageObj_GetType(obj)
            matrix = parent @ self._matrix(obj)
            if kind == c.FPDF_PAGEOBJ_PATH:
                self._path(obj, matrix, parent)
            elif kind == c.FPDF_PAGEOBJ_FORM:
                if depth >= PDF_MAX_FORM_DEPTH:
                    raise UnreadableDrawing(f"{self.name}: form XObjects nested deeper than "
                                      f"{PDF_MAX_FORM_DEPTH}")
                count = c.FPDFFormObj_CountObjects(obj)
                self._count(max(count, 0))
                self._walk([c.FPDFFormObj_GetObject(obj, i) for i in range(count)], matrix,
                           depth + 1)
            elif kind == c.FPDF_PAGEOBJ_TEXT:
                self._text(obj, matrix, parent)
            elif kind == c.FPDF_PAGEOBJ_IMAGE:
                self.ignored["raster image"] += 1
            elif kind == c.FPDF_PAGEOBJ_SHADING:
                self.ignored["shading (gradient)"] += 1

    def _matrix(self, obj: object) -> np.ndarray:
        m = self.c.FS_MATRIX()
        if not self.c.FPDFPageObj_GetMatrix(obj, m):
            return np.eye(3)
        return np.array([[m.a, m.c, m.e], [m.b, m.d, m.f], [0.0, 0.0, 1.0]])

    def _color(self, obj: object, stroke: bool) -> str | None:
        """The paint as sRGB hex; None when unpainted, transparent or a pattern."""
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        getter = self.c.FPDFPageObj_GetStrokeColor if stroke else self.c.FPDFPageObj_GetFillColor
        if not getter(obj, r, g, b, a):
            self.ignored["pattern paint"] += 1
            return None
        return to_hex(r.value, g.value, b.value) if a.value > 0 else None

    def _segments(self, count: int, get: object) -> list[tuple]:
        """PDFium path segments as ops (see markers.read.outlines) in the object's space."""
        c = self.c
        x, y = ctypes.c_float(), ctypes.c_float()
        ops: list[tuple] = []
        pending: list[float] = []
        for i in range(count):
            segment = get(i)
            c.FPDFPathSegment_GetPoint(segment, x, y)
            kind = c.FPDFPathSegment_GetType(segment)
            if kind == c.FPDF_SEGMENT_MOVETO:
                ops.append(("M", x.value, y.value))
            elif kind == c.FPDF_SEGMENT_BEZIERTO:
                pending += (x.value, y.value)
                if len(pending) == 6:
                    ops.append(("C", *pending))
                    pending = []
            else:
                ops.append(("L", x.value, y.value))
            if c.FPDFPathSegment_GetClose(segment):
                ops.append(("Z",))
        return ops

    def _path(self, obj: object, matrix: np.ndarray, parent: np.ndarray) -> None:
        c = self.c
        fill_mode, stroke = ctypes.c_int(), ctypes.c_int()
        if not c.FPDFPath_GetDrawMode(obj, fill_mode, stroke):
            return
        fill_hex = self._color(obj, False) if fill_mode.value else None
        stroke_hex = self._color(obj, True) if stroke.value else None
        if fill_hex is None and stroke_hex is None:
            return
        count = c.FPDFPath_CountSegments(obj)
        ops = self._segments(count, lambda i: c.FPDFPath_GetPathSegment(obj, i))
        determinant = matrix[0, 0] * matrix[1, 1] - matrix[0, 1] * matrix[1, 0]
        if not ops or determinant == 0:
            return
        local = flatten(ops, matrix[:2, :2], FLATTEN_TOL_IN, self.budget)
        if not local:
            return
        clip = self._clip(obj, parent)
        if fill_hex is not None:
            rings = [apply(points, matrix, self.budget) for points, _ in local]
            evenodd = fill_mode.value == c.FPDF_FILLMODE_ALTERNATE
            self._emit(fill_hex, fill_area(rings, evenodd, self.budget), clip)
        if stroke_hex is not None:
            area = self._stroke(obj, local, matrix)
            if area is not None:
                self._emit(stroke_hex, area, clip)

    def _stroke(self, obj: object, local: list, matrix: np.ndarray) -> BaseGeometry | None:
        c = self.c
        width = ctypes.c_float()
        if not c.FPDFPageObj_GetStrokeWidth(obj, width):
            return None
        stretch = float(np.linalg.norm(matrix[:2, :2], 2))
        half = width.value / 2
        if half <= 0:
            half = 0.5 / 72 / stretch / 4  # a zero-width line is the thinnest the device draws
            self.ignored["hairline stroke (drawn 1/288 in wide)"] += 1
        cap = _CAPS.get(c.FPDFPageObj_GetLineCap(obj), "flat")
        join = {"round": "round", "bevel": "bevel"}.get(
            _JOINS.get(c.FPDFPageObj_GetLineJoin(obj), ""), "miter")
        if c.FPDFPageObj_GetDashCount(obj) > 0:
            self.ignored["dashed stroke (drawn solid)"] += 1
        drawn = pen(half, stretch, cap, join, _MITER_LIMIT, FLATTEN_TOL_IN, self.budget)
        return affine(stroke_area(local, drawn, self.budget), matrix, self.budget)

    def _clip(self, obj: object, parent: np.ndarray) -> BaseGeometry | None:
        """The object's clip (in its parent's space) as an area in inches, memoised."""
        c = self.c
        clip = c.FPDFPageObj_GetClipPath(obj)
        if not clip:
            return None
        paths = c.FPDFClipPath_CountPaths(clip)
        if paths <= 0:
            return None
        areas = []
        for i in range(paths):
            count = c.FPDFClipPath_CountPathSegments(clip, i)
            ops = self._segments(count, lambda j, i=i: c.FPDFClipPath_GetPathSegment(clip, i, j))
            key = repr(ops).encode() + parent.tobytes()
            if key not in self.clips:
                local = flatten(ops, parent[:2, :2], FLATTEN_TOL_IN, self.budget)
                rings = [apply(points, parent, self.budget) for points, _ in local]
                self.clips[key] = fill_area(rings, False, self.budget)
            areas.append(self.clips[key])
        return areas[0] if len(areas) == 1 else shapely.intersection_all(areas)

    def _emit(self, hex_: str, area: BaseGeometry, clip: BaseGeometry | None) -> None:
        if clip is not None:
            area = area.intersection(clip)
        if not area.is_empty and area.area > 0:
            self.painted.append((hex_, area))

    def _text(self, obj: object, matrix: np.ndarray, parent: np.ndarray) -> None:
        """A text object as a LegendItem: its string and an estimated box (like SVG text)."""
        c = self.c
        if c.FPDFTextObj_GetTextRenderMode(obj) in (3, 7):  # invisible (OCR layers), clip
            return
        if self.textpage is None:
            self.textpage = self.page_handle.get_textpage()
        size = c.FPDFTextObj_GetText(obj, self.textpage.raw, None, 0)
        if size <= 2:
            return
        self.chars += size // 2
        if self.chars > PDF_MAX_CHARS:
            raise UnreadableDrawing(f"{self.name}: too much text (more than {PDF_MAX_CHARS:,} "
                              "characters)")
        buffer = ctypes.create_string_buffer(size)
        c.FPDFTextObj_GetText(obj, self.textpage.raw, ctypes.cast(buffer, ctypes.POINTER(
            ctypes.c_ushort)), size)
        text = " ".join(buffer.raw[:size - 2].decode("utf-16-le", "replace").split())
        if not text:
            return
        left, bottom, right, top = (ctypes.c_float() for _ in range(4))
        if not c.FPDFPageObj_GetBounds(obj, left, bottom, right, top):
            return
        outline = affine(box(left.value, bottom.value, right.value, top.value), parent,
                         self.budget).envelope
        font_size = ctypes.c_float()
        c.FPDFTextObj_GetFontSize(obj, font_size)
        up = float(np.linalg.norm(matrix[:2, :2] @ np.array([0.0, 1.0])))
        cap = 0.7 * font_size.value * up
        hex_ = self._color(obj, False) or self._color(obj, True)
        color = classify(hex_).family if hex_ else "black"
        if outline.is_empty or not math.isfinite(cap):
            return
        glyphs = self._glyphs(obj)
        if glyphs is not None and not glyphs.is_empty:
            _, gy0, _, gy1 = glyphs.bounds
            self.legends.append(LegendItem(text, glyphs, glyphs.envelope, gy1 - gy0, color,
                                           hex=hex_, painted=False))
            return
        self.legends.append(LegendItem(text, outline, outline, cap, color, outlined=False,
                                       hex=hex_))

    def _characters(self) -> dict[int, list[int]]:
        """The text page's character indices by the address of their text object (one
        pass over the page's characters, counted against PDF_MAX_CHARS)."""
        if self.by_object is None:
            c = self.c
            count = c.FPDFText_CountChars(self.textpage.raw)
            self.chars += max(count, 0)
            if self.chars > PDF_MAX_CHARS:
                raise UnreadableDrawing(f"{self.name}: too much text (more than "
                                        f"{PDF_MAX_CHARS:,} characters)")
            self.by_object = {}
            for i in range(max(count, 0)):
                owner = ctypes.cast(c.FPDFText_GetTextObject(self.textpage.raw, i),
                                    ctypes.c_void_p).value
                if owner:
                    self.by_object.setdefault(owner, []).append(i)
        return self.by_object

    def _glyphs(self, obj: object) -> BaseGeometry | None:
        """The text object's glyphs as areas in inches: each character's outline from the
        font (em units) scaled by the font size, turned by the character's matrix and
        placed at its origin (page space), then through the page's matrix. None when a
        visible character has no outline the font can give."""
        c = self.c
        font = c.FPDFTextObj_GetFont(obj)
        if not font:
            return None
        indices = self._characters().get(ctypes.cast(obj, ctypes.c_void_p).value, [])
        x, y, m = ctypes.c_double(), ctypes.c_double(), c.FS_MATRIX()
        areas = []
        for i in indices:
            self.budget.tick()
            code = c.FPDFText_GetUnicode(self.textpage.raw, i)
            if code == 0 or chr(code).isspace():
                continue
            size = c.FPDFText_GetFontSize(self.textpage.raw, i)
            path = c.FPDFFont_GetGlyphPath(font, code, 1.0)
            if not path or not c.FPDFText_GetCharOrigin(self.textpage.raw, i, x, y) or \
                    not c.FPDFText_GetMatrix(self.textpage.raw, i, m) or not size > 0:
                return None
            count = c.FPDFGlyphPath_CountGlyphSegments(path)
            if count <= 0:
                continue  # a blank glyph
            ops = self._segments(count, lambda j: c.FPDFGlyphPath_GetGlyphPathSegment(path, j))
            place = self.page_matrix @ np.array([[m.a * size, m.c * size, x.value],
                                                 [m.b * size, m.d * size, y.value],
                                                 [0.0, 0.0, 1.0]])
            local = flatten(ops, place[:2, :2], FLATTEN_TOL_IN, self.budget)
            rings = [apply(points, place, self.budget) for points, _ in local]
            if rings:
                areas.append(fill_area(rings, False, self.budget))
        return shapely.union_all(areas) if areas else None

