"""Work on untrusted input, in worker processes under a CPU-time and memory limit.

A hostile upload can at worst exhaust its own worker: the memory limit (RLIMIT_AS) turns
a runaway allocation into a MemoryError the checker reports on one line, the CPU limit
(RLIMIT_CPU, counted per job) kills a worker that spins, and the per-job timeout turns a
lost job into a one-line error. ``multiprocessing.Pool`` replaces a dead worker, so the
other jobs carry on.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import resource
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["JobFailed", "WorkerPool"]

T = TypeVar("T")


class JobFailed(Exception):
    """A job that did not come back in time (its worker was killed or is still busy)."""


def _limit_worker(memory_mb: int) -> None:
    """Pool initializer: cap the worker's address space; CPU is capped per job."""
    if memory_mb:
        cap = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (cap, cap))
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))


def _run(fn: Callable[..., T], cpu_seconds: float, args: tuple) -> T:
    """Run one job with at most ``cpu_seconds`` more CPU time than the worker has used."""
    if cpu_seconds:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        used = math.ceil(usage.ru_utime + usage.ru_stime)
        hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
        soft = used + math.ceil(cpu_seconds)
        resource.setrlimit(resource.RLIMIT_CPU, (soft if hard == resource.RLIM_INFINITY
                                                 else min(soft, hard), hard))
    return fn(*args)


class WorkerPool:
    """``workers`` processes (spawned: no state shared with the server's threads), each
    job under ``cpu_seconds`` of CPU and ``timeout`` seconds of wall time, each worker
    under ``memory_mb`` of address space."""

    def __init__(self, workers: int, cpu_seconds: float = 30, memory_mb: int = 1536,
                 timeout: float = 60, tasks_per_worker: int = 200) -> None:
        self.cpu_seconds, self.timeout, self.workers = cpu_seconds, timeout, workers
        self._slots: asyncio.Semaphore | None = None
        context = multiprocessing.get_context("spawn")
        self._pool = context.Pool(workers, initializer=_limit_worker, initargs=(memory_mb,),
                                  maxtasksperchild=tasks_per_worker)

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """The result of ``fn(*args)`` in a worker; JobFailed ``timeout`` s after a worker
        took it (jobs wait their turn first, so a queue is not a timeout)."""
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.workers)
        async with self._slots:
            return await self._dispatch(fn, args)

    async def _dispatch(self, fn: Callable[..., T], args: tuple) -> T:
        loop = asyncio.get_running_loop()
        done: asyncio.Future = loop.create_future()

        def settle(value: Any, failed: bool = False) -> None:
            if not done.done():
                (done.set_exception if failed else done.set_result)(value)

        self._pool.apply_async(
            _run, (fn, self.cpu_seconds, args),
            callback=lambda value: loop.call_soon_threadsafe(settle, value),
            error_callback=lambda err: loop.call_soon_threadsafe(settle, err, True))
        try:
            return await asyncio.wait_for(done, self.timeout)
        except asyncio.TimeoutError:
            raise JobFailed(f"gave up after {self.timeout:g} s: the file took too long or too "
                            "much memory to check") from None

    def close(self) -> None:
        """Stop the workers (running jobs are abandoned)."""
        self._pool.terminate()
        self._pool.join()
