"""A PDF page's live text read as lettering: what its fonts say it is (the Unicode of
PDFium's text page, from the font's ToUnicode map or its encoding) and the glyphs it
paints, as areas in inches, so the measurer reads it as outlined lettering.

Where the glyphs come from:

- a font with a font program (TrueType, Type 1, CFF, embedded or PDFium's substitute
  for a standard font): each character's outline (FPDFFont_GetGlyphPath, in em units,
  placed by its origin and matrix from the text page; it finds the glyph from the
  Unicode the text page gave, the same code back when the font has no Unicode map);
- a Type 3 font (its glyphs are content streams: matplotlib's default, Ghostscript's
  bitmap fonts), or a character whose outline the font cannot give: PDFium has no
  outline (for Type 3 it answers with a substitute font's glyph, not what is painted),
  so the page is drawn by PDFium with the object and with it made invisible (over the
  object's box, or the character's box alone), at about ``TRACE_CAP_PX`` pixels to its
  letter height, and the pixels it changes are traced into areas: exact to a pixel.

The text is kept only when it decodes: what a font says may then be confirmed by the
glyphs (markers.check.measure.reading); undecodable text leaves the glyphs to OCR, so it
is never judged as what its codes say.
"""

from __future__ import annotations

import ctypes
import math
import unicodedata
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np
import shapely
from shapely import affinity
from shapely.geometry import box
from shapely.geometry.base import BaseGeometry

from markers.core.artwork import LegendItem
from markers.core.colors import classify
from markers.errors import UnreadableDrawing
from markers.read.limits import FLATTEN_TOL_IN, Budget
from markers.read.outlines import affine, apply, baseline_turn, fill_area, flatten

__all__ = ["PageText", "Pdfium", "decodes", "ink_area", "segment_ops", "TRACE_CAP_PX",
           "TRACE_MAX_PPI", "TRACE_MAX_PIXELS"]

#: An object of pypdfium2's (a document, a page, a page object, its raw C module), a
#: library that ships no types.
Pdfium = Any

#: Pixels to the letter height (estimated from the font size) when text is traced from
#: PDFium's drawing of it: a pixel is then 0.5 % of the letter height,
TRACE_CAP_PX = 200
#: but never finer than 1/600 in (small print needs no more to be measured),
TRACE_MAX_PPI = 600
#: and at most this many pixels for one text object (a larger one is drawn coarser).
TRACE_MAX_PIXELS = 2_000_000
#: The text is not seen where it changes no pixel by more than this (of 255).
TRACE_MIN_CHANGE = 24
#: Unicode categories that are no letter a sign can show: control, private use,
#: unassigned, surrogate codes (a font with no Unicode map gives its raw codes).
_UNDECODED = frozenset({"Cc", "Co", "Cn", "Cs"})
#: Characters of one text object this many em apart (box to box) are separate texts.
RUN_GAP_EM = 2.0
#: Text render modes that paint nothing: invisible (an OCR layer), clip only.
_UNSEEN = (3, 7)


def decodes(text: str) -> bool:
    """Whether every visible character of ``text`` is a real character, not a control,
    private-use or unassigned code, nor the replacement character."""
    return all(unicodedata.category(ch) not in _UNDECODED and ch != "\ufffd"
               for ch in text if not ch.isspace())


