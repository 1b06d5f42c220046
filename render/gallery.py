"""The gallery: every kind at H = 12 and 24 in with typical legends, as SVG with a PNG
preview, and a README showing each with its dimensions. The committed gallery/ is the
golden set: a test rebuilds it and compares bytes."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from markers.design import Design
from markers.errors import WsmarkError
from markers.kinds import KINDS, build
from render.output import render_bytes, write_atomic

__all__ = ["GALLERY_SIZES", "gallery_designs", "build_gallery"]

GALLERY_SIZES = (12.0, 24.0)
#: Preview resolution: small enough to keep the repository light.
PREVIEW_DPI = 12
_LEGENDS: dict[str, tuple[str | None, ...]] = {
    "danger": ("ROCKS",), "exclusion": (None,), "control": ("SLOW NO WAKE", "5 MPH"),
    "information": ("MARINA",),
}


@dataclass(frozen=True)
class Entry:
    """One gallery picture: the design and the file stem it is saved under."""

    design: Design

    @property
    def stem(self) -> str:
        d = self.design
        label = d.legend or d.ws_id or ""
        slug = re.sub(r"[^a-z0-9]+", "-", label.lower()).strip("-")
        return "-".join(part for part in (d.kind, f"{d.display_height:g}in", slug) if part)


def gallery_designs() -> list[Entry]:
    """Every registered kind at every gallery size, with its typical legends or id."""
    entries = []
    for kind in KINDS.values():
        for h in GALLERY_SIZES:
            for legend in _LEGENDS.get(kind.name, (None,)):
                entries.append(Entry(Design(kind.name, h, legend=legend,
                                            ws_id=kind.sample_id)))
    return entries


def _readme(rows: list[tuple[Entry, object]]) -> str:
    lines = ["# wsmark gallery", "",
             "Every marker kind of NR 5.09 at display heights of 12 and 24 in, built by "
             "`wsmark gallery -o gallery`. Each SVG is at actual size (1 user unit = 1 in); "
             f"the PNG beside it is a {PREVIEW_DPI} dpi preview. Regenerate with "
             "`make gallery`; a test fails when this folder is stale.", ""]
    for entry, art in rows:
        d = entry.design
        title = KINDS[d.kind].title
        lines += [f"## {d.kind}, H = {d.display_height:g} in"
                  + (f", \"{d.legend}\"" if d.legend else "") + (f", {d.ws_id}" if d.ws_id else ""),
                  "", f"{title}. [SVG]({entry.stem}.svg)", "",
                  f"![{entry.stem}]({entry.stem}.png)", "",
                  "| dimension | value | paragraph |", "|---|---|---|"]
        lines += [f"| {dim.name} | {dim.as_text()} | {dim.clause} |"
                  for dim in art.meta["dimensions"]]
        lines.append("")
    return "\n".join(lines)


def build_gallery(out_dir: str | Path) -> list[Path]:
    """Write the gallery into ``out_dir`` (created if missing); returns the files."""
    out = Path(out_dir)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise WsmarkError(f"cannot create {out}: {err.strerror or err}") from None
    written, rows = [], []
    for entry in gallery_designs():
        art = build(entry.design)
        rows.append((entry, art))
        for suffix in (".svg", ".png"):
            path = out / f"{entry.stem}{suffix}"
            write_atomic(path, render_bytes(art, suffix, PREVIEW_DPI))
            written.append(path)
    readme = out / "README.md"
    write_atomic(readme, _readme(rows).encode("utf-8"))
    written.append(readme)
    return written
