"""Connecticut's pack, ct-15-121, end to end through the command line, and a failing
case for every one of its rules, named after the paragraph it breaks.

Every case is a drawing, a design file or a plan the test writes; each asserts the
rule ids the report gives at their severities (nothing else serious), so a rule that
stops firing, or starts firing where it should not, fails here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cli import cli
from markers.check.pipeline import CheckOptions, check_pages
from markers.packs import get_pack
from markers.plan.check import check_plan
from render.output import render_bytes

CT = get_pack("ct-15-121")
WI = get_pack("wi-nr509")
ROOT = Path(__file__).resolve().parents[2]
PLAN = ROOT / "examples" / "ct-mooring-field.geojson"
IN = 96  # SVG px per inch


def _flag_svg(h: float, w: float, stripe: float) -> bytes:
    """A vendor's diver's flag: a field ``h`` x ``w`` in, a white stripe ``stripe`` in
    wide (across it) from the upper hoist corner to the lower fly corner."""
    import math

    half = stripe / 2 / math.cos(math.atan2(h, w))  # the stripe's half height, upright
    pts = [(0, 0), (0, half), (w, h + half), (w, h), (w, h - half), (0, -half)]
    poly = " ".join(f"{x * IN:.2f},{min(max(y, 0), h) * IN:.2f}" for x, y in pts)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}in" height="{h}in" '
            f'viewBox="0 0 {w * IN} {h * IN}"><rect width="{w * IN}" height="{h * IN}" '
            f'fill="#C8102E"/><polygon points="{poly}" fill="#FFFFFF"/></svg>').encode()


def _beacon_svg(symbol: str = "circle", dx: float = 0.0, words: bool = True,
                band: float = 3.0, stroke: bool = False) -> bytes:
    """A vendor's 24 in square beacon: an orange border band ``band`` in wide (a filled
    path with a hole, or a white rect ``stroke``d orange: both ways SVG draws one),
    white within, an orange ``symbol`` ("circle": an open circle 14 in across, 1.4 in
    thick; "solid": a filled diamond) ``dx`` in off the middle, and a line of <text>
    unless not ``words``."""
    side, b = 24 * IN, band * IN
    if stroke:
        ring = (f'<rect x="{b / 2}" y="{b / 2}" width="{side - b}" height="{side - b}" '
                f'fill="#FFFFFF" stroke="#FF4F00" stroke-width="{b}"/>')
    else:
        ring = (f'<path fill-rule="evenodd" fill="#FF4F00" d="M0 0H{side}V{side}H0Z '
                f'M{b} {b}V{side - b}H{side - b}V{b}Z"/>')
    cx, cy = 12 * IN + dx * IN, 11 * IN
    if symbol == "circle":
        r = (6.3 if band <= 3 else 5.0) * IN
        mark = (f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="none" stroke="#FF4F00" '
                f'stroke-width="{1.4 * IN}"/>')
    else:
        r = 6 * IN
        mark = (f'<polygon fill="#FF4F00" points="{cx},{cy - r} {cx + 0.8 * r},{cy} '
                f'{cx},{cy + r} {cx - 0.8 * r},{cy}"/>')
    text = (f'<text x="{12 * IN}" y="{19.5 * IN}" font-size="{2 * IN}" text-anchor="middle" '
            'fill="#000000">NO WAKE</text>') if words else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="24in" height="24in" '
            f'viewBox="0 0 {side} {side}"><rect width="{side}" height="{side}" fill="#FFFFFF"/>'
            f'{ring}{mark}{text}</svg>').encode()


def _found(report) -> dict[str, str]:
    return {f.rule: f.severity for f in report.findings}


def _check(data: bytes, name: str, pack=CT):
    report, _ = check_pages(data, name, CheckOptions(), pack)
    assert report.verdict != "error", report.error
    return report


def _built(kind: str, pack=CT, as_declared: bool = False, **fields) -> bytes:
    from markers.core.design import Design

    return render_bytes(pack.build(Design(kind, **fields), as_declared), ".svg")


# ---------------------------------------------------------------- a failing case per rule

def _a3b_t01_low_flag():
    return _check(_flag_svg(12, 15, 3), "flag.svg")


def _a3b_t02_narrow_stripe():
    return _check(_flag_svg(13, 15, 2.5), "flag.svg")


def _a3b_t03_blue_field():
    """The pack's own flag, declared a diver-flag, its field painted blue."""
    return _check(_built("diver-flag").replace(b"#C8102E", b"#0033A0"), "flag.svg")


