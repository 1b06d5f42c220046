"""What a face shows of a checked file (markers/check/shown.py through markers.api):
where a finding is in words, measured against boxes placed by hand; its number on the
marked-up copy read back from the copy; the findings sorted as judged, judged notes and
set aside; a waiver of one marker of a file (RULE@N), on one page and across the pages
of a PDF; an empty upload named as empty; the verdict in the pack's words."""

from __future__ import annotations

import io
import math
import re

import pypdf
import pytest
from click.testing import CliRunner
from defusedxml.ElementTree import fromstring

import cli as cli_module
from markers import api
from markers.errors import WsmarkError
from markers.check.shown import place_words

SVG = 'xmlns="http://www.w3.org/2000/svg"'
NS = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("box, words", [
    ((0.0, 0.0, 2.0, 1.0), "top left, at the left edge and at the top edge"),
    ((2.1, 1.0, 3.0, 2.0), "top left, 2.1 in from the left edge and 1.0 in from the top edge"),
    ((19.0, 2.0, 2.0, 2.0), "top right, 3.0 in from the right edge and 2.0 in from the top edge"),
    ((10.0, 10.0, 4.0, 4.0), "centre, 10.0 in from the left edge"),  # the nearest edge
    ((11.0, 8.0, 2.0, 2.0), "centre, 8.0 in from the top edge"),
    ((0.5, 11.0, 1.0, 2.0), "left, 0.5 in from the left edge"),
    ((8.0, 21.0, 8.0, 2.5), "bottom, 0.5 in from the bottom edge"),
    ((0.0, 0.0, 24.0, 24.0), "across the whole drawing"),
    ((0.0, 0.0, 24.0, 20.0), "centre, at the top edge"),  # across: not from its sides
    ((1.0, 0.0, 3.0, 23.0), "left, 1.0 in from the left edge"),
])
def test_a_place_in_words(box, words) -> None:
    assert place_words(box, 24.0, 24.0) == words


def test_the_third_a_box_is_in_is_that_of_its_centre() -> None:
    # a box across two thirds: its centre is what counts (7.9 in is in the first third)
    assert place_words((6.0, 0.0, 3.8, 1.0), 24, 24).startswith("top left,")
    assert place_words((6.0, 0.0, 4.2, 1.0), 24, 24).startswith("top,")


def _danger_at(x_in: float, y_in: float, outline: float) -> str:
    """A 24 in danger sign drawn by hand at (x, y) in, its diamond 16 in wide with an
    ``outline`` thick outline (as tests/check/test_layout_proofs.py draws it)."""
    a, cx, cy = 8.0, x_in + 12.0, y_in + 12.0
    b = a / math.tan(math.radians(35))
    inner = a * (1 - outline / (a * math.cos(math.radians(35))))
    bi = inner / math.tan(math.radians(35))
    outer = f"M{cx},{cy - b} L{cx + a},{cy} L{cx},{cy + b} L{cx - a},{cy} Z"
    hole = f"M{cx},{cy - bi} L{cx + inner},{cy} L{cx},{cy + bi} L{cx - inner},{cy} Z"
    return (f'<rect x="{x_in}" y="{y_in}" width="24" height="24" fill="#FFFFFF"/>'
            f'<path fill="#FF4F00" fill-rule="evenodd" d="{outer} {hole}"/>')


#: Two 24 in danger signs side by side on a 56 x 28 in sheet, both with 1.8 in outlines.
TWO = (f'<svg {SVG} width="56in" height="28in" viewBox="0 0 56 28">'
       f'{_danger_at(2, 2, 1.8)}{_danger_at(30, 2, 1.8)}</svg>').encode()


def _outline(report, marker: int):
    return next(f for f in report.findings if f.rule == "outline-width" and f.marker == marker)


def test_a_waiver_of_one_marker_leaves_the_other_failing() -> None:
    plain = api.check(TWO, "two.svg")[0]
    assert [m.verdict for m in plain.markers] == ["fail", "fail"]
    one = api.check(TWO, "two.svg", api.check_options(waive=["outline-width@2:board"]))[0]
    assert [m.verdict for m in one.markers] == ["fail", "waived"]
    assert (_outline(one, 0).waived, _outline(one, 1).waived) == (None, "board")
    assert one.verdict == "fail"
    both = api.check(TWO, "two.svg", api.check_options(waive={"outline-width": "board",
                                                              "outline-width@1": "own"}))[0]
    # a waived error is not met: the markers and the file say so, never "pass"
    assert [m.verdict for m in both.markers] == ["waived", "waived"]
    assert (_outline(both, 0).waived, _outline(both, 1).waived) == ("own", "board")
    assert api.verdict_line(both).startswith(
        "Waived (2 findings accepted by waiver): does not meet NR 5.09(6)(b) (outline-width) "
        'as drawn; accepted by local waiver: "own"; "board"')


def test_a_waiver_of_one_marker_counts_the_markers_of_earlier_pages() -> None:
    writer = pypdf.PdfWriter()
    for _ in range(2):
        writer.append(pypdf.PdfReader(io.BytesIO(_thin_pdf())))
    out = io.BytesIO()
    writer.write(out)
    two_pages = out.getvalue()
    report = api.check(two_pages, "two.pdf",
                       api.check_options(waive=["outline-width@2:on page 2"]))[0]
    assert [(m.index, m.page, m.verdict) for m in report.markers] == [(0, 1, "fail"),
                                                                       (1, 2, "waived")]


def _thin_pdf() -> bytes:
    """A PDF of one 24 in danger sign with a 1.5 in outline, drawn by hand in SVG and
    made a page by cairosvg (a drawing the checker reads as a vendor's)."""
    import cairosvg

    svg = (f'<svg {SVG} width="24in" height="24in" viewBox="0 0 24 24">'
           f'{_danger_at(0, 0, 1.5)}</svg>')
    return cairosvg.svg2pdf(bytestring=svg.encode())


