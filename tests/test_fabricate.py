"""Fabrication files, read back with independent readers (ezdxf, pypdf, csv, regex) and
checked against the rule's arithmetic: exact ring areas, sizes in inches, closed paths.
"""

from __future__ import annotations

import csv
import io
import math
import re
from pathlib import Path

import ezdxf
import pypdf
import pytest
from shapely import unary_union
from shapely.geometry import Point, Polygon, box

import cli as cli_module
from markers.core.artwork import Artwork, Layer, Shape
from markers.core.design import Design
from markers.core.fabrication import Frame, plan
from wi import KINDS, build
from wi import sample_design
from render.dxf import cut_dxf
from render.fabricate import fabrication_files, write_files
from render.svg import cut_svg, print_svg

TAN35, COS35 = math.tan(math.radians(35)), math.cos(math.radians(35))


def ring_area_dxf(doc, layer: str) -> float:
    """Net area of a layer's closed polylines: outer rings minus the rings inside them."""
    rings = [Polygon([p[:2] for p in e.get_points()]) for e in doc.modelspace()
             if e.dxf.layer == layer]
    total = 0.0
    for ring in rings:
        inside = sum(other.contains(ring) for other in rings if other is not ring)
        total += ring.area if inside % 2 == 0 else -ring.area
    return total


@pytest.fixture(scope="module")
def acceptance(tmp_path_factory) -> tuple[Path, str]:
    """`wsmark fabricate control --display-height 24 --legend "SLOW NO WAKE" -o out/`."""
    from click.testing import CliRunner

    out = tmp_path_factory.mktemp("fab")
    result = CliRunner().invoke(cli_module.cli, [
        "fabricate", "control", "--display-height", "24", "--legend", "SLOW NO WAKE",
        "-o", str(out)])
    assert result.exit_code == 0, result.output
    return out, result.output


def one(out: Path, suffix: str) -> Path:
    (path,) = out.glob(f"*{suffix}")
    return path


# --- the acceptance case ---------------------------------------------------------------

def test_acceptance_files_are_all_there(acceptance) -> None:
    out, _ = acceptance
    names = sorted(p.name for p in out.iterdir())
    assert names == sorted(f"control-24in-slow-no-wake-{n}" for n in (
        "print.svg", "print.pdf", "cut-orange.svg", "cut-black.svg", "cut.dxf", "bom.csv"))


def test_bom_orange_is_the_ring_and_nothing_else(acceptance) -> None:
    out, shown = acceptance
    rows = list(csv.DictReader(one(out, "bom.csv").open(encoding="utf-8")))
    orange = [r for r in rows if r["colour"] == "orange"]
    assert len(orange) == 1
    ring = math.pi * ((8 + 2) ** 2 - 8 ** 2)  # (6)(c) inner diameter 16, (6)(b) 2 in
    assert float(orange[0]["sq in per sign"]) == pytest.approx(ring, abs=0.05)
    assert float(orange[0]["sq in per sign"]) == pytest.approx(113.1, abs=0.05)
    assert float(orange[0]["sq ft per sign"]) == pytest.approx(ring / 144, abs=1e-3)
    assert {r["colour"] for r in rows} == {"white", "orange", "black"}
    assert float(next(r for r in rows if r["colour"] == "white")["sq in per sign"]) == 576.0
    assert re.search(r"orange\s+#FF4F00\s+cut film\s+113\.10", shown)


def test_dxf_has_a_layer_per_colour_of_closed_polylines_in_inches(acceptance) -> None:
    out, _ = acceptance
    doc = ezdxf.readfile(one(out, "cut.dxf"))
    assert doc.header["$INSUNITS"] == 1  # inches
    assert {"orange", "black", "registration"} <= {layer.dxf.name for layer in doc.layers}
    entities = list(doc.modelspace())
    assert entities and all(e.dxftype() == "LWPOLYLINE" and e.closed for e in entities)
    assert {e.dxf.layer for e in entities} == {"orange", "black", "registration"}
    orange = [Polygon([p[:2] for p in e.get_points()]) for e in entities
              if e.dxf.layer == "orange"]
    sizes = sorted(round(r.bounds[2] - r.bounds[0], 3) for r in orange)
    assert sizes == pytest.approx([16.0, 20.0], abs=2e-3)  # inner and outer diameter
    assert ring_area_dxf(doc, "orange") == pytest.approx(math.pi * 36, abs=0.01)
    (ring,) = [r for r in orange if r.bounds[2] - r.bounds[0] > 19]
    page = 24 + 2 * 0.625  # the cut page is the print page: bleed 1/8 + mark space 1/2
    cx, cy = ring.centroid.x, ring.centroid.y
    assert (cx, cy) == pytest.approx((page / 2, page / 2), abs=1e-3)


