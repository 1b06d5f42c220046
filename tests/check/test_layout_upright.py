"""markers.check.layout.upright: which way is up, measured on shapes built here."""

from __future__ import annotations

import pytest
from shapely import affinity
from shapely.geometry import box

from markers import api

from markers.check.layout.upright import upright
from markers.core.artwork import Artwork, Layer, Shape
from markers.read.pdf import read_pdf_bytes


def _art(*pieces: tuple[str, object]) -> Artwork:
    layers = tuple(Layer(color, "#000000", (Shape(geometry),)) for color, geometry in pieces)
    return Artwork(width=40.0, height=40.0, layers=layers)


def test_a_band_across_a_ball_is_not_a_turned_rectangle() -> None:
    """Connecticut's mooring buoy read back from its PDF: its blue band's simplified hull
    has four corners joined by chords of its curved ends, at no level angle; the band
    itself is level (it was read as turned 14.8 deg, and its band lost)."""
    pack = api.get_pack("ct-15-121")
    art = api.build(api.design("mooring-buoy", None, pack=pack), pack)
    [page] = read_pdf_bytes(api.render(art, ".pdf"), "mooring.pdf")
    _, turned = upright(page)
    assert turned == 0.0


@pytest.mark.parametrize("angle", [12.0, 30.0, -20.0])
def test_a_turned_rectangle_is_squared_to_the_page(angle: float) -> None:
    """An information sign's orange frame turned by ``angle``: it is said turned by that
    angle (clockwise on the page, 0-360) and comes back level."""
    sign = affinity.rotate(box(8, 14, 32, 26).difference(box(10, 16, 30, 24)), angle)
    art, turned = upright(_art(("orange", sign)))
    assert turned == pytest.approx(angle % 360, abs=0.2)
    x0, y0, x1, y1 = art.layers[0].shapes[0].geometry.bounds
    assert (x1 - x0, y1 - y0) == pytest.approx((24.0, 12.0), abs=0.05)  # level again
