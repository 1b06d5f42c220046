"""The web page in a real browser: Debian's chromium driven by Playwright against a
uvicorn server on a free port. Skipped, with how to install it, when chromium is
missing. Also makes the screenshots of gallery/web/ (WSMARK_UPDATE_SCREENSHOTS=1) and
checks that the committed ones still show the pages as they are (text, not pixels)."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import shutil
import zipfile
from pathlib import Path

import pypdf
import pytest

from markers.packs import get_pack
from web_helpers import BAD, BOMB, GOOD, TEXT_LEGEND, THIN, ServerThread, launched_chromium
from web_helpers import CHROMIUM

SHOTS = Path(__file__).resolve().parents[2] / "gallery" / "web"
UPDATE = os.environ.get("WSMARK_UPDATE_SCREENSHOTS") == "1"

if not Path(CHROMIUM).exists():
    pytest.skip("browser tests need chromium: apt-get install chromium", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def server():
    from web.app import Settings

    with ServerThread(Settings(workers=2, deadline_s=30)) as running:
        yield running


@pytest.fixture(scope="module")
def browser():
    with launched_chromium() as launched:
        yield launched


@pytest.fixture
def page(browser):
    context = browser.new_context(accept_downloads=True, viewport={"width": 1280, "height": 900})
    context.set_default_timeout(30_000)
    yield context.new_page()
    context.close()


def _drop(page, files: dict[str, bytes]) -> None:
    """Drop files on the drop zone, as a clerk drags them from the mail."""
    payload = {name: data.decode("latin-1") for name, data in files.items()}
    page.evaluate("""(files) => {
        const transfer = new DataTransfer();
        for (const [name, text] of Object.entries(files)) {
            const bytes = Uint8Array.from(text, (c) => c.charCodeAt(0));
            transfer.items.add(new File([bytes], name, {type: "image/svg+xml"}));
        }
        const zone = document.getElementById("dropzone");
        zone.dispatchEvent(new DragEvent("drop", {dataTransfer: transfer, bubbles: true}));
    }""", payload)


def _structure(page) -> dict:
    """What a screenshot shows, in words: headings, labels, buttons, verdicts."""
    return page.evaluate("""() => ({
        title: document.title,
        headings: [...document.querySelectorAll("h1, h2, h3, caption, summary")].map(e => e.innerText.trim()),
        labels: [...document.querySelectorAll("label, legend")].map(e => e.innerText.trim()),
        buttons: [...document.querySelectorAll("button, a.button")].map(e => e.innerText.trim()),
        verdicts: [...document.querySelectorAll("[data-verdict]")].map(e => e.dataset.verdict),
        rules: [...document.querySelectorAll("li[data-rule]")].map(e => e.dataset.rule),
    })""")


def _shot(page, name: str) -> None:
    """Save the screenshot (when asked) and compare the page's words with the record."""
    record = SHOTS / f"{name}.json"
    found = _structure(page)
    if UPDATE:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
        record.write_text(json.dumps(found, indent=1) + "\n")
    assert (SHOTS / f"{name}.png").exists(), "make it: WSMARK_UPDATE_SCREENSHOTS=1 pytest"
    assert found == json.loads(record.read_text()), \
        f"the {name} page changed: WSMARK_UPDATE_SCREENSHOTS=1 pytest {__file__}"


