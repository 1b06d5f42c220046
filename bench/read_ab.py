"""Reading speed of two checkouts side by side: CPU ms per file for ``read_drawing`` over
check_bench's 500 drawings, each checkout in its own long-lived process, the two taking
turns (never both at once), so that load on a shared machine falls on both alike.

Usage: python bench/read_ab.py OLD_CHECKOUT NEW_CHECKOUT [ROUNDS]
(a checkout is a folder holding ``markers/``; e.g. `git archive main markers | tar -x -C /tmp/old`)
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from check_bench import _folder  # noqa: E402

#: One checkout's reader: reads every drawing once (warm-up), then once per line on stdin,
#: printing CPU ms per file.
WORKER = """
import sys, time
from pathlib import Path
sys.path.insert(0, sys.argv[1])
from markers.read import read_drawing
assert sys.modules["markers"].__file__.startswith(sys.argv[1])
datas = [(p.read_bytes(), str(p)) for p in sorted(Path(sys.argv[2]).iterdir())]
for data, name in datas:
    read_drawing(data, name)
for _ in sys.stdin:
    start = time.process_time()
    for data, name in datas:
        read_drawing(data, name)
    print((time.process_time() - start) / len(datas) * 1000, flush=True)
"""


def main() -> None:
    roots = [str(Path(p).resolve()) for p in sys.argv[1:3]]
    rounds = int(sys.argv[3]) if len(sys.argv) > 3 else 10
    with tempfile.TemporaryDirectory() as tmp:
        folder = _folder(Path(tmp))
        workers = [subprocess.Popen([sys.executable, "-c", WORKER, root, str(folder)],
                                    stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                   for root in roots]
        times: list[list[float]] = [[], []]
        for _ in range(rounds):
            for worker, got in zip(workers, times):
                worker.stdin.write("go\n")
                worker.stdin.flush()
                got.append(float(worker.stdout.readline()))
        for worker in workers:
            worker.stdin.close()
            worker.wait()
    for root, got in zip(roots, times):
        print(f"{root}: read_drawing min {min(got):.3f}, median {statistics.median(got):.3f} "
              f"CPU ms/file over {rounds} rounds")
    print(f"new / old: {min(times[1]) / min(times[0]):.3f} (min), "
          f"{statistics.median(times[1]) / statistics.median(times[0]):.3f} (median)")


if __name__ == "__main__":
    main()
