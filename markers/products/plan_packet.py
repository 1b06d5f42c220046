"""The permit packet of a plan: application.pdf, plan.kml and a normalised GeoJSON;
and the placement crew's waypoints (GPX).

The PDF: the application form (the parties with their signature and date blocks, the
deciding party's approval or disapproval, the department's block and what is still
missing before filing), the plan as checked (verdict and findings), the map, a table
with one row per marker (its number, id, kind, description and purpose, the conditions
of its placement, latitude and longitude in decimal degrees and in degrees-minutes-
seconds, distance and direction from named fixed objects), then a page per design with
its artwork and its ``spec`` dimensions (built by the pack like every other output and
handed in by markers.api) listing the markers built to it. Every output names a marker
by its number, #1 to #n in plan order, beside its id. The words of the law (the kinds'
titles, the paragraph the table answers, the application form) come with the report.
KML, GPX and GeoJSON are made with the standard library.
"""

from __future__ import annotations

import csv
import io
import json
import math
import os
import xml.etree.ElementTree as ET
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from shapely.geometry import Point, mapping
from shapely.geometry.base import BaseGeometry

from markers.core.artwork import Artwork
from markers.core.safe_text import csv_cell, json_ready, xml_document
from markers.errors import WsmarkError
from markers.plan.model import (
    OUTCOMES,
    Application,
    Decision,
    Party,
    Plan,
    PlanMarker,
    PlanReport,
    Role,
)
from markers.plan.project import geodesic
from markers.products.plan_map import numbered_findings, plan_map_svg
from markers.products.sheets import paragraph
from render.pdf import combine_pdfs
from render.raster import svgs_to_pdfs
from render.svg import Area, Line, PageItem, Placed, Text, page_svg

__all__ = ["dms", "compass", "packet_pages", "packet_pdf", "plan_kml", "plan_gpx",
           "plan_csv", "normalised_geojson", "packet_files"]

PORTRAIT, LANDSCAPE = (8.5, 11.0), (11.0, 8.5)
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
    """A page of the packet; one that draws a marker declares it (page_svg)."""
    return page_svg(size[0], size[1], (0, 0, *size), title, items, declare=True)


class _Flow:
    """Items laid down a page from the top, going on to a new page (headed by
    ``heading`` and "continued") when the next block would pass the page's foot."""

    def __init__(self, size: tuple[float, float], heading: str, top: float) -> None:
        self.size, self.heading, self.top = size, heading, top
        self.pages: list[list[PageItem]] = [[]]
        self.y = top

    def add(self, items: Sequence[PageItem]) -> None:
        self.pages[-1] += items

    def block(self, height: float) -> float:
        """The y where a block ``height`` tall goes, on a new page if it must."""
        if self.y + height > self.size[1] - 0.6 and self.y > self.top + 0.01:
            self.pages.append([Text(0.75, 0.7, f"{self.heading} (continued)", 0.13,
                                    bold=True)])
            self.y = 1.0
        return self.y

    def paragraph(self, x: float, text: str, width: float, size: float, **style: Any) -> None:
        """``text`` wrapped at ``width``, kept on one page."""
        _, bottom = paragraph(x, 0.0, text, width, size)
        y = self.block(bottom)
        lines, self.y = paragraph(x, y, text, width, size)
        self.add([replace(t, **style) for t in lines] if style else lines)

    def svgs(self, title: str) -> list[bytes]:
        return [_page(self.size, title, items) for items in self.pages]


def _field(x: float, y: float, width: float, label: str, value: str | None,
           ) -> list[PageItem]:
    """A labelled line of a form: the value written on it, or left blank to fill in."""
    start = x + 0.8
    items: list[PageItem] = [Text(x, y, f"{label}:", 0.085, fill="#444444"),
                             Line(((start, y + 0.03), (x + width, y + 0.03)), 0.006,
                                  "#888888")]
    if value:
        items.append(Text(start + 0.03, y, value[:70], 0.09))
    return items


def _signature(x: float, y: float, width: float, who: str) -> list[PageItem]:
    """Signature and date lines for ``who`` to sign by hand."""
    split = x + width * 0.66
    return [Line(((x, y), (split - 0.15, y)), 0.008),
            Line(((split, y), (x + width, y)), 0.008),
            Text(x, y + 0.13, f"Signature of the {who}", 0.075, fill="#444444"),
            Text(split, y + 0.13, "Date", 0.075, fill="#444444")]


