"""Products as files: an Artwork rendered and written atomically
(``markers.runtime.atomic``), and the file name stem that says what a marker is."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from markers.runtime.atomic import write_atomic
from render.output import MAX_PIXELS, render_bytes

if TYPE_CHECKING:
    from markers.core.artwork import Artwork

__all__ = ["render_file", "file_stem", "marker_stem"]


def render_file(art: Artwork, path: str | os.PathLike, dpi: float = 150,
                max_pixels: int = MAX_PIXELS) -> None:
    """Render ``art`` to ``path``; the format follows the suffix."""
    write_atomic(path, render_bytes(art, Path(path).suffix, dpi, max_pixels))


def file_stem(kind: str, display_height: float | None, label: str | None) -> str:
    """A file name stem saying what a marker is: ``control-24in-slow-no-wake``."""
    slug = re.sub(r"[^a-z0-9]+", "-", (label or "").lower()).strip("-")
    size = f"{display_height:g}in" if display_height is not None else ""
    return "-".join(part for part in (kind, size, slug) if part)


def marker_stem(kind: str, display_height: float | None, label: str | None,
                permit_id: str | None) -> str:
    """The stem of a marker's files: its kind, size, legend or id and the permit id that
    labels it (signs of one design with different ids do not overwrite each other)."""
    return file_stem(kind, display_height, " ".join(w for w in (label, permit_id) if w))
