"""Issue 14's goals, each as a ratio to the bare library measured in the same run, with
its goal and PASS/MISS: check throughput, start-up, render, legend fitting, the PNG
pixel cap, the sheets and the check parent's memory over long runs.

Whole-process figures are CPU time (user + system) of fresh subprocesses, medians of
``runs`` rounds taken in turn: on a shared 2-core machine CPU time moves less than wall
time. Run with ``python bench/run.py --only speed``; ``--huge`` adds the 100,000-file
memory run (about 20 minutes on two cores).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from check_bench import FILES, _folder
from common import Row, median_child, mib

__all__ = ["bench_speed"]

BIN = Path(sys.executable).parent
PY = sys.executable
WSMARK = str(BIN / "wsmark")
BARE_SVGELEMENTS = ("import pathlib, svgelements\n"
                    "for p in sorted(pathlib.Path('drawings').iterdir()):\n"
                    "    list(svgelements.SVG.parse(str(p), reify=True).elements())\n")
BARE_DEFUSED = ("import pathlib\nfrom defusedxml import ElementTree\n"
                "for p in sorted(pathlib.Path('drawings').iterdir()):\n"
                "    ElementTree.fromstring(p.read_bytes())\n")
#: Printed at exit: the process's own peak RSS in KiB (VmHWM of its memory map).
#: ru_maxrss would not do: Linux carries the forking bench's size across exec into it.
PEAK = ("import atexit, sys\n"
        "atexit.register(lambda: print('peak', next(line.split()[1] for line in "
        "open('/proc/self/status') if line.startswith('VmHWM')), file=sys.stderr))\n")
#: `wsmark ARGS` in this interpreter, printing its own peak RSS (not its workers') last.
IN_PROCESS = PEAK + "sys.argv = ['wsmark', *sys.argv[1:]]\nimport cli\ncli.main()\n"
#: Modules every Python process imports at start.
INTERPRETER = {"site", "encodings", "_frozen_importlib_external", "zipimport", "codecs"}
SIGN = ["control", "-H", "24", "--legend", "SLOW NO WAKE"]
WORDS = ("NO WAKE ZONE AHEAD KEEP RIGHT OF BUOYS SLOW SPEED MINIMUM WAKE SWIMMING AREA "
         "BEACH CLOSED ROCKS SHALLOW WATER DANGER").split()


def _verdict(ok: bool) -> str:
    return "PASS" if ok else "MISS"


def _peak(cmd: list[str], cwd: Path) -> int:
    """Peak RSS (bytes) of ``cmd``'s own process: a ``PY -c`` code run with PEAK first."""
    assert cmd[:2] == [PY, "-c"]
    done = subprocess.run([PY, "-c", PEAK + cmd[2], *cmd[3:]], cwd=cwd, capture_output=True,
                          text=True)
    return int(done.stderr.split()[-1]) * 1024


def _wsmark(*args: str) -> list[str]:
    """`wsmark ARGS` as a ``python -c`` (what the console script runs)."""
    return [PY, "-c", "import sys\nsys.argv = ['wsmark', *sys.argv[1:]]\nimport cli\n"
            "cli.main()\n", *args]


def _check_rows(runs: int, tmp: Path) -> list[Row]:
    """Throughput over check_bench's folder, with 1 and 2 jobs, against bare parses."""
    base = [WSMARK, "check", "drawings", "--format", "json", "--exit-zero"]
    res = median_child({"one": base + ["--jobs", "1"], "two": base + ["--jobs", "2"],
                        "svgelements": [PY, "-c", BARE_SVGELEMENTS],
                        "defusedxml": [PY, "-c", BARE_DEFUSED]}, runs, str(tmp), warmup=False)
    one, two = res["one"], res["two"]
    svge, dfx = res["svgelements"].cpu.median, res["defusedxml"].cpu.median
    rate_two = FILES / two.wall.median
    return [
        Row("check --jobs 1", f"{FILES / one.wall.median:.0f} files/s",
            f"wall {one.wall.median:.1f} s, {FILES / one.cpu.median:.0f} files per CPU-s"),
        Row("check --jobs 2", f"{rate_two:.0f} files/s",
            f"wall {two.wall.median:.1f} s; goal >= 300: {_verdict(rate_two >= 300)}"),
        Row("check (1 job) / bare svgelements (cpu)", f"{one.cpu.median / svge:.2f}",
            f"goal <= 3: {_verdict(one.cpu.median / svge <= 3)}"),
        Row("check (1 job) / bare defusedxml (cpu)", f"{one.cpu.median / dfx:.1f}",
            f"defusedxml parses {FILES / dfx:.0f} files per CPU-s"),
    ]


