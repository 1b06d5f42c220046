"""A buoy proof keeps no ``waterline`` guide once it is a PDF: the waterline is a thin
line painted across the body. It is found from geometry, taken out of the paint, and the
buoy measures as its SVG does; a thin line standing off a sign (a dimension line) is not
taken for one."""

from __future__ import annotations

import pytest
from shapely.geometry import box

from markers.core.artwork import Artwork, Layer, Shape
from markers.read.pdf import read_pdf_bytes
from markers.read.svg.walk import read_svg_bytes
from proof_writers import naive_cmyk, to_reportlab_pdf
from render.output import render_bytes
from round_trip import sign
from wi import measure


def _with_line(art: Artwork, y0: float, y1: float, x0: float, x1: float,
               hex_: str = "#1F3A93") -> Artwork:
    line = Layer("blue", hex_, (Shape(box(x0, y0, x1, y1)),))
    return Artwork(art.width, art.height, (*art.layers, line), art.legends, {}, {})


def _undeclared(art: Artwork) -> Artwork:
    """As a shop's PDF has it: the paint and nothing else (no kind, no guides)."""
    base = read_svg_bytes(render_bytes(art, ".svg"), "m.svg")
    return Artwork(base.width, base.height, base.layers, base.legends, {}, {})


@pytest.mark.parametrize("kind", ["buoy-mooring", "buoy-race", "buoy-sign"])
def test_a_line_drawn_across_the_body_is_its_waterline(kind: str) -> None:
    svg = read_svg_bytes(render_bytes(sign(kind, None), ".svg"), "m.svg")
    want = measure(svg)
    bare = _undeclared(sign(kind, None))
    y = want.buoy.waterline
    # a 0.04 in dark-blue line across the whole artboard, drawn natively with CMYK paint
    drawn = _with_line(bare, y - 0.02, y + 0.02, 0.0, bare.width)
    [page] = read_pdf_bytes(to_reportlab_pdf(drawn, {l.hex: naive_cmyk(l.hex)
                                                     for l in drawn.layers}), "m.pdf")
    assert "waterline" not in page.features
    got = measure(page)
    assert got.kind == want.kind == kind
    assert got.buoy.waterline == pytest.approx(y, abs=0.01)
    assert got.buoy.height_above_water == pytest.approx(want.buoy.height_above_water, abs=0.01)
    assert got.buoy.diameter == pytest.approx(want.buoy.diameter, abs=0.01)
    assert [round(b.share, 3) for b in got.buoy.bands] == \
        [round(b.share, 3) for b in want.buoy.bands]


def test_a_hull_below_the_drawn_waterline_is_not_measured() -> None:
    bare = _undeclared(sign("buoy-mooring", None))
    want = measure(read_svg_bytes(render_bytes(sign("buoy-mooring", None), ".svg"), "m.svg"))
    x0, _, x1, y1 = bare.layers[0].geometry.bounds
    hull = Layer("black", "#7F7F7F", (Shape(box(x0 + 1, y1, x1 - 1, y1 + 4)),))
    with_hull = Artwork(bare.width, bare.height + 5, (hull, *bare.layers), (), {}, {})
    got = measure(_with_line(with_hull, y1 - 0.03, y1 + 0.03, x0 - 1, x1 + 1))
    assert got.kind == "buoy-mooring"
    assert got.buoy.waterline == pytest.approx(want.buoy.waterline, abs=0.01)
    assert got.buoy.diameter == pytest.approx(want.buoy.diameter, abs=0.01)


@pytest.mark.parametrize("gap,width_share", [(0.5, 1.0), (0.0, 0.6)])
def test_a_dimension_line_is_not_a_waterline(gap: float, width_share: float) -> None:
    """A thin line standing off the sign, or one not crossing it edge to edge."""
    face = _undeclared(sign("control", 24))
    x0, _, x1, y1 = face.layers[0].geometry.bounds
    span = (x1 - x0) * width_share
    got = measure(_with_line(face, y1 + gap, y1 + gap + 0.03, x0, x0 + span))
    assert got.kind == "control" and got.buoy.waterline is None
