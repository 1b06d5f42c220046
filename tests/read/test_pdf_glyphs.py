"""Live text in a PDF is read as the glyph outlines of its font (PDFium's
FPDFFont_GetGlyphPath), so it is measured like outlined lettering and read by OCR.

The PDFs are drawn here with reportlab and a TrueType font (DejaVu Sans Bold, embedded
as a subset), never through wsmark's builders: a control circle as a shop draws it,
with its legend set as text.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from markers.check.pipeline import CheckOptions
from markers.read.pdf import read_pdf_bytes
from wi import check_file, measure

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
pytestmark = pytest.mark.skipif(not FONT.exists(), reason="DejaVu Sans Bold not installed")


def _cap_em() -> float:
    """The font's cap height in em: the top of its flat-topped H, read with fontTools."""
    from fontTools.ttLib import TTFont as Font

    font = Font(str(FONT))
    glyph = font["glyf"][font.getBestCmap()[ord("H")]]
    return glyph.yMax / font["head"].unitsPerEm


CAP_EM = _cap_em() if FONT.exists() else 0.73


def _control_pdf(cap_in: float, words: list[str], turn: float = 0.0) -> bytes:
    """A 24 in control sign: a white 24 in panel, an orange ring 20 / 16 in across, and
    ``words`` set in DejaVu Sans Bold at a cap height of ``cap_in``, one line each,
    centred, the block turned ``turn`` degrees."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    pdfmetrics.registerFont(TTFont("DejaVuSansBold", str(FONT)))
    out = io.BytesIO()
    pdf = canvas.Canvas(out, pagesize=(24 * 72, 24 * 72), invariant=1)
    pdf.setFillColorRGB(1, 1, 1)
    pdf.rect(0, 0, 24 * 72, 24 * 72, stroke=0, fill=1)
    pdf.setFillColorCMYK(0, 0.69, 1, 0)
    ring = pdf.beginPath()
    ring.circle(12 * 72, 12 * 72, 10 * 72)
    ring.circle(12 * 72, 12 * 72, 8 * 72)
    pdf.drawPath(ring, stroke=0, fill=1, fillMode=0)
    size = cap_in * 72 / CAP_EM
    pdf.setFillColorRGB(0, 0, 0)
    pdf.setFont("DejaVuSansBold", size)
    pdf.translate(12 * 72, 12 * 72)
    pdf.rotate(turn)
    lead = 1.6 * cap_in * 72
    for n, word in enumerate(words):
        y = (len(words) - 1) / 2 * lead - n * lead - cap_in * 72 / 2
        pdf.drawCentredString(0, y, word)
    pdf.showPage()
    pdf.save()
    return out.getvalue()


@pytest.mark.parametrize("cap", [1.0, 1.6, 2.5])
def test_glyphs_are_read_from_the_font_at_their_size(cap: float) -> None:
    [page] = read_pdf_bytes(_control_pdf(cap, ["SLOW"]), "m.pdf")
    [item] = page.legends
    assert item.text == "SLOW" and item.outlined and not item.painted
    assert item.outlines.area > 0
    facts = measure(page)
    [line] = facts.letters.legends
    # flat-topped letters (L, W) are exactly the cap height
    assert line.cap_height == pytest.approx(cap, abs=0.01)
    assert line.outlined and 0.15 < line.stroke_ratio < 0.25  # a bold sans
    assert line.text == "SLOW"


def test_glyph_outlines_follow_a_turned_text_block() -> None:
    [upright] = read_pdf_bytes(_control_pdf(1.6, ["SLOW"]), "m.pdf")[0].legends
    [page] = read_pdf_bytes(_control_pdf(1.6, ["SLOW"], turn=90), "m.pdf")
    [item] = page.legends
    x0, y0, x1, y1 = item.outlines.bounds
    ux0, uy0, ux1, uy1 = upright.outlines.bounds
    assert y1 - y0 > 3 * (x1 - x0)  # the word runs up the page
    assert (x1 - x0, y1 - y0) == pytest.approx((uy1 - uy0, ux1 - ux0), abs=0.01)
    assert item.outlines.area == pytest.approx(upright.outlines.area, rel=1e-3)


def test_a_sign_with_live_text_checks_like_outlined_lettering(tmp_path) -> None:
    path = tmp_path / "control.pdf"
    path.write_bytes(_control_pdf(1.6, ["SLOW", "NO", "WAKE"]))
    report, _ = check_file(path, CheckOptions())
    assert report.verdict == "pass", [(f.rule, f.message) for f in report.findings]
    assert report.kind == "control"
    facts = measure(read_pdf_bytes(path.read_bytes(), "m.pdf")[0])
    assert facts.letters.text == "SLOW NO WAKE" and facts.letters.basis == "outlines"


def test_small_live_text_is_named_as_outlined_lettering_would_be(tmp_path) -> None:
    """1.2 in letters on a 24 in sign: below the H/16 = 1.5 in legend minimum, measured
    on each line's glyphs (the warning of legend-legibility)."""
    path = tmp_path / "control.pdf"
    path.write_bytes(_control_pdf(1.2, ["SLOW", "NO", "WAKE"]))
    report, _ = check_file(path, CheckOptions())
    small = [f for f in report.findings if f.rule == "legend-legibility"]
    assert len(small) == 3 and all("letters 1.20 in high" in f.message for f in small)
