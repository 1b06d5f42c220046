"""Artwork -> actual-size SVG. The only module that knows svgwrite (frozen upstream).

The drawing is in inches: ``width``/``height`` carry the unit and the ``viewBox`` is the
same size in user units, so one user unit is one inch. One ``<g id="layer-COLOR">`` per
color layer in paint order, every shape a ``<path>`` (text included, as outlines), a
``<title>``/``<desc>`` naming the kind, H and the citations, and an unpainted
``display-area`` rectangle for checkers. Ids are explicit and coordinates rounded, so
the same Artwork always gives the same bytes.

Because svgwrite stays here, so do the other SVGs wsmark writes: the fabrication print
and cut files (from a ``markers.fabrication.Fabrication``) and the pages of the reference
sheets, described as a few plain items (``Text``, ``Line``, ``Area``, ``Placed``).
"""

from __future__ import annotations

import base64
import json
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import svgwrite
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient

from markers.core.artwork import Artwork
from markers.core.clean_svg import clean_svg, clean_svg_bytes
from markers.core.fabrication import Fabrication, cut_polygons
from markers.core.geometry import fmt
from markers.core.safe_text import xml_document

__all__ = ["to_svg", "annotated_svg", "geometry_path", "citations", "design_line",
           "print_svg", "cut_svg", "Text", "Line", "Area", "Placed", "page_svg", "fixed_svg",
           "moved_picture"]


def _serialised(drawing: svgwrite.Drawing) -> bytes:
    """``drawing`` as UTF-8 bytes of well-formed XML: a character XML refuses (a C0
    control from a vendor's legend, a lone surrogate from a file name) or a bidi control
    is shown escaped (``markers.core.safe_text.xml_document``), wherever it came in."""
    return xml_document(drawing.tostring()).encode("utf-8")


def _ring(coords: Iterable[tuple[float, ...]]) -> str:
    points = list(coords)[:-1]
    head, *rest = points
    return f"M{fmt(head[0])} {fmt(head[1])}" + "".join(
        f"L{fmt(x)} {fmt(y)}" for x, y in rest) + "Z"


def geometry_path(geometry: BaseGeometry) -> str:
    """SVG path data for polygons; holes wind against their exterior (non-zero fill)."""
    polygons = getattr(geometry, "geoms", [geometry])
    parts = []
    for polygon in polygons:
        if not isinstance(polygon, Polygon) or polygon.is_empty:
            continue
        polygon = orient(polygon, 1.0)
        parts.append(_ring(polygon.exterior.coords))
        parts.extend(_ring(hole.coords) for hole in polygon.interiors)
    return "".join(parts)


def citations(art: Artwork) -> list[str]:
    """Distinct clauses the artwork's dimensions cite, in order of first use."""
    return list(dict.fromkeys(d.clause for d in art.meta.get("dimensions", [])))


def _layer_ids(art: Artwork) -> list[str]:
    seen: dict[str, int] = {}
    ids = []
    for layer in art.layers:
        seen[layer.color] = seen.get(layer.color, 0) + 1
        n = seen[layer.color]
        ids.append(f"layer-{layer.color}" + (f"-{n}" if n > 1 else ""))
    return ids


def _description(art: Artwork) -> tuple[str, str]:
    """Title and description: readable lines, then the design as one JSON line."""
    meta = art.meta
    kind, h = meta.get("kind"), meta.get("display_height")
    title = f"wsmark {kind}, display area {fmt(h)} in" if h else f"wsmark {kind}"
    if meta.get("print"):
        title += f", {meta['print']}"
    lines = [f"kind: {kind}", f"print: {meta['print']}" if meta.get("print") else "",
             f"display height: {fmt(h)} in" if h else "",
             f"citations: {'; '.join(citations(art))}", design_line(art)]
    return title, "\n".join(line for line in lines if line)


def design_line(art: Artwork) -> str:
    """The design as one JSON line, ``design: {...}``, which the readers take back as
    the drawing's declaration (SVG ``<desc>``, DXF custom property ``design``)."""
    meta = art.meta
    record = {key: meta[key] for key in ("kind", "display_height", "outline", "legend",
                                         "ws_id", "permit_id", "print") + DECLARED
              if meta.get(key) is not None}
    record["citations"] = citations(art)
    return "design: " + json.dumps(record, sort_keys=True)


