"""The fifth batch of producers' proofs: the furniture a sign shop's proof carries that the
first four batches leave out, round correct signs and seeded defects alike.

Mounting holes (3/8 in circles, black, white, or white with a black keyline, at the
panel's corners or at an aid's top and bottom centre; CIRCLEs on a HOLES layer in CAD);
a title column or row with the shop's logo (a blue disc and a green triangle) or its
orange band with its name in white, colour swatches ("ORANGE 3M 3924" an orange 1 in
square, "WHITE 3M 3930" a white one with a black keyline), an "APPROVED / DATE /
SIGNATURE" box, a revision table and a QR-like grid of black squares; a red "APPROVED AS
NOTED" stamp; numbered balloons with leaders into the sign; a drop shadow under the
blank, rounded corners with a keyline; a print proof's guides (a magenta safe line
inside the blank and a cyan bleed line outside it, dashed or solid, a black trim line);
documents of three pages (a cover sheet of furniture alone, the sign, a detail page with
the sign at 1:2) from LibreOffice and Ghostscript; a landscape sheet of two kinds at two
heights; display heights 12, 18, 24, 30, 36 and 48 in; aid ids of 1 to 3 digits (WS-7,
WS-124, WS-135); information rectangles of 2 and 3 lines; a symbol buoy with words.

Seeded defects, one per file, each to get exactly its rule as an error: an information
rectangle 75 % of H, an exclusion in red #E31B23 and a danger diamond in amber #FFB81C
(RULES.md's colours that are not orange), a control circle's words above it, outlines of
1.5 and 1.75 in, blue letters, and an aid number of the wrong parity (WS-24 on green,
WS-135 on red).
"""

from __future__ import annotations

import hashlib
from dataclasses import replace

import marker_scene as ms
from truth import STICK_TEXT, Case, Marker, fails, passes

INK, LO, GS, MPL, CAD = "inkscape", "libreoffice", "ghostscript", "matplotlib", "librecad"
HOLE = 3 / 16  # a 3/8 in mounting hole's radius
GREY_SHADOW, LOGO_BLUE, LOGO_GREEN = "#999999", "#0033A0", "#009A44"
RED_E31B, AMBER_FFB8 = "#E31B23", "#FFB81C"  # RULES.md: red, and amber (not orange)
MAGENTA, CYAN = "#EC008C", "#00AEEF"  # process magenta and cyan: a print proof's guides


# ----------------------------------------------------------------------------- furniture

def holes(placed: ms.Placed, spots: str = "corners", fill: str | None = ms.BLACK,
          inset: float = 0.75, keyline: bool = False) -> list[ms.Disc]:
    """Mounting holes 3/8 in across, ``inset`` in from the panel's corners (``corners``)
    or at its top and bottom centre (``top-bottom``); white ones with a black keyline
    when ``keyline``."""
    x0, y0, x1, y1 = placed.x + inset, placed.y + inset, placed.right - inset, \
        placed.bottom - inset
    centres = ([(x0, y0), (x1, y0), (x0, y1), (x1, y1)] if spots == "corners" else
               [((placed.x + placed.right) / 2, y0), ((placed.x + placed.right) / 2, y1)])
    return [ms.Disc(cx, cy, HOLE, fill, ms.BLACK if keyline else None, 0.02 if keyline else 0)
            for cx, cy in centres]


def with_holes(placed: ms.Placed, *args, **kwargs) -> ms.Placed:
    """``placed`` with mounting holes (``holes``) painted over it."""
    return replace(placed, items=[*placed.items, *holes(placed, *args, **kwargs)])


def shadowed(placed: ms.Placed, offset: float = 0.35) -> ms.Placed:
    """``placed`` with a grey drop shadow of its blank ``offset`` in down and right."""
    blank = placed.items[0]
    shade = replace(blank, x=blank.x + offset, y=blank.y + offset, fill=GREY_SHADOW,
                    stroke=None, width=0.0, layer="Shadow")
    return replace(placed, items=[shade, *placed.items])


