"""A shop job from an Artwork: the blank a sign is cut from, its mounting holes, and the
shop's rolls the pieces are nested on. Pure geometry and numbers; files are written by
``render.fabricate``."""

from __future__ import annotations

from dataclasses import replace

from shapely.geometry import MultiPolygon

from markers.artwork import Artwork
from markers.blanks import Blank, choose_blank, hole_findings, holes, on_blank, parse_blank
from markers.errors import WsmarkError
from markers.fabrication import BASE, Fabrication
from markers.materials import MaterialLine, Materials, plan_materials

__all__ = ["on_shop_blank", "job_materials", "BLANK_AUTO", "BLANK_NONE"]

BLANK_AUTO, BLANK_NONE = "auto", "none"


def on_shop_blank(art: Artwork, blank: str | None, hole_count: int
                  ) -> tuple[Artwork, list[str], list[str]]:
    """A sign face on its blank: ``blank`` is "auto" (the smallest standard blank that
    holds it), "none" (trim at the face) or WxH; with ``hole_count`` mounting holes
    (feature ``holes``). Returns it, notes (which blank) and findings (a hole too close
    to the symbol or legend)."""
    notes: list[str] = []
    chosen: Blank | None
    if blank in (None, BLANK_AUTO):
        chosen = choose_blank(art.width, art.height)
        if chosen is None:
            notes.append(f"no standard blank holds a {art.width:.2f} x {art.height:.2f} in "
                         "sign: trimmed at its own size")
    elif blank == BLANK_NONE:
        chosen = None
    else:
        chosen = parse_blank(blank)
    if chosen is None:
        if hole_count:
            raise WsmarkError(f"--holes {hole_count} needs a blank: give --blank WxH")
        return art, notes, []
    placed = on_blank(art, chosen)
    notes.append(f"blank {chosen.name} in, corner radius {chosen.corner_radius:g} in")
    if not hole_count:
        return placed, notes, []
    cut = holes(chosen, hole_count)
    placed = replace(placed, features={**placed.features, "holes": MultiPolygon(cut)})
    return placed, notes, hole_findings(placed, cut)


def job_materials(fab: Fabrication, materials: Materials, qty: int
                  ) -> tuple[list[MaterialLine], list[str]]:
    """The base sheeting (the trim's rectangle) and each film colour (its pieces kept
    whole, in register, as they are applied) nested on the shop's rolls."""
    trim = fab.art.features.get("trim", fab.art.bounds)
    parts = [("sheeting", BASE, [trim])] if any(
        layer.color == BASE for layer in fab.art.layers) else []
    for color, pieces in fab.cuts.items():
        group = MultiPolygon(pieces).envelope
        parts.append(("film", color, [group]))
    return plan_materials(parts, materials, qty)
