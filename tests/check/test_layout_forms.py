"""A marker read alike from every form its proof takes (SVG, cairo and reportlab PDF, DXF
in inches and mm): where a form loses what the SVG said (ids, declarations, a guide's
element) or rounds what it measured (a DXF in inches is a PDF's points divided out), the
layout and the measurers must still see the same marker. Each test names the mechanism
it pins; the seeded defects in all their forms are bench/fix_matrix.py's."""

from __future__ import annotations

from shapely.geometry import box

from markers.check.layout.panels import Cluster, _off_centre
from markers.check.pipeline import CheckOptions, check_pages
from markers.read.svg.walk import read_svg_bytes
from proof_writers import naive_cmyk, to_dxf, to_reportlab_pdf
from wi import PACK

ORANGE = "#FF4F00"


def _forms(svg: str, name: str) -> dict[str, tuple[bytes, str]]:
    """The drawing ``svg`` as the SVG, a reportlab PDF and DXFs in inches and mm."""
    data = svg.encode()
    art = read_svg_bytes(data, f"{name}.svg")
    cmyk = {layer.hex: naive_cmyk(layer.hex) for layer in art.layers}
    return {"svg": (data, f"{name}.svg"),
            "reportlab-pdf": (to_reportlab_pdf(art, cmyk), f"{name}.pdf"),
            "dxf-in": (to_dxf(art, "in"), f"{name}.dxf"),
            "dxf-mm": (to_dxf(art, "mm"), f"{name}.dxf")}


def _judged(data: bytes, name: str):
    report, _ = check_pages(data, name, CheckOptions(), PACK)
    assert report.verdict != "error", report.error
    return report


def test_a_marker_at_the_off_centre_threshold_is_off_or_not_whatever_the_rounding() -> None:
    """A diamond exactly 0.1 of the panel's width off its centre (the threshold at which
    a white area is the page, not the panel) is not off centre whether the width reads
    20 or 20.000000000000004 (a DXF in inches); a hair more is."""
    diamond = Cluster(box(0.0, 0.575, 16.0, 23.425))
    for width in (20.0, 20.000000000000004, 20.0 * 25.4 / 25.4, 508 / 25.4):
        assert not _off_centre(box(0.0, 0.0, width, 24.0), diamond), width
    assert _off_centre(box(0.0, 0.0, 20.0, 24.0), Cluster(box(0.0, 0.575, 15.99, 23.425)))


def test_a_sign_off_its_panels_centre_keeps_its_panel_in_every_form() -> None:
    """A 24 in danger sign on a 20 x 24 in panel, its diamond 2 in off centre (uswms-t01):
    every form reads the 24 in panel as the display area and warns of the 2 in."""
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="20in" height="24in" '
           'viewBox="0 0 20 24"><rect width="20" height="24" fill="#FFFFFF"/>'
           f'<path fill-rule="evenodd" fill="{ORANGE}" d="M8 0.575L16 12L8 23.425L0 12Z '
           'M8 4.06L13.56 12L8 19.94L2.44 12Z"/></svg>')
    for form, (data, name) in _forms(svg, "off-centre").items():
        report = _judged(data, name)
        (marker,) = report.markers
        assert (marker.kind, marker.display_height_in) == ("danger", 24.0), form
        off = [f.measured for f in report.findings if f.rule == "symbol-centered"]
        assert off and abs(off[0] - 2.0) < 0.01, form


def test_a_waterline_drawn_at_a_buoys_foot_is_set_aside_as_the_waterline() -> None:
    """cairo's PDF of a buoy whose SVG names its waterline paints it as a thin blue line
    at the body's foot, with no hull below: the layout sets it aside by that name (it
    was 'a line beside the markers', or 'a border' where it ran the page's width), and
    the buoy stands on it."""
    import cairosvg

    svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="16in" height="37in" '
           'viewBox="0 0 16 37"><rect x="2" width="12" height="36" fill="#FFFFFF"/>'
           f'<rect x="2" width="12" height="8" fill="{ORANGE}"/>'
           f'<rect x="2" y="28" width="12" height="8" fill="{ORANGE}"/>'
           f'<path fill-rule="evenodd" fill="{ORANGE}" d="M8 12.29L12 18L8 23.71L4 18Z '
           'M8 15.77L9.56 18L8 20.23L6.44 18Z"/><line x1="0" y1="36" x2="16" y2="36" '
           'stroke="#0072CE" stroke-width="0.1"/></svg>')
    report = _judged(cairosvg.svg2pdf(bytestring=svg.encode()), "buoy.pdf")
    (marker,) = report.markers
    assert marker.kind == "buoy-symbol"
    (aside,) = [f for f in report.findings if f.rule == "set-aside"]
    assert "waterline at [0, 35.95, 16, 0.1]" in aside.message
    assert "line beside" not in aside.message and "border" not in aside.message
