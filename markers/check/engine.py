"""The rule registry and runner: a rule is a small function with a stable id.

A rule's docstring says what it checks, why, and gives a passing and a failing
example; registration appends the quoted paragraph from ``markers.packs.wi_nr509.citations`` so the
words of the rule live once. The runner stamps id, citation and severity on each hit
(yamllint's rule modules, ruff's ``ruff rule``).
"""

from __future__ import annotations

from contextvars import ContextVar
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

from markers.packs.wi_nr509.citations import REFS
from markers.check.measure.faces import Facts

__all__ = ["Hit", "Finding", "Rule", "RULES", "rule", "evaluate", "tolerance"]

#: The user's tolerance for the rule being run (``--tolerance RULE=VALUE``), if any.
_OVERRIDE: ContextVar[float | None] = ContextVar("tolerance_override", default=None)


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
    """A Hit stamped with its rule id, citation and severity (and a waiver, if any)."""

    rule: str
    citation: str
    severity: str
    waived: str | None = None


@dataclass(frozen=True)
class Rule:
    """A registered rule: id, citation, default severity, the kinds it judges and, for
    a rule that compares a measurement, its default tolerance (said in words)."""

    id: str
    citation: str
    severity: str
    kinds: tuple[str, ...]
    check: Callable[[Facts], Iterable[Hit]]
    tolerance: str | None = None

    @property
    def doc(self) -> str:
        return self.check.__doc__ or ""


RULES: dict[str, Rule] = {}


def rule(rule_id: str, citation: str, severity: str, kinds: tuple[str, ...],
         tolerance: str | None = None):
    """Register the decorated check under ``rule_id``; ``citation`` names the paragraph
    (its first clause id must be in markers.packs.wi_nr509.citations); ``tolerance`` describes the
    default tolerance of a rule that a user may override."""

    def register(check: Callable[[Facts], Iterable[Hit]]):
        clause = citation.split(",")[0].strip()
        quote = REFS[clause].quote if clause in REFS else ""
        check.__doc__ = (check.__doc__ or "").rstrip() + (
            f'\n\n    {clause}: "{quote}"' if quote else "")
        RULES[rule_id] = Rule(rule_id, citation, severity, kinds, check, tolerance)
        return check

    return register


def tolerance(default: float) -> float:
    """The tolerance a rule compares with: the user's override for it, else ``default``."""
    override = _OVERRIDE.get()
    return default if override is None else override


def evaluate(facts: Facts, waivers: dict[str, str] | None = None,
             tolerances: dict[str, float] | None = None) -> list[Finding]:
    """Run every rule that judges ``facts.kind`` and return its findings, waived ones
    marked with their reason; ``tolerances`` override rules' defaults (rule id ->
    value in the rule's unit). The faces a buoy carries are judged as faces too."""
    return [found for part in (facts, *facts.faces)
            for found in _findings(part, waivers or {}, tolerances or {})]


def _findings(facts: Facts, waivers: dict[str, str],
              tolerances: dict[str, float]) -> Iterator[Finding]:
    for r in RULES.values():
        if facts.kind not in r.kinds and "*" not in r.kinds:
            continue
        token = _OVERRIDE.set(tolerances.get(r.id))
        try:
            hits = list(r.check(facts))
        finally:
            _OVERRIDE.reset(token)
        for hit in hits:
            yield Finding(**{**vars(hit), "severity": hit.severity or r.severity},
                          rule=r.id, citation=r.citation, waived=waivers.get(r.id))