def _layer_groups(drawing: svgwrite.Drawing, art: Artwork, prefix: str = "",
                  extras: tuple[BaseGeometry, ...] = ()) -> list:
    """One ``<g>`` per layer in paint order, each shape a path (exact curves where the
    shape has them); ``extras`` adds per-layer paint (a print file's bleed) under it."""
    groups = []
    for i, (layer, layer_id) in enumerate(zip(art.layers, _layer_ids(art), strict=True)):
        group = drawing.g(id=prefix + layer_id, fill=layer.hex, stroke="none")
        extra = geometry_path(extras[i]) if i < len(extras) else ""
        for data in [extra] + [shape.path or geometry_path(shape.geometry)
                               for shape in layer.shapes]:
            if data:
                group.add(drawing.path(d=data))
        groups.append(group)
    return groups


def _drawing(art: Artwork, extra_height: float = 0.0, top: float = 0.0,
             paint: bool = True) -> svgwrite.Drawing:
    """The drawing of ``art``; ``extra_height`` inches of white are added below it and
    ``top`` above it (the page keeps its coordinates). Without ``paint``, the layers are
    left out (a marked-up copy shows the vendor's own drawing instead)."""
    w, h = fmt(art.width), fmt(art.height + extra_height + top)
    drawing = svgwrite.Drawing(size=(f"{w}in", f"{h}in"), profile="full", debug=False)
    drawing.viewbox(0, -float(fmt(top)) if top else 0, float(w), float(h))
    title, desc = _description(art)
    drawing.set_desc(title=title, desc=desc)
    for group in _layer_groups(drawing, art) if paint else []:
        drawing.add(group)
    _guides(drawing, art, True, (0.0, 0.0, 1.0))
    return drawing


def _display_area(drawing: svgwrite.Drawing, art: Artwork, offset: float = 0.0) -> None:
    """The unpainted ``display-area`` rectangle checkers read (and the PDF declares),
    moved by ``offset`` inches both ways, as a child of the root."""
    area = art.features.get("display-area")
    if area is not None:
        x0, y0, x1, y1 = area.bounds
        drawing.add(drawing.rect(id="display-area", insert=(fmt(x0 + offset), fmt(y0 + offset)),
                                 size=(fmt(x1 - x0), fmt(y1 - y0)), fill="none",
                                 stroke="none"))


#: Design fields of buoys, wraps and flags recorded in the description, which the SVG
#: reader takes back as declarations (markers/read/declared.py).
DECLARED = ("symbol", "height_above_water", "diameter", "shape", "color", "material",
            "lighted", "curvature", "sides", "seam", "flag_height", "flag_length")
#: The waterline is drawn (not painted): a blue hairline, 1/10 in wide.
WATERLINE_STROKE, WATERLINE_WIDTH = "#0072CE", 0.1


def _buoy_guides(drawing: svgwrite.Drawing, art: Artwork) -> None:
    """Guides a checker reads on a buoy: ``waterline`` (drawn as a line, not artwork)
    and the ``reflector`` band's outline (unpainted; the band's color is artwork)."""
    line = art.features.get("waterline")
    if line is not None:
        (x0, y0), (x1, y1) = line.coords[0], line.coords[-1]
        drawing.add(drawing.line((fmt(x0), fmt(y0)), (fmt(x1), fmt(y1)), id="waterline",
                                 stroke=WATERLINE_STROKE, stroke_width=fmt(WATERLINE_WIDTH)))
    reflector = art.features.get("reflector")
    if reflector is not None:
        drawing.add(drawing.path(d=geometry_path(reflector), id="reflector", fill="none",
                                 stroke="none"))


def to_svg(art: Artwork) -> bytes:
    """The Artwork as SVG bytes, at actual size in inches."""
    return _serialised(_drawing(art))


#: Marks on a marked-up copy: findings in red, what could not be judged in amber, what
#: was set aside (a redrawn copy) in grey.
MARK_INK, REVIEW_INK, ASIDE_INK = "#D00000", "#A15C00", "#8C8C8C"
#: The compliant outline over a vendor's drawing (``wsmark fix``): a blue no marker is
#: painted in, in lines thin enough to measure the edge they draw.
COMPLIANT_INK, COMPLIANT_WIDTH = "#0057FF", 0.03

