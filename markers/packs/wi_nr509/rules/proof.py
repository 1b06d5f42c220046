"""Rules about the proof as drawn, not the marker: is it at actual size, do its own
dimensions agree with the drawing, what of the page was set aside unmeasured, and how a
line drawing's paint was read."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from markers.check.engine import Hit, Judge
from markers.check.measure.common import Facts
from markers.packs.shared.flat_print import register as register_flat_print
from markers.packs.wi_nr509.law import RULES, rule


@rule("actual-size", "fabrication", "error", ("*",), gate=True, sized=True)
def actual_size(f: Facts, j: Judge) -> Iterator[Hit]:
    """A marker drawn far smaller than any marker can be is not at actual size.

    A proof drawn at a reduced scale without saying so (no --scale, no "SCALE 1:4"
    in its title block) would fail every size rule for that reason alone; one error
    says so instead, and no other rule is run on that marker.

    Passes: a 24 in sign.  Fails: a sign drawn 0.4 in tall.
    """
    low = j.req("actual_size_min")
    if f.kind is None or f.drawing.extent is None:
        return
    yield from j.at_least(f.drawing.extent, low, lambda v: (
        f"not an actual-size drawing; give --scale or --display-height (the marker is "
        f"{v:.2f} in at its largest; {j.requirement('actual_size_min').text})" if v < low
        else f"drawn at actual size: the marker is {v:.2f} in at its largest"), bbox=f.bbox())


@rule("scale-evidence", "fabrication", "review", ("*",), gate=True)
def scale_evidence(f: Facts, j: Judge) -> Iterator[Hit]:
    """What the proof says of its scale agrees with itself.

    A shop drawing states its scale ('SCALE: 1" = 1\'-0"') and dimensions its drawing
    ('24"' between arrows); when the two disagree, or two scales are stated for one
    drawing, the size it is cut to is not known. The marker is a review naming both, and
    no size is judged at either (a silent pick would pass or fail the wrong size).

    Passes: SCALE 1:4 and a 24" dimension 6 in long.  Fails (review): SCALE 1:12 and a
    24" dimension 3 in long.
    """
    if f.drawing.scale_conflict:
        yield Hit(f.drawing.scale_conflict, bbox=f.bbox())


register_flat_print(RULES, "fabrication")


@rule("proof-dimension", "fabrication", "warning", ("*",), sized=True)
def proof_dimension(f: Facts, j: Judge) -> Iterator[Hit]:
    """A dimension written on the proof agrees with the length it is drawn across.

    Shops write sizes beside the drawing (24", 610 mm); a proof whose text and drawing
    disagree will be cut to one of the two, so the warning names both.

    Passes: a dimension line 24 in long labelled 24".  Fails: one 20 in long labelled 24".
    """
    tol = j.req("proof_dimension_tolerance")
    for dim in f.drawing.dimensions:
        if abs(dim.stated - dim.drawn) > tol:
            yield Hit(f"the proof's dimension {dim.stated:g} in disagrees with the drawing's "
                      f"{dim.drawn:.2f} in ({dim.text!r})", measured=round(dim.drawn, 3),
                      required=f"= {dim.stated:g}", unit="in", tolerance=tol, bbox=dim.bbox)
        else:
            j.saw(f"the proof's dimension {dim.stated:g} in agrees with the drawing's "
                  f"{dim.drawn:.2f} in ({dim.text!r})", round(dim.drawn, 3), f"= {dim.stated:g}",
                  unit="in", margin=tol - abs(dim.stated - dim.drawn))


@rule("what-prints", "fabrication", "review", ("*",))
def what_prints(f: Facts, j: Judge) -> Iterator[Hit]:
    """What wsmark cannot render faithfully over a marker is a review naming it (what a
    drawing hides is set aside, and named by ``as-printed``).

    Filters, masks, blend modes, a CSS
    ``transform`` property, ``transform-origin``, SMIL animation, ``@media print``
    rules, and a raster image, a ``<foreignObject>`` or a ``<marker>`` over the marker
    may change what prints in ways wsmark does not draw: the verdict on the shapes is
    kept, and a person must check the print (markers.read.svg.shown). In a PDF: an
    overprinted spot ink, a blend mode over marker paint, a transfer function
    (markers.read.pdf_print).

    Passes: a drawing of shapes.  Fails (review): a hue-rotate filter on the orange
    layer; an image laid over the sign.
    """
    at = f.bbox()
    over = [what for what, box in f.drawing.not_rendered if _covers(box, at)]
    if over:
        yield Hit(f"drawn with what wsmark does not render, which may change what prints: "
                  f"{'; '.join(over)}; a person must check it on a print",
                  measured="not rendered", required="plain shapes", bbox=at)


def _covers(box: tuple[float, float, float, float] | None,
            marker: tuple[float, float, float, float] | None) -> bool:
    """Whether ``box`` (x0, y0, x1, y1; None: anywhere) may cover ``marker`` (x, y, w, h;
    None: unknown)."""
    if box is None or marker is None:
        return True
    x, y, w, h = marker
    return box[0] < x + w and box[2] > x and box[1] < y + h and box[3] > y


@rule("set-aside", "fabrication", "info", ("*",))
def set_aside(f: Facts, j: Judge) -> Iterator[Hit]:
    """What of the page is not a marker and was not measured, and where.

    Borders, crop marks, title blocks, notes, dimension lines, mounting holes, centre
    marks and a buoy's hull below its waterline are listed so a person can see that
    nothing of a marker was left out.

    Passes: a bare marker.  Fails (info): a proof with a border and a title block.
    """
    if f.drawing.set_aside:
        yield Hit(f"set aside, not measured as a marker: "
                  f"{'; '.join(item.describe() for item in f.drawing.set_aside)}")


@rule("as-printed", "fabrication", "info", ("*",))
def as_printed(f: Facts, j: Judge) -> Iterator[Hit]:
    """What of a drawing prints is what is judged, and what was left out says so.

    Hidden SVG layers, ``display:none``, ``visibility:hidden``, zero opacity; PDF layers
    off in the document's default configuration or for printing, a white set to
    overprint (it knocks nothing out) and annotations are not the artwork; they are
    named so the clerk knows what was set aside. A /UserUnit other than 1, and a TrimBox
    inside the page (the sheet as trimmed; printer's marks outside it are not the sign),
    are the basis of the size, and said. An annotation that prints and hides part of the
    marker (an opaque Stamp over the sign) is a review naming it (what prints but
    wsmark cannot render faithfully is ``what-prints``'s).

    Passes: a PDF with no layers, overprint or annotations.  Fails (review): a printing
    Stamp annotation over the sign.
    """
    drawing = f.drawing
    where = f.bbox()
    covering = [(what, bounds) for what, bounds, prints, hides in drawing.annotations
                if prints and hides and where is not None and _overlap(bounds, where)]
    for what, (x0, y0, x1, y1) in covering:
        yield Hit(f"{what} prints over the marker and hides part of it: judge it as "
                  "printed, or send the proof without it", severity="review",
                  bbox=(x0, y0, round(x1 - x0, 3), round(y1 - y0, 3)))
    counted = Counter((what, prints) for what, bounds, prints, hides in drawing.annotations
                      if (what, bounds) not in covering)
    named = [f"{what if n == 1 else f'{n} x {what}'} ({_PRINTS[prints]}, not the artwork)"
             for (what, prints), n in counted.items()]
    aside = [*drawing.not_printed, *named]
    if aside:
        yield Hit(f"set aside as not printing or not the artwork: {'; '.join(aside)}")
    if drawing.size_basis:
        yield Hit(f"size: {'; '.join(drawing.size_basis)}")


_PRINTS = {True: "prints", False: "does not print"}


def _overlap(a: tuple, b: tuple) -> bool:
    """Whether box ``a`` (x0, y0, x1, y1) and the report's box ``b`` (x, y, w, h) share
    an area."""
    return a[0] < b[0] + b[2] and b[0] < a[2] and a[1] < b[1] + b[3] and b[1] < a[3]


@rule("turned", "fabrication", "info", ("*",))
def turned(f: Facts, j: Judge) -> Iterator[Hit]:
    """A marker drawn turned is judged upright.

    Shop drawings turn a sign to fit the sheet (90 deg on a landscape page) or draw it
    at an angle; its slopes and heights are those of the sign standing as its kind
    stands (markers.check.layout.upright), and the note says it was turned.

    Passes: a sign drawn upright.  Fails (info): a danger sign drawn turned 90 deg.
    """
    if f.drawing.turned:
        yield Hit(f"drawn turned {f.drawing.turned:g} deg clockwise; judged upright",
                  measured=f.drawing.turned, unit="deg")


@rule("line-drawing", "fabrication", "info", ("*",))
def line_drawing(f: Facts, j: Judge) -> Iterator[Hit]:
    """How a drawing that paints nothing was read: a line drawing or a cut file.

    Shops and CAM software export cut paths, not paint: closed outlines on a layer named
    for the film (or drawn in its color), the white base sheeting inside the trim.
    Such a drawing is read by that convention (the outlines of a film filled by even-odd
    nesting, the rest of the sheet white), and a cut file of one film is judged with the
    other films of the design it declares; the note says which, so the clerk knows what
    was measured.

    Passes: a drawing of filled areas.  Fails (info): two CIRCLEs on a layer ORANGE, a
    border in color 7 and a TEXT legend.
    """
    if f.drawing.paint_basis:
        yield Hit(f"read as a {f.drawing.paint_basis}")
