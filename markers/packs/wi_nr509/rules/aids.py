"""Rules for state aids to navigation, NR 5.09(2)(a). One function per rule id."""

from __future__ import annotations

from collections.abc import Iterator

from markers.build.proportions import EQUILATERAL
from markers.check.engine import Hit, Judge, Tolerance, unjudged
from markers.check.measure.faces import Facts
from markers.packs.wi_nr509.kinds import kinds_of
from markers.packs.wi_nr509.law import rule
from markers.packs.wi_nr509.rules.regulatory import (
    judged_kind,
    shape_words,
    stroke_hits,
    undecoded,
)
from markers.packs.wi_nr509.validation import ws_id_parts, ws_id_wanted

AIDS = kinds_of("aid")

_FACE = {"aid-red": "red", "aid-green": "green", "aid-center": "black and white stripes"}
_SHAPE = {"aid-red": "triangle", "aid-green": "rectangle", "aid-center": "striped"}
_BUOY_SHAPE = {"aid-red": "nun", "aid-green": "can", "aid-center": "striped"}


def _read_from(f: Facts) -> str:
    return {"text": "read from <text>", "declared": "as declared",
            "outlines": "read from the outlines"}.get(f.letters.ws_id_basis or "", "read")


@rule("aid-color", "NR 5.09(2)(a)1,2,4", "error", AIDS)
def aid_color(f: Facts, j: Judge) -> Iterator[Hit]:
    """An aid is red, green, or black-and-white vertical stripes.

    Passes: a red triangle #C8102E.  Fails: a face of #FF7F00 (orange), which reads
    as a regulatory color.
    """
    if f.kind == "aid-center":
        return
    want = _FACE[judged_kind(f)]
    yield from j.color_is(f.aid.color, want, lambda m: f"aid face is {m.hex} ({m.label}); "
                        f"expected {want}", bbox=f.bbox())


@rule("aid-id-format", "NR 5.09(2)(a)5", "error", AIDS)
def aid_id_format(f: Facts, j: Judge) -> Iterator[Hit]:
    """The identification is "WS-" followed by a number (lateral) or letters (center).

    Read from the lettering on the aid (``<text>`` as written, every line of it, so a
    bare "2" is judged as the id; outlines as OCR reads them, when the glyphs confirm
    the reading), else the declared design. Letters that are there but could not be
    read with confidence, text that could not be decoded (control or private-use codes,
    as a Type 3 bitmap font gives), or a raster image where they may be, are neither a
    pass nor a failure of what they say: the finding is ``review``. No identification at
    all fails.

    Passes: WS-1, WS-A.  Fails: "7", "WS7", "ws-2", outlined "STOP", an aid with no id.
    """
    want = "WS-<number> | WS-<letters>"
    read = f.letters.ws_id is not None and bool(ws_id_parts(f.letters.ws_id))
    why = "; ".join(dict.fromkeys(filter(None, map(undecoded, f.letters.legends))))
    if not read and (why or (f.letters.ws_id is None and f.letters.ws_id_basis == "outlines")):
        yield unjudged("the identification", why or "its outlined letters were not read",
                       required=want, bbox=_letters_box(f))
    elif f.letters.ws_id is None and f.drawing.unread.get("raster image"):
        yield unjudged("the identification", f"the drawing has {f.drawing.unread['raster image']}"
                       " raster image(s), which are not read", required=want, bbox=f.bbox())
    elif f.letters.ws_id is None:
        yield Hit("no identification on the aid; NR 5.09(2)(a)5 asks 'WS-' and a number "
                  "or letters", measured="none", required=want, bbox=f.bbox())
    elif not read:
        yield Hit(f"identification {f.letters.ws_id!r} ({_read_from(f)}) is not 'WS-' followed by "
                  "a number or letters",
                  measured=f.letters.ws_id, required=want, bbox=_letters_box(f))
    else:
        j.saw(f"identification {f.letters.ws_id!r} ({_read_from(f)})", f.letters.ws_id, want)


def _letters_box(f: Facts) -> tuple[float, float, float, float] | None:
    boxes = [leg.bbox for leg in f.letters.legends]
    if not boxes:
        return f.bbox()
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[0] + b[2] for b in boxes), max(b[1] + b[3] for b in boxes)
    return (round(x0, 3), round(y0, 3), round(x1 - x0, 3), round(y1 - y0, 3))


@rule("aid-id-parity", "NR 5.09(2)(a)5", "error", AIDS)
def aid_id_parity(f: Facts, j: Judge) -> Iterator[Hit]:
    """Red aids carry even numbers, green odd numbers, center markers letters.

    Passes: WS-2 on red.  Fails: WS-3 on red, WS-2 on green, WS-7 on a center marker.
    """
    parts = ws_id_parts(f.letters.ws_id or "")
    if not parts:
        return
    want, ok = ws_id_wanted(judged_kind(f), parts)
    if not ok:
        yield Hit(f"{f.kind} carries {f.letters.ws_id} ({_read_from(f)}); it must carry {want}",
                  measured=f.letters.ws_id, required=want)
    else:
        j.saw(f"{f.kind} carries {f.letters.ws_id} ({_read_from(f)}): {want}", f.letters.ws_id,
              want)