Box = tuple[float, float, float, float]


#: Advance of a bold sans-serif character (DejaVu Sans Bold digits: 0.70 em), for the
#: banner's wrapping: a SHA-256 is 64 of them.
BOLD_ADVANCE = 0.72


#: The copy's type size (inches): a 45th of the page's longer side, at least a quarter
#: inch, so the marks stay readable when the page is printed at any size.
MARK_SIZE_PER_PAGE, MARK_SIZE_MIN = 45, 0.25
#: A note's line spacing, in type sizes; the banner's type and its line spacing.
NOTE_LINE, BANNER_SIZE, BANNER_LINE = 1.5, 1.1, 1.3
#: Advance of an average sans-serif character, in type sizes, for wrapping the notes;
#: the fewest characters a wrapped line holds.
SANS_ADVANCE, MIN_LINE_CHARS = 0.56, 20
#: A numbered disc's radius, in type sizes.
DISC_RADIUS = 0.8
#: Frame ink of each marker on a page of several.
MARKER_FRAME_INK = "#0050B0"


@dataclass(frozen=True)
class _CopyLayout:
    """Where a marked-up copy's parts go: its type ``size`` and note ``line`` spacing
    (inches), the notes wrapped (``wrapped``), the banner's lines (``heading``), the
    band above the drawing (``top``) and where the notes start (``bottom``)."""

    size: float
    line: float
    wrapped: list[list[str]]
    heading: list[str]
    top: float
    bottom: float


def _copy_layout(art: Artwork, notes: list[tuple], underlay: tuple[str, bytes] | None,
                 banner: tuple[str, bool] | None) -> _CopyLayout:
    """The copy's type size, and its notes and banner wrapped to the drawing's width."""
    size = max(MARK_SIZE_MIN, max(art.width, art.height) / MARK_SIZE_PER_PAGE)
    per_line = max(MIN_LINE_CHARS, int((art.width - 2 * size) / (size * SANS_ADVANCE)))
    wrapped = [textwrap.wrap(f"{number}. {note[0]}", per_line, subsequent_indent="   ")
               or [""] for number, note in enumerate(notes, start=1)]
    # the banner is bold and larger: its hex digits are wider than the notes' average
    heading = textwrap.wrap(banner[0], max(MIN_LINE_CHARS, int(
        (art.width - 2 * size) / (size * BANNER_SIZE * BOLD_ADVANCE)))) if banner else []
    top = size * (BANNER_SIZE * BANNER_LINE * len(heading) + 0.8) if banner else 0.0
    bottom = art.height if underlay is not None else max(  # the drawing's text too
        [art.height] + [item.box.bounds[3] for item in art.legends if not item.outlined])
    return _CopyLayout(size, size * NOTE_LINE, wrapped, heading, top, bottom)


def annotated_svg(art: Artwork, notes: list[tuple], markers: Sequence[tuple[int, Box]] = (),
                  underlay: tuple[str, bytes] | None = None, aside: Sequence[Box] = (),
                  banner: tuple[str, bool] | None = None,
                  compliant: Sequence[tuple[str, BaseGeometry]] = ()) -> bytes:
    """The drawing with numbered discs on each note's box and, below it, the numbered
    notes (measured vs required), sized to stay readable when printed; each of
    ``markers`` (index, box) framed and labelled "marker N" as the report says.

    A note is (text, box or None[, review]); a review note (what could not be judged)
    is marked in amber. The drawing is ``underlay`` (media type, bytes: the vendor's own
    page, laid over the page box exactly) when given, else redrawn from ``art`` with the
    shapes inside the ``aside`` boxes (set aside, not measured) and the drawing's own
    ``<text>`` in grey. ``banner`` (text, unverified) is written above the drawing,
    wrapped to its width; an unverified copy is also framed in amber, so it never looks
    like a clean one."""
    layout = _copy_layout(art, notes, underlay, banner)
    rows = sum(len(lines) for lines in layout.wrapped)
    drawing = _drawing(art, extra_height=layout.bottom - art.height + layout.line * (rows + 1)
                       + layout.size, top=layout.top, paint=underlay is None)
    if underlay is not None:
        _vendor_page(drawing, art, underlay)
    else:
        _redrawn_extras(drawing, art, aside)
    if banner:
        _banner(drawing, art, layout, unverified=banner[1])
    if compliant:
        edges = drawing.g(id="wsmark-compliant", fill="none", stroke=COMPLIANT_INK,
                          stroke_width=fmt(COMPLIANT_WIDTH))
        for name, area in compliant:
            edges.add(drawing.path(d=geometry_path(area), id=name))
        drawing.add(edges)
    if markers:
        _marker_frames(drawing, markers, layout.size)
    drawing.add(_annotations(drawing, art, notes, layout))
    return clean_svg_bytes(_serialised(drawing))


