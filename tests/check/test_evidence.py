"""Every requirement judged is evidence: a row per rule on each marker, a pass with what
was measured as much as a failure, and every report form (JSON, SARIF, the marked-up
copy) carrying the file's SHA-256 and size and the wsmark and pack versions."""

from __future__ import annotations

import hashlib
import io
import json
from importlib.metadata import version
from xml.etree import ElementTree

import pytest

from conftest import report_writer, sample_design
from markers import api
from wi import KINDS

NS = "{http://www.w3.org/2000/svg}"
CHECK_KEYS = {"rule", "citation", "result", "measured", "required", "unit", "tolerance",
              "message", "waived"}
RESULTS = {"pass", "fail", "warning", "review", "waived"}


#: A 24 in danger sign whose outline is 1.5 in: a design as declared (render refuses it).
THIN = b"kind: danger\ndisplay_height: 24\nlegend: ROCKS\noutline: 1.5\n"


def _danger() -> bytes:
    return api.render(api.design("danger", 24, legend="ROCKS"), ".svg")


def _rows(report) -> dict[str, object]:
    """The first row of each rule on the only marker."""
    (marker,) = report.markers
    rows: dict[str, object] = {}
    for c in marker.checks:
        rows.setdefault(c.rule, c)
    return rows


def test_a_passing_danger_sign_has_a_row_per_requirement_with_its_measurement() -> None:
    report, _ = api.check(_danger(), "danger.svg")
    rows = _rows(report)
    assert report.verdict == "pass"
    # legend-legibility judges two requirements: the letters' height and their stroke
    assert [c.rule for c in report.markers[0].checks] == [
        "actual-size", "reg-shape", "reg-symbol-color", "reg-center-color", "reg-legend-color",
        "reg-danger-legend", "display-height", "outline-width", "symbol-size", "diamond-slope",
        "symbol-centered", "legend-legibility", "legend-legibility"]
    assert {c.result for c in rows.values()} == {"pass"}
    outline = rows["outline-width"]
    assert (outline.measured, outline.required, outline.unit, outline.tolerance) == \
        (pytest.approx(2.0, abs=0.005), ">= 2", "in", 0.01)
    assert outline.citation == "NR 5.09(6)(b)" and "2.00 in thick" in outline.message
    slope = rows["diamond-slope"]
    assert slope.measured == pytest.approx(35.0, abs=0.05) and slope.unit == "deg"
    assert rows["symbol-size"].measured == pytest.approx(16.0, abs=0.01)  # 2/3 of 24 in
    assert rows["display-height"].measured == pytest.approx(24.0, abs=0.01)
    assert rows["reg-symbol-color"].measured == "orange"
    assert rows["reg-shape"].measured == "danger"


def test_a_failing_row_is_its_worst_finding_and_a_waived_one_says_why() -> None:
    report, _ = api.check(THIN, "thin.yaml")
    row = _rows(report)["outline-width"]
    finding = next(f for f in report.findings if f.rule == "outline-width")
    assert row.result == "fail" and row.measured == finding.measured == pytest.approx(1.5)
    assert row.message == finding.message
    assert {c.result for rule, c in _rows(report).items() if rule != "outline-width"} == {"pass"}
    options = api.check_options(waive=["outline-width:approved by the board"])
    waived, _ = api.check(THIN, "thin.yaml", options)
    row = _rows(waived)["outline-width"]
    assert (row.result, row.waived, waived.verdict) == ("waived", "approved by the board",
                                                        "waived")
    assert waived.options == {"waivers": {"outline-width": "approved by the board"}}


def test_what_could_not_be_judged_is_a_review_row() -> None:
    unread = b"""<svg xmlns="http://www.w3.org/2000/svg" width="24in" height="24in"
 viewBox="0 0 24 24"><rect width="24" height="24" fill="#FFFFFF"/>
 <path fill="#FF4F00" fill-rule="evenodd" d="M2,12 A10,10 0 1 1 22,12 A10,10 0 1 1 2,12Z
 M4,12 A8,8 0 1 1 20,12 A8,8 0 1 1 4,12Z"/>
 <path fill="#000000" d="M9,10 L15,10 L15,14 L9,14Z M10,11 L10,13 L14,13 L14,11Z"/></svg>"""
    report, _ = api.check(unread, "unread.svg")
    rows = _rows(report)
    assert report.verdict == "review"
    assert rows["reg-control-legend"].result == "review"
    assert rows["outline-width"].result == "pass"


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_kind_drawn_by_wsmark_checks_clean_row_by_row(kind: str) -> None:
    """A row is evidence: every row of a clean marker is a pass with a value read, one
    per requirement (a buoy's faces merged)."""
    report, _ = api.check(api.render(sample_design(kind), ".svg"), f"{kind}.svg")
    assert report.verdict == "pass", report.findings
    rows = [c for m in report.markers for c in m.checks]
    assert len(rows) >= 5
    assert all(c.result == "pass" and c.measured is not None and c.message for c in rows), rows
    keys = [(c.rule, c.required, c.unit) for c in rows]
    assert len(set(keys)) == len(keys)