def test_check_a_compliant_and_a_failing_proof_and_read_the_pdf(server, page) -> None:
    page.goto(server.url + "/check")
    _drop(page, {"vendor-control.svg": GOOD, "red-aid-ws3.svg": BAD})
    page.wait_for_selector("#summary h2")
    assert page.locator("[data-verdict=pass] h2").inner_text() == "vendor-control.svg"
    assert page.locator("[data-verdict=fail] h2").inner_text() == "red-aid-ws3.svg"
    assert "PASS" in page.locator("[data-verdict=pass] .verdict").inner_text().upper()
    assert page.locator("[data-verdict=fail] li[data-rule=aid-id-parity]").count() == 1
    color = page.locator("[data-verdict=fail] .badge").evaluate(
        "e => getComputedStyle(e).backgroundColor")
    assert color == "rgb(180, 35, 24)"
    page.locator("[data-verdict=fail] li[data-rule=aid-id-parity] summary").click()
    assert "NR 5.09(2)(a)5" in page.locator("[data-verdict=fail] pre.explain").inner_text()
    sources = [img.get_attribute("src") for img in page.locator("img[src$='marked.svg']").all()]
    assert len(set(sources)) == 2  # each file its own drawing, though sent side by side
    assert page.locator("img[src$='marked.svg']").first.evaluate("e => e.naturalWidth") > 0
    assert "2 files: 1 pass, 1 fail" in page.locator("#summary h2").inner_text()
    with page.expect_download() as download:
        page.get_by_text("PDF report for the files").click()
    text = " ".join(p.extract_text() for p in pypdf.PdfReader(
        io.BytesIO(Path(download.value.path()).read_bytes())).pages)
    assert "PASS" in text and "FAIL" in text and "aid-id-parity" in text
    _shot(page, "check")


def test_the_law_chosen_goes_with_the_dropped_files(server, page) -> None:
    """The page's script sends the Law chosen with each file: a Connecticut beacon
    dropped under ct-15-121 passes by 15-121-A2 (under NR 5.09 it is not passed)."""
    from markers import api
    from markers.core.design import Design

    beacon = api.render(api.build(Design("beacon-danger", legend="ROCKS"), "ct-15-121"),
                        ".svg", pack="ct-15-121")
    page.goto(server.url + "/check")
    page.select_option("#pack", "ct-15-121")
    _drop(page, {"ct-beacon.svg": beacon})
    page.wait_for_selector("#summary h2")
    assert page.locator("[data-verdict=pass] h2").inner_text() == "ct-beacon.svg"
    assert "15-121-A2" in page.locator("[data-verdict=pass]").inner_text()


def test_a_hostile_file_is_one_line_while_another_upload_completes(server, page) -> None:
    page.goto(server.url + "/check")
    _drop(page, {"bomb.svg": BOMB, "good.svg": GOOD})
    page.wait_for_selector("#summary h2")
    error = page.locator("[data-verdict=error] .error-line").inner_text()
    assert error.startswith("bomb.svg: ") and "\n" not in error
    assert page.locator("[data-verdict=pass] h2").inner_text() == "good.svg"


def test_design_a_control_sign_and_download_its_files(server, page) -> None:
    page.goto(server.url + "/design?kind=control")  # opens on the kind's sample legend
    before = page.locator("#artwork").get_attribute("src")
    assert "legend=SLOW+NO+WAKE" in before
    page.locator("#f-legend").fill("")
    page.locator("#f-legend").press_sequentially("5 MPH", delay=20)
    page.wait_for_function("() => { const a = document.getElementById('artwork'); "
                           "return a && a.src.includes('5+MPH') && a.complete "
                           "&& a.naturalWidth > 0; }")  # the new preview has loaded
    after = page.locator("#artwork").get_attribute("src")
    assert after != before and "legend=5+MPH" in after
    assert page.locator("#artwork").evaluate("e => e.naturalWidth") > 0
    assert re.search(r"Shown at 1:\d+", page.locator("#scale").inner_text())
    with page.expect_download() as download:
        page.locator("#download-zip").click()
    names = zipfile.ZipFile(download.value.path()).namelist()
    assert any(n.endswith("print.pdf") for n in names)
    assert any(n.endswith("cut.dxf") for n in names) and any(n.endswith("bom.csv") for n in names)
    _shot(page, "design")
    height = page.locator("#f-display_height")
    height.fill("11")
    page.wait_for_function("() => document.getElementById('error-display_height')"
                           ".innerText.includes('minimum')")
    refusal = page.locator("#error-display_height").inner_text()
    assert "11 in is below the 12 in minimum" in refusal and "\n" not in refusal
    assert page.locator("#error-legend").inner_text() == ""


