"""The JSON reports of a fixed set of drawings, pinned: faster measuring must measure the
same. The set is the check bench's drawings (every catalogue kind at 12-60 in and the
vendor-style drawings of tests/drawings) widened with every buoy and flag kind in its
shapes, colours and sizes, so that each measuring path (faces, aids, buoy bands, symbols,
flags) is covered: about 140 files, judged in-process, compared with
tests/goldens/measure-reports.json (regenerate with WSMARK_UPDATE_GOLDENS=1 and look at
the diff; a change of the builders changes the drawings and so the reports too).
"""

from __future__ import annotations

import os
from pathlib import Path

from conftest import sample_design

from markers import api
from markers.core.design import Design
from wi import KINDS

TESTS = Path(__file__).resolve().parents[1]
GOLDEN = TESTS / "goldens" / "measure-reports.json"
UPDATE = os.environ.get("WSMARK_UPDATE_GOLDENS") == "1"
HEIGHTS = (12.0, 18.0, 24.0, 36.0, 48.0, 60.0)
#: Buoys without a display area, in the options that change what is measured.
BUOY_OPTIONS = (
    {}, {"height_above_water": 48.0}, {"height_above_water": 72.0, "diameter": 12.0},
    {"shape": "ovate"}, {"diameter": 18.0}, {"color": "green"}, {"color": "red"},
    {"color": "orange", "shape": "cylinder"}, {"lighted": True},
)


def _designs() -> list[Design]:
    """Every kind: at every height in HEIGHTS with each typical legend if it has a display
    area; in each of BUOY_OPTIONS that its builder accepts if it is a buoy without one
    (some builders ignore some options: the test keeps one file of each drawing)."""
    designs: list[Design] = []
    for kind in KINDS.values():
        if kind.display_area:
            for h in HEIGHTS:
                designs += kind.typical_designs(h)
            continue
        for options in BUOY_OPTIONS if kind.family == "buoy" else ({},):
            design = sample_design(kind.name, **options)
            try:
                api.build(design)
            except api.WsmarkError:  # an option this buoy does not take
                continue
            designs.append(design)
    return designs


def _name(i: int, design: Design) -> str:
    fields = {k: v for k, v in vars(design).items() if v not in (None, {}, 0.0, False)}
    words = "-".join(f"{v}" for k, v in fields.items() if k != "kind")
    return f"{i:03d}-{design.kind}-{words}".replace(" ", "_") + ".svg"


def test_measured_reports_are_pinned() -> None:
    designs = _designs()
    assert {d.kind for d in designs} == set(KINDS)
    drawn = {api.render(d, ".svg"): _name(i, d) for i, d in reversed(list(enumerate(designs)))}
    drawings = sorted((name, data) for data, name in drawn.items())  # options ignored: once
    drawings += [(p.name, p.read_bytes()) for p in sorted((TESTS / "drawings").rglob("*.svg"))]
    assert len(drawings) >= 140
    text = api.reports([api.check(data, name)[0] for name, data in drawings], "json")
    if UPDATE:
        GOLDEN.write_text(text)
    assert GOLDEN.read_text() == text, f"{GOLDEN.name} changed; if intended, regenerate " \
                                       "with WSMARK_UPDATE_GOLDENS=1"
