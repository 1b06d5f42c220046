"""SVG as the sign shops' paid tools write it: Adobe Illustrator ("Save As" SVG 1.1 and
"Export As" SVG), CorelDRAW and Affinity Designer, from the same marker_scene sheets the
other producers draw. These programs cannot run here; each writer follows the files
they are seen to write (tests/data/real/svg/ holds real ones, PROVENANCE.md says whose):

- Illustrator "Save As": the ``<!-- Generator: Adobe Illustrator ... -->`` comment,
  ``id="Layer_1"``, ``x="0px" y="0px"``, ``width``/``height`` in px that are its points
  (72 to the inch) and a viewBox of the same numbers, ``enable-background``,
  ``xml:space="preserve"``, fills in ``.st0, .st1 ...`` classes, text placed by a
  ``transform="matrix(1 0 0 1 x y)"``, a layer a ``<g id="Name">`` (hidden:
  ``style="display:none;"``).
- Illustrator "Export As" (Responsive on, its default): no comment, no width or height,
  only ``viewBox`` in points, ``id="Layer_1" data-name="Layer 1"``, ``.cls-1 ...``
  classes in ``<defs><style>``; Responsive off adds unitless ``width``/``height``.
- CorelDRAW: ``<!-- Creator: CorelDRAW ... -->``, ``width``/``height`` in mm with a
  viewBox in finer units of its own, ``.fil0``/``.str0`` classes, a layer
  ``<g id="Layer_x0020_1"><metadata id="CorelCorpID_0Corel-Layer"/>``.
- Affinity Designer: ``width="100%" height="100%"``, viewBox in px at 72 per inch,
  ``xmlns:serif`` and ``serif:id`` names, inline ``style=``.
"""

from __future__ import annotations

import re
from xml.sax.saxutils import escape

from marker_scene import Block, Sheet, Text
from write_inkscape import _item as inkscape_item

PT = 72.0  # Illustrator's and Affinity's user units per inch
SERIF = "http://www.serif.com/"


def _n(value: float) -> str:
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return text if text not in ("-0", "") else "0"


def _text(item: Text, k: float, attrs: str) -> str:
    """A line of live text as Illustrator places it: its start point by a matrix."""
    x0 = item.box()[0]
    return (f'<text transform="matrix(1 0 0 1 {_n(x0 * k)} {_n(item.y * k)})" {attrs}'
            f'>{escape(item.text)}</text>')


def _text_style(item: Text, k: float) -> str:
    return (f"fill:{item.color};font-family:'DejaVuSans-Bold';"
            f"font-size:{_n(item.size * k)}px;")


class _Classes:
    """Inline styles turned into the tool's classes (``st0``, ``cls-1``, ``fil0``)."""

    def __init__(self, name: str, first: int) -> None:
        self.name, self.first = name, first
        self.rules: dict[str, str] = {}

    def of(self, style: str) -> str:
        style = "".join(f"{part.strip()};" for part in style.split(";") if part.strip())
        if style not in self.rules:
            self.rules[style] = f"{self.name}{len(self.rules) + self.first}"
        return self.rules[style]

    def restyle(self, element: str) -> str:
        return re.sub(r'style="([^"]*)"', lambda m: f'class="{self.of(m[1])}"', element)

    def sheet(self, indent: str = "\t") -> str:
        return "\n".join(f"{indent}.{name}{{{style}}}" for style, name in self.rules.items())


def _items(items: list, k: float, classes: _Classes | None, prefix: str) -> list[str]:
    out = []
    for number, item in enumerate(items, 1):
        lines = item.lines if isinstance(item, Block) else (item,)
        for line in lines:
            if isinstance(line, Text):
                style = _text_style(line, k)
                attrs = f'class="{classes.of(style)}"' if classes else f'style="{style}"'
                out.append(_text(line, k, attrs))
                continue
            drawn = inkscape_item(line, f"{prefix}{number}", "evenodd", k)
            out.append(classes.restyle(drawn) if classes else drawn)
    return out


def _layers(sheet: Sheet, hidden: Sheet | None) -> list[tuple[str, list, bool]]:
    """(name, items, shown) per layer: the sheet's items in one layer "Sign", and the
    items of ``hidden`` (an older version of the sign) in a hidden layer before it."""
    layers = [("Old_version", hidden.items, False)] if hidden is not None else []
    return [*layers, ("Sign", sheet.items, True)]


