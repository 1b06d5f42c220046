"""DXF paper space (markers/read/dxf_layouts.py, markers/check/layout/viewports.py): a
viewport's scale with the scale its sheet states gives the model's unit; a statement a
viewport contradicts is a review naming both; a drawing made in paper space alone is
read there; a title block plotted from model space, scaled up, states the plot's scale.
The held-out batch (tests/producers/viewport_batch.py, 30 proofs; the
script checks them all) is kept here by its 16 proofs that a check before paper space
was read got wrong or that each way needs once: a correct sign and a seeded defect,
measured at real size, and every conflict."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from markers.check import pipeline
from markers.check.report import Provenance, report_json
from markers.read.dxf import read_dxf_bytes
from markers.read.dxf_layouts import LABEL_REACH_IN
from tests.wi import PACK

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "producers"))
import viewport_batch

#: One proof per way the sheet says the size (the suite's time is counted: the whole
#: batch is `python tests/producers/viewport_batch.py OUT` then `OUT --check`).
KEPT = ("vp-unitless-1to8-ok.dxf", "vp-unitless-1to8-thin.dxf", "vp-feet-unitless-ok.dxf",
        "vp-feet-unitless-thin.dxf", "vp-mm-unitless-1to10-ok.dxf",
        "vp-two-labelled-unitless-ok.dxf", "vp-two-labelled-unitless-thin.dxf",
        "vp-sheet-and-detail-unitless-ok.dxf", "vp-in-contradicted.dxf",
        "vp-assumed-contradicted.dxf", "vp-label-contradicts-one.dxf", "paper-only-in-ok.dxf",
        "paper-only-in-red.dxf", "paper-only-mm-ok.dxf", "msp-plot-in-1to12-thin.dxf",
        "msp-plot-mm-1to10-ok.dxf")
CASES = {proof.name: proof for proof in viewport_batch.all_cases() if proof.name in KEPT}


@pytest.mark.parametrize("name", sorted(CASES))
def test_batch_proof(name: str, tmp_path: Path) -> None:
    proof = CASES[name]
    path = tmp_path / name
    path.write_bytes(proof.write())
    report, _ = pipeline.check_file(path, pipeline.CheckOptions(), PACK)
    truth = {"want": [w.__dict__ for w in proof.want], "file_verdict": proof.file_verdict,
             "words": list(proof.words)}
    assert viewport_batch.wrong(report_json(report, Provenance("t", "t", "t")), truth) == []


def _doc(units: int | None = 1, paper: str = "inch", scale: tuple[float, float] = (1, 1)):
    import ezdxf

    doc = ezdxf.new("R2010")
    if units is None:
        del doc.header["$INSUNITS"]
        del doc.header["$MEASUREMENT"]
    else:
        doc.header["$INSUNITS"] = units
    doc.modelspace().add_lwpolyline([(0, 0), (24, 0), (24, 24), (0, 24)], close=True)
    layout = doc.layouts.get("Layout1")
    layout.page_setup(size=(17, 11) if paper == "inch" else (420, 297), units=paper,
                      scale=scale)
    return doc, layout


def _bytes(doc) -> bytes:
    out = io.StringIO()
    doc.write(out)
    return out.getvalue().encode()


def _views(doc):
    return read_dxf_bytes(_bytes(doc), "t.dxf").meta.get("dxf_views", ())


def test_a_viewports_scale_in_the_sheets_paper_unit() -> None:
    """41 / 45 paper units per model unit, in the plot's unit at its scale; the
    layout's own viewport, one turned off and one not seen from above are no views."""
    doc, layout = _doc(paper="mm", scale=(1, 2))  # plotted at 1:2: a paper unit is 0.5 mm
    layout.add_viewport((100, 100), (120, 100), (12, 12), 1000)
    off = layout.add_viewport((300, 100), (50, 50), (12, 12), 100)
    off.dxf.flags = 0x20000
    side = layout.add_viewport((300, 200), (50, 50), (12, 12), 100)
    side.dxf.view_direction_vector = (1, 0, 0)
    views = _views(doc)
    assert len(views) == 1
    assert views[0].paper_in == pytest.approx(100 / 1000 * 0.5 / 25.4)
    assert views[0].sheet == "Layout1" and views[0].number == 1


def test_labels_are_the_text_in_or_just_under_a_view() -> None:
    doc, layout = _doc()
    layout.add_viewport((4, 6), (4, 4), (12, 12), 48)
    layout.add_viewport((12, 6), (4, 4), (12, 12), 4)
    layout.add_text("DETAIL A", height=0.125).set_placement((11, 7))  # inside view 2
    layout.add_text("SCALE 1:12", height=0.125).set_placement((3, 4 - LABEL_REACH_IN / 2))
    layout.add_text("TOO FAR", height=0.125).set_placement((3, 4 - 2 * LABEL_REACH_IN))
    layout.add_text("SCALE: AS NOTED", height=0.125).set_placement((14.5, 0.5))
    first, second = _views(doc)
    assert first.labels == ("SCALE 1:12",) and second.labels == ("DETAIL A",)
    assert set(first.sheet_texts) == {"TOO FAR", "SCALE: AS NOTED"}