def test_the_reference_page(server, page) -> None:
    page.goto(server.url + "/reference")
    assert page.locator("table.catalogue tbody tr").count() >= 10
    assert page.locator("#kind-control blockquote").inner_text().startswith("“A circle")
    _shot(page, "reference")


def test_the_pages_work_with_scripts_off(server, browser) -> None:
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    try:
        page.goto(server.url + "/check")
        page.set_input_files("#files", files=[
            {"name": "red.svg", "mimeType": "image/svg+xml", "buffer": BAD}])
        page.get_by_role("button", name="Check").click()
        page.wait_for_url(re.compile(r"/check/[\w-]+$"))
        assert page.locator("[data-verdict=fail] li[data-rule=aid-id-parity]").count() == 1
        page.goto(server.url + "/design?kind=control")
        page.fill("#f-legend", "5 MPH")
        page.get_by_role("button", name="Update preview").click()
        assert "legend=5+MPH" in page.locator("#artwork").get_attribute("src")
    finally:
        context.close()


def test_screenshots_are_committed() -> None:
    for name in ("check", "design", "reference"):
        assert (SHOTS / f"{name}.png").stat().st_size > 10_000
    assert shutil.which  # docs/web.md shows them
    page = (SHOTS.parents[1] / "docs" / "web.md").read_text()
    for name in ("check", "design", "reference"):
        assert f"](../gallery/web/{name}.png)" in page


# --- the page as issue 23 found it, and as it must be ------------------------------------

def _svg(name: str, data: bytes) -> dict:
    return {"name": name, "mimeType": "image/svg+xml", "buffer": data}


def _posts(page) -> list[str]:
    """The POSTs the page sends from now on (their paths)."""
    sent: list[str] = []
    page.on("request", lambda r: sent.append(r.url.split("/", 3)[-1])
            if r.method == "POST" else None)
    return sent


def test_six_files_chosen_with_the_button_are_six_results(server, page) -> None:
    page.goto(server.url + "/check")
    sent = _posts(page)
    page.set_input_files("#files", files=[_svg(f"proof-{i}.svg", GOOD if i % 2 else BAD)
                                          for i in range(6)])
    assert page.locator("#chosen").inner_text() == "6 files chosen: press Check to send them"
    page.wait_for_timeout(500)
    assert sent == []  # choosing sends nothing
    page.locator("#check-button").click()
    page.locator("#check-button").click(force=True)  # a second press while checking: nothing
    page.wait_for_selector("#summary h2")
    assert page.locator("#results section.item").count() == 6
    assert sorted(page.locator("[data-verdict]").evaluate_all(
        "es => es.map(e => e.dataset.verdict)")) == ["fail"] * 3 + ["pass"] * 3
    assert page.locator("#summary h2").inner_text() == "6 files: 3 pass, 3 fail, 0 error"
    assert sent == ["check"] * 6  # one request a file, each sent once
    status = page.locator("#status")
    assert status.get_attribute("aria-live") == "polite"
    assert status.get_attribute("role") == "status"
    assert status.inner_text() == "Checked 6 files: 3 pass, 3 fail, 0 error."
    assert page.locator("#chosen").inner_text() == ""
    page.reload()  # the batch as kept: still 6
    assert page.locator("#results section.item").count() == 6
    assert page.locator("#status").inner_text() == "Checked 6 files: 3 pass, 3 fail, 0 error."


def test_the_results_are_announced_as_they_start_and_end(server, page) -> None:
    page.goto(server.url + "/check")
    page.evaluate("""() => {
        window.said = [];
        new MutationObserver(() => window.said.push(document.getElementById("status")
            .textContent)).observe(document.getElementById("status"),
                                   {childList: true, characterData: true, subtree: true});
    }""")
    page.set_input_files("#files", files=[_svg("a.svg", GOOD), _svg("b.svg", BAD)])
    page.locator("#check-button").click()
    page.wait_for_selector("#summary h2")
    said = page.evaluate("window.said")
    assert said[0] == "Checking 2 files\u2026"
    assert said[-1] == "Checked 2 files: 1 pass, 1 fail, 0 error."
    assert page.locator("#results").get_attribute("aria-busy") is None


