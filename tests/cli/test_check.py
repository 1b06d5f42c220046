"""`wsmark check`, `rules` and `explain` as a user runs them: formats, exit codes,
waivers, annotation, folders and parallel jobs."""

from __future__ import annotations

import json
import math
from xml.etree import ElementTree

import pytest

from cli import cli
from markers.core.design import Design
from wi import build
from wi import RULES
from markers.products.files import render_file

MM = 25.4
SVG = "{http://www.w3.org/2000/svg}"


def _vendor_danger(path, slope_deg: float, stroke_in: float) -> None:
    """A danger sign as a vendor draws it: mm units, a stroked path in a translated group,
    the outline's outer edge 16 in wide at H = 24 in."""
    half_w = 8 - (stroke_in / 2) / math.cos(math.radians(slope_deg))
    half_h = half_w / math.tan(math.radians(slope_deg))
    w, h = 20 * MM, 24 * MM
    a, b = half_w * MM, half_h * MM
    path.write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" '
        f'viewBox="0 0 {w} {h}"><style>.sym{{fill:none;stroke:#FF5F15;'
        f'stroke-width:{stroke_in * MM};stroke-linejoin:miter;stroke-miterlimit:10}}</style>'
        f'<rect width="{w}" height="{h}" fill="white"/>'
        f'<g transform="translate({w / 2} {h / 2})"><path class="sym" '
        f'd="M0 {-b} L{a} 0 L0 {b} L{-a} 0 Z"/></g></svg>')


@pytest.fixture()
def drawings(tmp_path):
    bad, good = tmp_path / "bad.svg", tmp_path / "good.svg"
    _vendor_danger(bad, 45.0, 1.5)
    _vendor_danger(good, 35.0, 2.0)
    return bad, good


def test_acceptance_rotated_square_fails_and_corrected_passes(runner, drawings) -> None:
    bad, good = drawings
    result = runner.invoke(cli, ["check", str(bad), "--format", "json", "--jobs", "1"])
    assert result.exit_code == 1
    (report,) = json.loads(result.stdout)
    errors = {f["rule"]: f for f in report["findings"] if f["severity"] == "error"}
    assert set(errors) == {"diamond-slope", "outline-width"}
    assert errors["diamond-slope"]["citation"] == "NR 5.09(6)(d)"
    assert errors["diamond-slope"]["measured"] == pytest.approx(45.0, abs=0.05)
    assert errors["outline-width"]["citation"] == "NR 5.09(6)(b)"
    assert errors["outline-width"]["measured"] == pytest.approx(1.5, abs=0.005)
    assert errors["outline-width"]["required"] == ">= 2"
    result = runner.invoke(cli, ["check", str(good), "--jobs", "1"])
    assert result.exit_code == 0, result.output
    assert "PASS (danger" in result.stdout


def test_json_contract_keys(runner, drawings) -> None:
    result = runner.invoke(cli, ["check", str(drawings[0]), "--format", "json"])
    (report,) = json.loads(result.stdout)
    # contract v2, and its additive keys: the file's hash and size, the versions, and
    # every requirement judged on a marker
    assert set(report) == {"file", "verdict", "kind", "display_height_in",
                           "display_height_basis", "markers", "findings", "error",
                           "sha256", "size", "wsmark_version", "pack", "pack_version"}
    (marker,) = report["markers"]
    assert set(marker) == {"index", "page", "bbox", "kind", "verdict", "display_height_in",
                           "display_height_basis", "legend", "ws_id", "text_basis", "checks"}
    assert marker["index"] == 0 and marker["page"] == 1 and len(marker["bbox"]) == 4
    assert marker["kind"] == report["kind"] and marker["verdict"] == report["verdict"]
    assert all(f["marker"] == 0 for f in report["findings"])
    assert report["kind"] == "danger" and report["display_height_basis"] == "inferred"
    assert report["display_height_in"] == pytest.approx(24.0, abs=0.01)
    for finding in report["findings"]:
        assert {"rule", "citation", "severity", "measured", "required", "unit", "message",
                "bbox"} <= set(finding)
        assert len(finding["bbox"]) == 4


def test_sarif_has_one_rule_entry_per_rule_id(runner, drawings) -> None:
    result = runner.invoke(cli, ["check", str(drawings[0]), "--format", "sarif"])
    sarif = json.loads(result.stdout)
    assert sarif["version"] == "2.1.0"
    run = sarif["runs"][0]
    ids = [r["id"] for r in run["tool"]["driver"]["rules"]]
    assert sorted(ids) == sorted(RULES) and len(ids) == len(set(ids))
    assert {r["ruleId"] for r in run["results"]} == {"diamond-slope", "outline-width"}
    assert all(r["level"] == "error" for r in run["results"])


