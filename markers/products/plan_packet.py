"""The permit packet of a plan: application.pdf, plan.kml and a normalised GeoJSON.

The PDF: a cover with the findings summary, the map, a table with one row per marker
(id, kind, description and purpose, latitude and longitude in decimal degrees and in
degrees-minutes-seconds, distance and direction from named fixed objects), then a page
per marker with its artwork and its ``spec`` dimensions, built by the pack like every
other output and handed in by markers.api. The words of the law (the kinds' titles, the
paragraph the table answers, the cover's note) come with the report. KML and GeoJSON
are made with the standard library.
"""

from __future__ import annotations

import json
import os
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

from shapely.geometry import mapping

from markers.core.artwork import Artwork
from markers.errors import WsmarkError
from markers.plan.model import Plan, PlanMarker, PlanReport
from markers.plan.project import geodesic
from render.pdf import combine_pdfs
from markers.products.plan_map import numbered_findings, plan_map_svg
from render.raster import svgs_to_pdfs
from markers.products.sheets import paragraph
from render.svg import Area, Line, PageItem, Placed, Text, page_svg

__all__ = ["dms", "compass", "packet_pages", "packet_pdf", "plan_kml", "normalised_geojson",
           "packet_files"]

PORTRAIT, LANDSCAPE = (8.5, 11.0), (11.0, 8.5)
ROWS_PER_PAGE = 16
_POINTS = ("N", "NNE", "NE", "ENE", "E", "ESE", "SE", "SSE", "S", "SSW", "SW", "WSW", "W",
           "WNW", "NW", "NNW")


def dms(value: float, positive: str, negative: str) -> str:
    """43.5531 -> 43° 33' 11.16" N: degrees, minutes and seconds to 1/100 s."""
    hemi = positive if value >= 0 else negative
    total = round(abs(value) * 360000)
    degrees, rest = divmod(total, 360000)
    minutes, hundredths = divmod(rest, 6000)
    return f"{degrees}\u00b0 {minutes:02d}' {hundredths / 100:05.2f}\" {hemi}"


def compass(bearing: float) -> str:
    """The 16-point compass name of a true bearing."""
    return _POINTS[int((bearing % 360) / 22.5 + 0.5) % 16]


def _page(size: tuple[float, float], title: str, items: list[PageItem]) -> bytes:
    return page_svg(size[0], size[1], (0, 0, *size), title, items)


def _cover(report: PlanReport) -> bytes:
    plan = report.plan
    items: list[PageItem] = [
        Text(0.75, 1.0, "Waterway marker application", 0.28, bold=True),
        Text(0.75, 1.35, f"Plan: {plan.name} ({Path(plan.path).name})", 0.13),
        Text(0.75, 1.6, f"{len(plan.markers)} markers; coordinates WGS 84; distances in "
                        f"feet on the ground ({plan.projection.name})", 0.1),
        Text(0.75, 1.85, f"wsmark verdict: {report.verdict}", 0.13, bold=True)]
    y = 2.2
    for kind, count in sorted(Counter(m.kind for m in plan.markers).items()):
        items.append(Text(0.9, y, f"{count} x {kind}: {report.kinds[kind].title}", 0.1))
        y += 0.18
    y += 0.15
    items.append(Text(0.75, y, "Findings", 0.15, bold=True))
    y += 0.25
    counts = Counter((f.finding.severity, f.finding.rule, f.finding.citation)
                     for f in report.findings if not f.finding.waived)
    for (severity, rule, citation), count in sorted(counts.items()):
        items.append(Text(0.9, y, f"{count} x {severity} {rule} ({citation})", 0.1))
        y += 0.18
    if not counts:
        items.append(Text(0.9, y, "none", 0.1))
        y += 0.18
    for f in report.findings:
        if f.finding.waived:
            lines, y = paragraph(0.9, y, f"waived: {f.finding.rule} ({f.finding.citation}): "
                                  f"{f.finding.waived}", 6.8, 0.1)
            items += lines
    y += 0.2
    for number, f in numbered_findings(report)[:20]:
        lines, y = paragraph(0.9, y, f"{number}. {f.ws_id or 'plan'}: {f.finding.message}",
                              6.8, 0.09)
        items += lines
    lines, _ = paragraph(0.75, 10.2, report.words.cover_note, 7.0, 0.09)
    return _page(PORTRAIT, "application cover", items + lines)


