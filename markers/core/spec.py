"""The vocabulary of a rule: cited paragraphs, numbers and lists, and built dimensions.

A pack (``markers.packs``) fills these tables for one jurisdiction and puts its ``Law``
in force while it builds or measures (``governed_by``); builders and measurers read the
numbers through ``req`` and friends, so they are handed the law instead of importing it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

__all__ = ["Ref", "Requirement", "Choice", "Dimension", "Law", "governed_by", "law", "code", "req",
           "requirement", "choice", "cite", "dimension", "at_least", "about"]


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


@dataclass(frozen=True)
class Law:
    """One jurisdiction's words and numbers. ``code`` is how its messages name the rule
    ("NR 5.09"); ``practice`` is the clause id of the project's own recommendations."""

    code: str
    citations: Mapping[str, Ref]
    requirements: Mapping[str, Requirement]
    choices: Mapping[str, Choice]
    practice: str

    def ref(self, clause: str) -> Ref:
        """The Ref for ``clause``; a typo is a programming error, so KeyError."""
        return self.citations[clause]


_ACTIVE: ContextVar[Law | None] = ContextVar("law", default=None)


@contextmanager
def governed_by(active: Law) -> Iterator[Law]:
    """Put ``active`` in force for the builders and measurers called inside."""
    token = _ACTIVE.set(active)
    try:
        yield active
    finally:
        _ACTIVE.reset(token)


def law() -> Law:
    """The law in force; building or measuring outside a pack is a programming error."""
    active = _ACTIVE.get()
    if active is None:
        raise RuntimeError("no pack is in force: build and check through markers.api or a Pack")
    return active


def requirement(key: str) -> Requirement:
    """Requirement ``key`` of the law in force (KeyError on a typo)."""
    return law().requirements[key]


def req(key: str) -> float:
    """The value of requirement ``key`` of the law in force."""
    return requirement(key).value


def choice(key: str) -> Choice:
    """List ``key`` of the law in force."""
    return law().choices[key]


def cite(clause: str) -> Ref:
    """Paragraph ``clause`` of the law in force."""
    return law().ref(clause)


def dimension(name: str, value: float | str, unit: str, key_or_clause: str) -> Dimension:
    """A built marker's dimension citing requirement ``key_or_clause`` (or that clause)."""
    table = law().requirements
    clause = table[key_or_clause].ref.clause if key_or_clause in table else key_or_clause
    return Dimension(name, value, unit, clause)


def at_least(key: str) -> str:
    """"(>= 36 in)": a minimum for a dimension's name, from the table."""
    need = requirement(key)
    return f"(>= {need.value:g} {need.unit})"


def about(key: str) -> str:
    """"(about 18 in)": an approximate size for a dimension's name, from the table."""
    need = requirement(key)
    return f"(about {need.value:g} {need.unit})"


def code() -> str:
    """How the law in force names itself in citations ("NR 5.09")."""
    return law().code
