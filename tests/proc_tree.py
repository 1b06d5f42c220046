"""Watching a command's whole process tree from outside: the CPU all of it spent (the
reader children a killed worker leaves are counted too) and which of it is still alive."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

__all__ = ["rss_mb", "TreeRun", "run_tree", "alive_in_session", "wait_until_gone", "descendants",
           "wait_for", "AT_ONCE_S"]

#: Wall seconds within which an interrupted command or server must be gone: well under a
#: second on an idle machine, stretched on a loaded CI one (1.2 s was too tight there),
#: and far below the 20 CPU s the interrupted work would run, so it still tells "at once"
#: from "after the work".
AT_ONCE_S = 5.0

#: Runs argv[1:] as a subreaper (PR_SET_CHILD_SUBREAPER): every descendant that loses its
#: parent is reparented here and reaped, so RUSAGE_CHILDREN holds the CPU of the tree.
_REAPER = r'''
import ctypes, json, os, resource, subprocess, sys, time
ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)
start = time.monotonic()
run = subprocess.run(sys.argv[1:], capture_output=True, text=True, cwd=os.getcwd())
wall = time.monotonic() - start
while True:
    try:
        os.waitpid(-1, 0)
    except ChildProcessError:
        break
used = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({"rc": run.returncode, "stdout": run.stdout, "stderr": run.stderr,
                  "wall": wall, "cpu": used.ru_utime + used.ru_stime}))
'''


@dataclass(frozen=True)
class TreeRun:
    """What a command did: exit status, output, wall seconds, CPU seconds of its tree."""

    rc: int
    stdout: str
    stderr: str
    wall: float
    cpu: float


def run_tree(args: list[str], cwd: Path | None = None, timeout: float = 120) -> TreeRun:
    """Run ``args`` to its end and the end of all its descendants."""
    out = subprocess.run([sys.executable, "-c", _REAPER, *args], capture_output=True,
                         text=True, timeout=timeout, cwd=cwd)
    assert out.returncode == 0, out.stderr
    return TreeRun(**json.loads(out.stdout))


def alive_in_session(session: int) -> list[str]:
    """The processes of session ``session`` that are alive (zombies are dead), as
    "pid state command" lines."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        name, rest = stat.rsplit(")", 1)
        fields = rest.split()
        if int(fields[3]) == session and fields[0] not in "ZX":
            found.append(f"{entry.name} {fields[0]} {name.split('(', 1)[1]}")
    return found


def wait_until_gone(session: int, seconds: float) -> list[str]:
    """The live processes of ``session`` ``seconds`` from now, or as soon as none is."""
    end = time.monotonic() + seconds
    while (left := alive_in_session(session)) and time.monotonic() < end:
        time.sleep(0.05)
    return left


def children(pid: int) -> list[int]:
    """The live children of ``pid``, forked by any of its threads (each thread's own
    list: the web server's fork server is started by a thread of it)."""
    found = []
    try:
        threads = list(Path(f"/proc/{pid}/task").iterdir())
    except OSError:
        return []
    for thread in threads:
        try:
            found += [int(p) for p in (thread / "children").read_text().split()]
        except OSError:
            pass  # the thread ended
    return found


def descendants(pid: int) -> list[int]:
    """Every live descendant of ``pid``, children before theirs."""
    found, todo = [], children(pid)
    while todo:
        found.append(todo.pop(0))
        todo.extend(children(found[-1]))
    return found


def wait_for(condition, seconds: float) -> bool:
    """Whether ``condition()`` came true within ``seconds``."""
    end = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > end:
            return False
        time.sleep(0.05)
    return True


def as_from_a_terminal() -> None:
    """A child's Ctrl-C as a terminal gives it (``Popen(preexec_fn=...)``): SIGINT at its
    default, whatever the test process has (an ignored SIGINT is inherited across exec,
    and a process started ignoring it, as with ``nohup`` or ``&``, rightly ignores
    Ctrl-C; the tests of Ctrl-C are about a command started from a terminal)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def rss_mb(field: str = "VmRSS") -> float:
    """This process's resident memory now (MB), or with ``field="VmSize"`` its address
    space, as /proc says it: what a worker forked from it inherits, beyond which its
    memory budget counts (markers.core.budget)."""
    status = Path("/proc/self/status").read_text()
    return int(status.split(f"{field}:")[1].split()[0]) / 1024
