"""Rendered files, read back with an independent parser and measured in inches.

SVG geometry comes from tests/svg_measure.py (svgelements + shapely, no wsmark code);
PNG size and pixels from the file's own chunks; PDF page size from pypdf. Expected
numbers are the rule's arithmetic (2H/3, 35 deg, 2 in), not the library's helpers.
"""

from __future__ import annotations

import math
import re
from io import BytesIO

import pypdf
import pytest
import svgelements as se
from shapely import get_coordinates
from shapely.geometry import Polygon

from cli import cli
from conftest import sample_design
from markers.core.colors import PALETTE
from markers.core.design import Design
from wi import KINDS, build
from render.output import render_bytes
from svg_measure import PNG_MAGIC, png_pixels, png_size, read_svg

ALL = list(KINDS)
#: Flat sign faces (their display area is the top of the drawing); buoys and flags
#: are measured in tests/build/test_buoys.py, test_wrap.py and test_flags.py.
SIGNS = [name for name, kind in KINDS.items() if kind.form == "sign"]
_CACHE: dict = {}


def rendered(kind: str, h: float = 24.0, **options):
    """(artwork, svg bytes, measured drawing) of a sample design, built once per run."""
    key = (kind, h, tuple(sorted(options.items())))
    if key not in _CACHE:
        art = build(sample_design(kind, h, **options))
        data = render_bytes(art, ".svg")
        _CACHE[key] = art, data, read_svg(data)
    return _CACHE[key]


def layer_of(drawing, color: str):
    """The measured layer of ``color`` (the topmost when the color is painted twice)."""
    ids = [i for i in drawing.layers if re.fullmatch(rf"layer-{color}(-\d+)?", i)]
    assert ids, f"no {color} layer in {list(drawing.layers)}"
    return drawing.layers[ids[-1]]


def bounds_size(geometry) -> tuple[float, float]:
    x0, y0, x1, y1 = geometry.bounds
    return x1 - x0, y1 - y0


def corners(ring) -> list[tuple[float, float]]:
    """Vertices of a ring read from the file, collinear points dropped."""
    return [tuple(p) for p in get_coordinates(Polygon(ring).simplify(1e-9).exterior)[:-1]]


# --- every kind ----------------------------------------------------------------------

@pytest.mark.parametrize("kind", ALL)
def test_svg_is_actual_size_in_inches(kind: str) -> None:
    art, data, drawing = rendered(kind)
    assert re.search(rb'width="[0-9.]+in"', data) and re.search(rb'height="[0-9.]+in"', data)
    assert drawing.width_in == pytest.approx(art.width, abs=1e-4)
    assert drawing.height_in == pytest.approx(art.height, abs=1e-4)
    assert drawing.viewbox == pytest.approx((0, 0, art.width, art.height), abs=1e-4)


@pytest.mark.parametrize("kind", ALL)
def test_layers_are_named_by_color_and_painted_with_the_palette(kind: str) -> None:
    art, _, drawing = rendered(kind)
    colors = []
    for layer_id, layer in drawing.layers.items():
        match = re.fullmatch(r"layer-([a-z]+)(-[0-9]+)?", layer_id)
        assert match, layer_id
        color = match.group(1)
        assert color in PALETTE
        assert layer.fill == PALETTE[color].upper()
        colors.append(color)
    assert colors == [layer.color for layer in art.layers]  # paint order kept
    assert len(set(drawing.layers)) == len(art.layers)


@pytest.mark.parametrize("kind", ALL)
def test_rendered_layers_match_the_artwork(kind: str) -> None:
    art, _, drawing = rendered(kind)
    for built, measured in zip(art.layers, drawing.layers.values()):
        diff = built.geometry.symmetric_difference(measured.geometry).area
        assert diff <= 2e-3 * max(built.geometry.area, 1.0), (built.color, diff)


@pytest.mark.parametrize("kind", ALL)
def test_text_is_outlines_not_text_elements(kind: str) -> None:
    _, data, drawing = rendered(kind)
    assert drawing.text_elements == 0
    assert b"<text" not in data and b"<tspan" not in data


@pytest.mark.parametrize("kind", SIGNS)
def test_desc_names_kind_height_and_citations(kind: str) -> None:
    art, _, drawing = rendered(kind)
    assert f"kind: {kind}" in drawing.desc
    assert "display height: 24 in" in drawing.desc
    assert "NR 5.09(6)(a)" in drawing.desc
    assert KINDS[kind].ref.clause in drawing.desc
    if not kind.startswith("aid-"):
        assert "NR 5.09(6)(c)" in drawing.desc and "NR 5.09(6)(b)" in drawing.desc
    else:
        assert "NR 5.09(2)(a)5" in drawing.desc and KINDS[kind].sample_id in drawing.desc
    assert kind in drawing.title


