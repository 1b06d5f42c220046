"""The catalogue: every marker kind, what it means, and how it is built.

A kind is looked up by name (``KINDS["danger"]``); its ``build`` turns a Design into
an Artwork. Tests and the gallery walk this registry, so a new kind is covered once
it is registered here.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Callable

from markers.aids import build_aid
from markers.artwork import Artwork
from markers.citations import Ref, ref
from markers.colors import classify
from markers.design import Design
from markers.errors import WsmarkError
from markers.buoys import (
    build_aid_buoy, build_mooring_buoy, build_race_buoy, build_sign_buoy, build_symbol_buoy,
)
from markers.flags import build_distress_flag, build_diver_flag
from markers.signs import build_control, build_danger, build_exclusion, build_information
from markers.wrap import build_wrap

__all__ = ["Kind", "KINDS", "get_kind", "build"]


@dataclass(frozen=True)
class Kind:
    """A marker kind: its name, a one-line title, the paragraph that defines it.

    ``sample_id`` is the identification shown when an aid is specified without one;
    ``sample`` the other design fields a typical one has (a buoy's symbol). ``form`` is
    "sign" (a flat face), "buoy" (an elevation), "wrap" or "flag"; ``display_area``
    says whether the kind is sized by a display area H.
    """

    name: str
    title: str
    ref: Ref
    builder: Callable[[Design], Artwork]
    uses_legend: bool = False
    sample_id: str | None = None
    form: str = "sign"
    display_area: bool = True
    sample: dict[str, Any] = field(default_factory=dict)


KINDS: dict[str, Kind] = {k.name: k for k in (
    Kind("danger", "Danger: open orange diamond", ref("NR 5.09(2)(b)1"), build_danger, True),
    Kind("exclusion", "Exclusion zone: orange diamond with a cross", ref("NR 5.09(2)(b)2"),
         build_exclusion, True),
    Kind("control", "Control or restriction: orange circle", ref("NR 5.09(2)(b)3"),
         build_control, True, sample={"legend": "SLOW NO WAKE"}),
    Kind("information", "Information: orange rectangle", ref("NR 5.09(2)(b)4"),
         build_information, True, sample={"legend": "MARINA"}),
    Kind("aid-red", "State aid, red: triangle, even WS number", ref("NR 5.09(2)(a)1"),
         build_aid, sample_id="WS-2"),
    Kind("aid-green", "State aid, green: square, odd WS number", ref("NR 5.09(2)(a)2"),
         build_aid, sample_id="WS-1"),
    Kind("aid-center", "State aid, center: black and white vertical stripes, WS letters",
         ref("NR 5.09(2)(a)4"), build_aid, sample_id="WS-A"),
    Kind("buoy-symbol", "Symbol buoy: white, orange bands at top and waterline, a symbol "
         "on 2 sides", ref("NR 5.09(5)(b)"), build_symbol_buoy, True, form="buoy",
         sample={"symbol": "danger", "legend": "ROCKS"}),
    Kind("buoy-sign", "Sign buoy: 3 orange and 2 white bands, a sign above it",
         ref("NR 5.09(5)(c)"), build_sign_buoy, True, form="buoy",
         sample={"symbol": "control", "legend": "5 MPH"}),
    Kind("buoy-wrap", "Cylinder wrap: a symbol buoy's surface unrolled, the symbol twice",
         ref("NR 5.09(6)(d)"), build_wrap, True, form="wrap",
         sample={"symbol": "danger", "legend": "ROCKS", "curvature": "seen"}),
    Kind("buoy-aid-red", "State aid buoy, red nun: even WS number, red reflector",
         ref("NR 5.09(2)(a)1"), build_aid_buoy, sample_id="WS-2", form="buoy",
         display_area=False),
    Kind("buoy-aid-green", "State aid buoy, green can: odd WS number, green reflector",
         ref("NR 5.09(2)(a)2"), build_aid_buoy, sample_id="WS-1", form="buoy",
         display_area=False),
    Kind("buoy-aid-center", "State aid buoy, center: black and white vertical stripes, "
         "WS letters", ref("NR 5.09(2)(a)4"), build_aid_buoy, sample_id="WS-A", form="buoy",
         display_area=False),
    Kind("buoy-mooring", "Mooring buoy: white, blue band, 18 in above water, sphere or ovate",
         ref("NR 5.09(7)(a)"), build_mooring_buoy, form="buoy", display_area=False),
    Kind("buoy-race", "Race course, ski or slalom buoy: yellow, green, fluorescent red or "
         "orange", ref("NR 5.09(7)(b)"), build_race_buoy, form="buoy", display_area=False),
    Kind("diver-flag", "Diver's flag: red, one diagonal white stripe 3 in wide",
         ref("s. 30.70, Wis. Stats."), build_diver_flag, form="flag", display_area=False),
    Kind("distress-flag", "Distress flag: orange, about 18 by 30 in",
         ref("s. 30.675, Wis. Stats."), build_distress_flag, form="flag",
         display_area=False),
)}


def get_kind(name: str) -> Kind:
    """The kind called ``name``, or a one-line error listing the known kinds."""
    try:
        return KINDS[name]
    except KeyError:
        raise WsmarkError(f"unknown marker kind {name!r}; known kinds: "
                          f"{', '.join(KINDS)}") from None


def build(design: Design) -> Artwork:
    """Build the Artwork of ``design`` (validated against the rule first), painted in
    the design's declared colours where it gives any (family -> hex)."""
    art = get_kind(design.kind).builder(design)
    if not design.colors:
        return art
    unknown = sorted(set(design.colors) - set(art.colors()))
    if unknown:
        raise WsmarkError(f"colors: {', '.join(unknown)} not used by {design.kind}; "
                          f"its colours are {', '.join(art.colors())}")
    hexes = {family: classify(value).hex for family, value in design.colors.items()}
    layers = tuple(replace(layer, hex=hexes.get(layer.color, layer.hex))
                   for layer in art.layers)
    return replace(art, layers=layers)
