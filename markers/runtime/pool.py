"""Running untrusted jobs (one file to check each) in worker processes under a budget of
CPU seconds and memory that the code doing the work cannot overrun.

The limits are enforced from outside the work: each worker runs under ``RLIMIT_AS``
(memory: the budget above the address space it was forked with) and ``RLIMIT_CPU`` (the
kernel ends it with SIGXCPU), and the parent reads the CPU time of the worker and of its
reader children, live or ended, from ``/proc`` (``markers.runtime.budget``) and kills
them with SIGKILL when a job overruns, then starts
a fresh worker for the remaining jobs. CPU seconds, not wall seconds, so a verdict does
not depend on how busy the machine is; a generous wall-clock backstop only catches a
worker that is stuck without using CPU. Even one job runs in a worker, so the budget
always holds.

No worker outlives its parent: each asks the kernel to kill it when the parent dies
(``die_with_parent``) and closes the parent's ends of every pipe it inherited, so a
``kill -9`` of the command leaves nothing behind; an interrupted run kills its workers at
once.
"""

from __future__ import annotations

import gc
import itertools
import math
import multiprocessing as mp
import os
import resource
import select
import signal
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from multiprocessing.connection import Connection
from multiprocessing.context import ForkContext, ForkServerContext
from typing import TypeVar

from markers.core.budget import address_space, cpu_used, die_with_parent, running_job
from markers.runtime.budget import (
    DEFAULT_LIMITS,
    POLL_S,
    Limits,
    TreeCPU,
    peak_rss_mb,
    reset_peak,
)

__all__ = ["Outcome", "Worker", "budgeted_imap", "death", "interrupts_held",
           "ignore_interrupts", "within_budget"]

#: A worker whose CPU time, its reader child's included, has not moved for this many
#: seconds is stuck (blocked: a FIFO, a lock). A busy machine slows a worker's CPU time
#: but does not stop it, so it never trips this: a wall-clock limit (20 budgets) did
#: (the reader child's own is shorter, so that its line is the one given).
STALL_S = 60.0
#: Jobs per worker given out beyond the last Outcome yielded: enough that a slow job
#: does not idle the other workers at once, few enough that the Outcomes waiting
#: behind it stay a bounded handful.
AHEAD = 32
#: Jobs a run must have for ``warm`` to be done in the parent before it forks two or more
#: workers: on issue 33's sets one file in 7 to 10 reads lettering (the OCR engine, 0.17
#: CPU s a process), so a run this long has it started in every worker, and warming once
#: saves that in all but one; a shorter one may never need it.
WARM_JOBS = 16

T = TypeVar("T")
R = TypeVar("R")

_END = object()
#: How glibc ends a process that cannot allocate thread-local storage: out of memory.
_TLS_ABORT = 127


@dataclass(frozen=True)
class Outcome:
    """What became of one job: its ``value``, or ``overrun`` (one line) when the job was
    stopped; ``cpu_s`` and ``peak_rss_mb`` are what the job used, measured in the worker."""

    value: object | None
    overrun: str | None
    cpu_s: float
    peak_rss_mb: float


@contextmanager
def interrupts_held() -> Iterator[None]:
    """Ctrl-C held back while a worker is forked, so that it cannot land in the child
    before the child ignores it (``ignore_interrupts``: it printed the child's
    traceback after the command's one line); this thread gets it afterwards."""
    before = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


@contextmanager
def _heap_frozen(forking: bool) -> Iterator[None]:
    """The parent's objects moved out of the collector's sight while a worker is forked
    (``gc.freeze``), and back after: the worker inherits them frozen, so its collections
    never walk them, nor write to (and copy) the pages they share with the parent: a
    worker's collections over issue 33's 348 files took 0.13 CPU s, 0.05 frozen. The
    parent's own are as before; a freeze made by another stays."""
    if not forking or gc.get_freeze_count():
        yield
        return
    gc.freeze()
    try:
        yield
    finally:
        gc.unfreeze()


