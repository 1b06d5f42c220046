"""Spreading pure, CPU-bound jobs (a page, a PDF page) over the cores."""

from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor
from typing import Callable, Sequence, TypeVar

__all__ = ["pmap"]

T = TypeVar("T")
R = TypeVar("R")


def pmap(fn: Callable[[T], R], items: Sequence[T]) -> list[R]:
    """``[fn(x) for x in items]`` in worker processes when there are several cores and
    items; ``fn`` must be a module-level function (it is sent to workers by name)."""
    workers = min(len(items), os.cpu_count() or 1)
    if workers <= 1:
        return [fn(item) for item in items]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        return list(pool.map(fn, items))
