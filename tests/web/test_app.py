"""The web page through Starlette's TestClient: every route, and each safeguard (size
limits, form tokens, hostile files, client file names) refusing in one line while the
server keeps serving."""

from __future__ import annotations

import io
import html
import json
import re
import subprocess
import sys
import time
import urllib.request
import zipfile
from pathlib import Path

import pypdf
import pytest
import yaml

from markers import api
from markers.core.design import parse_design
from web.app import Settings, create_app
from web_helpers import BAD, BOMB, GOOD, TESTS, TEXT_LEGEND, THIN, form_token

from starlette.testclient import TestClient  # drives the app through httpx2
LIMIT = 1_000_000
CONTROL = "kind=control&display_height=24&legend=SLOW+NO+WAKE"


@pytest.fixture(scope="module")
def keep(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("kept")


@pytest.fixture(scope="module")
def client(keep):
    settings = Settings(max_file_bytes=LIMIT, max_request_bytes=LIMIT * 2, workers=2,
                        deadline_s=30, keep_dir=str(keep))
    with TestClient(create_app(settings), base_url="http://127.0.0.1:8509") as test_client:
        yield test_client


def _check(client, files, token=None, batch=None, **extra):
    page = client.get("/check")
    found_token, found_batch = form_token(page.text)
    data = {"token": found_token if token is None else token, "batch": batch or found_batch,
            **extra}
    return client.post("/check", data=data, files=[("files", f) for f in files],
                       follow_redirects=False), found_batch


def _one_line(response) -> str:
    assert response.headers["content-type"].startswith("text/plain")
    assert "Traceback" not in response.text
    lines = response.text.strip().splitlines()
    assert len(lines) == 1, response.text
    return lines[0]


def _still_serving(client) -> None:
    response, batch = _check(client, [("good.svg", GOOD, "image/svg+xml")])
    assert response.status_code == 303
    assert 'data-verdict="pass"' in client.get(f"/check/{batch}").text


def test_pages_carry_the_security_headers(client) -> None:
    for path in ("/check", "/design", "/reference"):
        response = client.get(path)
        assert response.status_code == 200
        csp = response.headers["content-security-policy"]
        assert "default-src 'self'" in csp and "frame-ancestors 'none'" in csp
        assert "img-src 'self' data:" in csp and "unsafe-inline" not in csp
        assert response.headers["x-content-type-options"] == "nosniff"
        assert "<script>" not in response.text and " on" + "click=" not in response.text
        assert 'src="/static/app.js"' in response.text
    assert client.get("/", follow_redirects=False).headers["location"] == "/check"


def test_the_accepted_suffixes_come_from_the_api(client) -> None:
    page = client.get("/check").text
    assert f'accept="{",".join(api.check_suffixes())}"' in page


def test_a_compliant_and_a_failing_proof(client) -> None:
    response, batch = _check(client, [("vendor control.svg", GOOD, "image/svg+xml"),
                                      ("red aid.svg", BAD, "image/svg+xml")])
    assert response.status_code == 303 and response.headers["location"] == f"/check/{batch}"
    page = client.get(f"/check/{batch}").text
    assert re.findall(r'data-verdict="(\w+)"', page) == ["pass", "fail"]
    assert 'data-rule="aid-id-parity"' in page and "vendor control.svg" in page
    assert "2 files: 1 pass, 1 fail" in page
    # the paragraph quoted on expand
    assert api.explain("aid-id-parity").splitlines()[0] in page.replace("&#39;", "'")
    marked = client.get(f"/check/{batch}/1/marked.svg")
    assert marked.headers["content-type"].startswith("image/svg+xml")
    assert b"wsmark-annotations" in marked.content and b"<script" not in marked.content
    assert "sandbox" in marked.headers["content-security-policy"]
    reports = json.loads(client.get(f"/check/{batch}/report.json").text)
    assert [(r["file"], r["verdict"]) for r in reports] == [("vendor control.svg", "pass"),
                                                            ("red aid.svg", "fail")]
    sarif = json.loads(client.get(f"/check/{batch}/report.sarif").text)
    assert {r["ruleId"] for r in sarif["runs"][0]["results"]} >= {"aid-id-parity"}
    pdf = client.get(f"/check/{batch}/report.pdf")
    assert pdf.headers["content-type"] == "application/pdf"
    texts = [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(pdf.content)).pages]
    starts = [i for i, text in enumerate(texts) if "page 1 of" in text]  # a file's first page
    assert len(starts) == 2
    assert "PASS" in texts[0] and "vendor control.svg" in texts[0]
    assert "FAIL" in texts[starts[1]] and "aid-id-parity" in " ".join(texts[starts[1]:])
    summary = client.get(f"/check/{batch}/summary").text
    assert summary.startswith('<section id="summary"') and "aid-id-parity" in summary


