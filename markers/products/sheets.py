"""Reference sheets: a printable catalogue of the markers, one PDF.

A cover with contents; per marker kind, the marker drawn to scale with callouts, the
meaning quoted from the pack's rule and a table of its dimensions at standard sizes (the
numbers of ``meta['dimensions']``, the same as ``wsmark spec``); a page of color
families and one of WS numbering. Every page is laid out on a virtual letter page
(8.5 x 11 units) that is scaled onto the paper, so one layout serves every paper
size; drawings state their true scale on that paper. Pages are SVG with real text,
turned into PDF pages by cairo and combined. The callouts on the drawings are
``render.callouts``.
"""

from __future__ import annotations

import re
import textwrap
from dataclasses import dataclass

from shapely.affinity import affine_transform
from shapely.geometry import Polygon

from markers.core.artwork import Artwork
from markers.core.colors import MAX_DISTANCE, PALETTE, REFERENCES
from markers.core.design import Design
from markers.core.installed import installed_version
from markers.core.pack import Kind, Pack
from markers.core.presentation import presentation_of
from markers.core.spec import Dimension
from markers.errors import WsmarkError
from markers.runtime.parallel import pmap
from render.callouts import (
    INK,
    LANE,
    LANE_GAP,
    SMALL,
    THIN,
    View,
    arrow,
    callouts,
    footprint,
    lane_count,
    lane_spans,
    pack_lanes,
)
from render.paper import PAPERS, STANDARD_SIZES
from render.pdf import combine_pdfs
from render.raster import pages_to_pdfs
from render.svg import Area, Line, PageItem, Placed, Text, geometry_path, page_svg

__all__ = ["PAPERS", "STANDARD_SIZES", "DRAWING_HEIGHT", "SheetPage", "DimensionRow",
           "DimensionTable", "dimension_table", "paragraph", "sheet_pages", "sheets_pdf"]

#: Paper sizes in inches (ISO sizes from millimetres).
#: The display height at which each kind is drawn with its callouts.
DRAWING_HEIGHT = 24.0
#: Drawing scales offered, as 1:n.
SCALES = (1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 32, 40, 48, 64, 96)

# Layout on the virtual letter page, in its units (an inch on letter paper).
PAGE_W, PAGE_H, MARGIN = 8.5, 11.0, 0.5
BODY = 0.095   # body text size (about 7 pt on letter)
RULE = "#888888"
ROW = 0.165
#: Average advance of a character in em, to wrap and fit text without font metrics.
CHAR_EM = 0.56


@dataclass(frozen=True)
class Page:
    """One page before numbering: a title for the contents, what it shows, and the
    marker kind it is about (None for the cover and the general pages)."""

    title: str
    items: list[PageItem]
    kind: str | None = None


@dataclass(frozen=True)
class SheetPage:
    """A finished page: its title, its kind (or None) and the page as SVG."""

    title: str
    kind: str | None
    svg: bytes


def _width(text: str, size: float) -> float:
    return len(text) * size * CHAR_EM


def _fit(text: str, width: float, size: float) -> float:
    """``size``, or smaller so that ``text`` fits ``width`` with a little air."""
    return min(size, (width - 0.1) / _width(text, 1.0)) if text else size


def _wrap(text: str, width: float, size: float) -> list[str]:
    return textwrap.wrap(text, max(8, int(width / (size * CHAR_EM))))


def paragraph(x: float, y: float, text: str, width: float, size: float = BODY,
               gap: float = 1.35) -> tuple[list[Text], float]:
    """Wrapped lines from baseline ``y``; returns the items and the next free baseline."""
    items: list[Text] = []
    for line in _wrap(text, width, size):
        items.append(Text(x, y, line, size))
        y += size * gap
    return items, y


# --- the data of a kind page -----------------------------------------------------------

@dataclass(frozen=True)
class DimensionRow:
    """One dimension across the sizes: ``cells`` hold its value text per size."""

    name: str
    unit: str
    clause: str
    cells: tuple[str, ...]


