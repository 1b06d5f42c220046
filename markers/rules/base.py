"""The rule registry and runner: a rule is a small function with a stable id.

A rule's docstring says what it checks, why, and gives a passing and a failing
example; registration appends the quoted paragraph from ``markers.citations`` so the
words of the rule live once. The runner stamps id, citation and severity on each hit
(yamllint's rule modules, ruff's ``ruff rule``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable, Iterator

from markers.citations import REFS
from markers.measure import Facts

__all__ = ["Hit", "Finding", "Rule", "RULES", "rule", "evaluate"]


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
    """A registered rule: id, citation, default severity, the kinds it judges."""

    id: str
    citation: str
    severity: str
    kinds: tuple[str, ...]
    check: Callable[[Facts], Iterable[Hit]]

    @property
    def doc(self) -> str:
        return self.check.__doc__ or ""


RULES: dict[str, Rule] = {}


def rule(rule_id: str, citation: str, severity: str, kinds: tuple[str, ...]):
    """Register the decorated check under ``rule_id``; ``citation`` names the paragraph
    (its first clause id must be in markers.citations)."""

    def register(check: Callable[[Facts], Iterable[Hit]]):
        clause = citation.split(",")[0].strip()
        quote = REFS[clause].quote if clause in REFS else ""
        check.__doc__ = (check.__doc__ or "").rstrip() + (
            f'\n\n    {clause}: "{quote}"' if quote else "")
        RULES[rule_id] = Rule(rule_id, citation, severity, kinds, check)
        return check

    return register


def evaluate(facts: Facts, waivers: dict[str, str] | None = None) -> list[Finding]:
    """Run every rule that judges ``facts.kind`` and return its findings, waived ones
    marked with their reason; the faces a buoy carries are judged as faces too."""
    waivers = waivers or {}
    return [found for part in (facts, *facts.faces) for found in _findings(part, waivers)]


def _findings(facts: Facts, waivers: dict[str, str]) -> Iterator[Finding]:
    for r in RULES.values():
        if facts.kind not in r.kinds and "*" not in r.kinds:
            continue
        for hit in r.check(facts):
            yield Finding(**{**vars(hit), "severity": hit.severity or r.severity},
                          rule=r.id, citation=r.citation, waived=waivers.get(r.id))
