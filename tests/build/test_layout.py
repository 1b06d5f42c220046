"""Layouts measured on the built artwork and its rendered file: words wrapped within the
sign's width, explanations above and below, refusals with their paragraph."""

from __future__ import annotations

import dataclasses
import re

import pytest
from click.testing import CliRunner

import cli as cli_module
from markers.build.proportions import legend_min_cap
from markers.core.blanks import choose_blank
from markers.core.design import Design
from markers.errors import WsmarkError
from svg_measure import read_svg
from cli_helpers import assert_ok, assert_user_error, invoke
from wi import PACK, build


def test_long_danger_legend_wraps_within_the_symbol_and_margins() -> None:
    art = build(Design("danger", 12.0, legend="SUBMERGED ROCKS AND SHALLOW WATER AHEAD"))
    assert art.width == pytest.approx(8 + 2 * 12 / 12)  # 2H/3 and H/12 each side: 10 in
    (item,) = art.legends
    assert len(item.text.splitlines()) > 1
    x0, _, x1, _ = item.outlines.bounds
    assert 0 < x0 and x1 < art.width  # the letters stay on the panel
    assert item.cap_height >= legend_min_cap(PACK.law, 12.0)
    wide = build(Design("danger", 12.0, legend="SUBMERGED ROCKS AND SHALLOW WATER AHEAD",
                        max_width=30.0))
    assert art.width < wide.width <= 30.0
    assert len(wide.legends[0].text.splitlines()) < len(item.text.splitlines())


def test_a_word_too_long_for_the_width_is_refused_in_one_line() -> None:
    with pytest.raises(WsmarkError, match=r"cannot be set within 10\.00 in at the 1\.00 in"):
        build(Design("danger", 12.0, legend="SUPERCALIFRAGILISTICEXPIALIDOCIOUS"))
    with pytest.raises(WsmarkError, match="narrower than the symbol"):
        build(Design("danger", 12.0, legend="ROCKS", max_width=5.0))


def test_information_wraps_in_the_square_before_widening() -> None:
    art = build(Design("information", 24.0, legend="PUBLIC BOAT LAUNCH AHEAD"))
    sx0, _, sx1, _ = art.features["symbol"].bounds
    # widened only as far as its longest word at H/8 needs, not to one 58 in line
    assert 16 + 2 <= sx1 - sx0 < 20
    assert len(art.legends[0].text.splitlines()) == 4
    short = build(Design("information", 24.0, legend="BOAT LAUNCH|AHEAD"))
    assert len(short.legends[0].text.splitlines()) == 2


def test_above_and_below_for_control_and_danger() -> None:
    art = build(Design("control", 24.0, legend="SLOW NO WAKE", above="NO WAKE ZONE",
                       below="7 AM|TO 7 PM"))
    _, top, _, bottom = art.features["display-area"].bounds
    assert bottom - top == pytest.approx(24.0)
    above = [i for i in art.legends if "ZONE" in i.text]
    below = [i for i in art.legends if "PM" in i.text]
    assert above and above[0].outlines.bounds[3] < top
    assert below and below[0].outlines.bounds[1] > bottom
    assert art.height > 24 + above[0].cap_height + below[0].cap_height
    for kind in ("exclusion", "information"):
        with pytest.raises(WsmarkError, match="danger and control"):
            build(Design(kind, 24.0, legend="X", above="MORE"))


@pytest.mark.parametrize("kind,clause", [("control", "NR 5.09(2)(b)3"),
                                         ("information", "NR 5.09(2)(b)4")])
def test_no_legend_is_refused_with_the_paragraph(kind: str, clause: str) -> None:
    result = CliRunner().invoke(cli_module.cli, ["render", kind, "-H", "24", "-o", "x.svg"])
    assert result.exit_code == 2
    assert clause in result.output and len(result.output.strip().splitlines()) == 1


