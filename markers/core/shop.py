"""A shop job from an Artwork: the blank a sign is cut from, its mounting holes, a
buoy's surface (what is printed flat, what is painted), a flag's fabric panels, and the
shop's rolls the pieces are nested on. Pure geometry and numbers; files are written by
``markers.products.fabricate``."""

from __future__ import annotations

from dataclasses import dataclass, replace

from shapely import unary_union
from shapely.geometry import MultiPolygon
from shapely.geometry.base import BaseGeometry

from markers.core.artwork import Artwork
from markers.core.blanks import (
    Blank,
    blank_line,
    choose_blank,
    hole_findings,
    holes,
    on_blank,
    parse_blank,
)
from markers.core.colors import PALETTE
from markers.core.fabrication import (
    BASE,
    DEFAULT_BLEED,
    DEFAULT_MIN_FEATURE,
    BomLine,
    Fabrication,
    plan,
    sheet_outline,
)
from markers.core.flag_fabric import HEM, flag_bom, flag_pieces
from markers.core.materials import MaterialLine, Materials, load_materials, plan_materials
from markers.errors import WsmarkError

__all__ = ["on_shop_blank", "film_groups", "job_materials", "shop_plan", "Zone", "BuoySurface",
           "surface_bom", "BLANK_AUTO", "BLANK_NONE"]

BLANK_AUTO, BLANK_NONE = "auto", "none"


@dataclass(frozen=True)
class Zone:
    """One area of a buoy's surface: its color, what it is, its surface area (sq in),
    the solid it lies on, and whether it is printed flat (else painted)."""

    color: str
    what: str
    area: float
    surface: str
    printed: bool


@dataclass(frozen=True)
class BuoySurface:
    """A buoy's zones above the waterline and its flat print (None when nothing of it is
    developable); ``total`` is the whole surface above the waterline."""

    zones: tuple[Zone, ...]
    flat: Artwork | None
    total: float
    notes: tuple[str, ...] = ()

    def by_color(self) -> dict[str, float]:
        """Surface area per color family, in order of first appearance."""
        out: dict[str, float] = {}
        for zone in self.zones:
            out[zone.color] = out.get(zone.color, 0.0) + zone.area
        return out


def surface_bom(surface: BuoySurface, qty: int) -> list[BomLine]:
    """The bill of materials of a buoy: one line per zone, its surface area (sq in per
    buoy), and whether it is printed on the flat wrap or painted."""
    if qty < 1:
        raise WsmarkError(f"quantity {qty} must be at least 1")
    return [BomLine(z.color, PALETTE[z.color],
                    f"{z.what} ({z.surface}, {'printed flat' if z.printed else 'painted'})",
                    z.area, qty) for z in surface.zones]


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
    placed = replace(placed, meta={**placed.meta, "blank_line": blank_line(chosen, hole_count)})
    notes.append(f"blank {chosen.name} in, corner radius {chosen.corner_radius:g} in")
    if not hole_count:
        return placed, notes, []
    cut = holes(chosen, hole_count)
    placed = replace(placed, features={**placed.features, "holes": MultiPolygon(cut)})
    return placed, notes, hole_findings(placed, cut)


def film_groups(art: Artwork, pieces: list[BaseGeometry]) -> list[BaseGeometry]:
    """The pieces of one film as they are applied (artwork coordinates): the letters of
    each legend block, and of the permit label, together (one application tape keeps
    them in register); every other piece (a ring, a band, a stripe) alone. In order of
    each group's first piece."""
    regions = [item.box for item in art.legends]
    if "permit-label" in art.features:
        regions.append(art.features["permit-label"])
    groups: dict[object, list[BaseGeometry]] = {}
    for i, piece in enumerate(pieces):
        at = piece.representative_point()
        home = next((r for r, region in enumerate(regions) if region.covers(at)), None)
        groups.setdefault(("alone", i) if home is None else home, []).append(piece)
    return [members[0] if len(members) == 1 else unary_union(members)
            for members in groups.values()]


