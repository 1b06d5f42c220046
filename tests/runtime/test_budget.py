"""The per-file budget is enforced on the worker from outside: CPU seconds (not wall
seconds) and memory; an overrunning job is stopped, reported on one line, and a fresh
worker takes the next job."""

from __future__ import annotations

import gc
import os
import signal
import subprocess
import sys
import time

import pytest

from conftest import wsmark_script
from markers.runtime.budget import Limits, parse_limits
from markers.runtime.pool import WARM_JOBS, budgeted_imap
from proc_tree import rss_mb


def _job(kind: str) -> str:
    if kind == "spin":
        while True:
            pass
    if kind == "sleep-spin":  # CPU in bursts: the budget counts CPU, not the pauses
        spent, start = time.process_time(), time.monotonic()
        while time.process_time() - spent < 0.3:
            time.sleep(0.02)
            sum(range(200_000))
        return f"done in {time.monotonic() - start:.2f} s"
    if kind == "hog":  # address space, as RLIMIT_AS counts it; bytes() are calloc'd, so
        blocks = []  # no page is touched and no CPU spent zeroing them: filling 400 MB
        while True:  # page by page once took over the 1 CPU s budget on a slow machine
            blocks.append(bytes(50 * 1024 * 1024))
    if kind == "brief":  # 0.03 CPU s: done before the parent's first look (POLL_S)
        spent = time.process_time()
        while time.process_time() - spent < 0.03:
            pass
        return "done"
    if kind == "die":
        os.kill(os.getpid(), signal.SIGKILL)
    if kind == "exit":
        os._exit(3)
    return f"ok {kind} {os.getpid()}"


def test_overruns_are_stopped_and_the_rest_still_run() -> None:
    kinds = ["a", "spin", "b", "hog", "c", "die", "exit", "d"]
    start, inherited = time.monotonic(), rss_mb("VmSize")
    out = list(budgeted_imap(_job, kinds, workers=2, limits=Limits(cpu_s=1.0, memory_mb=400)))
    took = time.monotonic() - start
    assert [o.value.split()[1] if o.value else None for o in out] == \
        ["a", None, "b", None, "c", None, None, "d"]
    assert out[1].overrun == "took more than 1 CPU s" and 1.0 <= out[1].cpu_s < 2.5
    # the budget is what the job takes above what its worker was forked with
    assert "400 MB" in out[3].overrun and out[3].peak_rss_mb < 400 + inherited
    assert out[5].overrun.startswith("stopped the checker (signal 9")
    assert out[6].overrun == "stopped the checker (exit 3)"
    assert took < 60, took


def test_a_job_over_its_cpu_that_ends_between_looks_is_over_its_budget() -> None:
    """A job that ends before the parent has looked at its CPU (POLL_S apart) is held to
    the budget all the same, by the CPU it used: not a verdict one run and an overrun
    the next."""
    out = list(budgeted_imap(_job, ["brief"] * 6, workers=2, limits=Limits(cpu_s=0.01)))
    assert [o.overrun for o in out] == ["took more than 0.01 CPU s"] * 6
    assert all(o.value is None and o.cpu_s > 0.01 for o in out)
    (fits,) = budgeted_imap(_job, ["brief"], workers=1, limits=Limits(cpu_s=1.0))
    assert fits.overrun is None and fits.value == "done"


def test_budget_counts_cpu_seconds_not_wall_seconds() -> None:
    (out,) = budgeted_imap(_job, ["sleep-spin"], workers=1, limits=Limits(cpu_s=0.5))
    assert out.overrun is None and out.cpu_s < 0.5
    assert float(out.value.split()[2]) > 0.5  # longer than the budget, on the wall clock


def test_one_job_still_runs_in_a_worker() -> None:
    (out,) = budgeted_imap(_job, ["x"], workers=1)
    assert out.value.startswith("ok x") and int(out.value.split()[2]) != os.getpid()
    assert out.peak_rss_mb > 0


#: What a pool's ``warm`` did, in the process that did it.
_WARMED: list[int] = []


def _warmed(_: object) -> int:
    return len(_WARMED)


def test_warm_is_done_once_in_the_parent_for_a_long_run_over_several_workers() -> None:
    """Every worker sees what ``warm`` did (it forks after); a run too short or with one
    worker, which may never need it, does not warm."""
    def warm() -> None:
        _WARMED.append(os.getpid())

    try:
        for jobs, workers, warmed in ((WARM_JOBS, 2, 1), (WARM_JOBS - 1, 2, 0),
                                      (WARM_JOBS, 1, 0)):
            _WARMED.clear()
            seen = {o.value for o in budgeted_imap(_warmed, range(jobs), workers, warm=warm)}
            assert (_WARMED, seen) == ([os.getpid()] * warmed, {warmed}), (jobs, workers)
    finally:
        _WARMED.clear()


def _frozen(_: object) -> int:
    return gc.get_freeze_count()


def test_a_worker_starts_with_the_parents_objects_frozen_and_the_parent_keeps_its_own(
        ) -> None:
    """Its collections do not walk (nor copy) what it inherited; the parent's collector
    is as it was."""
    before = gc.get_freeze_count()
    (out,) = budgeted_imap(_frozen, [None], workers=1)
    assert out.value > max(before, 1000) and gc.get_freeze_count() == before


