"""Block lettering: glyph outlines are sized by cap height; legends fit their shape."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shapely.geometry import Point, Polygon

from markers import api
from markers.core import geometry as geo
from markers.core import lettering
from markers.errors import WsmarkError
from markers.core.lettering import (MARGIN, block_height, fit_block, line_choices, set_line,
                                    text_width)


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


# --- the bounded fit (issue 14): the exhaustive answer, few splits tried ----------

def _exhaustive(legend: str, region, min_cap: float, max_cap: float):
    """The search before issue 14: every split bisected, no bounds (the reference)."""
    cx, cy = region.centroid.x, region.centroid.y
    best = None
    for lines in line_choices(legend):
        widths = [text_width(t, 1.0) for t in lines]

        def fits(cap, lines=lines, widths=widths):
            return region.contains(lettering._boxes(lines, widths, cap, cx, cy))

        if not fits(min_cap):
            continue
        low, high = min_cap, max_cap
        if fits(max_cap):
            low = max_cap
        else:
            for _ in range(24):
                mid = (low + high) / 2
                low, high = (mid, high) if fits(mid) else (low, mid)
        if best is None or low > best[0] + 1e-6:
            best = (low, lines)
    return None if best is None else (round(best[0], 3), best[1])


WORDS = "NO WAKE ZONE AHEAD KEEP RIGHT OF BUOYS SLOW 5 MPH".split()
REGIONS = {"circle": geo.disc(3, 4, 8), "rectangle": geo.rect(1, 2, 30, 14),
           "wide": geo.rect(0, 0, 600, 14), "tall": geo.rect(0, 0, 12, 40),
           "diamond": Polygon([(0, -10), (10, 0), (0, 10), (-10, 0)])}


@pytest.mark.parametrize("n, region", list(itertools.product((1, 3, 5, 8), REGIONS)))
@pytest.mark.parametrize("caps", [(1.0, 7.2), (0.5, 3.0), (2.0, 2.0)])
def test_bounded_fit_gives_the_exhaustive_answer(n: int, region: str, caps) -> None:
    legend = " ".join(WORDS[:n])
    for text in (legend, legend.replace(" ", "|", 1)):
        block = lettering._fit_block.__wrapped__(text, REGIONS[region].wkb, *caps, None)
        got = None if block is None else (block.cap_height, [line.text for line in block.lines])
        assert got == _exhaustive(text, REGIONS[region], *caps)


def _counting(monkeypatch) -> dict[str, int]:
    """Counts of the geometry built to test a fit, and of the splits looked at."""
    counts = {"boxes": 0, "splits": 0}
    boxes, splits = lettering._boxes, lettering._word_splits

    def counted_boxes(*args):
        counts["boxes"] += 1
        return boxes(*args)

    def counted_splits(*args):
        for lines in splits(*args):
            counts["splits"] += 1
            yield lines

    monkeypatch.setattr(lettering, "_boxes", counted_boxes)
    monkeypatch.setattr(lettering, "_word_splits", counted_splits)
    return counts


def test_twenty_words_are_wrapped_legibly_with_few_splits_tried(monkeypatch) -> None:
    """1,160 splits of 20 words into at most 4 lines; in an information sign's white
    (96 x 14 in) the bounds leave a few dozen, tested without building shapes."""
    legend = " ".join((WORDS * 2)[:20])
    counts = _counting(monkeypatch)
    block = lettering._fit_block.__wrapped__(legend, geo.rect(0, 0, 96, 14).wkb, 1.5, 7.2,
                                             None)
    assert len(line_choices(legend)) == 1160
    assert counts["boxes"] == 0 and counts["splits"] < 60
    assert block is not None and len(block.lines) > 1
    widest = max(line.box.bounds[2] - line.box.bounds[0] for line in block.lines)
    assert widest + 2 * MARGIN * block.cap_height <= 96.01  # the cap is rounded to 0.001 in
    assert block_height(len(block.lines), block.cap_height) <= 14.01
    assert block.cap_height >= 1.5


@pytest.mark.parametrize("region", ["circle", "diamond"])
def test_a_long_legend_in_a_round_shape_tests_few_splits(monkeypatch, region: str) -> None:
    """In a circle or diamond the bounding box bounds loosely, yet doubling the words
    does not multiply the splits tried (the 4-line splits grow 8-fold)."""
    tried = []
    for n in (10, 20, 40):
        counts = _counting(monkeypatch)
        lettering._fit_block.__wrapped__(" ".join((WORDS * 4)[:n]), REGIONS[region].wkb,
                                         0.5, 7.2, None)
        tried.append(counts["splits"])
        monkeypatch.undo()
    assert tried[2] <= 4 * max(tried[1], 10) and tried[1] <= 4 * max(tried[0], 10)


def test_information_sign_of_twenty_words_fits_once_and_wraps(monkeypatch) -> None:
    """build_rectangle sizes its rectangle with the fit and lays the sign out with the
    same one (memoised); 20 words wrap onto legible lines within a 4 ft sign."""
    legend = " ".join((WORDS * 2)[:20])
    lettering._fit_block.cache_clear()
    art = api.build(api.design("information", 24, legend=legend, max_width=48))
    info = lettering._fit_block.cache_info()
    assert info.misses == 1 and info.hits == 1
    assert art.width <= 48 and art.meta["legend_placement"] == "inside"
    [legend_item] = art.legends
    assert legend_item.cap_height >= 1.5  # the legible minimum at H = 24 in
    assert legend_item.text.replace("\n", " ").split() == legend.split()
    assert "\n" in legend_item.text  # wrapped
