"""Fabrication files for a sign shop, from a shop plan (``markers.core.shop``): a print
SVG and PDF at 100 % with bleed and crop marks, one SVG cut file per film color (and
one per panel of a film cut across rolls), a DXF
of the cut, trim and hole layers, the bill of materials and the nesting on the shop's
rolls as CSV. All share one page, so registration targets line up."""

from __future__ import annotations

import csv
import io
import os
import re
from pathlib import Path

from markers.core.artwork import Artwork
from markers.core.fabrication import BomLine, Fabrication
from markers.core.materials import MaterialLine
from markers.core.safe_text import csv_cell
from markers.products.files import marker_stem
from markers.runtime.swap import write_set
from render.dxf import cut_dxf
from render.raster import svg_to_pdf
from render.svg import cut_svg, print_svg

__all__ = ["bom_header", "bom_rows", "materials_header", "material_rows",
           "fabrication_files", "write_files"]

def bom_header(unit: str = "sign") -> tuple[str, ...]:
    """The bill of materials' columns, per ``unit`` of the job (sign, buoy, flag)."""
    return ("color", "hex", "role", f"sq in per {unit}", f"sq ft per {unit}", "quantity",
            "total sq ft")


def materials_header(unit: str = "sign", currency: str = "") -> tuple[str, ...]:
    """The nested materials' columns, per ``unit``, the costs in ``currency`` and a
    column saying whether the prices are placeholders."""
    cost = f"cost {currency}" if currency else "cost (currency not stated)"
    return ("material", "kind", "color", "grade", "roll width in",
            f"roll length in per {unit}", f"waste per {unit}", f"{cost} per {unit}",
            "quantity", "roll length in", "roll length yd", "waste", cost, "prices",
            "cut across rolls")


#: The ``prices`` column: wsmark's placeholder prices, or the shop's materials file's.
PRICES = {True: "placeholder", False: "materials file"}


def bom_rows(bom: list[BomLine]) -> list[tuple[str, ...]]:
    """The bill of materials as text cells (the same for the CSV and the terminal)."""
    return [(line.color, line.hex, line.role, f"{line.area:.2f}", f"{line.sq_ft:.3f}",
             str(line.qty), f"{line.total_sq_ft:.3f}") for line in bom]


def material_rows(lines: tuple[MaterialLine, ...], placeholder: bool = False
                  ) -> list[tuple[str, ...]]:
    """The nested materials as text cells: per sign, then for the whole quantity (cost
    includes the material's waste factor), and each piece cut into panels across rolls
    (its panels, seams and overlap)."""
    return [(x.one.material.name, x.kind, x.color, x.one.material.grade,
             f"{x.one.material.roll_width:g}", f"{x.one.length:.2f}", f"{x.one.waste:.1%}",
             f"{x.one.cost:.2f}", str(x.qty), f"{x.total.length:.2f}",
             f"{x.total.yards:.2f}",
             f"{x.total.waste:.1%}", f"{x.total.cost:.2f}", PRICES[placeholder],
             "; ".join(str(split) for split in x.splits)) for x in lines]


def _table(header: tuple[str, ...], rows: list[tuple[str, ...]]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    writer.writerows([csv_cell(cell) for cell in row] for row in rows)
    return out.getvalue().encode("utf-8")


def fabrication_files(fab: Fabrication, art: Artwork,
                      printed_flat: bool = True) -> dict[str, bytes]:
    """The files of the plan ``fab`` of the marker ``art``, by name
    (``control-24in-slow-no-wake-print.svg`` ...; a labelled marker's permit id ends
    the stem, so signs of one design with different ids do not overwrite each other). A
    buoy that cannot be printed flat (``printed_flat`` False: a sphere, an ovate) gets
    only its bill of materials."""
    meta = art.meta
    stem = marker_stem(str(meta.get("kind")), meta.get("display_height"),
                       meta.get("legend") or meta.get("ws_id"), meta.get("permit_id"))
    files: dict[str, bytes] = {}
    if printed_flat:
        printed = print_svg(fab)
        files.update({"print.svg": printed, "print.pdf": svg_to_pdf(printed)})
        for color in fab.cuts:
            files[f"cut-{color}.svg"] = cut_svg(fab, color)
            for number in range(1, len(fab.panels(color)) + 1):
                files[f"cut-{color}-panel-{number}.svg"] = cut_svg(fab, color, number)
        files["cut.dxf"] = cut_dxf(fab)
    files["bom.csv"] = _table(bom_header(fab.unit), bom_rows(fab.bom))
    if fab.materials:
        files["materials.csv"] = _table(materials_header(fab.unit, fab.currency),
                                        material_rows(fab.materials, fab.placeholder_prices))
    return {f"{stem}-{name}": data for name, data in files.items()}


#: The files of one sign's set, after its stem: STEM-print.svg, STEM-cut-red.svg, ...
_PARTS = (r"-(?:print\.svg|print\.pdf|cut-[a-z]+(?:-panel-\d+)?\.svg|cut\.dxf|bom\.csv"
          r"|materials\.csv)")


def write_files(files: dict[str, bytes], out_dir: str | os.PathLike) -> list[Path]:
    """Write ``files`` (name -> bytes) into ``out_dir`` (created if missing) as one set:
    an older set of the same signs (any colors) is replaced whole in one atomic swap, so
    there are never new print files beside an old cut file; other files are kept."""
    stems = sorted({m[1] for name in files if (m := re.fullmatch(f"(.+){_PARTS}", name))})
    owned = re.compile(f"(?:{'|'.join(map(re.escape, stems))}){_PARTS}" if stems else "(?!)")
    return write_set(Path(out_dir), files, owned)
