"""PDF and DXF proofs read into the same Artwork as SVG, and judged the same.

Round trip: a marker written as SVG by wsmark, converted to PDF by cairo (wsmark's own
PDF output), drawn natively as PDF by reportlab with CMYK fills, and as DXF with ezdxf
HATCH fills in inches and in mm (tests/proof_writers.py; those two draw from the
Artwork's geometry, not from our SVG). Each must check clean and measure what the SVG
measures (the forms made and compared by tests/round_trip.py). The suite runs a
representative subset; bench/roundtrip_matrix.py runs every kind at every size.
"""

from __future__ import annotations

import io
import math
import os
import zlib

import numpy as np
import pytest
from pdf_objects import pdf_file, stream
from proof_writers import fill_shapes, naive_cmyk, to_dxf, to_reportlab_pdf
from round_trip import SEEDED, assert_same_measures, clean_in, forms, graded, serious, sign
from wi import KINDS, PACK, check_file, measure

from markers.check.pipeline import CheckOptions
from markers.check.pipeline import judge as _judge
from markers.core.artwork import Artwork, Layer, Shape
from markers.read.dxf import read_dxf_bytes
from markers.read.limits import ISOLATED_SECONDS, PDF_MAX_INFLATED_BYTES
from markers.read.pdf import COLOR_MANAGEMENT, read_pdf_bytes
from markers.read.sniff import sniff
from markers.read.svg.walk import read_svg_bytes
from render.output import render_bytes

#: Hostile files must end by the isolated reader's CPU limit (plus fork and test overhead):
#: CPU seconds of this process and its reader children, so machine load does not count.
HOSTILE_SECONDS = ISOLATED_SECONDS + 2.0


# --------------------------------------------------------------------------- round trip

@pytest.mark.parametrize("kind,h", [("danger", 12), ("exclusion", 18), ("control", 12),
                                    ("control", 48), ("information", 24), ("aid-red", 24),
                                    ("aid-center", 24), ("buoy-symbol", 12), ("buoy-sign", 12),
                                    ("buoy-wrap", 24), ("buoy-aid-red", None),
                                    ("buoy-aid-center", None), ("buoy-mooring", None),
                                    ("diver-flag", None), ("distress-flag", None)])
def test_every_form_checks_clean_and_measures_alike(kind: str, h: float | None) -> None:
    """Clean in every form, except what a form cannot carry (clean_in). A 12 in control
    sign stands on a 14 in blank (its side margin above and below too): wsmark's own
    files declare their display area, and a shop's files that say nothing of it are
    checked with the clerk giving it (``--display-height``), as its panel is larger."""
    read = forms(sign(kind, h))
    for form, art in read.items():
        given = h if (kind, h) in ON_A_LARGER_BLANK and form not in ("svg", "cairo-pdf") \
            else None
        assert graded(art, given) == clean_in(kind, form), form
        assert measure(art).kind == KINDS[kind].report_name, form
        assert_same_measures(read["svg"], art, form, given)


#: Markers whose blank is taller than their display area, drawn with no word of it.
ON_A_LARGER_BLANK = {("control", 12), ("buoy-sign", 12)}


@pytest.mark.parametrize("name,art,rules", SEEDED)
def test_seeded_defect_is_named_alike_in_every_form(name: str, art, rules: set[str]) -> None:
    read = forms(art())
    expected = {rule for rule, _ in serious(read["svg"])}
    assert rules <= expected, (name, expected)
    for form, drawing in read.items():
        assert {rule for rule, _ in serious(drawing)} == expected, (name, form)


def _control_by_hand(panel: float, outer: float, inner: float) -> Artwork:
    """A control sign as a shop draws it, with shapely (not our builders): a white
    ``panel`` square, an orange ring of diameters ``outer`` and ``inner`` centred on it,
    and black bars for lettering inside."""
    from shapely.geometry import Point, box

    c = panel / 2
    ring = Point(c, c).buffer(outer / 2, 256).difference(Point(c, c).buffer(inner / 2, 256))
    bars = [box(c - inner * 0.3, c + dy - inner * 0.05, c + inner * 0.3, c + dy + inner * 0.05)
            for dy in (-inner * 0.2, inner * 0.2)]
    return Artwork(panel, panel, (Layer("white", "#FFFFFF", (Shape(box(0, 0, panel, panel)),)),
                                  Layer("orange", "#FF4F00", (Shape(ring),)),
                                  Layer("black", "#000000", tuple(Shape(b) for b in bars))))