@dataclass(frozen=True)
class DimensionTable:
    """Dimensions of a kind at ``sizes`` (just ``None``, its default size, for a kind
    without a display area): ``rows`` that are numbers or vary with the size, and
    ``fixed`` properties that read the same at every size (colors, the face ...)."""

    sizes: tuple[float | None, ...]
    rows: list[DimensionRow]
    fixed: list[Dimension]
    failures: list[str]


def _value(dim: Dimension) -> str:
    """The value as ``wsmark spec`` prints it, without the unit."""
    return dim.as_text().removesuffix(dim.unit).strip()


def _by_name(dims: list[Dimension]) -> dict[str, Dimension]:
    """Dimensions by name; a name repeated with the same value is one dimension said
    twice, with another value it is numbered."""
    named: dict[str, Dimension] = {}
    for dim in dims:
        key, n = dim.name, 1
        while key in named and (_value(named[key]), named[key].clause) != (_value(dim),
                                                                           dim.clause):
            n += 1
            key = f"{dim.name} ({n})"
        named.setdefault(key, dim)
    return named


def _row_label(h: float | None) -> str:
    return f"H = {h:g} in" if h is not None else "the default size"


def dimension_table(pack: Pack, kind: Kind, sizes: tuple[float, ...],
                    built: dict[float | None, Artwork] | None = None) -> DimensionTable:
    """The rule's numbers of ``kind`` at each size, from the built artworks (``built``:
    those already built, by display height; the others are built not ``drawn``, only
    to be read); a size that cannot be built is left blank and named in
    ``failures``."""
    heights: tuple[float | None, ...] = tuple(sizes) if kind.display_area else (None,)
    by_size: list[dict[str, Dimension]] = []
    failures = []
    for h in heights:
        try:
            art = (built or {}).get(h)
            if art is None:  # read for its numbers: no letter paths to draw
                art = pack.build(kind.typical_designs(h)[0], drawn=False)
            by_size.append(_by_name(art.meta["dimensions"]))
        except WsmarkError as err:
            by_size.append({})
            failures.append(f"{_row_label(h)}: {err}")
    names = list(dict.fromkeys(name for dims in by_size for name in dims))
    rows, fixed = [], []
    for name in names:
        present = [dims[name] for dims in by_size if name in dims]
        if len(present) == len(by_size) and len({_value(d) for d in present}) == 1 \
                and all(isinstance(d.value, str) for d in present):
            fixed.append(present[0])
            continue
        rows.append(DimensionRow(name, present[0].unit, present[0].clause, tuple(
            _value(dims[name]) if name in dims else "-" for dims in by_size)))
    return DimensionTable(heights, rows, fixed, failures)


# --- pages -------------------------------------------------------------------------------

def _header(title: str, subtitle: str) -> list[PageItem]:
    return [Text(MARGIN, MARGIN + 0.25, title, _fit(title, PAGE_W - 2 * MARGIN, 0.22),
                 bold=True),
            Text(MARGIN, MARGIN + 0.47, subtitle, BODY),
            Line(((MARGIN, MARGIN + 0.6), (PAGE_W - MARGIN, MARGIN + 0.6)), THIN, RULE)]


def _placed(art: Artwork, x: float, y: float, scale: float) -> list[PageItem]:
    """``art`` on the page with a hairline round its face, so white edges show."""
    outline = affine_transform(footprint(art), [scale, 0, 0, scale, x, y])
    return [Placed(art, x, y, scale), Area(geometry_path(outline), stroke=RULE, width=THIN / 2)]


def _scale(art: Artwork, width: float, height: float, paper_scale: float) -> int:
    """The largest drawing (smallest n of 1:n) that fits ``width`` x ``height`` page units
    on paper where one page unit is ``paper_scale`` inches."""
    for n in SCALES:
        s = 1 / (n * paper_scale)
        if art.width * s <= width + 1e-9 and art.height * s <= height + 1e-9:
            return n
    return SCALES[-1]


