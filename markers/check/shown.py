"""What a face shows of a checked file beside its report: where each finding is, in
words a clerk can find on paper, and the findings sorted as judged, as notes that were
judged, and as what was set aside or noted without a judgement.

A finding's ``bbox`` is in inches from its page's top-left corner; its place is said
from the page it is on (the sizes of the pages as checked)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from markers.check.engine import Finding
from markers.check.report import FileReport

__all__ = ["Checked", "Groups", "place_words", "finding_places", "groups", "waived_count"]

#: A box at least this share of the page both ways is "the whole drawing".
WHOLE = 0.9
#: Nearer an edge than this (in) is "at" it.
AT_EDGE = 0.05
#: The page in thirds each way: the words of each third (the middle one unnamed).
ROWS = ("top", "", "bottom")
COLUMNS = ("left", "", "right")


@dataclass(frozen=True)
class Checked:
    """One file as a face shows it: its report, the marked-up copy of its worst page
    (None when unreadable), and for each finding (in ``report.findings`` order) where it
    is in words and its number on the copy (None: no place, or not on the copy shown);
    what a repair of it could not repair, a line each (``cannot``)."""

    report: FileReport
    marked: bytes | None
    places: tuple[str | None, ...] = ()
    marks: tuple[int | None, ...] = ()
    cannot: tuple[str, ...] = ()


@dataclass(frozen=True)
class Groups:
    """A file's findings as a face lists them, each as (index in the report, finding):
    ``judged`` (errors, reviews, warnings), ``notes`` (information that was judged: it
    states what was measured, like a legend set as <text>) and ``aside`` (what was set
    aside or noted without being judged)."""

    judged: list[tuple[int, Finding]] = field(default_factory=list)
    notes: list[tuple[int, Finding]] = field(default_factory=list)
    aside: list[tuple[int, Finding]] = field(default_factory=list)


def place_words(bbox: Sequence[float], width: float, height: float) -> str:
    """Where ``bbox`` (x, y, w, h in inches) is on a page ``width`` x ``height``: the
    third of the page it is in and how far it is from the edges that name it.

    >>> place_words((1.0, 0.5, 2.0, 1.0), 24, 24)
    'top left, 1.0 in from the left edge and 0.5 in from the top edge'
    >>> place_words((10.0, 21.0, 4.0, 3.0), 24, 24)
    'bottom, at the bottom edge'
    >>> place_words((0, 0, 24, 23), 24, 24)
    'across the whole drawing'
    """
    x, y, w, h = (float(v) for v in bbox)
    if width <= 0 or height <= 0:
        return "on the drawing"
    if w >= WHOLE * width and h >= WHOLE * height:
        return "across the whole drawing"
    row = ROWS[min(2, max(0, int(3 * (y + h / 2) / height)))]
    column = COLUMNS[min(2, max(0, int(3 * (x + w / 2) / width)))]
    gaps = {"left": x, "right": width - x - w, "top": y, "bottom": height - y - h}
    if w >= WHOLE * width:  # across the page: its side edges say nothing
        del gaps["left"], gaps["right"]
    if h >= WHOLE * height:
        del gaps["top"], gaps["bottom"]
    edges = [edge for edge in (column, row) if edge in gaps] or [min(gaps, key=gaps.__getitem__)]
    said = [f"at the {edge} edge" if gaps[edge] < AT_EDGE else
            f"{gaps[edge]:.1f} in from the {edge} edge" for edge in edges]
    return f"{' '.join(p for p in (row, column) if p) or 'centre'}, {' and '.join(said)}"


def finding_places(report: FileReport, sizes: Sequence[tuple[float, float]]
                   ) -> tuple[str | None, ...]:
    """Where each finding of ``report`` is, in words (``place_words`` on the page of its
    marker; "page N:" first when there are several), None for a finding without a box.
    ``sizes``: (width, height) in inches of each page as checked."""
    pages = {m.index: m.page for m in report.markers}
    out: list[str | None] = []
    for f in report.findings:
        page = pages.get(f.marker, 1)
        if f.bbox is None or not sizes:
            out.append(None)
            continue
        width, height = sizes[min(max(page, 1), len(sizes)) - 1]
        words = place_words(f.bbox, width, height)
        out.append(f"page {page}: {words}" if len(sizes) > 1 else words)
    return tuple(out)


def groups(report: FileReport) -> Groups:
    """The findings of ``report`` as ``Groups``: a finding beyond info is judged; an
    info finding that states a measurement is a judged note; the rest were set aside
    or noted without a judgement."""
    out = Groups()
    for index, f in enumerate(report.findings):
        if f.severity != "info":
            out.judged.append((index, f))
        elif f.measured is not None:
            out.notes.append((index, f))
        else:
            out.aside.append((index, f))
    return out


def waived_count(report: FileReport) -> int:
    """How many of the findings beyond info of ``report`` are waived."""
    return sum(1 for f in report.findings if f.waived and f.severity != "info")
