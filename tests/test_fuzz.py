"""Fuzzing the SVG reader and checker with structured documents (tests/fuzz_svg.py).

`make test` runs a short, derandomised seed run (< 30 s); `make fuzz` runs random ones
for WSMARK_FUZZ_SECONDS (600). Every crash or hang a run finds becomes a case in
FOUND_CASES below."""

from __future__ import annotations

import os
import time

import pytest
from hypothesis import HealthCheck, given, settings

from fuzz_svg import check_document, documents

FUZZ_SECONDS = float(os.environ.get("WSMARK_FUZZ_SECONDS", "0"))
_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]

#: Documents fuzzing found that broke the reader or checker once (kept as regressions).
FOUND_CASES: list[bytes] = [
    b'<svg xmlns="http://www.w3.org/2000/svg" width="24in" height="24in" viewBox="0 0 24 24">'
    b'<path d="M0 0L1e300 0 0 1z"/></svg>',
]


@pytest.mark.parametrize("data", FOUND_CASES)
def test_found_cases(data: bytes) -> None:
    check_document(data)


@settings(max_examples=60, derandomize=True, deadline=None, database=None,
          suppress_health_check=_QUIET)
@given(documents())
def test_seed_run(data: bytes) -> None:
    check_document(data)


@settings(max_examples=50, deadline=None, database=None, suppress_health_check=_QUIET)
@given(documents())
def _random_run(data: bytes) -> None:
    check_document(data)


@pytest.mark.skipif(FUZZ_SECONDS <= 0, reason="long fuzzing runs with `make fuzz`")
def test_long_run() -> None:
    end = time.monotonic() + FUZZ_SECONDS
    while time.monotonic() < end:
        _random_run()
