"""The application a plan is filed with: its parties and the deciding party's decision,
read from the plan (GeoJSON ``application``, CSV columns) or given as options, and what
it still lacks before it can be filed.

The roles (applicant, property owner ...) and the paragraphs that name them are the
pack's ApplicationForm; this module knows only their shape. A party is written
``{"name": ..., "address": ..., "contact": ...}`` or as one text
``"NAME; ADDRESS; CONTACT"`` (an address keeps its commas); the decision is
``{"outcome": "approved" | "disapproved", "date": "YYYY-MM-DD", "signatory": ...}``.
In a CSV the same are columns (``applicant_name``, ``decision_date`` ...), stated on
any row and the same wherever stated. Anything malformed is a one-line WsmarkError.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from markers.core.spec import Law, Requirement
from markers.errors import WsmarkError
from markers.plan.model import (
    OUTCOMES,
    Application,
    ApplicationForm,
    ApplicationStatus,
    Decision,
    Party,
    Plan,
    PlanFinding,
    PlanMarker,
    PlanReport,
)

__all__ = ["parse_application", "party_text", "application_columns", "from_columns",
           "with_options", "option_keys", "application_status", "restated"]

#: The decision's keys as plan columns and options (the outcome, its date, who signs).
DECISION_KEYS = {"outcome": "decision", "date": "decision_date",
                 "signatory": "decision_signatory"}
#: How the missing list names a decision's field.
_DECISION_WORDS = {"outcome": "approval or disapproval", "date": "date",
                   "signatory": "signatory"}


def _text(value: Any, what: str) -> str | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if not isinstance(value, (str, int, float)) or isinstance(value, bool):
        raise WsmarkError(f"{what} is text, not {type(value).__name__}")
    return str(value).strip()


def party_text(text: str, what: str) -> Party:
    """"NAME; ADDRESS; CONTACT" as a Party (a part left empty or out is unstated)."""
    parts = [p.strip() for p in text.split(";")]
    if len(parts) > len(Party.FIELDS):
        raise WsmarkError(f"{what}: {text[:60]!r} has {len(parts)} parts; give at most "
                          f"NAME; ADDRESS; CONTACT (an address keeps its commas)")
    return Party(*(p or None for p in parts))


def _party(value: Any, what: str) -> Party:
    if isinstance(value, str):
        return party_text(value, what)
    if not isinstance(value, dict):
        raise WsmarkError(f"{what} is {{name, address, contact}} or 'NAME; ADDRESS; "
                          f"CONTACT', not {type(value).__name__}")
    unknown = sorted(set(value) - set(Party.FIELDS))
    if unknown:
        raise WsmarkError(f"{what}: unknown field {', '.join(unknown)}; known: "
                          f"{', '.join(Party.FIELDS)}")
    return Party(**{k: _text(value.get(k), f"{what} {k}") for k in Party.FIELDS})


def _outcome(value: str | None, what: str) -> str | None:
    if value is None:
        return None
    lowered = value.lower()
    found = next((o for o in OUTCOMES if lowered in (o, o.removesuffix("d"))), None)
    if found is None:
        raise WsmarkError(f"{what} {value!r} is not {' or '.join(OUTCOMES)}")
    return found


def _date(value: str | None, what: str) -> str | None:
    if value is None:
        return None
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except ValueError:
        raise WsmarkError(f"{what} {value!r} is not a date (YYYY-MM-DD)") from None


def _decision(values: Sequence[Any], what: str) -> Decision:
    """The Decision of its ``values`` in Decision.FIELDS order (outcome, date, signatory)."""
    outcome, date, signatory = values
    return Decision(_outcome(_text(outcome, f"{what} outcome"), f"{what} outcome"),
                    _date(_text(date, f"{what} date"), f"{what} date"),
                    _text(signatory, f"{what} signatory"))


def _roles(form: ApplicationForm | None) -> list[str]:
    return [r.key for r in form.roles] if form else []


def parse_application(raw: Any, form: ApplicationForm | None, where: str) -> Application:
    """The Application of a plan's ``application`` object (None: nothing stated);
    ``where`` (the file) prefixes an error."""
    if raw is None:
        return Application()
    if not isinstance(raw, dict):
        raise WsmarkError(f"{where}: 'application' is an object of parties and a decision")
    roles = _roles(form)
    unknown = sorted(set(raw) - set(roles) - {"decision"})
    if unknown:
        raise WsmarkError(f"{where}: application: unknown {', '.join(unknown)}; known: "
                          f"{', '.join([*roles, 'decision'])}")
    try:
        parties = {r: _party(raw[r], f"application {r}") for r in roles if raw.get(r)}
        decision = raw.get("decision") or {}
        if not isinstance(decision, dict) or set(decision) - set(Decision.FIELDS):
            raise WsmarkError(f"application decision is {{{', '.join(Decision.FIELDS)}}}")
        return Application(parties, _decision([decision.get(k) for k in Decision.FIELDS],
                                              "application decision"))
    except WsmarkError as err:
        raise WsmarkError(f"{where}: {err}") from None


def application_columns(form: ApplicationForm | None) -> tuple[str, ...]:
    """The CSV columns that state the application: ``<role>_<field>`` and the
    decision's."""
    return (*(f"{r}_{f}" for r in _roles(form) for f in Party.FIELDS),
            *DECISION_KEYS.values())


