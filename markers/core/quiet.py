"""No warning reaches stderr: during a check, numpy and shapely warnings (overflow,
invalid value, division by zero) are raised as errors, so the file gets one line."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from contextlib import contextmanager

import numpy as np

__all__ = ["warnings_as_errors", "ARITHMETIC", "hush"]

#: What a check raises instead of printing a warning.
ARITHMETIC = (ArithmeticError, RuntimeWarning)


@contextmanager
def warnings_as_errors() -> Iterator[None]:
    """Within the block, every warning is raised as an exception and numpy floating-point
    trouble raises FloatingPointError (both are in ARITHMETIC or Warning). Underflow is
    not trouble (a result too small to tell from 0 is 0, numpy's own default): a drawing
    with a coordinate of 1e-160 is read, not refused."""
    with warnings.catch_warnings(), np.errstate(all="raise", under="ignore"):
        warnings.simplefilter("error")
        yield


def hush(library: str) -> None:
    """``library``'s log (what it repairs in a file it reads, a font it lacks) kept from
    stderr: its business, not the user's."""
    import logging

    log = logging.getLogger(library)
    log.propagate = False
    if not log.handlers:
        log.addHandler(logging.NullHandler())
