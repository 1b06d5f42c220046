"""What each marker of a plan looks like: its design file, else a design from its plan
properties, built by the pack (for the packet's page per marker)."""

from __future__ import annotations

from pathlib import Path

from markers.core.artwork import Artwork
from markers.core.design import Design, as_declared, parse_design
from markers.core.pack import Pack
from markers.core.spec import req
from markers.errors import WsmarkError
from markers.plan.model import Plan, PlanMarker
from markers.read.limits import read_limited

__all__ = ["marker_design", "marker_artworks"]


def marker_design(plan: Plan, marker: PlanMarker, pack: Pack) -> Design:
    """The design of a marker: its design file if given, else its plan properties (a
    kind with a display area and none stated is drawn at the law's minimum)."""
    if marker.design:
        path = Path(plan.path).parent / marker.design
        return parse_design(read_limited(path, str(path)), str(path))
    kind = pack.kind(marker.kind)
    with pack.in_force():
        height = marker.display_height or (req("display_min") if kind.display_area else None)
    extra = dict(kind.sample) if "symbol" in kind.sample and not marker.symbol else {}
    if marker.symbol:
        extra["symbol"] = marker.symbol
    if marker.legend:
        extra["legend"] = marker.legend
    return Design(marker.kind, height if kind.display_area else None,
                  ws_id=marker.ws_id, lighted=marker.lighted, **extra)


def marker_artworks(plan: Plan, pack: Pack) -> list[Artwork | str]:
    """Each marker's Artwork built as declared, or the one-line reason it cannot be."""
    found: list[Artwork | str] = []
    for marker in plan.markers:
        try:
            design = marker_design(plan, marker, pack)
            with as_declared():
                found.append(pack.build(design))
        except WsmarkError as err:
            found.append(str(err).splitlines()[0])
    return found