def _read_native(art: Artwork) -> dict[str, Artwork]:
    cmyk = {layer.hex: naive_cmyk(layer.hex) for layer in art.layers}
    [pdf] = read_pdf_bytes(to_reportlab_pdf(art, cmyk), "m.pdf")
    return {"pdf": pdf, "dxf": read_dxf_bytes(to_dxf(art, "mm"), "m.dxf")}


def _stated_pdf(art: Artwork, note: str) -> bytes:
    """``art`` as a shop's reportlab PDF on a page 3 in taller, with ``note`` in live
    Helvetica under the sign, as a title line says the sign's size."""
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    pdf = canvas.Canvas(out, pagesize=(art.width * 72, (art.height + 3) * 72), invariant=1)
    pdf.setFont("Helvetica", 18)
    pdf.drawString(36, 72, note)
    pdf.translate(0, (art.height + 3) * 72)
    pdf.scale(72, -72)
    fill_shapes(pdf, art, {layer.hex: naive_cmyk(layer.hex) for layer in art.layers})
    pdf.showPage()
    pdf.save()
    return out.getvalue()


def test_a_circle_on_a_larger_blank_is_judged_on_its_panel() -> None:
    """A control circle on an 18 in panel with 1 in of white all round (inner diameter
    12 in, right for H = 18) passes at H = 18 read from the panel, in every native form;
    the symbol's size is never used to guess a smaller H."""
    for form, art in _read_native(_control_by_hand(18.0, 16.0, 12.0)).items():
        facts = measure(art)
        assert (facts.display.height, facts.display.basis) == (pytest.approx(18.0), "inferred")
        assert "symbol-size" not in {rule for rule, _ in serious(art)}, form


def test_a_smaller_display_area_than_the_blank_must_be_stated() -> None:
    """A 12 in control sign on a 14 in blank drawn by a shop: unstated, H is the panel's
    14 in and symbol-size fails saying how to state it; stated in a title line ("DISPLAY
    AREA 12 IN" or "12 IN CONTROL SIGN"), H is 12 (basis stated) and no requirement fails
    (the bars standing for its lettering are no letters: their reading is a review)."""
    art = _control_by_hand(14.0, 12.0, 8.0)
    for form, read in _read_native(art).items():
        found = dict(serious(read))
        assert "state it on the proof" in found["symbol-size"], form
    for note in ("DISPLAY AREA 12 IN", "ITEM 3: 12 IN CONTROL SIGN", "CONTROL SIGN 305 MM"):
        [page] = read_pdf_bytes(_stated_pdf(art, note), "m.pdf")
        report = _judge(page, "m", CheckOptions(), PACK)
        [marker] = report.markers
        assert marker.display_height_basis == "stated", note
        assert marker.display_height_in == pytest.approx(12.0, abs=0.01), note
        assert not [f.rule for f in report.findings if f.severity == "error"], note


@pytest.mark.parametrize("outer,inner,why", [
    (12.5, 8.5, "0.75 in of white all round reads as H = 9, below the 12 in minimum: the "
                "panel's 14 in is H"),
    (11.0, 7.0, "1.5 in of white all round reads as H = 18, taller than the panel"),
    (12.0, 7.0, "1 in of white all round reads as H = 12, and a 7 in inner circle is not "
                "2/3 of 12"),
    (12.0, 8.5, "1 in of white all round reads as H = 12; an 8.5 in inner circle is 2/3 "
                "of neither 12 nor 14"),
])
def test_a_14_in_sign_with_a_small_circle_still_fails(outer: float, inner: float,
                                                      why: str) -> None:
    """A circle that is not 2/3 of the panel's height fails, whatever white is round it."""
    for form, art in _read_native(_control_by_hand(14.0, outer, inner)).items():
        assert "symbol-size" in {rule for rule, _ in serious(art)}, (form, why)


