"""Reading a placement plan: GeoJSON (WGS 84) or CSV with latitude/longitude columns.

A plan comes from a GIS tool, geojson.io or a spreadsheet, so anything malformed is a
one-line WsmarkError naming the file, the feature (or row) and the problem, never a
traceback. Point features with a ``kind`` are markers; other features carry a ``role``
(markers.plan.model.ROLES). A pack's plan rules may name the area its law covers: a
place outside it is refused, and one that would be inside with its latitude and
longitude exchanged is named as swapped. The application's parties and decision are
read as markers.plan.application describes.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import shapely
from shapely.geometry import shape as to_shape
from shapely.geometry.base import BaseGeometry

from markers.core.pack import Kind
from markers.core.words import did_you_mean
from markers.errors import WsmarkError
from markers.plan.application import application_columns, from_columns, parse_application
from markers.plan.model import (
    MARKER_FIELDS,
    ROLES,
    Application,
    ApplicationForm,
    FixedObject,
    Plan,
    PlanFeature,
    PlanMarker,
)
from markers.plan.project import Area, LocalGrid, Projection, projection_for

#: Where a plan is, as its ``site`` object says it (the packet shows each, or "not
#: stated"): the water body, county, town/range/section and placement season.
SITE_FIELDS = ("water_body", "county", "town_range_section", "season")
#: Unknown property names an error names before "and N more": the line stays whole.
UNKNOWN_SHOWN = 3

__all__ = ["Setting", "load_plan", "parse_plan", "PLAN_SUFFIXES", "MAX_PLAN_BYTES"]

PLAN_SUFFIXES = (".geojson", ".json", ".csv")
#: A plan of 100,000 markers is about 30 MB of GeoJSON; bigger is not a plan.
MAX_PLAN_BYTES = 64_000_000

_LAT = ("lat", "latitude", "y")
_LON = ("lon", "lng", "long", "longitude", "x")
_GEOMETRIES = ("Point", "LineString", "MultiLineString", "Polygon", "MultiPolygon")


class _Bad(Exception):
    """A problem with one feature; load_plan prefixes the file and feature."""


class Setting(NamedTuple):
    """What a pack tells the loader: its local ``grid``, the ``area`` its law covers
    (None: anywhere) and its application ``form`` (None: no application fields)."""

    grid: LocalGrid | None = None
    area: Area | None = None
    form: ApplicationForm | None = None


#: No grid, no area (anywhere), no application form.
NO_SETTING = Setting()


def load_plan(path: str | Path, kinds: Mapping[str, Kind], setting: Setting = NO_SETTING
              ) -> Plan:
    """The Plan in ``path`` (.geojson/.json or .csv) of markers of ``kinds``, inside
    the setting's area, projected to ground feet (to its grid when that covers the
    plan)."""
    return _parse(_read(Path(path)), Path(path), kinds, setting)


def parse_plan(data: bytes, name: str, kinds: Mapping[str, Kind],
               setting: Setting = NO_SETTING) -> Plan:
    """The Plan in ``data``, a file called ``name`` (its suffix says GeoJSON or CSV; its
    folder is where design files are found)."""
    if len(data) > MAX_PLAN_BYTES:
        raise WsmarkError(f"{name}: too large for a plan (over {MAX_PLAN_BYTES:,} bytes)")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise WsmarkError(f"{name}: not UTF-8 text") from None
    return _parse(text, Path(name), kinds, setting)


def _parse(text: str, path: Path, kinds: Mapping[str, Kind], setting: Setting) -> Plan:
    """The Plan ``text`` (of the file ``path``) holds: its records read, their
    geometry parsed, every place inside the setting's area, projected, each marker and
    feature made; the first problem refused on one line naming the feature."""
    csv_plan = path.suffix.lower() == ".csv"
    records, top, application = _records(text, path, setting)
    where = "row" if csv_plan else "feature"
    parsed = []
    for index, geometry, props in records:
        try:
            parsed.append((index, _geometry(geometry), props))
        except _Bad as err:
            raise WsmarkError(f"{path}: {where} {index}: {err}") from None
    points = [(i, g, p) for i, g, p in parsed if p.get("role") in (None, "marker")]
    if not points:
        raise WsmarkError(f"{path}: no markers (point features with a 'kind')")
    coords = np.concatenate([_all_coords(g) for _, g, _ in parsed]).astype(float)
    area = setting.area
    if area is not None and not area.contains(coords[:, 0], coords[:, 1]).all():
        for index, geometry, props in parsed:  # the first feature outside is named
            _in_area(path, f"{where} {index}", geometry, props, area, csv_plan)
    projection = projection_for(coords[:, 0], coords[:, 1], setting.grid)
    points_xy = iter(np.column_stack(projection.to_feet(
        *np.array([(g[0].x, g[0].y) if isinstance(g[0], _Point) else (np.nan, np.nan)
                   for _, g, _ in points]).T)))
    markers, features = _placed(path, where, parsed, points_xy, projection, kinds)
    name = top.get("name")
    return Plan(str(path), projection, tuple(markers), tuple(features),
                str(name) if name is not None else path.stem, _waivers(path, top),
                {k: v for k, v in top.items() if k not in ("waivers", "name")}, application)


def _records(text: str, path: Path, setting: Setting) -> tuple[list, dict, Application]:
    """The records of a CSV or GeoJSON plan (index, geometry, properties), its top-level
    members (a GeoJSON's: name, waivers ...) and the application it carries."""
    if path.suffix.lower() == ".csv":
        records, stated = _csv_records(path, text, application_columns(setting.form))
        return records, {}, _csv_application(path, stated, setting.form)
    if path.suffix.lower() in (".geojson", ".json"):
        records, top = _geojson_records(path, text)
        return records, top, parse_application(top.pop("application", None), setting.form,
                                               str(path))
    raise WsmarkError(f"{path}: not a plan (use .geojson, .json or .csv)")


def _placed(path: Path, where: str, parsed: list, points_xy: Iterator, projection: Projection,
            kinds: Mapping[str, Kind]) -> tuple[list[PlanMarker], list[PlanFeature]]:
    """The plan's markers (each at its place in ground feet, from ``points_xy``) and its
    other features (channels, shore, areas), in the file's order."""
    markers: list[PlanMarker] = []
    features: list[PlanFeature] = []
    for index, geometry, props in parsed:
        try:
            if props.get("role") in (None, "marker"):
                markers.append(_marker(index, geometry, props, next(points_xy), kinds,
                                       len(markers) + 1))
            else:
                features.append(_feature(index, geometry, props, projection))
        except _Bad as err:
            raise WsmarkError(f"{path}: {where} {index}: {err}") from None
    return markers, features


def _waivers(path: Path, top: dict) -> dict[str, str]:
    """The plan's waivers: rule id -> a stated reason."""
    waivers = top.get("waivers") or {}
    if not isinstance(waivers, dict) or not all(
            isinstance(k, str) and isinstance(v, str) and v.strip() for k, v in waivers.items()):
        raise WsmarkError(f"{path}: 'waivers' is a mapping of rule id to a stated reason")
    return dict(waivers)


def _in_area(path: Path, where: str, geometry: tuple, props: dict, area: Area,
             csv_plan: bool) -> None:
    """Refuse a feature with a place outside ``area`` in one line, naming the feature
    (and its id or name), the place as the file gives it, and the area; a place that
    exchanged would be inside is named as swapped latitude and longitude."""
    coords = _all_coords(geometry)
    inside = area.contains(coords[:, 0], coords[:, 1])
    if inside.all():
        return
    lon, lat = coords[int(np.argmin(inside))]
    named = props.get("ws_id") or props.get("name")
    who = f"{where} ({named})" if isinstance(named, str) and named else where
    lat_text, lon_text = (f"{v:.7f}".rstrip("0").rstrip(".") for v in (lat, lon))
    given = f"{lat_text}, {lon_text} (lat, lon)" if csv_plan else \
        f"[{lon_text}, {lat_text}] (lon, lat)"
    if area.contains(coords[:, 1], coords[:, 0]).all():
        hint = "are the lat and lon columns exchanged?" if csv_plan else \
            "GeoJSON puts longitude first"
        raise WsmarkError(f"{path}: {who}: {given} looks swapped: it is outside "
                          f"{area.name}, and inside with latitude and longitude exchanged "
                          f"({hint})")
    raise WsmarkError(f"{path}: {who}: {given} is outside the area this law covers, "
                      f"{area.describe()}")


def _read(path: Path) -> str:
    try:
        if not path.is_file():
            raise WsmarkError(f"{path}: no such file" if not path.exists() else
                              f"{path}: not a file")
        if path.stat().st_size > MAX_PLAN_BYTES:
            raise WsmarkError(f"{path}: too large for a plan (over {MAX_PLAN_BYTES:,} bytes)")
        return path.read_text(encoding="utf-8-sig")
    except UnicodeDecodeError:
        raise WsmarkError(f"{path}: not UTF-8 text") from None
    except OSError as err:
        raise WsmarkError(f"{path}: cannot read: {err.strerror or err}") from None


def _geojson_records(path: Path, text: str) -> tuple[list, dict]:
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError) as err:
        first = str(err).splitlines()[0] if str(err) else type(err).__name__
        raise WsmarkError(f"{path}: not valid JSON: {first}") from None
    if isinstance(data, dict) and data.get("type") == "Feature":
        data = {"type": "FeatureCollection", "features": [data]}
    if not isinstance(data, dict) or data.get("type") != "FeatureCollection":
        raise WsmarkError(f"{path}: not a GeoJSON FeatureCollection")
    crs = data.get("crs")
    if crs is not None and "CRS84" not in json.dumps(crs) and "4326" not in json.dumps(crs):
        raise WsmarkError(f"{path}: coordinates must be WGS 84 longitude/latitude "
                          f"(RFC 7946), not {json.dumps(crs)[:60]}")
    features = data.get("features")
    if not isinstance(features, list):
        raise WsmarkError(f"{path}: 'features' is not a list")
    records = []
    for index, feature in enumerate(features):
        if not isinstance(feature, dict) or feature.get("type") != "Feature":
            raise WsmarkError(f"{path}: feature {index}: not a GeoJSON Feature")
        props = feature.get("properties") or {}
        if not isinstance(props, dict):
            raise WsmarkError(f"{path}: feature {index}: 'properties' is not an object")
        records.append((index, feature.get("geometry"), props))
    given = data.get("properties")
    top = given if isinstance(given, dict) else {}
    top = {**top, **{k: data[k] for k in ("name", "waivers", "application", "site")
                     if k in data}}
    site = top.get("site")
    if site is not None and (not isinstance(site, dict) or set(site) - set(SITE_FIELDS) or
                             not all(isinstance(v, str) for v in site.values())):
        raise WsmarkError(f"{path}: 'site' is an object of {', '.join(SITE_FIELDS)} (text)")
    return records, top


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _csv_records(path: Path, text: str, plan_columns: tuple[str, ...]
                 ) -> tuple[list, dict[str, tuple[int, str]]]:
    """The marker rows as (row number, geometry, properties), and the plan-wide columns
    ``plan_columns`` stated on any row: column -> (first row, value); a second value is
    a one-line error."""
    reader = csv.DictReader(io.StringIO(text))
    header = [h.strip().lower() for h in (reader.fieldnames or [])]
    lat = next((h for h in _LAT if h in header), None)
    lon = next((h for h in _LON if h in header), None)
    if lat is None or lon is None:
        raise WsmarkError(f"{path}: needs latitude and longitude columns (lat, lon); "
                          f"has {', '.join(header) or 'none'}")
    records: list = []
    stated: dict[str, tuple[int, str]] = {}
    try:
        for row_number, row in enumerate(reader, start=2):
            row = {(k or "").strip().lower(): (v or "").strip() for k, v in row.items()
                   if k is not None}
            for column in plan_columns:
                value = row.pop(column, "")
                first = stated.setdefault(column, (row_number, value)) if value else None
                if first and first[1] != value:
                    raise _Bad(f"{column} {value[:40]!r} differs from row {first[0]}'s "
                               f"{first[1][:40]!r} (a plan has one application)")
            geometry = {"type": "Point", "coordinates": [_csv_number(row[lon], lon),
                                                         _csv_number(row[lat], lat)],
                        "decimals": _decimals(row[lat], row[lon])}
            props = {k: _csv_value(k, v) for k, v in row.items()
                     if k not in (lat, lon) and v != ""}
            records.append((row_number, geometry, props))
    except csv.Error as err:
        raise WsmarkError(f"{path}: not valid CSV: {err}") from None
    except _Bad as err:
        raise WsmarkError(f"{path}: row {row_number}: {err}") from None
    return records, stated


