"""The plan packet as an application, read back from the PDF with pypdf: the parties and
the decision with their signature and date blocks, what is missing before filing, the
conditions of a placement (written permission, a temporary placement), markers
numbered one way, identical markers on one page. The expected words come from the
example plans' JSON (read here, not through wsmark) and from the rule text."""

from __future__ import annotations

import copy
import io
import json
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner

from cli import cli
from markers import api
from markers.plan.check import plan_setting
from markers.plan.load import load_plan
from markers.products.plan_map import plan_map_svg
from markers.products.plan_packet import dms, normalised_geojson, plan_kml
from cli_helpers import assert_ok, assert_user_error, invoke
from wi import PACK

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
PERMISSION = "NR 5.09(7)(c)"
TEMPORARY = "NR 5.09(7)(d)"
APPLICATION = "NR 5.09(3)(b)"
PERMIT = "WI-2026-0417"


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


@pytest.fixture(scope="module")
def example(tmp_path_factory):
    """The packet of an example plan, made once per module by the command line into a
    folder that does not exist yet: its pages' text, and the folder."""
    made: dict[str, tuple[list[str], Path]] = {}

    def packet(name: str) -> tuple[list[str], Path]:
        if name not in made:
            out = tmp_path_factory.mktemp(name) / "not-yet" / "application.pdf"
            made[name] = (_packet(CliRunner(), EXAMPLES / f"{name}.geojson", out), out.parent)
        return made[name]
    return packet


def _pages(pdf: Path | bytes) -> list[str]:
    """Each page's text, its whitespace made single spaces (pypdf breaks lines where the
    page does)."""
    data = pdf if isinstance(pdf, bytes) else pdf.read_bytes()
    reader = pypdf.PdfReader(io.BytesIO(data))
    return [" ".join(page.extract_text().split()) for page in reader.pages]


def _packet(runner, plan: Path, out: Path, *options: str) -> list[str]:
    result = invoke(runner, "plan", "packet", str(plan), "-o", str(out), *options)
    assert_ok(result)
    wrote = [line for line in result.stderr.splitlines() if line.startswith("wrote ")]
    assert wrote[0] == f"wrote {out}" and len(wrote) == 3
    return _pages(out)


def _markers(plan: dict) -> list[dict]:
    return [f["properties"] for f in plan["features"] if "kind" in f["properties"]]


def _copy_plan(tmp_path: Path, plan: dict, name: str) -> Path:
    """``plan`` written beside a copy of the examples' design files."""
    (tmp_path / "designs").mkdir(exist_ok=True)
    for design in (EXAMPLES / "designs").iterdir():
        (tmp_path / "designs" / design.name).write_bytes(design.read_bytes())
    path = tmp_path / name
    path.write_text(json.dumps(plan))
    return path


def _missing(form: str) -> list[str]:
    """The numbered items under 'Before this application can be filed'."""
    tail = form.split("Before this application can be filed", 1)[1]
    return [item.strip() for item in re.split(r"\s\d+\. ", " " + tail) if item.strip()]


@pytest.mark.parametrize("name", ["river-channel", "lake", "mooring-field"])
def test_the_packet_of_each_example_is_an_application(example, name):
    """Each example's packet, written into a folder that does not exist yet, opens
    with the application form: every party the plan states, by name, address and
    contact, with a signature and a date line for each, the decision's box ticked."""
    plan = json.loads((EXAMPLES / f"{name}.geojson").read_text())
    form = example(name)[0][0]
    assert form.startswith("Waterway marker application")
    assert "complete a waterway marker application form, indicating their approval or " \
           "disapproval" in form  # the rule's words, NR 5.09(3)(b)
    stated = plan["application"]
    for role, party in stated.items():
        if role == "decision":
            continue
        for value in party.values():
            assert value in form, (role, value)
    kinds = {m["kind"] for m in _markers(plan)}
    roles = ["applicant", "political subdivision", "property owner"]
    if kinds & {"buoy-mooring", "buoy-race"}:  # (7)(c) asks the riparian owner's
        roles.append("adjacent riparian owner")
    else:
        assert "riparian" not in form.lower()
    for role in roles:
        assert f"Signature of the {role} Date" in form
    assert form.count("Signature of the") == len(roles) + 1  # and the department's
    decision = stated.get("decision")
    if decision:
        assert "X approves" in form and decision["date"] in form \
            and decision["signatory"] in form


