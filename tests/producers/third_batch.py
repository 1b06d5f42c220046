"""The third batch of producers' proofs: what the first two left out, as a held-out test
would vary it again.

Sign blanks with rounded corners (Inkscape ``rx``, Draw's corner radius, PostScript
``arct``, matplotlib's FancyBboxPatch, DXF bulges and ARCs) and a black keyline round
them; an Inkscape document in px and its PDF with text as paths; narrow fonts (Liberation
Sans Narrow, Nimbus Sans Narrow); a LibreOffice document of two pages; a PostScript plot
turned a quarter on a landscape page (the PDF's /Rotate 90); a page exactly the sign's
size; DXF circles as LWPOLYLINEs of bulge segments (as CAM software writes them); two-digit
aid ids; display heights 10, 20, 42 in; proofs drawn at 1:2 and 1:4 by LibreOffice,
Inkscape and matplotlib, their title blocks at the paper's size, in RULES.md's oranges
#FF5F15 and #DD7500. Seeded defects, one per file: sides at 37.5 deg,
black letters on a green aid, words inside an exclusion, horizontal stripes on a centre
aid, an id without 'WS-', a circle for 27 in on a 24 in sign, a 10 in display area, an
outline of 1.5 in in a cm DXF, and an outline of 1.75 in on the second page of two.
"""

from __future__ import annotations

import marker_scene as ms
from truth import STICK_TEXT, Case, Marker, fails, passes

INK, LO, GS, MPL, CAD = "inkscape", "libreoffice", "ghostscript", "matplotlib", "librecad"


def _at(k: float, placed: ms.Placed, title: list[str], font: str = "liberation") -> ms.Sheet:
    """A sign drawn at scale ``k`` (1:2 is 0.5) 1.5 in from the paper's corner, its title
    block at the paper's size under it."""
    drawn = ms.at_scale(ms.Sheet(placed.right, placed.bottom, list(placed.items)), k)
    w, h = placed.w * k, placed.h * k
    sheet = ms.Sheet(w + 3, h + 3 + 1.0 * len(title) + 1)
    return sheet.add([ms.Group(tuple(drawn.items), 1.0, 1.5, 1.5)],
                     ms.title_block(1.5, h + 2.5, w, title, font=font))


# ----------------------------------------------------------------------------- Inkscape

def _ink_danger_rounded() -> ms.Sheet:
    sign = ms.rounded(ms.danger(2, 2, 20, inside="ROCKS", inner_cap=1.25), 1.5, 0.03)
    return ms.framed(sign, ["ITEM: 20 IN DANGER SIGN", "BLANK: 0.080 AL, 1.5 IN RADIUS"])


def _ink_control_narrow() -> ms.Sheet:
    sign = ms.control(2, 2, 30, ["NO WAKE"], cap=3.2, font="liberation-narrow",
                      margin=ms.square_margin(30), below="300 FT")
    return ms.framed(sign, ["30 IN CONTROL SIGN"], font="liberation-narrow")


def _ink_green_keyline() -> ms.Sheet:
    face = ms.aid_green(2, 2, 24, "WS-11")
    edge = ms.Rect(face.x, face.y, face.w, face.h, None, ms.BLACK, 0.03, "Trim")
    return ms.framed(ms.Placed([*face.items, edge], face.x, face.y, face.w, face.h),
                   ["WS-11 GREEN AID, 24 IN"])


def _ink_exclusion_steep() -> ms.Sheet:
    """Defect: sides 37.5 deg from the vertical, the width right."""
    return ms.framed(ms.exclusion(2, 2, 24, slope=37.5, below="KEEP OUT", cap=2.5),
                   ["ITEM: 24 IN EXCLUSION SIGN"])


def _ink_danger_quarter() -> ms.Sheet:
    return _at(0.25, ms.danger(0, 0, 24, below="ROCKS", color="#DD7500"),
               ["ITEM: 24 IN DANGER SIGN", "SCALE 1:4"])


# ----------------------------------------------------------------------------- LibreOffice

def _lo_two_pages() -> ms.Sheet:
    """Two pages: a 24 in control sign, then (a defect) an 18 in danger sign with an
    outline of 1.75 in."""
    first = ms.framed(ms.control(2, 2, 24, ["5 MPH"], cap=3.0), ["SHEET 1: 24 IN CONTROL SIGN"])
    second = ms.framed(ms.danger(2, 2, 18, below="ROCKS", cap=2.0, outline=1.75),
                     ["SHEET 2: 18 IN DANGER SIGN"])
    size = max(first.width, second.width), max(first.height, second.height)
    return ms.Sheet(*size, first.items, (ms.Sheet(*size, second.items),))


def _lo_red_narrow() -> ms.Sheet:
    return ms.framed(ms.aid_red(2, 2, 36, "WS-12", font="liberation-narrow"),
                   ["WS-12 RED AID, 36 IN"], font="liberation-narrow")


def _lo_green_black_letters() -> ms.Sheet:
    """Defect: black letters on a green aid."""
    return ms.framed(ms.aid_green(2, 2, 18, "WS-9", letters=ms.BLACK), ["WS-9 GREEN AID 18 IN"])