def test_cmyk_paints_become_srgb_the_adobe_way() -> None:
    """PDFium converts DeviceCMYK with Adobe's table: K=100 is the rich black #231F20
    and 0/50/100/10 an orange (what Acrobat shows), not the naive formula's #E57F00."""
    art = sign("danger", 24)
    base = read_svg_bytes(render_bytes(art, ".svg"), "m.svg")
    cmyk = {layer.hex: naive_cmyk(layer.hex) for layer in base.layers}
    cmyk["#000000"] = (0.0, 0.0, 0.0, 1.0)
    [page] = read_pdf_bytes(to_reportlab_pdf(base, cmyk), "m.pdf")
    hexes = {layer.color: layer.hex for layer in page.layers}
    assert hexes["black"] == "#231F20"
    assert hexes["orange"] != "#FF4F00" and hexes["white"] == "#FFFFFF"
    assert page.meta["color_management"] == COLOR_MANAGEMENT


def test_multi_page_pdf_reads_every_page_and_skips_a_cover(tmp_path) -> None:
    base = read_svg_bytes(render_bytes(sign("control", 24), ".svg"), "m.svg")
    cmyk = {layer.hex: naive_cmyk(layer.hex) for layer in base.layers}
    data = to_reportlab_pdf(base, cmyk, pages_before=1)
    pages = read_pdf_bytes(data, "m.pdf")
    assert [p.meta["page"] for p in pages] == [1, 2]
    assert not pages[0].layers and pages[0].legends[0].text == "PROOF FOR APPROVAL"
    path = tmp_path / "proof.pdf"
    path.write_bytes(data)
    report, art = check_file(path, CheckOptions())
    assert report.verdict == "pass" and report.kind == "control", report.findings
    assert art is pages[1] or art.meta["page"] == 2


def test_dxf_units_nested_blocks_and_colors() -> None:
    """A shop DXF: a unitless drawing needs --scale; nested INSERTs with rotation and
    scale, BYBLOCK/BYLAYER/ACI 7 colors, bulged LWPOLYLINE, CIRCLE and TEXT."""
    import ezdxf

    doc = ezdxf.new("R2010")
    doc.header["$INSUNITS"] = 0
    del doc.header["$MEASUREMENT"]  # nor the measurement system that would say (inches, mm)
    doc.layers.add("FACE", color=7)
    dot = doc.blocks.new("DOT")
    dot.add_circle((0, 0), 1.0, dxfattribs={"color": 0})  # BYBLOCK
    pair = doc.blocks.new("PAIR")
    pair.add_blockref("DOT", (0, 0), dxfattribs={"color": 0})
    pair.add_blockref("DOT", (10, 0), dxfattribs={"xscale": 2, "yscale": 2, "color": 0})
    msp = doc.modelspace()
    msp.add_blockref("PAIR", (5, 5), dxfattribs={"rotation": 90, "color": 1, "layer": "FACE"})
    # a bulged closed polyline: a 2 x 2 square with a half-disc on its right side
    msp.add_lwpolyline([(20, 0, 0), (22, 0, 1), (22, 2, 0), (20, 2, 0)], format="xyb",
                       close=True, dxfattribs={"layer": "FACE"})
    msp.add_text("NOTE", height=0.5, dxfattribs={"layer": "FACE"}).set_placement((20, 5))
    stream = io.StringIO()
    doc.write(stream)
    data = stream.getvalue().encode()
    unsized = read_dxf_bytes(data, "m.dxf")  # no unit: a nominal size, said as unknown
    assert unsized.meta["scale_basis"] == "unknown" and unsized.meta["units"] is None
    art = read_dxf_bytes(data, "m.dxf", scale=1.0)
    red = art.visible("red")
    assert red.area == pytest.approx(math.pi * (1 + 4), rel=5e-4)  # radius 1 and 2, red
    # rotated 90 deg at (5, 5): the big dot is at (5, 15), radius 2, in DXF (y up)
    big = max(red.geoms, key=lambda g: g.area)
    top = art.height  # y down in the Artwork: DXF y = top - y + min y of the drawing
    assert big.centroid.x - red.bounds[0] == pytest.approx(2.0, abs=1e-3)  # same x, widest
    assert red.bounds[3] - red.bounds[1] == pytest.approx(10 + 1 + 2, abs=1e-3)
    assert top > 0
    black = art.visible("black")
    assert black.area == pytest.approx(4 + math.pi / 2, rel=5e-4)
    assert [item.text for item in art.legends] == ["NOTE"]
    assert art.legends[0].cap_height == pytest.approx(0.5)


