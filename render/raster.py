"""SVG bytes -> PNG / PDF. The only module that knows cairosvg.

Always from bytes in memory (``bytestring=``), never ``url=``: cairosvg then has no
base location from which to resolve relative references.

A PDF made from an SVG that declares itself (the unpainted guides ``display-area``,
``reflector`` and ``permit-label`` and a ``design:`` line in the ``<desc>``, children of
the root, as wsmark writes them) declares the same in its Info dictionary
(markers.core.declared), so the PDF reader takes H and the design as declared, as it
does from the SVG.
"""

from __future__ import annotations

import functools
import io
import json
import re
from collections.abc import Iterator

from markers.core.alone import import_alone

import_alone("cairocffi")  # before cairosvg: it finds libcairo by running gcc and ld here
import cairosvg  # noqa: E402
from cairosvg.helpers import node_format  # noqa: E402
from cairosvg.parser import Node, Tree  # noqa: E402
from cairosvg.surface import PDFSurface, cairo  # noqa: E402
from shapely import affinity  # noqa: E402
from shapely.geometry import Polygon, box  # noqa: E402
from shapely.geometry.base import BaseGeometry  # noqa: E402

from markers.core.artwork import FEATURE_NAMES  # noqa: E402
from markers.core.declared import PDF_KEY, PageDeclaration, encode  # noqa: E402
from markers.runtime.parallel import imap  # noqa: E402

__all__ = ["MAX_PNG_SIDE", "svg_to_png", "svg_to_pdf", "svgs_to_pdfs", "pages_to_pdfs"]


#: The named guides a PDF declares: those the SVG leaves unpainted. The waterline is
#: drawn (a blue line a person reads on the elevation) and stays paint in the PDF, which
#: the measurer finds as a drawn waterline.
_GUIDES = FEATURE_NAMES - {"waterline"}
#: A point of a ring in path data as render.svg writes it ("M1 2L3 4Z").
_POINT = re.compile(r"[ML]?\s*(-?[\d.]+)[\s,]+(-?[\d.]+)")
#: The largest image side cairo can make, in pixels.
MAX_PNG_SIDE = 32767


def svg_to_png(svg: bytes, dpi: float) -> bytes:
    """A PNG of ``dpi`` pixels per inch of the drawing's physical size."""
    return cairosvg.svg2png(bytestring=svg, dpi=dpi)


def svg_to_pdf(svg: bytes, declare: bool = True) -> bytes:
    """A PDF page at the drawing's actual size, declaring what the SVG declares unless
    ``declare`` is False."""
    tree = Tree(bytestring=svg)
    output = io.BytesIO()
    surface = PDFSurface(tree, output, 72)
    surface.finish()
    declared = _declaration(tree, surface) if declare else None
    if declared is None:
        return output.getvalue()
    return _with_info(output.getvalue(), {PDF_KEY: encode({1: declared})})


def _part_pdf(svg: bytes) -> bytes:
    """A page to be combined with others: combine_pdfs keeps none of its parts' Info
    dictionaries, so the page declares nothing."""
    return svg_to_pdf(svg, declare=False)


def _declaration(tree: Tree, surface: PDFSurface) -> PageDeclaration | None:
    """The root's unpainted guides (``_GUIDES``) in page inches and its ``design:``
    record; None when it has neither. At 72 dpi cairosvg's sizes are points."""
    width, height, view = node_format(surface, tree)
    x0, y0, view_w, view_h = view or (0.0, 0.0, width, height)
    sx, sy = width / view_w / 72, height / view_h / 72
    features, design = {}, None
    for node in tree.children:
        if node.tag == "desc":
            design = _design(node.text or "")
        elif node.get("id") in _GUIDES:
            geometry = _guide(node)
            if geometry is not None:
                features[node["id"]] = affinity.affine_transform(
                    geometry, [sx, 0, 0, sy, -x0 * sx, -y0 * sy])
    if not features and not design:
        return None
    return PageDeclaration(design or {}, features)


def _guide(node: Node) -> BaseGeometry | None:
    """A guide element as wsmark writes it: a ``rect`` or a ``path`` of straight rings
    (render.svg.geometry_path), in user units."""
    if node.tag == "rect":
        x, y = float(node.get("x", 0)), float(node.get("y", 0))
        return box(x, y, x + float(node["width"]), y + float(node["height"]))
    if node.tag == "path":
        rings = [[(float(x), float(y)) for x, y in _POINT.findall(ring)]
                 for ring in node.get("d", "").split("M")[1:]]
        polygons: list[BaseGeometry] = [Polygon(ring) for ring in rings if len(ring) >= 3]
        return functools.reduce(lambda a, b: a.symmetric_difference(b), polygons) \
            if polygons else None
    return None


def _design(desc: str) -> dict | None:
    """The JSON object of a description's ``design:`` line, None if it has none."""
    line = next((line for line in desc.splitlines() if line.startswith("design: ")), "")
    try:
        record = json.loads(line[len("design: "):]) if line else None
    except ValueError:
        return None
    return record if isinstance(record, dict) else None


def _with_info(pdf: bytes, entries: dict[str, str]) -> bytes:
    """``pdf`` with ``entries`` added to its Info dictionary (pypdf: 0.15 s to import,
    so only for a PDF that declares something)."""
    import pypdf

    writer = pypdf.PdfWriter(clone_from=pypdf.PdfReader(io.BytesIO(pdf)))
    writer.add_metadata({f"/{key}": value for key, value in entries.items()})
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def svgs_to_pdfs(svgs: list[bytes], declare: bool = False) -> Iterator[bytes]:
    """A PDF page per SVG, to be combined (nothing declared unless ``declare``: see
    _part_pdf; combine_pdfs carries a part's declaration when told), in order as they
    are done, spread over the cores: cairosvg lays text out a glyph at a time in Python,
    so a page of tables takes most of a tenth of a second."""
    return imap(svg_to_pdf if declare else _part_pdf, svgs)


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


def _plain(node: Node) -> bool:
    try:
        float(node.get("font-size", "12"))
        float(node["x"]), float(node["y"])
    except (KeyError, ValueError):
        return False
    return not node.children and bool(node.text) and set(node) <= _PLAIN_TEXT


def _take_runs(node: Node, runs: list) -> None:
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
