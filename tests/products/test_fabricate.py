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
import markers.core
from cli_helpers import assert_ok, invoke
from markers import api
from markers.core.artwork import Artwork, Layer, Shape
from markers.core.design import Design
from markers.core.fabrication import Frame, plan
from wi import KINDS, build
from wi import sample_design
from render.dxf import GUIDES, cut_dxf
from markers.products.fabricate import write_files
from render.svg import cut_svg, print_svg
from svg_measure import group_geometry

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
        "print.svg", "print.pdf", "cut-orange.svg", "cut-black.svg", "cut.dxf", "bom.csv",
        "materials.csv"))


def test_bom_orange_is_the_ring_and_nothing_else(acceptance) -> None:
    out, shown = acceptance
    rows = list(csv.DictReader(one(out, "bom.csv").open(encoding="utf-8")))
    orange = [r for r in rows if r["color"] == "orange"]
    assert len(orange) == 1
    ring = math.pi * ((8 + 2) ** 2 - 8 ** 2)  # (6)(c) inner diameter 16, (6)(b) 2 in
    assert float(orange[0]["sq in per sign"]) == pytest.approx(ring, abs=0.05)
    assert float(orange[0]["sq in per sign"]) == pytest.approx(113.1, abs=0.05)
    assert float(orange[0]["sq ft per sign"]) == pytest.approx(ring / 144, abs=1e-3)
    assert {r["color"] for r in rows} == {"", "white", "orange", "black"}
    # issue 31: the blank the sheeting goes on is a line of its own: substrate, size, holes
    (blank,) = [r for r in rows if not r["color"]]
    assert blank["role"].startswith("blank: aluminum sign blank, .080 or .100 in, 24x24 in, "
                                    "corner radius 1.5 in")
    # the 24 x 24 in standard blank, its four 1.5 in corners rounded: 576 - (4 - pi) 1.5^2
    white = float(next(r for r in rows if r["color"] == "white")["sq in per sign"])
    assert white == pytest.approx(576 - (4 - math.pi) * 1.5 ** 2, abs=0.01)
    assert re.search(r"orange\s+#FF4F00\s+cut film\s+113\.10", shown)


def dxf_polygons(doc, layer: str) -> list[Polygon]:
    """Every closed outline of a layer as a polygon: circles and bulged polylines
    flattened by ezdxf to 1/10,000 in."""
    from ezdxf import path as dxf_path

    out = []
    for e in doc.modelspace():
        if e.dxf.layer == layer:
            points = list(dxf_path.make_path(e).flattening(1e-4))
            out.append(Polygon([(p.x, p.y) for p in points]))
    return out


def exact_area(e) -> float:
    """The area an outline encloses, from its DXF data: pi r^2 for a CIRCLE; for a
    LWPOLYLINE the shoelace sum plus, per bulged segment, its circular segment
    r^2 (theta - sin theta) / 2, theta = 4 atan(bulge), on the bulge's side."""
    if e.dxftype() == "CIRCLE":
        return math.pi * e.dxf.radius ** 2
    points = list(e.get_points("xyb"))
    signed = 0.0
    for (x0, y0, b), (x1, y1, _) in zip(points, points[1:] + points[:1]):
        signed += (x0 * y1 - x1 * y0) / 2
        if b:
            theta = 4 * math.atan(b)
            r = math.hypot(x1 - x0, y1 - y0) / (2 * math.sin(abs(theta) / 2))
            signed += math.copysign(r * r * (abs(theta) - math.sin(abs(theta))) / 2, b)
    return abs(signed)


def dxf_area(doc, layer: str) -> float:
    """Net area of a layer: outer outlines minus the outlines inside them (nesting
    found on the flattened outlines, areas exact)."""
    entities = [e for e in doc.modelspace() if e.dxf.layer == layer]
    rings = dxf_polygons(doc, layer)
    total = 0.0
    for e, ring in zip(entities, rings):
        inside = sum(other.contains(ring.representative_point()) and other.area > ring.area
                     for other in rings if other is not ring)
        total += exact_area(e) if inside % 2 == 0 else -exact_area(e)
    return total