def test_a_waiver_on_one_files_finding_leaves_the_other_failing(server, page) -> None:
    page.goto(server.url + "/check")
    page.set_input_files("#files", files=[_svg("first.svg", BAD), _svg("second.svg", BAD)])
    page.locator("#check-button").click()
    page.wait_for_selector("#summary h2")
    first = page.locator("section.item", has=page.locator("h2", has_text="first.svg"))
    second = page.locator("section.item", has=page.locator("h2", has_text="second.svg"))
    finding = first.locator("li[data-rule=aid-id-parity]")
    finding.get_by_label("Waive this finding, for this file only, because").fill(
        "the board approved WS-3 on red, 2026-05-01")
    finding.get_by_role("button", name="Waive").click()
    page.wait_for_selector("li[data-waived]")
    assert first.get_attribute("data-verdict") == "waived"  # not met: never a pass
    # the words as written (inner_text would follow the badge's CSS capitals as they load)
    said = " ".join((first.locator(".verdict").text_content() or "").split())
    assert said == (
        "not met, waived Waived (1 finding accepted by waiver): does not meet NR 5.09(2)(a)5 "
        '(aid-id-parity) as drawn; accepted by local waiver: "the board approved WS-3 on '
        'red, 2026-05-01"; a waiver does not make the drawing compliant')
    assert 'not met; accepted by waiver: "the board approved WS-3 on red, 2026-05-01"' in \
        finding.inner_text()
    assert finding.locator(".sev").inner_text().lower() == "error, waived"
    assert second.get_attribute("data-verdict") == "fail"
    assert second.locator("li[data-waived]").count() == 0
    assert "may go on the water" not in page.content()
    first.locator("li[data-rule=aid-id-parity]").get_by_role(
        "button", name="Remove this waiver").click()
    page.wait_for_load_state()
    assert page.locator("section.item[data-verdict=fail]").count() == 2


def test_an_empty_upload_is_named_as_empty(server, page) -> None:
    page.goto(server.url + "/check")
    page.set_input_files("#files", files=[_svg("empty.svg", b""), _svg("good.svg", GOOD)])
    page.locator("#check-button").click()
    page.wait_for_selector("#summary h2")
    assert page.locator("[data-verdict=error] .error-line").inner_text() == \
        "empty.svg: the file is empty"
    assert "well-formed" not in page.content()


def test_a_findings_place_is_said_in_words_and_drawn_on_the_copy(server, page) -> None:
    page.goto(server.url + "/check")
    page.set_input_files("#files", files=[
        {"name": "thin.yaml", "mimeType": "application/yaml", "buffer": THIN}])
    page.locator("#check-button").click()
    page.wait_for_selector("#summary h2")
    finding = page.locator("li[data-rule=outline-width]")
    mark = finding.locator(".mark").inner_text()
    words = finding.locator(".place").inner_text()
    # said independently: the box of the finding in the JSON, the page 20 x 24 in
    report = json.loads(page.request.get(server.url + page.url.split(server.url)[1]
                                         + "/report.json").text())[0]
    x, y, w, h = next(f["bbox"] for f in report["findings"] if f["rule"] == "outline-width")
    assert y + h / 2 > 24 * 2 / 3 and abs(x + w / 2 - 10) < 20 / 6  # the bottom third, centre
    assert words == f"{mark} bottom, {24 - y - h:.1f} in from the bottom edge" == \
        "1 bottom, 2.3 in from the bottom edge"
    # drawn on the copy shown: the dashed box at the finding's box, the disc numbered 1
    copy = page.request.get(page.locator("img[src$='marked.svg']").first.evaluate(
        "e => e.src")).text()
    from defusedxml.ElementTree import fromstring

    svg = fromstring(copy.encode())
    notes = svg.find(".//{http://www.w3.org/2000/svg}g[@id='wsmark-annotations']")
    boxes = [[float(r.get(k)) for k in ("x", "y", "width", "height")]
             for r in notes.iter("{http://www.w3.org/2000/svg}rect")]
    assert [pytest.approx(v, abs=1e-3) for v in (x, y, w, h)] in boxes
    discs = [t.text for t in notes.iter("{http://www.w3.org/2000/svg}text")]
    assert mark in discs and any(t.startswith(f"{mark}. outline-width") for t in discs if t)
    assert page.locator("img[src$='marked.svg']").first.evaluate("e => e.naturalWidth") > 0


