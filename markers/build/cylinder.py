"""A flat face carried on a cylinder: the symbol of a symbol buoy, the WS id of an aid buoy.

NR 5.09(6)(d) fixes the diamond's 35 deg "on a plane surface" and allows "appropriate
adjustments for curvature" on a cylinder. A face goes on a buoy in one of two layouts:

- ``seen`` (the adjustment): seen from the front (orthographic, x = r sin(s / r) for arc
  length s) the face has exactly its flat shape: 35 deg sides, 2/3 of the display
  height wide. The printed artwork is stretched towards the sides to get there
  (s = r asin(x / r)), which is only possible while the face is narrower than the buoy:
  at most ``FIT`` of its diameter.
- ``surface`` (no adjustment): the face is printed flat, its dimensions measured along
  the surface; from the front it looks narrower (an 8 in diamond on a 7 in buoy is seen
  6.37 in wide). Possible while each of the 2 faces (6)(a) asks for takes at most
  ``FIT_SURFACE`` of half the circumference.

A design may name the layout; otherwise ``seen`` is used where it fits and ``surface``
where it does not, and the buoy's dimensions say which and why.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace

from shapely import affinity
from shapely.geometry.base import BaseGeometry

from markers.core import geometry as geo
from markers.core.artwork import LegendItem
from markers.core.design import CURVATURES, Design
from markers.core.lettering import MARGIN, block_height, set_block
from markers.core.pack import Build
from markers.core.spec import Dimension, Law
from markers.errors import DesignError

__all__ = ["FIT", "FIT_SURFACE", "Face", "sign_face", "letters_face", "choose_curvature",
           "default_diameter", "place", "place_label", "seen_width", "surface_half_width"]

#: Share of the buoy's front width a face may take seen from the front (beyond it the
#: surface turns away from the viewer: asin 0.95 = 72 deg), and of half the
#: circumference laid along the surface (so the two faces of (6)(a) stay apart, and
#: clear of the outline in an elevation). wsmark layout choices, not numbers of the rule.
FIT = 0.95
FIT_SURFACE = 0.90
#: Diameters offered by default are rounded up to this (inches).
DIAMETER_STEP = 0.25


@dataclass(frozen=True)
class Face:
    """Flat artwork to carry on a cylinder, centred on x = 0 with its top at y = 0.

    ``width`` is the painted extent, ``height`` the face's full height (its display
    area and any band of words); ``what`` names it in messages.
    """

    paints: tuple[tuple[str, BaseGeometry], ...]
    legends: tuple[LegendItem, ...]
    width: float
    height: float
    what: str
    dimensions: tuple[Dimension, ...] = ()
    #: where the display area starts below the face's top (white kept above a symbol)
    display_top: float = 0.0
    #: the permit label's white strip below the display area (None: no label)
    label: BaseGeometry | None = None


def sign_face(build: Build, symbol: str, display_height: float, outline: float,
              legend: str | None, permit_id: str | None = None) -> Face:
    """The regulatory face ``symbol`` (a kind of the "face" family) as its builder
    makes it, without its white panel: the buoy is the white. A ``permit_id`` is
    lettered below the display area, as on the sign."""
    faces = build.of_family("face")
    if symbol not in faces:
        raise DesignError(f"symbol {symbol!r}: a buoy carries one of {', '.join(faces)} "
                          f"({build.law.clause('regulatory_symbols')}); use --symbol",
                          field="symbol")
    # laid on the buoy, whose own fit decides how tall a face may be: never refused as a
    # sign its words make too tall (markers.build.signs.MAX_TALL)
    sign = build.make(Design(symbol, display_height, outline=outline, legend=legend,
                             permit_id=permit_id, force=True))
    dx = -sign.width / 2
    paints = tuple((layer.color, affinity.translate(layer.geometry, dx))
                   for layer in sign.layers if layer.color != "white")
    legends = tuple(_moved(item, lambda g: affinity.translate(g, dx)) for item in sign.legends)
    x0, _, x1, _ = _union_bounds([g for _, g in paints])
    width = 2 * max(-x0, x1)
    words = " and its words" if sign.meta.get("legend_placement") == "below" else ""
    dims = tuple(d for d in sign.meta["dimensions"] if not d.name.startswith("sign panel"))
    label = sign.features.get("permit-label")
    return Face(paints, legends, width, sign.height,
                f"the {width:.2f} in wide {symbol} symbol{words} of a {display_height:g} in "
                "display area", dims, sign.features["display-area"].bounds[1],
                None if label is None else affinity.translate(label, dx))


def letters_face(text: str, cap: float, color: str, plate: str | None = None,
                 drawn: bool = True) -> Face:
    """Block letters (an aid's WS id; a newline stacks lines), on a ``plate`` color if
    given (not ``drawn``: see markers.core.lettering.set_line)."""
    pad = MARGIN * cap
    lines = text.split("\n")
    height = block_height(len(lines), cap) + 2 * pad
    block = set_block(lines, cap, 0.0, height / 2, drawn)
    letters = block.geometry
    paints = [(color, letters)]
    if plate is not None:
        paints.insert(0, (plate, block.box.buffer(pad, join_style="mitre")))
    x0, _, x1, _ = _union_bounds([g for _, g in paints])
    item = LegendItem(block.text, letters, block.box, cap, color)
    return Face(tuple(paints), (item,), 2 * max(-x0, x1), height,
                f"{' / '.join(lines)!r} in {cap:.2f} in letters ({x1 - x0:.2f} in wide)")


def seen_width(width: float, diameter: float) -> float:
    """How wide a face ``width`` long along the surface looks from the front."""
    r = diameter / 2
    return 2 * r * math.sin(min(width / 2 / r, math.pi / 2))


def surface_half_width(face: Face, diameter: float, curvature: str) -> float:
    """Half the arc the face takes on the surface, in the given layout."""
    r = diameter / 2
    if curvature == "surface":
        return face.width / 2
    return r * math.asin(min(1.0, face.width / 2 / r))


def _needed(width: float, curvature: str) -> float:
    """The least diameter on which a face ``width`` wide fits in ``curvature``."""
    return width / FIT if curvature == "seen" else 2 * width / (FIT_SURFACE * math.pi)


def default_diameter(face: Face, curvature: str | None, minimum: float) -> float:
    """The diameter used when the design gives none: ``minimum`` or, when the face
    needs more, the least that holds it (rounded up to 1/4 in)."""
    need = _needed(face.width, curvature or "surface")
    return max(minimum, math.ceil(need / DIAMETER_STEP - 1e-9) * DIAMETER_STEP)


def choose_curvature(law: Law, face: Face, diameter: float, requested: str | None) -> str:
    """The layout of ``face`` on a buoy of ``diameter``: the one requested, else ``seen``
    where it fits, else ``surface``; a one-line error with the numbers where neither
    (or the one requested) fits, citing ``law``'s two sides."""
    if requested not in (None, *CURVATURES):
        raise DesignError(f"curvature {requested!r}: use 'seen' or 'surface'",
                          field="curvature")
    half_round = math.pi * diameter / 2
    fits_seen = face.width <= FIT * diameter + 1e-9
    fits_surface = face.width <= FIT_SURFACE * half_round + 1e-9
    if not fits_surface:
        raise DesignError(
            f"{face.what} does not fit twice around a {diameter:g} in buoy "
            f"({law.clause('buoy_sides')}, "
            f"2 sides): it takes {face.width:.2f} in of the {half_round:.2f} in half "
            f"circumference, {FIT_SURFACE:.0%} of which is usable; use a diameter of at least "
            f"{_needed(face.width, 'surface'):.2f} in", field="diameter")
    if requested == "seen" and not fits_seen:
        raise DesignError(
            f"{face.what} cannot keep its shape as seen on a {diameter:g} in buoy "
            f"({diameter:.2f} in wide from the front; a face may take {FIT:.0%}, "
            f"{FIT * diameter:.2f} in): lay it along the surface (--surface: "
            f"{face.width:.2f} of {half_round:.2f} in half round, seen "
            f"{seen_width(face.width, diameter):.2f} in wide) or use a diameter of at least "
            f"{_needed(face.width, 'seen'):.2f} in", field="surface")
    return requested or ("seen" if fits_seen else "surface")


def place(face: Face, curvature: str, view: str, center: float, top: float,
          radius: float) -> tuple[list[tuple[str, BaseGeometry]], list[LegendItem]]:
    """The face's paints and legends put on a cylinder of ``radius`` whose front line is
    at x = ``center``, face top at y = ``top``; drawn ``view`` = "seen" (an elevation)
    or "surface" (the flat wrap)."""

    move = _mover(curvature, view, center, top, radius)
    return ([(color, move(g)) for color, g in face.paints],
            [_moved(item, move) for item in face.legends])


def place_label(face: Face, curvature: str, view: str, center: float, top: float,
                radius: float) -> BaseGeometry | None:
    """The face's permit label strip placed as ``place`` places the face (None if none)."""
    if face.label is None:
        return None
    return _mover(curvature, view, center, top, radius)(face.label)


def _mover(curvature: str, view: str, center: float, top: float, radius: float
           ) -> Callable[[BaseGeometry], BaseGeometry]:
    """Face coordinates -> the drawing's, on a cylinder (see ``place``)."""
    def move(geometry: BaseGeometry) -> BaseGeometry:
        g = affinity.translate(geometry, center, top)
        if curvature == view:
            return g
        bend = geo.to_seen if view == "seen" else geo.to_surface
        return bend(g, center, radius)

    return move


def _moved(item: LegendItem, move: Callable[[BaseGeometry], BaseGeometry]) -> LegendItem:
    return replace(item, outlines=move(item.outlines), box=move(item.box))


def _union_bounds(parts: list[BaseGeometry]) -> tuple[float, float, float, float]:
    bounds = [g.bounds for g in parts if not g.is_empty]
    return (min(b[0] for b in bounds), min(b[1] for b in bounds),
            max(b[2] for b in bounds), max(b[3] for b in bounds))
