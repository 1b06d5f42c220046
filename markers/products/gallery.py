"""The gallery: every kind at H = 12 and 24 in with typical legends, as SVG with a PNG
preview, a README showing each with its dimensions, the reference sheets, every buoy's
flat wrap and the print files of a few fabrication jobs with their bills. The
committed gallery/ is the golden set: a test rebuilds it and compares bytes."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from markers.core.artwork import Artwork
from markers.core.design import Design
from markers.core.pack import Pack
from markers.core.presentation import presentation_of
from markers.core.shop import shop_plan
from markers.products.fabricate import bom_header, bom_rows, material_rows, materials_header
from markers.products.files import file_stem
from markers.products.sheets import sheet_pages, sheets_pdf
from markers.runtime.atomic import make_dir, write_set
from render.output import render_bytes
from render.raster import svg_to_png
from render.svg import print_svg

__all__ = ["GALLERY_SIZES", "gallery_designs", "build_gallery"]

GALLERY_SIZES = (12.0, 24.0)
#: Preview resolution: small enough to keep the repository light.
PREVIEW_DPI = 30
#: The reference sheets kept in the gallery (the page shown is the pack's first kind's).
SHEETS_PDF = "sheets.pdf"
SHEET_PREVIEW_DPI = 60


@dataclass(frozen=True)
class Entry:
    """One gallery picture: the design and the file stem it is saved under."""

    design: Design

    @property
    def stem(self) -> str:
        d = self.design
        # a color chosen from the law's list names it (a quarantine anchorage's yellow
        # buoy beside the white one of the same kind)
        return file_stem(d.kind, d.display_height, d.legend or d.ws_id or d.symbol or d.color)


def gallery_designs(pack: Pack) -> list[Entry]:
    """Every registered kind at every gallery size (once, at its default size, when it
    has no display area), with its typical legends or id."""
    entries: list[Entry] = []
    for kind in pack.kinds.values():
        for h in GALLERY_SIZES if kind.display_area else (None,):
            entries.extend(Entry(design) for design in kind.typical_designs(h))
    return entries + [Entry(design) for design in presentation_of(pack).gallery_extras]


def _plan_section(pack: Pack, extras: Mapping[str, bytes]) -> list[str]:
    """The README's lines on the example placement plan, when the gallery has it."""
    if not extras:
        return []
    files = ", ".join(f"[{name}]({name})" for name in extras)
    lines = ["## Placement plan", "",
             f"The clean example plan `examples/{presentation_of(pack).example_plan}`, "
             "checked, drawn as a map (`wsmark plan map`) and made into the permit packet "
             f"(`wsmark plan packet`): {files}.", ""]
    lines += [f"![{name}]({name})" for name in extras if name.endswith(".png")]
    return lines + [""]


def _displayed(pack: Pack) -> bool:
    """Whether a kind of ``pack`` has a display area (the gallery's sizes are its H)."""
    return any(kind.display_area for kind in pack.kinds.values())


def _sizes(pack: Pack) -> str:
    """The sizes the gallery draws ``pack``'s kinds at, in words."""
    return ("at display heights of 12 and 24 in" if _displayed(pack)
            else "at its default size")


def _readme(pack: Pack, rows: list[tuple[Entry, Artwork]],
            extras: Mapping[str, bytes], option: str) -> str:
    folder = f"gallery/{pack.name}" if option else "gallery"
    lines = ["# wsmark gallery", "",
             f"Every marker kind of {pack.law.code} {_sizes(pack)}, built by "
             f"`wsmark gallery{option} -o {folder}`. Each SVG is at actual size (1 user unit "
             "= 1 in); "
             f"the PNG beside it is a {PREVIEW_DPI} dpi preview. Regenerate with "
             "`make gallery`; a test fails when this folder is stale.", "",
             "## Reference sheets", "",
             f"[{SHEETS_PDF}]({SHEETS_PDF}) has a page for every kind, drawn to scale with its "
             f"dimensions{' at H = 12 to 48 in' if _displayed(pack) else ''}, and pages of "
             f"color families and {presentation_of(pack).numbering.short} "
             f"(`wsmark sheet{option} -o {SHEETS_PDF}`). The {_shown(pack)} page "
             f"([SVG](sheet-{_shown(pack)}.svg)):", "",
             f"![sheet-{_shown(pack)}](sheet-{_shown(pack)}.png)", ""]
    lines += _plan_section(pack, extras)
    for entry, art in rows:
        d = entry.design
        title = pack.kinds[d.kind].title
        size = f"H = {d.display_height:g} in" if d.display_height else "default size"
        lines += [f"## {d.kind}, {size}"
                  + (f", \"{d.legend}\"" if d.legend else "") + (f", {d.ws_id}" if d.ws_id else "")
                  + (f", {d.symbol} symbol" if d.symbol and not d.legend else "")
                  + (f", {d.color}" if d.color else ""),
                  "", f"{title}. [SVG]({entry.stem}.svg)", "",
                  f"![{entry.stem}]({entry.stem}.png)", "",
                  "| dimension | value | paragraph |", "|---|---|---|"]
        lines += [f"| {dim.name} | {dim.as_text()} | {dim.clause} |"
                  for dim in art.meta["dimensions"]]
        lines.append("")
    return "\n".join(lines)


