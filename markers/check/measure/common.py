"""What the measurers share: the frozen Facts they build (a record per part of a
marker), each color family's visible geometry, and lines of lettering grouped from
letter outlines."""

from __future__ import annotations

import heapq
import statistics
from collections.abc import Mapping
from dataclasses import dataclass, field, replace

import shapely
from shapely import unary_union
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry

from markers.core.artwork import Artwork
from markers.core.colors import PALETTE, ColorMatch, classify
from markers.core.pack import FRAMED
from markers.core.shapes import polygons
from markers.core.spec import Law

__all__ = ["FRAMED", "NOT_DRAWN", "Border", "LegendFact", "Band", "Reflector", "Stripe",
           "Measuring", "Drawing", "Display", "SymbolFacts", "Lettering", "AidFace",
           "BuoyFacts", "FlagFacts", "Facts", "bbox_of",
           "family_geometry", "legend_facts", "enclosed_by"]


#: The display basis of a symbol drawn with no panel: nothing shows its display height.
NOT_DRAWN = "not drawn"


@dataclass(frozen=True)
class LegendFact:
    """A line of lettering as measured: cap height, stroke ratio, color, place.

    An ``outlined`` line keeps its glyphs (``outline``) for the reader, which fills in
    ``text`` when it reads them with confidence, else says in ``doubt`` what it read and
    why that is not trusted (markers.check.measure.reading). ``said`` is what the file
    says the glyphs read (a PDF font's Unicode), taken only where the glyphs confirm it."""

    text: str | None
    cap_height: float
    stroke_ratio: float | None
    color: ColorMatch | None
    bbox: tuple[float, float, float, float]
    inside_symbol: bool
    outlined: bool
    outline: BaseGeometry | None = field(default=None, compare=False, repr=False)
    doubt: str | None = None
    said: str | None = None


@dataclass(frozen=True)
class Band:
    """A band of one color around a buoy: where it runs (y down, inches) and its share
    of the area above the waterline."""

    color: ColorMatch
    top: float
    bottom: float
    share: float

    @property
    def height(self) -> float:
        return self.bottom - self.top


@dataclass(frozen=True)
class Reflector:
    """The element named ``reflector`` on a buoy: how high, what color, whether it runs
    across the whole buoy (all around), how far its top is from the buoy's top; ``drawn``
    when nothing names it and it is a band drawn as its own shape (measure.reflector),
    which shows where the sheeting goes but not that it is reflective."""

    height: float
    color: ColorMatch | None
    around: bool
    below_top: float
    bbox: tuple[float, float, float, float]
    drawn: bool = False


@dataclass(frozen=True)
class Stripe:
    """A stripe on a flag: width across it, angle from the horizontal, whether it runs
    from one edge of the flag to the opposite one."""

    color: ColorMatch
    width: float
    angle: float
    crosses: bool
    bbox: tuple[float, float, float, float]


@dataclass(frozen=True)
class Measuring:
    """What the measurers are handed, made once per marker by ``measure`` from the pack
    (as yamllint's rules get ``conf``): the ``law`` they measure by, the ``names`` its
    kinds give the shapes a measurer detects (``Kind.shape`` -> the kind reported: the
    vocabulary is the pack's, a shape no kind names is reported as no kind) and the
    display height the user gave (None: the drawing's own)."""

    law: Law
    names: Mapping[str, str] = field(default_factory=dict)
    display_height: float | None = None

    def frames(self) -> bool:
        """Whether a kind of the pack is a face framed by a border band (its shape is
        ``FRAMED`` + the symbol's): only then is a border set aside from the symbol."""
        return any(shape.startswith(FRAMED) for shape in self.names)

    def kind(self, shape: str | None) -> str | None:
        """The kind the pack reports a detected ``shape`` as (None when none was)."""
        return None if shape is None else self.names.get(shape)


