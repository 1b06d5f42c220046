"""The permit label, NR 5.09(3)(b) ("Approved waterway markers shall be labelled with a
department assigned identification number"; issue 12): ``render``, ``wrap``,
``fabricate`` and ``plan packet`` letter it, the checker reads it and reports it.

Geometry is measured on the files written, with the tests' own SVG reader
(tests/svg_measure.py); the vendor drawings are written here by hand, their lettering
outlined from other fonts (DejaVu Sans Bold, Arimo Bold) by fontTools.
"""

from __future__ import annotations

import dataclasses
import io
import json
import re
import shutil
from pathlib import Path

import pytest
import svgelements as se
from pypdf import PdfReader
from shapely import affinity, unary_union
from shapely.geometry import box

import ocr_corpus as corpus
from markers import api
from svg_measure import PX_PER_IN, _rings, fill_area, read_svg
from cli_helpers import assert_ok, assert_user_error, invoke
from wi import PACK, check_svg_text

PERMIT = "WI-2026-0417"
ROOT = Path(__file__).resolve().parents[2]
SVG = 'xmlns="http://www.w3.org/2000/svg"'
WHITE, ORANGE, BLACK, RED = "#FFFFFF", "#FF4F00", "#000000", "#C8102E"
DEJAVU, ARIMO = "DejaVu Sans Bold", "Liberation Sans Bold"
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


def test_check_reads_the_label_and_reports_it(rendered):
    labelled, _ = rendered
    report, _ = api.check(labelled, "d.svg")
    assert report.verdict == "pass"
    assert [(f.rule, f.severity) for f in report.findings] == [("permit-label", "info")]
    found = report.findings[0]
    assert found.measured == PERMIT and "1.00 in" in found.message
    marker = json.loads(api.reports([report], "json"))[0]["markers"][0]
    assert marker["permit_id"] == PERMIT and marker["legend"] == "ROCKS"
    assert marker["display_height_in"] == 24.0


def test_report_without_a_label_keeps_the_contract_keys(rendered):
    _, plain = rendered
    report, _ = api.check(plain, "plain.svg")
    marker = json.loads(api.reports([report], "json"))[0]["markers"][0]
    assert "permit_id" not in marker and not report.findings


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


# --- drawings made by hand ----------------------------------------------------------

def _glyphs(text: str, font: str, cap: float, cx: float, top: float) -> str:
    """``text`` outlined in ``font`` at cap height ``cap``, centred on ``cx``, top at
    ``top`` (drawing units), as evenodd path data."""
    geom = corpus.outline_text([text], corpus.font_file(font, pypi_only=True),
                               corpus.FONTS[font][1], cap)
    geom = affinity.translate(geom, cx, top)
    rings = []
    for poly in getattr(geom, "geoms", [geom]):
        for ring in (poly.exterior, *poly.interiors):
            rings.append("M" + "L".join(f"{x:.3f} {y:.3f}" for x, y in
                                        list(ring.coords)[:-1]) + "Z")
    return "".join(rings)


def _danger_cm(font: str, label: str | None, label_cap: float = 1.2,
               words_below: str | None = None, label_ink: str = BLACK) -> str:
    """A danger sign in centimetres as a shop draws it: white panel 20 in wide, the
    orange diamond (16 in wide, sides 35 deg from vertical, 2 in outline) centred on a
    24 in display area, maybe words in a band below it, and the permit number below
    everything, all outlined in ``font``; no element names a display area or label."""
    k = 2.54
    import math

    half = 8.0
    tall = half / math.tan(math.radians(35))
    inner = half - 2.0 / math.cos(math.radians(35))
    inner_tall = inner / math.tan(math.radians(35))

    def diamond(a: float, b: float) -> str:
        return (f"M{10 * k:.3f} {(12 - b) * k:.3f}L{(10 + a) * k:.3f} {12 * k:.3f}"
                f"L{10 * k:.3f} {(12 + b) * k:.3f}L{(10 - a) * k:.3f} {12 * k:.3f}Z")

    bottom = 24.0
    paths = []
    if words_below:
        paths.append(_glyphs(words_below, font, 3.0 * k, 10 * k, (bottom + 1.5) * k))
        bottom += 6.0
    if label:
        paths_label = _glyphs(label, font, label_cap * k, 10 * k, (bottom + 0.6) * k)
        bottom += label_cap + 1.2
    height = bottom * k
    body = (f'<svg {SVG} width="{20 * k:.2f}cm" height="{height:.2f}cm" '
            f'viewBox="0 0 {20 * k:.2f} {height:.2f}">'
            f'<rect width="{20 * k:.2f}" height="{height:.2f}" fill="{WHITE}"/>'
            f'<path fill-rule="evenodd" fill="{ORANGE}" '
            f'd="{diamond(half, tall)}{diamond(inner, inner_tall)}"/>')
    body += "".join(f'<path fill-rule="evenodd" fill="{BLACK}" d="{d}"/>' for d in paths)
    if label:
        body += (f'<g id="text-2"><path fill-rule="evenodd" fill="{label_ink}" '
                 f'd="{paths_label}"/></g>')
    return body + "</svg>"


