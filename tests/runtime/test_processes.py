"""No process outlives its command, and a file's budget holds for its whole process tree:
`kill -9` of `wsmark check` leaves none of its workers; Ctrl-C ends every worker and
reader child within a second and prints one line; a PDF/DXF reader child's CPU counts in
the file's budget while it runs. Measured from outside (tests/proc_tree.py)."""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time

import pytest

from conftest import ROOT, wsmark_script
from markers.runtime.budget import Limits
from corpora import CORPORA
from proc_tree import (AT_ONCE_S, as_from_a_terminal, descendants, run_tree, wait_for,
                       wait_until_gone)

#: A DXF whose reader child spins: 32,767 empty MINSERT cells (its reader stops at 8 CPU s).
SPINNER = CORPORA / "found" / "turn3" / "minsert-32767sq-empty.dxf"
SIGN = ROOT / "gallery" / "danger-12in-rocks.svg"

pytestmark = pytest.mark.skipif(not SPINNER.exists(), reason=f"needs {SPINNER}")


def _start(args: list[str], cwd) -> subprocess.Popen:
    """`wsmark ARGS` in a session of its own (its pid is the session's id)."""
    return subprocess.Popen([str(wsmark_script()), *args], cwd=cwd, start_new_session=True,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=as_from_a_terminal)


def _two_spinners(tmp_path) -> list[str]:
    for name in ("a.dxf", "b.dxf"):
        shutil.copy(SPINNER, tmp_path / name)
    return ["check", "a.dxf", "b.dxf", "--jobs", "2"]


def test_kill_9_of_check_leaves_no_process(tmp_path) -> None:
    run = _start(_two_spinners(tmp_path), tmp_path)
    try:  # the workers, each with its reader child
        assert wait_for(lambda: len(descendants(run.pid)) >= 4, 30), descendants(run.pid)
    finally:
        os.kill(run.pid, signal.SIGKILL)
        run.communicate()
    assert wait_until_gone(run.pid, 5) == []


def test_kill_9_of_check_mid_run_leaves_no_worker_three_times_over(tmp_path) -> None:
    """The reproducer orphan-workers-after-sigkill.sh: `check` of 400 signs, killed while
    its workers wait on their pipes or check; three times (it left 10 workers)."""
    for number in range(400):
        shutil.copy(SIGN, tmp_path / f"f{number}.svg")
    for _ in range(3):
        run = _start(["check", ".", "--format", "json", "--jobs", "2"], tmp_path)
        try:
            assert wait_for(lambda: len(descendants(run.pid)) >= 2, 30), descendants(run.pid)
            time.sleep(0.5)  # under way
        finally:
            os.kill(run.pid, signal.SIGKILL)
            run.communicate()
        assert wait_until_gone(run.pid, 5) == []


def test_ctrl_c_ends_everything_at_once_in_one_line(tmp_path) -> None:
    """Two spinners would run to their budget (20 CPU s each); Ctrl-C ends them and their
    parent within AT_ONCE_S (about 0.1 s on an idle machine; a loaded CI machine
    stretches that, so the bound only tells 'at once' from 'after the work')."""
    run = _start(_two_spinners(tmp_path), tmp_path)
    assert wait_for(lambda: len(descendants(run.pid)) >= 4, 30), descendants(run.pid)
    sent = time.monotonic()
    os.killpg(run.pid, signal.SIGINT)  # what a terminal's Ctrl-C does
    out, err = run.communicate(timeout=10)
    left = wait_until_gone(run.pid, AT_ONCE_S - (time.monotonic() - sent))
    assert left == [] and time.monotonic() - sent < AT_ONCE_S, left
    assert err == "wsmark: interrupted\n" and run.returncode == 130


def test_the_budget_counts_the_reader_child_while_it_runs(tmp_path) -> None:
    shutil.copy(SPINNER, tmp_path / "a.dxf")
    sign = run_tree([str(wsmark_script()), "check", "--budget", "2s", str(SIGN)])
    run = run_tree([str(wsmark_script()), "check", "--budget", "2s", "a.dxf"], cwd=tmp_path)
    assert run.stderr.strip() == "a.dxf: ERROR took more than 2 CPU s", run.stderr
    # the job's 2 s, and around it the command's own start (a sign's whole check)
    print(f"--budget 2s: {run.cpu:.2f} CPU s in the whole tree; a sign's check {sign.cpu:.2f}")
    assert run.cpu < 2.0 + sign.cpu + 0.3, (run.cpu, sign.cpu)


def test_ctrl_c_while_pages_are_drawn_in_parallel_is_one_line(tmp_path) -> None:
    """`wsmark sheet` draws its pages in forked workers (markers.runtime.parallel): a
    Ctrl-C then printed each worker's traceback and the pool's, after the one line."""
    for workers in (1, 2, 0):  # as the first worker is forked, with both, or anywhere
        run = _start(["sheet", "-o", "x.pdf"], tmp_path)
        if workers:
            assert wait_for(lambda: len(descendants(run.pid)) >= workers, 60), "no workers"
        else:
            time.sleep(0.3)  # still importing, or forking its workers (the whole sheet
            # now takes 1.1-1.2 s: a sleep of 1.0 s raced its end)
        sent = time.monotonic()
        os.killpg(run.pid, signal.SIGINT)
        _, err = run.communicate(timeout=30)
        assert wait_until_gone(run.pid, 1 - (time.monotonic() - sent)) == []
        assert (err, run.returncode) == ("wsmark: interrupted\n", 130), err[-2000:]
        assert not (tmp_path / "x.pdf").exists()


