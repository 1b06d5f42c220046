"""One file checked as a face shows it: its report and marked-up copy (``check_one``),
and where each finding is in words and on the copy, with what a repair could not
answer (``check_shown``).

The drawing is read once: the copy lies over the tree its reader kept
(markers.products.marked_copy).
"""

from __future__ import annotations

from dataclasses import replace

from markers.check.pipeline import CheckOptions, Measured, check_pages, stamped, worst_page
from markers.check.report import FileReport
from markers.check.shown import Checked, finding_places
from markers.core.artwork import Artwork
from markers.core.pack import Pack
from markers.products.check_run import unreadable

__all__ = ["check_one", "check_shown"]


def check_one(data: bytes, name: str, options: CheckOptions, pack: Pack,
              annotate_copy: bool, label: str | None, keep: list[Measured] | None = None
              ) -> tuple[FileReport, bytes | None, list[Artwork]]:
    """``markers.api.check``, with the pages as checked (none when unreadable); ``keep``
    (when given) receives each marker's Facts and Artwork. The copy's renderer is
    imported only when a copy is made."""
    try:
        report, pages = check_pages(data, name, options, pack, keep, pictured=annotate_copy)
    except MemoryError:
        return unreadable(label or name, "needs more memory than the check of one file "
                                         "may use"), None, []
    report = stamped(report, data, options)
    marked = _worst_copy(report, pages, pack, data, name) if annotate_copy and pages else None
    if label is not None and label != name:
        report = replace(report, file=label, error=report.error and
                         report.error.replace(name, label, 1))
    return report, marked, pages


def _worst_copy(report: FileReport, pages: list[Artwork], pack: Pack, data: bytes,
                name: str) -> bytes:
    """The marked-up copy of the page with the first failure (see ``worst_page``)."""
    from markers.products.marked_copy import annotate_pages

    return annotate_pages(report, pages, pack, data, name)[worst_page(report, len(pages))]


def check_shown(data: bytes, name: str, options: CheckOptions, pack: Pack,
                label: str | None = None) -> Checked:
    """``markers.api.check_shown``: the check with its copy, each finding's place in
    words and its number on the copy, and what a repair would list as not repairable."""
    from markers.products import repair
    from markers.products.fix import meants
    from markers.products.marked_copy import copy_marks, page_number

    measured: list[Measured] = []
    report, marked, pages = check_one(data, name, options, pack, True, label, measured)
    if not pages:
        return Checked(report, marked)
    on_copy = copy_marks(report, page_number(pages, worst_page(report, len(pages))))
    cannot: tuple[str, ...] = ()
    if report.verdict == "fail":
        _, refused, _ = repair.plan(report, [facts for facts, _ in measured],
                                    meants(data, name, measured, pack), pack, keep=True)
        cannot = tuple(c.line(len(report.markers) > 1) for c in refused)
    return Checked(report, marked,
                   finding_places(report, [(page.width, page.height) for page in pages]),
                   tuple(on_copy.get(i) for i in range(len(report.findings))), cannot)
