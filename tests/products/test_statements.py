"""Every sentence a clerk files is true (issue 31): the commands the issue quotes, each
run and its document read back (PDF text, JSON, SVG), and the statement audit of
docs/statements.md: every document wsmark writes, in a failing and a passing case,
says what the audit lists and nothing the input does not support.
"""

from __future__ import annotations

import io
from pathlib import Path

import pypdf
import pytest
from cli_helpers import invoke
from click.testing import CliRunner

from markers import api
from markers.errors import WsmarkError

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def pdf_text(data: bytes) -> list[str]:
    """Each page's text, its whitespace folded."""
    return [" ".join((page.extract_text() or "").split())
            for page in pypdf.PdfReader(io.BytesIO(data)).pages]


@pytest.fixture(scope="module")
def runner() -> CliRunner:
    return CliRunner()


# ---------------------------------------------------------------- the plan's packet

def test_an_approval_of_a_plan_with_errors_is_refused_and_nothing_written(runner, tmp_path
                                                                          ) -> None:
    out = tmp_path / "app.pdf"
    result = invoke(runner, "plan", "packet", str(EXAMPLES / "defects" /
                                                  "red-wrong-side.geojson"),
                    "-o", str(out), "--decision", "approved")
    assert result.exit_code == 2 and not list(tmp_path.iterdir())
    (line,) = result.stderr.strip().splitlines()
    assert "refused to write an approval of a plan with 1 error finding to correct: " \
           "plan-aid-side (NR 5.09(2)(a)1, 2) on WS-6" in line
    # a disapproval, or no decision yet, is written, the error in its missing list
    result = invoke(runner, "plan", "packet", str(EXAMPLES / "defects" /
                                                  "red-wrong-side.geojson"),
                    "-o", str(out), "--decision", "disapproved")
    assert result.exit_code == 0, result.output
    first = pdf_text(out.read_bytes())[0]
    assert "1 error finding of the check to correct (see Findings)" in first


def test_a_20_day_temporary_placement_is_a_note_in_the_packet(tmp_path) -> None:
    report = api.plan_check(EXAMPLES / "defects" / "temporary-20-days.geojson")
    assert report.verdict == "pass"
    pages = pdf_text(api.plan_packet(report, None, tmp_path)["application.pdf"])
    first = " ".join(pages[:2])
    assert "error finding" not in first and "wsmark verdict: pass" in first
    assert "4 x info plan-temporary (NR 5.09(7)(d))" in first
    text = " ".join(pages)
    assert "longer than allowed" not in text
    assert "temporary placement: 20 days; longer than the 14 days a local authority may " \
           "exempt, so the department's approval applied for here is needed " \
           "(NR 5.09(7)(d))" in text


# ---------------------------------------------------------------- the statement audit

THIN = EXAMPLES / "proofs" / "thin-outline.svg"


@pytest.fixture(scope="module")
def good() -> bytes:
    return api.render(api.design("control", 24, legend="SLOW NO WAKE"), ".svg")


def test_the_check_report_says_what_the_file_and_rule_say(good) -> None:
    import hashlib

    data = THIN.read_bytes()
    failing, marked = api.check(data, "thin-outline.svg", annotate_copy=True)
    passing, clean = api.check(good, "good.svg", annotate_copy=True)
    text = " ".join(pdf_text(api.report_pdf([failing, passing], [marked, clean], stamp="")))
    assert f"SHA-256 {hashlib.sha256(data).hexdigest()}, {len(data):,} bytes" in text
    assert f"SHA-256 {hashlib.sha256(good).hexdigest()}" in text
    assert "FAIL does not meet the rule as drawn" in text
    assert "PASS meets NR 5.09 as drawn; placement needs the department's approval " \
           "(NR 5.09(3)(b))" in text
    # the row says what its number is, and quotes its own paragraph's words
    assert "outline-width NR 5.09(6)(b) 1.50 in >= 2 in" in text
    assert "Read: symbol outline 1.50 in thick at its thinnest" in text
    assert 'NR 5.09(6)(b): "The thickness of the symbol outline shall be not less than 2 ' \
           'inches in width."' in text
    assert "circle-round NR 5.09(2)(b)3 0.000 (ratio)" in text
    assert "Marker 0" not in text and "Marker 1: display area 24 in" in text


