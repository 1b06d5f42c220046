"""LibreCAD 2.2: CAD line drawings of marker proofs as sign shops and CAM software export
them (written with ezdxf), and the PDF ``librecad dxf2pdf`` prints from each.

Three dialects:

- ``r12``: DXF R12, no units (R12 has no ``$INSUNITS``: drawn in inches, the clerk gives
  ``--scale 1``), every outline as LINE pieces meeting end to end (a diamond is 4 LINEs,
  the exclusion's white quarters closed runs of LINEs), a circle as two CIRCLEs or as 2-4
  ARCs on a layer named ORANGE, the sign blank's edge and the page border on colour 7,
  TEXT legends, no hatches;
- ``cm``: DXF R2000 in centimetres (``$INSUNITS`` 5), outlines as closed LWPOLYLINEs and
  a closed trim LWPOLYLINE round the sign blank;
- ``hatch``: DXF R2010 (true colour needs R2004 or later) in inches, areas as solid
  HATCHes, the white panel's with true colour (group 420) white while its ACI is 7
  (black on white paper);
- ``mm``: DXF R2000 in millimetres (``$INSUNITS`` 4), outlines as closed LWPOLYLINEs.

In every dialect a group of the sheet (``Group``) becomes a BLOCK drawn by an INSERT
with the group's scale, a block of text lines (``Block``) one MTEXT (its lines spaced
by MTEXT's 5/3 of the text height times a factor), and a ``Dim`` a DIMENSION entity
whose look ezdxf renders into its anonymous block (as CAD programs write them).

LibreCAD 2.2.0's ``dxf2pdf`` takes no value for ``-o`` or ``-p`` (it writes NAME.pdf
beside NAME.dxf, on the paper of the drawing's ``$PLIMMIN``/``$PLIMMAX``), and reads a
unitless drawing as millimetres, so an R12 drawing in inches prints with ``-s 25.4``.
"""

from __future__ import annotations

from marker_scene import (
    Annulus, BLACK, Block, Dim, Disc, Group, Image, Line, Poly, Rect, Ring, Sheet, Text, WHITE,
)

#: Colour -> (layer, ACI): the layers a shop names by paint.
LAYERS = {"#FF4F00": ("ORANGE", 30), "#E57200": ("ORANGE", 30), "#C8102E": ("RED", 1),
          "#00843D": ("GREEN", 3), "#FFB300": ("AMBER", 40), BLACK: ("TEXT", 7)}
#: dialect -> (DXF version, $INSUNITS, drawing units per inch, dxf2pdf scale)
DIALECTS = {"r12": ("R12", None, 1.0, 25.4), "cm": ("R2000", 5, 2.54, 1.0),
            "hatch": ("R2010", 1, 1.0, 1.0), "mm": ("R2000", 4, 25.4, 1.0)}
#: MTEXT's baseline-to-baseline distance at line spacing factor 1, in text heights.
MTEXT_SPACING = 5 / 3


def _rgb(hex_: str) -> tuple[int, int, int]:
    return tuple(int(hex_[i:i + 2], 16) for i in (1, 3, 5))


