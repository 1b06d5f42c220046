"""The register's SQLite file: opened safely, its schema versioned and migrated in code.

The schema's version is ``PRAGMA user_version``; ``MIGRATIONS[n]`` takes a file of
version n to n + 1, each in one transaction with the version it sets (a crash leaves
the file at n or at n + 1). A file made by a later wsmark (a version past the last) is
refused rather than read wrongly.

Version 1 (the register of issue 35's first need): permits, markers (with the status
the last event left, kept beside the events for the lists), events (appended: a trigger
refuses an update or delete) and commands (each write command, with the rows it adds:
the crash test counts them).
Version 2 (the link to the drawings and the lapsing permit): a permit's ``expires``
date, ``proofs`` (a marker's checked proof by SHA-256, with the result), and the indexes
the due list and the filters use at 10,000 markers and 100,000 events.

Safe to keep: WAL journal (a reader never blocks a writer; a kill -9 leaves the last
committed transaction), a busy timeout (two writers wait for each other), foreign keys
on, and every write begins IMMEDIATE (takes the write lock first, so a writer waits
instead of failing half way).
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

from markers.errors import WsmarkError

__all__ = ["MIGRATIONS", "VERSION", "BUSY_TIMEOUT_S", "connect", "migrate", "version_of"]

#: How long a command waits for another's write to finish before it gives up, seconds.
BUSY_TIMEOUT_S = 60.0

_V1 = (
    """CREATE TABLE commands (
        id INTEGER PRIMARY KEY, name TEXT NOT NULL, at TEXT NOT NULL,
        rows INTEGER NOT NULL DEFAULT 0)""",
    """CREATE TABLE permits (
        id INTEGER PRIMARY KEY, number TEXT NOT NULL UNIQUE, plan TEXT,
        command INTEGER NOT NULL REFERENCES commands(id))""",
    """CREATE TABLE markers (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL, ws_id TEXT, legend TEXT, description TEXT, purpose TEXT,
        water_body TEXT, lon REAL NOT NULL, lat REAL NOT NULL,
        design TEXT NOT NULL,
        plan TEXT, plan_number INTEGER,
        permit INTEGER REFERENCES permits(id), department_id TEXT,
        temporary_days INTEGER, remove_by TEXT,
        status TEXT NOT NULL DEFAULT 'registered', placed_on TEXT, last_inspected TEXT,
        condition TEXT, condition_on TEXT,
        command INTEGER NOT NULL REFERENCES commands(id))""",
    """CREATE TABLE events (
        id INTEGER PRIMARY KEY,
        marker INTEGER NOT NULL REFERENCES markers(id),
        type TEXT NOT NULL, date TEXT NOT NULL, recorded_by TEXT NOT NULL,
        condition TEXT, note TEXT, photo TEXT, recorded_at TEXT NOT NULL,
        command INTEGER NOT NULL REFERENCES commands(id))""",
    """CREATE TRIGGER events_not_edited BEFORE UPDATE ON events
        BEGIN SELECT RAISE(ABORT, 'events are appended, never edited'); END""",
    """CREATE TRIGGER events_not_deleted BEFORE DELETE ON events
        BEGIN SELECT RAISE(ABORT, 'events are appended, never deleted'); END""",
)

_V2 = (
    "ALTER TABLE permits ADD COLUMN expires TEXT",
    """CREATE TABLE proofs (
        id INTEGER PRIMARY KEY,
        marker INTEGER NOT NULL REFERENCES markers(id),
        sha256 TEXT NOT NULL, file TEXT NOT NULL, verdict TEXT NOT NULL,
        findings TEXT NOT NULL, checked_on TEXT NOT NULL, recorded_by TEXT NOT NULL,
        command INTEGER NOT NULL REFERENCES commands(id))""",
    "CREATE INDEX markers_status ON markers(status)",
    "CREATE INDEX markers_permit ON markers(permit)",
    "CREATE INDEX markers_plan ON markers(plan, plan_number)",
    "CREATE INDEX markers_command ON markers(command)",
    "CREATE INDEX events_marker ON events(marker, date)",
    "CREATE INDEX proofs_marker ON proofs(marker)",
)

#: MIGRATIONS[n]: the statements that take a file of version n to n + 1.
MIGRATIONS: tuple[tuple[str, ...], ...] = (_V1, _V2)
#: The schema version this wsmark writes.
VERSION = len(MIGRATIONS)


def connect(path: str | Path, create: bool = False) -> sqlite3.Connection:
    """The register at ``path``, migrated to VERSION (created when ``create``; else a
    missing file is a one-line error), in WAL mode with the busy timeout; autocommit,
    so that each write says BEGIN IMMEDIATE itself."""
    path = Path(path)
    if not create and not path.is_file():
        raise WsmarkError(f"{path}: no register there (wsmark register add makes one)")
    try:
        conn = sqlite3.connect(path, timeout=BUSY_TIMEOUT_S, isolation_level=None)
    except sqlite3.Error as err:
        raise WsmarkError(f"{path}: cannot open the register: {err}") from None
    try:
        conn.execute("PRAGMA foreign_keys = ON")
        if conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            conn.execute("PRAGMA journal_mode = WAL")
        migrate(conn, str(path))
    except sqlite3.DatabaseError as err:
        conn.close()
        raise WsmarkError(f"{path}: not a register ({err})") from None
    except WsmarkError:
        conn.close()
        raise
    conn.row_factory = sqlite3.Row
    return conn


def version_of(conn: sqlite3.Connection) -> int:
    """The schema version of the open file."""
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, name: str = "register", to: int = VERSION) -> int:
    """Bring the file to version ``to``, one transaction a step; returns the version it
    was. A version past VERSION (a later wsmark's file) is a one-line error; so is a
    file of version 0 that already holds tables (another program's database)."""
    was = version_of(conn)
    if was > VERSION:
        raise WsmarkError(f"{name}: register schema version {was} is newer than this "
                          f"wsmark's ({VERSION}); use a later wsmark")
    if was == 0 and conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
        raise WsmarkError(f"{name}: an SQLite file that is not a register (it has tables "
                          "and no register version)")
    for step in range(was, to):
        conn.execute("BEGIN IMMEDIATE")
        try:
            if version_of(conn) == step:  # another process may have migrated it meanwhile
                for statement in MIGRATIONS[step]:
                    conn.execute(statement)
                conn.execute(f"PRAGMA user_version = {step + 1}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return was
