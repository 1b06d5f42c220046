"""A sign turned with its live lettering is stood upright where its lettering points
(markers.check.measure.said_turn): the held-out batch tests/producers/live_turn_batch.py
(danger and information signs turned 180 deg, a control sign 90 and 270 deg, each as PDF
text, SVG <text> and DXF TEXT) had 8 of 12 wrong before (every SVG and DXF: judged as
drawn, upside down or sideways), 0 after. What each reader says of a baseline, and the
weighing, are tested here on their own."""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest
from shapely.geometry import box

from markers.check import pipeline
from markers.check.measure.said_turn import said_turn
from markers.core.artwork import LegendItem
from markers.read import read_drawing
from markers.read.outlines import baseline_turn
from tests.wi import PACK

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "producers"))
import live_turn_batch

SIGNS = {(kind, angle): live_turn_batch.turned_sign(kind, legend, angle)
         for kind, legend, angle in live_turn_batch.SIGNS}


@pytest.mark.parametrize("suffix", sorted(live_turn_batch.WRITERS))
@pytest.mark.parametrize("kind,angle", sorted(SIGNS))
def test_each_reader_says_where_live_lettering_points(kind: str, angle: float,
                                                      suffix: str) -> None:
    data = live_turn_batch.WRITERS[suffix](SIGNS[kind, angle])
    (art,) = read_drawing(data, f"sign.{suffix}")
    assert [item.turn for item in art.legends] == [angle] * len(SIGNS[kind, angle].lines)


@pytest.mark.parametrize("name", ["danger-180.svg", "information-180.dxf",
                                  "control-90.pdf", "control-270.svg"])
def test_a_sign_turned_with_its_live_lettering_is_judged_upright(name: str,
                                                                 tmp_path: Path) -> None:
    proof = next(p for p in live_turn_batch.cases() if p.name == name)
    path = tmp_path / name
    path.write_bytes(proof.write())
    report, _ = pipeline.check_file(path, pipeline.CheckOptions(), PACK)
    kind = name.split("-")[0]
    assert report.verdict == "pass" and [m.kind for m in report.markers] == [kind]
    turned = [f.message for f in report.findings if f.rule == "turned"]
    assert len(turned) == 1 and f"turned {name.split('-')[1].split('.')[0]}" in turned[0]


@pytest.mark.parametrize("baseline,up,turn", [
    ((1, 0), (0, -1), 0.0), ((-1, 0), (0, 1), 180.0), ((0, 1), (1, 0), 90.0),
    ((0, -1), (-1, 0), 270.0), ((1, 1), (1, -1), 45.0),
    ((1, 0), (0, 1), None),  # mirrored: its up on the baseline's right
    ((1, 0), (2, 0), None),  # flattened
])
def test_baseline_turn(baseline, up, turn) -> None:
    assert baseline_turn(baseline, up) == turn


def _measured(turns: list[float | None], shape: str = "diamond"):
    from markers.check.measure.common import Facts, SymbolFacts
    from markers.core.artwork import Artwork

    facts = Facts(kind="danger", symbol=SymbolFacts(shape=shape))
    items = tuple(LegendItem("WORD", box(0, 0, 1, 1), box(0, 0, 1, 1), 1.0, "black",
                             outlined=False, turn=turn) for turn in turns)
    return [(facts, Artwork(10, 10, (), items))]


@pytest.mark.parametrize("turns,shape,said", [
    ([0.0, 0.4], "diamond", 0.0),  # upright (within the slack): kept as drawn
    ([180.0, 179.0], "diamond", 180.0),
    ([90.0], "circle", 270.0),  # its baseline points down: turned back a quarter
    ([270.0], "circle", 90.0),
    ([90.0], "diamond", 0.0),  # sideways on a diamond: its symbol has said up
    ([0.0, 180.0], "diamond", None),  # lines that disagree: read instead
    ([30.0], "diamond", None),  # a slant that is no quarter turn
    ([None], "diamond", None),  # outlines: only reading tells
])
def test_said_turn_weighs_the_lines(turns, shape, said) -> None:
    assert said_turn(_measured(turns, shape)) == said


def test_turning_the_page_turns_its_live_lettering() -> None:
    from markers.check.layout.upright import turned_over

    art = _measured([180.0])[0][1]
    art = replace(art, layers=())
    assert [item.turn for item in turned_over(art, 180.0).legends] == [0.0]
    assert [item.turn for item in turned_over(art, 90.0).legends] == [270.0]


@pytest.mark.parametrize("flags,turn", [(0, 0.0), (2, None), (4, None), (6, 180.0)])
def test_a_dxf_texts_generation_flags_mirror_or_turn_it(flags: int, turn) -> None:
    """DXF reference, TEXT group 71: 2 backward, 4 upside down (each a mirror: no turn
    of the page makes it read), both a half turn."""
    import io

    import ezdxf

    doc = ezdxf.new("R2010")
    doc.header["$INSUNITS"] = 1
    msp = doc.modelspace()
    msp.add_lwpolyline([(0, 0), (10, 0), (10, 10), (0, 10)], close=True)
    msp.add_text("NO WAKE", height=1, dxfattribs={"insert": (2, 5),
                                                  "text_generation_flag": flags})
    stream = io.StringIO()
    doc.write(stream)
    (art,) = read_drawing(stream.getvalue().encode(), "sign.dxf")
    assert [item.turn for item in art.legends] == [turn]
