"""A print file is cut to its trim: paint run past it is bleed (PDF 32000-1 14.11.2: the
TrimBox is the finished page; a prepress file without one draws crop marks on the trim
lines, outside its corners). The marker is measured inside the trim
(markers.check.layout.furniture.trim_of, markers.read.pdf's TrimBox).

Before, a diver's flag with bleed measured its stripe on the bleed's extension: wsmark's
own print file (15 x 12 in, 1 in bleed) failed "the stripe is 4.41 in wide". The batch
below is written as prepress tools write print files: the flag's field and its stripe,
or an aid's red panel, run past the trim by the bleed, crop marks as prepress tools draw them (two 0.25 in strokes at each corner, on the trim
lines, 0.125 in beyond the bleed), as
SVG, as PDF (cairosvg), and as PDF with a TrimBox and no marks (pypdf)."""

from __future__ import annotations

import io
from pathlib import Path

import cairosvg
import pypdf
import pytest
import shapely
from shapely.geometry import LineString, Polygon, box

from markers import api
from markers.check import pipeline
from markers.check.report import Provenance, report_json
from markers.core.design import Design
from markers.core.shapes import polygons
from tests.wi import PACK, build

GALLERY = Path(__file__).resolve().parents[2] / "gallery"
INKSCAPE = Path(__file__).resolve().parents[1] / "data" / "print-marks"
#: Where the trim's corner stands on the page, and the crop marks' offset and length (in).
MARGIN, OFFSET, MARK = 1.5, 0.125, 0.25


def _flag_with_bleed(length: float, height: float, bleed: float) -> list[tuple[str, Polygon]]:
    """A diver's flag's field and stripe, each run past the trim by ``bleed`` along its
    own lines: the stripe's band continued, the field the bleed box less it. A flag
    smaller than the law's 15 x 12 in is its 15 in flag scaled down (the builder makes
    none)."""
    k = min(1.0, length / 15.0)
    art = build(Design("diver-flag", flag_length=length / k, flag_height=height / k))
    stripe = shapely.affinity.scale(polygons(art.visible("white"))[0], k, k, origin=(0, 0))
    edges = sorted(zip(stripe.exterior.coords[:-1], stripe.exterior.coords[1:], strict=True),
                   key=lambda e: -LineString(e).length)[:2]
    far = 10 * (length + height)
    band = shapely.unary_union([shapely.affinity.scale(LineString(e), far, far)
                                for e in edges]).convex_hull
    outer = box(-bleed, -bleed, length + bleed, height + bleed)
    white = band.intersection(outer)
    return [("#C8102E", outer.difference(band)), ("#FFFFFF", white)]


def _aid_with_bleed(bleed: float) -> tuple[list[tuple[str, Polygon]], float, float]:
    """A 24 in red aid in paint order, its panel (the largest area) run past the trim by
    ``bleed``."""
    art = build(Design("aid-red", 24.0, ws_id="WS-2"))
    areas = [(layer.hex, layer.geometry) for layer in art.layers]
    largest = max(range(len(areas)), key=lambda i: areas[i][1].area)
    hex_, panel = areas[largest]
    areas[largest] = (hex_, panel.union(box(-bleed, -bleed, art.width + bleed,
                                            art.height + bleed)))
    return areas, art.width, art.height


def _svg(areas: list[tuple[str, Polygon]], width: float, height: float,
         marks: bool = True, bleed: float = 0.0) -> bytes:
    """The print file: the trim at (MARGIN, MARGIN), crop marks outside its corners,
    OFFSET beyond the ``bleed`` (as prepress tools keep them off it)."""
    offset = bleed + OFFSET
    page_w, page_h = width + 2 * MARGIN, height + 2 * MARGIN
    paths = []
    for hex_, area in areas:
        moved = shapely.affinity.translate(area, MARGIN, MARGIN)
        d = " ".join("M" + "L".join(f"{x:.5f},{y:.5f}" for x, y in ring.coords) + "Z"
                     for p in polygons(moved, 0.0) for ring in (p.exterior, *p.interiors))
        paths.append(f'<path fill="{hex_}" fill-rule="evenodd" d="{d}"/>')
    if marks:
        for cx in (MARGIN, MARGIN + width):
            for cy in (MARGIN, MARGIN + height):
                sx = -1 if cx == MARGIN else 1
                sy = -1 if cy == MARGIN else 1
                for x1, y1, x2, y2 in ((cx, cy + sy * offset, cx, cy + sy * (offset + MARK)),
                                       (cx + sx * offset, cy, cx + sx * (offset + MARK), cy)):
                    paths.append(f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" '
                                 'stroke="#000000" stroke-width="0.0035"/>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{page_w}in" height="{page_h}in" '
            f'viewBox="0 0 {page_w} {page_h}">' + "".join(paths) + "</svg>").encode()


def _trim_box_pdf(svg: bytes, width: float, height: float) -> bytes:
    """The file as a PDF whose TrimBox is the trim (points, from the bottom left)."""
    reader = pypdf.PdfReader(io.BytesIO(cairosvg.svg2pdf(bytestring=svg)))
    page = reader.pages[0]
    top = float(page.mediabox.top)
    page.trimbox = pypdf.generic.RectangleObject(
        [MARGIN * 72, top - (MARGIN + height) * 72, (MARGIN + width) * 72, top - MARGIN * 72])
    out = io.BytesIO()
    writer = pypdf.PdfWriter()
    writer.add_page(page)
    writer.write(out)
    return out.getvalue()