def guides(placed: ms.Placed, safe: float = 0.5, bleed: float | None = 0.125,
           dashed: bool = True, font: str = "liberation") -> list:
    """A print proof's guides: a magenta safe line ``safe`` in inside the blank, a cyan
    bleed line ``bleed`` in outside it (when given), dashed or solid, their names above
    the blank."""
    dash = (0.25, 0.15) if dashed else None
    out: list = [ms.Line(ms.rect_points(placed.x + safe, placed.y + safe, placed.w - 2 * safe,
                                        placed.h - 2 * safe), 0.02, MAGENTA, True, "Guides",
                         dash),
                 ms.Text(f"SAFE {safe:g} IN", placed.x, placed.y - 0.45, 0.3, MAGENTA, font,
                         "start", "Guides")]
    if bleed:
        out += [ms.Line(ms.rect_points(placed.x - bleed, placed.y - bleed, placed.w + 2 * bleed,
                                       placed.h + 2 * bleed), 0.02, CYAN, True, "Guides", dash),
                ms.Text("BLEED 1/8 IN", placed.x + 5, placed.y - 0.45, 0.3, CYAN, font, "start",
                        "Guides")]
    return out


def logo(x: float, y: float, font: str = "liberation") -> tuple[list, float]:
    """The shop's logo: a blue disc, a green triangle over it, the shop's name beside."""
    return [ms.Disc(x + 0.6, y + 0.6, 0.6, LOGO_BLUE, layer="Logo"),
            ms.Poly(((x + 0.6, y + 0.15), (x + 1.1, y + 1.05), (x + 0.1, y + 1.05)),
                    LOGO_GREEN, "Logo"),
            ms.Text("LAKESHORE SIGN CO.", x + 1.5, y + 0.8, 0.35, ms.BLACK, font, "start",
                    "Logo")], 1.4


def banner(x: float, y: float, w: float, font: str = "liberation") -> tuple[list, float]:
    """The shop's band across the top of its title column: orange, its name in white."""
    return [ms.Rect(x, y, w, 1.2, ms.ORANGE, layer="Banner"),
            ms.Text("LAKESHORE SIGN CO.", x + 0.3, y + 0.85, 0.5, ms.WHITE, font, "start",
                    "Banner")], 1.2


def swatches(x: float, y: float, orange: str = ms.ORANGE, font: str = "liberation"
             ) -> tuple[list, float]:
    """Colour swatches 1 in square with their names: orange, and white with a keyline."""
    return [ms.Rect(x, y, 1, 1, orange, layer="Swatches"),
            ms.Text("ORANGE 3M 3924", x + 1.3, y + 0.68, 0.3, ms.BLACK, font, "start",
                    "Swatches"),
            ms.Rect(x, y + 1.4, 1, 1, ms.WHITE, ms.BLACK, 0.02, "Swatches"),
            ms.Text("WHITE 3M 3930", x + 1.3, y + 2.08, 0.3, ms.BLACK, font, "start",
                    "Swatches")], 2.6


def _table(x: float, y: float, w: float, rows: list[list[str]], widths: list[float],
           layer: str, font: str, cap: float = 0.25) -> tuple[list, float]:
    """A ruled table: a row every 2.4 caps, columns ``widths`` (shares of ``w``)."""
    row = 2.4 * cap
    items: list = list(ms.frame(x, y, w, row * len(rows), layer=layer))
    edges = [x]
    for share in widths[:-1]:
        edges.append(edges[-1] + share * w)
    for i, cells in enumerate(rows):
        if i:
            items.append(ms.Line(((x, y + i * row), (x + w, y + i * row)), layer=layer))
        for left, text in zip(edges, cells, strict=True):
            if text:
                items.append(ms.Text(text, left + 0.12, y + i * row + (row + cap) / 2, cap,
                                     ms.BLACK, font, "start", layer))
    items += [ms.Line(((e, y), (e, y + row * len(rows))), layer=layer) for e in edges[1:]]
    return items, row * len(rows)


def approval(x: float, y: float, w: float, font: str = "liberation") -> tuple[list, float]:
    """The customer's approval box: APPROVED, DATE and SIGNATURE, each with room to sign."""
    return _table(x, y, w, [["APPROVED:", "[ ] AS IS  [ ] WITH CHANGES"], ["DATE:", ""],
                            ["SIGNATURE:", ""]], [0.35, 0.65], "Approval", font)