def _wraps(pack: Pack, out: Path, files: dict[Path, bytes]) -> list[str]:
    """The flat wrap of every buoy that has one (the print a shop wraps round it), as
    SVG with a PNG preview (into ``files``), and the README section listing them."""
    lines = ["## Buoy wraps", "",
                          "The print each buoy is wrapped in, flat: its circumference (plus "
                          "any seam) wide, from the waterline up (`wsmark fabricate BUOY`). "
                          "A sphere or ovate cannot be printed flat and has none.", ""]
    for kind in pack.kinds.values():
        if kind.surface is None:
            continue
        design = kind.typical_designs(None)[0]
        surface = pack.surface(design, pack.build(design))
        flat = surface.flat if surface is not None else None
        if flat is None:
            continue
        stem = "wrap-" + file_stem(kind.name, None, design.legend or design.ws_id)
        for suffix in (".svg", ".png"):
            files[out / f"{stem}{suffix}"] = render_bytes(flat, suffix, PREVIEW_DPI)
        lines += [f"### {kind.name}", "", f"{flat.width:.2f} x {flat.height:.2f} in. "
                  f"[SVG]({stem}.svg)", "", f"![{stem}]({stem}.png)", ""]
    return lines


def _fabrication(pack: Pack, out: Path, files: dict[Path, bytes]) -> list[str]:
    """Print-file previews of the pack's sample jobs (into ``files``) with their bill
    of materials and nesting."""
    lines = ["## Fabrication", "",
                          "The print file of `wsmark fabricate` (at 100 %, with bleed, crop "
                          "marks and registration targets), its bill of materials and the "
                          "cut pieces nested on the generic rolls, for one piece.", ""]
    for design in presentation_of(pack).fabrication_samples:
        art = pack.build(design)
        fab = shop_plan(art, pack.kind(design.kind).form, pack.surface(design, art))
        stem = "fab-" + file_stem(design.kind, design.display_height,
                                  design.legend or design.ws_id)
        printed = print_svg(fab)
        files[out / f"{stem}.svg"] = printed
        files[out / f"{stem}.png"] = svg_to_png(printed, PREVIEW_DPI)
        lines += [f"### {design.kind}" + (f", \"{design.legend}\"" if design.legend else ""),
                  "", f"[SVG]({stem}.svg)", "", f"![{stem}]({stem}.png)", "",
                  "| " + " | ".join(bom_header(fab.unit)) + " |",
                  "|" + "---|" * len(bom_header(fab.unit))]
        lines += ["| " + " | ".join(row) + " |" for row in bom_rows(fab.bom)]
        if fab.materials:
            header = materials_header(fab.unit, fab.currency)
            lines += ["", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
            lines += ["| " + " | ".join(row) + " |"
                      for row in material_rows(fab.materials, fab.placeholder_prices)]
        lines.append("")
    return lines


def _shown(pack: Pack) -> str:
    """The kind whose reference sheet the gallery shows: the pack's first."""
    return next(iter(pack.kinds))


def _sheets(pack: Pack, out: Path, files: dict[Path, bytes]) -> None:
    """The reference sheets as PDF, and one page as SVG with a PNG to show (into
    ``files``)."""
    pages, _ = sheet_pages(pack)
    shown = _shown(pack)
    page = next(page.svg for page in pages if page.kind == shown)
    files[out / SHEETS_PDF] = sheets_pdf(pack, pages)
    files[out / f"sheet-{shown}.svg"] = page
    files[out / f"sheet-{shown}.png"] = svg_to_png(page, SHEET_PREVIEW_DPI)


def build_gallery(pack: Pack, out_dir: str | Path,
                  extras: Mapping[str, bytes] | None = None, option: str = "") -> list[Path]:
    """Write the gallery of ``pack`` into ``out_dir`` (created if missing), with
    ``extras`` (file name -> bytes: the example plan's map and packet, made by
    markers.api); ``option`` is the command line's choice of a pack other than the
    default (" --pack ct-15-121"), which the README's commands say; returns the files.
    The set is made in memory and written whole or not at all (``write_set``: a full
    disk leaves the gallery that was there)."""
    extras = extras or {}
    out = make_dir(out_dir)
    files: dict[Path, bytes] = {}
    rows = []
    for entry in gallery_designs(pack):
        art = pack.build(entry.design)
        rows.append((entry, art))
        for suffix in (".svg", ".png"):
            files[out / f"{entry.stem}{suffix}"] = render_bytes(art, suffix, PREVIEW_DPI)
    _sheets(pack, out, files)
    for name, data in extras.items():
        files[out / name] = data
    wrap_lines = _wraps(pack, out, files)
    fab_lines = _fabrication(pack, out, files)
    text = _readme(pack, rows, extras, option) + "\n" + "\n".join(wrap_lines + fab_lines)
    files[out / "README.md"] = text.encode("utf-8")
    return write_set(files.items())
