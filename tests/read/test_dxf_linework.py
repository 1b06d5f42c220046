"""DXF drawings as shops and CAM software write them, each written here by ezdxf and
checked as `wsmark check` does (pipeline.check_pages: the isolated reader, the split,
the rules), then measured: line drawings by the CAM convention (CIRCLEs on a layer named
ORANGE, a color-7 border, a TEXT legend; R12 LINE and ARC pieces in cm), true color
over the AutoCAD index, BYLAYER and BYBLOCK, and entities wsmark does not draw named in
plain words."""

from __future__ import annotations

import io
import math

import numpy as np
import pytest

from markers.check.pipeline import CheckOptions, check_pages
from markers.read.dxf import read_dxf_bytes
from markers.read.limits import Budget
from markers.read.linework import (
    ASIDE, HOLES, JOIN_TOL_IN, SHEET, Outline, join_pieces, layer_film, layer_role,
    line_drawing,
)
from wi import PACK, measure

CM = 2.54
ORANGE = (0xFF, 0x4F, 0x00)
LEGEND_HEIGHT = 3.0  # cap height of the TEXT legends (in)


def dxf_bytes(doc) -> bytes:
    stream = io.StringIO()
    doc.write(stream)
    return stream.getvalue().encode("utf-8")


def check(data: bytes, name: str = "shop.dxf", **options):
    """(report, Artwork as judged, Facts) of a DXF drawn by a test."""
    report, [art] = check_pages(data, name, CheckOptions(**options), PACK)
    assert report.verdict != "error", report.error
    return report, art, measure(art)


def rules(report, severity: str | None = None) -> set[str]:
    return {f.rule for f in report.findings if severity in (None, f.severity)}


def control_line_drawing(inner_radius: float = 8.0, legend: str = "5 MPH"):
    """A 24 in control sign as a CAM program exports it, in inches: two CIRCLEs on a
    layer ORANGE (color 7, as layers often are), a 24 in square border in color 7 on
    layer 0 (the display area: 2 in of white round the 20 in circle), a centred TEXT on
    layer BLACK."""
    import ezdxf

    doc = ezdxf.new("R2010", units=1)
    doc.layers.add("ORANGE", color=7)
    doc.layers.add("BLACK", color=7)
    msp = doc.modelspace()
    for radius in (10.0, inner_radius):
        msp.add_circle((14, 14), radius, dxfattribs={"layer": "ORANGE"})
    msp.add_lwpolyline([(2, 2), (26, 2), (26, 26), (2, 26)], close=True)
    msp.add_text(legend, height=LEGEND_HEIGHT, dxfattribs={
        "layer": "BLACK", "halign": 1, "valign": 2, "align_point": (14, 14)})
    return doc


# --------------------------------------------------------------------------- line drawings

def test_circles_on_an_orange_layer_a_color_7_border_and_a_text_legend_pass() -> None:
    report, art, facts = check(dxf_bytes(control_line_drawing()))
    assert report.verdict == "pass" and report.kind == "control", report.findings
    assert {"line-drawing", "text-outlined"} <= rules(report, "info")
    [note] = [f for f in report.findings if f.rule == "line-drawing"]
    assert "even-odd" in note.message and "inside the border" in note.message
    assert facts.symbol.outline == pytest.approx(2.0, abs=0.01)
    assert facts.symbol.size == pytest.approx(16.0, abs=0.01)  # inner diameter, 2/3 of 24
    assert facts.display.height == pytest.approx(24.0, abs=0.01)
    assert facts.symbol.center_color.family == "white" and not facts.symbol.center_unpainted
    assert facts.letters.text == "5 MPH"
    # the sheet inside the border is white, the ring orange: nothing black but letters
    assert art.visible("orange").area == pytest.approx(math.pi * (100 - 64), rel=1e-3)
    assert art.visible("white").area == pytest.approx(24 * 24 - math.pi * 36, rel=1e-3)
    assert art.visible("black").is_empty


def test_a_dxf_with_windows_line_ends_reads_as_the_same_drawing() -> None:
    """CRLF line ends (most files written on Windows): the same layers and legend."""
    data = dxf_bytes(control_line_drawing())
    lf, crlf = (read_dxf_bytes(d, "shop.dxf") for d in (data, data.replace(b"\n", b"\r\n")))
    assert [(layer.color, round(layer.geometry.area, 6)) for layer in crlf.layers] == \
        [(layer.color, round(layer.geometry.area, 6)) for layer in lf.layers]
    assert [item.text for item in crlf.legends] == ["5 MPH"]


def test_a_line_drawing_with_a_thin_ring_fails_by_its_measured_outline() -> None:
    report, _, facts = check(dxf_bytes(control_line_drawing(inner_radius=8.5)))
    assert report.verdict == "fail" and "outline-width" in rules(report, "error")
    assert facts.symbol.outline == pytest.approx(1.5, abs=0.01)


