"""PlanReports -> text and JSON in the report contract v2 of `check` (RULES.md).

A plan is a file of several markers: ``kind`` and the display height are null at the
file level, ``markers`` lists every marker with its feature index, id and place, and
each finding names its ``marker``, ``feature``, ``ws_id`` and ``location`` (WGS 84).
A finding about the whole plan has ``marker`` null.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable

from markers.check.report import finding_json, verdict_line
from markers.core.safe_text import json_ready
from markers.plan.model import PlanFinding, PlanReport

__all__ = ["plan_json", "plan_records", "plan_text", "PlanTally", "finding_record"]


def finding_record(f: PlanFinding) -> dict:
    """One finding as the contract's keys, with the plan's feature, id and location."""
    record = finding_json(f.finding)
    record.pop("marker")  # the plan's marker index, not the drawing's
    return {"rule": record.pop("rule"), "citation": record.pop("citation"),
            "severity": record.pop("severity"), "marker": f.marker, "feature": f.feature,
            "ws_id": f.ws_id,
            "location": None if f.lat is None or f.lon is None else {
                "lat": round(f.lat, 7), "lon": round(f.lon, 7)},
            **record}


def _record(r: PlanReport) -> dict:
    markers = []
    if r.plan is not None:
        for i, m in enumerate(r.plan.markers):
            markers.append({
                "index": i, "page": None, "bbox": None, "kind": m.kind,
                "verdict": r.marker_verdict(i), "display_height_in": m.display_height,
                "display_height_basis": "declared" if m.display_height is not None else None,
                "legend": m.legend, "ws_id": m.ws_id, "text_basis": "declared",
                "feature": m.feature, "number": m.number, "lat": round(m.lat, 7),
                "lon": round(m.lon, 7)})
    return {"file": r.file, "verdict": r.verdict, "kind": None, "display_height_in": None,
            "display_height_basis": None,
            "projection": r.plan.projection.name if r.plan else None,
            "markers": markers, "findings": [finding_record(f) for f in r.findings],
            "error": r.error,
            "application_missing": list(r.application.missing) if r.application else None}


def plan_records(reports: list[PlanReport]) -> list[dict]:
    """The JSON-ready records, one per plan file."""
    return [_record(r) for r in reports]


def plan_json(reports: list[PlanReport]) -> str:
    """A JSON array, one object per plan file."""
    return json.dumps(json_ready(plan_records(reports)), indent=2)


def _where(f: PlanFinding, r: PlanReport) -> str:
    if f.marker is None:
        return "plan"
    m = r.read_plan.markers[f.marker]
    return f"{m.name} {m.kind} (feature {f.feature}, {f.lat:.6f}, {f.lon:.6f})"


def plan_text(reports: list[PlanReport]) -> str:
    """One block per plan: verdict, then each finding with its marker and place."""
    blocks = []
    for r in reports:
        if r.error:
            blocks.append(f"{r.file}: ERROR {r.error.removeprefix(f'{r.file}: ')}")
            continue
        lines = [f"{r.file}: {r.verdict.upper()} ({len(r.read_plan.markers)} markers, "
                 f"{r.read_plan.projection.name})"]
        for f in r.findings:
            g = f.finding
            value = "" if g.measured is None else (
                f" [measured {g.measured}{' ' + g.unit if g.unit else ''}, required "
                f"{g.required}{' ' + g.unit if g.unit else ''}]")
            waived = f" (waived: {g.waived})" if g.waived else ""
            lines.append(f"  {g.severity:<7} {g.rule:<20} {g.citation}: {_where(f, r)}: "
                         f"{g.message}{value}{waived}")
        blocks.append("\n".join(lines))
    return "\n".join(blocks)


class PlanTally:
    """The counts of a run of plan checks, as ``Tally`` is of drawings': what ``plan
    check`` prints last and what it exits with."""

    def __init__(self, reports: Iterable[PlanReport]) -> None:
        self.verdicts = Counter(r.verdict for r in reports)

    def summary(self) -> str:
        """The counts of verdicts in one line: what ``plan check -q`` prints."""
        return verdict_line(self.verdicts, self.verdicts.total(), "plan")

    def exit_status(self) -> int:
        """0 all pass, 1 any fail or review, 2 any unreadable plan."""
        if self.verdicts["error"]:
            return 2
        return 1 if self.verdicts["fail"] or self.verdicts["review"] else 0
