"""Inkscape 1.2: a marker proof drawn as an Inkscape user draws it, and what Inkscape makes
of it.

The drawing is an Inkscape SVG in millimetres (``viewBox`` in mm, document units mm in
``sodipodi:namedview``), one ``inkscape:groupmode="layer"`` group per layer of the
proof (Sign, Legend, Frame, Title block, Dimensions, Notes), outlines drawn as Inkscape
draws them: a stroked centre line with mitred corners for a diamond or rectangle (or an
even-odd path), a stroked ``<circle>`` for a circle, ``<rect>`` for panels, and live
``<text>`` in a real font. Inkscape itself then re-saves it (so it carries what Inkscape
writes), exports it to PDF, and to a plain SVG with the text turned into paths.
"""

from __future__ import annotations

from pathlib import Path
from xml.sax.saxutils import escape

from marker_scene import (
    Annulus, Block, Clip, Dim, Disc, Group, Image, Line, Poly, Rect, Ring, Sheet, Text,
)

MM = 25.4
#: Document units -> user units per inch.
UNITS = {"mm": MM, "cm": MM / 10, "px": 96.0}
FAMILIES = {"liberation": "Liberation Sans", "dejavu": "DejaVu Sans",
            "liberation-narrow": "Liberation Sans Narrow"}
HEAD = ('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
        '<!-- Created with Inkscape (http://www.inkscape.org/) -->\n')


def _length(value: float, k: float = MM) -> str:
    """A length in inches in the document's units (``k`` to the inch) as Inkscape writes
    it (up to 6 decimals, no trailing zeros)."""
    return f"{value * k:.6f}".rstrip("0").rstrip(".")


def _path(points, closed: bool, k: float) -> str:
    first, *rest = points
    d = f"M {_length(first[0], k)},{_length(first[1], k)} " + " ".join(
        f"L {_length(x, k)},{_length(y, k)}" for x, y in rest)
    return d + (" Z" if closed else "")


def _item(item, ident: str, rings: str, k: float = MM) -> str:
    """One item as Inkscape's SVG in units ``k`` to the inch; ``rings`` is "stroke" or
    "evenodd" for outlines."""
    def _n(value: float) -> str:
        return _length(value, k)

    if isinstance(item, Rect):
        fill = item.fill.lower() if item.fill else "none"
        stroke = (f"stroke:{item.stroke.lower()};stroke-width:{_n(item.width)}"
                  if item.stroke else "stroke:none")
        corner = f'rx="{_n(item.r)}" ry="{_n(item.r)}" ' if item.r else ""
        return (f'<rect id="{ident}" x="{_n(item.x)}" y="{_n(item.y)}" width="{_n(item.w)}" '
                f'height="{_n(item.h)}" {corner}style="fill:{fill};{stroke}" />')
    if isinstance(item, Poly):
        return (f'<path id="{ident}" d="{_path(item.points, True, k)}" '
                f'style="fill:{item.fill.lower()};stroke:none" />')
    if isinstance(item, Ring) and rings == "evenodd":
        d = _path(item.outer, True, k) + " " + _path(item.inner, True, k)
        return (f'<path id="{ident}" d="{d}" '
                f'style="fill:{item.color.lower()};fill-rule:evenodd;stroke:none" />')
    if isinstance(item, Ring):
        return (f'<path id="{ident}" d="{_path(item.centre, True, k)}" style="fill:none;'
                f'stroke:{item.color.lower()};stroke-width:{_n(item.t)};'
                'stroke-linejoin:miter;stroke-miterlimit:4" />')
    if isinstance(item, Annulus):
        return (f'<circle id="{ident}" cx="{_n(item.cx)}" cy="{_n(item.cy)}" '
                f'r="{_n((item.r_in + item.r_out) / 2)}" style="fill:none;'
                f'stroke:{item.color.lower()};stroke-width:{_n(item.r_out - item.r_in)}" />')
    if isinstance(item, Disc):
        fill = item.fill.lower() if item.fill else "none"
        stroke = (f"stroke:{item.stroke.lower()};stroke-width:{_n(item.width)}"
                  if item.stroke else "stroke:none")
        return (f'<circle id="{ident}" cx="{_n(item.cx)}" cy="{_n(item.cy)}" r="{_n(item.r)}" '
                f'style="fill:{fill};{stroke}" />')
    if isinstance(item, Line):
        dash = f";stroke-dasharray:{_n(item.dash[0])},{_n(item.dash[1])}" if item.dash else ""
        return (f'<path id="{ident}" d="{_path(item.points, item.closed, k)}" style="fill:none;'
                f'stroke:{item.color.lower()};stroke-width:{_n(item.width)};'
                f'stroke-linecap:butt;stroke-linejoin:miter{dash}" />')
    if isinstance(item, Text):
        anchor = "middle" if item.anchor == "middle" else "start"
        align = "center" if anchor == "middle" else "start"
        style = (f"font-weight:bold;font-size:{_n(item.size)}px;line-height:1.25;"
                 f"font-family:'{FAMILIES[item.font]}';text-align:{align};"
                 f"text-anchor:{anchor};fill:{item.color.lower()};stroke:none")
        x, y = _n(item.x), _n(item.y)
        return (f'<text xml:space="preserve" id="{ident}" x="{x}" y="{y}" style="{style}">'
                f'<tspan sodipodi:role="line" id="{ident}-l" x="{x}" y="{y}">'
                f'{escape(item.text)}</tspan></text>')
    if isinstance(item, Block):  # one <text>, a tspan per line as Inkscape writes them
        first = item.lines[0]
        style = (f"font-weight:bold;font-size:{_n(first.size)}px;line-height:1.25;"
                 f"font-family:'{FAMILIES[first.font]}';text-align:center;"
                 f"text-anchor:middle;fill:{first.color.lower()};stroke:none")
        spans = "".join(f'<tspan sodipodi:role="line" id="{ident}-l{i}" x="{_n(t.x)}" '
                        f'y="{_n(t.y)}">{escape(t.text)}</tspan>'
                        for i, t in enumerate(item.lines, 1))
        return (f'<text xml:space="preserve" id="{ident}" x="{_n(first.x)}" '
                f'y="{_n(first.y)}" style="{style}">{spans}</text>')
    if isinstance(item, Dim):  # Inkscape's Measure-path style: a group of its pieces
        inner = "\n      ".join(_item(i, f"{ident}-{n}", rings, k)
                                for n, i in enumerate(item.items, 1))
        return f'<g id="{ident}">\n      {inner}\n    </g>'
    if isinstance(item, Group):  # the contents in the group's own units, then moved
        inner = "\n      ".join(_item(i, f"{ident}-{n}", rings, k)
                                for n, i in enumerate(item.items, 1))
        scale = f"{item.scale:.6f}".rstrip("0").rstrip(".")
        return (f'<g id="{ident}" transform="matrix({scale},0,0,{scale},{_n(item.dx)},'
                f'{_n(item.dy)})">\n      {inner}\n    </g>')
    if isinstance(item, Clip):
        x, y, w, h = item.rect
        inner = "\n      ".join(_item(i, f"{ident}-{n}", rings, k)
                                for n, i in enumerate(item.items, 1))
        return (f'<clipPath clipPathUnits="userSpaceOnUse" id="{ident}-clip"><rect '
                f'x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" '
                f'id="{ident}-cliprect" /></clipPath>\n    <g id="{ident}" '
                f'clip-path="url(#{ident}-clip)">\n      {inner}\n    </g>')
    if isinstance(item, Image):
        raise ValueError("the Inkscape cases draw no raster")
    raise TypeError(f"no Inkscape drawing for {item!r}")