def test_a_legend_of_only_spaces_is_refused() -> None:
    for legend in ("   ", " | "):
        with pytest.raises(WsmarkError, match="has no words"):
            build(Design("danger", 24.0, legend=legend))


@pytest.mark.parametrize("h", [12.0, 18.0, 24.0, 36.0])
@pytest.mark.parametrize("ws_id", ["WS-2", "WS-102"])
def test_red_triangle_is_equilateral_and_holds_its_id(h: float, ws_id: str) -> None:
    import math

    art = build(Design("aid-red", h, ws_id=ws_id))
    face = art.features["symbol"]
    coords = list(face.exterior.coords)[:3]
    sides = [math.dist(p, q) for p, q in zip(coords, coords[1:] + coords[:1])]
    assert max(sides) - min(sides) < 1e-9  # equilateral, whatever the size
    assert art.height >= h
    assert face.contains(art.legends[0].outlines)
    spec = {d.name: d.value for d in art.meta["dimensions"]}
    assert "equilateral" in spec["triangle"]


def test_aid_shape_warns_on_a_stretched_triangle(tmp_path) -> None:
    # drawn the way a vendor might: a polygon stretched to 27.71 x 18 in, <text> id
    svg = tmp_path / "red.svg"
    svg.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="27.71in" height="18in" '
        'viewBox="0 0 2771 1800"><polygon points="1385.5,0 2771,1800 0,1800" '
        'fill="#c8102e"/><text x="1385" y="1500" font-family="Helvetica" '
        'font-weight="bold" font-size="430" text-anchor="middle" fill="#fff">WS-2</text>'
        '</svg>')
    result = CliRunner().invoke(cli_module.cli, ["check", str(svg)])
    assert "aid-shape" in result.output and "not equilateral" in result.output
    ours = tmp_path / "ours.svg"
    assert CliRunner().invoke(cli_module.cli, ["render", "aid-red", "-H", "18", "--id",
                                               "WS-2", "-o", str(ours)]).exit_code == 0
    result = CliRunner().invoke(cli_module.cli, ["check", str(ours)])
    assert "aid-shape" not in result.output


def test_control_ring_keeps_the_side_margin_top_and_bottom_in_the_file() -> None:
    from render.output import render_bytes
    from svg_measure import read_svg

    art = build(Design("control", 12.0, legend="5 MPH"))
    drawing = read_svg(render_bytes(art, ".svg"))
    ring = next(layer.geometry for name, layer in drawing.layers.items() if "orange" in name)
    x0, y0, x1, y1 = ring.bounds
    assert (x0, y0) == pytest.approx((1.0, 1.0), abs=1e-3)  # H/12 = 1 in every side
    assert (drawing.width_in - x1, drawing.height_in - y1) == pytest.approx((1.0, 1.0), abs=1e-3)


def test_exclusion_white_center_is_stated_with_the_smallest_h(tmp_path) -> None:
    from markers.build.signs import white_quarters

    art = build(Design("exclusion", 12.0))
    white = art.features["symbol-interior"].difference(art.features["cross"])
    dims = {d.name: d.value for d in art.meta["dimensions"]}
    assert dims["white center (the four quarters)"] == pytest.approx(white.area, abs=1e-6)
    least = dims[f"smallest H giving each quarter {PACK.law.req('exclusion_quarter_min'):g} "
                 "in across"]
    assert white_quarters(PACK.law, least, 2.0)[1] >= 1.0 > \
        white_quarters(PACK.law, least - 0.25, 2.0)[1]
    result = CliRunner().invoke(cli_module.cli, ["render", "exclusion", "-H", "12", "-o",
                                                 str(tmp_path / "x.svg")])
    assert result.exit_code == 0
    assert f"white center is {white.area:.2f} sq in" in result.output
    assert f"H = {least:g} in or more" in result.output
    quiet = CliRunner().invoke(cli_module.cli, ["render", "exclusion", "-H", "24", "-o",
                                                str(tmp_path / "y.svg")])
    assert "note" not in quiet.output


