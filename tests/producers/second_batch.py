"""The second batch of producers' proofs: other kinds, display heights and layouts than
the first (make_producers.py), drawn as a held-out test of the checker would draw them.

Kinds: an information sign with a message of several lines, an exclusion with words
above and below, danger with words above and below, green and centre aids, symbol buoy
elevations with a control circle and an exclusion diamond; display heights 15, 30, 36
and 48 in. Layouts: a landscape sheet of three signs, title blocks right of or above the
sign, dimension lines on both axes (DIMENSION entities in CAD), a drawing sheet's zoned
border (ANSI Y14.1 / ISO 5457), documents in mm and cm, a proof at a stated scale of
1:4, signs drawn in a group whose transform scales them into place (an INSERT of a
BLOCK in CAD), clip paths, a spot ink (a PostScript Separation colour space), CMYK and
the RGB oranges RULES.md lists. Seeded defects, one per file, each to get exactly its
rule as an error: a brown symbol, words only outside a control circle, only outside an
information rectangle, blue letters on an information sign, a grey centre, an outline
of 1.75 in, aid letters 2.5 in high, a control circle 1.3 % out of round, a diamond for
33 in on a 36 in sign, and a symbol buoy 30 in above the water.

Every sheet is laid out with marker_scene's spec geometry (its fit checks refuse a
legend out of place), so each truth is right by construction.
"""

from __future__ import annotations

import marker_scene as ms
from truth import STICK_TEXT, Case, Marker, fails, passes

#: What LibreCAD's print of a title in its stick font leaves the checker (truth.STICK_TEXT).
STICK_SIZE = ("LibreCAD plots the title's TEXT in its stick font of hairlines, which cannot "
              "be confirmed as letters: the size it states is unread, so a symbol too small "
              "for the panel's H is a review, not a fail")

INK, LO, GS, MPL, CAD = "inkscape", "libreoffice", "ghostscript", "matplotlib", "librecad"

#: RGB oranges of RULES.md's orange family (beside #FF4F00 and FHWA's #E57200).
ORANGE_6600, ORANGE_F265, ORANGE_7F00, ORANGE_F479 = "#FF6600", "#F26522", "#FF7F00", "#F47920"
BROWN, GREY, BLUE = "#8B4513", "#CCCCCC", "#003F87"


# ----------------------------------------------------------------------------- Inkscape

def _ink_information_cm() -> ms.Sheet:
    """A 30 in information sign of three lines in one text, drawn at half size in a
    group scaled 2x into place; a cm document; the title block right of the sign."""
    sign = ms.information(2, 2, 30, ["BOAT LAUNCH", "PARKING", "500 FT"], cap=3.0,
                          block=True)
    title = ms.title_block(sign.right + 2, sign.y, 12,
                           ["INFORMATION SIGN", "DISPLAY AREA 30 IN", "SCALE 1:1"])
    width = sign.right + 16
    return ms.sheet(width, sign.bottom + 2, ms.frame(0.5, 0.5, width - 1, sign.bottom + 1),
                  ms.grouped(sign, 2.0).items, title)


def _ink_green_clip() -> ms.Sheet:
    """A 15 in green aid whose face is a larger green rectangle clipped to the square;
    a zoned drawing border; the title above the sign."""
    face = ms.aid_green(8, 8, 15, "WS-7")
    square, *letters = face.items
    clipped = ms.Clip((ms.Rect(square.x - 3, square.y - 3, square.w + 6, square.h + 6,
                               ms.GREEN),), (square.x, square.y, square.w, square.h))
    return ms.sheet(31, 28, ms.zoned_border(31, 28), ms.title_block(8, 3, 15, [
        "WS-7 GREEN AID, 15 IN"]), clipped, letters)


