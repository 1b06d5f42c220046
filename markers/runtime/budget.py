"""The budget of one job (CPU seconds and memory) and how a parent measures what a worker
and its children spend, from outside the work.

Resolution: CPU time is read from ``/proc/<pid>/stat`` in clock ticks (1/100 s) about
every ``POLL_S`` seconds, so a job is stopped within about 0.1 s of CPU past its limit;
one that ends before it is seen past it is held to the limit by the CPU it used.
A reader child's CPU counts while it runs (``/proc/<pid>/task/<pid>/children``), not only
once it has ended. What a file's check costs varies by some per cent from run to run with
the machine's load (the cores' caches and memory are shared), so a file whose cost is
within ``NEAR_LIMIT`` of the limit may be judged in one run and stopped in the next: a
judged one says so (``Limits.near``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from markers.core.budget import CHECK_CPU_S, CHECK_MEMORY_MB

__all__ = ["CHECK_CPU_S", "CHECK_MEMORY_MB", "DEFAULT_LIMITS", "Limits", "NEAR_LIMIT", "POLL_S",
           "TreeCPU", "parse_limits", "peak_rss_mb", "reset_peak"]

#: How often a busy worker's CPU is read (seconds of wall time).
POLL_S = 0.05
#: A job that ends within this fraction below its CPU limit is near it: on a busier
#: machine the same job may be stopped at the limit.
NEAR_LIMIT = 0.10

_TICKS = os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class Limits:
    """The budget of one job: CPU seconds and memory (address space) in MB."""

    cpu_s: float = CHECK_CPU_S
    memory_mb: int = CHECK_MEMORY_MB

    def describe(self) -> str:
        return f"{self.cpu_s:g} CPU s and {self.memory_mb:,} MB"

    def over_cpu(self) -> str:
        """The one line of a job stopped at its CPU limit."""
        return f"took more than {self.cpu_s:g} CPU s"

    def near(self, cpu_s: float) -> str | None:
        """One line for a job that ended having used ``cpu_s`` CPU seconds within
        NEAR_LIMIT of the limit, else None."""
        if not (1 - NEAR_LIMIT) * self.cpu_s <= cpu_s <= self.cpu_s:
            return None
        return (f"checked in {cpu_s:.1f} of its {self.cpu_s:g} CPU s, within "
                f"{NEAR_LIMIT * 100:g} % of the budget: a busier machine may stop it there "
                "(raise --budget for a margin)")


#: The one default budget (frozen), for the CLI, the web page and the reader child alike.
DEFAULT_LIMITS = Limits()


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


def _stat_cpu(data: bytes) -> float:
    """User + system CPU of a process and its waited-for children, from its stat line."""
    fields = data.rsplit(b")", 1)[1].split()
    return sum(int(field) for field in fields[11:15]) / _TICKS


class TreeCPU:
    """The CPU seconds a process (a worker) and its children (a PDF or DXF reader it
    forked) have used, live children included, read from /proc again and again."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        try:  # kept open: a re-read costs a sixth of a fresh open and read
            self._stat: int | None = os.open(f"/proc/{pid}/stat", os.O_RDONLY)
        except OSError:
            self._stat = None
        self._children = f"/proc/{pid}/task/{pid}/children"

    def children(self) -> list[int]:
        """The live children of the process (empty where /proc cannot tell)."""
        try:
            with open(self._children, "rb") as found:
                return [int(pid) for pid in found.read().split()]
        except (OSError, ValueError):
            return []

    def read(self) -> float:
        """CPU seconds so far; 0 once the process is gone. The process is read before its
        children: a child reaped in between is missed for one reading, never counted
        twice."""
        if self._stat is None:
            return 0.0
        try:
            total = _stat_cpu(os.pread(self._stat, 4096, 0))
        except (OSError, IndexError, ValueError):
            return 0.0
        for child in self.children():
            try:
                with open(f"/proc/{child}/stat", "rb") as stat:
                    total += _stat_cpu(stat.read())
            except (OSError, IndexError, ValueError):
                pass  # ended since the list was read
        return total

    def close(self) -> None:
        if self._stat is not None:
            os.close(self._stat)
            self._stat = None


def peak_rss_mb(pid: int | str = "self") -> float:
    """A process's peak resident memory since the last reset, in MB (0 if gone)."""
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def reset_peak() -> None:
    """Start this process's peak resident memory again from its current size."""
    try:  # Linux >= 4.0: "5" resets VmHWM to the current RSS
        with open("/proc/self/clear_refs", "w") as refs:
            refs.write("5")
    except OSError:
        pass