def ignore_interrupts() -> None:
    """In a worker: Ctrl-C is for the parent to act on (it kills its workers)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def _serve(fn: Callable, conn: Connection, limits: Limits, parent: int | None,
           inherited: list[int]) -> None:
    """The worker's loop: set the limits, then run jobs until told to stop (None)."""
    die_with_parent(parent)
    for fd in inherited:  # the parent's ends of this and earlier workers' pipes
        try:
            os.close(fd)
        except OSError:
            pass
    ignore_interrupts()
    # the parent says in one line how a job ended; what a native library prints as it
    # dies (glibc's "cannot allocate memory for thread-local data: ABORT") is not a line
    quiet = os.open(os.devnull, os.O_WRONLY)
    os.dup2(quiet, 2)
    os.close(quiet)
    # the budget on top of what the worker inherited from its parent (core.budget)
    memory = address_space() + limits.memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    while True:
        try:
            message = conn.recv()  # (job,), or None: stop
        except EOFError:  # the parent is gone
            return
        if message is None:
            return
        job = message[0]
        start = cpu_used()
        own = resource.getrusage(resource.RUSAGE_SELF)
        # the kernel's own stop: SIGXCPU one second after the parent should have acted
        soft = math.ceil(own.ru_utime + own.ru_stime + limits.cpu_s) + 1
        resource.setrlimit(resource.RLIMIT_CPU, (soft, resource.RLIM_INFINITY))
        reset_peak()
        try:
            with running_job(limits.cpu_s):
                value, overrun = fn(job), None
        except MemoryError:
            value, overrun = None, f"needs more than {limits.memory_mb:,} MB of memory"
        conn.send(Outcome(value, overrun, cpu_used() - start, peak_rss_mb()))


class Worker:
    """One worker process, its pipe, and the job it is on. A forked worker closes the
    parent's descriptors it inherited: its own pipe's other end and ``inherited`` (the
    parent's ends of the other workers' pipes); one from a fork server inherits none,
    and dies with the fork server, which ends with its parent."""

    def __init__(self, ctx: ForkContext | ForkServerContext, fn: Callable, limits: Limits,
                 inherited: Iterable[int] = ()
                 ) -> None:
        self.conn, child = ctx.Pipe()
        forked = ctx.get_start_method() == "fork"
        self.proc = ctx.Process(target=_serve, daemon=True, args=(
            fn, child, limits, os.getpid() if forked else None,
            [self.conn.fileno(), *inherited] if forked else []))
        with interrupts_held(), _heap_frozen(forked):
            self.proc.start()
        child.close()
        assert self.proc.pid is not None  # started
        self.pid: int = self.proc.pid
        self.cpu = TreeCPU(self.pid)
        #: what the parent polls while the worker is on a job: its pipe and its end
        self.fds = (self.conn.fileno(), self.proc.sentinel)
        self.index: int | None = None
        self.cpu0 = self.spent = 0.0
        self.looked = self.moved = 0.0

    def give(self, index: int, job: object, poller: select.poll) -> None:
        self.index, self.cpu0, self.spent = index, self.cpu.read(), 0.0
        self.looked = self.moved = time.monotonic()
        self.conn.send((job,))  # a job of None is a job, not the word to stop
        for fd in self.fds:
            poller.register(fd, select.POLLIN)

    def idle(self, poller: select.poll) -> None:
        """Off its job: no longer polled."""
        self.index = None
        for fd in self.fds:
            poller.unregister(fd)

    def used(self) -> float:
        """CPU seconds of the job so far, its reader children's included."""
        return self.cpu.read() - self.cpu0

    def signal(self, number: int) -> None:
        """Send ``number`` to the worker and its children (children first)."""
        for pid in [*self.cpu.children(), self.pid]:
            try:
                os.kill(pid, number)
            except OSError:
                pass

    def kill(self) -> None:
        if self.proc.is_alive():
            self.signal(signal.SIGKILL)
        self.proc.join()
        self.conn.close()
        self.cpu.close()

    def stop(self) -> None:
        """End an idle worker: tell it to stop, kill it if it does not at once."""
        try:
            self.conn.send(None)
        except OSError:
            pass
        self.proc.join(1)
        self.kill()