def _importtime(args: list[str], tmp: Path, top: int = 5) -> str:
    """The ``top`` slowest top-level imports of `wsmark ARGS` (cumulative, -X importtime)."""
    code = ("import sys\nsys.argv = ['wsmark', *sys.argv[1:]]\nimport cli\n"
            "try:\n    cli.main()\nexcept SystemExit:\n    pass\n")
    err = subprocess.run([PY, "-X", "importtime", "-c", code, *args], capture_output=True,
                         text=True, cwd=tmp).stderr
    found = []
    for line in err.splitlines():
        m = re.match(r"import time:\s+\d+ \|\s+(\d+) \|( *)(\S+)", line)
        if m and len(m[2]) <= 3 and m[3] not in INTERPRETER:  # the program's and cli's
            found.append((int(m[1]), m[3]))
    return ", ".join(f"{name} {us / 1000:.0f} ms" for us, name in sorted(found)[::-1][:top])


def _startup_rows(runs: int, tmp: Path) -> list[Row]:
    one = str(next(p for p in sorted(Path(tmp, "drawings").iterdir()) if "danger" in p.name))
    cmds = {"import shapely": [PY, "-c", "import shapely"], "--help": _wsmark("--help"),
            "kinds": _wsmark("kinds"), "check 1 file": _wsmark("check", one, "--exit-zero")}
    res = median_child(cmds, max(runs, 5), str(tmp))
    bare = res["import shapely"].cpu.median
    rows = [Row("python -c 'import shapely'", f"{bare:.3f} s",
                f"cpu; peak {mib(_peak(cmds['import shapely'], tmp))}")]
    for name in ("--help", "kinds", "check 1 file"):
        ratio = res[name].cpu.median / bare
        rows.append(Row(f"wsmark {name} / import shapely (cpu)", f"{ratio:.2f}",
                        f"{res[name].cpu.median:.3f} s, peak {mib(_peak(cmds[name], tmp))} "
                        f"(check: the parent); goal <= 1.3: {_verdict(ratio <= 1.3)}"))
    for name, args in (("--help", ["--help"]), ("kinds", ["kinds"]),
                       ("check 1 file", ["check", one, "--exit-zero"])):
        rows.append(Row(f"importtime top ({name})", "", _importtime(args, tmp)))
    return rows


def _render_rows(runs: int, tmp: Path) -> list[Row]:
    subprocess.run([WSMARK, "render", *SIGN, "-o", "sign.svg"], cwd=tmp, check=True,
                   capture_output=True)
    bare = ("import cairosvg; cairosvg.svg2{fmt}(bytestring=open('sign.svg','rb').read(), "
            "write_to='bare.{fmt}'{dpi})")
    cmds = {"png": _wsmark("render", *SIGN, "--dpi", "300", "-o", "w.png"),
            "bare png": [PY, "-c", bare.format(fmt="png", dpi=", dpi=300")],
            "pdf": _wsmark("render", *SIGN, "-o", "w.pdf"),
            "bare pdf": [PY, "-c", bare.format(fmt="pdf", dpi="")]}
    res = median_child(cmds, runs, str(tmp))
    rows = []
    for fmt, goal in (("png", 1.05), ("pdf", 1.3)):
        w, b = res[fmt], res[f"bare {fmt}"]
        w_peak, b_peak = _peak(cmds[fmt], tmp), _peak(cmds[f"bare {fmt}"], tmp)
        ratio, mem = w.cpu.median / b.cpu.median, w_peak / b_peak
        rows.append(Row(f"render {fmt.upper()} / bare cairosvg (cpu)", f"{ratio:.2f}",
                        f"{w.cpu.median:.2f} vs {b.cpu.median:.2f} s; goal <= {goal}: "
                        f"{_verdict(ratio <= goal)}"))
        rows.append(Row(f"render {fmt.upper()} peak memory / bare", f"{mem:.2f}",
                        f"{mib(w_peak)} vs {mib(b_peak)}; goal <= 1.1: {_verdict(mem <= 1.1)}"))
    return rows


def _legend_rows() -> list[Row]:
    """The fitting search alone (glyph outlines of the result apart) for 5 to 80 words,
    in an 8 ft information sign's white (96 x 14 in) and a control circle's (16 in)."""
    from markers.core import geometry as geo
    from markers.core import lettering

    lettering.text_width("A", 1.0)  # the font loads once per process
    set_block, spent = lettering.set_block, [0.0]

    def timed_set(*args):
        start = time.perf_counter()
        block = set_block(*args)
        spent[0] += time.perf_counter() - start
        return block

    lettering.set_block = timed_set
    rows = []
    try:
        for name, region in (("rectangle 96 x 14 in", geo.rect(0, 0, 96, 14)),
                             ("circle 16 in", geo.disc(0, 0, 8))):
            times = []
            for n in (5, 10, 20, 40, 80):
                legend = " ".join((WORDS * 4)[:n])
                searches = []
                for _ in range(5):  # the median of 5: the machine is shared
                    spent[0] = 0.0
                    start = time.perf_counter()
                    block = lettering._fit_block.__wrapped__(legend, region.wkb, 1.5, 7.2,
                                                             None)
                    searches.append(time.perf_counter() - start - spent[0])
                search = sorted(searches)[2]
                times.append(search)
                shape = (f"{len(block.lines)} lines at {block.cap_height:g} in" if block
                         else "does not fit")
                goal = f"; goal < 0.1 s: {_verdict(search < 0.1)}" if n == 20 else ""
                rows.append(Row(f"fit {n} words, {name}", f"{search * 1000:.1f} ms",
                                f"{len(lettering.line_choices(legend)):,} splits; {shape}"
                                + goal))
            grows = times[-1] / max(times[2], 1e-4)
            rows.append(Row(f"  80 / 20 words, {name}", f"{grows:.1f}x",
                            f"quadratic would be 16x: {_verdict(grows <= 16)}"))
    finally:
        lettering.set_block = set_block
    legend = " ".join(("NO WAKE ZONE AHEAD KEEP RIGHT OF BUOYS SLOW 5 MPH " * 2).split()[:20])
    done = subprocess.run([WSMARK, "render", "information", "-H", "24", "--max-width", "48",
                           "--legend", legend, "-o", os.devnull + ".svg"],
                          capture_output=True, text=True)
    size = re.search(r"\(([\d.]+) x ([\d.]+) in\)", done.stdout)
    legible = size is not None and float(size.group(1)) <= 48
    rows.append(Row("information -H 24 --max-width 48, 20 words",
                    size.group(0) if size else done.stderr.strip()[:60],
                    f"wrapped within 4 ft (was a 345 in line): {_verdict(legible)}"))
    return rows


