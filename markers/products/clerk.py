"""What a clerk is handed of a check: who made it (``provenance``), the verdict in the
pack's words (``verdict_words``), when (``report_stamp``) and the clerk's report itself
(``clerks_report``: the reports through the JSON contract, the marked-up drawings and
the pack's quoted paragraphs, laid out by ``markers.products.report_pdf``).

It composes the checker's reports with the pack's words, so it lives with the products
(which may use the check) and takes the pack as an argument. The report's layout, and
the renderers under it, are imported only when a report is made.
"""

from __future__ import annotations

import datetime
import json
import os
from collections.abc import Sequence

from markers.check.pipeline import worst_page
from markers.check.report import FileReport, Provenance, to_json
from markers.core.installed import installed_version
from markers.core.pack import Pack
from markers.core.presentation import presentation_of
from markers.core.waiver import parse_waiver

__all__ = ["provenance", "verdict_words", "report_stamp", "clerks_report"]


def provenance(pack: Pack) -> Provenance:
    """What makes a report: the wsmark version, and the pack's name and version."""
    return Provenance(installed_version("wsmark"), pack.name, pack.version)


def verdict_words(report: FileReport, pack: Pack) -> str | None:
    """A file's verdict as the pack words it (what a pass does and does not mean): a pass
    with waived requirements naming them ("pass:waived"), else for the family of its
    markers when the pack words that family's own ("pass:flag"), else the verdict's;
    None when the pack has no words for it."""
    verdicts = presentation_of(pack).verdicts
    waived = sorted({f.rule for f in report.findings if f.waived and f.severity != "info"})
    if report.verdict == "waived" and "waived" in verdicts:
        unmet = [f for f in report.findings if f.waived and f.severity in ("error", "review")]
        return verdicts["waived"].format(
            unmet=", ".join(dict.fromkeys(f"{f.citation} ({f.rule})" for f in unmet)),
            why="; ".join(dict.fromkeys(parse_waiver(f.waived or "").words() for f in unmet)))
    if report.verdict == "pass" and waived and "pass:waived" in verdicts:
        return verdicts["pass:waived"].format(waived=", ".join(waived))
    families = {pack.kinds[m.kind].family for m in report.markers
                if m.kind is not None and m.kind in pack.kinds}
    own = verdicts.get(f"{report.verdict}:{families.pop()}") if len(families) == 1 \
        else None
    return own or verdicts.get(report.verdict)


def report_stamp() -> str:
    """The date and time a report is made, in UTC: SOURCE_DATE_EPOCH (seconds) when it
    is set, as reproducible builds set it, else now.

    >>> report_stamp().endswith(" UTC")
    True
    """
    epoch = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    try:
        when = datetime.datetime.fromtimestamp(int(epoch), datetime.UTC)
    except (ValueError, OverflowError, OSError):
        when = datetime.datetime.now(datetime.UTC)
    return when.strftime("%Y-%m-%d %H:%M:%S UTC")


def clerks_report(items: list[FileReport], marked: Sequence[bytes | list[bytes] | None],
                  pack: Pack, stamp: str | None = None) -> bytes:
    """The clerk's report as PDF (see ``markers.api.report_pdf``): built from the JSON
    contract, so it says what the JSON says."""
    from markers.products.report_pdf import ReportWords, report_pdf

    shown = [_shown_copy(item, copy) for item, copy in zip(items, marked, strict=True)]
    records = json.loads(to_json(items, provenance(pack)))
    cited = {c["citation"] for r in records for m in r["markers"] for c in m["checks"]}
    words = ReportWords(report_stamp() if stamp is None else stamp,
                        {c: pack.rules.quotes(c) for c in sorted(cited)},
                        {name: k.ref.clause for name, k in pack.kinds.items()},
                        [verdict_words(item, pack) for item in items])
    return report_pdf(records, shown, words)


def _shown_copy(item: FileReport, copy: bytes | list[bytes] | None) -> bytes | None:
    """The marked-up page the clerk's report shows: of a copy per page, the worst."""
    if isinstance(copy, list):
        return copy[worst_page(item, len(copy))] if copy else None
    return copy or None