def revisions(x: float, y: float, w: float, font: str = "liberation") -> tuple[list, float]:
    """A revision table of two revisions."""
    return _table(x, y, w, [["REV", "DATE", "DESCRIPTION", "BY"],
                            ["A", "2024-01-05", "FIRST ISSUE", "JS"],
                            ["B", "2024-01-09", "HOLES ADDED", "MK"]],
                  [0.12, 0.28, 0.45, 0.15], "Revisions", font)


def qr(x: float, y: float, n: int = 25, module: float = 0.05) -> tuple[list, float]:
    """A QR-like grid: three finder squares and modules set by a fixed hash, black runs
    along each row drawn as one rectangle each."""
    def finder(i: int, j: int) -> bool:
        for fi, fj in ((0, 0), (0, n - 7), (n - 7, 0)):
            a, b = i - fi, j - fj
            if 0 <= a < 7 and 0 <= b < 7:
                return max(abs(a - 3), abs(b - 3)) in (0, 1, 3)
        return hashlib.sha256(f"{i},{j}".encode()).digest()[0] < 128

    items = []
    for i in range(n):
        j = 0
        while j < n:
            if finder(i, j):
                start = j
                while j < n and finder(i, j):
                    j += 1
                items.append(ms.Rect(x + start * module, y + i * module,
                                     (j - start) * module, module, ms.BLACK, layer="QR"))
            j += 1
    return items, n * module


def stamp(x: float, y: float, font: str = "liberation") -> list:
    """A red rubber stamp: "APPROVED AS NOTED" in a red frame."""
    words = ms.Text("APPROVED AS NOTED", x + 0.4, y + 1.1, 0.6, ms.RED, font, "start",
                    "Stamp")
    edge = ms.frame(x, y, ms.advance(font, words.text) * words.size + 0.8, 1.6, width=0.06)[0]
    return [replace(edge, color=ms.RED, layer="Stamp"), words]


def balloons(placed: ms.Placed, x: float, targets: list[tuple[float, float, str]],
             font: str = "liberation") -> list:
    """Numbered balloons at ``x`` with leaders to points on the sign (shares of its box)
    and their notes beside them: a proof's callouts."""
    out: list = []
    for n, (fx, fy, note) in enumerate(targets, 1):
        cy = placed.y + fy * placed.h
        tip = (placed.x + fx * placed.w, cy + 1.5)
        out += [ms.Disc(x, cy, 0.5, None, ms.BLACK, 0.02, "Callouts"),
                ms.Text(str(n), x, cy + 0.2, 0.4, ms.BLACK, font, layer="Callouts"),
                ms.Line(((x - 0.5, cy), tip), layer="Callouts"),
                ms.Text(note, x + 1.0, cy + 0.15, 0.3, ms.BLACK, font, "start", "Callouts")]
    return out


def column(x: float, y: float, w: float, parts: list, font: str = "liberation") -> list:
    """Furniture stacked down a column ``w`` wide from (x, y), 0.6 in apart: each part a
    title (a list of lines), or one of "logo", "banner", "swatches", "approval",
    "revisions", "qr"."""
    items: list = []
    for part in parts:
        if isinstance(part, list):
            got, height = ms.title_block(x, y, w, part, font=font), 2.5 * 0.4 * len(part)
        elif part == "logo":
            got, height = logo(x, y, font)
        elif part == "swatches":
            got, height = swatches(x, y, font=font)
        elif isinstance(part, tuple):  # ("swatches", orange)
            got, height = swatches(x, y, part[1], font)
        elif part == "qr":
            got, height = qr(x, y)
        elif part == "banner":
            got, height = banner(x, y, w, font)
        else:
            got, height = {"approval": approval, "revisions": revisions}[part](x, y, w, font)
        items += got
        y += height + 0.6
    return items


def proof(placed: ms.Placed, parts: list, *, font: str = "liberation",
          border: str = "closed", width: float = 11.0) -> ms.Sheet:
    """A shop's proof: the sign 2 in from the page's corner, a column of furniture
    ``width`` wide right of it, a border 0.5 in inside the page's edge."""
    x = placed.right + 2
    stuff = column(x, placed.y, width, parts, font)
    bottom = max([placed.bottom] + [_bottom(i) for i in ms.flat(stuff)])
    w, h = x + width + 1.5, bottom + 2
    return ms.sheet(w, h, ms.frame(0.5, 0.5, w - 1, h - 1, border), placed.items, stuff)


