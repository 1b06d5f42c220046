"""A proof's furniture found the way a draftsman draws it (found by the second batch of
producers' proofs, tests/producers/second_batch.py):

- a dimension's extension lines run from the feature measured (a diamond's corners) to
  just past the dimension line, across the sign's panel: they are the dimension's, not
  lettering on the marker (an exclusion failed 'words inside' on them);
- a scale stated in outlined lettering ("SCALE 1:4" in a title block whose text was
  converted to outlines) is read by OCR like a size stated so, and the drawing is judged
  at full size (it was judged at 1:4: display height 9 in, outline 0.5 in).

The drawings are SVGs written here; outlined lettering is DejaVu Sans Bold's glyphs
(tests/ocr_corpus.py).
"""

from __future__ import annotations

import math

import pytest
from shapely import affinity
from shapely.geometry.base import BaseGeometry

from markers.core.shapes import polygons
from ocr_corpus import font_file, outline_text
from wi import check_svg_text

ORANGE, BLACK = "#ff4f00", "#000000"
SLOPE = math.radians(35)


def _path(geometry: BaseGeometry, fill: str) -> str:
    rings = [ring for p in polygons(geometry) for ring in (p.exterior, *p.interiors)]
    d = " ".join("M " + " L ".join(f"{x:.4f},{y:.4f}" for x, y in ring.coords[:-1]) + " Z"
                 for ring in rings)
    return f'<path fill-rule="evenodd" fill="{fill}" d="{d}"/>'


def _outlined(lines: list[str], cx: float, top: float, cap: float) -> str:
    text = outline_text(lines, font_file("DejaVu Sans Bold"), None, cap)
    return _path(affinity.translate(text, cx, top), BLACK)


def _diamond(cx: float, cy: float, width: float) -> list[tuple[float, float]]:
    a = width / 2
    b = a / math.tan(SLOPE)
    return [(cx, cy - b), (cx + a, cy), (cx, cy + b), (cx - a, cy)]


def _ring_d(outer: list, inner: list) -> str:
    return " ".join("M " + " L ".join(f"{x:.4f},{y:.4f}" for x, y in ring) + " Z"
                    for ring in (outer, inner))


def _exclusion(dimensioned: bool) -> str:
    """A 24 in exclusion sign on a 20 x 24 in panel, its diamond's width dimensioned
    above the panel with extension lines from the diamond's side corners."""
    cx, cy = 15.0, 18.0
    outer = _diamond(cx, cy, 16)
    inner = _diamond(cx, cy, 16 - 4 / math.cos(SLOPE))
    a, b = inner[1][0] - cx, cy - inner[0][1]
    parts = ['<rect x="5" y="6" width="20" height="24" fill="#ffffff"/>',
             f'<path fill-rule="evenodd" fill="{ORANGE}" d="{_ring_d(outer, inner)}"/>',
             f'<rect x="{cx - 1}" y="{cy - b}" width="2" height="{2 * b}" fill="{ORANGE}"/>',
             f'<rect x="{cx - a}" y="{cy - 1}" width="{2 * a}" height="2" fill="{ORANGE}"/>']
    if dimensioned:
        left, right = outer[3][0], outer[1][0]
        stroke = f'stroke="{BLACK}" stroke-width="0.02" fill="none"'
        parts += [f'<path {stroke} d="M {left},{cy - 0.25} V 3.7"/>',
                  f'<path {stroke} d="M {right},{cy - 0.25} V 3.7"/>',
                  f'<path {stroke} d="M {left},4 H {right}"/>',
                  f'<path fill="{BLACK}" d="M {left},4 l 0.5,-0.17 v 0.34 z"/>',
                  f'<path fill="{BLACK}" d="M {right},4 l -0.5,-0.17 v 0.34 z"/>',
                  _outlined(['16"'], cx, 3.0, 0.5)]
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="30in" height="34in" '
            'viewBox="0 0 30 34">' + "".join(parts) + "</svg>")


