"""A symbol whose centre is left unpainted (a proof drawn on paper, a DXF of outlines)
shows the sheet it is printed on, which the drawing does not give: its colour is a
`review`, never "the center is orange" (a false failure found on PDF and DXF proofs) and
never a pass. Drawn here by hand: a 24 in danger diamond, 35 deg sides, 2 in outline."""

from __future__ import annotations

import math

import pytest
from shapely.geometry import Polygon

from wi import check_svg_text

H = 24.0
WIDTH = 2 / 3 * H  # NR 5.09(6)(c)
HALF_HEIGHT = WIDTH / 2 / math.tan(math.radians(35))  # sides 35 deg from the vertical


def _diamond_path(unit: float) -> str:
    """The orange ring as one even-odd path, in ``unit`` user units per inch."""
    cx, cy = H / 2, H / 2
    outer = Polygon([(cx, cy - HALF_HEIGHT), (cx + WIDTH / 2, cy), (cx, cy + HALF_HEIGHT),
                     (cx - WIDTH / 2, cy)])
    inner = outer.buffer(-2.0, join_style="mitre")
    rings = [list(outer.exterior.coords)[:-1], list(inner.exterior.coords)[:-1]]
    return " ".join("M " + " L ".join(f"{x * unit:.4f} {y * unit:.4f}" for x, y in ring)
                    + " Z" for ring in rings)


def _svg(center: str | None, unit: float = 25.4) -> str:
    ground = (f'<rect width="{H * unit}" height="{H * unit}" fill="{center}"/>'
              if center else "")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{H * unit}mm" '
            f'height="{H * unit}mm" viewBox="0 0 {H * unit} {H * unit}">'
            f'<rect id="display-area" width="{H * unit}" height="{H * unit}" fill="none"/>'
            f'{ground}<path fill="#F26522" fill-rule="evenodd" d="{_diamond_path(unit)}"/>'
            "</svg>").replace(f'{H * unit}mm', f'{H}in')


def _center_findings(report):
    return [f for f in report.findings if f.rule == "reg-center-color"]


def test_an_unpainted_center_is_reviewed_not_failed(tmp_path) -> None:
    report = check_svg_text(tmp_path, "unpainted", _svg(None))
    found = _center_findings(report)
    assert [f.severity for f in found] == ["review"]
    assert "unpainted" in found[0].message and found[0].required == "white"
    assert report.verdict == "review"
    assert not [f for f in report.findings if f.severity == "error"], report.findings


@pytest.mark.parametrize("center, verdict", [("#FFFFFF", "pass"), ("#FFCD00", "fail")])
def test_a_painted_center_is_still_judged(tmp_path, center: str, verdict: str) -> None:
    report = check_svg_text(tmp_path, center.strip("#"), _svg(center))
    assert report.verdict == verdict, report.findings
    severities = [f.severity for f in _center_findings(report)]
    assert severities == ([] if verdict == "pass" else ["error"])


def test_an_unpainted_center_in_a_reportlab_pdf_is_reviewed(tmp_path) -> None:
    """The same diamond as a shop's PDF: reportlab, points, CMYK orange, a title line,
    no white painted anywhere (the paper shows)."""
    from reportlab.pdfgen import canvas

    from markers.check.pipeline import CheckOptions
    from wi import check_file

    pt = 72.0
    path = tmp_path / "unpainted.pdf"
    sheet = canvas.Canvas(str(path), pagesize=(H * pt, H * pt))
    sheet.setFillColorCMYK(0, 0.6, 0.86, 0)
    ring = sheet.beginPath()
    for d in _diamond_path(pt).split(" Z")[:-1]:
        points = [float(v) for v in d.replace("M", "").replace("L", "").split()]
        xy = [(points[i], H * pt - points[i + 1]) for i in range(0, len(points), 2)]
        ring.moveTo(*xy[0])
        for x, y in xy[1:]:
            ring.lineTo(x, y)
        ring.close()
    sheet.drawPath(ring, stroke=0, fill=1, fillMode=0)  # even-odd
    sheet.save()
    report, _ = check_file(path, CheckOptions(display_height=H))
    found = _center_findings(report)
    assert [f.severity for f in found] == ["review"], report.findings
    assert "unpainted" in found[0].message and "center is #" not in found[0].message
    assert not [f for f in report.findings if f.rule == "reg-center-color"
                and f.severity == "error"]