def _bottom(item) -> float:
    if isinstance(item, ms.Rect):
        return item.y + item.h
    if isinstance(item, ms.Text):
        return item.y
    if isinstance(item, ms.Line):
        return max(p[1] for p in item.points)
    if isinstance(item, ms.Poly):
        return max(p[1] for p in item.points)
    if isinstance(item, ms.Disc):
        return item.cy + item.r
    return 0.0


def cover(width: float, height: float, what: list[str], font: str = "liberation"
          ) -> ms.Sheet:
    """A cover sheet: no marker, only the shop's furniture and what the proof is of."""
    items = [*ms.frame(0.5, 0.5, width - 1, height - 1), *logo(2, 2, font)[0],
             ms.Text("PROOF FOR APPROVAL", 2, 5.5, 0.8, ms.BLACK, font, "start", "Cover"),
             *ms.notes(2, 6.5, ["CUSTOMER: TOWN OF LAKEVIEW", *what,
                                "SHEET 1: COVER  SHEET 2: SIGN 1:1  SHEET 3: DETAIL 1:2"],
                       0.35, font),
             *column(2, 12, min(14.0, width - 4), ["approval", "revisions", "qr"], font)]
    return ms.Sheet(width, height, items)


def three_pages(placed: ms.Placed, title: str, font: str = "liberation") -> ms.Sheet:
    """A cover sheet, the sign at 1:1 with its title block, and a detail page with the
    sign at 1:2 and a title block at the paper's size saying so."""
    sign = ms.framed(placed, [f"SHEET 2: {title}", "SCALE 1:1"], font=font)
    drawn = ms.at_scale(ms.Sheet(placed.right, placed.bottom, list(placed.items)), 0.5)
    w, h = placed.w * 0.5, placed.h * 0.5
    detail = ms.sheet(sign.width, sign.height, ms.frame(0.5, 0.5, sign.width - 1,
                                                        sign.height - 1),
                      ms.Group(tuple(drawn.items), 1.0, 2 - placed.x * 0.5,
                               2 - placed.y * 0.5),
                      ms.title_block(2, h + 3.5, max(w, 10), [f"SHEET 3: DETAIL, {title}",
                                                               "SCALE 1:2"], font=font))
    first = cover(sign.width, sign.height, [f"ITEM: {title}"], font)
    return ms.Sheet(first.width, first.height, first.items, (sign, detail))


# ----------------------------------------------------------------------------- Inkscape

def _ink_danger_holes() -> ms.Sheet:
    sign = with_holes(ms.danger(2, 2, 18, below="ROCKS", cap=2.0))
    return proof(sign, ["logo", ["ITEM: 18 IN DANGER SIGN", "SCALE 1:1"], "swatches",
                        "approval"])


def _ink_red_three_digits() -> ms.Sheet:
    face = ms.aid_red(2, 2, 30, "WS-124")
    tri = face.items[0].points
    apex_y = tri[0][1]
    spots = [ms.Disc(tri[0][0], apex_y + 4.0, HOLE, ms.WHITE),
             ms.Disc(tri[0][0], face.bottom - 0.9, HOLE, ms.WHITE)]
    return proof(replace(face, items=[*face.items, *spots]),
                 [["WS-124 RED AID, 30 IN", "0.080 AL, RED 3M 3932"], "revisions",
                  "approval"])


def _ink_control_shadow() -> ms.Sheet:
    sign = ms.rounded(ms.control(2, 2, 36, ["NO", "WAKE"], cap=4.0,
                                 margin=ms.square_margin(36)), 1.5, 0.03)
    sign = with_holes(shadowed(sign), fill=ms.WHITE, inset=1.0, keyline=True)
    return proof(sign, ["logo", ["36 IN CONTROL SIGN", "BLANK: 1.5 IN RADIUS"], "swatches",
                        "qr"])


def _ink_information_75() -> ms.Sheet:
    """Defect: the rectangle's mean height 75 % of H (13.5 in on an 18 in sign)."""
    sign = with_holes(ms.information(2, 2, 18, ["NO", "WAKE"], cap=2.0, symbol_h=20.25))
    return proof(sign, [["ITEM: 18 IN INFORMATION SIGN"], "swatches", "qr"])