def _fixed_text(plan: Plan, marker: PlanMarker) -> str:
    landmarks = {f.name: f for f in plan.role("landmark") if f.name}
    parts = []
    for fixed in marker.fixed_objects:
        if fixed.distance_ft is not None and fixed.bearing_deg is not None:
            parts.append(f"{fixed.distance_ft:,.0f} ft {fixed.bearing_deg:05.1f}\u00b0 "
                         f"({compass(fixed.bearing_deg)}) from {fixed.name}")
        elif fixed.name in landmarks:
            point = landmarks[fixed.name].lonlat
            distance, bearing = geodesic(point.x, point.y, marker.lon, marker.lat)
            parts.append(f"{distance:,.0f} ft {bearing:05.1f}\u00b0 ({compass(bearing)}) from "
                         f"{fixed.name} (computed)")
        else:
            parts.append(f"from {fixed.name}: distance and direction not stated")
    return "; ".join(parts) or "-"


_COLUMNS = ((0.4, "Id"), (1.0, "Kind"), (2.25, "Description and purpose"),
            (5.0, "Latitude, longitude"), (6.85, "Distance and direction"))


def _table_pages(report: PlanReport) -> list[bytes]:
    plan = report.plan
    pages = []
    for start in range(0, len(plan.markers), ROWS_PER_PAGE):
        items: list[PageItem] = [
            Text(0.4, 0.55, f"Markers {start + 1}-{min(start + ROWS_PER_PAGE, len(plan.markers))}"
                            f" of {len(plan.markers)} ({report.words.table_clause})", 0.16,
                 bold=True)]
        items += [Text(x, 0.85, head, 0.09, bold=True) for x, head in _COLUMNS]
        items.append(Line(((0.4, 0.92), (10.6, 0.92)), 0.01))
        y = 1.1
        for index in range(start, min(start + ROWS_PER_PAGE, len(plan.markers))):
            m = plan.markers[index]
            top = y
            items.append(Text(0.4, y, m.ws_id or f"#{m.feature}", 0.085, bold=True))
            items.append(Text(1.0, y, m.kind, 0.08))
            if m.permit_id:
                items.append(Text(1.0, y + 0.12, f"permit {m.permit_id}", 0.07, bold=True))
            desc, y1 = paragraph(2.25, y, f"{m.description or '(no description)'}. "
                                  f"Purpose: {m.purpose or '(not stated)'}", 2.6, 0.08)
            where = [Text(5.0, y, f"{m.lat:.6f}, {m.lon:.6f}", 0.08),
                     Text(5.0, y + 0.12, dms(m.lat, "N", "S"), 0.08),
                     Text(5.0, y + 0.24, dms(m.lon, "E", "W"), 0.08)]
            fixed, y2 = paragraph(6.85, y, _fixed_text(plan, m), 3.7, 0.08)
            items += desc + where + fixed
            y = max(y1, y2, top + 0.36) + 0.05
            items.append(Line(((0.4, y - 0.1), (10.6, y - 0.1)), 0.004, "#AAAAAA"))
        pages.append(_page(LANDSCAPE, "marker table", items))
    return pages


