"""Outlined lettering judged on what it says, and colors judged with their bounds
(issue 10): drawings written here by hand, not by wsmark's builders, with their
lettering outlined from other fonts (DejaVu Sans Bold from matplotlib's data, Arimo
Bold from PyPI) by fontTools, in centimetres and millimetres, written as evenodd paths
the way a sign shop's "convert to outlines" leaves them.
"""

from __future__ import annotations

import math

import pytest
from shapely import affinity
from shapely.geometry.base import BaseGeometry

import ocr_corpus as corpus
from wi import check_svg_text

SVG = 'xmlns="http://www.w3.org/2000/svg"'
RED, GREEN, WHITE, ORANGE, BLACK = "#C8102E", "#00843D", "#FFFFFF", "#FF4F00", "#000000"
DEJAVU, ARIMO = "DejaVu Sans Bold", "Liberation Sans Bold"


def _glyphs(lines: list[str], font: str, cap: float, cx: float, top: float,
            holes: bool = True) -> str:
    """``lines`` outlined in ``font`` at ``cap`` (drawing units), centred on ``cx`` with
    the first line's top at ``top``, as one evenodd path's data; without ``holes`` the
    glyphs' counters are filled in."""
    weight = corpus.FONTS[font][1]
    geom: BaseGeometry = corpus.outline_text(lines, corpus.font_file(font, pypi_only=True),
                                             weight, cap)
    geom = affinity.translate(geom, cx, top)
    rings = []
    for poly in getattr(geom, "geoms", [geom]):
        for ring in (poly.exterior, *(poly.interiors if holes else ())):
            pts = list(ring.coords)[:-1]
            rings.append("M" + "L".join(f"{x:.3f} {y:.3f}" for x, y in pts) + "Z")
    return "".join(rings)


_check = check_svg_text


def _by_rule(report) -> dict:
    return {f.rule: f for f in report.findings}


def _red_aid(ws_id: str, font: str, holes: bool = True) -> str:
    """A red daymark 100 x 90 cm, its id outlined white, 9 cm (3.5 in) letters."""
    d = _glyphs([ws_id], font, 9.0, 50, 70, holes)
    return (f'<svg {SVG} width="100cm" height="90cm" viewBox="0 0 100 90">'
            f'<polygon points="2,88 98,88 50,3" fill="{RED}"/>'
            f'<path fill-rule="evenodd" fill="{WHITE}" d="{d}"/></svg>')


def _green_aid(ws_id: str, font: str) -> str:
    """A green daymark 600 x 600 mm, its id outlined white, 90 mm letters."""
    d = _glyphs([ws_id], font, 90.0, 300, 255)
    return (f'<svg {SVG} width="600mm" height="600mm" viewBox="0 0 600 600">'
            f'<rect x="10" y="10" width="580" height="580" fill="{GREEN}"/>'
            f'<path fill-rule="evenodd" fill="{WHITE}" d="{d}"/></svg>')


@pytest.mark.parametrize("font", [DEJAVU, ARIMO])
def test_outlined_odd_id_on_a_red_aid_fails_parity(tmp_path, font):
    report = _check(tmp_path, "red-ws3", _red_aid("WS-3", font))
    assert report.kind == "aid-red" and report.verdict == "fail"
    finding = _by_rule(report)["aid-id-parity"]
    assert finding.severity == "error" and finding.measured == "WS-3"
    assert "read from the outlines" in finding.message
    marker = report.markers[0]
    assert (marker.ws_id, marker.legend, marker.text_basis) == ("WS-3", "WS-3", "outlines")


def test_outlined_even_id_on_a_red_aid_passes(tmp_path):
    report = _check(tmp_path, "red-ws4", _red_aid("WS-4", DEJAVU))
    assert report.verdict == "pass", report.findings
    assert report.markers[0].ws_id == "WS-4"


@pytest.mark.parametrize("font", [DEJAVU, ARIMO])
def test_outlined_even_id_on_a_green_aid_fails_parity(tmp_path, font):
    report = _check(tmp_path, "green-ws2", _green_aid("WS-2", font))
    assert report.kind == "aid-green" and report.verdict == "fail"
    finding = _by_rule(report)["aid-id-parity"]
    assert finding.severity == "error" and finding.measured == "WS-2"


def test_canadian_stop_sign_as_a_red_aid_fails_id_format(tmp_path):
    """A red octagon with a white border and white outlined STOP, declared a red aid."""
    def octagon(r: float) -> str:
        return " ".join(f"{45 + r * math.cos(math.radians(22.5 + 45 * i)):.3f},"
                        f"{45 + r * math.sin(math.radians(22.5 + 45 * i)):.3f}"
                        for i in range(8))
    d = _glyphs(["STOP"], ARIMO, 18.0, 45, 36)
    report = _check(tmp_path, "stop", f"""<svg {SVG} width="90cm" height="90cm"
 viewBox="0 0 90 90"><desc>design: {{"kind": "aid-red"}}</desc>
 <polygon points="{octagon(44)}" fill="{WHITE}"/><polygon points="{octagon(41)}" fill="{RED}"/>
 <path fill-rule="evenodd" fill="{WHITE}" d="{d}"/></svg>""")
    assert report.verdict == "fail"
    finding = _by_rule(report)["aid-id-format"]
    assert finding.severity == "error" and finding.measured == "STOP"