def _vendor_page(drawing: svgwrite.Drawing, art: Artwork, underlay: tuple[str, bytes]) -> None:
    """The vendor's own page (media type, bytes) laid over the page box, on white."""
    mime, data = underlay
    drawing.add(drawing.rect(insert=(0, 0), size=(fmt(art.width), fmt(art.height)),
                             fill="#FFFFFF"))
    drawing.add(drawing.image(f"data:{mime};base64,{base64.b64encode(data).decode()}",
                              insert=(0, 0), size=(fmt(art.width), fmt(art.height)),
                              id="vendor-drawing", preserveAspectRatio="none"))


def _banner(drawing: svgwrite.Drawing, art: Artwork, layout: _CopyLayout,
            unverified: bool) -> None:
    """The banner's lines above the drawing; an unverified copy framed in amber."""
    size = layout.size
    words = drawing.text("", font_family="sans-serif", font_weight="bold",
                         font_size=fmt(size * BANNER_SIZE),
                         fill=REVIEW_INK if unverified else "#000000", id="wsmark-banner")
    for n, text_line in enumerate(layout.heading):
        words.add(drawing.tspan(text_line, x=[fmt(size)], y=[fmt(
            -layout.top + size * (1.4 + BANNER_SIZE * BANNER_LINE * n))]))
    drawing.add(words)
    if unverified:
        drawing.add(drawing.rect(insert=(fmt(size / 8), fmt(size / 8)),
                                 size=(fmt(art.width - size / 4), fmt(art.height - size / 4)),
                                 fill="none", stroke=REVIEW_INK, stroke_width=fmt(size / 4),
                                 id="wsmark-unverified"))


def _marker_frames(drawing: svgwrite.Drawing, markers: Sequence[tuple[int, Box]],
                   size: float) -> None:
    """Each marker of a page of several framed and labelled "marker N"."""
    framed = drawing.g(id="wsmark-markers", font_family="sans-serif",
                       font_size=fmt(size), fill=MARKER_FRAME_INK)
    for index, (x, y, w, h) in markers:
        framed.add(drawing.rect(insert=(fmt(x), fmt(y)), size=(fmt(w), fmt(h)),
                                fill="none", stroke=MARKER_FRAME_INK,
                                stroke_width=fmt(size / 8)))
        framed.add(drawing.text(f"marker {index}", insert=(fmt(x), fmt(y - size / 3))))
    drawing.add(framed)


def _annotations(drawing: svgwrite.Drawing, art: Artwork, notes: list[tuple],
                 layout: _CopyLayout) -> Any:
    """The notes' dashed boxes, then their numbered discs over every box (so no box's
    dashes cross a number), then the numbered notes below the drawing."""
    size = layout.size
    group = drawing.g(id="wsmark-annotations", font_family="sans-serif",
                      font_size=fmt(size), fill=MARK_INK)
    inks = [REVIEW_INK if len(note) > 2 and note[2] else MARK_INK for note in notes]
    boxed = [(number, note[1], ink) for number, (note, ink)
             in enumerate(zip(notes, inks, strict=True), start=1) if note[1] is not None]
    for _, (x, y, w, h), ink in boxed:
        group.add(drawing.rect(insert=(fmt(x), fmt(y)), size=(fmt(w), fmt(h)),
                               fill="none", stroke=ink, stroke_width=fmt(size / 6),
                               stroke_dasharray=f"{fmt(size / 2)},{fmt(size / 4)}"))
    placed: list[tuple[float, float]] = []
    radius = size * DISC_RADIUS
    for number, (x, y, _, _), ink in boxed:  # kept on the page, whole
        cx, cy = _free_spot(min(max(x, radius), art.width - radius), max(y, radius),
                            radius, placed)
        group.add(drawing.circle(center=(fmt(cx), fmt(cy)), r=fmt(radius), fill=ink,
                                 class_="wsmark-disc"))
        group.add(drawing.text(str(number), insert=(fmt(cx), fmt(cy + size * 0.35)),
                               fill="#FFFFFF", text_anchor="middle"))
    lines = [(text_line, ink) for wrapped, ink in zip(layout.wrapped, inks, strict=True)
             for text_line in wrapped]
    for row, (text_line, ink) in enumerate(lines, start=1):
        group.add(drawing.text(text_line, insert=(fmt(size), fmt(layout.bottom + layout.line
                                                                 * row)), fill=ink))
    return group