class _Writer:
    """Writes a sheet's items into an ezdxf modelspace in one dialect."""

    def __init__(self, sheet: Sheet, dialect: str, arcs: tuple[int, int],
                 bulges: bool = False):
        import logging

        import ezdxf

        logging.getLogger("ezdxf").setLevel(logging.ERROR)  # R12 has no $INSUNITS: known
        ezdxf.options.write_fixed_meta_data_for_testing = True  # no clock, no random GUIDs

        version, insunits, self.k, _ = DIALECTS[dialect]
        self.dialect, self.arcs, self.height = dialect, arcs, sheet.height
        self.bulges = bulges
        self.doc = ezdxf.new(version)
        if insunits is not None:
            self.doc.header["$INSUNITS"] = insunits
        for name, aci in [*LAYERS.values(), ("BLANK", 7), ("BORDER", 7), ("DIM", 7),
                          ("TRIM", 7)]:
            if name not in self.doc.layers:
                self.doc.layers.add(name, color=aci)
        self.msp = self.doc.modelspace()
        self._paper(sheet)

    def _paper(self, sheet: Sheet) -> None:
        """The sheet as LibreCAD's paper: ``$PLIMMAX`` in its drawing units (mm for R12)."""
        per_in = 25.4 if self.dialect == "r12" else self.k
        limit = (sheet.width * per_in, sheet.height * per_in)
        self.doc.header["$PLIMMIN"], self.doc.header["$PLIMMAX"] = (0.0, 0.0), limit
        layout = self.doc.paperspace().dxf_layout
        if layout is not None:
            layout.dxf.limmin, layout.dxf.limmax = (0.0, 0.0), limit

    def xy(self, point) -> tuple[float, float]:
        return round(point[0] * self.k, 6), round((self.height - point[1]) * self.k, 6)

    def outline(self, ring, layer: str, closed: bool = True, polyline: bool | None = None
                ) -> None:
        """A run of points: LINE pieces in R12, else one (closed) LWPOLYLINE."""
        pts = [self.xy(p) for p in ring]
        if polyline is None:
            polyline = self.dialect != "r12"
        if polyline:
            self.msp.add_lwpolyline(pts, close=closed, dxfattribs={"layer": layer})
            return
        pairs = list(zip(pts, pts[1:] + pts[:1])) if closed else list(zip(pts, pts[1:]))
        for a, b in pairs:
            self.msp.add_line(a, b, dxfattribs={"layer": layer})

    def circle(self, cx: float, cy: float, r: float, layer: str, arcs: int) -> None:
        """A full circle: a CIRCLE, or ``arcs`` ARCs meeting end to end, or (``bulges``)
        a closed LWPOLYLINE of two half-circle bulge segments, as CAM software writes
        one."""
        centre = self.xy((cx, cy))
        if self.bulges:
            self.msp.add_lwpolyline([(*self.xy((cx - r, cy)), 1.0), (*self.xy((cx + r, cy)), 1.0)],
                                    format="xyb", close=True, dxfattribs={"layer": layer})
            return
        if not arcs:
            self.msp.add_circle(centre, r * self.k, dxfattribs={"layer": layer})
            return
        step = 360 / arcs
        for i in range(arcs):
            self.msp.add_arc(centre, r * self.k, i * step, (i + 1) * step,
                             dxfattribs={"layer": layer})

    def hatch(self, rings, hex_: str, aci: int, layer: str) -> None:
        """A solid HATCH of polygon rings (outer first, islands after), in true colour."""
        hatch = self.msp.add_hatch(color=aci, dxfattribs={"layer": layer})
        hatch.rgb = _rgb(hex_)
        for i, ring in enumerate(rings):
            hatch.paths.add_polyline_path([self.xy(p) for p in ring], is_closed=True,
                                          flags=1 if i == 0 else 16)

    def hatch_annulus(self, item: Annulus, aci: int, layer: str) -> None:
        hatch = self.msp.add_hatch(color=aci, dxfattribs={"layer": layer})
        hatch.rgb = _rgb(item.color)
        for radius, flags in ((item.r_out, 1), (item.r_in, 16)):
            path = hatch.paths.add_edge_path(flags=flags)
            path.add_arc(self.xy((item.cx, item.cy)), radius * self.k, 0, 360)

    def text(self, item: Text) -> None:
        _, aci = LAYERS.get(item.color, ("TEXT", 7))
        point = self.xy((item.x, item.y))
        attribs = {"layer": "TEXT" if item.layer == "Legend" else "DIM", "height":
                   item.cap * self.k, "insert": point}
        if item.anchor == "middle":
            attribs.update(halign=1, align_point=point)
        entity = self.msp.add_text(item.text, dxfattribs=attribs)
        if item.color != BLACK:
            entity.dxf.color = aci

    def mtext(self, item: Block) -> None:
        """The lines as one MTEXT attached at its top centre (the first line's cap top)."""
        first = item.lines[0]
        pitch = (item.lines[1].y - first.y) / first.cap if len(item.lines) > 1 else 1.0
        entity = self.msp.add_mtext("\\P".join(t.text for t in item.lines), dxfattribs={
            "layer": "TEXT", "char_height": first.cap * self.k,
            "insert": self.xy((first.x, first.y - first.cap)), "attachment_point": 2,
            "line_spacing_factor": pitch / MTEXT_SPACING})
        if first.color != BLACK:
            entity.dxf.color = LAYERS.get(first.color, ("TEXT", 7))[1]

    def dimension(self, item: Dim) -> None:
        """A linear DIMENSION between the dimension's points, its line ``offset`` out,
        saying the dimension's text (ezdxf draws its lines, arrows and MTEXT)."""
        (x1, y1), (x2, y2) = item.p1, item.p2
        horizontal = abs(x2 - x1) >= abs(y2 - y1)
        a, b = self.xy(item.p1), self.xy(item.p2)
        dx, dy = (y2 - y1, -(x2 - x1)) if not horizontal else (0.0, -(x2 - x1))
        n = (dx * dx + dy * dy) ** 0.5 or 1.0
        base = self.xy(((x1 + x2) / 2 + dx / n * item.offset, (y1 + y2) / 2 + dy / n
                        * item.offset))
        dim = self.msp.add_linear_dim(base=base, p1=a, p2=b, angle=0 if horizontal else 90,
                                      text=item.text, dimstyle="EZDXF", override={
                                          "dimtxt": item.cap * self.k,
                                          "dimasz": 0.5 * self.k, "dimexe": 0.3 * self.k,
                                          "dimexo": 0.25 * self.k, "dimgap": 0.1 * self.k},
                                      dxfattribs={"layer": "DIM"})
        dim.render()

    def group(self, item: Group) -> None:
        """The group's items in a BLOCK (its own inches, y down as the sheet), drawn by an
        INSERT at the group's place with its scale."""
        name = f"SIGN{len(self.doc.blocks)}"
        block = self.doc.blocks.new(name)
        inner = _Writer.__new__(_Writer)
        inner.__dict__.update(self.__dict__, msp=block, height=0.0)
        _write(inner, list(item.items), self.dialect)
        self.msp.add_blockref(name, self.xy((item.dx, item.dy)), dxfattribs={
            "xscale": item.scale, "yscale": item.scale, "layer": "0"})