#: The drawing's box on a kind page (left, top, width, height) and the room kept on its
#: left for H, above for the slope arc and below for the width.
DRAWING_BOX = (MARGIN, MARGIN + 0.85, 4.75, 5.0)
ROOM_LEFT, ROOM_TOP, ROOM_BOTTOM = 0.85, 0.65, 0.6
#: Room below the drawing for the scale bar, and above the footer.
SCALE_ROOM, FOOTER_ROOM = 0.5, 0.35
#: The least height kept for the drawing when a long table needs the page.
MIN_DRAWING = 3.0
#: Where the column beside the drawing starts.
SIDE_X = MARGIN + 4.95


def _fit_drawing(art: Artwork, box: tuple[float, float, float, float], paper_scale: float
                 ) -> tuple[int, float, list, View]:
    """The scale 1:n, page units per inch, packed lanes and view of ``art`` drawn as
    large as fits ``box`` (left, top, width, height) with room for its callouts."""
    left, top, box_w, box_h = box
    spans, lanes = lane_spans(art), 1
    for _ in range(4):  # lanes need room, room sets the scale, the scale packs lanes
        room_right = LANE_GAP + LANE * lanes if spans else 0.2
        fit_w, fit_h = box_w - ROOM_LEFT - room_right, box_h - ROOM_TOP - ROOM_BOTTOM
        n = _scale(art, fit_w, fit_h, paper_scale)
        s = 1 / (n * paper_scale)
        spans = pack_lanes(spans, s)
        if lane_count(spans) <= lanes:
            break
        lanes = lane_count(spans)
    return n, s, spans, View(left + ROOM_LEFT + (fit_w - art.width * s) / 2, top + ROOM_TOP, s)


def _kind_page(kind: Kind, table: DimensionTable, art: Artwork,
               paper_scale: float) -> Page:
    """The drawing beside the side column, or below it across the page when that
    draws it larger; the scale bar under it; the table filling the rest."""
    left, top, box_w, box_h = DRAWING_BOX
    _, table_h = _table(table, MARGIN, 0.0)  # the drawing takes what the table leaves
    box_h = max(MIN_DRAWING, PAGE_H - MARGIN - FOOTER_ROOM - top - SCALE_ROOM - table_h)
    side = _side_column(kind, table, top)
    side_bottom = max((item.y for item in side if isinstance(item, Text)), default=top) + 0.2
    beside = _fit_drawing(art, (left, top, box_w, box_h), paper_scale)
    fit = beside
    if top + box_h - side_bottom >= MIN_DRAWING:
        below = _fit_drawing(art, (left, side_bottom, PAGE_W - 2 * MARGIN,
                                   top + box_h - side_bottom), paper_scale)
        fit = below if below[0] < beside[0] else beside
    n, s, spans, view = fit
    size = _row_label(DRAWING_HEIGHT if kind.display_area else None)
    items = _header(kind.title, f"{kind.name}  |  {kind.ref.clause}  |  drawn at {size}, "
                    f"scale 1:{n} when printed at 100 %")
    items += _placed(art, view.x, view.y, s)
    items += callouts(art, view, spans, kind.form)
    items += side
    items += _scale_bar(MARGIN + 0.1, top + box_h + 0.15, n, paper_scale)
    items += _table(table, MARGIN, max(top + box_h + SCALE_ROOM, side_bottom + 0.15))[0]
    return Page(f"{kind.title} ({kind.name})", items, kind.name)