def test_notes_that_were_judged_are_not_set_aside(server, page) -> None:
    page.goto(server.url + "/check")
    page.set_input_files("#files", files=[_svg("text legend.svg", TEXT_LEGEND)])
    page.locator("#check-button").click()
    page.wait_for_selector("#summary h2")
    assert page.locator("ul.notes li").evaluate_all(
        "es => es.map(e => e.dataset.rule)") == ["text-outlined"]
    assert page.locator("ul.noted li").evaluate_all(
        "es => es.map(e => e.dataset.rule)") == ["set-aside"]
    headings = page.locator("h3").all_inner_texts()
    assert headings == ["Notes", "Set aside (noted, not judged)"]


def _fields(page) -> list[str]:
    return page.locator("#design-form [name]").evaluate_all(
        "es => es.filter(e => e.type !== 'hidden').map(e => e.name)")


def test_the_design_page_takes_lengths_in_the_command_lines_units(server, page) -> None:
    page.goto(server.url + "/design?kind=control")
    for typed, inches in (("24in", "24.00"), ("60cm", "23.62"), ("2ft", "24.00")):
        page.locator("#f-display_height").fill(typed)
        page.wait_for_function(
            "(h) => document.querySelector('#preview table.spec') && [...document.querySelectorAll("
            "'#preview table.spec td')].some(td => td.innerText.startsWith(h + ' in'))", arg=inches)
        assert page.locator("#error-display_height").inner_text() == ""
        assert page.locator("#artwork").get_attribute("src").count("display_height=") == 1
    page.locator("#f-display_height").fill("24 furlongs")
    page.wait_for_function("() => document.getElementById('error-display_height').innerText")
    assert "give a length such as 24, 24in, 60cm" in \
        page.locator("#error-display_height").inner_text()


def test_the_design_page_shows_only_the_fields_a_kind_uses(server, page) -> None:
    page.goto(server.url + "/design?kind=aid-red")
    fields = _fields(page)
    assert "outline" not in fields and "legend" not in fields and "ws_id" in fields
    assert {"blank", "holes", "qty", "bleed", "min_feature", "dpi"} <= set(fields)
    page.goto(server.url + "/design?kind=buoy-race")
    assert {"shape", "color", "material"} <= set(_fields(page))
    assert page.locator("#f-color option").all_inner_texts()[1:] == list(
        get_pack("wi-nr509").law.choices["race_colors"].values)
    page.goto(server.url + "/design?kind=buoy-mooring")
    assert "color" not in _fields(page) and "material" not in _fields(page)
    page.goto(server.url + "/design?kind=diver-flag")
    assert "stripe" in _fields(page) and "legend" not in _fields(page)
    page.goto(server.url + "/design?kind=distress-flag")
    assert "stripe" not in _fields(page)


@pytest.mark.parametrize("scripts", [True, False], ids=["script", "no-script"])
def test_a_legend_does_not_carry_over_to_another_kind(server, browser, scripts) -> None:
    context = browser.new_context(java_script_enabled=scripts)
    page = context.new_page()
    try:
        page.goto(server.url + "/design?kind=control")
        page.locator("#f-legend").fill("5 MPH")
        if not scripts:
            page.get_by_role("button", name="Update preview").click()
        page.wait_for_function("() => document.getElementById('artwork').src.includes('5+MPH')")
        with page.expect_navigation():
            page.locator("#kind").select_option("buoy-symbol")
            if not scripts:
                page.get_by_role("button", name="Update preview").click()
        assert page.locator("#kind").input_value() == "buoy-symbol"
        assert page.locator("#f-legend").input_value() == "ROCKS"  # the kind's own
        assert "5+MPH" not in page.locator("#artwork").get_attribute("src")
    finally:
        context.close()


