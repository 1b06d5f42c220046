"""A cut file of one film (fabricate's cut-<film>.svg: hairline outlines, no fill) is
judged on the design its description declares, with that film as measured: a film cut
thinner than its declaration fails by what was cut; without a declaration the film is
judged alone."""

from __future__ import annotations

import re

import pytest

from markers import api
from markers.check.pipeline import CheckOptions, check_pages
from markers.core.design import Design
from wi import PACK, measure

LEGEND = "SLOW NO WAKE"


@pytest.fixture(scope="module")
def cut_files() -> dict[float, dict[str, bytes]]:
    """The cut SVGs of a 24 in control sign with a 2 in outline and with a 1.5 in one,
    by film."""
    out = {}
    for outline in (2.0, 1.5):
        _, files = api.fabricate(Design("control", 24.0, outline=outline, legend=LEGEND),
                                 as_declared=True)
        out[outline] = {m[1]: data for name, data in files.items()
                        if (m := re.search(r"-cut-([a-z]+)\.svg$", name))}
    return out


def judged(data: bytes):
    report, pages = check_pages(data, "cut.svg", CheckOptions(), PACK)
    assert report.verdict != "error", report.error
    [art] = pages
    [note] = [f.message for f in report.findings if f.rule == "line-drawing"]
    return report, note, measure(art)


def test_each_film_passes_on_its_declared_design_and_says_what_was_measured(cut_files):
    for film, other in (("orange", "black"), ("black", "orange")):
        report, note, facts = judged(cut_files[2.0][film])
        assert report.verdict == "pass" and report.display_height_basis == "declared"
        assert note == (f"read as a cut file: the {film} film measured from its outlines; "
                        f"the {other} film and the white sheeting are taken from the "
                        "declared design")
        assert facts.symbol.outline == pytest.approx(2.0, abs=0.01)
        assert facts.letters.text == LEGEND


def test_a_film_cut_thinner_than_its_declaration_fails_by_what_was_cut(cut_files):
    """The orange film of the 1.5 in outline under the 2 in design's declaration."""
    thin, declared = (cut_files[o]["orange"].decode() for o in (1.5, 2.0))
    line = re.compile(r"^design: .*$", re.MULTILINE)
    forged = line.sub(line.search(declared)[0], thin).encode()
    report, _, facts = judged(forged)
    assert report.verdict == "fail" and "outline-width" in {
        f.rule for f in report.findings if f.severity == "error"}
    assert facts.symbol.outline == pytest.approx(1.5, abs=0.01)


def test_without_a_declaration_the_film_is_judged_alone(cut_files):
    """No design line: the orange ring alone, its inside the white sheet, no legend."""
    bare = re.sub(r"^design: .*\n", "", cut_files[2.0]["orange"].decode(), flags=re.MULTILINE)
    report, note, facts = judged(bare.encode())
    assert note.startswith("read as a line drawing (CAM convention")
    assert facts.symbol.outline == pytest.approx(2.0, abs=0.01)
    assert facts.symbol.center_color.family == "white" and facts.letters.text is None
    assert report.verdict == "fail"  # no words inside the control circle
