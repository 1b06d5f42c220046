"""A DXF's model brought to its real size by the scale its sheets state through their
viewports, and a statement a viewport contradicts.

A viewport draws the model at its own scale, ``paper_in`` paper inches per model unit
(markers.read.dxf_layouts); the scale written for it (a label just under it, else its
sheet's title block: 'SCALE: 1" = 1\\'-0"', 'SCALE 1:10', 'FULL SIZE') says how many
real inches a paper inch is. Together they say what one model unit is in inches:
stated x paper_in. That unit is weighed against the one the drawing was read in:

- the header states it (``$INSUNITS``): the model is at its real size already; a
  statement that makes the unit another is a conflict naming both (rule
  ``scale-evidence``: the statement or the viewport is wrong);
- the header states none (``$INSUNITS`` 0: read in the unit ``$MEASUREMENT`` suggests,
  or at a nominal size): the sheets give it, said as the basis; statements that make
  two units are a conflict naming both, and so is one that makes a unit no CAD drawing
  is drawn in where ``$MEASUREMENT`` suggests one.
"""

from __future__ import annotations

from dataclasses import replace

from markers.check.layout.evidence import ScaleEvidence
from markers.check.layout.scale import at_scale, parse_scale
from markers.core.artwork import Artwork
from markers.read.dxf_layouts import INCHES_PER_UNIT, UNIT_NAMES, SheetView

__all__ = ["at_sheet_scale", "UNIT_AGREEMENT", "LETTERING_IN"]

#: Two model units agree within this share: a viewport's height is set by hand and
#: written to 6 to 16 digits, and scales are listed as round ratios.
UNIT_AGREEMENT = 0.01
#: The heights lettering on a drawing sheet is written at (ISO 3098-1's nominal heights,
#: 1.8 to 20 mm), in inches: a DXF whose words stating a reduced scale are taller than
#: any sheet's, and at that scale a sheet's size, was plotted from model space at full
#: size, its title block scaled up by the plot's scale.
LETTERING_IN = (1.8 / 25.4, 20 / 25.4)
#: The model units a sheet's statement may make (inches): a DXF's own run from
#: microinches to kilometres ($INSUNITS 8 to 7); beyond, the statement is no evidence.
UNIT_RANGE_IN = (1e-6, 4e4)
#: The units CAD draws in: inches per unit -> its name ($INSUNITS' units).
_UNITS = {inches: name for name, inches in INCHES_PER_UNIT.values()}

#: A statement read for one viewport: the view, the scale (real per paper), its words,
#: and the model unit they make (inches).
Stated = tuple[SheetView, float, str, float]


def _agree(a: float, b: float) -> bool:
    return abs(a - b) <= UNIT_AGREEMENT * max(a, b)


def _ratio(real_per_paper: float) -> str:
    """1:12, 2:1 (paper to real)."""
    if real_per_paper >= 1:
        return f"1:{real_per_paper:.4g}"
    return f"{1 / real_per_paper:.4g}:1"


def _named(unit_in: float) -> str | None:
    """The unit CAD draws in that is ``unit_in`` inches, None for none."""
    return next((UNIT_NAMES[n] for k, n in _UNITS.items() if _agree(k, unit_in)), None)


def _stated(views: tuple[SheetView, ...]) -> list[Stated]:
    """The scale stated for each viewport: its label's, else its sheet's."""
    out: list[Stated] = []
    for view in views:
        found = next((s for s in map(parse_scale, view.labels) if s is not None), None) or \
            next((s for s in map(parse_scale, view.sheet_texts) if s is not None), None)
        if found is not None and UNIT_RANGE_IN[0] <= found[0] * view.paper_in <= \
                UNIT_RANGE_IN[1]:
            out.append((view, found[0], found[1], found[0] * view.paper_in))
    return out


def _where(view: SheetView) -> str:
    return f"viewport {view.number} of layout {view.sheet!r}"


def _against_header(stated: list[Stated], unit_in: float, unit: str) -> str | None:
    """A statement that makes the header's unit another: the sentence naming both."""
    for view, factor, words, _made in stated:
        own = unit_in / view.paper_in
        if not _agree(own, factor):
            return (f"{words} is stated for {_where(view)}, which draws the model (in "
                    f"{unit}, as $INSUNITS says) at {_ratio(own)}, not {_ratio(factor)}: "
                    "the statement or the viewport is wrong")
    return None


