"""What the plan commands write and refuse: GPX waypoints for the placement crew, output
folders made and "wrote PATH" said, and places outside the pack's area (or swapped
latitude and longitude) refused in one line naming the feature."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from pyproj import CRS

from markers.packs.wi_nr509.plan_rules import AREA
from cli_helpers import assert_ok, assert_user_error, invoke
from wi import PACK

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
GPX = "{http://www.topografix.com/GPX/1/1}"
#: The children of a GPX 1.1 waypoint, in the order the schema's wptType requires.
WPT_ORDER = ("ele", "time", "magvar", "geoidheight", "name", "cmt", "desc", "src", "link",
             "sym", "type", "fix", "sat", "hdop", "vdop", "pdop", "ageofdgpsdata", "dgpsid",
             "extensions")
METADATA_ORDER = ("name", "desc", "author", "copyright", "link", "time", "keywords",
                  "bounds", "extensions")


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def _in_order(children: list[str], order: tuple[str, ...]) -> bool:
    places = [order.index(c) for c in children]
    return places == sorted(places) and len(set(children)) == len(children)


@pytest.mark.parametrize("name", ["river-channel", "lake", "mooring-field"])
def test_gpx_has_one_waypoint_per_marker(runner, tmp_path, name):
    """Valid GPX 1.1 as the schema lays it out; one wpt per marker of the plan (read
    here from its GeoJSON) at its place, named by its id (else its number), its
    description the kind (and the face and words it carries)."""
    out = tmp_path / "crew" / "waypoints.gpx"
    result = invoke(runner, "plan", "export", str(EXAMPLES / f"{name}.geojson"),
                    "--gpx", str(out))
    assert_ok(result)
    plan = json.loads((EXAMPLES / f"{name}.geojson").read_text())
    points = [f for f in plan["features"] if "kind" in f["properties"]]
    assert result.stderr.strip() == f"wrote {out} ({len(points)} markers)"
    root = ET.parse(out).getroot()
    assert root.tag == f"{GPX}gpx" and root.get("version") == "1.1" and root.get("creator")
    assert [c.tag.removeprefix(GPX) for c in root] == ["metadata"] + ["wpt"] * len(points)
    meta = root.find(f"{GPX}metadata")
    assert _in_order([c.tag.removeprefix(GPX) for c in meta], METADATA_ORDER)
    bounds = meta.find(f"{GPX}bounds")
    waypoints = root.findall(f"{GPX}wpt")
    for number, (wpt, feature) in enumerate(zip(waypoints, points), start=1):
        props = feature["properties"]
        lon, lat = feature["geometry"]["coordinates"]
        assert abs(float(wpt.get("lat")) - lat) < 1e-7 and abs(float(wpt.get("lon")) - lon) < 1e-7
        assert float(bounds.get("minlat")) <= lat <= float(bounds.get("maxlat"))
        assert float(bounds.get("minlon")) <= lon <= float(bounds.get("maxlon"))
        assert _in_order([c.tag.removeprefix(GPX) for c in wpt], WPT_ORDER)
        assert wpt.findtext(f"{GPX}name") == props.get("ws_id", f"#{number}")
        desc = wpt.findtext(f"{GPX}desc")
        assert desc.startswith(props["kind"]) and wpt.findtext(f"{GPX}type") == props["kind"]
        if props.get("legend"):
            assert desc.endswith(props["legend"]) and props["symbol"] in desc
        assert wpt.findtext(f"{GPX}cmt").startswith(f"#{number}")


def test_export_writes_kml_and_geojson_too(runner, tmp_path):
    kml, geojson = tmp_path / "a" / "plan.kml", tmp_path / "b" / "plan.geojson"
    result = invoke(runner, "plan", "export", str(EXAMPLES / "river-channel.geojson"),
                    "--kml", str(kml), "--geojson", str(geojson))
    assert_ok(result)
    assert result.stderr.splitlines() == [f"wrote {kml} (13 markers)",
                                          f"wrote {geojson} (13 markers)"]
    assert ET.parse(kml).getroot().tag == "{http://www.opengis.net/kml/2.2}kml"
    assert json.loads(geojson.read_text())["application"]["decision"]["outcome"] == "approved"


def test_export_needs_a_format(runner, tmp_path):
    assert_user_error(invoke(runner, "plan", "export", str(EXAMPLES / "lake.geojson")),
                      "--gpx, --kml, --geojson or --csv")


def test_plan_map_makes_its_folder_and_says_what_it_wrote(runner, tmp_path):
    out = tmp_path / "new" / "deeper" / "map.pdf"
    result = invoke(runner, "plan", "map", str(EXAMPLES / "lake.geojson"), "-o", str(out))
    assert_ok(result)
    assert result.stderr.strip() == f"wrote {out}"
    assert out.read_bytes()[:5] == b"%PDF-"


def test_the_area_is_the_grid_s_area_of_use():
    """The pack's box is the one the EPSG dataset gives Wisconsin Transverse Mercator."""
    use = CRS.from_epsg(PACK.plan_rules.grid.epsg).area_of_use
    assert AREA.bounds == use.bounds == PACK.plan_rules.grid.bounds
    assert "Wisconsin" in use.name and "EPSG:3071" in AREA.source


