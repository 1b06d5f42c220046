"""The check of a plan: load -> measure -> the pack's plan rules, plus each marker's own
design judged by the marker checker, into one PlanReport (the `check` contract, v2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

from markers.check.engine import Finding
from markers.check.pipeline import CheckOptions, check_file
from markers.core.design import DESIGN_SUFFIXES, Design, parse_design
from markers.core.pack import Pack
from markers.core.units import MAX_PLAUSIBLE_IN
from markers.errors import DesignError, WsmarkError
from markers.plan.application import application_status
from markers.plan.load import Setting, load_plan, parse_plan
from markers.plan.measure import PlanFacts, measure_plan
from markers.plan.model import Plan, PlanFinding, PlanReport, verdict_of
from markers.plan.rules import PlanRegistry
from markers.read.limits import read_limited

__all__ = ["check_plan", "check_plan_bytes", "judge_plan", "plan_registry", "plan_setting"]


def plan_registry(pack: Pack) -> PlanRegistry:
    """The pack's plan rules, or a one-line error when it judges no plans."""
    if not isinstance(pack.plan_rules, PlanRegistry):
        raise WsmarkError(f"pack {pack.name} has no placement-plan rules")
    return pack.plan_rules


def _stamp(plan: Plan, index: int | None, finding: Finding) -> PlanFinding:
    marker = plan.markers[index] if index is not None else None
    return PlanFinding(finding, index, marker.feature if marker else None,
                       marker.ws_id if marker else None, marker.lon if marker else None,
                       marker.lat if marker else None)


def _designs(plan: Plan, pack: Pack) -> dict[int, tuple]:
    """Each marker's design file judged by the marker checker (once per file), with the
    Design read from it when it is a design file: marker index -> (report, Design)."""
    base = Path(plan.path).parent
    cache: dict[Path, tuple] = {}
    found = {}
    for index, marker in enumerate(plan.markers):
        if not marker.design:
            continue
        path = base / marker.design
        if path not in cache:
            report, _ = check_file(path, CheckOptions(), pack)
            design: Design | None = None
            if report.error is None and path.suffix.lower() in DESIGN_SUFFIXES:
                try:
                    design = parse_design(read_limited(path, str(path)), str(path))
                except WsmarkError:
                    design = None
            cache[path] = (report, design)
        found[index] = cache[path]
    return found


def _design_findings(plan: Plan, facts: PlanFacts, waivers: dict[str, str]
                     ) -> list[PlanFinding]:
    """The marker rules' findings on each marker's design, under the marker."""
    found = []
    for index, (report, _) in sorted(facts.designs.items()):
        for f in report.findings:
            note = f"design {plan.markers[index].design}: {f.message}"
            found.append(_stamp(plan, index, replace(
                f, message=note, bbox=None, waived=f.waived or waivers.get(f.rule))))
    return found


def bounded(plan: Plan, pack: Pack, designs: Mapping[int, tuple] | None = None) -> None:
    """Refuse a plan marker's size as ``render`` refuses it (a one-line WsmarkError
    naming the feature): over MAX_PLAUSIBLE_IN (a typo such as 1e6 or 1e308, which would
    build a sign the size of a town), or, for a kind with a display area, below the
    pack's display minimum, with the paragraph and words ``render`` gives. The size is
    the plan's ``display_height``, or that of the marker's design file (``designs``:
    marker index -> (its report, the Design read from it); of a design file only the
    maximum: the marker checker judges its minimum, a finding citing the paragraph)."""
    sized = [(marker, marker.display_height, True) for marker in plan.markers
             if marker.display_height is not None]
    for index, (_, design) in sorted((designs or {}).items()):
        if design is not None and design.display_height is not None:
            sized.append((plan.markers[index], design.display_height, False))
    where = "row" if Path(plan.path).suffix.lower() == ".csv" else "feature"
    for marker, height, at_least in sized:
        try:
            if height > MAX_PLAUSIBLE_IN:
                raise DesignError(f"display height {height:g} in; no marker is larger than "
                                  f"{MAX_PLAUSIBLE_IN:g} in ({MAX_PLAUSIBLE_IN / 12:g} ft)")
            if at_least and pack.kind(marker.kind).display_area:
                Design(marker.kind, height).validate(pack.law)
        except DesignError as err:
            raise WsmarkError(f"{plan.path}: {where} {marker.feature} ({marker.tag}): {err}"
                              ) from None


def judge_plan(plan: Plan, pack: Pack, waivers: dict[str, str] | None = None) -> PlanReport:
    """Run the pack's plan rules and the markers' design checks on a loaded plan;
    ``waivers`` (rule id -> reason) add to those the plan states. A marker sized as no
    marker can be is refused first (``bounded``)."""
    bounded(plan, pack)
    registry = plan_registry(pack)
    waivers = {**plan.waivers, **(waivers or {})}
    facts = measure_plan(plan, pack.law)
    facts.designs = _designs(plan, pack)
    bounded(plan, pack, facts.designs)
    findings = [_stamp(plan, index, finding)
                for index, finding in registry.judge(facts, waivers)]
    findings += _design_findings(plan, facts, waivers)
    findings.sort(key=lambda f: (-1 if f.marker is None else f.marker))
    return PlanReport(plan.path, verdict_of(findings), plan, facts, findings,
                      kinds=pack.kinds, words=registry.words,
                      application=application_status(plan, registry.words.form, pack.law,
                                                     findings))


def plan_setting(pack: Pack) -> Setting:
    """What the loader needs of the pack's plan rules: grid, area and form."""
    registry = plan_registry(pack)
    return Setting(registry.grid, registry.area, registry.words.form)


def check_plan(path: str | Path, pack: Pack, waivers: dict[str, str] | None = None
               ) -> PlanReport:
    """Load and judge the plan at ``path``; an unreadable plan gives verdict 'error'."""
    try:
        return judge_plan(load_plan(path, pack.kinds, plan_setting(pack)), pack, waivers)
    except WsmarkError as err:
        return PlanReport(str(path), "error", error=str(err).splitlines()[0])


def check_plan_bytes(data: bytes, name: str, pack: Pack,
                     waivers: dict[str, str] | None = None) -> PlanReport:
    """Judge the plan given as ``data``, a file called ``name`` (see check_plan)."""
    try:
        return judge_plan(parse_plan(data, name, pack.kinds, plan_setting(pack)), pack,
                          waivers)
    except WsmarkError as err:
        return PlanReport(name, "error", error=str(err).splitlines()[0])