@pytest.mark.parametrize("kind,ws_id,diameter", [
    ("buoy-aid-red", "WS-2", None), ("buoy-aid-green", "WS-1", None),
    ("buoy-aid-red", "WS-102", None), ("buoy-aid-green", "WS-11", 9.0),
    ("buoy-aid-red", "WS-2", 8.0)])
def test_aid_buoy_id_glyphs_are_legible_in_the_elevation(kind, ws_id, diameter) -> None:
    """Every glyph of the id, measured in the rendered elevation: at least 3 in high
    and at least 70 % of its flat width (at most 30 % foreshortened)."""
    from render.output import render_bytes
    from svg_measure import read_svg

    from markers.core.fabrication import cut_polygons as polygons
    from markers.core.lettering import set_line

    art = build(Design(kind, ws_id=ws_id, diameter=diameter))
    drawing = read_svg(render_bytes(art, ".svg"))
    white = [layer.geometry for name, layer in drawing.layers.items() if "white" in name]
    glyphs = [g for g in polygons(white[-1]) if g.bounds[3] - g.bounds[1] > 1.0]
    rows: list[list] = []
    for g in sorted(glyphs, key=lambda g: g.bounds[1]):
        if rows and abs(rows[-1][0].bounds[1] - g.bounds[1]) < 1.0:
            rows[-1].append(g)
        else:
            rows.append([g])
    set_as = next(d.value for d in art.meta["dimensions"] if d.name == "identification set as")
    lines = set_as.split(" / ")
    assert len(rows) == len(lines)
    for row, text in zip(rows, lines):
        flat = sorted((p for p in polygons(set_line(text, 3.0, 0, 0).geometry)
                       if p.bounds[3] - p.bounds[1] > 1.0), key=lambda p: p.bounds[0])
        seen = sorted(row, key=lambda p: p.bounds[0])
        assert len(seen) == len(flat), (text, len(seen))
        for s, f in zip(seen, flat):
            assert s.bounds[3] - s.bounds[1] >= 3.0 - 0.05  # seen at least 3 in high
            ratio = (s.bounds[2] - s.bounds[0]) / (f.bounds[2] - f.bounds[0])
            assert ratio >= 0.70 - 1e-3, (text, ratio)


def test_exclusion_words_never_go_inside_the_diamond() -> None:
    """(2)(b)2: the cross stands "without qualifying explanation": words given with an
    exclusion marker are set below it, never in its white center."""
    art = build(Design("exclusion", 24.0, legend="NO BOATS"))
    (item,) = art.legends
    _, _, _, bottom = art.features["display-area"].bounds
    assert item.outlines.bounds[1] > bottom
    assert not item.outlines.intersects(art.features["symbol"])


# --- room: a sign no taller than twice its width, a display area large enough ----------

#: A 60-character danger legend: at H = 24 in it goes below the diamond, a word a line.
LONG_DANGER = "SHALLOW WATER ROCKS AND SUBMERGED PILINGS KEEP CLEAR OF AREA"


def _svg_size(data: bytes) -> tuple[float, float]:
    """Width and height (in) of an SVG, read by svgelements."""
    drawing = read_svg(data)
    return drawing.width_in, drawing.height_in