def _ink_control_rounded_bare() -> ms.Sheet:
    """A blank as cut: rounded corners, a keyline, white holes with a keyline, nothing
    stating its size."""
    sign = ms.rounded(ms.control(2, 2, 36, ["NO", "WAKE"], cap=4.0,
                                 margin=ms.square_margin(36)), 1.5, 0.03)
    sign = with_holes(sign, fill=ms.WHITE, inset=1.0, keyline=True)
    return ms.sheet(sign.right + 2, sign.bottom + 2, sign.items)


def _ink_control_guides() -> ms.Sheet:
    sign = ms.control(2, 2, 30, ["SLOW", "NO", "WAKE"], cap=2.8, margin=ms.square_margin(30))
    return proof(replace(sign, items=[*sign.items, *guides(sign)]),
                 [["30 IN CONTROL SIGN", "PRINT: 3M IJ180, BLEED 1/8 IN"], "approval"])


def _ink_center_stamp() -> ms.Sheet:
    face = with_holes(ms.aid_center(2, 2, 24, "WS-A"), inset=1.0)
    sheet = proof(face, [["WS-A CENTER AID, 24 IN"], "approval"])
    return sheet.add(stamp(face.right + 2, 8.5))


# ----------------------------------------------------------------------------- LibreOffice

def _lo_three_pages() -> ms.Sheet:
    sign = with_holes(ms.information(2, 2, 30, ["NO WAKE", "ZONE", "300 FT"], cap=3.0))
    return three_pages(sign, "30 IN INFORMATION SIGN")


def _lo_landscape_two_kinds() -> ms.Sheet:
    danger = with_holes(ms.danger(2, 2, 12, below="ROCKS", cap=1.2), inset=0.6)
    control = with_holes(ms.control(danger.right + 3, 2, 18, ["5 MPH"], cap=1.8,
                                    margin=ms.square_margin(18)))
    width = control.right + 2
    stuff = [*ms.title_block(2, 22, 16, ["12 IN DANGER SIGN, 18 IN CONTROL SIGN",
                                         "SCALE 1:1"]),
             *logo(19, 22)[0], *swatches(control.right - 5, 22)[0]]
    return ms.sheet(width, 26, ms.frame(0.5, 0.5, width - 1, 25), danger.items,
                    control.items, stuff)


def _lo_green_holes() -> ms.Sheet:
    face = with_holes(ms.aid_green(2, 2, 18, "WS-7"), fill=ms.WHITE, inset=0.6)
    return proof(face, ["logo", ["WS-7 GREEN AID, 18 IN"], "approval"])


def _lo_control_banner() -> ms.Sheet:
    sign = with_holes(ms.control(2, 2, 24, ["SLOW", "NO", "WAKE"], cap=2.2,
                                 margin=ms.square_margin(24)))
    return proof(sign, ["banner", ["24 IN CONTROL SIGN", "SCALE 1:1"], "swatches",
                        "approval"])


def _lo_exclusion_guides() -> ms.Sheet:
    sign = ms.exclusion(2, 2, 24, below="KEEP OUT", cap=2.5)
    return proof(replace(sign, items=[*sign.items, *guides(sign, 0.4, dashed=False)]),
                 ["logo", ["ITEM: 24 IN EXCLUSION SIGN"], "swatches"])


def _lo_exclusion_red() -> ms.Sheet:
    """Defect: the symbol in red #E31B23, the swatch beside it too."""
    sign = with_holes(ms.exclusion(2, 2, 30, below="KEEP OUT", cap=2.5, color=RED_E31B))
    return proof(sign, [["ITEM: 30 IN EXCLUSION SIGN"], ("swatches", RED_E31B), "approval"])


def _lo_control_words_above() -> ms.Sheet:
    """Defect: a control circle with its words above it on the panel, none inside."""
    cap, font = 2.0, "liberation"
    band = 2 * cap
    inner = ms.control(2, 2 + band, 24, [], cap=cap, margin=ms.square_margin(24), font=font)
    panel = inner.items[0]
    words = ms.legend_lines(["NO WAKE"], panel.x + panel.w / 2, 2 + band / 2, cap, font)
    sign = ms.Placed([replace(panel, y=2, h=panel.h + band), *inner.items[1:], *words],
                     2, 2, panel.w, panel.h + band)
    return proof(with_holes(sign), [["24 IN CONTROL SIGN"], "approval"], font=font)