def test_a_ctrl_c_python_would_have_ignored_is_raised_again() -> None:
    """A KeyboardInterrupt raised where Python ignores exceptions (an at-fork handler, a
    finaliser) reaches sys.unraisablehook: the command raises it again, instead of going
    on with every later Ctrl-C ignored (cli._interrupt_again)."""
    import cli

    class Lost:
        exc_value = KeyboardInterrupt()

    before = signal.signal(signal.SIGINT, signal.SIG_IGN)  # as after the first Ctrl-C
    alarm = signal.getsignal(signal.SIGALRM)
    try:
        with pytest.raises(KeyboardInterrupt):
            cli._interrupt_again(Lost())
            end = time.monotonic() + 2
            while time.monotonic() < end:  # raised here, 10 ms later, not in the hook
                pass
        assert signal.getsignal(signal.SIGINT) is cli._interrupted_already  # cleanup is quiet
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGINT, before)
        signal.signal(signal.SIGALRM, alarm)


def test_a_ctrl_c_while_the_command_is_imported_is_one_line() -> None:
    """Ctrl-C lands in the first 0.2 s of a start, while cli imports its modules: it
    printed the traceback of whichever import it landed in (sent here as markers is
    imported, by a wrapped __import__, so it lands there every time)."""
    lands = ("import builtins, os, signal\n"
             "real = builtins.__import__\n"
             "def sends(name, *args, **kwargs):\n"
             "    if name == 'markers':\n"
             "        os.kill(os.getpid(), signal.SIGINT)\n"
             "    return real(name, *args, **kwargs)\n"
             "builtins.__import__ = sends\n"
             "import cli\n"
             "print('not interrupted')\n")
    run = subprocess.run([sys.executable, "-c", lands], capture_output=True, text=True,
                         timeout=60, cwd=ROOT, preexec_fn=as_from_a_terminal)
    assert (run.returncode, run.stderr, run.stdout) == (130, "wsmark: interrupted\n", "")


def test_an_error_a_ctrl_c_turned_into_is_still_the_one_line(monkeypatch) -> None:
    """A KeyboardInterrupt inside a C extension's import comes out as an ImportError
    (numpy: "numpy._core.multiarray failed to import"): after a Ctrl-C, that is the
    interrupt, one line and 130, not a traceback and 1."""
    from click.testing import CliRunner

    import cli

    def interrupted_numpy(*args, **kwargs):
        with contextlib.suppress(KeyboardInterrupt):
            cli._interrupt_once(signal.SIGINT, None)  # the Ctrl-C, as main's handler
        raise ImportError("numpy._core.multiarray failed to import")

    monkeypatch.setattr(cli.api, "sheets", interrupted_numpy)
    before = signal.getsignal(signal.SIGINT)
    try:
        run = CliRunner().invoke(cli.cli, ["sheet", "-o", "x.pdf"])
    finally:
        signal.signal(signal.SIGINT, before)
    assert (run.exit_code, run.stderr) == (130, "wsmark: interrupted\n"), run.stderr
    # without a Ctrl-C the same error is not taken for one
    monkeypatch.setattr(cli.api, "sheets", lambda *a, **k: 1 / 0)
    assert isinstance(CliRunner().invoke(cli.cli, ["sheet", "-o", "x.pdf"]).exception,
                      ZeroDivisionError)


def _stall(kind: str) -> str:
    """A job that blocks (no CPU at all), or one that works slowly: a tenth of a CPU
    second at a time with pauses between, as a starved process on a busy machine does."""
    if kind == "blocked":
        time.sleep(600)
    for _ in range(8):  # 0.4 CPU s in 8 bursts, 0.4 s apart: over 3 s of wall
        burst = time.process_time() + 0.05
        while time.process_time() < burst:
            pass
        time.sleep(0.4)
    return "done"


def test_a_worker_is_stuck_when_its_cpu_stops_not_when_the_machine_is_slow(monkeypatch
                                                                           ) -> None:
    """`wsmark check`'s workers: one whose CPU time has not moved in STALL_S is stopped in
    one line; one whose CPU moves, however slowly, is not (a wall-clock limit stopped a
    PDF that took 12 CPU s on a loaded machine)."""
    from markers.runtime import pool

    monkeypatch.setattr(pool, "STALL_S", 1.0)  # the slow job takes 3 s or more of wall
    blocked, slow = pool.budgeted_imap(_stall, ["blocked", "slow"], workers=2,
                                       limits=Limits(cpu_s=5.0, memory_mb=1024))
    assert blocked.overrun == "made no progress in 1 s" and slow.value == "done", slow


def test_a_reader_child_is_stuck_when_its_cpu_stops(monkeypatch) -> None:
    from markers.errors import UnreadableDrawing
    from markers.read import isolate

    monkeypatch.setattr(isolate, "STALL_S", 2)
    start = time.monotonic()
    with pytest.raises(UnreadableDrawing, match=r"^x\.pdf: the reader was stopped \(no "
                                                r"progress in 2 s\)$"):
        isolate.isolated(_stall, "blocked", name="x.pdf")
    assert time.monotonic() - start < 10
    assert isolate.isolated(_stall, "slow", name="x.pdf") == "done"  # over 2 s of wall