def _csv_application(path: Path, stated: dict[str, tuple[int, str]],
                     form: ApplicationForm | None) -> Application:
    """The Application of a CSV's plan-wide columns; an error names the first row."""
    try:
        return from_columns({k: v for k, (_, v) in stated.items()}, form)
    except WsmarkError as err:
        row = min((r for r, _ in stated.values()), default=2)
        raise WsmarkError(f"{path}: row {row}: {err}") from None


def _csv_number(text: str, column: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise _Bad(f"{column} {text!r} is not a number") from None


def _csv_value(key: str, text: str) -> Any:
    if key in ("lighted", "riparian_permission"):
        lowered = text.lower()
        if lowered in ("true", "yes", "y", "1"):
            return True
        if lowered in ("false", "no", "n", "0"):
            return False
        return text
    if key in ("display_height", "temporary_days"):
        try:
            return float(text)
        except ValueError:
            return text
    if key == "fixed_objects":
        try:
            return json.loads(text)
        except ValueError:
            raise _Bad("fixed_objects is a JSON list of {name, distance_ft, bearing_deg}") \
                from None
    return text


def _decimals(*texts: str) -> int:
    return min(len(t.split(".")[1]) if "." in t and "e" not in t.lower() else 0
               for t in texts)


class _Point(NamedTuple):
    """A marker's place, kept as two floats: a shapely Point per marker costs more than
    the whole check of a 10,000-marker plan."""

    x: float
    y: float
    geom_type: str = "Point"


def _point(geometry: dict, decimals: int | None) -> tuple[_Point, int]:
    coords = geometry.get("coordinates")
    if not (isinstance(coords, list) and len(coords) in (2, 3) and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in coords)):
        raise _Bad("bad Point coordinates (want [longitude, latitude])")
    lon, lat = float(coords[0]), float(coords[1])
    if not (math.isfinite(lon) and math.isfinite(lat) and abs(lat) <= 90 and abs(lon) <= 180):
        raise _Bad("coordinates are not longitude, latitude in degrees (WGS 84, "
                   "longitude first)")
    if decimals is None:
        decimals = _decimals(repr(lon), repr(lat))
    return _Point(lon, lat), decimals


