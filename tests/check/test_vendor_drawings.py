"""Misreads found by reviewers (issue 10), each a drawing written here by hand, not by
wsmark's builders (other units, groups, strokes), named after the defect, judged with
the verdict and rule id a reviewer expects."""

from __future__ import annotations

import json
import math

import pytest

from cli import cli
from wi import check_svg_text

SVG = 'xmlns="http://www.w3.org/2000/svg"'
ORANGE, WHITE, RED, GREEN, BLUE = "#FF4F00", "#FFFFFF", "#C8102E", "#00A651", "#0072CE"


_check = check_svg_text


def _errors(report) -> dict:
    return {f.rule: f for f in report.findings if f.severity == "error"}


def _pts(points) -> str:
    return " ".join(f"{x:.3f},{y:.3f}" for x, y in points)


def _diamond(cx: float, cy: float, a: float) -> list[tuple[float, float]]:
    b = a / math.tan(math.radians(35))
    return [(cx, cy - b), (cx + a, cy), (cx, cy + b), (cx - a, cy)]


def test_red_aid_text_without_ws_prefix_fails_id_format(tmp_path):
    """A red daymark in cm whose <text> reads "2": the id is "2", not unread."""
    report = _check(tmp_path, "red-aid-text-2", f"""<svg {SVG} width="50cm" height="45cm"
 viewBox="0 0 50 45"><g fill="{RED}"><polygon points="2,43 48,43 25,3"/></g>
 <text x="25" y="37" font-family="DejaVu Sans" font-weight="bold" font-size="12"
 text-anchor="middle" fill="{WHITE}">2</text></svg>""")
    assert report.kind == "aid-red" and report.verdict == "fail"
    finding = _errors(report)["aid-id-format"]
    assert finding.measured == "2" and "not read" not in finding.message
    assert report.markers[0].ws_id == "2" and report.markers[0].text_basis == "text"


def test_aid_without_any_id_fails_id_format_not_letter_height(tmp_path):
    """A green square in mm with nothing on it."""
    report = _check(tmp_path, "green-aid-no-id", f"""<svg {SVG} width="500mm" height="500mm"
 viewBox="0 0 500 500"><g fill="{GREEN}"><rect x="20" y="20" width="460" height="460"/></g>
 </svg>""")
    assert report.kind == "aid-green" and report.verdict == "fail"
    assert set(_errors(report)) == {"aid-id-format"}
    assert report.markers[0].text_basis == "none"


def test_outlined_id_not_read_is_review_never_pass(tmp_path):
    """A red daymark whose "WS-3" is drawn as paths (block strokes): not confirmed by its shapes, review."""
    strokes = "".join(f'<rect x="{x}" y="24" width="1.2" height="9"/>' for x in (15, 19, 23))
    report = _check(tmp_path, "red-aid-outlined-id", f"""<svg {SVG} width="50cm"
 height="45cm" viewBox="0 0 50 45"><polygon points="2,43 48,43 25,3" fill="{RED}"/>
 <g fill="{WHITE}">{strokes}<rect x="27" y="24" width="6" height="1.2"/></g></svg>""")
    assert report.verdict == "review"
    [finding] = [f for f in report.findings if f.severity == "review"]
    assert finding.rule == "aid-id-format" and "could not be judged" in finding.message
    assert report.markers[0].text_basis == "outlines" and report.markers[0].ws_id is None


def _exclusion(painted_quarters: int) -> str:
    """An exclusion diamond at H = 24 in tenths of an inch, outline 2 in, a + cross;
    ``painted_quarters`` of its white quarters overpainted orange."""
    a = 80.0
    inner = a * (1 - 20 / (a * math.cos(math.radians(35))))
    bi = inner / math.tan(math.radians(35))
    quarters = [[(120, 120), (120, 120 - bi), (120 + inner, 120)],
                [(120, 120), (120, 120 + bi), (120 - inner, 120)]]
    paint = "".join(f'<polygon points="{_pts(q)}"/>' for q in quarters[:painted_quarters])
    return f"""<svg {SVG} width="24in" height="24in" viewBox="0 0 240 240">
 <rect width="240" height="240" fill="{WHITE}"/>
 <g fill="{ORANGE}"><path fill-rule="evenodd" d="M{_pts(_diamond(120, 120, a))}Z
 M{_pts(_diamond(120, 120, inner))}Z"/>
 <rect x="110" y="{120 - bi:.3f}" width="20" height="{2 * bi:.3f}"/>
 <rect x="{120 - inner:.3f}" y="110" width="{2 * inner:.3f}" height="20"/>{paint}</g></svg>"""


@pytest.mark.parametrize("painted", [1, 2])
def test_exclusion_with_orange_quarters_fails(tmp_path, painted):
    report = _check(tmp_path, f"exclusion-{painted}-orange-quarters", _exclusion(painted))
    assert report.kind == "exclusion" and report.verdict == "fail"
    finding = _errors(report)["reg-exclusion-cross"]
    assert finding.citation.startswith("NR 5.09(2)(b)2")
    assert finding.measured == f"{4 - painted} white quarters"