def _csv(path: Path, rows: list[tuple[str, str, str]]) -> Path:
    path.write_text("lat,lon,kind,ws_id,description,purpose,riparian_permission\n" + "".join(
        f"{lat},{lon},buoy-mooring,{ws_id},white sphere,mooring,true\n"
        for lat, lon, ws_id in rows))
    return path


def _geojson(path: Path, features: list[dict]) -> Path:
    path.write_text(json.dumps({"type": "FeatureCollection", "features": features}))
    return path


def _point(lon: float, lat: float, **props) -> dict:
    return {"type": "Feature", "geometry": {"type": "Point", "coordinates": [lon, lat]},
            "properties": {"kind": "danger", "description": "d", "purpose": "p", **props}}


OUTSIDE = [
    # the case: a lat,lon CSV whose second row has the pair the other way round
    ("swapped.csv", lambda p: _csv(p, [("43.5532916", "-89.7310105", "M-1"),
                                       ("-89.73", "43.55", "M-2")]),
     ["row 3 (M-2)", "-89.73, 43.55 (lat, lon) looks swapped", "outside Wisconsin",
      "lat and lon columns"]),
    ("swapped.geojson", lambda p: _geojson(p, [_point(-89.7, 43.5),
                                               _point(43.55, -89.73, ws_id="B")]),
     ["feature 1 (B)", "[43.55, -89.73] (lon, lat) looks swapped", "longitude first"]),
    ("ohio.csv", lambda p: _csv(p, [("40.0", "-80.0", "M-1")]),
     ["row 2 (M-1)", "40, -80 (lat, lon) is outside", "Wisconsin (longitude -92.89 to "
      "-86.25, latitude 42.48 to 47.31; the area of use of EPSG:3071"]),
    ("pier.geojson", lambda p: _geojson(p, [_point(-89.7, 43.5), {
        "type": "Feature", "properties": {"role": "pier", "name": "far pier"},
        "geometry": {"type": "LineString", "coordinates": [[-89.7, 43.5], [-95.0, 43.5]]}}]),
     ["feature 1 (far pier)", "[-95, 43.5] (lon, lat) is outside"]),
]


@pytest.mark.parametrize("name, write, cites", OUTSIDE, ids=[o[0] for o in OUTSIDE])
def test_a_place_outside_the_area_is_refused_in_one_line(runner, tmp_path, name, write,
                                                         cites):
    """Refused before it is projected (it was mapped in UTM zone 27S at 1:111,021,972),
    naming the file, the feature and the place as the file gives it; exit 2 and
    nothing written, by every plan command."""
    path = write(tmp_path / name)
    result = invoke(runner, "plan", "check", str(path))
    # the unreadable plan's line on stderr, as check's (issue 31)
    assert result.exit_code == 2 and not result.stdout
    assert len(result.stderr.strip().splitlines()) == 1
    assert all(cite in result.stderr for cite in cites), result.stderr
    assert "UTM" not in result.stderr
    for args in (["map", "-o", str(tmp_path / "out" / "map.pdf")],
                 ["packet", "-o", str(tmp_path / "out" / "application.pdf")],
                 ["export", "--gpx", str(tmp_path / "out" / "crew.gpx")]):
        assert_user_error(invoke(runner, "plan", args[0], str(path), *args[1:]),
                          str(path), *cites)
    assert not (tmp_path / "out").exists()
