"""An Artwork as the bytes of a file format, chosen by suffix (writing them is the
caller's: ``markers.products.files``)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from markers.errors import WsmarkError

if TYPE_CHECKING:  # shapely is not needed to know the formats (wsmark --help)
    from markers.core.artwork import Artwork

__all__ = ["FORMATS", "MAX_PIXELS", "check_pixels", "render_bytes"]

FORMATS = (".svg", ".png", ".pdf", ".dxf")
#: The most pixels a PNG may have unless the caller says otherwise: 200 Mpx is 800 MB of
#: cairo surface (4 bytes a pixel), about what a shared machine can spare for one render.
MAX_PIXELS = 200_000_000


def render_bytes(art: Artwork, suffix: str, dpi: float = 150,
                 max_pixels: int = MAX_PIXELS) -> bytes:
    """The Artwork as ``.svg``, ``.png`` (at ``dpi``, at most ``max_pixels`` pixels: a
    larger one is refused before cairo allocates it), ``.pdf`` or ``.dxf`` bytes (the
    cut layers of ``fabricate``'s cut.dxf: every film, the trim, the guides)."""
    suffix = suffix.lower()
    if suffix not in FORMATS:
        raise WsmarkError(f"cannot render to {suffix or 'a file without suffix'!r}: "
                          f"use {', '.join(FORMATS)}")
    if suffix == ".dxf":
        from markers.core.fabrication import plan
        from render.dxf import cut_dxf

        return cut_dxf(plan(art))
    from render.raster import MAX_PNG_SIDE, svg_to_pdf, svg_to_png  # cairo: only to render
    from render.svg import to_svg

    if suffix == ".png":
        pixels = max(art.width, art.height) * dpi
        if pixels > MAX_PNG_SIDE:
            raise WsmarkError(f"a {art.width:.2f} x {art.height:.2f} in PNG at {dpi:g} dpi would "
                              f"be {pixels:,.0f} px on its long side; cairo makes at most "
                              f"{MAX_PNG_SIDE:,} (use at most "
                              f"{int(MAX_PNG_SIDE / max(art.width, art.height))} dpi, or PDF/SVG)")
        check_pixels(art.width, art.height, dpi, max_pixels)
        return svg_to_png(to_svg(art), dpi)
    svg = to_svg(art)
    if suffix == ".pdf":
        return svg_to_pdf(svg)
    return svg


def check_pixels(width: float, height: float, dpi: float, max_pixels: int = MAX_PIXELS,
                 option: str = "--max-pixels") -> None:
    """A one-line WsmarkError when a ``width`` x ``height`` in PNG at ``dpi`` would have
    more than ``max_pixels`` pixels, naming its size and the largest dpi that fits."""
    w_px, h_px = width * dpi, height * dpi
    if w_px * h_px <= max_pixels:
        return
    fit = max(1, math.floor(math.sqrt(max_pixels / (width * height))))
    raise WsmarkError(f"a {width:.2f} x {height:.2f} in PNG at {dpi:g} dpi would be "
                      f"{w_px:,.0f} x {h_px:,.0f} px, over the cap of {max_pixels:,} px; use at "
                      f"most {fit} dpi" + (f", raise {option}" if option else "")
                      + ", or render PDF/SVG")

