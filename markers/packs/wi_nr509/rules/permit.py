"""The permit label, NR 5.09(3)(b): what a marker's label says, and whether it is the
label its design declares, where and as large as wsmark letters it."""

from __future__ import annotations

from collections.abc import Iterator

from shapely.geometry import box

from markers.check.engine import Hit, Judge
from markers.check.measure.common import Facts
from markers.packs.wi_nr509.kinds import kinds_of
from markers.packs.wi_nr509.law import rule

#: The markers the department approves and numbers (NR 5.09(3)(b) speaks of waterway
#: markers): every kind but the flags, which their statutes govern and nobody places.
APPROVED = kinds_of("face", "aid", "buoy", "wrap")


def _overlaps_display(f: Facts) -> bool:
    """Whether the label reaches into the display area (more than a sliver)."""
    if f.display.area is None or f.letters.permit_label is None:
        return False
    x, y, w, h = f.letters.permit_label.bbox
    return f.display.area.intersection(box(x, y, x + w, y + h)).area > 0.05 * w * h


@rule("permit-label", "NR 5.09(3)(b)", "info", APPROVED, sized=True)
def permit_label(f: Facts, j: Judge) -> Iterator[Hit]:
    """The department's identification number on an approved marker: found and read.

    The label is the lowest line of lettering, below the symbol and outside the display
    area, that reads as a permit id (capitals and digits joined by '-' or '/', with a
    digit), or the lettering in an element named ``permit-label``. It is set apart from
    the legend: no legend rule judges it. Its size and place are wsmark practice
    (black block letters at least ``permit_label_cap_min`` high, on the white outside
    the display area), so a departure is a warning, as is a label missing or reading
    otherwise than the permit id the design declares (``permit_id``).

    Passes (info): "WI-2026-0417" in 1 in black letters below a danger sign.
    Fails (warning): a design declaring WI-2026-0417 with no label, or a label reading
    WI-2026-0471; a label 0.6 in high, in red, or inside the display area.
    """
    label, declared = f.letters.permit_label, f.letters.declared_permit_id
    if label is None:
        if f.letters.permit_label_basis == "declared":
            yield Hit("the drawing names a permit-label area, but no lettering is in it",
                      measured="no label", required="the permit id", severity="warning")
        elif declared:
            yield Hit(f"no permit label found; the design declares permit id {declared!r}, "
                      "to be lettered below the display area", measured="no label",
                      required=declared, severity="warning", bbox=f.bbox())
        return
    cap, low = label.cap_height, j.req("permit_label_cap_min")
    practice = j.requirement("permit_label_cap_min")
    if label.text is None:
        yield Hit(f"a permit label is drawn, but {label.doubt or 'its letters were not read'}",
                  measured="not read", required=declared or "a permit id",
                  severity="warning", bbox=label.bbox)
        return
    found = []
    if declared and label.text != declared:
        found.append(Hit(f"the permit label reads {label.text!r}; the design declares "
                         f"{declared!r}", measured=label.text, required=declared,
                         severity="warning", bbox=label.bbox))
    if cap < low - j.req("length_tolerance"):
        found.append(Hit(f"permit label {label.text!r} in letters {cap:.2f} in high; "
                         f"{practice.ref} letters it at least {low:g} in", measured=round(
                             cap, 3), required=f">= {low:g}", unit="in", severity="warning",
                         bbox=label.bbox))
    if label.color is not None and label.color.family != "black":
        found.append(Hit(f"permit label {label.text!r} is {label.color.hex} "
                         f"({label.color.label}); wsmark letters it black on the white",
                         measured=label.color.label, required="black", severity="warning",
                         bbox=label.bbox))
    if _overlaps_display(f):
        found.append(Hit(f"permit label {label.text!r} lies in the display area; it goes on "
                         "the white outside it", measured="in the display area",
                         required="outside the display area", severity="warning",
                         bbox=label.bbox))
    if not found:
        said = f"permit label {label.text!r} in black letters {cap:.2f} in high, outside the " \
               "display area"
        j.saw(said, label.text, declared or "a permit id")
        found.append(Hit(said, measured=label.text, required=declared or "a permit id",
                         bbox=label.bbox))
    yield from found