def test_a_title_block_block_states_its_scale_by_attribute() -> None:
    """A title block drawn as a block whose SCALE attribute is filled in (as AutoCAD's
    sheet templates do) gives the model's unit like a TEXT."""
    doc, layout = _doc(units=None)
    block = doc.blocks.new("TITLE")
    block.add_attdef("SCALE", (0, 0), dxfattribs={"height": 0.125})
    layout.add_viewport((4, 6), (4, 4), (12, 12), 48)
    layout.add_blockref("TITLE", (13, 1)).add_auto_attribs({"SCALE": '1" = 1\'-0"'})
    art = read_dxf_bytes(_bytes(doc), "t.dxf")
    assert art.meta["scale_basis"] == "unknown"  # nominal until the check weighs the sheet
    from markers.check.layout.viewports import at_sheet_scale

    full, evidence = at_sheet_scale(art)
    assert evidence.conflict is None and full.meta["user_unit_in"] == pytest.approx(1.0)
    assert full.meta["units"] == "in" and full.width == pytest.approx(24, abs=0.01)


def test_a_unitless_model_without_a_stated_scale_still_needs_one(tmp_path: Path) -> None:
    """A viewport alone states no real size: a unitless model with views and no scale
    written on its sheet is read at a nominal size and judged on what does not depend
    on size (never an error); with no view too, the header's silence said."""
    doc, layout = _doc(units=None)
    layout.add_viewport((4, 6), (4, 4), (12, 12), 48)
    layout.add_text("SCALE: AS NOTED", height=0.125).set_placement((14.5, 0.5))
    assert read_dxf_bytes(_bytes(doc), "t.dxf").meta["scale_basis"] == "unknown"
    path = tmp_path / "t.dxf"
    path.write_bytes(_bytes(doc))
    report, _ = pipeline.check_file(path, pipeline.CheckOptions(), PACK)
    assert report.verdict != "error"
    bare, _ = _doc(units=None)
    art = read_dxf_bytes(_bytes(bare), "t.dxf")
    assert art.meta["scale_basis"] == "unknown" and "dxf_views" not in art.meta
    assert "states no unit ($INSUNITS 0)" in art.meta["size_basis"][0]


def test_paper_space_alone_is_read_in_its_paper_unit() -> None:
    import ezdxf

    doc = ezdxf.new("R2010")
    doc.header["$INSUNITS"] = 6  # metres: the model's unit, not the sheet's
    layout = doc.layouts.get("Layout1")
    layout.page_setup(size=(420, 297), units="mm")
    layout.add_lwpolyline([(10, 10), (70, 10), (70, 50), (10, 50)], close=True)
    layout.add_text("A", height=5).set_placement((20, 20))
    art = read_dxf_bytes(_bytes(doc), "t.dxf")
    assert art.meta["units"] == "mm" and "paper space alone" in art.meta["size_basis"][0]
    assert art.width == pytest.approx(60 / 25.4, abs=1e-6)


def test_a_viewport_of_no_finite_scale_is_no_view() -> None:
    """A hostile view height (1e-320: the scale overflows) gives no view (the unitless
    model asks for its units, as one with no viewport does); a statement that would
    make a model unit of 1e-12 in is no evidence: the model stays of unknown size, never
    a degenerate drawing."""
    doc, layout = _doc(units=None)
    layout.add_viewport((4, 6), (4, 4), (12, 12), 1e-320)
    art = read_dxf_bytes(_bytes(doc), "t.dxf")
    assert "dxf_views" not in art.meta and art.meta["scale_basis"] == "unknown"
    tiny, sheet = _doc(units=None)
    sheet.add_viewport((4, 6), (4, 4), (12, 12), 4e12)  # 1e-12 paper in per unit
    sheet.add_text("SCALE 1:1", height=0.125).set_placement((14.5, 0.5))
    from markers.check.layout.viewports import at_sheet_scale

    art = read_dxf_bytes(_bytes(tiny), "t.dxf")
    assert art.meta["scale_basis"] == "unknown" and at_sheet_scale(art) is None


@pytest.mark.parametrize("frozen_in, printed", [
    (("OLD", "old"), False),   # frozen in both views (names are not case-sensitive)
    (("OLD", None), True),     # the second view prints it
    ((None,), True),           # a view that freezes nothing
])
def test_a_layer_frozen_in_every_viewport_does_not_print(frozen_in: tuple, printed: bool
                                                         ) -> None:
    """A viewport draws the model without the layers frozen in it (VIEWPORT 331): a
    red panel on layer OLD frozen in every view of the sheets is not printed, and the
    report names it; frozen in one view only, another view prints it."""
    doc, layout = _doc()
    doc.layers.add("OLD")
    hatch = doc.modelspace().add_hatch(color=1, dxfattribs={"layer": "OLD"})
    hatch.paths.add_polyline_path([(2, 2), (10, 2), (10, 10), (2, 10)], is_closed=True)
    for i, layer in enumerate(frozen_in):
        vp = layout.add_viewport((4 + 8 * i, 6), (6, 6), (12, 12), 48)
        vp.frozen_layers = [layer] if layer else []
    art = read_dxf_bytes(_bytes(doc), "t.dxf")
    assert (art.visible("red").area > 0) == printed
    said = " ".join(art.meta.get("not_printed", ()))
    assert ("frozen in every viewport" in said) == (not printed)


def test_the_real_files_views_each_freeze_a_layer_another_prints() -> None:
    """ezdxf's example: viewport 4 freezes Layer1, 5 Layer2, 2 neither: every layer
    but the globally frozen Layer3 prints on the sheet."""
    path = Path(__file__).resolve().parents[1] / "data/real/dxf/" \
        "mozman__examples_dxf_viewport_frozen_layers.dxf"
    art = read_dxf_bytes(path.read_bytes(), path.name, scale=0.01)  # metres: 250 m across
    said = " ".join(art.meta.get("not_printed", ()))
    assert "frozen in every viewport" not in said and "frozen layer" in said
