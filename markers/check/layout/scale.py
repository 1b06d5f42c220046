"""A drawing at a scale its title block states ("SCALE 1:4"), brought to full size."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from itertools import chain

from markers.core.artwork import Artwork, LegendItem, moved

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
    """``art`` enlarged ``factor`` times about its origin: a drawing at 1:4 at full size
    (``meta['enlarged']`` says by how much, so what is placed on it can be drawn back at
    the drawing's own scale)."""
    big = moved(art, factor)
    return replace(big, meta={**big.meta, "enlarged": factor})
