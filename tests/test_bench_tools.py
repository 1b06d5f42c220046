"""The bench tools name wsmark's functions by their paths; a renamed function must fail
here, not the next time someone needs the profile (bench/stages.py named
``upside.reads_upside_down`` for a round after it became ``reads_turned``)."""

from __future__ import annotations

import functools
import importlib.util

import pytest
from conftest import ROOT


def _stages():
    spec = importlib.util.spec_from_file_location("bench_stages", ROOT / "bench" / "stages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


STAGES = _stages()


@pytest.mark.parametrize("path", [*STAGES.STAGES, *(f"{m}:{a}" for m, a in STAGES.SITED.values())])
def test_every_timed_function_of_bench_stages_exists(path: str) -> None:
    owner, name = STAGES._owner(path)
    found = getattr(owner, name)
    assert callable(found) or isinstance(found, functools.cached_property), path
