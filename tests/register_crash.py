"""kill -9 of register writes at random moments, and what the register holds after.

Two ways to write (each a child process in a session of its own, killed with SIGKILL
after a random delay):

- ``store``: the register's own add of 1,000 markers, again and again in a loop (each
  add one command, one transaction), so that a kill lands inside a transaction as
  often as between two: cheap, the suite runs a few;
- ``cli``: `wsmark register add PLAN` of a plan of 1,000 markers, killed anywhere in
  its run (reading, checking, writing): `make register-crash` runs it 50 times.

After each kill the register must open, pass ``PRAGMA integrity_check`` and hold, for
every command recorded, exactly the rows it says it added (none or all of each add).

    python tests/register_crash.py --runs 50 --mode cli
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(HERE)]

from register_data import big_plan  # noqa: E402

MARKERS = 1000

_STORE_LOOP = """
import sys
from markers.register.model import NewMarker
from markers.register.store import Register
design = "kind: information\\ndisplay_height: 24\\nlegend: NO|FISHING\\n"
with Register(sys.argv[1], create=True) as r:
    print("open", flush=True)
    round_ = 0
    while True:
        round_ += 1
        batch = [NewMarker("information", design, -89.42 + i * 1e-5, 43.1,
                           plan=f"loop-{round_}", plan_number=i + 1) for i in range(%d)]
        print("begin", flush=True)
        r.add(batch, f"add loop-{round_}")
        print("end", flush=True)
""" % MARKERS


def check_register(db: Path) -> tuple[int, int]:
    """(commands, markers) of a register after a kill; AssertionError when it fails the
    integrity check or holds part of a command's rows."""
    conn = sqlite3.connect(db)
    try:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        if conn.execute("PRAGMA user_version").fetchone()[0] == 0:  # killed while made
            assert conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0] == 0
            return 0, 0
        rows = conn.execute("SELECT c.id, c.rows, count(m.id) FROM commands c LEFT JOIN "
                            "markers m ON m.command = c.id GROUP BY c.id").fetchall()
        for command, said, held in rows:
            assert said == held == MARKERS, (command, said, held)
        stray = conn.execute("SELECT count(*) FROM markers WHERE command NOT IN "
                             "(SELECT id FROM commands)").fetchone()[0]
        assert stray == 0
        return len(rows), conn.execute("SELECT count(*) FROM markers").fetchone()[0]
    finally:
        conn.close()


def _child(mode: str, db: Path, plan: Path) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    if mode == "store":
        return subprocess.Popen([sys.executable, "-c", _STORE_LOOP, str(db)], env=env,
                                stdout=subprocess.PIPE, start_new_session=True)
    script = Path(sys.executable).parent / "wsmark"
    return subprocess.Popen([str(script), "register", "add", str(plan), "--db", str(db)],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            start_new_session=True)


def _remove(db: Path) -> None:
    for name in (str(db), f"{db}-wal", f"{db}-shm"):
        Path(name).unlink(missing_ok=True)


def run(runs: int, mode: str, folder: Path, seed: int = 35, span: float = 3.0) -> list[tuple]:
    """``runs`` kills; each (delay, commands, markers, inside) found after it, ``inside``
    whether the kill landed inside an add (store mode: the child had begun an add and
    not said it ended; None in cli mode). ``span``: the longest delay (seconds) after
    the child is ready (store) or started (cli). In store mode the register is kept
    from kill to kill and its adds must be those that ended, or one more (killed after
    its commit, before saying so)."""
    rng = random.Random(seed)
    plan = big_plan(folder / "big.geojson", MARKERS) if mode == "cli" else folder / "-"
    db = folder / "crash.db"
    if mode == "cli":  # one whole run first: the kills fall anywhere within its length
        start = time.monotonic()
        assert _child(mode, db, plan).wait() == 0
        span = (time.monotonic() - start) * 1.1
        assert check_register(db) == (1, MARKERS)
        _remove(db)
    found = []
    ended = 0
    for _ in range(runs):
        child = _child(mode, db, plan)
        if mode == "store":
            assert child.stdout is not None and child.stdout.readline() == b"open\n"
        delay = rng.uniform(0.0, span)
        time.sleep(delay)
        os.killpg(child.pid, signal.SIGKILL)
        child.wait()
        said = child.stdout.read().split() if child.stdout else []
        if child.stdout:
            child.stdout.close()
        commands, markers = check_register(db) if db.exists() else (0, 0)
        if mode == "cli":  # the next run adds the same plan again
            found.append((delay, commands, markers, None))
            _remove(db)
            continue
        ended += said.count(b"end")
        inside = bool(said) and said[-1] == b"begin"
        assert commands in (ended, ended + 1), (commands, ended)
        # inside an add: "rolled back", or "committed" when it was killed after its commit
        landed = ("committed" if commands > ended else "rolled back") if inside else None
        ended = commands
        found.append((delay, commands, markers, landed))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--mode", choices=("store", "cli"), default="cli")
    parser.add_argument("--span", type=float, default=3.0,
                        help="store mode: the longest delay, s (cli: one whole run's)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        found = run(args.runs, args.mode, Path(folder), span=args.span)
    if args.mode == "cli":
        whole = sum(1 for _, commands, _, _ in found if commands)
        said = (f"{whole} held the whole add of {MARKERS} markers, {len(found) - whole} "
                "held none")
    else:
        back = sum(1 for *_, landed in found if landed == "rolled back")
        done = sum(1 for *_, landed in found if landed == "committed")
        said = (f"{back + done} kills landed inside an add (begun, not said ended): {back} "
                f"rolled back, {done} kept whole (killed once its commit was written); the "
                f"register held {found[-1][1]} whole adds of {MARKERS} markers at the end")
    print(f"{len(found)} kills ({args.mode}): the register opened and passed "
          f"integrity_check each time and held no part of an add; {said}")


if __name__ == "__main__":
    main()