def _kind_page_or_note(job: tuple[Pack, Kind, tuple[float, ...], str]) -> SheetPage | str:
    """The page of a kind as SVG (its footer's page number still to be filled in:
    ``_NUMBER``), or a note saying why it has none (it refuses a plain design); one job
    of the parallel map, so the drawing is laid out and written where it was built and
    only the page's bytes come back."""
    pack, kind, sizes, paper = job
    try:
        art = pack.build(kind.typical_designs(DRAWING_HEIGHT)[0])
    except WsmarkError as err:
        return f"{kind.name} has no page: a plain design is refused ({err})"
    height = DRAWING_HEIGHT if kind.display_area else None
    return _sheet_page(_kind_page(kind, dimension_table(pack, kind, sizes, {height: art}),
                                  art, _paper_scale(paper)), paper, _NUMBER)


def _paper_scale(paper: str) -> float:
    """Paper inches per unit of the virtual letter page."""
    width, height = PAPERS[paper]
    return min(width / PAGE_W, height / PAGE_H)


def _sheet_page(page: Page, paper: str, number: str) -> SheetPage:
    """``page`` on ``paper`` as SVG, centred, with its footer saying "page ``number``"."""
    width, height = PAPERS[paper]
    paper_scale = _paper_scale(paper)
    view_w, view_h = width / paper_scale, height / paper_scale
    view = (-(view_w - PAGE_W) / 2, -(view_h - PAGE_H) / 2, view_w, view_h)
    footer = Text(PAGE_W - MARGIN, PAGE_H - MARGIN + 0.2,
                  f"wsmark reference sheets  |  page {number}", SMALL, "end", fill=RULE)
    return SheetPage(page.title, page.kind,
                     page_svg(width, height, view, page.title, page.items + [footer]))


#: The page number of a kind page made before the pages are counted, filled in after.
_NUMBER = "wsmark-page-number-to-come"


def _side_column(kind: Kind, table: DimensionTable, y: float) -> list[PageItem]:
    """Beside the drawing: the meaning quoted, what holds at every size, the paragraphs."""
    x, width = SIDE_X, PAGE_W - MARGIN - SIDE_X
    items: list[PageItem] = []
    clauses = list(dict.fromkeys([kind.ref.clause] + [r.clause for r in table.rows]
                                 + [d.clause for d in table.fixed]))
    sections = [(f"Meaning, {kind.ref.clause}", [f"\u201c{kind.ref.quote}\u201d"]),
                ("At every size", [f"{d.name}: {_value(d)} ({d.clause})" for d in table.fixed]),
                ("Paragraphs cited", clauses)]
    y += 0.15
    for heading, texts in sections:
        if not texts:
            continue
        items.append(Text(x, y, heading, BODY * 1.15, bold=True))
        y += BODY * 1.6
        for text in texts:
            more, y = paragraph(x, y, text, width)
            items += more
        y += 0.14
    return items


def _cell(text: str, width: float) -> list[str]:
    """A table cell's lines: wrapped to its column at the table's one font size."""
    return textwrap.wrap(text, max(4, int((width - 0.08) / (BODY * CHAR_EM))),
                         break_long_words=False) or [""]


