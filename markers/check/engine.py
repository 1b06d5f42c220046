"""The rule engine: a registry of small rules with stable ids, the runner that stamps
their findings, and the comparators rules judge with.

A rule's docstring says what it checks, why, and gives a passing and a failing
example; registration appends the quoted paragraph of its citation, so the words of
the rule live once (yamllint's rule modules, ruff's ``ruff rule``). A citation the
pack does not define is refused when the rule is registered, at import time.
"""

from __future__ import annotations

import copy
import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeVar

from markers.core.colors import AMBIGUITY_MARGIN, ColorMatch
from markers.core.spec import Law, Requirement
from markers.core.words import did_you_mean

__all__ = ["Hit", "Finding", "Check", "Judgement", "Tolerance", "Rule", "Registry", "Override",
           "SEVERITIES", "RESULTS", "Judge", "unjudged", "unsized", "HOW_TO_SIZE"]

#: Slack for numbers that should compare equal after floating-point arithmetic.
EPSILON = 1e-6

#: Severities, worst first. ``review``: a requirement the drawing does not let wsmark
#: judge (lettering not read, a raster image), so a person must look; never a pass.
SEVERITIES = ("error", "review", "warning", "info")

#: What a requirement judged on a marker came to (a Check's ``result``), by the severity
#: of its worst finding; "pass" when it has none beyond info, "waived" when the user
#: waived the rule's findings.
RESULTS = {"error": "fail", "review": "review", "warning": "warning"}

@dataclass(frozen=True)
class Hit:
    """What a rule found: the measured and required values, said in one sentence."""

    message: str
    measured: float | str | None = None
    required: str | None = None
    unit: str | None = None
    tolerance: float | None = None
    bbox: tuple[float, float, float, float] | None = None
    severity: str | None = None


@dataclass(frozen=True, kw_only=True)
class Finding(Hit):
    """A Hit stamped with its rule id, citation and severity (and a waiver, if any),
    and the index of the marker of its file it is about."""

    rule: str
    citation: str
    severity: str
    waived: str | None = None
    marker: int = 0


@dataclass(frozen=True, kw_only=True)
class Check:
    """One requirement judged on one marker: the row of evidence a clerk files, a pass
    as much as a failure. A rule judges one requirement or several (a race buoy's
    height, diameter, color ...), each its own row. ``result`` is "pass", "fail",
    "warning", "review" or "waived"; measured, required, unit and tolerance are those of
    the worst finding, or for a pass of the reading nearest its limit (a rule reads each
    letter, each band); ``message`` says it in one sentence."""

    rule: str
    citation: str
    result: str
    message: str
    measured: float | str | None = None
    required: str | None = None
    unit: str | None = None
    tolerance: float | None = None
    waived: str | None = None


@dataclass(frozen=True)
class Judgement:
    """What the rules made of one marker: its findings, and a Check for every
    requirement judged on it (``Registry.judgement``)."""

    findings: list[Finding]
    checks: list[Check]


@dataclass(frozen=True)
class Tolerance:
    """A rule's default tolerance: a requirement key of the pack (its value and unit
    from the table), or a number, or a function of the facts and the law, with its
    ``unit``.
    ``text`` says how a computed one is worked out. ``minimum``: the rule asks for at
    least a value, so a tolerance above the default accepts less than the rule does."""

    value: str | float | Callable[[Any, Law], float]
    unit: str = "in"
    text: str | None = None
    minimum: bool = False

    def default(self, facts: Any, law: Law) -> float:
        """The tolerance for ``facts`` under ``law``."""
        if isinstance(self.value, str):
            return law.req(self.value)
        return self.value(facts, law) if callable(self.value) else float(self.value)

    def describe(self, law: Law) -> str:
        """How much it is, in words."""
        if self.text:
            return self.text
        if isinstance(self.value, str):
            need = law.requirement(self.value)
            return f"{need.value:g} {need.unit}"
        return f"{self.value:g} {self.unit}"

    def unit_under(self, law: Law) -> str:
        """Its unit: the requirement's, or its own."""
        return law.requirement(self.value).unit if isinstance(self.value, str) else self.unit


