"""`wsmark register` (issue 35): each command and each event, the due rules with their
paragraphs, the schema's migrations from every earlier version, the exports read back,
the proofs, the backup, a kill -9 mid-add and two writers at once."""

from __future__ import annotations

import csv
import datetime as dt
import hashlib
import io
import json
import os
import sqlite3
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdf
import pytest

from cli_helpers import assert_ok, assert_user_error, invoke
from markers import api
from markers.register import schema
from markers.register.store import Register
from register_crash import MARKERS, run

ROOT = Path(__file__).resolve().parents[2]
LAKE = ROOT / "examples" / "lake.geojson"
RIVER = ROOT / "examples" / "river-channel.geojson"
FAILING = ROOT / "examples" / "defects" / "red-wrong-side.geojson"
BY = "Ann Roe"


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "town.db"


def _run(runner, db: Path, *args: str):
    return invoke(runner, "register", *args, "--db", str(db))


def _lake(runner, db: Path) -> None:
    assert_ok(_run(runner, db, "add", str(LAKE), "--remove-by", "11-15"))


def _rows(db: Path, sql: str) -> list[tuple]:
    conn = sqlite3.connect(db)
    try:
        return conn.execute(sql).fetchall()
    finally:
        conn.close()


# --- add, permit, list, show -------------------------------------------------------------

def test_add_a_plan_keeps_every_marker_with_its_design_and_place(runner, db) -> None:
    result = _run(runner, db, "add", str(LAKE))
    assert_ok(result)
    plan = api.plan_check(LAKE).read_plan
    assert f"added {len(plan.markers)} markers" in result.stdout
    entries = api.register_list(db)
    assert [(e.kind, round(e.lon, 7), round(e.lat, 7), e.plan_number) for e in entries] == \
        [(m.kind, round(m.lon, 7), round(m.lat, 7), m.number) for m in plan.markers]
    assert all(e.status == "registered" and e.water_body == plan.name for e in entries)
    # the design is the design file's YAML, read back to the same kind
    assert all(f"kind: {e.kind}" in e.design for e in entries)
    assert _rows(db, "PRAGMA user_version") == [(schema.VERSION,)]
    assert _rows(db, "PRAGMA journal_mode") == [("wal",)]


def test_a_plan_design_file_is_kept_as_the_proof_checked(runner, db) -> None:
    assert_ok(_run(runner, db, "add", str(RIVER)))
    plan = api.plan_check(RIVER).read_plan
    with_design = [m for m in plan.markers if m.design]
    assert with_design
    for m in with_design:
        entry = next(e for e in api.register_list(db) if e.plan_number == m.number)
        _, _, proofs = api.register_show(db, entry.id)
        data = (RIVER.parent / m.design).read_bytes()
        assert [p.sha256 for p in proofs] == [hashlib.sha256(data).hexdigest()]


def test_a_failing_plan_or_one_added_twice_is_refused_in_one_line(runner, db) -> None:
    assert_user_error(_run(runner, db, "add", str(FAILING)), "fails its check")
    assert not db.exists() or api.register_list(db) == []
    _lake(runner, db)
    assert_user_error(_run(runner, db, "add", str(LAKE)), "already in the register")
    assert len(api.register_list(db)) == len(api.plan_check(LAKE).read_plan.markers)


def test_add_one_marker_by_options_and_refuse_a_place_outside_the_area(runner, db) -> None:
    result = _run(runner, db, "add", "--kind", "control", "-H", "24", "--legend",
                  "SLOW NO WAKE", "--lat", "43.1", "--lon", "-89.4", "--water-body",
                  "Lake Mendota", "--department-id", "WI-2026-0001")
    assert_ok(result)
    (entry,) = api.register_list(db)
    assert (entry.kind, entry.legend, entry.water_body, entry.department_id) == \
        ("control", "SLOW NO WAKE", "Lake Mendota", "WI-2026-0001")
    assert_user_error(_run(runner, db, "add", "--kind", "control", "-H", "24", "--legend",
                           "X", "--lat", "40.0", "--lon", "-89.4"), "outside the area")
    assert_user_error(_run(runner, db, "add", "--kind", "control", "-H", "24", "--legend",
                           "X", "--lat", "43.1", "--lon", "-89.4", "--department-id",
                           "no id"), "not a department identification number")
    assert_user_error(_run(runner, db, "add", "--kind", "control", "-H", "24", "--legend",
                           "X", "--lat", "43.1", "--lon", "-89.4", "--remove-by", "13-01"),
                      "MM-DD")
    assert len(api.register_list(db)) == 1