def _ink_exclusion_dims() -> ms.Sheet:
    """A 36 in exclusion with words above and below, orange #FF6600, the diamond's
    width and height dimensioned (both axes)."""
    sign = ms.exclusion(6, 4, 36, above="SWIM AREA", below="KEEP OUT", color=ORANGE_6600)
    ring = sign.items[1]
    top, right, bottom, left = ring.outer
    dims = [*ms.dimension(left, (right[0], left[1]), left[1] - sign.y + 1.5, '24.00"'),
            *ms.dimension((left[0], bottom[1]), (left[0], top[1]), left[0] - sign.x + 3.5,
                          '34.28"')]
    return ms.sheet(sign.right + 4, sign.bottom + 4, ms.frame(0.5, 0.5, sign.right + 3,
                                                               sign.bottom + 3), sign.items,
                  dims, ms.notes(sign.x, sign.bottom + 0.5, ["36 IN EXCLUSION SIGN"], 0.5))


def _ink_danger_brown() -> ms.Sheet:
    sign = ms.danger(2, 2, 30, below="ROCKS", color=BROWN)
    return ms.framed(sign, ["ITEM: 30 IN DANGER SIGN"])


def _ink_control_group() -> ms.Sheet:
    """A 48 in control sign drawn at 4x in a group scaled 0.25 into place, orange
    #FF7F00, the title above it."""
    sign = ms.control(2, 5, 48, ["SLOW", "NO", "WAKE"], cap=4.0, color=ORANGE_7F00,
                      margin=ms.square_margin(48))
    return ms.sheet(sign.right + 2, sign.bottom + 2,
                  ms.title_block(2, 1.5, 20, ["48 IN CONTROL SIGN"], cap=0.6),
                  ms.grouped(sign, 0.25).items)


def _ink_information_outside() -> ms.Sheet:
    """Defect: an information rectangle with its message below it, none inside."""
    sign = ms.information(2, 2, 15, ["SLOW"], cap=1.5, pad=3.0)
    ring = sign.items[1]
    below = ms.legend_lines(["BOAT LAUNCH"], sign.x + sign.w / 2, sign.bottom + 1.5, 1.5,
                            "liberation")
    panel = ms.Rect(sign.x, sign.y, sign.w, sign.h + 3)
    return ms.framed(ms.Placed([panel, ring, *below], sign.x, sign.y, sign.w, sign.h + 3),
                   ["ITEM: 15 IN INFORMATION SIGN"])


# ----------------------------------------------------------------------------- LibreOffice

def _lo_three_signs() -> ms.Sheet:
    """A landscape sheet of three 15 in signs side by side, a title block along the
    bottom."""
    danger = ms.danger(2, 2, 15, below="ROCKS", cap=1.5)
    control = ms.control(danger.right + 3, 2, 15, ["5 MPH"], cap=1.4,
                         margin=ms.square_margin(15))
    info = ms.information(control.right + 3, 2, 15, ["NO WAKE"], cap=1.875)
    width = info.right + 2
    return ms.sheet(width, 24, ms.frame(0.5, 0.5, width - 1, 23), danger.items, control.items,
                  info.items, ms.title_block(2, 19, width - 4, ["THREE 15 IN SIGNS",
                                                                "SCALE 1:1"]))


def _lo_center_grouped() -> ms.Sheet:
    """A 30 in centre aid as one Draw group, in cm, the title right of it."""
    face = ms.aid_center(2, 2, 30, "WS-C")
    return ms.sheet(48, 34, ms.frame(0.5, 0.5, 47, 33), ms.Group(tuple(face.items)),
                  ms.title_block(34, 2, 12, ["WS-C CENTER AID", "76.2 cm"]))


def _lo_danger_above_below() -> ms.Sheet:
    """A 36 in danger sign with words above and below, orange #F26522, in mm, the
    title block above it."""
    sign = ms.danger(2, 5, 36, above="DANGER", below="ROCKS", cap=2.5, color=ORANGE_F265)
    return ms.sheet(sign.right + 2, sign.bottom + 2,
                  ms.title_block(2, 1.5, 18, ["ITEM: 36 IN DANGER SIGN"]), sign.items)


