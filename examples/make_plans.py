"""Write the example placement plans of examples/ (run: python examples/make_plans.py).

Three plans laid out in ground feet and written as WGS 84 GeoJSON: a river channel
with 6 pairs of aids and a center aid, a lake with a slow-no-wake buoy line, a
swimming area and a temporary slalom course, and a mooring field (also as CSV). Each
carries its application (NR 5.09(3)(b)): the river's and the mooring field's are
complete and approved, the lake's leaves the property owner, the riparian owner's
address and the town's decision to be filled in, so its packet lists what is missing.
Each defect variant in defects/ changes one thing of a clean plan, so that its check
gives exactly that defect's finding (tests/plan/test_plan.py). The people and places are
made up; the telephone numbers are of the 555-01xx range kept for fiction.
"""

from __future__ import annotations

import copy
import csv
import io
import json
import math
import sys
from pathlib import Path

import numpy as np
from shapely.geometry import LineString, Point, Polygon

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from markers.api import get_pack  # noqa: E402
from markers.plan.project import geodesic, projection_for  # noqa: E402

#: Where the examples lie: a made-up river and lake in central Wisconsin.
ORIGIN = (-89.7312, 43.5531)
PROJ = projection_for(np.array([ORIGIN[0]]), np.array([ORIGIN[1]]),
                      get_pack().plan_rules.grid)
X0, Y0 = (float(v) for v in PROJ.to_feet(*ORIGIN))


def lonlat(x: float, y: float) -> list[float]:
    lon, lat = PROJ.to_lonlat(X0 + x, Y0 + y)
    return [round(float(lon), 7), round(float(lat), 7)]


def ring(polygon: Polygon) -> list[list[list[float]]]:
    return [[lonlat(x, y) for x, y in polygon.exterior.coords]]


def feature(geometry: dict, **props) -> dict:
    return {"type": "Feature", "properties": props, "geometry": geometry}


def point(x: float, y: float, **props) -> dict:
    return feature({"type": "Point", "coordinates": lonlat(x, y)}, **props)


def fixed(name: str, at: tuple[float, float], x: float, y: float) -> dict:
    (lon1, lat1), (lon2, lat2) = lonlat(*at), lonlat(x, y)
    distance, bearing = geodesic(lon1, lat1, lon2, lat2)
    return {"name": name, "distance_ft": round(distance, 1), "bearing_deg": round(bearing, 1)}


def collection(name: str, features: list[dict], **extra) -> dict:
    return {"type": "FeatureCollection", "name": name, **extra, "features": features}


def river() -> dict:
    """A channel entering from the lake (south) and going upstream (north-east)."""
    line = LineString([(0, 0), (150, 1400), (600, 2600), (700, 3600)])
    water = line.buffer(220, cap_style="flat")
    launch = (-260.0, 500.0)
    features = [
        feature({"type": "Polygon", "coordinates": ring(water)}, role="water",
                name="Mill River"),
        feature({"type": "LineString", "coordinates": [lonlat(*c) for c in line.coords]},
                role="channel", name="Mill River channel"),
        point(*launch, role="landmark", name="Town boat launch"),
    ]
    for pair, s in enumerate((300, 850, 1400, 1950, 2500, 3050)):
        base = line.interpolate(s)
        ahead = line.interpolate(s + 1)
        dx, dy = ahead.x - base.x, ahead.y - base.y
        norm = math.hypot(dx, dy)
        right = (dy / norm, -dx / norm)
        for color, side, number in (("red", 1, 2 * pair + 2), ("green", -1, 2 * pair + 1)):
            x, y = base.x + side * 70 * right[0], base.y + side * 70 * right[1]
            features.append(point(
                x, y, kind=f"buoy-aid-{color}", ws_id=f"WS-{number}",
                description=f"{color} can" if color == "green" else f"{color} nun",
                purpose=f"marks the {'right' if color == 'red' else 'left'} side of the "
                        "Mill River channel going upstream",
                fixed_objects=[fixed("Town boat launch", launch, x, y)]))
    centre = line.interpolate(3400)
    features.append(point(centre.x, centre.y, kind="buoy-aid-center", ws_id="WS-A",
                          description="black and white striped can",
                          purpose="marks the centre of the river above the channel",
                          design="designs/ws-a.yaml",
                          fixed_objects=[fixed("Town boat launch", launch, centre.x,
                                               centre.y)]))
    return collection("Mill River channel", features, waivers={
        "plan-channel-defined": "dredged channel, 2024 Town of Mill survey sheet 3"},
        application={
            "applicant": {"name": "Mill River Boating Association",
                          "address": "210 Water St, Mill, WI 53999",
                          "contact": "608-555-0112, secretary@millriverboating.example"},
            "political_subdivision": {"name": "Town of Mill",
                                      "address": "1 Town Hall Rd, Mill, WI 53999",
                                      "contact": "608-555-0100, clerk@townofmill.example"},
            "property_owner": {"name": "Town of Mill (boat launch and river frontage)",
                               "address": "1 Town Hall Rd, Mill, WI 53999",
                               "contact": "608-555-0100"},
            "decision": {"outcome": "approved", "date": "2026-03-09",
                         "signatory": "Ann Roe, Town Clerk"}})