def test_the_fix_report_names_the_proof_it_repaired(good) -> None:
    import hashlib

    for data, name, changes in ((THIN.read_bytes(), "thin.svg", 1), (good, "good.svg", 0)):
        result = api.fix(data, name, ".svg", overlay=True)
        assert len(result.changes) == changes
        pages = pdf_text(api.fix_report(result))
        digest = hashlib.sha256(data).hexdigest()
        assert all(f"SHA-256 {digest}" in page for page in pages[:-1] or pages)
        assert not any("could not be read" in page for page in pages)


def _copy_text(svg: bytes) -> str:
    import html
    import re

    return html.unescape(" ".join(" ".join(re.findall(r">([^<>]+)</(?:text|tspan)>",
                                                       svg.decode())).split()))


def test_the_marked_copy_shows_the_whole_digest_and_every_number(good) -> None:
    import hashlib
    import re
    import xml.etree.ElementTree as ET

    data = THIN.read_bytes()
    for svg, source, verdict in ((api.check(data, "thin.svg", annotate_copy=True)[1], data,
                                  "FAIL"),
                                 (api.check(good, "good.svg", annotate_copy=True)[1], good,
                                  "PASS")):
        root = ET.fromstring(svg)
        banner = next(e for e in root.iter() if e.get("id") == "wsmark-banner")
        lines = [t.text or "" for t in banner]
        width = float(root.get("viewBox").replace(",", " ").split()[2])
        said = " ".join(lines)
        assert f"wsmark check: {verdict}" in said
        digest = hashlib.sha256(source).hexdigest()
        assert digest in said.replace(" ", "")  # whole, on its lines
        # each line fits the drawing: at most a bold character's advance per character
        size = float(banner.get("font-size"))
        assert all(len(line) * size * 0.72 <= width for line in lines)
    text = _copy_text(api.check(data, "thin.svg", annotate_copy=True)[1])
    assert "1. outline-width NR 5.09(6)(b): measured 1.5 in, required >= 2 in" in text
    assert re.search(r" ,", text) is None


def test_the_sheets_say_the_spec_s_numbers_and_judge_their_examples() -> None:
    pdf, count, _ = api.sheets(["control"], [24])
    pages = pdf_text(pdf)
    assert len(pages) == count
    sheet = " ".join(pages)
    inner = api.build(api.design("control", 24, legend="5 MPH")).meta["dimensions"][1]
    assert inner.name == "circle inner diameter (2/3 H)"
    assert f"{inner.name} {inner.clause} in {inner.value:.2f}" in sheet
    assert "WS-3 on aid-red wrong: aid-red carries an even number, not 'WS-3', " \
           "NR 5.09(2)(a)5" in sheet
    assert "WS-2 on aid-red correct" in sheet


def test_the_bill_of_materials_says_its_blank_currency_and_unit() -> None:
    import csv

    fab, files = api.fabricate(api.design("control", 24, legend="5 MPH"), holes=2)
    bom = list(csv.DictReader(io.StringIO(next(v for k, v in files.items()
                                               if k.endswith("-bom.csv")).decode())))
    assert bom[0]["role"] == ("blank: aluminum sign blank, .080 or .100 in, 24x24 in, "
                              "corner radius 1.5 in, 2 mounting holes 0.375 in")
    rolls = list(csv.DictReader(io.StringIO(next(v for k, v in files.items()
                                                 if k.endswith("-materials.csv")).decode())))
    white = next(r for r in rolls if r["kind"] == "sheeting")
    # the 24 x 24 in blank on the 24 in roll, not the 30 in one (21.9 % waste before)
    assert white["roll width in"] == "24" and float(white["waste per sign"][:-1]) < 5
    assert {r["prices"] for r in rolls} == {"placeholder"} and "cost USD per sign" in white
    buoy, buoy_files = api.fabricate(api.design("buoy-symbol", None, sample=True))
    header = next(v for k, v in buoy_files.items() if k.endswith("-bom.csv")).decode()
    assert header.startswith("color,hex,role,sq in per buoy,sq ft per buoy")
    tables = api.fabrication_tables(buoy, "buoy-symbol")
    assert tables[0][0] == "bill of materials, surface of 1 buoy"
    assert "per sign" not in " ".join(" ".join(row) for _, rows, _ in tables for row in rows)