def _verdicts(page: str) -> list[str]:
    return re.findall(r'data-verdict="(\w+)"', page)


def test_a_waiver_is_of_one_finding_of_one_file_and_can_be_removed(client) -> None:
    response, batch = _check(client, [("red aid.svg", BAD, "image/svg+xml"),
                                      ("red aid again.svg", BAD, "image/svg+xml")])
    assert _verdicts(client.get(f"/check/{batch}").text) == ["fail", "fail"]
    token = form_token(client.get("/check").text)[0]
    waived = client.post(f"/check/{batch}/0/waive", data={
        "token": token, "rule": "aid-id-parity", "marker": "1",
        "reason": "board approved; by=Town board; on=2026-05-01"}, follow_redirects=False)
    assert waived.status_code == 303 and waived.headers["location"] == f"/check/{batch}#item-0"
    page = client.get(f"/check/{batch}").text
    # issue 31: a waived error is not met, never a pass; the other file keeps its failure
    assert _verdicts(page) == ["waived", "fail"]
    said = re.findall(r'<p class="verdict"><span class="badge">([\w ,]+)</span> ([^<]*)</p>',
                      page)
    assert said[0][0] == "not met, waived" and html.unescape(said[0][1]) == (
        "Waived (1 finding accepted by waiver): does not meet NR 5.09(2)(a)5 (aid-id-parity) "
        'as drawn; accepted by local waiver: "board approved", by Town board, on 2026-05-01; '
        "a waiver does not make the drawing compliant")
    said = [words for _, words in said]
    assert said[1].startswith("Fail: does not meet the rule as drawn")
    assert "may go on the water" not in page
    # the finding and its requirement's row, of the first file only
    waiver = '"board approved", by Town board, on 2026-05-01'
    assert html.unescape(page).count(f"accepted by waiver: {waiver}") == 2
    assert "not met; accepted by waiver" in html.unescape(page)
    assert re.search(r'<li class="finding sev-error waived" data-rule="aid-id-parity" '
                     r'data-marker="0" data-waived="1">', page)
    copies = [client.get(f"/check/{batch}/{n}/marked.svg").text for n in (0, 1)]
    said_on_copy = " ".join(html.unescape(" ".join(re.findall(r">([^<>]+)</text>",
                                                              copies[0]))).split())
    assert f"NOT MET, WAIVED ({waiver}) aid-id-" in said_on_copy
    assert "wsmark check: NOT MET, ACCEPTED BY WAIVER" in copies[0]
    assert "PASS" not in copies[0] and "WAIVED" not in copies[1]
    reports = json.loads(client.get(f"/check/{batch}/report.json").text)
    parity = [[f.get("waived") for f in r["findings"] if f["rule"] == "aid-id-parity"]
              for r in reports]
    assert parity == [["board approved; by=Town board; on=2026-05-01"], [None]]
    assert [r["verdict"] for r in reports] == ["waived", "fail"]
    removed = client.post(f"/check/{batch}/0/waive", data={
        "token": token, "rule": "aid-id-parity", "marker": "1", "action": "remove"})
    assert _verdicts(removed.text) == ["fail", "fail"]
    for data, words in (({"rule": "no-such-rule", "reason": "x"}, "unknown rule"),
                        ({"rule": "aid-id-parity", "reason": " "}, "needs its reason"),
                        ({"rule": "aid-id-parity", "marker": "x", "reason": "r"},
                         "a rule on one marker")):
        refused = client.post(f"/check/{batch}/1/waive", data={"token": token, **data})
        assert refused.status_code == 400 and words in _one_line(refused), data
    assert client.post(f"/check/{batch}/7/waive", data={
        "token": token, "rule": "aid-id-parity", "reason": "r"}).status_code == 404
    assert _verdicts(client.get(f"/check/{batch}").text) == ["fail", "fail"]