def test_permit_gives_the_number_expiry_and_department_ids(runner, db) -> None:
    assert_ok(_run(runner, db, "add", str(RIVER)))
    result = _run(runner, db, "permit", str(RIVER), "--number", "WDNR-2026-117", "--expires",
                  "2027-03-31", "--id", "WS-2=WI-2026-0417", "--id", "#3=WI-2026-0418")
    assert_ok(result)
    assert "permit WDNR-2026-117: 13 markers, expires 2027-03-31" in result.stdout
    by_number = {e.plan_number: e for e in api.register_list(db)}
    assert by_number[1].ws_id == "WS-2" and by_number[1].department_id == "WI-2026-0417"
    assert by_number[3].department_id == "WI-2026-0418"
    assert {e.permit for e in by_number.values()} == {"WDNR-2026-117"}
    assert [e.id for e in api.register_list(db, permit="WDNR-2026-117")] == \
        sorted(e.id for e in by_number.values())
    assert_user_error(_run(runner, db, "permit", str(RIVER), "--number", "P-1", "--id",
                           "WS-99=WI-1"), "WS-99")
    assert_user_error(_run(runner, db, "permit", str(LAKE), "--number", "P-2"),
                      "no markers of this plan")


def test_list_filters_and_show(runner, db) -> None:
    _lake(runner, db)
    assert_ok(_run(runner, db, "add", str(RIVER), "--water-body", "Mill River"))
    assert_ok(_run(runner, db, "place", "1", "2", "--by", BY, "--date", "2026-05-01"))
    everything = api.register_list(db)
    assert len(api.register_list(db, water_body="Mill River")) == 13
    assert [e.id for e in api.register_list(db, status="placed")] == [1, 2]
    races = api.register_list(db, kind="buoy-race")
    assert races and all(e.kind == "buoy-race" for e in races)
    result = _run(runner, db, "list", "--status", "placed")
    assert_ok(result)
    assert result.stdout.strip().endswith("2 markers")
    as_json = json.loads(_run(runner, db, "list", "--format", "json").stdout)
    assert [m["id"] for m in as_json] == [e.id for e in everything]
    shown = _run(runner, db, "show", "1")
    assert_ok(shown)
    assert "history (1 events)" in shown.stdout and "2026-05-01  placed, by Ann Roe" in \
        shown.stdout
    assert_user_error(_run(runner, db, "show", "999"), "no marker 999")
    assert_user_error(_run(runner, db, "list", "--status", "sunk"), "--status")
    assert_user_error(invoke(runner, "register", "list", "--db", str(db) + ".none"),
                      "no register there")


# --- events ------------------------------------------------------------------------------

def test_each_event_moves_the_status_and_the_history_is_appended(runner, db, tmp_path) -> None:
    _lake(runner, db)
    photo = tmp_path / "buoy.jpg"
    photo.write_bytes(b"\xff\xd8\xff\xe0 a photo of a faded buoy")
    steps = [
        (("place", "1"), "placed"),
        (("inspect", "1", "--condition", "faded", "--note", "sun faded", "--photo",
          str(photo)), "placed"),
        (("repair", "1"), "placed"),
        (("inspect", "1", "--condition", "missing"), "missing"),
        (("replace", "1"), "placed"),
        (("remove-for-season", "1"), "out-for-season"),
        (("place", "1"), "placed"),
        (("remove", "1"), "removed"),
    ]
    for day, (args, status) in enumerate(steps, start=1):
        assert_ok(_run(runner, db, *args, "--by", BY, "--date", f"2026-05-{day:02d}"))
        assert api.register_show(db, 1)[0].status == status, args
    _, events, _ = api.register_show(db, 1)
    assert [e.type for e in events] == ["placed", "inspected", "repaired", "inspected",
                                        "replaced", "removed-for-season", "placed", "removed"]
    assert [e.date for e in events] == [f"2026-05-{d:02d}" for d in range(1, 9)]
    assert all(e.recorded_by == BY for e in events)
    sha = hashlib.sha256(photo.read_bytes()).hexdigest()
    assert events[1].photo == sha and events[1].note == "sun faded"
    assert (db.with_suffix(".photos") / f"{sha}.jpg").read_bytes() == photo.read_bytes()
    # appended, never edited: SQLite itself refuses
    conn = sqlite3.connect(db)
    with pytest.raises(sqlite3.IntegrityError, match="never edited"):
        conn.execute("UPDATE events SET date = '2026-01-01'")
    with pytest.raises(sqlite3.IntegrityError, match="never deleted"):
        conn.execute("DELETE FROM events")
    conn.close()
    assert_user_error(_run(runner, db, "inspect", "1", "--condition", "good", "--by", BY,
                           "--date", "2026-05-20"), "marker 1 is removed")


