"""Repair (issue 25): ``wsmark fix`` hands back the compliant version of a failing proof.

Every seeded defect drawing is fixed and the fixed file checked by the checker afresh:
it passes, and it keeps the original's kind, display height (or the minimum, where the
proof was under it), legend and id, each read back from the fixed file; or the repair
lists why it cannot repair it and makes no file. A sample of the defects goes through
every other form a proof comes in (tests/proof_forms.py; bench/fix_matrix.py runs all
of them), multi-marker sheets, a stated scale, a design file, the overlay page (its
compliant outline measured on the page and in pixels), the command line and the web
page's download.
"""

from __future__ import annotations

import functools
import hashlib
import io
import math
import re
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

import cli as cli_module
from proof_forms import FORMS, SUFFIX, proof_forms
from proof_writers import to_dxf
from round_trip import SEEDED
from proof_sheets import MM, danger as _danger, placed as _placed, sheet as _sheet
from cli_helpers import assert_user_error, invoke

from markers import api
from markers.errors import WsmarkError
from markers.check.pipeline import CheckOptions, load_artwork
from markers.read.svg.walk import read_svg_bytes
from conftest import ROOT
from wi import PACK, measure
from render.output import render_bytes

DEFECTS = Path(__file__).resolve().parents[1] / "drawings" / "defects"
PRODUCERS = Path(__file__).resolve().parents[1] / "data" / "producers"
ALL = sorted(p.name for p in DEFECTS.glob("*.svg"))
#: Seeded drawings a repair must not guess at, and the rule whose finding says why: an
#: odd number on a red aid (the plan chooses the even one), lettering not read (review),
#: no marker of the rule (which one is meant), a drawing not at actual size.
UNREPAIRABLE = {
    "nr5-09-2-a-5-t02-fail-odd-number-on-red.svg": "aid-id-parity",
    "nr5-09-2-a-6-t03-warn-hairline-letters.svg": "aid-id-format",
    "nr5-09-2-b-5-t03-warn-hairline-letters.svg": "reg-info-legend",
    "nr5-09-2-b-1-4-t01-fail-triangle-symbol.svg": "reg-shape",
    "fab-t05-fail-not-actual-size.svg": "actual-size",
    "fab-t07-review-filter.svg": "what-prints",  # the print is not what wsmark draws
    # Connecticut's CT-3 under NR 5.09: what WS number it should carry is the plan's
    "fab-t07-fail-other-pack-id.svg": "aid-id-format",
    # a buoy's flat print is made from its design (wsmark fabricate), not mended
    "fab-t10-review-flat-print.svg": "flat-print",
}
#: Defects of each family that go through every form in the suite.
SAMPLE = ("nr5-09-6-c-t01-fail-small-diamond.svg", "nr5-09-2-b-2-t01-fail-words-inside.svg",
          "nr5-09-6-a-t01-fail-10in-display.svg", "nr5-09-2-a-4-t01-fail-horizontal-stripes.svg",
          "nr5-09-6-f-t01-fail-no-reflector.svg", "s30-675-t01-fail-10in-square.svg")
MIN_H = 12.0


@functools.cache
def _forms(name: str, form: str) -> bytes:
    return proof_forms((DEFECTS / name).read_bytes(), name, (form,))[form]


@functools.cache
def _fixed(name: str, form: str = "svg", overlay: bool = False):
    """The proof ``name`` in ``form`` as checked, and its repair to its own format."""
    data, suffix = _forms(name, form), SUFFIX[form]
    before, _ = api.check(data, f"proof{suffix}")
    return before, api.fix(data, f"proof{suffix}", suffix, overlay=overlay)


def _lost(before, after) -> list[str]:
    """What of kind, display height, legend and id the fixed file lost (read back)."""
    assert len(before.markers) == len(after.markers)
    lost = []
    for was, now in zip(before.markers, after.markers):
        if was.kind != now.kind:
            lost.append(f"kind {was.kind} -> {now.kind}")
        if was.display_height_in is not None and \
                now.display_height_in != pytest.approx(max(was.display_height_in, MIN_H),
                                                       abs=0.02):
            lost.append(f"H {was.display_height_in} -> {now.display_height_in}")
        if was.legend and not was.ws_id and was.legend.split() != (now.legend or "").split():
            lost.append(f"legend {was.legend!r} -> {now.legend!r}")
        if was.ws_id and now.ws_id != "WS-" + re.sub(r"^WS[\s-]*", "", was.ws_id):
            lost.append(f"id {was.ws_id} -> {now.ws_id}")  # its number, in the form
    return lost


