"""Pinned outputs: `spec --format json` of every kind and the JSON report of every test
drawing, byte for byte. A restructure must not change them; an intended change
regenerates them with WSMARK_UPDATE_GOLDENS=1 and shows up in review as a diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from cli import cli

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