def _box(x: float, y: float, label: str, ticked: bool) -> list[PageItem]:
    """A check box with its label; ticked boxes carry an X."""
    items: list[PageItem] = [Area(f"M{x:.3f} {y - 0.1:.3f}h0.12v0.12h-0.12Z", stroke="#000000",
                                  width=0.008)]
    if ticked:  # before the label, so the text reads "X approves"
        items.append(Text(x + 0.06, y - 0.005, "X", 0.11, "middle", bold=True))
    return items + [Text(x + 0.2, y, label, 0.09)]


def _party(report: PlanReport, role: Role, x: float, y: float, width: float
           ) -> tuple[list[PageItem], float]:
    """One party's block of the form: who, why the law names it, name, address and
    contact, the decision if it decides, and its signature and date."""
    form = report.packet_words.form
    assert form is not None  # packet_pages draws the form only when the pack has one
    party = report.read_plan.application.party(role.key)
    items: list[PageItem] = [Text(x, y, f"{role.title} ({role.clause})", 0.12, bold=True)]
    why, y = paragraph(x, y + 0.17, role.why, width, 0.075)
    items += [replace(t, fill="#555555") for t in why]
    y += 0.12
    for label, value in zip(("Name", "Address", "Contact"), (party.name, party.address,
                                                             party.contact), strict=True):
        items += _field(x, y, width, label, value)
        y += 0.27
    if role.key == form.decides:
        decision = report.read_plan.application.decision
        items += _box(x, y, "approves", decision.outcome == OUTCOMES[0])
        items += _box(x + 1.3, y, "disapproves the placement", decision.outcome == OUTCOMES[1])
        y += 0.27
        items += _field(x, y, width, "Decided on", decision.date)
        y += 0.27
        items += _field(x, y, width, "Signatory", decision.signatory)
        y += 0.27
    items += _signature(x, y + 0.3, width, role.title.lower())
    return items, y + 0.55


def _application(report: PlanReport) -> bytes:
    """The application form: the plan, the parties with their signature and date
    blocks, the deciding party's decision, the authority's block, and what is still
    missing before the application can be filed."""
    plan, form, status = report.read_plan, report.packet_words.form, report.application
    assert form is not None and status is not None  # packet_pages draws it only with both
    items: list[PageItem] = [
        Text(0.75, 0.85, "Waterway marker application", 0.28, bold=True),
        Text(0.75, 1.15, f"Plan: {plan.name} ({Path(plan.path).name}): "
                         f"{len(plan.markers)} markers, numbered #1-#{len(plan.markers)}; "
                         f"coordinates WGS 84", 0.1)]
    note, y = paragraph(0.75, 1.38, form.note, 7.0, 0.085)
    items += note
    y += 0.15
    width, columns = 3.35, (0.75, 4.4)
    for row in range(0, len(status.roles), 2):
        bottoms = []
        # the last row may hold one party: its second column stays empty
        for x, role in zip(columns, status.roles[row:row + 2], strict=False):
            block, bottom = _party(report, role, x, y, width)
            items += block
            bottoms.append(bottom)
        y = max(bottoms) + 0.15
    items.append(Line(((0.75, y - 0.1), (7.75, y - 0.1)), 0.006, "#AAAAAA"))
    authority, y = paragraph(0.75, y + 0.08, form.authority, 7.0, 0.09)
    items += authority
    items += _box(0.75, y + 0.05, "approved", False) + _box(2.05, y + 0.05, "disapproved",
                                                           False)
    items += _field(3.6, y + 0.05, 4.15, "Numbers", None)
    items += _signature(0.75, y + 0.55, 7.0, form.signs_last)
    y += 0.95
    items.append(Text(0.75, y, "Before this application can be filed", 0.14, bold=True))
    y += 0.22
    todo = list(status.missing) or ["nothing is missing: sign and date the blocks above"]
    for number, line in enumerate(todo, start=1):
        if y > 10.3:
            items.append(Text(0.9, y, f"... and {len(todo) - number + 1} more", 0.09))
            break
        lines, y = paragraph(0.9, y, f"{number}. {line}", 6.8, 0.09)
        items += lines
    return _page(PORTRAIT, "waterway marker application", items)


