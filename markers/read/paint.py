"""What the PDF and DXF readers share: a stroke's pen, and painted areas -> an Artwork.

Both walk their format's objects into ``(hex, area in inches)`` pairs in paint order, as
the SVG reader does; the areas come from ``markers.read.paths`` (fill_area, stroke_area).
"""

from __future__ import annotations

import math
from typing import Any

from shapely.geometry.base import BaseGeometry

from markers.artwork import Artwork, LegendItem
from markers.errors import WsmarkError
from markers.read.limits import MAX_COORD_IN, Budget
from markers.read.paths import Pen, out_of_range
from markers.read.svg import _layers

__all__ = ["pen", "artwork", "check_option", "to_hex"]


def pen(half_width: float, stretch: float, cap: str, join: str, miter_limit: float,
        tol: float, budget: Budget) -> Pen:
    """A Pen in local units; ``stretch`` is the largest scale from local units to inches
    (the arc segment count and the flattening tolerance follow the size in inches)."""
    half_in = half_width * stretch
    if not half_in <= MAX_COORD_IN:
        out_of_range(budget)
    quad_segs = min(256, max(4, math.ceil(math.pi / 4 * math.sqrt(half_in / (2 * tol)))))
    return Pen(half_width, cap, join, max(1.0, miter_limit), quad_segs, tol / stretch)


def artwork(width: float, height: float, painted: list[tuple[str, BaseGeometry]],
            legends: list[LegendItem], features: dict[str, BaseGeometry],
            meta: dict[str, Any]) -> Artwork:
    """The Artwork of painted areas in paint order (a colour run shares a Layer)."""
    return Artwork(width, height, _layers(painted), tuple(legends), features, meta)


def check_option(name: str, option: str, value: float | None) -> None:
    """--scale and --display-height must be positive, finite and in range."""
    if value is not None and not (isinstance(value, (int, float)) and math.isfinite(value)
                                  and 0 < value <= MAX_COORD_IN):
        raise WsmarkError(f"{name}: {option} must be a positive number, not {value!r}")


def to_hex(red: int, green: int, blue: int) -> str:
    return f"#{red:02X}{green:02X}{blue:02X}"
