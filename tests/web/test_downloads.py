"""Downloads are sent from disk in chunks (web.sending), never whole in the server's
memory, and the request stays admitted until the last chunk is sent (issue 32)."""

from __future__ import annotations

import asyncio
import os
import tracemalloc

import pytest
from starlette.testclient import TestClient
from web_helpers import GOOD, form_token

from web import sending
from web.app import Settings, create_app
from web.tasks import Spooled, to_file

MB = 1 << 20


def _send_all(response) -> list[dict]:
    """The messages ``response`` sends, its body chunks counted, not kept."""
    said: list[dict] = []

    async def send(message: dict) -> None:
        said.append({"type": message["type"], "size": len(message.get("body", b""))})

    scope = {"type": "http", "asgi": {"spec_version": "2.4"}}
    asyncio.run(response(scope, None, send))
    return said


def test_a_large_download_is_sent_in_chunks_without_being_held(tmp_path) -> None:
    """32 MB from disk: the Python memory it takes at most is two chunks' worth, not the
    file (tracemalloc), and its name is gone before the first byte."""
    path = tmp_path / "download-big"
    with open(path, "wb") as out:
        for _ in range(32):
            out.write(os.urandom(MB))
    tracemalloc.start()
    try:
        response = sending.sent_from_disk(Spooled(str(path), 32 * MB), "application/pdf", {})
        assert not path.exists()
        said = _send_all(response)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    body = [m["size"] for m in said if m["type"] == "http.response.body"]
    assert sum(body) == 32 * MB and max(body) == sending.CHUNK and len(body) == 32 * 16 + 1
    assert peak < 4 * sending.CHUNK + MB // 4, f"peak {peak / MB:.2f} MB"
    assert response.headers["content-length"] == str(32 * MB)


def test_a_worker_hands_back_a_path_not_the_bytes(tmp_path) -> None:
    made = to_file(str(tmp_path), bytes, 3)
    assert isinstance(made, Spooled) and made.size == 3
    assert open(made.path, "rb").read() == b"\0\0\0"
    pair = to_file(str(tmp_path), lambda: (b"xy", "words"))
    assert isinstance(pair[0], Spooled) and pair[1] == "words"


def test_a_downloads_folder_on_a_full_disk_leaves_nothing(tmp_path, monkeypatch) -> None:
    import tempfile

    real = tempfile.mkstemp

    def full(prefix: str, dir: str) -> tuple[int, str]:
        fd, path = real(prefix=prefix, dir=dir)
        os.close(fd)
        return os.open("/dev/full", os.O_WRONLY), path

    monkeypatch.setattr(tempfile, "mkstemp", full)
    with pytest.raises(OSError, match="No space left"):
        to_file(str(tmp_path), bytes, 10)
    assert list(tmp_path.iterdir()) == []


def test_orphaned_downloads_are_swept(tmp_path) -> None:
    old, new = tmp_path / "download-old", tmp_path / "download-new"
    old.write_bytes(b"x")
    new.write_bytes(b"y")
    os.utime(old, (0, 0))
    assert sending.sweep(str(tmp_path), 120) == 1 and [p.name for p in tmp_path.iterdir()] == \
        ["download-new"]
    assert sending.sweep(str(tmp_path / "gone"), 120) == 0


@pytest.fixture(scope="module")
def served():
    with TestClient(create_app(Settings(workers=1, deadline_s=30)),
                    base_url="http://127.0.0.1:8509") as client:
        token, batch = form_token(client.get("/check").text)
        sent = client.post("/check", data={"token": token, "batch": batch},
                           files=[("files", ("good.svg", GOOD))],
                           follow_redirects=False)
        assert sent.status_code == 303
        yield client, batch


def test_report_pdf_is_sent_from_disk_and_admitted_until_its_last_chunk(served, monkeypatch
                                                                       ) -> None:
    """The real route, called as the server calls it: at every chunk of report.pdf the
    request still counts against its session's caps, and nothing is left in the
    downloads folder, while sending or after."""
    client, batch = served
    web = client.app.state.web
    monkeypatch.setattr(sending, "CHUNK", 4096)
    cookie = client.cookies.get("wsmark_session")
    seen: list[tuple[str, int, int, list[str]]] = []
    body = bytearray()

    async def send(message: dict) -> None:
        body.extend(message.get("body", b""))
        seen.append((message["type"], len(message.get("body", b"")),
                     sum(web.admission.requests.values()), os.listdir(web.downloads)))

    async def receive() -> dict:
        return {"type": "http.request", "body": b"", "more_body": False}

    path = f"/check/{batch}/report.pdf"
    scope = {"type": "http", "asgi": {"version": "3.0", "spec_version": "2.4"},
             "http_version": "1.1", "method": "GET", "scheme": "http", "path": path,
             "raw_path": path.encode(), "query_string": b"", "root_path": "",
             "headers": [(b"host", b"127.0.0.1:8509"),
                         (b"cookie", f"wsmark_session={cookie}".encode())],
             "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8509)}
    client.portal.call(client.app, scope, receive, send)
    chunks = [s for s in seen if s[0] == "http.response.body" and s[1]]
    assert body.startswith(b"%PDF") and body.endswith(b"%%EOF\n")
    assert len(chunks) == -(-len(body) // 4096) > 1
    assert all(counted == 1 and left == [] for _, _, counted, left in seen), seen
    assert web.admission.requests == {} and os.listdir(web.downloads) == []


def test_a_designs_downloads_leave_the_folder_empty(served) -> None:
    client, _ = served
    web = client.app.state.web
    for path in ("/design/download.zip?kind=control&display_height=24&legend=NO+WAKE",
                 "/design/download.pdf?kind=control&display_height=24&legend=NO+WAKE"):
        got = client.get(path)
        assert got.status_code == 200 and int(got.headers["content-length"]) == \
            len(got.content) > 0, (path, got.text[:200])
    assert os.listdir(web.downloads) == []


def test_a_downloads_folder_gone_is_one_line(served) -> None:
    client, _ = served
    os.rmdir(client.app.state.web.downloads)
    try:
        got = client.get("/design/download.svg?kind=control&display_height=24&legend=NO+WAKE")
    finally:
        os.mkdir(client.app.state.web.downloads, 0o700)
    lines = got.text.strip().splitlines()
    assert got.status_code == 507 and len(lines) == 1 and "no such file" in lines[0], got.text


def test_a_killed_servers_downloads_folder_is_removed_at_the_next_start(tmp_path,
                                                                        monkeypatch) -> None:
    import subprocess
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    ended = subprocess.Popen(["true"])
    ended.wait()  # a server that was killed: its pid no longer runs
    gone = tmp_path / f"{sending.PREFIX}{ended.pid}-x"
    gone.mkdir()
    alive = tmp_path / f"{sending.PREFIX}{os.getppid()}-y"  # a server still running
    alive.mkdir()
    (gone / "download-1").write_bytes(b"x")
    mine = sending.downloads_folder()
    assert str(os.getpid()) in mine and (os.stat(mine).st_mode & 0o777) == 0o700
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([os.path.basename(mine),
                                                                 alive.name])