def test_glyphs_that_disagree_with_the_reading_are_review_never_pass(tmp_path):
    """A red aid whose outlined "WS-2" stands on a white bar that joins its letters into
    one shape: whatever the engine reads there, four characters are not one letter
    group, so the id is not judged (review), neither passed nor failed."""
    text = _red_aid("WS-2", DEJAVU).replace(
        "</svg>", f'<rect x="30" y="78.4" width="40" height="1.6" fill="{WHITE}"/></svg>')
    report = _check(tmp_path, "red-joined", text)
    assert report.verdict == "review", report.findings
    finding = _by_rule(report)["aid-id-format"]
    assert finding.severity == "review" and "could not be judged" in finding.message
    assert report.markers[0].ws_id is None and report.markers[0].text_basis == "outlines"


def _control(legend_lines: list[str], font: str, ink: str = BLACK) -> str:
    """A 24 in control sign in inches: white panel, orange ring 16 in across inside
    (2/3 H) with a 2 in outline, the legend outlined inside it."""
    d = _glyphs(legend_lines, font, 2.0, 12, 9.2)
    return (f'<svg {SVG} width="24in" height="24in" viewBox="0 0 24 24">'
            f'<rect width="24" height="24" fill="{WHITE}"/>'
            f'<path fill-rule="evenodd" fill="{ORANGE}" d="M2 12a10 10 0 1 0 20 0a10 10 0 1 0 -20 0Z'
            f'M4 12a8 8 0 1 0 16 0a8 8 0 1 0 -16 0Z"/>'
            f'<path fill-rule="evenodd" fill="{ink}" d="{d}"/></svg>')


@pytest.mark.parametrize("font", [DEJAVU, ARIMO])
def test_outlined_control_legend_is_read_and_reported(tmp_path, font):
    report = _check(tmp_path, "control", _control(["NO", "WAKE"], font))
    assert report.kind == "control"
    marker = report.markers[0]
    assert (marker.legend, marker.text_basis) == ("NO WAKE", "outlines")
    assert "reg-control-legend" not in _by_rule(report), report.findings


def test_grey_lettering_is_not_green(tmp_path):
    """#666666 lettering is "other", named with its hex and nearest family."""
    report = _check(tmp_path, "grey-legend", _control(["NO", "WAKE"], DEJAVU, "#666666"))
    finding = _by_rule(report)["reg-legend-color"]
    assert finding.measured == "other" and "green" not in finding.measured
    assert "#666666" in finding.message and "nearest" in finding.message


def test_face_color_beyond_every_family_names_hex_and_nearest(tmp_path):
    """A teal daymark declared green: #006060 is no green (dE2000 24 > 20)."""
    text = _green_aid("WS-3", DEJAVU).replace(GREEN, "#006060").replace(
        "<rect", '<desc>design: {"kind": "aid-green"}</desc><rect', 1)
    report = _check(tmp_path, "teal", text)
    finding = _by_rule(report)["aid-color"]
    assert finding.severity == "error" and finding.measured == "other"
    assert "other (#006060, nearest green)" in finding.message


@pytest.mark.parametrize(("paint", "rule"), [
    ("#FFB300", "reg-symbol-color"),  # amber (a yellow, RULES.md)
    ("#8B4513", "reg-symbol-color"),  # brown ("other", nearest red)
])
def test_amber_and_brown_fail_as_orange(tmp_path, paint, rule):
    report = _check(tmp_path, "amber", _control(["NO", "WAKE"], DEJAVU).replace(ORANGE, paint))
    finding = _by_rule(report)[rule]
    assert finding.severity == "error" and finding.measured in ("yellow", "other")
    assert paint in finding.message and report.verdict == "fail"


@pytest.mark.parametrize("grey", ["#999999", "#CCCCCC"])
def test_grey_ground_fails_as_white(tmp_path, grey):
    text = _control(["NO", "WAKE"], DEJAVU).replace(
        f'<rect width="24" height="24" fill="{WHITE}"/>',
        f'<rect width="24" height="24" fill="{grey}"/>')
    report = _check(tmp_path, "grey", text)
    assert report.verdict == "fail"
    assert any(f.severity == "error" and grey in f.message for f in report.findings), \
        report.findings


def test_color_between_two_families_is_review(tmp_path):
    """#F04000 is orange at dE2000 4.5 and red at 5.2: the drawing cannot settle it."""
    report = _check(tmp_path, "red-orange", _control(["NO", "WAKE"], DEJAVU)
                    .replace(ORANGE, "#F04000"))
    finding = _by_rule(report)["reg-symbol-color"]
    assert finding.severity == "review" and report.verdict == "review"
    assert "orange" in finding.message and "red" in finding.message
