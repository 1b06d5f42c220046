"""LibreOffice Draw 7.4: a marker proof as a flat ODF drawing (.fodg), and the PDF that
``soffice --headless --convert-to pdf`` makes of it.

The drawing is made the way a Draw user makes one: shapes stacked in paint order, an
outline as an orange shape with a white one of the same kind laid on top of it
(``draw:polygon`` for a diamond, ``draw:ellipse`` for a circle, ``draw:custom-shape``
rectangles for the information sign and green aids), ``draw:rect`` for panels and page
borders (Draw starts a rectangle's path mid-edge in the PDF), ``draw:line`` and
``draw:polyline`` for rules and dimension lines, live text in text frames (Liberation
Sans Bold or DejaVu Sans Bold; Draw writes it with a ToUnicode map), and a scan as a
``draw:image`` with its JPEG inline.
"""

from __future__ import annotations

import base64
from xml.sax.saxutils import escape, quoteattr

from marker_scene import (
    Annulus, Block, Dim, Disc, Group, Image, Line, Poly, Rect, Ring, Sheet, Text, WHITE, advance, ascent,
    descent, flat,
)

FAMILIES = {"liberation": "Liberation Sans", "dejavu": "DejaVu Sans",
            "liberation-narrow": "Liberation Sans Narrow"}
#: The font faces every drawing declares (others only where they are used).
DECLARED = ("liberation", "dejavu")
NS = " ".join(f'xmlns:{k}="urn:oasis:names:tc:opendocument:xmlns:{v}"' for k, v in (
    ("office", "office:1.0"), ("style", "style:1.0"), ("text", "text:1.0"),
    ("draw", "drawing:1.0"), ("fo", "xsl-fo-compatible:1.0"),
    ("svg", "svg-compatible:1.0"))) + ' xmlns:xlink="http://www.w3.org/1999/xlink"'


#: A drawing's unit -> (its name in ODF lengths, how many make an inch, decimals).
UNITS = {"in": ("in", 1.0, 4), "cm": ("cm", 2.54, 3), "mm": ("mm", 25.4, 2)}


def _in(value: float, unit: str = "in") -> str:
    """A length in inches written in ``unit``, as Draw writes lengths in its units."""
    name, per_inch, places = UNITS[unit]
    return f"{value * per_inch:.{places}f}{name}"


#: A text frame as Draw writes one: no line, no fill, no padding, sized by us, top-aligned.
TEXT_FRAME = ('draw:stroke="none" draw:fill="none" draw:auto-grow-height="false" '
              'draw:auto-grow-width="false" fo:min-height="0in" fo:padding-top="0in" '
              'fo:padding-bottom="0in" fo:padding-left="0in" fo:padding-right="0in" '
              'draw:textarea-vertical-align="top" fo:wrap-option="no-wrap"')


