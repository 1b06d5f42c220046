"""SVG bytes -> PNG / PDF. The only module that knows cairosvg.

Always from bytes in memory (``bytestring=``), never ``url=``: cairosvg then has no
base location from which to resolve relative references.
"""

from __future__ import annotations

import cairosvg

from render.parallel import pmap

__all__ = ["MAX_PNG_SIDE", "svg_to_png", "svg_to_pdf", "svgs_to_pdfs"]


#: The largest image side cairo can make, in pixels.
MAX_PNG_SIDE = 32767


def svg_to_png(svg: bytes, dpi: float) -> bytes:
    """A PNG of ``dpi`` pixels per inch of the drawing's physical size."""
    return cairosvg.svg2png(bytestring=svg, dpi=dpi)


def svg_to_pdf(svg: bytes) -> bytes:
    """A PDF page at the drawing's actual size."""
    return cairosvg.svg2pdf(bytestring=svg, dpi=72)


def svgs_to_pdfs(svgs: list[bytes]) -> list[bytes]:
    """A PDF page per SVG, spread over the cores: cairosvg lays text out a glyph at a
    time in Python, so a page of tables takes most of a tenth of a second."""
    return pmap(svg_to_pdf, svgs)
