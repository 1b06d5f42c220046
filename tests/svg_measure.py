"""An independent reader for tests: SVG bytes -> shapely geometry in inches per layer.

Deliberately shares no code with wsmark: svgelements resolves units, viewBox and
transforms (to px at 96 per inch), the paths are flattened here and filled with the
SVG rule named on them (nonzero by default), exactly, by splitting the plane into the
faces of all subpath boundaries and keeping the faces whose winding number is non-zero.
Also a tiny PNG reader (IHDR size, and pixels of 8-bit non-interlaced RGB/RGBA).
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass, field
from io import BytesIO

import numpy as np
import svgelements as se
from shapely import polygonize, unary_union
from shapely.geometry import LineString, Polygon
from shapely.geometry.base import BaseGeometry

PX_PER_IN = 96.0
#: Samples per curved segment: arcs are long (whole symbol halves), Béziers are short.
ARC_SAMPLES, BEZIER_SAMPLES = 512, 32


@dataclass
class Layer:
    id: str
    fill: str  # '#RRGGBB' (uppercase), as svgelements resolved it
    geometry: BaseGeometry
    segment_types: set[str] = field(default_factory=set)


@dataclass
class Drawing:
    width_in: float
    height_in: float
    viewbox: tuple[float, float, float, float] | None
    desc: str
    title: str
    layers: dict[str, Layer]
    text_elements: int


def _rings(path: se.Path) -> tuple[list[np.ndarray], set[str]]:
    """Flattened closed subpaths of ``path`` in inches, and the segment types seen."""
    rings, kinds = [], set()
    for sub in path.as_subpaths():
        pts: list[np.ndarray] = []
        for seg in sub:
            kinds.add(type(seg).__name__)
            if isinstance(seg, se.Move):
                pts.append(np.array([[seg.end.x, seg.end.y]]))
            elif isinstance(seg, (se.Line, se.Close)):
                if seg.end is not None:
                    pts.append(np.array([[seg.end.x, seg.end.y]]))
            else:
                n = ARC_SAMPLES if isinstance(seg, se.Arc) else BEZIER_SAMPLES
                pts.append(np.asarray(seg.npoint(np.linspace(0, 1, n + 1)[1:]), float))
        if pts:
            ring = np.vstack(pts) / PX_PER_IN
            if len(np.unique(np.round(ring, 9), axis=0)) >= 3:
                rings.append(ring)
    return rings, kinds


def _signed_area(ring: np.ndarray) -> float:
    x, y = ring[:, 0], ring[:, 1]
    return 0.5 * float(np.dot(x, np.roll(y, -1)) - np.dot(np.roll(x, -1), y))


def fill_area(rings: list[np.ndarray], evenodd: bool = False) -> BaseGeometry:
    """The area an SVG fill paints for these closed rings (nonzero or evenodd rule)."""
    if not rings:
        return Polygon()
    edges = unary_union([LineString(np.vstack([r, r[:1]])) for r in rings])
    polys = [(Polygon(r).buffer(0), 1 if _signed_area(r) > 0 else -1) for r in rings]
    kept = []
    for face in polygonize(edges.geoms if hasattr(edges, "geoms") else [edges]).geoms:
        p = face.representative_point()
        inside = [s for poly, s in polys if poly.contains(p)]
        if (len(inside) % 2 == 1) if evenodd else sum(inside) != 0:
            kept.append(face)
    return unary_union(kept)


def read_svg(data: bytes) -> Drawing:
    """Parse SVG bytes; geometry in inches (y down), one Layer per <g id="layer-...">."""
    svg = se.SVG.parse(BytesIO(data), reify=True, ppi=PX_PER_IN)
    vb = svg.viewbox
    viewbox = None if vb is None else (vb.x, vb.y, vb.width, vb.height)
    desc = "".join(e.desc or "" for e in svg.elements() if isinstance(e, se.Desc))
    title = "".join(e.title or "" for e in svg.elements() if isinstance(e, se.Title))
    layers: dict[str, Layer] = {}
    for group in svg.select(lambda e: isinstance(e, se.Group)):
        gid = group.id or ""
        if not gid.startswith("layer-"):
            continue
        parts, kinds, fills = [], set(), set()
        for path in group.select(lambda e: isinstance(e, se.Shape)):
            path = se.Path(path) if not isinstance(path, se.Path) else path
            rings, seen = _rings(path)
            kinds |= seen
            fills.add(path.fill.hex.upper() if path.fill is not None and
                      path.fill.value is not None else "none")
            evenodd = str(path.values.get("fill-rule", "nonzero")).strip() == "evenodd"
            parts.append(fill_area(rings, evenodd))
        fill = fills.pop() if len(fills) == 1 else ",".join(sorted(fills))
        layers[gid] = Layer(gid, fill, unary_union(parts) if parts else Polygon(), kinds)
    texts = sum(1 for e in svg.elements() if isinstance(e, se.Text))
    return Drawing(svg.width / PX_PER_IN, svg.height / PX_PER_IN, viewbox, desc, title,
                   layers, texts)


def group_geometry(data: bytes, group_id: str) -> BaseGeometry:
    """What the paths of the group ``group_id`` enclose (each path even-odd, as a cut
    file's outlines are cut), in inches."""
    svg = se.SVG.parse(BytesIO(data), reify=True, ppi=PX_PER_IN)
    group = next(e for e in svg.elements() if getattr(e, "id", None) == group_id)
    return unary_union([fill_area(_rings(path)[0], evenodd=True)
                        for path in group.select(lambda e: isinstance(e, se.Path))])


# --- PNG ---------------------------------------------------------------------------

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _chunks(data: bytes):
    pos = len(PNG_MAGIC)
    while pos < len(data):
        length, ctype = struct.unpack(">I4s", data[pos:pos + 8])
        yield ctype, data[pos + 8:pos + 8 + length]
        pos += 12 + length


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) in pixels from the IHDR chunk."""
    assert data[:8] == PNG_MAGIC
    ctype, body = next(_chunks(data))
    assert ctype == b"IHDR"
    return struct.unpack(">II", body[:8])


def png_pixels(data: bytes) -> np.ndarray:
    """Pixels as an (h, w, channels) uint8 array; 8-bit, non-interlaced RGB/RGBA only."""
    chunks = list(_chunks(data))
    w, h, depth, ctype, _, _, interlace = struct.unpack(">IIBBBBB", chunks[0][1])
    assert depth == 8 and interlace == 0 and ctype in (2, 6), (depth, ctype, interlace)
    bpp = 3 if ctype == 2 else 4
    raw = zlib.decompress(b"".join(body for t, body in chunks if t == b"IDAT"))
    stride = w * bpp
    out = np.zeros((h, stride), dtype=np.int32)
    prev = np.zeros(stride, dtype=np.int32)
    for y in range(h):
        kind = raw[y * (stride + 1)]
        line = np.frombuffer(raw, np.uint8, stride, y * (stride + 1) + 1).astype(np.int32)
        cur = np.zeros(stride, dtype=np.int32)
        if kind in (0, 2):
            cur = (line + (prev if kind == 2 else 0)) & 0xFF
        else:
            for i in range(stride):
                a = cur[i - bpp] if i >= bpp else 0
                b, c = prev[i], prev[i - bpp] if i >= bpp else 0
                if kind == 1:
                    pred = a
                elif kind == 3:
                    pred = (a + b) // 2
                else:  # Paeth
                    p = a + b - c
                    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                    pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                cur[i] = (line[i] + pred) & 0xFF
        out[y] = prev = cur
    return out.reshape(h, w, bpp).astype(np.uint8)


__all__ = ["Layer", "Drawing", "read_svg", "fill_area", "png_size", "png_pixels",
           "PNG_MAGIC"]
