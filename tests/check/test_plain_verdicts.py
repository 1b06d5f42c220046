"""Cases of issue 21 that had no test of their own (the audit in tests/check/ISSUE-21.md
maps every case to its test):

- a message naming a shape the measurer has no name for said "aid-red face is a other";
- a page of a proof with no marker on it (a cover of notes) is listed as set aside,
  saying so, not judged as a failed marker;
- every "approximately" of the law gets its two bands as pack data cited to its
  paragraph (tests/packs/test_rules_approximately.py judges by them).
"""

from __future__ import annotations

from conftest import sample_design
from markers.check.pipeline import CheckOptions
from proof_writers import naive_cmyk, to_reportlab_pdf
from wi import build, check_file, check_svg_text


def test_a_face_of_no_regular_shape_is_said_in_words(tmp_path) -> None:
    """A red face cut as an irregular pentagon, 'WS-2' on it: aid-shape warns in words,
    never 'a other'."""
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="24in" height="24in" '
           'viewBox="0 0 24 24"><path fill="#C8102E" d="M 2,22 L 3,6 L 12,1 L 22,9 L 20,22 Z"/>'
           '<text x="12" y="17" font-size="4.4" font-weight="bold" text-anchor="middle" '
           'font-family="DejaVu Sans" fill="#FFFFFF">WS-2</text></svg>')
    report = check_svg_text(tmp_path, "pentagon", svg)
    assert report.kind == "aid-red", report.findings
    [shape] = [f for f in report.findings if f.rule == "aid-shape"]
    assert shape.message.startswith("aid-red face is of no regular shape; "), shape.message
    assert " a other" not in " ".join(f.message for f in report.findings)


def test_a_cover_page_is_set_aside_saying_it_holds_no_marker(tmp_path) -> None:
    """A proof of two pages: a cover of text, then a 24 in control sign."""
    art = build(sample_design("control", 24))
    cmyk = {layer.hex: naive_cmyk(layer.hex) for layer in art.layers}
    path = tmp_path / "proof.pdf"
    path.write_bytes(to_reportlab_pdf(art, cmyk, pages_before=1))
    report, _ = check_file(path, CheckOptions())
    assert report.verdict == "pass", report.findings
    assert [(m.page, m.kind) for m in report.markers] == [(2, "control")]
    [aside] = [f.message for f in report.findings if f.rule == "set-aside"]
    assert "page 1, which holds no marker" in aside


def test_every_approximately_of_the_law_has_its_two_bands_cited_to_its_paragraph() -> None:
    """Each paragraph the pack quotes that says "approximately" has a band within which a
    number passes and one beyond which it is an error, as requirements citing it."""
    from markers.packs.wi_nr509.citations import REFS
    from markers.packs.wi_nr509.requirements import REQ

    approximate = [r.clause for r in REFS.values() if "approximately" in r.quote]
    assert approximate  # NR 5.09(5)(c) and s. 30.675
    for clause in approximate:
        bands = sorted(q.value for q in REQ.values()
                       if q.ref.clause == clause and "'approximately" in q.text)
        assert len(bands) == 2 and 0 < bands[0] < bands[1], (clause, bands)
