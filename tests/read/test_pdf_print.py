"""PDF and .ai proofs are judged as they print (markers.read.pdf_print, pdf_annots):
the held-out batch of issue 30 (tests/pdf_print_proofs.py), each case the verdict its
print deserves, and the spec's rules one by one."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdf_objects import pdf_file, stream
from pdf_print_proofs import AI_PLACEHOLDER, BATCH, ai_without_pdf, write
from wi import PACK

from markers.check import pipeline
from markers.read.limits import Budget
from markers.read.pdf import read_pdf_bytes
from markers.read.pdf_print import as_printed

SHARED = Path(__file__).resolve().parents[3] / "shared" / "corpora" / "found" / "turn4"


def _report(data: bytes, name: str):
    report, _ = pipeline.check_pages(data, name, pipeline.CheckOptions(), PACK)
    return report


@pytest.mark.parametrize("name", sorted(BATCH))
def test_held_out_batch_judged_as_printed(name):
    proof, verdict = BATCH[name]
    report = _report(write(proof), name)
    assert report.verdict == verdict, [f.message for f in report.findings]


def test_hidden_layer_is_named_as_set_aside():
    proof, _ = BATCH["layer-off-wrong-hidden.pdf"]
    report = _report(write(proof), "layered.ai")
    [note] = [f.message for f in report.findings if f.rule == "as-printed"]
    assert "layer 'Old version', off in the document's default configuration" in note


def test_print_usage_decides_over_the_view_state():
    """/PrintState /ON with an /AS print event prints a layer that is off on screen; the
    same layer without the /AS entry stays off (usage applies only through /AS)."""
    proof, _ = BATCH["print-state-on.pdf"]
    data = write(proof)
    assert as_printed(data, Budget("p")).not_printed == []
    without = data.replace(b"/AS [<< /Event /Print", b"/XX [<< /Event /Print")
    assert as_printed(without, Budget("p")).not_printed == [
        "layer 'Print only', off in the document's default configuration (/D /OFF)"]


def test_overprinted_white_prints_what_is_beneath():
    proof, _ = BATCH["overprint-white-opm1.pdf"]
    [page] = read_pdf_bytes(write(proof), "op.pdf")
    assert "#FFFFFF" not in {layer.hex for layer in page.layers[1:2]}
    assert page.meta["not_printed"] == (
        "a white set to overprint (it knocks nothing out: what is beneath prints)",)
    proof, _ = BATCH["overprint-white-opm0.pdf"]
    [page] = read_pdf_bytes(write(proof), "op0.pdf")
    assert "not_printed" not in page.meta


def _overprinted(ops: bytes, gs: bytes = b"/OP true /OPM 1") -> bytes:
    """A page painting ``ops`` over an orange square with the ExtGState ``gs`` (overprint
    on, /OPM 1) and a spot ink /CS0."""
    return pdf_file([
        b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources "
        b"<< /ExtGState << /GS0 << " + gs + b" >> >> /ColorSpace << /CS0 [/Separation "
        b"/PANTONE#20152#20C /DeviceCMYK << /FunctionType 2 /Domain [0 1] /C0 [0 0 0 0] "
        b"/C1 [0 0.5 1 0] /N 1 >>] >> >> >>",
        stream(b"0 0.5 1 0 k 0 0 200 200 re f /GS0 gs " + ops),
        stream(b"", b"/Type /XObject /Subtype /Form /BBox [0 0 1 1]")])  # 5: a mask's group


def test_overprinted_spot_ink_is_a_review():
    found = as_printed(_overprinted(b"/CS0 cs 0.5 scn 50 50 100 100 re f"), Budget("s"))
    assert found.unrendered == ["an overprinted spot ink (Separation PANTONE 152 C): it "
                                "mixes with what is beneath as printed"]
    tint0 = as_printed(_overprinted(b"/CS0 cs 0 scn 50 50 100 100 re f"), Budget("s"))
    assert tint0.unrendered == [] and len(tint0.not_printed) == 1
    stroke = as_printed(_overprinted(b"/CS0 CS 1 SCN 50 50 100 100 re S"), Budget("s"))
    assert stroke.unrendered == stroke.not_printed == []  # a CutContour line stays


def test_overprinted_cmyk_mix_and_black():
    mixed = as_printed(_overprinted(b"0 0 1 0 k 50 50 100 100 re f"), Budget("m"))
    assert mixed.unrendered and "CMYK fill with an ink at 0" in mixed.unrendered[0]
    black = as_printed(_overprinted(b"0 0 0 1 k 50 50 100 100 re f"), Budget("k"))
    assert black.unrendered == []  # 100 % black over any ink prints black


@pytest.mark.parametrize(("gs", "mode"), [
    (b"/BM /Multiply", "Multiply"), (b"/BM [/Screen /Normal]", "Screen"),
    (b"/SMask << /Type /Mask /S /Luminosity /G 5 0 R >>", "SoftMask")])
def test_blend_modes_and_soft_masks_over_marker_paint_are_named(gs, mode):
    [page] = read_pdf_bytes(_overprinted(b"1 1 1 rg 50 50 100 100 re f", gs), "bm.pdf")
    assert page.meta["not_rendered"] == ((f"paint in blend mode {mode} over other paint: it "
                                          "mixes with what is beneath as printed", None),)


def test_blend_mode_of_a_grey_shadow_on_the_sheet_is_not_named():
    data = _overprinted(b"0.6 g 0 0 40 40 re f", b"/BM /Multiply").replace(
        b"0 0.5 1 0 k 0 0 200 200 re f", b"1 g 0 0 200 200 re f")
    [page] = read_pdf_bytes(data, "shadow.pdf")
    assert "not_rendered" not in page.meta


def test_transfer_function_is_named():
    found = as_printed(_overprinted(b"0 0 1 0 k 1 1 9 9 re f", b"/TR 5 0 R"), Budget("t"))
    assert found.unrendered == ["a transfer function (/TR): it changes the inks' levels as "
                                "printed"]


def test_hidden_content_keeps_its_graphics_state():
    """8.11.3.2: hidden content's state changes still apply; only painting goes."""
    data = pdf_file([
        b"<< /Type /Catalog /Pages 2 0 R /OCProperties << /OCGs [5 0 R] /D << /OFF [5 0 R] "
        b">> >> >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources "
        b"<< /Properties << /L0 5 0 R >> >> >>",
        stream(b"/OC /L0 BDC 1 0 0 rg 0 0 200 200 re f EMC 50 50 100 100 re f"),
        b"<< /Type /OCG /Name (Hidden) >>"])
    [page] = read_pdf_bytes(as_printed(data, Budget("h")).data, "h.pdf")
    [layer] = page.layers
    assert layer.hex == "#FF0000"  # the colour set in the hidden section
    assert layer.shapes[0].geometry.area == pytest.approx((100 / 72) ** 2, rel=1e-3)