@pytest.mark.parametrize("kind", SIGNS)
def test_display_area_is_marked_for_checkers(kind: str) -> None:
    art, data, _ = rendered(kind)
    svg = se.SVG.parse(BytesIO(data), reify=True, ppi=96)
    (area,) = [e for e in svg.elements() if getattr(e, "id", None) == "display-area"]
    x0, y0, x1, y1 = (v / 96 for v in area.bbox())
    assert (x0, y0, x1 - x0, y1 - y0) == pytest.approx((0, 0, art.width, 24.0), abs=1e-4)


@pytest.mark.parametrize("kind", ALL)
def test_rendering_is_deterministic(kind: str) -> None:
    design = sample_design(kind, 24.0)
    first, second = build(design), build(design)
    assert render_bytes(first, ".svg") == render_bytes(first, ".svg")
    assert render_bytes(first, ".svg") == render_bytes(second, ".svg")
    assert first == second


# --- regulatory symbols measured in the file -----------------------------------------

def test_danger_24_measured_from_the_file() -> None:
    _, _, drawing = rendered("danger", legend=None)
    (symbol,) = getattr(g := layer_of(drawing, "orange").geometry, "geoms", [g])
    width, height = bounds_size(symbol)
    assert width == pytest.approx(16.00, abs=0.005)  # (6)(c): 2/3 x 24
    assert height == pytest.approx(16.00 / math.tan(math.radians(35)), abs=0.005)
    points = corners(symbol.exterior)
    assert len(points) == 4
    for (x0, y0), (x1, y1) in zip(points, points[1:] + points[:1]):
        assert math.degrees(math.atan2(abs(x1 - x0), abs(y1 - y0))) == \
            pytest.approx(35.0, abs=0.05)  # (6)(d)
    assert len(symbol.interiors) == 1
    assert symbol.exterior.distance(symbol.interiors[0]) == pytest.approx(2.00, abs=0.005)


def test_exclusion_cross_leaves_four_white_quarters_in_the_file() -> None:
    _, _, drawing = rendered("exclusion")
    (symbol,) = getattr(g := layer_of(drawing, "orange").geometry, "geoms", [g])
    assert bounds_size(symbol)[0] == pytest.approx(16.00, abs=0.005)
    assert len(symbol.interiors) == 4


def test_control_24_ring_is_drawn_with_arcs_and_measures_16_and_20() -> None:
    _, data, drawing = rendered("control")
    orange = layer_of(drawing, "orange")
    assert "Arc" in orange.segment_types
    assert not orange.segment_types & {"Line", "QuadraticBezier", "CubicBezier"}
    assert re.search(rb'<g[^>]*id="layer-orange"[^>]*>\s*<path d="[^"]*A', data)
    (ring,) = getattr(orange.geometry, "geoms", [orange.geometry])
    assert len(ring.interiors) == 1
    for size in bounds_size(ring.exterior):
        assert size == pytest.approx(20.00, abs=0.01)
    for size in bounds_size(ring.interiors[0]):
        assert size == pytest.approx(16.00, abs=0.01)
    assert ring.exterior.distance(ring.interiors[0]) == pytest.approx(2.00, abs=0.01)


@pytest.mark.parametrize("h", [12.0, 24.0, 31.5])
def test_information_square_mean_width_from_the_file(h: float) -> None:
    _, _, drawing = rendered("information", h, legend="I")
    (square,) = getattr(g := layer_of(drawing, "orange").geometry, "geoms", [g])
    (ow, oh), (iw, ih) = bounds_size(square.exterior), bounds_size(square.interiors[0])
    assert (ow + iw) / 2 == pytest.approx(2 * h / 3, abs=0.005)
    assert (oh + ih) / 2 == pytest.approx(2 * h / 3, abs=0.005)


def test_information_rectangle_mean_height_from_the_file() -> None:
    _, _, drawing = rendered("information", legend="PUMP OUT STATION")
    (rect,) = getattr(g := layer_of(drawing, "orange").geometry, "geoms", [g])
    (ow, oh), (_, ih) = bounds_size(rect.exterior), bounds_size(rect.interiors[0])
    assert ow > oh
    assert (oh + ih) / 2 == pytest.approx(16.0, abs=0.005)


# --- lettering in the file -----------------------------------------------------------

@pytest.mark.parametrize("kind,legend,h", [
    ("control", "H", 24.0), ("control", "HELL", 12.0), ("information", "HELL", 24.0),
    ("danger", "HELL", 24.0), ("exclusion", "HELL", 18.0),
])
def test_legend_height_in_the_file_is_its_cap_height(kind: str, legend: str, h: float) -> None:
    art, _, drawing = rendered(kind, h, legend=legend)
    (item,) = art.legends
    black = layer_of(drawing, "black")
    assert bounds_size(black.geometry)[1] == pytest.approx(item.cap_height, abs=0.01)
    assert item.cap_height >= 1.0


