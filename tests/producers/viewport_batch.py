"""A held-out batch (issue 30, second session): DXF shop drawings plotted from paper
space, as AutoCAD lays them out, each with the truth a right ``wsmark check`` gives.

Written before the checker read paper space, and run as ``python
tests/producers/viewport_batch.py OUT`` (writes the files and ``truth.json``) then
``python tests/producers/viewport_batch.py OUT --check`` (counts the wrong verdicts).

Each drawing is a danger sign 24 in tall drawn once in model space, at full size in the
model's unit (inches, feet or millimetres, stated by ``$INSUNITS`` or not at all), as
solid HATCHes (tests/producers/write_librecad.py), and a paper-space layout (the
``Layout1`` tab) on tabloid paper in inches or A3 in mm, as the DXF reference describes
it: plot settings (``LAYOUT`` group 72 paper units, 142/143 the plot's scale), one or
more VIEWPORTs onto the model (40/41 their size on paper, 12 and 45 the model's centre
and height they show: their scale is 41 / 45 paper units per model unit), and a title
block of TEXT stating the scale, or a label under a viewport stating its own. Some
state a scale the viewport contradicts; some draw the sign in paper space alone.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent.parent))
from batch_main import run  # noqa: E402

import marker_scene as ms  # noqa: E402
from scale_batch import RED_E31B, Want, wrong  # noqa: E402

__all__ = ["Proof", "all_cases", "wrong"]

H = 24.0
TABLOID_IN = (17.0, 11.0)
A3_MM = (420.0, 297.0)
#: model unit -> ($INSUNITS, model units per inch)
UNITS = {"in": (1, 1.0), "ft": (2, 1 / 12), "mm": (4, 25.4)}
CAP = 0.125  # title-block text, paper inches


@dataclass
class Proof:
    name: str
    write: Callable[[], bytes]
    want: tuple[Want, ...]
    note: str
    file_verdict: str | None = None
    words: tuple[str, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class View:
    """A viewport: its scale as paper units per model unit, where its centre sits on the
    sheet (paper units), the part of the sign it shows (``detail``: the top corner at
    full size), and the label written under it."""
    per_model: float
    centre: tuple[float, float]
    size: tuple[float, float]
    detail: bool = False
    label: str | None = None


def _sign(defect: str | None) -> ms.Sheet:
    placed = ms.danger(0, 0, H, outline=1.5 if defect == "thin" else ms.OUTLINE,
                       color=RED_E31B if defect == "red" else ms.ORANGE)
    return ms.Sheet(placed.right, placed.bottom, list(placed.items))


def _model(doc, unit: str, insunits: int | None, measurement: int | None) -> None:
    """The model space in ``unit`` (drawn in inches, scaled), its header as given."""
    from ezdxf.math import Matrix44

    k = UNITS[unit][1]
    if k != 1.0:
        for entity in doc.modelspace():
            entity.transform(Matrix44.scale(k, k, k))
    for var, value in (("$INSUNITS", insunits), ("$MEASUREMENT", measurement)):
        if value is None:
            if var in doc.header:
                del doc.header[var]
        else:
            doc.header[var] = value


def _sheet(doc, paper: str, views: list[View], title: list[str],
           model_box: tuple[float, float]) -> None:
    """Layout1 set up on ``paper`` (tabloid in inches, A3 in mm), a border, the
    viewports, and the title block's lines in the bottom-right corner."""
    from ezdxf.enums import TextEntityAlignment

    layout = doc.layouts.get("Layout1")
    size = TABLOID_IN if paper == "in" else A3_MM
    layout.page_setup(size=size, margins=(0, 0, 0, 0), units="inch" if paper == "in" else "mm",
                      scale=(1, 1))
    per_in = 1.0 if paper == "in" else 25.4
    w, h = size
    layout.add_lwpolyline([(0.25 * per_in, 0.25 * per_in), (w - 0.25 * per_in, 0.25 * per_in),
                           (w - 0.25 * per_in, h - 0.25 * per_in),
                           (0.25 * per_in, h - 0.25 * per_in)], close=True)
    mw, mh = model_box
    for view in views:
        if view.detail:  # the diamond's top corner and its outline, at the view's scale
            height = view.size[1] / view.per_model
            centre = (mw / 2, mh - height / 2)
        else:
            height, centre = view.size[1] / view.per_model, (mw / 2, mh / 2)
        layout.add_viewport(view.centre, view.size, centre, height)
        if view.label:
            x, y = view.centre[0], view.centre[1] - view.size[1] / 2 - 0.3 * per_in
            layout.add_text(view.label, height=CAP * per_in).set_placement(
                (x, y), align=TextEntityAlignment.BOTTOM_CENTER)
    x, y = w - 4.0 * per_in, 0.5 * per_in + 0.3 * per_in * len(title)
    for line in title:
        layout.add_text(line, height=CAP * per_in).set_placement((x, y))
        y -= 0.3 * per_in