class PageText:
    """The text objects of one page: ``item`` reads one as a LegendItem."""

    def __init__(self, page: Pdfium, matrix: np.ndarray, unit: float, name: str,
                 budget: Budget, count: Callable[[int], None]) -> None:
        import pypdfium2.raw as pdfium_c

        self.c = pdfium_c
        self.page, self.matrix, self.unit = page, matrix, unit
        self.name, self.budget, self.count = name, budget, count
        self.loaded = None
        self.by_object: dict[int, list[int]] | None = None

    @property
    def textpage(self) -> Pdfium:
        """PDFium's text page, loaded on first use (a page without text needs none)."""
        if self.loaded is None:
            self.loaded = self.page.get_textpage()
        return self.loaded

    def close(self) -> None:
        if self.loaded is not None:
            self.loaded.close()

    def items(self, obj: Pdfium, color: str | None, parent: np.ndarray) -> list[LegendItem]:
        """Text object ``obj`` (painted ``color``, placed by ``parent``) as lettering: its
        text (empty when it does not decode: ``decodes``) and its glyphs; none when it
        paints nothing. A writer may set texts far apart on one baseline as one object
        (Cairo's and Ghostscript's pdfwrite join a sheet's zone letters, a title's
        columns): each run of its characters ``RUN_GAP_EM`` or more apart is then an item
        of its own, as it was drawn."""
        c = self.c
        if c.FPDFTextObj_GetTextRenderMode(obj) in _UNSEEN:
            return []
        text = self._string(obj)
        if not text:
            return []
        left, bottom, right, top = (ctypes.c_float() for _ in range(4))
        if not c.FPDFPageObj_GetBounds(obj, left, bottom, right, top):
            return []
        where = affine(box(left.value, bottom.value, right.value, top.value), parent,
                       self.budget).envelope
        if where.is_empty:
            return []
        cap = self._cap_estimate(obj, parent)
        runs = self._runs(obj)
        if len(runs) < 2:
            glyphs = self._outlines(obj, cap) if self._has_program(obj) else \
                self._traced(obj, where, cap)
            return self._item(text, glyphs, color, self._turn(self._indices(obj)))
        found = []
        for run, cell in runs:
            glyphs = self._outlines(obj, cap, run) if self._has_program(obj) else \
                self._traced(obj, cell, cap)
            found += self._item(self._run_text(run), glyphs, color, self._turn(run))
        return found

    @staticmethod
    def _item(text: str, glyphs: BaseGeometry | None, color: str | None,
              turn: float | None) -> list[LegendItem]:
        if glyphs is None or glyphs.is_empty or not text:
            return []
        _, y0, _, y1 = glyphs.bounds
        family = classify(color).family if color else "black"
        return [LegendItem(text if decodes(text) else "", glyphs, glyphs.envelope, y1 - y0,
                           family, hex=color, painted=False, turn=turn)]

    def _indices(self, obj: Pdfium) -> list[int]:
        """The text page's indices of ``obj``'s characters."""
        return self._characters().get(ctypes.cast(obj, ctypes.c_void_p).value or 0, [])

    def _turn(self, indices: list[int]) -> float | None:
        """LegendItem.turn of characters ``indices``: the first one's matrix on the text
        page (its baseline and its letters' up) through the page's matrix."""
        m = self.c.FS_MATRIX()
        for i in indices:
            if self.c.FPDFText_GetMatrix(self.textpage.raw, i, m):
                page = self.matrix[:2, :2]
                return baseline_turn(page @ (m.a, m.b), page @ (m.c, m.d))
        return None

    def _runs(self, obj: Pdfium) -> list[tuple[list[int], BaseGeometry]]:
        """The object's characters (text page indices) in runs, split where the next
        visible character's box lies ``RUN_GAP_EM`` em or more from the last one's (an em
        taken as the height of the larger loose box, a line's height), each with the box
        its characters take (inches)."""
        c = self.c
        rect = c.FS_RECTF()
        runs: list[tuple[list[int], list[BaseGeometry]]] = []
        for i in self._indices(obj):
            code = c.FPDFText_GetUnicode(self.textpage.raw, i)
            if code == 0 or chr(code).isspace() or \
                    not c.FPDFText_GetLooseCharBox(self.textpage.raw, i, rect):
                if runs:
                    runs[-1][0].append(i)
                continue
            cell = affine(box(rect.left, rect.bottom, rect.right, rect.top), self.matrix,
                          self.budget).envelope
            if runs:
                last = runs[-1][1][-1]
                em = max(cell.bounds[3] - cell.bounds[1], last.bounds[3] - last.bounds[1])
                if cell.distance(last) < RUN_GAP_EM * em:
                    runs[-1][0].append(i)
                    runs[-1][1].append(cell)
                    continue
            runs.append(([i], [cell]))
        return [(run, shapely.union_all(cells).envelope) for run, cells in runs]

    def _run_text(self, run: list[int]) -> str:
        """The text of a run of characters, runs of white space made one space."""
        codes = (self.c.FPDFText_GetUnicode(self.textpage.raw, i) for i in run)
        return " ".join("".join(chr(code) for code in codes if 0 < code < 0x110000).split())

    def _string(self, obj: Pdfium) -> str:
        """The object's text, runs of white space made one space."""
        c = self.c
        size = c.FPDFTextObj_GetText(obj, self.textpage.raw, None, 0)
        if size <= 2:
            return ""
        self.count(size // 2)
        buffer = ctypes.create_string_buffer(size)
        c.FPDFTextObj_GetText(obj, self.textpage.raw, ctypes.cast(
            buffer, ctypes.POINTER(ctypes.c_ushort)), size)
        return " ".join(buffer.raw[:size - 2].decode("utf-16-le", "replace").split())

    def _cap_estimate(self, obj: Pdfium, parent: np.ndarray) -> float:
        """The letter height the font size gives (0.7 em), in inches."""
        size = ctypes.c_float()
        self.c.FPDFTextObj_GetFontSize(obj, size)
        up = float(np.linalg.norm(parent[:2, :2] @ np.array([0.0, 1.0])))
        return 0.7 * size.value * up

    def _has_program(self, obj: Pdfium) -> bool:
        """Whether the object's font has a font program (a Type 3 font has none)."""
        font = self.c.FPDFTextObj_GetFont(obj)
        length = ctypes.c_size_t()
        return bool(font) and bool(self.c.FPDFFont_GetFontData(font, None, 0, length)) \
            and length.value > 0

    def _characters(self) -> dict[int, list[int]]:
        """The text page's character indices by the address of their text object (one
        pass over the page's characters, counted against the file's limit)."""
        if self.by_object is None:
            c = self.c
            count = max(c.FPDFText_CountChars(self.textpage.raw), 0)
            self.count(count)
            self.by_object = {}
            for i in range(count):
                owner = ctypes.cast(c.FPDFText_GetTextObject(self.textpage.raw, i),
                                    ctypes.c_void_p).value
                if owner:
                    self.by_object.setdefault(owner, []).append(i)
        return self.by_object

    def _outlines(self, obj: Pdfium, cap: float,
                  indices: list[int] | None = None) -> BaseGeometry | None:
        """The glyphs (of the characters ``indices``, else all the object's) as areas in
        inches: each character's outline from the font (em units) scaled by the font
        size, turned by the character's matrix and placed at its origin (page space),
        then through the page's matrix; a character whose outline the font cannot give
        is traced in its box (``cap``: see ``_traced``). None when nothing shows."""
        c = self.c
        font = c.FPDFTextObj_GetFont(obj)
        if indices is None:
            indices = self._indices(obj)
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
                areas.append(self._traced_character(obj, i, cap))
                continue
            count = c.FPDFGlyphPath_CountGlyphSegments(path)
            if count <= 0:
                continue  # a blank glyph
            ops = segment_ops(c, count, partial(c.FPDFGlyphPath_GetGlyphPathSegment, path))
            place = self.matrix @ np.array([[m.a * size, m.c * size, x.value],
                                            [m.b * size, m.d * size, y.value],
                                            [0.0, 0.0, 1.0]])
            local = flatten(ops, place[:2, :2], FLATTEN_TOL_IN, self.budget)
            rings = [apply(points, place, self.budget) for points, _ in local]
            if rings:
                areas.append(fill_area(rings, False, self.budget))
        areas = [area for area in areas if area is not None]
        return shapely.union_all(areas) if areas else None

    def _traced_character(self, obj: Pdfium, index: int, cap: float) -> BaseGeometry | None:
        """What character ``index`` of ``obj`` paints within its box on the text page."""
        rect = self.c.FS_RECTF()
        if not self.c.FPDFText_GetLooseCharBox(self.textpage.raw, index, rect):
            return None
        cell = affine(box(rect.left, rect.bottom, rect.right, rect.top), self.matrix,
                      self.budget).envelope
        traced = self._traced(obj, cell, cap)
        return None if traced is None else traced.intersection(cell)

    def _traced(self, obj: Pdfium, where: BaseGeometry, cap: float) -> BaseGeometry | None:
        """What the object paints, as areas in inches: the page drawn by PDFium over
        ``where`` (inches) with the object and with it made invisible, at about
        TRACE_CAP_PX pixels to ``cap`` (its letter height estimated from the font size,
        else the box's height); the pixels it changes by at least half the most it
        changes any are its glyphs. None when it changes none visibly (covered, or
        painted in the color below it)."""
        c = self.c
        x0, y0, x1, y1 = where.bounds
        if not (0 < cap < y1 - y0):  # a font size that says little (a Type 3 FontMatrix)
            cap = y1 - y0
        ppi = min(TRACE_CAP_PX / max(cap, 1e-9), TRACE_MAX_PPI,
                  math.sqrt(TRACE_MAX_PIXELS / max((x1 - x0) * (y1 - y0), 1e-12)))
        pad = 2 / ppi
        x0, y0 = x0 - pad, y0 - pad
        width, height = math.ceil((x1 - x0) * ppi) + 2, math.ceil((y1 - y0) * ppi) + 2
        self.budget.tick()
        shown = self._render(x0, y0, width, height, ppi)
        mode = c.FPDFTextObj_GetTextRenderMode(obj)
        c.FPDFTextObj_SetTextRenderMode(obj, c.FPDF_TEXTRENDERMODE_INVISIBLE)
        try:
            hidden = self._render(x0, y0, width, height, ppi)
        finally:
            c.FPDFTextObj_SetTextRenderMode(obj, mode)
        change = np.abs(shown.astype(np.int16) - hidden).max(axis=2)
        most = int(change.max())
        if most < TRACE_MIN_CHANGE:
            return None
        ink = ink_area(change * 2 >= most)
        self.budget.take(int(shapely.get_num_coordinates(ink)))
        placed = affinity.affine_transform(ink, [1 / ppi, 0, 0, 1 / ppi, x0, y0])
        return placed.simplify(0.7 / ppi)

    def _render(self, x0: float, y0: float, width: int, height: int,
                ppi: float) -> np.ndarray:
        """The page as PDFium draws it, ``ppi`` pixels to the inch, from (x0, y0) inches
        of the page as shown: RGB, ``height`` x ``width``. PDFium's device space is the
        page as shown in points (y down), our inches times 1 / ``unit``."""
        c = self.c
        bitmap = c.FPDFBitmap_Create(width, height, 0)
        if not bitmap:
            raise UnreadableDrawing(f"{self.name}: too complex (its text cannot be drawn "
                                    "to be read)")
        try:
            c.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xFFFFFFFF)
            s = ppi * self.unit
            c.FPDF_RenderPageBitmapWithMatrix(
                bitmap, self.page.raw, c.FS_MATRIX(s, 0, 0, s, -x0 * ppi, -y0 * ppi),
                c.FS_RECTF(0, 0, width, height), 0)
            stride = c.FPDFBitmap_GetStride(bitmap)
            data = ctypes.string_at(c.FPDFBitmap_GetBuffer(bitmap), stride * height)
        finally:
            c.FPDFBitmap_Destroy(bitmap)
        rows = np.frombuffer(data, np.uint8).reshape(height, stride)
        return rows[:, :4 * width].reshape(height, width, 4)[:, :, :3]


