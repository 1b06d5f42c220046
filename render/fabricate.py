"""Fabrication files for a sign shop, from one Artwork: a print SVG and PDF at 100 % with
bleed and crop marks, one SVG cut file per film colour, a DXF of the cut layers, and the
bill of materials as CSV. All share one page, so registration targets line up."""

from __future__ import annotations

import csv
import io
import os
from dataclasses import replace
from pathlib import Path

from markers.artwork import Artwork
from markers.buoy_surface import SURFACE_KINDS, buoy_surface, surface_bom
from markers.design import Design
from markers.errors import WsmarkError
from markers.kinds import get_kind
from markers.flag_fabric import HEM, flag_bom, flag_pieces
from markers.materials import load_materials, plan_materials
from markers.shop import BLANK_AUTO, job_materials, on_shop_blank
from markers.fabrication import DEFAULT_BLEED, DEFAULT_MIN_FEATURE, BomLine, Fabrication, plan
from render.dxf import cut_dxf
from render.output import file_stem, make_dir, write_atomic
from render.raster import svg_to_pdf
from render.svg import cut_svg, print_svg

__all__ = ["BOM_HEADER", "bom_rows", "write_fabrication", "shop_plan", "MATERIALS_HEADER", "material_rows"]

BOM_HEADER = ("colour", "hex", "role", "sq in per sign", "sq ft per sign", "quantity",
              "total sq ft")


def bom_rows(bom: list[BomLine]) -> list[tuple[str, ...]]:
    """The bill of materials as text cells (the same for the CSV and the terminal)."""
    return [(line.color, line.hex, line.role, f"{line.area:.2f}", f"{line.sq_ft:.3f}",
             str(line.qty), f"{line.total_sq_ft:.3f}") for line in bom]


def _csv(bom: list[BomLine]) -> bytes:
    return _table(BOM_HEADER, bom_rows(bom))


def _table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue().encode("utf-8")


MATERIALS_HEADER = ("material", "kind", "colour", "grade", "roll width in",
                    "roll length in per sign", "waste per sign", "cost per sign",
                    "quantity", "roll length in", "roll length yd", "waste", "cost")


def material_rows(lines) -> list[tuple[str, ...]]:
    """The nested materials as text cells: per sign, then for the whole quantity (cost
    includes the material's waste factor)."""
    return [(x.one.material.name, x.kind, x.color, x.one.material.grade,
             f"{x.one.material.roll_width:g}", f"{x.one.length:.2f}", f"{x.one.waste:.1%}",
             f"{x.one.cost:.2f}", str(x.qty), f"{x.total.length:.2f}",
             f"{x.total.yards:.2f}",
             f"{x.total.waste:.1%}", f"{x.total.cost:.2f}") for x in lines]


def shop_plan(art: Artwork, bleed: float = DEFAULT_BLEED,
              min_feature: float = DEFAULT_MIN_FEATURE, qty: int = 1,
              design: Design | None = None, blank: str | None = None, hole_count: int = 0,
              materials: str | None = None, stripe: str = "applied") -> Fabrication:
    """The whole job for ``art``, without files: the plan (print page, cut pieces,
    weeding issues, bill of materials, notes, nesting on the rolls).

    A sign face is put on a blank (``blank``: "auto", "none" or WxH) with
    ``hole_count`` mounting holes. A buoy (given its ``design``) is made from its
    surface: the print and cut pieces are its flat wrap, the bill of materials its
    surface areas; a sphere or ovate, which cannot be printed flat, has no cuts. A flag
    is fabric: its panels with hems (the diver's stripe ``stripe`` "applied" or "sewn")
    are the cut pieces and the bill. Pieces are nested on the rolls of the
    ``materials`` file (the shipped generic one when None)."""
    shop = load_materials(materials)
    meta = art.meta
    notes: list[str] = []
    findings: list[str] = []
    surface = None
    if design is not None and design.kind in SURFACE_KINDS:  # a buoy: its surface, flat
        surface = buoy_surface(design, art)
        art = surface.flat or art
        notes += surface.notes
        if blank not in (None, BLANK_AUTO) or hole_count:
            raise WsmarkError("--blank and --holes apply to signs, not buoys")
    elif get_kind(str(meta.get("kind"))).form == "sign":
        art, more, findings = on_shop_blank(art, blank, hole_count)
        notes += more
    elif blank not in (None, BLANK_AUTO) or hole_count:
        raise WsmarkError(f"--blank and --holes apply to signs, not {meta.get('kind')}")
    form = get_kind(str(meta.get("kind"))).form
    if form == "flag":  # fabric: the print bleeds into the hems, the cuts are the panels
        pieces = flag_pieces(art, stripe)
        fab = plan(art, max(bleed, HEM), min_feature, qty)
        cuts: dict[str, list] = {}
        for color, _, piece in pieces:
            cuts.setdefault(color, []).append(fab.frame.place(piece))
        fab = replace(fab, cuts=cuts, bom=flag_bom(pieces, qty))
        nested, more = plan_materials([("fabric", c, [fab.frame.place(p) for c2, _, p in
                                                      pieces if c2 == c]) for c in cuts],
                                      shop, qty)
    else:
        fab = plan(art, bleed, min_feature, qty)
        if surface is not None:
            fab = replace(fab, bom=surface_bom(surface, qty))
        nested, more = job_materials(fab, shop, qty) if surface is None or surface.flat \
            else ([], [])
        if surface is not None and surface.flat is None:
            fab = replace(fab, cuts={})
    return replace(fab, notes=tuple(notes + more), warnings=tuple(findings),
                   materials=tuple(nested))


def write_fabrication(art: Artwork, out_dir: str | os.PathLike,
                      bleed: float = DEFAULT_BLEED, min_feature: float = DEFAULT_MIN_FEATURE,
                      qty: int = 1, design: Design | None = None, blank: str | None = None,
                      hole_count: int = 0, materials: str | None = None,
                      stripe: str = "applied") -> tuple[Fabrication, list[Path]]:
    """Write the fabrication files of ``art`` (see ``shop_plan``) into ``out_dir``
    (created if missing); returns the plan and the files written. A buoy that cannot
    be printed flat gets only its bill of materials."""
    meta = art.meta
    fab = shop_plan(art, bleed, min_feature, qty, design, blank, hole_count, materials,
                    stripe)
    # a buoy that cannot be printed flat (a sphere, an ovate) has no cut pieces
    flat = design is None or design.kind not in SURFACE_KINDS or bool(fab.cuts)
    out = make_dir(out_dir)
    stem = file_stem(str(meta.get("kind")), meta.get("display_height"),
                     meta.get("legend") or meta.get("ws_id"))
    files: dict[str, bytes] = {}
    if flat:
        printed = print_svg(fab)
        files.update({"print.svg": printed, "print.pdf": svg_to_pdf(printed)})
        for color in fab.cuts:
            files[f"cut-{color}.svg"] = cut_svg(fab, color)
        files["cut.dxf"] = cut_dxf(fab)
    files["bom.csv"] = _csv(fab.bom)
    if fab.materials:
        files["materials.csv"] = _table(MATERIALS_HEADER, material_rows(fab.materials))
    written = []
    for name, data in files.items():
        path = out / f"{stem}-{name}"
        write_atomic(path, data)
        written.append(path)
    return fab, written
