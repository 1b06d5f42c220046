"""Bench for `wsmark plan check`: plans of 1,250 to 10,000 markers.

A synthetic river (a winding channel of 400 vertices, 40 miles long) carries pairs of
red and green aids every 40 ft, with mooring buoys, 500 docks, mooring areas and a
shoreline around them, so every rule and every ch. 30 distance runs. The plan is
loaded and judged in-process (markers.api.plan_check); the bare side is what any
checker pays first, reading the same GeoJSON with json and projecting it with pyproj.
Doubling n should cost about twice the time (n log n), never four times.
"""

from __future__ import annotations

import json
import math
import sys
import tempfile
import time
from pathlib import Path

import numpy as np
from common import Row
from pyproj import Transformer

from markers.api import plan_check as check_plan

SIZES = (1250, 2500, 5000, 10000)
TARGET_S = 5.0


def synthetic_plan(n: int, path: Path) -> None:
    """A river plan of ``n`` markers (90 % aids in pairs, 10 % moorings) at ``path``."""
    to_lonlat = Transformer.from_crs(3071, 4326, always_xy=True)
    t = np.linspace(0, 1, 400)
    cx = 500000 + 4000 * np.sin(t * 12)
    cy = 300000 + t * 64000
    def ll(x, y):
        lon, lat = to_lonlat.transform(np.asarray(x), np.asarray(y))
        return np.round(lon, 7), np.round(lat, 7)
    lon, lat = ll(cx, cy)
    feats = [{"type": "Feature", "properties": {"role": "channel"},
              "geometry": {"type": "LineString", "coordinates": np.column_stack([lon, lat]).tolist()}}]
    dx, dy = np.gradient(cx), np.gradient(cy)
    norm = np.hypot(dx, dy)
    nx, ny = dy / norm, -dx / norm  # right of upstream
    aids = int(n * 0.9) // 2 * 2
    s = np.linspace(0.001, 0.999, aids // 2)
    px, py = np.interp(s, t, cx), np.interp(s, t, cy)
    rx, ry = np.interp(s, t, nx), np.interp(s, t, ny)
    for k in range(aids // 2):
        for side, color, number in ((1, "red", 2 * k + 2), (-1, "green", 2 * k + 1)):
            lo, la = ll(px[k] + side * 20 * rx[k], py[k] + side * 20 * ry[k])
            feats.append({"type": "Feature", "geometry": {"type": "Point", "coordinates": [float(lo), float(la)]},
                          "properties": {"kind": f"buoy-aid-{color}", "ws_id": f"WS-{number}",
                                         "description": "aid", "purpose": "channel"}})
    for k in range(n - aids):
        lo, la = ll(px[k % len(px)] - 45 * rx[k % len(px)], py[k % len(px)] - 45 * ry[k % len(px)])
        feats.append({"type": "Feature", "geometry": {"type": "Point", "coordinates": [float(lo), float(la)]},
                      "properties": {"kind": "buoy-mooring", "ws_id": f"M-{k}", "description": "m",
                                     "purpose": "m", "riparian_permission": True}})
    for k in range(500):
        i = k * 399 // 500
        lo, la = ll([cx[i] + 60 * nx[i], cx[i] + 90 * nx[i]], [cy[i] + 60 * ny[i], cy[i] + 90 * ny[i]])
        feats.append({"type": "Feature", "properties": {"role": "dock"},
                      "geometry": {"type": "LineString", "coordinates": np.column_stack([lo, la]).tolist()}})
    for side in (1, -1):
        lo, la = ll(cx + side * 100 * nx, cy + side * 100 * ny)
        feats.append({"type": "Feature", "properties": {"role": "shoreline"},
                      "geometry": {"type": "LineString", "coordinates": np.column_stack([lo, la]).tolist()}})
    path.write_text(json.dumps({"type": "FeatureCollection", "features": feats}))


def _best(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return min(times)


def bench_plan(runs: int) -> list[Row]:
    """Check time per plan size, its growth per doubling, and the bare read."""
    rows, last = [], None
    runs = max(1, min(runs, 3))
    with tempfile.TemporaryDirectory(prefix="wsmark-plan-") as tmp:
        for n in SIZES:
            path = Path(tmp) / f"plan-{n}.geojson"
            synthetic_plan(n, path)
            report = check_plan(path)
            assert report.error is None, report.error
            wall = _best(lambda: check_plan(path), runs)
            to_wtm = Transformer.from_crs(4326, 3071, always_xy=True)
            def bare():
                data = json.loads(path.read_text())
                pts = [f["geometry"]["coordinates"] for f in data["features"]
                       if f["geometry"]["type"] == "Point"]
                to_wtm.transform(*np.array(pts).T)
            bare_t = _best(bare, runs)
            growth = "" if last is None else f", x{wall / last:.2f} for x2 markers " \
                f"(n log n: x{2 * math.log(n) / math.log(n / 2):.2f})"
            verdict = "" if n < SIZES[-1] else (
                f"; {wall / TARGET_S:.2f} of the {TARGET_S:g} s goal: "
                f"{'PASS' if wall < TARGET_S else 'MISS'}")
            rows.append(Row(f"plan check, {n:,} markers", f"{wall:.3f} s",
                            f"{wall / bare_t:.1f}x bare json+pyproj ({bare_t:.3f} s), "
                            f"{len(report.findings)} findings{growth}{verdict}"))
            last = wall
    return rows


if __name__ == "__main__":
    from common import table
    print(table("plan check: plans of growing size", bench_plan(int(sys.argv[1]) if len(sys.argv) > 1 else 3)))
