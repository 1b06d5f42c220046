"""Proof sheets as sign shops draw them (issue 9): a border, a title block, dimension
lines with arrowheads and text, notes, mounting holes, centre marks, several markers on
one artboard, a buoy with its hull below a dashed waterline. Each is written here by
hand (mm and pt, groups, strokes), not by wsmark's builders, and must give the findings
of the bare marker plus one info note of what was set aside."""

from __future__ import annotations

import math
from pathlib import Path

from markers.check.pipeline import CheckOptions
from markers.check.measure.statements import parse_dimension
from markers.check.layout import split
from markers.check.report import Provenance, report_json
from markers.read import read_drawing
from proof_sheets import MM, ORANGE, SVG, WHITE, danger, diamond, placed, pts, sheet
from wi import check_file

GREY = "#9A9A9A"


def _buoy() -> str:
    """A symbol buoy 12 in across, 40 in above water, in inches."""
    a = 8.0
    ring = f"M{pts(diamond(6, 20, a / 2))}Z M{pts(diamond(6, 20, a / 2 - 1.2))}Z"
    return (f'<rect width="12" height="40" fill="{WHITE}"/><rect width="12" height="4" '
            f'fill="{ORANGE}"/><rect y="36" width="12" height="4" fill="{ORANGE}"/>'
            f'<path fill-rule="evenodd" fill="{ORANGE}" d="{ring}"/>')


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.svg"
    path.write_text(text)
    return path


def _report(path: Path, **options):
    report, _ = check_file(path, CheckOptions(**options))
    assert report.verdict != "error", report.error
    return report


def _judged(report, marker: int = 0) -> list[tuple]:
    """What a marker was found to be, without where (a proof moves it on the page)."""
    return sorted((f.rule, f.severity, f.measured, f.required) for f in report.findings
                  if f.marker == marker and f.rule != "set-aside")


def _bare_sign(tmp_path: Path, outline: float = 2.0):
    return _report(_write(tmp_path, f"bare-{outline}", f'<svg {SVG} width="24in" '
                          f'height="24in" viewBox="0 0 240 240">{danger(outline)}</svg>'))


def _arrow(x0: float, y0: float, x1: float, y1: float, head: float = 4.0) -> str:
    """A dimension line in mm with filled arrowheads at both ends (drawn as a shop does)."""
    angle = math.atan2(y1 - y0, x1 - x0)
    out = [f'<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" stroke="#000" stroke-width="0.35"/>']
    for (x, y), turn in (((x0, y0), 0.0), ((x1, y1), math.pi)):
        a = angle + turn
        tip = [(x, y), (x + head * math.cos(a + 0.3), y + head * math.sin(a + 0.3)),
               (x + head * math.cos(a - 0.3), y + head * math.sin(a - 0.3))]
        out.append(f'<polygon fill="#000" points="{pts(tip)}"/>')
    return "".join(out)


def test_thin_border_alone_does_not_change_the_sign(tmp_path):
    bare = _bare_sign(tmp_path)
    path = _write(tmp_path, "border", f"""<svg {SVG} width="30in" height="30in"
 viewBox="0 0 300 300"><rect x="1" y="1" width="298" height="298" fill="none"
 stroke="#000" stroke-width="0.1"/><g transform="translate(30,30)">{danger()}</g></svg>""")
    report = _report(path)
    assert report.kind == bare.kind == "danger"
    assert "symbol-size" not in {f.rule for f in report.findings if f.severity == "error"}
    assert report.display_height_in == bare.display_height_in == 24.0
    assert _judged(report) == _judged(bare)
    [note] = [f for f in report.findings if f.rule == "set-aside"]
    assert note.severity == "info" and "border at [0.095, 0.095, 29.81, 29.81]" in note.message