@dataclass(frozen=True)
class Override:
    """A tolerance the user set for a rule, shown on every report: its value and unit,
    the rule's default, and whether it accepts less than the rule's own minimum (only
    with the user's explicit leave, ``allow_below_minimum``)."""

    rule: str
    value: float
    unit: str
    default: str
    below_minimum: bool = False

    def describe(self) -> str:
        unit = "" if self.unit == "ratio" else f" {self.unit}"
        text = f"{self.rule} tolerance {self.value:g}{unit} (default {self.default})"
        return text + (": accepts less than the rule's minimum (--allow-below-minimum)"
                       if self.below_minimum else "")


#: A check: a marker rule's yields Hits, a plan rule's (marker index, Hit) pairs.
F = TypeVar("F", bound=Callable[..., Iterable[Any]])


@dataclass(frozen=True)
class Rule:
    """A registered rule: id, citation, default severity, the kinds it judges ("*" for
    every kind) and, for a rule that compares a measurement, its default tolerance.
    A ``gate`` rule runs first: when it finds the drawing cannot be judged (not drawn
    at actual size), its findings stand alone instead of a cascade of wrong ones.
    A ``sized`` rule compares a length in inches with the law's (12 in, 2 in, 3 in
    letters): on a drawing that states no physical size (facts' ``size_unknown``) it
    is not judged; when it had anything to judge there, one review says what to state
    instead (``unsized``); a sized gate says nothing there (not drawn at actual size is
    what the other sized rules' reviews say).
    ``by_kind``: for a rule that judges kinds defined by different paragraphs (what a
    marker is, judged of every kind), the paragraph a finding on each kind cites; the
    ``citation`` is then that of a marker of no known kind."""

    id: str
    citation: str
    severity: str
    kinds: tuple[str, ...]
    check: Callable[[Any, Judge], Iterable[Any]]  # see F
    tolerance: Tolerance | None = None
    gate: bool = False
    sized: bool = False
    by_kind: Mapping[str, str] = field(default_factory=dict)

    @property
    def doc(self) -> str:
        return self.check.__doc__ or ""

    def cite(self, kind: str | None) -> str:
        """The paragraph a finding of this rule on a marker of ``kind`` cites."""
        return self.by_kind.get(kind or "", self.citation)

    def citations(self) -> list[str]:
        """Every citation the rule may give: its own, then those of its kinds."""
        return list(dict.fromkeys([self.citation, *self.by_kind.values()]))

    def judges(self, kind: str | None) -> bool:
        return kind in self.kinds or "*" in self.kinds


_CLAUSE_RANGE = re.compile(r"(?P<stem>.*?)(?P<first>\d+)-(?P<last>\d+)$")


