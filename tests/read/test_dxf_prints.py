"""Every way the DXF reference lets a file change what prints or its size, and what wsmark
does with each (docs/checking.md, "DXF: what prints and at what size"): units
($INSUNITS, $MEASUREMENT where it is 0, $LUNITS that only formats numbers), layer states
(frozen, off, not plotting, Defpoints), an entity's invisible flag, WIPEOUT, blocks
(scaled, mirrored, MINSERT arrays), the extrusion direction (OCS), a DIMENSION's text,
and paper space (not the drawing). Each drawing is small and read directly."""

from __future__ import annotations

import io

import pytest

from markers.read.dxf import read_dxf_bytes

ORANGE = (0xFF, 0x4F, 0x00)


def _doc(units: int | None = 1):
    import ezdxf

    doc = ezdxf.new("R2010")
    if units is None:
        del doc.header["$INSUNITS"]
    else:
        doc.header["$INSUNITS"] = units
    return doc


def _square(space, x: float, y: float, size: float = 1.0, layer: str = "0"):
    hatch = space.add_hatch(dxfattribs={"layer": layer})
    hatch.rgb = ORANGE
    hatch.paths.add_polyline_path([(x, y), (x + size, y), (x + size, y + size), (x, y + size)],
                                  is_closed=True)
    return hatch


def _read(doc, **kw):
    out = io.StringIO()
    doc.write(out)
    return read_dxf_bytes(out.getvalue().encode(), "t.dxf", **kw)


def _orange(art) -> float:
    return art.visible("orange").area


@pytest.mark.parametrize(("code", "inches"), [(1, 1.0), (2, 12.0), (4, 1 / 25.4),
                                              (5, 1 / 2.54), (6, 1000 / 25.4)])
def test_insunits_sets_the_size(code: int, inches: float) -> None:
    doc = _doc(code)
    _square(doc.modelspace(), 0, 0, 2)
    assert _orange(_read(doc)) == pytest.approx((2 * inches) ** 2, rel=1e-6)


@pytest.mark.parametrize(("measurement", "unit", "inches"), [(0, "in", 1.0), (1, "mm", 1 / 25.4)])
def test_unitless_by_measurement_said_as_an_assumption(measurement: int, unit: str,
                                                       inches: float) -> None:
    doc = _doc(0)
    doc.header["$MEASUREMENT"] = measurement
    _square(doc.modelspace(), 0, 0, 2)
    art = _read(doc)
    assert art.meta["units"] == unit and "$MEASUREMENT" in art.meta["units_assumed"]
    assert _orange(art) == pytest.approx((2 * inches) ** 2, rel=1e-6)


def test_insunits_over_measurement_and_lunits_only_formats() -> None:
    doc = _doc(1)
    doc.header["$MEASUREMENT"] = 1  # metric display: the drawing is still in inches
    doc.header["$LUNITS"] = 4  # architectural display of lengths: no change of size
    _square(doc.modelspace(), 0, 0, 2)
    art = _read(doc)
    assert _orange(art) == pytest.approx(4.0) and "units_assumed" not in art.meta


@pytest.mark.parametrize("state", ["frozen", "off", "plot", "defpoints", "invisible"])
def test_what_does_not_print_is_set_aside_and_counted(state: str) -> None:
    doc = _doc()
    msp = doc.modelspace()
    _square(msp, 0, 0, 2)
    layer = "Defpoints" if state == "defpoints" else "OLD"
    record = doc.layers.get(layer) if layer in doc.layers else doc.layers.add(layer)
    if state == "frozen":
        record.freeze()
    elif state == "off":
        record.off()
    elif state == "plot":
        record.dxf.plot = 0
    hidden = _square(msp, 5, 0, 2, layer=layer if state != "invisible" else "0")
    if state == "invisible":
        hidden.dxf.invisible = 1
    art = _read(doc)
    assert _orange(art) == pytest.approx(4.0)  # the second square is not there
    [said] = art.meta["not_printed"]  # one entity: "a/an ..." (several: "N x ...")
    assert not said[0].isdigit(), said


def test_a_wipeout_prints_white_over_what_is_under_it() -> None:
    doc = _doc()
    msp = doc.modelspace()
    _square(msp, 0, 0, 4)
    msp.add_wipeout([(0, 0), (2, 0), (2, 4), (0, 4)])
    _square(msp, 0, 0, 1)  # drawn after the wipeout: on top of it
    art = _read(doc)
    assert _orange(art) == pytest.approx(8.0 + 1.0)
    assert any("WIPEOUT" in what for what in art.meta["not_printed"])


def test_blocks_scaled_mirrored_and_arrayed() -> None:
    doc = _doc()
    block = doc.blocks.new("SQ")
    _square(block, 0, 0, 1)
    msp = doc.modelspace()
    msp.add_blockref("SQ", (0, 0), dxfattribs={"xscale": 2, "yscale": 3})  # 6 in2
    msp.add_blockref("SQ", (20, 0), dxfattribs={"xscale": -1})  # mirrored: x 19..20
    grid = msp.add_blockref("SQ", (30, 0))
    grid.grid(size=(2, 3), spacing=(2, 2))  # MINSERT: 6 copies
    art = _read(doc)
    assert _orange(art) == pytest.approx(6 + 1 + 6)
    xs = sorted(round(g.bounds[0], 6) for g in art.visible("orange").geoms)
    assert xs[:2] == [0.0, 19.0]  # the mirrored copy left of its insertion point


def test_extrusion_direction_mirrors_the_ocs() -> None:
    doc = _doc()
    msp = doc.modelspace()
    _square(msp, 10, 0, 1)
    _square(msp, 5, 0, 1).dxf.extrusion = (0, 0, -1)  # seen from below: x -> -x
    art = _read(doc)
    # OCS 5 .. 6 seen from below is WCS -6 .. -5: the drawing spans -6 .. 11 in x
    assert art.width == pytest.approx(17.0, abs=1e-3)


def test_a_dimensions_text_and_length() -> None:
    doc = _doc()
    msp = doc.modelspace()
    _square(msp, 0, 0, 5)
    dim = msp.add_linear_dim(base=(0, -1), p1=(0, 0), p2=(5, 0), text='24"')
    dim.render()
    art = _read(doc)
    assert art.meta["dxf_dimensions"] == [('24"', pytest.approx(5.0))]


def test_paper_space_is_not_the_drawing() -> None:
    doc = _doc()
    _square(doc.modelspace(), 0, 0, 2)
    _square(doc.paperspace(), 0, 0, 5)  # a title sheet's own drawing, in paper units
    assert _orange(_read(doc)) == pytest.approx(4.0)
