"""The permit label read and reported by the checker (markers/check/measure/permit.py and
the pack's permit-label rule, NR 5.09(3)(b); issue 12): on wsmark's own drawings, on
vendor drawings written here by hand with their lettering outlined from other fonts
(DejaVu Sans Bold, Arimo Bold) by fontTools, and against the id a design declares.
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import replace

import pytest
from shapely import affinity

import ocr_corpus as corpus
from cli_helpers import assert_ok, invoke
from markers import api
from svg_measure import read_svg
from wi import check_svg_text

PERMIT = "WI-2026-0417"
SVG = 'xmlns="http://www.w3.org/2000/svg"'
WHITE, ORANGE, BLACK, RED = "#FFFFFF", "#FF4F00", "#000000", "#C8102E"
DEJAVU, ARIMO = "DejaVu Sans Bold", "Liberation Sans Bold"


@pytest.fixture(scope="module")
def rendered() -> tuple[bytes, bytes]:
    """A 24 in danger sign labelled, and the same sign without the label."""
    design = api.design("danger", 24, legend="ROCKS")
    return (api.render(replace(design, permit_id=PERMIT), ".svg"),
            api.render(design, ".svg"))


def test_check_reads_the_label_and_reports_it(rendered):
    labelled, _ = rendered
    report, _ = api.check(labelled, "d.svg")
    assert report.verdict == "pass"
    assert [(f.rule, f.severity) for f in report.findings] == [("permit-label", "info")]
    found = report.findings[0]
    assert found.measured == PERMIT and "1.00 in" in found.message
    marker = json.loads(api.reports([report], "json"))[0]["markers"][0]
    assert marker["permit_id"] == PERMIT and marker["legend"] == "ROCKS"
    assert marker["display_height_in"] == 24.0


def test_report_without_a_label_keeps_the_contract_keys(rendered):
    _, plain = rendered
    report, _ = api.check(plain, "plain.svg")
    marker = json.loads(api.reports([report], "json"))[0]["markers"][0]
    assert "permit_id" not in marker and not report.findings


# --- drawings made by hand ----------------------------------------------------------

def _glyphs(text: str, font: str, cap: float, cx: float, top: float) -> str:
    """``text`` outlined in ``font`` at cap height ``cap``, centred on ``cx``, top at
    ``top`` (drawing units), as evenodd path data."""
    geom = corpus.outline_text([text], corpus.font_file(font, pypi_only=True),
                               corpus.FONTS[font][1], cap)
    geom = affinity.translate(geom, cx, top)
    rings = []
    for poly in getattr(geom, "geoms", [geom]):
        for ring in (poly.exterior, *poly.interiors):
            rings.append("M" + "L".join(f"{x:.3f} {y:.3f}" for x, y in
                                        list(ring.coords)[:-1]) + "Z")
    return "".join(rings)


def _danger_cm(font: str, label: str | None, label_cap: float = 1.2,
               words_below: str | None = None, label_ink: str = BLACK) -> str:
    """A danger sign in centimetres as a shop draws it: white panel 20 in wide, the
    orange diamond (16 in wide, sides 35 deg from vertical, 2 in outline) centred on a
    24 in display area, maybe words in a band below it, and the permit number below
    everything, all outlined in ``font``; no element names a display area or label."""
    k = 2.54
    half = 8.0
    tall = half / math.tan(math.radians(35))
    inner = half - 2.0 / math.cos(math.radians(35))
    inner_tall = inner / math.tan(math.radians(35))

    def diamond(a: float, b: float) -> str:
        return (f"M{10 * k:.3f} {(12 - b) * k:.3f}L{(10 + a) * k:.3f} {12 * k:.3f}"
                f"L{10 * k:.3f} {(12 + b) * k:.3f}L{(10 - a) * k:.3f} {12 * k:.3f}Z")

    bottom = 24.0
    paths = []
    if words_below:
        paths.append(_glyphs(words_below, font, 3.0 * k, 10 * k, (bottom + 1.5) * k))
        bottom += 6.0
    if label:
        paths_label = _glyphs(label, font, label_cap * k, 10 * k, (bottom + 0.6) * k)
        bottom += label_cap + 1.2
    height = bottom * k
    body = (f'<svg {SVG} width="{20 * k:.2f}cm" height="{height:.2f}cm" '
            f'viewBox="0 0 {20 * k:.2f} {height:.2f}">'
            f'<rect width="{20 * k:.2f}" height="{height:.2f}" fill="{WHITE}"/>'
            f'<path fill-rule="evenodd" fill="{ORANGE}" '
            f'd="{diamond(half, tall)}{diamond(inner, inner_tall)}"/>')
    body += "".join(f'<path fill-rule="evenodd" fill="{BLACK}" d="{d}"/>' for d in paths)
    if label:
        body += (f'<g id="text-2"><path fill-rule="evenodd" fill="{label_ink}" '
                 f'd="{paths_label}"/></g>')
    return body + "</svg>"


@pytest.mark.parametrize("font", [DEJAVU, ARIMO])
def test_vendor_label_below_a_danger_sign_is_reported_and_is_not_a_legend(tmp_path, font):
    report = check_svg_text(tmp_path, "vendor", _danger_cm(font, PERMIT))
    assert report.kind == "danger" and report.verdict == "pass", report.findings
    assert [(f.rule, f.severity) for f in report.findings] == [("permit-label", "info")]
    marker = report.markers[0]
    assert marker.permit_id == PERMIT and marker.legend is None
    assert marker.display_height_in == pytest.approx(24.0, abs=0.1)  # not over the label
    cap = float(re.search(r"letters ([0-9.]+) in high", report.findings[0].message)[1])
    assert cap == pytest.approx(1.2, rel=0.05)


@pytest.mark.parametrize("font", [DEJAVU, ARIMO])
def test_vendor_label_under_words_below_the_symbol(tmp_path, font):
    report = check_svg_text(tmp_path, "vendor", _danger_cm(font, PERMIT,
                                                           words_below="ROCKS"))
    assert report.verdict == "pass", report.findings
    marker = report.markers[0]
    assert (marker.legend, marker.permit_id) == ("ROCKS", PERMIT)
    assert {f.rule for f in report.findings} == {"permit-label"}


def test_words_below_are_never_taken_for_a_label(tmp_path):
    report = check_svg_text(tmp_path, "vendor", _danger_cm(DEJAVU, None,
                                                           words_below="ROCKS"))
    assert report.markers[0].legend == "ROCKS" and report.markers[0].permit_id is None
    assert not report.findings


def test_small_or_red_vendor_labels_warn(tmp_path):
    small = check_svg_text(tmp_path, "small", _danger_cm(DEJAVU, PERMIT, label_cap=0.6))
    hits = [f for f in small.findings if f.rule == "permit-label"]
    assert [f.severity for f in hits] == ["warning"] and hits[0].measured == \
        pytest.approx(0.6, rel=0.05)
    assert {f.rule for f in small.findings} == {"permit-label"}
    red = check_svg_text(tmp_path, "red", _danger_cm(DEJAVU, PERMIT, label_ink=RED))
    hits = [f for f in red.findings if f.rule == "permit-label"]
    assert [f.severity for f in hits] == ["warning"] and "black" in hits[0].message


def _with_declared(data: bytes, permit_id: str) -> bytes:
    """The drawing's design record (its <desc> line) declaring ``permit_id``."""
    text = data.decode()
    line = re.search(r"design: (\{.*\})", text)
    record = json.loads(line[1])
    record["permit_id"] = permit_id
    return text.replace(line[1], json.dumps(record)).encode()


