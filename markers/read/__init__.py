"""Drawings -> Artwork, one reader per format, chosen by the file's suffix and checked
against its content.

Every reader takes the file's bytes (a drawing is never opened by name once read), its
name for messages, and the user's ``scale`` (inches per unit) and ``display_height``
for drawings without a physical size; each raises UnreadableDrawing, one line naming
the file, for anything unreadable, hostile or too complex. A reader gives one Artwork,
or a list of them for a format of pages (PDF): ``read_drawing`` always gives the pages.

A file is read as what it is, not as what its name says: a PDF renamed ``.svg`` is
named as a PDF, and formats wsmark does not read (EPS, raster images, DWG) are refused
with one line saying what to send instead. PDFium and ezdxf run in a forked child under
a time and memory limit (``markers.read.isolate``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from markers.core.artwork import Artwork
from markers.errors import UnreadableDrawing
from markers.read.isolate import isolating
from markers.read.limits import read_limited
from markers.read.linework import hairline_drawing
from markers.read.sniff import FORMAT_NAMES, refuse_unreadable, sniff
from markers.read.svg.walk import read_svg_bytes

__all__ = ["READERS", "Reader", "read_drawing", "read_file"]


@dataclass(frozen=True)
class Reader:
    """A format wsmark reads: what ``sniff`` calls its content, and its reader;
    ``pictures``: the reader takes ``pictured`` and then keeps, in each page's
    ``meta["underlay"]``, the drawing a marked-up copy lies over (markers.read.underlay),
    so that the copy does not parse the source again."""

    format: str
    read: Callable[..., Artwork | list[Artwork]]
    pictures: bool = False


_SVG = Reader("svg", read_svg_bytes, pictures=True)
_PDF = Reader("pdf", isolating("markers.read.pdf:read_pdf_bytes", "pypdfium2"))
_DXF = Reader("dxf", isolating("markers.read.dxf:read_dxf_bytes", "ezdxf.recover"))

#: Suffix -> reader; a new input format registers here (``.ai``: Illustrator's PDF content).
READERS: dict[str, Reader] = {".svg": _SVG, ".svgz": _SVG, ".pdf": _PDF, ".ai": _PDF,
                              ".dxf": _DXF}


def read_drawing(data: bytes, name: str, *, scale: float | None = None,
                 display_height: float | None = None, sniffed: str | None = None,
                 pictured: bool = False) -> list[Artwork]:
    """The pages of drawing ``data`` (one for SVG and DXF, one per page for PDF), read
    as what its content is (``sniffed``: what ``sniff`` called it, when the caller has
    asked already); its ``name``'s suffix must agree. ``pictured``: a marked-up copy
    will be made, so a reader that can keeps the drawing under it (Reader.pictures)."""
    kind = sniffed if sniffed is not None else sniff(data)
    reader = READERS.get(Path(name).suffix.lower())
    if reader is not None and (kind in ("unknown", "xml") or
                               (kind, reader.format) == ("svgz", "svg")):
        kind = reader.format  # its own reader names the fault (broken XML, a damaged PDF)
    if reader is None and kind in ("unknown", "xml"):
        raise UnreadableDrawing(f"{name}: not a drawing wsmark reads (use "
                                f"{', '.join(READERS)})")
    refuse_unreadable(kind, name)
    if reader is None or kind != reader.format:
        said = f", not {FORMAT_NAMES[reader.format]} as its name says" if reader else ""
        raise UnreadableDrawing(f"{name}: this is {FORMAT_NAMES[kind]}{said}; rename it "
                                f".{kind}")
    keeps = {"pictured": True} if pictured and reader.pictures else {}
    pages = reader.read(data, name, scale=scale, display_height=display_height, **keeps)
    pages = pages if isinstance(pages, list) else [pages]
    return pages if reader.format == "dxf" else [hairline_drawing(page) for page in pages]


def read_file(path: str | Path, *, scale: float | None = None,
              display_height: float | None = None) -> list[Artwork]:
    """The pages of the drawing at ``path`` (size-capped before it is read)."""
    name = str(path)
    return read_drawing(read_limited(path, name), name, scale=scale,
                        display_height=display_height)
