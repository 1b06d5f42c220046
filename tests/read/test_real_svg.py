"""Real SVGs written by Adobe Illustrator (tests/data/real/svg/, PROVENANCE.md): the
reader knows the program, reads its px as its points (72 to the inch), gives a file with
a viewBox alone a nominal size with basis ``unknown``, names the layers it hides, and
never fails on them. The expected sizes are taken from each file's own root attributes
here, not from the reader."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from markers import api
from markers.core.artwork import SIZE_UNKNOWN
from markers.read.svg.walk import read_svg_bytes

DATA = Path(__file__).resolve().parents[1] / "data" / "real" / "svg"
FILES = sorted(DATA.glob("*.svg"))
_ROOT = re.compile(rb"<svg\b[^>]*>", re.S)


def _root_attr(data: bytes, name: str) -> str | None:
    match = re.search(rb'\s' + name.encode() + rb'="([^"]*)"', _ROOT.search(data)[0])
    return match[1].decode() if match else None


def test_the_corpus_is_there() -> None:
    assert 15 <= len(FILES) <= 40 and all(f.stat().st_size < 200_000 for f in FILES)
    assert (DATA / "PROVENANCE.md").read_text().count("| nps-") == len(FILES)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_an_illustrator_file_reads_at_its_points(path: Path) -> None:
    data = path.read_bytes()
    art = read_svg_bytes(data, path.name)
    assert art.meta["generator"].startswith("Adobe Illustrator")
    width = _root_attr(data, "width")
    if width is not None:
        assert width.endswith("px")
        assert art.width == pytest.approx(float(width[:-2]) / 72)
        assert art.meta["scale_basis"] == "physical" and "72 px per inch" in \
            art.meta["units_convention"]
    else:
        assert art.meta["scale_basis"] == SIZE_UNKNOWN


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_checking_a_real_file_never_errs(path: Path) -> None:
    report = api.check(path.read_bytes(), path.name)[0]
    assert report.error is None and report.verdict in ("pass", "fail", "review")


def test_illustrators_hidden_layers_are_named_and_not_drawn() -> None:
    """letter-b: its live-text layers are display="none" (outlined copies are shown)."""
    art = read_svg_bytes((DATA / "nps-npmap-builder-letter-b-black-24.svg").read_bytes(), "b")
    assert art.meta["not_printed"] == ("layer 'shadows-text-objects' (display:none)",
                                       "layer 'letters-text-objects' (display:none)")
    assert not art.legends