class _Drawing:
    """Collects the page's shapes and the automatic styles they name; lengths in
    ``unit``."""

    def __init__(self, unit: str = "in") -> None:
        self.styles: dict[str, str] = {}
        self.shapes: list[str] = []
        self.unit = unit

    def len(self, value: float) -> str:
        return _in(value, self.unit)

    def style(self, family: str, properties: str) -> str:
        """The name of the automatic style with these properties (made once)."""
        key = f"{family}|{properties}"
        if key not in self.styles:
            prefix = {"graphic": "gr", "paragraph": "P", "text": "T"}[family]
            count = sum(k.startswith(family + "|") for k in self.styles) + 1
            self.styles[key] = f"{prefix}{count}"
        return self.styles[key]

    def fill(self, color: str) -> str:
        return self.style("graphic", f'draw:stroke="none" draw:fill="solid" '
                                     f'draw:fill-color="{color.lower()}"')

    def pen(self, color: str, width: float) -> str:
        return self.style("graphic", f'draw:stroke="solid" svg:stroke-width="{self.len(width)}" '
                                     f'svg:stroke-color="{color.lower()}" draw:fill="none"')

    def box(self, x: float, y: float, w: float, h: float) -> str:
        return (f'svg:x="{self.len(x)}" svg:y="{self.len(y)}" svg:width="{self.len(w)}" '
                f'svg:height="{self.len(h)}"')

    def points(self, tag: str, style: str, points) -> None:
        """A draw:polygon / draw:polyline through ``points``, in 1/1000 in of its box."""
        xs, ys = [p[0] for p in points], [p[1] for p in points]
        x0, y0 = min(xs), min(ys)
        w, h = max(max(xs) - x0, 1e-3), max(max(ys) - y0, 1e-3)
        pts = " ".join(f"{round((x - x0) * 1000)},{round((y - y0) * 1000)}" for x, y in points)
        self.shapes.append(f'<draw:{tag} draw:style-name="{style}" {self.box(x0, y0, w, h)} '
                           f'svg:viewBox="0 0 {round(w * 1000)} {round(h * 1000)}" '
                           f'draw:points="{pts}"/>')

    def rect(self, style: str, x: float, y: float, w: float, h: float, custom: bool,
             r: float = 0.0) -> None:
        if r:  # a rectangle with rounded corners, as Draw's corner radius makes it
            self.shapes.append(f'<draw:rect draw:style-name="{style}" {self.box(x, y, w, h)} '
                               f'draw:corner-radius="{self.len(r)}"/>')
        elif custom:  # what Draw's toolbar rectangle becomes: an enhanced-geometry shape
            self.shapes.append(
                f'<draw:custom-shape draw:style-name="{style}" {self.box(x, y, w, h)}>'
                '<draw:enhanced-geometry svg:viewBox="0 0 21600 21600" draw:type="rectangle" '
                'draw:enhanced-path="M 0 0 L 21600 0 21600 21600 0 21600 0 0 Z N"/>'
                '</draw:custom-shape>')
        else:
            self.shapes.append(f'<draw:rect draw:style-name="{style}" {self.box(x, y, w, h)}/>')

    def ellipse(self, style: str, cx: float, cy: float, r: float) -> None:
        self.shapes.append(f'<draw:ellipse draw:style-name="{style}" '
                           f'{self.box(cx - r, cy - r, 2 * r, 2 * r)}/>')

    def text(self, item: Text) -> None:
        """A text frame whose first baseline falls on the item's baseline (Draw sets a
        line's ascent from the font's own ascender, padding 0)."""
        size = item.size
        width = advance(item.font, item.text) * size + 2.0
        x = item.x - width / 2 if item.anchor == "middle" else item.x
        top = item.y - ascent(item.font) * size
        frame = self.style("graphic", TEXT_FRAME)
        align = self.style("paragraph", f'fo:text-align="'
                                        f'{"center" if item.anchor == "middle" else "start"}"')
        font = self.style("text", f'style:font-name="{FAMILIES[item.font]}" '
                                  f'fo:font-size="{size * 72:.2f}pt" fo:font-weight="bold" '
                                  f'fo:color="{item.color.lower()}"')
        height = (ascent(item.font) + descent(item.font)) * size
        self.shapes.append(
            f'<draw:frame draw:style-name="{frame}" {self.box(x, top, width, height)}>'
            f'<draw:text-box><text:p text:style-name="{align}"><text:span '
            f'text:style-name="{font}">{escape(item.text)}</text:span></text:p>'
            '</draw:text-box></draw:frame>')

    def block(self, item: Block) -> None:
        """One text frame of a paragraph per line: Draw sets them one line height (the
        font's ascender and descender) apart, so the block's lines must be laid out so."""
        first = item.lines[0]
        size = first.size
        pitch = (ascent(first.font) + descent(first.font)) * size
        for a, b in zip(item.lines, item.lines[1:]):
            if abs(b.y - a.y - pitch) > 1e-6:
                raise ValueError(f"Draw sets lines {pitch:.4f} in apart, not {b.y - a.y:.4f}")
        width = max(advance(t.font, t.text) for t in item.lines) * size + 2.0
        top = first.y - ascent(first.font) * size
        frame = self.style("graphic", TEXT_FRAME)
        align = self.style("paragraph", 'fo:text-align="center"')
        font = self.style("text", f'style:font-name="{FAMILIES[first.font]}" '
                                  f'fo:font-size="{size * 72:.2f}pt" fo:font-weight="bold" '
                                  f'fo:color="{first.color.lower()}"')
        paragraphs = "".join(f'<text:p text:style-name="{align}"><text:span '
                             f'text:style-name="{font}">{escape(t.text)}</text:span></text:p>'
                             for t in item.lines)
        self.shapes.append(
            f'<draw:frame draw:style-name="{frame}" '
            f'{self.box(first.x - width / 2, top, width, pitch * len(item.lines))}>'
            f'<draw:text-box>{paragraphs}</draw:text-box></draw:frame>')

    def group(self, items, custom: bool) -> None:
        """A Draw group (``draw:g``): its shapes keep their page positions."""
        outer, self.shapes = self.shapes, []
        for item in items:
            self.add(item, custom)
        outer.append("<draw:g>" + "".join(self.shapes) + "</draw:g>")
        self.shapes = outer

    def image(self, item: Image) -> None:
        data = base64.b64encode(item.data).decode()
        style = self.style("graphic", 'draw:stroke="none" draw:fill="none"')
        self.shapes.append(f'<draw:frame draw:style-name="{style}" '
                           f'{self.box(item.x, item.y, item.w, item.h)}>'
                           f'<draw:image><office:binary-data>{data}</office:binary-data>'
                           '</draw:image></draw:frame>')

    def add(self, item, custom: bool) -> None:
        if isinstance(item, Rect):
            if item.fill:
                self.rect(self.fill(item.fill), item.x, item.y, item.w, item.h, custom, item.r)
            if item.stroke:
                self.rect(self.pen(item.stroke, item.width), item.x, item.y, item.w, item.h,
                          False, item.r)
        elif isinstance(item, Poly):
            self.points("polygon", self.fill(item.fill), item.points)
        elif isinstance(item, Ring) and custom and _axis_aligned(item.outer):
            for points, color in ((item.outer, item.color), (item.inner, WHITE)):
                x0, y0 = points[0]
                x1, y1 = points[2]
                self.rect(self.fill(color), x0, y0, x1 - x0, y1 - y0, True)
        elif isinstance(item, Ring):
            self.points("polygon", self.fill(item.color), item.outer)
            self.points("polygon", self.fill(WHITE), item.inner)
        elif isinstance(item, Annulus):
            self.ellipse(self.fill(item.color), item.cx, item.cy, item.r_out)
            self.ellipse(self.fill(WHITE), item.cx, item.cy, item.r_in)
        elif isinstance(item, Disc):
            if item.fill:
                self.ellipse(self.fill(item.fill), item.cx, item.cy, item.r)
            if item.stroke:
                self.ellipse(self.pen(item.stroke, item.width), item.cx, item.cy, item.r)
        elif isinstance(item, Line):
            self.line(item)
        elif isinstance(item, Text):
            self.text(item)
        elif isinstance(item, Image):
            self.image(item)
        elif isinstance(item, Block):
            self.block(item)
        elif isinstance(item, (Group, Dim)):
            self.group(flat([item]), custom)
        else:
            raise TypeError(f"no Draw shape for {item!r}")

    def line(self, item: Line) -> None:
        if item.dash:
            raise ValueError("the Draw cases draw no dashed lines")
        pen = self.pen(item.color, item.width)
        pts = item.points
        if item.closed and len(pts) == 4 and _axis_aligned(pts):
            (x0, y0), (x1, y1) = pts[0], pts[2]
            self.rect(pen, min(x0, x1), min(y0, y1), abs(x1 - x0), abs(y1 - y0), False)
        elif item.closed:
            self.points("polygon", pen, pts)
        elif len(pts) == 2:
            (x1, y1), (x2, y2) = pts
            self.shapes.append(f'<draw:line draw:style-name="{pen}" svg:x1="{self.len(x1)}" '
                               f'svg:y1="{self.len(y1)}" svg:x2="{self.len(x2)}" '
                               f'svg:y2="{self.len(y2)}"/>')
        else:
            self.points("polyline", pen, pts)