@pytest.mark.parametrize("font", [DEJAVU, ARIMO])
def test_vendor_label_below_a_danger_sign_is_reported_and_is_not_a_legend(tmp_path, font):
    report = check_svg_text(tmp_path, "vendor", _danger_cm(font, PERMIT))
    assert report.kind == "danger" and report.verdict == "pass", report.findings
    assert [(f.rule, f.severity) for f in report.findings] == [("permit-label", "info")]
    marker = report.markers[0]
    assert marker.permit_id == PERMIT and marker.legend is None
    assert marker.display_height_in == pytest.approx(24.0, abs=0.1)  # not over the label
    cap = float(re.search(r"letters ([0-9.]+) in high", report.findings[0].message)[1])
    assert cap == pytest.approx(1.2, rel=0.05)


@pytest.mark.parametrize("font", [DEJAVU, ARIMO])
def test_vendor_label_under_words_below_the_symbol(tmp_path, font):
    report = check_svg_text(tmp_path, "vendor", _danger_cm(font, PERMIT,
                                                           words_below="ROCKS"))
    assert report.verdict == "pass", report.findings
    marker = report.markers[0]
    assert (marker.legend, marker.permit_id) == ("ROCKS", PERMIT)
    assert {f.rule for f in report.findings} == {"permit-label"}


def test_words_below_are_never_taken_for_a_label(tmp_path):
    report = check_svg_text(tmp_path, "vendor", _danger_cm(DEJAVU, None,
                                                           words_below="ROCKS"))
    assert report.markers[0].legend == "ROCKS" and report.markers[0].permit_id is None
    assert not report.findings


def test_small_or_red_vendor_labels_warn(tmp_path):
    small = check_svg_text(tmp_path, "small", _danger_cm(DEJAVU, PERMIT, label_cap=0.6))
    hits = [f for f in small.findings if f.rule == "permit-label"]
    assert [f.severity for f in hits] == ["warning"] and hits[0].measured == \
        pytest.approx(0.6, rel=0.05)
    assert {f.rule for f in small.findings} == {"permit-label"}
    red = check_svg_text(tmp_path, "red", _danger_cm(DEJAVU, PERMIT, label_ink=RED))
    hits = [f for f in red.findings if f.rule == "permit-label"]
    assert [f.severity for f in hits] == ["warning"] and "black" in hits[0].message


def _with_declared(data: bytes, permit_id: str) -> bytes:
    """The drawing's design record (its <desc> line) declaring ``permit_id``."""
    text = data.decode()
    line = re.search(r"design: (\{.*\})", text)
    record = json.loads(line[1])
    record["permit_id"] = permit_id
    return text.replace(line[1], json.dumps(record)).encode()


def test_declared_permit_id_missing_or_different_warns(rendered):
    labelled, plain = rendered
    report, _ = api.check(_with_declared(plain, PERMIT), "missing.svg")
    assert [(f.rule, f.severity) for f in report.findings] == [("permit-label", "warning")]
    assert PERMIT in report.findings[0].message
    report, _ = api.check(_with_declared(labelled, "WI-2026-0471"), "other.svg")
    assert [(f.rule, f.severity) for f in report.findings] == [("permit-label", "warning")]
    assert (report.findings[0].measured, report.findings[0].required) == \
        (PERMIT, "WI-2026-0471")


def test_a_design_file_declares_it_and_is_checked_with_it(runner, tmp_path):
    design = tmp_path / "sign.yaml"
    design.write_text(f"kind: control\ndisplay_height: 24\nlegend: 5 MPH\npermit_id: {PERMIT}\n")
    report, _ = api.check(design.read_bytes(), "sign.yaml")
    assert report.verdict == "pass" and report.markers[0].permit_id == PERMIT
    out = tmp_path / "sign.svg"
    assert_ok(invoke(runner, "render", str(design), "-o", str(out)))
    assert f'"permit_id": "{PERMIT}"' in read_svg(out.read_bytes()).desc
    assert_ok(invoke(runner, "render", str(design), "--permit-id", "WI-1", "-o", str(out)))
    assert '"permit_id": "WI-1"' in read_svg(out.read_bytes()).desc


# --- fabrication and the packet -------------------------------------------------------