def test_a_marker_waiver_is_refused_where_it_means_nothing() -> None:
    for words, said in ((["outline-width@x:r"], "a rule on one marker as RULE@N"),
                        (["outline-width@0:r"], "N from 1, as the reports number markers"),
                        (["nope@2:r"], "unknown rule 'nope'"),
                        (["outline-width@2: "], "not RULE:reason")):
        with pytest.raises(WsmarkError, match=re.escape(said)):
            api.check_options(waive=words)
    with pytest.raises(WsmarkError, match="name a rule$"):
        api.plan_check(api.GALLERY_PLAN, waive=["outline-width@2:r"])


def test_each_finding_has_its_place_and_its_number_on_the_copy() -> None:
    shown = api.check_shown(TWO, "two.svg")
    found = [(i, f) for i, f in enumerate(shown.report.findings) if f.rule == "outline-width"]
    assert [f.marker for _, f in found] == [0, 1]
    for i, f in found:  # the words agree with the box, on the 56 x 28 in sheet
        x, y, w, h = f.bbox
        column = "left" if x + w / 2 < 56 / 3 else "right" if x + w / 2 > 2 * 56 / 3 else ""
        row = "top" if y + h / 2 < 28 / 3 else "bottom" if y + h / 2 > 2 * 28 / 3 else ""
        words = " ".join(p for p in (row, column) if p) or "centre"
        assert shown.places[i].startswith(words + ",")
        gaps = {"left": x, "right": 56 - x - w, "top": y, "bottom": 28 - y - h}
        for edge in (column, row) if row or column else (min(gaps, key=gaps.__getitem__),):
            assert not edge or f"{gaps[edge]:.1f} in from the {edge} edge" in shown.places[i]
    assert shown.places[found[0][0]] != shown.places[found[1][0]]  # two markers, two places
    # the copy numbers what it lists: read it back
    copy = fromstring(shown.marked)
    notes = copy.find(f".//{NS}g[@id='wsmark-annotations']")
    lines = [t.text for t in notes.iter(f"{NS}text") if t.text and ". " in t.text]
    for i, _ in found:
        assert lines[shown.marks[i] - 1].startswith(f"{shown.marks[i]}. outline-width")
    assert [shown.marks[i] for i, f in enumerate(shown.report.findings)
            if f.severity == "info"] == [None] * sum(f.severity == "info"
                                                    for f in shown.report.findings)


def test_a_copy_that_could_not_judge_something_numbers_after_its_warning() -> None:
    """A page with a requirement that could not be judged lists NOT VERIFIED first, so its
    findings are numbered from 2; the numbers said beside them follow."""
    lowercase = api.render(api.build(api.design("control", 24, legend="slow")), ".svg")
    shown = api.check_shown(lowercase, "c.svg")
    reviews = [i for i, f in enumerate(shown.report.findings) if f.severity == "review"]
    assert reviews and shown.marks[reviews[0]] == 2
    copy = fromstring(shown.marked)
    lines = [t.text for t in copy.find(f".//{NS}g[@id='wsmark-annotations']").iter(f"{NS}text")
             if t.text and ". " in t.text]
    assert lines[0].startswith("1. NOT VERIFIED") and lines[1].startswith("2. REVIEW")


def test_judged_notes_and_what_was_set_aside_are_apart() -> None:
    text = (f'<svg {SVG} width="30in" height="30in" viewBox="0 0 30 30"><rect x="0.5" '
            f'y="0.5" width="29" height="29" fill="none" stroke="#000" stroke-width="0.05"/>'
            f'{_danger_at(3, 3, 2.0)}<text x="15" y="24" font-size="3" text-anchor="middle" '
            f'font-family="DejaVu Sans" font-weight="bold">ROCKS</text></svg>').encode()
    report = api.check(text, "t.svg")[0]
    groups = api.finding_groups(report)
    assert [f.rule for _, f in groups.notes] == ["text-outlined"]
    assert [f.rule for _, f in groups.aside] == ["set-aside"]
    assert all(f.severity != "info" for _, f in groups.judged)


def test_an_empty_file_is_named_as_empty_by_the_api_and_the_cli(tmp_path) -> None:
    assert api.check(b"", "e.svg")[0].error == "e.svg: the file is empty"
    assert api.check(b"\n \n", "e.yaml")[0].error == \
        "e.yaml: the file holds nothing but 3 blank character(s)"
    (tmp_path / "empty.svg").write_bytes(b"")
    result = CliRunner().invoke(cli_module.cli, ["check", str(tmp_path / "empty.svg")])
    assert result.exit_code == 2
    assert "empty.svg: ERROR the file is empty" in result.output
    assert "well-formed" not in result.output


def test_the_verdict_never_says_more_than_the_rule_allows() -> None:
    good = api.check(api.render(api.design("danger", 24, legend="ROCKS"), ".svg"), "d.svg")[0]
    assert api.verdict_line(good) == ("Pass: meets NR 5.09 as drawn; placement needs the "
                                      "department's approval (NR 5.09(3)(b))")
    flag = api.check(api.render(api.design("diver-flag"), ".svg"), "f.svg")[0]
    assert api.verdict_line(flag).startswith("Pass: meets its statute as drawn (s. 30.70")
    thin = api.check(b"kind: danger\ndisplay_height: 24\noutline: 1.5\n", "d.yaml")[0]
    assert api.verdict_line(thin).startswith("Fail: does not meet the rule as drawn")
    unreadable = api.check(b"<svg", "x.svg")[0]
    assert api.verdict_line(unreadable) == \
        "Error: could not be judged: the file could not be read"
