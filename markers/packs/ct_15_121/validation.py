"""What every Connecticut design passes before it is built: its numbers are numbers, it
asks for nothing §§ 15-121-A2 to -A4 do not give its kind (no display area or permit
label on any; words only on the regulatory markers of A2(e), a symbol only on the
regulatory buoy, an ``outline``, the orange band's width, only on those with one)."""

from __future__ import annotations

import math
from dataclasses import replace

from markers.core.design import Design
from markers.core.pack import Build, Kind
from markers.errors import DesignError
from markers.packs.ct_15_121.identification import check_ct_id

__all__ = ["validate"]

#: Fields of a design no kind of this pack draws: refused rather than silently dropped.
#: (An identification, ``ws_id``, names a plan's marker; no kind built here paints one.)
UNUSED = ("display_height", "above", "below", "permit_id", "max_width")
#: Fields that are lengths in inches, when given.
LENGTHS = ("height_above_water", "diameter", "flag_height", "flag_length", "outline")
#: The requirements of an orange band whose width a design's ``outline`` gives.
BANDS = ("border_band_min", "reg_buoy_band_min")

def validate(design: Design, kind: Kind, build: Build) -> Design:
    """``design``, after refusing what no marker of ``kind`` can be: a length that is
    not a positive finite number of inches, a field this kind does not draw."""
    for name in LENGTHS:
        value = getattr(design, name)
        if value is not None and not (math.isfinite(value) and value > 0):
            raise DesignError(f"{name.replace('_', ' ')} {value!r} is not a positive number "
                              "of inches", name)
    unused = [*UNUSED, *(() if kind.uses_legend else ("legend",)),
              *(() if "symbol" in kind.choices else ("symbol",)),
              *(() if set(BANDS) & set(kind.needs) else ("outline",))]
    for name in unused:
        if getattr(design, name):
            raise DesignError(f"{kind.name} takes no {name.replace('_', ' ')}: "
                              f"{kind.ref.clause} gives it none", name)
    if kind.sample_id is not None:  # a navigational buoy: its CT identification
        design = replace(design, ws_id=design.ws_id or "CT")
        try:
            check_ct_id(kind.name, design.ws_id)
        except DesignError as err:  # as declared, left to the rule ct-aid-id
            build.refuse(str(err), "ws_id")
    if design.color is not None and "color" not in kind.choices:
        raise DesignError(f"{kind.name} takes no color: {kind.ref.clause} gives its colors",
                          "color")
    return design