def _areas(items: list):
    """Colour -> the union of the filled areas of that colour among ``items`` (not white,
    not circles): what a line drawing outlines."""
    from shapely import unary_union
    from shapely.geometry import Polygon, box

    shapes: dict[str, list] = {}
    for item in items:
        if isinstance(item, Ring):
            shapes.setdefault(item.color, []).append(Polygon(item.outer, [item.inner]))
        elif isinstance(item, Rect) and item.fill and item.fill != WHITE and item.layer == "Sign":
            shapes.setdefault(item.fill, []).append(box(item.x, item.y, item.x + item.w,
                                                        item.y + item.h))
        elif isinstance(item, Poly) and item.layer == "Sign":
            shapes.setdefault(item.fill, []).append(Polygon(item.points))
    return {color: unary_union(parts) for color, parts in shapes.items()}


def _rings(geometry):
    """The polygons of ``geometry`` as (exterior, *interiors) point lists, y down."""
    polys = getattr(geometry, "geoms", [geometry])
    return [[list(p.exterior.coords)[:-1], *(list(r.coords)[:-1] for r in p.interiors)]
            for p in polys]


def dxf_bytes(sheet: Sheet, dialect: str, arcs: tuple[int, int] = (0, 0),
              bulges: bool = False) -> bytes:
    """The sheet as a DXF drawing in ``dialect`` (see the module docstring); ``arcs``
    draws the outer and inner circles as that many ARCs (0: a CIRCLE), ``bulges`` as
    LWPOLYLINEs of bulge segments."""
    import io

    writer = _Writer(sheet, dialect, arcs, bulges)
    _write(writer, sheet.items, dialect)
    stream = io.StringIO()
    writer.doc.write(stream)
    return stream.getvalue().encode("cp1252" if dialect == "r12" else "utf-8")


def _write(writer: _Writer, items: list, dialect: str) -> None:
    """``items``: the outlined areas of each colour, then the rest in order (a group in a
    block of its own). HATCHes paint in entity order, so there the areas come right
    after the sign's white blank, over it."""
    def areas() -> None:
        for color, area in _areas(items).items():
            layer, aci = LAYERS[color]
            for rings in _rings(area):
                if dialect == "hatch":
                    writer.hatch(rings, color, aci, layer)
                else:
                    for ring in rings:
                        writer.outline(ring, layer)

    blank = next((i for i in items if isinstance(i, Rect) and i.fill == WHITE
                  and i.layer == "Sign"), None) if dialect == "hatch" else None
    if blank is None:
        areas()
    for item in items:
        if isinstance(item, Group):
            writer.group(item)
        elif isinstance(item, Block):
            writer.mtext(item)
        elif isinstance(item, Dim):
            writer.dimension(item)
        else:
            _furniture(writer, item, dialect)
        if item is blank:
            areas()


