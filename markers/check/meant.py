"""What a marker of a drawing means: the design its Facts say, and where it stands.

A repair rebuilds each marker of a proof compliant by construction, so it needs the
design the vendor meant (kind, display height, legend, identification, a buoy's or a
flag's sizes) and the place of the marker on the page (its anchor, and everything it
covers). Both are read here from what the checker measured, never guessed: a marker
whose kind was not found means no design, and says why.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import shapely

from markers.check.layout.parts import reading_rows
from markers.check.measure.common import Facts
from markers.core.artwork import Artwork
from markers.core.design import Design
from markers.core.pack import Kind

__all__ = ["Meant", "meant", "Box"]

#: (x0, y0, x1, y1) inches on the page, y down.
Box = tuple[float, float, float, float]
#: Sizes read from a drawing are kept to 1/100 in: finer is the drawing's rounding.
DIGITS = 2


@dataclass(frozen=True)
class Meant:
    """One marker of a proof as a design: ``design`` (None when no kind was found, with
    ``why``), the ``anchor`` it is placed by (``how``: "waterline" (x is the body's
    centre, y the waterline), "display-area" or "painted": the box's centre) and the
    ``extent`` of what it covers on the page (its panel, paint and lettering); the
    ``basis`` of its display height as the report says it."""

    design: Design | None
    how: str
    anchor: Box
    extent: Box
    basis: str | None = None
    why: str | None = None


def meant(facts: Facts, art: Artwork, kinds: Mapping[str, Kind]) -> Meant:
    """The design ``facts`` (of the marker ``art``, in page coordinates) say, among
    ``kinds``: the kind the report names (an aid with a body and a waterline is its
    buoy), the display height, what its lettering reads, and the sizes a buoy or a flag
    was measured at."""
    how, anchor = _anchor(facts, art)
    extent = _extent(facts, art)
    kind = _kind(facts, kinds)
    if kind is None:
        return Meant(None, how, anchor, extent, facts.display.basis,
                     why="no marker kind was recognised in the drawing")
    face = facts.faces[0] if facts.faces else None
    fields: dict[str, object] = {}
    if kind.uses_legend:
        fields.update(_words(face or facts, kind.explained))
    if kind.sample_id is not None and facts.letters.ws_id:
        fields["ws_id"] = facts.letters.ws_id
    label = next((f.letters.permit_label.text for f in (facts, *facts.faces)
                  if f.letters.permit_label is not None and f.letters.permit_label.text), None)
    if label:
        fields["permit_id"] = label
    if kind.family in ("buoy", "wrap"):
        fields.update(_buoy_fields(facts, kind, face))
    if kind.family == "flag":
        fields.update(flag_height=_size(facts.flag.height), flag_length=_size(facts.flag.length))
    height = facts.display.height if kind.display_area else None
    design = Design(kind.name, _size(height),
                    **{k: v for k, v in fields.items() if v is not None})  # type: ignore[arg-type]  # fields are Design's, read per kind
    return Meant(design, how, anchor, extent, facts.display.basis)


def _kind(facts: Facts, kinds: Mapping[str, Kind]) -> Kind | None:
    """The kind the drawing declares, else the one the report names; of two reported
    alike (an aid's face and its buoy) the buoy when a body stands on a waterline."""
    declared = kinds.get(facts.drawing.declared_kind or "")
    if declared is not None:
        return declared
    named = [k for k in kinds.values() if k.report_name == facts.kind]
    if len(named) > 1:
        on_water = facts.buoy.waterline is not None and facts.buoy.body is not None
        named = [k for k in named if (k.family == "buoy") == on_water] or named
    return named[0] if named else None


def _buoy_fields(facts: Facts, kind: Kind, face: Facts | None) -> dict[str, object]:
    """A buoy's or a wrap's measured sizes and what it carries."""
    buoy = facts.buoy
    fields: dict[str, object] = {
        "height_above_water": _size(buoy.height_above_water),
        "diameter": _size(buoy.diameter), "material": buoy.material,
        "lighted": bool(buoy.lighted)}
    if face is not None:
        fields["symbol"] = face.kind
        fields["curvature"] = face.curvature
    plain = not kind.display_area and kind.look.figure is None  # a mooring or race buoy
    if plain and buoy.shape:
        fields["shape"] = buoy.shape
    if plain and kind.look.color is None and buoy.color is not None:
        fields["color"] = buoy.color.family  # a race buoy's race color
    return fields


def _words(facts: Facts, explained: bool) -> dict[str, str]:
    """The lettering as the design's fields, laid out as the vendor laid it out: its
    rows (``reading_rows``: lines side by side are one row) joined by '|', the builder's
    line break; on a sign that may carry words above and below its symbol
    (``explained``), the rows above it and below it apart from those inside. Nothing
    but the words when not every line was read."""
    letters = facts.letters
    if not letters.text or not letters.legends or any(
            not (leg.text or "").strip() for leg in letters.legends):
        return {"legend": letters.text} if letters.text else {}
    outer = facts.symbol.outer if explained else None
    places: dict[str, list[str]] = {"above": [], "legend": [], "below": []}
    boxes = [(x, y, x + w, y + h) for x, y, w, h in (leg.bbox for leg in letters.legends)]
    for row in reading_rows(boxes):
        place = "legend"
        if outer is not None:
            _, top, _, bottom = outer.bounds
            if max(boxes[i][3] for i in row) <= top:
                place = "above"
            elif min(boxes[i][1] for i in row) >= bottom:
                place = "below"
        places[place].append(" ".join((letters.legends[i].text or "").strip() for i in row))
    return {field: "|".join(rows) for field, rows in places.items() if rows}


def _size(value: float | None) -> float | None:
    return None if value is None else round(value, DIGITS)


def _anchor(facts: Facts, art: Artwork) -> tuple[str, Box]:
    """Where the marker stands: a buoy by its waterline, a sign by its display area,
    anything else by what it paints."""
    if facts.buoy.waterline is not None and facts.buoy.body is not None:
        x0, _, x1, _ = facts.buoy.body.bounds
        return "waterline", (x0, facts.buoy.waterline, x1, facts.buoy.waterline)
    if facts.display.area is not None:
        x0, y0, x1, y1 = facts.display.area.bounds
        return "display-area", (x0, y0, x1, y1)
    return "painted", art.painted_box()


def _extent(facts: Facts, art: Artwork) -> Box:
    """Everything the marker covers: its paint, lettering, panel and the features it
    names (a buoy's waterline, drawn across more than its body)."""
    parts = [layer.geometry for layer in art.layers] + [item.box for item in art.legends]
    parts += [g for g in art.features.values()]
    if facts.display.panel is not None:
        parts.append(facts.display.panel)
    parts = [p for p in parts if not p.is_empty]
    if not parts:
        return art.painted_box()
    x0, y0, x1, y1 = shapely.total_bounds(parts)
    return float(x0), float(y0), float(x1), float(y1)