@rule("aid-letter-color", "NR 5.09(2)(a)6", "error", AIDS)
def aid_letter_color(f: Facts, j: Judge) -> Iterator[Hit]:
    """Letters and numerals of an aid are white.

    Passes: white WS-2 on red.  Fails: black WS-2 on red.
    """
    for leg in f.letters.legends:
        if leg.color is not None and leg.color.family != "white":
            yield Hit(f"aid letters are {leg.color.hex} ({leg.color.label}); they shall be "
                      "white", measured=leg.color.family, required="white", bbox=leg.bbox)
        elif leg.color is not None:
            j.saw(f"aid letters are {leg.color.hex} ({leg.color.label})", "white", "white")


@rule("aid-letter-height", "NR 5.09(2)(a)6", "error", AIDS,
      tolerance=Tolerance("length_tolerance", minimum=True), sized=True)
def aid_letter_height(f: Facts, j: Judge) -> Iterator[Hit]:
    """Letters and numerals are at least 3 in high (cap height of the outlines).

    Passes: 3.00 in.  Fails: 2.5 in letters.
    """
    low = j.req("aid_letter_min")
    # no id at all is aid-id-format's finding
    if not f.letters.legends and f.letters.ws_id is not None:
        yield Hit(f"no identification letters found on the aid face ({f.letters.ws_id} is "
                  f"{_read_from(f)})", measured="none", required=f">= {low:g} in letters",
                  bbox=f.bbox())
    for leg in f.letters.legends:
        yield from j.at_least(leg.cap_height, low, lambda v: f"aid letters {v:.2f} in high; "
                              f"{j.requirement('aid_letter_min').ref} requires at least {low:g} in",
                              bbox=leg.bbox)


@rule("aid-letter-style", "NR 5.09(2)(a)6", "warning", AIDS)
def aid_letter_style(f: Facts, j: Judge) -> Iterator[Hit]:
    """Block characters: letter stroke between 0.10 and 0.30 of the letter height.

    Passes: Overpass Bold (0.17).  Fails: hairline letters (0.05).
    """
    yield from stroke_hits(j, f.letters.legends)


@rule("aid-shape", "NR 5.09(2)(a)7", "warning", AIDS,
      tolerance=Tolerance(0.05, "ratio", "5 % of the proportion"))
def aid_shape(f: Facts, j: Judge) -> Iterator[Hit]:
    """Shapes compatible with the Coast Guard's: red = triangle daymark (nun buoy),
    green = square daymark (can buoy), center = vertical stripes. The triangle
    daymark is equilateral: a red triangle stretched wide or tall is a warning.

    A buoy (a drawing with a waterline) is judged by its body: a nun narrows to a
    cone on top, a can is flat-topped.

    Passes: a red equilateral triangle, a red nun.  Fails (warning): a red square, a
    red can, a red triangle 27.71 x 18 in.
    """
    want = (_BUOY_SHAPE if f.buoy.waterline is not None else _SHAPE)[judged_kind(f)]
    if f.aid.shape != want:
        yield Hit(f"{f.kind} face is {shape_words(f.aid.shape)}; the Coast Guard's aid of "
                  f"this color is {shape_words(want)}", measured=str(f.aid.shape),
                  required=want, bbox=f.bbox())
    elif want == "triangle" and f.symbol.outer is not None:
        x0, y0, x1, y1 = f.symbol.outer.bounds
        ratio = (x1 - x0) / (y1 - y0)
        yield from j.within(
            ratio / EQUILATERAL, 1.0, 1.0,
            lambda v: f"red triangle {x1 - x0:.2f} x {y1 - y0:.2f} in (base {ratio:.3f} x its "
                      f"height; equilateral is {EQUILATERAL:.3f})" + (
                          "" if abs(v - 1.0) <= j.tol else ": not equilateral; the Coast "
                          "Guard daymark keeps its shape: grow it instead of stretching it"),
            required="1 (equilateral: base 2/sqrt 3 of the height)", unit="ratio", digits=4,
            bbox=f.bbox())
    else:
        j.saw(f"{f.kind} face is {shape_words(f.aid.shape)}, as the Coast Guard's aid of this "
              "color", str(f.aid.shape), want)


@rule("aid-stripes", "NR 5.09(2)(a)4", "error", ("aid-center",))
def aid_stripes(f: Facts, j: Judge) -> Iterator[Hit]:
    """Center markers are vertically striped black and white.

    Also notes (info) that 33 CFR 62.32 gives the same pattern the federal meaning
    "do not pass between the buoy and the nearest shore".

    Passes: 7 vertical stripes.  Fails: a plain black face.
    """
    if f.aid.stripes < 2:
        yield Hit(f"{f.aid.stripes} black stripe(s) reach the top edge; expected vertical black "
                  "and white stripes", measured=f.aid.stripes, required=">= 2 black stripes",
                  bbox=f.bbox())
    else:
        j.saw(f"{f.aid.stripes} vertical black stripes on white reach the top edge",
              f.aid.stripes, ">= 2 black stripes")
    yield Hit("the same pattern means 'do not pass between buoy and nearest shore' on "
              "federal waters (33 CFR 62.32)", severity="info")