def _lettering(data: bytes, name: str, options=None) -> list:
    """Every line of lettering the file's pages carry, as read: (text, box)."""
    pages = load_artwork(data, name, options or CheckOptions(), PACK)
    return [(" ".join(item.text.split()), item.box) for page in pages
            for item in page.legends if item.text.strip()]


def _kept_lettering(data: bytes, name: str, result, options=None) -> None:
    """The proof's lettering beside its markers (title block, notes, dimensions) is in
    the fixed file: all but what lay where a rebuilt marker now stands."""
    from shapely.geometry import box

    from markers.products.repair import placed_box

    cleared = [box(*p.extent).union(box(*placed_box(p))) for p in result.placed]
    beside = Counter(text for text, where in _lettering(data, name, options)
                     if not any(where.intersects(c) for c in cleared))
    fixed = Counter(text for text, _ in _lettering(result.data, f"fixed{result.suffix}",
                                                    options))
    assert beside <= fixed, (beside - fixed)


def _assert_repaired(data: bytes, name: str, before, result) -> None:
    """Fixed, passing when checked afresh, keeping what it must (``_lost``), each error
    and warning of the proof answered (a change, or a note saying what is left), and
    the proof's lettering beside its markers kept."""
    assert result.exit_status == 0 and result.data is not None, result.text()
    after, _ = api.check(result.data, f"fixed{result.suffix}")  # the checker afresh, not fix's own
    assert after.verdict == "pass", [f.message for f in after.findings if f.severity != "info"]
    assert _lost(before, after) == []
    answered = {c.rule for c in result.changes + result.notes}
    assert {f.rule for f in before.findings if f.severity in ("error", "warning")} <= answered
    _kept_lettering(data, name, result)


# ------------------------------------------------------------------ the seeded defects

@pytest.mark.parametrize("name", ALL)
def test_a_seeded_defect_comes_back_compliant_or_listed(name: str) -> None:
    before, result = _fixed(name)
    if name in UNREPAIRABLE:
        assert result.data is None and result.exit_status == 1
        assert UNREPAIRABLE[name] in {c.rule for c in result.cannot}, result.text()
        assert "NOT REPAIRED" in result.text()
        return
    _assert_repaired(_forms(name, "svg"), "proof.svg", before, result)


@pytest.mark.parametrize("name,form", [(n, f) for n in SAMPLE for f in FORMS if f != "svg"])
def test_every_form_of_a_proof_is_fixed_in_its_own_format(name: str, form: str) -> None:
    """A shop's PDF (cairo's, reportlab's), a DXF in inches and in mm and a proof sheet
    with a title block, each fixed to its own format: the vendor's page (the PDF page,
    the DXF's other entities, the sheet's title block and notes) kept."""
    before, result = _fixed(name, form)
    assert before.verdict == "fail"
    _assert_repaired(_forms(name, form), f"proof{SUFFIX[form]}", before, result)


@pytest.mark.parametrize("name,form", [
    ("nr5-09-5-b-t01-fail-no-bottom-band.svg", "dxf-mm"),  # was read as an information sign
    ("nr5-09-6-a-t04-fail-one-sided-wrap.svg", "reportlab-pdf"),  # the same
    ("uswms-t01-warn-off-center.svg", "dxf-in"),  # its panel taken for the page
    ("nr5-09-5-c-t01-fail-three-bands.svg", "cairo-pdf"),  # 'H' in DejaVu Sans not confirmed
])
def test_a_form_that_loses_what_the_svg_says_is_read_and_fixed_alike(name: str, form: str
                                                                      ) -> None:
    """Forms that keep no guide element, declaration or font (a waterline's id, a wrap's
    design, cairo's book-weight lettering) are judged as the SVG is, and fixed."""
    before, result = _fixed(name, form)
    svg, _ = _fixed(name)
    assert [(m.kind, m.display_height_in) for m in before.markers] == \
        [(m.kind, m.display_height_in) for m in svg.markers]
    assert {f.rule for f in before.findings if f.severity in ("error", "warning")} == \
        {f.rule for f in svg.findings if f.severity in ("error", "warning")}
    _assert_repaired(_forms(name, form), f"proof{SUFFIX[form]}", before, result)