def _marker_page(report: PlanReport, index: int, art: Artwork | str) -> bytes:
    plan = report.plan
    m = plan.markers[index]
    items: list[PageItem] = [
        Text(0.75, 0.9, f"{m.ws_id or m.kind} (feature {m.feature})"
                        + (f", permit {m.permit_id}" if m.permit_id else ""), 0.22, bold=True),
        Text(0.75, 1.15, f"{m.kind}: {report.kinds[m.kind].title}", 0.1),
        Text(0.75, 1.35, f"{m.lat:.6f}, {m.lon:.6f}   {dms(m.lat, 'N', 'S')}  "
                         f"{dms(m.lon, 'E', 'W')}", 0.1)]
    if isinstance(art, str):
        items.append(Text(0.75, 1.8, f"artwork cannot be drawn: {art[:110]}", 0.1))
    y = 1.8
    if isinstance(art, Artwork):
        scale = min(4.5 / art.width, 5.0 / art.height)
        items.append(Placed(art, 0.75, 1.7, scale))
        items.append(Area(f"M0.75 1.7h{art.width * scale:.4f}v{art.height * scale:.4f}"
                          f"h{-art.width * scale:.4f}Z", stroke="#888888", width=0.005))
        items.append(Text(0.75, 1.7 + art.height * scale + 0.2,
                          f"drawn at {scale:.3g} in per in ({art.width:.2f} x "
                          f"{art.height:.2f} in)", 0.08, fill="#555555"))
        below = 1.7 + art.height * scale + 0.35
        for note in art.meta.get("notes", []):
            lines, below = paragraph(0.75, below, note, 4.5, 0.08)
            items += lines
        x = 5.5
        items.append(Text(x, y, "Dimensions (wsmark spec)", 0.11, bold=True))
        y += 0.22
        for dim in art.meta.get("dimensions", []):
            lines, y = paragraph(x, y, f"{dim.name}: {dim.as_text()} [{dim.clause}]", 2.6,
                                  0.08)
            items += lines
    mine = [f for f in report.findings if f.marker == index and not f.finding.waived]
    y = max(y, 7.2) + 0.2
    items.append(Text(0.75, y, "Findings on this marker", 0.11, bold=True))
    y += 0.2
    for f in mine[:12]:
        lines, y = paragraph(0.9, y, f"{f.finding.severity} {f.finding.rule} "
                              f"({f.finding.citation}): {f.finding.message}", 6.8, 0.085)
        items += lines
    if not mine:
        items.append(Text(0.9, y, "none", 0.085))
    return _page(PORTRAIT, f"marker {m.ws_id or m.feature}", items)


def packet_pages(report: PlanReport, artworks: list[Artwork | str],
                 scale: float | None = None) -> list[bytes]:
    """The pages of application.pdf, as SVG; ``artworks`` are the markers' Artworks (or
    why each cannot be drawn), in plan order."""
    if report.plan is None:
        raise WsmarkError(report.error or f"{report.file}: cannot be read")
    return ([_cover(report), plan_map_svg(report, scale)] + _table_pages(report)
            + [_marker_page(report, i, art) for i, art in enumerate(artworks)])


def packet_pdf(report: PlanReport, artworks: list[Artwork | str],
               scale: float | None = None) -> bytes:
    """application.pdf as bytes."""
    return combine_pdfs(svgs_to_pdfs(packet_pages(report, artworks, scale)),
                        f"Waterway marker application: {report.plan.name}")


def _marker_properties(m: PlanMarker, design: str | None) -> dict:
    props = {"kind": m.kind, "ws_id": m.ws_id, "legend": m.legend, "symbol": m.symbol,
             "display_height": m.display_height, "description": m.description,
             "purpose": m.purpose, "lighted": m.lighted, "temporary_days": m.temporary_days,
             "riparian_permission": m.riparian_permission, "design": design,
             "fixed_objects": [{"name": f.name, "distance_ft": f.distance_ft,
                                "bearing_deg": f.bearing_deg} for f in m.fixed_objects],
             "source_feature": m.feature, "permit_id": m.permit_id}
    return {k: v for k, v in props.items() if v not in (None, [])}


