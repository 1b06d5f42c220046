"""Bench for `wsmark check`: a folder of 500 typical vendor-style drawings.

The folder mixes every catalogue kind rendered at display heights 12-60 in with the
vendor-style seeded drawings of tests/drawings/defects (mm, pt, CSS, strokes, <text>),
cycled to 500 files. wsmark is timed as a user runs it (a subprocess over the folder),
with one job and with all cores; the bare side is a subprocess that parses the same
files with svgelements (the library a checker would otherwise start from).
"""

from __future__ import annotations

import itertools
import os
import shutil
import sys
import tempfile
from pathlib import Path

from common import Row, median_child

from markers.core.design import Design
from markers.packs import get_pack

PACK = get_pack()
KINDS, build = PACK.kinds, PACK.build
from markers.products.files import render_file

FILES = 500
TARGET_RATE, TARGET_RATIO = 50.0, 1.5
BIN = Path(sys.executable).parent
DEFECTS = Path(__file__).resolve().parents[1] / "tests" / "drawings" / "defects"
LEGENDS = {"danger": "ROCKS", "control": "SLOW NO WAKE", "information": "MARINA"}
BARE = ("import pathlib, svgelements\n"
        "for p in sorted(pathlib.Path('drawings').iterdir()):\n"
        "    list(svgelements.SVG.parse(str(p), reify=True).elements())\n")


def _sources(tmp: Path) -> list[Path]:
    """Rendered catalogue drawings plus the vendor-style seeded drawings."""
    made = []
    for kind, h in itertools.product(("danger", "exclusion", "control", "information",
                                      "aid-red", "aid-green", "aid-center"), (12, 24, 36, 60)):
        path = tmp / f"{kind}-{h}.svg"
        render_file(build(Design(kind, h, legend=LEGENDS.get(kind),
                                 ws_id=KINDS[kind].sample_id)), path)
        made.append(path)
    return made + sorted(DEFECTS.glob("*.svg"))


def _folder(tmp: Path) -> Path:
    folder = tmp / "drawings"
    folder.mkdir()
    for i, source in zip(range(FILES), itertools.cycle(_sources(tmp))):
        shutil.copy(source, folder / f"{i:03d}-{source.name}")
    return folder


def bench_check(runs: int) -> list[Row]:
    """Files per second of `wsmark check` (1 job, all cores) and the ratio to a bare
    svgelements parse of the same files."""
    runs = min(runs, 3)
    cores = os.cpu_count() or 1
    base = [str(BIN / "wsmark"), "check", "drawings", "--format", "json", "--exit-zero"]
    with tempfile.TemporaryDirectory(prefix="wsmark-check-bench-") as tmp:
        _folder(Path(tmp))
        res = median_child({"one": base + ["--jobs", "1"], "all": base + ["--jobs", str(cores)],
                            "bare": [sys.executable, "-c", BARE]}, runs, tmp)
    one, every, bare = (res[k].wall.median for k in ("one", "all", "bare"))
    ratio = one / bare
    return [Row("drawings", str(FILES), "catalogue kinds at 12-60 in + vendor-style drawings"),
            Row("wsmark check --jobs 1", f"{FILES / one:.0f} files/s", f"{one:.2f} s"),
            Row(f"wsmark check --jobs {cores}", f"{FILES / every:.0f} files/s",
                f"{every:.2f} s; target >= {TARGET_RATE:g} files/s: "
                + ("PASS" if FILES / every >= TARGET_RATE else "MISS")),
            Row("bare svgelements parse", f"{FILES / bare:.0f} files/s", f"{bare:.2f} s"),
            Row("ratio check (1 job) / bare", f"{ratio:.2f}",
                f"target <= {TARGET_RATIO}: " + ("PASS" if ratio <= TARGET_RATIO else "MISS"))]