def test_dxf_has_a_layer_per_color_of_true_circles_in_inches(acceptance) -> None:
    out, _ = acceptance
    doc = ezdxf.readfile(one(out, "cut.dxf"))
    assert doc.header["$INSUNITS"] == 1  # inches
    layers = {layer.dxf.name: layer for layer in doc.layers}
    assert {"orange", "black", "registration", "trim"} <= set(layers)
    assert layers["orange"].rgb == (0xFF, 0x4F, 0x00)
    assert len({layers[n].color for n in ("orange", "trim", "registration")}) == 3
    entities = list(doc.modelspace())
    assert {e.dxf.layer for e in entities} == {"orange", "black", "registration", "trim",
                                              "display-area"}
    assert [layers[n].dxf.plot for n in ("orange", "trim", "display-area")] == [1, 1, 0]
    (area,) = dxf_polygons(doc, "display-area")  # the 24 x 24 in face, page offset 0.625
    assert area.bounds == pytest.approx((0.625, 0.625, 24.625, 24.625), abs=1e-9)
    for e in entities:  # every outline closed: a circle, or a closed polyline
        assert e.dxftype() == "CIRCLE" or (e.dxftype() == "LWPOLYLINE" and e.closed)
    circles = sorted(e.dxf.radius for e in entities
                     if e.dxf.layer == "orange" and e.dxftype() == "CIRCLE")
    assert circles == pytest.approx([8.0, 10.0], abs=1e-9)  # true circles, not 1024-gons
    assert dxf_area(doc, "orange") == pytest.approx(math.pi * 36, abs=0.01)
    page = 24 + 2 * 0.625  # the cut page is the print page: bleed 1/8 + mark space 1/2
    (center,) = {tuple(round(v, 6) for v in e.dxf.center)[:2] for e in entities
                 if e.dxftype() == "CIRCLE"}
    assert center == pytest.approx((page / 2, page / 2), abs=1e-6)
    assert dxf_area(doc, "trim") == pytest.approx(576 - (4 - math.pi) * 1.5 ** 2, abs=1e-6)
    bulges = [b for e in entities if e.dxf.layer == "trim" for *_, b in e.get_points("xyb")]
    assert sorted(round(b, 6) for b in bulges if b) == [round(math.tan(math.pi / 8), 6)] * 4
    extmin, extmax = doc.header["$EXTMIN"], doc.header["$EXTMAX"]
    from ezdxf import bbox

    box_ = bbox.extents(doc.modelspace())
    assert (extmin[0], extmin[1]) == pytest.approx((box_.extmin.x, box_.extmin.y))
    assert (extmax[0], extmax[1]) == pytest.approx((box_.extmax.x, box_.extmax.y))
    assert extmax[0] == pytest.approx(page - 0.625 / 2 + 0.125 + 1 / 16, abs=1e-6)


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
    guides = {name for name in GUIDES if name in art.features}  # on layers that do not plot
    assert {e.dxf.layer for e in doc.modelspace()} == {*fab.cuts, "registration", "trim",
                                                        *guides}
    assert all(doc.layers.get(name).dxf.plot == 0 for name in guides)
    for color, pieces in fab.cuts.items():  # read back: areas as the geometry's
        assert dxf_area(doc, color) == pytest.approx(sum(p.area for p in pieces), abs=0.01)
        for e in doc.modelspace():  # a buoy's waterline is a guide line, not a cut
            assert e.dxftype() == "CIRCLE" or e.closed or e.dxf.layer == "waterline"
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
    fab, named = api.fabricate(Design("exclusion", 12.0))
    files = write_files(named, tmp_path / "new" / "dir")
    # no black: one cut file; and the materials nested on the rolls
    assert all(f.is_file() for f in files) and len(files) == 6
    assert [f.read_bytes() for f in files] == list(named.values())
    assert [line.color for line in fab.bom] == ["", "white", "orange"]  # the blank first


# --- the blank and the rolls -----------------------------------------------------------

def _csv(files: dict[str, bytes], suffix: str) -> list[dict[str, str]]:
    (data,) = [data for name, data in files.items() if name.endswith(suffix)]
    return list(csv.DictReader(io.StringIO(data.decode("utf-8"))))