def test_the_zip_takes_the_shops_options(server, page) -> None:
    page.goto(server.url + "/design?kind=control")
    page.locator("#f-qty").fill("3")
    page.locator("#f-holes").select_option("2")
    page.locator("#f-blank").fill("30x30")
    page.wait_for_function("() => document.getElementById('download-zip').href.includes('qty=3')"
                           " && document.getElementById('download-zip').href.includes('30x30')")
    with page.expect_download() as download:
        page.locator("#download-zip").click()
    archive = zipfile.ZipFile(download.value.path())
    bom = next(archive.read(n).decode() for n in archive.namelist() if n.endswith("bom.csv"))
    rows = list(csv.DictReader(io.StringIO(bom)))
    (white,) = [r for r in rows if r["color"] == "white"]
    assert white["quantity"] == "3" and "the whole 30x30 in blank" in white["role"]
    assert "30x30 in, corner radius 1.5 in, 2 mounting holes" in rows[0]["role"]
    dxf = next(archive.read(n).decode() for n in archive.namelist() if n.endswith("cut.dxf"))
    plain = api_fabricated_circles(blank="30x30")
    assert dxf.count("\nCIRCLE\n") == plain + 2  # the two holes


def api_fabricated_circles(**options) -> int:
    """Circles in the cut DXF of a 24 in 5 MPH control sign made by the api itself."""
    from markers import api

    _, files = api.fabricate(api.design("control", 24, legend="5 MPH"), **options)
    return next(data for name, data in files.items() if name.endswith("cut.dxf")).decode() \
        .count("\nCIRCLE\n")


#: Every kind, each page, at a desktop and a phone's width.
WIDTHS = (1280, 390)


@pytest.mark.parametrize("width", WIDTHS)
def test_no_page_scrolls_sideways(server, browser, width) -> None:
    from markers import api

    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    wide = []
    try:
        for kind in api.kind_names():
            page.goto(server.url + f"/design?kind={kind}")
            page.wait_for_selector("#artwork")
            page.wait_for_function("() => document.getElementById('artwork').complete")
            over = page.evaluate("() => document.documentElement.scrollWidth")
            if over > width:
                wide.append((kind, over))
        page.goto(server.url + "/check")
        page.set_input_files("#files", files=[_svg("a proof with a long name.svg", GOOD),
                                              _svg("red.svg", BAD)])
        page.locator("#check-button").click()
        page.wait_for_selector("#summary h2")
        for path in ("check", "reference"):
            if path == "reference":
                page.goto(server.url + "/reference")
            over = page.evaluate("() => document.documentElement.scrollWidth")
            if over > width:
                wide.append((path, over))
    finally:
        context.close()
    assert wide == []


@pytest.mark.parametrize("width", WIDTHS)
def test_screenshots_at_a_desktop_and_a_phones_width(server, browser, width) -> None:
    """The pages as a clerk sees them (gallery/web/*-WIDTH.png; look at them); the
    Check page at 1280 px is check.png."""
    context = browser.new_context(viewport={"width": width, "height": 900})
    page = context.new_page()
    try:
        if width != 1280:
            page.goto(server.url + "/check")
            page.set_input_files("#files", files=[_svg("vendor-control.svg", GOOD),
                                                  _svg("red-aid-ws3.svg", BAD)])
            page.locator("#check-button").click()
            page.wait_for_selector("#summary h2")
            _shot(page, f"check-{width}")
        page.goto(server.url + "/design?kind=aid-red")
        page.wait_for_function("() => document.getElementById('artwork').complete")
        _shot(page, f"design-aid-red-{width}")
    finally:
        context.close()