# --------------------------------------------------------------------------- formats

@pytest.mark.parametrize("head,kind", [
    (b"%PDF-1.7\n", "pdf"), (b"\xc5\xd0\xd3\xc6", "eps"), (b"%!PS-Adobe-3.0 EPSF-3.0", "eps"),
    (b"%!PS-Adobe-3.0\n", "ps"), (b"\x89PNG\r\n\x1a\n", "png"), (b"\xff\xd8\xff\xe0", "jpeg"),
    (b"GIF89a", "gif"), (b"II*\x00", "tiff"), (b"RIFF\0\0\0\0WEBPVP8 ", "webp"),
    (b"PK\x03\x04", "zip"), (b"  0\nSECTION\n  2\nHEADER\n", "dxf"),
    (b"AutoCAD Binary DXF\r\n", "dxf"), (b"<?xml version='1.0'?><svg xmlns='x'/>", "svg"),
    (b"<html></html>", "xml"), (b"\x1f\x8b\x08", "svgz"), (b"hello", "unknown"),
])
def test_sniff_names_the_real_format(head: bytes, kind: str) -> None:
    assert sniff(head) == kind


@pytest.mark.parametrize("name,data,says", [
    ("proof.eps", b"%!PS-Adobe-3.0 EPSF-3.0\n", "is an EPS file"),
    ("proof.png", b"\x89PNG\r\n\x1a\n" + bytes(32), "is a PNG image"),
    ("proof.svg", b"%PDF-1.4\n%%EOF\n", "this is a PDF, not an SVG drawing"),
    ("proof.pdf", b"\xff\xd8\xff\xe0" + bytes(32), "is a JPEG image"),
    ("proof.dxf", b"%PDF-1.4\n%%EOF\n", "this is a PDF, not a DXF"),
])
def test_wrong_or_refused_formats_say_what_they_are(tmp_path, name: str, data: bytes,
                                                    says: str) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    report, _ = check_file(path, CheckOptions())
    assert report.verdict == "error" and says in report.error, report.error
    assert "\n" not in report.error and str(path) in report.error
    if name.endswith((".eps", ".png")):
        assert "export the proof as PDF or SVG" in report.error


# --------------------------------------------------------------------------- hostile

def _page(content: bytes, resources: bytes = b"<< >>") -> list[bytes]:
    return [b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
            b"/Resources " + resources + b" >>", content]


def _bomb(extra: bytes = b"") -> bytes:
    """A Flate stream of spaces just over the inflation cap (a few hundred kB packed)."""
    squeeze = zlib.compressobj(1)
    chunk = b" " * (16 << 20)
    data = b"".join(squeeze.compress(chunk) for _ in range(PDF_MAX_INFLATED_BYTES // len(chunk)
                                                           + 1)) + squeeze.flush()
    return b"<< /Length %d /Filter /FlateDecode%s >>\nstream\n" % (len(data), extra) + data + \
        b"\nendstream"


def _flate_bomb() -> bytes:
    return pdf_file(_page(_bomb()))


def _object_stream_bomb() -> bytes:
    """An object stream claiming ten million objects, its data a Flate bomb."""
    objects = _page(stream(b"0 0 1 1 re f", flate=True))
    objects.append(_bomb(b" /Type /ObjStm /N 10000000 /First 20"))
    return pdf_file(objects)


