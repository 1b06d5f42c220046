"""The check of a plan: load -> measure -> plan rules, plus each marker's own design
judged by the marker checker, into one PlanReport (the `check` contract, v2)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from markers.check import CheckOptions, check_file
from markers.design import load_design
from markers.errors import WsmarkError
from markers.plan.load import load_plan
from markers.plan.measure import PlanFacts, measure_plan
from markers.plan.model import Plan, PlanMarker
from markers.plan.rules import run_rules
from markers.rules.base import Finding, Hit

__all__ = ["PlanFinding", "PlanReport", "check_plan", "judge_plan", "DESIGN_RULE"]

#: The id of a finding about a marker's design file itself (unreadable, another kind).
DESIGN_RULE = "plan-design"
_DESIGN_CITATION = "NR 5.09(3)(c)2"


@dataclass(frozen=True)
class PlanFinding:
    """A finding and the marker it is about (None: the plan as a whole)."""

    finding: Finding
    marker: int | None
    feature: int | None
    ws_id: str | None
    lon: float | None
    lat: float | None


@dataclass
class PlanReport:
    """The verdict on one plan file: its markers and findings, or why it is unreadable."""

    file: str
    verdict: str
    plan: Plan | None = None
    facts: PlanFacts | None = None
    findings: list[PlanFinding] = field(default_factory=list)
    error: str | None = None

    def marker_verdict(self, index: int) -> str:
        """fail / review / pass of one marker, from its unwaived findings."""
        return _verdict(f for f in self.findings if f.marker == index)


def _verdict(findings) -> str:
    severities = {f.finding.severity for f in findings if not f.finding.waived}
    return "fail" if "error" in severities else "review" if "review" in severities else "pass"


def _stamp(plan: Plan, index: int | None, finding: Finding) -> PlanFinding:
    marker = plan.markers[index] if index is not None else None
    return PlanFinding(finding, index, marker.feature if marker else None,
                       marker.ws_id if marker else None, marker.lon if marker else None,
                       marker.lat if marker else None)


def _design_findings(plan: Plan, waivers: dict[str, str]) -> list[PlanFinding]:
    """Each marker's design file judged by the marker checker; cached per file."""
    base = Path(plan.path).parent
    cache: dict[Path, tuple] = {}
    found = []
    for index, marker in enumerate(plan.markers):
        if not marker.design:
            continue
        path = (base / marker.design)
        if path not in cache:
            report, _ = check_file(path, CheckOptions())
            try:
                design = load_design(path) if report.error is None and \
                    path.suffix.lower() in (".yaml", ".yml", ".json") else None
            except WsmarkError:
                design = None
            cache[path] = (report, design)
        report, design = cache[path]
        for hit in _design_problems(marker, report, design):
            found.append(_stamp(plan, index, Finding(
                **vars(hit), rule=DESIGN_RULE, citation=_DESIGN_CITATION,
                waived=waivers.get(DESIGN_RULE))))
        for f in report.findings:
            note = f"design {marker.design}: {f.message}"
            found.append(_stamp(plan, index, Finding(
                **{**vars(f), "message": note, "bbox": None,
                   "waived": f.waived or waivers.get(f.rule)})))
    return found


def _design_problems(marker: PlanMarker, report, design) -> list[Hit]:
    if report.error:
        return [Hit(f"design {marker.design} cannot be judged: "
                    f"{report.error.removeprefix(report.file + ': ')}", severity="error")]
    hits = []
    if design is not None and design.kind != marker.kind:
        hits.append(Hit(f"design {marker.design} is a {design.kind}, the plan places a "
                        f"{marker.kind}", measured=design.kind, required=marker.kind,
                        severity="error"))
    if design is not None and design.ws_id and marker.ws_id and design.ws_id != marker.ws_id:
        hits.append(Hit(f"design {marker.design} carries {design.ws_id}, the plan "
                        f"{marker.ws_id}", measured=design.ws_id, required=marker.ws_id,
                        severity="error"))
    return hits


def judge_plan(plan: Plan, waivers: dict[str, str] | None = None) -> PlanReport:
    """Run the plan rules and the markers' design checks on a loaded plan; ``waivers``
    (rule id -> reason) add to those the plan states."""
    waivers = {**plan.waivers, **(waivers or {})}
    facts = measure_plan(plan)
    findings = [_stamp(plan, index, Finding(**{**vars(hit),
                                              "severity": hit.severity or r.severity},
                                           rule=r.id, citation=r.citation,
                                           waived=waivers.get(r.id)))
                for r, index, hit in run_rules(facts)]
    findings += _design_findings(plan, waivers)
    findings.sort(key=lambda f: (-1 if f.marker is None else f.marker))
    return PlanReport(plan.path, _verdict(findings), plan, facts, findings)


def check_plan(path: str | Path, waivers: dict[str, str] | None = None) -> PlanReport:
    """Load and judge the plan at ``path``; an unreadable plan gives verdict 'error'."""
    try:
        return judge_plan(load_plan(path), waivers)
    except WsmarkError as err:
        return PlanReport(str(path), "error", error=str(err).splitlines()[0])