def test_exclusion_with_white_quarters_passes(tmp_path):
    report = _check(tmp_path, "exclusion-white-quarters", _exclusion(0))
    assert report.kind == "exclusion" and "reg-exclusion-cross" not in _errors(report)


def test_green_can_with_text_id_and_no_reflector_is_a_green_aid(tmp_path):
    """A green can 12 in across, 36 in out, WS-1 as <text>, waterline drawn, grouped."""
    report = _check(tmp_path, "green-can-no-reflector", f"""<svg {SVG} width="16in"
 height="40in" viewBox="0 0 16 40"><g transform="translate(2 0)">
 <rect width="12" height="36" fill="{GREEN}"/>
 <text x="6" y="20" font-size="4.3" text-anchor="middle" fill="{WHITE}">WS-1</text></g>
 <line id="waterline" x1="0" y1="36" x2="16" y2="36" stroke="#000" stroke-width="0.05"/>
 </svg>""")
    assert report.kind == "aid-green" and report.verdict == "fail"
    assert "reflector-band" in _errors(report)


def _sphere(band: bool, waterline: bool) -> str:
    """A white sphere 24 in across (in mm), riding 18 in out of the water: drawn (clipped)
    down to the water."""
    r, cy = 304.8, 304.8
    blue = (f'<rect x="0" y="{cy - 60:.1f}" width="609.6" height="120" fill="{BLUE}"'
            f' clip-path="url(#ball)"/>') if band else ""
    water = ('<line id="waterline" x1="0" y1="457.2" x2="609.6" y2="457.2" stroke="black"/>'
             if waterline else "")
    return f"""<svg {SVG} width="609.6mm" height="457.2mm" viewBox="0 0 609.6 457.2">
 <defs><clipPath id="ball"><circle cx="{r}" cy="{cy}" r="{r}"/></clipPath>
 <clipPath id="dry"><rect width="609.6" height="457.2"/></clipPath></defs>
 <g clip-path="url(#dry)"><circle cx="{r}" cy="{cy}" r="{r}" fill="{WHITE}"
 stroke="#DDDDDD" stroke-width="0"/></g>{blue}{water}</svg>"""


def test_white_mooring_sphere_without_blue_band_fails_mooring_buoy(tmp_path):
    report = _check(tmp_path, "mooring-no-blue", _sphere(band=False, waterline=True))
    assert report.kind == "buoy-mooring" and report.verdict == "fail"
    assert set(_errors(report)) == {"mooring-buoy"}


def test_mooring_sphere_without_waterline_element_is_a_mooring_buoy(tmp_path):
    report = _check(tmp_path, "mooring-no-waterline", _sphere(band=True, waterline=False))
    assert report.kind == "buoy-mooring", [(f.rule, f.message) for f in report.findings]
    assert report.verdict == "pass", [(f.rule, f.message) for f in report.findings]


def test_race_ball_without_waterline_element_is_a_race_buoy(tmp_path):
    """A yellow ball 10 in across in px, no waterline: its bottom is the waterline."""
    report = _check(tmp_path, "race-no-waterline", f"""<svg {SVG} width="960px"
 height="960px" viewBox="0 0 960 960"><circle cx="480" cy="480" r="480" fill="#FFCD00"/>
 </svg>""")
    assert report.kind == "buoy-race", [(f.rule, f.message) for f in report.findings]
    assert not _errors(report)


def test_symbol_buoy_without_waterline_element_is_a_buoy(tmp_path):
    """A symbol buoy 12 in across, 40 in tall in inches: orange, white, orange bands, a
    danger diamond in the white; no waterline element."""
    h = 24.0
    a = h / 3
    ring = (f'M{_pts(_diamond(6, 20, a / 2))}Z '
            f'M{_pts(_diamond(6, 20, a / 2 - 1.2))}Z')
    report = _check(tmp_path, "symbol-buoy-no-waterline", f"""<svg {SVG} width="12in"
 height="40in" viewBox="0 0 12 40"><rect width="12" height="40" fill="{WHITE}"/>
 <rect width="12" height="4" fill="{ORANGE}"/><rect y="36" width="12" height="4"
 fill="{ORANGE}"/><path fill-rule="evenodd" fill="{ORANGE}" d="{ring}"/></svg>""")
    assert report.kind == "buoy-symbol", [(f.rule, f.message) for f in report.findings]
    height = _errors(report).get("buoy-height")
    assert height is None or "lowest painted edge" in height.message


def test_danger_legend_touching_the_outline_stays_a_danger_sign(tmp_path):
    """Black words whose first letter runs into the orange outline: not an exclusion."""
    a = 80.0
    inner = a * (1 - 20 / (a * math.cos(math.radians(35))))
    report = _check(tmp_path, "danger-legend-touches-outline", f"""<svg {SVG} width="24in"
 height="24in" viewBox="0 0 240 240"><rect width="240" height="240" fill="{WHITE}"/>
 <path fill="{ORANGE}" fill-rule="evenodd" d="M{_pts(_diamond(120, 120, a))}Z
 M{_pts(_diamond(120, 120, inner))}Z"/>
 <g fill="#000000"><rect x="58" y="105" width="6" height="30"/>
 <rect x="70" y="105" width="6" height="30"/><rect x="82" y="105" width="6" height="30"/>
 </g></svg>""")
    assert report.kind == "danger", [(f.rule, f.message) for f in report.findings]