def _geometry(geometry: Any) -> tuple[_Point | BaseGeometry, Any]:
    if not isinstance(geometry, dict) or geometry.get("type") not in _GEOMETRIES:
        kind = geometry.get("type") if isinstance(geometry, dict) else geometry
        raise _Bad(f"geometry {kind!r} is not one of {', '.join(_GEOMETRIES)}")
    decimals = geometry.get("decimals")
    if geometry["type"] == "Point":
        return _point(geometry, decimals)
    try:
        shape = to_shape({"type": geometry["type"], "coordinates": geometry.get("coordinates")})
    except (TypeError, ValueError, IndexError, KeyError, AttributeError,
            shapely.errors.ShapelyError) as err:
        raise _Bad(f"bad {geometry['type']} coordinates ({type(err).__name__})") from None
    coords = _all_coords(shape)
    if shape.is_empty or not len(coords):
        raise _Bad(f"empty {geometry['type']}")
    lon, lat = coords[:, 0], coords[:, 1]
    if not (np.all(np.isfinite(coords)) and np.all(np.abs(lat) <= 90)
            and np.all(np.abs(lon) <= 180)):
        raise _Bad("coordinates are not longitude, latitude in degrees (WGS 84, "
                   "longitude first)")
    return shape, decimals


def _all_coords(geometry: tuple[_Point | BaseGeometry, Any] | _Point | BaseGeometry
                ) -> np.ndarray:
    shape = geometry[0] if isinstance(geometry, tuple) and not isinstance(
        geometry, _Point) else geometry
    if isinstance(shape, _Point):
        return np.array([[shape.x, shape.y]])
    return shapely.get_coordinates(shape)