@pytest.mark.parametrize("name,form,words", [
    ("nr5-09-7-b-t02-fail-pictogram-on-ball.svg", "dxf-in",
     "yellow sphere, 57% yellow, the rest other paint such as lettering or a pictogram"),
    ("fab-t06-info-line-drawing.svg", "cairo-pdf", "nothing shows its display area"),
])
def test_what_a_form_does_not_say_is_listed_in_words(name: str, form: str, words: str) -> None:
    """Where a form loses what only the SVG's declaration said (which marker a ball with
    a pictogram is meant as; the display area of a cut file of one film), the repair
    lists it, in the finding's words, and makes no file."""
    _, result = _fixed(name, form)
    assert result.data is None and result.exit_status == 1
    assert any(words in c.text for c in result.cannot), result.text()
    assert "(other)" not in result.text()


@pytest.mark.parametrize("seeded", SEEDED, ids=[s[0] for s in SEEDED])
def test_a_built_defect_is_fixed(seeded) -> None:
    """The seeded defects of the PDF/DXF round trip (built by wsmark as declared)."""
    name, art, _ = seeded
    data = render_bytes(art(), ".svg")
    before, _ = api.check(data, "proof.svg")
    _assert_repaired(data, "proof.svg", before, api.fix(data, "proof.svg", ".svg"))


def test_the_changes_are_said_in_the_issue_s_words() -> None:
    lines = {name: [c.line() for c in _fixed(name)[1].changes] for name in (
        "nr5-09-6-b-t01-fail-thin-outline.svg", "nr5-09-6-c-t01-fail-small-diamond.svg",
        "nr5-09-2-b-1-4-t02-fail-red-outline.svg", "nr5-09-2-b-3-t01-fail-words-below-circle.svg",
        "nr5-09-2-b-1-t01-fail-legend-on-outline.svg")}
    assert lines == {
        "nr5-09-6-b-t01-fail-thin-outline.svg": ["outline 1.50 -> 2.00 in, NR 5.09(6)(b)"],
        "nr5-09-6-c-t01-fail-small-diamond.svg": [
            "diamond outside width 14.00 -> 16.00 in (2/3 of 24 in), NR 5.09(6)(c)"],
        "nr5-09-2-b-1-4-t02-fail-red-outline.svg": [
            "symbol color #C8102E -> international orange #FF4F00, NR 5.09(2)(b)1-4"],
        "nr5-09-2-b-3-t01-fail-words-below-circle.svg": [
            "legend set inside the circle, NR 5.09(2)(b)3"],
        "nr5-09-2-b-1-t01-fail-legend-on-outline.svg": [
            "legend set inside the diamond, clear of its outline, NR 5.09(2)(b)1"]}


def test_an_inferred_display_area_is_said_and_used() -> None:
    before, result = _fixed("nr5-09-6-b-t01-fail-thin-outline.svg")
    assert before.markers[0].display_height_basis == "inferred"
    [note] = [c.text for c in result.notes if c.rule == "display-height"]
    assert note.startswith("display area 24 in inferred from the panel") and "used" in note


def test_a_display_area_under_the_minimum_is_built_at_the_minimum() -> None:
    before, result = _fixed("nr5-09-6-a-t01-fail-10in-display.svg")
    assert [c.line() for c in result.changes] == [
        "display area height 10.00 -> 12.00 in, NR 5.09(6)(a)"]
    assert result.fixed_report.markers[0].display_height_in == 12.0


# ------------------------------------------------------------------ sheets and scales

def _two_signs(outline: float) -> bytes:
    body = _placed(_danger(2.0), 40, 60, 2.54) + _placed(_danger(outline), 40 + 24 * MM + 60,
                                                         60, 2.54)
    return _sheet(body, width=1400, height=900).encode()


@pytest.mark.parametrize("suffix", [".svg", ".pdf", ".dxf"])
def test_a_sheet_of_two_signs_is_fixed_where_each_stood(suffix: str) -> None:
    data = _two_signs(1.5)
    before, _ = api.check(data, "two.svg")
    result = api.fix(data, "two.svg", suffix)
    _assert_repaired(data, "two.svg", before, result)
    assert [c.line(True) for c in result.changes] == [
        "marker 2: outline 1.50 -> 2.00 in, NR 5.09(6)(b)"]
    assert [p.index for p in result.placed] == [1]  # the compliant one is kept as drawn
    after = result.fixed_report
    # the same place on the page (a DXF has no page: it starts at what it draws)
    shift = [a - b for a, b in zip(after.markers[0].bbox, before.markers[0].bbox)] \
        if suffix == ".dxf" else [0.0] * 4
    for was, now in zip(before.markers, after.markers):
        assert [a - d for a, d in zip(now.bbox, shift)] == pytest.approx(was.bbox, abs=0.02)
    assert shift[2:] == pytest.approx([0, 0], abs=0.02)