def _lo_control_outside() -> ms.Sheet:
    """Defect: a control circle with nothing inside, its words below the circle."""
    sign = ms.control(2, 2, 24, [], below="SLOW NO WAKE", cap=2.0)
    return ms.framed(sign, ["24 IN CONTROL SIGN"])


def _lo_information_blue() -> ms.Sheet:
    """Defect: blue letters on an information sign."""
    sign = ms.information(2, 2, 18, ["MARINA"], cap=2.4, legend_color=BLUE)
    return ms.framed(sign, ["18 IN INFORMATION SIGN"])


# ----------------------------------------------------------------------------- Ghostscript

def _gs_exclusion_spot() -> ms.Sheet:
    """A 30 in exclusion in a spot ink (FHWA orange as 'PANTONE 152 C'), words above and
    below, a zoned border, the title block under it."""
    sign = ms.exclusion(3, 3, 30, above="NO BOATS", below="SWIM AREA", cap=2.5,
                        color=ms.FHWA_ORANGE, font="nimbus")
    width, height = sign.right + 3, sign.bottom + 6
    return ms.sheet(width, height, ms.zoned_border(width, height, font="nimbus"), sign.items,
                  ms.title_block(sign.x, sign.bottom + 1.2, sign.w, [
                      "ITEM: 30 IN EXCLUSION SIGN"], font="nimbus"))


def _gs_control_quarter() -> ms.Sheet:
    """A 36 in control sign drawn at 1:4 (9 in on the paper), the title block at full
    size saying so."""
    sign = ms.control(0, 0, 36, ["NO", "WAKE"], cap=3.5, font="nimbus",
                      margin=ms.square_margin(36))
    drawn = ms.at_scale(ms.Sheet(sign.w, sign.h, list(sign.items)), 0.25)
    moved = [ms.Group(tuple(drawn.items), 1.0, 1.5, 1.5)]
    return ms.sheet(12, 15, ms.frame(0.5, 0.5, 11, 14), moved, ms.title_block(
        1.5, 11.5, 9, ["36 IN CONTROL SIGN", "SCALE 1:4"], font="nimbus"))


def _gs_red_clip() -> ms.Sheet:
    """A 30 in red aid drawn at 2x in a group scaled 0.5 into place, in a clip path round
    its triangle's box."""
    face = ms.aid_red(2, 2, 30, "WS-6", font="nimbus")
    group = ms.grouped(face, 0.5).items
    clipped = ms.Clip(tuple(group), (face.x, face.y, face.w, face.h))
    return ms.sheet(face.right + 2, face.bottom + 4, clipped, ms.notes(
        face.x, face.bottom + 0.6, ["WS-6 RED AID, 30 IN"], 0.4, "nimbus"))


def _gs_danger_cmyk() -> ms.Sheet:
    """A 48 in danger sign in CMYK, words below, its diamond's width and its display
    area's height dimensioned."""
    sign = ms.danger(5, 3, 48, below="ROCKS", cap=4.0, font="nimbus")
    ring = sign.items[1]
    _, right, _, left = ring.outer
    dims = [*ms.dimension((left[0], sign.y + 48), (right[0], sign.y + 48),
                          -(sign.bottom - sign.y - 48) - 1.5, '32"', cap=0.8, font="nimbus"),
            *ms.dimension((sign.x, sign.y + 48), (sign.x, sign.y), 3.0, '48"', cap=0.8,
                          font="nimbus")]
    return ms.sheet(sign.right + 3, sign.bottom + 5, ms.frame(0.5, 0.5, sign.right + 2,
                                                               sign.bottom + 4, "lines"),
                  sign.items, dims)


def _gs_information_grey() -> ms.Sheet:
    """Defect: an information rectangle whose centre is painted grey #CCCCCC."""
    sign = ms.information(2, 2, 15, ["BOAT", "RAMP"], cap=1.8, center=GREY, font="nimbus")
    return ms.framed(sign, ["15 IN INFORMATION SIGN"], font="nimbus")


