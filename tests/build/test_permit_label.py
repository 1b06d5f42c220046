"""The permit label, NR 5.09(3)(b) ("Approved waterway markers shall be labelled with a
department assigned identification number"; issue 12), as ``render`` and ``wrap`` letter
it (markers/build/permit_label.py): black, at least the minimum, clear of the display
area on the white, the rest of the marker unchanged; `spec` lists it, bad ids are one
line. Geometry is measured on the files written, with the tests' own SVG reader
(tests/svg_measure.py). The checker reading labels: tests/check/test_measure_permit.py;
fabricate and the plan packet: tests/products.
"""

from __future__ import annotations

import dataclasses
import io

import pytest
import svgelements as se
from shapely import affinity, unary_union
from shapely.geometry import box

from markers import api
from svg_measure import PX_PER_IN, read_svg
from cli_helpers import assert_user_error, invoke

PERMIT = "WI-2026-0417"
WHITE, BLACK = "#FFFFFF", "#000000"
#: The practice's numbers, as README states them (the tests do not read the pack's).
CAP_MIN, CLEARANCE = 1.0, 0.5
#: Round letters (0, 2, 6) overshoot the cap line by up to 3 % of the cap height.
OVERSHOOT = 0.03 * CAP_MIN


def _named_rect(data: bytes, name: str) -> tuple[float, float, float, float]:
    """Bounds (inches) of the element ``name`` of an SVG, read with svgelements."""
    svg = se.SVG.parse(io.BytesIO(data), reify=True, ppi=PX_PER_IN)
    element = next(e for e in svg.elements() if getattr(e, "id", None) == name)
    x0, y0, x1, y1 = se.Path(element).bbox()
    return x0 / PX_PER_IN, y0 / PX_PER_IN, x1 / PX_PER_IN, y1 / PX_PER_IN


def _glyphs_below(geometry, y: float) -> list:
    return [p for p in getattr(geometry, "geoms", [geometry]) if p.bounds[1] >= y - 1e-6]


def _cap(glyphs: list) -> float:
    """Cap height of a line of glyphs: the shortest of the letters at least 60 % as tall
    as the tallest (flat-topped letters are exactly it; round ones overshoot)."""
    heights = [g.bounds[3] - g.bounds[1] for g in glyphs]
    return min(h for h in heights if h >= 0.6 * max(heights))


# --- render ---------------------------------------------------------------------------

@pytest.fixture(scope="module")
def rendered(tmp_path_factory) -> tuple[bytes, bytes]:
    """The issue's command, and the same sign without the label."""
    from click.testing import CliRunner

    import cli as cli_module

    folder = tmp_path_factory.mktemp("permit")
    runner = CliRunner()
    for name, extra in (("d.svg", ["--permit-id", PERMIT]), ("plain.svg", [])):
        result = runner.invoke(cli_module.cli, ["render", "danger", "-H", "24", "--legend",
                                                "ROCKS", *extra, "-o", str(folder / name)])
        assert result.exit_code == 0, result.output
    return (folder / "d.svg").read_bytes(), (folder / "plain.svg").read_bytes()


def test_label_is_black_at_least_the_minimum_outside_the_display_area(rendered):
    labelled, _ = rendered
    drawing = read_svg(labelled)
    black = drawing.layers["layer-black"]
    assert black.fill == BLACK
    _, _, _, display_bottom = _named_rect(labelled, "display-area")
    assert display_bottom == pytest.approx(24.0)
    glyphs = _glyphs_below(black.geometry, display_bottom)
    assert len(glyphs) == len(PERMIT)  # one outline per character, none with holes lost
    label = box(*_union_bounds(glyphs))
    assert _cap(glyphs) >= CAP_MIN - 1e-3
    assert label.bounds[1] >= display_bottom + CLEARANCE - OVERSHOOT  # clear of the display area
    orange = drawing.layers["layer-orange"].geometry
    assert label.distance(orange) >= CLEARANCE - OVERSHOOT  # clear of the symbol
    panel = drawing.layers["layer-white"].geometry
    assert panel.contains(label.buffer(CLEARANCE - OVERSHOOT))  # on the white, margin kept
    assert drawing.height_in == pytest.approx(24.0 + CAP_MIN + 2 * CLEARANCE)
    strip = box(*_named_rect(labelled, "permit-label"))
    assert strip.contains(label) and strip.bounds[1] == pytest.approx(display_bottom)


def _union_bounds(parts: list) -> tuple[float, float, float, float]:
    return (min(p.bounds[0] for p in parts), min(p.bounds[1] for p in parts),
            max(p.bounds[2] for p in parts), max(p.bounds[3] for p in parts))


def test_display_area_symbol_and_legend_are_exactly_as_without_the_label(rendered):
    labelled, plain = rendered
    a, b = read_svg(labelled), read_svg(plain)
    assert _named_rect(labelled, "display-area") == _named_rect(plain, "display-area")
    assert a.width_in == b.width_in and a.height_in > b.height_in
    orange_a, orange_b = a.layers["layer-orange"].geometry, b.layers["layer-orange"].geometry
    assert orange_a.symmetric_difference(orange_b).area < 1e-9
    legend_a = a.layers["layer-black"].geometry.intersection(box(0, 0, a.width_in, 24))
    assert legend_a.symmetric_difference(b.layers["layer-black"].geometry).area < 1e-9


def test_no_label_unless_asked(rendered):
    _, plain = rendered
    assert b"permit" not in plain


