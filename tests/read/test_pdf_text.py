"""A PDF's live text is read as lettering: what its font's Unicode map says, taken where
the glyphs confirm it, with the glyphs exact from the font program or traced from
PDFium's drawing of the text (Type 3 fonts, text that does not decode), so OCR reads
what the map cannot and undecodable codes are never judged as what they say.

Inputs are made here with reportlab (DejaVu Sans Bold from matplotlib's data, embedded as
a TrueType subset, as LibreOffice embeds fonts) and matplotlib's ``savefig`` (its default
PDF fonts are Type 3, its SVG glyphs paths), or committed in data/ (Ghostscript Type 3
bitmap fonts, LibreOffice Draw; data/make_pdfs.py remakes them).
"""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

import pytest
import shapely

from markers.check.measure import ocr, reading
from markers.check.pipeline import CheckOptions
from markers.read.pdf import read_pdf_bytes
from wi import check_file, measure

DATA = Path(__file__).resolve().parent / "data"


def _font() -> Path:
    import matplotlib

    return Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans-Bold.ttf"


def _reportlab_control(words: list[str]) -> bytes:
    """A 12 in control sign on a 14 in white panel (orange ring 12 / 8 in), ``words`` one
    a line in DejaVu Sans Bold at a 1.2 in cap height, as live text."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen import canvas

    pdfmetrics.registerFont(TTFont("DejaVuSansBoldMpl", str(_font())))
    out = io.BytesIO()
    pdf = canvas.Canvas(out, pagesize=(14 * 72, 14 * 72), invariant=1)
    pdf.setFillColorRGB(1, 1, 1)
    pdf.rect(0, 0, 14 * 72, 14 * 72, stroke=0, fill=1)
    pdf.setFillColorRGB(1, 0.31, 0)
    ring = pdf.beginPath()
    ring.circle(7 * 72, 7 * 72, 6 * 72)
    ring.circle(7 * 72, 7 * 72, 4 * 72)
    pdf.drawPath(ring, stroke=0, fill=1, fillMode=0)
    pdf.setFillColorRGB(0, 0, 0)
    pdf.setFont("DejaVuSansBoldMpl", 1.2 * 72 / 0.729)
    for n, word in enumerate(words):
        pdf.drawCentredString(7 * 72, (8.4 - 1.7 * n) * 72 - 0.6 * 72, word)
    pdf.save()
    return out.getvalue()


def _matplotlib_control(words: str, suffix: str, fonttype: int = 3) -> bytes:
    """The same sign drawn by matplotlib: ``words`` on one line, in its default font
    (DejaVu Sans) bold, saved as ``suffix`` (PDF fonts of ``fonttype``; SVG glyph paths)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.patches import Wedge

    with matplotlib.rc_context({"pdf.fonttype": fonttype, "svg.fonttype": "path"}):
        fig = plt.figure(figsize=(14, 14))
        ax = fig.add_axes((0, 0, 1, 1))
        ax.set_xlim(0, 14)
        ax.set_ylim(0, 14)
        ax.axis("off")
        ax.add_patch(Wedge((7, 7), 6, 0, 360, width=2, color="#FF4F00"))
        ax.text(7, 6.4, words, ha="center", va="baseline", fontsize=1.1 * 72 / 0.729,
                fontweight="bold", color="black")
        out = io.BytesIO()
        fig.savefig(out, format=suffix.lstrip("."))
        plt.close(fig)
    return out.getvalue()


@pytest.fixture
def blind_ocr(monkeypatch):
    """tesseract replaced by an engine that reads nothing right: what is still read
    came from the file's own text."""
    monkeypatch.setitem(ocr.ENGINES, "tesseract", lambda image, whitelist: ("XQXQ", 0.0))
    reading._read.cache_clear()
    reading._confirm.cache_clear()
    yield
    reading._read.cache_clear()
    reading._confirm.cache_clear()


def test_truetype_text_is_read_from_its_font_where_the_glyphs_confirm_it(blind_ocr) -> None:
    [page] = read_pdf_bytes(_reportlab_control(["SLOW", "NO", "WAKE"]), "shop.pdf")
    assert [item.text for item in page.legends] == ["SLOW", "NO", "WAKE"]
    facts = measure(page)
    assert facts.letters.text == "SLOW NO WAKE"
    assert [leg.said for leg in facts.letters.legends] == ["SLOW", "NO", "WAKE"]


def test_a_font_text_the_glyphs_contradict_is_not_taken(blind_ocr) -> None:
    """A Unicode map that says SLAW over the glyphs of SLOW: the glyphs decide (here
    the OCR reads nothing right, so the line is for a person, saying both)."""
    [page] = read_pdf_bytes(_reportlab_control(["SLOW"]), "shop.pdf")
    [line] = measure(page).letters.legends
    [doubted] = reading.read_lines([replace(line, text=None, said="SLAW")])
    assert doubted.text is None
    assert "their font says 'SLAW'" in doubted.doubt and "'A'" in doubted.doubt


def test_a_lying_font_text_gives_way_to_a_confirmed_ocr_reading() -> None:
    [page] = read_pdf_bytes(_reportlab_control(["SLOW"]), "shop.pdf")
    [line] = measure(page).letters.legends
    [read] = reading.read_lines([replace(line, text=None, said="SLAW")])
    assert read.text == "SLOW"


