"""A sign shop's proof furniture that is no part of the marker (found by
tests/producers/fifth_batch.py):

- a drop shadow, a grey copy of the blank painted under it a little down and aside,
  shows as an L along two edges of the panel: it is not lettering (it was judged a grey
  legend, 'reg-legend-color', and read as the letters '_|');
- a QR-like grid of black squares in the title block is not lettering: its modules,
  0.05 in each, set the letter height by which outlined lettering is joined into words,
  so a title stating the size was never read, and the grid itself was text that could
  not be read (a fail against the inferred H became a review);
- a cover sheet whose only colors are the shop's logo holds no marker when the other
  pages hold markers many times its size (it was judged a marker failing 'reg-shape');
- a mounting hole drawn as a white disc with a black keyline round it is one hole: the
  disc and its ring share a centre, which made the holes not "apart", so they were kept
  as the marker's and their rings read as words above and below the symbol (H inferred
  33.21 in on a 36 in blank);
- the shop's colored band across its title column, its name in white on it, is no
  marker (it was judged a distress flag, or an information sign): a bar far thinner than
  the marker beside it is a mark, as a logo is;
- a print proof's guides: a safe line drawn on the blank parallel to its edge all round
  (solid or dashed, magenta) is no smaller panel inside it (the blank was taken for the
  page, the sign for an orange ball with no white: 'reg-shape'), nor the sign's
  lettering ('reg-legend-color'); a bleed line round the blank is a border. A sign drawn
  inside a trim line on a white page keeps the page's white inside the line as its
  panel's.

The drawings are SVGs written here, in inches.
"""

from __future__ import annotations

import hashlib

import pytest
from ocr_corpus import font_file, outline_text
from shapely import affinity
from shapely.geometry.base import BaseGeometry
from wi import PACK, check_svg_text

from markers.check import pipeline
from markers.check.layout.panels import drop_shadows
from markers.check.layout.parts import parts
from markers.core.shapes import polygons
from markers.read import read_drawing

ORANGE, BLACK, GREY = "#FF4F00", "#000000", "#999999"


def _svg(width: float, height: float, body: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}in" height="{height}in" '
            f'viewBox="0 0 {width} {height}">{body}</svg>')


def _outlined(lines: list[str], x: float, top: float, cap: float) -> str:
    """``lines`` outlined in DejaVu Sans Bold, centred on ``x``, as one evenodd path."""
    text: BaseGeometry = affinity.translate(
        outline_text(lines, font_file("DejaVu Sans Bold"), None, cap), x, top)
    rings = [ring for p in polygons(text) for ring in (p.exterior, *p.interiors)]
    d = " ".join("M " + " L ".join(f"{a:.4f},{b:.4f}" for a, b in ring.coords[:-1]) + " Z"
                 for ring in rings)
    return f'<path fill-rule="evenodd" fill="{BLACK}" d="{d}"/>'


def _control(x: float, y: float, shadow: float = 0.0, title: str = "") -> str:
    """A 24 in control sign on a 24 in square blank at (x, y), '5 MPH' outlined inside,
    a grey shadow ``shadow`` in down and right under the blank, ``title`` outlined
    under it in a title block."""
    c = 12.0
    out = [f'<rect x="{x + shadow}" y="{y + shadow}" width="24" height="24" fill="{GREY}"/>'
           if shadow else "",
           f'<rect x="{x}" y="{y}" width="24" height="24" fill="#FFFFFF"/>',
           f'<circle cx="{x + c}" cy="{y + c}" r="9" fill="none" stroke="{ORANGE}" '
           'stroke-width="2"/>', _outlined(["5 MPH"], x + c, y + c - 1.25, 2.5)]
    if title:
        out += [f'<rect x="{x}" y="{y + 26}" width="24" height="1.4" fill="none" '
                f'stroke="{BLACK}" stroke-width="0.02"/>',
                _outlined([title], x + 12, y + 26.5, 0.4)]
    return "".join(out)


def _qr(x: float, y: float, n: int = 25, module: float = 0.05) -> str:
    """A QR-like grid: modules set by a fixed hash, each row's runs one rectangle."""
    out = []
    for i in range(n):
        j = 0
        while j < n:
            if hashlib.sha256(f"{i},{j}".encode()).digest()[0] < 128 or i in (0, n - 1):
                start = j
                while j < n and (hashlib.sha256(f"{i},{j}".encode()).digest()[0] < 128
                                 or i in (0, n - 1)):
                    j += 1
                out.append(f'<rect x="{x + start * module:.3f}" y="{y + i * module:.3f}" '
                           f'width="{(j - start) * module:.3f}" height="{module}" '
                           f'fill="{BLACK}"/>')
            j += 1
    return "".join(out)