@pytest.mark.parametrize("dimensioned", [False, True])
def test_extension_lines_across_the_panel_are_the_dimensions(tmp_path, dimensioned) -> None:
    report = check_svg_text(tmp_path, f"exclusion-{dimensioned}", _exclusion(dimensioned))
    assert (report.verdict, report.kind) == ("pass", "exclusion"), report.findings
    assert report.display_height_in == pytest.approx(24.0, abs=0.01)
    assert not [f for f in report.findings if f.severity != "info"], report.findings
    if dimensioned:
        [aside] = [f.message for f in report.findings if f.rule == "set-aside"]
        assert aside.count("dimension line at") == 1, aside  # the text, outlined: a note
        x, y, w, h = map(float, aside.split("dimension line at [")[1].split("]")[0].split(", "))
        assert (x, x + w, y + h) == pytest.approx((7.0, 23.0, 17.75), abs=0.02)  # the corners


def _control_at_a_quarter(title: list[str]) -> str:
    """A 36 in control sign drawn at 1:4 (a 9 in panel), '5 MPH' inside it, a title
    block under it in outlined lettering at the paper's size."""
    k = 0.25
    cx, cy = 1.5 + 18 * k, 1.5 + 18 * k
    ring = (f'<circle cx="{cx}" cy="{cy}" r="{13 * k}" fill="none" stroke="{ORANGE}" '
            f'stroke-width="{2 * k}"/>')
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="12in" height="15in" '
            'viewBox="0 0 12 15"><rect x="1.5" y="1.5" width="9" height="9" fill="#fff"/>'
            + ring + _outlined(["5 MPH"], cx, cy - 1.5 * k, 3 * k)
            + f'<rect x="1.5" y="11.5" width="9" height="{0.9 * len(title) + 0.3}" '
            f'fill="none" stroke="{BLACK}" stroke-width="0.02"/>'
            + _outlined(title, 6.0, 11.8, 0.4) + "</svg>")


def test_a_scale_stated_in_outlined_lettering_is_read_and_used(tmp_path) -> None:
    report = check_svg_text(tmp_path, "quarter", _control_at_a_quarter(
        ["36 IN CONTROL SIGN", "SCALE 1:4"]))
    assert (report.verdict, report.kind) == ("pass", "control"), report.findings
    assert report.display_height_in == pytest.approx(36.0, abs=0.05)
    assert report.display_height_basis.startswith("stated scale 1:4")


def test_without_the_scale_the_drawing_is_judged_at_its_size(tmp_path) -> None:
    report = check_svg_text(tmp_path, "no-scale", _control_at_a_quarter(["CONTROL SIGN"]))
    assert report.display_height_in == pytest.approx(9.0, abs=0.05)
    assert {f.rule for f in report.findings if f.severity == "error"} >= {"display-height"}


def test_a_title_block_drawn_across_a_signs_panel_keeps_its_words(tmp_path) -> None:
    """A 15 in danger sign's panel runs down under the title block drawn along the foot
    of the sheet (LibreOffice's three-signs-15): the title block's words stand on the
    panel but in their own box, so they are the title block's, not a second line of the
    sign's legend (it read 'ROCKS THREE 15 IN SIGNS', 0.4 in letters, and a repair could
    not set it)."""
    cx, cy = 8.25, 9.5
    outer, inner = _diamond(cx, cy, 10), _diamond(cx, cy, 10 - 4 / math.cos(SLOPE))
    frame = f'stroke="{BLACK}" stroke-width="0.02" fill="none"'
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="40in" height="24in" '
           'viewBox="0 0 40 24"><rect x="2" y="2" width="12.5" height="18" fill="#ffffff"/>'
           f'<path fill-rule="evenodd" fill="{ORANGE}" d="{_ring_d(outer, inner)}"/>'
           + _outlined(["ROCKS"], cx, 17.0, 1.0) +
           f'<rect x="1" y="19.2" width="24" height="1" {frame}/>'
           f'<rect x="1" y="20.2" width="24" height="1" {frame}/>'
           + _outlined(["THREE 15 IN SIGNS"], 6.0, 19.45, 0.4)
           + _outlined(["SCALE 1:1"], 4.0, 20.45, 0.4) + "</svg>")
    report = check_svg_text(tmp_path, "title-over-panel", svg)
    (marker,) = report.markers
    assert (marker.kind, marker.legend) == ("danger", "ROCKS")
    assert not [f for f in report.findings if f.rule == "legend-legibility"]
    (aside,) = [f.message for f in report.findings if f.rule == "set-aside"]
    assert "title block" in aside
