"""`wsmark check` on proofs written by the real programs sign shops use (Inkscape,
LibreOffice Draw, Ghostscript, matplotlib, LibreCAD, scans), not by imitations of them.

The files and their truth are in tests/data/producers/ (remade by `make producers` with
tests/producers/make_producers.py; see its README). For every file, as manifest.json
says: the file's verdict; the markers in reading order with their kind and verdict, the
display height within the symbol-size tolerance where the case gives it, its basis where
that matters; for a marker that fails (or is for review) exactly the rule ids at severity
error (or review); and no error of a rule the case forbids (a scan is never a
``reg-shape`` failure). All files go through one CLI run per set of options (-j 2),
once per session however many workers run the tests.
"""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
from pathlib import Path

import pytest

from conftest import wsmark_script
from markers.packs.wi_nr509.requirements import REQ

DATA = Path(__file__).resolve().parents[1] / "data" / "producers"
MANIFEST = json.loads((DATA / "manifest.json").read_text())
ENTRIES = MANIFEST["files"]
SEVERITY = {"fail": "error", "review": "review"}
#: The check of every file takes about a minute of CPU (184 files, 2 workers); the limit
#: is for a hang, far above what a machine shared with other work takes (more than 300 s
#: at a load of 20 on 2 cores).
TIMEOUT_S = 1200


def _tolerance(height: float) -> float:
    """The symbol-size tolerance at display height ``height`` (NR 5.09(6)(c) practice)."""
    return max(REQ["symbol_size_tolerance_floor"].value,
               REQ["symbol_size_tolerance"].value * height)


def _check_all() -> dict[str, dict]:
    """Every file's JSON report, from one `wsmark check` per set of the clerk's options."""
    groups: dict[tuple[str, ...], list[str]] = {}
    for entry in ENTRIES:
        groups.setdefault(tuple(entry["check_args"]), []).append(entry["file"])
    found = {}
    for args, files in groups.items():
        done = subprocess.run([str(wsmark_script()), "check", *args, "--format", "json",
                               "--jobs", "2", "--exit-zero", *files], cwd=DATA,
                              capture_output=True, text=True, timeout=TIMEOUT_S)
        assert done.stdout, done.stderr
        found.update({report["file"]: report for report in json.loads(done.stdout)})
    return found


@pytest.fixture(scope="module")
def reports(tmp_path_factory) -> dict[str, dict]:
    """The reports, made once per test session: under xdist the first worker to get here
    checks the files and the others read what it wrote (a lock file keeps them apart)."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the session's folder, shared by its workers
    path = root / "producer-reports.json"
    with open(root / "producer-reports.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not path.exists():
            path.write_text(json.dumps(_check_all()))
    return json.loads(path.read_text())


def _said(report: dict) -> str:
    """What the checker said of a file, in one line: verdict, then each marker's kind,
    verdict, height and its error/review rules."""
    markers = []
    for marker in report["markers"]:
        rules = sorted({f["rule"] for f in report["findings"] if f.get("marker") ==
                        marker["index"] and f["severity"] in ("error", "review")})
        markers.append(f"{marker['kind']} {marker['verdict']} H={marker['display_height_in']}"
                       f" ({marker['display_height_basis']}) {rules}")
    return f"{report['verdict']}: " + "; ".join(markers) + (f" [{report['error']}]"
                                                             if report.get("error") else "")


def _rules(report: dict, index: int, severity: str) -> set[str]:
    return {f["rule"] for f in report["findings"]
            if f.get("marker") == index and f["severity"] == severity}


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["file"] for e in ENTRIES])
def test_the_checker_judges_a_producers_proof_rightly(entry: dict, reports) -> None:
    report = reports[entry["file"]]
    said = f"{entry['file']} ({entry['note']}): got {_said(report)}"
    assert report["verdict"] == entry["verdict"], said
    for rule in entry.get("forbid", []):
        assert not any(f["rule"] == rule and f["severity"] == "error"
                       for f in report["findings"]), said
    if entry["markers"] is None:
        return
    assert len(report["markers"]) == len(entry["markers"]), said
    for want, got in zip(entry["markers"], report["markers"]):
        assert (got["kind"], got["verdict"]) == (want["kind"], want["verdict"]), said
        if "display_height_in" in want:
            assert got["display_height_in"] == pytest.approx(
                want["display_height_in"], abs=_tolerance(want["display_height_in"])), said
        if "display_height_basis" in want:
            assert got["display_height_basis"] == want["display_height_basis"], said
        if want["verdict"] in SEVERITY:
            assert _rules(report, got["index"], SEVERITY[want["verdict"]]) == \
                set(want["rules"]), said


def test_the_manifest_names_every_file_of_the_corpus_once() -> None:
    listed = [entry["file"] for entry in ENTRIES]
    sources = {entry["source"] for entry in ENTRIES if entry["source"]}
    on_disk = {p.relative_to(DATA).as_posix() for p in DATA.rglob("*")
               if p.is_file() and p.parent != DATA}
    assert len(listed) == len(set(listed))
    assert on_disk == set(listed) | sources


def test_a_files_verdict_is_the_worst_of_its_markers() -> None:
    order = ("pass", "review", "fail")
    for entry in ENTRIES:
        if entry["markers"]:
            worst = max((m["verdict"] for m in entry["markers"]), key=order.index)
            assert entry["verdict"] == worst, entry["file"]
            for marker in entry["markers"]:
                assert bool(marker.get("rules")) == (marker["verdict"] != "pass"), entry["file"]