def _paper_only(doc, paper: str, factor: float, title: list[str]) -> None:
    """The sign drawn in paper space at 1:``factor`` (model space empty)."""
    from ezdxf.math import Matrix44

    msp = doc.modelspace()
    layout = doc.layouts.get("Layout1")
    size = TABLOID_IN if paper == "in" else A3_MM
    layout.page_setup(size=size, margins=(0, 0, 0, 0), units="inch" if paper == "in" else "mm",
                      scale=(1, 1))
    per_in = 1.0 if paper == "in" else 25.4
    k = per_in / factor
    for entity in list(msp):
        msp.move_to_layout(entity, layout)
        entity.transform(Matrix44.chain(Matrix44.scale(k, k, k),
                                        Matrix44.translate(1.0 * per_in, 1.5 * per_in, 0)))
    x, y = size[0] - 4.0 * per_in, 0.5 * per_in + 0.3 * per_in * len(title)
    for line in title:
        layout.add_text(line, height=CAP * per_in).set_placement((x, y))
        y -= 0.3 * per_in


def _dxf(defect: str | None, unit: str, insunits: int | None, measurement: int | None,
         paper: str = "in", views: list[View] | None = None, title: list[str] = (),
         paper_only: float | None = None, edit: Callable | None = None
         ) -> Callable[[], bytes]:
    def write() -> bytes:
        import ezdxf
        import write_librecad
        write_librecad.LAYERS.setdefault(RED_E31B, ("RED", 1))
        sign = _sign(defect)
        doc = ezdxf.read(io.StringIO(write_librecad.dxf_bytes(sign, "hatch").decode()))
        if paper_only is not None:
            _paper_only(doc, paper, paper_only, list(title))
            _model(doc, "in", insunits, measurement)
        else:
            _model(doc, unit, insunits, measurement)
            k = UNITS[unit][1]
            if views:
                _sheet(doc, paper, views, list(title), (sign.width * k, sign.height * k))
        if edit is not None:
            edit(doc)
        out = io.StringIO()
        doc.write(out)
        return out.getvalue().encode()
    return write


_DEFECTS = {"thin": "outline-width", "red": "reg-symbol-color"}
#: one view of the whole sign on tabloid paper, at 1:12 and 1:8
VIEW_12 = View(1 / 12, (5.0, 6.0), (6.0, 6.0))
VIEW_8 = View(1 / 8, (5.0, 6.0), (6.0, 6.0))


def _want(defect: str | None, verdict: str | None = None) -> tuple[Want, ...]:
    if defect is None:
        return (Want("danger", verdict or "pass", H),)
    return (Want("danger", verdict or "fail", H, (_DEFECTS[defect],)),)


