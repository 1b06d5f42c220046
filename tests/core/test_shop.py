"""Blanks, mounting holes and materials: the table's sizes, the smallest blank that fits,
holes kept clear of the paint (a finding when not), the materials file's errors, and
rectpack's nesting checked against hand arithmetic."""

from __future__ import annotations

import math

import pytest
from click.testing import CliRunner
from shapely.geometry import box

import cli as cli_module
from markers import api
from markers.core.blanks import choose_blank, hole_findings, holes, on_blank, parse_blank, \
    standard_blanks
from markers.core.design import Design
from markers.errors import WsmarkError
from wi import build
from markers.core.materials import load_materials, nest


def test_blank_table_has_its_source_and_the_smallest_fit_is_chosen() -> None:
    from markers.core.blanks import blank_source

    assert "practice" in blank_source()
    assert all(b.corner_radius > 0 for b in standard_blanks())
    assert choose_blank(16.0, 24.0).name == "18x24"
    assert choose_blank(20.0, 24.0).name == "24x24"
    assert choose_blank(100.0, 24.0) is None
    assert parse_blank("24x30").corner_radius == 1.5
    with pytest.raises(WsmarkError, match="24x30"):
        parse_blank("twenty")


def test_sign_on_blank_is_centred_with_rounded_trim() -> None:
    art = build(Design("danger", 24.0, legend="ROCKS"))  # 20 x 24 in
    on = on_blank(art, parse_blank("24x30"))
    assert (on.width, on.height) == (24.0, 30.0)
    assert on.features["trim"].area == pytest.approx(720 - (4 - math.pi) * 1.5 ** 2, abs=1e-3)
    x0, y0, x1, y1 = on.features["symbol"].bounds
    sx0, sy0, sx1, sy1 = art.features["symbol"].bounds
    assert (x0 - sx0, y0 - sy0) == pytest.approx((2.0, 3.0))


def test_holes_clear_of_the_symbol_or_a_finding() -> None:
    art = build(Design("control", 24.0, legend="SLOW NO WAKE"))  # ring 20 in on 24 x 24
    tight = on_blank(art, parse_blank("24x24"))
    assert hole_findings(tight, holes(parse_blank("24x24"), 2)) == []
    (hole,) = holes(parse_blank("24x24"), 2)[:1]
    assert hole.area == pytest.approx(math.pi * 0.1875 ** 2, rel=1e-3)
    assert hole.centroid.x == pytest.approx(12.0) and hole.centroid.y == pytest.approx(1.0)
    # a diamond's tips reach the top and bottom of its 12 in blank: holes land on them
    exclusion = build(Design("exclusion", 12.0))
    blank = choose_blank(exclusion.width, exclusion.height)
    found = hole_findings(on_blank(exclusion, blank), holes(blank, 2))
    assert len(found) == 2 and "from the symbol or legend" in found[0]
    assert hole_findings(on_blank(exclusion, blank), holes(blank, 4)) == []


def test_materials_default_file_has_no_brands_and_bad_files_are_one_line(tmp_path) -> None:
    shop = load_materials()
    assert {m.kind for m in shop.materials} == {"sheeting", "film", "fabric"}
    bad = tmp_path / "m.yaml"
    bad.write_text("materials:\n  - {name: x, kind: paper, color: white}\n")
    with pytest.raises(WsmarkError, match=r"m\.yaml: material 1: kind 'paper'"):
        load_materials(bad)
    bad.write_text("materials: [")
    with pytest.raises(WsmarkError, match="not a YAML materials file"):
        load_materials(bad)
    with pytest.raises(WsmarkError, match="cannot read"):
        load_materials(tmp_path / "missing.yaml")


def test_nesting_on_the_roll_against_hand_arithmetic() -> None:
    shop = load_materials()
    film = shop.pick("film", "orange", 20.0)
    assert film.roll_width == 24
    one = nest(film, [box(0, 0, 20, 20)], 1, 0.25)
    assert one.length == pytest.approx(20.5)  # 20 in + a 1/4 in gap before and after
    ten = nest(film, [box(0, 0, 20, 20)], 10, 0.25)
    assert ten.length == pytest.approx(10 * 20.25 + 0.25)  # one across a 24 in roll
    assert ten.waste == pytest.approx(1 - 4000 / (ten.length * 24))
    assert ten.cost == pytest.approx(ten.length * 24 / 144 * film.price_per_sq_ft * 1.10)
    # small pieces share the width: six 3 x 7 in pieces sit 3 across a 24 in roll
    small = nest(film, [box(0, 0, 7, 3)], 6, 0.25)
    assert small.length == pytest.approx(2 * 3.25 + 0.25)
    with pytest.raises(WsmarkError, match="does not fit"):
        nest(film, [box(0, 0, 30, 30)], 1, 0.25)