def _recursive_forms() -> bytes:
    objects = _page(stream(b"/X1 Do", flate=True), b"<< /XObject << /X1 5 0 R >> >>")
    objects.append(stream(b"0 0 1 1 re f /X2 Do", b"/Type /XObject /Subtype /Form /BBox "
                          b"[0 0 612 792] /Resources << /XObject << /X2 6 0 R >> >>", True))
    objects.append(stream(b"/X1 Do /X2 Do", b"/Type /XObject /Subtype /Form /BBox "
                          b"[0 0 612 792] /Resources << /XObject << /X1 5 0 R /X2 6 0 R >> >>",
                          True))
    return pdf_file(objects)


def _million_paths() -> bytes:
    return pdf_file(_page(stream(b"0 0 0.01 0.01 re f\n" * 1_000_000, flate=True)))


def _deep_forms() -> bytes:
    """Forms nested 40 deep, each a distinct object (no recursion for PDFium to catch)."""
    objects = _page(stream(b"/X Do", flate=True), b"<< /XObject << /X 5 0 R >> >>")
    for depth in range(40):
        child = b"/Resources << /XObject << /X %d 0 R >> >>" % (6 + depth) if depth < 39 else b""
        objects.append(stream(b"0 0 1 1 re f /X Do", b"/Type /XObject /Subtype /Form "
                              b"/BBox [0 0 612 792] " + child, flate=True))
    return pdf_file(objects)


def _dxf(build_doc) -> bytes:
    import ezdxf

    doc = ezdxf.new("R2010", units=1)
    build_doc(doc)
    stream = io.StringIO()
    doc.write(stream)
    return stream.getvalue().encode()


def _self_insert(doc) -> None:
    block = doc.blocks.new("LOOP")
    block.add_circle((0, 0), 1)
    block.add_blockref("LOOP", (1, 0))
    doc.modelspace().add_blockref("LOOP", (0, 0))


def _fan_out(doc) -> None:
    """Ten INSERTs of the next block, eight levels deep: 10^8 circles if expanded."""
    for level in range(8):
        block = doc.blocks.new(f"L{level}")
        for i in range(10):
            if level == 7:
                block.add_circle((i, 0), 0.4)
            else:
                block.add_blockref(f"L{level + 1}", (0, i))
    doc.modelspace().add_blockref("L0", (0, 0))


HOSTILE = {
    "flate-bomb.pdf": (_flate_bomb, "expand beyond"),
    "object-stream-bomb.pdf": (_object_stream_bomb, "expand beyond"),
    "recursive-forms.pdf": (_recursive_forms, "the reader"),  # stopped, or died at its cap
    "deep-forms.pdf": (_deep_forms, "nested deeper"),
    "million-paths.pdf": (_million_paths, "too complex"),
    "self-insert.dxf": (lambda: _dxf(_self_insert), ""),
    "fan-out.dxf": (lambda: _dxf(_fan_out), "too complex"),
    "garbage.dxf": (lambda: b"  0\nSECTION\n  2\nENTITIES\n" + bytes(range(256)) * 64, ""),
    "truncated.pdf": (lambda: _recursive_forms()[:300], ""),
}


def _cpu_with_children() -> float:
    used = os.times()
    return used.user + used.system + used.children_user + used.children_system


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_pdf_and_dxf_end_in_error_with_one_line(tmp_path, name: str) -> None:
    make, says = HOSTILE[name]
    path = tmp_path / name
    path.write_bytes(make())
    start = _cpu_with_children()
    report, _ = check_file(path, CheckOptions())
    seconds = _cpu_with_children() - start
    assert seconds < HOSTILE_SECONDS, seconds
    if name == "self-insert.dxf":
        assert report.verdict in ("error", "fail", "pass")  # refused, or read with limits
        if report.verdict != "error":
            return
    assert report.verdict == "error", report.findings
    assert "\n" not in report.error and str(path) in report.error, report.error
    assert says in report.error, report.error
    assert "cannot be measured" not in report.error, report.error
    assert np.isfinite(seconds)


# --------------------------------------------------------------------------- reflector

