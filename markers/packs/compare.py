"""What differs between two packs: kind by kind, rule by rule and number by number,
what each law requires, with both citations side by side.

Kinds are matched by what the measurer detects (``Kind.shape``, a framed face by its
symbol): Wisconsin's buoy-mooring and Connecticut's mooring-buoy are both a
"mooring-buoy", Wisconsin's danger sign and Connecticut's danger beacon a "diamond".
A kind's numbers are the requirements citing its paragraph or its rules', and of
those it declares it needs (``Kind.needs``: the house's tolerances beside them) the
ones the other law knows too (sets, or names as not required) and not every kind of
its pack needs (what is read of every drawing); a number one law sets and the other
does not is said as "not required by" the paragraph the other names (``Law.unset``), or
"not set".
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import zip_longest

from markers.check.engine import Rule
from markers.core.pack import FRAMED, Kind, Pack

__all__ = ["Row", "Section", "compare", "compare_lines"]


@dataclass(frozen=True)
class Row:
    """One line of a section: what is compared, and each pack's words for it."""

    what: str
    left: str
    right: str


@dataclass(frozen=True)
class Section:
    """One kind (or a pair of kinds of the same shape) with its rows."""

    title: str
    rows: tuple[Row, ...]


def _judging(pack: Pack, kind: Kind | None) -> list[Rule]:
    """The rules of ``pack`` that judge ``kind`` by name (not those of every kind)."""
    if kind is None:
        return []
    return [r for r in pack.rules.rules.values() if kind.report_name in r.kinds]


def _keys(pack: Pack, kind: Kind | None, other: Pack) -> list[str]:
    """The requirement keys of ``kind``: those citing its paragraph or a paragraph one
    of its rules cites, then those it declares it needs that the ``other`` pack's law
    knows (sets, or names as not required)."""
    if kind is None:
        return []
    clauses = {kind.ref.clause} | {clause for r in _judging(pack, kind)
                                   for clause, _ in pack.rules.quotes(r.citation)}
    citing = [key for key, need in pack.law.requirements.items()
              if need.ref.clause in clauses]
    known = {*other.law.requirements, *other.law.unset}
    # what every kind of the pack needs is read of every drawing, not of this kind
    everywhere = set.intersection(*(set(k.needs) for k in pack.kinds.values()))
    return citing + [key for key in kind.needs
                     if key not in citing and key in known and key not in everywhere]


def _symbol(kind: Kind) -> str:
    """What a kind is matched by: its shape, a framed face's by its symbol's."""
    return kind.shape.removeprefix(FRAMED)


def _number(pack: Pack, key: str) -> str:
    law = pack.law
    if key in law.requirements:
        need = law.requirements[key]
        value = f"{need.value:.4g}" if need.unit != "ratio" else f"{need.value:.3g}"
        return f"{value} {need.unit} [{need.ref.clause}]"
    if key in law.unset:
        return f"not required by {law.unset[key]}"
    return f"not set by {pack.name}"


def _section(left: Pack, a: Kind | None, right: Pack, b: Kind | None) -> Section:
    title = f"{a.name if a else '(none)'} [{a.ref.clause if a else '-'}]  |  " \
            f"{b.name if b else '(none)'} [{b.ref.clause if b else '-'}]"
    rows = [Row("kind", a.title if a else f"no kind of {left.name}",
                b.title if b else f"no kind of {right.name}"),
            *[Row("rule" if i == 0 else "", x, y) for i, (x, y) in enumerate(zip_longest(
                [f"{r.id} [{r.citation}]" for r in _judging(left, a)],
                [f"{r.id} [{r.citation}]" for r in _judging(right, b)], fillvalue="-"))]]
    keys = dict.fromkeys(_keys(left, a, right) + _keys(right, b, left))
    rows += [Row(key, _number(left, key), _number(right, key)) for key in keys]
    return Section(title, tuple(rows))


def compare(left: Pack, right: Pack) -> list[Section]:
    """One section per kind of ``left`` (with ``right``'s kind of the same shape, if
    any), then one per kind of ``right`` that ``left`` has none of."""
    by_shape = {_symbol(k): k for k in right.kinds.values()}
    sections = [_section(left, a, right, by_shape.get(_symbol(a)))
                for a in left.kinds.values()]
    mine = {_symbol(k) for k in left.kinds.values()}
    sections += [_section(left, None, right, b) for b in right.kinds.values()
                 if _symbol(b) not in mine]
    return sections


def compare_lines(left: Pack, right: Pack) -> list[str]:
    """The comparison as text: a heading, then each section's rows in three columns."""
    sections = compare(left, right)
    rows = [row for s in sections for row in s.rows]
    w0 = max(len(r.what) for r in rows)
    w1 = max(len(r.left) for r in rows)
    lines = [f"{left.name} ({left.source})  |  {right.name} ({right.source})"]
    for s in sections:
        lines += ["", s.title]
        lines += [f"  {r.what.ljust(w0)}  {r.left.ljust(w1)}  |  {r.right}".rstrip()
                  for r in s.rows]
    return lines
