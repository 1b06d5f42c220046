"""Every PDF wsmark writes from a hostile vendor proof, and every plan export a browser
or GIS may open, opened from disk in Chromium with the network watched (issue 32).

Debian's headless Chromium opens a PDF in its own viewer (the PDF extension, PDFium with
its JavaScript): a vendor PDF's open action and page-open script show their
``app.alert`` and a click on its link annotation sends a request to a listener here,
so the test first opens the vendor's file and sees both (the watch can fail), then
opens each output the same way and sees neither. A plan whose fields carry XHTML script
and picture vectors and a spreadsheet formula is exported (GPX, KML, map SVG, packet
PDF): each opened as XML in Chromium fetches and runs nothing, where the same document
with the fields written unescaped does. One browser for the file; the full set of
PDF outputs (``check --annotate x.pdf`` and ``--report`` through budgeted workers) in
``make hostile``."""

from __future__ import annotations

import csv
import html
import io
import os
from pathlib import Path

import pypdf
import pytest
from pypdf.generic import (
    ArrayObject,
    DictionaryObject,
    NameObject,
    NumberObject,
    TextStringObject,
)
from web_helpers import CHROMIUM, Beacon, launched_chromium, opened_watched

from markers import api

needs_chromium = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                    reason="needs chromium (make chromium)")
DATA = Path(__file__).resolve().parents[1] / "data" / "hostile"
HOSTILE = bool(os.environ.get("WSMARK_HOSTILE"))


@pytest.fixture(scope="module")
def browser():
    with launched_chromium() as launched:
        yield launched


@pytest.fixture(scope="module")
def beacon():
    with Beacon() as listening:
        yield listening


def _action(kind: str, **entries: str) -> DictionaryObject:
    action = DictionaryObject({NameObject("/S"): NameObject(kind)})
    action.update({NameObject(f"/{k}"): TextStringObject(v) for k, v in entries.items()})
    return action


def _link(action: DictionaryObject, rect: tuple[int, int, int, int]) -> DictionaryObject:
    return DictionaryObject({
        NameObject("/Type"): NameObject("/Annot"), NameObject("/Subtype"): NameObject("/Link"),
        NameObject("/Rect"): ArrayObject([NumberObject(v) for v in rect]),
        NameObject("/A"): action})


def _vendor_pdf(url: str) -> bytes:
    """found/turn4/fix-keeps-pdf-javascript.pdf (document /OpenAction and page /AA
    scripts that alert, JavaScript and URI links) with more: a document-level script
    (the /JavaScript name tree), Launch, SubmitForm and GoToR links, an embedded file,
    and on top a link over the whole page to ``url`` (the listener)."""
    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(DATA / "fix-keeps-pdf-javascript.pdf"))
    page = writer.pages[0]
    annots = page.get("/Annots") or ArrayObject()
    for action in (_action("/Launch", F="calc.exe"), _action("/SubmitForm", F=f"{url}/submit"),
                   _action("/GoToR", F=f"{url}/remote.pdf"),
                   _action("/URI", URI=f"{url}/link-clicked")):
        annots.append(writer._add_object(_link(action, (0, 0, 2000, 2000))))
    page[NameObject("/Annots")] = annots
    script = _action("/JavaScript", JS=f"app.alert('name tree js'); app.launchURL('{url}/js');")
    writer._root_object[NameObject("/Names")] = DictionaryObject({
        NameObject("/JavaScript"): DictionaryObject({NameObject("/Names"): ArrayObject(
            [TextStringObject("wsmark"), writer._add_object(script)])})})
    writer.add_attachment("exfil.txt", b"exfil-secret")
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _pdf_outputs(raw: bytes, tmp: Path) -> dict[str, bytes]:
    """The PDFs wsmark writes from the vendor's ``raw``: ``fix``'s compliant version;
    in ``make hostile`` also its ``--report`` (the web page's compliant report.pdf), the
    clerk's report with the marked copy (the web page's batch report.pdf), and ``check
    --annotate x.pdf`` and ``--report`` as the command makes them (budgeted workers)."""
    fixed = api.fix(raw, "vendor.pdf", ".pdf", overlay=HOSTILE)
    assert fixed.data is not None
    out = {"fixed.pdf": fixed.data}
    if not HOSTILE:
        return out
    report, marked = api.check(raw, "vendor.pdf", annotate_copy=True)
    out.update({"fix-report.pdf": api.fix_report(fixed),
                "web-report.pdf": api.report_pdf([report], [marked], stamp="")})
    path = tmp / "vendor.pdf"
    path.write_bytes(raw)
    for _, _, made in api.check_paths([path], api.CheckOptions(), jobs=1,
                                      outputs=api.CheckOutputs(copy=".pdf", report=True,
                                                               stamp="")):
        assert made is not None and made.refused is None, made
        out["annotate.pdf"], out["check-report.pdf"] = made.pdf, made.report
    return out