def _redrawn_extras(drawing: svgwrite.Drawing, art: Artwork, aside: Sequence[Box]) -> None:
    """On a copy redrawn from ``art``: the shapes inside the ``aside`` boxes again in
    grey, and the drawing's ``<text>`` (notes, title block, dimensions) where it was
    read, grey when set aside (n shapes against k boxes: O(n k))."""
    areas = [Polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)]).buffer(0.01)
             for x, y, w, h in aside]
    grey = drawing.g(id="wsmark-set-aside", fill=ASIDE_INK, stroke="none")
    for layer in art.layers:
        for shape in layer.shapes:
            if any(shape.geometry.within(area) for area in areas):
                grey.add(drawing.path(d=geometry_path(shape.geometry)))
    texts = drawing.g(id="drawing-text", font_family="sans-serif")
    for item in art.legends:
        if item.outlined or not item.text:
            continue
        x0, _, _, y1 = item.box.bounds
        set_aside = any(item.box.within(area) for area in areas)
        texts.add(drawing.text(item.text, insert=(fmt(x0), fmt(y1)),
                               font_size=fmt(item.cap_height / 0.7),
                               fill=ASIDE_INK if set_aside else (item.hex or "#000000")))
    drawing.add(grey)
    drawing.add(texts)


def moved_picture(picture: tuple[str, bytes], width: float, height: float,
                  at: Box) -> tuple[str, bytes]:
    """``picture`` (media type, bytes: a page's drawing) laid on ``at`` (x, y, w, h
    inches) of a page ``width`` x ``height`` inches, as an SVG picture of that page."""
    mime, data = picture
    drawing = _page(width, height, "the vendor's drawing")
    x, y, w, h = at
    drawing.add(drawing.image(f"data:{mime};base64,{base64.b64encode(data).decode()}",
                              insert=(fmt(x), fmt(y)), size=(fmt(w), fmt(h)),
                              preserveAspectRatio="none"))
    return "image/svg+xml", clean_svg_bytes(_serialised(drawing))


def _free_spot(x: float, y: float, radius: float,
               placed: list[tuple[float, float]]) -> tuple[float, float]:
    """Where a numbered disc of ``radius`` goes near (x, y) without covering another:
    moved right, a disc at a time, until clear (n discs: O(n^2), n the findings)."""
    cx = x
    while any(abs(cx - px) < 2.1 * radius and abs(y - py) < 2.1 * radius for px, py in placed):
        cx += 2.2 * radius
    placed.append((cx, y))
    return cx, y


# --- a repaired proof (markers/products/repair.py) -------------------------------------

#: The unpainted features a checker reads, written as guides.
GUIDE_NAMES = frozenset({"display-area", "permit-label", "waterline", "reflector"})
#: The vendor's drawing on a repaired page is shown within this clip: the page less the
#: markers it replaces.
KEPT_CLIP = "wsmark-kept"


