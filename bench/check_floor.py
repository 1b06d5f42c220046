"""The floor under `check`'s throughput: how much of checking a drawing is spent inside
GEOS (every shapely ufunc and STR-tree query) and inside tesseract, the two libraries
doing the geometry and the reading of outlined letters.

Run as ``python bench/check_floor.py DIR`` (a folder of drawings, as check_bench makes):
prints one JSON object. It runs in its own process because it wraps shapely's functions
to time them. The timer adds about 1 us a call (some 200 calls a file).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path


def _timed(spent: list[float], fn):
    """``fn`` with the CPU time spent inside it added to ``spent[0]`` (CPU, not wall: the
    machine may be busy)."""
    clock = time.process_time

    def timed(*args, **kwargs):
        start = clock()
        try:
            return fn(*args, **kwargs)
        finally:
            spent[0] += clock() - start
    return timed


def measure(folder: Path) -> dict[str, float]:
    """CPU ms per file of checking every drawing in ``folder`` in this process, and the
    ms of it spent inside GEOS and inside tesseract."""
    import shapely
    import shapely.strtree

    from markers.check.measure import ocr
    from markers.check.pipeline import CheckOptions, check_file_pages
    from markers.packs import get_pack

    geos, ocr_spent = [0.0], [0.0]
    lib = shapely.lib
    for name in dir(lib):
        if type(getattr(lib, name)).__name__ == "ufunc":
            setattr(lib, name, _timed(geos, getattr(lib, name)))
    for method in ("query", "query_nearest"):
        setattr(shapely.strtree.STRtree, method,
                _timed(geos, getattr(shapely.strtree.STRtree, method)))
    ocr.ENGINES["tesseract"] = _timed(ocr_spent, ocr.ENGINES["tesseract"])

    pack, options = get_pack(), CheckOptions()
    files = sorted(folder.iterdir())
    check_file_pages(files[0], options, pack)  # imports and engine start are not per file
    geos[0] = ocr_spent[0] = 0.0
    start = time.process_time()
    for path in files:
        check_file_pages(path, options, pack)
    total = time.process_time() - start
    per = 1000 / len(files)
    return {"files": len(files), "total_ms": total * per, "geos_ms": geos[0] * per,
            "tesseract_ms": ocr_spent[0] * per}


if __name__ == "__main__":
    print(json.dumps(measure(Path(sys.argv[1]))))