def r12_control_in_cm(gap_cm: float = 0.0):
    """A 12 in control sign as an R12 exporter writes it, in cm: each circle as four ARCs
    and the 14 in border as four LINEs, ends rounded to 1e-3 cm (4e-4 in) and pieces in
    no order; the legend an MTEXT (middle centre) on layer BLACK, and under the border a
    note stating the sign's size (its blank is larger than its display area). ``gap_cm``
    opens one arc of the outer circle by that much."""
    import ezdxf

    doc = ezdxf.new("R12")
    doc.layers.add("ORANGE", color=30)
    doc.layers.add("BLACK", color=7)
    msp = doc.modelspace()
    c = 7 * CM
    for radius in (6 * CM, 4 * CM):
        for start in (90, 270, 0, 180):
            end = start + 90 - (math.degrees(gap_cm / radius) if radius > 5 * CM and
                                start == 0 else 0)
            msp.add_arc((round(c, 3), round(c, 3)), round(radius, 3), start, end,
                        dxfattribs={"layer": "ORANGE"})
    side = round(14 * CM, 3)
    for a, b in (((0, 0), (side, 0)), ((0, side), (side, side)), ((side, 0), (side, side)),
                 ((0, side), (0, 0))):
        msp.add_line(a, b)
    msp.add_text("5 MPH", height=round(1.5 * CM, 3), dxfattribs={
        "layer": "BLACK", "halign": 1, "valign": 2, "align_point": (c, c)})
    msp.add_text("12 IN CONTROL SIGN", height=round(0.4 * CM, 3), dxfattribs={
        "layer": "NOTES", "insert": (0, -1.5 * CM)})
    return doc


def test_r12_line_and_arc_pieces_in_cm_are_joined_into_outlines_and_pass() -> None:
    report, _, facts = check(dxf_bytes(r12_control_in_cm()), scale=1 / CM)
    assert report.verdict == "pass" and report.kind == "control", report.findings
    assert "line-drawing" in rules(report, "info")
    assert facts.symbol.outline == pytest.approx(2.0, abs=0.01)
    assert facts.symbol.size == pytest.approx(8.0, abs=0.01)
    [marker] = report.markers
    assert (marker.display_height_in, marker.display_height_basis) == \
        (pytest.approx(12.0, abs=0.01), "stated")
    assert marker.legend == "5 MPH"


def test_pieces_farther_apart_than_the_join_tolerance_are_not_an_outline() -> None:
    """The outer circle open by 0.05 cm (0.02 in, four times JOIN_TOL_IN): not an
    outline, so what is cut is the inner circle's disc alone, an orange centre; the open
    chain of arcs is counted as not painted."""
    report, art, _ = check(dxf_bytes(r12_control_in_cm(gap_cm=0.05)), scale=1 / CM)
    assert report.verdict == "fail" and "reg-center-color" in rules(report, "error")
    assert art.visible("orange").area == pytest.approx(math.pi * 16, rel=1e-3)
    assert art.meta["ignored"]["open line (not joined into a closed outline)"] == 1


def test_join_pieces_snaps_ends_within_the_tolerance_and_keeps_nested_rings() -> None:
    """A 10 in square in four LINEs whose ends miss by 0.004 in, with a 4 in square of
    four pieces inside: two closed outlines, filled even-odd as a square ring."""
    budget = Budget("t")
    miss = 0.8 * JOIN_TOL_IN

    def square(size: float, at: float) -> list[np.ndarray]:
        p = [(at, at), (at + size, at), (at + size, at + size), (at, at + size)]
        return [np.array([p[i], (p[(i + 1) % 4][0] + miss, p[(i + 1) % 4][1])])
                for i in range(4)][::-1]

    rings, left = join_pieces(square(10, 0) + square(4, 3), budget)
    assert left == 0 and len(rings) == 2
    drawing = line_drawing([Outline("ORANGE", "#000000", tuple(rings))], [], budget)
    [(hex_, ring)] = [(h, a) for h, a in drawing.painted if h != "#FFFFFF"]
    assert hex_ == "#FF4F00"  # a layer named for the film gives its color
    assert ring.area == pytest.approx(100 - 16, abs=0.05)
    assert len(ring.interiors) == 1


@pytest.mark.parametrize("name, film, role", [
    ("ORANGE", "orange", None), ("Orange Film", "orange", None), ("cut-orange", "orange", None),
    ("3M 680-24 orange", "orange", None), ("cutBlack", "black", None), ("WHT", "white", None),
    ("trim", None, SHEET), ("Black Border", None, SHEET), ("holes", None, HOLES),
    ("registration", None, ASIDE), ("DIMENSIONS", None, ASIDE), ("0", None, None),
])
def test_a_layer_name_says_its_film_or_what_else_it_is(name, film, role) -> None:
    assert (layer_film(name), layer_role(name)) == (film, role)