def test_an_empty_upload_is_named_as_empty(client) -> None:
    response, batch = _check(client, [("empty.svg", b"", "image/svg+xml"),
                                      ("blank.svg", b"  \n\t", "image/svg+xml")])
    assert response.status_code == 303
    page = client.get(f"/check/{batch}").text
    assert re.findall(r'<p class="error-line">([^<]*)</p>', page) == [
        "empty.svg: the file is empty",
        "blank.svg: the file holds nothing but 4 blank character(s)"]
    assert "well-formed" not in page


def test_a_finding_says_where_it_is_and_its_number_on_the_copy(client) -> None:
    response, batch = _check(client, [("thin.yaml", THIN, "application/yaml")])
    page = client.get(f"/check/{batch}").text
    item = re.search(r'data-rule="outline-width".*?</summary>', page, re.S).group(0)
    place = re.search(r'<span class="place"><span class="mark" [^>]*>(\d+)</span> ([^<]*)</span>',
                      item)
    assert place.groups() == ("1", "bottom, 2.3 in from the bottom edge")
    marked = client.get(f"/check/{batch}/0/marked.svg").text
    assert "1. outline-width" in marked


def test_notes_that_were_judged_are_not_set_aside(client) -> None:
    response, batch = _check(client, [("text legend.svg", TEXT_LEGEND, "image/svg+xml")])
    page = client.get(f"/check/{batch}").text
    notes = page.split("<h3>Notes</h3>")[1].split("</ul>")[0]
    aside = page.split("<h3>Set aside (noted, not judged)</h3>")[1].split("</ul>")[0]
    assert re.findall(r'data-rule="([\w-]+)"', notes) == ["text-outlined"]
    assert re.findall(r'data-rule="([\w-]+)"', aside) == ["set-aside"]
    assert "border" in aside


@pytest.mark.parametrize("height", ["nan", "-5", "0", "abc", "1e9"])
def test_a_display_height_that_is_no_length_is_refused(client, height) -> None:
    response, _ = _check(client, [("a.svg", GOOD, "image/svg+xml")], display_height=height)
    assert response.status_code == 400 and "positive number of inches" in _one_line(response)


def test_a_display_height_may_carry_its_unit(client) -> None:
    response, batch = _check(client, [("a.svg", GOOD, "image/svg+xml")],
                             display_height="60.96cm")
    assert response.status_code == 303
    report = json.loads(client.get(f"/check/{batch}/report.json").text)[0]
    assert report["display_height_in"] == pytest.approx(24.0)


def test_the_fragment_answer_of_the_script(client) -> None:
    page = client.get("/check")
    token, batch = form_token(page.text)
    response = client.post("/check", data={"token": token, "batch": batch},
                           files=[("files", ("a.svg", GOOD))], headers={"X-Wsmark-Fragment": "1"})
    assert response.status_code == 200
    assert response.text.lstrip().startswith('<section class="item verdict-pass"')


def test_an_oversized_upload_is_refused_in_one_line(client) -> None:
    response, _ = _check(client, [("big.svg", b" " * (LIMIT + 10), "image/svg+xml")])
    assert response.status_code == 413
    assert "over the 1 MB limit of one file" in _one_line(response)
    response, _ = _check(client, [(f"b{i}.svg", b" " * (LIMIT - 100), "image/svg+xml")
                                  for i in range(3)])
    assert response.status_code == 413
    assert "over the 2 MB limit of one request" in _one_line(response)
    _still_serving(client)