def test_a_waiver_is_reported_and_never_makes_a_pass(runner, drawings) -> None:
    """Issue 31: a waived error is not met; the verdict says ``waived`` and exits 1."""
    result = runner.invoke(cli, ["check", str(drawings[0]), "--format", "json",
                                 "--waive", "diamond-slope:legacy sign, replace 2027",
                                 "--waive", "outline-width:accepted by the board; by=J. Doe; "
                                 "on=2026-05-01"])
    assert result.exit_code == 1, result.output
    (report,) = json.loads(result.stdout)
    assert report["verdict"] == "waived" and report["markers"][0]["verdict"] == "waived"
    assert {f["waived"] for f in report["findings"]} == {
        "legacy sign, replace 2027", "accepted by the board; by=J. Doe; on=2026-05-01"}
    assert {json.dumps(f["waiver"], sort_keys=True) for f in report["findings"]} == {
        json.dumps({"reason": "legacy sign, replace 2027", "by": None, "on": None},
                   sort_keys=True),
        json.dumps({"reason": "accepted by the board", "by": "J. Doe", "on": "2026-05-01"},
                   sort_keys=True)}
    sarif = json.loads(runner.invoke(cli, ["check", str(drawings[0]), "--format", "sarif",
                                           "--waive", "outline-width:board"]).stdout)
    (waived,) = [r for r in sarif["runs"][0]["results"] if r["ruleId"] == "outline-width"]
    assert waived["level"] == "error" and waived["properties"]["met"] is False
    assert waived["suppressions"] == [{"kind": "external", "status": "accepted",
                                       "justification": '"board"'}]


def test_tolerance_override_changes_the_verdict(runner, drawings) -> None:
    """A 1.5 in outline passes outline-width only with a 0.6 in tolerance, reported."""
    args = ["check", str(drawings[0]), "--format", "json", "--tolerance", "diamond-slope=10.5"]
    (report,) = json.loads(runner.invoke(cli, args).stdout)
    assert {f["rule"] for f in report["findings"]} == {"outline-width"}
    (finding,) = report["findings"]
    assert finding["tolerance"] == 0.01
    loose = args + ["--tolerance", "outline-width=0.6"]
    refused = runner.invoke(cli, loose)
    assert refused.exit_code == 2 and "minimum" in refused.stderr, refused.output
    assert len(refused.stderr.strip().splitlines()) == 1
    (report,) = json.loads(runner.invoke(cli, loose + ["--allow-below-minimum"]).stdout)
    assert report["verdict"] == "pass" and report["findings"] == []
    assert {o["rule"]: o["below_minimum"] for o in report["tolerance_overrides"]} == \
        {"diamond-slope": False, "outline-width": True}


def test_tolerance_overrides_show_in_every_format(runner, drawings) -> None:
    """A 1.5 in outline let through by outline-width=0.5: text, JSON and SARIF say so."""
    args = ["check", str(drawings[0]), "--tolerance", "outline-width=0.5",
            "--allow-below-minimum", "--tolerance", "diamond-slope=10.5"]
    text = runner.invoke(cli, args).stdout
    assert "outline-width tolerance 0.5 in (default 0.01 in): accepts less than the " \
           "rule's minimum" in text
    assert "diamond-slope tolerance 10.5 deg (default 0.5 deg)" in text
    (report,) = json.loads(runner.invoke(cli, args + ["--format", "json"]).stdout)
    assert report["verdict"] == "pass"
    over = {o["rule"]: o for o in report["tolerance_overrides"]}
    assert over["outline-width"] == {"rule": "outline-width", "value": 0.5, "unit": "in",
                                     "default": "0.01 in", "below_minimum": True}
    sarif = json.loads(runner.invoke(cli, args + ["--format", "sarif"]).stdout)
    props = sarif["runs"][0]["properties"]["toleranceOverrides"]
    assert {o["rule"]: o["below_minimum"] for o in props} == {"outline-width": True,
                                                             "diamond-slope": False}


@pytest.mark.parametrize("value", ["reg-shape=1", "outline-width=abc", "outline-width=-1",
                                   "nope=1"])
def test_bad_tolerance_is_a_usage_error(runner, drawings, value) -> None:
    result = runner.invoke(cli, ["check", str(drawings[0]), "--tolerance", value])
    assert result.exit_code == 2 and "Traceback" not in result.output


@pytest.mark.parametrize("waiver", ["no-such-rule:why", "diamond-slope", "diamond-slope:"])
def test_bad_waiver_is_a_usage_error(runner, drawings, waiver) -> None:
    result = runner.invoke(cli, ["check", str(drawings[0]), "--waive", waiver])
    assert result.exit_code == 2
    assert "Traceback" not in result.output


def test_annotated_copy_names_each_finding(runner, drawings, tmp_path) -> None:
    out = tmp_path / "marked.svg"
    result = runner.invoke(cli, ["check", str(drawings[0]), "--annotate", str(out)])
    assert result.exit_code == 1
    root = ElementTree.parse(out).getroot()
    notes = root.find(f"{SVG}g[@id='wsmark-annotations']")
    texts = [t.text for t in notes.iter(f"{SVG}text")]
    listing = " ".join(" ".join(texts).split())  # the list wraps inside the page
    assert "1. outline-width NR 5.09(6)(b): measured 1.5 in, required >= 2 in" in listing
    assert "2. diamond-slope NR 5.09(6)(d): measured 45.0 deg, required = 35 deg" in listing
    assert {"1", "2"} <= set(texts)  # the numbered markers on the drawing


