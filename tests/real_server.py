"""A real `wsmark serve` on 127.0.0.1 and a free port, in a session of its own, and a
client of it that sends what a browser sends (tests/web/test_server.py, the reads-only-
its-input tests)."""

from __future__ import annotations

import http.client
import os
import re
import signal
import subprocess
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from conftest import wsmark_script
from proc_tree import as_from_a_terminal, descendants


class Server:
    """`wsmark serve --port 0` in a session of its own, and a client of it."""

    def __init__(self, *args: str, cwd: Path | None = None) -> None:
        self.proc = subprocess.Popen([str(wsmark_script()), "serve", "--port", "0", *args],
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                     start_new_session=True, cwd=cwd,
                                     preexec_fn=as_from_a_terminal)
        line = self.proc.stdout.readline()
        match = re.search(r"http://([0-9.]+):(\d+)/", line)
        assert match, line + self.proc.stderr.read()
        self.address, self.port = match.group(1), int(match.group(2))
        deadline = time.monotonic() + 60
        while True:
            try:
                self.request("GET", "/check")
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.2)

    def request(self, method: str, path: str, body: bytes | None = None,
                headers: dict | None = None, timeout: float = 120,
                sent: Callable[[], None] = lambda: None) -> tuple[int, dict, bytes]:
        """The answer to a request; ``sent`` is called once the request is sent."""
        conn = http.client.HTTPConnection(self.address, self.port, timeout=timeout)
        try:
            if headers and headers.get("Host") is None and "Host" in headers:  # none sent
                conn.putrequest(method, path, skip_host=True)
                conn.endheaders()
            else:
                conn.request(method, path, body, headers or {})
            sent()
            answer = conn.getresponse()
            return answer.status, dict(answer.getheaders()), answer.read()
        finally:
            conn.close()

    def session(self, host: str | None = None) -> tuple[str, str]:
        """A new session's cookie and form token."""
        status, headers, page = self.request("GET", "/check", headers={"Host": host} if host
                                             else {})
        assert status == 200, page
        token = re.search(rb'name="token" value="([^"]+)"', page).group(1).decode()
        return headers["set-cookie"].split(";")[0], token

    def upload(self, session: tuple[str, str], name: str, data: bytes, batch: str | None = None,
               timeout: float = 120, sent: Callable[[], None] = lambda: None
               ) -> tuple[int, bytes]:
        """POST one file as the page's script does (one request per file)."""
        cookie, token = session
        fields = [("token", token)] + ([("batch", batch)] if batch else [])
        b = uuid.uuid4().hex
        body = b"".join(f'--{b}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'
                        .encode() for k, v in fields)
        body += (f'--{b}\r\nContent-Disposition: form-data; name="files"; filename="{name}"'
                 f"\r\n\r\n").encode() + data + f"\r\n--{b}--\r\n".encode()
        status, _, answer = self.request("POST", "/check", body, {
            "Content-Type": f"multipart/form-data; boundary={b}", "Cookie": cookie,
            "X-Wsmark-Fragment": "1"}, timeout, sent)
        return status, answer

    def rss_mb(self) -> float:
        """The resident memory of the server and all its processes (the fork server,
        the workers, their reader children), added up: pages they share count in each."""
        total = 0.0
        for pid in (self.proc.pid, *descendants(self.proc.pid)):
            try:
                status = Path(f"/proc/{pid}/status").read_text()
            except OSError:
                continue  # ended since it was listed
            total += sum(int(line.split()[1]) for line in status.splitlines()
                         if line.startswith("VmRSS:")) / 1024
        return total

    @contextmanager
    def peak_rss(self) -> Iterator[list[float]]:
        """Within the block, the largest ``rss_mb`` seen every 0.05 s (in the list's one
        item once the block ends)."""
        peak, done = [self.rss_mb()], threading.Event()

        def watch() -> None:
            while not done.wait(0.05):
                peak[0] = max(peak[0], self.rss_mb())

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        try:
            yield peak
        finally:
            done.set()
            watcher.join()
            peak[0] = max(peak[0], self.rss_mb())

    def close(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.communicate()
