"""What an SVG shows or prints that its shapes alone do not say, found during the walk.

The checker judges what prints. What wsmark resolves exactly it resolves where it
reads (``display:none``, ``visibility:hidden``, zero opacity, a hidden Inkscape or
Illustrator layer: their shapes are not painted) and names here as **not printed**, so
the report says what was set aside. What it cannot render faithfully is named here as
**not rendered**, with the box (inches, x0 y0 x1 y1) it may paint over, or None when it
may change anything: filters, masks, blend modes, a CSS ``transform`` property,
``transform-origin``, ``vector-effect``, a pattern fill, a clip path in
objectBoundingBox units, SMIL animation (``set``, ``animate*``), ``@media print`` rules,
and a raster ``<image>``, a ``<foreignObject>`` or a ``<marker>`` painted over the sign.
The check makes each one over a marker a ``review`` naming it (rule ``what-prints``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from xml.etree.ElementTree import Element

import numpy as np
from shapely.geometry import box

from markers.read.limits import Budget
from markers.read.outlines import Subpath, affine
from markers.read.svg.safety import local_name
from markers.read.svg.style import parse_length, parse_transform

__all__ = ["Shown", "Box"]

#: A box in inches (x0, y0, x1, y1), or None: anywhere on the page.
Box = tuple[float, float, float, float] | None
#: How many hidden things are named one by one (the rest are counted).
MAX_NAMED = 12
_ANIMATION = frozenset({"animate", "set", "animateTransform", "animateMotion", "animateColor"})
_DRAWN = frozenset({"path", "rect", "circle", "ellipse", "line", "polyline", "polygon",
                    "text", "use", "image"})
_INKSCAPE = "{http://www.inkscape.org/namespaces/inkscape}"
#: SVG's default marker viewport (markerWidth, markerHeight).
_MARKER_SIZE = 3.0


class Shown:
    """Collects, for one walk, what is not rendered and what is not printed."""

    def __init__(self) -> None:
        self.unrendered: list[tuple[str, Box]] = []
        self.hidden: Counter[str] = Counter()

    def unrendered_element(self, element: Element, tag: str | None, matrix: np.ndarray,
                           viewport: tuple[float, float], budget: Budget) -> None:
        """An element the reader does not draw that paints or changes what is painted:
        an image or foreignObject (over its box), an animation (anywhere)."""
        if tag in ("image", "foreignObject"):
            what = "a raster <image>" if tag == "image" else "a <foreignObject> (HTML)"
            self.unrendered.append((what, _element_box(element, matrix, viewport, budget)))
        elif tag in _ANIMATION:
            self.unrendered.append((f"SMIL animation <{tag}>", None))

    def declared(self, element: Element, tag: str, declared: Mapping[str, str],
                 parent_opacity: float, opacity: float, *, top: bool = False) -> None:
        """An element's own declarations that change what shows: unrendered effects, and
        what hides it (visibility, opacity 0; ``top``: it is a layer)."""
        for prop, words in (("filter", "a filter"), ("mask", "a mask"),
                            ("transform-origin", "transform-origin")):
            if declared.get(prop, "none").strip().lower() not in ("none", ""):
                self.unrendered.append((f"{words} ({prop}: {declared[prop][:40]})", None))
        if (element.get("vector-effect") or "none").strip().lower() != "none":
            self.unrendered.append(("vector-effect (a stroke drawn scaling with its element)",
                                    None))
        blend = declared.get("mix-blend-mode", "normal").strip().lower()
        if blend not in ("normal", ""):
            self.unrendered.append((f"a blend mode (mix-blend-mode: {blend[:20]})", None))
        if "transform" in declared:
            self.unrendered.append((f"a CSS transform property ({declared['transform'][:40]})",
                                    None))
        if declared.get("visibility", "").strip().lower() in ("hidden", "collapse"):
            self.not_printed(element, tag, "visibility:hidden", top=top)
        if parent_opacity > 0 >= opacity:
            self.not_printed(element, tag, "opacity 0", top=top)

    def markers(self, declared: Mapping[str, str], placed: Sequence[Subpath], style: Mapping,
                matrix: np.ndarray, ids: Mapping[str, Element]) -> None:
        """A painted shape's markers: drawn at its vertices, as far out as the marker's
        viewport reaches."""
        for prop in ("marker-start", "marker-mid", "marker-end"):
            value = declared.get(prop, "none").strip()
            target = ids.get(value[5:-1].strip()) if value.startswith("url(#") else None
            if target is None or local_name(target) != "marker" or not placed:
                continue
            reach = max(parse_length(target.get("markerWidth"), default=_MARKER_SIZE),
                        parse_length(target.get("markerHeight"), default=_MARKER_SIZE))
            if (target.get("markerUnits") or "strokeWidth").strip() != "userSpaceOnUse":
                reach *= parse_length(str(style["stroke-width"]), default=1.0)
            reach *= float(np.linalg.norm(matrix[:2, :2], 2))
            points = np.vstack([p for p, _ in placed])
            (x0, y0), (x1, y1) = points.min(axis=0), points.max(axis=0)
            self.unrendered.append((f"a <marker> ({prop})", (float(x0 - reach), float(y0 - reach),
                                                            float(x1 + reach), float(y1 + reach))))

    def not_printed(self, element: Element, tag: str | None, why: str, *,
                    top: bool = False) -> None:
        """Something drawn that does not print (hidden), named as a person knows it: a
        group at the ``top`` of the drawing is a layer (Illustrator's and Inkscape's)."""
        if tag not in _DRAWN and not any(local_name(e) in _DRAWN for e in element.iter()):
            return
        label = element.get(f"{_INKSCAPE}label") or element.get("data-name") or element.get("id")
        layer = element.get(f"{_INKSCAPE}groupmode") == "layer" or (tag == "g" and top)
        name = (f"layer {label!r}" if layer and label else f"<{tag}> {label!r}" if label
                else f"<{tag}>")
        self.hidden[f"{name} ({why})"] += 1

    def meta(self, media_print: int) -> dict[str, object]:
        """The reader's meta keys: ``not_rendered`` ((what, box) pairs) and
        ``not_printed`` (names), each only when there is any."""
        unrendered = list(dict.fromkeys(self.unrendered))
        if media_print:
            unrendered.append((f"@media print rules ({media_print}) that change what "
                               "prints", None))
        named = [name if count == 1 else f"{name} x{count}"
                 for name, count in self.hidden.items()]
        if len(named) > MAX_NAMED:
            named = [*named[:MAX_NAMED], f"{len(named) - MAX_NAMED} more"]
        out: dict[str, object] = {}
        if unrendered:
            out["not_rendered"] = tuple(unrendered)
        if named:
            out["not_printed"] = tuple(named)
        return out


def _element_box(element: Element, matrix: np.ndarray, viewport: tuple[float, float],
                 budget: Budget) -> Box:
    """The box an <image> or <foreignObject> covers, in inches (None: no size, so it
    may be anywhere)."""
    vw, vh = viewport
    x, y = parse_length(element.get("x"), ref=vw), parse_length(element.get("y"), ref=vh)
    w = parse_length(element.get("width"), ref=vw, default=-1.0)
    h = parse_length(element.get("height"), ref=vh, default=-1.0)
    if w <= 0 or h <= 0:
        return None
    area = affine(box(x, y, x + w, y + h), matrix @ parse_transform(element.get("transform")),
                  budget)
    x0, y0, x1, y1 = area.bounds
    return (float(x0), float(y0), float(x1), float(y1))