def from_columns(values: Mapping[str, str], form: ApplicationForm | None) -> Application:
    """The Application of CSV ``values`` by column (see application_columns)."""
    parties = {}
    for role in _roles(form):
        party = Party(*(values.get(f"{role}_{f}") or None for f in Party.FIELDS))
        if party != Party():
            parties[role] = party
    return Application(parties, _decision([values.get(DECISION_KEYS[k])
                                           for k in Decision.FIELDS], "decision"))


def option_keys(form: ApplicationForm | None) -> tuple[str, ...]:
    """What options may state: a role ("NAME; ADDRESS; CONTACT") or a decision key."""
    return (*_roles(form), *DECISION_KEYS.values())


def with_options(plan: Plan, options: Mapping[str, str], form: ApplicationForm | None
                 ) -> Plan:
    """``plan`` with its application stated over by ``options``: a role key gives that
    party whole ("NAME; ADDRESS; CONTACT"), a decision key one field of the decision.
    An unknown key is a one-line WsmarkError naming the known ones."""
    known = option_keys(form)
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise WsmarkError(f"unknown application field {', '.join(unknown)}; known: "
                          f"{', '.join(known)}")
    base = plan.application
    parties = dict(base.parties)
    parties.update({r: party_text(options[r], r) for r in _roles(form) if r in options})
    given = {field: options.get(key) for field, key in DECISION_KEYS.items()}
    decision = _decision([given[f] if given[f] is not None else getattr(base.decision, f)
                          for f in Decision.FIELDS], "decision")
    return replace(plan, application=Application(parties, decision))


def _tags(markers: list) -> str:
    shown = ", ".join(m.tag for m in markers[:12])
    more = f" and {len(markers) - 12} more" if len(markers) > 12 else ""
    return f"{shown}{more} ({len(markers)} marker{'s' if len(markers) != 1 else ''})"


def application_status(plan: Plan, form: ApplicationForm | None, law: Law,
                       findings: list[PlanFinding]) -> ApplicationStatus:
    """What the application of ``plan`` lacks before it can be filed (its parties'
    unstated fields, the decision, each written permission not given, the check's
    unwaived errors and reviews), and each marker's conditions of placement."""
    if form is None:
        return ApplicationStatus((), (), {})
    kinds = {m.kind for m in plan.markers}
    roles = tuple(r for r in form.roles if not r.kinds or kinds & set(r.kinds))
    missing = []
    for role in roles:
        unstated = plan.application.party(role.key).unstated()
        if unstated:
            missing.append(f"{role.title}: {', '.join(unstated)} ({role.clause})")
    unstated = plan.application.decision.unstated()
    if unstated:
        missing.append(f"{form.role(form.decides).title}'s decision: "
                       f"{', '.join(_DECISION_WORDS[f] for f in unstated)} "
                       f"({form.decision_clause})")
    conditions: dict[int, list[str]] = {}
    for role in roles:
        if not role.kinds:
            continue
        owner = plan.application.party(role.key).name
        lacking: dict[bool | None, list[PlanMarker]] = {None: [], False: []}
        for i, m in enumerate(plan.markers):
            if m.kind not in role.kinds:
                continue
            who = m.riparian_owner or owner
            said = {True: "given", False: "refused", None: "not stated"}[m.riparian_permission]
            conditions.setdefault(i, []).append(
                f"written permission of the {role.title.lower()}"
                f"{f' ({who})' if who else ''}: {said} ({role.clause})")
            if m.riparian_permission is not True:
                lacking[m.riparian_permission].append(m)
        for state, words in ((None, "not stated"), (False, "refused")):
            if lacking[state]:
                missing.append(f"{role.title}'s written permission {words} for "
                               f"{_tags(lacking[state])} ({role.clause})")
    limit = law.requirement(form.temporary) if form.temporary is not None else None
    for i, m in enumerate(plan.markers):
        for line in (_temporary(m, limit), _ordinance(m, form)):
            if line:
                conditions.setdefault(i, []).append(line)
    missing += _unsettled(findings)
    return ApplicationStatus(roles, tuple(missing),
                             {i: tuple(lines) for i, lines in conditions.items()})


