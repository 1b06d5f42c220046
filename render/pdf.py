"""Combining single-page PDFs into one document. The only module that knows pypdf."""

from __future__ import annotations

import io
import itertools
from typing import Iterable

__all__ = ["combine_pdfs"]


def combine_pdfs(pages: Iterable[bytes], title: str) -> bytes:
    """One PDF of ``pages`` (each a PDF, in order), titled ``title`` for viewers. Given
    pages still being made by workers (``render.raster``'s iterators), pypdf (0.2 s to
    import) is imported once the first has come, while the workers make the rest."""
    pages = iter(pages)
    started = list(itertools.islice(pages, 1))  # the workers are under way
    import pypdf

    writer = pypdf.PdfWriter()
    for page in itertools.chain(started, pages):
        writer.append(pypdf.PdfReader(io.BytesIO(page)))
    writer.add_metadata({"/Title": title, "/Creator": "wsmark"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()