def test_a_compliant_marker_is_kept_as_its_maker_laid_it_out() -> None:
    """LibreOffice's 36 in danger sign with DANGER above its diamond and ROCKS below
    passes: it is not rebuilt (the builder would set both words below, and the words
    would no longer read as its legend), so the fixed file is the proof's page and
    reads back with both words where they were."""
    name = "libreoffice/danger-36-above-below-mm.pdf"
    data = (PRODUCERS / name).read_bytes()
    before, _ = api.check(data, name)
    result = api.fix(data, name, ".pdf")
    assert before.verdict == "pass" and result.exit_status == 0
    assert result.placed == [] and result.changes == []
    assert "nothing to change" in result.text()
    after, _ = api.check(result.data, "fixed.pdf")
    assert after.verdict == "pass"
    assert [(m.kind, m.display_height_in, m.legend) for m in after.markers] == [
        (m.kind, m.display_height_in, m.legend) for m in before.markers]
    assert after.markers[0].bbox == pytest.approx(before.markers[0].bbox, abs=0.01)


def _hand_danger(outline: float) -> bytes:
    """A vendor's 24 in danger sign drawn by hand in inches: DANGER above the diamond
    and ROCKS below it in live Arial Bold, the diamond 16 in wide with an ``outline``."""
    slope = math.tan(math.radians(35))

    def diamond(half: float) -> str:
        return f"M10,{18 - half / slope} L{10 + half},18 L10,{18 + half / slope} L{10 - half},18 Z"

    inner = 8 - outline / math.cos(math.radians(35))
    words = ('<text x="10" y="{y}" font-family="Arial" font-weight="bold" font-size="4" '
             'text-anchor="middle" fill="#000000">{text}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="20in" height="36in" '
            f'viewBox="0 0 20 36"><rect width="20" height="36" fill="#FFFFFF"/>'
            + words.format(y=4.6, text="DANGER")
            + f'<path fill="#FF4F00" fill-rule="evenodd" d="{diamond(8)} {diamond(inner)}"/>'
            + words.format(y=34, text="ROCKS") + "</svg>").encode()


def _rows_read_back(data: bytes) -> tuple[tuple[float, float], list[tuple[str, float, float]]]:
    """The fixed SVG measured afresh: its symbol's top and bottom, and each line of its
    lettering with its top and bottom (inches, y down)."""
    facts = measure(read_svg_bytes(data, "fixed.svg"))
    _, top, _, bottom = facts.symbol.outer.bounds
    return (top, bottom), [(leg.text, leg.bbox[1], leg.bbox[1] + leg.bbox[3])
                           for leg in facts.letters.legends]


def test_words_above_and_below_a_symbol_are_rebuilt_where_they_stood() -> None:
    """A failing danger sign with DANGER above its diamond and ROCKS below: the rebuilt
    sign sets each where the vendor did (not both below, as the builder would), read
    back from the fixed file's outlines."""
    result = api.fix(_hand_danger(1.5), "danger.svg", ".svg")
    assert [c.rule for c in result.changes] == ["outline-width"], result.text()
    assert result.placed[0].design.above == "DANGER"
    assert result.placed[0].design.below == "ROCKS"
    (top, bottom), rows = _rows_read_back(result.data)
    assert [text for text, _, _ in rows] == ["DANGER", "ROCKS"]
    assert rows[0][2] < top and rows[1][1] > bottom, (top, bottom, rows)
    after, _ = api.check(result.data, "fixed.svg")
    assert after.verdict == "pass" and after.markers[0].legend == "DANGER ROCKS"


def test_a_legend_keeps_the_vendor_s_line_breaks() -> None:
    """The control sign of examples/proofs/ reads SLOW over NO WAKE; rebuilt with a 2 in
    outline it keeps those two lines (the builder alone sets SLOW / NO / WAKE)."""
    data = (ROOT / "examples" / "proofs" / "thin-outline.svg").read_bytes()
    result = api.fix(data, "thin-outline.svg", ".svg")
    assert result.placed[0].design.legend == "SLOW|NO WAKE"
    _, rows = _rows_read_back(result.data)
    assert [text for text, _, _ in rows] == ["SLOW", "NO WAKE"]
    assert rows[0][2] < rows[1][1]  # one above the other


