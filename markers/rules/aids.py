"""Rules for state aids to navigation, NR 5.09(2)(a). One function per rule id."""

from __future__ import annotations

from typing import Iterator

from markers.aids import EQUILATERAL
from markers.design import ws_id_parts, ws_id_wanted
from markers.measure import AIDS, Facts
from markers.requirements import REQ, req
from markers.rules.base import Hit, rule, tolerance
from markers.rules.regulatory import stroke_hits

_FACE = {"aid-red": "red", "aid-green": "green", "aid-center": "black and white stripes"}
_SHAPE = {"aid-red": "triangle", "aid-green": "rectangle", "aid-center": "striped"}
_BUOY_SHAPE = {"aid-red": "nun", "aid-green": "can", "aid-center": "striped"}


def _read_from(f: Facts) -> str:
    return {"text": "read from <text>", "declared": "as declared"}.get(f.ws_id_basis or "",
                                                                        "read")


@rule("aid-color", "NR 5.09(2)(a)1,2,4", "error", AIDS)
def aid_color(f: Facts) -> Iterator[Hit]:
    """An aid is red, green, or black-and-white vertical stripes.

    Passes: a red triangle #C8102E.  Fails: a face of #FF7F00 (orange), which reads
    as a regulatory colour.
    """
    if f.kind == "aid-center":
        return
    want = _FACE[f.kind]
    if f.face_color is not None and f.face_color.family != want:
        yield Hit(f"aid face is {f.face_color.hex} ({f.face_color.family}); "
                  f"expected {want}", measured=f.face_color.family, required=want,
                  bbox=f.bbox())


@rule("aid-id-format", "NR 5.09(2)(a)5", "error", AIDS)
def aid_id_format(f: Facts) -> Iterator[Hit]:
    """The identification is "WS-" followed by a number (lateral) or letters (center).

    Read from a ``<text>`` legend or the declared design; ids drawn only as outlines
    are not read (info).

    Passes: WS-1, WS-A.  Fails: "7", "WS7", "ws-2".
    """
    if f.ws_id is None:
        yield Hit("identification not read (outlined letters are not read); declare it "
                  "in a design file or as <text>", severity="info")
    elif not ws_id_parts(f.ws_id):
        yield Hit(f"identification {f.ws_id!r} ({_read_from(f)}) is not 'WS-' followed by "
                  "a number or letters",
                  measured=f.ws_id, required="WS-<number> | WS-<letters>")


@rule("aid-id-parity", "NR 5.09(2)(a)5", "error", AIDS)
def aid_id_parity(f: Facts) -> Iterator[Hit]:
    """Red aids carry even numbers, green odd numbers, center markers letters.

    Passes: WS-2 on red.  Fails: WS-3 on red, WS-2 on green, WS-7 on a center marker.
    """
    parts = ws_id_parts(f.ws_id or "")
    if not parts:
        return
    want, ok = ws_id_wanted(f.kind, parts)
    if not ok:
        yield Hit(f"{f.kind} carries {f.ws_id} ({_read_from(f)}); it must carry {want}",
                  measured=f.ws_id, required=want)


@rule("aid-letter-color", "NR 5.09(2)(a)6", "error", AIDS)
def aid_letter_color(f: Facts) -> Iterator[Hit]:
    """Letters and numerals of an aid are white.

    Passes: white WS-2 on red.  Fails: black WS-2 on red.
    """
    for leg in f.legends:
        if leg.color is not None and leg.color.family != "white":
            yield Hit(f"aid letters are {leg.color.hex} ({leg.color.family}); they shall be "
                      "white", measured=leg.color.family, required="white", bbox=leg.bbox)


@rule("aid-letter-height", "NR 5.09(2)(a)6", "error", AIDS, tolerance="0.01 in")
def aid_letter_height(f: Facts) -> Iterator[Hit]:
    """Letters and numerals are at least 3 in high (cap height of the outlines).

    Passes: 3.00 in.  Fails: 2.5 in letters.
    """
    low, tol = req("aid_letter_min"), tolerance(0.01)
    if not f.legends:
        yield Hit("no identification letters found on the aid face", measured="none",
                  required=f">= {low:g} in letters", bbox=f.bbox())
    for leg in f.legends:
        if leg.cap_height < low - tol:
            yield Hit(f"aid letters {leg.cap_height:.2f} in high; "
                      f"{REQ['aid_letter_min'].ref} requires at least {low:g} in",
                      measured=round(leg.cap_height, 3), required=f">= {low:g}", unit="in",
                      tolerance=tol, bbox=leg.bbox)


@rule("aid-letter-style", "NR 5.09(2)(a)6", "warning", AIDS)
def aid_letter_style(f: Facts) -> Iterator[Hit]:
    """Block characters: letter stroke between 0.10 and 0.30 of the letter height.

    Passes: Overpass Bold (0.17).  Fails: hairline letters (0.05).
    """
    yield from stroke_hits(f.legends)


@rule("aid-shape", "NR 5.09(2)(a)7", "warning", AIDS, tolerance="5 % of the proportion")
def aid_shape(f: Facts) -> Iterator[Hit]:
    """Shapes compatible with the Coast Guard's: red = triangle daymark (nun buoy),
    green = square daymark (can buoy), center = vertical stripes. The triangle
    daymark is equilateral: a red triangle stretched wide or tall is a warning.

    A buoy (a drawing with a waterline) is judged by its body: a nun narrows to a
    cone on top, a can is flat-topped.

    Passes: a red equilateral triangle, a red nun.  Fails (warning): a red square, a
    red can, a red triangle 27.71 x 18 in.
    """
    want = (_BUOY_SHAPE if f.waterline is not None else _SHAPE)[f.kind]
    if f.face_shape != want:
        yield Hit(f"{f.kind} face is a {f.face_shape}; Coast Guard aids of this colour are "
                  f"{want}", measured=f.face_shape, required=want, bbox=f.bbox())
    elif want == "triangle" and f.symbol_outer is not None:
        x0, y0, x1, y1 = f.symbol_outer.bounds
        ratio = (x1 - x0) / (y1 - y0)
        tol = tolerance(0.05)
        if abs(ratio / EQUILATERAL - 1) > tol:
            yield Hit(f"red triangle {x1 - x0:.2f} x {y1 - y0:.2f} in (base {ratio:.3f} x its "
                      f"height) is not equilateral ({EQUILATERAL:.3f}); the Coast Guard "
                      "daymark keeps its shape: grow it instead of stretching it",
                      measured=round(ratio, 4), required=round(EQUILATERAL, 4),
                      tolerance=tol, bbox=f.bbox())


@rule("aid-stripes", "NR 5.09(2)(a)4", "error", ("aid-center",))
def aid_stripes(f: Facts) -> Iterator[Hit]:
    """Center markers are vertically striped black and white.

    Also notes (info) that 33 CFR 62.32 gives the same pattern the federal meaning
    "do not pass between the buoy and the nearest shore".

    Passes: 7 vertical stripes.  Fails: a plain black face.
    """
    if f.stripes < 2:
        yield Hit(f"{f.stripes} black stripe(s) reach the top edge; expected vertical black "
                  "and white stripes", measured=f.stripes, required=">= 2 black stripes",
                  bbox=f.bbox())
    yield Hit("the same pattern means 'do not pass between buoy and nearest shore' on "
              "federal waters (33 CFR 62.32)", severity="info")