def test_a_trim_layer_is_the_white_sheet_and_holes_are_holes() -> None:
    """An orange square with a 2 in round hole of the film, on a trim 20 x 20 in with two
    3/8 in mounting holes: the trim's white less the orange and the holes."""
    import ezdxf

    doc = ezdxf.new("R2010", units=1)
    msp = doc.modelspace()
    msp.add_lwpolyline([(0, 0), (20, 0), (20, 20), (0, 20)], close=True,
                       dxfattribs={"layer": "Trim", "color": 4})
    for x in (2, 18):
        msp.add_circle((x, 18), 0.1875, dxfattribs={"layer": "holes", "color": 6})
    msp.add_lwpolyline([(5, 5), (15, 5), (15, 15), (5, 15)], close=True,
                       dxfattribs={"layer": "cut-orange"})
    msp.add_circle((10, 10), 1.0, dxfattribs={"layer": "cut-orange"})
    art = read_dxf_bytes(dxf_bytes(doc), "shop.dxf")
    assert [layer.color for layer in art.layers] == ["white", "orange"]
    assert art.visible("orange").area == pytest.approx(100 - math.pi, rel=1e-4)
    holes = 2 * math.pi * 0.1875 ** 2
    assert art.visible("white").area == pytest.approx(400 - 100 + math.pi - holes, rel=1e-4)
    assert "inside the trim" in art.meta["paint_basis"]


# --------------------------------------------------------------------------- colors

def test_a_hatch_in_true_color_white_over_aci_7_is_white_and_a_cm_trim_paints_nothing():
    """A drawing of fills in cm: the panel a HATCH in true color white whose AutoCAD
    index is 7 (black), the orange ring a HATCH of two boundary paths, the legend a TEXT,
    and the trim a closed LWPOLYLINE in color 7 on layer TRIM: the panel reads white,
    the trim paints no black over it."""
    import ezdxf

    doc = ezdxf.new("R2010", units=5)
    msp = doc.modelspace()
    side, c = 24 * CM, 12 * CM
    panel = msp.add_hatch(color=7)
    panel.rgb = (255, 255, 255)
    panel.paths.add_polyline_path([(0, 0), (side, 0), (side, side), (0, side)])
    ring = msp.add_hatch(color=30)
    ring.rgb = ORANGE
    for radius in (10 * CM, 8 * CM):
        ring.paths.add_edge_path().add_arc((c, c), radius, 0, 360)
    msp.add_lwpolyline([(0, 0), (side, 0), (side, side), (0, side)], close=True,
                       dxfattribs={"layer": "TRIM", "color": 7})
    msp.add_text("5 MPH", height=LEGEND_HEIGHT * CM, dxfattribs={
        "halign": 1, "valign": 2, "align_point": (c, c)})
    report, art, facts = check(dxf_bytes(doc))
    assert report.verdict == "pass" and report.kind == "control", report.findings
    assert "line-drawing" not in rules(report)  # a drawing of fills, read as drawn
    assert [(layer.color, layer.hex) for layer in art.layers] == [
        ("white", "#FFFFFF"), ("orange", "#FF4F00")]  # the trim's sheet, the panel: white
    assert art.visible("black").is_empty
    assert facts.symbol.center_color.family == "white"
    assert facts.symbol.outline == pytest.approx(2.0, abs=0.01)


def test_bylayer_and_byblock_colors_resolve_through_the_layer_and_the_insert() -> None:
    """The panel a HATCH BYLAYER on a layer whose true color is white; the ring a HATCH
    BYBLOCK in a block inserted in true color orange (its ACI 7 ignored); the legend a
    TEXT BYBLOCK in a block inserted BYLAYER on a layer of color 7 (black)."""
    import ezdxf

    doc = ezdxf.new("R2010", units=1)
    doc.layers.add("PANEL").rgb = (255, 255, 255)
    doc.layers.add("WORDS", color=7)
    ring = doc.blocks.new("RING")
    hatch = ring.add_hatch(color=0)
    for radius in (10.0, 8.0):
        hatch.paths.add_edge_path().add_arc((0, 0), radius, 0, 360)
    words = doc.blocks.new("WORDS")
    words.add_text("5 MPH", height=LEGEND_HEIGHT, dxfattribs={
        "color": 0, "halign": 1, "valign": 2, "align_point": (0, 0)})
    msp = doc.modelspace()
    panel = msp.add_hatch(color=256, dxfattribs={"layer": "PANEL"})
    panel.paths.add_polyline_path([(0, 0), (24, 0), (24, 24), (0, 24)])
    insert = msp.add_blockref("RING", (12, 12), dxfattribs={"color": 7})
    insert.rgb = ORANGE
    msp.add_blockref("WORDS", (12, 12), dxfattribs={"layer": "WORDS", "color": 256})
    report, art, facts = check(dxf_bytes(doc))
    assert report.verdict == "pass", report.findings
    assert [(layer.color, layer.hex) for layer in art.layers] == [
        ("white", "#FFFFFF"), ("orange", "#FF4F00")]
    [legend] = art.legends
    assert (legend.text, legend.color, legend.hex) == ("5 MPH", "black", "#000000")
    assert facts.letters.text == "5 MPH"