def _table(table: DimensionTable, x: float, y: float) -> tuple[list[PageItem], float]:
    """A row per dimension (name, paragraph, unit) with its value at each size, as
    ``wsmark spec`` lists them, all in one font size: a cell too long for its column
    wraps onto a second line. Returns the items and the page y below the table."""
    right = PAGE_W - MARGIN
    name_w, clause_w, unit_w = 2.65, 1.0, 0.3
    col = (right - x - name_w - clause_w - unit_w) / len(table.sizes)
    first = x + name_w + clause_w + unit_w  # left edge of the value columns
    widths = [name_w, clause_w, unit_w, *([col] * len(table.sizes))]

    def row(base: float, cells: list[str], bold: bool = False) -> tuple[list[PageItem], int]:
        out: list[PageItem] = []
        wrapped = [_cell(text, w) for text, w in zip(cells, widths, strict=True)]
        lefts = [x, x + name_w, x + name_w + clause_w]
        for i, lines in enumerate(wrapped):
            for j, line in enumerate(lines):
                at = base + j * BODY * 1.25
                if i < 3:
                    out.append(Text(lefts[i], at, line, BODY, bold=bold))
                else:
                    out.append(Text(first + col * (i - 2) - 0.05, at, line, BODY, "end",
                                    bold=bold))
        return out, max(len(lines) for lines in wrapped)

    heading = "Dimensions by display-area height H" if table.sizes != (None,) else \
        "Dimensions at the default size (no display area)"
    items: list[PageItem] = [Text(x, y, heading, BODY * 1.15, bold=True)]
    y += 0.25
    more, _ = row(y, ["dimension", "paragraph", "unit",
                      *(f"H = {h:g}" if h is not None else "default" for h in table.sizes)],
                  bold=True)
    items += more
    y += 0.07
    items.append(Line(((x, y), (right, y)), THIN, RULE))
    extra = 0
    for dim in table.rows:
        y += ROW + extra * BODY * 1.25
        more, lines = row(y, [dim.name, dim.clause, dim.unit, *dim.cells])
        items += more
        extra = lines - 1
    y += 0.07 + extra * BODY * 1.25
    items.append(Line(((x, y), (right, y)), THIN, RULE))
    notes = ["Values as `wsmark spec KIND -H SIZE` prints them, from the marker built at "
             "each size; '-' where a size has no such dimension."]
    notes += [f"Not built at {failure}" for failure in table.failures]
    y += 0.2
    for note in notes:
        wrapped, y = paragraph(x, y, note, right - x, SMALL)
        items += wrapped
    return items, y


def _scale_bar(x: float, y: float, n: int, paper_scale: float) -> list[PageItem]:
    """A bar 2 in long on the paper, in half inches, to confirm printing at 100 %: at
    1:``n`` it stands for 2n in of the marker."""
    length = 2 / paper_scale  # page units that print as 2 in
    items: list[PageItem] = [Line(((x, y), (x + length, y)), THIN * 3, "#000000")]
    for i in range(5):
        tx = x + length * i / 4
        items.append(Line(((tx, y - 0.05), (tx, y + 0.05)), THIN * 2, "#000000"))
    items.append(Text(x + length + 0.1, y + 0.03,
                      f"this bar prints 2 in long at 100 % (ticks every 1/2 in); at 1:{n} it "
                      f"is {2 * n:g} in of the marker", SMALL))
    return items


def _color_page(pack: Pack) -> Page:
    items = _header("Color families", "how wsmark paints each color and the reference "
                    "swatches a drawing's colors are judged against (CIEDE2000)")
    y = MARGIN + 0.95
    for family, hex_ in PALETTE.items():
        clauses = [clause for clause, r in pack.law.citations.items()
                   if re.search(rf"\b{family}\b", r.quote, re.IGNORECASE)]
        items.append(Area(geometry_path(Polygon.from_bounds(MARGIN, y, MARGIN + 0.8, y + 0.8)),
                          fill=hex_, stroke=RULE, width=THIN))
        x = MARGIN + 1.0
        items.append(Text(x, y + 0.17, family, 0.15, bold=True))
        items.append(Text(x, y + 0.36, f"painted as {hex_}; within dE2000 "
                          f"{MAX_DISTANCE[family]:g} of a swatch", BODY))
        where = ", ".join(clauses) if clauses else "not named by the rule"
        more, _ = paragraph(x, y + 0.55, f"named in: {where}", 2.4, SMALL)
        items += more
        rx = MARGIN + 3.7
        for i, (ref_hex, name) in enumerate(REFERENCES[family]):
            ry = y + 0.05 + i * 0.26
            items.append(Area(geometry_path(Polygon.from_bounds(rx, ry, rx + 0.22, ry + 0.22)),
                              fill=ref_hex, stroke=RULE, width=THIN))
            items.append(Text(rx + 0.32, ry + 0.16, f"{ref_hex}  {name}", BODY))
        y += 1.1
    more, _ = paragraph(MARGIN, y + 0.1, "A drawing's fill is classified into the family of "
                         "the nearest reference swatch by CIEDE2000 color difference; "
                         "farther from it than the family allows, it is 'other' (a finding, "
                         "named with its hex and nearest family). Printed colors on this "
                         "page are only as true as the printer.",
                         PAGE_W - 2 * MARGIN)
    return Page("Color families", [*items, *more])


