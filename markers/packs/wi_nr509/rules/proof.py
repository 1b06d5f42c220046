"""Rules about the proof as drawn, not the marker: is it at actual size, do its own
dimensions agree with the drawing, what of the page was set aside unmeasured, and how a
line drawing's paint was read."""

from __future__ import annotations

from collections.abc import Iterator

from markers.check.engine import Hit, Judge
from markers.check.measure.common import Facts
from markers.packs.wi_nr509.law import rule


@rule("actual-size", "fabrication", "error", ("*",), gate=True)
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


@rule("proof-dimension", "fabrication", "warning", ("*",))
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


@rule("not-printed", "fabrication", "info", ("*",))
def not_printed(f: Facts, j: Judge) -> Iterator[Hit]:
    """What the file holds that does not print, set aside and not judged.

    A DXF's entities on a frozen layer, a layer turned off or one that does not plot
    (AutoCAD's Defpoints never does), and what a WIPEOUT masks, are not on the print;
    the note names them, so a clerk knows a version there was not what was judged.

    Passes: a drawing whose every layer prints.  Fails (info): an old version of the
    sign on a frozen layer.
    """
    if f.drawing.not_printed:
        said = "; ".join(f"{n} x {what}" for what, n in sorted(f.drawing.not_printed.items()))
        yield Hit(f"not printed, so set aside and not judged: {said}")


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
