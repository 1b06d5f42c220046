"""Fuzzing the SVG, PDF and DXF readers and the checker with structured documents
(tests/fuzz_svg.py, tests/fuzz_proofs.py).

`make test` runs a short, derandomised seed run of each (< 30 s); `make fuzz` runs random
ones for WSMARK_FUZZ_SECONDS (600), the three formats in turn. Every crash or hang a run
finds becomes a file in tests/data/fuzz/ (named for what it did), checked below
in-process and in a budgeted worker like `wsmark check`'s, within FOUND_CPU_S and
FOUND_GROWTH_MB."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings

from fuzz_proofs import check_proof, dxfs, pdfs
from fuzz_svg import check_document, documents
from proc_tree import rss_mb
from markers.check.pipeline import CheckOptions, check_file
from markers.core.shown import MAX_ERROR_CHARS
from markers.packs import get_pack
from markers.runtime.budget import Limits
from markers.runtime.pool import budgeted_imap

FUZZ_SECONDS = float(os.environ.get("WSMARK_FUZZ_SECONDS", "0"))
_QUIET = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much]

#: Documents fuzzing found that broke a reader or the checker once (kept as regressions).
FOUND = sorted(p for p in (Path(__file__).parents[1] / "data" / "fuzz").iterdir()
               if p.suffix in (".svg", ".pdf", ".dxf"))
#: What each must now give (its verdict, or words of its one-line error).
FOUND_RESULTS = {"overflow-path-1e300": "out of range", "slow-ellipse-fit-full-svd": "fail",
                 "sliver-ellipse-mitre-divide": "fail", "underflow-tiny-coordinate": "fail",
                 "mitre-divide-collinear-vertex": "fail",
                 "solid-of-one-point-no-size": "the drawing has no size",
                 "hatch-vertex-1e-69-off-an-edge": "fail",
                 "frame-mitre-nearly-collinear-1e-45": "fail"}
#: Each found file's budget in a worker: a small drawing's check, not the 20 CPU s and
#: 1 GB of a whole budget (slow-ellipse-fit-full-svd took 29 CPU s in-process and ran out
#: of a worker's 1 GB when the ellipse fit built a 20,000 x 20,000 matrix). Memory is what
#: the worker grew by beyond the process it was forked from, whose pages its RSS counts
#: too (a suite's worker forked from a test process of 300 MB, at 301 MB, was no finding).
FOUND_CPU_S, FOUND_GROWTH_MB = 3.0, 200.0


def test_found_files_are_all_named() -> None:
    assert sorted(p.stem for p in FOUND) == sorted(FOUND_RESULTS)


@pytest.mark.parametrize("path", FOUND, ids=lambda p: p.stem)
def test_found_cases(path: Path) -> None:
    data = path.read_bytes()
    found = check_document(data) if path.suffix == ".svg" else check_proof(data, path.name)
    assert FOUND_RESULTS[path.stem] in found


def test_found_files_end_within_a_small_budget() -> None:
    forked_from = rss_mb()
    outcomes = list(budgeted_imap(_check, [str(p) for p in FOUND], 2, Limits()))
    for path, outcome in zip(FOUND, outcomes):
        assert outcome.overrun is None, (path.name, outcome.overrun)
        report, _ = outcome.value
        result = report.error or report.verdict
        print(f"{path.name}: {outcome.cpu_s:.2f} CPU s, {outcome.peak_rss_mb:.0f} MB, {result}")
        assert FOUND_RESULTS[path.stem] in result and "\n" not in result, (path.name, result)
        assert len(result) <= MAX_ERROR_CHARS, (path.name, len(result))
        assert outcome.cpu_s < FOUND_CPU_S, (path.name, outcome.cpu_s)
        grew = outcome.peak_rss_mb - forked_from
        assert grew < FOUND_GROWTH_MB, (path.name, outcome.peak_rss_mb, forked_from)



def _check(path: str):
    """What a `wsmark check` worker does with one file."""
    return check_file(path, CheckOptions(), get_pack())


@settings(max_examples=60, derandomize=True, deadline=None, database=None,
          suppress_health_check=_QUIET)
@given(documents())
def test_seed_run(data: bytes) -> None:
    check_document(data)


@settings(max_examples=25, derandomize=True, deadline=None, database=None,
          suppress_health_check=_QUIET)
@given(pdfs())
def test_seed_run_pdf(data: bytes) -> None:
    check_proof(data, "fuzz.pdf")


@settings(max_examples=25, derandomize=True, deadline=None, database=None,
          suppress_health_check=_QUIET)
@given(dxfs())
def test_seed_run_dxf(data: bytes) -> None:
    check_proof(data, "fuzz.dxf")


@settings(max_examples=50, deadline=None, database=None, suppress_health_check=_QUIET)
@given(documents())
def _random_run(data: bytes) -> None:
    check_document(data)


@settings(max_examples=20, deadline=None, database=None, suppress_health_check=_QUIET)
@given(pdfs())
def _random_pdfs(data: bytes) -> None:
    check_proof(data, "fuzz.pdf")


@settings(max_examples=20, deadline=None, database=None, suppress_health_check=_QUIET)
@given(dxfs())
def _random_dxfs(data: bytes) -> None:
    check_proof(data, "fuzz.dxf")


@pytest.mark.skipif(FUZZ_SECONDS <= 0, reason="long fuzzing runs with `make fuzz`")
def test_long_run() -> None:
    end = time.monotonic() + FUZZ_SECONDS
    while time.monotonic() < end:
        for run in (_random_run, _random_pdfs, _random_dxfs):
            run()