def _axis_aligned(points) -> bool:
    return len(points) == 4 and points[0][1] == points[1][1] and points[1][0] == points[2][0]


def _style_xml(drawing: _Drawing) -> str:
    out = []
    for key, name in drawing.styles.items():
        family, properties = key.split("|", 1)
        tag = {"graphic": "graphic", "paragraph": "paragraph", "text": "text"}[family]
        parent = ' style:parent-style-name="standard"' if family == "graphic" else ""
        out.append(f'<style:style style:name="{name}" style:family="{family}"{parent}>'
                   f'<style:{tag}-properties {properties}/></style:style>')
    return "\n  ".join(out)


def fodg(sheet: Sheet, title: str, custom_rects: bool = False, unit: str = "in",
         orientation: str = "portrait") -> str:
    """The proof as a flat ODF drawing in ``unit`` (in, cm, mm), a page the sheet's size
    (and one for each of its further pages), no margins, set to print in
    ``orientation``."""
    drawing = _Drawing(unit)
    pages = []
    for page in (sheet, *sheet.more):
        drawing.shapes = []
        for item in page.items:
            drawing.add(item, custom_rects)
        pages.append("\n   ".join(drawing.shapes))
    used = {t.font for page in (sheet, *sheet.more) for t in flat(page.items)
            if isinstance(t, Text)}
    faces = "".join(f'<style:font-face style:name="{FAMILIES[key]}" '
                    f'svg:font-family={quoteattr(FAMILIES[key])} '
                    'style:font-family-generic="swiss" style:font-pitch="variable"/>'
                    for key in FAMILIES if key in DECLARED or key in used)
    body = "".join(f'  <draw:page draw:name="page{n}" draw:master-page-name="Default">\n'
                   f'   {shapes}\n  </draw:page>\n' for n, shapes in enumerate(pages, 1))
    return (f'<?xml version="1.0" encoding="UTF-8"?>\n<office:document {NS} office:version="1.3" '
            'office:mimetype="application/vnd.oasis.opendocument.graphics">\n'
            f' <office:meta><dc:title xmlns:dc="http://purl.org/dc/elements/1.1/">'
            f'{escape(title)}</dc:title></office:meta>\n'
            f' <office:font-face-decls>{faces}</office:font-face-decls>\n'
            ' <office:styles><style:style style:name="standard" style:family="graphic">'
            '<style:graphic-properties draw:stroke="solid" svg:stroke-color="#3465a4" '
            'draw:fill="solid" draw:fill-color="#729fcf"/></style:style></office:styles>\n'
            ' <office:automatic-styles>\n'
            '  <style:page-layout style:name="PM1"><style:page-layout-properties '
            'fo:margin-top="0in" fo:margin-bottom="0in" fo:margin-left="0in" '
            f'fo:margin-right="0in" fo:page-width="{_in(sheet.width, unit)}" '
            f'fo:page-height="{_in(sheet.height, unit)}" style:print-orientation='
            f'"{orientation}"/>'
            '</style:page-layout>\n'
            '  <style:style style:name="dp1" style:family="drawing-page"/>\n'
            f'  {_style_xml(drawing)}\n </office:automatic-styles>\n'
            ' <office:master-styles><style:master-page style:name="Default" '
            'style:page-layout-name="PM1" draw:style-name="dp1"/></office:master-styles>\n'
            f' <office:body><office:drawing>\n{body} </office:drawing></office:body>\n'
            '</office:document>\n')


def commands(source: str, profile: str) -> list[str]:
    """The conversion, with a user profile of its own (so a desktop session's soffice or
    another run cannot hold the conversion up)."""
    return ["soffice", f"-env:UserInstallation=file://{profile}", "--headless",
            "--convert-to", "pdf", source]
