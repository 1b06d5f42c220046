"""The fixed sets of drawings the speed benches check, built the same way every time.

- ``bench``: check_bench's folder (catalogue kinds at 12-60 in and the vendor-style
  seeded drawings, cycled to 500 files), what `make bench` checks.
- ``issue33``: issue 33's set: the gallery's SVGs except the reference sheets, and the
  vendor-style passing proofs of tests/drawings/defects (``*-pass-*``), six copies each.
  The issue's own list of 56 sources was not recorded; this one has 41 + 17 = 58 sources,
  348 files, each named ``<copy>-<source name>``.

Usage: python bench/sets.py NAME DIR  (writes the set's files into DIR/drawings)
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

ROOT = Path(__file__).resolve().parents[1]
GALLERY = ROOT / "gallery"
DEFECTS = ROOT / "tests" / "drawings" / "defects"
COPIES = 6

__all__ = ["SETS", "issue33_sources", "make_set"]


def issue33_sources() -> list[Path]:
    """The gallery's SVGs but its sheets, then the passing vendor-style proofs, sorted."""
    gallery = [p for p in sorted(GALLERY.glob("*.svg")) if not p.name.startswith("sheet-")]
    return gallery + sorted(DEFECTS.glob("*-pass-*.svg"))


def _issue33(tmp: Path) -> Path:
    folder = tmp / "drawings"
    folder.mkdir()
    for copy in range(COPIES):
        for source in issue33_sources():
            shutil.copy(source, folder / f"{copy}-{source.name}")
    return folder


def _bench(tmp: Path) -> Path:
    from check_bench import _folder  # imports the pack: only when this set is made

    return _folder(tmp)


#: Set name -> a function writing the set into ``tmp / "drawings"`` and returning it.
SETS: dict[str, Callable[[Path], Path]] = {"bench": _bench, "issue33": _issue33}


def make_set(name: str, tmp: Path) -> Path:
    """Write set ``name`` into ``tmp / "drawings"`` (which must not exist); return it."""
    return SETS[name](tmp)


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in SETS:
        raise SystemExit(__doc__)
    out = make_set(sys.argv[1], Path(sys.argv[2]))
    print(f"{sum(1 for _ in out.iterdir())} files in {out}")
