"""A race course buoy is one color (NR 5.09(7)(b), "in order that ... [they] are not
mistaken for aids to navigation or regulatory markers"): yellow, green, fluorescent red or
orange over nearly all of what is seen above the waterline (the pack's race_color_share),
with no lettering or pictogram. A lime or yellow disc carrying a black pictogram (a road
sign's look, issue 21: it passed as buoy-race at -H 12) is no race buoy, never a pass; a
plain ball, or one with a maker's small mark, still is.

The drawings are written here by hand in user units with ``-H 12`` (no physical size, as
in the resvg and svgo suites); the share of the disc left in its color is worked out here
with shapely from the drawing's own coordinates.
"""

from __future__ import annotations

import pytest
from shapely.geometry import Point, box

from corpora import CORPORA
from markers.check.pipeline import CheckOptions
from wi import PACK, check_file

SVG = 'xmlns="http://www.w3.org/2000/svg"'
H12 = CheckOptions(display_height=12.0)
DISC = Point(100, 100).buffer(90, 256)
PLAIN_BALLS = [CORPORA / "resvg/crates/resvg/tests/tests/painting/shape-rendering" / name
               for name in ("auto-on-circle.svg", "crispEdges-on-circle.svg")]

SHARE = PACK.law.req("race_color_share")


def _bars(width: float) -> list[tuple[float, float, float, float]]:
    """Two black bars ``width`` wide, off the disc's centre (a pictogram beside it)."""
    return [(60, 60, 60 + width, 140), (140 - width, 60, 140, 140)]


def _disc(color: str, bars: list[tuple[float, float, float, float]]) -> str:
    marks = "".join(f'<rect x="{x0:g}" y="{y0:g}" width="{x1 - x0:g}" height="{y1 - y0:g}" '
                    'fill="#000000"/>' for x0, y0, x1, y1 in bars)
    return f"""<svg {SVG} viewBox="0 0 200 200"><circle cx="100" cy="100" r="90"
 fill="{color}"/>{marks}</svg>"""


def _left(bars) -> float:
    """The share of the disc its color still covers, worked out here."""
    covered = DISC.intersection(box(*bars[0]).union(box(*bars[1]))).area
    return 1 - covered / DISC.area


def _check(tmp_path, name: str, text: str, options: CheckOptions = H12):
    path = tmp_path / f"{name}.svg"
    path.write_text(text)
    report, _ = check_file(path, options)
    assert report.verdict != "error", report.error
    return report


@pytest.mark.parametrize("color", ["#CCFF00", "#D0FF14", "#FFCD00", "#FF6600"])
def test_a_disc_with_a_black_pictogram_is_no_race_buoy(tmp_path, color):
    bars = _bars(20)
    assert _left(bars) < SHARE
    report = _check(tmp_path, f"pictogram-{color[1:]}", _disc(color, bars))
    assert report.verdict == "fail" and report.kind is None, \
        [(f.rule, f.severity, f.message) for f in report.findings]
    [shape] = [f for f in report.findings if f.rule == "reg-shape"]
    assert shape.severity == "error" and "no race course buoy" in shape.message
    assert f"{_left(bars):.0%}" in shape.message


def test_a_lime_disc_with_a_pictogram_in_green_is_judged_as_what_it_looks_like(tmp_path):
    """#00FF00 is green, an aid's color: with black marks on it, it is read as a green aid
    buoy and fails as one; what matters is that it is not passed as a race buoy."""
    report = _check(tmp_path, "pictogram-00FF00", _disc("#00FF00", _bars(20)))
    assert report.kind != "buoy-race" and report.verdict != "pass"


@pytest.mark.parametrize("width", [0, 4])
def test_a_plain_ball_or_one_with_a_small_mark_is_a_race_buoy(tmp_path, width):
    bars = _bars(width) if width else []
    if bars:
        assert SHARE < _left(bars) < 1
    report = _check(tmp_path, f"ball-{width}", _disc("#FFCD00", bars))
    assert report.kind == "buoy-race" and report.verdict == "pass", \
        [(f.rule, f.severity, f.message) for f in report.findings]


def test_a_declared_race_buoy_with_a_pictogram_fails_race_buoy_with_its_share(tmp_path):
    bars = _bars(20)
    text = _disc("#FFCD00", bars).replace(
        '<circle', '<desc>design: {"kind": "buoy-race", "material": "foam"}</desc><circle')
    report = _check(tmp_path, "declared-pictogram", text)
    assert report.kind == "buoy-race" and report.verdict == "fail"
    [one] = [f for f in report.findings if f.rule == "race-buoy" and f.unit == "ratio"]
    assert one.severity == "error" and one.citation == "NR 5.09(7)(b)"
    assert one.measured == pytest.approx(_left(bars), abs=0.01)
    assert one.required == f">= {SHARE:g}"


@pytest.mark.skipif(not all(p.is_file() for p in PLAIN_BALLS), reason="corpora not found")
@pytest.mark.parametrize("path", PLAIN_BALLS, ids=lambda p: p.name)
def test_the_corpus_green_balls_stay_race_buoys(path):
    """resvg's plain green circle (a black frame stroke set aside) is a green ball."""
    report, _ = check_file(path, H12)
    assert report.kind == "buoy-race" and report.verdict == "pass"


@pytest.mark.parametrize("name", ["bjnortier-dxf/test/resources/ellipticalarcs.dxf",
                                  "ezdxf/examples_dxf/circle_radius_le_0.dxf"])
def test_a_ball_all_of_one_color_has_no_negative_share_of_others(name):
    """A ball whose color's area comes out a hair over its body's (the overlay's
    rounding) is all that color and 0 % other colors, never '-0%'."""
    report, _ = check_file(CORPORA / "dxf" / name, CheckOptions())
    said = [c.message for m in report.markers for c in m.checks if "other colors" in c.message]
    assert said and all("and 0% other colors" in s for s in said), said