def test_a_cross_site_post_without_the_token_is_refused(client) -> None:
    bare = TestClient(client.app, base_url="http://127.0.0.1:8509")  # no cookie, no token
    response = bare.post("/check", files=[("files", ("a.svg", GOOD))])
    assert response.status_code == 403 and "form token" in _one_line(response)
    response, _ = _check(client, [("a.svg", GOOD)], token="forged")
    assert response.status_code == 403 and "form token" in _one_line(response)
    token, batch = form_token(client.get("/check").text)
    response = client.post("/check", data={"token": token, "batch": batch},
                           files=[("files", ("a.svg", GOOD))],
                           headers={"Origin": "https://evil.example"})
    assert response.status_code == 403 and "another site" in _one_line(response)
    _still_serving(client)


def test_a_path_traversal_filename_is_never_a_path(client, keep, tmp_path) -> None:
    before = set(keep.iterdir())
    name = "../../../../tmp/wsmark-evil/..\\..\\evil.svg"
    response, batch = _check(client, [(name, GOOD, "image/svg+xml")])
    assert response.status_code == 303
    page = client.get(f"/check/{batch}").text
    assert ">evil.svg<" in page and "../" not in page
    kept = set(keep.iterdir()) - before
    assert len(kept) == 1
    (path,) = kept
    assert path.parent == keep and re.fullmatch(r"\d{8}-\d{6}-[0-9a-f]{16}-[0-9a-f]{8}\.svg", path.name)
    assert path.read_bytes() == GOOD
    assert not Path("/tmp/wsmark-evil").exists()


def test_an_xml_bomb_is_a_one_line_error_and_the_server_keeps_serving(client) -> None:
    started = time.monotonic()
    response, batch = _check(client, [("bomb.svg", BOMB, "image/svg+xml"),
                                      ("good.svg", GOOD, "image/svg+xml")])
    assert time.monotonic() - started < 30
    page = client.get(f"/check/{batch}").text
    assert re.findall(r'data-verdict="(\w+)"', page) == ["error", "pass"]
    error = re.search(r'<p class="error-line">([^<]*)</p>', page).group(1)
    assert error.startswith("bomb.svg: ") and "\n" not in error
    _still_serving(client)


def test_unknown_things_are_one_line_404s(client) -> None:
    for path in ("/nope", "/check/" + "x" * 30, "/check/abc/report.exe",
                 "/design/download.exe?" + CONTROL, "/reference/sheet/nothing"):
        response = client.get(path)
        assert response.status_code == 404, path
        _one_line(response)


def test_design_page_previews_with_scale_spec_and_downloads(client) -> None:
    page = client.get("/design?" + CONTROL).text
    assert 'id="artwork" src="/design/artwork.svg?kind=control&amp;display_height=24' in page
    assert "Shown at 1:" in page and "NR 5.09(6)(c)" in page
    assert "circle inner diameter (2/3 H)" in page
    art = client.get("/design/artwork.svg?" + CONTROL)
    assert art.headers["content-type"].startswith("image/svg+xml") and b"<svg" in art.content
    for fmt, magic in (("svg", b"<svg"), ("pdf", b"%PDF"), ("png", b"\x89PNG")):
        body = client.get(f"/design/download.{fmt}?" + CONTROL).content
        assert magic in body[:200], fmt
    archive = zipfile.ZipFile(io.BytesIO(client.get("/design/download.zip?" + CONTROL).content))
    names = archive.namelist()
    assert any(n.endswith("print.pdf") for n in names) and any(n.endswith("cut.dxf") for n in names)
    assert any(n.endswith("bom.csv") for n in names)
    design = yaml.safe_load(client.get("/design/download.yaml?" + CONTROL).text)
    assert design == {"kind": "control", "display_height": 24.0, "legend": "SLOW NO WAKE"}
    again = parse_design(client.get("/design/download.yaml?" + CONTROL).content, "d.yaml")
    assert api.build(again).width == pytest.approx(24.0)