#: Where a plan is, as a reviewer looks it up: the plan's ``site`` keys and their words.
SITE_KEYS = (("county", "county"), ("town_range_section", "town/range/section"),
             ("season", "placement season"))


def site_line(plan: Plan) -> str:
    """Where the plan is, in one line: the water body (the plan's ``site.water_body``,
    else the names of its water features), county, town/range/section and placement
    season (its ``site`` object), each "not stated" when the plan does not say.

    >>> from markers.plan.model import Plan
    >>> plan = Plan("p.geojson", None, (), (), properties={"site": {"county": "Adams"}})
    >>> site_line(plan)[:60]
    'Site: water body not stated; county Adams; town/range/sectio'
    """
    given = plan.properties.get("site")
    site: dict[str, Any] = given if isinstance(given, dict) else {}
    water = site.get("water_body") or ", ".join(dict.fromkeys(
        f.name for f in plan.role("water") if f.name))
    said = [f"water body {water or 'not stated'}"] + [
        f"{words} {site.get(key) or 'not stated'}" for key, words in SITE_KEYS]
    return "Site: " + "; ".join(said)


def _summary(report: PlanReport) -> bytes:
    """The check of the plan: its verdict, markers by kind and the findings."""
    plan = report.read_plan
    items: list[PageItem] = [
        Text(0.75, 1.0, "The plan as checked", 0.24, bold=True),
        Text(0.75, 1.35, f"Plan: {plan.name} ({Path(plan.path).name})", 0.13),
        Text(0.75, 1.6, f"{len(plan.markers)} markers; coordinates WGS 84; distances in "
                        f"feet on the ground ({plan.projection.name})", 0.1)]
    site, y = paragraph(0.75, 1.8, site_line(plan), 7.0, 0.1)
    items += [*site, Text(0.75, y + 0.1, f"wsmark verdict: {report.verdict}", 0.13, bold=True)]
    y += 0.45
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
        who = plan.markers[f.marker].name if f.marker is not None else "plan"
        lines, y = paragraph(0.9, y, f"{number}. {who}: {f.finding.message}", 6.8, 0.09)
        items += lines
    lines, _ = paragraph(0.75, 10.2, report.packet_words.cover_note, 7.0, 0.09)
    return _page(PORTRAIT, "the plan as checked", [*items, *lines])


def _fixed_text(plan: Plan, marker: PlanMarker) -> str:
    landmarks = {f.name: f for f in plan.role("landmark") if f.name}
    parts = []
    for fixed in marker.fixed_objects:
        if fixed.distance_ft is not None and fixed.bearing_deg is not None:
            parts.append(f"{fixed.distance_ft:,.0f} ft {fixed.bearing_deg:05.1f}\u00b0 "
                         f"({compass(fixed.bearing_deg)}) from {fixed.name}")
        elif fixed.name in landmarks:
            point = landmarks[fixed.name].lonlat
            assert isinstance(point, Point)  # the loader takes a landmark only as a point
            distance, bearing = geodesic(point.x, point.y, marker.lon, marker.lat)
            parts.append(f"{distance:,.0f} ft {bearing:05.1f}\u00b0 ({compass(bearing)}) from "
                         f"{fixed.name} (computed)")
        else:
            parts.append(f"from {fixed.name}: distance and direction not stated")
    return "; ".join(parts) or "-"


_COLUMNS = ((0.4, "No."), (0.8, "Id"), (1.55, "Kind"), (2.75, "Description and purpose"),
            (5.35, "Latitude, longitude"), (7.1, "Distance and direction"))
#: Where the table's rows start and stop on a landscape page.
_TABLE_TOP, _TABLE_FOOT = 1.1, 7.9


def _conditions(report: PlanReport, index: int) -> tuple[str, ...]:
    """What the conditions of marker ``index``'s placement say (none without a form)."""
    return report.application.conditions.get(index, ()) if report.application else ()


