"""Load on the web page: ``wsmark serve`` started as a subprocess on a free port, then
50 concurrent uploads of typical proofs (bounded: 50 requests, 120 s), p50/p95 latency
and errors; then 1,000 requests (pages, checks, previews) with the server's memory
(its own RSS, workers apart) sampled every 100: it must stay flat.

Usage: python bench/web_bench.py [--uploads 50] [--requests 1000]
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from http.cookiejar import CookieJar
from pathlib import Path
from uuid import uuid4

sys.path.insert(0, str(Path(__file__).resolve().parent))
from common import Row  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
PROOFS = sorted((ROOT / "tests/drawings/defects").glob("*-pass-*.svg"))[:10] + \
    sorted((ROOT / "tests/drawings/defects").glob("*-fail-*.svg"))[:10]
DEADLINE = 120.0


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Client:
    """A browser's worth of state: the session cookie and the form token."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))
        page = self.get("/check").decode()
        self.token = re.search(r'name="token" value="([^"]+)"', page).group(1)

    def get(self, path: str) -> bytes:
        with self.opener.open(self.url + path, timeout=DEADLINE) as answer:
            return answer.read()

    def upload(self, name: str, data: bytes) -> int:
        boundary = uuid4().hex
        body = b"".join([
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"token\"\r\n\r\n"
            f"{self.token}\r\n".encode(),
            f"--{boundary}\r\nContent-Disposition: form-data; name=\"files\"; "
            f"filename=\"{name}\"\r\nContent-Type: image/svg+xml\r\n\r\n".encode(),
            data, f"\r\n--{boundary}--\r\n".encode()])
        request = urllib.request.Request(self.url + "/check", data=body, headers={
            "Content-Type": f"multipart/form-data; boundary={boundary}",
            "X-Wsmark-Fragment": "1"})
        with self.opener.open(request, timeout=DEADLINE) as answer:
            answer.read()
            return answer.status


def _start() -> tuple[subprocess.Popen, str]:
    process = subprocess.Popen([str(Path(sys.executable).parent / "wsmark"), "serve",
                                "--port", "0"], stdout=subprocess.PIPE, text=True)
    url = re.search(r"http://[\d.]+:\d+", process.stdout.readline()).group(0)
    for _ in range(300):
        try:
            urllib.request.urlopen(url + "/check", timeout=5).read()
            return process, url
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the server did not start")


def _concurrent(url: str, uploads: int) -> list[Row]:
    proofs = [(p.name, p.read_bytes()) for p in PROOFS]
    clients = [Client(url) for _ in range(uploads)]
    Client(url).upload(*proofs[0])  # workers warm

    def one(n: int) -> tuple[float, str | None]:
        start = time.monotonic()
        try:
            status = clients[n].upload(*proofs[n % len(proofs)])
            return time.monotonic() - start, None if status == 200 else str(status)
        except Exception as err:  # counted, not raised: the bench reports errors
            return time.monotonic() - start, type(err).__name__

    began = time.monotonic()
    with ThreadPoolExecutor(uploads) as pool:
        results = list(pool.map(one, range(uploads)))
    wall = time.monotonic() - began
    times = sorted(t for t, _ in results)
    errors = [e for _, e in results if e]
    p95 = times[min(len(times) - 1, int(round(0.95 * len(times))) - 1)]
    return [Row(f"{uploads} concurrent uploads: wall", f"{wall:.2f} s",
                f"{uploads / wall:.1f} uploads/s; deadline {DEADLINE:g} s"),
            Row("latency p50", f"{statistics.median(times):.2f} s"),
            Row("latency p95", f"{p95:.2f} s"),
            Row("errors", str(len(errors)), ", ".join(sorted(set(errors))) or "none")]


def _memory(url: str, pid: int, requests: int) -> list[Row]:
    client = Client(url)
    proofs = [(p.name, p.read_bytes()) for p in PROOFS]
    paths = ["/check", "/design?kind=control&display_height=24&legend=SLOW+NO+WAKE",
             "/reference", "/design/artwork.svg?kind=danger&display_height=24&legend=ROCKS"]
    samples, errors = [], 0
    for n in range(requests):
        try:
            if n % 4 == 0:
                client.upload(*proofs[n % len(proofs)])
            else:
                client.get(paths[n % len(paths)])
        except Exception:
            errors += 1
        if n % 100 == 99:
            samples.append(_rss_kib(pid))
    first, last = samples[0], samples[-1]
    growth = (last - first) / first
    return [Row(f"server RSS over {requests} requests", " ".join(f"{s / 1024:.0f}" for s in samples)
                + " MiB", f"first {first / 1024:.0f}, last {last / 1024:.0f}: "
                f"{growth:+.1%} ({'flat' if growth < 0.10 else 'GROWING'})"),
            Row(f"errors in {requests} requests", str(errors))]


def bench_web(uploads: int = 50, requests: int = 1000) -> list[Row]:
    """The load bench: rows of the report (the server is started and stopped here)."""
    process, url = _start()
    try:
        return _concurrent(url, uploads) + _memory(url, process.pid, requests)
    finally:
        process.terminate()
        process.wait(30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--uploads", type=int, default=50)
    parser.add_argument("--requests", type=int, default=1000)
    args = parser.parse_args()
    rows = bench_web(args.uploads, args.requests)
    width = max(len(r.metric) for r in rows)
    for row in rows:
        print(f"{row.metric:<{width}}  {row.value}  {row.note}".rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