def test_proof_sheet_with_title_block_dimensions_notes_and_holes(tmp_path):
    """The issue's proof: border, title block, dimension line 24" across the panel with
    arrowheads and text, a note, mounting holes and a centre mark on the panel."""
    bare = _bare_sign(tmp_path)
    left, top, size = 80.0, 60.0, 24 * MM
    extra = (_arrow(left, top + size + 25, left + size, top + size + 25)
             + f'<text x="{left + size / 2}" y="{top + size + 20}" font-size="8" '
               f'text-anchor="middle">24"</text>'
             + _arrow(left + size + 25, top, left + size + 25, top + size)
             + f'<text x="{left + size + 30}" y="{top + size / 2}" font-size="8">610 mm</text>'
             + '<text x="20" y="760" font-size="7">NOTES: 1. 3M DIAMOND GRADE REFLECTIVE '
               '2. 0.080 ALUMINUM 3. ALL TEXT TO BE CONVERTED</text>')
    path = _write(tmp_path, "proof", sheet(placed(danger(), left, top, 2.54, holes=True),
                                           extra=extra))
    report = _report(path)
    assert report.kind == "danger", [(f.rule, f.message) for f in report.findings]
    assert len(report.markers) == 1 and _judged(report) == _judged(bare)
    assert report.display_height_in == 24.0
    [note] = [f for f in report.findings if f.rule == "set-aside"]
    for what in ("border", "title block", "dimension line", "mounting hole", "centre mark",
                 "note 'NOTES: 1. 3M"):
        assert what in note.message, (what, note.message)
    assert note.message.count("mounting hole") == 4 and note.message.count("dimension line") == 2
    assert "proof-dimension" not in {f.rule for f in report.findings}
    x, y, w, h = report.markers[0].bbox
    assert abs(x - (left + 40 * 2.54 - 0.0) / MM) < 0.05 and abs(w - 16.0) < 0.05


def test_a_dimension_that_disagrees_with_the_drawing_is_a_warning(tmp_path):
    left, top, size = 80.0, 60.0, 20 * MM  # a 20 in line labelled 24"
    extra = (_arrow(left, top + 24 * MM + 25, left + size, top + 24 * MM + 25)
             + f'<text x="{left + size / 2}" y="{top + 24 * MM + 20}" font-size="8" '
               f'text-anchor="middle">24"</text>')
    report = _report(_write(tmp_path, "wrong-dimension",
                            sheet(placed(danger(), left, top, 2.54), extra=extra)))
    [warning] = [f for f in report.findings if f.rule == "proof-dimension"]
    assert warning.severity == "warning" and warning.citation == "fabrication"
    assert "the proof's dimension 24 in disagrees with the drawing's 20.00 in" in warning.message


def test_each_marker_of_a_sheet_is_judged_alone(tmp_path):
    """Two 24 in danger signs and a symbol buoy on one artboard; the second sign has a
    1.8 in outline: only that marker fails, by the rule the bare sign fails."""
    thin = _bare_sign(tmp_path, 1.8)
    good = _bare_sign(tmp_path, 2.0)
    body = (placed(danger(2.0), 40, 60, 2.54) + placed(danger(1.8), 40 + 24 * MM + 60, 60,
                                                       2.54)
            + placed(_buoy(), 40, 60 + 24 * MM + 60, MM))
    report = _report(_write(tmp_path, "three", sheet(body, width=1000, height=1800)))
    assert [m.kind for m in report.markers] == ["danger", "danger", "buoy-symbol"]
    assert [m.index for m in report.markers] == [0, 1, 2]
    assert _judged(report, 0) == _judged(good) and _judged(report, 1) == _judged(thin)
    assert "reg-outline" in {f.rule for f in thin.findings if f.severity == "error"} or \
        thin.verdict == "fail"
    assert report.markers[0].verdict == good.verdict and report.markers[1].verdict == "fail"
    assert report.verdict == "fail"
    boxes = [m.bbox for m in report.markers]
    assert boxes[0][0] < boxes[1][0] and boxes[1][1] < boxes[2][1]