def test_the_lake_application_says_what_is_missing(example):
    """The lake's plan names the applicant, the town and the riparian owner (by name
    only) and no decision: the form lists exactly what is left."""
    pages, _ = example("lake")
    assert _missing(pages[0]) == [
        f"Property owner: name, address, contact ({APPLICATION})",
        f"Adjacent riparian owner: address, contact ({PERMISSION})",
        f"Political subdivision's decision: approval or disapproval, date, signatory "
        f"({APPLICATION})"]
    assert "X approves" not in pages[0] and "X disapproves" not in pages[0]
    (record,) = json.loads(invoke(CliRunner(), "plan", "check", "--format", "json",
                                  str(EXAMPLES / "lake.geojson")).stdout)
    assert record["application_missing"] == _missing(pages[0])
    assert [m["number"] for m in record["markers"]] == list(range(1, 12))


def test_a_complete_application_misses_nothing_but_the_signatures(example):
    pages, _ = example("river-channel")
    assert _missing(pages[0]) == ["nothing is missing: sign and date the blocks above"]


def test_options_complete_the_lake_application(runner, tmp_path):
    """--party and --decision state what the plan leaves out (over the plan's), and the
    normalised plan written beside the packet carries them: checked again, its packet
    misses nothing."""
    owner = "Mill Shore Trust; 9 Lake Ln, Mill, WI 53999; 608-555-0188"
    riparian = "Lakeview Shores Association; PO Box 7, Mill, WI 53999; 608-555-0190"
    out = tmp_path / "out" / "application.pdf"
    pages = _packet(runner, EXAMPLES / "lake.geojson", out,
                    "--party", f"property_owner={owner}", "--party",
                    f"riparian_owner={riparian}", "--decision", "disapproved",
                    "--decision-date", "2026-05-04", "--signatory", "Bo Park, Town Chair")
    form = pages[0]
    for part in owner.split("; ") + riparian.split("; "):
        assert part in form
    assert "X disapproves the placement" in form and "2026-05-04" in form \
        and "Bo Park, Town Chair" in form
    assert _missing(form) == ["nothing is missing: sign and date the blocks above"]
    normalised = json.loads((out.parent / "lake.normalised.geojson").read_text())
    assert normalised["application"]["property_owner"] == dict(
        zip(("name", "address", "contact"), owner.split("; ")))
    assert normalised["application"]["decision"] == {
        "outcome": "disapproved", "date": "2026-05-04", "signatory": "Bo Park, Town Chair"}
    again = api.plan_check(out.parent / "lake.normalised.geojson")
    assert again.verdict == "pass" and again.application.missing == ()


def test_the_csv_plan_states_the_same_application_as_the_geojson():
    csv_plan = api.plan_check(EXAMPLES / "mooring-field.csv").plan
    geo_plan = api.plan_check(EXAMPLES / "mooring-field.geojson").plan
    assert csv_plan.application == geo_plan.application
    assert csv_plan.application.party("riparian_owner").name == \
        "Town of Mill (harbour frontage)"


def test_race_buoys_show_the_riparian_permission_and_the_temporary_days(example, runner,
                                                                        tmp_path):
    """The lake's four race buoys carry riparian_permission true and temporary_days 3:
    the table's rows and their page say so with the paragraphs; a buoy whose permission
    is refused is named in the missing list."""
    pages, _ = example("lake")
    table = next(text for text in pages if text.startswith("Markers 1-11 of 11"))
    given = (f"written permission of the adjacent riparian owner (Lakeview Shores "
             f"Association): given ({PERMISSION})")
    temporary = (f"temporary placement: 3 days; up to 14 days may be exempted by a local "
                 f"authority ({TEMPORARY})")
    assert table.count(given) == 4 and table.count(temporary) == 4
    race_page = next(text for text in pages if "Where each stands" in text
                     and "buoy-race" in text)
    assert race_page.count(given) == 4 and race_page.count(temporary) == 4
    plan = json.loads((EXAMPLES / "lake.geojson").read_text())
    races = [f for f in plan["features"] if f["properties"].get("kind") == "buoy-race"]
    races[1]["properties"]["riparian_permission"] = False
    races[2]["properties"]["riparian_owner"] = "J. Doe, 12 Lake Ln"  # its own neighbour
    pages = _packet(runner, _copy_plan(tmp_path, plan, "lake.geojson"),
                    tmp_path / "refused.pdf")
    table = next(text for text in pages if text.startswith("Markers 1-11 of 11"))
    assert table.count(given) == 2 and "owner (J. Doe, 12 Lake Ln): given" in table
    assert "owner (Lakeview Shores Association): refused" in table
    assert f"Adjacent riparian owner's written permission refused for #9 (1 marker) " \
           f"({PERMISSION})" in _missing(pages[0])
    assert "1 error finding of the check to correct (see Findings)" in _missing(pages[0])