def _a3a_t01_no_blue_band():
    svg = _built("mooring-area-buoy").replace(b'"mooring-area-buoy"', b'"mooring-buoy"')
    return _check(svg, "ball.svg")


def _a3a_t02_band_low():
    return _check(_built("buoy-mooring", WI), "wi-mooring.svg")


def _a3a_t03_red_area_buoy():
    return _check(b"kind: mooring-area-buoy\ncolor: red\n", "design.yaml")


def _a2a_t01_not_a_ct_marker():
    return _check(_built("control", WI, display_height=24.0, legend="5 MPH"), "sign.svg")


def _a4b1_t01_orange_can():
    return _check(_built("aid-red", ws_id="CT-2").replace(b"#C8102E", b"#FF4F00"), "can.svg")


def _a4b1_t02_wisconsin_id():
    return _check(_built("buoy-aid-red", WI, ws_id="WS-4"), "nun.svg")


def _a4b1_t03_odd_on_red():
    return _check(b"kind: aid-red\nws_id: CT-3\n", "design.yaml")


def _cardinal(top_in: float) -> bytes:
    """A 36 in cardinal-red-top whose red top is ``top_in`` high (built under
    Connecticut's law with another fraction, checked under the real one)."""
    from dataclasses import replace

    need = CT.law.requirements["cardinal_top_fraction"]
    law = replace(CT.law, requirements={**CT.law.requirements, need.key: replace(
        need, value=top_in / 36.0)})
    return _built("cardinal-red-top", replace(CT, law=law))


def _a4b2_t01_top_near_a_third():
    return _check(_cardinal(14.0), "cardinal.svg")


def _a4b2_t02_top_a_sixth():
    return _check(_cardinal(6.0), "cardinal.svg")


def _a4b2_t03_green_top_declared_red():
    svg = _built("cardinal-green-top").replace(b'"cardinal-green-top"', b'"cardinal-red-top"')
    return _check(svg, "cardinal.svg")


def _a2c_t01_narrow_border():
    return _check(_built("beacon-danger", legend="ROCKS", outline=2.0, as_declared=True),
                  "beacon.svg")


def _a2d_t01_solid_diamond():
    return _check(_beacon_svg("solid"), "beacon.svg")


def _a2d_t02_symbol_off_centre():
    return _check(_beacon_svg(dx=1.5), "beacon.svg")


def _a2e_t01_no_words():
    return _check(_beacon_svg(words=False), "beacon.svg")


def _a2b_t01_narrow_bands():
    return _check(_built("regulatory-buoy", symbol="control", legend="NO WAKE", outline=2.0,
                         as_declared=True), "buoy.svg")


def _practice_t02_flat_wrap():
    from markers.core.design import Design

    design = Design("regulatory-buoy", symbol="danger", legend="ROCKS")
    surface = CT.surface(design, CT.build(design))
    return _check(render_bytes(surface.flat, ".svg"), "wrap.svg")


def _practice_t01_wisconsin_id():
    return _check(_built("aid-red", WI, display_height=24.0, ws_id="WS-4"), "aid.svg")