def test_cli_blank_holes_and_materials(tmp_path) -> None:
    runner = CliRunner()
    out = tmp_path / "o"
    result = runner.invoke(cli_module.cli, [
        "fabricate", "danger", "-H", "24", "--legend", "ROCKS", "--blank", "24x30",
        "--holes", "2", "--qty", "5", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "blank 24x30 in" in result.output
    assert "nested on the rolls, per sign and for 5" in result.output
    import ezdxf

    (dxf,) = out.glob("*.dxf")
    doc = ezdxf.readfile(dxf)
    hole_circles = [e for e in doc.modelspace() if e.dxf.layer == "holes"]
    assert [round(e.dxf.radius, 6) for e in hole_circles] == [0.1875, 0.1875]
    result = runner.invoke(cli_module.cli, ["fabricate", "buoy-mooring", "--blank", "24x30",
                                            "-o", str(tmp_path / "b")])
    assert result.exit_code == 2 and "apply to signs" in result.output
    result = runner.invoke(cli_module.cli, ["fabricate", "danger", "-H", "24", "--blank",
                                            "big", "-o", str(tmp_path / "c")])
    assert result.exit_code == 2 and "blank 'big'" in result.output


def test_cli_warns_about_a_hole_on_the_symbol(tmp_path) -> None:
    result = CliRunner().invoke(cli_module.cli, [
        "fabricate", "exclusion", "-H", "12", "--holes", "2", "-o", str(tmp_path / "x")])
    assert result.exit_code == 0, result.output
    assert result.output.count("wsmark: warning: mounting hole") == 2
    assert "--holes 4" in result.output


def test_a_piece_wider_than_the_roll_is_split_against_hand_arithmetic() -> None:
    from shapely.geometry import MultiPolygon

    from markers.core.materials import split_piece

    # 50 x 30: cut across its 30 in side, ceil((30 - 0.25) / (23.5 - 0.25)) = 2 panels
    two = split_piece(box(0, 0, 50, 30), 23.5, 0.25)
    assert (two.axis, len(two.panels)) == ("y", 2)
    assert two.seams == pytest.approx((15.0,))  # (30 - 0.25) / 2 + 0.25 / 2
    assert [c for p in two.panels for c in p.bounds] == pytest.approx(
        [0, 0, 50, 15.125, 0, 14.875, 50, 30])
    assert two.panels[0].intersection(two.panels[1]).area == pytest.approx(50 * 0.25)
    assert str(two) == "50.00 x 30.00 in piece in 2 panels, seam at y 15.00 in, 0.25 in overlap"
    # 60 x 60 on the same roll: 3 panels 20.17 in wide, seams a third of the way along
    three = split_piece(box(0, 0, 60, 60), 23.5, 0.25)
    step = (60 - 0.25) / 3
    assert three.seams == pytest.approx((step + 0.125, 2 * step + 0.125))
    assert all(p.bounds[2] - p.bounds[0] == pytest.approx(step + 0.25) for p in three.panels)
    # two bars 30 in apart: the strip between them holds nothing, so no panel, no seam
    bars = MultiPolygon([box(0, 0, 10, 60), box(40, 0, 50, 60)])
    split = split_piece(bars, 12.0, 0.25)
    assert len(split.panels) == 4 and len(split.seams) == 2
    assert sum(p.area for p in split.panels) > bars.area
    assert all(p.bounds[2] - p.bounds[0] <= 12 for p in split.panels)


def test_materials_file_states_its_splice_overlap(tmp_path) -> None:
    shop = load_materials()
    assert shop.overlap == {"sheeting": 0.25, "film": 0.25, "fabric": 1.0}
    assert shop.overlap_source.startswith("wsmark shop default")
    rolls = "materials:\n  - {name: x, kind: film, color: red, roll_width: 24, " \
            "price_per_sq_ft: 1}\n"
    plain = tmp_path / "plain.yaml"
    plain.write_text(rolls)
    assert load_materials(plain).overlap == shop.overlap  # the shipped file's
    bad = tmp_path / "bad.yaml"
    bad.write_text("splice_overlap: {film: 0.5}\nsplice_source: mine\n" + rolls)
    with pytest.raises(WsmarkError, match=r"bad\.yaml: splice_overlap gives the overlap"):
        load_materials(bad)
    bad.write_text("splice_overlap: {sheeting: 0.5, film: 0.5, fabric: 1}\n" + rolls)
    with pytest.raises(WsmarkError, match="splice_source says where"):
        load_materials(bad)
    mine = tmp_path / "mine.yaml"
    mine.write_text("splice_overlap: {sheeting: 0.5, film: 0.5, fabric: 1}\n"
                    "splice_source: our shop\n" + rolls.replace("24", "12"))
    fab, _ = api.fabricate(api.design("aid-red", 12, sample=True), materials=mine)
    (line,) = [m for m in fab.materials if m.color == "red"]
    (split,) = line.splits  # a 13.86 x 12 in triangle on a 12 in roll less its edges
    assert split.overlap == 0.5 and all(p.bounds[3] - p.bounds[1] <= 11.5 + 1e-9
                                        for p in split.panels)
