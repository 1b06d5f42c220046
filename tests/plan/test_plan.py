"""Placement plans: distances, the example plans and their defects, bad input, the ch. 30
distances, waivers (the map and the packet are products: tests/products)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from pyproj import Geod

from cli import cli
from markers import api
from markers.plan.check import plan_setting
from markers.plan.load import load_plan as _load_plan
from markers.plan.project import projection_for
from wi import PACK

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
MILE_M = 1609.344
GEOD = Geod(ellps="WGS84")
GRID = PACK.plan_rules.grid


def check_plan(path):
    return api.plan_check(path)


def load_plan(path):
    return _load_plan(path, PACK.kinds, plan_setting(PACK))


def _unwaived(report):
    return [f.finding for f in report.findings
            if not f.finding.waived and f.finding.severity != "info"]


@pytest.mark.parametrize("lon,lat", [(-89.4, 43.07), (-92.75, 44.9), (-86.4, 45.1),
                                     (-93.6, 44.9), (-80.0, 40.0), (-122.3, 47.6)])
@pytest.mark.parametrize("azimuth", [0, 37, 90, 145])
def test_distance_matches_geodesic_over_a_mile(lon, lat, azimuth):
    lon2, lat2, _ = GEOD.fwd(lon, lat, azimuth, MILE_M)
    proj = projection_for(np.array([lon, lon2]), np.array([lat, lat2]), GRID)
    assert proj.epsg == (3071 if -92.89 <= lon <= -86.25 else proj.epsg)
    assert abs(proj.ground_distance_ft(lon, lat, lon2, lat2) - 5280.0) < 0.1
    # the plan's own coordinates (scaled at the plan's centre) agree as well
    x, y = proj.to_feet([lon, lon2], [lat, lat2])
    assert abs(float(np.hypot(x[1] - x[0], y[1] - y[0])) - 5280.0) < 0.1


def test_projection_is_wtm_inside_wisconsin_and_utm_outside():
    assert projection_for(np.array([-89.4]), np.array([43.07]), GRID).epsg == 3071
    assert projection_for(np.array([-89.4]), np.array([43.07])).epsg == 32616  # no grid
    assert projection_for(np.array([-93.6]), np.array([44.9]), GRID).epsg == 32615
    # the raw grid is off by the scale factor; the correction is what makes the test pass
    proj = projection_for(np.array([-92.75]), np.array([44.9]), GRID)
    assert abs(proj.point_scale([-92.75], [44.9])[0] - 1) * 5280 > 0.2


@pytest.mark.parametrize("name", ["river-channel", "lake", "mooring-field"])
def test_clean_examples_have_no_findings(name):
    report = check_plan(EXAMPLES / f"{name}.geojson")
    assert report.verdict == "pass"
    assert _unwaived(report) == []


def test_river_has_six_pairs_and_a_center_aid():
    plan = load_plan(EXAMPLES / "river-channel.geojson")
    kinds = [m.kind for m in plan.markers]
    assert kinds.count("buoy-aid-red") == 6 and kinds.count("buoy-aid-green") == 6
    assert kinds.count("buoy-aid-center") == 1


DEFECTS = {
    "red-wrong-side": ("plan-aid-side", "NR 5.09(2)(a)1, 2", ["WS-6"]),
    "numbers-falling": ("plan-aid-order", "NR 5.09(2)(a)5", ["WS-4"]),
    "missing-pair": ("plan-aid-pair", "NR 5.09(2)(a)3", ["WS-10"]),
    "duplicate-id": ("plan-unique-id", "NR 5.09(2)(a)5", ["WS-9"]),
    "mooring-no-riparian": ("plan-riparian", "NR 5.09(7)(c)", ["M-3"]),
}


def test_a_temporary_placement_longer_than_the_exemption_is_a_note_not_an_error():
    """Issue 31: NR 5.09(7)(d) lets a local authority exempt 14 days or less from the
    department's approval; 20 days simply needs that approval, which the packet asks for."""
    report = check_plan(EXAMPLES / "defects" / "temporary-20-days.geojson")
    assert report.verdict == "pass"
    notes = [f.finding for f in report.findings if f.finding.rule == "plan-temporary"]
    assert len(notes) == 4 and {f.severity for f in notes} == {"info"}
    assert all(f.citation == "NR 5.09(7)(d)" and f.measured == 20 for f in notes)
    assert "needs the department's approval (NR 5.09(3)(b))" in notes[0].message