def _text(props: dict, key: str) -> str | None:
    value = props.get(key)
    if value is None or value == "":
        return None
    if isinstance(value, (dict, list)):
        raise _Bad(f"{key} is not text")
    return str(value)


def _flag(props: dict, key: str) -> bool | None:
    value = props.get(key)
    if value is None or isinstance(value, bool):
        return value
    raise _Bad(f"{key} is true or false, not {value!r}")


def _number(props: dict, key: str, whole: bool = False) -> float | None:
    value = props.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)) \
            or not math.isfinite(value) or value < 0 or (whole and value != int(value)):
        what = "a whole number" if whole else "a number"
        raise _Bad(f"{key} is {what}, at least 0, not {value!r}")
    return float(value)


def _fixed_objects(props: dict) -> tuple[FixedObject, ...]:
    items = props.get("fixed_objects") or []
    if not isinstance(items, list):
        raise _Bad("fixed_objects is a list of {name, distance_ft, bearing_deg}")
    found = []
    for item in items:
        if not isinstance(item, dict) or not _text(item, "name"):
            raise _Bad("each fixed object has a 'name' (and distance_ft, bearing_deg)")
        distance, bearing = _number(item, "distance_ft"), _number(item, "bearing_deg")
        if bearing is not None and bearing >= 360:
            raise _Bad(f"bearing_deg {bearing:g} is not in 0-360")
        found.append(FixedObject(str(item["name"]), distance, bearing))
    return tuple(found)


