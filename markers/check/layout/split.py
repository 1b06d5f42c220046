"""One page -> its markers, and what is drawn beside them that is not a marker.

A proof rarely holds one bare marker: the page carries a border, crop marks, a title
block, dimension lines with their arrowheads and text, notes, mounting holes and centre
marks, sometimes two or three markers, and a buoy is drawn with its hull below a
waterline. Measured as one drawing, all of that becomes the marker (a border makes the
panel, a note a legend). ``split`` runs the layout's stages, each on the one before's
result (the package docstring, markers.check.layout, lists them), and makes each marker
an Artwork of its own, with the display heights the text beside it states
(markers.check.measure.statements).

It works on one Artwork (one page), whatever format it was read from. Sizes are
relative to the page and the markers, so a drawing at a stated scale splits the same way
as one at actual size. Neighbours are found with an STRtree throughout.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import shapely
from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry

from markers.check.layout.aside import Dimension, SetAside, merged
from markers.check.layout.dimtext import labelled
from markers.check.layout.furniture import Furniture, furniture
from markers.check.layout.markers import Markers, markers
from markers.check.layout.notes import beside_text
from markers.check.layout.panels import ground
from markers.check.layout.parts import bbox, parts, reading_order, small_marks
from markers.check.measure.statements import Statement, parse_panels, parse_statements
from markers.core.artwork import Artwork, Layer, Shape

__all__ = ["Layout", "Split", "laid_out", "marks_only", "split", "split_from"]


#: A page's markers as found and what lies beside them (the layout's stages up to the
#: furniture, markers.check.layout): None when nothing on the page looks like a marker.
Layout = tuple[Markers, Furniture] | None


def laid_out(art: Artwork) -> Layout:
    """The markers of one page and its furniture, no lettering beside them read yet
    (split_from finishes the split): what a page's scale is weighed against before."""
    found = markers(art, ground(art, parts(art)))
    return None if found is None else (found, furniture(art, found))


def split(art: Artwork, h_given: bool = False) -> Split:
    """The markers of one page and what is set aside; a page with one marker and nothing
    beside it comes back as itself (judged exactly as before). A drawing that says what
    it is (a declared kind, a display area, a waterline, a panel) is one marker: only
    what lies apart from it (crop marks, registration targets) is set aside. With
    ``h_given`` (the user gave H, so no scale or display height is looked for in the
    words beside the markers) outlined lettering is not read, nor are notes kept."""
    return split_from(art, laid_out(art), h_given)


def split_from(art: Artwork, layout: Layout, h_given: bool = False) -> Split:
    """split of a page already ``laid_out``."""
    if layout is None:
        return Split([art], found=False)
    found, laid = layout
    alone = len(found.groups) == 1 and not laid.aside and not found.unframed[0]
    # a page judged as itself carries no statements nor unread notes: only a scale is
    # looked for beside it; nothing at all when H is given
    lines, unread = ([], []) if h_given else beside_text(
        art, found.ground.pieces, laid.member, found.legend_of, unread_wanted=not alone)
    notes = [text for text, _ in lines]
    if alone:
        return Split([art], notes=notes, boxes=[found.regions[0].bounds])
    laid = replace(laid, dimensions=laid.dimensions + labelled(laid.unlabelled, lines))
    return _each_alone(art, found, laid, lines, unread)


def _each_alone(art: Artwork, found: Markers, laid: Furniture,
                lines: list[tuple[str, BaseGeometry]], unread: list[Polygon]) -> Split:
    """The page's markers each as an Artwork of its own (``_artwork``), in reading order,
    with what was set aside merged into items, the dimensions (numbered by that order)
    and the ``lines`` of text read beside them."""
    regions = found.regions
    stated = _statements(regions, lines)
    unread_near = [sum(1 for b in unread if _nearest(regions, b) == k)
                   for k in range(len(regions))]
    order = reading_order([r.bounds for r in regions])
    rank = {k: n for n, k in enumerate(order)}
    each = [_artwork(art, found, laid.member, k, n, stated[k], unread_near[k], laid.trim)
            for n, k in enumerate(order)]
    dims = [replace(d, marker=rank[d.marker]) for d in laid.dimensions]
    return Split(each, merged(laid.aside, found.ground.page), dims,
                 notes=[text for text, _ in lines], boxes=[regions[k].bounds for k in order])


