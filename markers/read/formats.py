"""Which reader reads a drawing: by its content (sniffed), checked against its name.

A file is read as what it is, not as what its suffix says, so a PDF renamed ``.svg`` is
named as a PDF; formats wsmark does not read (EPS, raster images, DWG, archives) are
refused with one line saying what to send instead.
"""

from __future__ import annotations

from pathlib import Path

from markers.artwork import Artwork
from markers.errors import WsmarkError
from markers.read.isolate import isolated
from markers.read.safety import load
from markers.read.sniff import FORMAT_NAMES, refuse_unreadable, sniff

__all__ = ["DRAWING_SUFFIXES", "read_drawing"]

#: Suffixes of the drawings wsmark reads, and the format each should hold.
DRAWING_SUFFIXES = {".svg": "svg", ".svgz": "svg", ".pdf": "pdf", ".ai": "pdf", ".dxf": "dxf"}
#: Suffixes of files people send that wsmark refuses by name (with advice).
REFUSED_SUFFIXES = (".eps", ".ps", ".png", ".jpg", ".jpeg", ".gif", ".tif", ".tiff",
                    ".webp", ".bmp", ".dwg")


def read_drawing(path: str | Path, *, scale: float | None = None,
                 display_height: float | None = None) -> list[Artwork]:
    """The Artworks of a drawing file: one for SVG and DXF, one per page for PDF."""
    name = str(path)
    data = load(path, name)
    kind = sniff(data)
    expected = DRAWING_SUFFIXES.get(Path(name).suffix.lower())
    if kind in ("svg", "svgz", "xml", "unknown") and expected in (None, "svg"):
        kind = "svg"  # the SVG reader gives the precise error for broken XML
    refuse_unreadable(kind, name)
    if expected is not None and kind != expected:
        suffix = {"svg": ".svg", "pdf": ".pdf", "dxf": ".dxf"}[kind]
        raise WsmarkError(f"{name}: this is {FORMAT_NAMES[kind]}, not "
                          f"{FORMAT_NAMES[expected]} as its name says; rename it {suffix}")
    if kind == "pdf":
        import pypdfium2  # noqa: F401  imported once here, not again in every child

        return isolated(_pdf, data, name, scale, display_height, name=name)
    if kind == "dxf":
        import ezdxf.recover  # noqa: F401  imported once here, not again in every child

        return [isolated(_dxf, data, name, scale, display_height, name=name)]
    from markers.read.svg import read_svg_bytes

    return [read_svg_bytes(data, name, scale=scale, display_height=display_height)]


def _pdf(data: bytes, name: str, scale: float | None,
         display_height: float | None) -> list[Artwork]:
    from markers.read.pdf import read_pdf_bytes

    return read_pdf_bytes(data, name, scale=scale, display_height=display_height)


def _dxf(data: bytes, name: str, scale: float | None, display_height: float | None) -> Artwork:
    from markers.read.dxf import read_dxf_bytes

    return read_dxf_bytes(data, name, scale=scale, display_height=display_height)
