"""Read a vendor's PDF proof (Illustrator, CorelDRAW, FlexiSIGN, Inkscape, cairo, reportlab;
``.ai`` files saved with PDF content) into one Artwork per page.

Why PDFium (pypdfium2): it is the engine Chrome runs on hostile PDFs, and its page objects
give what a checker needs: path segments, fill and stroke colors, fill rule, line width,
caps and joins, the transform of every object, form XObjects and clip paths.
bench/pdf_bench.py measures it against pdfminer.six (speed and colors).

Units: PDF user space is 1/72 in, y up; pages come out in inches, y down, origin at the
top-left of the crop box, turned by the page's /Rotate. ``scale`` (inches per PDF unit)
replaces 1/72 for a drawing made at a stated scale. A page always has its physical size,
so ``display_height`` (the display area's height, a fact for the measurer) scales
nothing, as for an SVG of physical size.

Colors: PDFium converts every paint to sRGB itself: ICCBased colors through the
embedded profile with lcms2, DeviceCMYK with Adobe's CMYK-to-sRGB table (the conversion
Acrobat shows), DeviceGray and DeviceRGB directly; its API does not give the original
components, so that conversion is the one used, and ``meta['color_management']`` says so.

Untrusted input: the file size is capped, every Flate stream is inflated first under a
total cap (a Flate or object-stream bomb is refused before PDFium expands it), objects,
form depth, pages, text characters and flattened vertices are counted, and the time
budget is checked between objects. Images and shadings are never decoded (counted in
``meta['ignored']``), so an image bomb (JBIG2, Flate) costs nothing.

Not supported: dashes (strokes drawn solid), patterns and shadings (ignored). Paint that
mixes with what is beneath (a blend mode or soft mask over other paint, one of the two
of a marker's color; a marker's color below full opacity) is read at its own color and
named in ``meta['not_rendered']``, so the marker is a review, not judged as if it could be
rendered. Clip paths are applied with the non-zero rule (PDFium does not say which rule
a clip used).

What prints (markers.read.pdf_print, pdf_annots): content of optional content groups
that do not print, and overprinted white, are taken out before PDFium reads the file
(``meta['not_printed']`` names them); a page's /UserUnit and TrimBox give its size
(``meta['size_basis']``); annotations are listed (``meta['annotations']``), never read
as artwork.

Text (markers.read.pdf_text): a text object is read as lettering, its glyphs as exact
areas that are not paint (``painted=False``), from the font's outlines or, for a Type 3
font (and a character whose outline the font cannot give), traced from PDFium's drawing
of it; its text is what the font's Unicode map says, kept only when it decodes (else
empty, so the OCR reads the glyphs). Text already converted to outlines is read as
outlines.

Scans: images are not read, but where they cover at least ``SCAN_SHARE`` of the page
and no vector paint is of a marker color, the page is a scan (``meta['scan']``): nothing
on it can be measured, and the checker says so (review) instead of finding no marker.

Declarations: a PDF that wsmark writes declares, per page, the display-area box (and
the reflector and permit label) and the design record in its Info dictionary
(markers.core.declared, key ``/WsmarkDeclared``), as an SVG does with its unpainted
``display-area`` element and ``<desc>``; they are read as those are (unpainted
features, the design's declared fields in ``meta``).
The Info dictionary rather than an optional content group: it survives as it is, paints
nothing and needs no page content parsed; the Subject and Keywords of any PDF are also
searched for a ``design:`` line a vendor may write.

Errors: every way PDFium refuses a file is one line in plain words (``_REFUSED``).
"""

from __future__ import annotations

import ctypes
import json
import re
import zlib
from collections import Counter
from functools import partial

import numpy as np
import shapely
from shapely import affinity
from shapely.geometry import MultiPolygon, box
from shapely.geometry.base import BaseGeometry

