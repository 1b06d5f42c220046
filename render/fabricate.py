"""Fabrication files for a sign shop, from one Artwork: a print SVG and PDF at 100 % with
bleed and crop marks, one SVG cut file per film colour, a DXF of the cut layers, and the
bill of materials as CSV. All share one page, so registration targets line up."""

from __future__ import annotations

import csv
import io
import os
import re
from pathlib import Path

from markers.artwork import Artwork
from markers.fabrication import DEFAULT_BLEED, DEFAULT_MIN_FEATURE, BomLine, Fabrication, plan
from render.dxf import cut_dxf
from render.output import file_stem
from render.raster import svg_to_pdf
from render.svg import cut_svg, print_svg
from render.swap import write_set

__all__ = ["BOM_HEADER", "bom_rows", "write_fabrication"]

BOM_HEADER = ("colour", "hex", "role", "sq in per sign", "sq ft per sign", "quantity",
              "total sq ft")


def bom_rows(bom: list[BomLine]) -> list[tuple[str, ...]]:
    """The bill of materials as text cells (the same for the CSV and the terminal)."""
    return [(line.color, line.hex, line.role, f"{line.area:.2f}", f"{line.sq_ft:.3f}",
             str(line.qty), f"{line.total_sq_ft:.3f}") for line in bom]


def _csv(bom: list[BomLine]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(BOM_HEADER)
    writer.writerows(bom_rows(bom))
    return out.getvalue().encode("utf-8")


def write_fabrication(art: Artwork, out_dir: str | os.PathLike,
                      bleed: float = DEFAULT_BLEED, min_feature: float = DEFAULT_MIN_FEATURE,
                      qty: int = 1) -> tuple[Fabrication, list[Path]]:
    """Write the fabrication files of ``art`` into ``out_dir`` (created if missing);
    returns the plan (weeding issues, bill of materials) and the files written."""
    fab = plan(art, bleed, min_feature, qty)
    meta = art.meta
    stem = file_stem(str(meta.get("kind")), meta.get("display_height"),
                     meta.get("legend") or meta.get("ws_id"))
    printed = print_svg(fab)
    files: dict[str, bytes] = {"print.svg": printed, "print.pdf": svg_to_pdf(printed)}
    for color in fab.cuts:
        files[f"cut-{color}.svg"] = cut_svg(fab, color)
    files["cut.dxf"] = cut_dxf(fab)
    files["bom.csv"] = _csv(fab.bom)
    # the whole set is swapped in at once: never new print files beside an old cut file
    owned = re.compile(re.escape(stem) + r"-(print\.svg|print\.pdf|cut-[a-z]+\.svg|cut\.dxf|"
                       r"bom\.csv)")
    written = write_set(Path(out_dir), {f"{stem}-{name}": data for name, data in files.items()},
                        owned)
    return fab, written
