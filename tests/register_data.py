"""Plans and registers the register's tests and bench make: a plan of n markers that
passes its check (regulatory signs on a grid in Lake Mendota, each with its
description and purpose), written as GeoJSON."""

from __future__ import annotations

import json
from pathlib import Path

#: A place on Lake Mendota, Madison (inside the pack's area), and the grid's step in
#: degrees (about 30 ft).
ORIGIN = (-89.42, 43.10)
STEP = 0.0001


def big_plan(path: Path, n: int, kind: str = "information", legend: str = "NO|FISHING") -> Path:
    """A GeoJSON plan of ``n`` markers of ``kind`` on a grid, written to ``path``."""
    side = int(n ** 0.5) + 1
    features = [{"type": "Feature",
                 "geometry": {"type": "Point", "coordinates": [
                     round(ORIGIN[0] + (i % side) * STEP, 7),
                     round(ORIGIN[1] + (i // side) * STEP, 7)]},
                 "properties": {"kind": kind, "legend": legend, "display_height": 24,
                                "description": f"sign {i + 1}", "purpose": "information"}}
                for i in range(n)]
    path.write_text(json.dumps({"type": "FeatureCollection", "name": path.stem,
                                "features": features}))
    return path