def test_danger_with_uneven_outline_stays_a_danger_sign(tmp_path):
    """One side of the diamond drawn 2.6 in thick, the others 2 in (stroked paths)."""
    a = 80.0
    inner = a * (1 - 20 / (a * math.cos(math.radians(35))))
    outer = _diamond(120, 120, a)
    wedge = [outer[0], outer[1], (outer[1][0] - 8, outer[1][1]), (outer[0][0], outer[0][1] + 9)]
    report = _check(tmp_path, "danger-uneven-outline", f"""<svg {SVG} width="24in"
 height="24in" viewBox="0 0 240 240"><rect width="240" height="240" fill="{WHITE}"/>
 <path fill="{ORANGE}" fill-rule="evenodd" d="M{_pts(outer)}Z M{_pts(_diamond(120, 120, inner))}Z"/>
 <polygon fill="{ORANGE}" points="{_pts(wedge)}"/></svg>""")
    assert report.kind == "danger", [(f.rule, f.message) for f in report.findings]


def test_64_gon_control_circle_diameter_is_fitted(tmp_path):
    """A control circle drawn as 64-gons (pt): inner diameter exactly 16 in at H = 24."""
    def gon(r: float) -> str:
        return "M" + " ".join(f"{864 + r * math.cos(2 * math.pi * i / 64):.4f},"
                              f"{864 + r * math.sin(2 * math.pi * i / 64):.4f}"
                              for i in range(64)) + "Z"
    report = _check(tmp_path, "control-64-gon", f"""<svg {SVG} width="1728pt"
 height="1728pt" viewBox="0 0 1728 1728"><rect width="1728" height="1728" fill="{WHITE}"/>
 <path fill="{ORANGE}" fill-rule="evenodd" d="{gon(864)} {gon(576)}"/>
 <text x="864" y="900" font-size="180" text-anchor="middle">5 MPH</text></svg>""")
    assert report.kind == "control"
    assert "symbol-size" not in _errors(report), _errors(report).get("symbol-size")


def test_one_inch_orange_square_is_not_a_distress_flag_pass(tmp_path):
    report = _check(tmp_path, "one-inch-flag", f"""<svg {SVG} width="1in" height="1in"
 viewBox="0 0 1 1"><rect width="1" height="1" fill="{ORANGE}"/></svg>""")
    assert report.kind == "distress-flag" and report.verdict == "fail"
    [finding] = [f for f in report.findings if f.severity != "info"]
    assert "not an actual-size drawing; give --scale or --display-height" in \
        finding.message.replace(" (1.00 by 1.00 in; s. 30.675, Wis. Stats. asks approximately "
                                "18 by 30 in)", "")


def test_annotate_refuses_to_write_over_an_input(runner, tmp_path):
    path = tmp_path / "sign.svg"
    path.write_text(_exclusion(1))
    before = path.read_bytes()
    result = runner.invoke(cli, ["check", str(path), "--annotate", str(path), "-j", "1"])
    assert result.exit_code == 2 and path.read_bytes() == before
    assert len(result.stderr.strip().splitlines()) == 1 and "input" in result.stderr
    out = tmp_path / "marked.svg"
    result = runner.invoke(cli, ["check", str(path), "--annotate", str(out), "-j", "1"])
    assert result.exit_code == 1 and f"wrote {out}" in result.stderr and out.exists()


def test_review_verdict_in_json_sarif_and_exit_status(runner, tmp_path):
    strokes = "".join(f'<rect x="{x}" y="24" width="1.2" height="9"/>' for x in (15, 19, 23))
    path = tmp_path / "outlined.svg"
    path.write_text(f"""<svg {SVG} width="50cm" height="45cm" viewBox="0 0 50 45">
 <polygon points="2,43 48,43 25,3" fill="{RED}"/><g fill="{WHITE}">{strokes}</g></svg>""")
    result = runner.invoke(cli, ["check", str(path), "--format", "json", "-j", "1"])
    assert result.exit_code == 1
    [record] = json.loads(result.stdout)
    assert record["verdict"] == "review" and record["markers"][0]["verdict"] == "review"
    sarif = json.loads(runner.invoke(cli, ["check", str(path), "--format", "sarif"]).stdout)
    [result_] = [r for r in sarif["runs"][0]["results"] if r["properties"]["review"]]
    assert result_["level"] == "warning" and result_["ruleId"] == "aid-id-format"
    text = runner.invoke(cli, ["check", str(path), str(path)]).output
    assert "REVIEW" in text and "2 review" in text
    marked = tmp_path / "marked.svg"
    runner.invoke(cli, ["check", str(path), "--annotate", str(marked), "-j", "1"])
    assert "NOT VERIFIED" in marked.read_text() and "REVIEW aid-id-format" in marked.read_text()