# ----------------------------------------------------------------------------- Ghostscript

def _gs_danger_48() -> ms.Sheet:
    sign = with_holes(ms.danger(2, 2, 48, below="ROCKS", cap=4.0, font="nimbus"), inset=1.0)
    return proof(sign, ["logo", ["ITEM: 48 IN DANGER SIGN", "0.125 AL"], "revisions",
                        "approval"], font="nimbus", border="lines")


def _gs_green_135() -> ms.Sheet:
    face = with_holes(ms.aid_green(2, 2, 36, "WS-135", font="nimbus"), "top-bottom",
                      ms.WHITE)
    return proof(face, ["logo", ["WS-135 GREEN AID, 36 IN"], "qr"], font="nimbus")


def _gs_danger_banner() -> ms.Sheet:
    """Defect: an outline of 1.75 in, on a proof with the shop's orange band."""
    sign = with_holes(ms.danger(2, 2, 36, below="ROCKS", cap=3.0, outline=1.75,
                                font="nimbus"))
    return proof(sign, ["banner", ["ITEM: 36 IN DANGER SIGN"], "revisions"], font="nimbus")


def _gs_danger_guides() -> ms.Sheet:
    sign = ms.danger(2, 2, 24, below="ROCKS", cap=2.5, font="nimbus")
    trim = ms.Rect(sign.x, sign.y, sign.w, sign.h, None, ms.BLACK, 0.01, "Trim")
    return proof(replace(sign, items=[*sign.items, trim, *guides(sign, 0.4, None,
                                                                 font="nimbus")]),
                 [["ITEM: 24 IN DANGER SIGN", "TRIM, SAFE 0.4 IN"], "revisions"],
                 font="nimbus")


def _gs_control_callouts() -> ms.Sheet:
    sign = with_holes(ms.control(2, 2, 24, ["5 MPH"], cap=2.5, font="nimbus",
                                 margin=ms.square_margin(24)))
    notes_x = sign.right + 2.5
    callouts = balloons(sign, notes_x, [(0.85, 0.2, "ORANGE 3M 3924"),
                                        (0.7, 0.45, "BLACK 3M 3930-12"),
                                        (0.96, 0.85, "4X 3/8 IN HOLES")], "nimbus")
    sheet = proof(sign, [["24 IN CONTROL SIGN"]], font="nimbus", width=12.0)
    return sheet.add(callouts)


def _gs_three_pages() -> ms.Sheet:
    sign = with_holes(ms.control(2, 2, 18, ["SLOW", "NO", "WAKE"], cap=1.5, font="nimbus",
                                 margin=ms.square_margin(18)), inset=0.6)
    return three_pages(sign, "18 IN CONTROL SIGN", font="nimbus")


def _gs_buoy_words() -> ms.Sheet:
    buoy = ms.buoy_elevation(3, 1, 15, "control", "NO|WAKE", diameter=16, font="nimbus")
    stuff = column(buoy.right + 5, 2, 11, ["logo", ["CONTROL BUOY, 15 IN DISPLAY AREA",
                                                     "16 IN DIA., 40 IN ABOVE WATER"],
                                           "approval"], "nimbus")
    return ms.sheet(buoy.right + 17, buoy.bottom + 3, buoy.items, stuff)


def _gs_control_thin() -> ms.Sheet:
    """Defect: an outline of 1.5 in."""
    sign = with_holes(ms.control(2, 2, 30, ["5 MPH"], cap=3.0, outline=1.5, font="nimbus",
                                 margin=ms.square_margin(30)))
    return proof(sign, [["30 IN CONTROL SIGN"], "qr", "approval"], font="nimbus")


# ----------------------------------------------------------------------------- matplotlib

def _mpl_information_holes() -> ms.Sheet:
    sign = with_holes(ms.information(1, 1, 18, ["BOAT", "LAUNCH"], cap=2.25, font="dejavu"))
    x = sign.right + 1.5
    return ms.sheet(x + 11, max(sign.bottom + 1, 13), sign.items,
                    column(x, 1, 10, ["logo", ["18 IN INFORMATION SIGN"], "swatches"],
                           "dejavu"))


