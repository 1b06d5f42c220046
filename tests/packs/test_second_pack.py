"""The seam between the house and a pack, proven with a second, test-only pack
(tests/second_pack.py: Wisconsin's kinds and rules under a 3 in outline, 4 in aid
letters and 3 in white quarters): every kind builds, renders, reads back and checks
clean under it; a design that only its numbers break gets exactly that rule; a cache
keyed on the law gives each law its own answer."""

from __future__ import annotations

import pytest

from markers.build.signs import smallest_clear_h
from markers.check.measure import measure
from markers.check.pipeline import CheckOptions, check_pages
from markers.core.design import Design
from markers.packs import PACK_NAMES, get_pack
from markers.errors import WsmarkError
from render.output import render_bytes
from second_pack import NUMBERS, PACK, WISCONSIN

H = 24.0


def _checked(pack, design: Design):
    """The report of ``design`` built and rendered under ``pack``, read back from its
    SVG and judged by ``pack``, with the Artwork read."""
    svg = render_bytes(pack.build(design), ".svg")
    report, pages = check_pages(svg, f"{design.kind}.svg", CheckOptions(), pack)
    assert report.verdict != "error", report.error
    return report, pages[0]


@pytest.mark.parametrize("kind", list(PACK.kinds))
def test_every_kind_builds_renders_reads_back_and_checks_clean(kind: str) -> None:
    design = PACK.kinds[kind].typical_designs(H)[0]
    report, _ = _checked(PACK, design)
    serious = [(f.rule, f.message) for f in report.findings if f.severity != "info"]
    assert report.verdict == "pass" and not serious, serious
    assert report.kind == PACK.kinds[kind].report_name


def test_its_numbers_are_what_is_built_and_measured() -> None:
    _, art = _checked(PACK, Design("control", H, legend="5 MPH"))
    facts = measure(art, PACK.law, PACK.kinds)
    assert facts.symbol.outline == pytest.approx(NUMBERS["outline_min"], abs=0.005)
    aid = PACK.build(Design("aid-green", H, ws_id="WS-1"))
    assert aid.legends[0].cap_height == pytest.approx(NUMBERS["aid_letter_min"])
    assert WISCONSIN.build(Design("aid-green", H, ws_id="WS-1")).legends[0].cap_height == 3.0


@pytest.mark.parametrize("text,rule", [
    ("kind: control\ndisplay_height: 24\noutline: 2.5\nlegend: 5 MPH\n", "outline-width"),
    ("kind: danger\ndisplay_height: 36\noutline: 2\nlegend: ROCKS\n", "outline-width"),
])
def test_a_design_only_its_numbers_break_gets_exactly_its_rule(text: str, rule: str) -> None:
    report, _ = check_pages(text.encode(), "design.yaml", CheckOptions(), PACK)
    assert {f.rule for f in report.findings if f.severity == "error"} == {rule}
    wisconsin, _ = check_pages(text.encode(), "design.yaml", CheckOptions(), WISCONSIN)
    assert wisconsin.verdict == "pass"


def test_a_design_it_refuses_names_its_minimum() -> None:
    with pytest.raises(WsmarkError, match="3 in minimum"):
        PACK.build(Design("control", H, outline=2.5, legend="5 MPH"))


def test_the_smallest_clear_exclusion_is_the_law_s_own() -> None:
    """Cached on the law and the outline: each law gets its own answer, in any order."""
    assert smallest_clear_h(WISCONSIN.law, 2.0) == 16.25
    assert smallest_clear_h(PACK.law, 2.0) == 25.75
    assert smallest_clear_h(WISCONSIN.law, 2.0) == 16.25
    dims = {d.name: d.value for d in PACK.build(Design("exclusion", 36.0)).meta["dimensions"]}
    assert dims["smallest H giving each quarter 3 in across"] == smallest_clear_h(PACK.law, 3.0)


def test_the_product_does_not_list_it() -> None:
    assert PACK.name not in PACK_NAMES
    with pytest.raises(WsmarkError, match="unknown pack"):
        get_pack(PACK.name)