@needs_chromium
def test_pdf_outputs_opened_in_chromium_run_and_fetch_nothing(tmp_path, browser, beacon):
    """Each PDF wsmark made of the vendor's, opened in Chromium's viewer and clicked,
    runs no script and sends no request; the vendor's PDF, opened after them the same
    way, runs its open scripts (three alerts) and its link sends a request when
    clicked (the watch sees what runs and fetches)."""
    raw = _vendor_pdf(beacon.url)
    outputs = _pdf_outputs(raw, tmp_path)
    for name, data in {**outputs, "vendor.pdf": raw}.items():
        (tmp_path / name).write_bytes(data)
    seen = opened_watched(browser, [tmp_path / name for name in outputs], beacon, click=True)
    assert seen == {name: [] for name in outputs}, seen
    vendor = opened_watched(browser, [tmp_path / "vendor.pdf"], beacon, click=True,
                            settle_s=1)["vendor.pdf"]
    for alert in ("doc open js", "page open js", "name tree js"):
        assert f"dialog: {alert}" in vendor, vendor
    assert "beacon: /link-clicked" in vendor, vendor


@needs_chromium
@pytest.mark.skipif(not HOSTILE, reason="make hostile")
def test_generated_active_pdfs_outputs_in_chromium(tmp_path_factory, browser, beacon):
    """The vendor PDFs hypothesis fills with open actions, additional actions, name-tree
    scripts, embedded files, XFA and annotations of six kinds carrying eight action
    types (tests/products/test_output_sanitiser.py), each through every writer: every
    PDF written, opened in Chromium's viewer and clicked, runs and fetches nothing;
    the vendor files, opened the same way, do (a script's alert, a link's request) in
    some."""
    from hypothesis import HealthCheck, given, settings
    from test_output_sanitiser import WRITER_EXAMPLES, _hostile_pdf, _written

    active: list[list[str]] = []

    @settings(max_examples=max(1, WRITER_EXAMPLES), deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(raw=_hostile_pdf())
    def outputs_inert(raw: bytes) -> None:
        tmp = tmp_path_factory.mktemp("generated")
        out = {name: data for name, data in _written(raw, "vendor.pdf", tmp,
                                                     api.CheckOptions()).items()
               if name.endswith(".pdf") and data}
        for name, data in out.items():
            (tmp / name).write_bytes(data)
        seen = opened_watched(browser, [tmp / name for name in out], beacon, click=True)
        assert seen == {name: [] for name in out}, seen
        (tmp / "vendor-as-sent.pdf").write_bytes(raw)
        active.append(opened_watched(browser, [tmp / "vendor-as-sent.pdf"], beacon,
                                     click=True, settle_s=1)["vendor-as-sent.pdf"])

    outputs_inert()
    print(f"generated vendor PDFs: {sum(map(bool, active))} of {len(active)} ran a script "
          "or sent a request in Chromium; their outputs none")
    assert any(active), active


#: What a plan's free-text fields carry: an XHTML script and picture (which run and
#: fetch in an XML document a browser shows), and a spreadsheet formula.
def _payloads(url: str) -> list[str]:
    return [f'<script xmlns="http://www.w3.org/1999/xhtml">fetch("{url}/script-ran")</script>',
            f'<h:img xmlns:h="http://www.w3.org/1999/xhtml" src="{url}/picture"/>',
            f'<h:iframe xmlns:h="http://www.w3.org/1999/xhtml" src="{url}/frame"/>',
            f'=HYPERLINK("{url}/formula","M-2")']


def _hostile_plan(url: str) -> api.PlanReport:
    """found/turn4/plans/control-char-and-formula.csv with the payloads in every
    marker's description and purpose and the applicant's name."""
    source = (DATA / "plans" / "control-char-and-formula.csv").read_text(encoding="utf-8")
    rows = list(csv.DictReader(io.StringIO(source)))
    payloads = _payloads(url)
    for i, row in enumerate(rows):
        row["ws_id"] = f"M-{i + 1}"
        row["description"] = payloads[i % len(payloads)]
        row["purpose"] = payloads[(i + 1) % len(payloads)]
    rows[0]["applicant_name"] = payloads[0]
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]))
    writer.writeheader()
    writer.writerows(rows)
    report = api.plan_check(data=out.getvalue().encode("utf-8"), name="hostile.csv")
    assert report.verdict != "error", report
    return report


