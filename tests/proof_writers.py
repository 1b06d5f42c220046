"""Test-side producers of vendor files: an Artwork's shapely geometry written as a PDF by
reportlab (CMYK fills, drawn natively) and as a DXF by ezdxf (HATCH fills), the way sign
shops' software writes them. They never go through wsmark's SVG."""

from __future__ import annotations

import io
from typing import Any

from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from markers.core.artwork import Artwork

__all__ = ["naive_cmyk", "to_reportlab_pdf", "to_dxf"]

MM_PER_IN = 25.4


def _polygons(geometry: BaseGeometry) -> list[Polygon]:
    if isinstance(geometry, Polygon):
        return [geometry] if not geometry.is_empty else []
    if isinstance(geometry, MultiPolygon):
        return list(geometry.geoms)
    return [g for part in getattr(geometry, "geoms", []) for g in _polygons(part)]


def naive_cmyk(hex_: str) -> tuple[float, float, float, float]:
    """The CMYK a shop's 'convert to CMYK' without a profile gives for an sRGB color."""
    r, g, b = (int(hex_[i:i + 2], 16) / 255 for i in (1, 3, 5))
    k = 1 - max(r, g, b)
    if k >= 1:
        return 0.0, 0.0, 0.0, 1.0
    return (1 - r - k) / (1 - k), (1 - g - k) / (1 - k), (1 - b - k) / (1 - k), k


def fill_shapes(pdf: Any, art: Artwork, cmyk: dict[str, tuple[float, float, float, float]]
                ) -> None:
    """Each shape of ``art`` as one reportlab path (as a shop's file keeps them), filled
    with the even-odd rule in the CMYK given for its layer's hex, on a canvas already
    scaled to inches with y down."""
    for layer in art.layers:
        pdf.setFillColorCMYK(*cmyk[layer.hex])
        for shape in layer.shapes:
            path = pdf.beginPath()
            for polygon in _polygons(shape.geometry):
                for ring in (polygon.exterior, *polygon.interiors):
                    coords = list(ring.coords)[:-1]
                    path.moveTo(*coords[0])
                    for point in coords[1:]:
                        path.lineTo(*point)
                    path.close()
            pdf.drawPath(path, stroke=0, fill=1, fillMode=0)


def to_reportlab_pdf(art: Artwork, cmyk: dict[str, tuple[float, float, float, float]],
                     pages_before: int = 0, text: bool = False) -> bytes:
    """The Artwork as a one-page PDF (plus ``pages_before`` cover pages), each shape a
    reportlab path filled with the even-odd rule in the CMYK given for its layer's hex;
    with ``text``, its lettering read from font text (not outlines) set again in live
    Helvetica-Bold where it stood, its cap height kept."""
    from reportlab.pdfgen import canvas

    out = io.BytesIO()
    pdf = canvas.Canvas(out, pagesize=(art.width * 72, art.height * 72), invariant=1)
    for _ in range(pages_before):
        pdf.setFont("Helvetica", 24)
        pdf.drawString(72, art.height * 72 - 72, "PROOF FOR APPROVAL")
        pdf.showPage()
    pdf.translate(0, art.height * 72)
    pdf.scale(72, -72)
    fill_shapes(pdf, art, cmyk)
    for item in art.legends if text else ():
        if item.outlined or not item.text:
            continue
        x0, _, _, y1 = item.box.bounds
        size = item.cap_height / 0.718  # Helvetica-Bold's cap height, in ems
        pdf.saveState()
        pdf.translate(x0, y1)
        pdf.scale(1, -1)  # text upright in the flipped page
        pdf.setFillColorCMYK(*naive_cmyk(item.hex or "#000000"))
        pdf.setFont("Helvetica-Bold", size)
        pdf.drawString(0, 0, item.text)
        pdf.restoreState()
    pdf.showPage()
    pdf.save()
    return out.getvalue()


def to_dxf(art: Artwork, unit: str, text: bool = False) -> bytes:
    """The Artwork as DXF in ``unit`` ("in" or "mm"): a solid HATCH per shape (islands as
    inner boundary paths) in its layer's true color, y up; with ``text``, its lettering
    read from font text as TEXT entities where it stood, its cap height kept."""
    import ezdxf
    from ezdxf import units

    factor = MM_PER_IN if unit == "mm" else 1.0
    doc = ezdxf.new("R2010", units=units.MM if unit == "mm" else units.IN)
    msp = doc.modelspace()
    for index, layer in enumerate(art.layers):
        name = f"{layer.color}-{index}"
        doc.layers.add(name)
        for shape in layer.shapes:  # one HATCH per object
            hatch = msp.add_hatch(dxfattribs={"layer": name})
            hatch.rgb = tuple(int(layer.hex[i:i + 2], 16) for i in (1, 3, 5))
            for polygon in _polygons(shape.geometry):
                for ring in (polygon.exterior, *polygon.interiors):
                    points = [(x * factor, (art.height - y) * factor)
                              for x, y in ring.coords[:-1]]
                    hatch.paths.add_polyline_path(points, is_closed=True)
    for item in art.legends if text else ():
        if item.outlined or not item.text:
            continue
        x0, _, _, y1 = item.box.bounds
        entity = msp.add_text(item.text, height=item.cap_height * factor, dxfattribs={
            "insert": (x0 * factor, (art.height - y1) * factor)})
        entity.rgb = tuple(int((item.hex or "#000000")[i:i + 2], 16) for i in (1, 3, 5))
    stream = io.StringIO()
    doc.write(stream)
    return stream.getvalue().encode("utf-8")
