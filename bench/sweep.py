"""Robustness sweep: check every file of the third-party SVG corpora (resvg and svgo
test suites) and print how each ended. `make sweep` runs it.

Every file must end in a report (pass/fail) or a one-line error, within bounded time;
an error that is not the reader's own WsmarkError ("cannot be measured") is a bug.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from markers.check.pipeline import CheckOptions
from markers.check.pipeline import check_file as _check
from markers.packs import get_pack

PACK = get_pack()


def check_file(path, options):
    return _check(path, options, PACK)

CORPORA = Path(__file__).resolve().parents[2] / "shared" / "corpora"


#: Most test files have no physical size; they are read again as if 96 units were an
#: inch, so that their geometry is exercised too.
PX_SCALE = 1 / 96


def _one(path: str) -> tuple[str, str, float, str]:
    start = time.perf_counter()
    report, _ = check_file(path, CheckOptions())
    if report.error and "no physical size" in report.error:
        report, _ = check_file(path, CheckOptions(scale=PX_SCALE))
    return path, report.verdict, time.perf_counter() - start, report.error or ""


def main() -> int:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else CORPORA
    files = sorted(str(p) for p in root.rglob("*") if p.suffix.lower() in (".svg", ".svgz"))
    if not files:
        print(f"no SVG files under {root}")
        return 2
    start = time.perf_counter()
    with ProcessPoolExecutor() as pool:
        results = list(pool.map(_one, files, chunksize=16))
    wall = time.perf_counter() - start
    verdicts = Counter(verdict for _, verdict, _, _ in results)
    crashes = [(p, e) for p, v, _, e in results if "cannot be measured" in e]
    multiline = [p for p, _, _, e in results if "\n" in e]
    slowest = sorted(results, key=lambda r: -r[2])[:5]
    print(f"{len(files)} files in {wall:.1f} s: " +
          ", ".join(f"{verdicts[v]} {v}" for v in ("pass", "fail", "error")))
    print(f"unexpected errors (bugs): {len(crashes)}; multi-line messages: {len(multiline)}")
    for _, error in crashes[:20]:
        print(f"  {error}")
    print("slowest:")
    for path, _, seconds, _ in slowest:
        print(f"  {seconds:6.2f} s  {Path(path).relative_to(root)}")
    return 1 if crashes or multiline or slowest[0][2] > 2.0 else 0


if __name__ == "__main__":
    sys.exit(main())