def test_the_check_page_says_each_verdict_once(good) -> None:
    import re

    from starlette.testclient import TestClient
    from web_helpers import form_token

    from web.app import Settings, create_app

    with TestClient(create_app(Settings(workers=1, deadline_s=30)),
                    base_url="http://127.0.0.1:8509") as client:
        token, batch = form_token(client.get("/check").text)
        sent = client.post("/check", data={"token": token, "batch": batch}, files=[
            ("files", ("thin.svg", THIN.read_bytes(), "image/svg+xml")),
            ("files", ("good.svg", good, "image/svg+xml"))], follow_redirects=False)
        assert sent.status_code == 303, sent.text
        page = client.get(sent.headers["location"]).text
    assert re.findall(r'data-verdict="(\w+)"', page) == ["fail", "pass"]
    counts = "2 files: 1 pass, 1 fail, 0 error"
    # the summary says the counts; the status line above it is read out, not shown
    assert re.search(r'<p id="status" class="status said"', page)
    assert page.count(counts) == 2 and "<h2>" + counts in page.replace("\n", "")


def test_the_packet_says_where_the_plan_is_or_that_it_does_not_say(tmp_path) -> None:
    import json

    plan = json.loads((EXAMPLES / "lake.geojson").read_text())
    bare = api.plan_check(EXAMPLES / "lake.geojson")
    pages = pdf_text(api.plan_packet(bare, None, tmp_path)["application.pdf"])
    # the water body from the plan's water feature; what the plan does not say, said so
    assert "Site: water body Crystal Lake; county not stated; town/range/section not " \
           "stated; placement season not stated" in " ".join(pages)
    plan["site"] = {"county": "Marquette", "town_range_section": "T15N R9E S12",
                    "season": "May 15 - September 30"}
    path = tmp_path / "lake.geojson"
    path.write_text(json.dumps(plan))
    pages = pdf_text(api.plan_packet(api.plan_check(path), None, tmp_path / "out")
                     ["application.pdf"])
    assert "Site: water body Crystal Lake; county Marquette; town/range/section T15N R9E " \
           "S12; placement season May 15 - September 30" in " ".join(pages)
    plan["site"] = {"township": "x"}
    path.write_text(json.dumps(plan))
    assert "'site' is an object of water_body" in (api.plan_check(path).error or "")


def test_a_restriction_s_marker_names_the_ordinance_it_enforces(tmp_path) -> None:
    """s. 30.77: an exclusion or control marker enforces a local ordinance; its row and
    page say which, or that the plan does not name it."""
    import json

    plan = json.loads((EXAMPLES / "lake.geojson").read_text())
    enforcing = [f["properties"] for f in plan["features"]
                 if f["properties"].get("symbol") in ("exclusion", "control")]
    enforcing[0]["ordinance"] = "Town of Mill ordinance 12-3"
    path = tmp_path / "lake.geojson"
    path.write_text(json.dumps(plan))
    report = api.plan_check(path)
    said = [line for lines in report.application.conditions.values() for line in lines
            if "ordinance" in line]
    assert len(said) == len(enforcing) == 7
    assert said.count("local ordinance it enforces (s. 30.77, Wis. Stats.): Town of Mill "
                      "ordinance 12-3") == 1
    assert said.count("local ordinance it enforces (s. 30.77, Wis. Stats.): not named in "
                      "the plan") == 6
    files = api.plan_packet(report, None, tmp_path / "out")
    text = " ".join(pdf_text(files["application.pdf"]))
    assert "Town of Mill ordinance 12-3" in text
    assert b'"ordinance": "Town of Mill ordinance 12-3"' in files["lake.normalised.geojson"]


# ------------------------------------------------------- smaller untruths, interface edges

@pytest.mark.parametrize("kind,words", [
    ("aid-red", "'WS-' followed by an even number, such as WS-2"),
    ("aid-green", "'WS-' followed by an odd number, such as WS-1"),
    ("aid-center", "'WS-' followed by letters, such as WS-A")])
