"""Drawings -> Artwork, one reader per format, chosen by the file's suffix.

Every reader takes the file's bytes (a drawing is never opened by name once read), its
name for messages, and the user's ``scale`` (inches per unit) and ``display_height``
for drawings without a physical size; each raises UnreadableDrawing, one line naming
the file, for anything unreadable, hostile or too complex.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from markers.core.artwork import Artwork
from markers.errors import UnreadableDrawing
from markers.read.limits import read_limited
from markers.read.svg.walk import read_svg_bytes

__all__ = ["READERS", "read_drawing", "read_file"]

Reader = Callable[..., Artwork]

#: Suffix -> reader; a new input format registers here.
READERS: dict[str, Reader] = {".svg": read_svg_bytes, ".svgz": read_svg_bytes}


def read_drawing(data: bytes, name: str, *, scale: float | None = None,
                 display_height: float | None = None) -> Artwork:
    """Read drawing ``data``, in the format its ``name``'s suffix says."""
    reader = READERS.get(Path(name).suffix.lower())
    if reader is None:
        raise UnreadableDrawing(f"{name}: not a drawing wsmark reads (use "
                                f"{', '.join(READERS)})")
    return reader(data, name, scale=scale, display_height=display_height)


def read_file(path: str | Path, *, scale: float | None = None,
              display_height: float | None = None) -> Artwork:
    """Read the drawing at ``path`` (size-capped before it is read)."""
    name = str(path)
    return read_drawing(read_limited(path, name), name, scale=scale,
                        display_height=display_height)