def test_bad_events_are_one_line_and_change_nothing(runner, db) -> None:
    _lake(runner, db)
    future = (dt.date.today() + dt.timedelta(days=1)).isoformat()
    assert_user_error(_run(runner, db, "place", "1", "--by", BY, "--date", future),
                      "in the future")
    assert_user_error(_run(runner, db, "place", "999", "--by", BY, "--date", "2026-05-01"),
                      "no marker 999")
    assert_user_error(_run(runner, db, "inspect", "1", "--condition", "good", "--by", BY,
                           "--date", "2026-05-01"), "marker 1 is registered")
    assert_user_error(_run(runner, db, "place", "1", "--by", BY, "--date", "May 1"),
                      "not a date")
    # one bad marker among good ones: the command is one transaction, nothing is kept
    assert_user_error(_run(runner, db, "place", "1", "2", "999", "--by", BY, "--date",
                           "2026-05-01"), "no marker 999")
    assert _rows(db, "SELECT count(*) FROM events") == [(0,)]
    assert_ok(_run(runner, db, "place", "1", "--by", BY, "--date", "2026-05-10"))
    assert_user_error(_run(runner, db, "inspect", "1", "--condition", "good", "--by", BY,
                           "--date", "2026-05-09"), "date order")
    assert_user_error(_run(runner, db, "place", "--by", BY), "name the markers")


# --- due ---------------------------------------------------------------------------------

