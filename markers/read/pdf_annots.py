"""A PDF page's annotations (PDF 32000-1 12.5): a reviewer's marks, not the artwork.

Why they are read at all: the artwork is judged without them (PDFium's page objects
never include them), but an annotation that prints over the sign changes what the shop
prints. Each is listed with where it is on the page and whether it prints (its ``/F``
Print flag set, Hidden not: 12.5.3) and whether it hides what is beneath: an opaque kind
(Stamp, FreeText, Watermark, Redact, a form field) or a Square, Circle or Polygon with an
interior colour (``/IC``). Markup (Text notes, Ink, Line, Highlight, outlines without
``/IC``) is only named. The checker (rule ``as-printed``) makes a marker that a printing,
hiding annotation overlaps a review.
"""

from typing import Any

import numpy as np
from shapely.geometry import box

from markers.read.limits import Budget
from markers.read.outlines import affine

__all__ = ["page_annotations", "Annotation"]

#: (what it is, its box in page inches (x0, y0, x1, y1), whether it prints, whether it
#: hides what is beneath)
Annotation = tuple[str, tuple[float, float, float, float], bool, bool]
_PRINT, _HIDDEN = 4, 2  # /F bits 3 and 2
#: PDFium's annotation subtypes (FPDF_ANNOT_*) by number.
_SUBTYPES = ("unknown", "Text", "Link", "FreeText", "Line", "Square", "Circle", "Polygon",
             "PolyLine", "Highlight", "Underline", "Squiggly", "StrikeOut", "Stamp", "Caret",
             "Ink", "Popup", "FileAttachment", "Sound", "Movie", "Widget", "Screen",
             "PrinterMark", "TrapNet", "Watermark", "3D", "RichMedia", "XFAWidget", "Redact")
_OPAQUE = frozenset({"Stamp", "FreeText", "Watermark", "Redact", "Widget", "XFAWidget"})
_FILLED_IF_IC = frozenset({"Square", "Circle", "Polygon"})
#: Never printed on the page: a link's area, a popup's window, a sound.
_NEVER = frozenset({"Link", "Popup", "Sound", "Movie", "Screen"})


def page_annotations(page: Any, matrix: np.ndarray, budget: Budget) -> dict[str, tuple]:
    """``{'annotations': (Annotation, ...)}`` of pypdfium2 ``page`` (``matrix``: PDF user
    space to page inches), empty when it has none."""
    import pypdfium2.raw as c

    found: list[Annotation] = []
    for i in range(max(c.FPDFPage_GetAnnotCount(page.raw), 0)):
        budget.tick()
        annot = c.FPDFPage_GetAnnot(page.raw, i)
        if not annot:
            continue
        try:
            code = c.FPDFAnnot_GetSubtype(annot)
            kind = _SUBTYPES[code] if 0 <= code < len(_SUBTYPES) else "unknown"
            flags = c.FPDFAnnot_GetFlags(annot)
            rect = c.FS_RECTF()
            if kind in _NEVER or not c.FPDFAnnot_GetRect(annot, rect):
                continue
            area = affine(box(min(rect.left, rect.right), min(rect.bottom, rect.top),
                              max(rect.left, rect.right), max(rect.bottom, rect.top)),
                          matrix, budget)
            prints = bool(flags & _PRINT) and not flags & _HIDDEN
            hides = kind in _OPAQUE or (kind in _FILLED_IF_IC and
                                        bool(c.FPDFAnnot_HasKey(annot, b"IC")))
            x0, y0, x1, y1 = (round(float(v), 3) for v in area.bounds)
            found.append((f"a {kind} annotation", (x0, y0, x1, y1), prints, hides))
        finally:
            c.FPDFPage_CloseAnnot(annot)
    return {"annotations": tuple(found)} if found else {}

