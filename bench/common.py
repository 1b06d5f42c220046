"""Bench helpers: median-of-runs timing, per-child peak memory, a plain-text table."""

from __future__ import annotations

import os
import statistics
import subprocess
import time
from dataclasses import dataclass
from typing import Callable, Sequence

__all__ = ["Row", "Stat", "ChildRun", "median_times", "run_child", "median_child",
           "table", "mib"]


@dataclass(frozen=True)
class Row:
    """One line of the report: what was measured, its value, and a note."""

    metric: str
    value: str
    note: str = ""


@dataclass(frozen=True)
class Stat:
    """Median, min and max of some samples (seconds or bytes)."""

    median: float
    low: float
    high: float
    n: int
    spread: float  # (2nd highest - 2nd lowest) / median: noise, one outlier aside

    @classmethod
    def of(cls, samples: Sequence[float]) -> "Stat":
        xs = sorted(samples)
        inner = xs[1:-1] if len(xs) >= 4 else xs
        med = statistics.median(xs)
        spread = (inner[-1] - inner[0]) / med if med else 0.0
        return cls(med, xs[0], xs[-1], len(xs), spread)

    def note(self) -> str:
        """'median of N, range LOW-HIGH s': the range shows how noisy the machine was."""
        return f"median of {self.n}, range {self.low:.2f}-{self.high:.2f} s"


@dataclass(frozen=True)
class ChildRun:
    """Several runs of one command: wall time (s), CPU time (user + system, s; less
    sensitive than wall time to other load on the machine), peak RSS (bytes)."""

    wall: Stat
    cpu: Stat
    max_rss: Stat


def median_times(fns: dict[str, Callable[[], object]], runs: int) -> dict[str, Stat]:
    """Wall time (s) of each function over ``runs`` rounds; they take turns in every
    round, so that drift in machine load hits them alike."""
    times: dict[str, list[float]] = {name: [] for name in fns}
    for _ in range(runs):
        for name, fn in fns.items():
            start = time.perf_counter()
            fn()
            times[name].append(time.perf_counter() - start)
    return {name: Stat.of(t) for name, t in times.items()}


def run_child(cmd: Sequence[str], cwd: str | None = None) -> tuple[float, float, int]:
    """Run ``cmd`` once; return its wall time (s, spawn to reap), CPU time (s) and its
    own peak RSS (bytes). ``os.wait4`` reports the rusage of that one child, unlike
    ``getrusage(RUSAGE_CHILDREN)``, whose ru_maxrss is the max over all children so far."""
    start = time.perf_counter()
    with open(os.devnull, "wb") as null:
        proc = subprocess.Popen(cmd, cwd=cwd, stdout=null, stderr=subprocess.PIPE)
        err = proc.stderr.read()  # small; read before reaping so the pipe cannot fill
        _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    proc.stderr.close()
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode:
        raise RuntimeError(f"{' '.join(cmd)} exited {proc.returncode}: "
                           f"{err.decode()[-500:]}")
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024  # KiB on Linux


def median_child(cmds: dict[str, Sequence[str]], runs: int, cwd: str | None = None,
                 warmup: bool = True) -> dict[str, ChildRun]:
    """Run each command ``runs`` times, taking turns in every round so that drift in
    machine load hits them alike; one untimed warm-up round first (page cache, .pyc)."""
    samples: dict[str, list[tuple[float, float, int]]] = {name: [] for name in cmds}
    for i in range(runs + int(warmup)):
        for name, cmd in cmds.items():
            sample = run_child(cmd, cwd)
            if i or not warmup:
                samples[name].append(sample)
    return {name: ChildRun(*(Stat.of(column) for column in zip(*s)))
            for name, s in samples.items()}


def mib(n: float) -> str:
    """Bytes as MiB with one decimal."""
    return f"{n / 2**20:.1f} MiB"


def table(title: str, rows: list[Row]) -> str:
    """A section title and its rows in aligned columns."""
    w1 = max([len(r.metric) for r in rows] + [6])
    w2 = max([len(r.value) for r in rows] + [5])
    lines = [title, "-" * len(title)]
    lines += [f"  {r.metric:<{w1}}  {r.value:>{w2}}  {r.note}".rstrip() for r in rows]
    return "\n".join(lines)
