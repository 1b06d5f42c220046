"""The clerk's report is evidence (markers/products/report_pdf.py): read back with pypdf,
a passing sign's report quotes each paragraph with what was measured, every page says
which file (its SHA-256 and size), when, by which wsmark and pack and with which
options, the verdict is worded as the rule allows, and nothing is cut off."""

from __future__ import annotations

import hashlib
import io
import re
from importlib.metadata import version
from xml.etree import ElementTree

import pypdf
import pytest

from cli import cli
from markers import api
from markers.products import report_pdf as layout

NS = "{http://www.w3.org/2000/svg}"
EPOCH = "1777600000"  # 2026-05-01 01:46:40 UTC
THIN = "kind: danger\ndisplay_height: 24\nlegend: ROCKS\noutline: 1.5\n"


def _pages(path) -> list[str]:
    """Each page's text, its whitespace made single spaces (lines wrap anywhere)."""
    reader = pypdf.PdfReader(io.BytesIO(path.read_bytes()))
    return [" ".join(page.extract_text().split()) for page in reader.pages]


@pytest.fixture
def danger(tmp_path):
    """A passing 24 in danger sign as wsmark draws it."""
    path = tmp_path / "danger.svg"
    path.write_bytes(api.render(api.design("danger", 24, legend="ROCKS"), ".svg"))
    return path