@pytest.mark.parametrize("shadow", [0.0, 0.35, 0.8])
def test_a_drop_shadow_under_the_blank_is_set_aside(tmp_path, shadow) -> None:
    report = check_svg_text(tmp_path, f"shadow-{shadow}",
                            _svg(30, 30, _control(2, 2, shadow)))
    assert (report.kind, report.verdict) == ("control", "pass"), report.findings
    assert report.display_height_in == pytest.approx(24.0, abs=0.05)
    aside = " ".join(f.message for f in report.findings if f.rule == "set-aside")
    assert ("drop shadow at" in aside) == bool(shadow), aside


def test_a_grey_area_unlike_the_blank_is_no_shadow() -> None:
    """A grey bar under the blank, or a grey block of another size, stays what it is."""
    bar = _svg(30, 30, f'<rect x="2.35" y="2.35" width="24" height="12" fill="{GREY}"/>'
                       + _control(2, 2))
    far = _svg(40, 40, f'<rect x="6" y="6" width="24" height="24" fill="{GREY}"/>'
                       + _control(2, 2))
    for text in (bar, far):
        [art] = read_drawing(text.encode(), "sign.svg")
        assert drop_shadows(parts(art)) == []
    [art] = read_drawing(_svg(30, 30, _control(2, 2, 0.35)).encode(), "sign.svg")
    [shadow] = drop_shadows(parts(art))
    assert parts(art)[shadow].hex.upper() == GREY


@pytest.mark.parametrize("with_code", [False, True])
def test_a_code_grid_beside_the_title_leaves_the_title_read(tmp_path, with_code) -> None:
    """The sign's circle is for 27 in on a panel stated 24 in: the stated size makes it a
    fail, with or without a QR-like grid beside the title (without the statement, an
    inferred H would be 27 in and the sign a pass)."""
    c = 13.5
    sign = ('<rect x="2" y="2" width="27" height="27" fill="#FFFFFF"/>'
            f'<circle cx="{2 + c}" cy="{2 + c}" r="10" fill="none" stroke="{ORANGE}" '
            'stroke-width="2"/>' + _outlined(["5 MPH"], 2 + c, 2 + c - 1.25, 2.5)
            + f'<rect x="2" y="31" width="27" height="1.4" fill="none" stroke="{BLACK}" '
            'stroke-width="0.02"/>' + _outlined(["24 IN CONTROL SIGN"], 15.5, 31.5, 0.4))
    text = _svg(40, 36, sign + (_qr(32, 31) if with_code else ""))
    report = check_svg_text(tmp_path, f"code-{with_code}", text)
    assert report.display_height_basis == "stated", report.findings
    assert report.display_height_in == pytest.approx(24.0, abs=0.05)
    errors = {f.rule for f in report.findings if f.severity == "error"}
    assert errors == {"symbol-size"}, report.findings
    assert not [f for f in report.findings if f.severity == "review"], report.findings


def _pages(*bodies: str) -> list:
    return [read_drawing(_svg(30, 32, body).encode(), "page.svg")[0] for body in bodies]


def _logo() -> str:
    return ('<rect x="0.5" y="0.5" width="29" height="31" fill="none" stroke="#000" '
            'stroke-width="0.02"/><circle cx="3" cy="3" r="0.6" fill="#0033A0"/>'
            '<path d="M 3,2.55 L 3.5,3.45 L 2.5,3.45 Z" fill="#009A44"/>'
            + _outlined(["LAKESHORE SIGN CO."], 9, 2.6, 0.35))


def test_a_cover_sheet_with_a_logo_holds_no_marker() -> None:
    pages = _pages(_logo(), _control(2, 2, title="24 IN CONTROL SIGN"))
    report = pipeline.judge_pages(pages, "proof.pdf", pipeline.CheckOptions(), PACK)
    assert [(m.page, m.kind, m.verdict) for m in report.markers] == [(2, "control", "pass")]
    aside = " ".join(f.message for f in report.findings if f.rule == "set-aside")
    assert "page 1, which holds no marker" in aside


def test_a_logo_alone_is_still_judged() -> None:
    """With no marker on any other page, the logo's page is judged as the drawing: no
    marker found, not a silent pass."""
    report = pipeline.judge_pages(_pages(_logo()), "logo.pdf", pipeline.CheckOptions(), PACK)
    assert report.verdict == "fail"
    assert "reg-shape" in {f.rule for f in report.findings if f.severity == "error"}


