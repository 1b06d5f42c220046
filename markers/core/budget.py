"""The one budget of checking one file, and what a process needs to keep to it.

The same default holds for ``wsmark check``, the web page (both enforce it from outside
the work: ``markers.runtime``) and the PDF/DXF reader child (``markers.read.isolate``),
which runs inside a budgeted job and may use only what is left of it. Those two cannot
import each other, so what they share lives here: the default, the budget of the
running job, and the rule that a child dies with its parent.

The budget of the running job is no process global: ``running_job`` binds its CPU
deadline to the job's own context (a ``contextvars.ContextVar``, set when the worker
starts the job and reset when it ends, so nothing of one job is left for the next or for
a library caller), and the readers that need it (markers.read.limits, .isolate) ask
``cpu_left``. It is not passed as an argument because every function that reads a drawing
would take it and hand it on: the check, the repair, the marked-up copy, the web page's
jobs, each reader and the reader child; the job's context carries it to all of them, and
a forked reader child inherits it with the rest of its parent.
"""

from __future__ import annotations

import ctypes
import os
import resource
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = ["CHECK_CPU_S", "CHECK_MEMORY_MB", "running_job", "cpu_used", "cpu_left",
           "die_with_parent", "address_space"]

# The default budget of the whole check of one file (read, measure, rules, report).
# CPU seconds, so the verdict does not depend on machine load. 20 s is twice the slowest
# drawing we judge in full (8,000 separate letter shapes in a diamond,
# found/letters-8000.svg: about 10 CPU s); a test drawing needs under 2. Memory is the
# worker's address space: one with everything imported maps about 190 MB, and no
# reproducer in found/ peaks above 120 MB resident.
CHECK_CPU_S = 20.0
CHECK_MEMORY_MB = 1024

_PR_SET_PDEATHSIG = 1
#: CPU reading (``cpu_used``) at which the budget of the running job ends; None outside a
#: budgeted job. Bound for one job at a time by ``running_job``.
_JOB_ENDS_AT: ContextVar[float | None] = ContextVar("wsmark_job_ends_at", default=None)


def cpu_used() -> float:
    """CPU seconds this process and its ended children have used."""
    own, children = (resource.getrusage(who) for who in
                     (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@contextmanager
def running_job(cpu_s: float) -> Iterator[None]:
    """The job run inside this block may use ``cpu_s`` CPU seconds from now; after it,
    no job is running."""
    token = _JOB_ENDS_AT.set(cpu_used() + cpu_s)
    try:
        yield
    finally:
        _JOB_ENDS_AT.reset(token)


def cpu_left() -> float | None:
    """CPU seconds left of the running job's budget (None outside a budgeted job): what a
    reader child forked now may spend, since its CPU counts in the job's."""
    ends_at = _JOB_ENDS_AT.get()
    return None if ends_at is None else ends_at - cpu_used()


def address_space() -> int:
    """This process's current virtual size in bytes: a memory limit (RLIMIT_AS) on a
    forked process is set this far above it, so the budget counts what the work takes,
    not what it inherited (a test process's or a server's own modules, caches and
    threads' arenas)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError):
        return 0


def die_with_parent(parent: int | None) -> None:
    """Have the kernel kill this process (SIGKILL) when its parent ends, and end now if
    the parent is no longer ``parent`` (it ended before this was asked; None: do not
    look): a worker or reader child never outlives its command."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):  # not Linux: the parent's own cleanup must do
        pass
    if parent is not None and os.getppid() != parent:
        os._exit(1)
