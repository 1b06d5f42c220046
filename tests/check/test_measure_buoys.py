"""Band edges of a buoy come out exact: they are heights of vertices or of crossings of
the sampling lines with a color's outline (markers.check.measure.bands), not the result
of a scan or a bisection. The buoys are drawn here by hand in millimetres, the way a
vendor's drawing program writes them, and read back by the SVG reader.
"""

from __future__ import annotations

import pytest

from markers.check.measure.bands import EDGE_IN
from markers.check.measure.buoys import measure_buoy
from markers.check.measure.common import Measuring
from markers.read import read_drawing
from wi import PACK

MM = 1 / 25.4
WIDTH, TALL = 300.0, 900.0  # mm: the body, above the waterline at its foot


def _buoy(bands: str, body: str = f"M0 0H{WIDTH}V{TALL}H0Z") -> list:
    svg = f"""<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}mm" height="{TALL}mm"
      viewBox="0 0 {WIDTH} {TALL}"><path d="{body}" fill="#FFFFFF"/>{bands}
      <line id="waterline" x1="0" y1="{TALL}" x2="{WIDTH}" y2="{TALL}" stroke="#0072CE"
       stroke-width="1"/></svg>"""
    art = read_drawing(svg.encode(), "buoy.svg")[0]
    return list(measure_buoy(art, Measuring(PACK.law), "symbol-buoy").buoy.bands)


def test_level_band_edges_are_the_drawn_heights() -> None:
    bands = _buoy(f'<path d="M0 0H{WIDTH}V150H0Z" fill="#FF6A13"/>'
                  f'<path d="M0 750H{WIDTH}V{TALL}H0Z" fill="#FF6A13"/>')
    assert [b.color.family for b in bands] == ["orange", "white", "orange"]
    edges = [y / MM for b in bands for y in (b.top, b.bottom)]
    assert edges == pytest.approx([0, 150, 150, 750, 750, TALL], abs=1e-9)
    assert [b.share for b in bands] == pytest.approx([1 / 6, 2 / 3, 1 / 6], abs=1e-12)


def test_a_slanted_edge_ends_a_band_where_it_crosses_each_sampling_line() -> None:
    """The orange band's foot runs from 100 mm at the left to 150 mm at the right: the
    band is orange at both sides down to where the foot crosses the left sampling line
    (EDGE_IN of the width in), white at both from where it crosses the right one."""
    bands = _buoy(f'<path d="M0 0H{WIDTH}V150L0 100Z" fill="#FF6A13"/>')
    inset = EDGE_IN * WIDTH
    left = 100 + 50 * inset / WIDTH
    right = 100 + 50 * (WIDTH - inset) / WIDTH
    assert [b.color.family for b in bands] == ["orange", "white"]
    assert bands[0].top / MM == pytest.approx(0, abs=1e-9)
    assert bands[0].bottom / MM == pytest.approx(left, abs=1e-9)
    assert bands[1].top / MM == pytest.approx(right, abs=1e-9)
    assert bands[1].bottom / MM == pytest.approx(TALL, abs=1e-9)


def test_a_tapered_body_samples_inside_its_own_edges() -> None:
    """A nun-like top narrows the body; the sampling lines follow its slanted sides, so a
    band drawn just inside the taper still runs at both edges."""
    body = f"M100 0H200L{WIDTH} 200V{TALL}H0V200Z"
    bands = _buoy(f'<path d="{body[:-1]}" fill="none"/>'
                  f'<path d="M100 0H200L{WIDTH} 200V250H0V200Z" fill="#FF6A13"/>', body)
    assert [b.color.family for b in bands] == ["orange", "white"]
    assert [bands[0].top / MM, bands[0].bottom / MM] == pytest.approx([0, 250], abs=1e-9)
