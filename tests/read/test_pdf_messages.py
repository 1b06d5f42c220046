"""Every way PDFium refuses a PDF is one line in the project's words: the file's name and
what is wrong, no library's message, error name or code, no doubled punctuation.

The inputs are made here (bytes that are not a PDF, a cut-off PDF, one encrypted with
pypdf) or taken from the shared corpora (the reproducer of issue 21, qpdf's test files
whose pages PDFium cannot load), skipped when the corpora are absent.
"""

from __future__ import annotations

import io

import pytest

from corpora import CORPORA
from markers.check.pipeline import CheckOptions
from markers.read import pdf
from wi import check_file

DAMAGED = "not a readable PDF (damaged or not a PDF)"
PAGE = "not a readable PDF (a page or its content is damaged)"
ENCRYPTED = "the PDF is encrypted; send it without a password"


def _reportlab_page() -> bytes:
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    page = canvas.Canvas(out, pagesize=(144, 144), invariant=1)
    page.rect(10, 10, 100, 100, fill=1)
    page.save()
    return out.getvalue()


def _encrypted() -> bytes:
    import pypdf

    writer = pypdf.PdfWriter(clone_from=io.BytesIO(_reportlab_page()))
    writer.encrypt("secret", algorithm="AES-128")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


MADE = {
    "header-only": (lambda: b"%PDF-1.4\n", DAMAGED),
    "garbage": (lambda: b"%PDF-1.4\ngarbage\n%%EOF\n", DAMAGED),
    "cut-off": (lambda: _reportlab_page()[:300], DAMAGED),
    "encrypted": (_encrypted, ENCRYPTED),
}
FOUND = {
    "found/turn3/cosmetic-data-format-error.pdf": DAMAGED,  # PDFium: "Data format error"
    "pdf/qpdf/qpdf/qtest/qpdf/empty.pdf": DAMAGED,  # PDFium: "Success"
    "pdf/qpdf/qpdf/qtest/qpdf/bad34.pdf": PAGE,  # pypdfium2: "Failed to load page."
    "pdf/qpdf/qpdf/qtest/qpdf/deep-pages.pdf": PAGE,
}


def _said(path) -> str:
    report, _ = check_file(path, CheckOptions())
    assert report.verdict == "error"
    return report.error


def _plain(message: str) -> None:
    assert "\n" not in message
    for internal in ("PDFium", "Pdfium", "Error", "error)", ").", "))", "Success", "Failed"):
        assert internal not in message


@pytest.mark.parametrize("name", sorted(MADE))
def test_a_refused_pdf_is_one_plain_line(tmp_path, name: str) -> None:
    make, reason = MADE[name]
    path = tmp_path / f"{name}.pdf"
    path.write_bytes(make())
    message = _said(path)
    assert message == f"{path}: {reason}"
    _plain(message)


@pytest.mark.parametrize("found", sorted(FOUND))
def test_the_corpora_s_broken_pdfs_are_one_plain_line(found: str) -> None:
    path = CORPORA / found
    if not path.exists():
        pytest.skip(f"{path} not found (shared corpora)")
    message = _said(path)
    assert message == f"{path}: {FOUND[found]}"
    _plain(message)


@pytest.mark.parametrize("code", range(0, 8))
def test_every_load_error_code_has_plain_words(code: int) -> None:
    """FPDF_ERR_SUCCESS .. FPDF_ERR_PAGE, and codes PDFium may add later."""
    _plain(pdf._REFUSED.get(code, pdf._DAMAGED))
