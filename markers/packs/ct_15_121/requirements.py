"""Connecticut's numbers, as data, each with the paragraph it comes from.

Only what §§ 15-121-A2 to -A4 say (and the house's drawing precision): the 3 in bands
of A2(b) and (c), the diver's flag of A3(b), the third of A4(b)(2). NR 5.09's slopes,
2/3 of H, 2 in outline, 12 in display area and 36 x 7 in buoys have no counterpart here:
the commissioner approves size on application (15-121-A2(a), 15-121-A4(a)), so the pack
sets none and its reports say "not required by" the section (``NOT_REQUIRED``).
"""

from __future__ import annotations

from markers.core.spec import Choice, Requirement
from markers.packs.ct_15_121.citations import ref

__all__ = ["REQ", "CHOICES", "NOT_REQUIRED"]


def _r(key: str, value: float, unit: str, clause: str, text: str) -> Requirement:
    return Requirement(key, value, unit, ref(clause), text)


REQ: dict[str, Requirement] = {r.key: r for r in (
    _r("diver_min_height", 13.0, "in", "15-121-A3(b)",
       "diver's flag: red background not less than 13 in in height"),
    _r("diver_min_length", 15.0, "in", "15-121-A3(b)",
       "diver's flag: red background not less than 15 in in width"),
    _r("diver_stripe", 3.0, "in", "15-121-A3(b)",
       "white diagonal stripe not less than 3 in in width"),
    _r("diver_mast_min", 20.0, "in", "15-121-A3(b)", "a stiff mast not less than 20 in long"),
    # "centered midway" sets no tolerance; a drawing is judged to wsmark's precision of a
    # band's placement, a share of what rides above the water (a warning, never an error).
    _r("mooring_band_centre_tolerance", 0.05, "ratio", "wsmark practice",
       "a mooring's blue band counts as centred midway when its middle is within 5 % of "
       "the height above the water from the midpoint"),
    _r("length_tolerance", 0.01, "in", "wsmark practice",
       "a measured length may fall short of its minimum by 0.01 in (drawing precision)"),
    _r("cardinal_top_fraction", 1 / 3, "ratio", "15-121-A4(b)(2)",
       "the top color approximately one-third of the portion showing above the water"),
    # "Approximately" (RULES.md): two bands, wsmark's reading of the word where it stands,
    # cited to that paragraph.
    _r("cardinal_top_tolerance", 0.03, "ratio", "15-121-A4(b)(2)",
       "'approximately one-third': a top within 0.03 of 1/3 of the height above water "
       "passes"),
    _r("cardinal_top_far", 0.10, "ratio", "15-121-A4(b)(2)",
       "'approximately one-third': a top more than 0.10 from 1/3 (under a quarter, over "
       "four tenths) is not a third: an error"),
    _r("border_band_min", 3.0, "in", "15-121-A2(c)",
       "a band of reflective international orange of at least 3 in forms the outside "
       "border of a beacon"),
    _r("reg_buoy_band_min", 3.0, "in", "15-121-A2(b)",
       "a regulatory buoy's two orange bands, at the top and near the bottom, each a "
       "minimum of 3 in in width"),
    _r("regulatory_words", 1, "count", "15-121-A2(e)",
       "numbers, letters and words shall be used on both regulatory buoys and beacons: "
       "at least one line of them"),
    # "centered" sets no tolerance: a symbol is judged centred across the white to
    # wsmark's precision (a warning, never an error); up and down the white also holds
    # the words of 15-121-A2(e), so the symbol's height on it is not judged.
    _r("symbol_centre_tolerance", 0.05, "ratio", "wsmark practice",
       "a symbol counts as centred on the white when its middle is within 5 % of the "
       "white's width of the white's middle, across"),
    _r("plan_channel_reach_ft", 1000.0, "ft", "wsmark practice",
       "a marker more than 1000 ft from every channel line of a plan marks none of them"),
    _r("area_buoy_color_share", 0.95, "ratio", "wsmark practice",
       "an anchorage or mooring area buoy is white (or yellow) over at least 95 % of what "
       "shows above the water"),
)}

CHOICES: dict[str, Choice] = {c.key: c for c in (
    Choice("regulatory_symbols", ("danger", "exclusion", "control", "information"),
           ref("15-121-A2(d)"), "an open diamond (danger), a diamond with a cross "
           "(exclusion: vessels excluded), an open circle (control: operating restrictions) "
           "or a rectangle with lettering inside (directions or information)"),
    Choice("area_buoy_colors", ("white", "yellow"), ref("15-121-A3(a)"),
           "white; yellow to mark quarantine anchorage areas"),
)}

#: Numbers another pack judges that Connecticut's text does not set: what each is, and
#: the paragraph a report names when it says "not required by".
NOT_REQUIRED: dict[str, str] = {
    "display_min": "15-121-A2(a)", "outline_min": "15-121-A2(d)",
    "symbol_fraction": "15-121-A2(d)", "diamond_slope": "15-121-A2(d)",
    "buoy_min_height": "15-121-A2(b), -A4(b)", "buoy_min_diameter": "15-121-A2(b), -A4(b)",
    "mooring_height": "15-121-A3(a)", "aid_letter_min": "15-121-A4(b)(1)",
}