def fixed_svg(width: float, height: float, markers: list[tuple[Artwork, float, float, float]],
              *, kept: BaseGeometry | None = None, vendor: bytes | None = None,
              vendor_box: Box = (0.0, 0.0, 0.0, 0.0), redrawn: Artwork | None = None,
              declare: bool = False, said: Iterable[tuple[str, float, float, float]] = ()
              ) -> bytes:
    """A repaired page ``width`` x ``height`` inches: the vendor's own drawing
    (``vendor``, an SVG whose viewport is its page, laid on ``vendor_box`` (x, y, w,
    h)), else what was read of it (``redrawn``: its paint and its text), shown only
    within ``kept`` (the page less the markers it replaces; None: all of it); over it
    each rebuilt marker
    (art, x, y, scale: its origin at x, y, drawn at that scale). ``declare``: the page
    holds one marker and says so (its ``design:`` line, display area and guides, as
    ``to_svg`` writes them); else its guides are drawn unnamed (a buoy's waterline as a
    line), so that the page is read as a vendor's is, and ``said`` (text, x, y, cap
    height: a line of words whose baseline starts at x, y) states what it must, as a
    proof's note does."""
    import xml.etree.ElementTree as ET

    drawing = _page(width, height, "wsmark fix: the compliant version of a proof",
                    _description(markers[0][0])[1] if declare and markers else
                    "the compliant version of a proof, made by wsmark fix")
    vendor_group = None
    if vendor is not None or redrawn is not None:
        clipped = {}
        if kept is not None:
            clip = drawing.defs.add(drawing.clipPath(id=KEPT_CLIP))
            clip.add(drawing.path(d=geometry_path(kept)))
            clipped = {"clip_path": f"url(#{KEPT_CLIP})"}
        vendor_group = drawing.g(id="vendor-drawing", **clipped)
        if redrawn is not None:
            for group in _layer_groups(drawing, redrawn, prefix="vendor-"):
                vendor_group.add(group)
            _redrawn_text(drawing, vendor_group, redrawn)
        drawing.add(vendor_group)
    for n, (art, x, y, scale) in enumerate(markers, start=1):
        group = drawing.g(id=f"fixed-{n}", transform=f"translate({fmt(x)} {fmt(y)})"
                          + (f" scale({scale:.9g})" if scale != 1 else ""))
        for layer in _layer_groups(drawing, art, prefix=f"fixed-{n}-"):
            group.add(layer)
        drawing.add(group)
        _guides(drawing, art, declare, (x, y, scale))
    for n, (text, x, y, cap) in enumerate(said, start=1):
        drawing.add(drawing.text(text, insert=(fmt(x), fmt(y)), id=f"fixed-said-{n}",
                                 font_family="sans-serif", font_size=fmt(cap / 0.7),
                                 fill="#000000"))
    if vendor is None or vendor_group is None:
        return _serialised(drawing)
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", "http://www.w3.org/1999/xlink")
    root = ET.fromstring(_serialised(drawing))
    holder = next(e for e in root.iter(f"{{{SVG_NS}}}g") if e.get("id") == "vendor-drawing")
    page = ET.fromstring(vendor)
    x, y, w, h = vendor_box
    page.attrib.update({"x": fmt(x), "y": fmt(y), "width": fmt(w), "height": fmt(h)})
    _unnamed(page)
    holder.append(page)
    clean_svg(root)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)


SVG_NS = "http://www.w3.org/2000/svg"
#: Attributes by which a drawing names a feature (markers/read/svg/walk.py).
_NAMING = ("id", "{http://www.inkscape.org/namespaces/inkscape}label", "data-name")


def _unnamed(element: Any) -> None:
    """The vendor's names of features (``display-area``, ``waterline`` ...) renamed
    ``vendor-...``: the markers they named are replaced, and the rebuilt ones name their
    own."""
    from markers.core.artwork import FEATURE_NAMES

    for node in element.iter():
        for key in _NAMING:
            value = node.get(key)
            if value and "-".join(value.strip().lower().replace("_", " ").split()) \
                    in FEATURE_NAMES:
                node.set(key, f"vendor-{value}")


def _guides(drawing: svgwrite.Drawing, art: Artwork, named: bool, at: tuple[float, float, float]
            ) -> None:
    """A rebuilt marker's guides, its origin at (x, y) and drawn at ``scale`` (``at``),
    as children of the root (where the PDF's declaration finds them): named as
    ``to_svg`` names them when the page declares its one marker; else the reflector and
    the permit label named (they say what color cannot, and declare no marker) and the
    waterline drawn as a plain line."""
    from shapely import affinity

    x, y, scale = at
    guides = {name: affinity.affine_transform(g, [scale, 0, 0, scale, x, y])
              for name, g in art.features.items() if name in GUIDE_NAMES}
    placed = replace(art, features=guides if named else {
        name: g for name, g in guides.items() if name in ("permit-label", "reflector")})
    _display_area(drawing, placed)
    if "permit-label" in placed.features:
        drawing.add(drawing.path(d=geometry_path(guides["permit-label"]), id="permit-label",
                                 fill="none", stroke="none"))
    _buoy_guides(drawing, placed)
    if not named and "waterline" in guides:
        (x0, y0), (x1, y1) = guides["waterline"].coords[0], guides["waterline"].coords[-1]
        drawing.add(drawing.line((fmt(x0), fmt(y0)), (fmt(x1), fmt(y1)),
                                 stroke=WATERLINE_STROKE, stroke_width=fmt(WATERLINE_WIDTH)))


