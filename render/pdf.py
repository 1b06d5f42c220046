"""Combining single-page PDFs into one document. The only module that knows pypdf."""

from __future__ import annotations

import io

import pypdf

__all__ = ["combine_pdfs"]


def combine_pdfs(pages: list[bytes], title: str) -> bytes:
    """One PDF of ``pages`` (each a PDF, in order), titled ``title`` for viewers."""
    writer = pypdf.PdfWriter()
    for page in pages:
        writer.append(pypdf.PdfReader(io.BytesIO(page)))
    writer.add_metadata({"/Title": title, "/Creator": "wsmark"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