def test_due_rules_each_with_its_paragraph(runner, db) -> None:
    """One marker for each rule, on a day; each rule's line names its marker and the
    paragraph the pack gives it (and the pack's law quotes that paragraph)."""
    _lake(runner, db)  # markers 1-7 buoys, 8-11 temporary race buoys; out by 11-15
    assert_ok(_run(runner, db, "permit", str(LAKE), "--number", "WDNR-2026-117", "--expires",
                   "2026-12-01", "--id", "#1=WI-2026-0001", "--id", "#2=WI-2026-0002",
                   "--id", "#3=WI-2026-0003"))
    for marker in ("1", "2", "3", "8"):
        assert_ok(_run(runner, db, "place", marker, "--by", BY, "--date", "2026-05-01"))
    assert_ok(_run(runner, db, "inspect", "2", "--condition", "damaged", "--by", BY,
                   "--date", "2026-06-01"))
    assert_ok(_run(runner, db, "inspect", "3", "--condition", "good", "--by", BY,
                   "--date", "2026-06-01"))
    found = {(d.rule, d.marker) for d in api.register_due(db, "2026-11-20")}
    assert found == {("not-inspected", 1), ("not-inspected", 8), ("poor-condition", 2),
                     ("past-removal-date", 1), ("past-removal-date", 2),
                     ("past-removal-date", 3), ("past-removal-date", 8),
                     ("temporary-over", 8), ("permit-lapsing", None)}
    # before the removal day and the permit's notice, with marker 4 placed without an id
    assert_ok(_run(runner, db, "place", "4", "--by", BY, "--date", "2026-06-02"))
    early = {(d.rule, d.marker) for d in api.register_due(db, "2026-06-10")}
    assert early == {("not-inspected", 1), ("not-inspected", 4), ("not-inspected", 8),
                     ("poor-condition", 2), ("no-department-id", 4), ("temporary-over", 8)}
    # a new season: last year's inspections no longer count, and a buoy left in over
    # the winter is past last fall's removal day
    spring = {(d.rule, d.marker): d.text for d in api.register_due(db, "2027-03-01")}
    assert ("not-inspected", 3) in spring
    assert spring[("past-removal-date", 3)].endswith("removal day, 2026-11-15")
    # a seasonal marker placed after this year's removal day is due by next year's
    assert_ok(_run(runner, db, "place", "5", "--by", BY, "--date", "2026-11-20"))
    assert ("past-removal-date", 5) not in {(d.rule, d.marker)
                                            for d in api.register_due(db, "2027-03-01")}
    assert ("past-removal-date", 5) in {(d.rule, d.marker)
                                        for d in api.register_due(db, "2027-11-16")}
    pack = api.get_pack()
    clauses = {d.rule: d.clause for d in api.register_due(db, "2026-11-20")}
    for rule in pack.register_rules.rules:
        assert pack.law.ref(rule.clause).quote  # the pack quotes every paragraph it cites
    assert clauses == {r.id: r.clause for r in pack.register_rules.rules
                       if r.id in clauses}
    result = _run(runner, db, "due", "--on", "2026-11-20")
    assert result.exit_code == 1
    assert any(line.startswith(clauses["temporary-over"]) and "15 days" not in line
               and "past the 14 days" in line for line in result.stdout.splitlines())
    # the nine above, marker 4's (not inspected, past removal, no department id) and
    # marker 5's, placed that day (not inspected, no department id)
    assert result.stdout.strip().endswith("14 due on 2026-11-20")
    only = _run(runner, db, "due", "--on", "2026-11-20", "--rule", "permit-lapsing",
                "--format", "json")
    assert [d["text"] for d in json.loads(only.stdout)] == \
        ["expires 2026-12-01"]
    assert "permit WDNR-2026-117: expires 2026-12-01" in result.stdout
    assert_ok(_run(runner, db, "due", "--on", "2026-06-10", "--rule", "past-removal-date"))
    assert_ok(_run(runner, db, "due", "--on", "2026-11-20", "--exit-zero"))
    assert_user_error(_run(runner, db, "due", "--rule", "sunk"), "--rule")


# --- migrations --------------------------------------------------------------------------

def _v1_register(path: Path) -> None:
    """A register as version 1 wrote it, with a marker, a permit and an event."""
    conn = sqlite3.connect(path, isolation_level=None)
    schema.migrate(conn, str(path), to=1)
    conn.execute("INSERT INTO commands (name, at, rows) VALUES ('add', '2026-01-01', 1)")
    conn.execute("INSERT INTO permits (number, plan, command) VALUES ('P-1', 'plan', 1)")
    conn.execute("INSERT INTO markers (kind, lon, lat, design, permit, plan, plan_number, "
                 "command, status, placed_on) VALUES ('control', -89.4, 43.1, "
                 "'kind: control', 1, 'plan', 1, 1, 'placed', '2026-05-01')")
    conn.execute("INSERT INTO events (marker, type, date, recorded_by, recorded_at, command) "
                 "VALUES (1, 'placed', '2026-05-01', 'Ann', '2026-05-01', 1)")
    conn.close()


def test_migration_from_every_earlier_version(tmp_path) -> None:
    assert schema.VERSION == 2
    empty = tmp_path / "empty.db"
    empty.write_bytes(b"")
    with Register(empty) as register:
        assert schema.version_of(register.conn) == schema.VERSION
    old = tmp_path / "v1.db"
    _v1_register(old)
    assert _rows(old, "PRAGMA user_version") == [(1,)]
    with Register(old) as register:
        assert schema.version_of(register.conn) == 2
        (entry,) = register.entries()
        assert (entry.permit, entry.permit_expires, entry.status) == ("P-1", None, "placed")
        assert [e.type for e in register.events(1)] == ["placed"]
        assert register.proofs(1) == []
    indexes = {r[0] for r in _rows(old, "SELECT name FROM sqlite_master WHERE type='index'")}
    assert {"markers_status", "events_marker"} <= indexes
    assert api.register_due(old, "2026-06-01")  # the migrated register is judged


