"""Dimension lines whose text is outlines: '24"' between arrows, read by OCR.

markers.check.layout.furniture finds dimension lines by their arrowheads and extension
lines, and pairs each with live text beside it. Shop drawings converted to outlines carry
the text as glyphs, read later (markers.check.layout.notes, by OCR, its inch and foot
marks from their glyphs: markers.check.measure.marks); a dimension line left without
text is paired here with a line read beside it that states a length (``24"``,
``2'-0"``, ``610 mm``), by the rule live text is paired by: the nearest such text within
furniture.TEXT_REACH of the line's length or furniture.TEXT_CAPS of its letter height.
"""

from __future__ import annotations

from dataclasses import replace

from shapely.geometry import box
from shapely.geometry.base import BaseGeometry

from markers.check.layout.aside import Dimension
from markers.check.layout.furniture import TEXT_CAPS, TEXT_REACH
from markers.check.layout.scale import parse_scale
from markers.check.measure.statements import parse_dimension

__all__ = ["labelled"]

def labelled(unlabelled: list[Dimension], read: list[tuple[str, BaseGeometry]]
             ) -> list[Dimension]:
    """The dimension lines of ``unlabelled`` (text "", their drawn length) that a line of
    ``read`` (text and the box of its lettering) beside them states a length for, with
    that length; each text labels one line, the nearest first. A scale notation
    ('1" = 1\\'-0"') is no dimension's text."""
    texts = [(text, where) for text, where in read
             if parse_dimension(text) is not None and parse_scale(text) is None]
    out: list[Dimension] = []
    for dim in unlabelled:
        x, y, w, h = dim.bbox
        line = box(x, y, x + w, y + h)
        close = [t for t in texts if t[1].distance(line) <= max(
            TEXT_REACH * dim.drawn, TEXT_CAPS * (t[1].bounds[3] - t[1].bounds[1]))]
        if not close:
            continue
        text, where = min(close, key=lambda t: t[1].distance(line))
        texts.remove((text, where))
        stated = parse_dimension(text)
        assert stated is not None  # one of the texts that state a length
        x0, y0, x1, y1 = line.union(where).bounds
        out.append(replace(dim, stated=float(stated), text=text,
                           bbox=(x0, y0, x1 - x0, y1 - y0)))
    return out
