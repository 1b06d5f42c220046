"""State aids to navigation: faces of one color, or striped, carrying an identification.

Each face is the display area H high carrying its identification in white block
letters at least ``aid_letter_min`` high. The kind's Look says what is drawn: a
triangle (equilateral, the Coast Guard daymark) or a square of its color, or a
rectangle of black and white vertical stripes with the letters on a black plate, so
they stay legible across the stripes. A face widens when its identification needs
more room.
"""

from __future__ import annotations

import math

from shapely.geometry import box

from markers.build.layout import assemble, block_shapes, legend_item
from markers.build.permit_label import permit_label
from markers.build.proportions import EQUILATERAL
from markers.core import geometry as geo
from markers.core.artwork import Artwork, Shape
from markers.core.design import Design
from markers.core.lettering import MARGIN, set_block, text_width
from markers.core.pack import Build
from markers.core.spec import Dimension

__all__ = ["build_aid", "equilateral_height"]

#: Letter cap height as a fraction of H, never below the 3 in of (2)(a)6.
LETTER_FRACTION = 1 / 8
#: Clear space from the letters to the bottom of the triangle, as a fraction of H.
TRIANGLE_FOOT = 0.08
#: Stripes of the center marker: about H/6 wide, an odd count so both edges are white.
STRIPE_FRACTION = 1 / 6

def equilateral_height(h: float, letters_width: float, letters_height: float) -> float:
    """The height of the equilateral red triangle: H, or more when the id's row
    (``letters_width`` wide, ``letters_height`` above its baseline, which sits
    TRIANGLE_FOOT of the height above the base) needs it. The triangle is
    width(y) = EQUILATERAL * y wide at y below its apex, so the row's top, at
    T (1 - foot) - letters_height, must be at least letters_width / EQUILATERAL down."""
    need = (letters_width / EQUILATERAL + letters_height) / (1 - TRIANGLE_FOOT)
    return max(h, need)


def build_aid(design: Design, build: Build) -> Artwork:
    """Build the aid face of ``design.kind`` as its Look says."""
    law, kind = build.law, build.kind(design.kind)
    look, ws_id, (h, _) = kind.look, design.ws_id, design.sized()
    assert ws_id, "the pack refuses an aid without its identification"
    triangle = look.figure == "triangle"
    cap = max(law.req("aid_letter_min"), h * LETTER_FRACTION)
    pad = MARGIN * cap
    text_w = text_width(ws_id, cap)
    color = look.color
    assert color is not None, f"{kind.name}'s Look gives an aid its color"
    label = permit_label(law, design.permit_id, build.drawn)
    height = h
    if triangle:  # one shape: equilateral, grown until the id fits
        height = equilateral_height(h, text_w + 2 * pad, cap + pad)
        width = 2 * height / math.sqrt(3)
        baseline = height * (1 - TRIANGLE_FOOT)
        cy = baseline - cap / 2
    else:
        width = max(h, text_w + (4 if look.stripes else 2) * pad)
        cy = h / 2
    # a permit label wider than the face widens the artwork; the face stays centred
    total_w = max(width, label.width) if label else width
    dx = (total_w - width) / 2
    face = geo.triangle(total_w / 2, 0, width, height) if triangle \
        else box(dx, 0, dx + width, h)
    block = set_block([ws_id], cap, total_w / 2, cy, build.drawn)
    paints = [(color, [Shape(face)])]
    if look.stripes:
        count = max(3, 2 * round(width / (h * STRIPE_FRACTION) / 2) + 1)
        plate = block.box.buffer(pad, join_style="mitre")
        stripes = geo.vertical_stripes(dx, 0, width, height, count)
        paints.append(("black", [Shape(s) for s in stripes] + [Shape(plate)]))
    paints.append(("white", block_shapes(block)))
    features = {"display-area": box(dx, 0, dx + width, height), "symbol": face}
    label_dims = []
    if label is not None:  # an aid has no white ground: the label gets a white plate
        features["permit-label"] = label.strip(0, total_w, height)
        paints += [("white", [Shape(features["permit-label"])]),
                   ("black", block_shapes(label.block(total_w / 2, height)))]
        label_dims = label.dimensions()
    shape_clause = law.clause("aid_shape")
    dims = [
        law.dimension("display area height H", h, "in", "display_min"),
        Dimension("face", f"{color} {look.shape_words}", "", kind.ref.clause),
        Dimension("face width", width, "in", shape_clause),
        *([Dimension("triangle", "equilateral (60 deg corners), the Coast Guard daymark's "
                     "shape; grown past H when the id needs more room", "", shape_clause),
           Dimension("triangle height", height, "in", shape_clause)] if triangle else []),
        Dimension("identification", ws_id, "", law.clause("aid_id")),
        law.dimension(f"white block letter height {law.at_least('aid_letter_min')}", cap,
                      "in", "aid_letter_min"),
        *label_dims,
    ]
    return assemble(
        design.kind, total_w, height + (label.height if label else 0.0), paints,
        legends=[legend_item(block, "white")],
        features=features,
        meta={"display_height": h, "ws_id": ws_id, "permit_id": design.permit_id},
        dimensions=dims)

