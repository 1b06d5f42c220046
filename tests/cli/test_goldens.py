"""Pinned outputs, byte for byte, in tests/goldens/: `spec --format json` of every kind,
the JSON report of every test drawing, and the JSON reports of a fixed set of about 140
drawings (measure-reports.json). A restructure or a faster measure must not change them;
an intended change regenerates them with WSMARK_UPDATE_GOLDENS=1 and shows up in review
as a diff (a change of the builders changes the drawings and so the reports too).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cli import cli
from conftest import sample_design
from markers import api
from markers.errors import WsmarkError
from markers.core.design import Design
from wi import KINDS

TESTS = Path(__file__).resolve().parents[1]
GOLDENS = TESTS / "goldens"
DRAWINGS = sorted((TESTS / "drawings").rglob("*.svg"))
UPDATE = os.environ.get("WSMARK_UPDATE_GOLDENS") == "1"
KIND_NAMES = sorted(p.name.removeprefix("spec-").removesuffix(".json")
                    for p in GOLDENS.glob("spec-*.json"))


def _same(path: Path, text: str) -> None:
    if UPDATE:
        path.write_text(text)
    assert path.read_text() == text, f"{path.name} changed; if intended, regenerate " \
                                     "with WSMARK_UPDATE_GOLDENS=1"


def test_every_kind_is_pinned(runner) -> None:
    listed = [line.split()[0] for line in runner.invoke(cli, ["kinds"]).stdout.splitlines()]
    assert sorted(listed) == KIND_NAMES


@pytest.mark.parametrize("kind", KIND_NAMES)
def test_spec_json_is_pinned(runner, kind: str) -> None:
    args = ["spec", kind, "--format", "json"]
    result = runner.invoke(cli, args + ["-H", "24"])
    if result.exit_code != 0:  # kinds without a display area refuse no -H: try without
        result = runner.invoke(cli, args)
    assert result.exit_code == 0, result.stderr
    _same(GOLDENS / f"spec-{kind}.json", result.stdout)


@pytest.mark.parametrize("drawing", DRAWINGS, ids=lambda p: p.name)
def test_report_json_is_pinned(runner, drawing: Path, monkeypatch) -> None:
    monkeypatch.chdir(drawing.parent)
    result = runner.invoke(cli, ["check", drawing.name, "--format", "json", "-j", "1"])
    assert result.exit_code in (0, 1), result.output
    _same(GOLDENS / "reports" / f"{drawing.stem}.json", result.stdout)


# --- measured reports: every measuring path (faces, aids, buoy bands, symbols, flags) ---
# The check bench's drawings (every catalogue kind at 12-60 in and the vendor-style
# drawings of tests/drawings) widened with every buoy and flag kind in its shapes,
# colours and sizes, judged in process.

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
            except WsmarkError:  # an option this buoy does not take
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
    _same(GOLDENS / "measure-reports.json", text)