@pytest.mark.parametrize("query, field, words", [
    ("kind=control&display_height=11", "display_height", "12 in minimum"),
    ("kind=aid-red&display_height=18&ws_id=WS-3", "ws_id", "even number"),
    ("kind=control&display_height=12&legend=" + "LONG+WORDS+" * 8, "legend", "does not fit"),
    ("kind=control&display_height=abc", "display_height", "give a length such as 24, 24in"),
    ("kind=control&display_height=5000", "display_height", "no marker is larger than 1200 in"),
    ("kind=control&display_height=24&legend=A&qty=0", "qty", "give 1 to 10,000"),
    ("kind=control&display_height=24&legend=A&dpi=9999", "dpi", "give 1 to 2,400"),
    ("kind=control&display_height=24&legend=A&max_width=10", "max_width", "narrower than"),
    ("kind=control&display_height=12&outline=5", "outline", "larger than the 12 in"),
    ("kind=buoy-wrap&symbol=danger&display_height=12&seam=20", "seam", "seam overlap"),
    ("kind=buoy-symbol&symbol=control&diameter=5", "diameter", "below the minimum"),
    ("kind=danger&display_height=24&permit_id=wi-7", "permit_id", "capitals and digits"),
])
def test_a_refusal_appears_beside_its_field(client, query, field, words) -> None:
    page = client.get("/design?" + query).text
    errors = dict(re.findall(r'<span class="field-error" id="error-([\w]+)">([^<]*)</span>',
                             page))
    assert words in errors[field]
    assert [name for name, text in errors.items() if text] == [field]
    assert "No preview" in page


def test_a_permit_id_is_lettered_on_the_design_and_kept_in_its_files(client) -> None:
    query = "kind=danger&display_height=24&legend=ROCKS&permit_id=WI-2026-0417"
    assert 'name="permit_id"' in client.get("/design?" + query).text
    art = client.get("/design/artwork.svg?" + query).text
    assert 'id="permit-label"' in art and "WI-2026-0417" in art
    plain = client.get("/design/artwork.svg?kind=danger&display_height=24&legend=ROCKS").text
    assert "permit-label" not in plain
    assert yaml.safe_load(client.get("/design/download.yaml?" + query).text)["permit_id"] \
        == "WI-2026-0417"
    download = client.get("/design/download.svg?" + query)
    assert download.headers["content-disposition"] == \
        'attachment; filename="danger-24in-rocks-wi-2026-0417.svg"'  # as fabricate names it
    flag = client.get("/design?kind=distress-flag").text
    assert 'name="permit_id"' not in flag  # flags are not placed under NR 5.09(3)


def test_the_kind_picker_fills_in_a_typical_design(client) -> None:
    for kind in api.kinds():
        page = client.get(f"/design?kind={kind.name}")
        assert page.status_code == 200
        assert 'id="artwork"' in page.text, kind.name


def test_reference_catalogue_and_sheets(client) -> None:
    page = client.get("/reference").text
    for kind in api.kinds():
        assert f'href="/reference/sheet/{kind.name}"' in page
        assert kind.ref.quote[:40].replace('"', "&#34;").replace("'", "&#39;") in page
    link = client.get("/reference/sheet/danger", follow_redirects=False)
    assert link.status_code == 303 and re.fullmatch(
        r"/reference/sheets\.pdf#page=\d+", link.headers["location"])
    number = int(link.headers["location"].rsplit("=", 1)[1])
    pdf = client.get("/reference/sheets.pdf").content
    text = pypdf.PdfReader(io.BytesIO(pdf)).pages[number - 1].extract_text()
    assert api.kind("danger").title.split(":")[0] in text


