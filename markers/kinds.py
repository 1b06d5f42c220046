"""The catalogue: every marker kind, what it means, and how it is built.

A kind is looked up by name (``KINDS["danger"]``); its ``build`` turns a Design into
an Artwork. Tests and the gallery walk this registry, so a new kind is covered once
it is registered here.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable

from markers.aids import build_aid
from markers.artwork import Artwork
from markers.citations import Ref, ref
from markers.colors import classify
from markers.design import Design
from markers.errors import WsmarkError
from markers.signs import build_control, build_danger, build_exclusion, build_information

__all__ = ["Kind", "KINDS", "get_kind", "build"]


@dataclass(frozen=True)
class Kind:
    """A marker kind: its name, a one-line title, the paragraph that defines it.

    ``sample_id`` is the identification shown when an aid is specified without one.
    """

    name: str
    title: str
    ref: Ref
    builder: Callable[[Design], Artwork]
    uses_legend: bool = False
    sample_id: str | None = None


KINDS: dict[str, Kind] = {k.name: k for k in (
    Kind("danger", "Danger: open orange diamond", ref("NR 5.09(2)(b)1"), build_danger, True),
    Kind("exclusion", "Exclusion zone: orange diamond with a cross", ref("NR 5.09(2)(b)2"),
         build_exclusion, True),
    Kind("control", "Control or restriction: orange circle", ref("NR 5.09(2)(b)3"),
         build_control, True),
    Kind("information", "Information: orange rectangle", ref("NR 5.09(2)(b)4"),
         build_information, True),
    Kind("aid-red", "State aid, red: triangle, even WS number", ref("NR 5.09(2)(a)1"),
         build_aid, sample_id="WS-2"),
    Kind("aid-green", "State aid, green: square, odd WS number", ref("NR 5.09(2)(a)2"),
         build_aid, sample_id="WS-1"),
    Kind("aid-center", "State aid, center: black and white vertical stripes, WS letters",
         ref("NR 5.09(2)(a)4"), build_aid, sample_id="WS-A"),
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