def test_words_the_rule_wants_inside_are_moved_inside() -> None:
    """A control circle with its words only below it fails reg-control-legend: the
    repair sets them inside the circle (the vendor's place for them is the finding)."""
    data = (b'<svg xmlns="http://www.w3.org/2000/svg" width="24in" height="30in" '
            b'viewBox="0 0 24 30"><rect width="24" height="30" fill="#FFFFFF"/>'
            b'<path fill="#FF4F00" fill-rule="evenodd" d="M4,12 A8,8 0 1,0 20,12 A8,8 0 1,0 '
            b'4,12 Z M6,12 A6,6 0 1,0 18,12 A6,6 0 1,0 6,12 Z"/><text x="12" y="27" '
            b'font-family="Arial" font-weight="bold" font-size="3" text-anchor="middle" '
            b'fill="#000000">SLOW NO WAKE</text></svg>')
    before, _ = api.check(data, "control.svg")
    assert "reg-control-legend" in {f.rule for f in before.findings}
    result = api.fix(data, "control.svg", ".svg")
    design = result.placed[0].design
    assert (design.above, design.below) == (None, None) and design.legend == "SLOW NO WAKE"
    (top, bottom), rows = _rows_read_back(result.data)
    assert rows and all(top < y0 and y1 < bottom for _, y0, y1 in rows), (top, bottom, rows)
    after, _ = api.check(result.data, "fixed.svg")
    assert after.verdict == "pass"


def test_a_proof_drawn_at_a_stated_scale_stays_at_it() -> None:
    data = _sheet(f'<g transform="translate(80,60) scale(0.635)">{_danger(1.5)}</g>',
                  title="SCALE 1:4").encode()
    before, _ = api.check(data, "quarter.svg")
    assert before.markers[0].display_height_basis == "stated scale 1:4, inferred at it"
    result = api.fix(data, "quarter.svg", ".pdf")
    _assert_repaired(data, "quarter.svg", before, result)
    import pypdf

    original = read_svg_bytes(data, "q.svg")  # the page keeps its size: drawn at 1:4
    box = pypdf.PdfReader(io.BytesIO(result.data)).pages[0].mediabox
    assert (float(box.width) / 72, float(box.height) / 72) == pytest.approx(
        (original.width, original.height), abs=0.01)


def test_a_dxf_keeps_its_other_entities_and_drops_the_marker_s() -> None:
    import ezdxf

    data = _forms("nr5-09-6-c-t01-fail-small-diamond.svg", "sheet")
    art = read_svg_bytes(data, "sheet.svg")
    dxf = to_dxf(art, "mm", text=True)
    result = api.fix(dxf, "sheet.dxf", ".dxf")
    before, _ = api.check(dxf, "sheet.dxf")
    _assert_repaired(dxf, "sheet.dxf", before, result)
    texts = [e.dxf.text for e in ezdxf.read(io.StringIO(result.data.decode())).modelspace()
             if e.dxftype() == "TEXT"]
    assert "LAKESIDE SIGN CO. - PROOF #2291" in texts and "ROCKS" not in texts


# ------------------------------------------------------------------ design files

def test_a_design_file_comes_back_corrected(tmp_path: Path) -> None:
    design = tmp_path / "design.yaml"
    design.write_text("kind: danger\ndisplay_height: 10\noutline: 1.5\nlegend: ROCKS\n"
                      "colors:\n  orange: '#FFB300'\n")
    out = tmp_path / "fixed.yaml"
    result = invoke(CliRunner(), "fix", str(design), "-o", str(out))
    assert result.exit_code == 0, result.output
    assert out.read_text() == "kind: danger\ndisplay_height: 12.0\nlegend: ROCKS\n"
    for line in ("display area height 10.00 -> 12.00 in, NR 5.09(6)(a)",
                 "outline 1.50 -> 2.00 in, NR 5.09(6)(b)",
                 "symbol color #FFB300 -> international orange #FF4F00, NR 5.09(2)(b)1-4"):
        assert line in result.stdout
    assert api.check(out.read_bytes(), "fixed.yaml")[0].verdict == "pass"


