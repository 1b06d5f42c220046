"""Where a check's CPU time goes: stage by stage, and GEOS / OCR call by call site.

cProfile inflates Python about 6x against GEOS and tesseract, which run in C, so its
shares mislead; here the check runs as `wsmark check --jobs 1` does (``markers.api.check``
file after file, in one process, its caches warm as a worker's are) and two things are
timed with ``time.process_time``:

- **stages**: named functions (STAGES), inclusive CPU s; a stage called inside itself
  is counted once. Stages nest (measure holds measure_buoy), so shares do not add up.
- **sites** (``--sites N``): the N costliest GEOS overlays, nearest-neighbour queries,
  OCR engine calls and image resizes (SITED), each under the two wsmark lines nearest
  the call, so a cost is told from the same call made elsewhere.

Usage: python bench/stages.py SET|DIR [--files N] [--sites N]
  (SET: a name of bench/sets.py, written to a temporary folder; DIR: a folder of files)
"""

from __future__ import annotations

import argparse
import importlib
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable
from functools import cached_property, partial
from pathlib import Path
from types import FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

#: Stages timed, as module:function or module:Class.attribute.
STAGES = (
    "markers.read:read_drawing", "markers.check.layout.split:split",
    "markers.check.layout.markers:markers", "markers.check.layout.notes:beside_text",
    "markers.check.measure:measure", "markers.check.measure.buoys:measure_buoy",
    "markers.check.measure.buoys:_body", "markers.check.measure.buoys:_wrap",
    "markers.check.measure.buoys:_face", "markers.check.measure.faces:measure_face",
    "markers.check.measure.reading:read_lines", "markers.check.measure.upside:reads_turned",
    "markers.check.measure.ocr:read_lettering", "markers.check.measure.ocr:rasterise",
    "markers.core.artwork:Artwork._visible",
)
#: Calls timed by call site: label -> (owner's module path, attribute).
SITED = {
    "union_all": ("shapely.set_operations", "union_all"),
    "intersection": ("shapely.geometry.base", "BaseGeometry.intersection"),
    "difference": ("shapely.geometry.base", "BaseGeometry.difference"),
    "nearest": ("shapely", "STRtree.query_nearest"),
    "resize": ("PIL.Image", "Image.resize"),
}
#: wsmark lines named for a call site.
SITE_DEPTH = 2

Timer = Callable[..., Any]


class Clock:
    """CPU seconds and calls by key, each key timed once however deep it recurs."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self.calls: Counter[str] = Counter()
        self._inside: Counter[str] = Counter()

    def wrap(self, key: str | Callable[[], str], fn: Timer) -> Timer:
        def timed(*args: Any, **kwargs: Any) -> Any:
            name = key() if callable(key) else key
            if self._inside[name]:
                return fn(*args, **kwargs)
            self._inside[name] += 1
            start = time.process_time()
            try:
                return fn(*args, **kwargs)
            finally:
                self.seconds[name] = self.seconds.get(name, 0.0) + time.process_time() - start
                self.calls[name] += 1
                self._inside[name] -= 1
        return timed


def _owner(path: str) -> tuple[Any, str]:
    """The object holding ``path``'s last attribute (a module or a class), and its name."""
    module, _, attribute = path.partition(":")
    owner: Any = importlib.import_module(module)
    *outer, name = attribute.split(".")
    for part in outer:
        owner = getattr(owner, part)
    return owner, name


def _patch(owner: Any, name: str, make: Callable[[Timer], Timer]) -> None:
    """Replace ``owner.name`` by ``make(it)``, also where modules imported it by name."""
    raw = vars(owner).get(name) if isinstance(owner, type) else None
    if isinstance(raw, cached_property):
        prop = cached_property(make(raw.func))
        prop.__set_name__(owner, name)
        setattr(owner, name, prop)
        return
    original = getattr(owner, name)
    timed = make(original)
    setattr(owner, name, timed)
    if isinstance(owner, type):
        return
    for module in list(sys.modules.values()):
        for key, value in list(vars(module).items()):
            if value is original:
                setattr(module, key, timed)


def _site(label: str) -> Callable[[], str]:
    def where() -> str:
        frame: FrameType | None = sys._getframe(2)
        lines: list[str] = []
        while frame is not None and len(lines) < SITE_DEPTH:
            code = frame.f_code
            if "/markers/" in code.co_filename:
                lines.append(f"{code.co_filename.split('/markers/')[1]}:{frame.f_lineno} "
                             f"{code.co_name}")
            frame = frame.f_back
        return f"{label:12} " + " < ".join(lines)
    return where


def instrument(sites: bool) -> tuple[Clock, Clock]:
    """Wrap STAGES (and SITED when ``sites``): the stage clock and the site clock."""
    import markers.api  # noqa: F401 - the modules the stages live in, imported as a check does
    import markers.check.measure.ocr as ocr

    stages, placed = Clock(), Clock()
    for path in STAGES:
        owner, name = _owner(path)
        _patch(owner, name, partial(stages.wrap, path.partition(":")[2]))
    if sites:
        for label, (module, attribute) in SITED.items():
            owner, name = _owner(f"{module}:{attribute}")
            _patch(owner, name, partial(placed.wrap, _site(label)))
        ocr.ENGINES["tesseract"] = placed.wrap(_site("tesseract"), ocr.ENGINES["tesseract"])
    return stages, placed


def _table(clock: Clock, total: float, rows: int) -> None:
    for key, seconds in sorted(clock.seconds.items(), key=lambda kv: -kv[1])[:rows]:
        print(f"  {seconds:7.2f} {100 * seconds / total:5.1f} % {clock.calls[key]:6d}  {key}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("drawings", help="a set of bench/sets.py (bench, issue33) or a folder")
    parser.add_argument("--files", type=int, default=0, help="the first N files (0: all)")
    parser.add_argument("--sites", type=int, default=0, help="the N costliest call sites")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(args.drawings)
        if not folder.is_dir():
            from sets import make_set

            folder = make_set(args.drawings, Path(tmp))
        files = sorted(folder.iterdir())[:args.files or None]
        stages, placed = instrument(args.sites > 0)
        from markers.api import check

        verdicts: Counter[str] = Counter()
        start = time.process_time()
        for path in files:
            verdicts[check(path.read_bytes(), path.name)[0].verdict] += 1
        total = time.process_time() - start
    print(f"{len(files)} drawings, {total:.2f} CPU s, {len(files) / total:.1f} a CPU s "
          f"({dict(verdicts)}); timers add a little")
    print("stages (inclusive CPU s, share, calls):")
    _table(stages, total, len(STAGES))
    if args.sites:
        print("call sites (CPU s, share, calls):")
        _table(placed, total, args.sites)


if __name__ == "__main__":
    main()
