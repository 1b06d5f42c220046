"""Reading and writing the register: markers added, permits and department ids given,
events appended, proofs recorded; every write one IMMEDIATE transaction with its row in
``commands`` (so a kill -9 leaves none or all of a command's rows), and a marker's
status (the columns the lists read) recomputed from its events in the same transaction.

Events are recorded in date order per marker and never dated after ``today``; an event
must make sense of the marker's status then (an inspection of a marker on the water, a
placement of one that is not): each refusal is one line.
"""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

from markers.errors import WsmarkError
from markers.register.model import (
    ON_THE_WATER,
    Entry,
    Event,
    Filters,
    NewEvent,
    NewMarker,
    NewProof,
    Permit,
    Proof,
)
from markers.register.rules import CONDITIONS, EVENT_TYPES
from markers.register.schema import connect

__all__ = ["Register", "parse_date", "fold"]

#: The statuses each event may follow (an event that does not fit is refused).
_AFTER = {
    "placed": ("registered", "out-for-season"),
    "inspected": ON_THE_WATER,
    "repaired": ON_THE_WATER,
    "replaced": ON_THE_WATER,
    "removed-for-season": ON_THE_WATER,
    "removed": ("registered", "placed", "missing", "out-for-season"),
}

#: The columns of an Entry, in its fields' order (an Entry is made from a row as is).
_ENTRY_SQL = ("SELECT m.id, m.kind, m.lon, m.lat, m.design, m.status, m.ws_id, m.legend, "
              "m.description, m.purpose, m.water_body, m.plan, m.plan_number, "
              "p.number, p.expires, m.department_id, m.temporary_days, m.remove_by, "
              "m.placed_on, m.last_inspected, m.condition "
              "FROM markers m LEFT JOIN permits p ON p.id = m.permit")


def parse_date(text: str, what: str = "date") -> dt.date:
    """A YYYY-MM-DD date, or a one-line error naming ``what``."""
    try:
        return dt.date.fromisoformat(text)
    except (TypeError, ValueError):
        raise WsmarkError(f"{what}: {text!r} is not a date (YYYY-MM-DD)") from None


def fold(events: Iterable[tuple[str, str, str | None]]) -> dict[str, str | None]:
    """What a marker's events (type, date, condition), in date order, leave: status,
    placed_on (the placement it is in), last_inspected, and the condition found then
    (cleared by a repair, replacement or removal)."""
    state: dict[str, str | None] = {"status": "registered", "placed_on": None,
                                    "last_inspected": None, "condition": None,
                                    "condition_on": None}
    for kind, date, condition in events:
        if kind == "placed":
            state.update(status="placed", placed_on=date, condition=None, condition_on=None)
        elif kind == "inspected":
            state.update(last_inspected=date, condition=condition, condition_on=date,
                         status="missing" if condition == "missing" else "placed")
        elif kind in ("repaired", "replaced"):
            state.update(status="placed", condition=None, condition_on=None)
        elif kind == "removed-for-season":
            state.update(status="out-for-season", placed_on=None, condition=None,
                         condition_on=None)
        elif kind == "removed":
            state.update(status="removed", placed_on=None, condition=None, condition_on=None)
    return state