class Registry:
    """One pack's rules, in registration order, judged under its ``law``."""

    def __init__(self, law: Law) -> None:
        self.law = law
        self.rules: dict[str, Rule] = {}

    def under(self, law: Law) -> Registry:
        """These rules judged under ``law`` (a pack that reuses another's rules with its
        own numbers); ``law`` must define their citations."""
        other = copy.copy(self)
        other.law = law
        for r in self.rules.values():
            for citation in r.citations():
                other.quotes(citation)  # a citation ``law`` lacks is refused here
        return other

    def quotes(self, citation: str) -> list[tuple[str, str]]:
        """(clause, quote) of each paragraph ``citation`` names: "NR 5.09(2)(b)1-4",
        "NR 5.09(2)(a)1,2,4", "NR 5.09(5)(d), USWMS practice". ValueError when one is
        not among the law's citations."""
        if citation in self.law.citations:
            return [(citation, self.law.citations[citation].quote)]
        found, stem = [], ""
        for part in (p.strip() for p in citation.split(",")):
            if part.isdigit() and stem:
                part = stem + part
            span = _CLAUSE_RANGE.fullmatch(part)
            names = [part] if part in self.law.citations or not span else \
                [f"{span['stem']}{n}" for n in range(int(span['first']), int(span['last']) + 1)]
            for name in names:
                if name not in self.law.citations:
                    raise ValueError(f"citation {name!r} is not defined by the pack "
                                     f"({citation!r})")
                found.append((name, self.law.citations[name].quote))
            stem = span["stem"] if span else re.sub(r"\d+$", "", part)
        return found

    def rule(self, rule_id: str, citation: str, severity: str, kinds: tuple[str, ...],
             tolerance: Tolerance | None = None, gate: bool = False,
             sized: bool = False, by_kind: Mapping[str, str] | None = None
             ) -> Callable[[F], F]:
        """Register the decorated check under ``rule_id``, its docstring completed with
        the quoted paragraphs of ``citation`` (and of each kind's, ``by_kind``)."""
        by_kind = dict(by_kind or {})
        quotes = list(dict.fromkeys(q for c in dict.fromkeys([citation, *by_kind.values()])
                                    for q in self.quotes(c)))

        def register(check: F) -> F:
            check.__doc__ = (check.__doc__ or "").rstrip() + "".join(
                f'\n\n    {clause}: "{quote}"' for clause, quote in quotes)
            self.rules[rule_id] = Rule(rule_id, citation, severity, kinds, check, tolerance,
                                       gate, sized, by_kind)
            return check

        return register

    def override(self, rule_id: str, value: float, allow_below_minimum: bool = False
                 ) -> Override:
        """The user's tolerance ``value`` for ``rule_id``, judged: ValueError (one line)
        for a rule without a tolerance, a value that is not a finite number >= 0, or one
        that would accept less than the rule's own minimum unless that is allowed."""
        rule_ = self.rules.get(rule_id)
        if rule_ is None or rule_.tolerance is None:
            known = [r.id for r in self.rules.values() if r.tolerance]
            hint = did_you_mean(rule_id, known) if rule_ is None else ""
            raise ValueError(f"{rule_id!r} has no tolerance{hint}; rules with one: "
                             f"{', '.join(known)}")
        if not 0 <= value < float("inf"):
            raise ValueError(f"{rule_id}={value:g}: a tolerance is a finite number >= 0")
        tol = rule_.tolerance
        default = tol.describe(self.law)
        below = tol.minimum and value > tol.default(None, self.law) + EPSILON
        unit = tol.unit_under(self.law)
        if below and not allow_below_minimum:
            raise ValueError(f"{rule_id}={value:g} would accept less than the rule's own "
                             f"minimum (default tolerance {default}); give "
                             "--allow-below-minimum to accept that, and the report says so")
        return Override(rule_id, value, unit, default, below)

    def evaluate(self, facts: Any, waivers: Mapping[str, str] | None = None,
                 tolerances: Mapping[str, float] | None = None) -> list[Finding]:
        """The findings of ``judgement``."""
        return self.judgement(facts, waivers, tolerances).findings

    def judgement(self, facts: Any, waivers: Mapping[str, str] | None = None,
              tolerances: Mapping[str, float] | None = None) -> Judgement:
        """Every rule that judges ``facts.kind``, and the faces a buoy carries
        (``facts.faces``), run; waived findings marked with their reason; ``tolerances``
        override rules' defaults (rule id -> value in the rule's unit). A gate rule's
        findings, when it has any, are the only ones. Beside the findings, a Check per
        requirement judged (found beyond info, or read), in registration order, a
        buoy's faces merged into one row per requirement."""
        waivers, tolerances = waivers or {}, tolerances or {}
        unknown = bool(getattr(facts, "size_unknown", False))
        runs = list(self._runs(facts, waivers, tolerances, unknown, gate=True))
        if not any(found for _, found, _ in runs):
            runs += [run for part in (facts, *facts.faces)
                     for run in self._runs(part, waivers, tolerances, unknown)]
        by_rule: dict[str, tuple[Rule, list[Finding], list[tuple[float, Hit]]]] = {}
        for r, found, readings in runs:
            _, all_found, all_readings = by_rule.setdefault(r.id, (r, [], []))
            all_found += found
            all_readings += readings
        checks = [c for r, found, readings in by_rule.values()
                  for c in _checks(r, found, readings, r.cite(facts.kind))]
        return Judgement([f for _, found, _ in runs for f in found], checks)

    def _runs(self, facts: Any, waivers: Mapping[str, str], tolerances: Mapping[str, float],
              unknown: bool = False, gate: bool = False
              ) -> Iterator[tuple[Rule, list[Finding], list[tuple[float, Hit]]]]:
        """Each rule judging ``facts`` run: the rule, its findings and what it read (of a
        sized rule on a drawing of ``unknown`` size, the one review of ``unsized``)."""
        for r in self.rules.values():
            if r.gate != gate or not r.judges(facts.kind):
                continue
            tol = tolerances.get(r.id)
            if tol is None and r.tolerance is not None:
                tol = r.tolerance.default(facts, self.law)
            judge = Judge(self.law, tol)
            hits = list(r.check(facts, judge))
            if unknown and r.sized:  # a gate says what the sized rules' reviews say
                hits = [unsized(r)] if not r.gate and (judge.readings or any(
                    (h.severity or r.severity) != "info" for h in hits)) else []
                judge.readings.clear()
            found = [Finding(**{**vars(hit), "severity": hit.severity or r.severity},
                             rule=r.id, citation=r.cite(facts.kind), waived=waivers.get(r.id))
                     for hit in hits]
            yield r, found, judge.readings