@pytest.fixture(scope="module")
def five_mph() -> dict[str, list]:
    """5 MPH as matplotlib writes it in PDF with Type 3 and with TrueType fonts."""
    return {kind: read_pdf_bytes(_matplotlib_control("5 MPH", ".pdf", fonttype), "m.pdf")
            for kind, fonttype in (("type3", 3), ("truetype", 42))}


def test_type3_glyphs_are_traced_as_painted_not_taken_from_a_substitute(five_mph) -> None:
    """PDFium gives a Type 3 font's glyphs as a substitute font's (a thin sans): the
    traced ones cover the TrueType glyphs of the same text to within 3 %."""
    [type3] = five_mph["type3"][0].legends
    [truetype] = five_mph["truetype"][0].legends
    assert type3.outlined and not type3.painted and type3.text == "5 MPH"
    off = type3.outlines.symmetric_difference(truetype.outlines).area
    assert off / truetype.outlines.area < 0.03
    assert type3.cap_height == pytest.approx(truetype.cap_height, rel=0.01)


def test_type3_text_is_read_and_measured_like_truetype(five_mph) -> None:
    type3, truetype = (measure(five_mph[kind][0]) for kind in ("type3", "truetype"))
    assert type3.letters.text == truetype.letters.text == "5 MPH"
    [a], [b] = type3.letters.legends, truetype.letters.legends
    assert a.stroke_ratio == pytest.approx(b.stroke_ratio, rel=0.05)


def test_matplotlib_svg_glyph_paths_are_read_as_outlined_lettering(tmp_path) -> None:
    """matplotlib's SVG: each glyph a <path> in <defs>, placed by <use>. (The 12 in sign
    is drawn on a 14 in figure, so the clerk gives its display height.)"""
    svg = _matplotlib_control("5 MPH", ".svg")
    assert b'<use xlink:href="#DejaVuSans-Bold-' in svg
    path = tmp_path / "mpl.svg"
    path.write_bytes(svg)
    report, _ = check_file(path, CheckOptions(display_height=12.0))
    [marker] = report.markers
    assert (marker.legend, marker.text_basis, report.verdict) == ("5 MPH", "outlines",
                                                                 "pass")


def test_bitmap_type3_text_that_decodes_to_control_characters_is_read_by_ocr() -> None:
    """WS-2 in a bitmap font coded 1-4 with no Unicode: the codes are never the text;
    the traced bitmaps are read by OCR, with their glyphs confirming it."""
    path = DATA / "type3-bitmap-ws-2.pdf"
    [page] = read_pdf_bytes(path.read_bytes(), path.name)
    [item] = page.legends
    assert item.text == "" and item.outlined and item.outlines.area > 0
    report, _ = check_file(path, CheckOptions())
    [marker] = report.markers
    assert (marker.ws_id, report.verdict) == ("WS-2", "pass")


def test_undecodable_glyphs_that_read_as_nothing_are_review_never_a_wrong_id() -> None:
    path = DATA / "type3-bitmap-suits.pdf"
    report, _ = check_file(path, CheckOptions())
    assert report.verdict == "review"
    [finding] = [f for f in report.findings if f.rule == "aid-id-format"]
    assert finding.severity == "review" and "could not be judged" in finding.message
    assert not any(ch < " " for f in report.findings for ch in f.message)


def test_traced_glyphs_land_where_they_are_shown_on_a_turned_page() -> None:
    """The same bitmap page turned 90 deg (/Rotate): its traced glyphs are as large and
    lie on the turned red triangle, as the unturned ones lie on it."""
    import pypdf

    writer = pypdf.PdfWriter(clone_from=DATA / "type3-bitmap-ws-2.pdf")
    writer.pages[0].rotate(90)
    out = io.BytesIO()
    writer.write(out)
    glyphs = []
    for data in ((DATA / "type3-bitmap-ws-2.pdf").read_bytes(), out.getvalue()):
        [page] = read_pdf_bytes(data, "aid.pdf")
        [item] = page.legends
        red = shapely.union_all([s.geometry for layer in page.layers if layer.color == "red"
                                 for s in layer.shapes])
        assert item.outlines.difference(red).area < 0.01 * item.outlines.area
        glyphs.append(item.outlines)
    assert glyphs[1].area == pytest.approx(glyphs[0].area, rel=0.02)
    width, height = (b - a for a, b in zip(glyphs[0].bounds[:2], glyphs[0].bounds[2:]))
    turned = glyphs[1].bounds
    assert (turned[2] - turned[0], turned[3] - turned[1]) == pytest.approx((height, width),
                                                                          rel=0.02)


def test_libreoffice_live_text_is_read_from_its_font(blind_ocr) -> None:
    path = DATA / "libreoffice-control.pdf"
    [page] = read_pdf_bytes(path.read_bytes(), path.name)
    facts = measure(page)
    assert facts.letters.text == "SLOW NO WAKE"
    assert [leg.said for leg in facts.letters.legends] == ["SLOW", "NO", "WAKE"]
