"""A DXF's paper space: the sheets (layouts) its model is plotted on, the scale each
viewport draws the model at, and the text each sheet writes beside its views.

CAD draws a thing once, in model space, at full size in the drawing's unit, and lays
it out on sheets, the paper-space layouts, through VIEWPORT entities (AutoCAD DXF
Reference, ENTITIES/VIEWPORT and OBJECTS/LAYOUT, PLOTSETTINGS):

- a layout's paper unit is its plot's (PLOTSETTINGS group 72: 0 inches, 1 millimetres,
  2 pixels), at its plot scale (142 paper units per 143 drawing units: 1:1 on a sheet);
- a viewport shows the model's window centred on its view centre (12, from the view
  target 17) and ``view height`` (45) model units tall in a frame ``height`` (41) paper
  units tall: its scale is 41 / 45 paper units per model unit, whatever the model's
  unit is (AutoCAD names 1:12 '1" = 1\\'-0"' taking both for inches). The layout's own
  view is its viewport 1 (id 69; the first whose status 68 is 1 where none has id 1);
  a viewport is off by its flag 0x20000 (90), and one whose view direction (16) is not
  the plan view shows the model projected.

A viewport's scale alone says nothing of the real size: only with the scale its sheet
states (the title block's 'SCALE: 1" = 1\\'-0"', or a label under it: 'DETAIL A  SCALE:
FULL SIZE') does it say what a model unit is in inches (markers.check.layout.viewports
weighs that). This module gives each viewport's scale and the text around it; a DXF
whose model space is empty is drawn in paper space alone, and is read there
(``paper_drawing``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from markers.read.limits import DXF_MAX_ENTITIES, Budget

__all__ = ["SheetView", "PaperDrawing", "sheet_views", "paper_drawing", "LABEL_REACH_IN",
           "INCHES_PER_UNIT", "UNIT_NAMES", "frozen_in_every_view"]

_US_SURVEY_M = 1200 / 3937  # the US survey foot, in metres (the DXF reference's 21 to 24)
_MM_PER_IN = 25.4
#: $INSUNITS code -> inches per drawing unit (name, factor): every length of the DXF
#: reference (HEADER section, $INSUNITS) in which a drawing of a marker can be made, from
#: microinches to miles. Angstroms, nanometres, gigametres, astronomical units, light
#: years and parsecs (11, 12, 17 to 20) are not among them: a marker drawn in one of
#: them reaches no size the reader accepts, so the drawing is read as if the header
#: stated no unit (markers.read.dxf). Here, not in markers.read.dxf, so that the checker
#: weighs a sheet's units without importing the DXF reader.
INCHES_PER_UNIT = {
    1: ("in", 1.0), 2: ("ft", 12.0), 3: ("mi", 63360.0), 4: ("mm", 1 / _MM_PER_IN),
    5: ("cm", 10 / _MM_PER_IN), 6: ("m", 1000 / _MM_PER_IN), 7: ("km", 1e6 / _MM_PER_IN),
    8: ("uin", 1e-6), 9: ("mil", 1e-3), 10: ("yd", 36.0), 13: ("um", 1e-3 / _MM_PER_IN),
    14: ("dm", 100 / _MM_PER_IN), 15: ("dam", 1e4 / _MM_PER_IN),
    16: ("hm", 1e5 / _MM_PER_IN), 21: ("US survey ft", _US_SURVEY_M * 1000 / _MM_PER_IN),
    22: ("US survey in", _US_SURVEY_M / 12 * 1000 / _MM_PER_IN),
    23: ("US survey yd", _US_SURVEY_M * 3 * 1000 / _MM_PER_IN),
    24: ("US survey mi", _US_SURVEY_M * 5280 * 1000 / _MM_PER_IN)}
#: The units' names in words, as a report says them.
UNIT_NAMES = {"in": "inches", "ft": "feet", "mi": "miles", "mm": "millimetres",
              "cm": "centimetres", "m": "metres", "km": "kilometres", "uin": "microinches",
              "mil": "mils", "yd": "yards", "um": "micrometres", "dm": "decimetres",
              "dam": "decametres", "hm": "hectometres", "US survey ft": "US survey feet",
              "US survey in": "US survey inches", "US survey yd": "US survey yards",
              "US survey mi": "US survey miles"}

#: PLOTSETTINGS 72 -> inches per paper unit (2, pixels, has no physical size).
_PAPER_UNITS = {0: ("in", 1.0), 1: ("mm", 1 / 25.4)}
#: VIEWPORT 90: the viewport is turned off (it plots nothing).
_OFF = 0x20000
#: A text is a viewport's label when it lies in its frame, or under or over it this
#: close (paper inches) and as near its width: drawing sheets title each view there.
LABEL_REACH_IN = 0.75
#: Texts read on one sheet at most (a title block has tens; the rest is not a label).
_MAX_TEXTS = 2000


@dataclass(frozen=True)
class SheetView:
    """A viewport onto the model on a paper-space sheet: its sheet's (layout's) name,
    its number there (1 = the first view, in drawing order), the paper inches it draws
    one model unit across (``paper_in``), the text in or just under its frame
    (``labels``) and the rest of its sheet's text (``sheet_texts``: its title block)."""

    sheet: str
    number: int
    paper_in: float
    labels: tuple[str, ...]
    sheet_texts: tuple[str, ...]