def _checks(r: Rule, found: list[Finding], readings: list[tuple[float, Hit]],
            citation: str) -> list[Check]:
    """The rows of rule ``r`` on a marker, one per requirement it judged (what it
    requires, in its unit: a race buoy's height, diameter, color, shape, material):
    the worst finding beyond info of each, then of each requirement read without a
    finding the reading nearest its limit, a pass. None when it judged nothing there
    (a rule of another case: a danger sign's words that are not there, a lighted aid).
    A row cites ``citation`` (the paragraph of the marker's kind), or its finding's."""
    rows: dict[tuple[str | None, str | None], Check] = {}
    for f in sorted((f for f in found if f.severity != "info"),
                    key=lambda f: SEVERITIES.index(f.severity)):
        rows.setdefault((f.required, f.unit), Check(
            rule=r.id, citation=f.citation,
            result="waived" if f.waived else RESULTS[f.severity], message=f.message,
            measured=f.measured, required=f.required, unit=f.unit, tolerance=f.tolerance,
            waived=f.waived))
    nearest: dict[tuple[str | None, str | None], tuple[float, Hit]] = {}
    for margin, hit in readings:
        key = (hit.required, hit.unit)
        if key not in rows and (key not in nearest or margin < nearest[key][0]):
            nearest[key] = (margin, hit)
    return [*rows.values(), *(Check(rule=r.id, citation=citation, result="pass",
                                    message=hit.message, measured=hit.measured,
                                    required=hit.required, unit=hit.unit,
                                    tolerance=hit.tolerance)
                              for _, hit in nearest.values())]


@dataclass(frozen=True)
class Judge:
    """What a rule is handed beside the facts, as yamllint's rules get ``conf``: the
    ``law`` it judges by and the ``tolerance`` it runs with (the user's override, else
    its default; None for a rule that declares none). Its comparators allow that
    tolerance and stamp it on the Hit."""

    law: Law
    tolerance: float | None = None
    #: what the rule read, each with its margin (how far inside its limit, in its unit;
    #: infinite for a quality such as a color): the evidence of a pass
    readings: list[tuple[float, Hit]] = field(default_factory=list, compare=False, repr=False)

    @property
    def tol(self) -> float:
        """The tolerance as a number: 0 for a rule that declares none."""
        return self.tolerance or 0.0

    def req(self, key: str) -> float:
        """The value of the law's requirement ``key``."""
        return self.law.req(key)

    def requirement(self, key: str) -> Requirement:
        """The law's requirement ``key``."""
        return self.law.requirement(key)

    def _stamped(self) -> float | None:
        return None if self.tolerance is None else round(self.tolerance, 4)

    def saw(self, message: str, measured: float | str | None, required: str | None = None, *,
            unit: str | None = None, margin: float = float("inf")) -> None:
        """Record what a rule read and found within its requirement (a shape, a reading
        of the words, a count), where no comparator did: the evidence of a pass."""
        self.readings.append((margin, Hit(message, measured=measured, required=required,
                                          unit=unit, tolerance=self._stamped())))

    def _read(self, hit: Hit, margin: float) -> Iterator[Hit]:
        """``hit`` recorded as a reading, and yielded when ``margin`` is below zero."""
        self.readings.append((margin, hit))
        if margin < -EPSILON:
            yield hit

    def at_least(self, value: float | None, low: float, say: Callable[[float], str], *,
                 unit: str = "in", bbox: tuple[float, float, float, float] | None = None,
                 required: str | None = None) -> Iterator[Hit]:
        """A Hit when ``value`` is below ``low`` by more than the tolerance."""
        if value is not None:
            yield from self._read(Hit(say(value), measured=round(value, 3),
                                      required=required or f">= {low:g}", unit=unit,
                                      tolerance=self._stamped(), bbox=bbox),
                                  value - low + self.tol)

    def at_most(self, value: float | None, high: float, say: Callable[[float], str], *,
                unit: str = "in", bbox: tuple[float, float, float, float] | None = None,
                required: str | None = None, digits: int = 3) -> Iterator[Hit]:
        """A Hit when ``value`` is above ``high`` by more than the tolerance."""
        if value is not None:
            yield from self._read(Hit(say(value), measured=round(value, digits),
                                      required=required or f"<= {high:g}", unit=unit,
                                      tolerance=self._stamped(), bbox=bbox),
                                  high + self.tol - value)

    def within(self, value: float | None, low: float, high: float,
               say: Callable[[float], str], *, required: str, unit: str = "in",
               digits: int = 3, bbox: tuple[float, float, float, float] | None = None
               ) -> Iterator[Hit]:
        """A Hit when ``value`` lies outside ``low``..``high`` by more than the tolerance."""
        if value is not None:
            yield from self._read(Hit(say(value), measured=round(value, digits),
                                      required=required, unit=unit, tolerance=self._stamped(),
                                      bbox=bbox),
                                  min(value - low, high - value) + self.tol)

    def approximately(self, value: float | None, want: float, far: float,
                      say: Callable[[float, bool], str], *, unit: str = "in",
                      relative: bool = False, digits: int = 3,
                      bbox: tuple[float, float, float, float] | None = None) -> Iterator[Hit]:
        """"Approximately ``want``" (RULES.md): nothing within the tolerance of it (the
        first band), a warning beyond it up to ``far`` (the second band), an error beyond
        that. ``relative``: both bands are shares of ``want``. The Hit stamps the band it
        broke as its tolerance (in ``unit``) and both bands in ``required``;
        ``say(value, beyond_far)`` words it."""
        scale = abs(want) if relative else 1.0
        near = self.tol * scale
        far = max(far * scale, near)
        if value is None:
            return
        beyond = abs(value - want) > far + EPSILON
        yield from self._read(Hit(say(value, beyond), measured=round(value, digits),
                                  required=f"about {want:g} +- {near:.4g} (error beyond "
                                  f"+- {far:.4g})", unit=unit,
                                  tolerance=round(far if beyond else near, 4), bbox=bbox,
                                  severity="error" if beyond else "warning"),
                              near - abs(value - want))

    def color_is(self, match: ColorMatch | None, want: str, say: Callable[[ColorMatch], str],
                 *, bbox: tuple[float, float, float, float] | None = None) -> Iterator[Hit]:
        """A Hit when a color was read and is not of family ``want``; a review when it is
        ambiguous between ``want`` and another family (ColorMatch.ambiguous); a color of
        family ``want`` is recorded as read."""
        found = list(_color_is(match, want, say, bbox=bbox))
        if match is not None and not found:
            self.saw(say(match), match.family, want)
        yield from found