def normalised_geojson(plan: Plan, folder: Path | None = None) -> bytes:
    """The plan as RFC 7946 GeoJSON: every marker's properties spelled out, coordinates
    to 7 decimals (about 1/2 in), features in file order, keys sorted; design files
    referred to from ``folder`` (where the GeoJSON goes; default the plan's own)."""
    source = Path(plan.path).parent
    features = []
    for m in plan.markers:
        design = m.design and Path(os.path.relpath(source / m.design, folder or source)
                                   ).as_posix()
        features.append((m.feature, {"type": "Feature",
                                     "properties": _marker_properties(m, design),
                                     "geometry": {"type": "Point", "coordinates": [
                                         round(m.lon, 7), round(m.lat, 7)]}}))
    for f in plan.features:
        geometry = json.loads(json.dumps(mapping(f.lonlat)),
                              parse_float=lambda text: round(float(text), 7))
        props = {"role": f.role, "name": f.name, "source_feature": f.feature}
        features.append((f.feature, {"type": "Feature", "geometry": geometry,
                                     "properties": {k: v for k, v in props.items()
                                                    if v is not None}}))
    features.sort(key=lambda pair: pair[0])
    data = {"type": "FeatureCollection", "name": plan.name,
            "features": [f for _, f in features]}
    if plan.waivers:
        data["waivers"] = plan.waivers
    return (json.dumps(data, indent=1, sort_keys=True) + "\n").encode("utf-8")


def _kml_coords(geometry) -> str:
    return " ".join(f"{x:.7f},{y:.7f},0" for x, y in geometry.coords)


def plan_kml(plan: Plan) -> bytes:
    """The plan as KML 2.2 for Google Earth: a placemark per marker (name, kind,
    description and purpose), the channels as lines and the areas as polygons."""
    kml = ET.Element("kml", xmlns="http://www.opengis.net/kml/2.2")
    doc = ET.SubElement(kml, "Document")
    ET.SubElement(doc, "name").text = plan.name
    for m in plan.markers:
        mark = ET.SubElement(doc, "Placemark")
        ET.SubElement(mark, "name").text = m.ws_id or m.kind
        ET.SubElement(mark, "description").text = (
            f"{m.kind}: {m.description or ''}. Purpose: {m.purpose or ''}"
            + (f". Permit: {m.permit_id}" if m.permit_id else ""))
        point = ET.SubElement(mark, "Point")
        ET.SubElement(point, "coordinates").text = f"{m.lon:.7f},{m.lat:.7f},0"
    for f in plan.features:
        mark = ET.SubElement(doc, "Placemark")
        ET.SubElement(mark, "name").text = f.name or f.role
        ET.SubElement(mark, "description").text = f.role
        for part in getattr(f.lonlat, "geoms", [f.lonlat]):
            if part.geom_type == "Point":
                ET.SubElement(ET.SubElement(mark, "Point"), "coordinates").text = \
                    _kml_coords(part)
            elif part.geom_type == "LineString":
                ET.SubElement(ET.SubElement(mark, "LineString"), "coordinates").text = \
                    _kml_coords(part)
            elif part.geom_type == "Polygon":
                ring = ET.SubElement(ET.SubElement(ET.SubElement(mark, "Polygon"),
                                                   "outerBoundaryIs"), "LinearRing")
                ET.SubElement(ring, "coordinates").text = _kml_coords(part.exterior)
    ET.indent(kml)
    return b'<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(kml, encoding="utf-8")


def packet_files(report: PlanReport, artworks: list[Artwork | str],
                 scale: float | None = None, out_dir: str | Path | None = None
                 ) -> dict[str, bytes]:
    """The packet by file name: ``application.pdf``, ``<plan>.kml`` and
    ``<plan>.normalised.geojson`` (its design files referred to from ``out_dir``, where
    it will be written; default the plan's own folder)."""
    if report.plan is None:
        raise WsmarkError(report.error or f"{report.file}: cannot be read")
    stem = Path(report.plan.path).stem
    folder = None if out_dir is None else Path(out_dir)
    return {"application.pdf": packet_pdf(report, artworks, scale),
            f"{stem}.kml": plan_kml(report.plan),
            f"{stem}.normalised.geojson": normalised_geojson(report.plan, folder)}