def _numbering_page(pack: Pack) -> Page:
    """How the pack numbers its aids, with a channel drawn and worked examples judged
    by the same check the builder uses."""
    guide = presentation_of(pack).numbering
    items = _header(guide.title, guide.subtitle)
    y = MARGIN + 0.95
    for rule in guide.rules:
        more, y = paragraph(MARGIN + 0.15, y, "- " + rule, PAGE_W - 2 * MARGIN - 0.15)
        items += more
        y += 0.05
    quote = pack.law.ref(guide.clause).quote
    more, y = paragraph(MARGIN, y + 0.05, f"\u201c{quote}\u201d ({guide.clause})",
                         PAGE_W - 2 * MARGIN, SMALL)
    items += more
    items += _channel(pack, y + 0.2)
    y += 3.6
    items.append(Text(MARGIN, y, "Worked examples", BODY * 1.15, bold=True))
    y += 0.22
    for kind, ws_id in guide.examples:
        try:
            verdict = f"correct: {pack.check_id(kind, ws_id)} on {kind}"
        except WsmarkError as err:
            verdict = f"wrong: {err}"
        items.append(Text(MARGIN, y, f"{ws_id} on {kind}", BODY, bold=True))
        more, y = paragraph(MARGIN + 1.6, y, verdict, PAGE_W - 2 * MARGIN - 1.6)
        items += more
        y += 0.04
    return Page(guide.page_title, items)


def _channel(pack: Pack, y: float) -> list[PageItem]:
    """A channel entered from the main water body (left), aids numbered upstream."""
    left, right = MARGIN, PAGE_W - MARGIN
    top, bottom = y + 0.55, y + 2.75
    water = "#DCEBF7"
    items: list[PageItem] = [
        Area(geometry_path(Polygon.from_bounds(left, top, right, bottom)), fill=water),
        Line(((left + 1.2, top), (right, top)), 0.02, "#5A4A2A"),
        Line(((left + 1.2, bottom), (right, bottom)), 0.02, "#5A4A2A"),
        Text(left + 0.08, top + 0.25, "main", BODY, bold=True),
        Text(left + 0.08, top + 0.25 + BODY * 1.3, "water body", BODY, bold=True),
        Line(((left + 1.3, (top + bottom) / 2), (right - 0.5, (top + bottom) / 2)), 0.012,
             INK, 0.06),
        arrow((right - 0.45, (top + bottom) / 2), (right - 1.0, (top + bottom) / 2)),
        Text(right - 0.5, (top + bottom) / 2 - 0.08, "proceeding upstream", BODY, "end",
             fill=INK),
    ]
    step = (right - left - 2.0) / 3
    rows = {"left": top - 0.5, "right": bottom + 0.02, "center": (top + bottom) / 2 + 0.15}
    for kind, ws_id, side, i in presentation_of(pack).numbering.channel:
        my = rows[side]
        art = pack.build(Design(kind, 12.0, ws_id=ws_id))
        scale = 0.45 / art.height
        mx = left + 1.7 + step * i
        items += _placed(art, mx - art.width * scale / 2, my, scale)
    return items


