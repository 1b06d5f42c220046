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