def _color_is(match: ColorMatch | None, want: str, say: Callable[[ColorMatch], str], *,
             bbox: tuple[float, float, float, float] | None = None) -> Iterator[Hit]:
    """A Hit when a color was read and is not of family ``want``; a review when it is
    ambiguous between ``want`` and another family (ColorMatch.ambiguous)."""
    if match is None:
        return
    if match.ambiguous and want in (match.family, match.runner_up):
        yield unjudged(f"the color {match.hex}", f"it lies between {match.family} (dE2000 "
                       f"{match.distance:.1f}) and {match.runner_up} (dE2000 "
                       f"{match.runner_up_distance:.1f}), less than {AMBIGUITY_MARGIN:g} "
                       "apart", required=want, bbox=bbox)
    elif match.family != want:
        yield Hit(say(match), measured=match.family, required=want, bbox=bbox)


#: What a person may give or state so that a drawing of unknown size is judged in full.
HOW_TO_SIZE = ("give its display height (-H), or its scale (--scale, inches per unit), or "
               "state the scale on the proof (SCALE: 1\" = 1'-0\", FULL SIZE)")


def unsized(r: Rule) -> Hit:
    """The review of sized rule ``r`` on a drawing that states no physical size: what
    the rule requires (its doc's first line), not judged, and how to size the drawing."""
    requires = " ".join(r.doc.strip().split("\n\n")[0].split()).rstrip(".")
    return Hit(f"not judged: {requires[:1].lower()}{requires[1:]}, but the drawing states no "
               f"physical size; {HOW_TO_SIZE}", measured="size unknown",
               required="a physical size", severity="review")


def unjudged(what: str, why: str, *, required: str | None = None,
             bbox: tuple[float, float, float, float] | None = None) -> Hit:
    """A Hit of severity ``review``: ``what`` could not be judged from the drawing
    because ``why``, so the marker is not passed until a person has looked."""
    return Hit(f"{what} could not be judged: {why}; a person must check it",
               measured="not judged", required=required, severity="review", bbox=bbox)