@pytest.mark.parametrize("kind", ["aid-red", "aid-green", "aid-center"])
@pytest.mark.parametrize("h", [12.0, 24.0])
def test_aid_letters_are_white_and_at_least_3_in(kind: str, h: float) -> None:
    art, _, drawing = rendered(kind, h)
    letters = layer_of(drawing, "white")  # painted last, over the face
    assert list(drawing.layers)[-1].startswith("layer-white")
    height = bounds_size(letters.geometry)[1]
    (item,) = art.legends
    assert height >= 3.0 - 0.005  # NR 5.09(2)(a)6
    assert height == pytest.approx(item.cap_height, rel=0.05)


# --- PNG and PDF ---------------------------------------------------------------------

@pytest.mark.parametrize("kind", ALL)
@pytest.mark.parametrize("dpi", [50, 100])
def test_png_is_a_png_of_the_right_pixel_size(kind: str, dpi: int) -> None:
    art = build(sample_design(kind, 12.0))
    data = render_bytes(art, ".png", dpi)
    assert data[:8] == PNG_MAGIC
    assert png_size(data) == (round(art.width * dpi), round(art.height * dpi))


def _is_orange(pixel) -> bool:
    r, g, b = (int(v) for v in pixel[:3])
    return r > 220 and 40 <= g <= 120 and b < 40


def test_png_pixels_show_the_orange_ring_on_white() -> None:
    dpi = 10
    art = build(Design("control", 24.0, legend="5 MPH"))
    pixels = png_pixels(render_bytes(art, ".png", dpi))
    assert pixels.shape[:2] == (240, 240)

    def at(x_in: float, y_in: float):
        return pixels[int(y_in * dpi), int(x_in * dpi)]

    # centre of the ring band: 9 in from the centre (between radii 8 and 10)
    for x, y in [(3.0, 12.0), (21.0, 12.0), (12.0, 3.0), (12.0, 21.0)]:
        assert _is_orange(at(x, y)), (x, y, at(x, y))
    for x, y in [(0.5, 0.5), (12.0, 6.0), (12.0, 18.0), (1.0, 12.0)]:
        assert min(at(x, y)[:3]) > 240, (x, y, at(x, y))


def test_png_pixels_show_the_diamond_band() -> None:
    dpi = 10
    art = build(Design("danger", 24.0))
    pixels = png_pixels(render_bytes(art, ".png", dpi))
    cx, cy = art.width / 2, 12.0
    # the side vertices of the band: outer at cx +- 8, inner 2/cos35 = 2.44 in inside
    for x in (cx - 8 + 1.2, cx + 8 - 1.2):
        assert _is_orange(pixels[int(cy * dpi), int(x * dpi)])
    assert min(pixels[int(cy * dpi), int(cx * dpi)][:3]) > 240


@pytest.mark.parametrize("kind", ALL)
def test_pdf_page_is_actual_size(kind: str) -> None:
    art = build(sample_design(kind, 12.0))
    data = render_bytes(art, ".pdf")
    assert data[:4] == b"%PDF"
    reader = pypdf.PdfReader(BytesIO(data))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert float(box.width) == pytest.approx(art.width * 72, abs=0.01)
    assert float(box.height) == pytest.approx(art.height * 72, abs=0.01)


# --- the pixel cap ------------------------------------------------------------------

def test_png_over_the_pixel_cap_is_refused_naming_a_dpi_that_fits(runner, tmp_path) -> None:
    out = tmp_path / "c.png"
    args = ["render", "control", "-H", "12", "--legend", "SLOW", "--max-pixels", "1000000",
            "-o", str(out)]
    result = runner.invoke(cli, args + ["--dpi", "100"])
    assert result.exit_code == 2
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert "1,400 x 1,400 px" in lines[0] and "1,000,000 px" in lines[0]
    assert "100 dpi" in lines[0]
    assert list(tmp_path.iterdir()) == []
    dpi = int(re.search(r"at most (\d+) dpi", lines[0]).group(1))
    result = runner.invoke(cli, args + ["--dpi", str(dpi)])
    assert result.exit_code == 0, result.stderr
    w, h = png_size(out.read_bytes())
    assert w * h <= 1_000_000 < (w + w // dpi) * (h + h // dpi)  # one dpi more is over


def test_default_pixel_cap_refuses_a_600_dpi_control_sign(runner, tmp_path) -> None:
    """The issue's case: 26,400 x 28,800 px (2.9 GiB of surface) is refused at once."""
    result = runner.invoke(cli, ["render", "control", "-H", "48", "--legend", "SLOW NO WAKE",
                                 "--dpi", "600", "-o", str(tmp_path / "c.png")])
    assert result.exit_code == 2 and "200,000,000 px" in result.stderr
    assert "26,400 x 28,800 px" in result.stderr and "use at most 307 dpi" in result.stderr
    assert list(tmp_path.iterdir()) == []