def _mpl_information_guides() -> ms.Sheet:
    """Defect: blue letters, on a proof with its guides."""
    sign = ms.information(1, 1.5, 18, ["NO", "WAKE"], cap=2.25, font="dejavu",
                          legend_color="#003F87")
    return ms.sheet(sign.right + 12.5, sign.bottom + 1, sign.items, guides(sign, 0.75,
                                                                          font="dejavu"),
                    column(sign.right + 1.5, 1.5, 10, [["18 IN INFORMATION SIGN"]], "dejavu"))


def _mpl_danger_amber() -> ms.Sheet:
    """Defect: the diamond in amber #FFB81C."""
    sign = shadowed(ms.danger(1, 1, 30, below="ROCKS", cap=3.0, color=AMBER_FFB8,
                              font="dejavu"))
    return ms.sheet(sign.right + 13, sign.bottom + 2, sign.items,
                    column(sign.right + 1.5, 1, 10, [["30 IN DANGER SIGN"], "approval"],
                           "dejavu"))


def _mpl_green_even() -> ms.Sheet:
    """Defect: WS-24 (even) on a green aid with mounting holes."""
    face = with_holes(ms.aid_green(1, 1, 24, "WS-24", font="dejavu"), fill=ms.WHITE)
    return ms.sheet(face.right + 12.5, face.bottom + 1, face.items,
                    column(face.right + 1.5, 1, 10, ["logo", ["WS-24 GREEN AID, 24 IN"]],
                           "dejavu"))


def _mpl_red_odd() -> ms.Sheet:
    """Defect: WS-135 (odd) on a red aid."""
    face = ms.aid_red(1, 1, 36, "WS-135", font="dejavu")
    return ms.sheet(face.right + 12.5, face.bottom + 1, face.items,
                    column(face.right + 1.5, 1, 10, [["WS-135 RED AID, 36 IN"], "revisions"],
                           "dejavu"))


# ----------------------------------------------------------------------------- LibreCAD

def _cad_control_holes() -> ms.Sheet:
    sign = with_holes(ms.control(2, 2, 18, ["5 MPH"], cap=1.5,
                                 margin=ms.square_margin(18)), inset=0.6)
    return proof(sign, [["18 IN CONTROL SIGN"], "revisions"], border="lines")


def _cad_information_holes() -> ms.Sheet:
    sign = with_holes(ms.information(2, 2, 24, ["NO", "WAKE"], cap=2.5, pad=1.5))
    return proof(sign, [["24 IN INFORMATION SIGN"], "revisions"], border="lines")