def _lo_information_rounded() -> ms.Sheet:
    sign = ms.rounded(ms.information(2, 2, 20, ["NO WAKE ZONE"], cap=2.5,
                                     font="liberation-narrow"), 1.0)
    return ms.framed(sign, ["20 IN INFORMATION SIGN"], font="liberation-narrow")


def _lo_exclusion_words_inside() -> ms.Sheet:
    """Defect: words inside an exclusion diamond."""
    return ms.framed(ms.exclusion(2, 2, 30, inside="NO SWIM", inner_cap=1.2),
                   ["ITEM: 30 IN EXCLUSION SIGN"])


def _lo_control_half() -> ms.Sheet:
    return _at(0.5, ms.control(0, 0, 30, ["SLOW", "NO", "WAKE"], cap=2.8, color="#FF5F15",
                               margin=ms.square_margin(30)),
               ["30 IN CONTROL SIGN", "SCALE 1:2"])


# ----------------------------------------------------------------------------- Ghostscript

def _gs_control_rotated() -> ms.Sheet:
    sign = ms.control(2, 2, 42, ["SLOW", "NO", "WAKE"], cap=4.0, font="nimbus",
                      margin=ms.square_margin(42))
    return ms.framed(sign, ["42 IN CONTROL SIGN"], font="nimbus")


def _gs_danger_bare() -> ms.Sheet:
    sign = ms.danger(0, 0, 24, below="ROCKS", font="nimbus")
    return ms.sheet(sign.w, sign.h, sign.items)


def _gs_center_across() -> ms.Sheet:
    """Defect: a centre aid striped across, not up and down."""
    return ms.framed(ms.aid_center(2, 2, 24, "WS-E", font="nimbus", across=True),
                   ["WS-E CENTER AID, 24 IN"], font="nimbus")


def _gs_red_no_prefix() -> ms.Sheet:
    """Defect: the red aid's id is '4', without 'WS-'."""
    return ms.framed(ms.aid_red(2, 2, 24, "4", font="nimbus"), ["RED AID 4, 24 IN"],
                   font="nimbus")


def _gs_exclusion_rounded() -> ms.Sheet:
    sign = ms.rounded(ms.exclusion(2, 2, 20, below="KEEP OUT", cap=2.0,
                                   font="nimbus-narrow"), 1.5, 0.02)
    return ms.framed(sign, ["ITEM: 20 IN EXCLUSION SIGN"], font="nimbus")


# ----------------------------------------------------------------------------- matplotlib

def _mpl_danger_rounded() -> ms.Sheet:
    sign = ms.rounded(ms.danger(1, 1, 42, below="ROCKS", cap=4.0, font="dejavu"), 2.0)
    return ms.sheet(sign.right + 1, sign.bottom + 2.5, sign.items, ms.notes(
        1, sign.bottom + 0.2, ["42 IN DANGER SIGN"], 0.5, "dejavu"))


def _mpl_control_big_circle() -> ms.Sheet:
    """Defect: the circle of a 27 in sign on a 24 in one."""
    sign = ms.control(1, 1, 24, ["5 MPH"], cap=2.5, symbol_h=27, font="dejavu")
    return ms.sheet(sign.right + 1, sign.bottom + 2.5, sign.items, ms.notes(
        1, sign.bottom + 0.2, ["24 IN CONTROL SIGN"], 0.5, "dejavu"))


def _mpl_green_two_digits() -> ms.Sheet:
    face = ms.aid_green(1, 1, 30, "WS-13", font="dejavu")
    return ms.sheet(face.right + 1, face.bottom + 2, face.items, ms.notes(
        1, face.bottom + 0.2, ["WS-13 GREEN AID, 30 IN"], 0.5, "dejavu"))


def _mpl_danger_small() -> ms.Sheet:
    """Defect: a 10 in display area (12 in is the least), the diamond right for it."""
    sign = ms.danger(1, 1, 10, font="dejavu")
    return ms.sheet(sign.right + 1, sign.bottom + 2, sign.items, ms.notes(
        1, sign.bottom + 0.2, ["10 IN DANGER SIGN"], 0.4, "dejavu"))


def _mpl_information_half() -> ms.Sheet:
    return _at(0.5, ms.information(0, 0, 24, ["MARINA"], color="#FF5F15", font="dejavu"),
               ["INFORMATION SIGN, DISPLAY AREA 24 IN", "SCALE 1:2"], font="dejavu")


# ----------------------------------------------------------------------------- LibreCAD

def _cad_control_bulges() -> ms.Sheet:
    sign = ms.rounded(ms.control(2, 2, 24, ["5 MPH"], cap=2.5), 1.5)
    return ms.framed(sign, ["24 IN CONTROL SIGN"], border="lines")


def _cad_danger_rounded() -> ms.Sheet:
    sign = ms.rounded(ms.danger(2, 2, 20, inside="ROCKS", inner_cap=1.25), 1.5)
    return ms.framed(sign, ["ITEM: 20 IN DANGER SIGN"], border="lines")