def job_materials(fab: Fabrication, materials: Materials, qty: int
                  ) -> tuple[list[MaterialLine], list[str]]:
    """The base sheeting (the blank, ``sheet_outline``) and each film color (its pieces
    in the groups they are applied in, ``film_groups``) nested on the shop's rolls, a
    piece wider than the widest roll cut into panels across rolls."""
    parts = [("sheeting", BASE, [sheet_outline(fab.art)])]
    for color, pieces in fab.cuts.items():
        parts.append(("film", color,
                      film_groups(fab.art, [fab.frame.unplace(p) for p in pieces])))
    return plan_materials(parts, materials, qty)


def shop_plan(art: Artwork, form: str, surface: BuoySurface | None = None,
              bleed: float = DEFAULT_BLEED, min_feature: float = DEFAULT_MIN_FEATURE,
              qty: int = 1, blank: str | None = None, hole_count: int = 0,
              materials: str | bytes | None = None, stripe: str = "applied") -> Fabrication:
    """The whole job for ``art`` (a marker of ``form``: "sign", "buoy", "wrap" or
    "flag"), without files: the print page, cut pieces, weeding issues, bill of
    materials, notes and the nesting on the rolls.

    A sign face is put on a blank (``blank``: "auto", "none" or WxH) with
    ``hole_count`` mounting holes. A buoy (given its ``surface``) is made from it: the
    print and cut pieces are its flat wrap, the bill of materials its surface areas; a
    sphere or ovate, which cannot be printed flat, has no cuts. A flag is fabric: its
    panels with hems (the diver's stripe ``stripe`` "applied" or "sewn") are the cut
    pieces and the bill. Pieces are nested on the rolls of the ``materials`` file (its
    path, or its bytes; the shipped generic one when None)."""
    shop = load_materials(materials)
    notes: list[str] = []
    findings: list[str] = []
    if surface is not None:  # a buoy: its surface, flat
        art = surface.flat or art
        notes += surface.notes
        if blank not in (None, BLANK_AUTO) or hole_count:
            raise WsmarkError("--blank and --holes apply to signs, not buoys")
    elif form == "sign":
        art, more, findings = on_shop_blank(art, blank, hole_count)
        notes += more
    elif blank not in (None, BLANK_AUTO) or hole_count:
        raise WsmarkError(f"--blank and --holes apply to signs, not {art.meta.get('kind')}")
    if form == "flag":  # fabric: the print bleeds into the hems, the cuts are the panels
        pieces = flag_pieces(art, stripe)
        fab = plan(art, max(bleed, HEM), min_feature, qty)
        cuts: dict[str, list] = {}
        for color, _, piece in pieces:
            cuts.setdefault(color, []).append(fab.frame.place(piece))
        fab = replace(fab, cuts=cuts, bom=flag_bom(pieces, qty))
        nested, more = plan_materials([("fabric", c, [p for c2, _, p in pieces if c2 == c])
                                       for c in cuts], shop, qty)
    else:
        fab = plan(art, bleed, min_feature, qty)
        if surface is not None:
            fab = replace(fab, bom=surface_bom(surface, qty))
        nested, more = job_materials(fab, shop, qty) if surface is None or surface.flat \
            else ([], [])
        if surface is not None and surface.flat is None:
            fab = replace(fab, cuts={})
        if art.meta.get("blank_line"):  # what the sheeting goes on, a line of its own
            fab = replace(fab, bom=[BomLine("", "", art.meta["blank_line"],
                                            sheet_outline(art).area, qty), *fab.bom])
    if art.meta.get("permit_id"):
        notes.append(f"permit label {art.meta['permit_id']}: block letters below the display "
                     "area, cut with the film they are lettered in")
    return replace(fab, notes=tuple(notes + more), warnings=tuple(findings),
                   materials=tuple(nested), unit="sign" if form == "sign" else
                   "flag" if form == "flag" else "buoy", prices=shop.prices(),
                   currency=shop.currency or "", placeholder_prices=shop.placeholder_prices)