def _redrawn_text(drawing: svgwrite.Drawing, group: Any, art: Artwork) -> None:
    """The lettering of a drawing redrawn from what was read: exact glyphs (a PDF's
    text) as paths, text whose glyphs were not read (SVG ``<text>``, DXF TEXT) as text
    where it stood."""
    for item in art.legends:
        if item.outlined and not item.painted:
            group.add(drawing.path(d=geometry_path(item.outlines), fill=item.hex or "#000000"))
        elif not item.outlined and item.text:
            x0, _, _, y1 = item.box.bounds
            group.add(drawing.text(item.text, insert=(fmt(x0), fmt(y1)), font_family="sans-serif",
                                   font_size=fmt(item.cap_height / 0.7),
                                   fill=item.hex or "#000000"))


# --- fabrication files -----------------------------------------------------------------

#: Crop marks: 0.25 pt hairlines, as printers expect.
CROP_WIDTH = 0.25 / 72
#: Outline width in cut files: only for viewing, cutters follow the path itself.
CUT_WIDTH = 0.01


def _page(width: float, height: float, title: str, desc: str | None = None,
          view: tuple[float, float, float, float] | None = None) -> svgwrite.Drawing:
    """A page ``width`` x ``height`` inches showing ``view`` (default: 1 unit = 1 in)."""
    drawing = svgwrite.Drawing(size=(f"{fmt(width)}in", f"{fmt(height)}in"), profile="full",
                               debug=False)
    drawing.viewbox(*(float(fmt(v)) for v in (view or (0, 0, width, height))))
    drawing.set_desc(title=title, desc=desc)
    return drawing


def _fab_page(fab: Fabrication, what: str) -> svgwrite.Drawing:
    frame = fab.frame
    title, desc = _description(fab.art)
    desc += (f"\n{what}: trim {fmt(frame.width)} x {fmt(frame.height)} in at 100 %, bleed "
             f"{fmt(frame.bleed)} in, page offset {fmt(frame.margin)} in")
    return _page(frame.page_width, frame.page_height, f"{title}: {what}", desc)


def print_svg(fab: Fabrication) -> bytes:
    """The print file: the artwork at 100 % with its paint carried into the bleed, crop
    marks at the trim corners and the registration targets the cut files share."""
    frame = fab.frame
    drawing = _fab_page(fab, "print")
    art = drawing.g(id="artwork", transform=f"translate({fmt(frame.margin)} {fmt(frame.margin)})")
    for group in _layer_groups(drawing, fab.art, extras=fab.bleeds):
        art.add(group)
    drawing.add(art)
    _display_area(drawing, fab.art, frame.margin)
    crops = drawing.g(id="crop-marks", fill="none", stroke="#000000",
                      stroke_width=fmt(CROP_WIDTH))
    for line in frame.crop_marks():
        (x0, y0), (x1, y1) = line.coords
        crops.add(drawing.line((fmt(x0), fmt(y0)), (fmt(x1), fmt(y1))))
    drawing.add(crops)
    drawing.add(_registration(drawing, fab, fill="#000000", stroke="none"))
    return _serialised(drawing)


def _registration(drawing: svgwrite.Drawing, fab: Fabrication, **paint: str) -> Any:
    group = drawing.g(id="registration", **paint)
    for target in fab.frame.registration():
        group.add(drawing.path(d=geometry_path(target)))
    return group