def _marker(index: int, geometry: tuple, props: dict, xy: np.ndarray,
            kinds: Mapping[str, Kind], number: int) -> PlanMarker:
    shape, decimals = geometry
    if shape.geom_type != "Point":
        raise _Bad(f"a marker is a Point, not a {shape.geom_type} (or give it a role: "
                   f"{', '.join(ROLES)})")
    unknown = sorted(set(props) - set(MARKER_FIELDS) - {"role"})
    if unknown:
        shown = [f"{name!r}{did_you_mean(name, MARKER_FIELDS)}"
                 for name in unknown[:UNKNOWN_SHOWN]]
        more = f" and {len(unknown) - UNKNOWN_SHOWN} more" \
            if len(unknown) > UNKNOWN_SHOWN else ""
        raise _Bad(f"unknown propert{'y' if len(unknown) == 1 else 'ies'} "
                   f"{', '.join(shown)}{more}; known: {', '.join(MARKER_FIELDS)}")
    kind = _text(props, "kind")
    if kind is None:
        raise _Bad(f"a marker needs a 'kind' (one of {', '.join(kinds)}), "
                   f"or the feature a 'role' ({', '.join(ROLES)})")
    if kind not in kinds:
        raise _Bad(f"unknown marker kind {kind!r}{did_you_mean(kind, kinds)}; known kinds: "
                   f"{', '.join(kinds)}")
    days = _number(props, "temporary_days", whole=True)
    x, y = xy
    return PlanMarker(
        feature=index, kind=kind, lon=shape.x, lat=shape.y, x=float(x), y=float(y),
        number=number, ws_id=_text(props, "ws_id"), legend=_text(props, "legend"),
        symbol=_text(props, "symbol"), display_height=_number(props, "display_height"),
        description=_text(props, "description"), purpose=_text(props, "purpose"),
        lighted=bool(_flag(props, "lighted")),
        temporary_days=None if days is None else int(days),
        riparian_permission=_flag(props, "riparian_permission"),
        riparian_owner=_text(props, "riparian_owner"), fixed_objects=_fixed_objects(props),
        design=_text(props, "design"),
        decimals=decimals if decimals is not None else 7, permit_id=_text(props, "permit_id"),
        ordinance=_text(props, "ordinance"))


def _feature(index: int, geometry: tuple, props: dict, projection: Projection) -> PlanFeature:
    shape, _ = geometry
    if isinstance(shape, _Point):
        shape = shapely.points(shape.x, shape.y)
    role = props.get("role")
    if role not in ROLES:
        raise _Bad(f"unknown role {role!r}; known roles: {', '.join(ROLES)}")
    lines = ("LineString", "MultiLineString")
    wanted = {"channel": lines, "landmark": ("Point",),
              "shoreline": lines + ("Polygon", "MultiPolygon"),
              "dock": ("Point",) + lines + ("Polygon", "MultiPolygon")}.get(
        role, ("Polygon", "MultiPolygon"))
    if role in ("pier", "raft"):
        wanted = ("Point",) + lines + ("Polygon", "MultiPolygon")
    if shape.geom_type not in wanted:
        raise _Bad(f"a {role} is a {' or '.join(wanted)}, not a {shape.geom_type}")
    if not shape.is_valid:
        shape = shapely.make_valid(shape)
    projected = shapely.transform(shape, lambda xy: np.column_stack(
        projection.to_feet(xy[:, 0], xy[:, 1])))
    return PlanFeature(index, role, _text(props, "name"), projected, shape)
