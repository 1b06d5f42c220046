"""Block lettering: glyph outlines are sized by cap height; legends fit their shape."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point

from markers.errors import WsmarkError
from markers.core.lettering import fit_block, set_line, text_width


def size(geometry) -> tuple[float, float]:
    x0, y0, x1, y1 = geometry.bounds
    return x1 - x0, y1 - y0


@pytest.mark.parametrize("cap", [0.5, 1.0, 2.0, 3.0, 4.0, 7.5, 12.0])
def test_letter_h_ink_height_is_the_cap_height(cap: float) -> None:
    line = set_line("H", cap, 10.0, 20.0)
    x0, y0, x1, y1 = line.geometry.bounds
    assert y1 - y0 == pytest.approx(cap, abs=0.002)
    assert y1 == pytest.approx(20.0, abs=0.002)  # sits on the baseline (y down)
    assert (x0 + x1) / 2 == pytest.approx(10.0, abs=0.01 * cap)  # centred on cx


@settings(max_examples=25, deadline=None)
@given(cap=st.floats(min_value=0.25, max_value=20.0),
       text=st.text(alphabet="HELTIFZ", min_size=1, max_size=6))
def test_flat_letters_ink_height_is_the_cap_height(cap: float, text: str) -> None:
    line = set_line(text, cap, 0.0, 0.0)
    assert size(line.geometry)[1] == pytest.approx(cap, abs=0.002 * max(1.0, cap / 4))
    # the line's box is cap height by advance width, and holds the ink
    assert size(line.box) == pytest.approx((text_width(text, cap), cap), abs=1e-9)
    assert line.box.buffer(0.05 * cap).contains(line.geometry)


def test_width_scales_with_cap_height() -> None:
    assert text_width("SLOW NO WAKE", 2.0) == pytest.approx(2 * text_width("SLOW NO WAKE", 1.0))


def test_slow_no_wake_fits_in_a_disc_of_radius_4() -> None:
    disc = Point(0, 0).buffer(4.0, quad_segs=128)
    block = fit_block("SLOW NO WAKE", disc, 1.0, 3.0)
    assert block is not None
    assert block.cap_height >= 1.0
    assert len(block.lines) >= 2  # one line of 12 characters would be too wide
    for line in block.lines:
        assert disc.contains(line.geometry)
        # each line's ink is one cap height tall or less (no descenders in these letters)
        assert size(line.geometry)[1] <= block.cap_height * 1.05
    assert " ".join(line.text for line in block.lines) == "SLOW NO WAKE"


def test_explicit_line_breaks_are_kept() -> None:
    disc = Point(0, 0).buffer(4.0, quad_segs=128)
    block = fit_block("SLOW|NO WAKE", disc, 0.5, 3.0)
    assert [line.text for line in block.lines] == ["SLOW", "NO WAKE"]


def test_a_legend_that_cannot_fit_returns_none() -> None:
    disc = Point(0, 0).buffer(4.0, quad_segs=128)
    assert fit_block("SUPERCALIFRAGILISTICEXPIALIDOCIOUS", disc, 1.0, 3.0) is None
    assert fit_block("HI", Point(0, 0).buffer(0.5), 1.0, 3.0) is None


def test_fit_takes_the_largest_cap_allowed() -> None:
    disc = Point(0, 0).buffer(40.0, quad_segs=128)
    block = fit_block("5 MPH", disc, 1.0, 3.0)
    assert block.cap_height == pytest.approx(3.0)


@pytest.mark.parametrize("text", ["\u2603", "SLOW \u2603", "\U0001F6A4"])
def test_missing_glyph_raises_wsmark_error(text: str) -> None:
    with pytest.raises(WsmarkError) as caught:
        set_line(text, 1.0, 0.0, 0.0)
    assert "\n" not in str(caught.value)
    with pytest.raises(WsmarkError):
        text_width(text, 1.0)
    with pytest.raises(WsmarkError):
        fit_block(text, Point(0, 0).buffer(40.0), 1.0, 3.0)


@pytest.mark.parametrize("text, cap, cx, baseline", [("SLOW NO WAKE", 3.2, 12.0, 20.5),
                                                      ("WS-1234", 7.0 / 3, -4.25, 0.0),
                                                      ("@&?", 0.5, 100.0, 333.3)])
def test_a_line_set_only_for_its_sizes_has_the_drawn_line_s_ink(text, cap, cx, baseline):
    drawn = set_line(text, cap, cx, baseline)
    sized = set_line(text, cap, cx, baseline, drawn=False)
    assert sized.path == "" and drawn.path
    assert sized.geometry.bounds == pytest.approx(drawn.geometry.bounds, abs=1e-9)
    assert sized.geometry.symmetric_difference(drawn.geometry).area < 1e-9 * drawn.geometry.area
    assert sized.box.equals(drawn.box)