def _row(report: PlanReport, index: int, y: float) -> tuple[list[PageItem], float]:
    """One marker's row of the table from ``y``; returns its items and its foot."""
    plan = report.read_plan
    m = plan.markers[index]
    top = y
    items: list[PageItem] = [Text(0.4, y, m.tag, 0.085, bold=True),
                             Text(0.8, y, m.ws_id or "-", 0.085, bold=bool(m.ws_id)),
                             Text(1.55, y, m.kind, 0.08)]
    if m.permit_id:
        items.append(Text(1.55, y + 0.12, f"permit {m.permit_id}", 0.07, bold=True))
    desc, y1 = paragraph(2.75, y, f"{m.description or '(no description)'}. "
                          f"Purpose: {m.purpose or '(not stated)'}", 2.45, 0.08)
    for line in _conditions(report, index):
        more, y1 = paragraph(2.75, y1, line, 2.45, 0.07)
        desc += [replace(t, fill="#0B4F8A") for t in more]
    where = [Text(5.35, y, f"{m.lat:.6f}, {m.lon:.6f}", 0.08),
             Text(5.35, y + 0.12, dms(m.lat, "N", "S"), 0.08),
             Text(5.35, y + 0.24, dms(m.lon, "E", "W"), 0.08)]
    fixed, y2 = paragraph(7.1, y, _fixed_text(plan, m), 3.5, 0.08)
    bottom = max(y1, y2, top + 0.36) + 0.05
    return items + desc + where + fixed + [Line(((0.4, bottom - 0.1), (10.6, bottom - 0.1)),
                                                0.004, "#AAAAAA")], bottom


def _table_pages(report: PlanReport) -> list[bytes]:
    """The marker table (the paragraph that lists what an application states), as many
    landscape pages as its rows take, each headed with the markers it holds."""
    plan = report.read_plan
    pages: list[tuple[int, int, list[PageItem]]] = []
    first, y = 0, _TABLE_TOP
    items: list[PageItem] = []
    for index in range(len(plan.markers)):
        row, bottom = _row(report, index, y)
        if bottom > _TABLE_FOOT and items:
            pages.append((first, index, items))
            first, items = index, []
            row, bottom = _row(report, index, _TABLE_TOP)
        items += row
        y = bottom
    pages.append((first, len(plan.markers), items))
    out = []
    for first, stop, rows in pages:
        head: list[PageItem] = [
            Text(0.4, 0.55, f"Markers {first + 1}-{stop} of {len(plan.markers)} "
                            f"({report.packet_words.table_clause})", 0.16, bold=True)]
        head += [Text(x, 0.85, name, 0.09, bold=True) for x, name in _COLUMNS]
        head.append(Line(((0.4, 0.92), (10.6, 0.92)), 0.01))
        out.append(_page(LANDSCAPE, "marker table", head + rows))
    return out


def _entry(report: PlanReport, index: int, m: PlanMarker) -> tuple[list[Text], float]:
    """One marker's entry on its page, from y 0: its number and id, place and permit,
    the conditions of its placement, its findings; and its height (kept on one page)."""
    y = 0.08
    items = [Text(0.75, y, m.name, 0.095, bold=True),
             Text(1.9, y, f"{m.lat:.6f}, {m.lon:.6f}", 0.09),
             Text(3.5, y, f"{dms(m.lat, 'N', 'S')}  {dms(m.lon, 'E', 'W')}", 0.09)]
    if m.permit_id:
        items.append(Text(6.0, y, f"permit {m.permit_id}", 0.09, bold=True))
    y += 0.15
    for line in _conditions(report, index):
        lines, y = paragraph(0.95, y, line, 6.8, 0.085)
        items += [replace(t, fill="#0B4F8A") for t in lines]
    mine = [f for f in report.findings if f.marker == index and not f.finding.waived]
    said = [f"{f.finding.severity} {f.finding.rule} ({f.finding.citation}): "
            f"{f.finding.message}" for f in mine[:12]] or ["findings: none"]
    for text in said:
        lines, y = paragraph(0.95, y, text, 6.8, 0.085)
        items += lines
    return items, y


#: The box a marker's drawing fits on its page (width, height; in).
DRAWING_BOX_IN = (4.5, 5.0)


def _drawing_scale(art: Artwork) -> int:
    """The least whole 1:N that fits ``art`` in DRAWING_BOX_IN: a drafting scale, stated
    on the page as 'SCALE 1:N', so that a reviewer's scale rule and ``wsmark check``
    read the drawing at full size."""
    return max(1, math.ceil(max(art.width / DRAWING_BOX_IN[0],
                                art.height / DRAWING_BOX_IN[1]) - 1e-9))


