"""Artwork -> actual-size SVG. The only module that knows svgwrite (frozen upstream).

The drawing is in inches: ``width``/``height`` carry the unit and the ``viewBox`` is the
same size in user units, so one user unit is one inch. One ``<g id="layer-COLOUR">`` per
colour layer in paint order, every shape a ``<path>`` (text included, as outlines), a
``<title>``/``<desc>`` naming the kind, H and the citations, and an unpainted
``display-area`` rectangle for checkers. Ids are explicit and coordinates rounded, so
the same Artwork always gives the same bytes.
"""

from __future__ import annotations

import json

import svgwrite
from shapely.geometry import Polygon
from shapely.geometry.base import BaseGeometry
from shapely.geometry.polygon import orient

from markers.artwork import Artwork
from markers.geometry import fmt

__all__ = ["to_svg", "annotated_svg", "geometry_path", "citations"]


def _ring(coords) -> str:
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
    lines = [f"kind: {kind}", f"display height: {fmt(h)} in" if h else "",
             f"citations: {'; '.join(citations(art))}"]
    record = {key: meta[key] for key in ("kind", "display_height", "outline", "legend",
                                         "ws_id") if meta.get(key) is not None}
    record["citations"] = citations(art)
    lines.append("design: " + json.dumps(record, sort_keys=True))
    return title, "\n".join(line for line in lines if line)


def _drawing(art: Artwork, extra_height: float = 0.0) -> svgwrite.Drawing:
    """The drawing of ``art``; ``extra_height`` inches of white are added below it."""
    w, h = fmt(art.width), fmt(art.height + extra_height)
    drawing = svgwrite.Drawing(size=(f"{w}in", f"{h}in"), profile="full", debug=False)
    drawing.viewbox(0, 0, float(w), float(h))
    title, desc = _description(art)
    drawing.set_desc(title=title, desc=desc)
    for layer, layer_id in zip(art.layers, _layer_ids(art)):
        group = drawing.g(id=layer_id, fill=layer.hex, stroke="none")
        for shape in layer.shapes:
            data = shape.path or geometry_path(shape.geometry)
            if data:
                group.add(drawing.path(d=data))
        drawing.add(group)
    area = art.features.get("display-area")
    if area is not None:
        x0, y0, x1, y1 = area.bounds
        drawing.add(drawing.rect(id="display-area", insert=(fmt(x0), fmt(y0)),
                                 size=(fmt(x1 - x0), fmt(y1 - y0)), fill="none",
                                 stroke="none"))
    return drawing


def to_svg(art: Artwork) -> bytes:
    """The Artwork as SVG bytes, at actual size in inches."""
    return _drawing(art).tostring().encode("utf-8")


def annotated_svg(art: Artwork, notes: list[tuple[str, tuple[float, float, float, float] | None]]
                  ) -> bytes:
    """The Artwork with numbered markers on each note's box and, below the drawing, the
    numbered notes (measured vs required), sized to stay readable when printed."""
    size = max(0.25, max(art.width, art.height) / 45)
    line = size * 1.5
    drawing = _drawing(art, extra_height=line * (len(notes) + 1) + size)
    group = drawing.g(id="wsmark-annotations", font_family="sans-serif",
                      font_size=fmt(size), fill="#D00000")
    for number, (text, bbox) in enumerate(notes, start=1):
        if bbox is not None:
            x, y, w, h = bbox
            group.add(drawing.rect(insert=(fmt(x), fmt(y)), size=(fmt(w), fmt(h)),
                                   fill="none", stroke="#D00000", stroke_width=fmt(size / 6),
                                   stroke_dasharray=f"{fmt(size / 2)},{fmt(size / 4)}"))
            group.add(drawing.circle(center=(fmt(x), fmt(y)), r=fmt(size * 0.8),
                                     fill="#D00000"))
            group.add(drawing.text(str(number), insert=(fmt(x), fmt(y + size * 0.35)),
                                   fill="#FFFFFF", text_anchor="middle"))
        group.add(drawing.text(f"{number}. {text}", insert=(
            fmt(size), fmt(art.height + line * number))))
    drawing.add(group)
    return drawing.tostring().encode("utf-8")