CASES: tuple[Case, ...] = (
    Case(INK, "danger-18-holes-swatches", _ink_danger_holes, passes("danger", 18),
         "black mounting holes at the corners; a column of logo, title, orange and white "
         "swatches, approval box"),
    Case(INK, "aid-red-30-ws-124-holes", _ink_red_three_digits, passes("aid-red", 30),
         "three-digit id WS-124, white holes at the top and bottom centre, revision table",
         {"units": "cm"}),
    Case(INK, "control-36-shadow-rounded", _ink_control_shadow, passes("control", 36),
         "drop shadow #999999, 1.5 in corners and a keyline, white holes with a keyline, "
         "swatches, QR grid"),
    Case(INK, "information-18-rect-75", _ink_information_75,
         fails("information", 18, "symbol-size"),
         "defect: the rectangle's mean height 75 % of H; holes, swatches, QR grid"),
    Case(INK, "control-36-rounded-bare", _ink_control_rounded_bare,
         passes("control", 36, "inferred"),
         "a blank as cut: 1.5 in corners, a keyline, white holes with a keyline; no title"),
    Case(LO, "control-24-orange-band", _lo_control_banner, passes("control", 24),
         "the shop's orange band with its name in white atop the title column, holes, "
         "swatches, approval box"),
    Case(GS, "danger-36-band-outline-1.75", _gs_danger_banner,
         fails("danger", 36, "outline-width"),
         "defect: outline 1.75 in; the shop's orange band, holes, revision table"),
    Case(INK, "control-30-safe-bleed-dashed", _ink_control_guides, passes("control", 30),
         "a magenta safe line 0.5 in inside the blank and a cyan bleed line 1/8 in outside "
         "it, dashed, named above the blank"),
    Case(LO, "exclusion-24-safe-bleed", _lo_exclusion_guides, passes("exclusion", 24),
         "solid magenta safe line 0.4 in inside the blank, cyan bleed line, logo, swatches"),
    Case(GS, "danger-24-trim-safe", _gs_danger_guides, passes("danger", 24),
         "a black trim line at the blank's edge, a dashed magenta safe line 0.4 in inside"),
    Case(MPL, "information-18-guides-blue-letters", _mpl_information_guides,
         fails("information", 18, "reg-legend-color"),
         "defect: blue #003F87 letters; dashed safe and bleed lines",
         {"outputs": (".pdf", ".svg")}),
    Case(INK, "aid-center-24-holes-stamp", _ink_center_stamp, passes("aid-center", 24),
         "black holes on the white edge stripes, a red APPROVED AS NOTED stamp beside"),
    Case(GS, "control-24-callouts", _gs_control_callouts, passes("control", 24),
         "numbered balloons with leaders into the sign and their notes, holes"),
    Case(LO, "three-pages-information-30", _lo_three_pages,
         (Marker("information", "pass", 30), Marker("information", "pass", 30)),
         "cover sheet (logo, approval, revisions, QR), the sign with holes at 1:1, a "
         "detail page at 1:2; three lines"),
    Case(LO, "landscape-danger-12-control-18", _lo_landscape_two_kinds,
         (Marker("danger", "pass", 12), Marker("control", "pass", 18)),
         "landscape sheet of two kinds at two heights, holes, title row with logo and "
         "swatches", {"orientation": "landscape"}),
    Case(LO, "aid-green-18-ws-7-holes", _lo_green_holes, passes("aid-green", 18),
         "white holes on the green at the corners, logo, approval box", {"custom_rects": True}),
    Case(LO, "exclusion-30-red", _lo_exclusion_red,
         fails("exclusion", 30, "reg-symbol-color"),
         "defect: red #E31B23 for orange (its swatch too)"),
    Case(LO, "control-24-words-above", _lo_control_words_above,
         fails("control", 24, "reg-control-legend"),
         "defect: the circle empty, its words above it on the panel; holes"),
    Case(GS, "danger-48-holes-revisions", _gs_danger_48, passes("danger", 48),
         "holes, logo, revision table, approval box, border of 4 lines"),
    Case(GS, "aid-green-36-ws-135", _gs_green_135, passes("aid-green", 36),
         "three-digit id WS-135, white holes at the top and bottom centre, logo, QR grid"),
    Case(GS, "three-pages-control-18", _gs_three_pages,
         (Marker("control", "pass", 18), Marker("control", "pass", 18)),
         "cover sheet, the sign with holes at 1:1, a detail page at 1:2"),
    Case(GS, "buoy-control-15-approval", _gs_buoy_words, passes("buoy-symbol", 15),
         "control symbol buoy with NO WAKE in its circle, logo, title, approval box"),
    Case(GS, "control-30-outline-1.5-holes", _gs_control_thin,
         fails("control", 30, "outline-width"), "defect: outline 1.5 in; holes, QR grid"),
    Case(MPL, "information-18-holes-column", _mpl_information_holes,
         passes("information", 18), "two lines, black holes, logo, swatches",
         {"outputs": (".pdf", ".svg")}),
    Case(MPL, "danger-30-amber-shadow", _mpl_danger_amber,
         fails("danger", 30, "reg-symbol-color"), "defect: amber #FFB81C; a drop shadow"),
    Case(MPL, "aid-green-24-ws-24-holes", _mpl_green_even,
         fails("aid-green", 24, "aid-id-parity"), "defect: WS-24 (even) on green; white holes",
         {"outputs": ("-type42.pdf",)}),
    Case(MPL, "aid-red-36-ws-135", _mpl_red_odd, fails("aid-red", 36, "aid-id-parity"),
         "defect: WS-135 (odd) on red; revision table", {"outputs": (".svg",)}),
    Case(CAD, "control-18-r12-holes", _cad_control_holes, passes("control", 18),
         "R12, mounting holes as CIRCLEs on layer HOLES, revision table of LINEs",
         {"dialect": "r12"}, by_output={".pdf": (None, "review", STICK_TEXT)}),
    Case(CAD, "information-24-mm-holes", _cad_information_holes, passes("information", 24),
         "R2000 in mm, holes as CIRCLEs on layer HOLES, revision table", {"dialect": "mm"},
         by_output={".pdf": (None, "review", STICK_TEXT)}),
)
