"""Combining single-page PDFs into one document. The only module that knows pypdf."""

from __future__ import annotations

import io
import itertools
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from shapely.geometry.base import BaseGeometry

__all__ = ["combine_pdfs", "Sheet", "fixed_pdf", "ACTIVE_KEYS", "ACTIVE_ACTIONS", "active_content"]


def combine_pdfs(pages: Iterable[bytes], title: str, declared: bool = False) -> bytes:
    """One PDF of ``pages`` (each a PDF, in order), titled ``title`` for viewers; with
    ``declared``, what each part declares of its pages (markers.core.declared) carried
    into the document's Info dictionary at the pages' places in it. Given pages still
    being made by workers (``render.raster``'s iterators), pypdf (0.2 s to import) is
    imported once the first has come, while the workers make the rest."""
    from markers.core.declared import PDF_KEY, decode, encode

    pages = iter(pages)
    started = list(itertools.islice(pages, 1))  # the workers are under way
    import pypdf

    writer = pypdf.PdfWriter()
    said: dict = {}
    for page in itertools.chain(started, pages):
        part = pypdf.PdfReader(io.BytesIO(page))
        if declared and part.metadata is not None:
            for number, page_said in decode(str(part.metadata.get(f"/{PDF_KEY}") or "")
                                            ).items():
                said[len(writer.pages) + number] = page_said
        writer.append(part)
    if said:
        writer.add_metadata({f"/{PDF_KEY}": encode(said)})
    writer.add_metadata({"/Title": title, "/Creator": "wsmark"})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


@dataclass(frozen=True)
class Sheet:
    """A repaired page (``wsmark fix``): ``width`` x ``height`` inches; the vendor's page
    (``vendor``: a PDF and the index of the page) laid by ``cm`` (its user space to this
    page's, as PDF's ``cm`` operator takes it) and shown only within ``kept`` (inches, y
    down); ``over`` (a one-page PDF of the page's size: the rebuilt markers, declaring
    what it declares) painted over it."""

    width: float
    height: float
    vendor: tuple[bytes, int] | None
    cm: tuple[float, float, float, float, float, float]
    kept: BaseGeometry | None
    over: bytes


def fixed_pdf(sheets: list[Sheet]) -> bytes:
    """One PDF of ``sheets``: on each page the vendor's own page content outside what
    the rebuilt markers replace (a clip: nothing of it is lost from the file, and what
    is cleared is neither seen nor read), the markers over it; each page's declaration
    (markers.core.declared) carried into the document's Info dictionary."""
    import pypdf
    from pypdf.generic import ContentStream, NameObject, RectangleObject

    from markers.core.declared import PDF_KEY, decode, encode

    writer = pypdf.PdfWriter()
    declared = {}
    for number, sheet in enumerate(sheets, start=1):
        over = pypdf.PdfReader(io.BytesIO(sheet.over))
        size = (sheet.width * 72, sheet.height * 72)
        if sheet.vendor is None:
            page = writer.add_blank_page(*size)
        else:
            data, index = sheet.vendor
            vendor = pypdf.PdfReader(io.BytesIO(data)).pages[index]
            for key in ("/Annots", "/AA"):  # the vendor's links, notes, stamps, page JS
                vendor.pop(NameObject(key), None)
            page = writer.add_page(vendor)
            head = b"q " + _clip_ops(sheet.kept, sheet.height) + b" W n " + " ".join(
                f"{v:.6f}" for v in sheet.cm).encode() + b" cm\n"
            content = ContentStream(None, writer)
            old = page.get_contents()
            content.set_data(head + (old.get_data() if old is not None else b"") + b"\nQ\n")
            page.replace_contents(content)
            for key in ("/CropBox", "/TrimBox", "/BleedBox", "/ArtBox", "/Rotate"):
                page.pop(NameObject(key), None)
            page.mediabox = RectangleObject((0, 0, *size))
        page.merge_page(over.pages[0])
        meta = over.metadata
        mine = decode(str(meta.get(f"/{PDF_KEY}") or "") if meta is not None else "")
        if mine:  # the overlay is one page: its one declaration is this page's
            declared[number] = next(iter(mine.values()))
    if declared:
        writer.add_metadata({f"/{PDF_KEY}": encode(declared)})
    writer.add_metadata({"/Title": "the compliant version of a proof (wsmark fix)",
                         "/Creator": "wsmark"})
    _inert(writer)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


