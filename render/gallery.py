"""The gallery: every kind at H = 12 and 24 in with typical legends, as SVG with a PNG
preview, a README showing each with its dimensions, and the reference sheets. The
committed gallery/ is the golden set: a test rebuilds it and compares bytes."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from markers.design import Design
from markers.kinds import KINDS, build
from markers.samples import typical_designs
from render.output import file_stem, make_dir, render_bytes, write_atomic
from render.raster import svg_to_png
from render.sheets import sheet_pages, sheets_pdf

__all__ = ["GALLERY_SIZES", "gallery_designs", "build_gallery"]

GALLERY_SIZES = (12.0, 24.0)
#: Preview resolution: small enough to keep the repository light.
PREVIEW_DPI = 12
#: The reference sheets kept in the gallery, and the kind whose page is shown.
SHEETS_PDF = "sheets.pdf"
SHEET_KIND = "danger"
SHEET_PREVIEW_DPI = 60
#: Shown besides the typical designs: the exclusion symbol carried on a buoy and on a
#: wrap, whose white quarters must survive being bent onto the cylinder (issue 10).
EXTRA_DESIGNS = (
    Design("buoy-symbol", 24.0, symbol="exclusion", diameter=18.0),
    Design("buoy-wrap", 24.0, symbol="exclusion", diameter=18.0, curvature="seen"),
)


@dataclass(frozen=True)
class Entry:
    """One gallery picture: the design and the file stem it is saved under."""

    design: Design

    @property
    def stem(self) -> str:
        d = self.design
        return file_stem(d.kind, d.display_height, d.legend or d.ws_id or d.symbol)


def gallery_designs() -> list[Entry]:
    """Every registered kind at every gallery size (once, at its default size, when it
    has no display area), with its typical legends or id."""
    entries = []
    for kind in KINDS.values():
        for h in GALLERY_SIZES if kind.display_area else (None,):
            entries.extend(Entry(design) for design in typical_designs(kind, h))
    return entries + [Entry(design) for design in EXTRA_DESIGNS]


def _readme(rows: list[tuple[Entry, object]]) -> str:
    lines = ["# wsmark gallery", "",
             "Every marker kind of NR 5.09 at display heights of 12 and 24 in, built by "
             "`wsmark gallery -o gallery`. Each SVG is at actual size (1 user unit = 1 in); "
             f"the PNG beside it is a {PREVIEW_DPI} dpi preview. Regenerate with "
             "`make gallery`; a test fails when this folder is stale.", "",
             "## Reference sheets", "",
             f"[{SHEETS_PDF}]({SHEETS_PDF}) has a page for every kind, drawn to scale with its "
             "dimensions at H = 12 to 48 in, and pages of colour families and WS numbering "
             f"(`wsmark sheet -o {SHEETS_PDF}`). The {SHEET_KIND} page "
             f"([SVG](sheet-{SHEET_KIND}.svg)):", "",
             f"![sheet-{SHEET_KIND}](sheet-{SHEET_KIND}.png)", ""]
    for entry, art in rows:
        d = entry.design
        title = KINDS[d.kind].title
        size = f"H = {d.display_height:g} in" if d.display_height else "default size"
        lines += [f"## {d.kind}, {size}"
                  + (f", \"{d.legend}\"" if d.legend else "") + (f", {d.ws_id}" if d.ws_id else "")
                  + (f", {d.symbol} symbol" if d.symbol and not d.legend else ""),
                  "", f"{title}. [SVG]({entry.stem}.svg)", "",
                  f"![{entry.stem}]({entry.stem}.png)", "",
                  "| dimension | value | paragraph |", "|---|---|---|"]
        lines += [f"| {dim.name} | {dim.as_text()} | {dim.clause} |"
                  for dim in art.meta["dimensions"]]
        lines.append("")
    return "\n".join(lines)


def _sheets(out: Path) -> list[Path]:
    """The reference sheets as PDF, and one page as SVG with a PNG to show."""
    pages, _ = sheet_pages()
    page = next(page.svg for page in pages if page.kind == SHEET_KIND)
    files = {SHEETS_PDF: sheets_pdf(pages), f"sheet-{SHEET_KIND}.svg": page,
             f"sheet-{SHEET_KIND}.png": svg_to_png(page, SHEET_PREVIEW_DPI)}
    for name, data in files.items():
        write_atomic(out / name, data)
    return [out / name for name in files]


def build_gallery(out_dir: str | Path) -> list[Path]:
    """Write the gallery into ``out_dir`` (created if missing); returns the files."""
    out = make_dir(out_dir)
    written, rows = [], []
    for entry in gallery_designs():
        art = build(entry.design)
        rows.append((entry, art))
        for suffix in (".svg", ".png"):
            path = out / f"{entry.stem}{suffix}"
            write_atomic(path, render_bytes(art, suffix, PREVIEW_DPI))
            written.append(path)
    written += _sheets(out)
    readme = out / "README.md"
    write_atomic(readme, _readme(rows).encode("utf-8"))
    written.append(readme)
    return written
