"""The web page's workers (markers.runtime.fair): every job under the budget of `wsmark
check`, a wall deadline, and each session and upload its share of the workers, so a
small job never waits behind another session's slow ones."""

from __future__ import annotations

import concurrent.futures
import time

import pytest

from markers.runtime.budget import Limits
from markers.runtime.fair import FairPool, JobFailed
from web_helpers import busy, fails, hog, nap, spin, square


@pytest.fixture(scope="module")
def pool():
    running = FairPool(2, Limits(cpu_s=1.0, memory_mb=1024))
    yield running
    running.close()


def _submit(pool, fn, *args, session="a", group="g", deadline_s=60.0):
    return pool.submit(fn, *args, session=session, group=group, deadline_s=deadline_s)


def test_overruns_fail_in_one_line_and_the_pool_goes_on(pool) -> None:
    spinning, hoarding = _submit(pool, spin), _submit(pool, hog)
    with pytest.raises(JobFailed, match="needs more than 1,024 MB"):
        hoarding.result(30)
    assert _submit(pool, square, 7).result(30) == 49
    with pytest.raises(JobFailed, match=r"^took more than 1 CPU s$"):
        spinning.result(30)
    assert _submit(pool, square, 9).result(30) == 81  # the killed worker was replaced
    with pytest.raises(ValueError, match="refused design"):
        _submit(pool, fails).result(30)  # raised as if in-process


def test_a_job_past_its_deadline_is_answered_in_one_line(pool) -> None:
    start = time.monotonic()
    with pytest.raises(JobFailed, match=r"^no answer within 1 s "):
        _submit(pool, nap, 30, deadline_s=1.0).result(30)
    assert time.monotonic() - start < 3


def test_a_new_sessions_small_job_does_not_wait_behind_slow_ones(pool) -> None:
    slow = [_submit(pool, busy, 0.7, session="slow", group=f"u{i}") for i in range(3)]
    time.sleep(0.3)  # two of them run, one waits
    quick = _submit(pool, busy, 0.1, session="quick").result(30)
    ends = [future.result(30)[1] for future in slow]  # paused, not stopped: all finish
    assert quick[1] < min(ends), "the small job waited for a slow one to end"
    assert pool.pending() == 0


def test_uploads_of_one_session_take_turns(pool) -> None:
    big = [_submit(pool, busy, 0.4, group="big") for _ in range(3)]
    time.sleep(0.1)
    small = _submit(pool, busy, 0.1, group="small").result(30)
    starts = sorted(future.result(30)[0] for future in big)
    assert small[0] < starts[2], "the small upload waited behind the big one's last file"


def test_a_cancelled_job_is_dropped(pool) -> None:
    future = _submit(pool, nap, 30)
    time.sleep(0.3)
    assert future.cancel()
    deadline = time.monotonic() + 5
    while pool.pending() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert pool.pending() == 0
    with pytest.raises(concurrent.futures.CancelledError):
        future.result(1)


def test_a_worker_that_died_while_idle_is_replaced(pool) -> None:
    import os
    import signal

    for worker in list(pool._procs):  # as the kernel's OOM killer might
        os.kill(worker.proc.pid, signal.SIGKILL)
    time.sleep(0.2)
    assert [_submit(pool, square, n).result(30) for n in (2, 3)] == [4, 9]