def test_buoy_with_grey_hull_below_a_dashed_waterline_is_a_buoy(tmp_path):
    bare = _report(_write(tmp_path, "bare-buoy", f'<svg {SVG} width="12in" height="40in" '
                          f'viewBox="0 0 12 40">{_buoy()}</svg>'))
    hull = (f'<path d="M0,40 H12 L11,52 Q6,55 1,52 Z" fill="{GREY}"/>'
            '<line x1="-4" y1="40" x2="16" y2="40" stroke="#0000CC" stroke-width="0.06" '
            'stroke-dasharray="0.5,0.3"/>')
    path = _write(tmp_path, "buoy-hull", f'<svg {SVG} width="1728pt" height="4320pt" '
                  f'viewBox="0 0 24 60"><g transform="translate(6,2)">{_buoy()}{hull}</g></svg>')
    report = _report(path)
    assert report.kind == bare.kind == "buoy-symbol", [(f.rule, f.message)
                                                        for f in report.findings]
    assert _judged(report) == _judged(bare)
    [note] = [f for f in report.findings if f.rule == "set-aside"]
    assert "waterline and the hull below it" in note.message


def test_stated_scale_is_used_and_said(tmp_path):
    bare = _bare_sign(tmp_path)
    body = placed(danger(), 60, 60, 2.54 / 4)
    report = _report(_write(tmp_path, "quarter", sheet(body, width=400, height=400,
                                                       title="SCALE 1:4")))
    assert report.kind == "danger" and _judged(report) == _judged(bare)
    assert report.display_height_in == 24.0
    assert "stated scale 1:4" in report.display_height_basis
    # the contract (RULES.md) says "stated"; the words that say which scale are additive
    record = report_json(report, Provenance("0", "wi-nr509", "0"))
    for said in (record, record["markers"][0]):
        assert said["display_height_basis"] == "stated"
        assert said["display_height_evidence"] == report.display_height_basis


def test_a_tiny_drawing_is_one_finding_not_a_cascade(tmp_path):
    report = _report(_write(tmp_path, "tiny", f'<svg {SVG} width="0.4in" height="0.4in" '
                            f'viewBox="0 0 240 240">{danger()}</svg>'))
    [finding] = report.findings
    assert finding.rule == "actual-size" and finding.severity == "error"
    assert "not an actual-size drawing; give --scale or --display-height" in finding.message


def test_dimension_text_is_parsed():
    assert parse_dimension('24"') == 24.0 and parse_dimension("24 in") == 24.0
    assert abs(parse_dimension("610 mm") - 24.0157) < 1e-3
    assert parse_dimension("2 ft") == 24.0 and parse_dimension("16 1/2 in") == 16.5
    assert parse_dimension("APPROVED BY") is None


def test_the_bare_marker_comes_back_as_itself(tmp_path):
    data = f'<svg {SVG} width="24in" height="24in" viewBox="0 0 240 240">{danger()}</svg>'
    [art] = read_drawing(data.encode(), "bare.svg")
    page = split(art)
    assert page.markers == [art] and page.markers[0] is art and page.set_aside == []


def test_annotated_copy_numbers_each_marker(tmp_path):
    from xml.etree import ElementTree

    from markers.packs import get_pack
    from markers.products.marked_copy import annotate_pages

    body = (placed(danger(2.0), 40, 60, 2.54)
            + placed(danger(1.8), 40 + 24 * MM + 60, 60, 2.54))
    path = _write(tmp_path, "two", sheet(body, width=1400, height=900))
    report, art = check_file(path, CheckOptions())
    root = ElementTree.fromstring(annotate_pages(report, [art], get_pack("wi-nr509"))[0])
    ns = "{http://www.w3.org/2000/svg}"
    group = next(g for g in root.iter(f"{ns}g") if g.get("id") == "wsmark-markers")
    labels = [t.text for t in group.iter(f"{ns}text")]
    frames = [(float(r.get("x")), float(r.get("width"))) for r in group.iter(f"{ns}rect")]
    assert labels == ["marker 1", "marker 2"]  # counted from 1, as for people
    assert frames[0][0] < frames[1][0] and all(abs(w - 16.0) < 0.05 for _, w in frames)
