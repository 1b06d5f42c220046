"""A scan (a PDF page whose content is a raster image, nothing vector of a marker's
color on it) cannot be measured: one review finding saying so, never "no marker found".

The pages are drawn here with reportlab: a JPEG made with PIL (an orange ring on white,
as a scanner would give it), placed over the page or beside vector artwork.
"""

from __future__ import annotations

import io

import pytest

from markers.check.pipeline import CheckOptions
from markers.read.pdf import SCAN_SHARE, read_pdf_bytes
from wi import check_file

PAGE_IN = 14


def _jpeg() -> io.BytesIO:
    """A photo-like JPEG of a control ring, 50 px to the inch of the page."""
    from PIL import Image, ImageDraw

    size = PAGE_IN * 50
    image = Image.new("RGB", (size, size), (250, 248, 244))
    draw = ImageDraw.Draw(image)
    draw.ellipse((50, 50, size - 50, size - 50), fill=(238, 92, 28))
    draw.ellipse((150, 150, size - 150, size - 150), fill=(250, 248, 244))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=80)
    out.seek(0)
    return out


def _page(pdf, image_in: float, ring: bool) -> None:
    """One page: the JPEG ``image_in`` inches square at the top-left corner, and with
    ``ring`` a vector control sign (orange ring 12 / 8 in on a white panel)."""
    from reportlab.lib.utils import ImageReader

    if ring:
        pdf.setFillColorRGB(1, 1, 1)
        pdf.rect(0, 0, PAGE_IN * 72, PAGE_IN * 72, stroke=0, fill=1)
        pdf.setFillColorRGB(1, 0.31, 0)
        path = pdf.beginPath()
        path.circle(7 * 72, 7 * 72, 6 * 72)
        path.circle(7 * 72, 7 * 72, 4 * 72)
        pdf.drawPath(path, stroke=0, fill=1, fillMode=0)
        pdf.setFillColorRGB(0, 0, 0)
        pdf.setFont("Helvetica-Bold", 1.3 * 72 / 0.72)
        pdf.drawCentredString(7 * 72, 6.4 * 72, "5 MPH")
    top = PAGE_IN * 72
    pdf.drawImage(ImageReader(_jpeg()), 0, top - image_in * 72, image_in * 72, image_in * 72)
    pdf.showPage()


def _pdf(*pages: tuple[float, bool]) -> bytes:
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    pdf = canvas.Canvas(out, pagesize=(PAGE_IN * 72, PAGE_IN * 72), invariant=1)
    for image_in, ring in pages:
        _page(pdf, image_in, ring)
    pdf.save()
    return out.getvalue()


def _check(tmp_path, data: bytes):
    """The report of ``data``; its vector sign is a 12 in control sign on a 14 in page, so
    the clerk gives its display height."""
    path = tmp_path / "proof.pdf"
    path.write_bytes(data)
    report, _ = check_file(path, CheckOptions(display_height=12.0))
    return report


def test_a_jpeg_only_page_is_one_review_finding(tmp_path) -> None:
    report = _check(tmp_path, _pdf((PAGE_IN, False)))
    assert report.verdict == "review"
    [finding] = report.findings
    assert (finding.rule, finding.severity) == ("reg-shape", "review")
    assert finding.message.startswith("the page is a raster image (scan)")


@pytest.mark.parametrize("share", [SCAN_SHARE - 0.1, SCAN_SHARE + 0.1])
def test_a_page_is_a_scan_from_half_of_it_covered_by_images(share: float) -> None:
    [page] = read_pdf_bytes(_pdf((PAGE_IN * share ** 0.5, False)), "p.pdf")
    assert bool(page.meta.get("scan")) is (share >= SCAN_SHARE)
    assert page.meta["ignored"] == {"raster image": 1}


def test_an_image_beside_vector_marker_colors_is_no_scan(tmp_path) -> None:
    """A full-page photo under a vector sign: the sign is judged, the photo counted."""
    report = _check(tmp_path, _pdf((PAGE_IN, True)))
    assert report.verdict == "pass"
    assert not [f for f in report.findings if f.rule == "reg-shape"]


def test_a_scanned_page_of_a_proof_is_judged_not_skipped(tmp_path) -> None:
    """A vector sign on page 1 and a scan on page 2: the file is review, not a pass."""
    report = _check(tmp_path, _pdf((1.0, True), (PAGE_IN, False)))
    assert [m.page for m in report.markers] == [1, 2]
    assert report.verdict == "review"
    [scan] = [f for f in report.findings if f.marker == 1]
    assert (scan.rule, scan.severity) == ("reg-shape", "review")