@pytest.mark.parametrize("kind, options", [
    ("control", {"legend": "SLOW NO WAKE"}), ("exclusion", {}),
    ("information", {"legend": "MARINA"}), ("danger", {"below": "SHALLOW"}),
    ("aid-red", {"ws_id": "WS-2"}), ("aid-green", {"ws_id": "WS-11"}),
    ("aid-center", {"ws_id": "WS-A"}),
])
@pytest.mark.parametrize("height", [12.0, 24.0])
def test_every_sign_and_aid_labelled_checks_clean_and_reads_its_id(kind, options, height):
    design = dataclasses.replace(api.design(kind, height, **options), permit_id=PERMIT)
    report, _ = api.check(api.render(design, ".svg"), f"{kind}.svg")
    assert report.verdict == "pass", report.findings
    assert {f.rule for f in report.findings if f.severity != "info"} == set()
    assert report.markers[0].permit_id == PERMIT
    if options.get("ws_id"):
        assert report.markers[0].ws_id == options["ws_id"]  # the label is not the id


def test_a_wider_label_widens_the_sign_and_keeps_the_symbol_centred():
    """A 12 in danger sign is 10 in wide; the 12-character label needs more."""
    plain = api.build(api.design("danger", 12))
    labelled = api.build(api.design("danger", 12, permit_id=PERMIT))
    assert labelled.width > plain.width
    symbol, before = labelled.features["symbol"], plain.features["symbol"]
    moved = affinity.translate(before, (labelled.width - plain.width) / 2)
    assert symbol.symmetric_difference(moved).area < 1e-9
    (_, top, _, bottom), (_, top0, _, bottom0) = (labelled.features["display-area"].bounds,
                                                  plain.features["display-area"].bounds)
    assert (top, bottom) == (top0, bottom0)
    assert labelled.features["permit-label"].bounds[1] >= bottom


def test_aid_face_is_unchanged_and_its_label_on_a_white_plate():
    plain = read_svg(api.render(api.design("aid-red", 24, ws_id="WS-2"), ".svg"))
    data = api.render(api.design("aid-red", 24, ws_id="WS-2", permit_id=PERMIT), ".svg")
    labelled = read_svg(data)
    red_a, red_b = labelled.layers["layer-red"].geometry, plain.layers["layer-red"].geometry
    assert red_a.symmetric_difference(red_b).area < 1e-9
    strip = box(*_named_rect(data, "permit-label"))
    assert strip.bounds[1] == pytest.approx(red_b.bounds[3])
    white = unary_union([layer.geometry for layer in labelled.layers.values()
                         if layer.fill == WHITE])
    assert white.intersection(strip).area > 0.8 * strip.area
    glyphs = _glyphs_below(labelled.layers["layer-black"].geometry, strip.bounds[1])
    assert len(glyphs) == len(PERMIT) and _cap(glyphs) >= CAP_MIN - 1e-3


@pytest.mark.parametrize("design", [
    api.Design("buoy-symbol", symbol="danger", legend="ROCKS", permit_id=PERMIT),
    api.Design("buoy-symbol", symbol="control", legend="5 MPH", permit_id=PERMIT),
    api.Design("buoy-sign", symbol="control", legend="5 MPH", permit_id=PERMIT),
    api.Design("buoy-wrap", symbol="danger", legend="ROCKS", curvature="seen",
               diameter=12.0, permit_id=PERMIT),
], ids=["symbol-buoy", "control-buoy", "sign-buoy", "wrap"])
def test_buoys_and_wraps_carry_the_label_below_each_symbol(design):
    data = api.render(design, ".svg")
    drawing = read_svg(data)
    strip = box(*_named_rect(data, "permit-label"))
    glyphs = [g for g in getattr(drawing.layers["layer-black"].geometry, "geoms", [])
              if strip.contains(g)]
    sides = 2 if design.kind == "buoy-wrap" else 1
    assert len(glyphs) == sides * len(PERMIT)
    display = box(*_named_rect(data, "display-area"))
    assert all(g.bounds[1] >= display.bounds[3] - 1e-6 for g in glyphs)
    report, _ = api.check(data, "buoy.svg")
    assert report.verdict == "pass", report.findings
    assert report.markers[0].permit_id == PERMIT
    assert [f.rule for f in report.findings] == ["permit-label"] * sides


# --- spec and refusals ----------------------------------------------------------------

def test_spec_lists_the_label():
    dims = {d["name"]: d for d in api.spec(api.design("danger", 24, permit_id=PERMIT))[
        "dimensions"]}
    assert dims["permit label (department identification number)"]["value"] == PERMIT
    assert dims["permit label (department identification number)"]["citation"] == \
        "NR 5.09(3)(b)"
    height = next(d for name, d in dims.items() if name.startswith("permit label, black"))
    assert height["value"] == CAP_MIN and height["citation"] == "wsmark practice"


@pytest.mark.parametrize("args, cites", [
    (["render", "danger", "-H", "24", "--permit-id", "wi-2026-0417"], ["'WI-2026-0417'"]),
    (["render", "danger", "-H", "24", "--permit-id", "WI 2026"], ["capitals and digits"]),
    (["render", "danger", "-H", "24", "--permit-id", "A" * 24 + "1"], ["24 characters"]),
    (["render", "danger", "-H", "24", "--permit-id", "PERMIT"], ["at least one digit"]),
    (["render", "diver-flag", "--permit-id", PERMIT], ["flag", "NR 5.09(3)(b)"]),
    (["render", "buoy-aid-red", "--id", "WS-2", "--permit-id", PERMIT], ["display area"]),
    (["render", "danger", "-H", "12", "--max-width", "10", "--permit-id", PERMIT],
     ["permit label", "--max-width"]),
])
def test_bad_permit_ids_are_one_line_exit_2(runner, tmp_path, args, cites):
    out = tmp_path / "x.svg"
    assert_user_error(invoke(runner, *args, "-o", str(out)), *cites)
    assert not out.exists()