from markers.core import declared
from markers.core.artwork import Artwork, LegendItem
from markers.core.colors import classify
from markers.core.shapes import polygons
from markers.errors import UnreadableDrawing
from markers.read.limits import (
    FLATTEN_TOL_IN,
    MAX_FILE_BYTES,
    PDF_MAX_CHARS,
    PDF_MAX_FORM_DEPTH,
    PDF_MAX_INFLATED_BYTES,
    PDF_MAX_OBJECTS,
    PDF_MAX_PAGES,
    Budget,
)
from markers.read.outlines import affine, apply, clipped_away, fill_area, flatten, stroke_area
from markers.read.paint import artwork, guarded_read, pen, to_hex
from markers.read.pdf_annots import page_annotations
from markers.read.pdf_print import BLEND_TAG, Printing, as_printed
from markers.read.pdf_text import PageText, Pdfium, segment_ops
from markers.read.svg.declared import declared_in_text

__all__ = ["read_pdf_bytes", "COLOR_MANAGEMENT", "SCAN_SHARE"]

#: How paints became sRGB (see the module docstring).
COLOR_MANAGEMENT = "pdfium: ICCBased via the embedded profile (lcms2), DeviceCMYK via " \
                   "Adobe's CMYK-to-sRGB table"
POINT_IN = 1 / 72
_STREAM = re.compile(rb"stream\r?\n")
_INFLATE_STEP = 16 * 1024 * 1024
_CAPS = {1: "round", 2: "square"}
_JOINS = {1: "round", 2: "bevel"}
_MITER_LIMIT = 10.0  # the PDF default; PDFium does not report a page's own limit
#: Images covering this share of a page, with no vector paint of a marker color, make it
#: a scan.
SCAN_SHARE = 0.5
#: Families that are no marker's color: a scan's frame, notes and title block.
_NOT_MARKER = frozenset({"white", "black", "other"})
#: Paint under a blend mode or soft mask mixes with what is beneath when it overlaps
#: other paint (one of them a marker's color) by at least this much (square inches).
MIX_MIN_AREA = 0.01
_OPAQUE = 255  # PDFium's alpha of a paint at full opacity
#: A TrimBox covering less than this share of the page is the sheet within it.
TRIM_INSIDE = 0.999
#: PDFium's reasons for refusing a document (FPDF_GetLastError), in plain words.
_REFUSED = {2: "not a readable PDF (the file could not be opened)",
            4: "the PDF is encrypted; send it without a password",
            5: "the PDF is encrypted in a way that cannot be opened; send it without a "
               "password",
            6: "not a readable PDF (a page or its content is damaged)"}
_DAMAGED = "not a readable PDF (damaged or not a PDF)"
_GENERATOR = re.compile(r"(Adobe Illustrator|CorelDRAW|FlexiSIGN|SignLab|Inkscape|cairo|"
                        r"ReportLab|Affinity|Acrobat)[^,;()]*", re.I)


def read_pdf_bytes(data: bytes, name: str, *, scale: float | None = None,
                   display_height: float | None = None) -> list[Artwork]:
    """Read PDF ``data``; ``name`` is used in messages and ``meta['source']``. Raises
    UnreadableDrawing (one line, naming the file) for anything unreadable, hostile or too
    complex."""
    return guarded_read(_read, "PDF", data, name, scale, display_height)


def _read(data: bytes, name: str, scale: float | None,
          display_height: float | None) -> list[Artwork]:
    import pypdfium2 as pdfium  # ~0.1 s to import: loaded only when a PDF is read

    budget = Budget(name)
    _check_inflation(data, name, budget)
    printing = as_printed(data, budget)
    try:
        doc = pdfium.PdfDocument(printing.data)
    except pdfium.PdfiumError as err:
        raise UnreadableDrawing(f"{name}: {_REFUSED.get(err.err_code, _DAMAGED)}") from None
    try:
        pages = len(doc)
        if pages == 0:
            raise UnreadableDrawing(f"{name}: the PDF has no pages")
        if pages > PDF_MAX_PAGES:
            raise UnreadableDrawing(f"{name}: the PDF has {pages:,} pages; the limit is "
                              f"{PDF_MAX_PAGES}")
        meta = _doc_meta(doc, name)
        if printing.not_printed:
            meta["not_printed"] = tuple(printing.not_printed)
        pages_declared = _declarations(doc)
        reader = _Reader(name, budget, printing)
        read = [reader.page(doc, index, pages, scale, display_height, meta,
                            pages_declared.get(index + 1)) for index in range(pages)]
        _refuse_placeholder(read, name, data)
        return read
    except pdfium.PdfiumError:  # a page or its text that PDFium cannot load
        raise UnreadableDrawing(f"{name}: {_REFUSED[6]}") from None
    finally:
        doc.close()


