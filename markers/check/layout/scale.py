"""A drawing at a scale its title block states ("SCALE 1:4"), brought to full size."""

from __future__ import annotations

import re
from dataclasses import replace
from itertools import chain
from typing import Iterable

from shapely.affinity import scale as scaled
from shapely.geometry.base import BaseGeometry

from markers.core.artwork import Artwork, Layer, LegendItem, Shape

__all__ = ["stated_scale", "at_scale"]

_SCALE = re.compile(r"\bSCALE\b\s*[:=]?\s*(\d+(?:\.\d+)?)\s*[:/]\s*(\d+(?:\.\d+)?)",
                    re.IGNORECASE)


def stated_scale(legends: Iterable[LegendItem], notes: Iterable[str] = ()
                 ) -> tuple[float, str] | None:
    """The scale a drawing's text (its ``legends``, then ``notes``: lines read beside
    its markers) states ("SCALE 1:4" -> 4.0, "1:4"), else None."""
    for text in chain((item.text for item in legends), notes):
        match = _SCALE.search(text)
        if match and float(match[1]) > 0 and float(match[2]) > 0:
            return float(match[2]) / float(match[1]), f"{match[1]}:{match[2]}"
    return None


def at_scale(art: Artwork, factor: float) -> Artwork:
    """``art`` enlarged ``factor`` times about its origin: a drawing at 1:4 at full size."""
    def grow(g: BaseGeometry) -> BaseGeometry:
        return scaled(g, factor, factor, origin=(0, 0))

    layers = tuple(Layer(layer.color, layer.hex, tuple(Shape(grow(s.geometry))
                                                       for s in layer.shapes))
                   for layer in art.layers)
    legends = tuple(replace(item, outlines=grow(item.outlines), box=grow(item.box),
                            cap_height=item.cap_height * factor) for item in art.legends)
    return replace(art, width=art.width * factor, height=art.height * factor, layers=layers,
                   legends=legends, features={k: grow(g) for k, g in art.features.items()})
