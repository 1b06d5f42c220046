"""Assembling an Artwork from placed parts: the shared last step of every builder."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from shapely.geometry import box
from shapely.geometry.base import BaseGeometry

from markers.core.artwork import Artwork, Layer, LegendItem, Shape
from markers.core.colors import PALETTE
from markers.core.lettering import Block
from markers.core.spec import Dimension

__all__ = ["Paint", "legend_item", "assemble"]

#: (color family, shapes) in paint order.
Paint = tuple[str, Iterable[Shape]]


def legend_item(block: Block, color: str) -> LegendItem:
    """The Artwork's record of a set legend block."""
    return LegendItem(block.text, block.geometry, block.box, block.cap_height, color)


def block_shapes(block: Block) -> list[Shape]:
    """One shape per line, drawn from the font's exact outlines."""
    return [Shape(line.geometry, line.path) for line in block.lines]


def assemble(kind: str, width: float, height: float, paints: Sequence[Paint], *,
             legends: Iterable[LegendItem] = (), features: Mapping[str, BaseGeometry],
             meta: dict, dimensions: list[Dimension]) -> Artwork:
    """An Artwork of ``width`` x ``height`` inches; colors come from the palette."""
    layers = tuple(Layer(color, PALETTE[color], tuple(shapes))
                   for color, shapes in ((c, list(s)) for c, s in paints) if shapes)
    features = {"panel": box(0, 0, width, height), **features}
    return Artwork(width, height, layers, tuple(legends), features,
                   {"kind": kind, **meta, "dimensions": dimensions})


__all__ += ["block_shapes"]


def merge(parts: Iterable[tuple[str, BaseGeometry]]) -> list[tuple[str, list[Shape]]]:
    """Paints from (color, geometry) parts in paint order: consecutive parts of one
    color share a layer, each part a shape; empty parts are dropped."""
    layers: list[tuple[str, list[Shape]]] = []
    for color, geometry in parts:
        if geometry.is_empty:
            continue
        if layers and layers[-1][0] == color:
            layers[-1][1].append(Shape(geometry))
        else:
            layers.append((color, [Shape(geometry)]))
    return layers


__all__ += ["merge"]
