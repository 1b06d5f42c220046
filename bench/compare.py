"""This tree against another commit, command by command: the CPU ratio of each
(`make bench-compare BASE=<commit>`), so that a slowdown cannot pass unseen.

BASE is exported with `git archive` into a temporary folder and byte-compiled, as `make`
compiles this tree. Both trees run with this venv (its editable install) but each with
its own source first on PYTHONPATH, checked before timing. Every command is a fresh
`wsmark` process; its CPU time is user + system of the whole process and of every child
it reaped (os.wait4: a check's workers included). The trees take turns in every round
(this, BASE; then BASE, this), so that load from other work on the machine falls on both
alike; the ratio is of the medians. A command or flag that BASE does not have (its
`wsmark` exits 2, a usage error) is said in its row, not timed.

Usage: python bench/compare.py BASE [--runs N] [--files N] [--set bench|issue33]
       [--only WORD...] [--this REV]
"""

from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import subprocess
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from sets import make_set

ROOT = Path(__file__).resolve().parents[1]
WSMARK = str(Path(sys.executable).parent / "wsmark")
#: A proof that fails (its diamond is too small), for `fix`.
FAILING = ROOT / "tests" / "drawings" / "defects" / "nr5-09-6-c-t01-fail-small-diamond.svg"
SIGN = ["control", "-H", "24", "--legend", "SLOW NO WAKE"]
#: A ratio above this is flagged: the issue asks for its reason in the notes.
FLAG = 1.10
#: click's exit status for a usage error (no such command or option).
USAGE = 2


def commands(inputs: Path, cores: int) -> dict[str, list[str]]:
    """The fixed set of commands, by row name (arguments after `wsmark`)."""
    check = ["check", str(inputs / "drawings"), "--format", "json", "--exit-zero"]
    return {
        "check --jobs 1": check + ["--jobs", "1"],
        f"check --jobs {cores}": check + ["--jobs", str(cores)],
        "check of one file": ["check", str(inputs / "one.svg"), "--format", "json",
                              "--exit-zero"],
        "check --annotate (copies)": check + ["--jobs", "1", "--annotate", "marked"],
        "render PNG 300 dpi": ["render", *SIGN, "--dpi", "300", "-o", "out.png"],
        "render PDF": ["render", *SIGN, "-o", "out.pdf"],
        "sheet (every kind)": ["sheet", "-o", "sheet.pdf"],
        "plan check (1,250 markers)": ["plan", "check", str(inputs / "plan.geojson"),
                                       "--format", "json", "--exit-zero"],
        "fix": ["fix", str(FAILING), "-o", "fixed.svg"],
    }


@dataclass
class Side:
    """One tree's runs of one command."""

    cpu: list[float] = field(default_factory=list)
    missing: str = ""  # BASE lacks the command or a flag: its usage error
    output: str = ""  # hash of the last run's stdout


def run(tree: Path, args: list[str], cwd: Path) -> tuple[float, int, bytes, bytes]:
    """`wsmark ARGS` with ``tree`` first on the path: (CPU s of it and its reaped
    children, exit status, stdout, stderr)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        proc = subprocess.Popen([WSMARK, *args], cwd=cwd, env=env, stdout=out, stderr=err)
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return (usage.ru_utime + usage.ru_stime, proc.returncode, out.read(), err.read())


def export(base: str, into: Path) -> Path:
    """BASE's files (git archive) in ``into``, byte-compiled."""
    into.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", base], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    compile_tree(into)
    return into


def compile_tree(tree: Path) -> None:
    """Byte-compile a tree's packages, as `make bytecode` does (PYTHONDONTWRITEBYTECODE
    may keep Python from doing it at import)."""
    own = [str(tree / p) for p in ("markers", "render", "web", "cli.py") if (tree / p).exists()]
    subprocess.run([sys.executable, "-m", "compileall", "-q", *own], check=True,
                   stdout=subprocess.DEVNULL)


def assert_imports(tree: Path) -> None:
    """The tree's own cli and markers are what `wsmark` imports with it on PYTHONPATH."""
    code = "import cli, markers; print(cli.__file__); print(markers.__file__)"
    env = {**os.environ, "PYTHONPATH": str(tree)}
    got = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, cwd="/",
                         text=True, check=True).stdout.split()
    if not all(Path(p).resolve().is_relative_to(tree.resolve()) for p in got):
        raise SystemExit(f"{tree}: wsmark imports {got}, not this tree's")


def prepare(inputs: Path, set_name: str, files: int | None) -> None:
    """The inputs both trees work on, made once with this tree: the drawings, one
    drawing, a plan."""
    from plan_bench import synthetic_plan

    folder = make_set(set_name, inputs)
    names = sorted(folder.iterdir())
    if files is not None:
        for extra in names[files:]:
            extra.unlink()
    one = next(p for p in names if "danger" in p.name)
    (inputs / "one.svg").write_bytes(one.read_bytes())
    synthetic_plan(1250, inputs / "plan.geojson")


