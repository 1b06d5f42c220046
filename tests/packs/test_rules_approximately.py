""""Approximately" in the law (RULES.md: a warning near the number, an error far from it):
the distress flag's "approximately 18 by 30 inches" (s. 30.675) and the sign buoy's bands
"each ... approximately one-fifth" (NR 5.09(5)(c)), the only two in NR 5.09 and ch. 30.
Within the first band a pass, beyond it a warning up to the second band, an error beyond
that; each finding stamps the band it broke (its tolerance) and both bands (required).

The drawings are written here by hand (flags as a rectangle in cm, sign buoys in inches);
the expected shares and offsets are worked out here from their own coordinates.
"""

from __future__ import annotations

import pytest

from corpora import CORPORA
from markers.check.pipeline import CheckOptions
from wi import PACK, check_file, check_svg_text

SVG = 'xmlns="http://www.w3.org/2000/svg"'
ORANGE, WHITE = "#FF6600", "#FFFFFF"
REPRODUCER = CORPORA / "found" / "turn3" / "orange-square-pass.dxf"


def _bands() -> tuple[float, float, float, float]:
    """The pack's two bands for each: distress flag (share of each side), buoy bands."""
    req = PACK.law.req
    return (req("distress_tolerance"), req("distress_far"),
            req("sign_buoy_band_tolerance"), req("sign_buoy_band_far"))


FLAG_NEAR, FLAG_FAR, BAND_NEAR, BAND_FAR = _bands()


def _flag(tmp_path, height: float, length: float, options: CheckOptions = CheckOptions()):
    k = 2.54
    path = tmp_path / f"flag-{height:g}x{length:g}.svg"
    path.write_text(f"""<svg {SVG} width="{length * k:g}cm" height="{height * k:g}cm"
 viewBox="0 0 {length * k:g} {height * k:g}"><rect width="{length * k:g}"
 height="{height * k:g}" fill="{ORANGE}"/></svg>""")
    report, _ = check_file(path, options)
    assert report.verdict != "error", report.error
    assert report.kind == "distress-flag"
    return report


def _expected(off: float, near: float, far: float) -> str | None:
    """The severity "approximately" gives what is ``off`` the number, from its two bands."""
    return None if off <= near + 1e-9 else "warning" if off <= far + 1e-9 else "error"


@pytest.mark.parametrize("height,length", [(18, 30), (30, 18), (16, 26), (20, 33), (12, 20),
                                           (10, 10), (24, 24)])
def test_distress_flag_sides_within_beyond_and_far_beyond_approximately(tmp_path, height,
                                                                       length):
    report = _flag(tmp_path, height, length)
    short, long = sorted((height, length))
    off = [(value, side, _expected(abs(value - side) / side, FLAG_NEAR, FLAG_FAR))
           for value, side in ((short, 18), (long, 30))]
    found = [f for f in report.findings if f.rule == "distress-flag"]
    assert [f.severity for f in found] == [s for _, _, s in off if s], \
        [(f.severity, f.message) for f in found]
    assert report.verdict == ("fail" if any(s == "error" for _, _, s in off) else "pass")
    for finding, (value, side, severity) in zip(found, [o for o in off if o[2]]):
        band = FLAG_FAR if severity == "error" else FLAG_NEAR
        assert finding.measured == pytest.approx(value)
        assert finding.tolerance == pytest.approx(band * side)
        assert finding.required == f"about {side} +- {FLAG_NEAR * side:.4g} " \
                                   f"(error beyond +- {FLAG_FAR * side:.4g})"
        assert finding.unit == "in" and finding.citation == "s. 30.675, Wis. Stats."
        assert finding.message.startswith("not a distress flag") == (severity == "error")


def test_the_ten_inch_orange_square_is_not_a_distress_flag(tmp_path):
    """The reproducer of issue 21 passed with two warnings: 44 % and 67 % off."""
    report = _flag(tmp_path, 10, 10)
    errors = [f for f in report.findings if f.severity == "error"]
    assert [f.rule for f in errors] == ["distress-flag", "distress-flag"]
    assert {f.message.split(" is ")[1].split(",")[0] for f in errors} == \
        {"44% from 18 in", "67% from 30 in"}


