"""Issue 14's goals, each as a ratio to the bare library measured in the same run, with
its goal and PASS/MISS: check throughput, start-up, render, legend fitting, the PNG
pixel cap, the sheets and the check parent's memory over long runs.

Whole-process figures are CPU time (user + system) of fresh subprocesses, medians of
``runs`` rounds taken in turn: on a shared 2-core machine CPU time moves less than wall
time. Run with ``python bench/run.py --only speed``; ``--huge`` adds the 100,000-file
memory run (about 20 minutes on two cores).
"""

from __future__ import annotations

import json
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
#: wsmark's own reading alone: every drawing to an Artwork, in one process (imports included).
READ_ALL = ("import pathlib\nfrom markers.read import read_file\n"
            "for p in sorted(pathlib.Path('drawings').iterdir()):\n"
            "    read_file(p)\n")
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
                        "defusedxml": [PY, "-c", BARE_DEFUSED],
                        "read": [PY, "-c", READ_ALL]}, runs, str(tmp), warmup=False)
    one, two = res["one"], res["two"]
    svge, dfx = res["svgelements"].cpu.median, res["defusedxml"].cpu.median
    read = res["read"].cpu.median
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
        Row("read to Artwork (1 process) / bare svgelements (cpu)", f"{read / svge:.2f}",
            f"{FILES / read:.0f} files per CPU-s, imports included: "
            f"{read / one.cpu.median:.0%} of check --jobs 1's CPU"),
        _floor_row(tmp),
    ]


def _floor_row(tmp: Path) -> Row:
    """What GEOS and tesseract alone cost a file (bench/check_floor.py, in-process): 300
    files/s on 2 cores leaves 2/300 s = 6.7 ms of CPU a file for everything."""
    out = subprocess.run([PY, str(Path(__file__).with_name("check_floor.py")), "drawings"],
                         cwd=tmp, capture_output=True, text=True, check=True).stdout
    floor = json.loads(out)
    libs = floor["geos_ms"] + floor["tesseract_ms"]
    return Row("check floor: CPU inside GEOS + tesseract", f"{libs:.1f} ms a file",
               f"of {floor['total_ms']:.1f} ms in all (GEOS {floor['geos_ms']:.1f}, tesseract "
               f"{floor['tesseract_ms']:.1f}): at most {2000 / libs:.0f} files/s on 2 cores "
               f"with no Python at all; 300 files/s needs <= 6.7 ms a file in all")


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


#: Our own packages: byte-compiled by `make` (the Makefile's bytecode step), as pip does
#: for site-packages; the environment's PYTHONDONTWRITEBYTECODE keeps Python from doing it.
OWN = ("markers", "render", "web")
#: The OCR engine started as a check's worker starts it (PIL draws the line images).
OCR_START = ("import PIL.ImageDraw\nfrom markers.check.measure import ocr\n"
             "ocr._tesseract_api()\n")
#: The design card's stack apart from cairosvg: shapely, svgwrite, and the block font
#: instanced at its weight by fontTools (which imports fontTools.varLib).
STACK = ("import shapely, svgwrite\nfrom markers.core import lettering\n"
         "lettering.text_width('A', 1.0)\n")


def _bytecode() -> tuple[int, int]:
    """How many of our modules have a current .pyc (source mtime and size match), of all."""
    import importlib.util

    root = Path(__file__).resolve().parents[1]
    sources = [root / "cli.py"] + [p for own in OWN for p in (root / own).rglob("*.py")]
    fresh = 0
    for src in sources:
        pyc = Path(importlib.util.cache_from_source(str(src)))
        try:
            head = pyc.read_bytes()[8:16]
        except OSError:
            continue
        stat = src.stat()
        fresh += head == (int(stat.st_mtime) & 0xFFFFFFFF).to_bytes(4, "little") + \
            (stat.st_size & 0xFFFFFFFF).to_bytes(4, "little")
    return fresh, len(sources)