def lake() -> dict:
    """A lake bay: a swimming area off the beach, a pier, a slow-no-wake line across the
    bay mouth, and a slalom course out in open water for a weekend event."""
    shore = Polygon([(-800, 0), (3000, 0), (3200, 2500), (-900, 2600)])
    swim = Polygon([(100, 0), (500, 0), (500, 250), (100, 250)])
    features = [
        feature({"type": "Polygon", "coordinates": ring(shore)}, role="water",
                name="Crystal Lake"),
        feature({"type": "Polygon", "coordinates": ring(swim)}, role="restricted-area",
                name="swimming area"),
        feature({"type": "LineString", "coordinates": [lonlat(800, 0), lonlat(800, 120)]},
                role="pier", name="public pier"),
        point(300, -40, role="landmark", name="Beach house"),
    ]
    for i, (x, y) in enumerate(((100, 250), (300, 250), (500, 250))):
        features.append(point(x, y, kind="buoy-symbol", symbol="exclusion",
                              display_height=12, description="white buoy, orange bands, "
                              "exclusion diamond", purpose="keeps vessels out of the "
                              "swimming area", fixed_objects=[fixed("Beach house",
                                                                    (300, -40), x, y)]))
    for x in (-300, 0, 300, 600):
        features.append(point(x, 600, kind="buoy-symbol", symbol="control",
                              legend="SLOW NO WAKE", display_height=12,
                              description="white buoy, orange bands, control circle",
                              purpose="slow-no-wake line across the bay",
                              design="designs/slow-no-wake-buoy.yaml"))
    for i, (x, y) in enumerate(((1600, 1200), (1750, 1300), (1900, 1200), (2050, 1300))):
        features.append(point(x, y, kind="buoy-race", description="yellow foam sphere",
                              purpose=f"slalom course buoy {i + 1}, weekend ski show",
                              riparian_permission=True, temporary_days=3))
    return collection("Crystal Lake bay", features, application={
        "applicant": {"name": "Crystal Lake Ski Club",
                      "address": "4 Shore Rd, Mill, WI 53999",
                      "contact": "608-555-0147"},
        "political_subdivision": {"name": "Town of Mill",
                                  "address": "1 Town Hall Rd, Mill, WI 53999",
                                  "contact": "608-555-0100"},
        "riparian_owner": {"name": "Lakeview Shores Association"}})


#: The mooring field's application: the town applies for its own mooring field.
MOORING_APPLICATION = {
    "applicant": {"name": "Town of Mill Harbor Commission",
                  "address": "3 Harbor Dr, Mill, WI 53999", "contact": "608-555-0131"},
    "political_subdivision": {"name": "Town of Mill", "address": "1 Town Hall Rd, Mill, WI 53999",
                              "contact": "608-555-0100"},
    "property_owner": {"name": "Town of Mill", "address": "1 Town Hall Rd, Mill, WI 53999",
                       "contact": "608-555-0100"},
    "riparian_owner": {"name": "Town of Mill (harbour frontage)",
                       "address": "1 Town Hall Rd, Mill, WI 53999", "contact": "608-555-0100"},
    "decision": {"outcome": "approved", "date": "2026-02-16",
                 "signatory": "Ann Roe, Town Clerk"}}