def _gs_buoy_short() -> ms.Sheet:
    """Defect: an exclusion symbol buoy 30 in above the water (36 in is the least)."""
    buoy = ms.buoy_elevation(3, 1, 12, "exclusion", diameter=12, above_water=30,
                             font="nimbus")
    return ms.sheet(buoy.right + 3, buoy.bottom + 3, buoy.items)


# ----------------------------------------------------------------------------- matplotlib

def _mpl_center() -> ms.Sheet:
    """A 15 in centre aid, the title block right of it."""
    face = ms.aid_center(1, 1, 15, "WS-D", font="dejavu")
    return ms.sheet(face.right + 12, face.bottom + 1, face.items, ms.title_block(
        face.right + 1.5, face.y, 9, ["WS-D CENTER AID", "15 IN"], font="dejavu"))


def _mpl_information_clip() -> ms.Sheet:
    """A 36 in information sign of three lines, orange #F47920, clipped to its panel."""
    sign = ms.information(1, 1, 36, ["NO WAKE", "ZONE", "300 FT"], cap=3.5,
                          color=ORANGE_F479, font="dejavu")
    clipped = ms.Clip(tuple(sign.items), (sign.x, sign.y, sign.w, sign.h))
    return ms.sheet(sign.right + 1, sign.bottom + 2.5, clipped, ms.notes(
        1, sign.bottom + 0.2, ["INFORMATION SIGN, DISPLAY AREA 36 IN"], 0.45, "dejavu"))


def _mpl_danger_thin() -> ms.Sheet:
    """Defect: a 30 in danger sign with an outline of 1.75 in."""
    sign = ms.danger(1, 1, 30, outline=1.75, below="ROCKS", font="dejavu")
    return ms.sheet(sign.right + 1, sign.bottom + 2.5, sign.items, ms.notes(
        1, sign.bottom + 0.2, ["30 IN DANGER SIGN"], 0.45, "dejavu"))


def _mpl_red_short() -> ms.Sheet:
    """Defect: a red aid's id in letters 2.5 in high."""
    face = ms.aid_red(1, 1, 18, "WS-8", font="dejavu", cap=2.5)
    return ms.sheet(face.right + 1, face.bottom + 1, face.items)


def _mpl_control_oval() -> ms.Sheet:
    """Defect: a 24 in control circle 1.3 % wider than tall (the inner diameter right on
    average)."""
    sign = ms.control(1, 1, 24, ["5 MPH"], cap=2.5, font="dejavu", squash=0.013)
    return ms.sheet(sign.right + 1, sign.bottom + 1, sign.items)


def _mpl_buoy_control() -> ms.Sheet:
    """A control symbol buoy elevation, display area 15 in, 16 in across."""
    buoy = ms.buoy_elevation(2, 0.5, 15, "control", "5|MPH", diameter=16, font="dejavu")
    return ms.sheet(buoy.right + 2, buoy.bottom + 2, buoy.items)


# ----------------------------------------------------------------------------- LibreCAD

def _cad_danger_mm() -> ms.Sheet:
    """A 30 in danger sign in mm: its diamond's width and the panel's height as
    DIMENSIONs, the title block right of it."""
    sign = ms.danger(3, 3, 30, inside="ROCKS", inner_cap=1.5)
    ring = sign.items[1]
    _, right, _, left = ring.outer
    dims = [ms.cad_dimension((left[0], sign.bottom), (right[0], sign.bottom), -1.5,
                             "508 mm"),
            ms.cad_dimension((sign.x, sign.bottom), (sign.x, sign.y), 1.5, "762 mm")]
    title = ms.title_block(sign.right + 2, sign.y, 12, ["ITEM: 30 IN DANGER SIGN",
                                                         "UNITS: MM"])
    width = sign.right + 16
    return ms.sheet(width, sign.bottom + 4, ms.frame(0.5, 0.5, width - 1, sign.bottom + 3,
                                                   "lines"), sign.items, dims, title)


