"""Running untrusted jobs (one file to check each) in worker processes under a budget of
CPU seconds and memory that the code doing the work cannot overrun.

The limits are enforced from outside the work: each worker runs under ``RLIMIT_AS``
(memory) and ``RLIMIT_CPU`` (the kernel ends it with SIGXCPU), and the parent reads the
worker's CPU time (with its ended reader children) from ``/proc`` and kills it with SIGKILL
when a job overruns, then starts a fresh worker for the remaining jobs. CPU seconds, not
wall seconds, so a verdict does not depend on how busy the machine is; a generous
wall-clock backstop only catches a worker that is stuck without using CPU. Even one job
runs in a worker, so the budget always holds.
"""

from __future__ import annotations

import itertools
import math
import multiprocessing as mp
import os
import resource
import select
import signal
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Callable, Iterable, Iterator, TypeVar

__all__ = ["CHECK_CPU_S", "CHECK_MEMORY_MB", "Limits", "Outcome", "budgeted_imap",
           "parse_limits"]

# The default budget of the whole check of one file (read, measure, rules, report).
# CPU seconds, so the verdict does not depend on machine load. 20 s is twice the slowest
# drawing we judge in full (8,000 separate letter shapes in a diamond,
# found/letters-8000.svg: about 10 CPU s); a test drawing needs under 2. Memory is the
# worker's address space: one with everything imported maps about 190 MB, and no
# reproducer in found/ peaks above 120 MB resident.
CHECK_CPU_S = 20.0
CHECK_MEMORY_MB = 1024
WALL_BACKSTOP_FACTOR = 20  # a worker idle this many budgets of wall time is stuck
#: Jobs per worker given out beyond the last Outcome yielded: enough that a slow job
#: does not idle the other workers at once, few enough that the Outcomes waiting
#: behind it stay a bounded handful.
AHEAD = 32

T = TypeVar("T")
R = TypeVar("R")

_TICKS = os.sysconf("SC_CLK_TCK")
_POLL_S = 0.05
_END = object()


@dataclass(frozen=True)
class Limits:
    """The budget of one job: CPU seconds and memory (address space) in MB."""

    cpu_s: float = CHECK_CPU_S
    memory_mb: int = CHECK_MEMORY_MB

    def describe(self) -> str:
        return f"{self.cpu_s:g} CPU s and {self.memory_mb:,} MB"


@dataclass(frozen=True)
class Outcome:
    """What became of one job: its ``value``, or ``overrun`` (one line) when the job was
    stopped; ``cpu_s`` and ``peak_rss_mb`` are what the job used, measured in the worker."""

    value: object | None
    overrun: str | None
    cpu_s: float
    peak_rss_mb: float


def _open_stat(pid: int) -> int | None:
    """A descriptor of /proc/<pid>/stat, read again and again by ``_cpu_of`` (a fresh
    open and read costs six times a re-read), None without /proc."""
    try:
        return os.open(f"/proc/{pid}/stat", os.O_RDONLY)
    except OSError:
        return None


def _cpu_of(stat: int | None) -> float:
    """CPU seconds (user + system) a live process and its ended children (a PDF or DXF
    reader forked by markers.read.isolate) have used, from its /proc/<pid>/stat opened
    as ``stat`` (``_open_stat``); 0 once it is gone."""
    try:
        fields = os.pread(stat, 4096, 0).rsplit(b")", 1)[1].split() if stat is not None \
            else []
    except (OSError, IndexError):
        return 0.0
    return sum(int(field) for field in fields[11:15]) / _TICKS