class Register:
    """An open register file (``path``; made when ``create``)."""

    def __init__(self, path: str | Path, create: bool = False) -> None:
        self.path = Path(path)
        self.conn = connect(self.path, create)

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Register:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- writing --------------------------------------------------------------------

    @contextmanager
    def command(self, name: str) -> Iterator[int]:
        """One write command as one transaction (taking the write lock first, waiting
        for another writer up to the busy timeout): yields its row id in ``commands``;
        commits at the end of the block, rolls back on any error."""
        conn = self.conn
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as err:
            raise WsmarkError(f"{self.path}: {err} (another command kept it too long)"
                              ) from None
        try:
            now = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
            command = conn.execute("INSERT INTO commands (name, at) VALUES (?, ?)",
                                   (name, now)).lastrowid
            assert command is not None
            yield command
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise

    def _rows(self, command: int, rows: int) -> None:
        self.conn.execute("UPDATE commands SET rows = ? WHERE id = ?", (rows, command))

    def add(self, markers: Sequence[NewMarker], name: str = "add") -> list[int]:
        """Add ``markers`` in one transaction; their ids."""
        if not markers:
            raise WsmarkError("nothing to add: no markers given")
        ids = []
        with self.command(name) as command:
            for m in markers:
                cursor = self.conn.execute(
                    "INSERT INTO markers (kind, ws_id, legend, description, purpose, "
                    "water_body, lon, lat, design, plan, plan_number, department_id, "
                    "temporary_days, remove_by, command) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (m.kind, m.ws_id, m.legend, m.description, m.purpose, m.water_body,
                     m.lon, m.lat, m.design, m.plan, m.plan_number, m.department_id,
                     m.temporary_days, m.remove_by, command))
                ids.append(int(cursor.lastrowid or 0))
                if m.proof is not None:
                    self._proof(ids[-1], m.proof, dt.date.today().isoformat(), name, command)
            self._rows(command, len(ids))
        return ids

    def _proof(self, marker: int, proof: NewProof, checked_on: str, recorded_by: str,
               command: int) -> int:
        cursor = self.conn.execute(
            "INSERT INTO proofs (marker, sha256, file, verdict, findings, checked_on, "
            "recorded_by, command) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (marker, proof.sha256, proof.file, proof.verdict, json.dumps(list(proof.findings)),
             checked_on, recorded_by, command))
        return int(cursor.lastrowid or 0)

    def plan_markers(self, plan: str) -> dict[int, int]:
        """The markers added from ``plan``: its number there (#N) -> register id."""
        rows = self.conn.execute("SELECT plan_number, id FROM markers WHERE plan = ?",
                                 (plan,)).fetchall()
        return {int(r[0]): int(r[1]) for r in rows}

    def permit(self, number: str, plan: str, ids: dict[int, str], expires: str | None
               ) -> Permit:
        """Record the department's permit ``number`` for the markers of ``plan``, with
        each marker's department id (register id -> id) and its expiry; a permit
        recorded before is updated (a renewal), never given to another plan."""
        with self.command("permit") as command:
            row = self.conn.execute("SELECT id, plan FROM permits WHERE number = ?",
                                    (number,)).fetchone()
            if row is not None and row["plan"] != plan:
                raise WsmarkError(f"permit {number} is recorded for another plan "
                                  f"({row['plan']})")
            if row is None:
                permit_id = self.conn.execute(
                    "INSERT INTO permits (number, plan, expires, command) VALUES (?, ?, ?, ?)",
                    (number, plan, expires, command)).lastrowid
            else:
                permit_id = row["id"]
                if expires is not None:
                    self.conn.execute("UPDATE permits SET expires = ? WHERE id = ?",
                                      (expires, permit_id))
            self.conn.execute("UPDATE markers SET permit = ? WHERE plan = ?", (permit_id, plan))
            for marker, department_id in ids.items():
                self.conn.execute("UPDATE markers SET department_id = ? WHERE id = ?",
                                  (department_id, marker))
            self._rows(command, len(ids))
            count = self.conn.execute("SELECT count(*) FROM markers WHERE permit = ?",
                                      (permit_id,)).fetchone()[0]
            expiry = self.conn.execute("SELECT expires FROM permits WHERE id = ?",
                                       (permit_id,)).fetchone()[0]
        return Permit(number, plan, expiry, count)

    def record(self, markers: Sequence[int], event: NewEvent, today: dt.date) -> list[int]:
        """Append ``event`` to each of ``markers`` in one transaction; the events' ids.
        Refused in one line: an unknown marker, a date after ``today`` or before the
        marker's last event, an event its status then does not allow."""
        if event.type not in EVENT_TYPES:
            raise WsmarkError(f"unknown event {event.type!r}; events: {', '.join(EVENT_TYPES)}")
        when = parse_date(event.date, f"{event.type} date")
        if when > today:
            raise WsmarkError(f"{event.type} date {event.date} is in the future (today is "
                              f"{today.isoformat()})")
        if (event.type == "inspected") != (event.condition is not None):
            raise WsmarkError("an inspection states the condition found "
                              f"({', '.join(CONDITIONS)}), and only an inspection does")
        if event.condition is not None and event.condition not in CONDITIONS:
            raise WsmarkError(f"condition {event.condition!r}: one of {', '.join(CONDITIONS)}")
        if not event.recorded_by.strip():
            raise WsmarkError("who recorded the event? (--by NAME)")
        ids = []
        now = dt.datetime.now(dt.UTC).isoformat(timespec="seconds")
        with self.command(event.type) as command:
            for marker in markers:
                self._allowed(marker, event, when.isoformat())
                cursor = self.conn.execute(
                    "INSERT INTO events (marker, type, date, recorded_by, condition, note, "
                    "photo, recorded_at, command) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (marker, event.type, when.isoformat(), event.recorded_by.strip(),
                     event.condition, event.note, event.photo, now, command))
                ids.append(int(cursor.lastrowid or 0))
                self._restate(marker)
            self._rows(command, len(ids))
        return ids

    def _allowed(self, marker: int, event: NewEvent, date: str) -> None:
        entry = self.entry(marker)
        last = self.conn.execute("SELECT max(date) FROM events WHERE marker = ?",
                                 (marker,)).fetchone()[0]
        if last is not None and date < last:
            raise WsmarkError(f"marker {marker}: events are recorded in date order; its "
                              f"last is dated {last}, after {date}")
        if entry.status not in _AFTER[event.type]:
            raise WsmarkError(f"marker {marker} is {entry.status}: it cannot be "
                              f"{event.type} (that follows {' or '.join(_AFTER[event.type])})")

    def _restate(self, marker: int) -> None:
        """The marker's status columns, from all its events."""
        events = self.conn.execute("SELECT type, date, condition FROM events WHERE marker = ? "
                                   "ORDER BY date, id", (marker,)).fetchall()
        state = fold((e[0], e[1], e[2]) for e in events)
        self.conn.execute(
            "UPDATE markers SET status = :status, placed_on = :placed_on, "
            "last_inspected = :last_inspected, condition = :condition, "
            "condition_on = :condition_on WHERE id = :id", {**state, "id": marker})

    def add_proof(self, marker: int, proof: NewProof, checked_on: str, recorded_by: str
                  ) -> int:
        """Record a proof checked for ``marker``; its id."""
        self.entry(marker)
        with self.command("check-proof") as command:
            found = self._proof(marker, proof, checked_on, recorded_by, command)
            self._rows(command, 1)
        return found

    def backup(self, target: str | Path) -> None:
        """A copy of the register at ``target`` by SQLite's online backup (consistent
        while other commands write), written beside it and renamed into place."""
        target = Path(target)
        partial = target.with_name(f".{target.name}.partial")
        try:
            partial.unlink(missing_ok=True)
            copy = sqlite3.connect(partial)
            try:
                self.conn.backup(copy)
            finally:
                copy.close()
            partial.replace(target)
        except (OSError, sqlite3.Error) as err:
            partial.unlink(missing_ok=True)
            raise WsmarkError(f"{target}: cannot write the backup: {err}") from None

    # --- reading --------------------------------------------------------------------

    def _entries(self, sql: str, values: Sequence[object]) -> list[Entry]:
        cursor = self.conn.cursor()
        cursor.row_factory = None  # plain tuples, in Entry's order: 10,000 in 0.05 s
        return [Entry(*row) for row in cursor.execute(sql, values)]

    def entry(self, marker: int) -> Entry:
        """The marker ``marker``, or a one-line error when the register has none."""
        found = self._entries(_ENTRY_SQL + " WHERE m.id = ?", (marker,))
        if not found:
            raise WsmarkError(f"{self.path}: no marker {marker} in the register")
        return found[0]

    def entries(self, filters: Filters | None = None) -> list[Entry]:
        """The markers, narrowed by ``filters``, by id."""
        where, values = (filters or Filters()).sql()
        return self._entries(_ENTRY_SQL + where + " ORDER BY m.id", values)

    def events(self, marker: int) -> list[Event]:
        """The marker's history, in date order."""
        return [Event(id=r["id"], marker=r["marker"], type=r["type"], date=r["date"],
                      recorded_by=r["recorded_by"], recorded_at=r["recorded_at"],
                      condition=r["condition"], note=r["note"], photo=r["photo"])
                for r in self.conn.execute("SELECT * FROM events WHERE marker = ? "
                                           "ORDER BY date, id", (marker,))]

    def proofs(self, marker: int) -> list[Proof]:
        """The proofs checked for the marker, oldest first."""
        return [Proof(id=r["id"], marker=r["marker"], sha256=r["sha256"], file=r["file"],
                      verdict=r["verdict"], findings=tuple(json.loads(r["findings"])),
                      checked_on=r["checked_on"], recorded_by=r["recorded_by"])
                for r in self.conn.execute("SELECT * FROM proofs WHERE marker = ? "
                                           "ORDER BY id", (marker,))]

    def permits(self) -> list[Permit]:
        """Every permit recorded, with how many markers it covers."""
        return [Permit(r["number"], r["plan"], r["expires"], r["n"])
                for r in self.conn.execute(
                    "SELECT p.number, p.plan, p.expires, count(m.id) AS n FROM permits p "
                    "LEFT JOIN markers m ON m.permit = p.id GROUP BY p.id ORDER BY p.number")]
