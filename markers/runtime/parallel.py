"""Spreading pure, CPU-bound jobs of our own (a page, a PDF page to convert) over the
cores; untrusted work goes through the budgeted pool instead (``markers.runtime.pool``).

The workers are forked children that ignore Ctrl-C and die with this process; ended early
(an interrupt, an error, the caller stopping), ``imap`` kills them at once. A
ProcessPoolExecutor did neither: a Ctrl-C during ``wsmark sheet`` printed each worker's
KeyboardInterrupt traceback and its manager thread's InvalidStateError after the one line.
"""

from __future__ import annotations

import multiprocessing as mp
import os
import pickle
from collections.abc import Callable, Iterator, Sequence
from multiprocessing.connection import Connection, wait
from typing import TypeVar, cast

from markers.core.budget import die_with_parent
from markers.runtime.pool import ignore_interrupts, interrupts_held

__all__ = ["imap", "pmap"]

T = TypeVar("T")
R = TypeVar("R")


def _serve(fn: Callable, conn: Connection, parent: int) -> None:
    """A worker: ``(index, item)`` in, ``(index, True, fn(item))`` or ``(index, False,
    the exception)`` out, until told to stop (None) or the parent is gone."""
    die_with_parent(parent)
    ignore_interrupts()
    while True:
        try:
            message = conn.recv()
        except EOFError:
            return
        if message is None:
            return
        index, item = message
        try:
            answer = (index, True, fn(item))
        except Exception as err:  # the caller's, raised there as if in-process
            try:
                pickle.dumps(err)
            except Exception:
                err = RuntimeError(f"{type(err).__name__}: {str(err)[:200]}")
            answer = (index, False, err)
        conn.send(answer)


def imap(fn: Callable[[T], R], items: Sequence[T], workers: int | None = None
         ) -> Iterator[R]:
    """``fn(x) for x in items``, in order and as they come, in worker processes when
    there are several workers and items; ``fn`` runs in a forked child, so any callable
    works (items and results are pickled). An exception of ``fn`` is raised here.
    In a budgeted worker (a daemon process, which may not start others) the items are
    done one after another, within that worker's budget."""
    workers = min(len(items), workers or os.cpu_count() or 1)
    if workers <= 1 or mp.current_process().daemon:
        yield from map(fn, items)
        return
    ctx = mp.get_context("fork")
    procs, conns = [], []
    finished = False
    try:
        for _ in range(workers):
            conn, child = ctx.Pipe()
            proc = ctx.Process(target=_serve, args=(fn, child, os.getpid()), daemon=True)
            with interrupts_held():
                proc.start()
            child.close()
            procs.append(proc)
            conns.append(conn)
        done: dict[int, R] = {}
        given, next_out = 0, 0
        for conn in conns:
            conn.send((given, items[given]))
            given += 1
        while next_out < len(items):
            while next_out in done:
                yield done.pop(next_out)
                next_out += 1
            if next_out == len(items):
                break
            for ready in wait([c for c in conns if not c.closed]):
                conn = cast(Connection, ready)
                try:
                    index, ok, value = conn.recv()
                except EOFError:
                    raise RuntimeError("a worker process died") from None
                if not ok:
                    raise value
                done[index] = value
                if given < len(items):
                    conn.send((given, items[given]))
                    given += 1
        finished = True
    finally:
        for proc, conn in zip(procs, conns, strict=True):
            if finished:
                conn.send(None)
            else:
                proc.kill()
        for proc, conn in zip(procs, conns, strict=True):
            proc.join()
            conn.close()


def pmap(fn: Callable[[T], R], items: Sequence[T]) -> list[R]:
    """``[fn(x) for x in items]``, spread over the cores (see imap)."""
    return list(imap(fn, items))
