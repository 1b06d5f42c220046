"""Combining single-page PDFs into one document. The only module that knows pypdf."""

from __future__ import annotations

import io

__all__ = ["combine_pdfs"]


def combine_pdfs(pages: list[bytes], title: str) -> bytes:
    """One PDF of ``pages`` (each a PDF, in order), titled ``title`` for viewers."""
    import pypdf  # ~0.2 s to import: loaded only when sheets are combined

    writer = pypdf.PdfWriter()
    for page in pages:
        writer.append(pypdf.PdfReader(io.BytesIO(page)))
    writer.add_metadata({"/Title": title, "/Creator": "wsmark"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