def moorings() -> dict:
    """A mooring field off a marina, inside a designated mooring area."""
    water = Polygon([(-1000, 0), (1500, 0), (1500, 2000), (-1000, 2000)])
    area = Polygon([(0, 40), (700, 40), (700, 140), (0, 140)])
    features = [
        feature({"type": "Polygon", "coordinates": ring(water)}, role="water",
                name="Green Bay harbour"),
        feature({"type": "Polygon", "coordinates": ring(area)}, role="mooring-area",
                name="Town mooring area"),
        point(-50, -30, role="landmark", name="Harbour light"),
    ]
    for i in range(8):
        x, y = 50 + i * 85, 70 + (i % 2) * 40
        features.append(point(x, y, kind="buoy-mooring", ws_id=f"M-{i + 1}",
                              description="white sphere, blue band",
                              purpose=f"mooring {i + 1} of the town mooring field",
                              riparian_permission=True,
                              fixed_objects=[fixed("Harbour light", (-50, -30), x, y)]))
    return collection("Town mooring field", features, application=MOORING_APPLICATION)


def _marker(plan: dict, ws_id: str) -> dict:
    return next(f for f in plan["features"] if f["properties"].get("ws_id") == ws_id)


def defects(clean: dict[str, dict]) -> dict[str, dict]:
    """One defect each, made from a clean plan."""
    out = {}
    plan = copy.deepcopy(clean["river-channel"])
    red, green = _marker(plan, "WS-6"), _marker(plan, "WS-5")
    red["geometry"] = copy.deepcopy(green["geometry"])
    red["geometry"]["coordinates"][0] -= 0.0002  # beside its green, on the left
    out["red-wrong-side"] = plan
    plan = copy.deepcopy(clean["river-channel"])
    _marker(plan, "WS-4")["properties"]["ws_id"] = "WS-X"
    _marker(plan, "WS-6")["properties"]["ws_id"] = "WS-4"
    _marker(plan, "WS-X")["properties"]["ws_id"] = "WS-6"
    out["numbers-falling"] = plan
    plan = copy.deepcopy(clean["river-channel"])
    plan["features"].remove(_marker(plan, "WS-9"))
    out["missing-pair"] = plan
    plan = copy.deepcopy(clean["river-channel"])
    _marker(plan, "WS-11")["properties"]["ws_id"] = "WS-9"
    out["duplicate-id"] = plan
    plan = copy.deepcopy(clean["mooring-field"])
    _marker(plan, "M-3")["properties"]["riparian_permission"] = False
    out["mooring-no-riparian"] = plan
    plan = copy.deepcopy(clean["lake"])
    for f in plan["features"]:
        if f["properties"].get("kind") == "buoy-race":
            f["properties"]["temporary_days"] = 20
    out["temporary-20-days"] = plan
    return out


def as_csv(plan: dict) -> str:
    """The plan's markers as CSV rows: lat, lon and the properties; the application as
    columns stated on the first row (``applicant_name`` ..., ``decision_date``)."""
    columns = ["lat", "lon", "kind", "ws_id", "description", "purpose",
               "riparian_permission"]
    stated = {}
    for role, value in plan.get("application", {}).items():
        for key, text in value.items():
            stated["decision" if key == "outcome" else f"{role}_{key}"] = text
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns + list(stated))
    first = True
    for f in plan["features"]:
        if f["geometry"]["type"] == "Point" and "kind" in f["properties"]:
            lon, lat = f["geometry"]["coordinates"]
            writer.writerow([f"{lat:.7f}", f"{lon:.7f}"] + [
                str(f["properties"].get(c, "")).lower() if isinstance(
                    f["properties"].get(c), bool) else f["properties"].get(c, "")
                for c in columns[2:]] + [stated[c] if first else "" for c in stated])
            first = False
    return out.getvalue()


def main(out: Path = HERE) -> None:
    """Write the example plans into ``out`` (default: beside this script)."""
    clean = {"river-channel": river(), "lake": lake(), "mooring-field": moorings()}
    (out / "defects").mkdir(parents=True, exist_ok=True)
    for name, plan in clean.items():
        (out / f"{name}.geojson").write_text(json.dumps(plan, indent=1) + "\n")
    for name, plan in defects(clean).items():
        for f in plan["features"]:
            if "design" in f["properties"]:
                f["properties"]["design"] = "../" + f["properties"]["design"]
        (out / "defects" / f"{name}.geojson").write_text(json.dumps(plan, indent=1) + "\n")
    (out / "mooring-field.csv").write_text(as_csv(clean["mooring-field"]))


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else HERE)