def test_declared_permit_id_missing_or_different_warns(rendered):
    labelled, plain = rendered
    report, _ = api.check(_with_declared(plain, PERMIT), "missing.svg")
    assert [(f.rule, f.severity) for f in report.findings] == [("permit-label", "warning")]
    assert PERMIT in report.findings[0].message
    report, _ = api.check(_with_declared(labelled, "WI-2026-0471"), "other.svg")
    assert [(f.rule, f.severity) for f in report.findings] == [("permit-label", "warning")]
    assert (report.findings[0].measured, report.findings[0].required) == \
        (PERMIT, "WI-2026-0471")


def test_a_design_file_declares_it_and_is_checked_with_it(runner, tmp_path):
    design = tmp_path / "sign.yaml"
    design.write_text(f"kind: control\ndisplay_height: 24\nlegend: 5 MPH\npermit_id: {PERMIT}\n")
    report, _ = api.check(design.read_bytes(), "sign.yaml")
    assert report.verdict == "pass" and report.markers[0].permit_id == PERMIT
    out = tmp_path / "sign.svg"
    assert_ok(invoke(runner, "render", str(design), "-o", str(out)))
    assert f'"permit_id": "{PERMIT}"' in read_svg(out.read_bytes()).desc
    assert_ok(invoke(runner, "render", str(design), "--permit-id", "WI-1", "-o", str(out)))
    assert '"permit_id": "WI-1"' in read_svg(out.read_bytes()).desc
