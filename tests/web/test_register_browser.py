"""The Register page in a real browser (Debian's chromium by Playwright, as
test_browser.py): the map of the markers with their status and the due list at 1280 px,
and a marker's history with an inspection recorded from a phone's 390 px, photo and
all, without the page scrolling sideways."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from markers import api
from web_helpers import ServerThread, launched_chromium
from web_helpers import CHROMIUM

LAKE = Path(__file__).resolve().parents[2] / "examples" / "lake.geojson"

if not Path(CHROMIUM).exists():
    pytest.skip("browser tests need chromium: apt-get install chromium", allow_module_level=True)
sync_api = pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def register_db(tmp_path_factory) -> Path:
    db = tmp_path_factory.mktemp("register") / "town.db"
    api.register_add_plan(db, LAKE, remove_by="11-15")
    api.register_record(db, [1, 2, 3], "placed", "2026-05-01", "Ann Roe")
    api.register_record(db, [2], "inspected", "2026-06-01", "Ann Roe", "missing")
    return db


@pytest.fixture(scope="module")
def server(register_db):
    from web.app import Settings

    with ServerThread(Settings(workers=1, deadline_s=30, register_db=str(register_db))) as s:
        yield s


@pytest.fixture(scope="module")
def browser():
    with launched_chromium() as launched:
        yield launched


def _page(browser, width: int, height: int):
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(30_000)
    return context, context.new_page()


def _sideways(page) -> int:
    """How far the page scrolls sideways, px (0: it fits its width)."""
    return page.evaluate("document.documentElement.scrollWidth - window.innerWidth")


def test_the_register_page_shows_the_map_the_due_list_and_the_markers(server, browser,
                                                                       register_db) -> None:
    context, page = _page(browser, 1280, 900)
    try:
        page.goto(f"{server.url}/register")
        page.wait_for_function("document.querySelector('.register-map img').complete")
        assert page.evaluate("document.querySelector('.register-map img').naturalWidth") > 0
        rows = page.locator("table.register tbody tr")
        assert rows.count() == len(api.register_list(register_db))
        assert page.locator("tr[data-status=missing]").count() == 1
        due = api.register_due(register_db)
        assert page.locator("ul.due li").count() == len(due)
        cited = page.locator("ul.due li cite").all_inner_texts()
        assert sorted(cited) == sorted(d.clause for d in due)
        assert _sideways(page) <= 0
        page.click("text=M2 (#2) >> nth=0")
        page.wait_for_url("**/register/marker/2")
        assert "missing" in page.locator("ol.history").inner_text()
    finally:
        context.close()


def test_an_inspection_recorded_from_a_phone(server, browser, register_db, tmp_path) -> None:
    context, page = _page(browser, 390, 844)
    try:
        page.goto(f"{server.url}/register/marker/1")
        assert _sideways(page) <= 0
        for selector in ("#by", "#date", "#note", "#photo", "button[type=submit]"):
            box = page.locator(selector).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= 390, selector
        photo = tmp_path / "buoy.jpg"
        photo.write_bytes(b"\xff\xd8\xff\xe0 the buoy, faded")
        page.check("input[name=condition][value=faded]")
        page.fill("#by", "Ann Roe")
        page.fill("#date", "2026-06-15")
        page.fill("#note", "orange band faded")
        page.set_input_files("#photo", str(photo))
        page.click("button[type=submit]")
        page.wait_for_url("**/register/marker/1#history")
        assert "2026-06-15 inspected: faded" in " ".join(
            page.locator("ol.history li").last.inner_text().split())
        _, events, _ = api.register_show(register_db, 1)
        assert (events[-1].type, events[-1].condition, events[-1].note, events[-1].photo) == \
            ("inspected", "faded", "orange band faded",
             hashlib.sha256(photo.read_bytes()).hexdigest())
        # a date in the future is one line on the form, and nothing is recorded
        page.fill("#by", "Ann Roe")
        page.evaluate("document.querySelector('#date').removeAttribute('max')")
        page.fill("#date", "2999-01-01")
        page.click("button[type=submit]")
        assert "in the future" in page.locator("[role=alert]").inner_text()
        assert len(api.register_show(register_db, 1)[1]) == len(events)
        assert _sideways(page) <= 0
    finally:
        context.close()