def test_a_legend_that_makes_a_sign_too_tall_is_refused_with_the_width_that_fits(
        runner, tmp_path) -> None:
    assert len(LONG_DANGER) == 60
    lines = {}
    for command, out in (("render", tmp_path / "d.svg"), ("fabricate", tmp_path / "fab")):
        lines[command] = assert_user_error(invoke(
            runner, command, "danger", "-H", "24", "--legend", LONG_DANGER, "-o", str(out)),
            "makes the sign 20.00 x 45.40 in")
        assert not out.exists()
    assert lines["render"] == lines["fabricate"]
    need = float(re.search(r"needs at least ([\d.]+) in of width; give --max-width \1 or "
                           r"--force \(--legend\)$", lines["render"])[1])
    sizes = {}
    for name, extra in (("fits", ["--max-width", f"{need:g}"]),
                        ("narrower", ["--max-width", f"{need - 0.25:g}"]),
                        ("forced", ["--force"])):
        out = tmp_path / f"{name}.svg"
        assert_ok(invoke(runner, "render", "danger", "-H", "24", "--legend", LONG_DANGER,
                         "-o", str(out), *extra))
        sizes[name] = _svg_size(out.read_bytes())
    width, height = sizes["fits"]
    assert width <= need + 1e-6 and height <= 2 * width  # the width said keeps it within
    width, height = sizes["narrower"]
    assert height > 2 * width  # and is the least that does, to 1/4 in
    assert sizes["forced"] == pytest.approx((20.0, 45.40), abs=0.01)
    folder = tmp_path / "forced"
    assert_ok(invoke(runner, "fabricate", "danger", "-H", "24", "--legend", LONG_DANGER,
                     "--force", "-o", str(folder)))
    (printed,) = folder.glob("*-print.svg")
    page = 2 * (0.125 + 0.5)  # bleed and room for the marks, each side
    blank = choose_blank(20.0, 45.40)  # the smallest standard blank that holds it: 36 x 48
    assert _svg_size(printed.read_bytes()) == pytest.approx(
        (blank.width + page, blank.height + page), abs=0.01)


def test_the_checker_builds_a_tall_design_as_declared() -> None:
    from markers import api

    design = f"kind: danger\ndisplay_height: 24\nlegend: {LONG_DANGER}\n".encode()
    report, _ = api.check(design, "tall.yaml")
    assert report.verdict == "pass", report.error


@pytest.mark.parametrize("fields", [
    {"kind": "control", "outline": 3.0, "legend": "5 MPH"},  # the ring outgrows H
    {"kind": "information", "outline": 5.0, "legend": "5 MPH"},  # the rectangle does
    {"kind": "control", "legend": "SUPERCALIFRAGILISTICEXPIALIDOCIOUS"},  # inside a circle
    {"kind": "danger", "legend": "SUPERCALIFRAGILISTICEXPIALIDOCIOUS"},  # in a band below
])
def test_enlarge_the_display_area_says_to_what(fields: dict) -> None:
    """The display height advised is the least (to 1/4 in) at which the design builds."""
    design = Design(display_height=12.0, **fields)
    with pytest.raises(WsmarkError) as refused:
        build(design)
    message = str(refused.value)
    assert message.count("enlarge the display area") == 1
    least = float(re.search(r"enlarge the display area to at least ([\d.]+) in$", message)[1])
    head = re.sub(r"\d+(\.\d+)?", "NUMBER", message.split(";")[0])  # what, not how much
    art = build(dataclasses.replace(design, display_height=least, force=True))
    assert art.meta["display_height"] == least
    with pytest.raises(WsmarkError) as smaller:
        build(dataclasses.replace(design, display_height=least - 0.25, force=True))
    assert re.sub(r"\d+(\.\d+)?", "NUMBER", str(smaller.value).split(";")[0]) == head
    if fields.get("outline") == 3.0:  # 2H/3 + 2t <= H: H >= 6t
        assert least == 6 * 3.0


def test_a_word_too_wide_for_the_band_says_the_width_it_needs() -> None:
    word = "SUPERCALIFRAGILISTICEXPIALIDOCIOUS"
    with pytest.raises(WsmarkError) as refused:
        build(Design("danger", 12.0, legend=word))
    need = float(re.search(r"give --max-width ([\d.]+) or more", str(refused.value))[1])
    art = build(Design("danger", 12.0, legend=word, max_width=need))
    (item,) = art.legends
    assert item.text == word and art.width <= need
    assert item.cap_height == pytest.approx(legend_min_cap(PACK.law, 12.0))
    with pytest.raises(WsmarkError, match="cannot be set within"):
        build(Design("danger", 12.0, legend=word, max_width=need - 0.25))