@pytest.mark.parametrize("name", sorted(DEFECTS))
def test_each_defect_gives_exactly_its_finding(name):
    rule, citation, ids = DEFECTS[name]
    report = check_plan(EXAMPLES / "defects" / f"{name}.geojson")
    found = [f for f in report.findings
             if not f.finding.waived and f.finding.severity != "info"]
    assert {f.finding.rule for f in found} == {rule}
    assert all(f.finding.citation == citation for f in found)
    assert [f.ws_id for f in found] == ids
    assert all(f.feature is not None and f.lat is not None for f in found)


def test_csv_plan_reads_as_the_geojson_one():
    csv_plan = load_plan(EXAMPLES / "mooring-field.csv")
    geo_plan = load_plan(EXAMPLES / "mooring-field.geojson")
    assert [m.ws_id for m in csv_plan.markers] == [m.ws_id for m in geo_plan.markers]
    for a, b in zip(csv_plan.markers, geo_plan.markers):
        assert (a.lon, a.lat) == (b.lon, b.lat)
    spread = [np.hypot(*(p.xy()[1:] - p.xy()[:-1]).T) for p in (csv_plan, geo_plan)]
    assert np.allclose(*spread, atol=0.01)  # the same ground distances, in feet
    assert check_plan(EXAMPLES / "mooring-field.csv").verdict == "pass"


def _plan(tmp_path, features, name="p.geojson") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps({"type": "FeatureCollection", "features": features}))
    return path


def _pt(lon, lat, **props):
    return {"type": "Feature", "geometry": {"type": "Point", "coordinates": [lon, lat]},
            "properties": props}


BAD = [
    ("not json", "not valid JSON"),
    (json.dumps({"type": "Topology"}), "not a GeoJSON FeatureCollection"),
    (json.dumps({"type": "FeatureCollection", "features": []}), "no markers"),
    (json.dumps({"type": "FeatureCollection", "features": [_pt(-89.4, 95.0, kind="danger")]}),
     "feature 0: coordinates are not longitude, latitude"),
    (json.dumps({"type": "FeatureCollection", "features": [_pt(-89.4, 43.0, kind="rock")]}),
     "feature 0: unknown marker kind 'rock'"),
    (json.dumps({"type": "FeatureCollection", "features": [_pt(-89.4, 43.0)]}),
     "feature 0: a marker needs a 'kind'"),
    (json.dumps({"type": "FeatureCollection", "features": [
        _pt(-89.4, 43.0, kind="buoy-race", temporary_days="two weeks")]}),
     "feature 0: temporary_days is a whole number"),
    (json.dumps({"type": "FeatureCollection", "features": [
        _pt(-89.4, 43.0, kind="danger"),
        {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-89.4, 43.0]},
         "properties": {"role": "channel"}}]}), "feature 1: a channel is a LineString"),
    (json.dumps({"type": "FeatureCollection", "features": [
        {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[1]]},
         "properties": {"role": "channel"}}]}), "feature 0: bad LineString coordinates"),
]


@pytest.mark.parametrize("text,message", BAD)
def test_bad_plans_are_one_line_errors_exit_2(tmp_path, text, message):
    path = tmp_path / "bad.geojson"
    path.write_text(text)
    result = CliRunner().invoke(cli, ["plan", "check", str(path)])
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output
    assert str(path) in result.output
    out = tmp_path / "map.pdf"
    result = CliRunner().invoke(cli, ["plan", "map", str(path), "-o", str(out)])
    assert result.exit_code == 2 and not out.exists()


def test_csv_without_coordinates_is_refused(tmp_path):
    path = tmp_path / "p.csv"
    path.write_text("kind,ws_id\nbuoy-mooring,M-1\n")
    report = check_plan(path)
    assert report.verdict == "error" and "latitude and longitude columns" in report.error


def _offset(lon, lat, east_ft, north_ft):
    lon2, lat2, _ = GEOD.fwd(lon, lat, 90, east_ft * 0.3048)
    lon3, lat3, _ = GEOD.fwd(lon2, lat2, 0, north_ft * 0.3048)
    return lon3, lat3