def _aid_buoy_with_band(band: float | None) -> Artwork:
    """The red aid buoy's layers with its reflector band replaced: none (the body one
    shape), or a band ``band`` in high drawn as its own shape across the top."""
    from shapely.geometry import box

    art = sign("buoy-aid-red", None)
    body = max((s.geometry for s in art.layers[0].shapes), key=lambda g: g.area)
    shapes = [Shape(body)]
    if band is not None:
        x0, y0, x1, _ = body.bounds
        shapes.append(Shape(body.intersection(box(x0, y0, x1, y0 + band))))
    layers = (Layer(art.layers[0].color, art.layers[0].hex, tuple(shapes)), *art.layers[1:])
    return Artwork(art.width, art.height, layers)


@pytest.mark.parametrize("band,severity", [(None, "error"), (1.0, "error"), (2.0, "review")])
def test_a_drawn_reflector_band_is_judged_never_invented(band: float | None,
                                                         severity: str) -> None:
    """A PDF or DXF names no reflector: the band drawn as its own object across the top
    of an aid buoy is read as one and judged (1 in fails; 2 in is a review of its
    material, which a drawing cannot show); a body drawn as one shape has none, and
    reflector-band says so."""
    art = _aid_buoy_with_band(band)
    cmyk = {layer.hex: naive_cmyk(layer.hex) for layer in art.layers}
    [pdf] = read_pdf_bytes(to_reportlab_pdf(art, cmyk), "m.pdf")
    for form, drawing in (("pdf", pdf), ("dxf", read_dxf_bytes(to_dxf(art, "mm"), "m.dxf"))):
        assert measure(drawing).kind == "aid-red", form
        report = _judge(drawing, "m", CheckOptions(), PACK)
        found = {f.severity for f in report.findings if f.rule == "reflector-band"}
        assert found == {severity}, (form, found)
        assert report.verdict == ("fail" if severity == "error" else "review"), form


def _shop_nun_pdf(band: float | None) -> bytes:
    """A red nun proof as a sign shop draws it, without our builders: reportlab in points,
    CMYK red, a 12 in body with a cone top 44 in above its base, a waterline 36 in below
    the shoulder, "WS-2" as live Helvetica-Bold text, a title line, and a reflective band
    ``band`` in high drawn as its own path across the cone's top (or none)."""
    import io

    from reportlab.lib.units import inch
    from reportlab.pdfgen import canvas

    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(30 * inch, 60 * inch))

    def fill(*points: tuple[float, float]) -> None:
        path = c.beginPath()
        path.moveTo(points[0][0] * inch, points[0][1] * inch)
        for x, y in points[1:]:
            path.lineTo(x * inch, y * inch)
        path.close()
        c.drawPath(path, fill=1, stroke=0)

    c.setFillColorCMYK(0, 1, 1, 0)
    fill((9, 8), (21, 8), (21, 36), (15, 44), (9, 36))

    def half(y: float) -> float:  # half the cone's width at height y
        return 6 * (44 - y) / 8

    if band is not None:
        low, high = 40, 40 + band
        fill((15 - half(low), low), (15 + half(low), low), (15 + half(high), high),
             (15 - half(high), high))
    c.setFillColorCMYK(0, 0, 0, 0)
    c.setFont("Helvetica-Bold", 4.6 * inch)
    c.drawCentredString(15 * inch, 20 * inch, "WS-2")
    c.setFillColorCMYK(0, 0, 0, 1)
    c.setFont("Helvetica", 24)
    c.drawString(1 * inch, 2 * inch, "ACME SIGNS  proof 7  scale 1:1")
    c.save()
    return buf.getvalue()


@pytest.mark.parametrize("band,severity", [(None, "error"), (1.0, "error"), (2.0, "review")])
def test_a_shops_nun_pdf_never_passes_on_a_drawn_band(band: float | None,
                                                      severity: str) -> None:
    """Drawn by the test, not our builders: no band or a 1 in band fails reflector-band;
    a 2 in band drawn across the top is a review of its material, never a pass."""
    [art] = read_pdf_bytes(_shop_nun_pdf(band), "nun.pdf")
    assert measure(art).kind == "aid-red"
    report = _judge(art, "nun.pdf", CheckOptions(), PACK)
    found = {f.severity for f in report.findings if f.rule == "reflector-band"}
    assert found == {severity}, [(f.rule, f.message) for f in report.findings]
    assert report.verdict == ("fail" if severity == "error" else "review")