#: A case: the file, its kind, the verdict, and the sizes it must be measured at (a
#: flag's length and height, an aid's display height; in).
Case = tuple[bytes, str, str, tuple[float, ...]]


def _cases() -> dict[str, Case]:
    cases: dict[str, Case] = {}
    for length, height, bleed in ((15.0, 12.0, 0.125), (15.0, 12.0, 1.0), (24.0, 20.0, 0.5),
                                  (14.5, 11.6, 1.0)):  # the last too small: 15 x 12 asked
        areas = _flag_with_bleed(length, height, bleed)
        stem = f"diver-{length:g}x{height:g}-bleed-{bleed:g}"
        want = ("pass" if length >= 15 else "fail", (length, height))
        svg = _svg(areas, length, height, bleed=bleed)
        cases[f"{stem}.svg"] = (svg, "diver-flag", *want)
        cases[f"{stem}.pdf"] = (cairosvg.svg2pdf(bytestring=svg), "diver-flag", *want)
        cases[f"{stem}-trimbox.pdf"] = (_trim_box_pdf(
            _svg(areas, length, height, marks=False), length, height), "diver-flag", *want)
    for bleed in (0.125, 1.0):
        areas, width, height = _aid_with_bleed(bleed)
        svg = _svg(areas, width, height, bleed=bleed)
        cases[f"aid-red-24-bleed-{bleed:g}.svg"] = (svg, "aid-red", "pass", (24.0,))
        cases[f"aid-red-24-bleed-{bleed:g}-trimbox.pdf"] = (_trim_box_pdf(
            _svg(areas, width, height, marks=False), width, height), "aid-red", "pass", (24.0,))
    return cases


CASES = _cases()


@pytest.mark.parametrize("name", sorted(CASES))
def test_print_file_is_cut_to_its_trim(name: str, tmp_path: Path) -> None:
    """Before, every flag was measured 2 x bleed longer and higher (a 14.5 x 11.5 in
    flag with 1 in bleed passed as 16.5 x 13.5) and every aid's H 2 x bleed higher."""
    data, kind, verdict, sizes = CASES[name]
    path = tmp_path / name
    path.write_bytes(data)
    report, _ = pipeline.check_file(path, pipeline.CheckOptions(), PACK)
    doc = report_json(report, Provenance("t", "t", "t"))
    assert (doc["verdict"], doc["kind"]) == (verdict, kind), [
        f["message"] for f in doc["findings"] if f["severity"] != "info"]
    if kind == "aid-red":
        assert doc["display_height_in"] == pytest.approx(sizes[0], abs=0.01)
    else:
        measured = {c["measured"] for m in doc["markers"] for c in m["checks"]
                    if c["rule"] == "diver-flag" and isinstance(c["measured"], float)}
        assert all(any(abs(v - m) <= 0.01 for m in measured) for v in sizes), measured
    said = " ".join(f["message"] for f in doc["findings"])
    assert ("TrimBox" in said and "bleed" in said) if "trimbox" in name else \
        "trim the crop marks draw" in said


@pytest.mark.parametrize("suffix", [".svg", ".pdf"])
def test_wsmark_fabricated_flag(suffix: str) -> None:
    """wsmark's own print file of a diver's flag: its stripe measured inside the trim."""
    _, files = api.fabricate(Design("diver-flag"))
    (data,) = [d for n, d in files.items() if n.endswith("-print" + suffix)]
    report, _ = api.check(data, "flag" + suffix)
    checks = {c.rule: c for m in report.markers for c in m.checks}
    assert report.verdict == "pass" and report.kind == "diver-flag"
    assert checks["diver-flag"].result == "pass"


def test_crop_marks_of_one_side_draw_no_trim(tmp_path: Path) -> None:
    """Marks on two corners only give one edge each way: no trim, the page as drawn."""
    from markers.check.layout.furniture import trim_of
    assert trim_of([(1.0, 0.0, 1.01, 0.5), (0.0, 1.0, 0.5, 1.01)]) is None
    trim = trim_of([(1.0, 0.0, 1.01, 0.5), (16.0, 0.0, 16.01, 0.5), (0.0, 1.0, 0.5, 1.01),
                    (0.0, 13.0, 0.5, 13.01)])
    assert trim is not None and trim.bounds == pytest.approx((1.005, 1.005, 16.005, 13.005))


@pytest.mark.xfail(strict=True, reason=(
    "not handled: Inkscape's printing marks touch its bleed marks at each corner and are "
    "painted as one polygon, so no crop mark is told, and the marks below the flag are "
    "taken for a waterline (the flag is read as a red aid buoy); before and after this "
    "change (tests/data/print-marks/README.md)"))
@pytest.mark.parametrize("suffix", [".svg", ".pdf"])
def test_inkscape_printing_marks(suffix: str) -> None:
    """A diver's flag with 1/8 in of bleed, its marks drawn by Inkscape's Printing Marks
    extension and saved by Inkscape: a 15 x 12 in diver's flag that passes."""
    path = INKSCAPE / f"diver-15x12-bleed-0.125-inkscape{suffix}"
    report, _ = pipeline.check_file(path, pipeline.CheckOptions(), PACK)
    assert (report.verdict, report.kind) == ("pass", "diver-flag")