def test_user_unit_sizes_the_page():
    proof, _ = BATCH["userunit-10.pdf"]
    [page] = read_pdf_bytes(write(proof), "uu.pdf")
    assert page.width == pytest.approx(26.0, abs=0.01)  # a 24 in sign and 1 in margins
    assert page.meta["user_unit"] == 10


def test_stamp_over_the_sign_of_the_shared_corpus_is_a_review():
    path = SHARED / "pdf-annotation-covers-sign-passes.pdf"
    if not path.exists():
        pytest.skip("shared corpus not present")
    report = _report(path.read_bytes(), path.name)
    assert report.verdict == "review"
    assert any(f.rule == "as-printed" and "Stamp annotation prints over the marker"
               in f.message for f in report.findings)


def test_illustrator_without_pdf_content_is_one_line():
    report = _report(ai_without_pdf(), "logo.ai")
    assert report.verdict == "error"
    assert "Create PDF Compatible File" in report.error and "\n" not in report.error
    assert "saved without PDF Content" in AI_PLACEHOLDER


def test_old_postscript_illustrator_file_is_one_line():
    data = b"%!PS-Adobe-3.0\n%%Creator: Adobe Illustrator(R) 8.0\n%%BoundingBox: 0 0 9 9\n"
    report = _report(data, "old.ai")
    assert report.verdict == "error" and "Create PDF Compatible File" in report.error


def test_no_trigger_no_pass():
    """A PDF that mentions no optional content, overprint or /UserUnit is not parsed by
    the pass: its bytes go to PDFium as they are."""
    data = b"%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n"
    assert as_printed(data, Budget("n")).data is data


def test_trim_box_is_the_sheet():
    proof, _ = BATCH["trimbox-marks.pdf"]
    [page] = read_pdf_bytes(write(proof), "trim.pdf")
    [basis] = page.meta["size_basis"]
    assert basis == ("the sheet is the TrimBox, 24.00 x 24.00 in of the 26.00 x 26.00 in "
                     "page; 8 printer's mark(s) outside it set aside")
    for layer in page.layers:  # nothing painted is left wholly outside the trim
        for shape in layer.shapes:
            x0, y0, x1, y1 = shape.geometry.bounds
            assert x1 > 1 and y1 > 1 and x0 < 25 and y0 < 25


