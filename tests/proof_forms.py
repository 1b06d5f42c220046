"""A vendor's proof in each form it reaches a clerk (issue 25's acceptance): the SVG as
drawn, the PDF cairo writes of it, a shop's reportlab PDF with CMYK fills and live
Helvetica lettering, a DXF of HATCH fills and TEXT in inches and in mm
(tests/proof_writers.py), and a proof sheet: the drawing on a larger artboard with a
border, a title block and a note."""

from __future__ import annotations

from proof_writers import naive_cmyk, to_dxf, to_reportlab_pdf

from markers.read.svg.walk import read_svg_bytes
from markers.read.underlay import underlays

__all__ = ["FORMS", "SUFFIX", "proof_forms", "proof_sheet"]

FORMS = ("svg", "cairo-pdf", "reportlab-pdf", "dxf-in", "dxf-mm", "sheet")
SUFFIX = {"svg": ".svg", "cairo-pdf": ".pdf", "reportlab-pdf": ".pdf", "dxf-in": ".dxf",
          "dxf-mm": ".dxf", "sheet": ".svg"}


def proof_forms(svg: bytes, name: str, only: tuple[str, ...] = FORMS) -> dict[str, bytes]:
    """The proof ``svg`` (named ``name``) in each of ``only``."""
    import cairosvg

    art = read_svg_bytes(svg, name)
    cmyk = {layer.hex: naive_cmyk(layer.hex) for layer in art.layers}
    make = {"svg": lambda: svg,
            "cairo-pdf": lambda: cairosvg.svg2pdf(bytestring=svg),
            "reportlab-pdf": lambda: to_reportlab_pdf(art, cmyk, text=True),
            "dxf-in": lambda: to_dxf(art, "in", text=True),
            "dxf-mm": lambda: to_dxf(art, "mm", text=True),
            "sheet": lambda: proof_sheet(svg, name, art.width, art.height)}
    return {form: make[form]() for form in only}


def proof_sheet(svg: bytes, name: str, width: float, height: float) -> bytes:
    """The drawing (``width`` x ``height`` in) on an artboard 4 in wider and 8 in taller
    (inches), framed by a hairline border, with a shop's title block and a note below
    it; the drawing kept as its own nested SVG, as an illustrator places one."""
    import xml.etree.ElementTree as ET

    ET.register_namespace("", "http://www.w3.org/2000/svg")
    root = ET.fromstring(underlays(svg, name, [read_svg_bytes(svg, name)])[0][1])
    root.attrib.update({"x": "2", "y": "2", "width": f"{width:.4f}", "height": f"{height:.4f}"})
    nested = ET.tostring(root, encoding="unicode")
    w, h = max(width + 4, 16.0), height + 8
    tx, ty = w - 12.5, h - 5.0
    return f"""<svg xmlns="http://www.w3.org/2000/svg" width="{w:.4f}in" height="{h:.4f}in"
 viewBox="0 0 {w:.4f} {h:.4f}">
 <rect x="0.25" y="0.25" width="{w - 0.5:.4f}" height="{h - 0.5:.4f}" fill="none" stroke="#000"
  stroke-width="0.01"/>
 {nested}
 <g id="title-block" font-family="Helvetica" font-size="0.3" fill="#000">
  <rect x="{tx:.4f}" y="{ty:.4f}" width="12" height="4.5" fill="none" stroke="#000"
   stroke-width="0.02"/>
  <text x="{tx + 0.3:.4f}" y="{ty + 0.8:.4f}">LAKESIDE SIGN CO. - PROOF 2291 REV A</text>
  <text x="{tx + 0.3:.4f}" y="{ty + 2.0:.4f}">SCALE 1:1</text>
  <text x="{tx + 0.3:.4f}" y="{ty + 3.4:.4f}">APPROVED BY ____________ DATE ______</text>
 </g>
 <text x="0.75" y="{h - 1.0:.4f}" font-family="Helvetica" font-size="0.25">NOTES: 3M DIAMOND
 GRADE SHEETING ON 0.080 ALUMINUM</text>
</svg>""".encode("utf-8")

