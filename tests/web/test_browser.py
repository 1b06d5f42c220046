"""The web page in a real browser: Debian's chromium driven by Playwright against a
uvicorn server on a free port. Skipped, with how to install it, when chromium is
missing. Also makes the screenshots of gallery/web/ (WSMARK_UPDATE_SCREENSHOTS=1) and
checks that the committed ones still show the pages as they are (text, not pixels)."""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import zipfile
from pathlib import Path

import pypdf
import pytest

from web_helpers import BAD, BOMB, GOOD, ServerThread

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
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
    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(accept_downloads=True, viewport={"width": 1200, "height": 900})
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
        headings: [...document.querySelectorAll("h1, h2, h3, caption")].map(e => e.innerText.trim()),
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
        page.get_by_text("PDF report for the file").click()
    text = " ".join(p.extract_text() for p in pypdf.PdfReader(
        io.BytesIO(Path(download.value.path()).read_bytes())).pages)
    assert "PASS" in text and "FAIL" in text and "aid-id-parity" in text
    _shot(page, "check")


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
