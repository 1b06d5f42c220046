"""Robustness sweep: check every file of the third-party corpora (resvg and svgo SVG test
suites; qpdf, pypdf, veraPDF PDFs; ezdxf, dxf-parser, bjnortier DXFs) and print how each
ended, per format. `make sweep` runs it.

Every file must end in a report (pass/fail) or a one-line error, within bounded time;
an error that is not the reader's own WsmarkError ("cannot be measured") or a reader
child that died is a crash; a child killed at its deadline ("not read within") a hang.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from corpora import CORPORA  # noqa: E402
from markers.check.pipeline import CheckOptions  # noqa: E402
from markers.check.pipeline import check_file as _check  # noqa: E402
from markers.packs import get_pack  # noqa: E402

PACK = get_pack()


def check_file(path, options):
    return _check(path, options, PACK)



#: Most test files have no physical size; they are read again as if 96 units were an
#: inch, so that their geometry is exercised too.
PX_SCALE = 1 / 96


#: Unitless DXFs are read again as if a drawing unit were an inch.
DXF_SCALE = 1.0
SUFFIXES = {".svg": "svg", ".svgz": "svg", ".pdf": "pdf", ".ai": "pdf", ".dxf": "dxf"}
CRASHES = ("cannot be measured", "the reader died")
#: A reader child killed at its deadline (the budget refusing a file in time, "not read
#: within", is the designed outcome, not a hang).
HANGS = ("the reader was stopped",)


def _one(path: str) -> tuple[str, str, float, str]:
    start = time.perf_counter()
    report, _ = check_file(path, CheckOptions())
    if report.error and "no physical size" in report.error:
        report, _ = check_file(path, CheckOptions(scale=PX_SCALE))
    if report.error and "no usable units" in report.error:
        report, _ = check_file(path, CheckOptions(scale=DXF_SCALE))
    return path, report.verdict, time.perf_counter() - start, report.error or ""


def _summary(label: str, results: list[tuple[str, str, float, str]], root: Path) -> bool:
    """Print one format's outcome; True when it had a crash, hang or multi-line error."""
    verdicts = Counter(verdict for _, verdict, _, _ in results)
    crashes = [(p, e) for p, v, _, e in results if any(c in e for c in CRASHES)]
    hangs = [(p, e) for p, v, _, e in results if any(h in e for h in HANGS)]
    multiline = [p for p, _, _, e in results if "\n" in e]
    slowest = sorted(results, key=lambda r: -r[2])[:3]
    print(f"{label}: {len(results)} files: " +
          ", ".join(f"{verdicts[v]} {v}" for v in ("pass", "fail", "error")) +
          f"; crashes {len(crashes)}, hangs {len(hangs)}, multi-line messages {len(multiline)}")
    for _, error in (crashes + hangs)[:20]:
        print(f"  {error}")
    for path, _, seconds, _ in slowest:
        print(f"  slowest {seconds:6.2f} s  {Path(path).relative_to(root)}")
    return bool(crashes or hangs or multiline)


def main() -> int:
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else CORPORA
    files = sorted(str(p) for p in root.rglob("*")
                   if p.is_file() and p.suffix.lower() in SUFFIXES)
    if not files:
        print(f"no SVG, PDF or DXF files under {root}")
        return 2
    start = time.perf_counter()
    with ProcessPoolExecutor() as pool:
        results = list(pool.map(_one, files, chunksize=4))
    print(f"{len(files)} files in {time.perf_counter() - start:.1f} s")
    bad = False
    for label in ("svg", "pdf", "dxf"):
        mine = [r for r in results if SUFFIXES[Path(r[0]).suffix.lower()] == label]
        if mine:
            bad |= _summary(label, mine, root)
    svg_slowest = max((r[2] for r in results if SUFFIXES[Path(r[0]).suffix.lower()] == "svg"),
                      default=0.0)
    return 1 if bad or svg_slowest > 2.0 else 0


if __name__ == "__main__":
    sys.exit(main())