@dataclass(frozen=True)
class PaperDrawing:
    """A drawing made in paper space alone: its layout and inches per paper unit."""

    layout: Any
    unit_in: float
    unit: str


def paper_inches(layout: Any) -> tuple[str, float] | None:
    """The paper unit of a layout and inches per drawing unit on it (None: pixels)."""
    dxf = layout.dxf_layout.dxf
    unit = _PAPER_UNITS.get(int(dxf.get("plot_paper_units", 0) or 0))
    if unit is None:
        return None
    num = float(dxf.get("scale_numerator", 1.0) or 1.0)
    den = float(dxf.get("scale_denominator", 1.0) or 1.0)
    if not (num > 0 and den > 0):
        num = den = 1.0
    return unit[0], unit[1] * num / den


def _sheets(doc: Any) -> list[Any]:
    """The paper-space layouts, in their tabs' order."""
    return [doc.layouts.get(name) for name in doc.layouts.names_in_taborder()
            if name.lower() != "model"]


def _plotted(layout: Any) -> list[Any]:
    """The viewports of a layout that plot the model on its sheet: not the layout's own
    view (id 1, else status 1: the sheet itself), not off (90, 0x20000)."""
    ports = layout.viewports()
    own = next((vp for vp in ports if vp.dxf.get("id", 0) == 1), None) or next(
        (vp for vp in ports if vp.dxf.get("status", 0) == 1), None)
    return [vp for vp in ports if vp is not own and not int(vp.dxf.get("flags", 0) or 0) & _OFF]


def _views(layout: Any) -> list[Any]:
    """The viewports of a layout that show the model on its sheet (``_plotted``), seen
    from above, of a size (a scale that is no finite number is dropped by
    ``sheet_views``)."""
    shown = []
    for vp in _plotted(layout):
        dxf = vp.dxf
        if not vp.is_top_view:
            continue
        if float(dxf.get("height", 0) or 0) > 0 and float(dxf.get("view_height", 0) or 0) > 0:
            shown.append(vp)
    return shown