def test_wsmark_serve_prints_its_address_and_serves(tmp_path) -> None:
    script = Path(sys.executable).parent / "wsmark"
    process = subprocess.Popen([str(script), "serve", "--port", "0", "--workers", "1"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = process.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        assert match, line
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(match.group(0) + "check", timeout=5) as answer:
                    assert answer.status == 200 and b"Check a proof" in answer.read()
                    break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
    finally:
        process.terminate()
        process.wait(30)
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        taken = subprocess.run([str(script), "serve", "--port", str(port)],
                               capture_output=True, text=True, timeout=30)
    assert taken.returncode == 2
    assert taken.stderr.strip().startswith("wsmark: error: cannot listen on 127.0.0.1:")
    assert len(taken.stderr.strip().splitlines()) == 1


def test_the_fabrication_files_take_the_shops_materials_file(client) -> None:
    shipped = (Path(api.__file__).parent / "core/data/materials.yaml").read_text()
    mine = shipped.replace("white reflective sheeting", "Lakeside white sheeting")
    assert mine != shipped
    token = form_token(client.get("/check").text)[0]
    fields = {"token": token, "kind": "control", "display_height": "60cm",
              "legend": "5 MPH", "qty": "2"}
    zipped = client.post("/design/download.zip", data=fields,
                         files=[("materials", ("lakeside.yaml", mine.encode()))])
    assert zipped.status_code == 200, zipped.text
    archive = zipfile.ZipFile(io.BytesIO(zipped.content))
    rows = next(archive.read(n).decode() for n in archive.namelist()
                if n.endswith("materials.csv"))
    assert "Lakeside white sheeting" in rows
    plain = zipfile.ZipFile(io.BytesIO(client.get(
        "/design/download.zip?kind=control&display_height=60cm&legend=5+MPH").content))
    assert "Lakeside white" not in next(plain.read(n).decode() for n in plain.namelist()
                                        if n.endswith("materials.csv"))
    broken = client.post("/design/download.zip", data=fields,
                         files=[("materials", ("broken.yaml", b"materials: [\n"))])
    assert broken.status_code == 400
    assert "the materials file given: not a YAML materials file" in _one_line(broken)
    none = client.post("/design/download.zip", data=fields)
    assert none.status_code == 400 and "materials file" in _one_line(none)
    page = client.get("/design?kind=control").text
    assert 'action="/design/download.zip"' in page and 'name="materials"' in page


def test_every_requirement_judged_is_a_row_when_the_report_has_them() -> None:
    """The record (MarkerReport.checks, a row per requirement judged, passes too) is a
    table per marker: each row's cells as given, and a passing sign's every row."""
    from html import unescape
    from types import SimpleNamespace as Row

    from web.app import WebApp

    env = WebApp(Settings()).env
    rows = [Row(rule="outline-width", citation="NR 5.09(6)(b)", result="pass",
                measured=2.0, required=">= 2.0", unit="in", tolerance=0.01,
                message="outline 2.00 in", waived=None),
            Row(rule="diamond-slope", citation="NR 5.09(6)(d)", result="waived",
                measured=36.2, required="35.0", unit="deg", tolerance=0.5,
                message="sides 36.2 deg", waived="board, 2026-05-01")]
    with_rows = Row(markers=[Row(index=0, checks=rows)])
    html = env.get_template("_checks.html").render(r=with_rows)
    cells = [[unescape(cell) for cell in re.findall(r"<td[^>]*>([^<]*)</td>", row)]
             for row in re.findall(r"<tr class=[^>]*>.*?</tr>", html)]
    assert cells == [["outline-width", "NR 5.09(6)(b)", "2.0 in", ">= 2.0 in", "0.01 in",
                      "pass"],
                     ["diamond-slope", "NR 5.09(6)(d)", "36.2 deg", "35.0 deg", "0.5 deg",
                      'not met or not followed; accepted by waiver: "board, 2026-05-01"']]
    real = api.check(GOOD, "good.svg")[0]
    shown = re.findall(r"<tr class=[^>]*>.*?</tr>",
                       env.get_template("_checks.html").render(r=real))
    assert len(shown) == len(real.markers[0].checks) >= 5  # every requirement judged
    assert all("pass" in row for row in shown)


@pytest.mark.parametrize("hostile", ["\u202e", "\u2066", "\u200f", "\u061c"])
def test_a_legend_s_bidi_and_control_characters_are_shown_not_obeyed(client, hostile) -> None:
    """The turn-4 DXF whose legend holds U+202E (right-to-left override), an isolate, a
    mark (RLM, ALM): the results page shows it escaped wherever it prints the
    legend (the measured column printed it raw), never the character itself."""
    dxf = (TESTS / "data" / "hostile" / "dxf-control-char-legend.dxf").read_bytes()
    dxf = dxf.replace(b"SLOW\x01NO\x0bWAKE\x1b[31m", f"SLOW{hostile}NO WAKE".encode())
    response, batch = _check(client, [("sign.dxf", dxf, "application/dxf")])
    page = client.get(f"/check/{batch}").text
    assert hostile not in page
    assert f"SLOW{hostile.encode('unicode_escape').decode()}NO WAKE</td>" in page