#: A quarter circle's bulge (tan of a quarter of its 90 deg), negative: clockwise in the
#: drawing's y-up units, where a rectangle run round right then down on the sheet turns.
QUARTER = -0.41421356237309503


def _rounded(writer: _Writer, item: Rect, layer: str, polyline: bool) -> None:
    """A rectangle with rounded corners: one closed LWPOLYLINE with a bulge at each corner
    (``polyline``), else its sides as LINEs and its corners as ARCs (R12)."""
    x0, y0, x1, y1, r = item.x, item.y, item.x + item.w, item.y + item.h, item.r
    runs = [((x0 + r, y0), (x1 - r, y0)), ((x1, y0 + r), (x1, y1 - r)),
            ((x1 - r, y1), (x0 + r, y1)), ((x0, y1 - r), (x0, y0 + r))]
    if polyline:
        points = [(*writer.xy(p), bulge) for a, b in runs for p, bulge in ((a, 0.0),
                                                                           (b, QUARTER))]
        writer.msp.add_lwpolyline(points, format="xyb", close=True, dxfattribs={"layer": layer})
        return
    centres = ((x1 - r, y0 + r, 0), (x1 - r, y1 - r, 270), (x0 + r, y1 - r, 180),
               (x0 + r, y0 + r, 90))
    for (a, b), (cx, cy, start) in zip(runs, centres):
        writer.msp.add_line(writer.xy(a), writer.xy(b), dxfattribs={"layer": layer})
        writer.msp.add_arc(writer.xy((cx, cy)), r * writer.k, start, start + 90,
                           dxfattribs={"layer": layer})


def _furniture(writer: _Writer, item, dialect: str) -> None:
    """What is not an outlined area: panels, circles, lines, arrowheads, text."""
    if isinstance(item, Rect) and item.r and item.layer in ("Sign", "Trim"):
        _rounded(writer, item, "BLANK" if item.fill == WHITE else "TRIM", dialect != "r12")
    elif isinstance(item, Rect) and item.fill == WHITE and item.layer == "Sign":
        corners = ((item.x, item.y), (item.x + item.w, item.y),
                   (item.x + item.w, item.y + item.h), (item.x, item.y + item.h))
        if dialect == "hatch":
            writer.hatch([corners], WHITE, 7, "BLANK")  # ACI 7, true colour white
        else:
            writer.outline(corners, "BLANK", polyline=False)
    elif isinstance(item, Rect) and item.stroke:
        corners = ((item.x, item.y), (item.x + item.w, item.y),
                   (item.x + item.w, item.y + item.h), (item.x, item.y + item.h))
        writer.outline(corners, "TRIM", polyline=True)  # a closed trim LWPOLYLINE
    elif isinstance(item, Annulus):
        layer, aci = LAYERS[item.color]
        if dialect == "hatch":
            writer.hatch_annulus(item, aci, layer)
        else:
            writer.circle(item.cx, item.cy, item.r_out, layer, writer.arcs[0])
            writer.circle(item.cx, item.cy, item.r_in, layer, writer.arcs[1])
    elif isinstance(item, Disc):  # a mounting hole: a CIRCLE on its own layer, as CAM cuts it
        if "HOLES" not in writer.doc.layers:
            writer.doc.layers.add("HOLES", color=7)
        writer.circle(item.cx, item.cy, item.r, "HOLES", 0)
    elif isinstance(item, Line):
        layer = "DIM" if item.layer == "Dimensions" else "BORDER"
        writer.outline(item.points, layer, item.closed, polyline=False)
    elif isinstance(item, Poly) and item.layer == "Dimensions":
        a, b, c = (writer.xy(p) for p in item.points)
        writer.msp.add_solid([a, b, c, c], dxfattribs={"layer": "DIM"})
    elif isinstance(item, Text):
        writer.text(item)
    elif isinstance(item, Image):
        raise ValueError("the CAD cases draw no raster")


def commands(source: str, dialect: str) -> list[str]:
    """LibreCAD's print of ``source`` (NAME.pdf beside it), at 1:1 on the drawing's paper."""
    scale = DIALECTS[dialect][3]
    return ["librecad", "dxf2pdf", "-s", f"{scale:g}", source]
