"""Proportions that follow from the numbers of a law (used by builders and the rules
that judge what builders make)."""

from __future__ import annotations

import math

from markers.core.spec import Law

__all__ = ["EQUILATERAL", "legend_min_cap", "diamond_height"]

#: Base over height of an equilateral triangle: 2 / sqrt 3.
EQUILATERAL = 2 / math.sqrt(3)


def legend_min_cap(law: Law, display_height: float) -> float:
    """Smallest legible regulatory legend for a display area ``display_height`` high."""
    scaled = max(law.req("legend_min_cap_floor"),
                 display_height * law.req("legend_min_fraction"))
    return min(law.req("legend_min_cap_ceiling"), scaled)


def diamond_height(law: Law, outside_width: float) -> float:
    """Height of a diamond of ``outside_width`` whose sides slope as ``law`` asks."""
    return outside_width / math.tan(math.radians(law.req("diamond_slope")))