def test_cut_svgs_are_closed_outlines_with_the_same_registration(acceptance) -> None:
    out, _ = acceptance
    marks = []
    for color in ("orange", "black"):
        svg = (out / f"control-24in-slow-no-wake-cut-{color}.svg").read_text()
        group = re.search(rf'<g fill="none" id="cut-{color}" stroke="#[0-9A-F]{{6}}"', svg)
        assert group, color
        for d in re.findall(r' d="([^"]+)"', svg):
            subpaths = re.findall(r"M[^M]*", d)
            assert subpaths and all(p.rstrip().endswith("Z") for p in subpaths)
        marks.append(re.search(r'<g[^>]*id="registration".*?</g>', svg, re.S).group(0))
    assert marks[0] == marks[1]
    assert marks[0].count("<path") == 3


def test_print_files_are_full_size_with_bleed_and_crop_marks(acceptance) -> None:
    out, _ = acceptance
    page = 24 + 2 * (0.125 + 0.5)
    reader = pypdf.PdfReader(one(out, "print.pdf"))
    assert len(reader.pages) == 1
    box_ = reader.pages[0].mediabox
    assert (float(box_.width), float(box_.height)) == pytest.approx((page * 72,) * 2, abs=0.01)
    svg = one(out, "print.svg").read_text()
    assert f'width="{page:g}in"' in svg and f'height="{page:g}in"' in svg
    assert 'transform="translate(0.625 0.625)"' in svg
    crops = re.search(r'<g[^>]*id="crop-marks".*?</g>', svg, re.S).group(0)
    assert crops.count("<line") == 8
    assert "bleed 0.125 in" in svg


# --- geometry --------------------------------------------------------------------------

def test_diamond_ring_area_is_exact() -> None:
    h, t = 24.0, 2.0
    w = 2 * h / 3
    inner = w - 2 * t / COS35
    ring = (w * w / TAN35 - inner * inner / TAN35) / 2  # a rhombus is half its box
    fab = plan(build(Design("danger", h)))
    (line,) = [b for b in fab.bom if b.color == "orange"]
    assert line.area == pytest.approx(ring, rel=1e-9)


@pytest.mark.parametrize("h", [12.0, 30.0])
def test_circle_ring_area_matches_pi_r_squared(h: float) -> None:
    inner = h / 3
    ring = math.pi * ((inner + 2) ** 2 - inner ** 2)
    fab = plan(build(Design("control", h, legend="5 MPH")))
    (line,) = [b for b in fab.bom if b.color == "orange"]
    assert line.area == pytest.approx(ring, rel=1e-4)  # a circle of 1024 chords


def test_bleed_stretches_edge_paint_straight_out() -> None:
    b = 0.125
    art = build(Design("aid-green", 12.0, ws_id="WS-1"))
    fab = plan(art, bleed=b)
    green = fab.bleeds[[layer.color for layer in art.layers].index("green")]
    assert green.area == pytest.approx((art.width + 2 * b) * (art.height + 2 * b)
                                       - art.width * art.height, rel=1e-6)
    centre = build(Design("aid-center", 12.0, ws_id="WS-A"))
    stripes = plan(centre, bleed=b).bleeds[1]  # black: stripes carried over top and bottom
    x0, y0, x1, y1 = stripes.bounds
    assert (y0, y1) == pytest.approx((-b, centre.height + b))
    width = sum(p.bounds[2] - p.bounds[0] for p in stripes.geoms) / 2
    assert width * b * 2 == pytest.approx(stripes.area, rel=1e-6)


def test_quantity_multiplies_the_sheeting() -> None:
    fab = plan(build(Design("exclusion", 18.0)), qty=25)
    for line in fab.bom:
        assert line.total_sq_ft == pytest.approx(25 * line.area / 144)


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_kind_gives_disjoint_closed_cut_pieces(kind: str) -> None:
    art = build(sample_design(KINDS[kind], 24.0))
    fab = plan(art)
    assert fab.cuts, kind
    frame = Frame(art.width, art.height, 0.125)
    for color, pieces in fab.cuts.items():
        assert color != "white"
        merged = unary_union(pieces)
        assert merged.area == pytest.approx(sum(p.area for p in pieces), rel=1e-9), color
        visible = frame.place(art.visible(color))
        assert merged.symmetric_difference(visible).area < 1e-6, color
        for piece in pieces:
            assert piece.is_valid and piece.exterior.is_closed
        assert cut_svg(fab, color).count(b"<path") >= len(pieces)
    doc = ezdxf.read(io.StringIO(cut_dxf(fab).decode("utf-8")))
    assert {e.dxf.layer for e in doc.modelspace()} == {*fab.cuts, "registration"}
    assert b"crop-marks" in print_svg(fab)