def illustrator_save_as(sheet: Sheet, hidden: Sheet | None = None, *,
                        version: str = "27.0.0") -> str:
    """The sheet as Illustrator's File > Save As > SVG 1.1 writes it (px = points)."""
    classes = _Classes("st", 0)
    w, h = _n(sheet.width * PT), _n(sheet.height * PT)
    groups = []
    for name, items, shown in _layers(sheet, hidden):
        body = "\n\t".join(_items(items, PT, classes, f"{name}_"))
        hide = "" if shown else ' style="display:none;"'
        groups.append(f'<g id="{name}"{hide}>\n\t{body}\n</g>')
    return ('<?xml version="1.0" encoding="utf-8"?>\n'
            f'<!-- Generator: Adobe Illustrator {version}, SVG Export Plug-In . SVG Version: '
            '6.00 Build 0)  -->\n'
            '<svg version="1.1" id="Layer_1" xmlns="http://www.w3.org/2000/svg" '
            'xmlns:xlink="http://www.w3.org/1999/xlink" x="0px" y="0px"\n'
            f'\t width="{w}px" height="{h}px" viewBox="0 0 {w} {h}" '
            f'style="enable-background:new 0 0 {w} {h};" xml:space="preserve">\n'
            f'<style type="text/css">\n{classes.sheet()}\n</style>\n'
            + "\n".join(groups) + "\n</svg>\n")


def illustrator_export_as(sheet: Sheet, hidden: Sheet | None = None, *,
                          responsive: bool = True) -> str:
    """The sheet as Illustrator's File > Export As > SVG writes it: viewBox only
    (``responsive``), else unitless width and height in points too."""
    classes = _Classes("cls-", 1)
    w, h = _n(sheet.width * PT), _n(sheet.height * PT)
    groups = []
    for name, items, shown in _layers(sheet, hidden):
        body = "".join(_items(items, PT, classes, f"{name}-"))
        hide = "" if shown else ' style="display:none"'
        groups.append(f'<g id="{name}" data-name="{name.replace("_", " ")}"{hide}>{body}</g>')
    size = "" if responsive else f' width="{w}" height="{h}"'
    return ('<svg id="Layer_1" data-name="Layer 1" xmlns="http://www.w3.org/2000/svg"'
            f'{size} viewBox="0 0 {w} {h}"><defs><style>'
            + "".join(f".{name}{{{style}}}" for style, name in classes.rules.items())
            + "</style></defs><title>sign</title>" + "".join(groups) + "</svg>")


def coreldraw(sheet: Sheet, *, per_mm: float = 100.0, version: str = "2019 (64-Bit)") -> str:
    """The sheet as CorelDRAW's SVG export writes it: width and height in mm, a viewBox
    of ``per_mm`` units to the mm, ``.filN`` classes, its layer and metadata."""
    k = 25.4 * per_mm
    classes = _Classes("fil", 0)
    body = "\n  ".join(_items(sheet.items, k, classes, "id"))
    w_mm, h_mm = _n(sheet.width * 25.4), _n(sheet.height * 25.4)
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" '
            '"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n'
            f'<!-- Creator: CorelDRAW {version} -->\n'
            '<svg xmlns="http://www.w3.org/2000/svg" xml:space="preserve" '
            f'width="{w_mm}mm" height="{h_mm}mm" version="1.1" style="shape-rendering:'
            'geometricPrecision; text-rendering:geometricPrecision; image-rendering:'
            'optimizeQuality; fill-rule:evenodd; clip-rule:evenodd"\n'
            f'viewBox="0 0 {_n(sheet.width * k)} {_n(sheet.height * k)}"\n'
            ' xmlns:xlink="http://www.w3.org/1999/xlink"\n'
            ' xmlns:xodm="http://www.corel.com/coreldraw/odm/2003">\n'
            ' <defs>\n  <style type="text/css">\n   <![CDATA[\n'
            + classes.sheet("    ") + '\n   ]]>\n  </style>\n </defs>\n'
            ' <g id="Layer_x0020_1">\n  <metadata id="CorelCorpID_0Corel-Layer"/>\n  '
            + body + '\n </g>\n</svg>\n')


def affinity(sheet: Sheet) -> str:
    """The sheet as Affinity Designer's SVG export writes it: 100 % wide and high, a
    viewBox in px at 72 per inch, ``serif:id`` names, inline styles."""
    body = "".join(_items(sheet.items, PT, None, "_"))
    w, h = _n(sheet.width * PT), _n(sheet.height * PT)
    return ('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
            '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" '
            '"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n'
            f'<svg width="100%" height="100%" viewBox="0 0 {w} {h}" version="1.1" '
            'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            f'xml:space="preserve" xmlns:serif="{SERIF}" style="fill-rule:evenodd;'
            'clip-rule:evenodd;stroke-linejoin:round;stroke-miterlimit:2;">'
            f'<g id="Sign" serif:id="Sign">{body}</g></svg>')
