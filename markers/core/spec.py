"""The vocabulary of a rule: cited paragraphs, numbers and lists, and built dimensions.

A pack (``markers.packs``) fills these tables for one jurisdiction as a ``Law``, which
it hands to the builders, measurers and rules (as yamllint hands its rules ``conf``):
they read its numbers through ``Law.req`` and friends, never from ambient state.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

__all__ = ["Ref", "Requirement", "Choice", "Dimension", "Law"]


@dataclass(frozen=True)
class Ref:
    """A cited paragraph: ``clause`` as printed in reports, ``quote`` its words."""

    clause: str
    quote: str

    def __str__(self) -> str:
        return self.clause


@dataclass(frozen=True)
class Requirement:
    """One number of the rule: ``value`` in ``unit`` per ``ref``; ``text`` says what."""

    key: str
    value: float
    unit: str
    ref: Ref
    text: str


@dataclass(frozen=True)
class Choice:
    """A list the rule names (colors, shapes, materials), with its paragraph."""

    key: str
    values: tuple[str, ...]
    ref: Ref
    text: str


@dataclass(frozen=True)
class Dimension:
    """One dimension of a built marker and the paragraph it comes from (for spec/sheets)."""

    name: str
    value: float | str
    unit: str
    clause: str

    def as_text(self) -> str:
        value = f"{self.value:.2f}" if isinstance(self.value, float) else str(self.value)
        return f"{value} {self.unit}".strip()


@dataclass(frozen=True, eq=False)
class Law:
    """One jurisdiction's words and numbers, handed to the builders, measurers and rules
    that need them (never put in force around them). ``code`` is how its messages name
    the rule ("NR 5.09"); ``practice`` is the clause id of the project's own
    recommendations. ``clauses`` names, by topic, the paragraph a builder cites where
    no requirement or kind of the pack carries it ("curvature": "NR 5.09(6)(d)").
    ``unset`` names requirement keys another law judges that this one sets no number
    for, each with the paragraph a comparison names ("not required by 15-121-A2(d)").
    A law is equal only to itself, so caches may be keyed on it."""

    code: str
    citations: Mapping[str, Ref]
    requirements: Mapping[str, Requirement]
    choices: Mapping[str, Choice]
    practice: str
    clauses: Mapping[str, str] = field(default_factory=dict)
    unset: Mapping[str, str] = field(default_factory=dict)

    def clause(self, topic: str) -> str:
        """The paragraph the law gives ``topic`` (KeyError on a typo)."""
        return self.clauses[topic]

    def ref(self, clause: str) -> Ref:
        """The Ref for ``clause``; a typo is a programming error, so KeyError."""
        return self.citations[clause]

    def requirement(self, key: str) -> Requirement:
        """Requirement ``key`` (KeyError on a typo)."""
        return self.requirements[key]

    def req(self, key: str) -> float:
        """The value of requirement ``key``."""
        return self.requirements[key].value

    def choice(self, key: str) -> Choice:
        """List ``key``."""
        return self.choices[key]

    def dimension(self, name: str, value: float | str, unit: str,
                  key_or_clause: str) -> Dimension:
        """A built marker's dimension citing requirement ``key_or_clause`` (or that
        clause)."""
        table = self.requirements
        clause = table[key_or_clause].ref.clause if key_or_clause in table else key_or_clause
        return Dimension(name, value, unit, clause)

    def at_least(self, key: str) -> str:
        """"(>= 36 in)": a minimum for a dimension's name, from the table."""
        need = self.requirements[key]
        return f"(>= {need.value:g} {need.unit})"

    def about(self, key: str) -> str:
        """"(about 18 in)": an approximate size for a dimension's name, from the table."""
        need = self.requirements[key]
        return f"(about {need.value:g} {need.unit})"