def _unescaped(xml: bytes, payloads: list[str]) -> bytes:
    """``xml`` with each payload written as it came: a writer that does not escape."""
    for payload in payloads:
        xml = xml.replace(html.escape(payload, quote=False).encode(), payload.encode())
    return xml


@needs_chromium
def test_plan_exports_opened_in_chromium_run_and_fetch_nothing(tmp_path, browser, beacon):
    """The GPX of a plan whose fields carry script, picture and frame vectors, opened
    as XML (as a browser shows a file it is handed): nothing runs or fetches; the same
    GPX with the fields unescaped runs the script and fetches the picture and the frame
    (the watch can fail). In ``make hostile`` the
    KML (and its unescaped control), the map SVG and the packet's PDF (in the viewer)
    too. The CSV (for spreadsheets, not browsers) starts no cell with a formula."""
    report = _hostile_plan(beacon.url)
    payloads = _payloads(beacon.url)
    files = {"plan.gpx.xml": api.plan_export(report, ".gpx")}
    if HOSTILE:
        files.update({"plan.kml.xml": api.plan_export(report, ".kml"),
                      "map.svg": api.plan_map(report, ".svg"),
                      "application.pdf": api.plan_packet(report)["application.pdf"]})
    controls = {f"unescaped-{name}": _unescaped(files[name], payloads)
                for name in (("plan.gpx.xml", "plan.kml.xml") if HOSTILE else ("plan.gpx.xml",))}
    for name, data in {**files, **controls}.items():
        (tmp_path / name).write_bytes(data)
    seen = opened_watched(browser, [tmp_path / name for name in [*files, *controls]], beacon,
                          click=True)
    for name in controls:
        found = seen.pop(name)
        for what in ("script-ran", "picture", "frame"):
            assert f"beacon: /{what}" in found, (name, found)
    assert seen == {name: [] for name in files}, seen
    cells = [cell for row in csv.reader(io.StringIO(api.plan_export(report, ".csv").decode()))
             for cell in row]
    assert "'=HYPERLINK(\"" + beacon.url + "/formula\",\"M-2\")" in cells
    assert not [c for c in cells if c.startswith(("=", "@", "+", "\t", "\r"))]


def test_plan_csv_export_neutralises_every_formula_start():
    """Each way a spreadsheet starts a formula (OWASP, CSV Injection: ``=``, ``+``,
    ``-``, ``@``, tab, CR) in a plan's text is written after an apostrophe by ``plan
    export --csv`` (it was written verbatim); a plain number is not."""
    from dataclasses import replace

    report = _hostile_plan("http://127.0.0.1:9")
    starts = ["@SUM(1+1)*cmd|' /C calc'!A0", "+1+cmd|' /C calc'!A0", "-2+3+cmd|'/C calc'!A0",
              "\t=1+1", "\r=1+1", "=1+1"]
    plan = report.read_plan
    plan = replace(plan, markers=[replace(m, description=starts[i % len(starts)],
                                          purpose="-1.50")
                                  for i, m in enumerate(plan.markers)])
    rows = list(csv.DictReader(io.StringIO(api.plan_export(
        replace(report, plan=plan), ".csv").decode())))
    assert {row["description"] for row in rows} == {
        "'@SUM(1+1)*cmd|' /C calc'!A0", "'+1+cmd|' /C calc'!A0", "'-2+3+cmd|'/C calc'!A0",
        "'\\t=1+1", "'\\r=1+1", "'=1+1"}
    assert {row["purpose"] for row in rows} == {"-1.50"}