def _tags(text: str) -> list[str]:
    return re.findall(r"#\d+\b", text)


def test_markers_are_numbered_one_way_everywhere(example, runner, tmp_path):
    """The lake's 11 markers are #1-#11 in the table, on the map, on their pages, in
    the KML, the waypoints and the check's text; nothing is numbered by its place in
    the file (features 4-14)."""
    pages, folder = example("lake")
    numbers = [f"#{n}" for n in range(1, 12)]
    table = next(text for text in pages if text.startswith("Markers 1-11 of 11"))
    assert [t for t in _tags(table)] == numbers
    map_page = next(text for text in pages if text.startswith("Placement plan:"))
    assert sorted(_tags(map_page), key=lambda t: int(t[1:])) == numbers
    marker_pages = [text for text in pages if "Where each stands" in text]
    assert sorted((t for text in marker_pages for t in _tags(text.split("Where", 1)[1])),
                  key=lambda t: int(t[1:])) == numbers
    kml = ET.parse(folder / "lake.kml").getroot()
    ns = {"k": "http://www.opengis.net/kml/2.2"}
    names = [p.findtext("k:name", namespaces=ns) for p in kml.findall(".//k:Placemark", ns)]
    assert names[:11] == numbers
    gpx = tmp_path / "crew.gpx"
    assert_ok(invoke(runner, "plan", "export", str(EXAMPLES / "lake.geojson"), "--gpx",
                     str(gpx)))
    root = ET.parse(gpx).getroot()
    assert [w.findtext("{http://www.topografix.com/GPX/1/1}name")
            for w in root.iter("{http://www.topografix.com/GPX/1/1}wpt")] == numbers
    plan = json.loads((EXAMPLES / "lake.geojson").read_text())
    features = [i for i, f in enumerate(plan["features"]) if "kind" in f["properties"]]
    assert features == list(range(4, 15))  # what the old numbering showed
    check = invoke(runner, "plan", "check", str(EXAMPLES / "defects" /
                                                "temporary-20-days.geojson"))
    assert [_tags(line)[0] for line in check.stdout.splitlines()[1:]] == numbers[7:]
    everything = " ".join(pages) + (folder / "lake.kml").read_text() + gpx.read_text()
    assert not set(_tags(everything)) - set(numbers)


def test_identical_markers_share_a_page(example):
    """The lake's 3 exclusion buoys, 4 slow-no-wake buoys (one design file) and 4 race
    buoys make three marker pages, each listing its markers; the river's aids each
    letter their own id, so each has its page; the 8 moorings are one page."""
    pages, _ = example("lake")
    marker_pages = [text for text in pages if "Where each stands" in text
                    or "Where it stands" in text]
    assert [text.split(":", 1)[0] for text in marker_pages] == [
        "3 identical markers", "4 identical markers", "4 identical markers"]
    assert marker_pages[0].startswith("3 identical markers: #1, #2, #3 buoy-symbol")
    assert marker_pages[2].startswith("4 identical markers: #8, #9, #10, #11 buoy-race")
    assert sum("Dimensions (wsmark spec)" in text for text in pages) == 3
    moorings, _ = example("mooring-field")
    (page,) = [text for text in moorings if "Where each stands" in text]
    ids = [f"#{n} M-{n}" for n in range(1, 9)]
    assert page.startswith("8 identical markers: " + ", ".join(ids))
    # issue 31: the river's aids differ only in the id each letters: one page per aid
    # design (red, green, center), each listing its markers and their ids
    river, _ = example("river-channel")
    shared = [text for text in river if "Where each stands" in text or
              "Where it stands" in text]
    plan = json.loads((EXAMPLES / "river-channel.geojson").read_text())
    red = [m["ws_id"] for m in _markers(plan) if m["kind"] == "buoy-aid-red"]
    assert len(shared) == 3 and shared[0].startswith("6 markers of one design: #1 WS-2")
    assert f"each letters its own identification ({', '.join(red)}); the drawing shows " \
           f"{red[0]}" in " ".join(shared[0].split())