def _from_source(tmp: Path) -> str:
    """A copy of our packages without bytecode, for `check` as an editable install with
    PYTHONDONTWRITEBYTECODE ran before the Makefile compiled them (run with -B)."""
    import shutil

    root, copy = Path(__file__).resolve().parents[1], tmp / "from-source"
    for own in OWN:
        shutil.copytree(root / own, copy / own,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copy(root / "cli.py", copy / "cli.py")
    return str(copy)


def _startup_rows(runs: int, tmp: Path) -> list[Row]:
    one = str(next(p for p in sorted(Path(tmp, "drawings").iterdir()) if "danger" in p.name))
    source = _from_source(tmp)
    parent = "import shapely, cli, markers.check.pipeline, markers.runtime.pool\n"
    cmds = {"import shapely": [PY, "-c", "import shapely"], "--help": _wsmark("--help"),
            "kinds": _wsmark("kinds"), "check 1 file": _wsmark("check", one, "--exit-zero"),
            # where check's time goes: each a prefix of the next
            "interpreter": [PY, "-c", "pass"],
            "parent imports": [PY, "-c", parent],
            "OCR engine": [PY, "-c", parent + OCR_START],
            "from source": [PY, "-B", "-c", f"import sys\nsys.path.insert(0, {source!r})\n"
                            + _wsmark("check", one, "--exit-zero")[2], "check", one,
                            "--exit-zero"]}
    res = median_child(cmds, max(runs, 5), str(tmp))
    cpu = {name: r.cpu.median for name, r in res.items()}
    bare = cpu["import shapely"]
    rows = [Row("python -c 'import shapely'", f"{bare:.3f} s",
                f"cpu; peak {mib(_peak(cmds['import shapely'], tmp))}")]
    for name in ("--help", "kinds", "check 1 file"):
        ratio = cpu[name] / bare
        rows.append(Row(f"wsmark {name} / import shapely (cpu)", f"{ratio:.2f}",
                        f"{cpu[name]:.3f} s, peak {mib(_peak(cmds[name], tmp))} "
                        f"(check: the parent); goal <= 1.3: {_verdict(ratio <= 1.3)}"))
    fresh, total = _bytecode()
    floor = cpu["OCR engine"] / bare
    rows += [
        Row("  check: interpreter", f"{cpu['interpreter']:.3f} s", "python -c pass"),
        Row("  + import shapely (numpy)", f"{bare - cpu['interpreter']:.3f} s", ""),
        Row("  + the parent's other imports", f"{cpu['parent imports'] - bare:.3f} s",
            "click, cli, markers.check.pipeline (readers, measuring, rules), markers.runtime.pool"),
        Row("  + OCR engine started", f"{cpu['OCR engine'] - cpu['parent imports']:.3f} s",
            "PIL, tesserocr, eng model loaded (about half: tesseract's built-in ambiguity "
            "table, loaded whatever the config)"),
        Row("  + fork, read, measure, OCR, report",
            f"{cpu['check 1 file'] - cpu['OCR engine']:.3f} s",
            "the worker's own work on the file"),
        Row("  floor: imports + OCR engine / import shapely", f"{floor:.2f}",
            "before any work on the file; goal 1.3 " + (
                "out of reach with an OCR engine that starts this slowly" if floor > 1.3
                else "within reach")),
        Row("  our modules compiled from source", f"{cpu['from source'] / bare:.2f}",
            f"{cpu['from source']:.3f} s: check 1 file without their .pyc (-B); "
            f"{fresh} of {total} are byte-compiled now (make bytecode)"),
    ]
    for name, args in (("--help", ["--help"]), ("kinds", ["kinds"]),
                       ("check 1 file", ["check", one, "--exit-zero"])):
        rows.append(Row(f"importtime top ({name})", "", _importtime(args, tmp)))
    return rows


def _render_rows(runs: int, tmp: Path) -> list[Row]:
    """`render` against bare cairosvg on the same SVG, and the stack floor between them:
    bare cairosvg with shapely, svgwrite and the instanced block font imported too."""
    subprocess.run([WSMARK, "render", *SIGN, "-o", "sign.svg"], cwd=tmp, check=True,
                   capture_output=True)
    bare = ("import cairosvg; cairosvg.svg2{fmt}(bytestring=open('sign.svg','rb').read(), "
            "write_to='bare.{fmt}'{dpi})")
    cmds = {}
    for fmt, dpi, args in (("png", ", dpi=300", ["--dpi", "300"]), ("pdf", "", [])):
        cmds[fmt] = _wsmark("render", *SIGN, *args, "-o", f"w.{fmt}")
        cmds[f"bare {fmt}"] = [PY, "-c", bare.format(fmt=fmt, dpi=dpi)]
        cmds[f"shapely {fmt}"] = [PY, "-c", "import shapely\n" + bare.format(fmt=fmt, dpi=dpi)]
        cmds[f"stack {fmt}"] = [PY, "-c", STACK + bare.format(fmt=fmt, dpi=dpi)]
    cmds["imports"] = [PY, "-c", "import cli, cairosvg\n" + STACK
                       + "import render.svg, render.raster, markers.build.signs\n"]
    cmds["stack imports"] = [PY, "-c", "import cairosvg\n" + STACK]
    cmds["cairosvg"] = [PY, "-c", "import cairosvg"]
    res = median_child(cmds, runs, str(tmp))
    cpu = {name: r.cpu.median for name, r in res.items()}
    rows = []
    for fmt, goal in (("png", 1.05), ("pdf", 1.3)):
        b = cpu[f"bare {fmt}"]
        w_peak, b_peak = _peak(cmds[fmt], tmp), _peak(cmds[f"bare {fmt}"], tmp)
        s_peak = _peak(cmds[f"stack {fmt}"], tmp)
        ratio, mem = cpu[fmt] / b, w_peak / b_peak
        floor, s_mem = cpu[f"stack {fmt}"] / b, s_peak / b_peak
        reach = "out of reach with this stack" if floor > goal else "within reach"
        rows += [
            Row(f"render {fmt.upper()} / bare cairosvg (cpu)", f"{ratio:.2f}",
                f"{cpu[fmt]:.2f} vs {b:.2f} s; goal <= {goal}: {_verdict(ratio <= goal)}"),
            Row(f"render {fmt.upper()} peak memory / bare", f"{mem:.2f}",
                f"{mib(w_peak)} vs {mib(b_peak)}; goal <= 1.1: {_verdict(mem <= 1.1)}"),
            Row(f"  bare + import shapely / bare", f"{cpu[f'shapely {fmt}'] / b:.2f}",
                f"{cpu[f'shapely {fmt}']:.2f} s"),
            Row(f"  stack floor / bare (cpu, memory)", f"{floor:.2f}",
                f"bare + shapely, svgwrite, the block font instanced (fontTools.varLib); "
                f"memory {s_mem:.2f} ({mib(s_peak)}); goal {goal} {reach}"),
        ]
    stack, ours = cpu["stack imports"], cpu["imports"]
    rows += [
        Row("  render PDF: imports of the stack", f"{stack:.3f} s",
            "cairosvg, shapely, svgwrite, fontTools, the font loaded"),
        Row("  + click and our modules", f"{ours - stack:.3f} s", "cli, render, builders"),
        Row("  + build, SVG, PDF, write", f"{cpu['pdf'] - ours:.3f} s",
            f"of which cairosvg's svg2pdf alone (bare, its import apart) "
            f"{cpu['bare pdf'] - cpu['cairosvg']:.3f} s"),
        Row("  legend fits searched per build", _fits_per_build(),
            "control and information signs (memoised: build_rectangle sizes its "
            "rectangle and lays it out with one search)"),
    ]
    return rows


def _fits_per_build() -> str:
    """Legend fitting searches done by one build of each sign: one is the least."""
    from markers import api
    from markers.core import lettering

    counts = []
    for kind, legend in (("control", "SLOW NO WAKE"), ("information", "BEACH CLOSED")):
        lettering._fit_block.cache_clear()
        api.build(api.design(kind, 24, legend=legend))
        counts.append(str(lettering._fit_block.cache_info().misses))
    return " and ".join(counts)


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
    with tempfile.TemporaryDirectory(prefix="wsmark-legend-") as folder:
        done = subprocess.run([WSMARK, "render", "information", "-H", "24", "--max-width",
                               "48", "--legend", legend, "-o", str(Path(folder) / "i.svg")],
                              capture_output=True, text=True)
    # "wrote FILE (W x H in)" is said on stderr: stdout is kept for what a command prints
    size = re.search(r"\(([\d.]+) x ([\d.]+) in\)", done.stdout + done.stderr)
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
    from markers.products.sheets import sheet_pages, sheets_pdf

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


def _buoy_rows(runs: int) -> list[Row]:
    """Measuring a symbol buoy against its height: CPU of measure() on the buoy at 36 and
    at 576 in above water, its SVG read afresh each round outside the clock, as wsmark
    writes it (kind and curvature declared) and without its design record (a vendor's:
    the kind detected, the face read in both bases). Medians of 2 x ``runs`` rounds."""
    from markers import api
    from markers.check.measure import measure
    from markers.check.pipeline import CheckOptions, load_artwork
    from markers.check.layout import split
    from markers.packs import get_pack

    pack, options = get_pack(), CheckOptions()

    def cpu(data: bytes) -> float:
        times = []
        for _ in range(2 * runs):
            [art] = split(load_artwork(data, "buoy.svg", options, pack)[0]).markers
            start = time.process_time()
            measure(art, pack.law, pack.kinds)
            times.append(time.process_time() - start)
        return sorted(times)[len(times) // 2]

    rows = []
    for form in ("declared", "undeclared"):
        ms = {}
        for height in (36.0, 576.0):
            data = api.render(api.design("buoy-symbol", sample=True, height_above_water=height),
                              ".svg")
            if form == "undeclared":
                data = re.sub(rb"<desc>.*?</desc>", b"", data, flags=re.S)
            ms[height] = 1000 * cpu(data)
        ratio = ms[576.0] / ms[36.0]
        rows.append(Row(f"buoy measure, {form}: 576 in / 36 in (cpu)", f"{ratio:.2f}",
                        f"{ms[36.0]:.0f} vs {ms[576.0]:.0f} ms; goal: flat (<= 1.2): "
                        f"{_verdict(ratio <= 1.2)}"))
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
        rows += _buoy_rows(runs)
    return rows
