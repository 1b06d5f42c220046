"""Tests for markers.core.colors: Lab conversion, CIEDE2000, classification and CSS parsing."""

from __future__ import annotations

import dataclasses
import math

import pytest

from markers.core.colors import (
    CSS_NAMED_COLORS,
    MAX_DISTANCE,
    OTHER,
    PALETTE,
    REFERENCES,
    ColorMatch,
    classify,
    delta_e_2000,
    hex_to_lab,
    parse_color,
)
from markers.errors import WsmarkError

# Sharma, Wu & Dalal (2005), "The CIEDE2000 color-difference formula: implementation notes,
# supplementary test data, and mathematical observations", Table 1 (all 34 pairs).
SHARMA_PAIRS = [
    ((50.0000, 2.6772, -79.7751), (50.0000, 0.0000, -82.7485), 2.0425),
    ((50.0000, 3.1571, -77.2803), (50.0000, 0.0000, -82.7485), 2.8615),
    ((50.0000, 2.8361, -74.0200), (50.0000, 0.0000, -82.7485), 3.4412),
    ((50.0000, -1.3802, -84.2814), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, -1.1848, -84.8006), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, -0.9009, -85.5211), (50.0000, 0.0000, -82.7485), 1.0000),
    ((50.0000, 0.0000, 0.0000), (50.0000, -1.0000, 2.0000), 2.3669),
    ((50.0000, -1.0000, 2.0000), (50.0000, 0.0000, 0.0000), 2.3669),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0009), 7.1792),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0010), 7.1792),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0011), 7.2195),
    ((50.0000, 2.4900, -0.0010), (50.0000, -2.4900, 0.0012), 7.2195),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0009, -2.4900), 4.8045),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0010, -2.4900), 4.8045),
    ((50.0000, -0.0010, 2.4900), (50.0000, 0.0011, -2.4900), 4.7461),
    ((50.0000, 2.5000, 0.0000), (50.0000, 0.0000, -2.5000), 4.3065),
    ((50.0000, 2.5000, 0.0000), (73.0000, 25.0000, -18.0000), 27.1492),
    ((50.0000, 2.5000, 0.0000), (61.0000, -5.0000, 29.0000), 22.8977),
    ((50.0000, 2.5000, 0.0000), (56.0000, -27.0000, -3.0000), 31.9030),
    ((50.0000, 2.5000, 0.0000), (58.0000, 24.0000, 15.0000), 19.4535),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.1736, 0.5854), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.2972, 0.0000), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 1.8634, 0.5757), 1.0000),
    ((50.0000, 2.5000, 0.0000), (50.0000, 3.2592, 0.3350), 1.0000),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((63.0109, -31.0961, -5.8663), (62.8187, -29.7946, -4.0864), 1.2630),
    ((61.2901, 3.7196, -5.3901), (61.4292, 2.2480, -4.9620), 1.8731),
    ((35.0831, -44.1164, 3.7933), (35.0232, -40.0716, 1.5901), 1.8645),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
    ((36.4612, 47.8580, 18.3852), (36.2715, 50.5065, 21.2231), 1.4146),
    ((90.8027, -2.0831, 1.4410), (91.1528, -1.6435, 0.0447), 1.4441),
    ((90.9257, -0.5406, -0.9208), (88.6381, -0.8985, -0.7239), 1.5381),
    ((6.7747, -0.2908, -2.4247), (5.8714, -0.0985, -2.2286), 0.6377),
    ((2.0776, 0.0795, -1.1350), (0.9033, -0.0636, -0.5514), 0.9082),
]


@pytest.mark.parametrize(("lab1", "lab2", "expected"), SHARMA_PAIRS)
def test_delta_e_2000_matches_sharma_table(lab1, lab2, expected):
    assert round(delta_e_2000(lab1, lab2), 4) == pytest.approx(expected, abs=1e-9)
    # The formula is symmetric in its arguments.
    assert delta_e_2000(lab2, lab1) == pytest.approx(delta_e_2000(lab1, lab2), abs=1e-9)


def test_delta_e_2000_identity_is_zero():
    assert delta_e_2000((53.2, 80.1, 67.2), (53.2, 80.1, 67.2)) == 0.0


@pytest.mark.parametrize(
    ("hex_", "expected"),
    [
        ("#FFFFFF", (100.0, 0.0, 0.0)),
        ("#000000", (0.0, 0.0, 0.0)),
        # Reference values from the standard sRGB/D65 conversion (e.g. Lindbloom, colormine).
        ("#FF0000", (53.2408, 80.0925, 67.2032)),
        ("#00FF00", (87.7347, -86.1827, 83.1793)),
        ("#0000FF", (32.2970, 79.1875, -107.8602)),
        ("#808080", (53.5850, 0.0, 0.0)),  # exercises the gamma decoding of a mid tone
    ],
)
def test_hex_to_lab(hex_, expected):
    assert hex_to_lab(hex_) == pytest.approx(expected, abs=2e-3)


