"""The web page's workers: each session, and each upload in it, gets its share of them.

One FIFO queue over the workers let 50 slow uploads hold a good one for minutes; a queue
that paused running jobs for newcomers still made a newcomer wait for a process once 50
sessions each held a slow one (measured: 58 s). Here a job is **short** until it has used
``short_cpu_s`` CPU seconds (1: a proof checks in well under that) and **long** after.
A session *came* when the request of its oldest job began (``_Job.came``):

- ``workers`` processes are for short jobs, ``workers`` more for long ones, so the pool
  never holds more than ``2 * workers`` and a process for a new file is free within one
  short job's CPU seconds, however many slow files are in flight;
- short jobs run first: a long job is paused (SIGSTOP: its CPU budget does not move)
  while short ones need its core, and resumed after (the oldest long jobs run first);
- a job that reaches ``short_cpu_s`` moves to a long process if one is free, else it is
  ended and waits for one, to start again there: it loses at most ``short_cpu_s``;
- the first job of a session none of whose jobs has run yet does not wait for a short
  process: of the short jobs of sessions that came before it and have had half of
  ``short_cpu_s`` (a proof that has just started is not ended for the next newcomer),
  the one that has used most CPU is ended for it and waits again. It loses less than
  ``short_cpu_s``, once per new session, and a person's first file starts within half a
  CPU second however busy the page is;
- a free process goes to the session holding fewest, then the one whose jobs have run
  least so far, then (short jobs) the session that came last or (long jobs) first, then
  within a session to the upload (``group``) holding fewest, then to the oldest job;
- callers only put jobs in and read counts: an upload is taken in at once, whatever the
  pool's thread is doing.

Every job runs under the same budget as ``wsmark check`` (``markers.runtime.budget``,
enforced from outside by ``markers.runtime.pool.Worker``) and has a wall deadline: a job
not done by then is stopped and answered with one line. Workers come from a fork server
(the web server has threads: it must not fork itself), which imports ``preload`` once;
they die with it, and it ends with the server.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import multiprocessing as mp
import os
import pickle
import select
import signal
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, cast

from markers.errors import WsmarkError
from markers.runtime.budget import DEFAULT_LIMITS, POLL_S, Limits, peak_rss_mb
from markers.runtime.pool import Outcome, Worker, death, within_budget

__all__ = ["FairPool", "JobFailed", "SHORT_CPU_S"]

#: CPU seconds a job runs as a short one (module docstring): what a proof needs, with a
#: margin (the producers corpus: a median of 0.18, 75 of 76 under 0.6).
SHORT_CPU_S = 1.0
#: How often the pool's thread looks at deadlines when no job runs (seconds).
IDLE_POLL_S = 1.0
#: A worker that has grown past this resident size is replaced after its job.
RECYCLE_MB = 400.0
#: Jobs a worker runs before it is replaced (what a library leaks stays bounded).
TASKS_PER_WORKER = 200


class JobFailed(WsmarkError):
    """A job that came back without a value: over its budget, past its deadline, or its
    worker died. One line."""


def _call(job: tuple[Callable, tuple]) -> tuple[bool, Any]:
    """What a worker does with a job: ``(True, value)``, or ``(False, the exception)``."""
    fn, args = job
    try:
        return True, fn(*args)
    except MemoryError:
        raise  # the worker's loop reports it against the budget
    except Exception as err:  # the caller's to handle (a refused design), as if in-process
        try:
            pickle.dumps(err)
            return False, err
        except Exception:
            return False, RuntimeError(f"{type(err).__name__}: {str(err)[:200]}")


@dataclass(eq=False)
class _Job:
    """A job waiting, running or paused, and what the dealing needs to know of it."""

    job: tuple[Callable, tuple]
    session: str
    group: str
    deadline: float
    deadline_s: float
    future: concurrent.futures.Future
    order: int
    worker: Worker | None = None
    paused: bool = False
    since: float = 0.0  # when it last started or resumed
    long: bool = False  # it has used its short CPU seconds

    @property
    def came(self) -> float:
        """When the request it belongs to began (its deadline, less the request's): a
        request whose upload the server is still reading came before one sent later."""
        return self.deadline - self.deadline_s


class FairPool:
    """``workers`` jobs at a time under ``limits`` each, dealt fairly among sessions and
    their uploads (see the module docstring). ``submit`` and ``run`` may be called from
    any thread; one thread of the pool owns the workers."""

    def __init__(self, workers: int, limits: Limits = DEFAULT_LIMITS,
                 preload: Sequence[str] = (), short_cpu_s: float = SHORT_CPU_S) -> None:
        self.workers, self.limits, self.short_cpu_s = max(1, workers), limits, short_cpu_s
        self._ctx = mp.get_context("forkserver")
        self._ctx.set_forkserver_preload(["markers.runtime.forked", *preload])
        # Callers touch only what the lock guards (jobs come in, counts go out), so an
        # upload is taken in at once however long the pool's thread spends starting,
        # feeding or ending a worker; the jobs themselves are the pool thread's alone.
        self._lock = threading.Lock()
        self._inbox: list[_Job] = []
        self._pending: Counter[str] = Counter()  # jobs not yet answered, per session
        self._jobs: list[_Job] = []
        self._procs: list[Worker] = []
        self._tasks: Counter[Worker] = Counter()
        #: wall seconds each session's jobs have run
        self._served: defaultdict[str, float] = defaultdict(float)
        self._seen: set[str] = set()  # sessions with a job started, while they have jobs
        self._order = itertools.count()
        self._changed = True
        self._closing = False
        self._wake_r, self._wake_w = os.pipe()
        os.set_blocking(self._wake_w, False)
        self._poller = select.poll()
        self._poller.register(self._wake_r, select.POLLIN)
        for _ in range(self.workers):  # warm: the first uploads need not wait for a start
            self._procs.append(self._new_worker())
        self._thread = threading.Thread(target=self._loop, name="wsmark-workers", daemon=True)
        self._thread.start()

    # --- the callers' side ------------------------------------------------------------

    def submit(self, fn: Callable, *args: Any, session: str, group: str,
               deadline_s: float, said_s: float | None = None) -> concurrent.futures.Future:
        """``fn(*args)`` in a worker, for ``session``'s upload ``group``; the future holds
        its value or raises its exception, or JobFailed after ``deadline_s`` seconds
        (saying ``said_s``, the deadline of the request the job belongs to)."""
        future: concurrent.futures.Future = concurrent.futures.Future()
        job = _Job((fn, args), session, group, time.monotonic() + deadline_s,
                   deadline_s if said_s is None else said_s, future, next(self._order))
        with self._lock:
            if self._closing:
                raise JobFailed("the server is stopping")
            self._inbox.append(job)
            self._pending[session] += 1
        future.add_done_callback(lambda _: self._wake())  # a cancel must reach the loop
        self._wake()
        return future

    async def run(self, fn: Callable, *args: Any, session: str, group: str,
                  deadline_s: float, said_s: float | None = None) -> Any:
        """``submit``, awaited; a cancelled await (the client went away) drops the job."""
        return await asyncio.wrap_future(self.submit(
            fn, *args, session=session, group=group, deadline_s=deadline_s, said_s=said_s))

    def pending(self, session: str | None = None) -> int:
        """Jobs not yet answered, of ``session`` or of all."""
        with self._lock:
            return self._pending.total() if session is None else self._pending[session]

    def close(self) -> None:
        """Stop the workers; jobs still pending fail. Closing again does nothing."""
        with self._lock:
            if self._closing:
                return
            self._closing = True
        self._wake()
        self._thread.join(10)
        with self._lock:
            self._jobs += self._inbox
            self._inbox.clear()
            self._pending.clear()
        for job in self._jobs:
            self._fail(job, "the server is stopping")
        for worker in self._procs:
            worker.kill()
        self._procs.clear()
        pipe, self._wake_r, self._wake_w = (self._wake_r, self._wake_w), -1, -1
        for fd in pipe:  # a late cancel must not write to whatever reuses the number
            os.close(fd)

    def _wake(self) -> None:
        if self._wake_w < 0:
            return
        try:
            os.write(self._wake_w, b"x")
        except (BlockingIOError, OSError):
            pass  # already awake

    # --- the pool's thread ------------------------------------------------------------

    def _loop(self) -> None:
        while not self._closing:
            busy = any(job.worker is not None for job in self._jobs)
            ready = {fd for fd, _ in self._poller.poll((POLL_S if busy else IDLE_POLL_S) * 1000)}
            if self._wake_r in ready:
                try:
                    os.read(self._wake_r, 4096)
                except OSError:
                    pass
            if self._closing:
                return
            try:
                self._round(ready)
            except Exception as err:  # never a caller left waiting: all fail, in one line
                for job in list(self._jobs):
                    self._stop(job, f"the checker's workers failed ({type(err).__name__})")

    def _round(self, ready: set[int]) -> None:
        with self._lock:
            arrived, self._inbox = self._inbox, []
        if arrived:
            self._jobs += arrived
            self._changed = True
        now = time.monotonic()
        self._collect(ready)
        self._expire(now)
        if self._changed:
            self._deal(now)

    def _collect(self, ready: set[int]) -> None:
        """Answers, deaths and CPU overruns of the jobs on workers."""
        now = time.monotonic()
        for job, worker in [(j, j.worker) for j in self._jobs if j.worker is not None]:
            if worker.fds[0] in ready:
                try:
                    self._finish(job, within_budget(worker.conn.recv(), self.limits))
                    continue
                except (EOFError, OSError):
                    pass
            if worker.fds[1] in ready or (worker.fds[0] in ready):
                self._stop(job, death(worker, worker.used(), self.limits))
            elif not job.paused and now - worker.looked >= POLL_S:
                worker.looked = now
                used = worker.used()
                if used > self.limits.cpu_s:
                    self._stop(job, self.limits.over_cpu())
                elif not job.long and used >= self.short_cpu_s:
                    self._lengthen(job)

    def _held(self, long: bool) -> int:
        """Processes held by short (long: long) jobs."""
        return sum(1 for job in self._jobs if job.worker is not None and job.long == long)

    def _lengthen(self, job: _Job) -> None:
        """``job`` has used its short CPU seconds: it keeps its process as a long job if
        one of theirs is free, else it ends there and waits for one."""
        job.long, self._changed = True, True
        if self._held(long=True) > self.workers:  # itself included
            self._requeue(job)

    def _requeue(self, job: _Job) -> None:
        """End ``job``'s process: it waits for another, to start again."""
        assert job.worker is not None
        job.worker.idle(self._poller)
        self._retire(job.worker)
        job.worker, job.paused, self._changed = None, False, True

    def _expire(self, now: float) -> None:
        """Jobs cancelled by their caller, or past their deadline."""
        for job in list(self._jobs):
            if job.future.cancelled():
                self._stop(job, None)
            elif now > job.deadline:
                self._stop(job, f"no answer within {job.deadline_s:g} s (the server is busy, "
                                "or the file is slow to check): send it again later")

    def _deal(self, now: float) -> None:
        """Free processes to waiting jobs, and the cores to short jobs first, then to the
        oldest long ones (module docstring)."""
        self._changed = False
        for job in self._jobs:  # what each session's running jobs have had so far
            if job.worker is not None and not job.paused:
                self._served[job.session] += now - job.since
                job.since = now
        for long in (False, True):
            for _ in range(self.workers - self._held(long)):
                waiting = self._next(long)
                if waiting is None:
                    break
                self._start(waiting, now)
        self._welcome(now)
        self._pace(now)
        live = {job.session for job in self._jobs}
        for session in [s for s in self._served if s not in live]:
            del self._served[session]
        self._seen &= live

    def _welcome(self, now: float) -> None:
        """A new session's first short job at once: in the place of the short job that
        has run longest (at least half the short jobs' CPU seconds) of a session that
        came before it, which waits again."""
        while ((newcomer := self._next(long=False)) is not None
               and newcomer.session not in self._seen):
            came = self._came()
            spent, victim = max(((j.worker.used(), j) for j in self._jobs
                                 if j.worker is not None and not j.long
                                 and came[j.session] < came[newcomer.session]),
                                default=(0.0, None), key=lambda pair: pair[0])
            if victim is None or spent < self.short_cpu_s / 2:
                self._changed = True  # looked at again at the next poll
                break
            self._requeue(victim)  # a new session's turn
            self._start(newcomer, now)

    def _pace(self, now: float) -> None:
        """The cores the short jobs leave to the oldest long ones held: those run, the
        others are stopped (SIGSTOP) until a core is theirs."""
        cores = self.workers - self._held(long=False)
        held = sorted((job for job in self._jobs if job.worker is not None and job.long),
                      key=lambda job: job.order)
        for rank, job in enumerate(held):
            assert job.worker is not None  # held
            if rank < cores and job.paused:
                job.worker.signal(signal.SIGCONT)
                job.paused, job.since = False, now
            elif rank >= cores and not job.paused:
                job.worker.signal(signal.SIGSTOP)
                job.paused = True

    def _next(self, long: bool) -> _Job | None:
        """The waiting short (long: long) job to have the next free process, or None.
        Among sessions equal in what they hold and have had, short jobs go to the one
        that came last: under a flood the file a person has just sent is the one still
        awaited, the flood's have waited and get their deadline's line ("adaptive LIFO",
        B. Maurer, Fail at Scale, ACM Queue 13(8), 2015); a session's own files keep
        their order."""
        held_by = Counter(job.session for job in self._jobs if job.worker is not None)
        in_group = Counter(job.group for job in self._jobs if job.worker is not None)
        came = self._came()
        waiting = [job for job in self._jobs if job.worker is None and job.long == long]
        return min(waiting, default=None, key=lambda job: (
            held_by[job.session], self._served[job.session],
            came[job.session] if long else -came[job.session], in_group[job.group],
            job.order))

    def _came(self) -> dict[str, float]:
        """When each session with jobs came: when its oldest job's request began."""
        came: dict[str, float] = {}
        for job in self._jobs:
            came[job.session] = min(came.get(job.session, job.came), job.came)
        return came

    def _start(self, job: _Job, now: float) -> None:
        """``job`` on an idle worker, or a new one (also when the idle one has died)."""
        worker = next((w for w in self._procs if w.index is None), None)
        if worker is not None:
            try:
                worker.give(job.order, job.job, self._poller)
            except OSError:  # it died while idle: its pipe is not polled yet
                worker.index = None
                self._retire(worker)
                worker = None
        if worker is None:
            worker = self._new_worker()
            self._procs.append(worker)
            worker.give(job.order, job.job, self._poller)
        job.worker, job.paused, job.since = worker, False, now
        self._seen.add(job.session)

    def _new_worker(self) -> Worker:
        """A worker from the fork server, which is started first if it is not running.
        The fork server and multiprocessing's resource tracker are interpreters run as
        `python -c`, which puts the working directory first on sys.path: a
        multiprocessing.py where the server was started ran in them (a FIFO of that name
        stalled them). PYTHONSAFEPATH (Python 3.11) leaves it off while they start."""
        saved = os.environ.get("PYTHONSAFEPATH")
        os.environ["PYTHONSAFEPATH"] = "1"
        try:
            return Worker(self._ctx, _call, self.limits)
        finally:
            if saved is None:
                del os.environ["PYTHONSAFEPATH"]
            else:
                os.environ["PYTHONSAFEPATH"] = saved

    def _finish(self, job: _Job, outcome: Outcome) -> None:
        """A job that came back: its value or exception to the caller; its worker kept
        for the next job, or replaced when it has grown or is not needed."""
        worker = job.worker
        assert worker is not None
        worker.idle(self._poller)
        if job.paused:  # it answered just as it was paused: a stopped worker reads no job
            worker.signal(signal.SIGCONT)
        self._leave(job)
        job.worker = None
        self._tasks[worker] += 1
        spare = sum(1 for w in self._procs if w.index is None) > self.workers
        if spare or self._tasks[worker] >= TASKS_PER_WORKER or \
                peak_rss_mb(worker.pid) > RECYCLE_MB:
            self._retire(worker)
        if job.future.done():
            return
        if outcome.overrun is not None:
            job.future.set_exception(JobFailed(outcome.overrun))
            return
        ok, value = cast("tuple[bool, Any]", outcome.value)  # what _call returns
        (job.future.set_result if ok else job.future.set_exception)(value)

    def _stop(self, job: _Job, message: str | None) -> None:
        """End ``job`` (killing its worker if it has one) and fail it with ``message``
        (None: its caller cancelled it)."""
        if job.worker is not None:
            job.worker.idle(self._poller)
            self._retire(job.worker)
            job.worker = None
        self._leave(job)
        if message is not None:
            self._fail(job, message)

    def _leave(self, job: _Job) -> None:
        """``job`` is answered (or dropped): out of the jobs and the counts."""
        self._jobs.remove(job)
        self._changed = True
        with self._lock:
            self._pending[job.session] -= 1
            if self._pending[job.session] <= 0:
                del self._pending[job.session]

    def _retire(self, worker: Worker) -> None:
        worker.kill()
        self._procs.remove(worker)
        del self._tasks[worker]

    @staticmethod
    def _fail(job: _Job, message: str) -> None:
        if not job.future.done():
            job.future.set_exception(JobFailed(message))