@pytest.mark.skipif(not REPRODUCER.is_file(), reason="shared/corpora/found not found")
def test_the_dxf_reproducer_fails_as_not_this_flag():
    report, _ = check_file(REPRODUCER, CheckOptions())
    assert report.kind == "distress-flag" and report.verdict == "fail"
    errors = [f for f in report.findings if f.severity == "error"]
    assert len(errors) == 2 and all("not a distress flag" in f.message for f in errors)
    assert sorted(f.measured for f in errors) == pytest.approx([10.0, 10.0])


def test_a_wider_first_band_given_by_the_user_keeps_the_second(tmp_path):
    """--tolerance distress-flag=0.15 passes a 16 x 26 in flag (11 %, 13 % off) but not
    a 10 x 10 in square: the second band is the law's reading, not the user's."""
    options = CheckOptions(tolerances={"distress-flag": 0.15})
    assert not [f for f in _flag(tmp_path, 16, 26, options).findings
                if f.rule == "distress-flag"]
    square = [f for f in _flag(tmp_path, 10, 10, options).findings if f.rule == "distress-flag"]
    assert {f.severity for f in square} == {"error"}
    assert sorted(f.tolerance for f in square) == pytest.approx([FLAG_FAR * 18, FLAG_FAR * 30])


def _sign_buoy(shares: list[float]) -> str:
    """A 10 in buoy 36 in above the water in inches, its five bands (orange, white ...)
    taking ``shares`` of the height (so of the area: the body is a rectangle), carrying
    a control sign 6 in above it."""
    top, above, dia, x0 = 20.0, 36.0, 10.0, 4.0
    body, y = "", top
    for i, share in enumerate(shares):
        color = ORANGE if i % 2 == 0 else WHITE
        body += (f'<rect x="{x0:g}" y="{y:.4f}" width="{dia:g}" height="{share * above:.4f}" '
                 f'fill="{color}"/>\n')
        y += share * above
    return f"""<svg {SVG} width="18in" height="{top + above + 1:g}in"
 viewBox="0 0 18 {top + above + 1:g}"><rect x="2" y="0" width="14" height="14" fill="{WHITE}"/>
<circle cx="9" cy="7" r="5" fill="none" stroke="#FF4F00" stroke-width="2"/>
<text x="9" y="7.7" font-size="2" text-anchor="middle" fill="#000000">5 MPH</text>
{body}<line id="waterline" x1="0" y1="{top + above:g}" x2="18" y2="{top + above:g}"
 stroke="#0072CE" stroke-width="0.1"/></svg>"""


@pytest.mark.parametrize("shares", [[0.2] * 5, [0.25, 0.15, 0.2, 0.2, 0.2],
                                    [0.35, 0.05, 0.2, 0.2, 0.2], [0.12, 0.28, 0.2, 0.2, 0.2]])
def test_sign_buoy_bands_about_one_fifth(tmp_path, shares):
    report = check_svg_text(tmp_path, "sign-buoy-" + "-".join(f"{s:g}" for s in shares),
                            _sign_buoy(shares))
    assert report.kind == "buoy-sign", [(f.rule, f.message) for f in report.findings]
    found = [f for f in report.findings if f.rule == "buoy-sign-bands"]
    want = sorted(filter(None, (_expected(abs(s - 0.2), BAND_NEAR, BAND_FAR) for s in shares)))
    assert sorted(f.severity for f in found) == want, [(f.severity, f.message) for f in found]
    for finding in found:
        share = min(shares, key=lambda s: abs(s - finding.measured))
        assert finding.measured == pytest.approx(share, abs=0.002)
        assert finding.unit == "ratio" and finding.citation == "NR 5.09(5)(c)"
        band = BAND_FAR if finding.severity == "error" else BAND_NEAR
        assert finding.tolerance == pytest.approx(band)
        assert ("not a fifth" in finding.message) == (finding.severity == "error")