def test_hex_to_lab_accepts_short_and_lowercase():
    assert hex_to_lab("#f00") == hex_to_lab("#FF0000")


FAMILY_TABLE = {
    "orange": "#FF4F00 #FF5F15 #FF6600 #F26522 #E57200 #FF7F00 #DD7500 #F47920",
    "red": "#FF0000 #ED1C24 #AF1E2D #C8102E #CC0000 #E31B23",
    "yellow": "#FFCD00 #FFFF00 #FFD700",
    "green": "#00FF00 #006B54 #008000 #00A651 #009A44",
    "blue": "#0000FF #003F87 #0072CE",
    "white": "#FFFFFF #FAFAFA #F5F5F5",
    "black": "#000000 #231F20 #1A1A1A",
}
FAMILY_CASES = [(h, fam) for fam, hexes in FAMILY_TABLE.items() for h in hexes.split()]


@pytest.mark.parametrize(("hex_", "family"), FAMILY_CASES)
def test_classify_family_table(hex_, family):
    match = classify(hex_)
    assert match.family == family, match
    assert match.hex == hex_
    assert match.reference in {ref for ref, _ in REFERENCES[family]}
    assert match.distance == pytest.approx(delta_e_2000(hex_to_lab(hex_), hex_to_lab(match.reference)))


# RULES.md, "Color families": the colors that must not classify as a family.
NOT_TABLE = [
    ("#FFB300 #FFB81C #8B4513 #6B4226", "orange"),
    ("#8B4513 #FF69B4", "red"),
    ("#CCCCCC #999999 #808080", "white green black"),
    ("#666666", "green red black"),
    ("#87CEEB", "white green"),
]
NOT_CASES = [(h, fam) for hexes, fams in NOT_TABLE for h in hexes.split() for fam in fams.split()]


@pytest.mark.parametrize(("hex_", "family"), NOT_CASES)
def test_classify_must_not_table(hex_, family):
    match = classify(hex_)
    assert match.family != family, match
    if match.family == OTHER:  # named with its hex and the nearest family
        assert match.nearest in PALETTE and match.hex == hex_
        assert match.label == f"other ({hex_}, nearest {match.nearest})"
        assert match.distance > MAX_DISTANCE[match.nearest]


def test_every_family_has_a_maximum_between_its_two_tables():
    """Each family's largest distance lies between its farthest must-classify color and
    its nearest must-not color (both measured here from the references)."""
    assert set(MAX_DISTANCE) == set(PALETTE)
    for family, hexes in FAMILY_TABLE.items():
        def to_family(h: str) -> float:
            return min(delta_e_2000(hex_to_lab(h), hex_to_lab(r)) for r, _ in REFERENCES[family])

        farthest = max(to_family(h) for h in hexes.split())
        banned = [to_family(h) for h, f in NOT_CASES if f == family]
        assert farthest <= MAX_DISTANCE[family] < min(banned, default=float("inf")), family


def test_amber_is_a_yellow_and_brown_is_other_named_by_its_nearest_family():
    amber = classify("#FFB300")  # 9 from Pantone 116 C, 20 from the nearest orange
    assert amber.family == "yellow" and amber.runner_up == "orange"
    assert amber.runner_up_distance > MAX_DISTANCE["orange"]
    brown = classify("#8B4513")
    assert brown.family == OTHER and brown.nearest == "red"
    assert brown.label == "other (#8B4513, nearest red)"
    assert brown.runner_up == "orange" and brown.runner_up_distance > brown.distance


@pytest.mark.parametrize(("family", "hex_"), sorted(PALETTE.items()))
def test_palette_colors_classify_as_their_own_family(family, hex_):
    assert hex_ == hex_.upper() and len(hex_) == 7 and hex_.startswith("#")
    match = classify(hex_)
    assert match.family == family
    assert match.reference == hex_
    assert match.distance == pytest.approx(0.0, abs=1e-6)


def test_palette_and_references_cover_the_same_families():
    assert set(PALETTE) == set(REFERENCES)
    for family, refs in REFERENCES.items():
        assert refs and all(name for _, name in refs), family


def test_classify_result_shape_and_normalisation():
    match = classify("  #e57200 ")
    assert match == ColorMatch("orange", "#E57200", "FHWA orange / Pantone 152 C", 0.0,
                               "#E57200", "orange", "red", match.runner_up_distance)
    assert match.runner_up_distance == pytest.approx(
        delta_e_2000(hex_to_lab("#E57200"), hex_to_lab("#FF0000")))
    assert match.label == "orange"
    assert classify("#f00").hex == "#FF0000"
    with pytest.raises(dataclasses.FrozenInstanceError):
        match.family = "red"  # type: ignore[misc]


def test_css_orange_keyword_is_an_amber_not_international_orange():
    """CSS `orange` (#FFA500) is 5 dE2000 from the amber #FFB300 that must not pass as
    orange; it is not taken for orange, nor silently for yellow."""
    match = classify(parse_color("orange"))
    assert match.family == OTHER and match.nearest in ("orange", "yellow")
    assert classify(parse_color("orangered")).family == "orange"


