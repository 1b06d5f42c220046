"""One piece of work (a plan's map, a clerk's report, the marked-up copy of a drawing)
run in a budgeted worker process, as a file's check is: its CPU seconds and memory are
enforced from outside the work (``markers.runtime.pool``), so no output a command was
asked for can take more than the budget of a check, whatever its input.

The work's own one-line WsmarkError comes back as one; a job stopped at its budget is a
one-line WsmarkError saying what was not made and which limit it passed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from markers.errors import WsmarkError
from markers.runtime.budget import DEFAULT_LIMITS, Limits
from markers.runtime.pool import budgeted_imap

__all__ = ["budgeted_call", "guarded", "over_budget"]


def guarded(job: tuple[Callable[..., Any], tuple]) -> tuple[bool, Any]:
    """In the worker: ``(True, fn(*args))``, or ``(False, its one line)`` when the work
    raised a WsmarkError (a worker that raised would end with no line to give)."""
    fn, args = job
    try:
        return True, fn(*args)
    except WsmarkError as err:
        return False, str(err).splitlines()[0] if str(err) else type(err).__name__


def over_budget(what: str, overrun: str, limits: Limits) -> str:
    """The one line of an output stopped at its budget: what was not made, why."""
    return (f"{what} not made: it {overrun.replace('stopped the checker', 'stopped its worker')}"
            f" (the budget of a check: {limits.describe()}; raise --budget)")


def budgeted_call(what: str, fn: Callable[..., Any], *args: Any,
                  limits: Limits = DEFAULT_LIMITS) -> Any:
    """``fn(*args)`` in a worker process under ``limits``; ``what`` names the output in
    the one-line WsmarkError of a job over its budget. ``fn`` and ``args`` are pickled
    to the worker, the value back."""
    outcome = next(budgeted_imap(guarded, [(fn, args)], 1, limits))
    if outcome.overrun is not None:
        raise WsmarkError(over_budget(what, outcome.overrun, limits))
    ok, value = outcome.value  # type: ignore[misc]  # what guarded returns
    if not ok:
        raise WsmarkError(value)
    return value