#: What Illustrator writes on the page of a file saved without PDF content (English).
_AI_PLACEHOLDER = re.compile(r"saved\s+without\s+PDF\s+Content", re.I)
#: Illustrator's private data (the artwork itself, when there is no PDF content).
_AI_PRIVATE = b"/AIPrivateData"


def _refuse_placeholder(pages: list[Artwork], name: str, data: bytes) -> None:
    """An Illustrator file saved without PDF content is refused in one line: its one
    page is only Illustrator's note saying so (the artwork is in its private data). The
    note is known by its English words, or, in any language, as a page that paints
    nothing but words naming Illustrator in a file that carries Illustrator's data."""
    words = " ".join(" ".join(item.text or "" for item in pages[0].legends).split())
    note = _AI_PLACEHOLDER.search(words) or (
        not pages[0].layers and "Illustrator" in words and _AI_PRIVATE in data)
    if len(pages) == 1 and note:
        raise UnreadableDrawing(
            f"{name}: an Adobe Illustrator file saved without PDF content (its page only "
            "says so); save it again from Illustrator with \"Create PDF Compatible File\" "
            "turned on, or export the proof as PDF")


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


def _doc_meta(doc: Pdfium, name: str) -> dict[str, object]:
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


def _declarations(doc: Pdfium) -> dict[int, declared.PageDeclaration]:
    """What the Info dictionary's ``/WsmarkDeclared`` says of each page (by number)."""
    import pypdfium2.raw as pdfium_c

    key = declared.PDF_KEY.encode("ascii")
    size = pdfium_c.FPDF_GetMetaText(doc.raw, key, None, 0)
    if size <= 2 or size > 2 * declared.MAX_CHARS + 2:
        return {}
    buffer = ctypes.create_string_buffer(size)
    pdfium_c.FPDF_GetMetaText(doc.raw, key, buffer, size)
    return declared.decode(buffer.raw[:size - 2].decode("utf-16-le", "replace"))


