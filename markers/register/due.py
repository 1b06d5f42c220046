"""What falls due on a day: each of the pack's register rules (markers.register.rules)
as one indexed query over the markers' status columns, its line in the pack's words
with the paragraph it answers.

The season is the calendar year of the day asked about (buoys go in each spring and
come out each fall: one season a year); a marker placed this year and not yet
inspected is due for its inspection.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Callable, Iterator
from typing import Any

from markers.core.spec import Law
from markers.register.model import Due
from markers.register.rules import ON_THE_WATER, POOR_CONDITIONS, DueRule, RegisterRules

__all__ = ["due"]

_LABEL = "coalesce(m.ws_id, m.department_id, 'M' || m.id)"


def _among(column: str, values: tuple[str, ...]) -> str:
    """``column IN ('a', 'b')`` of our own words (never the user's)."""
    return f"{column} IN ({', '.join(repr(v) for v in values)})"


_ON_WATER = _among("m.status", ON_THE_WATER)

Values = dict[str, Any]


def _not_inspected(conn: sqlite3.Connection, on: dt.date, _: Values
                   ) -> Iterator[tuple[int | None, str, Values]]:
    season = f"{on.year:04d}-01-01"
    for r in conn.execute(f"SELECT m.id, {_LABEL}, m.last_inspected FROM markers m "
                          "WHERE m.status = 'placed' AND m.placed_on <= ? AND "
                          "(m.last_inspected IS NULL OR m.last_inspected < ?) ORDER BY m.id",
                          (on.isoformat(), season)):
        yield r[0], r[1], {"season": on.year, "inspected": r[2] or "never"}


def _poor_condition(conn: sqlite3.Connection, on: dt.date, _: Values
                    ) -> Iterator[tuple[int | None, str, Values]]:
    for r in conn.execute(f"SELECT m.id, {_LABEL}, m.condition, m.condition_on FROM markers m "
                          f"WHERE {_ON_WATER} AND {_among('m.condition', POOR_CONDITIONS)} "
                          "ORDER BY m.id"):
        yield r[0], r[1], {"condition": r[2], "inspected": r[3]}


#: The first removal day (YYYY-MM-DD) on or after a marker's placement: its
#: ``remove_by`` (MM-DD) that year, else the next.
_REMOVAL_DAY = ("CASE WHEN substr(m.placed_on, 6) <= m.remove_by "
                "THEN substr(m.placed_on, 1, 4) || '-' || m.remove_by "
                "ELSE printf('%04d', CAST(substr(m.placed_on, 1, 4) AS INTEGER) + 1) || '-' "
                "|| m.remove_by END")


def _past_removal(conn: sqlite3.Connection, on: dt.date, _: Values
                  ) -> Iterator[tuple[int | None, str, Values]]:
    for r in conn.execute(f"SELECT m.id, {_LABEL}, {_REMOVAL_DAY} AS due FROM markers m "
                          f"WHERE {_ON_WATER} AND m.remove_by IS NOT NULL AND "
                          f"{_REMOVAL_DAY} < ? ORDER BY m.id", (on.isoformat(),)):
        yield r[0], r[1], {"remove_by": r[2]}


def _temporary(conn: sqlite3.Connection, on: dt.date, values: Values
               ) -> Iterator[tuple[int | None, str, Values]]:
    limit = values["limit"]
    for r in conn.execute(f"SELECT m.id, {_LABEL}, CAST(julianday(?) - julianday(m.placed_on) "
                          f"AS INTEGER) AS days FROM markers m WHERE {_ON_WATER} AND "
                          "m.temporary_days IS NOT NULL AND julianday(?) - "
                          "julianday(m.placed_on) > ? ORDER BY m.id",
                          (on.isoformat(), on.isoformat(), limit)):
        yield r[0], r[1], {"days": r[2], "limit": limit}


def _no_department_id(conn: sqlite3.Connection, on: dt.date, _: Values
                      ) -> Iterator[tuple[int | None, str, Values]]:
    for r in conn.execute(f"SELECT m.id, {_LABEL} FROM markers m WHERE {_ON_WATER} AND "
                          "m.department_id IS NULL AND m.temporary_days IS NULL "
                          "ORDER BY m.id"):
        yield r[0], r[1], {}


def _permit_lapsing(conn: sqlite3.Connection, on: dt.date, values: Values
                    ) -> Iterator[tuple[int | None, str, Values]]:
    until = (on + dt.timedelta(days=values["notice"])).isoformat()
    for r in conn.execute("SELECT p.number, p.expires FROM permits p WHERE p.expires IS NOT "
                          "NULL AND p.expires <= ? AND EXISTS (SELECT 1 FROM markers m "
                          "WHERE m.permit = p.id AND m.status != 'removed') "
                          "ORDER BY p.expires, p.number", (until,)):
        yield None, f"permit {r[0]}", {"permit": r[0], "expires": r[1]}


#: What each rule measures, by its id (rules.DUE_RULE_IDS).
_MEASURES: dict[str, Callable[[sqlite3.Connection, dt.date, Values],
                              Iterator[tuple[int | None, str, Values]]]] = {
    "not-inspected": _not_inspected,
    "poor-condition": _poor_condition,
    "past-removal-date": _past_removal,
    "temporary-over": _temporary,
    "no-department-id": _no_department_id,
    "permit-lapsing": _permit_lapsing,
}


def due(conn: sqlite3.Connection, on: dt.date, rules: RegisterRules, law: Law,
        only: tuple[str, ...] = ()) -> list[Due]:
    """What is due on ``on`` by the pack's ``rules`` (those in ``only`` when given), in
    the rules' order, each line naming its clause."""
    values = {"limit": int(law.req(rules.temporary)), "notice": rules.lapse_warning_days}
    found = []
    for rule in rules.rules:
        if only and rule.id not in only:
            continue
        for marker, label, words in _MEASURES[rule.id](conn, on, values):
            found.append(_line(rule, marker, label, words))
    return found


def _line(rule: DueRule, marker: int | None, label: str, words: Values) -> Due:
    return Due(rule.id, rule.clause, marker, label, rule.words.format(**words))