def _cad_control_thin() -> ms.Sheet:
    """Defect: an outline of 1.5 in."""
    sign = ms.control(2, 2, 30, ["NO", "WAKE"], cap=3.0, outline=1.5,
                      margin=ms.square_margin(30))
    return ms.framed(sign, ["30 IN CONTROL SIGN"], border="lines")


CASES: tuple[Case, ...] = (
    Case(INK, "danger-20-rounded-px", _ink_danger_rounded, passes("danger", 20),
         "px document, blank with 1.5 in corners and a keyline, word inside; also a PDF "
         "with the text as paths", {"units": "px", "outlined_pdf": True}),
    Case(INK, "control-30-narrow-below", _ink_control_narrow, passes("control", 30),
         "Liberation Sans Narrow, words inside and below"),
    Case(INK, "aid-green-24-keyline", _ink_green_keyline, passes("aid-green", 24),
         "two-digit id WS-11, a black keyline round the face", {"units": "cm"}),
    Case(INK, "exclusion-24-sides-37.5", _ink_exclusion_steep,
         fails("exclusion", 24, "diamond-slope"), "defect: sides 37.5 deg, width right",
         {"rings": "evenodd"}),
    Case(INK, "danger-24-scale-1-4", _ink_danger_quarter, passes("danger", 24),
         "drawn at 1:4 in #DD7500, the title block at the paper's size says SCALE 1:4"),
    Case(LO, "control-30-scale-1-2", _lo_control_half, passes("control", 30),
         "drawn at 1:2 in #FF5F15, the title block says SCALE 1:2"),
    Case(MPL, "information-24-scale-1-2", _mpl_information_half, passes("information", 24),
         "drawn at 1:2 in #FF5F15, the title block says SCALE 1:2",
         {"outputs": (".pdf", ".svg")}),
    Case(LO, "two-pages-control-danger", _lo_two_pages,
         (Marker("control", "pass", 24), Marker("danger", "fail", 18, None,
                                                ("outline-width",))),
         "two pages; the second's outline is 1.75 in"),
    Case(LO, "aid-red-36-narrow", _lo_red_narrow, passes("aid-red", 36),
         "Liberation Sans Narrow, WS-12", {"unit": "mm"}),
    Case(LO, "aid-green-18-black-letters", _lo_green_black_letters,
         fails("aid-green", 18, "aid-letter-color"), "defect: black letters on green",
         {"custom_rects": True}),
    Case(LO, "information-20-rounded", _lo_information_rounded, passes("information", 20),
         "blank with 1 in corners, Liberation Sans Narrow", {"unit": "cm"}),
    Case(LO, "exclusion-30-words-inside", _lo_exclusion_words_inside,
         fails("exclusion", 30, "reg-exclusion-cross"), "defect: words inside the diamond"),
    Case(GS, "control-42-rotated", _gs_control_rotated, passes("control", 42),
         "plotted a quarter turned on a landscape page shown upright by /Rotate 90",
         {"rotated": True}),
    Case(GS, "danger-24-bare-page", _gs_danger_bare, passes("danger", 24),
         "the page exactly the sign's panel, words below"),
    Case(GS, "aid-center-24-across", _gs_center_across,
         fails("aid-center", 24, "aid-stripes"), "defect: stripes across"),
    Case(GS, "aid-red-24-no-prefix", _gs_red_no_prefix, fails("aid-red", 24, "aid-id-format"),
         "defect: id '4' without WS-"),
    Case(GS, "exclusion-20-rounded-narrow", _gs_exclusion_rounded, passes("exclusion", 20),
         "blank with 1.5 in corners and a keyline, Nimbus Sans Narrow words below"),
    Case(MPL, "danger-42-rounded", _mpl_danger_rounded, passes("danger", 42),
         "FancyBboxPatch blank with 2 in corners", {"outputs": (".pdf", ".svg")}),
    Case(MPL, "control-24-circle-for-27", _mpl_control_big_circle,
         fails("control", 24, "symbol-size"), "defect: the circle of a 27 in sign",
         {"outputs": ("-type42.pdf",)}),
    Case(MPL, "aid-green-30-two-digits", _mpl_green_two_digits, passes("aid-green", 30),
         "WS-13", {"outputs": (".svg",)}),
    Case(MPL, "danger-10-small", _mpl_danger_small, fails("danger", 10, "display-height"),
         "defect: a 10 in display area"),
    Case(CAD, "control-24-mm-bulges", _cad_control_bulges, passes("control", 24),
         "R2000 in mm, circles and the rounded blank as LWPOLYLINEs of bulges",
         {"dialect": "mm", "bulges": True}, by_output={".pdf": (None, "review", STICK_TEXT)}),
    Case(CAD, "danger-20-r12-rounded", _cad_danger_rounded, passes("danger", 20),
         "R12, the rounded blank as LINEs and ARCs, TEXT inside", {"dialect": "r12"}),
    Case(CAD, "control-30-cm-outline-1.5", _cad_control_thin,
         fails("control", 30, "outline-width"), "defect: outline 1.5 in", {"dialect": "cm"},
         by_output={".pdf": (None, "fail", "the outline fails whatever the unread words say")}),
)