def _page_matrix(page: Pdfium, k: float) -> tuple[np.ndarray, float, float]:
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

    def __init__(self, name: str, budget: Budget, printing: Printing) -> None:
        import pypdfium2.raw as pdfium_c

        self.c = pdfium_c
        self.name, self.budget, self.printing = name, budget, printing
        self.alpha = _OPAQUE  # of the paint _color read last
        self.objects = 0
        self.chars = 0

    def page(self, doc: Pdfium, index: int, pages: int, scale: float | None,
             display_height: float | None, doc_meta: dict[str, object],
             said: declared.PageDeclaration | None) -> Artwork:
        """Page ``index`` as an Artwork, with what the file declares of it (``said``)."""
        page = doc[index]
        try:
            return self._page(page, index, pages, scale, display_height, doc_meta, said)
        finally:
            page.close()

    def _page(self, page: Pdfium, index: int, pages: int, scale: float | None,
              display_height: float | None, doc_meta: dict[str, object],
              said: declared.PageDeclaration | None) -> Artwork:
        unit = self.printing.user_units.get(index, 1.0)
        k = POINT_IN * unit if scale is None else scale
        matrix, width, height = _page_matrix(page, k)
        meta = dict(doc_meta)
        meta.update({"page": index + 1, "pages": pages, "units": "pt",
                     "scale_basis": "physical" if scale is None else "scale"})
        basis = []
        if unit != 1.0 and scale is None:
            meta["user_unit"] = unit
            basis.append(f"the page's /UserUnit {unit:g} ({unit:g}/72 in per unit)")
        meta.update(page_annotations(page, matrix, self.budget))
        meta["user_unit_in"] = k
        meta["pdf_matrix"] = tuple(float(v) for v in matrix[:2].ravel())  # to lay it again
        if not (0 < width <= 1e6 and 0 < height <= 1e6):
            raise UnreadableDrawing(f"{self.name}: page {index + 1} size is out of range")
        self.painted: list[tuple[str, BaseGeometry]] = []
        self.legends: list[LegendItem] = []
        self.images: list[BaseGeometry] = []
        self.ignored: Counter[str] = Counter()
        self.clips: dict[bytes, BaseGeometry] = {}
        self.unrendered: list[str] = []
        self.text = PageText(page, matrix, k, self.name, self.budget, self._count_chars)
        c = self.c
        try:
            count = c.FPDFPage_CountObjects(page.raw)
            self._count(count)
            self._walk([c.FPDFPage_GetObject(page.raw, i) for i in range(count)], matrix, 0)
        finally:
            self.text.close()
        trimmed = self._trim(page, matrix, width, height)
        if trimmed is not None:
            basis.append(trimmed)
        if basis:
            meta["size_basis"] = tuple(basis)
        if self.ignored:
            meta["ignored"] = dict(self.ignored)
        unrendered = tuple(dict.fromkeys([*self.printing.unrendered, *self.unrendered]))
        if unrendered:  # anywhere on the page: judged as covering every marker
            meta["not_rendered"] = tuple((what, None) for what in unrendered)
        if self._scanned(box(0, 0, width, height)):
            meta["scan"] = True
        features = {}
        if said is not None:  # page inches at 72 pt to the inch
            meta.update(declared_in_text("design: " + json.dumps(said.design)))
            features = {name: affinity.scale(geometry, k / POINT_IN, k / POINT_IN,
                                             origin=(0, 0))
                        for name, geometry in said.features.items()}
        return artwork(width, height, self.painted, self.legends, features, meta)

    def _trim(self, page: Pdfium, matrix: np.ndarray, width: float,
              height: float) -> str | None:
        """The TrimBox as the sheet (PDF 32000-1 14.11.2: the finished page), when it
        lies inside the page: paint and text wholly outside it (printer's marks, colour
        bars, slug notes) are set aside, and paint run past it (bleed) is cut to it, as
        the sheet is cut; the words saying so, None without one."""
        left, bottom, right, top = (ctypes.c_float() for _ in range(4))
        if not self.c.FPDFPage_GetTrimBox(page.raw, left, bottom, right, top):
            return None
        trim = affine(box(left.value, bottom.value, right.value, top.value), matrix,
                      self.budget).intersection(box(0, 0, width, height))
        if trim.is_empty or trim.area >= TRIM_INSIDE * width * height:
            return None
        kept, bled = [], 0
        for hex_, area in self.painted:
            inside = area if trim.covers(area) else MultiPolygon(
                polygons(area.intersection(trim), 0.0, largest_first=False))
            if not inside.is_empty:
                kept.append((hex_, inside))
                bled += inside is not area
        legends = [item for item in self.legends if item.box.intersects(trim)]
        outside = len(self.painted) - len(kept) + len(self.legends) - len(legends)
        self.painted, self.legends = kept, legends
        x0, y0, x1, y1 = trim.bounds
        return (f"the sheet is the TrimBox, {x1 - x0:.2f} x {y1 - y0:.2f} in of the "
                f"{width:.2f} x {height:.2f} in page" +
                (f"; {outside} printer's mark(s) outside it set aside" if outside else "") +
                (f"; {bled} area(s) of paint run past it (bleed) cut to it" if bled else ""))

    def _scanned(self, page: BaseGeometry) -> bool:
        """Whether images cover ``SCAN_SHARE`` of the ``page`` (its box in inches) and no
        vector paint has a marker's color."""
        if not self.images:
            return False
        hexes = {hex_ for hex_, _ in self.painted}
        if any(classify(hex_).family not in _NOT_MARKER for hex_ in hexes):
            return False
        covered = shapely.union_all(self.images).intersection(page).area
        return covered >= SCAN_SHARE * page.area

    def _count_chars(self, more: int) -> None:
        self.chars += more
        if self.chars > PDF_MAX_CHARS:
            raise UnreadableDrawing(f"{self.name}: too much text (more than "
                                    f"{PDF_MAX_CHARS:,} characters)")

    def _count(self, more: int) -> None:
        self.objects += more
        if self.objects > PDF_MAX_OBJECTS:
            raise UnreadableDrawing(f"{self.name}: too complex (more than {PDF_MAX_OBJECTS:,} "
                              "page objects)")

    def _walk(self, objects: list, parent: np.ndarray, depth: int,
              within: BaseGeometry | None = None) -> None:
        """Paint ``objects`` (in the space ``parent`` maps to inches) in order; ``within``
        is the clip of the form XObjects they are drawn in: a form drawn under a clip
        (Cairo's and Inkscape's clip groups) paints its objects only inside it."""
        c = self.c
        for obj in objects:
            self.budget.tick()
            kind = c.FPDFPageObj_GetType(obj)
            matrix = parent @ self._matrix(obj)
            if kind == c.FPDF_PAGEOBJ_PATH:
                self._path(obj, matrix, parent, within)
            elif kind == c.FPDF_PAGEOBJ_FORM:
                if depth >= PDF_MAX_FORM_DEPTH:
                    raise UnreadableDrawing(f"{self.name}: form XObjects nested deeper than "
                                      f"{PDF_MAX_FORM_DEPTH}")
                count = c.FPDFFormObj_CountObjects(obj)
                self._count(max(count, 0))
                self._walk([c.FPDFFormObj_GetObject(obj, i) for i in range(count)], matrix,
                           depth + 1, _within(within, self._clip(obj, parent)))
            elif kind == c.FPDF_PAGEOBJ_TEXT:
                self._text(obj, parent, within)
            elif kind == c.FPDF_PAGEOBJ_IMAGE:
                self.ignored["raster image"] += 1
                self.images.append(self._bounds(obj, parent))
            elif kind == c.FPDF_PAGEOBJ_SHADING:
                self.ignored["shading (gradient)"] += 1

    def _bounds(self, obj: Pdfium, parent: np.ndarray) -> BaseGeometry:
        """The object's bounding box (in its parent's space) as an area in inches."""
        left, bottom, right, top = (ctypes.c_float() for _ in range(4))
        if not self.c.FPDFPageObj_GetBounds(obj, left, bottom, right, top):
            return box(0, 0, 0, 0)
        return affine(box(left.value, bottom.value, right.value, top.value), parent,
                      self.budget)

    def _matrix(self, obj: Pdfium) -> np.ndarray:
        m = self.c.FS_MATRIX()
        if not self.c.FPDFPageObj_GetMatrix(obj, m):
            return np.eye(3)
        return np.array([[m.a, m.c, m.e], [m.b, m.d, m.f], [0.0, 0.0, 1.0]])

    def _color(self, obj: Pdfium, stroke: bool) -> str | None:
        """The paint as sRGB hex; None when unpainted, transparent or a pattern."""
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        getter = self.c.FPDFPageObj_GetStrokeColor if stroke else self.c.FPDFPageObj_GetFillColor
        self.alpha = 255
        if not getter(obj, r, g, b, a):
            self.ignored["pattern paint"] += 1
            return None
        self.alpha = a.value
        return to_hex(r.value, g.value, b.value) if a.value > 0 else None

    def _path(self, obj: Pdfium, matrix: np.ndarray, parent: np.ndarray,
              within: BaseGeometry | None = None) -> None:
        c = self.c
        fill_mode, stroke = ctypes.c_int(), ctypes.c_int()
        if not c.FPDFPath_GetDrawMode(obj, fill_mode, stroke):
            return
        fill_hex = self._color(obj, False) if fill_mode.value else None
        fill_alpha = self.alpha
        stroke_hex = self._color(obj, True) if stroke.value else None
        stroke_alpha = self.alpha
        if fill_hex is None and stroke_hex is None:
            return
        count = c.FPDFPath_CountSegments(obj)
        ops = segment_ops(c, count, lambda i: c.FPDFPath_GetPathSegment(obj, i))
        determinant = matrix[0, 0] * matrix[1, 1] - matrix[0, 1] * matrix[1, 0]
        if not ops or determinant == 0:
            return
        local = flatten(ops, matrix[:2, :2], FLATTEN_TOL_IN, self.budget)
        if not local:
            return
        clip = _within(within, self._clip(obj, parent))
        blend = self._blend(obj)
        if fill_hex is not None:
            rings = [apply(points, matrix, self.budget) for points, _ in local]
            evenodd = fill_mode.value == c.FPDF_FILLMODE_ALTERNATE
            self._emit(fill_hex, fill_area(rings, evenodd, self.budget), clip,
                       _mixing(blend, fill_alpha))
        if stroke_hex is not None:
            area = self._stroke(obj, local, matrix)
            if area is not None:
                self._emit(stroke_hex, area, clip, _mixing(blend, stroke_alpha))

    def _blend(self, obj: Pdfium) -> str | None:
        """The blend mode (or SoftMask) markers.read.pdf_print tagged the path with."""
        c = self.c
        for i in range(max(c.FPDFPageObj_CountMarks(obj), 0)):
            mark = c.FPDFPageObj_GetMark(obj, i)
            buffer = ctypes.create_string_buffer(256)
            size = ctypes.c_ulong()
            if mark and c.FPDFPageObjMark_GetName(
                    mark, ctypes.cast(buffer, ctypes.POINTER(ctypes.c_ushort)), 256, size):
                name = buffer.raw[:max(size.value - 2, 0)].decode("utf-16-le", "replace")
                if name.startswith(BLEND_TAG[1:]):
                    return f"blend mode {name[len(BLEND_TAG) - 1:]}"
        return None

    def _stroke(self, obj: Pdfium, local: list, matrix: np.ndarray) -> BaseGeometry | None:
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

    def _clip(self, obj: Pdfium, parent: np.ndarray) -> BaseGeometry | None:
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
            ops = segment_ops(c, count, partial(c.FPDFClipPath_GetPathSegment, clip, i))
            key = repr(ops).encode() + parent.tobytes()
            if key not in self.clips:
                local = flatten(ops, parent[:2, :2], FLATTEN_TOL_IN, self.budget)
                rings = [apply(points, parent, self.budget) for points, _ in local]
                self.clips[key] = fill_area(rings, False, self.budget)
            areas.append(self.clips[key])
        return areas[0] if len(areas) == 1 else shapely.intersection_all(areas)

    def _emit(self, hex_: str, area: BaseGeometry, clip: BaseGeometry | None,
              blend: str | None = None) -> None:
        if clip is not None:
            area = area.intersection(clip)
        if not area.is_empty and area.area > 0:
            if blend is not None and blend.endswith("opacity") and \
                    classify(hex_).family not in _NOT_MARKER:
                self.unrendered.append(f"{classify(hex_).family} paint at {blend}: it "
                                       "prints lighter than its colour")
            elif blend is not None and self._mixes(hex_, area):
                self.unrendered.append(f"paint in {blend} over other paint: it mixes with "
                                       "what is beneath as printed")
            self.painted.append((hex_, area))

    def _mixes(self, hex_: str, area: BaseGeometry) -> bool:
        """Whether ``area`` of ``hex_`` lies over earlier paint of another color, one of
        the two a marker's (a grey shadow over the white sheet mixes nothing judged)."""
        marker = classify(hex_).family not in _NOT_MARKER
        return any(other != hex_ and (marker or classify(other).family not in _NOT_MARKER)
                   and geometry.intersects(area)
                   and geometry.intersection(area).area >= MIX_MIN_AREA
                   for other, geometry in self.painted)

    def _text(self, obj: Pdfium, parent: np.ndarray,
              within: BaseGeometry | None = None) -> None:
        """A text object as lettering (markers.read.pdf_text), in its fill color (else
        its stroke's); none when its clip, or that of the forms it is drawn in (``within``),
        hides it (clipped_away)."""
        clip = _within(within, self._clip(obj, parent))
        color = self._color(obj, False) or self._color(obj, True)
        self.legends += [item for item in self.text.items(obj, color, parent)
                         if not clipped_away(item.box, clip)]


def _mixing(blend: str | None, alpha: int) -> str | None:
    """How a paint mixes with what is beneath: its blend mode (or soft mask), else its
    opacity when below full (``alpha`` of 255), else None."""
    if blend is not None or alpha >= _OPAQUE:
        return blend
    return f"{round(alpha * 100 / _OPAQUE)} % opacity"


def _within(outer: BaseGeometry | None, inner: BaseGeometry | None) -> BaseGeometry | None:
    """The area both clips leave (either when the other is None)."""
    if outer is None or inner is None:
        return inner if outer is None else outer
    return outer.intersection(inner)
