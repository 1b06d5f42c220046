"""Cut layers as DXF for sign-shop software. The only module that knows ezdxf.

Inches ($INSUNITS = 1), one DXF layer per film colour plus ``registration``, every
outline a closed LWPOLYLINE. DXF's y axis points up, so page y is flipped; the
page is the same as the print and SVG cut files, so all of them line up.
"""

from __future__ import annotations

import io

from shapely.geometry import Polygon

from markers.core.fabrication import Fabrication

__all__ = ["cut_dxf", "REGISTRATION_LAYER"]

REGISTRATION_LAYER = "registration"
#: Layer colour of the registration targets (AutoCAD colour index 7: black/white).
REGISTRATION_ACI = 7


def _rgb(hex_: str) -> tuple[int, int, int]:
    return int(hex_[1:3], 16), int(hex_[3:5], 16), int(hex_[5:7], 16)


def cut_dxf(fab: Fabrication) -> bytes:
    """The cut pieces of every film colour and the registration targets, as DXF bytes."""
    import ezdxf  # ~0.4 s to import: loaded only when a DXF is written
    from ezdxf import units

    doc = ezdxf.new("R2010", units=units.IN)
    doc.header["$MEASUREMENT"] = 0  # imperial
    msp = doc.modelspace()
    height = fab.frame.page_height

    def add(polygon: Polygon, layer: str) -> None:
        for ring in (polygon.exterior, *polygon.interiors):
            points = [(x, height - y) for x, y in ring.coords[:-1]]
            msp.add_lwpolyline(points, close=True, dxfattribs={"layer": layer})

    hexes = {layer.color: layer.hex for layer in fab.art.layers}
    for color, pieces in fab.cuts.items():
        doc.layers.add(color).rgb = _rgb(hexes[color])
        for piece in pieces:
            add(piece, color)
    doc.layers.add(REGISTRATION_LAYER, color=REGISTRATION_ACI)
    for target in fab.frame.registration():
        add(target, REGISTRATION_LAYER)
    stream = io.StringIO()
    doc.write(stream)
    return stream.getvalue().encode("utf-8")
