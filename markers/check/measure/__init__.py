"""Artwork -> Facts: what a marker measures, independent of how it was made.

One measurer per family (flat faces, buoys and wraps, flags) detects a shape; the
pack's kinds name it (``Kind.shape`` -> ``Kind.report_name``). The measurers know no
jurisdiction: the numbers they need come from the law they are handed.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from markers.check.measure.buoys import drawn_waterline, looks_like_buoy, measure_buoy
from markers.check.measure.common import Facts
from markers.check.measure.faces import measure_face
from markers.check.measure.flags import looks_like_flag, measure_flag
from markers.check.measure.statements import ANY_KIND
from markers.core.artwork import Artwork
from markers.core.pack import Kind
from markers.core.spec import Law

__all__ = ["Facts", "measure"]


def measure(art: Artwork, law: Law, kinds: Mapping[str, Kind],
            display_height: float | None = None) -> Facts:
    """Measure ``art`` as the kind it declares (``meta['kind']``) among ``kinds``, else
    as what it looks like: a buoy has a ``waterline`` (a guide, or a thin line drawn
    across it) or a buoy's shape (then the lowest painted edge is its waterline), a flag
    a flag's colors, anything else is a face. ``display_height`` (inches) overrides the
    drawing's own."""
    art = _stated_as_shapes(art, kinds)
    declared = kinds.get(art.meta.get("kind"))
    family = declared.family if declared else None
    shape = declared.shape if declared else None
    if family in ("buoy", "wrap") or (declared is None and (
            "waterline" in art.features or drawn_waterline(art) is not None
            or looks_like_buoy(art))):
        facts = measure_buoy(art, law, display_height, shape)
    elif family == "flag" or (declared is None and looks_like_flag(art)):
        facts = measure_flag(art, shape)
    else:
        facts = measure_face(art, law, display_height)
    _name(facts, {k.shape: k.report_name for k in kinds.values()})
    if art.meta.get("scale_basis") == "physical":
        facts.drawing_units = art.meta.get("units")
    facts.generator = art.meta.get("generator")
    facts.unread = dict(art.meta.get("ignored") or {})
    facts.unread_notes = int(art.meta.get("unread_notes") or 0)
    facts.paint_basis = art.meta.get("paint_basis")
    facts.scan = bool(art.meta.get("scan"))
    return facts


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


def _name(facts: Facts, names: Mapping[str, str]) -> None:
    """Name the shapes a measurer detected after the pack's kinds (faces too)."""
    facts.kind = names.get(facts.kind) if facts.kind is not None else None
    for face in facts.faces:
        _name(face, names)
