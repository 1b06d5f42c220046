"""The speed goals of measuring and of the reference sheets (issue 14), each with its goal
and PASS/MISS: `wsmark check` over the check bench's 500 drawings with 1 job and with 2,
against a bare svgelements parse of the same files, and the whole sheet set (every kind,
SVG pages then one PDF).

Wall time is the verdict; CPU time (user + system, the process and its workers) is shown
beside it, since on a shared machine it moves less with other load. Printable alone:
``python bench/measure_speed.py [--runs N]``; ``bench_measure_speed(runs)`` returns the
rows for ``make bench``.
"""

from __future__ import annotations

import argparse
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from check_bench import BARE, FILES, _folder  # noqa: E402
from common import Row, Stat, median_child, table  # noqa: E402

from markers.packs import get_pack  # noqa: E402
from render.sheets import sheet_pages, sheets_pdf  # noqa: E402

__all__ = ["bench_measure_speed"]

#: Goals of issue 14: files a second of `check` on 2 cores, the 1-job time over a bare
#: svgelements parse of the same files, and seconds for the sheet set.
GOAL_RATE, GOAL_RATIO, GOAL_SHEETS = 300.0, 3.0, 2.0
BIN = Path(sys.executable).parent


def _verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def bench_check_speed(runs: int) -> list[Row]:
    """`wsmark check` of the bench folder with --jobs 1 and --jobs 2, and the bare parse."""
    base = [str(BIN / "wsmark"), "check", "drawings", "--format", "json", "--exit-zero"]
    with tempfile.TemporaryDirectory(prefix="wsmark-measure-bench-") as tmp:
        _folder(Path(tmp))
        res = median_child({"one": base + ["--jobs", "1"], "two": base + ["--jobs", "2"],
                            "bare": [sys.executable, "-c", BARE]}, runs, tmp)
    one, two, bare = res["one"], res["two"], res["bare"]
    ratio = one.wall.median / bare.wall.median
    cpu_ratio = one.cpu.median / bare.cpu.median
    return [
        Row("check --jobs 1", f"{FILES / one.wall.median:.0f} files/s",
            f"{one.wall.note()}; {FILES / one.cpu.median:.0f} files per CPU s"),
        Row("check --jobs 2", f"{FILES / two.wall.median:.0f} files/s",
            f"goal >= {GOAL_RATE:g}: {_verdict(FILES / two.wall.median >= GOAL_RATE)}; "
            f"{two.wall.note()}; {two.cpu.median:.2f} CPU s"),
        Row("bare svgelements parse", f"{FILES / bare.wall.median:.0f} files/s",
            f"{bare.wall.note()}; {FILES / bare.cpu.median:.0f} files per CPU s"),
        Row("check (1 job) / svgelements", f"{ratio:.2f}",
            f"goal <= {GOAL_RATIO:g}: {_verdict(ratio <= GOAL_RATIO)}; "
            f"{cpu_ratio:.2f} in CPU time"),
    ]


def _cpu() -> float:
    """CPU seconds of this process and its reaped workers."""
    own, kids = resource.getrusage(resource.RUSAGE_SELF), \
        resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def bench_sheet_speed(runs: int) -> list[Row]:
    """sheet_pages() then sheets_pdf() in-process (imports done), every kind."""
    pack = get_pack()
    walls, cpus, pages = [], [], 0
    for _ in range(runs):
        start, cpu = time.perf_counter(), _cpu()
        done, _ = sheet_pages(pack)
        sheets_pdf(pack, done)
        walls.append(time.perf_counter() - start)
        cpus.append(_cpu() - cpu)
        pages = len(done)
    wall = Stat.of(walls)
    return [Row("sheet set, SVG + PDF", f"{wall.median:.2f} s",
                f"goal < {GOAL_SHEETS:g} s: {_verdict(wall.median < GOAL_SHEETS)}; "
                f"{wall.note()}; {Stat.of(cpus).median:.2f} CPU s; {pages} pages")]


def bench_measure_speed(runs: int) -> list[Row]:
    """Every figure of this module."""
    return bench_check_speed(min(runs, 3)) + bench_sheet_speed(min(runs, 3))


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(table("measuring and sheets (issue 14)", bench_measure_speed(args.runs)))