def test_a_register_it_cannot_read_is_one_line(tmp_path, runner) -> None:
    newer = tmp_path / "newer.db"
    sqlite3.connect(newer).execute(f"PRAGMA user_version = {schema.VERSION + 1}")
    assert_user_error(invoke(runner, "register", "list", "--db", str(newer)), "newer")
    other = tmp_path / "other.db"
    conn = sqlite3.connect(other)
    conn.execute("CREATE TABLE t (x)")
    conn.close()
    assert_user_error(invoke(runner, "register", "list", "--db", str(other)),
                      "not a register")
    text = tmp_path / "text.db"
    text.write_text("not a database at all, but more than a header's worth of bytes " * 3)
    assert_user_error(invoke(runner, "register", "list", "--db", str(text)), "not a register")


# --- exports, the board's report, proofs, backup -------------------------------------------

def test_exports_read_back(runner, db, tmp_path) -> None:
    _lake(runner, db)
    assert_ok(_run(runner, db, "place", "1", "2", "--by", BY, "--date", "2026-05-01"))
    out = {s: tmp_path / f"out.{s}" for s in ("csv", "geojson", "gpx", "kml")}
    assert_ok(_run(runner, db, "export", *(a for s, p in out.items() for a in (f"--{s}",
                                                                              str(p)))))
    entries = api.register_list(db)
    rows = list(csv.DictReader(io.StringIO(out["csv"].read_text())))
    assert [(int(r["register_id"]), r["kind"], r["status"], float(r["lat"]))
            for r in rows] == [(e.id, e.kind, e.status, round(e.lat, 7)) for e in entries]
    assert [float(r["lon"]) for r in rows] == [round(e.lon, 7) for e in entries]
    features = json.loads(out["geojson"].read_text())["features"]
    assert [(f["properties"]["register_id"], f["properties"]["status"],
             f["geometry"]["coordinates"]) for f in features] == \
        [(e.id, e.status, [round(e.lon, 7), round(e.lat, 7)]) for e in entries]
    ns = {"g": "http://www.topografix.com/GPX/1/1", "k": "http://www.opengis.net/kml/2.2"}
    waypoints = ET.parse(out["gpx"]).getroot().findall("g:wpt", ns)
    assert [(float(w.get("lat")), w.find("g:type", ns).text) for w in waypoints] == \
        [(round(e.lat, 7), e.kind) for e in entries]
    marks = ET.parse(out["kml"]).getroot().findall(".//k:Placemark", ns)
    assert len(marks) == len(entries)
    assert [m.find("k:Point/k:coordinates", ns).text.split(",")[:2] for m in marks] == \
        [[f"{e.lon:.7f}", f"{e.lat:.7f}"] for e in entries]
    placed = tmp_path / "placed.csv"
    assert_ok(_run(runner, db, "export", "--status", "placed", "--csv", str(placed)))
    assert len(placed.read_text().splitlines()) == 3
    assert_user_error(_run(runner, db, "export"), "give --csv")
    assert_user_error(_run(runner, db, "export", "--status", "removed", "--csv",
                           str(placed)), "no markers")


def test_board_report_has_counts_map_and_a_row_a_marker(runner, db, tmp_path) -> None:
    assert_ok(_run(runner, db, "add", str(RIVER)))
    assert_ok(_run(runner, db, "place", "--plan", str(RIVER), "--by", BY, "--date",
                   "2026-05-01"))
    report = tmp_path / "board.pdf"
    assert_ok(_run(runner, db, "export", "--report", str(report), "--on", "2026-06-01"))
    pages = pypdf.PdfReader(report).pages
    first = pages[0].extract_text()
    assert "placed" in first and "13" in first and "not-inspected" in first
    table = "".join(p.extract_text() for p in pages[1:])
    assert all(f"#{e.id}" in table for e in api.register_list(db))


