"""Proofs for the web page's tests, drawn here the way vendors draw them (not by our
builders), a hostile file, a real server on a free port in a background thread, and the
jobs the fair pool's tests run in its workers. Kept light: a worker imports it to run a
job, and what it imports counts in the job's CPU seconds (`wsmark serve` in a process of
its own is in real_server.py)."""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

TESTS = Path(__file__).resolve().parent
#: A compliant control sign, a stroked circle in inches, from a vendor's tool.
GOOD = (TESTS / "drawings/defects/control-pass-in-stroked-circle.svg").read_bytes()
#: A red aid carrying an odd number: fails aid-id-parity.
BAD = (TESTS / "drawings/defects/nr5-09-2-a-5-t02-fail-odd-number-on-red.svg").read_bytes()
#: A danger sign declared with a 1.5 in outline: fails outline-width at the diamond's foot.
THIN = b"kind: danger\ndisplay_height: 24\nlegend: ROCKS\noutline: 1.5\n"
#: A danger sign whose legend is <text> (a judged note: text-outlined) inside a border on
#: a larger page (set aside): the seeded drawing of fab-t01 moved 3 in in.
TEXT_LEGEND = (
    '<svg xmlns="http://www.w3.org/2000/svg" width="26in" height="36in" viewBox="0 0 1872 '
    '2592"><rect width="1872" height="2592" fill="#FFFFFF"/><rect x="18" y="18" width="1836" '
    'height="2556" fill="none" stroke="#000000" stroke-width="4"/><g transform="translate('
    '216,216)">' + (TESTS / "drawings/defects/fab-t01-info-text-legend.svg").read_text()
    .split('viewBox="0 0 1440 2160">')[1].rsplit("</svg>", 1)[0]
    .replace('<rect id="display-area" width="1440" height="1728" fill="none"/>', "")
    + "</g></svg>").encode()
#: Billion laughs: entities that expand to gigabytes.
BOMB = ("<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n<!ENTITY lol \"lol\">\n" + "".join(
    f"<!ENTITY lol{i} \"{('&lol' + (str(i - 1) if i > 1 else '') + ';') * 10}\">\n"
    for i in range(1, 10)) + "]>\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1in\" "
    "height=\"1in\"><text>&lol9;</text></svg>\n").encode()


def form_token(html: str) -> tuple[str, str]:
    """The form token and batch id of a Check page."""
    token = re.search(r'name="token" value="([^"]+)"', html).group(1)
    batch = re.search(r'name="batch" value="([^"]+)"', html).group(1)
    return token, batch


class ServerThread:
    """uvicorn serving the app on 127.0.0.1 and a free port, in a background thread."""

    def __init__(self, settings) -> None:
        import uvicorn

        from web.app import create_app
        from web.server import listen

        self.sock = listen("127.0.0.1", 0)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.server = uvicorn.Server(uvicorn.Config(create_app(settings), log_level="error"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]},
                                       daemon=True)

    def __enter__(self) -> ServerThread:
        self.thread.start()
        deadline = time.monotonic() + 60
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the web server did not start")
            time.sleep(0.05)
        return self

    def __exit__(self, *exc) -> None:
        self.server.should_exit = True
        self.thread.join(30)
        self.sock.close()


def busy(cpu_s: float) -> tuple[float, float]:
    """Spend ``cpu_s`` CPU seconds; when it began and ended (monotonic, as the pool's)."""
    start = time.monotonic()
    end = time.process_time() + cpu_s
    while time.process_time() < end:
        pass
    return start, time.monotonic()


def nap(seconds: float) -> float:
    """Sleep, using no CPU (for deadlines)."""
    time.sleep(seconds)
    return seconds


def fails() -> None:
    raise ValueError("a refused design, as the caller would see it in-process")


def spin() -> None:
    """A job that never ends (for the worker pool's CPU limit)."""
    while True:
        pass