# ------------------------------------------------------------------ the overlay page

def test_the_overlay_draws_the_compliant_outline_at_the_spec_s_size() -> None:
    """Measured twice: the outline's path read back from the SVG, and its blue pixels
    counted on the page rasterised at 50 dpi; both give the width ``spec`` gives."""
    import cairosvg
    import numpy as np
    from PIL import Image

    from render.svg import COMPLIANT_INK

    _, result = _fixed("nr5-09-6-c-t01-fail-small-diamond.svg", overlay=True)
    want = next(d["value"] for d in api.spec(result.placed[0].design)["dimensions"]
                if d["name"].startswith("diamond outside width"))
    [page] = result.overlay
    root = ET.fromstring(page)
    path = next(e for e in root.iter() if e.get("id") == "compliant-0-orange")
    xs = [float(x) for x in re.findall(r"[ML]\s*(-?[\d.]+)", path.get("d"))]
    assert max(xs) - min(xs) == pytest.approx(want, abs=0.005)
    dpi = 50
    png = Image.open(io.BytesIO(cairosvg.svg2png(bytestring=page, dpi=dpi))).convert("RGB")
    pixels = np.asarray(png).astype(int)
    ink = np.array([int(COMPLIANT_INK[i:i + 2], 16) for i in (1, 3, 5)])
    blue = np.abs(pixels - ink).sum(axis=2) < 60
    top = float(root.get("viewBox").split(",")[1])  # the banner above the page
    row = round((12.0 - top) * dpi)  # the diamond's widest, at mid-height of 24 in
    columns = np.nonzero(blue[row - 1:row + 2].any(axis=0))[0] / dpi
    inside = columns[(columns > 1.0) & (columns < 19.0)]  # not the panel's edges
    assert inside.max() - inside.min() == pytest.approx(want, abs=3 / dpi)


def test_the_report_holds_the_clerk_s_page_and_the_overlay(tmp_path: Path) -> None:
    import pypdf

    out, report = tmp_path / "fixed.pdf", tmp_path / "report.pdf"
    proof = DEFECTS / "nr5-09-6-b-t01-fail-thin-outline.svg"
    result = invoke(CliRunner(), "fix", str(proof), "-o", str(out), "--report", str(report))
    assert result.exit_code == 0, result.output
    assert "1. outline 1.50 -> 2.00 in, NR 5.09(6)(b)" in result.stdout
    pages = [page.extract_text() for page in pypdf.PdfReader(report).pages]
    clerk, overlay = pages[:-1], pages[-1]  # the clerk's report runs over as it needs
    # every page names the bytes that were read and repaired (issue 31: it said "none:
    # the file could not be read")
    digest = f"SHA-256 {hashlib.sha256(proof.read_bytes()).hexdigest()}"
    assert clerk and "FAIL" in clerk[0] and all(digest in page for page in clerk)
    assert not any("could not be read" in page for page in pages)
    assert "outline 1.50 -> 2.00 in" in overlay and "FAIL" not in overlay
    assert api.check(out.read_bytes(), "fixed.pdf")[0].verdict == "pass"


# ------------------------------------------------------------------ the command line

def test_what_cannot_be_repaired_is_listed_and_no_file_is_made(tmp_path: Path) -> None:
    out = tmp_path / "fixed.svg"
    result = invoke(CliRunner(), "fix", str(DEFECTS / "nr5-09-2-a-5-t02-fail-odd-number-on-red.svg"),
                    "-o", str(out))
    assert result.exit_code == 1 and not out.exists()
    assert "NOT REPAIRED" in result.stdout and "the plan's to choose" in result.stdout


@pytest.mark.parametrize("args,words", [
    (("missing.svg", "-o", "x.svg"), "no such file"),
    ((str(DEFECTS / ALL[0]), "-o", "x.png"), "not .png"),
    ((str(DEFECTS / ALL[0]), "-o", str(DEFECTS / ALL[0])), "that is the proof"),
])
def test_a_mistake_is_one_line_and_exit_2(args, words: str) -> None:
    assert_user_error(invoke(CliRunner(), "fix", *args), words)


def test_cli_module_has_the_command() -> None:
    assert "fix" in cli_module.cli.commands


# ------------------------------------------------------------------ the web page

