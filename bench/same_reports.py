"""Same behaviour, byte for byte: save the JSON reports of `wsmark check` over the corpora
and the test drawings before a restructure, and compare them after.

    python bench/same_reports.py save DIR     # before: DIR/<set>.json per set
    python bench/same_reports.py compare DIR  # after: run again, diff against DIR
    python bench/same_reports.py save DIR issue33 producers  # some sets only

Each set is checked by one `wsmark check --format json -j 2 --budget 5s` run (the wsmark
next to this Python, so PYTHONPATH may point at another checkout). A file that ends in a
verdict must give the same report; one that ends in an error is compared only when
neither error is a budget's (CPU timing varies with the machine's load).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sets import issue33_sources

ROOT = Path(__file__).resolve().parents[1]
CORPORA = Path("/work/shared/corpora")
SETS = {
    "svg": [CORPORA / "resvg", CORPORA / "svgo"],
    "pdf": [CORPORA / "pdf"],
    "dxf": [CORPORA / "dxf"],
    "found": [CORPORA / "found"],
    "drawings": [ROOT / "tests" / "drawings"],
    "producers": [ROOT / "tests" / "data" / "producers"],
    "issue33": issue33_sources(),  # bench/sets.py: the gallery and the passing proofs
}
#: Words of an error that a budget (CPU seconds, memory) gave: timing, not behaviour.
BUDGET = ("took more than", "needs more than", "the reader was stopped after",
          "no progress", "the reader died", "stopped the checker", "not read within")


def run(name: str) -> list[dict]:
    """The JSON reports of set ``name``."""
    wsmark = Path(sys.executable).parent / "wsmark"
    args = [str(wsmark), "check", "--format", "json", "-j", "2", "--budget", "5s",
            "--exit-zero", *map(str, SETS[name])]
    done = subprocess.run(args, capture_output=True, text=True, check=False)
    if not done.stdout.strip():
        raise SystemExit(f"{name}: wsmark gave no report: {done.stderr.strip()[-300:]}")
    return json.loads(done.stdout)


def _budgeted(entry: dict) -> bool:
    return entry["verdict"] == "error" and any(w in (entry["error"] or "") for w in BUDGET)


def compare(before: list[dict], after: list[dict]) -> tuple[int, list[str], int]:
    """(files compared, files that differ, files skipped as budget errors)."""
    old = {e["file"]: e for e in before}
    new = {e["file"]: e for e in after}
    differ = sorted(set(old) ^ set(new))
    same = skipped = 0
    for file in sorted(set(old) & set(new)):
        if _budgeted(old[file]) or _budgeted(new[file]):
            skipped += 1
        elif old[file] == new[file]:
            same += 1
        else:
            differ.append(file)
    return same + len(differ), differ, skipped


def main(argv: list[str]) -> int:
    if len(argv) < 2 or argv[0] not in ("save", "compare") or not set(argv[2:]) <= set(SETS):
        raise SystemExit(__doc__)
    folder = Path(argv[1])
    folder.mkdir(parents=True, exist_ok=True)
    bad = 0
    for name in argv[2:] or SETS:
        reports = run(name)
        if argv[0] == "save":
            (folder / f"{name}.json").write_text(json.dumps(reports, indent=1))
            print(f"{name}: {len(reports)} reports saved")
            continue
        (folder / f"{name}.after.json").write_text(json.dumps(reports, indent=1))
        before = json.loads((folder / f"{name}.json").read_text())
        compared, differ, skipped = compare(before, reports)
        bad += len(differ)
        print(f"{name}: {compared} compared, {len(differ)} differ, {skipped} budget errors "
              "skipped")
        for file in differ[:20]:
            print(f"  differs: {file}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
