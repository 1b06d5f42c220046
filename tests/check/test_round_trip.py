"""The strongest test of the house: build -> render SVG -> read -> measure -> rules
gives zero findings of severity error or warning, for every kind at several sizes."""

from __future__ import annotations

import pytest

from markers.check.pipeline import CheckOptions
from wi import check_file
from markers.core.design import Design
from wi import KINDS, build
from wi import measure
from markers.products.files import render_file

LEGENDS = {"danger": "ROCKS", "control": "SLOW NO WAKE", "information": "MARINA",
           "exclusion": None}
HEIGHTS = (12.0, 18.0, 30.0, 48.0)


def _design(kind: str, h: float) -> Design:
    spec = KINDS[kind]
    return Design(kind, h, legend=LEGENDS.get(kind), ws_id=spec.sample_id)


@pytest.mark.parametrize("h", HEIGHTS)
@pytest.mark.parametrize("kind", [k for k in KINDS if not k.startswith(("buoy", "diver",
                                                                         "distress"))])
def test_every_sign_face_checks_clean(tmp_path, kind: str, h: float) -> None:
    path = tmp_path / f"{kind}.svg"
    art = build(_design(kind, h))
    render_file(art, path)
    report, _ = check_file(path, CheckOptions())
    serious = [(f.rule, f.message) for f in report.findings if f.severity != "info"]
    assert report.verdict == "pass" and not serious, serious
    assert report.kind == kind
    # a red triangle grows past H (equilateral) when its id needs the room
    _, top, _, bottom = art.features["display-area"].bounds
    assert bottom - top >= h - 1e-9
    assert report.display_height_in == pytest.approx(bottom - top, abs=1e-3)
    assert report.display_height_basis == "declared"


@pytest.mark.parametrize("kind,h,outline", [("danger", 24, 3.0), ("control", 36, 4.0),
                                            ("information", 30, 2.5)])
def test_thick_outline_round_trips(tmp_path, kind: str, h: float, outline: float) -> None:
    path = tmp_path / "thick.svg"
    spec = KINDS[kind]
    render_file(build(Design(kind, h, outline=outline, legend=LEGENDS.get(kind),
                             ws_id=spec.sample_id)), path)
    report, art = check_file(path, CheckOptions())
    assert report.verdict == "pass", report.findings
    assert measure(art).symbol.outline == pytest.approx(outline, abs=0.005)


def test_declared_colors_are_judged(tmp_path) -> None:
    """A design file's colors go through the same rules: a red 'orange' fails."""
    good = tmp_path / "good.yaml"
    good.write_text("kind: danger\ndisplay_height: 24\nlegend: ROCKS\n"
                    "colors: {orange: '#E57200', black: '#231F20'}\n")
    bad = tmp_path / "bad.yaml"
    bad.write_text("kind: danger\ndisplay_height: 24\ncolors: {orange: '#C8102E'}\n")
    assert check_file(good, CheckOptions())[0].verdict == "pass"
    report, _ = check_file(bad, CheckOptions())
    assert report.verdict == "fail"
    assert [f.rule for f in report.findings if f.severity == "error"] == ["reg-symbol-color"]


@pytest.mark.parametrize("text,rules", [
    ("kind: danger\ndisplay_height: 10\n", {"display-height"}),
    ("kind: control\ndisplay_height: 24\noutline: 1.5\nlegend: 5 MPH\n", {"outline-width"}),
    ("kind: aid-red\ndisplay_height: 18\nid: WS-3\n", {"aid-id-parity"}),
    ("kind: aid-center\ndisplay_height: 18\nid: 'A'\n", {"aid-id-format"}),
    ("kind: buoy-race\ndiameter: 16\n", {"race-buoy"}),
    ("kind: buoy-race\ndiameter: 12\nmaterial: metal\n", {"race-buoy"}),
    ("kind: buoy-symbol\nsymbol: danger\nheight_above_water: 30\n", {"buoy-height"}),
    ("kind: diver-flag\nflag_height: 10\n", {"diver-flag"}),
])
def test_declared_design_breaking_a_minimum_fails_its_rule(tmp_path, text: str,
                                                           rules: set[str]) -> None:
    """A vendor's design that breaks a number of the rule is a failing check with the
    rule's finding, not unreadable input (building it for `render` refuses it)."""
    path = tmp_path / "design.yaml"
    path.write_text(text)
    report, _ = check_file(path, CheckOptions())
    assert report.verdict == "fail", report.error
    assert {f.rule for f in report.findings if f.severity == "error"} == rules