def test_rotated_page_reads_turned():
    """/Rotate 90 turns the page as printed (the sheet is 26 wide by 2 high)."""
    data = pdf_file([
        b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 144 1872] /Rotate 90 /Contents 4 0 R >>",
        stream(b"1 0.31 0 rg 0 0 72 72 re f")])
    [page] = read_pdf_bytes(data, "r.pdf")
    assert (page.width, page.height) == (26.0, 2.0)
    [layer] = page.layers
    # clockwise: the unturned bottom-left corner is the top-left one
    assert layer.shapes[0].geometry.bounds == pytest.approx((0.0, 0.0, 1.0, 1.0))


@pytest.mark.parametrize(("ops", "said"), [
    (b"/GS1 gs 1 0.31 0 rg 50 50 100 100 re f", ("orange paint at 50 % opacity: it prints "
                                                 "lighter than its colour",)),
    (b"0.5 g 0 0 200 200 re f /GS1 gs 1 g 50 50 100 100 re f", None)])
def test_partial_opacity_of_a_marker_colour_is_named(ops, said):
    data = pdf_file([
        b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R /Resources "
        b"<< /ExtGState << /GS1 << /ca 0.5 >> >> >> >>", stream(ops)])
    [page] = read_pdf_bytes(data, "alpha.pdf")
    assert page.meta.get("not_rendered") == (None if said is None else tuple(
        (what, None) for what in said))


def test_layers_whose_intent_the_configuration_lacks_are_ignored():
    """8.11.2.3: a group of /Intent /Design is not considered by a /View configuration
    (it is on, whatever /OFF says), and is by one of /Intent /All."""
    from io import BytesIO

    from pypdf import PdfReader

    from markers.read.pdf_print import _Layers

    def layers(config: bytes) -> dict:
        data = pdf_file([
            b"<< /Type /Catalog /Pages 2 0 R /OCProperties << /OCGs [4 0 R] /D << /OFF "
            b"[4 0 R] " + config + b" >> >> >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 9 9] >>",
            b"<< /Type /OCG /Name (Design notes) /Intent /Design >>"])
        return _Layers(PdfReader(BytesIO(data)).trailer["/Root"]).groups

    assert list(layers(b"").values()) == [True]
    assert list(layers(b"/Intent /All").values()) == [False]


def test_layers_that_cannot_be_evaluated_are_said(monkeypatch):
    """A file whose layers pypdf fails on midway is not judged as if all printed."""
    import markers.read.pdf_print as pdf_print

    def broken(*_):
        raise KeyError("/Contents")

    monkeypatch.setattr(pdf_print._Rewrite, "page", broken)
    proof, _ = BATCH["layer-off-wrong-hidden.pdf"]
    data = write(proof)
    found = as_printed(data, Budget("b"))
    assert found.data is data and found.unrendered == [
        "optional content or overprint that could not be evaluated (the file's objects "
        "are damaged)"]


def test_annotations_are_named_once_with_their_count():
    from dataclasses import replace as changed

    proof, _ = BATCH["note-beside.pdf"]
    report = _report(write(changed(proof, annots=proof.annots * 3)), "notes.pdf")
    assert report.verdict == "pass"
    [note] = [f.message for f in report.findings if f.rule == "as-printed"]
    assert note == ("set aside as not printing or not the artwork: 3 x a Text annotation "
                    "(prints, not the artwork)")


def test_illustrator_without_pdf_content_in_another_language():
    """A German Illustrator's note, in a file carrying Illustrator's private data."""
    german = ("Dies ist eine Adobe\xae Illustrator\xae-Datei, die ohne PDF-Inhalt "
              "gespeichert wurde.")
    data = ai_without_pdf(german).replace(
        b"/Type /Catalog", b"/Type /Catalog /PieceInfo << /Illustrator << /Private << "
        b"/AIPrivateData1 6 0 R >> >> >>", 1)
    report = _report(data, "logo.ai")
    assert report.verdict == "error" and "Create PDF Compatible File" in report.error
    report = _report(ai_without_pdf(german), "logo.ai")  # no private data: judged
    assert report.verdict != "error"


@pytest.mark.parametrize(("mode", "read"), [(0, ["SLOW"]), (3, []), (7, [])])
def test_text_that_paints_nothing_is_not_lettering(mode, read):
    """9.3.6: render mode 3 (invisible: an OCR layer) and 7 (clip only) print nothing."""
    data = pdf_file([
        b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 400 200] /Contents 4 0 R /Resources "
        b"<< /Font << /F1 5 0 R >> >> >>",
        stream(b"BT /F1 48 Tf %d Tr 20 80 Td (SLOW) Tj ET" % mode),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"])
    [page] = read_pdf_bytes(data, "tr.pdf")
    assert [item.text for item in page.legends] == read
