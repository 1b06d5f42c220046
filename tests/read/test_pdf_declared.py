"""wsmark's PDFs declare what its SVGs declare (the unpainted display area, reflector
and permit label, and the design record) in the Info dictionary, and the PDF reader
takes it back: H is then declared, not inferred, as it is from the SVG.

Written with the command line as a user would (render, wrap, fabricate), read back with
pypdf and PDFium, and checked.
"""

from __future__ import annotations

import io
import json
import re

import pytest
from shapely.geometry import box

import cli as cli_module
from markers.core import declared
from markers.check.pipeline import CheckOptions
from markers.read.pdf import read_pdf_bytes
from render.raster import svg_to_pdf
from wi import check_file


def _run(runner, *args: str) -> None:
    result = runner.invoke(cli_module.cli, list(args), catch_exceptions=False)
    assert result.exit_code == 0, result.stderr


def _info(path) -> dict[int, declared.PageDeclaration]:
    """The declaration as pypdf reads it from the Info dictionary."""
    import pypdf

    return declared.decode(pypdf.PdfReader(path).metadata[f"/{declared.PDF_KEY}"])


def _svg_area(svg: str) -> tuple[float, ...]:
    """The SVG's display-area rectangle as [x0, y0, x1, y1] (user units are inches)."""
    rect = re.search(r'<rect[^>]*id="display-area"[^>]*>', svg)[0]
    x, y, w, h = (float(re.search(rf' {k}="([^"]+)"', rect)[1])
                  for k in ("x", "y", "width", "height"))
    return x, y, x + w, y + h


BUOY = ("buoy-symbol", "--symbol", "control", "--legend", "SLOW NO WAKE",
        "--height-above-water", "40", "--diameter", "12")


@pytest.mark.parametrize("args, height", [
    (BUOY, 12.0),
    (("control", "-H", "12", "--legend", "SLOW NO WAKE"), 12.0),
    (("danger", "-H", "18", "--legend", "ROCKS", "--permit-id", "WI-2026-0417"), 18.0),
])
def test_a_rendered_pdf_checks_as_its_svg_with_h_declared(runner, tmp_path, args,
                                                          height: float) -> None:
    pdf, svg = tmp_path / "m.pdf", tmp_path / "m.svg"
    _run(runner, "render", *args, "-o", str(pdf))
    _run(runner, "render", *args, "-o", str(svg))
    report, _ = check_file(pdf, CheckOptions())
    assert (report.verdict, report.display_height_basis) == ("pass", "declared")
    assert report.display_height_in == pytest.approx(height)
    [page] = _info(pdf).values()
    assert page.features["display-area"].bounds == pytest.approx(_svg_area(svg.read_text()))
    assert page.design["kind"] == args[0]


def test_the_design_record_comes_back_as_the_svg_gives_it(runner, tmp_path) -> None:
    pdf = tmp_path / "buoy.pdf"
    _run(runner, "render", *BUOY, "-o", str(pdf))
    [page] = read_pdf_bytes(pdf.read_bytes(), pdf.name)
    assert {k: page.meta.get(k) for k in ("kind", "curvature", "diameter", "sides")} == {
        "kind": "buoy-symbol", "curvature": "surface", "diameter": 12.0, "sides": 2.0}
    area = page.features["display-area"]
    assert area.symmetric_difference(box(2, 14, 14, 26)).area < 1e-6


def test_a_wrap_and_a_print_file_declare_their_display_area(runner, tmp_path) -> None:
    wrap = tmp_path / "wrap.pdf"
    _run(runner, "wrap", "--symbol", "danger", "--diameter", "12", "-o", str(wrap))
    _run(runner, "fabricate", "control", "-H", "24", "--legend", "SLOW NO WAKE", "-o",
         str(tmp_path / "shop"))
    [printed] = (tmp_path / "shop").glob("*print.pdf")
    [printed_svg] = (tmp_path / "shop").glob("*print.svg")
    for path, height in ((wrap, 12.0), (printed, 24.0)):
        report, _ = check_file(path, CheckOptions())
        assert report.display_height_basis == "declared"
        assert report.display_height_in == pytest.approx(height)
    [page] = _info(printed).values()
    assert page.features["display-area"].bounds == pytest.approx(
        _svg_area(printed_svg.read_text()))


def test_a_buoy_aid_declares_its_reflector(runner, tmp_path) -> None:
    """The reflective band is named, as in the SVG: judged, not left for review."""
    pdf = tmp_path / "nun.pdf"
    _run(runner, "render", "buoy-aid-red", "--id", "WS-2", "-o", str(pdf))
    [page] = _info(pdf).values()
    assert page.features["reflector"].area > 0 and "waterline" not in page.features
    report, _ = check_file(pdf, CheckOptions())
    assert report.verdict == "pass"


def test_the_declaration_is_the_same_text_for_the_same_drawing(runner, tmp_path) -> None:
    import pypdf

    svg = tmp_path / "c.svg"
    _run(runner, "render", "control", "-H", "12", "--legend", "SLOW", "-o", str(svg))
    texts = [pypdf.PdfReader(io.BytesIO(svg_to_pdf(svg.read_bytes()))).metadata[
        f"/{declared.PDF_KEY}"] for _ in range(2)]
    assert texts[0] == texts[1] and json.loads(texts[0])["1"]["design"]["legend"] == "SLOW"


def test_a_pdf_of_an_svg_that_declares_nothing_carries_no_key() -> None:
    svg = (b'<svg xmlns="http://www.w3.org/2000/svg" width="2in" height="1in" '
           b'viewBox="0 0 2 1"><rect width="2" height="1" fill="#FF4F00"/></svg>')
    assert f"/{declared.PDF_KEY}".encode() not in svg_to_pdf(svg)


@pytest.mark.parametrize("text", [
    "not json", "[1, 2]", '{"x": {}}', '{"1": []}',
    '{"1": {"features": {"display-area": {"type": "Polygon", "coordinates": "x"}}}}',
    '{"1": {"features": {"display-area": {"type": "Point", "coordinates": [1, 2]}}}}',
    '{"1": {"features": {"display-area": {"type": "Polygon", "coordinates": '
    '[[[0, 0], [1e9, 0], [1e9, 1], [0, 0]]]}}}}',
    '{"1": {"features": {"logo": {"type": "Polygon", "coordinates": '
    '[[[0, 0], [1, 0], [1, 1], [0, 0]]]}}}}',
])
def test_a_malformed_declaration_is_ignored(text: str) -> None:
    assert not any(page.features for page in declared.decode(text).values())