@dataclass(frozen=True)
class Drawing:
    """How the marker's drawing was made and read: its ``source``, the kind it declares,
    the ``units`` of a drawing of physical size and the program that wrote it, what the
    reader could not read (``unread``: raster images ...; ``unread_notes``: blocks of
    lettering beside the marker, which may state its H), how its paint was read when
    not as drawn (``paint_basis``: a line drawing, a cut file), whether the page is a
    ``scan``, the marker's larger side as drawn (``extent``), the proof's
    ``dimensions`` beside it and what of the page was ``set_aside``
    (markers.check.layout); whether the drawing states no physical size
    (``size_unknown``: it was read at a nominal size, so only what does not depend on
    size is judged: ``SIZE_UNKNOWN``), the program's own units it was read in
    (``units_convention``: Illustrator's 72 px per inch), what it draws that wsmark does
    not render (``not_rendered``: what, and the box in inches it may cover or None) and
    what it hides (``not_printed``: markers.read.svg.shown, markers.read.pdf_print), its
    annotations (markers.read.pdf_annots) and how its size was found when the file says so
    (``size_basis``: a PDF's /UserUnit, its TrimBox), the evidence of its scale that
    disagrees (``scale_conflict``: markers.check.layout.evidence), the units a reader took
    it to be in when it states none, and why (``units_assumed``), and the angle (deg,
    clockwise) the marker was drawn turned by (``turned``: judged upright,
    markers.check.layout.upright); and the print it declares it is when it is not the
    kind as seen (``flat_print``: a buoy's "flat wrap", which is not its elevation)."""

    source: str = ""
    declared_kind: str | None = None
    units: str | None = None
    generator: str | None = None
    unread: Mapping[str, int] = field(default_factory=dict)
    unread_notes: int = 0
    paint_basis: str | None = None
    scan: bool = False
    extent: float | None = None
    dimensions: tuple = ()
    set_aside: tuple = ()
    size_unknown: bool = False
    units_convention: str | None = None
    not_rendered: tuple[tuple[str, tuple[float, float, float, float] | None], ...] = ()
    not_printed: tuple[str, ...] = ()
    annotations: tuple = ()
    size_basis: tuple = ()
    scale_conflict: str | None = None
    units_assumed: str | None = None
    turned: float | None = None
    flat_print: str | None = None


@dataclass(frozen=True)
class Display:
    """The display area: its ``height`` and the ``basis`` it was found on (given,
    declared, stated, inferred, not drawn), the words on the proof that stated it, the
    ``area`` and the ``panel`` holding it, and how far the symbol's centre is from its
    centre (``center_offset``)."""

    height: float | None = None
    basis: str | None = None
    statement: str | None = None
    area: BaseGeometry | None = None
    panel: BaseGeometry | None = None
    center_offset: float | None = None


@dataclass(frozen=True)
class SymbolFacts:
    """The symbol (or an aid's face): its outline ``shape`` and ``outer`` boundary, its
    color and its centre's (``center_unpainted``: the centre shows the sheet), a cross
    and how many of the four quarters it leaves white, the (6)(c) size by name, the
    outline at its thinnest and where, a diamond's side angles, a circle's roundness."""

    shape: str | None = None
    outer: Polygon | None = None
    color: ColorMatch | None = None
    center_color: ColorMatch | None = None
    center_unpainted: bool = False
    has_cross: bool = False
    white_quarters: int | None = None
    size_name: str | None = None
    size: float | None = None
    outline: float | None = None
    outline_at: tuple[float, float, float, float] | None = None
    side_angles: tuple[float, ...] = ()
    roundness: float | None = None


@dataclass(frozen=True)
class Lettering:
    """The marker's lettering: its lines (``legends``), those on the symbol's outline
    (``on_outline``: line, sq in of its letters on the outline, clearance in inches),
    what it says (``text``) and how that was read (``basis``: text | outlines |
    declared | none, markers.check.measure.reading), an aid's identification and its
    basis, the permit label (markers.check.measure.permit), how it was found
    ("declared" area, or its "form") and the permit id the drawing declares."""

    legends: tuple[LegendFact, ...] = ()
    on_outline: tuple[tuple[LegendFact, float, float], ...] = ()
    text: str | None = None
    basis: str = "none"
    ws_id: str | None = None
    ws_id_basis: str | None = None
    permit_label: LegendFact | None = None
    permit_label_basis: str | None = None
    declared_permit_id: str | None = None