def budgeted_imap(fn: Callable[[T], R], items: Iterable[T], workers: int | None = None,
                  limits: Limits = DEFAULT_LIMITS, warm: Callable[[], object] | None = None
                  ) -> Iterator[Outcome]:
    """``fn(x)`` for each ``x`` in ``items``, in worker processes under ``limits``; yields
    one Outcome per item, in order, as soon as it and those before it are done.

    ``items`` is taken as the workers need it, at most AHEAD jobs per worker beyond the
    last Outcome yielded: a long run holds the jobs in flight, not all of them.
    ``fn`` runs in a forked child, so any callable works; items and results are pickled.
    A job that overruns its CPU seconds or memory, or kills its worker, gets an Outcome
    with ``overrun`` set and a fresh worker takes the next job. Ended early (an
    interrupt, an error, the caller stopping), it kills its workers at once.
    ``warm``, what every worker would do at its first jobs (start an engine), is done
    here once before two or more workers are forked for WARM_JOBS jobs or more.
    """
    ctx = mp.get_context("fork")
    items = iter(items)
    most = max(1, workers or os.cpu_count() or 1)
    warming = warm if most > 1 else None  # one worker: it may never need it
    first = list(itertools.islice(items, max(most, WARM_JOBS if warming else 0)))
    if not first:
        return
    if warming is not None and len(first) >= WARM_JOBS:
        warming()
    jobs = itertools.chain(first, items)
    pool: list[Worker] = []
    for _ in first[:most]:  # no more workers than jobs
        pool.append(Worker(ctx, fn, limits, [w.conn.fileno() for w in pool]))
    window = AHEAD * len(pool)
    poller = select.poll()  # kept across the loop: a selector built each round costs more
    done: dict[int, Outcome] = {}
    next_job, next_out, more = 0, 0, True
    finished = False
    try:
        while True:
            if more:
                next_job, more = _fill(pool, jobs, poller, next_job, next_out + window)
            if not more and next_out == next_job:
                finished = True
                return
            ready = {fd for fd, _ in poller.poll(POLL_S * 1000)}
            for i, worker in enumerate(pool):
                index = worker.index
                got = None if index is None else _ended(worker, ready, limits)
                if index is None or got is None:
                    continue
                done[index], overran = got
                worker.idle(poller)
                if overran:
                    worker.kill()
                    others = [w.conn.fileno() for w in pool if w is not worker]
                    pool[i] = Worker(ctx, fn, limits, others)
            while next_out in done:
                yield done.pop(next_out)
                next_out += 1
    finally:
        for worker in pool:
            worker.stop() if finished else worker.kill()


def _fill(pool: list[Worker], jobs: Iterator, poller: select.poll, next_job: int,
          until: int) -> tuple[int, bool]:
    """Give the idle workers of ``pool`` the next jobs, numbered from ``next_job``, while
    their number stays below ``until`` (the window ahead of the last Outcome yielded):
    the next job's number, and whether ``jobs`` has more."""
    for worker in pool:
        if worker.index is None and next_job < until:
            job = next(jobs, _END)
            if job is _END:
                return next_job, False
            worker.give(next_job, job, poller)
            next_job += 1
    return next_job, True


def _ended(worker: Worker, ready: set[int], limits: Limits) -> tuple[Outcome, bool] | None:
    """The Outcome of ``worker``'s job when it has one (its result came, or it overran
    its CPU seconds, made no progress in STALL_S, or died: ``ready`` holds the polled
    descriptors), with whether it overran (then the worker is replaced); None while the
    job runs. A worker's CPU is read at most every POLL_S, not on every result of
    another."""
    if worker.fds[0] in ready:  # finished: the CPU it says it used is its own
        try:
            return within_budget(worker.conn.recv(), limits), False
        except (EOFError, OSError):
            pass
    ended, now = bool(ready.intersection(worker.fds)), time.monotonic()
    if not ended and now - worker.looked < POLL_S:
        return None
    worker.looked = now
    spent = worker.used()
    if spent > worker.spent:
        worker.spent, worker.moved = spent, now
    overrun = death(worker, spent, limits) if ended else limits.over_cpu() \
        if spent > limits.cpu_s else f"made no progress in {STALL_S:g} s" \
        if now - worker.moved > STALL_S else None
    if overrun is None:
        return None
    return Outcome(None, overrun, spent, peak_rss_mb(worker.pid)), True  # the job's peak


def within_budget(outcome: Outcome, limits: Limits) -> Outcome:
    """A finished job's ``outcome``, or its overrun when it used more CPU than
    ``limits`` allow: a job that ends between two looks at its CPU (POLL_S apart) is
    held to the budget as one caught running is, so the verdict does not hang on when
    the parent looked."""
    if outcome.overrun is not None or outcome.cpu_s <= limits.cpu_s:
        return outcome
    return Outcome(None, limits.over_cpu(), outcome.cpu_s, outcome.peak_rss_mb)


def death(worker: Worker, spent: float, limits: Limits) -> str:
    """One line for a worker that ended in the middle of a job (``spent`` CPU s)."""
    worker.proc.join(1)
    code = worker.proc.exitcode
    if code == -signal.SIGXCPU or spent > limits.cpu_s:
        return limits.over_cpu()
    if code == _TLS_ABORT:
        return f"needs more than {limits.memory_mb:,} MB of memory"
    if code == -signal.SIGKILL or code == -signal.SIGSEGV or code == -signal.SIGABRT:
        return f"stopped the checker (signal {-code}; over {limits.memory_mb:,} MB?)"
    return f"stopped the checker (exit {code})"