def test_check_proof_against_the_design_and_record_it(runner, db, tmp_path) -> None:
    assert_ok(_run(runner, db, "add", "--kind", "control", "-H", "24", "--legend",
                   "SLOW NO WAKE", "--lat", "43.1", "--lon", "-89.4"))
    good = tmp_path / "good.svg"
    good.write_bytes(api.render(api.design("control", 24, legend="SLOW NO WAKE"), ".svg"))
    wrong = tmp_path / "wrong.svg"
    wrong.write_bytes(api.render(api.design("danger", 24, legend="ROCKS"), ".svg"))
    result = _run(runner, db, "check-proof", "1", str(good), "--by", BY)
    assert result.exit_code == 0, result.output
    assert "pass" in result.stdout
    result = _run(runner, db, "check-proof", "1", str(wrong), "--by", BY)
    assert result.exit_code == 1
    assert "kind danger; the marker is kind control" in result.stdout
    _, _, proofs = api.register_show(db, 1)
    assert [(p.file, p.verdict, p.sha256) for p in proofs] == [
        ("good.svg", "pass", hashlib.sha256(good.read_bytes()).hexdigest()),
        ("wrong.svg", "fail", hashlib.sha256(wrong.read_bytes()).hexdigest())]
    assert_user_error(_run(runner, db, "check-proof", "7", str(good), "--by", BY),
                      "no marker 7")


def test_backup_is_a_whole_copy(runner, db, tmp_path) -> None:
    _lake(runner, db)
    copy = tmp_path / "copy.db"
    assert_ok(_run(runner, db, "backup", str(copy)))
    assert _rows(copy, "PRAGMA integrity_check") == [("ok",)]
    assert api.register_list(copy) == api.register_list(db)
    assert_user_error(_run(runner, db, "backup", str(db)), "overwrite the register")


# --- safe to keep ------------------------------------------------------------------------

def test_kill_9_mid_add_leaves_none_or_all_of_each_add(tmp_path) -> None:
    """A few kills of the store's add of 1,000 markers looping (make register-crash:
    50 kills of `wsmark register add`)."""
    found = run(4, "store", tmp_path, span=0.8)
    assert len(found) == 4
    assert all(markers == commands * MARKERS for _, commands, markers, _ in found)


_WRITER = """
import sys
from markers.register.model import NewEvent
from markers.register.store import Register
import datetime as dt
with Register(sys.argv[1]) as r:
    for i in range(int(sys.argv[3])):
        r.record([int(sys.argv[2])], NewEvent("inspected", "2026-06-01", sys.argv[2], "good"),
                 dt.date(2026, 6, 2))
"""


def test_two_writers_at_once_lose_nothing(runner, db) -> None:
    _lake(runner, db)
    assert_ok(_run(runner, db, "place", "1", "2", "--by", BY, "--date", "2026-05-01"))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    each = 150
    writers = [subprocess.Popen([sys.executable, "-c", _WRITER, str(db), marker, str(each)],
                                env=env, stderr=subprocess.PIPE) for marker in ("1", "2")]
    for w in writers:
        _, err = w.communicate(timeout=120)
        assert w.returncode == 0, err.decode()
    assert _rows(db, "SELECT marker, count(*) FROM events WHERE type = 'inspected' "
                     "GROUP BY marker") == [(1, each), (2, each)]
    assert _rows(db, "SELECT count(*) FROM commands WHERE name = 'inspected'") == [(2 * each,)]


def test_a_plan_exported_as_csv_loads_back_as_the_same_plan(tmp_path) -> None:
    """The CSV writer the register shares with plan export: without the register's
    columns it is a plan the loader reads back, marker for marker."""
    report = api.plan_check(LAKE)
    again = tmp_path / "lake.csv"
    again.write_bytes(api.plan_export(report, ".csv"))
    back = api.plan_check(again).read_plan
    fields = ("kind", "ws_id", "legend", "symbol", "description", "purpose", "temporary_days")
    assert [(round(m.lon, 7), round(m.lat, 7), *(getattr(m, f) for f in fields))
            for m in back.markers] == \
        [(round(m.lon, 7), round(m.lat, 7), *(getattr(m, f) for f in fields))
         for m in report.read_plan.markers]


@pytest.mark.parametrize("version", range(schema.VERSION))
def test_every_earlier_version_opens_as_the_current_one(tmp_path, version) -> None:
    path = tmp_path / f"v{version}.db"
    conn = sqlite3.connect(path, isolation_level=None)
    schema.migrate(conn, str(path), to=version)
    conn.close()
    with Register(path) as register:
        assert schema.version_of(register.conn) == schema.VERSION
        assert register.entries() == []
