"""Lettering a clip hides is not read: an SVG ``<text>`` and a PDF's live text whose box
lies (mostly) outside the clip in force where they are drawn are not lettering of the
drawing, as their paint is not. (A repaired proof keeps the vendor's page under a clip
that leaves out the marker it replaces, words and all: tests/products/test_repair.py.)"""

from __future__ import annotations

import io

import pytest

from markers.read.pdf import read_pdf_bytes
from markers.read.svg.walk import read_svg_bytes

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" width="10in" height="4in" viewBox="0 0 10 4">'
       '<defs><clipPath id="c"><rect x="0" y="0" width="{w}" height="4"/></clipPath></defs>'
       '<g clip-path="url(#c)"><text x="1" y="1.5" font-size="1">KEPT</text>'
       '<text x="6" y="3" font-size="1">CLIPPED</text></g></svg>')


@pytest.mark.parametrize("width,read", [(10, ["KEPT", "CLIPPED"]), (5, ["KEPT"]),
                                        (0.5, [])])
def test_svg_text_outside_its_clip_is_not_read(width: float, read: list[str]) -> None:
    art = read_svg_bytes(SVG.format(w=width).encode(), "clipped.svg")
    assert [item.text for item in art.legends] == read


def _pdf(clip_width_in: float) -> bytes:
    """A 10 x 4 in page: live Helvetica-Bold words at x = 1 in and 6 in, drawn under a
    clip ``clip_width_in`` wide from the left edge."""
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    pdf = canvas.Canvas(out, pagesize=(720, 288), invariant=1)
    path = pdf.beginPath()
    path.rect(0, 0, clip_width_in * 72, 288)
    pdf.clipPath(path, stroke=0, fill=0)
    pdf.setFont("Helvetica-Bold", 72)
    pdf.drawString(72, 180, "KEPT")
    pdf.drawString(432, 72, "CLIPPED")
    pdf.save()
    return out.getvalue()


@pytest.mark.parametrize("width,read", [(10, ["KEPT", "CLIPPED"]), (5, ["KEPT"])])
def test_pdf_text_outside_its_clip_is_not_read(width: float, read: list[str]) -> None:
    [page] = read_pdf_bytes(_pdf(width), "clipped.pdf")
    assert [item.text for item in page.legends] == read