def _cpu_self() -> float:
    """CPU seconds of this process and its ended children (as _cpu_of)."""
    own, children = (resource.getrusage(who) for who in
                     (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _peak_rss_mb(pid: int | str = "self") -> float:
    """A process's peak resident memory since the last reset, in MB (0 if gone)."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def _reset_peak() -> None:
    try:  # Linux >= 4.0: "5" resets VmHWM to the current RSS
        with open("/proc/self/clear_refs", "w") as refs:
            refs.write("5")
    except OSError:
        pass


def _serve(fn: Callable, conn: Connection, limits: Limits) -> None:
    """The worker's loop: set the limits, then run jobs until told to stop (None)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent decides when workers end
    memory = limits.memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    while True:
        job = conn.recv()
        if job is None:
            return
        start = _cpu_self()
        own = resource.getrusage(resource.RUSAGE_SELF)
        # the kernel's own stop: SIGXCPU one second after the parent should have acted
        soft = math.ceil(own.ru_utime + own.ru_stime + limits.cpu_s) + 1
        resource.setrlimit(resource.RLIMIT_CPU, (soft, resource.RLIM_INFINITY))
        _reset_peak()
        try:
            value, overrun = fn(job), None
        except MemoryError:
            value, overrun = None, f"needs more than {limits.memory_mb:,} MB of memory"
        conn.send(Outcome(value, overrun, _cpu_self() - start, _peak_rss_mb()))


class _Worker:
    """One worker process, its pipe, and the job it is on."""

    def __init__(self, ctx, fn: Callable, limits: Limits) -> None:
        self.conn, child = ctx.Pipe()
        self.proc = ctx.Process(target=_serve, args=(fn, child, limits), daemon=True)
        self.proc.start()
        child.close()
        self.stat = _open_stat(self.proc.pid)
        #: what the parent polls while the worker is on a job: its pipe and its end
        self.fds = (self.conn.fileno(), self.proc.sentinel)
        self.index: int | None = None
        self.cpu0 = 0.0
        self.wall0 = self.looked = 0.0

    def give(self, index: int, job: object, poller: select.poll) -> None:
        self.index, self.cpu0, self.wall0 = index, _cpu_of(self.stat), time.monotonic()
        self.looked = self.wall0
        self.conn.send(job)
        for fd in self.fds:
            poller.register(fd, select.POLLIN)

    def idle(self, poller: select.poll) -> None:
        """Off its job: no longer polled."""
        self.index = None
        for fd in self.fds:
            poller.unregister(fd)

    def used(self) -> float:
        return _cpu_of(self.stat) - self.cpu0

    def kill(self) -> None:
        if self.proc.is_alive():
            os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.join()
        self.conn.close()
        self.close_stat()

    def close_stat(self) -> None:
        if self.stat is not None:
            os.close(self.stat)
            self.stat = None


def budgeted_imap(fn: Callable[[T], R], items: Iterable[T], workers: int | None = None,
                  limits: Limits = Limits()) -> Iterator[Outcome]:
    """``fn(x)`` for each ``x`` in ``items``, in worker processes under ``limits``; yields
    one Outcome per item, in order, as soon as it and those before it are done.

    ``items`` is taken as the workers need it, at most AHEAD jobs per worker beyond the
    last Outcome yielded: a long run holds the jobs in flight, not all of them.
    ``fn`` runs in a forked child, so any callable works; items and results are pickled.
    A job that overruns its CPU seconds or memory, or kills its worker, gets an Outcome
    with ``overrun`` set and a fresh worker takes the next job.
    """
    ctx = mp.get_context("fork")
    items = iter(items)
    first = list(itertools.islice(items, max(1, workers or os.cpu_count() or 1)))
    if not first:
        return
    jobs = itertools.chain(first, items)  # no more workers than jobs
    pool = [_Worker(ctx, fn, limits) for _ in first]
    window = AHEAD * len(pool)
    poller = select.poll()  # kept across the loop: a selector built each round costs more
    done: dict[int, Outcome] = {}
    next_job, next_out, more = 0, 0, True
    wall_limit = max(30.0, WALL_BACKSTOP_FACTOR * limits.cpu_s)
    try:
        while True:
            for worker in pool:
                if more and worker.index is None and next_job - next_out < window:
                    job = next(jobs, _END)
                    more = job is not _END
                    if more:
                        worker.give(next_job, job, poller)
                        next_job += 1
            if not more and next_out == next_job:
                return
            ready = {fd for fd, _ in poller.poll(_POLL_S * 1000)}
            for i, worker in enumerate(pool):
                if worker.index is None:
                    continue
                if worker.fds[0] in ready:  # finished: its CPU need not be read
                    try:
                        done[worker.index] = worker.conn.recv()
                        worker.idle(poller)
                        continue
                    except (EOFError, OSError):
                        pass
                ended, now = bool(ready.intersection(worker.fds)), time.monotonic()
                if not ended and now - worker.looked < _POLL_S:
                    continue  # its CPU was read a moment ago: not on every result of another
                worker.looked = now
                overrun, spent = None, worker.used()
                if ended:
                    overrun = _death(worker, spent, limits)
                elif spent > limits.cpu_s:
                    overrun = f"took more than {limits.cpu_s:g} CPU s"
                elif now - worker.wall0 > wall_limit:
                    overrun = f"made no progress within {wall_limit:g} s"
                if overrun is not None:
                    peak = _peak_rss_mb(worker.proc.pid)  # the job's: reset when it began
                    done[worker.index] = Outcome(None, overrun, spent, peak)
                    worker.idle(poller)
                    worker.kill()
                    pool[i] = _Worker(ctx, fn, limits)
            while next_out in done:
                yield done.pop(next_out)
                next_out += 1
    finally:
        for worker in pool:
            if worker.proc.is_alive() and worker.index is None:
                try:
                    worker.conn.send(None)
                except OSError:
                    pass
            worker.kill() if worker.index is not None else worker.proc.join(5)
            if worker.proc.is_alive():
                worker.kill()
            worker.close_stat()


def _death(worker: _Worker, spent: float, limits: Limits) -> str:
    """One line for a worker that ended in the middle of a job (``spent`` CPU s)."""
    worker.proc.join(1)
    code = worker.proc.exitcode
    if code == -signal.SIGXCPU or spent > limits.cpu_s:
        return f"took more than {limits.cpu_s:g} CPU s"
    if code == -signal.SIGKILL or code == -signal.SIGSEGV or code == -signal.SIGABRT:
        return f"stopped the checker (signal {-code}; over {limits.memory_mb:,} MB?)"
    return f"stopped the checker (exit {code})"


def parse_limits(text: str) -> Limits:
    """``--budget`` as written: ``30s``, ``2048MB``, ``2GB`` or both, ``30s,2GB``; the part
    not given keeps its default. Raises ValueError with a short reason."""
    cpu, memory = CHECK_CPU_S, CHECK_MEMORY_MB
    for part in filter(None, (p.strip().lower() for p in text.split(","))):
        number, unit = part.rstrip("sgmb"), part[len(part.rstrip("sgmb")):]
        if not number.isascii() or not number.replace(".", "", 1).isdigit() \
                or float(number) <= 0 or unit not in ("s", "mb", "gb"):
            raise ValueError(f"{part[:20]!r} is not like 30s, 2048MB or 2GB")
        if unit == "s":
            cpu = float(number)
        else:
            memory = int(float(number) * (1024 if unit == "gb" else 1))
    if memory < 256:
        raise ValueError("a worker needs at least 256MB")
    return Limits(cpu, memory)