def _temporary(m: PlanMarker, limit: Requirement | None) -> str | None:
    """A temporary placement's condition: its days, and whether a local authority may
    exempt it (``limit``: the law's days, None where the law sets none)."""
    if m.temporary_days is None:
        return None
    if limit is None:
        return f"temporary placement: {m.temporary_days} days"
    exempt = (f"longer than the {limit.value:g} days a local authority may exempt, so "
              "the department's approval applied for here is needed"
              if m.temporary_days > limit.value else
              f"up to {limit.value:g} days may be exempted by a local authority")
    return f"temporary placement: {m.temporary_days} days; {exempt} ({limit.ref.clause})"


def _ordinance(m: PlanMarker, form: ApplicationForm) -> str | None:
    """The local ordinance a marker that enforces a restriction enforces (s. 30.77)."""
    if m.kind not in form.enforcing and m.symbol not in form.enforcing:
        return None
    return (f"local ordinance it enforces ({form.ordinance_clause}): "
            f"{m.ordinance or 'not named in the plan'}")


def _unsettled(findings: list[PlanFinding]) -> list[str]:
    """The check's unwaived errors and reviews, counted, as what the application lacks."""
    said = []
    for severity, words in (("error", "error finding{s} of the check to correct"),
                            ("review", "finding{s} of the check for a person to settle")):
        count = sum(1 for f in findings
                    if f.finding.severity == severity and not f.finding.waived)
        if count:
            said.append(f"{count} {words.format(s='s' if count != 1 else '')} (see Findings)")
    return said


def restated(report: PlanReport, options: Mapping[str, str], law: Law) -> PlanReport:
    """``report`` with its plan's application stated over by ``options`` (see
    with_options) and what it lacks judged again."""
    form = report.words.form if report.words else None
    plan = with_options(report.read_plan, options, form)
    return replace(report, plan=plan,
                   application=application_status(plan, form, law, report.findings))


#: The outcome a refusal guards: an approval of a plan that still has errors.
APPROVED = "approved"


def approval_refused(report: PlanReport) -> str | None:
    """Why a packet recording an approval of ``report``'s plan is not written (None when
    it may be): the plan still has error findings that are neither corrected nor
    waived. A packet that ticks "approves" beside errors would say the plan meets the
    rule where it does not; an authority that accepts a finding records it as a waiver
    with its reason in the plan (``waivers``), and the packet then lists it as waived."""
    if report.plan is None or report.plan.application.decision.outcome != APPROVED:
        return None
    errors = [f for f in report.findings if f.finding.severity == "error"
              and not f.finding.waived]
    if not errors:
        return None
    named = ", ".join(dict.fromkeys(
        f"{f.finding.rule} ({f.finding.citation})"
        + (f" on {f.ws_id}" if f.ws_id else f" on #{f.marker + 1}" if f.marker is not None
           else "") for f in errors[:4]))
    more = f" and {len(errors) - 4} more" if len(errors) > 4 else ""
    return (f"{report.file}: refused to write an approval of a plan with {len(errors)} "
            f"error finding{'s' if len(errors) != 1 else ''} to correct: {named}{more}; "
            "correct the plan, accept each finding by a waiver with its reason in the "
            "plan's 'waivers', or record the decision as disapproved")

