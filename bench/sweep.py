"""Robustness sweep: check every file of the third-party corpora (resvg and svgo SVG test
suites; qpdf, pypdf, veraPDF PDFs; ezdxf, dxf-parser, bjnortier DXFs) and print how each
ended, per format. `make sweep` runs it.

    python bench/sweep.py [ROOT] [--limit N] [--twice] [--load N]

Every file runs in a budgeted worker, as `wsmark check` does (markers/runtime/: CPU
seconds and memory), and must end in a report (pass/review/fail) or a one-line error in
plain words (no exception class name, library warning or doubled punctuation:
markers.core.shown.NOT_PLAIN; each is listed). An error
that is not the reader's own WsmarkError ("cannot be measured") or a reader child or
worker that died is a crash; one that made no progress (a wall-clock backstop) a hang; a
file stopped by its budget, or a PDF/DXF reader child by its CPU limit, is counted as over
budget (the designed outcome, listed). The crafted reproducers of shared/corpora/found/ are left out: they
have their own tests (tests/runtime/test_budget_hostile.py).

``--limit N`` checks an evenly spaced sample of at most N files (the same sample every
time). ``--twice`` runs two sweeps at once (twice the load) and counts the files whose
verdict differs between them: the budget counts CPU seconds, so there must be none; and,
apart, those with the same verdict but another reason (an error line that differs: a
file whose cost is at its budget may end at the budget or at a reader's limit just
before it), listed so that each can be looked at. ``--load N`` keeps N more processes
busy (spinning) while it runs: `make sweep ARGS="--twice --load 8"` is issue 24's test of
stable answers on a loaded machine.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from corpora import CORPORA  # noqa: E402
from markers.check.pipeline import CheckOptions  # noqa: E402
from markers.check.pipeline import check_file as _check  # noqa: E402
from markers.core.shown import NOT_PLAIN  # noqa: E402
from markers.packs import get_pack  # noqa: E402
from markers.runtime.budget import Limits
from markers.runtime.pool import budgeted_imap  # noqa: E402

PACK = get_pack()
#: Most test files have no physical size; they are read again as if 96 units were an
#: inch, so that their geometry is exercised too.
PX_SCALE = 1 / 96
#: Unitless DXFs are read again as if a drawing unit were an inch.
DXF_SCALE = 1.0
SUFFIXES = {".svg": "svg", ".svgz": "svg", ".pdf": "pdf", ".ai": "pdf", ".dxf": "dxf"}
CRASHES = ("cannot be measured", "the reader died", "stopped the checker")
HANGS = ("no progress",)
OVER = ("took more than", "needs more than", "the reader was stopped after")
#: A third-party SVG that takes longer than this (CPU s) is a speed regression.
SVG_SLOWEST_CPU_S = 2.0

Result = tuple[str, str, float, str]  # path, verdict, CPU s, error


def _one(path: str) -> tuple[str, str]:
    """One file's verdict and error, read again at a scale when it has no units."""
    report, _ = _check(path, CheckOptions(), PACK)
    if report.error and "no physical size" in report.error:
        report, _ = _check(path, CheckOptions(scale=PX_SCALE), PACK)
    if report.error and "no usable units" in report.error:
        report, _ = _check(path, CheckOptions(scale=DXF_SCALE), PACK)
    return report.verdict, report.error or ""


def _sweep(files: list[str]) -> list[Result]:
    """Every file in a budgeted worker; an overrun is an error like any other."""
    results = []
    for path, outcome in zip(files, budgeted_imap(_one, files, None, Limits())):
        verdict, error = outcome.value if outcome.overrun is None else \
            ("error", f"{path}: {outcome.overrun}")
        results.append((path, verdict, outcome.cpu_s, error))
    return results


def _summary(label: str, results: list[Result], root: Path) -> bool:
    """Print one format's outcome; True when it had a crash, hang or multi-line error."""
    verdicts = Counter(verdict for _, verdict, _, _ in results)
    crashes = [e for _, _, _, e in results if any(c in e for c in CRASHES)]
    hangs = [e for _, _, _, e in results if any(h in e for h in HANGS)]
    multiline = [p for p, _, _, e in results if "\n" in e]
    unplain = [e for _, _, _, e in results if NOT_PLAIN.search(e)]
    over = [e for _, _, _, e in results if any(o in e for o in OVER)]
    print(f"{label}: {len(results)} files: " +
          ", ".join(f"{verdicts[v]} {v}" for v in ("pass", "review", "fail", "error")) +
          f"; crashes {len(crashes)}, hangs {len(hangs)}, over budget {len(over)}, "
          f"multi-line messages {len(multiline)}, not in plain words {len(unplain)}")
    for error in (crashes + hangs + over + unplain)[:20]:
        print(f"  {error[:300]}")
    for path, _, seconds, _ in sorted(results, key=lambda r: -r[2])[:3]:
        print(f"  slowest {seconds:6.2f} CPU s  {Path(path).relative_to(root)}")
    return bool(crashes or hangs or multiline or unplain)


