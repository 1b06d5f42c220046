"""Flags are sewn from fabric, not cut from sheeting: the panels a flag maker cuts, with
their hems and seam allowances, and the stripe of a diver's flag either applied on the
red field or sewn in between two red pieces.

The allowances are wsmark practice (a flag maker's usual 1 in hem, 1/2 in seam), not
numbers of the statutes, and are stated with the pieces. Yardage comes from nesting the
pieces on the bolt width of the materials file (``markers.core.materials``).
"""

from __future__ import annotations

from shapely.geometry import LineString, box
from shapely.geometry.base import BaseGeometry

from markers.core.artwork import Artwork
from markers.core.colors import PALETTE
from markers.core.fabrication import BomLine, cut_polygons
from markers.errors import WsmarkError

__all__ = ["HEM", "SEAM", "STRIPE_METHODS", "FlagPiece", "flag_pieces", "flag_bom"]

#: Hem turned under on each outer edge, and seam allowance where pieces are sewn (in).
HEM, SEAM = 1.0, 0.5
STRIPE_METHODS = ("applied", "sewn")

FlagPiece = tuple[str, str, BaseGeometry]  # color, what it is, the cut outline


def _band(length: float, height: float, half: float) -> BaseGeometry:
    """The diver's flag stripe's band, upper hoist corner to lower fly corner, ``half``
    wide on each side of its centre line, reaching past the flag."""
    line = LineString([(-length, -height), (2 * length, 2 * height)])
    return line.buffer(half, cap_style="flat")


def flag_pieces(art: Artwork, stripe: str = "applied") -> list[FlagPiece]:
    """The fabric pieces of a flag with their allowances (inches, flag coordinates)."""
    if stripe not in STRIPE_METHODS:
        raise WsmarkError(f"--stripe {stripe!r}: use {' or '.join(STRIPE_METHODS)}")
    h, length = art.meta["flag_height"], art.meta["flag_length"]
    field = box(0, 0, length, h)
    hemmed = field.buffer(HEM, join_style="mitre")
    if "stripe_width" not in art.meta:  # a plain flag: one field
        color = art.layers[0].color
        return [(color, f"field, {HEM:g} in hems", hemmed)]
    half = art.meta["stripe_width"] / 2
    white = _band(length, h, half + SEAM).intersection(hemmed)
    if stripe == "applied":
        return [("red", f"field, {HEM:g} in hems", hemmed),
                ("white", f"stripe applied on the field, edges turned under {SEAM:g} in",
                 white)]
    red = cut_polygons(hemmed.difference(_band(length, h, half - SEAM)))
    return [*[("red", f"field piece {i + 1} of {len(red)}, {HEM:g} in hems, "
               f"{SEAM:g} in seams", p) for i, p in enumerate(red)],
            ("white", f"stripe sewn between the red pieces, {SEAM:g} in seams", white)]


def flag_bom(pieces: list[FlagPiece], qty: int) -> list[BomLine]:
    """One line per fabric piece: its cut area (allowances included)."""
    return [BomLine(color, PALETTE[color], f"fabric: {what}", piece.area, qty)
            for color, what, piece in pieces]
