"""Artwork -> Facts: what a marker measures, independent of how it was made.

One measurer per family (flat faces, buoys and wraps, flags) detects a shape; the
pack's kinds name it (``Kind.shape`` -> ``Kind.report_name``). The measurers know no
jurisdiction: the numbers they need come from the law they are handed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace

import shapely

from markers.check.measure.buoys import drawn_waterline, looks_like_buoy, measure_buoy
from markers.check.measure.common import NOT_DRAWN, Display, Drawing, Facts, Lettering, Measuring
from markers.check.measure.faces import measure_face
from markers.check.measure.flags import looks_like_flag, measure_flag
from markers.check.measure.sized import sized_by_statement
from markers.check.measure.statements import ANY_KIND
from markers.core.artwork import FLAT_WRAP, SIZE_UNKNOWN, STATED_SCALE, Artwork
from markers.core.pack import Kind
from markers.core.spec import Law

__all__ = ["Facts", "measure"]


def measure(art: Artwork, law: Law, kinds: Mapping[str, Kind],
            display_height: float | None = None, *, dimensions: Sequence = (),
            set_aside: Sequence = (), stated_scale: str | None = None,
            scale_conflict: str | None = None) -> Facts:
    """Measure ``art`` by ``law`` as the kind it declares (``meta['kind']``) among
    ``kinds``, else as what it looks like: a buoy has a ``waterline`` (a guide, or a thin
    line drawn across it) or a buoy's shape (then the lowest painted edge is its
    waterline), a flag a flag's colors, anything else is a face. ``display_height``
    (inches) overrides the drawing's own. What the page says of it (markers.check.layout:
    the proof's ``dimensions`` beside it, what of the page was ``set_aside``, the
    ``stated_scale`` it was read at, evidence of the scale that disagrees:
    ``scale_conflict``) goes into its record, which is frozen."""
    art = _stated_as_shapes(art, kinds)
    sized = None if display_height is not None else sized_by_statement(
        art, law, lambda nominal: measure(nominal, law, kinds, dimensions=dimensions,
                                          set_aside=set_aside))
    if sized is not None:  # no size of its own; H stated beside it (measure.sized)
        art = sized
    facts = _measured_as_it_is(art, law, kinds, display_height)
    unknown = art.meta.get("scale_basis") == SIZE_UNKNOWN
    drawing = _drawing(facts, art, dimensions, set_aside, scale_conflict)
    display = _displayed(facts, kinds)
    if stated_scale is not None and display.basis:
        display = replace(display, basis=f"{STATED_SCALE} {stated_scale}, {display.basis} at it")
    if unknown and display.basis not in (None, NOT_DRAWN):
        display = replace(display, basis=SIZE_UNKNOWN)
    return replace(facts, drawing=drawing, display=display, letters=_declared(facts, art.meta))


def _measured_as_it_is(art: Artwork, law: Law, kinds: Mapping[str, Kind],
                       display_height: float | None) -> Facts:
    """``art`` measured as the kind it declares, else as what it looks like (a buoy by
    its waterline or shape, a flag by its colors, anything else a face)."""
    declared = kinds.get(art.meta.get("kind") or "")
    family = declared.family if declared else None
    shape = declared.shape if declared else None
    m = Measuring(law, {k.shape: k.report_name for k in kinds.values()}, display_height)
    if family == "buoy" and art.meta.get("print") == FLAT_WRAP:
        return _flat_print(art, m, shape)
    if family in ("buoy", "wrap") or (declared is None and (
            "waterline" in art.features or drawn_waterline(art) is not None
            or looks_like_buoy(art))):
        return measure_buoy(art, m, shape)
    if family == "flag" or (declared is None and looks_like_flag(art)):
        return measure_flag(art, m, shape)
    return measure_face(art, m)


def _flat_print(art: Artwork, m: Measuring, shape: str | None) -> Facts:
    """A buoy's flat print (``print`` declared FLAT_WRAP: the cylinder unrolled with the
    ids twice and a nun's cone as an annular sector beside it; its print file, cut files
    and plot alike) is not the buoy as seen: measured as an elevation, the cylinder reads
    as the whole height and both sides' ids as one line. Nothing of it is measured; its
    record says what it is."""
    return Facts(m.kind(shape), Drawing(str(art.meta.get("source", "")), art.meta.get("kind"),
                                        flat_print=FLAT_WRAP))


def _drawing(facts: Facts, art: Artwork, dimensions: Sequence, set_aside: Sequence,
             scale_conflict: str | None) -> Drawing:
    """The record of the drawing ``facts`` were measured on: what the reader and the
    layout said of the page (``art.meta``) and what the page holds beside the marker."""
    meta = art.meta
    return replace(
        facts.drawing, units=meta.get("units") if meta.get("scale_basis") == "physical" else None,
        generator=meta.get("generator"), unread=dict(meta.get("ignored") or {}),
        unread_notes=int(meta.get("unread_notes") or 0), paint_basis=meta.get("paint_basis"),
        scan=bool(meta.get("scan")), extent=_extent(art), dimensions=tuple(dimensions),
        set_aside=tuple(set_aside), size_unknown=meta.get("scale_basis") == SIZE_UNKNOWN,
        units_convention=meta.get("units_convention"),
        not_rendered=tuple(meta.get("not_rendered") or ()),
        not_printed=tuple(meta.get("not_printed") or ()),
        annotations=tuple(meta.get("annotations") or ()),
        size_basis=tuple(meta.get("size_basis") or ()),
        scale_conflict=scale_conflict or meta.get("scale_conflict"),
        units_assumed=meta.get("units_assumed"), turned=meta.get("turned_deg"))


def _displayed(facts: Facts, kinds: Mapping[str, Kind]) -> Display:
    """The display area of ``facts``, without a height for a kind no kind reported as
    it has a display area (a beacon of 15-121-A2(c): its law gives it none, so no H is
    said)."""
    display = facts.display
    if facts.kind is not None and not any(k.display_area for k in kinds.values()
                                          if k.report_name == facts.kind):
        return replace(display, height=None, basis=None, statement=None)
    return display


def _declared(facts: Facts, meta: Mapping) -> Lettering:
    """The lettering of ``facts``, said to be declared when the drawing was built from a
    design file (``meta['text_declared']``) and its lettering reads as the design
    declares it: a design's words and id are its own, not read from outlines."""
    letters = facts.letters
    if not meta.get("text_declared") or letters.basis == "none":
        return letters
    said = [meta.get(key) for key in ("above", "legend", "below")]
    words = sorted(" ".join(filter(None, said)).replace("|", " ").split())
    if (letters.ws_id is not None and letters.ws_id == meta.get("ws_id")) or (
            words and sorted((letters.text or "").split()) == words):
        return replace(letters, basis="declared",
                       ws_id_basis="declared" if letters.ws_id_basis else None)
    return letters


def _extent(art: Artwork) -> float | None:
    """The larger side of what ``art`` paints (inches), None when it paints nothing."""
    painted = [s.geometry for layer in art.layers for s in layer.shapes
               if not s.geometry.is_empty]
    if not painted:
        return None
    x0, y0, x1, y1 = shapely.total_bounds(painted)
    return float(max(x1 - x0, y1 - y0))


#: Words by which a statement names no particular kind: "24 IN SIGN".
ANY_SIGN = frozenset({"sign", "marker", "symbol", "regulatory"})


def _stated_as_shapes(art: Artwork, kinds: Mapping[str, Kind]) -> Artwork:
    """``art`` with the display heights stated beside it (markers.check.split) naming
    the shape of the kind whose name they use, or any sign; statements naming something
    else ("24 IN WIDE") are dropped."""
    said = art.meta.get("stated")
    if not said:
        return art
    shapes = {k.report_name: k.shape for k in kinds.values() if k.display_area}
    named = [replace(s, names=ANY_KIND if s.names is None or s.names in ANY_SIGN
                     else shapes[s.names]) for s in said
             if s.names is None or s.names in ANY_SIGN or s.names in shapes]
    return replace(art, meta={**art.meta, "stated": tuple(named)})
