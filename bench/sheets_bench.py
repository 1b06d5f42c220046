"""Benches for the printed outputs: the reference sheet set and the fabrication files.

Sheets: every kind with its dimension table at every standard size, letter paper, built
as SVG pages and combined into one PDF, in-process (imports done, no PNG); the target
is under 2 s. Fabrication: `fabrication_files` for every kind's sample design at
H = 24 in into a temp folder (print SVG + PDF, cut SVGs, DXF, BOM).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path

from common import Row, median_times

from markers.packs import get_pack
from markers.api import fabricate
from markers.products.fabricate import write_files
from markers.products.sheets import sheet_pages, sheets_pdf

PACK = get_pack()
KINDS = PACK.kinds

__all__ = ["bench_sheets", "bench_fabricate"]

TARGET_SHEETS = 2.0  # seconds for the whole set, SVG + PDF


def bench_sheets(runs: int) -> list[Row]:
    """sheet_pages() then sheets_pdf(): the work of `wsmark sheet` without the start."""
    runs = min(runs, 3)
    pages: list = []
    pdf = b""

    def svg() -> None:
        nonlocal pages
        pages, _ = sheet_pages(PACK)

    def combine() -> None:
        nonlocal pdf
        pdf = sheets_pdf(PACK, pages)

    t = median_times({"svg": svg, "pdf": combine}, runs)
    total = t["svg"].median + t["pdf"].median
    verdict = "PASS" if total < TARGET_SHEETS else "MISS"
    return [Row("sheet pages as SVG", f"{t['svg'].median:.3f} s",
                f"{t['svg'].note()}, {len(pages)} pages"),
            Row("  to one PDF (cairo + pypdf)", f"{t['pdf'].median:.3f} s", t["pdf"].note()),
            Row("full sheet set, SVG + PDF", f"{total:.3f} s",
                f"target < {TARGET_SHEETS:g} s: {verdict}"),
            Row("PDF size", f"{len(pdf) / 1024:.0f} KiB", f"{len(pdf) / len(pages) / 1024:.0f}"
                " KiB a page, fonts embedded per page")]


def bench_fabricate(runs: int) -> list[Row]:
    """Fabrication files of every kind (`wsmark fabricate`'s work: the build, the shop
    plan and its files, written), the slowest kind named."""
    runs = min(runs, 3)
    designs = {kind.name: kind.typical_designs(24.0)[0] for kind in KINDS.values()}
    per_kind: dict[str, float] = {}
    count = 0

    def once() -> None:
        nonlocal count
        count = 0
        with tempfile.TemporaryDirectory(prefix="wsmark-fab-") as tmp:
            for name, design in designs.items():
                start = time.perf_counter()
                count += len(write_files(fabricate(design, pack=PACK)[1], Path(tmp) / name))
                per_kind[name] = time.perf_counter() - start

    t = median_times({"all": once}, runs)["all"]
    slowest = max(per_kind, key=per_kind.get)
    return [Row("fabrication files, every kind", f"{t.median:.3f} s",
                f"{t.note()}, {len(designs)} kinds, {count} files"),
            Row("  slowest kind (last run)", f"{per_kind[slowest]:.3f} s", slowest)]
