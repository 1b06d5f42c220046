"""Sign blanks: the standard sizes a shop cuts signs from, and mounting holes.

The sizes, corner radii and hole sizes are data (``markers/core/data/blanks.yaml``, with its
source). A sign face is centred on its blank; the blank's white is the base sheeting,
its rounded outline the trim. Holes must stay clear of the symbol and the legend.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

import yaml
from shapely import affinity
from shapely.geometry import Point, Polygon, box
from shapely.geometry.base import BaseGeometry

from markers.core.artwork import Artwork, Layer, Shape
from markers.core.geometry import move_path
from markers.errors import WsmarkError

_G = TypeVar("_G", bound=BaseGeometry)

__all__ = ["Blank", "BLANKS_FILE", "standard_blanks", "blank_source", "parse_blank",
           "choose_blank", "on_blank", "holes", "hole_findings", "HOLE_COUNTS", "blank_line"]

BLANKS_FILE = Path(__file__).parent / "data" / "blanks.yaml"
HOLE_COUNTS = (0, 2, 4)
#: Segments per quarter circle of a rounded corner or hole (for measuring).
CORNER_SEGS = 64


@dataclass(frozen=True)
class Blank:
    """A sign blank ``width`` x ``height`` inches with rounded corners."""

    width: float
    height: float
    corner_radius: float

    @property
    def name(self) -> str:
        return f"{self.width:g}x{self.height:g}"

    def outline(self) -> Polygon:
        """The trim: the blank's outline with its corner radius (inches, y down)."""
        r = self.corner_radius
        if r <= 0:
            return box(0, 0, self.width, self.height)
        return box(r, r, self.width - r, self.height - r).buffer(r, quad_segs=CORNER_SEGS)


@lru_cache(maxsize=1)
def _table() -> dict:
    return yaml.safe_load(BLANKS_FILE.read_text(encoding="utf-8"))


def standard_blanks() -> list[Blank]:
    """The standard blanks, smallest area first."""
    blanks = [Blank(float(b["width"]), float(b["height"]), float(b["corner_radius"]))
              for b in _table()["blanks"]]
    return sorted(blanks, key=lambda b: (b.width * b.height, b.width))


def blank_source() -> str:
    return str(_table()["source"])


def blank_line(blank: Blank, hole_count: int) -> str:
    """The blank as the bill of materials names it: substrate, size, corners and holes.

    >>> blank_line(Blank(24, 24, 1.5), 2).split(", ", 2)[2]
    '24x24 in, corner radius 1.5 in, 2 mounting holes 0.375 in'
    """
    spec = _table()
    holes_said = (f", {hole_count} mounting holes {spec['holes']['diameter']:g} in"
                  if hole_count else ", no mounting holes")
    return (f"blank: {spec['substrate']}, {blank.name} in, corner radius "
            f"{blank.corner_radius:g} in{holes_said}")


def parse_blank(text: str) -> Blank:
    """``WxH`` in inches (e.g. ``24x30``): the standard blank of that size (its corner
    radius), or a custom one with the radius of the nearest standard size."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*[xX]\s*(\d+(?:\.\d+)?)\s*", text)
    if not match:
        raise WsmarkError(f"blank {text!r}: give width x height in inches, e.g. 24x30")
    w, h = float(match[1]), float(match[2])
    if not (0 < w <= 120 and 0 < h <= 120):
        raise WsmarkError(f"blank {text!r}: each side between 0 and 120 in")
    blanks = standard_blanks()
    near = min(blanks, key=lambda b: abs(b.width - w) + abs(b.height - h))
    return Blank(w, h, near.corner_radius)


def choose_blank(width: float, height: float) -> Blank | None:
    """The smallest standard blank that holds a ``width`` x ``height`` face upright (None
    when no standard blank is big enough)."""
    for blank in standard_blanks():
        if blank.width >= width - 1e-9 and blank.height >= height - 1e-9:
            return blank
    return None


def on_blank(art: Artwork, blank: Blank) -> Artwork:
    """``art`` centred on ``blank``: its white base grown to the blank's rounded outline;
    features ``trim`` (the outline) and ``face`` (where the artwork sits)."""
    if blank.width < art.width - 1e-9 or blank.height < art.height - 1e-9:
        raise WsmarkError(f"a {art.width:.2f} x {art.height:.2f} in sign does not fit a "
                          f"{blank.name} in blank")
    dx, dy = (blank.width - art.width) / 2, (blank.height - art.height) / 2
    trim = blank.outline()

    def move(g: _G) -> _G:
        return affinity.translate(g, dx, dy)

    layers = [Layer(layer.color, layer.hex, tuple(
        Shape(move(s.geometry).intersection(trim),
              None if s.path is None else move_path(s.path, dx, dy)) for s in layer.shapes))
        for layer in art.layers]
    if layers and layers[0].color == "white":
        layers[0] = replace(layers[0], shapes=(Shape(trim), *layers[0].shapes))
    legends = tuple(replace(i, outlines=move(i.outlines), box=move(i.box))
                    for i in art.legends)
    features = {name: move(g) for name, g in art.features.items()}
    features.update({"trim": trim, "face": move(art.bounds), "panel": trim})
    return Artwork(blank.width, blank.height, tuple(layers), legends, features,
                   {**art.meta, "blank": blank.name, "corner_radius": blank.corner_radius})


def holes(blank: Blank, count: int) -> list[Polygon]:
    """The mounting holes of ``blank``: 2 on the vertical centre line near the top and
    bottom edges, or 4 near the corners (diameter and edge distance from the table)."""
    if count not in HOLE_COUNTS:
        raise WsmarkError(f"--holes {count}: use 0, 2 or 4")
    spec = _table()["holes"]
    r, e = spec["diameter"] / 2, spec["edge_distance"]
    w, h = blank.width, blank.height
    if count == 2:
        centres = [(w / 2, e), (w / 2, h - e)]
    elif count == 4:
        centres = [(e, e), (w - e, e), (e, h - e), (w - e, h - e)]
    else:
        centres = []
    return [Point(x, y).buffer(r, quad_segs=CORNER_SEGS) for x, y in centres]


def hole_findings(art: Artwork, hole_list: list[Polygon]) -> list[str]:
    """One line per hole that comes closer than the clearance to the symbol or legend
    (any paint but the white base), with how close it comes."""
    clearance = float(_table()["holes"]["clearance"])
    paint = [g for color, g in art.visible_by_color().items() if color != "white"]
    out = []
    for i, hole in enumerate(hole_list, 1):
        gap = min((hole.distance(g) for g in paint if not g.is_empty), default=math.inf)
        if gap < clearance:
            c = hole.centroid
            out.append(f"mounting hole {i} at x {c.x:.2f}, y {c.y:.2f} in is {gap:.2f} in "
                       f"from the symbol or legend (keep {clearance:g} in clear); use "
                       f"a larger blank or --holes {4 if len(hole_list) == 2 else 2}")
    return out

