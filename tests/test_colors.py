"""Tests for markers.core.colors: Lab conversion, CIEDE2000, classification and CSS parsing."""

from __future__ import annotations

import dataclasses

import pytest

from markers.core.colors import (
    CSS_NAMED_COLORS,
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


@pytest.mark.parametrize(("family", "hex_"), sorted(PALETTE.items()))
def test_palette_colours_classify_as_their_own_family(family, hex_):
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
    assert match == ColorMatch("orange", "#E57200", "FHWA orange / Pantone 152 C", 0.0, "#E57200")
    assert classify("#f00").hex == "#FF0000"
    with pytest.raises(dataclasses.FrozenInstanceError):
        match.family = "red"  # type: ignore[misc]


def test_css_orange_keyword_is_orange_not_yellow():
    assert classify(parse_color("orange")).family == "orange"


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
        ("notacolour", None),
        ("", None),
        (None, None),
    ],
)
def test_parse_color(text, expected):
    assert parse_color(text) == expected


def test_css_named_colour_table_is_complete():
    assert len(CSS_NAMED_COLORS) == 148
    assert all(v.startswith("#") and len(v) == 7 and v == v.upper() for v in CSS_NAMED_COLORS.values())
    # Spot checks against the CSS Color 4 specification.
    assert CSS_NAMED_COLORS["cornflowerblue"] == "#6495ED"
    assert CSS_NAMED_COLORS["lightgoldenrodyellow"] == "#FAFAD2"
    assert CSS_NAMED_COLORS["yellowgreen"] == "#9ACD32"
