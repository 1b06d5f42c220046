"""SVG bytes -> PNG / PDF. The only module that knows cairosvg.

Always from bytes in memory (``bytestring=``), never ``url=``: cairosvg then has no
base location from which to resolve relative references.
"""

from __future__ import annotations

import cairosvg

__all__ = ["svg_to_png", "svg_to_pdf"]


def svg_to_png(svg: bytes, dpi: float) -> bytes:
    """A PNG of ``dpi`` pixels per inch of the drawing's physical size."""
    return cairosvg.svg2png(bytestring=svg, dpi=dpi)


def svg_to_pdf(svg: bytes) -> bytes:
    """A PDF page at the drawing's actual size."""
    return cairosvg.svg2pdf(bytestring=svg, dpi=72)
