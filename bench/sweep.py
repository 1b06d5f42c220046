"""Robustness sweep: check every file of the third-party SVG corpora (resvg and svgo
test suites) and print how each ended. `make sweep` runs it.

Every file must end in a report (pass/fail) or a one-line error, within its budget (each
file runs in a budgeted worker, as `wsmark check` does); an error that is not the
reader's own WsmarkError ("cannot be measured") is a bug.

`--twice` runs two sweeps at once (twice the load) and compares their verdicts: the
budget counts CPU seconds, so every file must get the same verdict.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

from markers.check.pipeline import CheckOptions
from markers.check.pipeline import check_file as _check
from markers.packs import get_pack
from render.budgeted import Limits, budgeted_imap

PACK = get_pack()


def check_file(path, options):
    return _check(path, options, PACK)

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from corpora import CORPORA  # noqa: E402  (where the shared corpora are: tests/corpora.py)


#: Most test files have no physical size; they are read again as if 96 units were an
#: inch, so that their geometry is exercised too.
PX_SCALE = 1 / 96


def _one(path: str) -> tuple[str, str, float, str]:
    start = time.perf_counter()
    report, _ = check_file(path, CheckOptions())
    if report.error and "no physical size" in report.error:
        report, _ = check_file(path, CheckOptions(scale=PX_SCALE))
    return path, report.verdict, time.perf_counter() - start, report.error or ""


def _sweep(files: list[str]) -> list[tuple[str, str, float, str]]:
    """Every file in a budgeted worker; an overrun is an error like any other."""
    return [o.value if o.overrun is None else (path, "error", o.cpu_s, f"{path}: {o.overrun}")
            for path, o in zip(files, budgeted_imap(_one, files, None, Limits()))]


def _twice(root: Path) -> int:
    """Two sweeps at once; the verdict of every file must be the same in both."""
    outs = [Path(f"/tmp/wsmark-sweep-{i}.json") for i in (1, 2)]
    runs = [subprocess.Popen([sys.executable, __file__, str(root), "--verdicts", str(out)],
                             stdout=subprocess.DEVNULL) for out in outs]
    for run in runs:
        run.wait()
    first, second = (json.loads(out.read_text()) for out in outs)
    differ = sorted(path for path in first if first[path] != second.get(path))
    print(f"two sweeps at once: {len(first)} files, {len(differ)} with different verdicts")
    for path in differ[:20]:
        print(f"  {path}: {first[path]} / {second.get(path)}")
    return 1 if differ or len(first) != len(second) else 0


def main() -> int:
    args = sys.argv[1:]
    verdicts = args[args.index("--verdicts") + 1] if "--verdicts" in args else None
    args = [a for a in args if a not in ("--twice", "--verdicts", verdicts)]
    root = Path(args[0]) if args else CORPORA
    if "--twice" in sys.argv:
        return _twice(root)
    files = sorted(str(p) for p in root.rglob("*") if p.suffix.lower() in (".svg", ".svgz"))
    if not files:
        print(f"no SVG files under {root}")
        return 2
    start = time.perf_counter()
    results = _sweep(files)
    wall = time.perf_counter() - start
    if verdicts:
        Path(verdicts).write_text(json.dumps({p: [v, e] for p, v, _, e in results}))
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