def _marker_pages(report: PlanReport, indices: tuple[int, ...], art: Artwork | str
                  ) -> list[bytes]:
    """The page of one marker, or of identical markers (one design): its artwork and
    dimensions once, then each marker's place, conditions, permit and findings."""
    plan = report.read_plan
    markers = [plan.markers[i] for i in indices]
    kind = markers[0].kind
    tags = ", ".join(m.name for m in markers)
    ids = list(dict.fromkeys(m.ws_id for m in markers if m.ws_id))
    shown = art.meta.get("ws_id") if isinstance(art, Artwork) else None
    lettered = bool(shown) and len(ids) > 1
    alike = "markers of one design" if lettered else "identical markers"
    heading = tags if len(markers) == 1 else f"{len(markers)} {alike}: {tags}"
    flow = _Flow(PORTRAIT, heading if len(heading) <= 80 else
                 f"{len(markers)} {alike}: {kind}", 1.0)
    flow.paragraph(0.75, heading, 7.0, 0.2, bold=True)
    flow.paragraph(0.75, f"{kind}: {report.kinds[kind].title}", 7.0, 0.1)
    if lettered:  # one drawing stands for each, which letters its own identification
        flow.paragraph(0.75, f"each letters its own identification ({', '.join(ids)}); the "
                       f"drawing shows {shown}", 7.0, 0.1)
    y = flow.y + 0.45
    if isinstance(art, str):
        flow.add([Text(0.75, y, f"artwork cannot be drawn: {art[:110]}", 0.1)])
        y += 0.4
    else:
        reduced = _drawing_scale(art)
        scale = 1 / reduced
        flow.add([Placed(art, 0.75, y, scale),
                  Area(f"M0.75 {y:.4f}h{art.width * scale:.4f}v{art.height * scale:.4f}"
                       f"h{-art.width * scale:.4f}Z", stroke="#888888", width=0.005),
                  Text(0.75, y + art.height * scale + 0.2,
                       f"SCALE 1:{reduced} (the marker {art.width:.2f} x {art.height:.2f} "
                       "in)", 0.08, fill="#555555")])
        below = y + art.height * scale + 0.35
        for note in art.meta.get("notes", []):
            lines, below = paragraph(0.75, below, note, 4.5, 0.08)
            flow.add(lines)
        right = y
        flow.add([Text(5.5, right, "Dimensions (wsmark spec)", 0.11, bold=True)])
        right += 0.22
        for dim in art.meta.get("dimensions", []):
            lines, right = paragraph(5.5, right, f"{dim.name}: {dim.as_text()} "
                                      f"[{dim.clause}]", 2.6, 0.08)
            flow.add(lines)
        y = max(below, right)
    flow.y = y + 0.2
    flow.paragraph(0.75, "Where each stands" if len(markers) > 1 else "Where it stands",
                   7.0, 0.12, bold=True)
    for index, m in zip(indices, markers, strict=True):
        items, height = _entry(report, index, m)
        y = flow.block(height)
        flow.add([replace(item, y=item.y + y) for item in items])
        flow.y = y + height
    return flow.svgs(f"marker {markers[0].label}")


def packet_pages(report: PlanReport,
                 pages: list[tuple[tuple[int, ...], Artwork | str]],
                 scale: float | None = None) -> list[bytes]:
    """The pages of application.pdf, as SVG: the application form (when the pack has
    one), the plan as checked,
    the map, the marker table, then a page per design (``pages``: the indices of its
    markers, in plan order, and its Artwork or why it cannot be drawn)."""
    if report.plan is None:
        raise WsmarkError(report.error or f"{report.file}: cannot be read")
    form = [_application(report)] if report.packet_words.form and report.application else []
    return (form + [_summary(report), plan_map_svg(report, scale)]
            + _table_pages(report)
            + [svg for indices, art in pages for svg in _marker_pages(report, indices, art)])


def packet_pdf(report: PlanReport, pages: list[tuple[tuple[int, ...], Artwork | str]],
               scale: float | None = None) -> bytes:
    """application.pdf as bytes."""
    return combine_pdfs(svgs_to_pdfs(packet_pages(report, pages, scale), declare=True),
                        f"Waterway marker application: {report.read_plan.name}",
                        declared=True)