#: case (named after the paragraph it breaks) -> (its drawing, the findings it gives)
FAILS = {
    "15-121-A3(b)-t01-fail-12in-high-flag": (_a3b_t01_low_flag, {"ct-diver-flag": "error"}),
    "15-121-A3(b)-t02-fail-2.5in-stripe": (_a3b_t02_narrow_stripe, {"ct-diver-flag": "error"}),
    "15-121-A3(b)-t03-fail-blue-field": (_a3b_t03_blue_field, {"ct-diver-flag": "error"}),
    "15-121-A3(a)-t01-fail-mooring-without-band": (_a3a_t01_no_blue_band,
                                                   {"ct-mooring-band": "error"}),
    "15-121-A3(a)-t02-warn-band-not-midway": (_a3a_t02_band_low,
                                              {"ct-mooring-band": "warning"}),
    "15-121-A3(a)-t03-fail-red-area-buoy": (_a3a_t03_red_area_buoy,
                                            {"ct-area-buoy-color": "error"}),
    "15-121-A4(b)(1)-t01-fail-orange-can": (_a4b1_t01_orange_can, {"ct-aid-color": "error"}),
    "15-121-A4(b)(1)-t02-fail-ws-id": (_a4b1_t02_wisconsin_id,
                                       {"ct-aid-id": "error", "other-pack": "info"}),
    "15-121-A4(b)(1)-t03-fail-odd-number-on-red": (_a4b1_t03_odd_on_red,
                                                   {"ct-aid-id": "error"}),
    "15-121-A4(b)(2)-t01-warn-top-14in-of-36": (_a4b2_t01_top_near_a_third,
                                                {"ct-cardinal-top": "warning"}),
    "15-121-A4(b)(2)-t02-fail-top-6in-of-36": (_a4b2_t02_top_a_sixth,
                                              {"ct-cardinal-top": "error"}),
    "15-121-A4(b)(2)-t03-fail-green-top-declared-red": (_a4b2_t03_green_top_declared_red,
                                                       {"ct-cardinal-top": "error"}),
    "15-121-A2(a)-t01-fail-wisconsin-sign": (_a2a_t01_not_a_ct_marker, {"ct-kind": "error"}),
    "15-121-A2(c)-t01-fail-2in-border": (_a2c_t01_narrow_border, {"ct-beacon-border": "error"}),
    "15-121-A2(d)-t01-fail-solid-diamond": (_a2d_t01_solid_diamond,
                                            {"ct-regulatory-symbol": "error"}),
    "15-121-A2(d)-t02-warn-symbol-off-centre": (_a2d_t02_symbol_off_centre,
                                                {"ct-regulatory-symbol": "warning"}),
    "15-121-A2(e)-t01-fail-no-words": (_a2e_t01_no_words, {"ct-regulatory-words": "error"}),
    "15-121-A2(b)-t01-fail-2in-bands": (_a2b_t01_narrow_bands,
                                        {"ct-regulatory-buoy-bands": "error"}),
    # Wisconsin's red daymark declares aid-red, a kind Connecticut has too: judged as
    # Connecticut's red buoy, its WS-4 fails and the hint names Wisconsin's pack
    "practice-t01-info-wisconsin-daymark": (_practice_t01_wisconsin_id,
                                            {"ct-aid-id": "error", "other-pack": "info"}),
    # the buoy's flat print (its file says "print: flat wrap") is not the buoy as seen
    "practice-t02-review-flat-wrap": (_practice_t02_flat_wrap, {"flat-print": "review"}),
}


@pytest.mark.parametrize("case", sorted(FAILS))
def test_each_rule_has_a_failing_case_named_after_its_paragraph(case: str) -> None:
    make, expected = FAILS[case]
    report = make()
    found = {rule: severity for rule, severity in _found(report).items()
             if severity != "info" or rule in expected}
    assert found == expected, [(f.rule, f.severity, f.message) for f in report.findings]


def _plan(tmp_path: Path, change) -> object:
    data = json.loads(PLAN.read_text())
    change(data)
    path = tmp_path / "plan.geojson"
    path.write_text(json.dumps(data))
    return check_plan(path, CT)


def _no_decision(d):
    d["application"]["decision"] = {}


def _no_water(d):
    d["features"] = [f for f in d["features"] if f["properties"].get("role") != "water"]


def _no_purpose(d):
    d["features"][-1]["properties"].pop("purpose")


def _other_kind(d):
    d["features"][-1]["properties"]["design"] = "flag.yaml"


PLAN_FAILS = {
    "15-121-A5(c)-t01-fail-no-signed-approval": (_no_decision, {"ct-plan-approval"}),
    "15-121-A5(d)-t01-fail-no-shoreline": (_no_water, {"ct-plan-map"}),
    "15-121-A5(e)-t01-fail-no-purpose": (_no_purpose, {"ct-plan-need"}),
    "15-121-A5(d)-t02-fail-design-of-another-kind": (_other_kind, {"plan-design"}),
}