def _nested_area(row: dict[str, str]) -> object:
    """The pieces' area a materials row implies: the roll used, less its waste, within
    what the row's rounding leaves (waste to 0.1 %, length to 0.01 in)."""
    unit = next(k for k in row if k.startswith("roll length in per ")).rsplit(" ", 1)[1]
    width, length = float(row["roll width in"]), float(row[f"roll length in per {unit}"])
    area = width * length * (1 - float(row[f"waste per {unit}"].rstrip("%")) / 100)
    return pytest.approx(area, abs=0.0005 * width * length + 0.005 * width)


@pytest.mark.parametrize("kind", [k for k in KINDS if KINDS[k].form == "sign"])
def test_the_base_sheeting_is_the_whole_blank(kind: str) -> None:
    """bom.csv's white is the blank's area, read back from the DXF's trim outline (its
    rounded corners exact), whatever is painted on it, and so is what is nested."""
    fab, files = api.fabricate(sample_design(KINDS[kind], 18.0))
    (dxf,) = [data for name, data in files.items() if name.endswith(".dxf")]
    doc = ezdxf.read(io.StringIO(dxf.decode("utf-8")))
    (trim,) = [e for e in doc.modelspace() if e.dxf.layer == "trim"]
    blank = exact_area(trim)
    (white,) = [r for r in _csv(files, "bom.csv") if r["color"] == "white"]
    assert float(white["sq in per sign"]) == pytest.approx(blank, abs=0.005)
    assert "blank" in white["role"]
    (sheeting,) = [r for r in _csv(files, "materials.csv") if r["kind"] == "sheeting"]
    assert blank == _nested_area(sheeting)
    if kind == "aid-red":  # a 20.78 x 18 in triangle of 187.06 sq in on a 24 x 24 blank
        assert blank == pytest.approx(576 - (4 - math.pi) * 1.5 ** 2, abs=0.01)
        (red,) = [r for r in _csv(files, "bom.csv") if r["color"] == "red"]
        assert float(red["sq in per sign"]) < 187.07 < blank


@pytest.mark.parametrize("design", [
    *(sample_design(KINDS[k], 24.0) for k in KINDS if KINDS[k].form == "sign"),
    Design("buoy-symbol", 24.0, symbol="danger", legend="ROCKS"),
    Design("buoy-wrap", 24.0, symbol="control", legend="5 MPH"),
], ids=lambda d: d.kind)
def test_every_film_is_nested(design: Design) -> None:
    """Every film cut has its row on the rolls (none left out for want of a wide roll),
    and what the row nests is the film of its cut files, read back, panels and all."""
    fab, files = api.fabricate(design)
    rows = {r["color"]: r for r in _csv(files, "materials.csv") if r["kind"] == "film"}
    cut = {name.split("-cut-")[1][:-4]: data for name, data in files.items()
           if "-cut-" in name and name.endswith(".svg")}
    films = {name for name in cut if "-panel-" not in name}
    assert films and set(rows) == films, (sorted(rows), sorted(films))
    assert not [note for note in fab.notes if note.startswith("no ")]
    for color in films:
        panels = sorted(name for name in cut if name.startswith(f"{color}-panel-"))
        parts = [group_geometry(cut[name], f"cut-{name}") for name in panels or [color]]
        laid = sum(part.area for part in parts)  # a panel's overlap is laid twice
        assert laid == _nested_area(rows[color]), color
        assert bool(panels) == bool(rows[color]["cut across rolls"]), color