@pytest.mark.parametrize("bad", ["FF0000", "#GG0000", "#FF00", "#FF00000", "", "red", "#", None, 123])
def test_bad_hex_raises_one_line_wsmark_error(bad):
    with pytest.raises(WsmarkError) as info:
        classify(bad)  # type: ignore[arg-type]
    message = str(info.value)
    assert repr(bad) in message
    assert "\n" not in message
    with pytest.raises(WsmarkError):
        hex_to_lab(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("#abc", "#AABBCC"),
        ("#AbC", "#AABBCC"),
        ("#ff4f00", "#FF4F00"),
        ("  #00843d  ", "#00843D"),
        ("rgb(255, 79, 0)", "#FF4F00"),
        ("rgb(255,79,0)", "#FF4F00"),
        ("RGB( 0 , 51 , 160 )", "#0033A0"),
        ("rgb(100%, 50%, 0%)", "#FF8000"),
        ("rgb(0%,20%,62.745%)", "#0033A0"),
        ("rgb(300, -5, 12)", "#FF000C"),  # CSS clamps out-of-range channels
        ("red", "#FF0000"),
        ("Orange", "#FFA500"),
        ("WHITE", "#FFFFFF"),
        ("aliceblue", "#F0F8FF"),
        ("rebeccapurple", "#663399"),
        ("grey", "#808080"),
        ("darkslategray", "#2F4F4F"),
        ("none", None),
        ("None", None),
        ("transparent", None),
        ("currentColor", None),
        ("url(#gradient)", None),
        ("rgb(1, 2)", None),
        ("rgb(50%, 2, 3)", None),
        ("#12345", None),
        ("notacolor", None),
        ("", None),
        (None, None),
    ],
)
def test_parse_color(text, expected):
    assert parse_color(text) == expected


def test_css_named_color_table_is_complete():
    assert len(CSS_NAMED_COLORS) == 148
    assert all(v.startswith("#") and len(v) == 7 and v == v.upper() for v in CSS_NAMED_COLORS.values())
    # Spot checks against the CSS Color 4 specification.
    assert CSS_NAMED_COLORS["cornflowerblue"] == "#6495ED"
    assert CSS_NAMED_COLORS["lightgoldenrodyellow"] == "#FAFAD2"
    assert CSS_NAMED_COLORS["yellowgreen"] == "#9ACD32"


# --- the misreads of issue 10, on a danger sign drawn here by hand (mm, evenodd) ----------

def _hand_danger(orange: str, ground: str) -> str:
    """A 24 in danger sign in millimetres: white panel, an evenodd diamond ring 2/3 H wide
    with 35 deg sides and a 2 in outline, written without wsmark's builders."""
    mm = 25.4
    a = 8 * mm
    ai = a - 2 * mm / math.cos(math.radians(35))

    def ring(half: float) -> str:
        b = half / math.tan(math.radians(35))
        c = 12 * mm
        return f"M{c:.3f} {c - b:.3f}L{c + half:.3f} {c:.3f}L{c:.3f} {c + b:.3f}L{c - half:.3f} {c:.3f}Z"

    side = 24 * mm
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{side:.1f}mm" height="{side:.1f}mm" '
            f'viewBox="0 0 {side:.1f} {side:.1f}"><rect width="{side:.1f}" height="{side:.1f}" '
            f'fill="{ground}"/><path fill-rule="evenodd" style="fill:{orange}" '
            f'd="{ring(a)} {ring(ai)}"/></svg>')


@pytest.mark.parametrize(("orange", "ground", "rule"), [
    ("#FFB300", "#FFFFFF", "reg-symbol-color"),  # amber
    ("#FFB81C", "#FFFFFF", "reg-symbol-color"),  # amber
    ("#8B4513", "#FFFFFF", "reg-symbol-color"),  # brown
    ("#FF4F00", "#CCCCCC", "reg-center-color"),  # grey
    ("#FF4F00", "#999999", "reg-center-color"),  # grey
])
def test_off_family_paint_is_a_finding_not_the_nearest_family(tmp_path, orange, ground, rule):
    from markers.check.pipeline import CheckOptions
    from wi import check_file

    path = tmp_path / "danger.svg"
    path.write_text(_hand_danger(orange, ground))
    report, _ = check_file(path, CheckOptions(display_height=24))
    assert report.kind == "danger"
    errors = [f for f in report.findings if f.severity == "error"]
    assert report.verdict == "fail" and [f.rule for f in errors] == [rule], report.findings
    assert errors[0].measured != errors[0].required


def test_hand_drawn_danger_in_the_right_colors_passes(tmp_path):
    from markers.check.pipeline import CheckOptions
    from wi import check_file

    path = tmp_path / "danger.svg"
    path.write_text(_hand_danger("#E57200", "#F5F5F5"))
    report, _ = check_file(path, CheckOptions(display_height=24))
    assert report.verdict == "pass", report.findings
