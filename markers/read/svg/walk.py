"""Read a vendor's SVG drawing (Illustrator, Inkscape, CorelDRAW, CAD export) into an Artwork.

Everything comes out in inches, y down. The drawing is untrusted: ``markers.read.svg.safety``
vets and sanitises it first, and ``markers.read.limits.Budget`` bounds the work done here;
``markers.read.svg.style`` resolves units and CSS, ``markers.read.outlines`` makes the areas.

Supported: physical units (in, mm, cm, pt, pc, px/unitless = 1/96 in) with viewBox and
preserveAspectRatio; nested transforms; nested ``<svg>`` and ``<use>`` of shapes, groups,
``<symbol>`` and ``<svg>`` (viewBox, and clipped to the viewport unless overflow is
visible); CSS from ``<style>`` (type, class, id and compound selectors, ``!important``),
presentation attributes and ``style=``; inheritance and ``inherit``; named, hex (also with
alpha), rgb()/rgba()/hsl() and ``currentColor`` paints, invalid paints ignored as CSS does;
gradients as their first stop color; ``display:none``, ``visibility:hidden`` and zero
(fill/stroke) opacity; ``fill-rule``; strokes as areas with width, caps, joins and the SVG
miter limit; ``paint-order``; ``clip-path`` in user space; ``<switch>`` (first child that
needs no extension); ``<text>`` as an estimated, not-outlined legend.

Not supported (drawn as if absent, counted in ``meta['ignored']``, and named as not
rendered where they may change what prints): raster ``<image>``,
patterns, masks, filters, markers, clip paths in objectBoundingBox units, transform-origin;
dashes and ``vector-effect`` are ignored (strokes are drawn solid, scaling with their
element); CSS combinators, attribute and pseudo selectors; partial opacity counts as fully
painted. ``Shape.path`` is left None: the flattened geometry is within ``FLATTEN_TOL_IN``.

A cut file of one film (``wsmark fabricate``'s ``cut-<film>.svg``: hairline outlines,
no fill, a ``cut <film>:`` line in ``<desc>``) is read by the CAM convention of
``markers.read.linework``: its stroked outlines are the film's pieces, filled by even-odd
nesting, the registration group is set aside; ``meta['cut_film']`` names the film and
``meta['design_record']`` keeps the declared design, so the checker can judge the film
on the design it belongs to.

Units follow CSS, 96 px to the inch, but for Adobe Illustrator, whose "px" are its points
(72 to the inch), known by its marks (``markers.read.svg.tools``); ``meta['generator']``
names the program and ``meta['units_convention']`` the convention used. A drawing that
states no physical size is read at a nominal one, ``meta['scale_basis'] = "unknown"``
(``_unknown_size``). What it hides and what it does that is not drawn (filters, masks,
blend modes, animation, ``@media print``, an image or marker over the sign ...) are named
in ``meta['not_printed']`` and ``meta['not_rendered']`` (``markers.read.svg.shown``).
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from xml.etree.ElementTree import Element

import numpy as np
import shapely
from shapely.geometry import LineString, MultiLineString, box
from shapely.geometry.base import BaseGeometry

from markers.core.artwork import FEATURE_NAMES, SIZE_UNKNOWN, Artwork, LegendItem
from markers.core.colors import classify
from markers.core.quiet import ARITHMETIC
from markers.core.shown import library_words, quoted
from markers.core.units import MAX_PLAUSIBLE_IN
from markers.errors import UnreadableDrawing
from markers.read.limits import (
    FLATTEN_TOL_IN,
    MAX_COORD_IN,
    MAX_NESTING,
    MAX_USE_DEPTH,
    NOMINAL_RANGE_IN,
    NOMINAL_SIDE_IN,
    Budget,
    read_limited,
)
from markers.read.linework import ASIDE, Outline, layer_role, line_drawing
from markers.read.outlines import (
    EMPTY,
    Subpath,
    affine,
    apply,
    baseline_turn,
    clipped_away,
    dedupe,
    ellipse_ops,
    fill_area,
    flatten,
    implausible,
    out_of_range,
    parse_path_data,
    rect_ops,
    stroke_area,
)
from markers.read.paint import check_option, layers, pen
from markers.read.svg.declared import cut_film, declared_in_text, design_record, root_desc
from markers.read.svg.safety import SafeDocument, href_of, local_name, safe_document
from markers.read.svg.shown import Shown
from markers.read.svg.style import (
    CSS_ONLY,
    INITIAL,
    NUMBERS,
    PROPS,
    Stylesheet,
    css_color,
    first_length,
    font_size,
    is_paint,
    parse_declarations,
    parse_fraction,
    parse_length,
    parse_physical,
    parse_transform,
    parse_viewbox,
    scale_matrix,
    translate,
    unit_size,
    viewbox_matrix,
)
from markers.read.svg.tools import Authoring, authoring
from markers.read.underlay import svg_underlay

__all__ = ["read_svg", "read_svg_bytes"]

#: Element ids / Inkscape labels / Illustrator data-names that become ``Artwork.features``.

INKSCAPE_LABEL = "{http://www.inkscape.org/namespaces/inkscape}label"
_MAX_DEPTH = 2 * MAX_NESTING  # nesting after <use> expansion; keeps recursion well bounded

_SHAPES = frozenset({"path", "rect", "circle", "ellipse", "line", "polyline", "polygon"})
_NOT_RENDERED = frozenset({
    "defs", "symbol", "clipPath", "mask", "marker", "pattern", "linearGradient",
    "radialGradient", "filter", "metadata", "title", "desc", "style", "script",
    "foreignObject", "image", "font", "font-face", "glyph", "missing-glyph", "view",
    "cursor", "animate", "animateMotion", "animateTransform", "set", "tspan", "textPath",
})


# --------------------------------------------------------------------------- public API

def read_svg(path: str | Path, *, scale: float | None = None,
             display_height: float | None = None) -> Artwork:
    """Read the SVG file at ``path`` (plain or gzipped) into an Artwork in inches.

    ``scale`` (inches per user unit) overrides the drawing's own size; ``display_height``
    (inches) sizes a drawing that has no physical size, by its ``display-area`` element or
    else its viewBox height. Raises WsmarkError (one line, naming the file) for anything
    unreadable, hostile or too complex.
    """
    name = str(path)
    return read_svg_bytes(read_limited(path, name), name, scale=scale,
                          display_height=display_height)


def read_svg_bytes(data: bytes, name: str, *, scale: float | None = None,
                   display_height: float | None = None, pictured: bool = False) -> Artwork:
    """Read SVG ``data``; ``name`` is used in messages and ``meta['source']``. With
    ``pictured``, the page's ``meta['underlay']`` is the drawing for a marked-up copy
    (markers.read.underlay), made from the tree just read rather than a second parse."""
    check_option(name, "--scale", scale)
    check_option(name, "--display-height", display_height)
    try:
        return _read(data, name, scale, display_height, pictured)
    except UnreadableDrawing:
        raise
    except ARITHMETIC as err:  # overflow, division by zero: numbers no drawing needs
        raise UnreadableDrawing(f"{name}: numbers out of range ({str(err)[:100]})") from None
    except Exception as err:  # trust boundary: nothing but WsmarkError leaves for bad input
        if "bad_alloc" in str(err):  # GEOS out of memory: the worker's budget reports it
            raise MemoryError from None
        raise UnreadableDrawing(
            f"{name}: cannot read drawing ({library_words(err)})") from None


def _read(data: bytes, name: str, scale: float | None, display_height: float | None,
          pictured: bool = False) -> Artwork:
    budget = Budget(name)
    doc = safe_document(data, name)
    budget.tick()
    tool = authoring(data, doc.root)
    canvas = _canvas(doc, name, scale, display_height, budget, tool)
    desc = root_desc(doc.root)
    film = cut_film(desc)
    reader = _Reader(doc, budget, FLATTEN_TOL_IN, paint=True, cut=film)
    reader.run(canvas.matrix, canvas.viewport)
    features = reader.feature_geometries()
    width, height = canvas.width, canvas.height
    if width is None or height is None:
        width, height = _content_extent(reader, features)
    meta = {"source": name, **canvas.meta, **declared_in_text(desc),
            "page_user_box": _page_user_box(canvas.matrix, width, height)}
    if film is not None:
        meta.update(reader.cut_file(film, design_record(desc)))
    if tool.program:
        meta["generator"] = tool.program
    meta.update(reader.shown.meta(reader.css.media_print))
    ignored = Counter(reader.ignored)
    if doc.external_refs:
        ignored["link to a file or URL (not followed)"] += doc.external_refs
    if ignored:
        meta["ignored"] = dict(ignored)
    box = meta["page_user_box"]
    if pictured and isinstance(box, tuple):  # read: the tree may change now
        meta["underlay"] = svg_underlay(doc.root, box)
    return Artwork(width, height, layers(reader.painted), tuple(reader.legends), features, meta)


def _page_user_box(matrix: np.ndarray, width: float,
                   height: float) -> tuple[float, float, float, float] | None:
    """The rectangle of user units (x, y, w, h) the page (0, 0, width, height inches)
    shows, so that a copy of the drawing can be laid exactly over what was measured;
    None for a canvas that turns or skews (no SVG root does)."""
    (sx, kx, tx), (ky, sy, ty) = matrix[0], matrix[1]
    if kx or ky or not sx or not sy:
        return None
    return (float(-tx / sx) + 0.0, float(-ty / sy) + 0.0, float(width / sx), float(height / sy))


def _content_extent(reader: _Reader, features: dict[str, BaseGeometry]) -> tuple[float, float]:
    """Artwork size when the drawing declares none: the extent of what it contains."""
    parts = [g for _, g in reader.painted] + [item.box for item in reader.legends]
    parts += list(features.values())
    if not parts:
        return 0.0, 0.0
    _, _, maxx, maxy = shapely.total_bounds(parts)
    return max(maxx, 0.0), max(maxy, 0.0)


# --------------------------------------------------------------------------- size and units

@dataclass(frozen=True)
class _Canvas:
    """How user units become inches, the artwork size (None: from content), and meta."""

    matrix: np.ndarray
    width: float | None
    height: float | None
    viewport: tuple[float, float]
    meta: dict[str, object]


#: The viewport (user units) of a root with neither a viewBox nor a width and height:
#: what a percentage of no stated size is read against.
FALLBACK_VIEWPORT = 100.0


def _canvas(doc: SafeDocument, name: str, scale: float | None, display_height: float | None,
            budget: Budget, tool: Authoring) -> _Canvas:
    """The canvas, by the first evidence of size there is: a ``scale`` given, a physical
    width and height on the root (_physical), a ``display_height`` given
    (_by_display_height), else a nominal size (_unknown_size)."""
    root = doc.root
    viewbox = parse_viewbox(root.get("viewBox"))
    if root.get("viewBox") is not None and viewbox is None:
        raise UnreadableDrawing(f"{name}: invalid viewBox {quoted(root.get('viewBox', ''))}")
    user_w = parse_length(root.get("width"), default=0.0)
    user_h = parse_length(root.get("height"), default=0.0)
    viewport = (viewbox[2], viewbox[3]) if viewbox else \
        (user_w or FALLBACK_VIEWPORT, user_h or FALLBACK_VIEWPORT)
    if scale is not None:
        size = (viewbox[2] * scale, viewbox[3] * scale) if viewbox else (
            (user_w * scale, user_h * scale) if user_w > 0 and user_h > 0 else (None, None))
        return _scaled(scale, viewbox, size, viewport, {"units": "user", "scale_basis": "scale"})
    physical = _physical(root, name, viewbox, viewport, tool)
    if physical is not None:
        return physical
    if display_height is None:
        return _unknown_size(doc, budget, viewbox, viewport, tool)
    return _by_display_height(doc, name, display_height, viewbox, viewport, budget)


def _physical(root: Element, name: str, viewbox: tuple[float, float, float, float] | None,
              viewport: tuple[float, float], tool: Authoring) -> _Canvas | None:
    """The canvas of a root whose width and height are physical (one of them, with a
    viewBox's proportions), refused out of range; None when it states no such size."""
    width, unit = _root_length(root.get("width"), tool)
    height, height_unit = _root_length(root.get("height"), tool)
    if viewbox and width is None and height is not None:
        width = height * viewbox[2] / viewbox[3]
    if viewbox and height is None and width is not None:
        height = width * viewbox[3] / viewbox[2]
    if width is None or height is None:
        return None
    if not (0 < width <= MAX_COORD_IN and 0 < height <= MAX_COORD_IN):
        raise UnreadableDrawing(f"{name}: drawing size {width:g} x {height:g} in is out of range")
    if max(width, height) > MAX_PLAUSIBLE_IN:
        implausible(name, max(width, height))
    matrix = (viewbox_matrix(viewbox, width, height, root.get("preserveAspectRatio"))
              if viewbox else scale_matrix(1 / 96, 1 / 96))
    meta: dict[str, object] = {"units": unit or height_unit, "scale_basis": "physical",
                               "user_unit_in": unit_size(matrix)}
    if tool.illustrator and "px" in (unit, height_unit):
        meta["units_convention"] = _convention(tool)
    return _Canvas(matrix, width, height, viewport, meta)


def _root_length(text: str | None, tool: Authoring) -> tuple[float | None, str | None]:
    """A root width or height in inches and its unit, px (and unitless) at the program's
    own size: Illustrator's points (markers.read.svg.tools), else SVG's 1/96 in."""
    inches, unit = parse_physical(text)
    if inches is not None and unit == "px" and tool.px_in is not None:
        inches *= 96 * tool.px_in
    return inches, unit


def _convention(tool: Authoring) -> str:
    return (f"{tool.program}'s {1 / (tool.px_in or 1):g} px per inch (recognised by "
            f"{', '.join(tool.marks)})")


def _unknown_size(doc: SafeDocument, budget: Budget,
                  viewbox: tuple[float, float, float, float] | None,
                  viewport: tuple[float, float], tool: Authoring) -> _Canvas:
    """A drawing that states no physical size (a viewBox alone, width="100%"), read at
    a nominal size so that what does not depend on size can be judged
    (markers.check.measure: size basis ``unknown``): a user unit is the program's own
    (Illustrator's point) or SVG's px, unless that makes the drawing smaller or larger
    than any proof (NOMINAL_RANGE_IN), when its larger side is NOMINAL_SIDE_IN (with no
    viewBox, the larger side of what it paints, found by a first walk)."""
    unit = tool.px_in or 1 / 96
    side = max(viewbox[2:]) if viewbox else _drawn_side(doc, budget, viewport)
    if side is not None and not NOMINAL_RANGE_IN[0] <= side * unit <= NOMINAL_RANGE_IN[1]:
        unit = NOMINAL_SIDE_IN / side
    size = (viewbox[2] * unit, viewbox[3] * unit) if viewbox else (None, None)
    meta: dict[str, object] = {"units": None, "scale_basis": SIZE_UNKNOWN}
    if tool.illustrator and viewbox:
        meta["units_convention"] = _convention(tool)
    return _scaled(unit, viewbox, size, viewport, meta)


def _by_display_height(doc: SafeDocument, name: str, display_height: float,
                       viewbox: tuple[float, float, float, float] | None,
                       viewport: tuple[float, float], budget: Budget) -> _Canvas:
    """Scale a size-less drawing so its display-area (else its viewBox) is that tall."""
    origin = translate(-viewbox[0], -viewbox[1]) if viewbox else np.eye(3)
    probe = _Reader(doc, budget, 1e-4 * max(viewport), paint=False)
    probe.run(origin, viewport)
    area = probe.feature_geometries().get("display-area")
    if area is not None and area.bounds[3] > area.bounds[1]:
        user_height, basis = area.bounds[3] - area.bounds[1], "display-area"
    elif viewbox:
        user_height, basis = viewbox[3], "drawing height"
    else:
        raise UnreadableDrawing(f"{name}: cannot apply --display-height: no display-area "
                                "element and no viewBox; give --scale instead")
    scale = display_height / user_height
    size = (viewbox[2] * scale, viewbox[3] * scale) if viewbox else (None, None)
    meta = {"units": "user", "scale_basis": "display-height",
            "display_height_in": display_height, "display_height_from": basis}
    return _scaled(scale, viewbox, size, viewport, meta)


def _drawn_side(doc: SafeDocument, budget: Budget, viewport: tuple[float, float]) -> float | None:
    """The larger side, in user units, of what a drawing with no viewBox paints (None:
    nothing)."""
    probe = _Reader(doc, budget, 1e-4 * max(viewport), paint=True)
    probe.run(np.eye(3), viewport)
    parts = [g for _, g in probe.painted] + [item.box for item in probe.legends]
    if not parts:
        return None
    x0, y0, x1, y1 = shapely.total_bounds(parts)
    return float(max(x1, y1, x1 - x0, y1 - y0)) or None


def _scaled(scale: float, viewbox: tuple[float, float, float, float] | None,
            size: tuple[float | None, float | None], viewport: tuple[float, float],
            meta: dict[str, object]) -> _Canvas:
    matrix = scale_matrix(scale, scale)
    if viewbox:
        matrix = matrix @ translate(-viewbox[0], -viewbox[1])
    return _Canvas(matrix, size[0], size[1], viewport, {**meta, "user_unit_in": scale})


# --------------------------------------------------------------------------- the walk

@dataclass(frozen=True)
class _Context:
    """What an element inherits: transform to inches, style, viewport, opacity, clip."""

    matrix: np.ndarray
    style: dict
    viewport: tuple[float, float]
    opacity: float = 1.0
    clip: BaseGeometry | None = None
    depth: int = 0
    layer: str = ""  # the group a cut file's outline is in


class _Reader:
    """Walks the sanitised tree in paint order, collecting painted areas, legends, features."""

    def __init__(self, doc: SafeDocument, budget: Budget, tol: float, *, paint: bool,
                 cut: str | None = None) -> None:
        self.doc, self.budget, self.tol, self.paint = doc, budget, tol, paint
        self.cut = cut  # the film of a cut file: its stroked outlines are its pieces
        self.outlines: list[Outline] = []
        self.css = Stylesheet(doc.root, budget.name)
        self.painted: list[tuple[str, BaseGeometry]] = []
        self.legends: list[LegendItem] = []
        self.features: dict[str, list[BaseGeometry]] = {}
        self.collectors: list[list[BaseGeometry]] = []
        self.ignored: Counter[str] = Counter()
        self.clips: dict[tuple[str, bytes], BaseGeometry | None] = {}
        self.shown = Shown()  # what changes what prints, and what does not print

    def run(self, matrix: np.ndarray, viewport: tuple[float, float]) -> None:
        """Walk the root's children; ``matrix`` maps root user units to inches."""
        root = self.doc.root
        style, declared = self.cascade(root, "svg", INITIAL)
        if _displayed(declared):
            context = _Context(matrix @ parse_transform(root.get("transform")), style, viewport)
            self._children(root, context)

    def cut_file(self, film: str, record: dict[str, object]) -> dict[str, object]:
        """Paint a cut file's outlines by the CAM convention (after the walk); the meta
        that says so."""
        drawing = line_drawing(self.outlines, [item.box for item in self.legends],
                               self.budget)
        self.painted[:0] = drawing.painted
        self.ignored.update(drawing.ignored)
        return {"cut_film": film, "design_record": record, "paint_basis": drawing.basis}

    def feature_geometries(self) -> dict[str, BaseGeometry]:
        return {name: parts[0] if len(parts) == 1 else shapely.union_all(parts)
                for name, parts in self.features.items()}

    # ----- style

    def cascade(self, element: Element, tag: str, parent: dict) -> tuple[dict, dict[str, str]]:
        """(computed inherited style, this element's own declarations) per CSS precedence."""
        declared = {key: element.get(key, "").strip() for key in PROPS.intersection(element.attrib)}
        ranked = self.css.matching(element, tag)
        style_attr = element.get("style")
        if style_attr:
            ranked += [((important, 1, (0, 0, 0, i)), prop, value) for i, (prop, value, important)
                       in enumerate(parse_declarations(style_attr))
                       if prop in PROPS or prop in CSS_ONLY]
        for _, prop, value in sorted(ranked, key=lambda item: item[0]):
            declared[prop] = value
        for prop in ("fill", "stroke"):
            if prop in declared and not is_paint(declared[prop]):
                del declared[prop]  # an invalid paint is ignored, as CSS ignores it
        style = dict(parent)
        for prop, value in declared.items():
            if prop in INITIAL and prop != "font-size" and value.lower() != "inherit":
                style[prop] = value
        if "font-size" in declared:
            style["font-size"] = font_size(declared["font-size"], float(parent["font-size"]))
        return style, declared

    def paint_hex(self, value: object, style: dict) -> str | None:
        """A fill/stroke value as '#RRGGBB', or None when nothing is painted."""
        text = str(value).strip()
        reference = _url_reference(text)
        if reference:
            target = self.doc.ids.get(reference[0])
            tag = local_name(target) if target is not None else None
            if tag in ("linearGradient", "radialGradient"):
                return self._gradient_hex(target)
            if tag == "pattern":
                self.ignored["pattern fill"] += 1
                if self.paint:
                    self.shown.unrendered.append(("a pattern fill", None))
                return None
            text = reference[1]  # the fallback color, if any
        if text.lower() == "currentcolor":
            text = str(style["color"])
        return None if text.lower().startswith("url(") else css_color(text)

    def _gradient_hex(self, gradient: Element | None) -> str | None:
        """A gradient's first stop color (following href to inherited stops, bounded)."""
        for _ in range(MAX_USE_DEPTH):
            if gradient is None:
                return None
            stops = [child for child in gradient if local_name(child) == "stop"]
            if stops:
                _, declared = self.cascade(stops[0], "stop", INITIAL)
                return css_color(declared.get("stop-color", "black"))
            href = (href_of(gradient) or "").strip()
            gradient = self.doc.ids.get(href[1:]) if href.startswith("#") else None
        return None

    # ----- structure

    def _walk(self, element: Element, parent: _Context) -> None:
        self.budget.tick()
        tag = local_name(element)
        if tag is None or tag in _NOT_RENDERED:
            if tag == "image":
                self.ignored["raster image"] += 1
            if self.paint:
                self.shown.unrendered_element(element, tag, parent.matrix, parent.viewport,
                                              self.budget)
            return
        style, declared = self.cascade(element, tag, parent.style)
        if not _displayed(declared):
            if self.paint:
                self.shown.not_printed(element, tag, "display:none", top=parent.depth == 0)
            return
        context = self._enter(element, parent, style, declared)
        if self.paint:
            self.shown.declared(element, tag, declared, parent.opacity, context.opacity,
                                top=parent.depth == 0)
        feature = _feature_name(element)
        if self.cut is not None and tag == "g":
            layer = self._cut_layer(element, context)
            if layer is None:
                return
            context = layer
        if tag in ("g", "a"):
            self._group(element, context, feature)
        elif tag == "switch":
            self._group(element, context, feature, _switch_choice(element))
        elif tag == "svg":
            inner = self._viewport(element, context, element.get("width"), element.get("height"),
                                   clips=_clips(declared))
            if inner is not None:
                self._group(element, inner, feature)
        elif tag == "use":
            self._use(element, context, feature)
        elif tag in _SHAPES:
            self._shape(element, tag, context, declared, feature)
        elif tag == "text":
            self._text(element, context)

    def _enter(self, element: Element, parent: _Context, style: dict,
               declared: dict[str, str]) -> _Context:
        """The element's own context: transform, opacity, clip, nesting depth."""
        if parent.depth + 1 > _MAX_DEPTH:
            raise UnreadableDrawing(f"{self.budget.name}: too complex (nested more than "
                              f"{_MAX_DEPTH} deep after expanding <use>)")
        own = parse_transform(element.get("transform"))
        if not np.isfinite(own).all():
            out_of_range(self.budget)
        matrix = parent.matrix @ own
        clip = parent.clip
        clip_ref = declared.get("clip-path", "none")
        if clip_ref != "none":
            clip_area = self._clip(clip_ref, matrix, parent.viewport)
            if clip_area is not None:
                clip = clip_area if clip is None else clip.intersection(clip_area)
        for prop in ("mask", "filter", "marker-start", "marker-mid", "marker-end",
                     "transform-origin"):
            if declared.get(prop, "none") != "none":
                self.ignored[prop] += 1
        opacity = parent.opacity * parse_fraction(declared.get("opacity"))
        return _Context(matrix, style, parent.viewport, opacity, clip, parent.depth + 1,
                        parent.layer)

    def _cut_layer(self, element: Element, context: _Context) -> _Context | None:
        """In a cut file a group is a layer: its name says what its outlines are (None:
        registration, dimensions ..., set aside)."""
        name = element.get("id") or element.get(INKSCAPE_LABEL) or ""
        if not name:
            return context
        if layer_role(name) == ASIDE:
            self.ignored[f"group {name!r} of a cut file (not film)"] += 1
            return None
        return replace(context, layer=name)

    def _children(self, element: Element, context: _Context) -> None:
        for child in element:
            self._walk(child, context)

    @contextmanager
    def _feature_box(self, feature: str | None) -> Iterator[None]:
        """Collect what is drawn inside a named group: its feature is the box around that."""
        if feature:
            self.collectors.append([])
        yield
        if feature:
            inside = self.collectors.pop()
            if inside:
                self._record(feature, box(*shapely.total_bounds(inside)))

    def _group(self, element: Element, context: _Context, feature: str | None,
               children: list[Element] | None = None) -> None:
        with self._feature_box(feature):
            for child in element if children is None else children:
                self._walk(child, context)

    def _viewport(self, element: Element, context: _Context, width: str | None,
                  height: str | None, at: tuple[float, float] | None = None, *,
                  clips: bool) -> _Context | None:
        """A nested viewport (<svg>, or a <symbol> drawn by <use>): position, size, viewBox,
        and (unless overflow is visible) a clip to its rectangle."""
        vw, vh = context.viewport
        x, y = at if at is not None else (parse_length(element.get("x"), ref=vw),
                                          parse_length(element.get("y"), ref=vh))
        w, h = parse_length(width or "100%", ref=vw), parse_length(height or "100%", ref=vh)
        if w <= 0 or h <= 0:
            return None
        clip = context.clip
        if clips:
            window = affine(box(x, y, x + w, y + h), context.matrix, self.budget)
            clip = window if clip is None else clip.intersection(window)
        matrix = context.matrix @ translate(x, y)
        viewbox = parse_viewbox(element.get("viewBox"))
        if viewbox is None:
            return replace(context, matrix=matrix, viewport=(w, h), clip=clip)
        matrix = matrix @ viewbox_matrix(viewbox, w, h, element.get("preserveAspectRatio"))
        return replace(context, matrix=matrix, viewport=(viewbox[2], viewbox[3]), clip=clip)

    def _use(self, element: Element, context: _Context, feature: str | None) -> None:
        href = (href_of(element) or "").strip()
        target = self.doc.ids.get(href[1:]) if href.startswith("#") else None
        if target is None:
            return  # chains, cycles and counts were checked by the safety pass
        vw, vh = context.viewport
        at = (parse_length(element.get("x"), ref=vw), parse_length(element.get("y"), ref=vh))
        tag = local_name(target)
        with self._feature_box(feature):
            if tag in ("symbol", "svg"):
                self._use_viewport(element, target, tag, context, at)
            else:
                self._walk(target, replace(context, matrix=context.matrix @ translate(*at)))

    def _use_viewport(self, use: Element, target: Element, tag: str, context: _Context,
                      at: tuple[float, float]) -> None:
        """<use> of a <symbol> or <svg>: the use's width/height size the target's viewport."""
        style, declared = self.cascade(target, tag, context.style)
        if not _displayed(declared):
            return
        inner = self._enter(target, replace(context, style=style), style, declared)
        if tag == "svg":
            offset = (parse_length(target.get("x")), parse_length(target.get("y")))
            at = (at[0] + offset[0], at[1] + offset[1])
        width = use.get("width") or target.get("width")
        height = use.get("height") or target.get("height")
        viewport = self._viewport(target, inner, width, height, at, clips=_clips(declared))
        if viewport is not None:
            self._children(target, viewport)

    # ----- painted things

    def _subpaths(self, element: Element, tag: str, matrix: np.ndarray,
                  viewport: tuple[float, float], font: float) -> list[Subpath]:
        """A basic shape or path as local subpaths (flattened finely enough for ``matrix``)."""
        vw, vh = viewport
        diagonal = math.sqrt((vw * vw + vh * vh) / 2)

        def attr(key: str, ref: float, default: float = 0.0) -> float:
            return parse_length(element.get(key), ref=ref, font=font, default=default)

        if tag in ("line", "polyline", "polygon"):
            if tag == "line":
                numbers = [attr("x1", vw), attr("y1", vh), attr("x2", vw), attr("y2", vh)]
            else:
                numbers = [float(n) for n in NUMBERS.findall(element.get("points") or "")]
            points = np.array(numbers[: len(numbers) // 2 * 2], dtype=float).reshape(-1, 2)
            self.budget.take(len(points))
            return [(points, tag == "polygon")] if len(points) >= 2 else []
        ops: list[tuple] = []
        if tag == "path":
            ops, complete = parse_path_data(element.get("d") or "", self.budget)
            if not complete:
                self.ignored["unreadable path data (drawn up to the error)"] += 1
        elif tag == "rect":
            x, y, w, h = attr("x", vw), attr("y", vh), attr("width", vw), attr("height", vh)
            rx, ry = attr("rx", vw, -1.0), attr("ry", vh, -1.0)
            rx, ry = (rx if rx >= 0 else max(ry, 0.0)), (ry if ry >= 0 else max(rx, 0.0))
            if w > 0 and h > 0:
                ops = rect_ops(x, y, w, h, min(rx, w / 2), min(ry, h / 2))
        elif tag == "circle":
            r = attr("r", diagonal)
            if r > 0:
                ops = ellipse_ops(attr("cx", vw), attr("cy", vh), r, r)
        elif tag == "ellipse":
            rx, ry = attr("rx", vw, -1.0), attr("ry", vh, -1.0)
            rx, ry = (rx if rx >= 0 else ry), (ry if ry >= 0 else rx)
            if rx > 0 and ry > 0:
                ops = ellipse_ops(attr("cx", vw), attr("cy", vh), rx, ry)
        return flatten(ops, matrix[:2, :2], self.tol, self.budget)

    def _shape(self, element: Element, tag: str, context: _Context, declared: dict[str, str],
               feature: str | None) -> None:
        style, matrix = context.style, context.matrix
        if matrix[0, 0] * matrix[1, 1] - matrix[0, 1] * matrix[1, 0] == 0:
            return  # flattened to nothing
        local = self._subpaths(element, tag, matrix, context.viewport, float(style["font-size"]))
        if not local:
            return
        placed = [(apply(points, matrix, self.budget), closed) for points, closed in local]
        paints = self._paints(style, context, declared, feature)
        if paints:
            self.shown.markers(declared, placed, style, matrix, self.doc.ids)
        if self.cut is not None and paints and all(part == "stroke" for part, _ in paints):
            self.outlines.append(Outline(context.layer or f"cut-{self.cut}", paints[0][1],
                                         tuple(p for p, _ in placed)))
            return
        fill: BaseGeometry = EMPTY
        if feature or self.collectors or any(part == "fill" for part, _ in paints):
            evenodd = str(style["fill-rule"]).lower() == "evenodd"
            fill = fill_area([p for p, _ in placed], evenodd, self.budget)
        if feature or self.collectors:
            self._outline(feature, fill, placed)
        for part, hex_ in paints:
            area = fill if part == "fill" else self._stroke(local, context)
            if area is not None:
                self._emit(hex_, area, context.clip)

    def _paints(self, style: dict, context: _Context, declared: dict[str, str],
                feature: str | None) -> list[tuple[str, str]]:
        """What the shape paints, in paint order: ("fill" | "stroke", hex) pairs."""
        if not self.paint or context.opacity <= 0 or not _shown(declared, style):
            return []
        if feature and not ("fill" in declared and self.paint_hex(style["fill"], style)):
            return []  # a named guide (display-area drawn as an outline) is not artwork
        paints = []
        for part in _paint_order(style):
            hex_ = self.paint_hex(style[part], style)
            if hex_ is not None and parse_fraction(style[f"{part}-opacity"]) > 0:
                paints.append((part, hex_))
        return paints

    def _stroke(self, local: list[Subpath], context: _Context) -> BaseGeometry | None:
        """The stroke's area in inches: built in local coordinates, then transformed (the
        outline is in range: ``_shape`` placed it in inches before)."""
        style = context.style
        vw, vh = context.viewport
        width = parse_length(str(style["stroke-width"]), ref=math.sqrt((vw * vw + vh * vh) / 2),
                             font=float(style["font-size"]), default=1.0)
        if width <= 0:
            return None
        stretch = float(np.linalg.norm(context.matrix[:2, :2], 2))  # largest scale to inches
        half_in = width / 2 * stretch
        if not half_in <= MAX_COORD_IN:
            out_of_range(self.budget)
        if half_in > MAX_PLAUSIBLE_IN:
            implausible(self.budget.name, half_in)
        cap = {"round": "round", "square": "square"}.get(str(style["stroke-linecap"]), "flat")
        join = {"round": "round", "bevel": "bevel"}.get(str(style["stroke-linejoin"]), "miter")
        drawn = pen(width / 2, stretch, cap, join,
                    parse_length(str(style["stroke-miterlimit"]), default=4.0), self.tol,
                    self.budget)
        area = stroke_area(local, drawn, self.budget)
        return affine(area, context.matrix, self.budget)

    def _emit(self, hex_: str, area: BaseGeometry, clip: BaseGeometry | None) -> None:
        if clip is not None:
            area = area.intersection(clip)
        if not area.is_empty and area.area > 0:
            self.painted.append((hex_, area))

    def _outline(self, feature: str | None, fill: BaseGeometry,
                 placed: list[Subpath]) -> None:
        """Record a shape's outline for enclosing named groups and as a feature itself."""
        lines = [LineString(p) for p, _ in placed if len(dedupe(p, ring=False)) >= 2]
        outline = fill if not fill.is_empty else MultiLineString(lines) if lines else None
        if outline is None:
            return
        for collector in self.collectors:
            collector.append(outline)
        if feature == "waterline":
            self._record(feature, lines[0] if fill.is_empty and len(lines) == 1
                         else box(*outline.bounds))
        elif feature:
            self._record(feature, fill if not fill.is_empty else box(*outline.bounds))

    def _record(self, feature: str, geometry: BaseGeometry) -> None:
        self.features.setdefault(feature, []).append(geometry)
        for collector in self.collectors:
            collector.append(geometry)

    def _clip(self, value: str, matrix: np.ndarray,
              viewport: tuple[float, float]) -> BaseGeometry | None:
        """A clipPath (userSpaceOnUse) as an area in inches, memoised; None if unusable."""
        key = (value, matrix.tobytes())
        if key not in self.clips:
            self.clips[key] = self._clip_area(value, matrix, viewport)
        return self.clips[key]

    def _clip_area(self, value: str, matrix: np.ndarray,
                   viewport: tuple[float, float]) -> BaseGeometry | None:
        reference = _url_reference(value)
        clip = self.doc.ids.get(reference[0]) if reference else None
        if clip is None or local_name(clip) != "clipPath":
            return None
        if (clip.get("clipPathUnits") or "").strip() == "objectBoundingBox":
            self.ignored["clip-path in objectBoundingBox units"] += 1
            self.shown.unrendered.append(("a clip-path in objectBoundingBox units (drawn "
                                          "unclipped)", None))
            return None
        base = matrix @ parse_transform(clip.get("transform"))
        clip_style, _ = self.cascade(clip, "clipPath", INITIAL)
        parts = []
        for child in clip:
            shape: Element | None = child
            at = base @ parse_transform(child.get("transform"))
            if local_name(child) == "use":
                href = (href_of(child) or "").strip()
                shape = self.doc.ids.get(href[1:]) if href.startswith("#") else None
                offset = translate(parse_length(child.get("x")), parse_length(child.get("y")))
                if shape is not None:
                    at = at @ offset @ parse_transform(shape.get("transform"))
            tag = local_name(shape) if shape is not None else None
            if shape is None or tag not in _SHAPES:
                continue  # only shapes (directly or by <use>) clip; text is not read
            style, declared = self.cascade(shape, tag, clip_style)
            if not _shown(declared, style):
                continue
            local = self._subpaths(shape, tag, at, viewport, float(style["font-size"]))
            rings = [apply(points, at, self.budget) for points, _ in local]
            parts.append(fill_area(rings, str(style["clip-rule"]) == "evenodd", self.budget))
        return shapely.union_all(parts) if parts else EMPTY

    def _text(self, element: Element, context: _Context) -> None:
        """<text> as LegendItems (one per positioned line), boxes estimated from font size."""
        if not self.paint or context.opacity <= 0:
            return
        spans = [child for child in element.iter() if local_name(child) == "tspan"]
        lines = [span for span in spans
                 if span.get("y") is not None and "".join(span.itertext()).strip()]
        if len(lines) >= 2:  # Inkscape's multi-line text: a positioned tspan per line
            for line in lines:
                style, declared = self.cascade(line, "tspan", context.style)
                if _shown(declared, style):
                    self._legend(line, element, style, context)
            return
        run = element if (element.text or "").strip() else next(
            (span for span in spans if (span.text or "").strip()), element)
        style, declared = ((context.style, {}) if run is element
                           else self.cascade(run, "tspan", context.style))
        if _shown(declared, style):  # one line, sized by its first run of letters
            self._legend(element, element, style, context)

    def _legend(self, line: Element, text: Element, style: dict, context: _Context) -> None:
        content = " ".join("".join(line.itertext()).split())
        if not content:
            return
        first = next((e for e in line.iter() if e.get("x") is not None), text)
        vw, vh = context.viewport
        size = float(style["font-size"])
        x = first_length(first.get("x"), ref=vw, font=size)
        y = first_length(first.get("y"), ref=vh, font=size)
        width = 0.6 * size * len(content)
        anchor = str(style["text-anchor"]).lower()
        x0 = x - width * {"middle": 0.5, "end": 1.0}.get(anchor, 0.0)
        outline = affine(box(x0, y - 0.7 * size, x0 + width, y), context.matrix, self.budget)
        cap = 0.7 * size * float(np.linalg.norm(context.matrix[:2, :2] @ np.array([0.0, 1.0])))
        hex_ = self.paint_hex(style["fill"], style) or self.paint_hex(style["stroke"], style)
        color = classify(hex_).family if hex_ else "black"
        if not clipped_away(outline, context.clip):
            self.legends.append(LegendItem(content, outline, outline, cap, color,
                                           outlined=False, hex=hex_,
                                           turn=baseline_turn(context.matrix[:2, :2] @ (1.0, 0.0),
                                                             context.matrix[:2, :2] @ (0.0, -1.0))))


def _url_reference(text: str) -> tuple[str, str] | None:
    """``url(#id) fallback`` as (id, fallback); None if it is not a local reference."""
    text = text.strip()
    end = text.find(")")
    if not text[:4].lower() == "url(" or end < 0:
        return None
    inside = text[4:end].strip().strip("'\"").strip()
    return (inside[1:], text[end + 1:].strip()) if inside.startswith("#") else None


def _displayed(declared: dict[str, str]) -> bool:
    return declared.get("display", "").strip().lower() != "none"


def _shown(declared: dict[str, str], style: dict) -> bool:
    """Displayed and visible (visibility is inherited and may be overridden by a child)."""
    return _displayed(declared) and str(style["visibility"]).lower() not in ("hidden", "collapse")


def _clips(declared: dict[str, str]) -> bool:
    """Nested <svg> and <symbol> clip to their viewport unless overflow says otherwise."""
    return declared.get("overflow", "hidden").strip().lower() in ("hidden", "scroll")


def _paint_order(style: dict) -> list[str]:
    words = [w for w in str(style["paint-order"]).split() if w in ("fill", "stroke")]
    return list(dict.fromkeys(words + ["fill", "stroke"]))


def _switch_choice(element: Element) -> list[Element]:
    """<switch> draws its first child whose conditions hold; we support no extensions."""
    for child in element:
        if local_name(child) is None or child.get("requiredExtensions"):
            continue
        languages = child.get("systemLanguage")
        if languages is None or any(lang.strip().lower().startswith("en")
                                    for lang in languages.split(",")):
            return [child]
    return []


def _feature_name(element: Element) -> str | None:
    """The feature an element names by id, Inkscape label or Illustrator data-name."""
    for key in ("id", INKSCAPE_LABEL, "data-name"):
        value = element.get(key)
        if value:
            text = value.strip().lower().replace("_x5f_", "_").replace("_x20_", " ")
            text = re.sub(r"[\s_]+", "-", re.sub(r"_\d+_$", "", text))
            if text in FEATURE_NAMES:
                return text
    return None