def _cad_control_block() -> ms.Sheet:
    """A 36 in control sign as a BLOCK drawn at half size and INSERTed at scale 2, its
    words one MTEXT, in cm."""
    sign = ms.control(2, 2, 36, ["SLOW", "NO", "WAKE"], cap=3.0, margin=ms.square_margin(36),
                      block=True)
    return ms.framed(ms.grouped(sign, 2.0), ["36 IN CONTROL SIGN"], border="lines")


def _cad_information_r12() -> ms.Sheet:
    """A 15 in information sign of two lines, R12, the title block right of it."""
    sign = ms.information(2, 2, 15, ["NO", "WAKE"], cap=1.8, pad=1.5)
    title = ms.title_block(sign.right + 2, sign.y, 10, ["15 IN INFORMATION SIGN"])
    width = sign.right + 14
    return ms.sheet(width, sign.bottom + 2, ms.frame(0.5, 0.5, width - 1, sign.bottom + 1,
                                                   "lines"), sign.items, title)


def _cad_danger_small() -> ms.Sheet:
    """Defect: the diamond of a 33 in sign on a proof of a 36 in one."""
    sign = ms.danger(2, 2, 36, symbol_h=33, below="ROCKS")
    return ms.framed(sign, ["ITEM: 36 IN DANGER SIGN"], border="lines")


def _cad_exclusion_hatch() -> ms.Sheet:
    """A 15 in exclusion with words above and below, of HATCHes."""
    sign = ms.exclusion(2, 2, 15, above="NO", below="BOATS", cap=1.5)
    return ms.framed(sign, ["15 IN EXCLUSION SIGN"], border="lines")


# ----------------------------------------------------------------------------- layouts


