"""A sheet page's PDF with its text shown a run at a time (render.raster.page_to_pdf)
reads as cairosvg's own page does, glyph by glyph: the same strings starting at the
same places (to 1/100 pt), as text a PDF reader extracts."""

from __future__ import annotations

import io

import pypdf

from markers.packs import get_pack
from render.raster import page_to_pdf, svg_to_pdf
from markers.products.sheets import sheet_pages


def _runs(pdf: bytes) -> list[tuple[str, float, float]]:
    """Each shown string with its start on the page (pt), as a PDF reader sees it."""
    found = []

    def visit(text, cm, tm, font, size) -> None:
        if text.strip():
            x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]
            y = tm[4] * cm[1] + tm[5] * cm[3] + cm[5]
            found.append((" ".join(text.split()), round(x, 2), round(y, 2)))

    pypdf.PdfReader(io.BytesIO(pdf)).pages[0].extract_text(visitor_text=visit)
    return found


def test_text_runs_start_where_cairosvg_puts_them() -> None:
    pack = get_pack()
    pages, _ = sheet_pages(pack, [pack.kinds["control"]])
    for page in pages[:2]:  # the cover (start anchors) and the kind page (end, middle)
        ours, theirs = _runs(page_to_pdf(page.svg)), _runs(svg_to_pdf(page.svg))
        assert len(ours) >= 10
        assert ours == theirs
