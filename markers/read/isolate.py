"""Run a native-code parser (PDFium, and ezdxf beside it) in a forked child under a hard
CPU-time and memory limit.

Why: the reader's Budget is checked between objects, but PDFium loads a page in one native
call that Python cannot interrupt; a hostile PDF (form XObjects that draw each other
twice, 2^40 expansions) would hang it, and a bomb could exhaust memory. The child has an
address-space limit and a CPU-time limit (the kernel stops it with SIGXCPU; CPU seconds, so
whether a file is read does not depend on how busy the machine is), and a child whose CPU
time stops moving is killed (``STALL_S``: it is blocked; a wall-clock limit stopped a slow
reader on a busy machine, 12 CPU s into a PDF, after 210 s); the parent turns every way it
can end into the result or one line naming the file.

Inside a budgeted job (``markers.core.budget``) the child may spend only what is left of
the job's CPU seconds, and the job's parent counts the child's CPU while it runs; the child
dies with the process that forked it, so no reader outlives its check.
"""

from __future__ import annotations

import faulthandler
import importlib
import math
import os
import pickle
import select
import signal
from collections.abc import Callable
from typing import Any, TypeVar

from markers.core.alone import import_alone
from markers.core.budget import address_space, cpu_left, die_with_parent
from markers.errors import UnreadableDrawing
from markers.read.limits import ISOLATED_MEMORY_BYTES, ISOLATED_SECONDS

#: A child whose CPU time has not moved in this many seconds is stuck (blocked).
STALL_S = 30

__all__ = ["isolated", "isolating"]

T = TypeVar("T")


def isolating(read: str, preload: str) -> Callable[..., Any]:
    """The reader ``read`` ("module:function", imported on first use, so checking an SVG
    imports no PDF or DXF reader), called as ``(data, name, *, scale, display_height)``,
    as a reader that runs in a forked child; ``preload`` (the native engine's module) is
    imported here first, once (``import_alone``), so each child does not import it again."""
    module, _, function = read.partition(":")

    def run(data: bytes, name: str, *, scale: float | None = None,
            display_height: float | None = None) -> Any:  # what the reader named returns
        import_alone(preload)
        reader = getattr(importlib.import_module(module), function)
        return isolated(lambda: reader(data, name, scale=scale,
                                       display_height=display_height), name=name)

    run.__name__ = run.__qualname__ = function
    return run


def isolated(fn: Callable[..., T], *args: object, name: str) -> T:
    """``fn(*args)`` in a forked child; its UnreadableDrawing is re-raised here, a hang, crash
    or exhausted memory becomes a one-line UnreadableDrawing. Runs in-process without fork."""
    if not hasattr(os, "fork"):
        return fn(*args)
    seconds = _allowance()
    parent = os.getpid()
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: never returns
        status = 0
        try:
            die_with_parent(parent)
            os.close(read_end)
            faulthandler.disable()  # an engine aborting here is reported in one line
            _limit_memory()
            _limit_cpu(seconds)
            try:
                result: tuple[str, object] = ("ok", fn(*args))
            except UnreadableDrawing as err:
                result = ("error", str(err))
            except MemoryError:
                result = ("error", f"{name}: too complex (ran out of its "
                                   f"{ISOLATED_MEMORY_BYTES // 2**20} MB of memory)")
            except RecursionError:
                result = ("error", f"{name}: nested too deeply to read")
            except Exception as err:  # trust boundary, as in the readers
                result = ("error", f"{name}: cannot read ({type(err).__name__})")
            with os.fdopen(write_end, "wb") as out:
                out.write(pickle.dumps(result, protocol=pickle.HIGHEST_PROTOCOL))
        except BaseException:
            status = 1
        finally:
            os._exit(status)
    os.close(write_end)
    try:
        data = _collect(read_end, pid, name)
    finally:
        os.close(read_end)
    _, status = os.waitpid(pid, 0)
    if not data and os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGXCPU:
        raise UnreadableDrawing(f"{name}: too complex (the reader was stopped after "
                                f"{math.ceil(seconds):g} CPU s)")
    if not data:
        raise UnreadableDrawing(f"{name}: the reader died on this file ({_how(status)})")
    kind, value = pickle.loads(data)  # our own child's bytes
    if kind == "error":
        raise UnreadableDrawing(str(value))
    return value


def _allowance() -> float:
    """The child's CPU seconds: the reader's own ISOLATED_SECONDS, or inside a budgeted job
    what is left of the job's budget plus a second (the job's parent, counting the
    child's CPU as it runs, stops the job at its budget first; this is the kernel's
    backstop, and the job's budget is the only one)."""
    left = cpu_left()
    return ISOLATED_SECONDS if left is None else max(1.0, left + 1)


def _collect(fd: int, pid: int, name: str) -> bytes:
    """What the child writes, until it closes its end; a child whose CPU time has not
    moved in STALL_S polls of a second is killed. Polls, not the wall clock: a parent
    paused with its child (the web page's workers) counts no time while paused."""
    chunks: list[bytes] = []
    cpu, still = _cpu_of(pid), 0
    while True:
        if select.select([fd], [], [], 1.0)[0]:
            chunk = os.read(fd, 1 << 20)
            if not chunk:
                return b"".join(chunks)
            chunks.append(chunk)
            continue
        now = _cpu_of(pid)
        still = still + 1 if now == cpu else 0
        cpu = now
        if still >= STALL_S:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            raise UnreadableDrawing(f"{name}: the reader was stopped (no progress in "
                                    f"{STALL_S} s)")


def _cpu_of(pid: int) -> int:
    """The clock ticks of CPU a process has used; -1 where /proc cannot tell (every poll
    then looks still: the child is stopped after STALL_S s, as by a wall clock)."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except (OSError, IndexError, ValueError):
        return -1


def _limit_cpu(seconds: float) -> None:
    """``seconds`` of CPU for the child (its count starts at zero after fork): SIGXCPU
    then, SIGKILL a second later if it goes on."""
    import resource

    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))  # stopped, it leaves no core file
    soft = math.ceil(seconds)
    hard = resource.getrlimit(resource.RLIMIT_CPU)[1]
    if hard != resource.RLIM_INFINITY:
        soft = min(soft, hard)
    resource.setrlimit(resource.RLIMIT_CPU, (soft, soft + 1 if hard == resource.RLIM_INFINITY
                                             else hard))


def _limit_memory() -> None:
    import resource

    limit = address_space() + ISOLATED_MEMORY_BYTES
    hard = resource.getrlimit(resource.RLIMIT_AS)[1]
    if hard != resource.RLIM_INFINITY:  # a caller's own cap (the web page's workers) holds
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_AS, (limit, hard))


def _how(status: int) -> str:
    if os.WIFSIGNALED(status):
        return f"killed by signal {os.WTERMSIG(status)}, likely out of memory"
    return f"exit status {os.waitstatus_to_exitcode(status)}"
