"""Real files written by commercial tools (tests/data/real/PROVENANCE.md): read without
a traceback, with the facts that can be checked by eye."""

from __future__ import annotations

from pathlib import Path

from wi import PACK

from markers.check import pipeline
from markers.read.limits import Budget
from markers.read.pdf import read_pdf_bytes
from markers.read.pdf_print import _Layers, as_printed

REAL = Path(__file__).resolve().parents[1] / "data" / "real"


def test_illustrator_cc_ai_with_layers():
    data = (REAL / "discord-net-logo.ai").read_bytes()
    [page] = read_pdf_bytes(data, "Logo.ai")
    assert round(page.width, 3) == round(page.height, 3) == round(5000 / 72, 3)
    assert page.meta["generator"] == "Adobe Illustrator CC 23.0"
    assert "not_printed" not in page.meta and "annotations" not in page.meta
    from io import BytesIO

    from pypdf import PdfReader

    layers = _Layers(PdfReader(BytesIO(data)).trailer["/Root"])
    assert sorted(layers.names.values()) == ["Layer 1", "Layer 2"]
    assert all(layers.groups.values())  # both in /D /ON
    assert as_printed(data, Budget("Logo.ai")).not_printed == []
    report, _ = pipeline.check_pages(data, "Logo.ai", pipeline.CheckOptions(), PACK)
    assert report.verdict in ("pass", "fail", "review") and report.markers  # a logo: judged


def _layer_names(data: bytes) -> dict[str, bool]:
    from io import BytesIO

    from pypdf import PdfReader

    layers = _Layers(PdfReader(BytesIO(data)).trailer["/Root"])
    return {layers.names[key]: on for key, on in layers.groups.items()}


def test_autocad_plots_with_layers():
    for name, size, names in (
            ("pypdf-AutoCad_Diagram.pdf", (420, 297),
             ["0", "AREA", "Dimensions(ISO)", "Symbols(ISO)", "Visible Edges(ISO)"]),
            ("pypdf-AutoCad_Simple.pdf", (297, 210), ["DIMENSION"])):
        data = (REAL / name).read_bytes()
        [page] = read_pdf_bytes(data, name)
        assert (round(page.width * 25.4), round(page.height * 25.4)) == size
        layers = _layer_names(data)
        assert sorted(layers) == names and all(layers.values())
        assert "not_printed" not in page.meta
        report, _ = pipeline.check_pages(data, name, pipeline.CheckOptions(), PACK)
        assert report.verdict in ("pass", "fail", "review"), report.error


def test_user_units_of_a_real_file():
    """Every page of qpdf's uo-1.pdf (UserUnit 2, 1.5, 1.25, 0.75 and none; turned
    pages) is its MediaBox (as pypdf reads it) times its /UserUnit/72 in."""
    from io import BytesIO

    from pypdf import PdfReader

    data = (REAL / "qpdf-uo-1.pdf").read_bytes()
    pages = read_pdf_bytes(data, "uo-1.pdf")
    for page, raw in zip(pages, PdfReader(BytesIO(data)).pages, strict=True):
        unit = float(raw.get("/UserUnit", 1))
        w, h = (float(raw.mediabox.width) * unit / 72, float(raw.mediabox.height) * unit / 72)
        if int(raw.get("/Rotate", 0)) % 180:
            w, h = h, w
        assert (round(page.width, 3), round(page.height, 3)) == (round(w, 3), round(h, 3))
        said = page.meta.get("size_basis")
        assert said == ((f"the page's /UserUnit {unit:g} ({unit:g}/72 in per unit)",)
                        if unit != 1 else None)
    assert {float(raw.get("/UserUnit", 1)) for raw in PdfReader(BytesIO(data)).pages} == {
        1.0, 2.0, 1.5, 1.25, 0.75}