def test_a_long_plan_flows_over_pages(runner, tmp_path):
    """36 identical moorings: the table runs over pages whose headings count every
    marker once, in order; their shared page goes on over "continued" pages naming all
    36."""
    plan = json.loads((EXAMPLES / "mooring-field.geojson").read_text())
    template = next(f for f in plan["features"] if f["properties"].get("kind"))
    others = [f for f in plan["features"] if not f["properties"].get("kind")]
    lon0, lat0 = template["geometry"]["coordinates"]
    markers = []
    for n in range(36):
        marker = copy.deepcopy(template)
        marker["geometry"]["coordinates"] = [round(lon0 + (n % 10) * 0.0003, 7),
                                             round(lat0 + (n // 10) * 0.0002, 7)]
        marker["properties"].update(ws_id=f"M-{n + 1}", fixed_objects=[])
        markers.append(marker)
    plan["features"] = others + markers
    path = tmp_path / "field.geojson"
    path.write_text(json.dumps(plan))
    pages = _packet(runner, path, tmp_path / "field.pdf")
    heads = [re.match(r"Markers (\d+)-(\d+) of 36", text) for text in pages]
    spans = [(int(m[1]), int(m[2])) for m in heads if m]
    assert len(spans) > 1 and spans[0][0] == 1 and spans[-1][1] == 36
    assert all(b[0] == a[1] + 1 for a, b in zip(spans, spans[1:]))
    shared = [text for text in pages if "identical markers" in text]
    assert len(shared) > 1 and all("(continued)" in text for text in shared[1:])
    listed = [t for text in shared for t in re.findall(
        r"#\d+ M-\d+\b", re.split("Where each stands|[(]continued[)]", text, 1)[-1])]
    assert listed == [f"#{n} M-{n}" for n in range(1, 37)]


@pytest.mark.parametrize("options, cites", [
    (["--decision-date", "2026-13-01"], ["'2026-13-01' is not a date (YYYY-MM-DD)"]),
    (["--decision", "maybe"], ["'maybe' is not approved or disapproved"]),
    (["--party", "owner=A; B; C"], ["unknown application field owner", "property_owner"]),
    (["--party", "applicant=A; B; C; D"], ["4 parts", "NAME; ADDRESS; CONTACT"]),
    (["--party", "applicant"], ["--party", "ROLE=NAME;ADDRESS;CONTACT"]),
])
def test_bad_application_options_are_one_line_exit_2(runner, tmp_path, options, cites):
    out = tmp_path / "new" / "application.pdf"
    assert_user_error(invoke(runner, "plan", "packet", str(EXAMPLES / "lake.geojson"),
                             "-o", str(out), *options), *cites)
    assert not out.parent.exists()


@pytest.mark.parametrize("change, cites", [
    (lambda a: a.update(decision={"outcome": "yes"}), ["'yes' is not approved"]),
    (lambda a: a.update(decision={"outcome": "approved", "date": "May 4"}),
     ["'May 4' is not a date"]),
    (lambda a: a.update(landlord={"name": "X"}), ["unknown landlord", "property_owner"]),
    (lambda a: a.update(applicant=5), ["application applicant is {name, address, contact}"]),
    (lambda a: a.update(applicant={"phone": "1"}), ["unknown field phone"]),
])
def test_a_bad_application_in_the_plan_is_one_line_exit_2(runner, tmp_path, change, cites):
    plan = json.loads((EXAMPLES / "lake.geojson").read_text())
    change(plan["application"])
    path = _copy_plan(tmp_path, plan, "lake.geojson")
    result = invoke(runner, "plan", "check", str(path))
    # the unreadable plan's line on stderr, as check's (issue 31)
    assert result.exit_code == 2 and not result.stdout
    assert len(result.stderr.strip().splitlines()) == 1
    assert all(cite in result.stderr for cite in cites) and str(path) in result.stderr
    assert_user_error(invoke(runner, "plan", "packet", str(path), "-o",
                             str(tmp_path / "a.pdf")), str(path), *cites)


def test_a_csv_stating_two_applicants_is_refused(runner, tmp_path):
    path = tmp_path / "p.csv"
    path.write_text("lat,lon,kind,ws_id,description,purpose,riparian_permission,"
                    "applicant_name\n43.5532916,-89.7310105,buoy-mooring,M-1,d,p,true,A\n"
                    "43.5534006,-89.7306894,buoy-mooring,M-2,d,p,true,B\n")
    assert_user_error(invoke(runner, "plan", "packet", str(path), "-o",
                             str(tmp_path / "a.pdf")),
                      "row 3: applicant_name 'B' differs from row 2's 'A'")


# --- the packet's files: the PDF, KML and normalised plan, deterministic -------------

def test_packet_renders_and_reads_back(tmp_path):
    out = tmp_path / "application.pdf"
    result = CliRunner().invoke(cli, ["plan", "packet", str(EXAMPLES / "river-channel.geojson"),
                                      "-o", str(out)])
    assert result.exit_code == 0, result.output
    pages = _pages(out)
    plan = load_plan(EXAMPLES / "river-channel.geojson", PACK.kinds, plan_setting(PACK))
    # the application, the plan as checked, the map, the table, a page per aid design
    # (red, green, center: each buoy letters its own id, listed on its design's page)
    assert len(pages) == 3 + 1 + len({m.kind for m in plan.markers})
    assert "Waterway marker application" in pages[0] and "pass" in pages[1]
    table = pages[3]
    for m in plan.markers:
        assert m.ws_id in table and f"{m.lat:.6f}" in table
    # DMS, computed here independently of the packet's formatter
    m = plan.markers[0]
    deg = int(m.lat)
    minutes = int((m.lat - deg) * 60)
    seconds = (m.lat - deg - minutes / 60) * 3600
    assert f"{deg}\u00b0 {minutes:02d}' {seconds:05.2f}\" N" in table.replace("\n", " ") or \
        f"{seconds:05.2f}" in table
    assert "from Town boat launch" in table
    assert "WS-A" in pages[-1] and "NR 5.09(6)(a)" in pages[-1]
    kml = ET.parse(tmp_path / "river-channel.kml").getroot()
    ns = {"k": "http://www.opengis.net/kml/2.2"}
    assert len(kml.findall(".//k:Placemark", ns)) == len(plan.markers) + len(plan.features)
    again = api.plan_check(tmp_path / "river-channel.normalised.geojson")
    assert again.verdict == "pass"
    assert [m.ws_id for m in again.plan.markers] == [m.ws_id for m in plan.markers]


def test_outputs_are_deterministic():
    report = api.plan_check(EXAMPLES / "lake.geojson")
    assert plan_map_svg(report) == plan_map_svg(api.plan_check(EXAMPLES / "lake.geojson"))
    assert plan_kml(report.plan) == plan_kml(api.plan_check(EXAMPLES / "lake.geojson").plan)
    assert normalised_geojson(report.plan) == normalised_geojson(report.plan)


def test_dms():
    assert dms(43.5, "N", "S") == "43\u00b0 30' 00.00\" N"
    assert dms(-89.7312, "E", "W") == "89\u00b0 43' 52.32\" W"


# --- permit ids (NR 5.09(3)(b)) from the plan and the command line ---------------------

def test_plan_packet_lists_permit_ids_from_the_plan_and_the_command_line(runner, tmp_path):
    plan = json.loads((EXAMPLES / "lake.geojson").read_text())
    markers = [f for f in plan["features"] if "kind" in f["properties"]]
    control = next(f for f in markers if f["properties"].get("symbol") == "control")
    control["properties"]["permit_id"] = PERMIT
    race = next(f for f in markers if f["properties"]["kind"] == "buoy-race")
    race_number = markers.index(race) + 1  # markers are numbered #1-#n in plan order
    path = tmp_path / "lake.geojson"
    path.write_text(json.dumps(plan))
    shutil.copytree(EXAMPLES / "designs", tmp_path / "designs")  # its design files
    (tmp_path / "out").mkdir()
    out = tmp_path / "out" / "application.pdf"
    assert_ok(invoke(runner, "plan", "packet", str(path), "-o", str(out),
                     "--permit-id", f"#{race_number}=WI-2026-0420"))
    pages = _pages(out)
    table = next(text for text in pages if "Latitude" in text)
    assert f"permit {PERMIT}" in table and "permit WI-2026-0420" in table
    marker_pages = [text for text in pages if "Where it stands" in text]
    control_page = next(text for text in marker_pages if f"permit {PERMIT}" in text)
    assert "permit label, black block letters" in control_page
    race_page = next(text for text in marker_pages if "permit WI-2026-0420" in text)
    assert f"#{race_number}" in race_page
    assert "not lettered" in race_page  # a race buoy has no white to letter on
    normalised = json.loads((tmp_path / "out" / "lake.normalised.geojson").read_text())
    ids = {f["properties"].get("permit_id") for f in normalised["features"]}
    assert {PERMIT, "WI-2026-0420"} <= ids
    assert "Permit: WI-2026-0420" in (tmp_path / "out" / "lake.kml").read_text()
    own = _pages(api.plan_packet(api.plan_check(path), pack=PACK)["application.pdf"])
    assert any(f"permit {PERMIT}" in text for text in own)  # the plan's own id alone
    assert not any("WI-2026-0420" in text for text in own)


def test_bad_packet_permit_ids_are_one_line_exit_2(runner, tmp_path):
    plan = str(EXAMPLES / "river-channel.geojson")
    out = tmp_path / "application.pdf"
    for value, cite in (("WS-99=WI-1", "no marker 'WS-99'"), ("WS-2", "MARKER=ID"),
                        ("WS-2=wi-1", "not a permit id")):
        assert_user_error(invoke(runner, "plan", "packet", plan, "-o", str(out),
                                 "--permit-id", value), cite)
    assert not out.exists()


@pytest.mark.parametrize("name", ["river-channel", "lake", "mooring-field"])
def test_each_marker_page_declares_its_marker(example, name):
    """A marker's page of the packet declares what color cannot show, as a PDF wsmark
    renders does (markers.core.declared, at the page's place in the document): its
    design, and its guides where the drawing stands at its SCALE 1:N: the display area
    (H, 2/3 of which the symbol must be: the lake's control buoy was judged at an H of
    14 in inferred from its white, and failed symbol-size) and an aid's reflective band
    (each aid page of the river's packet was a review of reflector-band)."""
    from markers.core.declared import PDF_KEY, decode

    pdf = example(name)[1] / "application.pdf"
    reader = pypdf.PdfReader(io.BytesIO(pdf.read_bytes()))
    said = decode(str(reader.metadata.get(f"/{PDF_KEY}")))
    texts = _pages(pdf)
    drawn = [n for n, text in enumerate(texts, start=1) if "SCALE 1:" in text
             and "Dimensions (wsmark spec)" in text]
    assert drawn and sorted(said) == drawn, (sorted(said), drawn)
    for number in drawn:
        page, text = said[number], texts[number - 1]
        scale = int(re.search(r"SCALE 1:(\d+)", text)[1])
        assert page.design["kind"] in text
        height = page.design.get("display_height")
        if height is not None:  # the display area, H high at full size
            x0, y0, x1, y1 = page.features["display-area"].bounds
            assert (y1 - y0) * scale == pytest.approx(height, abs=2e-3)
        if page.design["kind"].startswith("buoy-aid"):  # 2 in at full size, (6)(f)
            x0, y0, x1, y1 = page.features["reflector"].bounds
            assert (y1 - y0) * scale == pytest.approx(2.0, abs=2e-3)


def test_the_river_packet_checks_clean(example, runner):
    """Checked afresh (``wsmark check``, a worker under the command's budget: its seven
    pages of live text and map take seconds to read), the river's packet passes: each
    aid page judged as its kind, its reflective band declared (it was three reviews of
    reflector-band)."""
    pdf = example("river-channel")[1] / "application.pdf"
    result = invoke(runner, "check", str(pdf), "--format", "json")
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)[0]
    assert report["verdict"] == "pass" and len(report["markers"]) == 3, [
        (f["rule"], f["message"]) for f in report["findings"] if f["severity"] != "info"]


def test_a_marker_page_heading_does_not_overwrite_its_kind(example):
    """The kind's line and the line saying each marker letters its own id stand one
    under the other (they were drawn at one height, over each other)."""
    reader = pypdf.PdfReader(io.BytesIO((example("river-channel")[1] /
                                         "application.pdf").read_bytes()))
    seen: list[float] = []
    page = next(p for p in reader.pages if "each letters its own identification"
                in p.extract_text())
    page.extract_text(visitor_text=lambda text, cm, tm, font, size: seen.append(
        round(tm[5], 1)) if text.startswith(("buoy-aid", "each letters")) else None)
    assert len(seen) == 2 and seen[0] != seen[1], seen
