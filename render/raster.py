"""SVG bytes -> PNG / PDF. The only module that knows cairosvg.

Always from bytes in memory (``bytestring=``), never ``url=``: cairosvg then has no
base location from which to resolve relative references.
"""

from __future__ import annotations

import io
from typing import Iterator

from markers.core.alone import import_alone

import_alone("cairocffi")  # before cairosvg: it finds libcairo by running gcc and ld here
import cairosvg  # noqa: E402
from cairosvg.parser import Tree  # noqa: E402
from cairosvg.surface import PDFSurface, cairo  # noqa: E402

from markers.runtime.parallel import imap  # noqa: E402

__all__ = ["MAX_PNG_SIDE", "svg_to_png", "svg_to_pdf", "svgs_to_pdfs", "pages_to_pdfs"]


#: The largest image side cairo can make, in pixels.
MAX_PNG_SIDE = 32767


def svg_to_png(svg: bytes, dpi: float) -> bytes:
    """A PNG of ``dpi`` pixels per inch of the drawing's physical size."""
    return cairosvg.svg2png(bytestring=svg, dpi=dpi)


def svg_to_pdf(svg: bytes) -> bytes:
    """A PDF page at the drawing's actual size."""
    return cairosvg.svg2pdf(bytestring=svg, dpi=72)


def svgs_to_pdfs(svgs: list[bytes]) -> Iterator[bytes]:
    """A PDF page per SVG, in order as they are done, spread over the cores: cairosvg
    lays text out a glyph at a time in Python, so a page of tables takes most of a tenth
    of a second."""
    return imap(svg_to_pdf, svgs)


def pages_to_pdfs(svgs: list[bytes]) -> Iterator[bytes]:
    """A PDF page per SVG page of plain text runs (see page_to_pdf), in order as they
    are done, over the cores."""
    return imap(page_to_pdf, svgs)


#: What a plain text run may carry: anything else (tspans, per-glyph positions, a path,
#: letter spacing, baselines) is left to cairosvg.
_PLAIN_TEXT = frozenset({"x", "y", "font-family", "font-size", "font-weight", "font-style",
                         "text-anchor", "fill", "id", "baseProfile", "version"})


def page_to_pdf(svg: bytes) -> bytes:
    """A PDF page at the drawing's actual size, like svg_to_pdf, for pages with many
    plain ``<text>`` runs (one position, no transform above them, painted last, on top
    of the rest as a page of tables and callouts has them).

    cairosvg lays text out a glyph at a time, twice (once as a path, once as text),
    which is most of a page's time; here cairosvg draws everything else and each run is
    shown by cairo in one call, with cairosvg's font (the toy face of its family, slant
    and weight), size, anchor and fill, so the page looks the same and its text stays
    text. n runs: n font selections, extents and shows."""
    tree = Tree(bytestring=svg)
    runs: list = []
    _take_runs(tree, runs)
    output = io.BytesIO()
    surface = PDFSurface(tree, output, 72)
    context = surface.context
    for node in runs:
        context.save()
        weight = node.get("font-weight")
        bold = weight == "bold" or (weight or "").isdigit() and int(weight) >= 550
        context.select_font_face(
            (node.get("font-family") or "sans-serif").split(",")[0].strip("\"' "),
            cairo.FONT_SLANT_ITALIC if node.get("font-style") == "italic"
            else cairo.FONT_SLANT_NORMAL,
            cairo.FONT_WEIGHT_BOLD if bold else cairo.FONT_WEIGHT_NORMAL)
        context.set_font_size(float(node.get("font-size", "12")))
        x_bearing, _, width, *_ = context.text_extents(node.text)
        shift = {"middle": -(width / 2 + x_bearing), "end": -(width + x_bearing)}
        context.move_to(float(node["x"]) + shift.get(node.get("text-anchor"), 0.0),
                        float(node["y"]))
        context.set_source_rgba(*surface.map_color(node.get("fill", "black")))
        context.show_text(node.text)
        context.restore()
    surface.finish()
    return output.getvalue()


def _plain(node) -> bool:
    try:
        float(node.get("font-size", "12"))
        float(node["x"]), float(node["y"])
    except (KeyError, ValueError):
        return False
    return not node.children and bool(node.text) and set(node) <= _PLAIN_TEXT


def _take_runs(node, runs: list) -> None:
    """Move the plain text runs out of ``node``'s subtree (none under a transform)."""
    kept = []
    for child in node.children:
        if child.tag == "text" and _plain(child):
            runs.append(child)
        else:
            kept.append(child)
            if "transform" not in child:
                _take_runs(child, runs)
    node.children = kept