def test_a_passing_danger_sign_report_is_evidence(runner, danger, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    out = tmp_path / "report.pdf"
    result = runner.invoke(cli, ["check", str(danger), "--report", str(out), "-j", "1"])
    assert result.exit_code == 0, result.stderr
    pages = _pages(out)
    text = " ".join(pages)
    digest = hashlib.sha256(danger.read_bytes()).hexdigest()
    for words in ("NR 5.09(6)(b)", "2.00 in", "35.0", digest, f"wsmark {version('wsmark')}",
                  "meets NR 5.09 as drawn; placement needs the department's approval "
                  "(NR 5.09(3)(b))",
                  # the paragraph's own words under its row
                  "The thickness of the symbol outline shall be not less than 2 inches in width",
                  "The sides of the diamond shall slope at a 35° angle from the vertical"):
        assert words in text, words
    # the outline row: rule, paragraph, measured, required, tolerance, result
    assert re.search(r"outline-width NR 5\.09\(6\)\(b\) 2\.00 in >= 2 in 0\.01 in PASS", text)
    assert re.search(r"diamond-slope NR 5\.09\(6\)\(d\) 35\.0 deg = 35 deg 0\.5 deg PASS", text)
    assert "No findings" not in text and "more in the JSON report" not in text
    for number, page in enumerate(pages, start=1):  # the header on every page
        assert f"File: {danger}" in page and digest in page
        assert f"{danger.stat().st_size:,} bytes" in page
        assert "Report made 2026-05-01 01:46:40 UTC" in page
        assert f"judged by wsmark {version('wsmark')}, pack wi-nr509 " \
               f"{api.get_pack('wi-nr509').version}" in page
        assert "Options used: Tolerances: the rules' defaults. Waivers: none. Display area: " \
               "24 in (declared)." in page
        assert f"page {number} of {len(pages)} for this file" in page
    assert "Reviewed by" in pages[-1]


def test_the_options_used_are_on_every_page(runner, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    thin = tmp_path / "thin.yaml"
    thin.write_text(THIN)
    out = tmp_path / "report.pdf"
    result = runner.invoke(cli, ["check", str(thin), "--report", str(out), "-j", "1",
                                 "--waive", "outline-width:approved by the board; by=Town "
                                 "board; on=2026-05-01",
                                 "--tolerance", "diamond-slope=1", "-H", "24"])
    # a waiver records an acceptance; the drawing still does not meet NR 5.09(6)(b)
    assert result.exit_code == 1, result.stderr
    pages = _pages(out)
    assert len(pages) >= 2
    waiver = '"approved by the board", by Town board, on 2026-05-01'
    for page in pages:
        assert "Tolerances: diamond-slope 1 deg" in page
        assert f"Waivers: outline-width ({waiver})" in page
        assert "Display area: 24 in, given by the user" in page
    text = " ".join(pages)
    assert re.search(r"outline-width NR 5\.09\(6\)\(b\) 1\.50 in >= 2 in 0\.01 in WAIVED", text)
    assert "diamond-slope NR 5.09(6)(d) 35.0 deg = 35 deg 1.0 deg PASS" in text
    assert f"Not met; accepted by waiver: {waiver}" in text
    # issue 31: a waived legal minimum never reads as a pass
    assert "NOT MET - WAIVED does not meet NR 5.09(6)(b) (outline-width) as drawn; accepted " \
           f"by local waiver: {waiver}; a waiver does not make the drawing compliant" in text
    assert "PASS" not in pages[0].split("Requirements judged (")[0]


def test_the_stamp_follows_source_date_epoch_and_the_bytes_repeat(danger, monkeypatch):
    report, marked = api.check(danger.read_bytes(), str(danger), annotate_copy=True)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", EPOCH)
    first = api.report_pdf([report], [marked])
    assert api.report_pdf([report], [marked]) == first
    assert "2026-05-01 01:46:40 UTC" in pypdf.PdfReader(io.BytesIO(first)).pages[0].extract_text()
    bare = api.report_pdf([report], [marked], stamp="")
    assert "Report made" not in pypdf.PdfReader(io.BytesIO(bare)).pages[0].extract_text()
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    assert re.search(r"Report made \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC", pypdf.PdfReader(
        io.BytesIO(api.report_pdf([report], [marked]))).pages[0].extract_text())


def test_a_flag_and_an_unreadable_file_are_worded_as_they_are(tmp_path) -> None:
    flag, _ = api.check(api.render(api.design("diver-flag"), ".svg"), "diver.svg")
    broken, _ = api.check(b"<svg", "broken.svg")
    out = tmp_path / "r.pdf"
    out.write_bytes(api.report_pdf([flag, broken], [None, None], stamp=""))
    text = " ".join(_pages(out))
    assert "meets its statute as drawn (s. 30.70" in text and "meets NR 5.09" not in text
    assert "ERROR could not be judged" in text and "not well-formed XML" in text
    assert hashlib.sha256(b"<svg").hexdigest() in text


def _record(findings: int, rows: int) -> dict:
    """A record of the JSON contract with many rows and findings, as a proof of many
    defects gives."""
    checks = [{"rule": f"rule-{i}", "citation": "NR 5.09(6)(b)", "result": "fail",
               "measured": 1.5, "required": ">= 2", "unit": "in", "tolerance": 0.01,
               "message": "m", "waived": None} for i in range(rows)]
    found = [{"rule": f"rule-{i}", "citation": "NR 5.09(6)(b)", "severity": "error",
              "measured": 1.5, "required": ">= 2", "unit": "in", "bbox": None, "marker": 0,
              "message": f"defect number {i} of the drawing, said at length so that it wraps "
                         "onto a second line of the report as a long message does"}
             for i in range(findings)]
    return {"file": "many.svg", "verdict": "fail", "kind": "danger", "sha256": "ab" * 32,
            "size": 1234, "wsmark_version": "9.9", "pack": "p", "pack_version": "1",
            "markers": [{"index": 0, "page": 1, "kind": "danger", "verdict": "fail",
                         "display_height_in": 24.0, "display_height_basis": "declared",
                         "checks": checks}], "findings": found, "error": None}


def test_nothing_is_cut_and_nothing_runs_off_a_page() -> None:
    words = layout.ReportWords("2026-05-01 01:46:40 UTC", {"NR 5.09(6)(b)": [
        ("NR 5.09(6)(b)", "The thickness of the symbol outline shall be not less than 2 "
                          "inches in width.")]}, {}, ["does not meet the rule as drawn"])
    pages = layout.report_pages_svg(_record(findings=60, rows=40), None, words, words.verdicts[0])
    assert len(pages) >= 4
    said, rows_drawn = [], 0
    for svg in pages:
        root = ElementTree.fromstring(svg)
        for node in root.iter(f"{NS}text"):
            y, size = float(node.get("y")), float(node.get("font-size"))
            assert layout.MARGIN - 0.3 < y - size and y < layout.PAGE_H - layout.MARGIN + 0.3
            chars = len(node.text or "")
            if node.get("text-anchor") != "end":  # a line stays inside the page's width
                assert float(node.get("x")) + chars * size * 0.5 <= layout.PAGE_W - 0.3, \
                    node.text
            said.append(node.text or "")
        on_page = [n.text or "" for n in root.iter(f"{NS}text")]
        body = [float(n.get("y")) for n in root.iter(f"{NS}text")
                if (n.text or "").startswith("rule-")]
        assert all(y <= layout.BOTTOM for y in body)
        rows_drawn += len(body)
        assert not body or "Rule" in on_page  # the table's head on every page with rows
    text = " ".join(said)
    assert rows_drawn == 40
    for i in range(60):
        assert f"defect number {i} of the drawing" in text
    assert text.count("The thickness of the symbol outline") == 1  # quoted once per marker
    assert "more in the JSON report" not in text