def _holes(x: float, y: float, side: float, inset: float) -> str:
    """Four 3/8 in holes ``inset`` from the corners: white discs with a black keyline."""
    return "".join(f'<circle cx="{cx}" cy="{cy}" r="0.1875" fill="#FFFFFF" stroke="{BLACK}" '
                   'stroke-width="0.02"/>'
                   for cx in (x + inset, x + side - inset) for cy in (y + inset, y + side - inset))


def test_a_white_hole_with_a_keyline_is_one_mounting_hole(tmp_path) -> None:
    report = check_svg_text(tmp_path, "holes",
                            _svg(28, 28, _control(2, 2) + _holes(2, 2, 24, 1)))
    assert (report.kind, report.verdict) == ("control", "pass"), report.findings
    assert report.display_height_in == pytest.approx(24.0, abs=0.05)
    assert report.display_height_basis == "inferred"
    aside = " ".join(f.message for f in report.findings if f.rule == "set-aside")
    assert aside.count("mounting hole at") == 4, aside


@pytest.mark.parametrize("band", [ORANGE, "#0033A0"])
def test_the_shops_band_atop_its_title_column_is_no_marker(tmp_path, band) -> None:
    column = (f'<rect x="28" y="2" width="11" height="1.2" fill="{band}"/>'
              + _outlined(["LAKESHORE SIGN CO."], 33.5, 2.35, 0.5).replace(BLACK, "#FFFFFF"))
    sign = _control(2, 2, title="24 IN CONTROL SIGN")
    report = check_svg_text(tmp_path, "band", _svg(41, 32, sign + column))
    assert [(m.kind, m.verdict) for m in report.markers] == [("control", "pass")], \
        report.findings


def test_a_wide_information_sign_beside_a_tall_one_is_a_marker(tmp_path) -> None:
    """A long sign is no bar: its rectangle is at most a few times as long as tall."""
    wide = ('<rect x="30" y="2" width="40" height="12" fill="#FFFFFF"/>'
            f'<rect x="32" y="4" width="36" height="8" fill="none" stroke="{ORANGE}" '
            'stroke-width="2"/>' + _outlined(["NO WAKE ZONE AHEAD"], 50, 6.75, 2.5))
    report = check_svg_text(tmp_path, "wide", _svg(72, 30, _control(2, 2) + wide))
    assert [m.kind for m in report.markers] == ["control", "information"], report.findings


def _guides(dashed: bool, bleed: bool = True) -> str:
    """A magenta safe line 0.5 in inside the 24 in blank at (2, 2), a cyan bleed line
    1/8 in outside it, their labels in the margin."""
    dash = ' stroke-dasharray="0.25,0.15"' if dashed else ""
    out = (f'<rect x="2.5" y="2.5" width="23" height="23" fill="none" stroke="#FF00FF" '
           f'stroke-width="0.02"{dash}/>'
           + _outlined(["SAFE 0.5 IN"], 28.5, 2.5, 0.3).replace(BLACK, "#FF00FF"))
    if bleed:
        out += ('<rect x="1.875" y="1.875" width="24.25" height="24.25" fill="none" '
                f'stroke="#00AEEF" stroke-width="0.02"{dash}/>'
                + _outlined(["BLEED 1/8 IN"], 28.5, 3.5, 0.3).replace(BLACK, "#00AEEF"))
    return out


@pytest.mark.parametrize("dashed", [False, True])
@pytest.mark.parametrize("bleed", [False, True])
def test_a_safe_line_on_the_blank_is_a_guide(tmp_path, dashed, bleed) -> None:
    page = '<rect width="32" height="30" fill="#FFFFFF"/>'
    report = check_svg_text(tmp_path, f"guides-{dashed}-{bleed}",
                            _svg(32, 30, page + _control(2, 2) + _guides(dashed, bleed)))
    assert (report.kind, report.verdict) == ("control", "pass"), report.findings
    assert report.display_height_in == pytest.approx(24.0, abs=0.05)
    aside = " ".join(f.message for f in report.findings if f.rule == "set-aside")
    assert "guide line at [2.49, 2.49, 23.02, 23.02]" in aside, aside


def test_a_sign_inside_a_trim_line_on_a_white_page_has_the_white_inside_it(tmp_path) -> None:
    """No white blank of its own: the trim line's inside is the panel, the page's white
    in it the panel's white (not an orange ball on nothing)."""
    page = '<rect width="28" height="28" fill="#FFFFFF"/>'
    sign = _control(2, 2).replace('fill="#FFFFFF"', 'fill="none" stroke="#000000" '
                                                     'stroke-width="0.01"', 1)
    report = check_svg_text(tmp_path, "trim", _svg(28, 28, page + sign))
    assert (report.kind, report.verdict) == ("control", "pass"), report.findings
    assert report.display_height_in == pytest.approx(24.0, abs=0.05)