def test_a_film_wider_than_the_widest_roll_is_cut_in_panels(runner, tmp_path) -> None:
    """In a shop whose green film comes only on 24 in rolls, a 24 in aid's green square
    does not fit the roll between its 1/4 in edges: two panels overlapping 1/4 in, the
    seam at its middle, said in materials.csv and a note, and cut from one file a panel;
    the panels make the film of cut-green.svg."""
    default = (Path(markers.core.__file__).parent / "data" / "materials.yaml").read_text()
    wide = [line for line in default.splitlines()
            if "color: green" in line and "roll_width: 48" in line]
    assert len(wide) == 1  # the default shop has a 48 in green roll: none is cut
    shop = tmp_path / "shop.yaml"
    shop.write_text(default.replace(wide[0] + "\n", ""))
    out = tmp_path / "out"
    result = runner.invoke(cli_module.cli, ["fabricate", "aid-green", "-H", "24", "--id",
                                            "WS-1", "--materials", str(shop), "-o", str(out)])
    tmp_path = out
    assert result.exit_code == 0, result.output
    notes = [line for line in result.stderr.splitlines() if "cut across rolls" in line]
    assert len(notes) == 1 and "2 panels, seam at x 12.00 in" in notes[0]
    rows = list(csv.DictReader(one(tmp_path, "materials.csv").open(encoding="utf-8")))
    (green,) = [r for r in rows if r["color"] == "green"]
    assert green["cut across rolls"] == ("24.00 x 24.00 in piece in 2 panels, seam at x "
                                         "12.00 in, 0.25 in overlap")
    assert float(green["roll width in"]) == 24
    film = group_geometry(one(tmp_path, "cut-green.svg").read_bytes(), "cut-green")
    margin = 0.125 + 0.5  # the page's offset: bleed and room for the marks
    panels = [group_geometry(one(tmp_path, f"cut-green-panel-{n}.svg").read_bytes(),
                             f"cut-green-panel-{n}") for n in (1, 2)]
    assert not list(tmp_path.glob("*-panel-3.svg"))
    for panel in panels:
        x0, _, x1, _ = panel.bounds
        assert x1 - x0 <= 24 - 2 * 0.25 + 1e-6  # the roll less its edges
    assert unary_union(panels).symmetric_difference(film).area < 1e-3
    seam = panels[0].intersection(panels[1])
    x0, y0, x1, y1 = seam.bounds
    assert (x0 - margin, x1 - margin) == pytest.approx((12 - 0.125, 12 + 0.125), abs=1e-3)
    assert y1 - y0 == pytest.approx(24, abs=1e-3)  # top to bottom of the blank
    # cut.dxf holds the same panels, a layer each that does not plot (read with ezdxf)
    doc = ezdxf.readfile(one(tmp_path, "cut.dxf"))
    names = sorted(entry.dxf.name for entry in doc.layers if "-panel-" in entry.dxf.name)
    assert names == ["green-panel-1", "green-panel-2"]
    assert all(doc.layers.get(name).dxf.plot == 0 for name in names)
    areas = [dxf_area(doc, name) for name in names]
    assert areas == pytest.approx([panel.area for panel in panels], abs=1e-3)
    assert sum(areas) == pytest.approx(dxf_area(doc, "green") + seam.area, abs=1e-2)


# --- the permit label (NR 5.09(3)(b)) cut with the black film --------------------------

PERMIT = "WI-2026-0417"


def _cut_area(data: bytes) -> float:
    """The area a cut file's closed outlines enclose (each path even-odd, as cut)."""
    return group_geometry(data, "cut-black").area


def test_fabricate_cuts_the_label_with_the_black_film(runner, tmp_path):
    plain_fab, plain = api.fabricate(api.design("danger", 24, legend="ROCKS"))
    fab, files = api.fabricate(api.design("danger", 24, legend="ROCKS", permit_id=PERMIT))
    cut = next(data for name, data in files.items() if name.endswith("cut-black.svg"))
    before = next(data for name, data in plain.items() if name.endswith("cut-black.svg"))
    assert all(PERMIT.lower() in name for name in files)
    area, area_plain = _cut_area(cut), _cut_area(before)
    label_area = api.build(api.design("danger", 24, legend="ROCKS", permit_id=PERMIT)) \
        .visible("black").intersection(box(0, 24, 20, 26)).area
    assert area - area_plain == pytest.approx(label_area, rel=0.02)
    bom = next(data for name, data in files.items() if name.endswith("bom.csv")).decode()
    assert f"cut film (with the permit label {PERMIT})" in bom
    assert any(PERMIT in note for note in fab.notes)
    result = invoke(runner, "fabricate", "danger", "-H", "24", "--legend", "ROCKS",
                    "--permit-id", PERMIT, "-o", str(tmp_path))
    assert_ok(result)
    assert any(PERMIT in line for line in result.stderr.splitlines())
