"""A drawing at a scale its title block states ("SCALE 1:4"), brought to full size."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import TypeVar

from shapely.affinity import scale as scaled
from shapely.geometry.base import BaseGeometry

from markers.core.artwork import Artwork, Layer, Shape

_G = TypeVar("_G", bound=BaseGeometry)

__all__ = ["stated_scale", "at_scale"]

_SCALE = re.compile(r"\bSCALE\b\s*[:=]?\s*(\d+(?:\.\d+)?)\s*[:/]\s*(\d+(?:\.\d+)?)",
                    re.IGNORECASE)


def stated_scale(art: Artwork) -> tuple[float, str] | None:
    """The scale a drawing's text states ("SCALE 1:4" -> 4.0, "1:4"), else None."""
    for item in art.legends:
        match = _SCALE.search(item.text)
        if match and float(match[1]) > 0 and float(match[2]) > 0:
            return float(match[2]) / float(match[1]), f"{match[1]}:{match[2]}"
    return None


def at_scale(art: Artwork, factor: float) -> Artwork:
    """``art`` enlarged ``factor`` times about its origin: a drawing at 1:4 at full size."""
    def grow(g: _G) -> _G:
        return scaled(g, factor, factor, origin=(0, 0))

    layers = tuple(Layer(layer.color, layer.hex, tuple(Shape(grow(s.geometry))
                                                       for s in layer.shapes))
                   for layer in art.layers)
    legends = tuple(replace(item, outlines=grow(item.outlines), box=grow(item.box),
                            cap_height=item.cap_height * factor) for item in art.legends)
    return replace(art, width=art.width * factor, height=art.height * factor, layers=layers,
                   legends=legends, features={k: grow(g) for k, g in art.features.items()})