def model_cases() -> list[Proof]:
    """The sign in model space, seen through one viewport whose scale the title block
    states (in the notations shops write), in every way the model's unit may be said."""
    out: list[Proof] = []
    for defect in (None, "thin"):
        tag = defect or "ok"
        # inches stated ($INSUNITS 1), 1:12 viewport, 1" = 1'-0"
        out.append(Proof(f"vp-in-1to12-{tag}.dxf", _dxf(defect, "in", 1, 0, views=[VIEW_12],
                                                         title=['SCALE: 1" = 1\'-0"']),
                         _want(defect), "model inches; viewport 1:12 stated"))
        # unitless model (no $INSUNITS, no $MEASUREMENT): the sheet's scale gives its unit
        out.append(Proof(f"vp-unitless-1to8-{tag}.dxf",
                         _dxf(defect, "in", None, None, views=[VIEW_8],
                              title=['SCALE: 1-1/2" = 1\'-0"']),
                         _want(defect), "model unitless; viewport 1:8 stated",
                         words=("1-1/2",)))
        # drawn in feet, $INSUNITS 0 and $MEASUREMENT 0 (an imperial drawing taken as
        # inches): the viewport at 1 paper inch per model foot, titled 1" = 1'-0"
        out.append(Proof(f"vp-feet-unitless-{tag}.dxf",
                         _dxf(defect, "ft", 0, 0, views=[View(1.0, (5.0, 6.0), (6.0, 6.0))],
                              title=['SCALE: 1" = 1\'-0"']),
                         _want(defect), "model in feet, unitless imperial; viewport 1:1 of "
                         "paper inch to model foot, stated 1\" = 1'-0\""))
        # metric: model mm ($INSUNITS 4), A3 layout in mm, viewport 1:10, SCALE 1:10
        out.append(Proof(f"vp-mm-1to10-{tag}.dxf",
                         _dxf(defect, "mm", 4, 1, paper="mm",
                              views=[View(1 / 10, (140.0, 150.0), (200.0, 200.0))],
                              title=["SCALE 1:10"]),
                         _want(defect), "model mm; A3 mm; viewport 1:10"))
        out.append(Proof(f"vp-mm-unitless-1to10-{tag}.dxf",
                         _dxf(defect, "mm", 0, None, paper="mm",
                              views=[View(1 / 10, (140.0, 150.0), (200.0, 200.0))],
                              title=["SCALE 1:10"]),
                         _want(defect), "model mm unitless; A3 mm; viewport 1:10"))
        # two viewports, each labelled: 1:8 overall and a 1:1 detail of the top corner
        two = [View(1 / 8, (5.0, 6.0), (6.0, 6.0), label='SCALE: 1-1/2" = 1\'-0"'),
               View(1.0, (12.5, 7.0), (4.0, 3.0), detail=True, label="DETAIL A  SCALE: FULL SIZE")]
        out.append(Proof(f"vp-two-labelled-unitless-{tag}.dxf",
                         _dxf(defect, "in", None, None, views=two, title=["SCALE: AS NOTED"]),
                         _want(defect), "two labelled viewports, model unitless"))
        out.append(Proof(f"vp-two-labelled-in-{tag}.dxf",
                         _dxf(defect, "in", 1, 0, views=two, title=["SCALE: AS NOTED"]),
                         _want(defect), "two labelled viewports, model inches"))
        # title block 1:12 for the sheet, a 1:1 detail labelled as such
        sheet_12 = [View(1 / 12, (5.0, 6.0), (6.0, 6.0)),
                    View(1.0, (12.5, 7.0), (4.0, 3.0), detail=True, label="DETAIL  SCALE 1:1")]
        out.append(Proof(f"vp-sheet-and-detail-unitless-{tag}.dxf",
                         _dxf(defect, "in", None, None, views=sheet_12,
                              title=["SCALE: 1:12 U.O.N."]),
                         _want(defect), "title block 1:12 and a labelled 1:1 detail"))
    # a stated scale the viewport contradicts: a review naming both
    out.append(Proof("vp-in-contradicted.dxf",
                     _dxf(None, "in", 1, 0, views=[VIEW_12], title=['SCALE: 1-1/2" = 1\'-0"']),
                     (Want("danger", "review"),), "model inches, viewport 1:12, title 1:8",
                     words=("1-1/2", "1:12")))
    out.append(Proof("vp-assumed-contradicted.dxf",
                     _dxf(None, "in", 0, 0, views=[VIEW_12], title=['SCALE: 1-1/2" = 1\'-0"']),
                     (Want("danger", "review"),), "unitless imperial, viewport 1:12, title 1:8",
                     words=("1-1/2", "1:12")))
    out.append(Proof("vp-label-contradicts-one.dxf",
                     _dxf(None, "in", None, None, views=[
                         View(1 / 8, (5.0, 6.0), (6.0, 6.0), label="SCALE 1:8"),
                         View(1.0, (12.5, 7.0), (4.0, 3.0), detail=True,
                              label="DETAIL A  SCALE: HALF SIZE")]),
                     (Want("danger", "review"),), "1:8 view labelled 1:8, 1:1 detail labelled "
                     "half size", words=("HALF SIZE",)))
    return out