def test_an_aid_without_its_id_is_told_its_own_example(runner, tmp_path, kind, words) -> None:
    result = invoke(runner, "render", kind, "-H", "24", "-o", str(tmp_path / "a.svg"))
    assert result.exit_code == 2
    assert words in result.stderr and result.stderr.rstrip().endswith("(--id)")
    with pytest.raises(WsmarkError) as err:  # the words every face shows: no flag
        api.build(api.design(kind, 24))
    assert words in str(err.value) and "--id" not in str(err.value)


def test_the_command_line_takes_lengths_as_people_type_them(runner, tmp_path) -> None:
    out = tmp_path / "deep" / "er" / "d.svg"  # a folder that is not there is made
    spaced = invoke(runner, "render", "danger", "-H", "24", "in", "-o", str(out))
    assert spaced.exit_code == 0 and "(20.00 x 24.00 in)" in spaced.stderr
    assert not spaced.stdout  # "wrote PATH" on stderr, as docs/cli.md says
    tol = invoke(runner, "check", str(THIN), "--tolerance", "outline-width=1in",
                 "--allow-below-minimum", "--format", "json")
    import json

    (record,) = json.loads(tol.stdout)
    assert record["tolerance_overrides"][0]["value"] == 1.0
    flag = invoke(runner, "render", "diver-flag", "-H", "24", "-o", str(tmp_path / "f.svg"))
    assert flag.exit_code == 2 and "diver-flag has no display area" in flag.stderr


def test_a_plan_s_mistakes_are_one_whole_line_on_stderr(runner, tmp_path) -> None:
    import json

    plan = json.loads((EXAMPLES / "lake.geojson").read_text())
    marker = next(f["properties"] for f in plan["features"] if "kind" in f["properties"])
    marker["kind"] = "buoy-rase"
    path = tmp_path / "typo.geojson"
    path.write_text(json.dumps(plan))
    typo = invoke(runner, "plan", "check", str(path))
    assert typo.exit_code == 2 and not typo.stdout
    assert "unknown marker kind 'buoy-rase' (did you mean 'buoy-race'?)" in typo.stderr
    marker["kind"] = "buoy-race"
    marker.update({f"an_unknown_property_number_{n}": n for n in range(12)})
    path.write_text(json.dumps(plan))
    (line,) = invoke(runner, "plan", "check", str(path)).stderr.strip().splitlines()
    assert "and 9 more; known: kind, ws_id" in line and line.endswith("ordinance")


def test_lettering_is_said_as_it_was_read(tmp_path) -> None:
    rocks = api.render(api.design("danger", 24, legend="rocks"), ".svg")
    report = api.check(rocks, "rocks.svg")[0]
    assert report.verdict == "review"  # docs/markers.md: a lowercase legend is a review
    assert [f.rule for f in report.findings if f.severity == "review"] == ["legend-legibility"]
    blue = (ROOT / "tests" / "drawings" / "defects" /
            "nr5-09-2-b-5-t01-fail-blue-legend.svg").read_bytes()
    colors = [f for f in api.check(blue, "blue.svg")[0].findings if f.rule == "reg-legend-color"]
    assert len(colors) == 1 and "legend 'SLOW / NO WAKE' (2 lines) is #003F87" in \
        colors[0].message
    design = b"kind: aid-red\ndisplay_height: 24\nws_id: WS-2\n"
    (marker,) = api.check(design, "a.yaml")[0].markers
    assert (marker.ws_id, marker.text_basis) == ("WS-2", "declared")


def test_the_map_locates_the_plan_within_the_state() -> None:
    import re

    report = api.plan_check(EXAMPLES / "river-channel.geojson")
    svg = api.plan_map(report, ".svg").decode()
    plan = report.read_plan
    lat = sum(m.lat for m in plan.markers) / len(plan.markers)
    lon = sum(m.lon for m in plan.markers) / len(plan.markers)
    assert "Locator: Wisconsin (its bounds)" in svg
    assert f"the plan: {lat:.4f} N, {abs(lon):.4f} W" in svg
    assert re.search(r"Locator", svg) and svg.count("Locator") == 1