def test_print_svg_is_deterministic() -> None:
    art = build(Design("danger", 24.0, legend="ROCKS"))
    assert print_svg(plan(art)) == print_svg(plan(build(Design("danger", 24.0, legend="ROCKS"))))


# --- weeding ---------------------------------------------------------------------------

def _tiny_parts_artwork() -> Artwork:
    """A white panel with an orange ring, a 1/32 in orange dot, two black bars 1/32 in
    apart and a black dumbbell whose neck is 1/32 in wide."""
    ring = Point(5, 5).buffer(4).difference(Point(5, 5).buffer(3))
    dot = Point(9.5, 0.5).buffer(1 / 64)
    bars = [box(3, 4, 4, 6), box(4 + 1 / 32, 4, 5, 6)]
    dumbbell = unary_union([box(1, 9, 2, 10), box(3, 9, 4, 10), box(2, 9.5, 3, 9.5 + 1 / 32)])
    return Artwork(10, 10, (
        Layer("white", "#FFFFFF", (Shape(box(0, 0, 10, 10)),)),
        Layer("orange", "#FF4F00", (Shape(ring), Shape(dot))),
        Layer("black", "#000000", tuple(Shape(g) for g in (*bars, dumbbell)))),
        meta={"kind": "test", "dimensions": []})


def test_weeding_reports_tiny_pieces_gaps_and_necks_with_their_place() -> None:
    issues = plan(_tiny_parts_artwork(), min_feature=1 / 16).issues
    found = {(i.color, i.what): i for i in issues}
    assert set(found) == {("orange", "piece"), ("black", "gap between pieces"),
                          ("black", "piece neck")}
    dot = found["orange", "piece"]
    assert (dot.x, dot.y) == pytest.approx((9.5, 0.5), abs=0.01)
    assert dot.width == pytest.approx(1 / 32, abs=0.002)
    gap = found["black", "gap between pieces"]
    assert gap.width == pytest.approx(1 / 32, abs=1e-6)
    assert gap.x == pytest.approx(4 + 1 / 64, abs=1e-6) and 4 <= gap.y <= 6
    neck = found["black", "piece neck"]
    assert 2 <= neck.x <= 3 and neck.y == pytest.approx(9.5 + 1 / 64, abs=0.05)
    assert "0.031 in wide at x 9.50, y 0.50" in str(dot)
    assert plan(_tiny_parts_artwork(), min_feature=1 / 64).issues == []


@pytest.mark.parametrize("kind", ["danger", "control", "information", "aid-center"])
def test_generated_markers_weed_cleanly_at_12_in(kind: str) -> None:
    assert plan(build(sample_design(KINDS[kind], 12.0))).issues == []


def test_cli_shows_weeding_warnings_and_rejects_bad_options(runner, tmp_path) -> None:
    design = tmp_path / "d.yaml"
    design.write_text("kind: control\ndisplay_height: 24\nlegend: 5 MPH\n")
    result = runner.invoke(cli_module.cli, ["fabricate", str(design), "-o", str(tmp_path / "o"),
                                            "--min-feature", "2.5", "--qty", "3"])
    assert result.exit_code == 0, result.output
    assert "wsmark: warning: weeding:" in result.stderr
    assert "sheeting for 3 signs" in result.stdout
    for args in (["--bleed", "-1"], ["--min-feature", "0"], ["--bleed", "nan"]):
        bad = runner.invoke(cli_module.cli, ["fabricate", "danger", "-H", "24", "-o",
                                             str(tmp_path / "x"), *args])
        assert bad.exit_code == 2, (args, bad.output)
        assert len([line for line in bad.stderr.splitlines() if line.strip()]) == 1
    missing = runner.invoke(cli_module.cli, ["fabricate", "danger", "-o", str(tmp_path)])
    assert missing.exit_code == 2


def test_write_files_returns_what_it_wrote(tmp_path) -> None:
    fab, named = fabrication_files(build(Design("exclusion", 12.0)))
    files = write_files(named, tmp_path / "new" / "dir")
    assert all(f.is_file() for f in files) and len(files) == 5  # no black: one cut file
    assert [f.read_bytes() for f in files] == list(named.values())
    assert [line.color for line in fab.bom] == ["white", "orange"]