def test_annotating_a_folder_keeps_files_of_the_same_name_apart(runner, drawings,
                                                                tmp_path) -> None:
    other = tmp_path / "sub"
    other.mkdir()
    _vendor_danger(other / "bad.svg", 45.0, 2.0)
    out = tmp_path / "marked"
    result = runner.invoke(cli, ["check", str(drawings[0]), str(other / "bad.svg"),
                                 "--annotate", str(out), "--jobs", "1"])
    assert result.exit_code == 1
    assert sorted(p.name for p in out.iterdir()) == ["bad-2.annotated.svg",
                                                     "bad.annotated.svg"]


def test_folder_walk_parallel_jobs_and_summary(runner, drawings, tmp_path) -> None:
    folder = drawings[0].parent
    render_file(build(Design("control", 12, legend="5 MPH")), folder / "c.svg")
    (folder / "d.yaml").write_text("kind: aid-red\ndisplay_height: 18\nid: WS-4\n")
    (folder / "notes.txt").write_text("not a drawing")
    result = runner.invoke(cli, ["check", str(folder), "--jobs", "2", "--format", "json"])
    assert result.exit_code == 1
    reports = json.loads(result.stdout)
    assert [r["file"].rsplit("/", 1)[-1] for r in reports] == ["bad.svg", "c.svg", "d.yaml",
                                                               "good.svg"]
    assert [r["verdict"] for r in reports] == ["fail", "pass", "pass", "pass"]
    assert "4 file(s): 3 pass, 1 fail, 0 error" in result.stderr


def test_unreadable_input_is_exit_2_with_a_one_line_reason(runner, tmp_path) -> None:
    broken = tmp_path / "broken.svg"
    broken.write_text("<svg xmlns='http://www.w3.org/2000/svg'><rect")
    result = runner.invoke(cli, ["check", str(broken), str(tmp_path / "missing.svg"),
                                 "--format", "json", "--jobs", "1"])
    assert result.exit_code == 2
    reports = json.loads(result.stdout)
    assert [r["verdict"] for r in reports] == ["error", "error"]
    for r in reports:
        assert r["error"] and "\n" not in r["error"] and r["file"].split("/")[-1] in r["error"]


def test_exit_zero_keeps_failures_quiet_but_not_errors(runner, drawings, tmp_path) -> None:
    assert runner.invoke(cli, ["check", str(drawings[0]), "--exit-zero"]).exit_code == 0
    missing = tmp_path / "missing.svg"
    assert runner.invoke(cli, ["check", str(missing), "--exit-zero"]).exit_code == 2


def test_no_physical_size_is_judged_without_inches_until_a_scale_is_given(runner,
                                                                          tmp_path) -> None:
    """A viewBox alone: judged on all that does not need inches (the kind; a circle with
    no words fails at any size), the sizes a review saying to give --scale (issue 30);
    with --scale, in full."""
    bare = tmp_path / "bare.svg"
    bare.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 120">'
                    '<rect width="100" height="120" fill="#fff"/>'
                    '<circle cx="50" cy="60" r="45" fill="none" stroke="#FF4F00" '
                    'stroke-width="10"/></svg>')
    result = runner.invoke(cli, ["check", str(bare), "--format", "json"])
    (unsized,) = json.loads(result.stdout)
    assert result.exit_code == 1 and unsized["verdict"] == "fail"
    assert {f["rule"]: f["severity"] for f in unsized["findings"]
            if f["severity"] in ("error", "review")} == {
        "reg-control-legend": "error", "display-height": "review", "outline-width": "review"}
    assert unsized["kind"] == "control" and unsized["display_height_in"] is None
    assert unsized["display_height_basis"] == "unknown"
    assert any("--scale" in f["message"] for f in unsized["findings"]
               if f["rule"] == "display-height")
    result = runner.invoke(cli, ["check", str(bare), "--scale", "0.1", "--format", "json"])
    (report,) = json.loads(result.stdout)
    assert report["kind"] == "control"
    assert report["display_height_in"] == pytest.approx(12.0, abs=0.01)


def test_rules_lists_every_id_and_explain_quotes_the_paragraph(runner) -> None:
    listing = runner.invoke(cli, ["rules"]).stdout
    for rule_id in RULES:
        assert rule_id in listing
    text = runner.invoke(cli, ["explain", "outline-width"]).stdout
    assert "NR 5.09(6)(b)" in text and "not less than 2 inches" in text
    assert "Passes:" in text and "Fails:" in text
    result = runner.invoke(cli, ["explain", "nope"])
    assert result.exit_code == 2 and "wsmark rules" in result.stderr


@pytest.mark.parametrize("rule_id", sorted(RULES))
def test_every_rule_documents_itself(rule_id) -> None:
    doc = RULES[rule_id].doc
    assert "Passes" in doc and "Fails" in doc, rule_id