def _marker_properties(m: PlanMarker, design: str | None) -> dict:
    props = {"kind": m.kind, "ws_id": m.ws_id, "legend": m.legend, "symbol": m.symbol,
             "display_height": m.display_height, "description": m.description,
             "purpose": m.purpose, "lighted": m.lighted, "temporary_days": m.temporary_days,
             "riparian_permission": m.riparian_permission,
             "riparian_owner": m.riparian_owner, "design": design,
             "fixed_objects": [{"name": f.name, "distance_ft": f.distance_ft,
                                "bearing_deg": f.bearing_deg} for f in m.fixed_objects],
             "source_feature": m.feature, "permit_id": m.permit_id,
             "ordinance": m.ordinance}
    return {k: v for k, v in props.items() if v not in (None, [])}


def _application_json(application: Application) -> dict:
    """The application's stated fields as the plan states them (unstated ones left out)."""
    out: dict = {}
    for role, party in sorted(application.parties.items()):
        stated = {k: getattr(party, k) for k in Party.FIELDS if getattr(party, k)}
        if stated:
            out[role] = stated
    decision = {k: getattr(application.decision, k) for k in Decision.FIELDS
                if getattr(application.decision, k)}
    if decision:
        out["decision"] = decision
    return out


def normalised_geojson(plan: Plan, folder: Path | None = None,
                       extra: Mapping[int, Mapping[str, Any]] | None = None) -> bytes:
    """The plan as RFC 7946 GeoJSON: every marker's properties spelled out, coordinates
    to 7 decimals (about 1/2 in), features in file order, keys sorted; design files
    referred to from ``folder`` (where the GeoJSON goes; default the plan's own).
    ``extra`` adds properties to markers, by their place in ``plan.markers`` (the
    register's status and permit)."""
    source = Path(plan.path).parent
    features = []
    for i, m in enumerate(plan.markers):
        design = m.design and Path(os.path.relpath(source / m.design, folder or source)
                                   ).as_posix()
        props = _marker_properties(m, design)
        props.update({k: v for k, v in (extra or {}).get(i, {}).items() if v is not None})
        features.append((m.feature, {"type": "Feature", "properties": props,
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
    data: dict[str, Any] = {"type": "FeatureCollection", "name": plan.name,
                            "features": [f for _, f in features]}
    if plan.waivers:
        data["waivers"] = plan.waivers
    application = _application_json(plan.application)
    if application:
        data["application"] = application
    return (json.dumps(json_ready(data), indent=1, sort_keys=True) + "\n").encode("utf-8")


#: The columns of a plan's CSV after its number, latitude and longitude: what a marker
#: states (the loader reads them back, markers.plan.load).
CSV_FIELDS = ("kind", "ws_id", "legend", "symbol", "display_height", "description", "purpose",
              "lighted", "temporary_days", "permit_id")


def plan_csv(plan: Plan, extra: Mapping[int, Mapping[str, Any]] | None = None) -> bytes:
    """The plan's markers as CSV, one row each in plan order, which the plan loader
    reads back (``lat``, ``lon`` to 7 decimals, then CSV_FIELDS); ``extra`` adds
    columns by the marker's place in ``plan.markers`` (the first marker's keys name
    them; the loader refuses them, so such a CSV is a table, not a plan). Every text
    cell goes through ``csv_cell``: a plan's ``=HYPERLINK(...)`` is written after an
    apostrophe (OWASP, CSV Injection), as in the materials CSV."""
    added = list((extra or {}).get(0, {}))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["lat", "lon", *CSV_FIELDS, *added])
    for i, m in enumerate(plan.markers):
        values = [getattr(m, f) for f in CSV_FIELDS]
        more = (extra or {}).get(i, {})
        writer.writerow([f"{m.lat:.7f}", f"{m.lon:.7f}",
                         *("" if v is None or v is False else _cell(v) for v in values),
                         *("" if more.get(k) is None else _cell(more[k]) for k in added)])
    return out.getvalue().encode("utf-8")


def _cell(value: Any) -> Any:
    """A CSV value as written: text as ``csv_cell`` has it, numbers and flags as they are."""
    return csv_cell(value) if isinstance(value, str) else value


def _kml_coords(geometry: BaseGeometry) -> str:
    return " ".join(f"{x:.7f},{y:.7f},0" for x, y in geometry.coords)


def plan_kml(plan: Plan) -> bytes:
    """The plan as KML 2.2 for Google Earth: a placemark per marker (name, kind,
    description and purpose), the channels as lines and the areas as polygons."""
    kml = ET.Element("kml", xmlns="http://www.opengis.net/kml/2.2")
    doc = ET.SubElement(kml, "Document")
    ET.SubElement(doc, "name").text = csv_cell(plan.name)
    for m in plan.markers:
        mark = ET.SubElement(doc, "Placemark")
        ET.SubElement(mark, "name").text = csv_cell(m.label)
        ET.SubElement(mark, "description").text = csv_cell(
            f"{m.name} {m.kind}: {m.description or ''}. Purpose: {m.purpose or ''}"
            + (f". Permit: {m.permit_id}" if m.permit_id else ""))
        point = ET.SubElement(mark, "Point")
        ET.SubElement(point, "coordinates").text = f"{m.lon:.7f},{m.lat:.7f},0"
    for f in plan.features:
        mark = ET.SubElement(doc, "Placemark")
        ET.SubElement(mark, "name").text = csv_cell(f.name or f.role)
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
    return _xml_file(kml)


def _wpt_desc(m: PlanMarker) -> str:
    """What the crew places: the kind, the face a buoy carries and its words."""
    words = (m.legend or "").replace("|", " ")
    return f"{m.kind}" + (f" ({m.symbol})" if m.symbol else "") + (f": {words}" if words else "")


def plan_gpx(plan: Plan) -> bytes:
    """The markers as GPX 1.1 waypoints for the placement crew, in plan order: the
    waypoint's name is the marker's id (else its number), its comment the number and
    purpose, its description the kind and words, its type the kind. Elements in the
    order of the GPX 1.1 schema (wptType: name, cmt, desc, sym, type)."""
    ns = "http://www.topografix.com/GPX/1/1"
    gpx = ET.Element("gpx", {"xmlns": ns, "version": "1.1", "creator": "wsmark"})
    meta = ET.SubElement(gpx, "metadata")
    ET.SubElement(meta, "name").text = csv_cell(plan.name)
    ET.SubElement(meta, "desc").text = (f"{len(plan.markers)} markers of "
                                        f"{Path(plan.path).name}, numbered #1-"
                                        f"#{len(plan.markers)}")
    lats, lons = [m.lat for m in plan.markers], [m.lon for m in plan.markers]
    ET.SubElement(meta, "bounds", {"minlat": f"{min(lats):.7f}", "minlon": f"{min(lons):.7f}",
                                   "maxlat": f"{max(lats):.7f}", "maxlon": f"{max(lons):.7f}"})
    for m in plan.markers:
        wpt = ET.SubElement(gpx, "wpt", {"lat": f"{m.lat:.7f}", "lon": f"{m.lon:.7f}"})
        ET.SubElement(wpt, "name").text = csv_cell(m.label)
        ET.SubElement(wpt, "cmt").text = csv_cell(
            f"{m.name}: {m.purpose or m.description or m.kind}")
        ET.SubElement(wpt, "desc").text = csv_cell(_wpt_desc(m))
        ET.SubElement(wpt, "sym").text = "Waypoint"
        ET.SubElement(wpt, "type").text = csv_cell(m.kind)
    ET.indent(gpx)
    return _xml_file(gpx)


def _xml_file(root: ET.Element) -> bytes:
    """``root`` as a UTF-8 XML file, well-formed whatever its text holds: characters XML
    refuses shown escaped (``safe_text.xml_document``; the text fields are ``csv_cell``s
    too, as GIS tools hand names and descriptions on to spreadsheets)."""
    return (b'<?xml version="1.0" encoding="UTF-8"?>\n'
            + xml_document(ET.tostring(root, encoding="unicode")).encode("utf-8"))


def packet_files(report: PlanReport, pages: list[tuple[tuple[int, ...], Artwork | str]],
                 scale: float | None = None, out_dir: str | Path | None = None
                 ) -> dict[str, bytes]:
    """The packet by file name: ``application.pdf``, ``<plan>.kml`` and
    ``<plan>.normalised.geojson`` (its design files referred to from ``out_dir``, where
    it will be written; default the plan's own folder). ``pages``: see packet_pages."""
    if report.plan is None:
        raise WsmarkError(report.error or f"{report.file}: cannot be read")
    stem = Path(report.plan.path).stem
    folder = None if out_dir is None else Path(out_dir)
    return {"application.pdf": packet_pdf(report, pages, scale),
            f"{stem}.kml": plan_kml(report.plan),
            f"{stem}.normalised.geojson": normalised_geojson(report.plan, folder)}