def _cover(pack: Pack, pages: list[Page], sizes: tuple[float, ...], paper: str,
           notes: list[str]) -> Page:
    items: list[PageItem] = [
        Text(MARGIN, MARGIN + 0.5, presentation_of(pack).numbering.sheet_title, 0.34,
             bold=True),
        Text(MARGIN, MARGIN + 0.85, f"Reference sheets after {pack.source}, "
             "built by wsmark", 0.15),
        Line(((MARGIN, MARGIN + 1.0), (PAGE_W - MARGIN, MARGIN + 1.0)), THIN, RULE)]
    y = MARGIN + 1.4
    items.append(Text(MARGIN, y, "Contents", 0.15, bold=True))
    y += 0.3
    for number, page in enumerate([Page("Cover and contents", [])] + pages, start=1):
        items.append(Text(MARGIN + 0.4, y, str(number), BODY * 1.2, "end"))
        items.append(Text(MARGIN + 0.55, y, page.title, BODY * 1.2))
        y += BODY * 1.9
    y += 0.2
    displayed = any(kind.display_area for kind in pack.kinds.values())
    drawn = (f"Each marker is drawn at H = {DRAWING_HEIGHT:g} in (kinds without a display "
             "area at their default size)" if displayed else
             "Each marker is drawn at its default size")
    table = ("gives the dimensions at H = " + ", ".join(f"{h:g}" for h in sizes) + " in"
             if displayed else "gives its dimensions")
    about = [
        f"{drawn} to the scale printed on its page, true when printed "
        "at 100 % (no fit to page), with callouts measured from the drawing. Its table "
        f"{table}, each "
        "with the paragraph it comes from: the same numbers as `wsmark spec KIND -H SIZE`.",
        f"Paper: {paper}. wsmark {installed_version('wsmark')}. The rule's text is quoted from "
        f"{pack.source}; it, not this sheet, is the authority.",
    ]
    for text in about + notes:
        more, y = paragraph(MARGIN, y, text, PAGE_W - 2 * MARGIN)
        items += more
        y += 0.1
    return Page("Cover and contents", items)


def sheet_pages(pack: Pack, kinds: list[Kind] | None = None,
                sizes: tuple[float, ...] = STANDARD_SIZES,
                paper: str = "letter") -> tuple[list[SheetPage], list[str]]:
    """The reference set of ``pack`` as SVG pages, cover first, and notes on kinds left
    out because they refuse a plain design."""
    if paper not in PAPERS:
        raise WsmarkError(f"unknown paper {paper!r}; use {', '.join(PAPERS)}")
    if not sizes:
        raise WsmarkError("no sizes given for the dimension tables")
    if any(k.display_area for k in pack.kinds.values()):  # sizes are display heights
        for h in sizes:  # the rule's own check of a display height, with its citation
            Design("sheet", h).validate(pack.law)
    jobs = [(pack, kind, tuple(sizes), paper)
            for kind in (kinds if kinds is not None else list(pack.kinds.values()))]
    # first, so the workers forked next find the font loaded and its glyphs recorded
    general = [_color_page(pack), _numbering_page(pack)]
    done = pmap(_kind_page_or_note, jobs)
    made = [page for page in done if isinstance(page, SheetPage)]
    notes = [note for note in done if isinstance(note, str)]
    titles = [Page(page.title, [], page.kind) for page in made] + general
    total = len(titles) + 1
    out = [_sheet_page(_cover(pack, titles, tuple(sizes), paper, notes), paper, f"1 of {total}")]
    for number, page in enumerate(made, start=2):
        svg = page.svg.replace(_NUMBER.encode(), f"{number} of {total}".encode(), 1)
        out.append(SheetPage(page.title, page.kind, svg))
    out += [_sheet_page(page, paper, f"{number} of {total}")
            for number, page in enumerate(general, start=len(made) + 2)]
    return out, notes


def sheets_pdf(pack: Pack, pages: list[SheetPage]) -> bytes:
    """The SVG pages as one PDF, each page through cairo (in parallel), so text stays
    text."""
    title = presentation_of(pack).numbering.sheet_title
    return combine_pdfs(pages_to_pdfs([page.svg for page in pages]),
                        f"{title}: reference sheets (wsmark)")
