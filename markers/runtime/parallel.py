"""Spreading pure, CPU-bound jobs of our own (a page, a PDF page to convert) over the
cores; untrusted work goes through the budgeted pool instead (``markers.runtime.pool``)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from typing import TypeVar

from markers.core.budget import die_with_parent

__all__ = ["imap", "pmap"]

T = TypeVar("T")
R = TypeVar("R")


def imap(fn: Callable[[T], R], items: Sequence[T], workers: int | None = None,
         chunksize: int = 1) -> Iterator[R]:
    """``fn(x) for x in items``, in order and as they come, in worker processes when
    there are several workers and items; ``fn`` must be a module-level function (it is
    sent to workers by name). The workers die with this process."""
    workers = min(len(items), workers or os.cpu_count() or 1)
    if workers <= 1:
        yield from map(fn, items)
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=workers, initializer=die_with_parent,
                             initargs=(os.getpid(),)) as pool:
        yield from pool.map(fn, items, chunksize=chunksize)


def pmap(fn: Callable[[T], R], items: Sequence[T]) -> list[R]:
    """``[fn(x) for x in items]``, spread over the cores (see imap)."""
    return list(imap(fn, items))
