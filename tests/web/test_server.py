"""A real `wsmark serve` on 127.0.0.1 and a free port, under the attacks of issue 24
(shared/corpora/found/turn3): a good upload is answered while slow ones are in flight,
one batch cannot grow the server without bound, a foreign Host gets nothing, and no
process outlives the server. The default suite runs a cheap version of each; `make
hostile` (WSMARK_HOSTILE=1) the reproducers' full size."""

from __future__ import annotations

import http.client
import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections import Counter

import pytest
from corpora import CORPORA
from proc_tree import AT_ONCE_S, descendants, wait_for, wait_until_gone
from real_server import Server
from web_helpers import GOOD

HOSTILE = os.environ.get("WSMARK_HOSTILE") == "1"
#: A legal drawing that takes about 9 CPU s to check (8,000 separate letter shapes).
SLOW = CORPORA / "found" / "letters-8000.svg"
TURN3 = CORPORA / "found" / "turn3"


@pytest.fixture
def server():
    running = Server("--workers", "2")
    yield running
    running.close()


def _one_line(body: bytes) -> str:
    lines = body.decode().strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in lines[0], body[:500]
    return lines[0]


#: Every kind of page the server has, and Host names that are not this computer's.
PAGES = ["/", "/check", "/check/" + "A" * 30 + "/report.json", "/design",
         "/design/artwork.svg?kind=danger", "/reference", "/reference/sheets.pdf",
         "/static/app.js", "/nowhere"]
FOREIGN = ["evil.example:1", "evil.example", "127.0.0.1.evil.example", "localhost.evil.example",
           "127.0.0.2", "[::2]:1", "", None]


def test_a_foreign_host_gets_a_one_line_400_and_no_token(server) -> None:
    for page in PAGES:
        for host in FOREIGN:  # None: no Host header at all
            status, headers, body = server.request("GET", page, headers={"Host": host})
            assert status == 400 and "set-cookie" not in headers and b"token" not in body, \
                (page, host, status)
            if host is None:  # HTTP/1.1 without a Host: uvicorn's own one line
                assert _one_line(body) == "Invalid HTTP request received."
                continue
            assert _one_line(body).startswith("wsmark: refused: this page answers only to "
                                              "127.0.0.1, [::1], localhost "), (page, host)
    cookie, token = server.session()  # a token got the honest way is no key either
    status, _, body = server.request("POST", "/check", f"token={token}".encode(), {
        "Host": "evil.example:1", "Origin": "http://evil.example:1", "Cookie": cookie,
        "Content-Type": "application/x-www-form-urlencoded"})
    assert status == 400, body
    for host in (f"localhost:{server.port}", f"[::1]:{server.port}", f"127.0.0.1:{server.port}"):
        assert server.request("GET", "/check", headers={"Host": host})[0] == 200, host
    status, _, body = server.request("POST", "/check", f"token={token}".encode(), {
        "Origin": "http://evil.example:1", "Cookie": cookie,
        "Content-Type": "application/x-www-form-urlencoded"})
    assert status == 403 and "another site" in _one_line(body)


def test_the_host_it_was_told_to_listen_on_is_answered_too() -> None:
    other = Server("--host", "127.0.0.2")
    try:
        assert other.request("GET", "/check", headers={"Host": f"127.0.0.2:{other.port}"}
                             )[0] == 200
        assert other.request("GET", "/check", headers={"Host": f"localhost:{other.port}"}
                             )[0] == 200
        status, _, body = other.request("GET", "/check", headers={"Host": "127.0.0.3"})
        assert status == 400 and "127.0.0.2" in _one_line(body)
    finally:
        other.close()


def _slow_uploads(server, data: bytes, name: str, sessions: list) -> tuple[list, list]:
    """An upload of ``data`` at once from each of ``sessions``, in threads; their
    (status, seconds, body) as they come. Returns once every one is sent (its body with
    the server, or refused), and a second more for the server to take them in."""
    answers, out = [], [threading.Event() for _ in sessions]

    def send(session, sent: threading.Event) -> None:
        start = time.monotonic()
        try:
            status, body = server.upload(session, name, data, timeout=300, sent=sent.set)
        except (OSError, http.client.HTTPException):  # the test ended, and its server
            return
        finally:
            sent.set()
        answers.append((status, time.monotonic() - start, body))

    threads = [threading.Thread(target=send, args=pair, daemon=True)
               for pair in zip(sessions, out, strict=True)]
    for thread in threads:
        thread.start()
    assert all(sent.wait(120) for sent in out), "the uploads were not all sent"
    time.sleep(1)
    return threads, answers


def _good_upload_in_time(server, data: bytes, name: str, count: int, rss_mb: float
                         ) -> tuple[list, list, float]:
    """The reproducer web-starvation.py, from many browsers: ``count`` slow uploads, 8
    (a browser's most) from one and one from each of the others, then a good one from
    another browser (answered in full, in time) and one from the first (a 429 at once:
    that browser has its share in flight). The server's processes stay under ``rss_mb``
    (RSS added up: the pool holds at most 2 jobs a worker, running or paused)."""
    flood = server.session()
    sessions = [flood] * min(8, count) + [server.session() for _ in range(count - 8)]
    with server.peak_rss() as peak:
        threads, answers = _slow_uploads(server, data, name, sessions)  # all in flight
        good = _good_upload(server, flood, count, answers)
    print(f"the server's processes' RSS at most {peak[0]:.0f} MB")
    assert peak[0] < rss_mb
    return threads, answers, good


