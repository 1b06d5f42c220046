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
    """The drawing (``width`` x ``height`` in) on a shop's artboard in mm 4 in wider and
    8 in taller (tests/proof_sheets.py's: a hairline border, a title block and, here, a
    note below the drawing), the drawing kept as its own nested SVG, as an illustrator
    places one."""
    import xml.etree.ElementTree as ET

    from proof_sheets import MM, sheet as _sheet

    ET.register_namespace("", "http://www.w3.org/2000/svg")
    root = ET.fromstring(underlays(svg, name, [read_svg_bytes(svg, name)])[0][1])
    root.attrib.update({"x": f"{2 * MM:.4f}", "y": f"{2 * MM:.4f}",
                        "width": f"{width * MM:.4f}", "height": f"{height * MM:.4f}"})
    w, h = max(width + 4, 16.0) * MM, (height + 8) * MM
    note = (f'<text x="20" y="{h - 25:.4f}" font-family="Helvetica" font-size="6">NOTES: 3M '
            'DIAMOND GRADE SHEETING ON 0.080 ALUMINUM</text>')
    return _sheet(ET.tostring(root, encoding="unicode"), width=w, height=h,
                  extra=note).encode("utf-8")
