"""Bench for `wsmark register list` and `register due` on 10,000 markers and 100,000
events (issue 35: each under 0.5 s).

The register is made by the register's own writes: 10,000 markers in one add, then ten
rounds of events over every marker (placed, inspected good / faded / damaged, repaired,
out for the season and back, ...) dated through 2025 and 2026, one command a round:
100,000 events. Timed: the api calls in-process (what the web page pays) and the
commands as fresh subprocesses (interpreter start and imports included, what a clerk
at a terminal waits), with the output sent to /dev/null. The verdict is on CPU time
(user + system of the command and its children), which another load on the machine
does not stretch; the wall time is beside it.

    python bench/register_bench.py
"""

from __future__ import annotations

import datetime as dt
import sys
import tempfile
import time
from pathlib import Path

from common import Row, median_child, median_times

from markers import api
from markers.register.model import NewEvent, NewMarker
from markers.register.store import Register

MARKERS = 10_000
TARGET_S = 0.5
DESIGN = "kind: information\ndisplay_height: 24\nlegend: NO|FISHING\n"
#: Ten rounds of events, each over every marker: (type, date, condition).
ROUNDS = (("placed", "2025-05-01", None), ("inspected", "2025-06-01", "good"),
          ("inspected", "2025-08-01", "faded"), ("repaired", "2025-08-15", None),
          ("removed-for-season", "2025-11-10", None), ("placed", "2026-05-01", None),
          ("inspected", "2026-06-01", "good"), ("inspected", "2026-07-01", "damaged"),
          ("replaced", "2026-07-15", None), ("inspected", "2026-08-01", "good"))
TODAY = dt.date(2026, 12, 1)
ON = "2026-09-01"


def make_register(db: Path, markers: int = MARKERS) -> tuple[float, int]:
    """The bench's register at ``db``: seconds taken to write it, and its events."""
    start = time.perf_counter()
    with Register(db, create=True) as register:
        side = int(markers ** 0.5) + 1
        ids = register.add([NewMarker("information", DESIGN, -89.42 + (i % side) * 1e-4,
                                      43.10 + (i // side) * 1e-4, plan="bench",
                                      plan_number=i + 1, water_body=f"lake {i % 7}",
                                      department_id=None if i % 10 == 0 else f"WI-{i}",
                                      temporary_days=3 if i % 50 == 0 else None,
                                      remove_by="11-01" if i % 2 else None)
                            for i in range(markers)])
        for kind, date, condition in ROUNDS:
            register.record(ids, NewEvent(kind, date, "bench", condition), TODAY)
        events = register.conn.execute("SELECT count(*) FROM events").fetchone()[0]
    return time.perf_counter() - start, events


def bench_register(runs: int) -> list[Row]:
    """The rows of the register bench."""
    with tempfile.TemporaryDirectory(prefix="wsmark-register-") as tmp:
        db = Path(tmp) / "bench.db"
        made, events = make_register(db)
        listed = len(api.register_list(db))
        due = len(api.register_due(db, ON))
        inproc = median_times({"list": lambda: api.register_list(db),
                               "due": lambda: api.register_due(db, ON),
                               "list text": lambda: api.register_text(
                                   "list", api.register_list(db))}, runs)
        wsmark = str(Path(sys.executable).parent / "wsmark")
        child = median_child({
            "list": ["sh", "-c", f"{wsmark} register list --db {db} > /dev/null"],
            "due": ["sh", "-c", f"{wsmark} register due --on {ON} --exit-zero --db {db} "
                                "> /dev/null"],
            "start": ["sh", "-c", f"{wsmark} --version > /dev/null"]}, runs)
    rows = [Row("register", f"{listed:,} markers, {events:,} events",
                f"written in {made:.1f} s by the register's own add and events"),
            Row("due lines", f"{due:,}", f"on {ON}")]
    for name, stat in inproc.items():
        rows.append(Row(f"api register_{name} (in-process)", f"{stat.median:.3f} s",
                        stat.note()))
    for name in ("list", "due"):
        wall, cpu = child[name].wall, child[name].cpu
        verdict = "PASS" if cpu.median <= TARGET_S else "MISS"
        rows.append(Row(f"wsmark register {name} (subprocess, wall)", f"{wall.median:.3f} s",
                        f"{wall.note()}; {'PASS' if wall.median <= TARGET_S else 'over'} "
                        f"{TARGET_S} s on this machine's load"))
        rows.append(Row(f"wsmark register {name} (subprocess, cpu)", f"{cpu.median:.3f} s",
                        f"{cpu.note()}; target <= {TARGET_S} s: {verdict}"))
    start = child["start"]
    rows.append(Row("wsmark --version (the start alone, wall)", f"{start.wall.median:.3f} s",
                    start.wall.note()))
    rows.append(Row("wsmark --version (the start alone, cpu)", f"{start.cpu.median:.3f} s",
                    start.cpu.note()))
    return rows


if __name__ == "__main__":
    from common import table

    print(table("register: 10,000 markers, 100,000 events", bench_register(5)))