def hog() -> bytes:
    """A job that asks for 8 GB (for the worker pool's memory limit)."""
    return bytes(8 << 30)


def square(x: int) -> int:
    return x * x


def interrupt_handler(conn) -> None:
    """Send back how a process started from a fork server handles Ctrl-C, before it does
    anything else."""
    import signal

    conn.send(signal.getsignal(signal.SIGINT) is signal.SIG_IGN)


#: Debian's Chromium, and how the browser tests start it (no network of its own).
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


@contextmanager
def launched_chromium() -> Iterator[Any]:
    """Chromium driven by playwright, closed after."""
    from playwright import sync_api

    with sync_api.sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


class Beacon:
    """A listener on 127.0.0.1 and a free port that records the path of every request it
    gets: where a hostile file's script or link would report that it ran (the browser
    tests of issue 32). Used as a context manager."""

    def __init__(self) -> None:
        import http.server

        hits: list[str] = []

        class Recorder(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # http.server calls it by this name
                hits.append(self.path)
                self.send_response(204)
                self.end_headers()

            do_POST = do_GET

            def log_message(self, *args: Any) -> None:
                pass

        self.hits = hits
        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Recorder)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def __enter__(self) -> Beacon:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()


#: Where a click lands on a PDF's first page in Chromium's viewer (1280 x 720 window,
#: its sidebar 300 px wide, the page centred to its right from y = 59).
PDF_PAGE_POINT = (790, 190)


def opened_watched(browser: Any, paths: list[Path], beacon: Beacon, click: bool = False,
                   settle_s: float = 0.3) -> dict[str, list[str]]:
    """What opening each of ``paths`` from disk in ``browser`` (a clerk double-clicking
    it) set off, by file name: each request that is neither the file nor the browser's
    own (``file:``, ``data:``, ``chrome:``, the PDF viewer's ``chrome-extension:``),
    each dialog a script opened (``dialog: ...``), each page opened beside it, and each
    hit on ``beacon``. A PDF is waited for until Chromium's viewer shows its pages
    (its open actions run before), then ``settle_s``, and with ``click`` clicked on its
    first page (a link annotation's action). One tab for all, navigated file by file."""
    own = ("file:", "data:", "chrome:", "chrome-extension:", "about:blank")
    seen: dict[str, list[str]] = {}
    events: list[str] = []
    context = browser.new_context()
    try:
        context.on("request", lambda r: events.append(r.url)
                   if not r.url.startswith(own) else None)
        page = context.new_page()
        context.on("page", lambda opened: events.append(f"page: {opened.url}"))
        page.on("dialog", lambda d: (events.append(f"dialog: {d.message}"), d.dismiss()))
        for path in paths:
            before = len(beacon.hits)
            page.goto(path.as_uri(), wait_until="load")
            if path.suffix == ".pdf":
                _pdf_shown(page)
            page.wait_for_timeout(settle_s * 1000)
            if click and path.suffix == ".pdf":
                page.mouse.click(*PDF_PAGE_POINT)
                page.wait_for_timeout(settle_s * 1000)
            seen[path.name] = events + [f"beacon: {hit}" for hit in beacon.hits[before:]]
            events.clear()
    finally:
        context.close()
    return seen


def _pdf_shown(page: Any, timeout_s: float = 20) -> None:
    """Wait until Chromium's PDF viewer (an extension in a frame of the page) has the
    document open: its toolbar counts the pages. Fails if it never does, so a PDF
    test cannot pass by the viewer not loading."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        for frame in page.frames:
            if frame.url.startswith("chrome-extension:") and frame.evaluate(
                    "() => { const v = document.querySelector('pdf-viewer');"
                    " const t = v && v.shadowRoot && v.shadowRoot.querySelector("
                    "'viewer-toolbar'); return t ? t.docLength || 0 : 0; }"):
                return
        page.wait_for_timeout(100)
    raise AssertionError(f"Chromium's PDF viewer did not open {page.url}")