def _files(root: Path, limit: int | None) -> list[str]:
    files = sorted(str(p) for p in root.rglob("*") if p.is_file()
                   and p.suffix.lower() in SUFFIXES and "found" not in p.relative_to(root).parts)
    if limit is not None and len(files) > limit:
        files = [files[i * len(files) // limit] for i in range(limit)]
    return files


def _twice(args: list[str]) -> int:
    """Two sweeps at once; the verdict of every file must be the same in both."""
    with tempfile.TemporaryDirectory(prefix="wsmark-sweep-") as folder:
        outs = [Path(folder) / f"verdicts-{i}.json" for i in (1, 2)]
        logs = [Path(folder) / f"sweep-{i}.txt" for i in (1, 2)]
        runs = [subprocess.Popen([sys.executable, __file__, *args, "--verdicts", str(out)],
                                 stdout=log.open("w"), stderr=subprocess.STDOUT)
                for out, log in zip(outs, logs)]
        codes = [run.wait() for run in runs]
        for i, log in enumerate(logs, 1):
            print(f"--- sweep {i} of 2 (at once)")
            print(log.read_text().rstrip())
        if not all(out.exists() for out in outs):
            print("a sweep did not finish")
            return 1
        first, second = (json.loads(out.read_text()) for out in outs)
    paths = sorted(first.keys() | second.keys())
    differ = [p for p in paths if (first.get(p) or [None])[0] != (second.get(p) or [None])[0]]
    reasons = [p for p in paths if p not in differ and first.get(p) != second.get(p)]
    print(f"two sweeps at once: {len(first)} files, {len(differ)} with different verdicts, "
          f"{len(reasons)} with the same verdict for another reason")
    for path in (differ + reasons)[:20]:
        print(f"  {path}: {first.get(path)} / {second.get(path)}")
    return 1 if differ or any(codes) else 0


@contextmanager
def _load(count: int) -> Iterator[None]:
    """``count`` processes spinning on the CPU while the block runs, ended after it."""
    spinners = [subprocess.Popen([sys.executable, "-c", "while True: pass"])
                for _ in range(count)]
    try:
        yield
    finally:
        for spinner in spinners:
            spinner.kill()
            spinner.wait()


def main(argv: list[str]) -> int:
    args = list(argv)
    if "--load" in args:
        at = args.index("--load")
        count = int(args[at + 1])
        del args[at:at + 2]
        print(f"under a load of {count} more busy processes")
        with _load(count):
            return main(args)
    verdicts = limit = None
    if "--verdicts" in args:
        at = args.index("--verdicts")
        verdicts = args[at + 1]
        del args[at:at + 2]
    if "--limit" in args:
        at = args.index("--limit")
        limit = int(args[at + 1])
        del args[at:at + 2]
    if "--twice" in args:
        args.remove("--twice")
        return _twice(args + ([] if limit is None else ["--limit", str(limit)]))
    root = (Path(args[0]) if args else CORPORA).resolve()
    files = _files(root, limit)
    if not files:
        print(f"no SVG, PDF or DXF files under {root}")
        return 2
    results = _sweep(files)
    print(f"{len(files)} files, {sum(r[2] for r in results):.1f} CPU s in workers, "
          f"budget {Limits().describe()} each")
    if verdicts:
        Path(verdicts).write_text(json.dumps({p: [v, e] for p, v, _, e in results}))
    bad = False
    for label in ("svg", "pdf", "dxf"):
        mine = [r for r in results if SUFFIXES[Path(r[0]).suffix.lower()] == label]
        if mine:
            bad |= _summary(label, mine, root)
    svg_slowest = max((r[2] for r in results if SUFFIXES[Path(r[0]).suffix.lower()] == "svg"),
                      default=0.0)
    return 1 if bad or svg_slowest > SVG_SLOWEST_CPU_S else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
