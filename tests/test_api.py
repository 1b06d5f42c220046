"""Every use case of markers.api driven with bytes in and bytes out, touching no file."""

from __future__ import annotations

import io
import json
import os
import zipfile

import pypdf
import pytest

from markers import api
from markers.errors import DesignError, WsmarkError
from svg_measure import PNG_MAGIC, png_size


@pytest.fixture(autouse=True)
def empty_cwd(tmp_path, monkeypatch):
    """Run in an empty folder and prove that nothing was written there."""
    monkeypatch.chdir(tmp_path)
    yield
    assert os.listdir(tmp_path) == []


def test_kinds_and_design_from_options() -> None:
    assert [k.name for k in api.kinds()][:4] == ["danger", "exclusion", "control", "information"]
    design = api.design("aid-green", 18, sample=True)
    assert design.ws_id == "WS-1"
    with pytest.raises(DesignError, match="known kinds"):
        api.design("dangr", 24)


def test_design_from_bytes_builds_and_specs() -> None:
    design = api.design_from_file(data=b'{"kind": "control", "display_height": 24, '
                                       b'"legend": "5 MPH"}', name="c.json")
    table = api.spec(design)
    inner = next(d for d in table["dimensions"] if d["name"].startswith("circle inner"))
    assert inner["value"] == pytest.approx(16.0) and inner["citation"] == "NR 5.09(6)(c)"


def test_render_svg_png_pdf_bytes() -> None:
    design = api.design("danger", 24, legend="ROCKS")
    svg = api.render(design, ".svg")
    assert svg.startswith(b"<svg") and b'width="20in"' in svg
    png = api.render(design, ".png", dpi=10)
    assert png.startswith(PNG_MAGIC) and png_size(png) == (200, 240)
    pdf = pypdf.PdfReader(io.BytesIO(api.render(design, ".pdf")))
    box = pdf.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((20 * 72, 24 * 72), abs=0.5)


def test_check_bytes_pass_fail_and_unreadable() -> None:
    good = api.render(api.design("control", 24, legend="SLOW NO WAKE"), ".svg")
    report, marked = api.check(good, "control.svg", annotate_copy=True)
    assert report.verdict == "pass" and report.kind == "control" and marked.startswith(b"<svg")
    thin = api.design_from_file(data=b"kind: danger\ndisplay_height: 24\noutline: 1.5\n",
                                name="d.yaml")
    assert thin.outline == 1.5
    report, _ = api.check(b"kind: danger\ndisplay_height: 24\noutline: 1.5\n", "d.yaml")
    assert report.verdict == "fail"
    assert [f.rule for f in report.findings if f.severity == "error"] == ["outline-width"]
    report, _ = api.check(b"%PDF-1.7 not an svg", "proof.svg")
    assert report.verdict == "error" and "\n" not in report.error


def test_reports_in_every_format_and_options() -> None:
    options = api.check_options(waive=["symbol-centered:board"],
                                tolerance=["diamond-slope=1.0"])
    assert options.tolerances == {"diamond-slope": 1.0}
    with pytest.raises(WsmarkError):
        api.check_options(tolerance=["reg-shape=1"])
    report, _ = api.check(api.render(api.design("exclusion", 12), ".svg"), "x.svg", options)
    records = json.loads(api.reports([report], "json"))
    assert records[0]["verdict"] == "pass" and records[0]["kind"] == "exclusion"
    sarif = json.loads(api.reports([report], "sarif"))
    assert sarif["runs"][0]["tool"]["driver"]["informationUri"] == api.get_pack().url
    assert "x.svg: PASS (exclusion" in api.reports([report], "text")
    assert api.exit_status([report]) == 0


def test_rules_and_explain_quote_the_paragraph() -> None:
    assert len(api.rules()) >= 35
    assert "thickness of the symbol outline shall be not less than 2" in \
        api.explain("outline-width")


def test_fabricate_gives_files_by_name() -> None:
    fab, files = api.fabricate(api.design("control", 24, legend="SLOW NO WAKE"))
    names = sorted(files)
    assert any(n.endswith("-print.pdf") for n in names) and \
        any(n.endswith("-cut.dxf") for n in names) and any(n.endswith("-bom.csv") for n in names)
    orange = next(line for line in fab.bom if line.color == "orange")
    assert orange.area == pytest.approx(113.10, abs=0.01)
    bundle = io.BytesIO()
    with zipfile.ZipFile(bundle, "w") as archive:  # what a second front end would send
        for name, data in files.items():
            archive.writestr(name, data)
    assert len(zipfile.ZipFile(bundle).namelist()) == len(files)


def test_sheets_as_pdf_bytes() -> None:
    pdf, count, notes = api.sheets(["danger"], [12.0, 24.0])
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == count == 4 and notes == []
    assert "outside width" in reader.pages[1].extract_text()


@pytest.mark.parametrize("kind", api.kind_names())
def test_nothing_flagged_on_any_kind_as_built(kind: str) -> None:
    heights = (12, 24) if api.kind(kind).display_area else (None,)
    for h in heights:
        assert api.flagged(api.build(api.design(kind, h, sample=True))) is None, (kind, h)


def test_flagged_runs_the_packs_own_rules_as_check_does() -> None:
    """A 2.5 in outline meets Wisconsin's 2 in but not the test pack's 3 in: flagged
    says what check of the drawing says under each pack, and nothing where it passes."""
    from markers.check.pipeline import CheckOptions
    from second_pack import PACK as STRICTER

    art = api.build(api.design("danger", 24, outline=2.5, legend="ROCKS"))
    assert api.flagged(art) is None
    line = api.flagged(art, STRICTER)
    report, _ = api.check(api.render(art, ".svg"), "d.svg", CheckOptions(), STRICTER)
    flagged = {f.rule for f in report.findings if f.severity != "info"}
    assert flagged == {"outline-width"} and report.verdict == "fail"
    assert line.startswith("check would say FAIL of this marker: error outline-width (")
    assert "\n" not in line