def test_chapter_30_distances(tmp_path):
    lon0, lat0 = -89.5, 44.0
    shore = [list(_offset(lon0, lat0, e, n)) for e, n in
             ((-2000, 0), (2000, 0), (2000, 3000), (-2000, 3000), (-2000, 0))]
    pier = [list(_offset(lon0, lat0, 0, 0)), list(_offset(lon0, lat0, 0, 100))]
    common = {"description": "d", "purpose": "p"}
    features = [
        {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [shore]},
         "properties": {"role": "water"}},
        {"type": "Feature", "geometry": {"type": "LineString", "coordinates": pier},
         "properties": {"role": "pier", "name": "town pier"}},
        _pt(*_offset(lon0, lat0, 60, 100), kind="control", legend="SLOW NO WAKE",
            display_height=12, **common),
        _pt(*_offset(lon0, lat0, 500, 300), kind="buoy-mooring", ws_id="M-1",
            riparian_permission=True, **common),
        _pt(*_offset(lon0, lat0, 900, 120), kind="buoy-mooring", ws_id="M-2",
            riparian_permission=True, **common),
    ]
    report = check_plan(_plan(tmp_path, features))
    got = {(f.finding.rule, f.ws_id, f.finding.measured) for f in _unwaived_all(report)}
    assert ("plan-slow-no-wake", None, 60.0) in got
    assert ("plan-mooring-light", "M-1", 300.0) in got
    assert ("plan-mooring-permit", "M-1", 300.0) in got
    assert not any(ws_id == "M-2" for _, ws_id, _ in got)  # 120 ft out: neither


def _unwaived_all(report):
    return [f for f in report.findings if not f.finding.waived]


def test_json_report_names_feature_id_and_location():
    result = CliRunner().invoke(cli, ["plan", "check", "--format", "json",
                                      str(EXAMPLES / "defects" / "red-wrong-side.geojson")])
    assert result.exit_code == 1
    record = json.loads(result.output)[0]
    assert record["verdict"] == "fail" and record["error"] is None
    side = [f for f in record["findings"] if f["rule"] == "plan-aid-side"]
    assert len(side) == 1 and side[0]["ws_id"] == "WS-6" and side[0]["severity"] == "error"
    marker = record["markers"][side[0]["marker"]]
    assert marker["feature"] == side[0]["feature"] and marker["verdict"] == "fail"
    assert side[0]["location"] == {"lat": marker["lat"], "lon": marker["lon"]}


def test_examples_are_current(tmp_path):
    """examples/make_plans.py writes exactly the committed plans."""
    subprocess.run([sys.executable, str(EXAMPLES / "make_plans.py"), str(tmp_path)],
                   check=True)
    made = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    assert made and all((EXAMPLES / p).read_bytes() == (tmp_path / p).read_bytes()
                        for p in made)


def test_a_plan_given_as_bytes_is_judged_as_the_file():
    path = EXAMPLES / "defects" / "red-wrong-side.geojson"
    from_bytes = api.plan_check(data=path.read_bytes(), name=str(path))
    from_path = check_plan(path)
    assert api.plan_reports([from_bytes], "json") == api.plan_reports([from_path], "json")
    bad = api.plan_check(data=b"\xff\xfe", name="p.geojson")
    assert bad.verdict == "error" and bad.error == "p.geojson: not UTF-8 text"


def test_an_unknown_waiver_is_one_line_exit_2():
    result = CliRunner().invoke(cli, ["plan", "check", "--waive", "plan-made-up:why",
                                      str(EXAMPLES / "lake.geojson")])
    assert result.exit_code == 2 and "unknown rule 'plan-made-up'" in result.output
    assert "Traceback" not in result.output


def test_plan_waivers_take_plan_and_marker_rules():
    path = EXAMPLES / "defects" / "missing-pair.geojson"
    report = api.plan_check(path, waive=["plan-aid-pair:surveyed; partner on shore"])
    assert report.verdict == "pass"
    assert [f.finding.waived for f in report.findings if f.finding.rule == "plan-aid-pair"] \
        == ["surveyed; partner on shore"]

