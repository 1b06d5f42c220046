"""The same paint gives the same report however a file lists it: a compound path's
rings may start at any of their corners and run either way, and its subpaths may come in
any order (SVG 1.1, 8.3: a path's subpaths are its outline whatever their order; fill
rules count crossings, not starting points). The checker normalizes what it unions
(markers.core.artwork._union), so nothing it measures hangs on that order: here the
thinnest place of a too-thin outline, one of four tying corners, where it is reported.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from markers.check.pipeline import CheckOptions
from markers.check.report import finding_json
from wi import check_file

SOURCE = (Path(__file__).resolve().parents[1] / "data" / "producers" / "inkscape" / "source"
          / "danger-12-outline-1.5.svg")
RING = ("M 177.8,58.100163 L 279.4,203.2 L 177.8,348.299837 L 76.2,203.2 Z "
        "M 177.8,124.525485 L 232.888488,203.2 L 177.8,281.874515 L 122.711512,203.2 Z")


def _subpaths(d: str) -> list[list[str]]:
    """The corners of each closed subpath of ``d`` (M x,y L x,y ... Z)."""
    return [[c for c in part.replace("M", "").replace("Z", "").split("L")]
            for part in d.split("Z ") if part.strip()]


def _written(rings: list[list[str]]) -> str:
    return " ".join("M " + " L ".join(c.strip() for c in ring) + " Z" for ring in rings)


def _redrawn(start: int, backwards: bool, inner_first: bool) -> str:
    """The ring path with each subpath begun at corner ``start``, run ``backwards`` or
    not, the inner one first or not."""
    rings = []
    for corners in _subpaths(RING):
        turned = corners[start:] + corners[:start]
        rings.append(turned[::-1] if backwards else turned)
    return _written(rings[::-1] if inner_first else rings)


def _report(tmp_path: Path, name: str, d: str) -> list[dict]:
    text = SOURCE.read_text()
    assert RING in text
    path = tmp_path / f"{name}.svg"
    path.write_text(text.replace(RING, d))
    report, _ = check_file(path, CheckOptions())
    assert report.verdict == "fail", report.error
    return [finding_json(f) for f in report.findings]


def test_the_ring_as_the_file_writes_it_is_read_back() -> None:
    assert _written(_subpaths(RING)) == RING


@pytest.mark.parametrize("start, backwards, inner_first",
                         list(itertools.product(range(4), (False, True), (False, True)))[1:])
def test_a_ring_written_from_another_corner_or_way_gives_the_same_findings(
        tmp_path: Path, start: int, backwards: bool, inner_first: bool) -> None:
    as_drawn = _report(tmp_path, "as-drawn", RING)
    assert any(f["rule"] == "outline-width" and f["bbox"] for f in as_drawn)
    assert _report(tmp_path, "redrawn", _redrawn(start, backwards, inner_first)) == as_drawn