def ink_area(mask: np.ndarray) -> BaseGeometry:
    """The true pixels of a boolean image as areas, in pixels (x right, y down): the
    runs of each row as boxes, a run that repeats the one above it (a stem) extending
    that box, merged (half the boxes of a line of text, half the time)."""
    edges = np.diff(np.pad(mask, ((0, 0), (1, 1))).astype(np.int8), axis=1)
    rows, starts = np.nonzero(edges == 1)
    _, ends = np.nonzero(edges == -1)
    x0: list[int] = []
    x1: list[int] = []
    y0: list[int] = []
    y1: list[int] = []
    below: dict[tuple[int, int], int] = {}  # a run's span -> the box it ends
    for row, start, end in zip(rows.tolist(), starts.tolist(), ends.tolist(), strict=True):
        k = below.get((start, end))
        if k is not None and y1[k] == row:
            y1[k] = row + 1
            continue
        below[(start, end)] = len(x0)
        x0.append(start)
        x1.append(end)
        y0.append(row)
        y1.append(row + 1)
    return shapely.union_all(shapely.box(x0, y0, x1, y1))


def segment_ops(c: Pdfium, count: int, get: Callable[[int], Pdfium]) -> list[tuple]:
    """PDFium path segments (``get(i)`` for i < ``count``: a path's, a clip path's, a
    glyph's) as ops (see markers.read.outlines) in the object's space."""
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