@pytest.mark.parametrize("case", sorted(PLAN_FAILS))
def test_each_plan_rule_has_a_failing_case(case: str, tmp_path: Path) -> None:
    (tmp_path / "flag.yaml").write_text("kind: diver-flag\n")
    change, expected = PLAN_FAILS[case]
    report = _plan(tmp_path, change)
    assert {f.finding.rule for f in report.findings} == expected, report.findings


def test_every_rule_of_the_pack_has_a_case() -> None:
    cases = {rule for _, found in FAILS.values() for rule in found} | \
        {rule for _, found in PLAN_FAILS.values() for rule in found}
    rules = set(CT.rules.rules) | set(CT.plan_rules.rules)
    assert rules == cases


def test_the_example_plan_passes() -> None:
    assert check_plan(PLAN, CT).verdict == "pass"


# ---------------------------------------------------------------- the commands

def test_kinds_lists_its_kinds_with_their_paragraphs(runner) -> None:
    out = runner.invoke(cli, ["kinds", "--pack", "ct-15-121"]).stdout.splitlines()
    assert [line.split()[0] for line in out] == list(CT.kinds)
    assert [line.rsplit("[", 1)[1] for line in out] == [
        "15-121-A2(c)]"] * 4 + ["15-121-A2(b)]"] + ["15-121-A3(a)]"] * 2 + \
        ["15-121-A4(b)(1)]"] * 2 + ["15-121-A4(b)(2)]"] * 2 + ["15-121-A3(b)]"]


@pytest.mark.parametrize("ext", [".svg", ".pdf"])
def test_render_then_check_round_trips(runner, tmp_path: Path, ext: str) -> None:
    for kind in CT.kinds:
        out = tmp_path / f"{kind}{ext}"
        words = ["--legend", "NO WAKE"] if CT.kinds[kind].uses_legend else []
        assert runner.invoke(cli, ["render", kind, "--pack", "ct-15-121", "-o",
                                   str(out), *words]).exit_code == 0
    result = runner.invoke(cli, ["check", *map(str, sorted(tmp_path.iterdir())), "--pack",
                                 "ct-15-121"])
    assert result.exit_code == 0, result.stdout
    assert result.stdout.count(": PASS (") == len(CT.kinds) == 12


def test_the_diver_flag_renders_and_checks_as_dxf(runner, tmp_path: Path) -> None:
    out = tmp_path / "flag.dxf"
    assert runner.invoke(cli, ["render", "diver-flag", "--pack", "ct-15-121", "-o",
                               str(out)]).exit_code == 0
    result = runner.invoke(cli, ["check", str(out), "--pack", "ct-15-121"])
    assert result.exit_code == 0 and "PASS (diver-flag)" in result.stdout


def test_spec_names_the_mast_and_what_the_text_does_not_set(runner) -> None:
    flag = runner.invoke(cli, ["spec", "diver-flag", "--pack", "ct-15-121"]).stdout
    assert "stiff mast (>= 20 in) (not drawn)          15-121-A3(b)    20.00 in" in flag
    ball = runner.invoke(cli, ["spec", "mooring-buoy", "--pack", "ct-15-121"]).stdout
    assert "(15-121-A3(a) sets none)" in ball and "wsmark drawing" in ball


def test_fabricate_writes_the_shop_files(runner, tmp_path: Path) -> None:
    result = runner.invoke(cli, ["fabricate", "diver-flag", "--pack", "ct-15-121", "-o",
                                 str(tmp_path)])
    assert result.exit_code == 0, result.stderr
    assert "red nylon flag fabric" in result.stdout
    assert any(p.suffix == ".pdf" for p in tmp_path.iterdir())