@dataclass(frozen=True)
class AidFace:
    """A state aid's face: its color, its shape (or "striped") and the black stripes
    reaching its top."""

    color: ColorMatch | None = None
    shape: str | None = None
    stripes: int = 0


@dataclass(frozen=True)
class BuoyFacts:
    """A buoy or wrap: the waterline and its basis, the body above it, its height above
    the water and diameter (and basis), its shape and color (``color_share``: the share
    of the body of that color's family), the bands, the reflector, whether it is
    lighted and its material as declared, and the sides its symbol is shown on (and
    basis, and their spacing around it in degrees)."""

    waterline: float | None = None
    waterline_basis: str | None = None
    body: Polygon | None = None
    height_above_water: float | None = None
    diameter: float | None = None
    diameter_basis: str | None = None
    shape: str | None = None
    color: ColorMatch | None = None
    color_share: float | None = None
    bands: tuple[Band, ...] = ()
    reflector: Reflector | None = None
    lighted: bool | None = None
    material: str | None = None
    sides: int | None = None
    sides_basis: str | None = None
    side_spacing: float | None = None


@dataclass(frozen=True)
class FlagFacts:
    """A flag: how high and long, its field's color and its stripes."""

    height: float | None = None
    length: float | None = None
    color: ColorMatch | None = None
    stripes: tuple[Stripe, ...] = ()


@dataclass(frozen=True)
class Border:
    """A band of one color forming the outside border of a flat face, set aside from
    the symbol it frames (markers.check.measure.faces): its ``color``, its least
    ``width`` across (inches) and where that is (``at``), the ``silhouette`` its outer
    edge makes ("square", "rectangle" or another shape_of name), the family covering
    most of what lies ``within`` it, and its outer edge (``outer``)."""

    color: ColorMatch
    width: float
    at: tuple[float, float, float, float]
    silhouette: str | None
    within: ColorMatch | None
    outer: Polygon


@dataclass(frozen=True)
class Facts:
    """Everything the rules know of one marker, in inches and degrees, measured once and
    frozen: the ``kind`` it was judged as (the pack's name of the shape detected,
    Measuring.kind), and
    records of its drawing, display area, symbol, lettering, aid face, buoy and flag
    (each empty where the marker has none). ``faces`` are the faces a buoy carries (its
    symbol, each symbol of a wrap, the sign above a sign buoy), measured like sign
    faces and judged by the same rules; ``curvature`` says how a face on a round
    surface was measured, "seen" (as drawn on an elevation) or "surface" (developed
    onto the surface), and ``curvature_basis`` why (declared / inferred). ``border`` is
    the band framing a face, for a pack whose kinds have framed faces (Border)."""

    kind: str | None = None
    drawing: Drawing = Drawing()
    display: Display = Display()
    symbol: SymbolFacts = SymbolFacts()
    letters: Lettering = Lettering()
    aid: AidFace = AidFace()
    buoy: BuoyFacts = BuoyFacts()
    flag: FlagFacts = FlagFacts()
    curvature: str | None = None
    curvature_basis: str | None = None
    faces: tuple[Facts, ...] = ()
    border: Border | None = None

    @property
    def size_unknown(self) -> bool:
        """Whether the drawing states no physical size (judged as markers.check.engine
        says of ``Rule.sized``)."""
        return self.drawing.size_unknown

    def bbox(self) -> tuple[float, float, float, float] | None:
        geom = self.symbol.outer or self.buoy.body or self.display.panel
        return bbox_of(geom) if geom is not None else None


def bbox_of(geometry: BaseGeometry) -> tuple[float, float, float, float]:
    """The report's [x, y, w, h] box of ``geometry``, to 1/1000 in."""
    x0, y0, x1, y1 = geometry.bounds
    return (round(x0, 3), round(y0, 3), round(x1 - x0, 3), round(y1 - y0, 3))