def test_a_rule_of_several_requirements_shows_each_and_fails_only_the_one_broken() -> None:
    design = b"kind: buoy-race\ndiameter: 16\nmaterial: foam\ncolor: yellow\n"
    report, _ = api.check(design, "race.yaml")
    rows = [(c.required, c.result) for c in report.markers[0].checks if c.rule == "race-buoy"]
    assert ("8.75 to 14", "fail") in rows
    assert {required for required, result in rows if result == "pass"} >= {
        ">= 4", "yellow | green | red | orange", "sphere | cylinder", "foam | plastic | rubber"}


def test_the_json_carries_the_rows_the_hash_and_the_versions(tmp_path) -> None:
    data = THIN
    report, _ = api.check(data, "thin.yaml")
    (record,) = json.loads(api.reports([report], "json"))
    assert record["sha256"] == hashlib.sha256(data).hexdigest() and record["size"] == len(data)
    assert record["wsmark_version"] == version("wsmark")
    assert (record["pack"], record["pack_version"]) == ("wi-nr509", api.get_pack("wi-nr509").version)
    assert record["pack_version"]
    checks = record["markers"][0]["checks"]
    assert all(set(c) == CHECK_KEYS and c["result"] in RESULTS for c in checks)
    failed = [c for c in checks if c["result"] == "fail"]
    assert [c["rule"] for c in failed] == ["outline-width"] and failed[0]["measured"] == 1.5
    assert "options" not in record  # nothing given, nothing said


def test_sarif_names_each_file_as_an_artifact_with_its_hash() -> None:
    good, bad = _danger(), THIN
    reports = [api.check(good, "good.svg")[0], api.check(bad, "bad.yaml")[0],
               api.check(b"<svg", "broken.svg")[0]]
    run = json.loads(api.reports(reports, "sarif"))["runs"][0]
    driver = run["tool"]["driver"]
    assert driver["version"] == version("wsmark")
    assert driver["properties"] == {"pack": "wi-nr509",
                                    "packVersion": api.get_pack("wi-nr509").version}
    artifacts = run["artifacts"]
    assert [a["location"]["uri"] for a in artifacts] == ["good.svg", "bad.yaml", "broken.svg"]
    assert artifacts[1]["hashes"]["sha-256"] == hashlib.sha256(bad).hexdigest()
    assert artifacts[1]["length"] == len(bad)
    assert artifacts[2]["hashes"]["sha-256"] == hashlib.sha256(b"<svg").hexdigest()
    for result in run["results"]:
        where = result["locations"][0]["physicalLocation"]["artifactLocation"]
        assert artifacts[where["index"]]["location"]["uri"] == where["uri"]
    # written as the files come, the artifacts spooled: the same bytes as the whole
    out = io.StringIO()
    writer = report_writer("sarif", out, io.StringIO())
    for report in reports:
        writer.add(report)
    writer.close()
    assert out.getvalue() == api.reports(reports, "sarif") + "\n"


def test_the_marked_up_copy_names_the_file_and_what_judged_it() -> None:
    data = THIN
    report, marked = api.check(data, "thin.yaml", annotate_copy=True)
    root = ElementTree.fromstring(marked)
    banner = next(t for t in root.iter(f"{NS}text") if t.get("id") == "wsmark-banner")
    said = "".join(t.text for t in banner.iter(f"{NS}tspan"))  # the hash may wrap
    assert hashlib.sha256(data).hexdigest() in said.replace(" ", "")
    assert f"wsmark {version('wsmark')}" in said and "wi-nr509" in said
    assert f"{len(data):,} bytes" in said
