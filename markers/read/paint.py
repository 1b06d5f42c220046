"""What the readers share: a stroke's pen, painted areas -> Layers and an Artwork, and
the check of the user's --scale and --display-height.

Every reader walks its format's objects into ``(hex, area in inches)`` pairs in paint
order; the areas come from ``markers.read.outlines`` (fill_area, stroke_area).
"""

from __future__ import annotations

import math
from typing import Any

from shapely.geometry.base import BaseGeometry

from markers.core.artwork import Artwork, Layer, LegendItem, Shape
from markers.core.colors import classify
from markers.core.shown import library_words
from markers.errors import UnreadableDrawing
from markers.read.limits import MAX_COORD_IN, Budget
from markers.read.outlines import Pen, out_of_range

__all__ = ["pen", "layers", "artwork", "check_option", "to_hex"]


def pen(half_width: float, stretch: float, cap: str, join: str, miter_limit: float,
        tol: float, budget: Budget) -> Pen:
    """A Pen in local units; ``stretch`` is the largest scale from local units to inches
    (the arc segment count and the flattening tolerance follow the size in inches)."""
    half_in = half_width * stretch
    if not half_in <= MAX_COORD_IN:
        out_of_range(budget)
    quad_segs = min(256, max(4, math.ceil(math.pi / 4 * math.sqrt(half_in / (2 * tol)))))
    return Pen(half_width, cap, join, max(1.0, miter_limit), quad_segs, tol / stretch)


def layers(painted: list[tuple[str, BaseGeometry]]) -> tuple[Layer, ...]:
    """Paint order kept; consecutive areas of one color share a Layer."""
    runs: list[tuple[str, list[Shape]]] = []
    for hex_, geometry in painted:
        if not runs or runs[-1][0] != hex_:
            runs.append((hex_, []))
        runs[-1][1].append(Shape(geometry))
    families = {hex_: classify(hex_).family for hex_, _ in runs}
    return tuple(Layer(families[hex_], hex_, tuple(shapes)) for hex_, shapes in runs)


def artwork(width: float, height: float, painted: list[tuple[str, BaseGeometry]],
            legends: list[LegendItem], features: dict[str, BaseGeometry],
            meta: dict[str, Any]) -> Artwork:
    """The Artwork of painted areas in paint order (a color run shares a Layer). A size
    that is not a number (the bounds of nothing: a fill of one point) is refused."""
    if not (math.isfinite(width) and math.isfinite(height)):
        raise ValueError(f"the drawing has no size ({width:g} x {height:g} in): nothing it "
                         "paints has an area")
    return Artwork(width, height, layers(painted), tuple(legends), features, meta)


def check_option(name: str, option: str, value: float | None) -> None:
    """--scale and --display-height must be positive, finite and in range."""
    if value is not None and not (isinstance(value, (int, float)) and math.isfinite(value)
                                  and 0 < value <= MAX_COORD_IN):
        raise UnreadableDrawing(f"{name}: {option} must be a positive number of inches, "
                                f"not {value!r}")


def to_hex(red: int, green: int, blue: int) -> str:
    """An sRGB color of 0-255 components as the ``#RRGGBB`` every Layer carries."""
    return f"#{red:02X}{green:02X}{blue:02X}"


def guarded_read(read: Any, fmt: str, data: bytes, name: str, scale: float | None,
                 display_height: float | None) -> Any:
    """``read(data, name, scale, display_height)`` behind the trust boundary every reader
    keeps: options checked, size capped, and nothing but a one-line UnreadableDrawing
    leaving for bad input (``fmt`` names the format in that line)."""
    from markers.read.limits import MAX_FILE_BYTES

    check_option(name, "--scale", scale)
    check_option(name, "--display-height", display_height)
    if len(data) > MAX_FILE_BYTES:
        raise UnreadableDrawing(f"{name}: file is {len(data):,} bytes; the limit is "
                                f"{MAX_FILE_BYTES:,}")
    try:
        return read(data, name, scale, display_height)
    except UnreadableDrawing:
        raise
    except RecursionError:
        raise UnreadableDrawing(f"{name}: nested too deeply to read") from None
    except Exception as err:  # trust boundary
        raise UnreadableDrawing(f"{name}: cannot read {fmt} ({library_words(err)})"
                                ) from None