@pytest.mark.parametrize("text, cpu, memory", [
    ("", 20.0, 1024), ("30s", 30.0, 1024), ("2GB", 20.0, 2048), ("5s,512MB", 5.0, 512),
    ("0.5s", 0.5, 1024)])
def test_parse_limits(text: str, cpu: float, memory: int) -> None:
    assert parse_limits(text) == Limits(cpu, memory)


@pytest.mark.parametrize("text", ["30", "-1s", "0s", "١s", "1e3s", "12KB", "100MB", "s"])
def test_parse_limits_refuses(text: str) -> None:
    with pytest.raises(ValueError):
        parse_limits(text)


def test_cli_budget_gives_one_error_line_with_one_job(tmp_path) -> None:
    slow = tmp_path / "slow.svg"  # thousands of separate letters: seconds of measuring
    cells = "".join(f'<rect x="{2 + (i % 60) * 0.3:.1f}" y="{2 + (i // 60) * 0.3:.1f}" '
                    f'width=".1" height=".15"/>' for i in range(3000))
    slow.write_text('<svg xmlns="http://www.w3.org/2000/svg" width="24in" height="24in" '
                    f'viewBox="0 0 24 24"><rect width="24" height="24" fill="#fff"/>{cells}'
                    '</svg>')
    run = subprocess.run([str(wsmark_script()), "check", "-j", "1", "--budget", "0.2s",
                          str(slow)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 2, run.stdout + run.stderr
    assert run.stderr.splitlines() == [f"{slow}: ERROR took more than 0.2 CPU s"]
    assert run.stdout == ""
    bad = subprocess.run([str(wsmark_script()), "check", "--budget", "lots", str(slow)],
                         capture_output=True, text=True, timeout=60)
    assert bad.returncode == 2 and "--budget" in bad.stderr


def _burn(cpu_s: float) -> float:
    end = time.process_time() + cpu_s
    while time.process_time() < end:
        pass
    return cpu_s


def test_a_job_judged_near_its_limit_is_said_to_be() -> None:
    limits = Limits(cpu_s=1.0, memory_mb=400)
    far, near, over = budgeted_imap(_burn, [0.3, 0.93, 3.0], workers=2, limits=limits)
    assert far.overrun is None and limits.near(far.cpu_s) is None
    assert near.overrun is None and 0.9 <= near.cpu_s <= 1.0, near
    assert limits.near(near.cpu_s).startswith(f"checked in {near.cpu_s:.1f} of its 1 CPU s, "
                                              "within 10 % of the budget")
    assert over.overrun == "took more than 1 CPU s" and over.cpu_s < 1.2


def test_the_command_line_notes_a_file_judged_near_its_limit(tmp_path, monkeypatch) -> None:
    from click.testing import CliRunner

    import cli
    import markers.products.check_run as check_run
    from markers.runtime.pool import Outcome

    drawing = tmp_path / "slow.svg"
    drawing.write_text("<svg/>")

    def judged_at(cpu_s: float):
        def fake(fn, jobs, workers, limits, warm=None):
            for job in jobs:
                yield Outcome(fn(job), None, cpu_s, 50.0)  # as if it had taken cpu_s
        return fake

    for cpu_s, noted in ((19.2, True), (12.0, False)):
        monkeypatch.setattr(check_run, "budgeted_imap", judged_at(cpu_s))  # the run's pool
        run = CliRunner().invoke(cli.cli, ["check", str(drawing)])
        notes = [line for line in run.stderr.splitlines() if "within 10 %" in line]
        assert notes == ([f"wsmark: note: {drawing}: checked in {cpu_s} of its 20 CPU s, "
                          "within 10 % of the budget: a busier machine may stop it there "
                          "(raise --budget for a margin)"] if noted else []), run.stderr


def _reading_seconds(_: object) -> float:
    from markers.read.limits import Budget

    return Budget("x.pdf").seconds


def test_reading_has_no_time_limit_of_its_own_inside_a_budgeted_job() -> None:
    from markers.read.limits import TIME_BUDGET_S

    (inside,) = budgeted_imap(_reading_seconds, [None], workers=1)  # None is a job too
    assert inside.value == float("inf")  # the file's one budget holds, from outside
    assert _reading_seconds(None) == TIME_BUDGET_S  # a library caller's reading: its own


def test_the_jobs_deadline_is_bound_for_the_job_alone() -> None:
    """The CPU deadline of a job is the job's (markers.core.budget.running_job), no
    process global: unset before it, after it, and after a job that raised."""
    from markers.core.budget import cpu_left, running_job
    from markers.read.limits import TIME_BUDGET_S, Budget

    assert cpu_left() is None
    with running_job(5.0):
        left = cpu_left()
        assert left is not None and 4.0 < left <= 5.0
        assert Budget("x.svg").seconds == float("inf")
    assert cpu_left() is None and Budget("x.svg").seconds == TIME_BUDGET_S
    with pytest.raises(MemoryError), running_job(1.0):
        raise MemoryError
    assert cpu_left() is None


def test_what_a_dying_worker_prints_is_not_a_line_of_the_command() -> None:
    script = ("import os\nfrom markers.runtime.pool import budgeted_imap\n"
              "def die(_):\n"
              "    os.write(2, b'cannot allocate memory for thread-local data: ABORT\\n')\n"
              "    os._exit(127)\n"
              "print(next(budgeted_imap(die, [0], workers=1)).overrun)\n")
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         timeout=60)
    assert run.stderr == "" and run.stdout == "needs more than 1,024 MB of memory\n", run