def compare(base: str, runs: int, files: int | None, set_name: str,
            only: list[str] | None = None, this: str | None = None) -> list[str]:
    """Time every command on both trees; the table's lines."""
    cores = os.cpu_count() or 1
    with tempfile.TemporaryDirectory(prefix="wsmark-compare-") as name:
        tmp = Path(name)
        inputs = tmp / "inputs"
        inputs.mkdir()
        prepare(inputs, set_name, files)
        trees = {"this": export(this, tmp / "this") if this else ROOT,
                 "base": export(base, tmp / "base")}
        compile_tree(trees["this"])
        for tree in trees.values():
            assert_imports(tree)
        cwds = {side: tmp / f"out-{side}" for side in trees}
        for cwd in cwds.values():
            cwd.mkdir()
        cmds = {row: args for row, args in commands(inputs, cores).items()
                if not only or any(word in row for word in only)}
        count = sum(1 for _ in (inputs / "drawings").iterdir())
        lines = [f"this tree ({_head(this or 'HEAD')}) against BASE {base} ({_head(base)}); "
                 f"CPU s (user + system, children included), medians of {runs} runs taken in turn; "
                 f"{count} drawings ({set_name} set), {cores} cores, load average "
                 f"{os.getloadavg()[0]:.1f} at the start"]
        lines.append(f"  {'command':<28} {'this':>8} {'BASE':>8} {'ratio':>6}  note")
        for row, args in cmds.items():
            lines.append(_row(row, args, trees, cwds, runs))
            print(lines[-1], file=sys.stderr, flush=True)
        lines.append(f"load average {os.getloadavg()[0]:.1f} at the end")
    return lines


def _row(row: str, args: list[str], trees: dict[str, Path], cwds: dict[str, Path],
         runs: int) -> str:
    sides = {name: Side() for name in trees}
    order = list(trees)
    for i in range(runs + 1):  # one untimed warm-up round (page cache, .pyc)
        for name in order if i % 2 == 0 else order[::-1]:
            side = sides[name]
            if side.missing:
                continue
            cpu, status, out, err = run(trees[name], args, cwds[name])
            if status == USAGE:
                side.missing = (err.decode(errors="replace").strip().splitlines() or ["?"])[-1]
            elif status not in (0, 1):
                raise SystemExit(f"{row}: {name} exited {status}: {err.decode()[-400:]}")
            elif i:
                side.cpu.append(cpu)
                side.output = hashlib.sha256(out).hexdigest()
    this, base = sides["this"], sides["base"]
    if this.missing:
        raise SystemExit(f"{row}: this tree: {this.missing}")
    a = statistics.median(this.cpu)
    if base.missing:
        return f"  {row:<28} {a:8.3f} {'-':>8} {'-':>6}  not in BASE: {base.missing}"
    b = statistics.median(base.cpu)
    ratio = a / b
    notes = []
    if row.startswith("check"):
        notes.append("same report" if this.output == base.output else "reports differ")
    spread = max(_spread(this.cpu), _spread(base.cpu))
    notes.append(f"runs spread {spread:.0%}")
    if ratio > FLAG:
        notes.append(f"OVER {FLAG}: its reason belongs in docs/performance.md")
    return f"  {row:<28} {a:8.3f} {b:8.3f} {ratio:6.2f}  {'; '.join(notes)}"


def _spread(xs: list[float]) -> float:
    return (max(xs) - min(xs)) / statistics.median(xs) if xs else 0.0


def _head(rev: str = "HEAD") -> str:
    done = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", rev],
                          capture_output=True, text=True, check=True)
    dirty = "" if rev != "HEAD" or not subprocess.run(
        ["git", "-C", str(ROOT), "status", "--porcelain", "--untracked-files=no"],
        capture_output=True, text=True).stdout.strip() else ", with uncommitted changes"
    return done.stdout.strip() + dirty


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", help="the commit to compare with (e.g. c89003a)")
    parser.add_argument("--runs", type=int, default=3, help="timed runs per side (3)")
    parser.add_argument("--files", type=int, default=200,
                        help="drawings of the set checked (200; 0: all)")
    parser.add_argument("--set", dest="set_name", default="bench",
                        choices=("bench", "issue33"), help="which drawings (bench)")
    parser.add_argument("--only", nargs="+", metavar="WORD",
                        help="only the commands whose row holds one of these words")
    parser.add_argument("--this", metavar="REV",
                        help="a commit to take for this tree (default: the working tree)")
    args = parser.parse_args(argv)
    print("\n".join(compare(args.base, args.runs, args.files or None, args.set_name,
                            args.only, args.this)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
