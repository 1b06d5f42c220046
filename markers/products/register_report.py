"""The register's report for a board meeting, one PDF: a first page of counts (by
status, by kind, what is due by its paragraph) beside the map of the markers (the plan
map's drawing, each marker ringed in its status's colour), then a table with one row a
marker. The values come in plain (the api reads the register); this module lays them
out."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from markers.plan.model import PlanReport
from markers.products.plan_map import layout_for, map_items
from render.pdf import combine_pdfs
from render.raster import svgs_to_pdfs
from render.svg import Area, Line, PageItem, Text, page_svg

__all__ = ["BoardRow", "board_report_pdf", "board_pages", "STATUS_COLORS"]

PAGE_W, PAGE_H = 11.0, 8.5
#: The ring a marker's status draws round its symbol on the map (placed: none).
STATUS_COLORS = {"placed": None, "registered": "#7A7A7A", "missing": "#D2232A",
                 "out-for-season": "#0072CE", "removed": "#000000"}
_ROW = 0.2
_TABLE_TOP, _TABLE_FOOT = 1.05, PAGE_H - 0.45
#: The table's columns: (x, heading).
_COLUMNS = ((0.4, "#"), (0.85, "Id"), (1.75, "Kind"), (3.15, "Water body"), (4.7, "Status"),
            (5.75, "Permit / dept id"), (7.35, "Placed"), (8.2, "Inspected"),
            (9.05, "Condition"), (9.85, "Lat, lon"))


@dataclass(frozen=True)
class BoardRow:
    """One marker's row: its register id and the cells of _COLUMNS after it."""

    id: int
    cells: tuple[str, ...]
    status: str
    lat: float
    lon: float


def _ring(x: float, y: float, r: float, color: str) -> Area:
    path = (f"M{x - r:.4f} {y:.4f}A{r:.4f} {r:.4f} 0 1 0 {x + r:.4f} {y:.4f}"
            f"A{r:.4f} {r:.4f} 0 1 0 {x - r:.4f} {y:.4f}Z")
    return Area(path, stroke=color, width=0.025)


def _counts(title: str, pairs: Sequence[tuple[str, int]], x: float, y: float
            ) -> tuple[list[PageItem], float]:
    items: list[PageItem] = [Text(x, y, title, 0.13, bold=True)]
    y += 0.22
    for label, count in pairs or (("none", 0),):
        items += [Text(x, y, label, 0.1), Text(x + 2.3, y, str(count), 0.1, "end", True)]
        y += 0.17
    return items, y + 0.12


def _first_page(title: str, subtitle: str, report: PlanReport, rows: Sequence[BoardRow],
                counts: Mapping[str, Sequence[tuple[str, int]]]) -> bytes:
    items: list[PageItem] = [Text(0.5, 0.5, title, 0.22, bold=True),
                             Text(0.5, 0.7, subtitle, 0.1, fill="#444444")]
    y = 1.1
    for heading, pairs in counts.items():
        more, y = _counts(heading, pairs, 0.5, y)
        items += more
    y += 0.05
    items.append(Text(0.5, y, "Map rings:", 0.09, bold=True))
    for status, color in STATUS_COLORS.items():
        if color:
            y += 0.17
            items += [_ring(0.6, y - 0.03, 0.06, color), Text(0.75, y, status, 0.09)]
    layout = layout_for(report.read_plan, 3.3, 1.0, 7.3, 7.0)
    items += map_items(report, layout)
    plan = report.read_plan
    xs, ys = layout.page([m.x for m in plan.markers], [m.y for m in plan.markers])
    for row, x, y_ in zip(rows, xs, ys, strict=True):
        color = STATUS_COLORS.get(row.status)
        if color:
            items.append(_ring(float(x), float(y_), 0.12, color))
    return page_svg(PAGE_W, PAGE_H, (0, 0, PAGE_W, PAGE_H), title, items)


def _table_page(title: str, rows: Sequence[BoardRow], first: int, total: int) -> bytes:
    items: list[PageItem] = [
        Text(0.4, 0.55, f"{title}: markers {first + 1}-{first + len(rows)} of {total}", 0.16,
             bold=True)]
    items += [Text(x, 0.9, name, 0.09, bold=True) for x, name in _COLUMNS]
    items.append(Line(((0.4, 0.97), (10.6, 0.97)), 0.01))
    y = _TABLE_TOP + 0.05
    for row in rows:
        cells = (f"#{row.id}", *row.cells, f"{row.lat:.5f}, {row.lon:.5f}")
        items += [Text(x, y, cell[:24], 0.08, bold=(i == 0))
                  for i, ((x, _), cell) in enumerate(zip(_COLUMNS, cells, strict=True))]
        y += _ROW
    return page_svg(PAGE_W, PAGE_H, (0, 0, PAGE_W, PAGE_H), f"{title} table", items)


def board_pages(title: str, subtitle: str, report: PlanReport, rows: Sequence[BoardRow],
                counts: Mapping[str, Sequence[tuple[str, int]]]) -> list[bytes]:
    """The pages as SVG: counts and map, then the table (as many pages as it takes)."""
    per_page = int((_TABLE_FOOT - _TABLE_TOP) / _ROW)
    return [_first_page(title, subtitle, report, rows, counts)] + [
        _table_page(title, rows[i:i + per_page], i, len(rows))
        for i in range(0, len(rows), per_page)]


def board_report_pdf(title: str, subtitle: str, report: PlanReport,
                     rows: Sequence[BoardRow],
                     counts: Mapping[str, Sequence[tuple[str, int]]]) -> bytes:
    """The board's report as PDF bytes (see the module docstring)."""
    return combine_pdfs(svgs_to_pdfs(board_pages(title, subtitle, report, rows, counts)),
                        title)