def _cut_area(data: bytes) -> float:
    """The area a cut file's closed outlines enclose (each path even-odd, as cut)."""
    svg = se.SVG.parse(io.BytesIO(data), reify=True, ppi=PX_PER_IN)
    group = next(e for e in svg.elements() if getattr(e, "id", None) == "cut-black")
    return sum(fill_area(_rings(path)[0], evenodd=True).area
               for path in group.select(lambda e: isinstance(e, se.Path)))


def test_fabricate_cuts_the_label_with_the_black_film(runner, tmp_path):
    plain_fab, plain = api.fabricate(api.design("danger", 24, legend="ROCKS"))
    fab, files = api.fabricate(api.design("danger", 24, legend="ROCKS", permit_id=PERMIT))
    cut = next(data for name, data in files.items() if name.endswith("cut-black.svg"))
    before = next(data for name, data in plain.items() if name.endswith("cut-black.svg"))
    assert all(PERMIT.lower() in name for name in files)
    area, area_plain = _cut_area(cut), _cut_area(before)
    label_area = api.build(api.design("danger", 24, legend="ROCKS", permit_id=PERMIT)) \
        .visible("black").intersection(box(0, 24, 20, 26)).area
    assert area - area_plain == pytest.approx(label_area, rel=0.02)
    bom = next(data for name, data in files.items() if name.endswith("bom.csv")).decode()
    assert f"cut film (with the permit label {PERMIT})" in bom
    assert any(PERMIT in note for note in fab.notes)
    result = invoke(runner, "fabricate", "danger", "-H", "24", "--legend", "ROCKS",
                    "--permit-id", PERMIT, "-o", str(tmp_path))
    assert_ok(result)
    assert any(PERMIT in line for line in result.stderr.splitlines())


def test_spec_lists_the_label():
    dims = {d["name"]: d for d in api.spec(api.design("danger", 24, permit_id=PERMIT))[
        "dimensions"]}
    assert dims["permit label (department identification number)"]["value"] == PERMIT
    assert dims["permit label (department identification number)"]["citation"] == \
        "NR 5.09(3)(b)"
    height = next(d for name, d in dims.items() if name.startswith("permit label, black"))
    assert height["value"] == CAP_MIN and height["citation"] == "wsmark practice"


def _pdf_text(data: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]


def test_plan_packet_lists_permit_ids_from_the_plan_and_the_command_line(runner, tmp_path):
    plan = json.loads((ROOT / "examples" / "lake.geojson").read_text())
    markers = [f for f in plan["features"] if "kind" in f["properties"]]
    control = next(f for f in markers if f["properties"].get("symbol") == "control")
    control["properties"]["permit_id"] = PERMIT
    race = next(f for f in markers if f["properties"]["kind"] == "buoy-race")
    race_number = markers.index(race) + 1  # markers are numbered #1-#n in plan order
    path = tmp_path / "lake.geojson"
    path.write_text(json.dumps(plan))
    shutil.copytree(ROOT / "examples" / "designs", tmp_path / "designs")  # its design files
    (tmp_path / "out").mkdir()
    out = tmp_path / "out" / "application.pdf"
    assert_ok(invoke(runner, "plan", "packet", str(path), "-o", str(out),
                     "--permit-id", f"#{race_number}=WI-2026-0420"))
    pages = _pdf_text(out.read_bytes())
    table = next(text for text in pages if "Latitude" in text)
    assert f"permit {PERMIT}" in table and "permit WI-2026-0420" in table
    marker_pages = [text for text in pages if "Where it stands" in text]
    control_page = next(text for text in marker_pages if f"permit {PERMIT}" in text)
    assert "permit label, black block letters" in control_page
    race_page = next(text for text in marker_pages if "permit WI-2026-0420" in text)
    assert f"#{race_number}" in race_page
    assert "not lettered" in race_page  # a race buoy has no white to letter on
    normalised = json.loads((tmp_path / "out" / "lake.normalised.geojson").read_text())
    ids = {f["properties"].get("permit_id") for f in normalised["features"]}
    assert {PERMIT, "WI-2026-0420"} <= ids
    assert "Permit: WI-2026-0420" in (tmp_path / "out" / "lake.kml").read_text()
    own = _pdf_text(api.plan_packet(api.plan_check(path), pack=PACK)["application.pdf"])
    assert any(f"permit {PERMIT}" in text for text in own)  # the plan's own id alone
    assert not any("WI-2026-0420" in text for text in own)


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


def test_bad_packet_permit_ids_are_one_line_exit_2(runner, tmp_path):
    plan = str(ROOT / "examples" / "river-channel.geojson")
    out = tmp_path / "application.pdf"
    for value, cite in (("WS-99=WI-1", "no marker 'WS-99'"), ("WS-2", "MARKER=ID"),
                        ("WS-2=wi-1", "not a permit id")):
        assert_user_error(invoke(runner, "plan", "packet", plan, "-o", str(out),
                                 "--permit-id", value), cite)
    assert not out.exists()
