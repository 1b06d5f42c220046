"""The marked-up copy of a checked drawing: a page per page, the vendor's own drawing
under the page's findings, numbered, with the verdict, the file's SHA-256 and size and
the versions that made it.

The drawing under the marks is the one the check read: an SVG's reader keeps it as it
reads (``meta["underlay"]``, markers.read.underlay), so the source is not parsed twice;
a PDF's pages are pictured by PDFium from ``source`` (in the outputs' own budgeted job,
so a verdict never waits on its picture); a DXF or a design file is redrawn from the
Artwork, with what the check set aside in grey.
"""

from __future__ import annotations

from typing import Any

from markers.check.engine import Finding
from markers.check.layout import split
from markers.check.report import FileReport, marker_verdict
from markers.core.artwork import Artwork
from markers.core.pack import Pack
from markers.core.waiver import parse_waiver
from markers.errors import UnreadableDrawing
from markers.products.clerk import provenance
from markers.read.underlay import Underlay, underlays
from render.svg import annotated_svg

__all__ = ["annotate_pages", "page_number", "copy_marks", "pictures"]

#: A line on the copy: its words, the box it is about (None: the page), and whether it
#: is a note of what was not judged (marked apart).
Note = tuple[str, Any, bool]


def pictures(pages: list[Artwork], source: bytes | None, name: str) -> list[Underlay | None]:
    """The vendor's own drawing of each page (markers.read.underlay: the page's own, or
    pictured from ``source``, the input's bytes, named ``name``), None where there is
    none (a DXF, a design) or it cannot be pictured."""
    return _pictured(pages, source, name)[0]


def _pictured(pages: list[Artwork], source: bytes | None, name: str
              ) -> tuple[list[Underlay | None], list[Note]]:
    """``pictures``, and the note a copy carries when the drawing could not be."""
    if not source and not any("underlay" in page.meta for page in pages):
        return [None] * len(pages), []
    try:
        return underlays(source or b"", name, pages), []
    except UnreadableDrawing as err:
        return [None] * len(pages), [(f"the vendor's drawing could not be pictured ({err}); "
                                      "this copy is redrawn from what was read", None, False)]


def annotate_pages(report: FileReport, pages: list[Artwork], pack: Pack,
                   source: bytes | None = None, name: str | None = None) -> list[bytes]:
    """The marked-up copy of each page (an SVG each): the vendor's drawing (the page's
    own, or from ``source``, the input's bytes, named ``name``), or where there is none
    the drawing as read with what was set aside in grey, and over it the page's
    findings, numbered, and its verdict. A page with a requirement that could not be
    judged says NOT VERIFIED, so it never looks like a clean copy. On a page of several
    markers each is framed and numbered as the report numbers it."""
    under, missing = _pictured(pages, source, name or report.file)
    made_by = provenance(pack)
    copies = []
    for i, (art, underlay) in enumerate(zip(pages, under, strict=True)):
        number = page_number(pages, i)
        on_page = {m.index for m in report.markers if m.page == number}
        listed, unjudged = _copy_findings(report, number)
        head = [(f"NOT VERIFIED: {len(unjudged)} requirement(s) could not be judged; a "
                 "person must check them (marked REVIEW)", None, True)] if unjudged else []
        notes = head + [_note(report.findings[j]) for j in listed] + missing
        numbered = [(m.index + 1, m.bbox) for m in report.markers
                    if m.index in on_page and m.bbox is not None] \
            if len(report.markers) > 1 else []
        aside = [] if underlay is not None else [
            s.bbox for s in split(art).set_aside if s.what != "page background"]
        copies.append(annotated_svg(art, notes, numbered, underlay, aside,
                                    _banner(report, on_page, number, len(pages), unjudged,
                                            made_by.describe())))
    return copies


def page_number(pages: list[Artwork], i: int) -> int:
    """The number (from 1) by which a report names page ``i`` (from 0) of ``pages``."""
    return int(pages[0].meta.get("page", 1)) if len(pages) == 1 else i + 1


def copy_marks(report: FileReport, page: int) -> dict[int, int]:
    """The number on the marked-up copy of page ``page`` of each finding it lists (by
    its index in the report), as ``annotate_pages`` numbers them."""
    listed, unjudged = _copy_findings(report, page)
    return {index: n for n, index in enumerate(listed, start=2 if unjudged else 1)}


def _note(f: Finding) -> Note:
    """A finding on the marked-up copy: measured vs required, or what was not judged
    (a review note, marked apart); a waived one says so, with its reason."""
    waived = (f"{'NOT MET, ' if f.severity == 'error' else ''}WAIVED "
              f"({parse_waiver(f.waived).words()}) " if f.waived else "")
    if f.severity == "review":
        return f"{waived or 'REVIEW '}{f.rule} {f.citation}: {f.message}", f.bbox, not waived
    unit = f" {f.unit}" if f.unit and f.unit != "ratio" else ""
    return f"{waived}{f.rule} {f.citation}: " + (
        f"measured {f.measured}{unit}, required {f.required}{unit}"
        if f.measured is not None else f.message), f.bbox, False


def _copy_findings(report: FileReport, page: int) -> tuple[list[int], list[Finding]]:
    """What the marked-up copy of page ``page`` lists: the findings beyond info of its
    markers (their indices in the report), after a NOT VERIFIED line when any of them
    could not be judged (those are given too)."""
    on_page = {m.index for m in report.markers if m.page == page}
    listed = [i for i, f in enumerate(report.findings)
              if f.marker in on_page and f.severity != "info"]
    return listed, [report.findings[i] for i in listed
                    if report.findings[i].severity == "review" and not report.findings[i].waived]


def _banner(report: FileReport, on_page: set[int], number: int, pages: int,
            unjudged: list[Finding], made_by: str) -> tuple[str, bool]:
    """The line above a page of the marked-up copy: its verdict in words, and what it
    is a copy of (the file's hash and size) made by what (``made_by``, in words)."""
    verdict = marker_verdict([f for f in report.findings if f.marker in on_page]) \
        if on_page else "not judged (no marker on this page)"
    where = f", page {number} of {pages}" if pages > 1 else ""
    shown = "NOT MET, ACCEPTED BY WAIVER" if verdict == "waived" else verdict.upper()
    text = f"wsmark check{where}: {shown if on_page else verdict}"
    if unjudged:
        text += f" - NOT VERIFIED: {len(unjudged)} requirement(s) could not be judged"
    if report.sha256 is not None:
        text += f". File SHA-256 {report.sha256}, {report.size:,} bytes"
    return f"{text}; {made_by}", bool(unjudged)