def test_a_text_box_follows_its_alignment_and_the_widths_of_its_letters() -> None:
    """A centred TEXT "WIW" and "III" 1 in high: their boxes are centred on the point
    and as wide as the letters set (W 944, I 278 of Helvetica's 718 cap height)."""
    import ezdxf

    doc = ezdxf.new("R2010", units=1)
    msp = doc.modelspace()
    for y, text in ((0, "WIW"), (5, "III")):
        msp.add_text(text, height=1.0, dxfattribs={"halign": 1, "valign": 2,
                                                   "align_point": (10, y)})
    art = read_dxf_bytes(dxf_bytes(doc), "t.dxf")
    widths = {item.text: item.box.bounds[2] - item.box.bounds[0] for item in art.legends}
    assert widths["WIW"] == pytest.approx((2 * 944 + 278) / 718, abs=1e-6)
    assert widths["III"] == pytest.approx(3 * 278 / 718, abs=1e-6)
    centres = {item.text: item.box.centroid.x for item in art.legends}
    assert centres["WIW"] == pytest.approx(centres["III"], abs=1e-9)  # both on x = 10


# --------------------------------------------------------------------------- what is not read

def test_a_drawing_of_only_a_polygon_mesh_is_refused_in_plain_words() -> None:
    import ezdxf

    doc = ezdxf.new("R2010", units=1)
    mesh = doc.modelspace().add_polymesh((3, 3))
    for m in range(3):
        for n in range(3):
            mesh.set_mesh_vertex((m, n), (m * 5.0, n * 5.0, 0.0))
    report, _ = check_pages(dxf_bytes(doc), "shop.dxf", CheckOptions(), PACK)
    assert report.verdict == "error"
    assert report.error == "shop.dxf: draws a polygon mesh (POLYMESH), which wsmark does not read"


def test_a_mesh_beside_a_sign_is_counted_and_the_sign_judged() -> None:
    doc = control_line_drawing()
    doc.modelspace().add_polymesh((2, 2))
    with doc.modelspace().add_mesh().edit_data() as mesh:
        mesh.vertices = [(0, 0, 0), (1, 0, 0), (1, 1, 0)]
        mesh.faces = [(0, 1, 2)]
    report, art, _ = check(dxf_bytes(doc))
    assert report.verdict == "pass", report.findings
    assert art.meta["ignored"] == {"polygon mesh (POLYMESH)": 1, "mesh (MESH)": 1}


def test_the_sheet_is_the_blank_inside_a_page_border_with_a_title_block() -> None:
    """A proof as CAD users lay it out: a page border and a title box on layer BORDER,
    the sign's 24 in blank on layer BLANK, the ring on ORANGE, the title's text under
    the blank: the sheet is the smallest outline holding the films (the blank), so the
    display area is 24 in, not the page's 29.5."""
    doc = control_line_drawing()
    doc.layers.add("BORDER", color=7)
    doc.layers.add("BLANK", color=7)
    msp = doc.modelspace()
    for entity in [e for e in msp if e.dxftype() == "LWPOLYLINE"]:
        entity.dxf.layer = "BLANK"
    for box in (((0.5, -3.0), (27.5, 26.5)), ((2.0, -1.5), (26.0, 0.0))):
        (x0, y0), (x1, y1) = box
        for a, b in (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x1, y1), (x0, y1)),
                     ((x0, y1), (x0, y0))):
            msp.add_line(a, b, dxfattribs={"layer": "BORDER"})
    msp.add_text("SCALE 1:1  24 IN CONTROL SIGN", height=0.4,
                 dxfattribs={"layer": "DIM", "insert": (2.4, -1.0)})
    report, art, facts = check(dxf_bytes(doc))
    assert report.verdict == "pass", report.findings
    assert facts.display.height == pytest.approx(24.0, abs=0.01)
    assert "inside the trim" in art.meta["paint_basis"]
    assert art.meta["ignored"] == {"border or frame outside the sheet (not film)": 2}