def _between(stated: list[Stated]) -> str | None:
    """Two statements that make two model units: the sentence naming both."""
    first = stated[0]
    other = next((s for s in stated[1:] if not _agree(s[3], first[3])), None)
    if other is None:
        return None
    return (f"{first[2]} is stated for {_where(first[0])} and {other[2]} for "
            f"{_where(other[0])}, which make a model unit {first[3]:.4g} in and "
            f"{other[3]:.4g} in: one of the two is wrong")


def _unnamed(stated: list[Stated], unit_in: float, unit: str) -> str:
    """A statement that makes a unit no CAD drawing is drawn in, where $MEASUREMENT
    suggests one: the sentence naming both."""
    view, factor, words, made = stated[0]
    return (f"{words} is stated for {_where(view)}, which draws the model at "
            f"{_ratio(unit_in / view.paper_in)} in the {unit} $MEASUREMENT suggests; at "
            f"{_ratio(factor)} a model unit would be {made:.4g} in, no unit CAD draws in: "
            "the statement or the viewport is wrong")


def _plotted_from_model(art: Artwork) -> str | None:
    """Where a DXF states its scale in words drawn at that scale's multiple of a
    sheet's lettering (the model is at full size, plotted from model space with its
    title block scaled up: the scale is the plot's, not the drawing's), the sentence
    that says so; else None."""
    if art.meta.get("format") != "dxf" or art.meta.get("scale_basis") != "physical":
        return None
    for item in art.legends:
        found = parse_scale(item.text)
        if found is not None and found[0] > 1:
            low, high = LETTERING_IN
            if not (item.cap_height > high and item.cap_height / found[0] >= low):
                return None
            return (f"at full size as drawn: {found[1]} is the scale it is plotted at from "
                    f"model space (its words are {item.cap_height:.3g} in tall, "
                    f"{item.cap_height / found[0]:.3g} in on the plot)")
    return None


def at_sheet_scale(art: Artwork) -> tuple[Artwork, ScaleEvidence] | None:
    """``art`` (a DXF's model) at the real size its sheets' stated scales give, with
    that evidence (its words, and a conflict naming the evidence that disagrees: then
    the words are None when the model stays in the unit it was read in); as read, with
    no words, when it was plotted from model space (its scale is the plot's); None when
    no viewport has a stated scale, or the header states the unit and they agree (the
    model is judged as read: a scale its own text states is weighed as on any page)."""
    views = art.meta.get("dxf_views") or ()
    stated = _stated(views)
    if not stated:
        plotted = _plotted_from_model(art)
        if plotted is None:
            return None
        said = (*art.meta.get("size_basis", ()), plotted)
        return replace(art, meta={**art.meta, "size_basis": said}), ScaleEvidence(1.0)
    unit_in = float(art.meta.get("user_unit_in") or 1.0)
    unit = _named(unit_in) or f"units of {unit_in:.4g} in"
    known = art.meta.get("scale_basis") == "physical"
    if known and not art.meta.get("units_assumed"):
        conflict = _against_header(stated, unit_in, unit)
        return None if conflict is None else (art, ScaleEvidence(1.0, None, conflict))
    view, _, words, made = stated[0]
    conflict = _between(stated)
    if conflict is None and known and _named(made) is None:
        return art, ScaleEvidence(1.0, None, _unnamed(stated, unit_in, unit))
    where = f"{words} ({_where(view)})"
    name = _named(made) or f"units of {made:.4g} in"
    short = next((u for k, u in _UNITS.items() if _agree(k, made)), "user")
    meta = {**art.meta, "scale_basis": "physical", "units": short, "user_unit_in": made,
            "units_assumed": (
                f"the DXF states no units; its model is read in {name}: the scale {words} "
                f"stated for {_where(view)}, which draws {view.paper_in:.4g} paper in per "
                f"model unit, makes a model unit {made:.4g} in")}
    big = at_scale(replace(art, meta=meta), made / unit_in)
    return big, ScaleEvidence(made / unit_in, where, conflict)