def inkscape_svg(sheet: Sheet, title: str, rings: str = "stroke", units: str = "mm") -> str:
    """The proof as an Inkscape SVG in ``units`` (mm or cm), one layer per item layer in
    first-use order."""
    k = UNITS[units]
    layers: dict[str, list[str]] = {}
    for number, item in enumerate(sheet.items, 1):
        kind = type(item).__name__.lower()
        layers.setdefault(item.layer, []).append(_item(item, f"{kind}{number}", rings, k))
    groups = "\n".join(
        f'  <g inkscape:groupmode="layer" id="layer{i}" inkscape:label="{escape(name)}">\n    '
        + "\n    ".join(body) + "\n  </g>" for i, (name, body) in enumerate(layers.items(), 1))
    w, h = _length(sheet.width, k), _length(sheet.height, k)
    return (f'{HEAD}<svg width="{w}{units}" height="{h}{units}" viewBox="0 0 {w} {h}" '
            'version="1.1" '
            'id="svg1" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
            'xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" '
            'xmlns="http://www.w3.org/2000/svg" xmlns:svg="http://www.w3.org/2000/svg">\n'
            f'  <title id="title1">{escape(title)}</title>\n'
            '  <sodipodi:namedview id="namedview1" pagecolor="#ffffff" bordercolor="#000000" '
            f'inkscape:document-units="{units}" showgrid="false" />\n'
            f'{groups}\n</svg>\n')


#: Inkscape's actions a user runs on a drawing before exporting it: every object to a
#: path, and strokes to filled outlines (what a cutter's or RIP's workflow asks for).
ACTIONS = "select-all:all;object-to-path;object-stroke-to-path"


def commands(source: Path, stem: str, actions: bool = False,
             outlined_pdf: bool = False) -> dict[str, list[str]]:
    """Output name -> the Inkscape command that makes it from the drawing ``source``;
    with ``actions``, a plain SVG of the drawing after ACTIONS too; with
    ``outlined_pdf``, a PDF with its text turned into paths."""
    ink = ["inkscape", str(source)]
    more = {f"{stem}-outlined.svg": [
        *ink, f"--actions={ACTIONS};export-plain-svg;export-type:svg;"
        f"export-filename:{stem}-outlined.svg;export-do"]} if actions else {}
    if outlined_pdf:
        more[f"{stem}-outlined.pdf"] = [*ink, "--export-text-to-path", "--export-type=pdf",
                                        f"--export-filename={stem}-outlined.pdf"]
    return {**more, f"{stem}.svg": [*ink, "--export-type=svg", f"--export-filename={stem}.svg"],
            f"{stem}.pdf": [*ink, "--export-type=pdf", f"--export-filename={stem}.pdf"],
            f"{stem}-plain.svg": [*ink, "--export-text-to-path", "--export-plain-svg",
                                  f"--export-filename={stem}-plain.svg"]}