def _cap_rows(tmp: Path) -> list[Row]:
    start = time.perf_counter()
    done = subprocess.run([WSMARK, "render", "control", "-H", "48", "--legend", "SLOW NO WAKE",
                           "--dpi", "600", "-o", "big.png"], cwd=tmp, capture_output=True,
                          text=True)
    took = time.perf_counter() - start
    refused = done.returncode == 2 and not Path(tmp, "big.png").exists()
    return [Row("render control -H 48 --dpi 600", "refused" if refused else "MADE",
                f"{took:.2f} s; goal refused in one line: "
                f"{_verdict(refused and len(done.stderr.strip().splitlines()) == 1)}"),
            Row("  its message", "", done.stderr.strip())]


def _sheet_rows() -> list[Row]:
    """`sheet` of every kind, SVG pages then one PDF, in-process (imports done)."""
    from markers.packs import get_pack
    from render.paper import STANDARD_SIZES
    from render.sheets import sheet_pages, sheets_pdf

    pack = get_pack()
    start = time.perf_counter()
    pages, _ = sheet_pages(pack, None, STANDARD_SIZES, "letter")
    svg = time.perf_counter() - start
    sheets_pdf(pack, pages)
    total = time.perf_counter() - start
    return [Row("sheet (every kind, SVG + PDF)", f"{total:.2f} s",
                f"SVG pages {svg:.2f} s, {len(pages)} pages; goal < 2 s: "
                f"{_verdict(total < 2)}")]


def _memory_rows(huge: bool, tmp: Path) -> list[Row]:
    """Peak RSS of the check parent itself (its VmHWM; the workers apart) over N hard
    links to a distress-flag drawing, JSON to /dev/null."""
    source = Path(tmp, "flag.svg")
    subprocess.run([WSMARK, "render", "distress-flag", "-o", str(source)], check=True,
                   capture_output=True)
    rows, peaks = [], []
    for n in (1_000, 10_000) + ((100_000,) if huge else ()):
        folder = Path(tmp, f"many-{n}")
        folder.mkdir()
        for i in range(n):
            if i % 10_000 == 0:  # a file takes some 65,000 hard links at most
                copy = Path(tmp, f"flag-{i}.svg")
                copy.write_bytes(source.read_bytes())
            os.link(copy, folder / f"{i:06d}.svg")
        start = time.perf_counter()
        done = subprocess.run([PY, "-c", IN_PROCESS, "check", str(folder), "--format", "json",
                               "--jobs", "2", "--exit-zero"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
        took = time.perf_counter() - start
        peak = int(done.stderr.split()[-1]) * 1024
        peaks.append(peak)
        rows.append(Row(f"check of {n:,} files, parent peak RSS", mib(peak),
                        f"{took:.0f} s wall, {n / took:.0f} files/s"))
    flat = peaks[-1] <= peaks[0] * 1.1
    rows.append(Row("flat: largest / 1,000 files", f"{peaks[-1] / peaks[0]:.2f}",
                    f"goal <= 1.1: {_verdict(flat)}"
                    + ("" if huge else "; 100,000 files with --huge")))
    return rows


def bench_speed(runs: int, huge: bool = False) -> list[Row]:
    """Every goal of issue 14, measured in one run."""
    runs = min(runs, 3)
    with tempfile.TemporaryDirectory(prefix="wsmark-speed-") as name:
        tmp = Path(name)
        _folder(tmp)
        rows = [Row("drawings", str(FILES), "bench/check_bench.py's folder")]
        rows += _startup_rows(runs, tmp)
        rows += _render_rows(runs, tmp)
        rows += _legend_rows()
        rows += _cap_rows(tmp)
        rows += _sheet_rows()
        rows += _memory_rows(huge, tmp)
        rows += _check_rows(max(1, runs // 3), tmp)
    return rows
