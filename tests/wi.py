"""The Wisconsin pack as the tests use it: its kinds and rules, and the checker's entry
points with the pack handed in."""

from __future__ import annotations

from pathlib import Path

from markers.check import pipeline
from markers.check.measure import Facts
from markers.check.measure import measure as _measure
from markers.core.artwork import Artwork
from markers.core.design import Design
from markers.core.pack import Kind
from markers.packs import get_pack

PACK = get_pack("wi-nr509")
KINDS = PACK.kinds
RULES = PACK.rules.rules
PLAN_RULES = PACK.plan_rules.rules
build = PACK.build


def check_file(path: str | Path, options: pipeline.CheckOptions):
    """The checker's report and Artwork of the file at ``path``."""
    return pipeline.check_file(path, options, PACK)


def measure(art: Artwork, display_height: float | None = None) -> Facts:
    """The Facts of ``art`` under the pack."""
    return _measure(art, PACK.law, KINDS, display_height)


def sample_design(kind: Kind, display_height: float | None) -> Design:
    """The one design that stands for ``kind``."""
    return kind.typical_designs(display_height)[0]


def check_svg_text(folder: Path, name: str, text: str):
    """The report of an SVG drawn by a test as text (written to ``folder``), never
    unreadable: the tests that use it draw vendor-style drawings by hand."""
    path = folder / f"{name}.svg"
    path.write_text(text)
    report, _ = check_file(path, pipeline.CheckOptions())
    assert report.verdict != "error", report.error
    return report