CASES: tuple[Case, ...] = (
    Case(INK, "information-30-cm-group", _ink_information_cm, passes("information", 30),
         "cm document; three lines in one text; drawn at half size in a group scaled 2x; "
         "title block right of the sign", {"units": "cm"}),
    Case(INK, "aid-green-15-clip", _ink_green_clip, passes("aid-green", 15),
         "green face a larger rectangle clipped to the square; zoned border; title above"),
    Case(INK, "exclusion-36-above-below-dims", _ink_exclusion_dims, passes("exclusion", 36),
         "words above and below, #FF6600, dimensions on both axes; also outlined by "
         "Inkscape's actions (objects and strokes to paths)", {"actions": True}),
    Case(INK, "danger-30-brown", _ink_danger_brown, fails("danger", 30, "reg-symbol-color"),
         "defect: brown #8B4513 for orange", {"rings": "evenodd"}),
    Case(INK, "control-48-group-quarter", _ink_control_group, passes("control", 48),
         "drawn at 4x in a group scaled 0.25 into place, #FF7F00, title above"),
    Case(INK, "information-15-words-outside", _ink_information_outside,
         fails("information", 15, "reg-info-legend"),
         "defect: the message below the rectangle, none inside"),
    Case(LO, "three-signs-15-landscape", _lo_three_signs,
         (Marker("danger", "pass", 15), Marker("control", "pass", 15),
          Marker("information", "pass", 15)),
         "landscape sheet, three signs side by side, title block along the bottom",
         {"orientation": "landscape"}),
    Case(LO, "aid-center-30-cm-grouped", _lo_center_grouped, passes("aid-center", 30),
         "one Draw group, cm, title right of the face", {"unit": "cm"}),
    Case(LO, "danger-36-above-below-mm", _lo_danger_above_below, passes("danger", 36),
         "words above and below, #F26522, mm, title block above", {"unit": "mm"}),
    Case(LO, "control-24-words-outside", _lo_control_outside,
         fails("control", 24, "reg-control-legend"),
         "defect: the circle empty, its words below it"),
    Case(LO, "information-18-blue-letters", _lo_information_blue,
         fails("information", 18, "reg-legend-color"), "defect: blue #003F87 letters",
         {"custom_rects": True}),
    Case(GS, "exclusion-30-spot", _gs_exclusion_spot, passes("exclusion", 30),
         "spot ink 'PANTONE 152 C' (Separation, CMYK alternate), words above and below, "
         "zoned border", {"spot": {ms.FHWA_ORANGE: "PANTONE 152 C"}}),
    Case(GS, "control-36-scale-1-4", _gs_control_quarter, passes("control", 36),
         "drawn at 1:4, the title block at full size says SCALE 1:4"),
    Case(GS, "aid-red-30-clip-group", _gs_red_clip, passes("aid-red", 30),
         "drawn at 2x, scaled 0.5 into place (gsave/scale), in a clip path"),
    Case(GS, "danger-48-cmyk-dims", _gs_danger_cmyk, passes("danger", 48),
         "CMYK, 48 in, dimensions on both axes, border of 4 lines", {"cmyk": True}),
    Case(GS, "information-15-grey-center", _gs_information_grey,
         fails("information", 15, "reg-center-color"), "defect: grey #CCCCCC centre"),
    Case(GS, "buoy-exclusion-30-above-water", _gs_buoy_short,
         fails("buoy-symbol", 12, "buoy-height"),
         "defect: exclusion symbol buoy 30 in above the water"),
    Case(MPL, "aid-center-15-title-right", _mpl_center, passes("aid-center", 15),
         "title block right of the face", {"outputs": (".pdf", ".svg")}),
    Case(MPL, "information-36-clip", _mpl_information_clip, passes("information", 36),
         "three lines, #F47920, every artist clipped to the panel",
         {"outputs": ("-type42.pdf", ".svg")}),
    Case(MPL, "danger-30-outline-1.75", _mpl_danger_thin,
         fails("danger", 30, "outline-width"), "defect: outline 1.75 in"),
    Case(MPL, "aid-red-18-short-letters", _mpl_red_short,
         fails("aid-red", 18, "aid-letter-height"), "defect: WS-8 in letters 2.5 in high"),
    Case(MPL, "control-24-oval", _mpl_control_oval, fails("control", 24, "circle-round"),
         "defect: 1.3 % out of round", {"outputs": (".svg",)}),
    Case(MPL, "buoy-control-15", _mpl_buoy_control, passes("buoy-symbol", 15),
         "control symbol buoy, display area 15 in, 16 in across",
         {"outputs": (".svg", ".pdf")}),
    Case(CAD, "danger-30-mm-dimensions", _cad_danger_mm, passes("danger", 30),
         "R2000 in mm, LWPOLYLINEs, DIMENSIONs on both axes, title block right",
         {"dialect": "mm"}),
    Case(CAD, "control-36-block-insert", _cad_control_block, passes("control", 36),
         "a BLOCK at half size INSERTed at scale 2, words one MTEXT, cm", {"dialect": "cm"},
         by_output={".pdf": (None, "review", STICK_TEXT)}),
    Case(CAD, "information-15-r12", _cad_information_r12, passes("information", 15),
         "R12, two TEXT lines, title block right", {"dialect": "r12"},
         by_output={".pdf": (None, "review", STICK_TEXT)}),
    Case(CAD, "danger-36-r12-symbol-for-33", _cad_danger_small,
         fails("danger", 36, "symbol-size"), "defect: the diamond of a 33 in sign",
         {"dialect": "r12"}, by_output={".pdf": (
             (Marker("danger", "review", 36, "inferred", ("symbol-size",)),), None,
             STICK_SIZE)}),
    Case(CAD, "exclusion-15-hatch-above-below", _cad_exclusion_hatch,
         passes("exclusion", 15), "R2010 HATCHes, words above and below",
         {"dialect": "hatch"},
         by_output={".pdf": (None, "fail", "LibreCAD prints the white HATCH in its ACI 7, "
                                           "black: the print shows a black face")}),
)