def test_sheet_prints_a_page_per_kind(runner, tmp_path: Path) -> None:
    out = tmp_path / "ct.pdf"
    result = runner.invoke(cli, ["sheet", "--pack", "ct-15-121", "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    assert f"{len(CT.kinds) + 3} pages" in result.stderr and out.read_bytes().startswith(b"%PDF")


def test_plan_check_and_packet(runner, tmp_path: Path) -> None:
    result = runner.invoke(cli, ["plan", "check", str(PLAN), "--pack", "ct-15-121"])
    assert result.exit_code == 0 and "PASS (8 markers" in result.stdout
    out = tmp_path / "packet.pdf"
    result = runner.invoke(cli, ["plan", "packet", str(PLAN), "--pack", "ct-15-121",
                                 "-o", str(out)])
    assert result.exit_code == 0, result.stderr
    assert out.read_bytes().startswith(b"%PDF")


def test_the_application_follows_15_121_a5() -> None:
    form = CT.plan_rules.words.form
    assert form.decides == "chief_executive" and form.decision_clause == "15-121-A5(c)"
    assert form.signs_last == "commissioner" and form.temporary is None
    assert all(f"({n})" in form.note for n in range(1, 10))
    assert "NR 5.09" not in form.note + form.authority


def test_a_wisconsin_plan_is_refused_in_one_line(runner) -> None:
    wisconsin = ROOT / "examples" / "mooring-field.geojson"
    result = runner.invoke(cli, ["plan", "check", str(wisconsin), "--pack", "ct-15-121"])
    assert result.exit_code == 2
    assert "unknown political_subdivision" in result.stderr  # a plan error, on stderr


def test_rules_compare_puts_both_citations_side_by_side(runner) -> None:
    result = runner.invoke(cli, ["rules", "--pack", "wi-nr509", "--compare", "ct-15-121"])
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    flag = lines.index("diver-flag [s. 30.70, Wis. Stats.]  |  diver-flag [15-121-A3(b)]")
    rows = {line.split()[0]: line for line in lines[flag + 1:flag + 9] if line.strip()}
    assert "ct-diver-flag [15-121-A3(b)]" in rows["rule"]
    assert rows["diver_min_height"].split("|")[1].strip() == "13 in [15-121-A3(b)]"
    assert "12 in [s. 30.70, Wis. Stats.]" in rows["diver_min_height"]
    assert rows["diver_mast_min"].split("|")[0].split(None, 1)[1].strip() == \
        "not set by wi-nr509"
    assert any("not required by 15-121-A2(d)" in line and line.split()[0] == "outline_min"
               for line in lines)



def test_a_connecticut_buoy_under_wisconsin_gets_the_findings_and_the_hint() -> None:
    """The reverse of the cases above: CT-7 on Connecticut's green buoy, checked under
    NR 5.09, fails the WS format and the hint names ct-15-121; never a switch."""
    report = _check(_built("aid-green", ws_id="CT-7"), "ct-green.svg", WI)
    assert report.kind == "aid-green" and report.verdict == "fail"
    found = {f.rule: f for f in report.findings}
    assert found["aid-id-format"].severity == "error"
    assert found["other-pack"].severity == "info"
    assert "pack ct-15-121 identifies its aid-green" in found["other-pack"].message
    assert "checked against wi-nr509" in found["other-pack"].message


def test_wisconsin_s_symbol_buoy_meets_15_121_a2_b_as_drawn() -> None:
    """NR 5.09's symbol buoy: a white cylinder, orange bands at the top and at the
    waterline (above it), a danger diamond and ROCKS between: what A2(b) to (e) ask of
    a regulatory buoy, so Connecticut passes it as one, by its own rules."""
    report = _check(_built("buoy-symbol", WI, display_height=12.0, symbol="danger",
                           legend="ROCKS"), "wi-buoy.svg")
    assert (report.kind, report.verdict) == ("regulatory-buoy", "pass")
    judged = {c.rule for m in report.markers for c in m.checks}
    assert {"ct-regulatory-buoy-bands", "ct-regulatory-symbol", "ct-regulatory-words"} <= judged


def test_connecticut_s_regulatory_markers_under_wisconsin() -> None:
    """The reverse: Connecticut's regulatory buoy (its symbol sized by wsmark's drawing,
    its lower band above the waterline) fails NR 5.09's numbers; its beacon, whose
    border NR 5.09 does not know, is read as an information sign whose display area
    nothing shows: a person must check it, never a pass."""
    buoy = _check(_built("regulatory-buoy", symbol="danger", legend="ROCKS"), "b.svg", WI)
    assert buoy.kind == "buoy-symbol" and buoy.verdict == "fail"
    assert {"buoy-symbol-bands", "outline-width", "symbol-size"} <= set(_found(buoy))
    beacon = _check(_built("beacon-danger", legend="ROCKS"), "beacon.svg", WI)
    assert beacon.verdict == "review" and beacon.kind == "information"


def test_a_regulatory_marker_without_words_is_refused(runner, tmp_path: Path) -> None:
    result = runner.invoke(cli, ["render", "beacon-control", "--pack", "ct-15-121", "-o",
                                 str(tmp_path / "b.svg")])
    assert result.exit_code == 2 and not (tmp_path / "b.svg").exists()
    assert result.stderr.strip() == ("wsmark: error: beacon-control carries numbers, letters "
                                     "or words (15-121-A2(e)); give --legend")


def test_the_beacon_spec_names_its_border_band(runner) -> None:
    out = runner.invoke(cli, ["spec", "beacon-information", "--pack", "ct-15-121",
                              "--legend", "MARINA"]).stdout
    band = next(line for line in out.splitlines() if "orange border band (" in line)
    assert "15-121-A2(c)" in band and "3.00 in" in band
    assert "(15-121-A2 sets no size)" in out and "wsmark drawing" in out


def test_the_committed_connecticut_gallery_is_current() -> None:
    """gallery/ct-15-121/ (``make gallery``) holds every kind's picture: each SVG is
    byte for byte what the pack builds now, and the README shows each. (The sheets, the
    plan and the wraps are left to a full rebuild: kept cheap.)"""
    from markers.products.gallery import gallery_designs

    folder = ROOT / "gallery" / "ct-15-121"
    readme = (folder / "README.md").read_text(encoding="utf-8")
    entries = gallery_designs(CT)
    assert {e.design.kind for e in entries} == set(CT.kinds)
    stale = [e.stem for e in entries if (folder / f"{e.stem}.svg").read_bytes() !=
             render_bytes(CT.build(e.design), ".svg")]
    assert not stale, f"gallery/ct-15-121 is stale: run `make gallery`; differs: {stale}"
    assert all(f"[SVG]({e.stem}.svg)" in readme for e in entries)


def test_rules_compare_matches_a_beacon_with_the_sign_of_its_symbol(runner) -> None:
    """Wisconsin's danger sign and Connecticut's danger beacon carry the same symbol:
    one section, NR 5.09's numbers beside 'not required by' the silent paragraph, the
    beacon's band beside 'not set by wi-nr509'; the tolerances both read of every
    drawing are not listed as the laws' requirements."""
    lines = runner.invoke(cli, ["rules", "--pack", "wi-nr509", "--compare",
                                "ct-15-121"]).stdout.splitlines()
    at = lines.index("danger [NR 5.09(2)(b)1]  |  beacon-danger [15-121-A2(c)]")
    section = lines[at + 1:lines.index("", at)]
    rows = {line.split()[0]: line for line in section if line.startswith("  ") and
            not line.startswith("   ")}
    assert rows["outline_min"].split("|")[1].strip() == "not required by 15-121-A2(d)"
    assert rows["border_band_min"].split("|")[1].strip() == "3 in [15-121-A2(c)]"
    assert "not set by wi-nr509" in rows["border_band_min"]
    assert "centering_tolerance" not in rows and "actual_size_min" not in rows


@pytest.mark.parametrize("band,stroke", [(3.0, True), (4.5, False), (4.5, True)])
def test_a_vendor_s_border_band_is_set_aside_however_drawn(band: float, stroke: bool) -> None:
    """The band a beacon's border is, filled or stroked, 3 in or 4.5 in wide (which
    leaves 39 % of a 24 in beacon within it): read as the border, its width measured,
    the circle within judged as the beacon's symbol."""
    report = _check(_beacon_svg(band=band, stroke=stroke), "beacon.svg")
    assert (report.kind, report.verdict) == ("beacon-control", "pass"), report.findings
    widths = [c.measured for m in report.markers for c in m.checks
              if c.rule == "ct-beacon-border" and c.unit == "in"]
    assert widths == [pytest.approx(band, abs=0.01)]