def marks_only(pages: Sequence[Split]) -> set[int]:
    """The pages of one drawing whose every marker is a small mark beside the largest
    marker of the drawing (SMALL_GROUP of it both ways): a cover sheet's logo, a
    swatch page, whose marker colors are no marker, as on a page with a marker beside
    them. Sizes are at full size (each page at its stated scale)."""
    boxes = [b for page in pages for b in page.boxes]
    small = iter(small_marks(boxes))
    marks = [[next(small) for _ in page.boxes] for page in pages]
    return {n for n, page in enumerate(marks) if page and all(page)}


@dataclass
class Split:
    """A page's markers (each its own Artwork, in page coordinates, in reading order),
    what was set aside, the dimensions found beside them, and the lines of text read
    beside them (``notes``: live text, and outlined lettering OCR read with trust that
    could state a size or a scale; none when H was given).
    ``found`` is False when nothing on the page looks like a marker (then ``markers``
    holds the page itself, to be judged as one when no other page has a marker);
    ``boxes`` are the markers' extents (x0, y0, x1, y1), in the order of ``markers``;
    ``what`` says what a page of none is, when it is something (a map)."""

    markers: list[Artwork]
    set_aside: list[SetAside] = field(default_factory=list)
    dimensions: list[Dimension] = field(default_factory=list)
    found: bool = True
    notes: list[str] = field(default_factory=list)
    boxes: list[tuple[float, float, float, float]] = field(default_factory=list)
    what: str = ""


def _statements(regions: list[BaseGeometry],
                lines: list[tuple[str, BaseGeometry]]) -> list[tuple[Statement, ...]]:
    """Per marker, the display heights stated in the text beside the markers
    (markers.check.layout.notes): each statement goes to the marker nearest its text; one
    naming a kind goes to every marker too (not as the nearest), so the marker of that
    kind takes it (measure.faces)."""
    found: list[list[Statement]] = [[] for _ in regions]
    for text, where in lines:
        said = [Statement(v, text, word) for v, word in parse_statements(text)]
        said += [Statement(h, text, word, panel=(w, h)) for w, h, word in parse_panels(text)]
        if not said:
            continue
        nearest = _nearest(regions, where)
        for k in range(len(regions)):
            found[k] += [replace(s, nearest=k == nearest) for s in said
                         if k == nearest or s.names is not None]
    return [tuple(s) for s in found]


def _nearest(regions: list[BaseGeometry], where: BaseGeometry) -> int:
    return min(range(len(regions)), key=lambda k: regions[k].distance(where))


def _artwork(art: Artwork, found: Markers, member: list[int | None], k: int, number: int,
             stated: tuple[Statement, ...], unread: int, trim: Polygon | None = None
             ) -> Artwork:
    """Marker ``k`` alone as an Artwork in page coordinates: its areas in paint order
    (with the page's white under it when it has no panel of its own), its lettering, the
    features drawn on it; cut at its waterline when it has one, and to the ``trim`` its
    page's crop marks draw when its middle is inside it (a print file's bleed is cut
    away)."""
    region, panel, unframed = found.regions[k], found.panels[k], found.unframed[k]
    keep: dict[tuple[int, int], list[BaseGeometry]] = {}
    for i, p in enumerate(found.ground.pieces):
        if member[i] == k:
            keep.setdefault((p.layer, p.shape), []).append(p.geometry)
        elif (unframed or panel is not None) and i in found.ground.background and \
                p.geometry.intersects(region):
            under = p.geometry.intersection(region)  # the page's white under the symbol
            keep.setdefault((p.layer, p.shape), []).append(under)
    water = found.water.get(k)
    cut: BaseGeometry | None = None if water is None else box(-1, -1, art.width + 1, water)
    if trim is not None and trim.contains(region.centroid):
        cut = trim if cut is None else cut.intersection(trim)
    layers = []
    for li, layer in enumerate(art.layers):
        shapes = []
        for si in range(len(layer.shapes)):
            if (li, si) in keep:
                geometry = shapely.union_all(keep[(li, si)])
                if cut is not None:
                    geometry = geometry.intersection(cut)
                if not geometry.is_empty:
                    shapes.append(Shape(geometry))
        if shapes:
            layers.append(Layer(layer.color, layer.hex, tuple(shapes)))
    legends = tuple(item for item, m in zip(art.legends, found.legend_of, strict=True)
                    if m == k)
    features = {name: g for name, g in art.features.items() if g.intersects(region)}
    if panel is not None:
        features["panel"] = panel
    meta = {**art.meta, "marker_index": number, "marker_bbox": bbox(region.bounds),
            "stated": stated, "unframed": unframed, "unread_notes": unread}
    return Artwork(art.width, art.height, tuple(layers), legends, features, meta)