def _good_upload(server, flood, count: int, answers: list) -> float:
    """Seconds a good upload from a new browser took beside the flood of
    ``_good_upload_in_time``, checked as it comes; the flood's browser gets a 429."""
    refused = [body for status, _, body in answers if status == 429]
    assert len(answers) == len(refused) and all(
        "the server is busy" in _one_line(body) for body in refused), answers
    sent = time.monotonic()
    status, body = server.upload(server.session(), "good.svg", GOOD, timeout=60)
    took = time.monotonic() - sent
    print(f"good upload beside {count - len(refused)} slow ones in flight ({len(refused)} "
          f"refused at once): HTTP {status} in {took:.1f} s")
    assert status == 200 and b'data-verdict="pass"' in body, body[-300:]
    assert took < 10, took
    sent = time.monotonic()
    status, body = server.upload(flood, "good.svg", GOOD, timeout=60)
    assert status == 429 and "in progress" in _one_line(body) and \
        time.monotonic() - sent < AT_ONCE_S
    return took


@pytest.mark.skipif(not SLOW.exists(), reason=f"needs {SLOW}")
def test_a_good_upload_is_answered_beside_fifty_slow_ones(server) -> None:
    threads, answers, _ = _good_upload_in_time(server, SLOW.read_bytes(), "slow.svg", 50, 600)
    assert answers == []  # all 50 were in flight, none answered yet


@pytest.mark.skipif(not HOSTILE, reason="50 uploads of a 20 CPU s DXF run with "
                    "WSMARK_HOSTILE=1 (make hostile)")
def test_fifty_slow_uploads_each_get_one_answer(server, tmp_path) -> None:
    hatch = tmp_path / "hatch.dxf"  # 20,000 hatch paths: about 20 CPU s to check
    subprocess.run([sys.executable, str(TURN3 / "gen-hatch-20k-paths.py"), str(hatch)],
                   check=True, timeout=120)
    # a hatch job holds about 200 MB, its reader child as much: the 2.15 GB the issue saw
    threads, answers, _ = _good_upload_in_time(server, hatch.read_bytes(), "hatch.dxf", 50,
                                               1500)
    with server.peak_rss() as peak:
        for thread in threads:
            thread.join(120)
    print(f"the server's processes' RSS at most {peak[0]:.0f} MB until all were answered")
    assert peak[0] < 1500
    statuses = Counter(status for status, _, _ in answers)
    lines = Counter(re.sub(rb"[0-9.]+ CPU s", b"N CPU s", line.group(1)).decode()
                    for _, _, body in answers
                    if (line := re.search(rb'class="error-line">([^<]*)<', body)))
    print(f"50 slow uploads: {dict(statuses)}, the last answered after "
          f"{max(s for _, s, _ in answers):.0f} s; {dict(lines)}")
    assert len(answers) == 50 and set(statuses) <= {200, 429}
    for status, seconds, body in answers:
        assert seconds < 75  # the deadline (60 s) and a little
        if status == 429:
            assert "the server is busy" in _one_line(body)
        else:  # a verdict, or the line of its budget or of the deadline
            line = re.search(rb'class="error-line">([^<]*)<', body)
            assert (b'data-verdict="' in body and not line) or (line and (
                b"took more than 20 CPU s" in line.group(1) or
                b"no answer within 60 s" in line.group(1))), body[-400:]


def test_one_batch_cannot_grow_the_server(server) -> None:
    junk = b"<svg xmlns='http://www.w3.org/2000/svg'><!--" + b"x" * 19_000_000 + b"--></svg>"
    session, batch = server.session(), "A" * 30
    before, statuses = server.rss_mb(), Counter()
    with server.peak_rss() as peak:
        for _ in range(40 if HOSTILE else 8):
            status, body = server.upload(session, "j.svg", junk, batch=batch)
            statuses[status] += 1
            if status == 413:
                assert "start a new batch" in _one_line(body)
    print(f"uploads of 19 MB into one batch: {dict(statuses)}; the server's processes' RSS "
          f"{before:.0f} MB -> at most {peak[0]:.0f} MB")
    assert statuses[200] == 5 and statuses[413] == sum(statuses.values()) - 5
    assert peak[0] < 600


def test_kill_9_of_the_server_leaves_no_process(server) -> None:
    assert server.upload(server.session(), "good.svg", GOOD)[0] == 200  # workers started
    os.kill(server.proc.pid, signal.SIGKILL)
    server.proc.communicate()
    assert wait_until_gone(server.proc.pid, 5) == []


@pytest.mark.skipif(not SLOW.exists(), reason=f"needs {SLOW}")
def test_ctrl_c_of_the_server_ends_it_at_once_and_answers_what_was_in_flight(server) -> None:
    threads, answers = _slow_uploads(server, SLOW.read_bytes(), "slow.svg",
                                     [server.session() for _ in range(5)])
    assert wait_for(lambda: len(descendants(server.proc.pid)) >= 3, 30)  # workers on them
    time.sleep(1)
    sent = time.monotonic()
    os.killpg(server.proc.pid, signal.SIGINT)  # what a terminal's Ctrl-C does
    _, err = server.proc.communicate(timeout=30)
    took = time.monotonic() - sent
    left = wait_until_gone(server.proc.pid, 1)  # after communicate: it has ended
    for thread in threads:
        thread.join(10)
    print(f"Ctrl-C of the server with 5 checks in flight: ended in {took:.2f} s")
    assert left == [] and took < AT_ONCE_S and err == "wsmark: interrupted\n", (left, took, err)
    lines = [(status, re.findall(rb'class="error-line">([^<]*)<', body)) for status, _, body
             in answers]
    assert lines == [(200, [b"slow.svg: the server is stopping"])] * 5, lines