def family_geometry(art: Artwork) -> dict[str, tuple[BaseGeometry, ColorMatch]]:
    """Visible geometry of each color family, with the match of its (first) color."""
    first_hex: dict[str, str] = {}
    for layer in art.layers:
        first_hex.setdefault(layer.color, layer.hex)
    return {family: (geometry, classify(first_hex[family]))
            for family, geometry in art.visible_by_color().items()}


def _lines(components: list[Polygon]) -> list[list[Polygon]]:
    """Group letter outlines into lines by vertical overlap: each outline, top first,
    joins the first line (oldest) it overlaps by half the smaller height, else starts one.

    A sweep down the page: a line whose bottom is above an outline's top can take no
    later outline, so it leaves the active set (a heap keyed on its bottom). With n
    outlines and k lines reaching down to one outline's top (a handful for lettering):
    O(n log n + n k).
    """
    lines: list[list[Polygon]] = []
    spans: list[list[float]] = []  # per line: [top, bottom]
    active: dict[int, None] = {}  # lines still reachable, oldest first
    ends: list[tuple[float, int]] = []  # (bottom, line) heap, stale entries skipped
    for comp in sorted(components, key=lambda p: p.bounds[1]):
        _, y0, _, y1 = comp.bounds
        while ends and ends[0][0] <= y0:
            bottom, index = heapq.heappop(ends)
            if spans[index][1] == bottom:
                active.pop(index, None)
        for index in active:
            ly0, ly1 = spans[index]
            overlap = min(y1, ly1) - max(y0, ly0)
            if overlap > 0.5 * min(y1 - y0, ly1 - ly0):
                lines[index].append(comp)
                if y1 > ly1:
                    spans[index][1] = y1
                    heapq.heappush(ends, (y1, index))
                break
        else:
            lines.append([comp])
            spans.append([y0, y1])
            active[len(lines) - 1] = None
            heapq.heappush(ends, (y1, len(lines) - 1))
    return lines


def _line_fact(line: list[Polygon], color: ColorMatch, symbol: Polygon | None) -> LegendFact:
    heights = [p.bounds[3] - p.bounds[1] for p in line]
    letters = [p for h, p in zip(heights, line, strict=True) if h >= 0.6 * max(heights)]
    # flat-topped letters are exactly the cap height; round ones overshoot it
    cap = min(p.bounds[3] - p.bounds[1] for p in letters)
    stroke = statistics.median(2 * p.area / p.length for p in letters) / cap
    geom = unary_union(line)
    inside = symbol is not None and geom.centroid.within(symbol)
    return LegendFact(None, cap, stroke, color, bbox_of(geom), inside, True, geom)


def legend_facts(art: Artwork, fam: dict, letter_families: list[str],
                  symbol: Polygon | None, within: BaseGeometry | None) -> list[LegendFact]:
    """Lines of lettering in ``letter_families`` (outlines, optionally only those
    ``within`` an area) and the drawing's ``<text>`` legends."""
    facts = []
    for family in letter_families:
        geometry, match = fam[family]
        if within is not None:
            shapely.prepare(within)  # n point-in-area tests, each O(log v)
        comps = [p for p in polygons(geometry) if within is None or p.within(within)]
        facts += [_line_fact(line, match, symbol) for line in _lines(comps)]
    for item in art.legends:
        if item.outlined and item.painted:
            continue
        color = classify(item.hex or PALETTE.get(item.color, PALETTE["black"]))
        if item.outlined:  # exact glyphs not in the paint: measured as lettering
            lines = _lines(polygons(item.outlines))
            said = item.text or None if len(lines) == 1 else None
            facts += [replace(_line_fact(line, color, symbol), said=said) for line in lines]
            continue
        inside = symbol is not None and item.box.centroid.within(symbol)
        facts.append(LegendFact(item.text, item.cap_height, None, color, bbox_of(item.box),
                                inside, False))
    return facts


def enclosed_by(geometry: BaseGeometry) -> BaseGeometry:
    """The area inside the outer boundaries of ``geometry``'s polygons (holes filled)."""
    return unary_union([Polygon(p.exterior) for p in polygons(geometry)])