def _texts(layout: Any, budget: Budget) -> list[tuple[str, float, float]]:
    """Each line of text a sheet writes, with where it is anchored (paper units):
    TEXT, MTEXT, and a block's text and attributes (a title block is often a block),
    its blocks opened one level deep and within the reader's entity bound."""
    out: list[tuple[str, float, float]] = []
    seen = 0
    for entity in layout:
        kind = entity.dxftype()
        found = [entity] if kind in ("TEXT", "MTEXT") else []
        if kind == "INSERT":
            found = list(entity.attribs)
            for inner in entity.virtual_entities():
                seen += 1
                budget.tick()
                if inner.dxftype() in ("TEXT", "MTEXT", "ATTRIB"):
                    found.append(inner)
                if seen > DXF_MAX_ENTITIES:
                    return out
        seen += 1
        budget.tick()
        for text in found:
            words = text.plain_text() if text.dxftype() == "MTEXT" else text.dxf.get("text", "")
            point = text.dxf.get("align_point") if text.dxf.get("halign", 0) else None
            point = text.dxf.insert if point is None else point
            out += [(" ".join(line.split()), float(point.x), float(point.y))
                    for line in str(words).splitlines() if line.strip()]
        if len(out) > _MAX_TEXTS or seen > DXF_MAX_ENTITIES:
            break
    return out


def _frame(vp: Any) -> tuple[float, float, float, float]:
    (x0, y0), (x1, y1) = vp.clipping_rect()
    return x0, y0, x1, y1


def _label_of(x: float, y: float, frames: list[tuple[float, float, float, float]],
              reach: float) -> int | None:
    """The viewport a text anchored at (x, y) labels: the one it lies in, else the one
    it lies nearest under or over (ASME Y14.3 titles a view below it, many sheets above
    it; under wins a tie), within ``reach`` of it, anchored over its width (a left-aligned
    title may start a quarter of ``reach`` left of it)."""
    for i, (x0, y0, x1, y1) in enumerate(frames):
        if x0 <= x <= x1 and y0 <= y <= y1:
            return i
    near = [(gap, side, i) for i, (x0, y0, x1, y1) in enumerate(frames)
            if x0 - reach / 4 <= x <= x1
            for gap, side in ((y0 - y, 0), (y - y1, 1)) if 0 < gap <= reach]
    return min(near)[2] if near else None


def sheet_views(doc: Any, budget: Budget) -> tuple[SheetView, ...]:
    """Every viewport onto the model on the drawing's sheets, with its scale and the
    text of its sheet (labels under it apart)."""
    out: list[SheetView] = []
    for layout in _sheets(doc):
        paper = paper_inches(layout)
        ports = _views(layout) if paper is not None else []
        if not ports or paper is None:
            continue
        frames = [_frame(vp) for vp in ports]
        texts = _texts(layout, budget)
        owner = [_label_of(x, y, frames, LABEL_REACH_IN / paper[1]) for _, x, y in texts]
        rest = tuple(t for (t, _, _), o in zip(texts, owner, strict=True) if o is None)
        for i, vp in enumerate(ports):
            labels = tuple(t for (t, _, _), o in zip(texts, owner, strict=True) if o == i)
            per_model = float(vp.dxf.height) / float(vp.dxf.view_height) * paper[1]
            if not math.isfinite(per_model) or per_model <= 0:
                continue
            out.append(SheetView(layout.name, i + 1, per_model, labels, rest))
    return tuple(out)


def frozen_in_every_view(doc: Any) -> frozenset[str]:
    """The layers (casefolded: DXF layer names are not case-sensitive) that no sheet
    prints: frozen in every viewport plotting the model (VIEWPORT group 331, one handle
    per layer; R12's ACAD XDATA list: both read by ezdxf as ``frozen_layers``). A
    viewport draws the model without the layers frozen in it, so a layer frozen in
    one view prints in another; with no viewport, none (the model is plotted itself)."""
    frozen: set[str] | None = None
    for layout in _sheets(doc):
        for vp in _plotted(layout):
            names = {name.casefold() for name in vp.frozen_layers}
            frozen = names if frozen is None else frozen & names
    return frozenset(frozen or ())


def paper_drawing(doc: Any) -> PaperDrawing | None:
    """The sheet a drawing is made on when its model space is empty: the first layout
    (in tab order) holding anything but viewports, in its paper unit."""
    if len(doc.modelspace()) > 0:
        return None
    for layout in _sheets(doc):
        paper = paper_inches(layout)
        if paper is not None and any(e.dxftype() != "VIEWPORT" for e in layout):
            return PaperDrawing(layout, paper[1], paper[0])
    return None