def cut_svg(fab: Fabrication, color: str, panel: int | None = None) -> bytes:
    """The cut file of one color: closed outlines of its merged pieces (holes included)
    and the registration targets, on the same page as the print file; with ``panel``
    (from 1), only that panel of the color's pieces cut across rolls (``fab.panels``),
    in place, its overlap with the next panel included."""
    hexes = {layer.color: layer.hex for layer in fab.art.layers}
    if panel is None:
        what, name, shapes = f"cut {color}", f"cut-{color}", fab.cuts[color]
    else:
        panels = fab.panels(color)
        what, name = f"cut {color}, panel {panel} of {len(panels)}", f"cut-{color}-panel-{panel}"
        shapes = cut_polygons(fab.frame.place(panels[panel - 1]))
    drawing = _fab_page(fab, what)
    pieces = drawing.g(id=name, fill="none", stroke=hexes[color],
                       stroke_width=fmt(CUT_WIDTH))
    for piece in shapes:
        pieces.add(drawing.path(d=geometry_path(piece)))
    drawing.add(pieces)
    drawing.add(_registration(drawing, fab, fill="none", stroke="#000000",
                              stroke_width=fmt(CUT_WIDTH)))
    return _serialised(drawing)


# --- pages of a printed sheet ------------------------------------------------------------

@dataclass(frozen=True)
class Text:
    """A line of real (selectable) text; ``size`` and positions in page units."""

    x: float
    y: float
    text: str
    size: float
    anchor: str = "start"
    bold: bool = False
    fill: str = "#000000"


@dataclass(frozen=True)
class Line:
    """An open polyline stroke."""

    points: tuple[tuple[float, float], ...]
    width: float
    color: str = "#000000"
    dash: float | None = None


@dataclass(frozen=True)
class Area:
    """SVG path data filled and/or stroked."""

    path: str
    fill: str = "none"
    stroke: str = "none"
    width: float = 0.0


@dataclass(frozen=True)
class Placed:
    """An Artwork drawn with its top-left at (``x``, ``y``), ``scale`` page units per inch."""

    art: Artwork
    x: float
    y: float
    scale: float


PageItem = Text | Line | Area | Placed


def page_svg(width: float, height: float, view: tuple[float, float, float, float],
             title: str, items: Iterable[PageItem], declare: bool = False) -> bytes:
    """A page ``width`` x ``height`` inches showing ``view`` (x, y, w, h in page units).
    With ``declare``, a page that places one Artwork declares it as ``to_svg`` does (its
    design in the description; its display area, reflective band and permit label named,
    where it is placed; its waterline, which is paint, not drawn), so that a check of
    the page, or of its PDF (svgs_to_pdfs with ``declare``), reads what color cannot
    show."""
    items = list(items)
    placed_arts = [item for item in items if isinstance(item, Placed)]
    one = placed_arts[0] if declare and len(placed_arts) == 1 else None
    drawing = _page(width, height, title, _description(one.art)[1] if one else None, view)
    root = drawing.g(id="page", font_family="sans-serif")
    placed = 0
    for item in items:
        if isinstance(item, Text) and not item.text:
            continue
        if isinstance(item, Text):
            extra = {"font_weight": "bold"} if item.bold else {}
            root.add(drawing.text(item.text, insert=(fmt(item.x), fmt(item.y)),
                                  font_size=fmt(item.size), text_anchor=item.anchor,
                                  fill=item.fill, **extra))
        elif isinstance(item, Line):
            extra = {"stroke_dasharray": f"{fmt(item.dash)},{fmt(item.dash)}"} if item.dash else {}
            root.add(drawing.polyline([(fmt(x), fmt(y)) for x, y in item.points], fill="none",
                                      stroke=item.color, stroke_width=fmt(item.width), **extra))
        elif isinstance(item, Area):
            root.add(drawing.path(d=item.path, fill=item.fill, stroke=item.stroke,
                                  stroke_width=fmt(item.width)))
        else:
            placed += 1
            group = drawing.g(id=f"art-{placed}", transform=(
                f"translate({fmt(item.x)} {fmt(item.y)}) scale({item.scale:.8g})"))
            for layer in _layer_groups(drawing, item.art, prefix=f"art-{placed}-"):
                group.add(layer)
            root.add(group)
    drawing.add(root)
    if one is not None:
        _guides(drawing, replace(one.art, features={
            name: g for name, g in one.art.features.items() if name != "waterline"}), True,
            (one.x, one.y, one.scale))
    return _serialised(drawing)