def paper_cases() -> list[Proof]:
    """The sign drawn in paper space alone (model space empty), at the title block's
    scale."""
    out: list[Proof] = []
    for defect in (None, "thin", "red"):
        tag = defect or "ok"
        out.append(Proof(f"paper-only-in-{tag}.dxf",
                         _dxf(defect, "in", 1, 0, paper_only=12.0,
                              title=['SCALE: 1" = 1\'-0"']),
                         _want(defect), "sign in paper space at 1:12, inches"))
    out.append(Proof("paper-only-mm-ok.dxf",
                     _dxf(None, "in", 4, 1, paper="mm", paper_only=10.0, title=["SCALE 1:10"]),
                     _want(None), "sign in paper space at 1:10, A3 mm"))
    out.append(Proof("paper-only-unitless-ok.dxf",
                     _dxf(None, "in", None, None, paper_only=8.0,
                          title=['SCALE: 1-1/2" = 1\'-0"']),
                     _want(None), "sign in paper space at 1:8, model unitless"))
    return out


def _plotted_from_model(factor: float, title: list[str], unit: str = "in") -> Callable:
    """A title block plotted from model space at 1:``factor``: drawn ``factor`` times its
    paper size beside the full-size sign (text 1/8 in on paper), no layout used."""
    def edit(doc) -> None:
        per_in = UNITS[unit][1]
        msp = doc.modelspace()
        k = factor * per_in
        x0, y0 = -1.0 * k, -1.0 * k - 0.3 * k * len(title)
        msp.add_lwpolyline([(x0, y0), (x0 + 4 * k, y0), (x0 + 4 * k, -0.5 * k),
                            (x0, -0.5 * k)], close=True)
        for i, line in enumerate(title):
            msp.add_text(line, height=CAP * k).set_placement((x0 + 0.2 * k, -0.9 * k - 0.3 * k * i))
    return edit


def model_plot_cases() -> list[Proof]:
    """A sign at full size in model space plotted from there, its title block scaled up
    by the plot's scale (as CAD users plot without layouts): the statement is the plot's
    scale, the drawing already at full size. (Written after the paper-space fix, when a
    probe found it misread: counted apart.)"""
    out: list[Proof] = []
    for defect in (None, "thin"):
        tag = defect or "ok"
        for factor, words, unit, code in ((12.0, 'SCALE: 1" = 1\'-0"', "in", 1),
                                          (8.0, 'SCALE: 1-1/2" = 1\'-0"', "in", 1),
                                          (10.0, "SCALE 1:10", "mm", 4)):
            name = f"msp-plot-{unit}-1to{factor:g}-{tag}.dxf"
            out.append(Proof(name, _dxf(defect, unit, code, None, edit=_plotted_from_model(
                factor, [words, "DANGER SIGN"], unit)), _want(defect),
                f"model-space plot at 1:{factor:g}, title block scaled up"))
    return out


def all_cases() -> list[Proof]:
    return [*model_cases(), *paper_cases(), *model_plot_cases()]


def main() -> None:
    run(all_cases, wrong)


if __name__ == "__main__":
    main()
