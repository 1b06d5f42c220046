"""Fabrication files for a sign shop, from one Artwork: a print SVG and PDF at 100 % with
bleed and crop marks, one SVG cut file per film colour, a DXF of the cut layers, and the
bill of materials as CSV. All share one page, so registration targets line up."""

from __future__ import annotations

import csv
import io
import os
import re
from pathlib import Path

from markers.core.artwork import Artwork
from markers.core.fabrication import DEFAULT_BLEED, DEFAULT_MIN_FEATURE, BomLine, Fabrication, plan
from render.dxf import cut_dxf
from render.output import file_stem
from render.raster import svg_to_pdf
from render.svg import cut_svg, print_svg
from render.swap import write_set

__all__ = ["BOM_HEADER", "bom_rows", "fabrication_files", "write_files"]

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


def fabrication_files(art: Artwork, bleed: float = DEFAULT_BLEED,
                      min_feature: float = DEFAULT_MIN_FEATURE,
                      qty: int = 1) -> tuple[Fabrication, dict[str, bytes]]:
    """The plan of ``art`` (weeding issues, bill of materials) and its files, by name
    (``control-24in-slow-no-wake-print.svg`` ...)."""
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
    return fab, {f"{stem}-{name}": data for name, data in files.items()}


#: The files of one sign's set, after its stem: STEM-print.svg, STEM-cut-red.svg, ...
_PARTS = r"-(?:print\.svg|print\.pdf|cut-[a-z]+\.svg|cut\.dxf|bom\.csv)"


def write_files(files: dict[str, bytes], out_dir: str | os.PathLike) -> list[Path]:
    """Write ``files`` (name -> bytes) into ``out_dir`` (created if missing) as one set:
    an older set of the same signs (any colours) is replaced whole in one atomic swap, so
    there are never new print files beside an old cut file; other files are kept."""
    stems = sorted({m[1] for name in files if (m := re.fullmatch(f"(.+){_PARTS}", name))})
    owned = re.compile(f"(?:{'|'.join(map(re.escape, stems))}){_PARTS}" if stems else "(?!)")
    return write_set(Path(out_dir), files, owned)
