"""The one budget of checking one file, and what a process needs to keep to it.

The same default holds for ``wsmark check``, the web page (both enforce it from outside
the work: ``markers.runtime``) and the PDF/DXF reader child (``markers.read.isolate``),
which runs inside a budgeted job and may use only what is left of it. Those two cannot
import each other, so what they share lives here: the default, the budget of the job
this process is running, and the rule that a child dies with its parent.
"""

from __future__ import annotations

import ctypes
import os
import resource
import signal

__all__ = ["CHECK_CPU_S", "CHECK_MEMORY_MB", "begin_job", "cpu_used", "cpu_left",
           "die_with_parent"]

# The default budget of the whole check of one file (read, measure, rules, report).
# CPU seconds, so the verdict does not depend on machine load. 20 s is twice the slowest
# drawing we judge in full (8,000 separate letter shapes in a diamond,
# found/letters-8000.svg: about 10 CPU s); a test drawing needs under 2. Memory is the
# worker's address space: one with everything imported maps about 190 MB, and no
# reproducer in found/ peaks above 120 MB resident.
CHECK_CPU_S = 20.0
CHECK_MEMORY_MB = 1024

_PR_SET_PDEATHSIG = 1
#: CPU reading (``cpu_used``) at which the budget of the job this process runs ends;
#: None outside a budgeted worker. Set by the worker for each job (``begin_job``).
_job_ends_at: float | None = None


def cpu_used() -> float:
    """CPU seconds this process and its ended children have used."""
    own, children = (resource.getrusage(who) for who in
                     (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def begin_job(cpu_s: float) -> None:
    """The job this worker starts now may use ``cpu_s`` CPU seconds."""
    global _job_ends_at
    _job_ends_at = cpu_used() + cpu_s


def cpu_left() -> float | None:
    """CPU seconds left of the running job's budget (None outside a budgeted job): what a
    reader child forked now may spend, since its CPU counts in the job's."""
    return None if _job_ends_at is None else _job_ends_at - cpu_used()


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