#: Keys through which a PDF runs, opens, submits, fetches or embeds something (PDF
#: 32000-1: 12.6.2 /AA, 7.7.2 /OpenAction, /AcroForm and its /XFA, 7.7.4 /Names
#: (/JavaScript, /EmbeddedFiles), 12.5 /Annots, 12.6.1 an action's /A; /JS is a
#: JavaScript action's script, /EF an embedded file stream, /RichMediaContent 13.7's
#: content, /URI the catalog's base URI; 8.10.4 /Ref a form that imports another file's
#: page, 14.11.7 /OPI a proxy for an image fetched at print time).
ACTIVE_KEYS = ("/AA", "/OpenAction", "/AcroForm", "/Names", "/Annots", "/A", "/JS", "/EF",
               "/RichMediaContent", "/XFA", "/URI", "/Ref", "/OPI")
#: The action types (PDF 32000-1: 12.6.4) that run, fetch, open or send: any dictionary
#: naming one as its /S is emptied.
ACTIVE_ACTIONS = ("/JavaScript", "/URI", "/Launch", "/SubmitForm", "/GoToR", "/GoToE",
                  "/ImportData", "/ResetForm", "/Rendition", "/Sound", "/Movie",
                  "/RichMediaExecute", "/GoTo3DView", "/Thread")


def _inert(writer: Any) -> None:
    """Nothing in ``writer`` that a viewer runs, fetches or opens: the keys of
    ``ACTIVE_KEYS`` dropped from every object it holds (wsmark writes none: its pages
    come from cairo, which draws no links for what wsmark draws), action dictionaries
    emptied, and what is then referred to by nothing not written (so no script is even
    carried dead in the file)."""
    from pypdf.generic import DictionaryObject, NameObject

    objects = writer._objects
    for obj in objects:
        found = obj.get_object() if obj is not None else None
        if not isinstance(found, DictionaryObject):
            continue
        if found.get("/S") in ACTIVE_ACTIONS or found.get("/Type") in ("/EmbeddedFile",
                                                                       "/Filespec"):
            found.clear()
            continue
        for key in ACTIVE_KEYS:
            found.pop(NameObject(key), None)
    writer.compress_identical_objects(remove_duplicates=False, remove_unreferenced=True)


def active_content(pdf: bytes) -> list[str]:
    """What in ``pdf`` could run, fetch, open or embed: each object holding a key of
    ``ACTIVE_KEYS`` or an action of ``ACTIVE_ACTIONS`` (as "obj 12: /AA"), or an embedded
    file. Empty for what wsmark writes; the tests and ``make hostile`` ask it."""
    import pypdf
    from pypdf.generic import ArrayObject, DictionaryObject, IndirectObject, StreamObject

    reader = pypdf.PdfReader(io.BytesIO(pdf))
    found = []
    numbers = sorted({n for entries in reader.xref.values() for n in entries}
                     | set(reader.xref_objStm))
    for number in numbers:
        todo = [reader.get_object(number)]
        while todo:  # the object and the dictionaries written inside it
            obj = todo.pop()
            if isinstance(obj, ArrayObject):
                todo += [v for v in obj if not isinstance(v, IndirectObject)]
            if not isinstance(obj, (DictionaryObject, StreamObject)):
                continue
            found += [f"obj {number}: {key}" for key in ACTIVE_KEYS if key in obj]
            if obj.get("/S") in ACTIVE_ACTIONS:
                found.append(f"obj {number}: action {obj['/S']}")
            if obj.get("/Type") in ("/EmbeddedFile", "/Filespec"):
                found.append(f"obj {number}: {obj['/Type']}")
            todo += [v for v in obj.values() if not isinstance(v, IndirectObject)]
    return found


def _clip_ops(kept: BaseGeometry | None, height: float) -> bytes:
    """``kept`` (inches, y down) as PDF path operators on a page ``height`` inches
    high; holes wind against their outline, for the non-zero rule."""
    from shapely.geometry.polygon import orient

    if kept is None:
        return b""
    ops = []
    for polygon in getattr(kept, "geoms", [kept]):
        if polygon.is_empty or polygon.geom_type != "Polygon":
            continue
        polygon = orient(polygon, 1.0)
        for ring in (polygon.exterior, *polygon.interiors):
            points = [(x * 72, (height - y) * 72) for x, y in ring.coords[:-1]]
            ops.append(f"{points[0][0]:.4f} {points[0][1]:.4f} m " + " ".join(
                f"{px:.4f} {py:.4f} l" for px, py in points[1:]) + " h")
    return " ".join(ops).encode() or b"0 0 m h"