def test_the_web_page_offers_the_compliant_version_of_a_failing_proof() -> None:
    from starlette.testclient import TestClient

    from web.app import Settings, create_app
    from web_helpers import form_token

    thin = (DEFECTS / "nr5-09-6-b-t01-fail-thin-outline.svg").read_bytes()
    odd = (DEFECTS / "nr5-09-2-a-5-t02-fail-odd-number-on-red.svg").read_bytes()
    with TestClient(create_app(Settings(workers=1, deadline_s=60)),
                    base_url="http://127.0.0.1:8509") as client:
        token, batch = form_token(client.get("/check").text)
        client.post("/check", data={"token": token, "batch": batch},
                    files=[("files", ("thin.svg", thin, "image/svg+xml")),
                           ("files", ("odd.svg", odd, "image/svg+xml"))])
        page = client.get(f"/check/{batch}").text
        assert f"/check/{batch}/0/fix/file" in page
        # no link where no compliant version can be made: what cannot be repaired instead,
        # known from the check (no second run of fix)
        assert f"/check/{batch}/1/fix/file" not in page
        odd_item = page[page.index('id="item-1"'):]
        assert "No compliant version can be made of it" in odd_item
        assert "which one is the plan" in odd_item.split("</section>")[0]
        fixed = client.get(f"/check/{batch}/0/fix/file")
        assert fixed.status_code == 200
        assert 'filename="thin-compliant.svg"' in fixed.headers["content-disposition"]
        assert api.check(fixed.content, "fixed.svg")[0].verdict == "pass"
        report = client.get(f"/check/{batch}/0/fix/report.pdf")
        assert report.content.startswith(b"%PDF")
        refused = client.get(f"/check/{batch}/1/fix/file")
        assert refused.status_code == 422 and "plan's to choose" in refused.text
        assert len(refused.text.strip().splitlines()) == 1


def test_a_display_height_the_panel_does_not_show_is_stated_beside_a_title_block() -> None:
    """A 12 in control sign drawn on its 12 in panel beside a title block, its outline
    1.5 in: rebuilt, it stands on its 14 in blank, which a page that declares nothing
    would be read by; so the repair states "DISPLAY AREA 12 IN" above it, as a proof's
    note does, and the fixed sheet passes at 12 in (stated)."""
    from proof_forms import proof_sheet

    sign = ('<svg xmlns="http://www.w3.org/2000/svg" width="12in" height="12in" viewBox="0 0 '
            '12 12"><rect width="12" height="12" fill="#FFFFFF"/><path fill="#FF4F00" '
            'fill-rule="evenodd" d="M0.5 6a5.5 5.5 0 1 0 11 0a5.5 5.5 0 1 0 -11 0z M2 6a4 4 0 '
            '1 0 8 0a4 4 0 1 0 -8 0z"/><text x="6" y="6.6" font-family="sans-serif" '
            'font-size="1.6" font-weight="bold" text-anchor="middle">5 MPH</text></svg>')
    data = proof_sheet(sign.encode(), "sign.svg", 12.0, 12.0)
    before, _ = api.check(data, "sheet.svg")
    assert before.markers[0].display_height_in == 12.0
    result = api.fix(data, "sheet.svg", ".svg")
    _assert_repaired(data, "sheet.svg", before, result)
    marker = result.fixed_report.markers[0]
    assert (marker.display_height_in, marker.display_height_basis) == (12.0, "stated")
    assert b">DISPLAY AREA 12 IN</text>" in result.data


def test_a_proof_of_two_pages_keeps_its_cover() -> None:
    import pypdf

    from proof_writers import naive_cmyk, to_reportlab_pdf

    art = read_svg_bytes(_forms("nr5-09-6-b-t01-fail-thin-outline.svg", "svg"), "thin.svg")
    pdf = to_reportlab_pdf(art, {layer.hex: naive_cmyk(layer.hex) for layer in art.layers},
                           pages_before=1, text=True)
    before, _ = api.check(pdf, "two.pdf")
    result = api.fix(pdf, "two.pdf", ".pdf")
    _assert_repaired(pdf, "two.pdf", before, result)
    pages = pypdf.PdfReader(io.BytesIO(result.data)).pages
    assert len(pages) == 2 and "PROOF FOR APPROVAL" in pages[0].extract_text()
    assert result.fixed_report.markers[0].page == 2
    with pytest.raises(WsmarkError, match="a proof of 2 pages is repaired as one .pdf"):
        api.fix(pdf, "two.pdf", ".svg")
