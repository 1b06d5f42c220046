"""The numbers of the rule, as data, each with the paragraph it comes from.

Builders, the spec printer, the measurer and the rules read these values; nothing
else writes a regulatory number. ``practice`` entries are wsmark's recommendations
where the rule gives no number (reported as warnings, never as errors).
"""

from __future__ import annotations

from markers.core.spec import Choice, Requirement
from markers.packs.wi_nr509.citations import ref

__all__ = ["REQ", "CHOICES"]


def _r(key: str, value: float, unit: str, clause: str, text: str) -> Requirement:
    return Requirement(key, value, unit, ref(clause), text)


REQ: dict[str, Requirement] = {r.key: r for r in (
    _r("display_min", 12.0, "in", "NR 5.09(6)(a)", "display area at least one foot high"),
    _r("outline_min", 2.0, "in", "NR 5.09(6)(b)", "symbol outline at least 2 in thick"),
    _r("symbol_fraction", 2 / 3, "ratio", "NR 5.09(6)(c)",
       "diamond outside width, circle inner diameter, square mean width = 2/3 of H"),
    _r("diamond_slope", 35.0, "deg", "NR 5.09(6)(d)", "diamond sides slope 35 deg from vertical"),
    _r("aid_letter_min", 3.0, "in", "NR 5.09(2)(a)6",
       "aid letters and numerals at least 3 in high"),
    _r("block_stroke_min", 0.10, "ratio", "wsmark practice",
       "block characters: letter stroke at least 0.10 of the cap height"),
    _r("block_stroke_max", 0.30, "ratio", "wsmark practice",
       "block characters: letter stroke at most 0.30 of the cap height"),
    # RULES.md suggests 3 in for regulatory legends too, but an 8 in control circle
    # (H = 12 in) holds "SLOW NO WAKE" only at about 1.2 in: the practice scales the
    # minimum with the display height instead (H/16, between 1 and 3 in), which also
    # lets a short danger legend ("ROCKS") sit inside a 24 in sign's diamond (1.7 in).
    _r("legend_min_fraction", 1 / 16, "ratio", "wsmark practice",
       "regulatory legend cap height at least H/16 (between 1 and 3 in)"),
    _r("legend_min_cap_floor", 1.0, "in", "wsmark practice",
       "the legend minimum is never below 1 in"),
    _r("legend_min_cap_ceiling", 3.0, "in", "wsmark practice",
       "the legend minimum never exceeds the 3 in asked of aids"),
    _r("exclusion_quarter_min", 1.0, "in", "wsmark practice",
       "each white quarter of an exclusion diamond shows a white patch at least 1 in across "
       "(its largest inscribed circle), so the white center of NR 5.09(2)(b)2 is seen"),
    _r("aid_id_foreshortening", 0.30, "ratio", "wsmark practice",
       "seen from the front, no glyph of an aid buoy's id is foreshortened by more than "
       "30 % (so the letters of NR 5.09(2)(a)6 stay legible on the round surface)"),
    _r("buoy_min_height", 36.0, "in", "NR 5.09(6)(a)", "buoy at least 36 in above the waterline"),
    _r("buoy_min_diameter", 7.0, "in", "NR 5.09(6)(a)", "buoy at least 7 in in diameter"),
    _r("buoy_symbol_sides", 2.0, "count", "NR 5.09(6)(a)", "symbol shown on 2 sides of a buoy"),
    _r("sign_buoy_band_fraction", 1 / 5, "ratio", "NR 5.09(5)(c)",
       "each of the 5 bands about one-fifth of the buoy above the waterline"),
    _r("reflector_min", 2.0, "in", "NR 5.09(6)(f)", "reflective band at least 2 in all around"),
    _r("mooring_height", 18.0, "in", "NR 5.09(7)(a)", "mooring buoy extends 18 in above water"),
    _r("race_min_height", 4.0, "in", "NR 5.09(7)(b)", "race buoy at least 4 in above water"),
    _r("race_min_diameter", 8.75, "in", "NR 5.09(7)(b)", "race buoy diameter at least 8 3/4 in"),
    _r("race_max_diameter", 14.0, "in", "NR 5.09(7)(b)", "race buoy diameter at most 14 in"),
    _r("diver_min_height", 12.0, "in", "s. 30.70, Wis. Stats.", "diver flag at least 12 in high"),
    _r("diver_min_length", 15.0, "in", "s. 30.70, Wis. Stats.", "diver flag at least 15 in long"),
    _r("diver_stripe", 3.0, "in", "s. 30.70, Wis. Stats.", "one diagonal white stripe 3 in wide"),
    _r("distress_height", 18.0, "in", "s. 30.675, Wis. Stats.", "distress flag about 18 in"),
    _r("distress_length", 30.0, "in", "s. 30.675, Wis. Stats.", "distress flag about 30 in"),
    _r("sign_buoy_bands", 5.0, "count", "NR 5.09(5)(c)",
       "3 bands of international orange alternating with 2 of white"),
    # The numbers below are wsmark's readings of words the rule leaves open.
    _r("buoy_band_min", 3.0, "in", "wsmark practice",
       "an orange band of a symbol buoy at least 3 in high, so it reads as a band"),
    _r("band_edge_tolerance", 0.25, "in", "wsmark practice",
       "a band 'on the top' or 'above the waterline' starts within 1/4 in of that edge"),
    _r("reflector_zone", 0.10, "ratio", "wsmark practice",
       "'the uppermost part': the reflector's top within 10 % of the height of the top"),
    _r("mooring_tolerance", 1.0, "in", "wsmark practice",
       "a mooring buoy's 18 in above water, give or take 1 in of freeboard"),
    _r("diver_stripe_tolerance", 1 / 16, "in", "wsmark practice",
       "the diver flag's 3 in stripe, within 1/16 in"),
    # "Approximately" (RULES.md): within the first band a pass, beyond it a warning up to
    # the second band, an error beyond that. The law gives no number; these are wsmark's
    # readings of the word where it stands, cited to that paragraph. Only two numbers of the
    # law are "approximately": the mooring buoy's 18 in "shall extend" and the race buoy's
    # 4 in is "a minimum", so they get no band.
    _r("sign_buoy_band_tolerance", 0.03, "ratio", "NR 5.09(5)(c)",
       "'approximately one-fifth': each band within 0.03 of 1/5 of the area above water "
       "passes (the eye does not tell 17 % from 20 %)"),
    _r("sign_buoy_band_far", 0.10, "ratio", "NR 5.09(5)(c)",
       "'approximately one-fifth': a band more than 0.10 from 1/5 (under a tenth or over "
       "three tenths of the area above water, half a fifth off) is not a fifth: an error"),
    _r("distress_tolerance", 0.10, "ratio", "s. 30.675, Wis. Stats.",
       "'approximately 18 by 30 inches': each side within 10 % passes"),
    _r("distress_far", 0.25, "ratio", "s. 30.675, Wis. Stats.",
       "'approximately 18 by 30 inches': a side more than 25 % off (the flag's area off by "
       "nearly half, or a square) is not this flag: an error"),
    # NR 5.09(7)(b) names the colors "in order that race course, water ski and slalom
    # buoys are not mistaken for aids to navigation or regulatory markers": a buoy of one
    # of them, not a sign. A lime ball with a black pictogram is a sign on a ball.
    _r("race_color_share", 0.90, "ratio", "NR 5.09(7)(b)",
       "a race course buoy is one of its colors over at least 90 % of what is seen above "
       "the waterline: no lettering or pictogram beyond a maker's small mark"),
    # Default tolerances of the measuring rules: drawing precision, not leniency.
    _r("length_tolerance", 0.01, "in", "wsmark practice",
       "a measured length may fall short of its minimum by 0.01 in (drawing precision)"),
    _r("slope_tolerance", 0.5, "deg", "wsmark practice",
       "a diamond side may depart from 35 deg by 0.5 deg"),
    _r("roundness_tolerance", 0.01, "ratio", "wsmark practice",
       "a circle's radii may spread by 1 % of its diameter"),
    _r("centering_tolerance", 0.02, "ratio", "wsmark practice",
       "the symbol centre may sit 2 % of H from the display area's centre"),
    _r("symbol_size_tolerance", 0.01, "ratio", "wsmark practice",
       "the (6)(c) size may depart from 2/3 H by 1 % of H, and never less than 1/16 in"),
    _r("symbol_size_tolerance_floor", 1 / 16, "in", "wsmark practice",
       "the (6)(c) size tolerance is never below 1/16 in"),
    # The department's identification number on an approved marker, NR 5.09(3)(b)
    # ("shall be labelled with a department assigned identification number"): the rule
    # asks for the label and says nothing of its size or place, so both are wsmark's
    # practice. It is read up close (a warden alongside, a clerk at the shop), not from
    # a boat underway, so it is smaller than the message: 1 in block capitals, the
    # floor of the legible legend (legend_min_cap_floor), black on the white ground
    # outside the display area so that it is never taken for the marker's words.
    _r("permit_label_cap_min", 1.0, "in", "wsmark practice",
       "the permit label's black block letters at least 1 in high (cap height)"),
    _r("permit_label_clearance", 0.5, "in", "wsmark practice",
       "the permit label keeps 1/2 in of white from the display area, the symbol, the "
       "words and the panel's edges"),
    _r("permit_id_max_chars", 24.0, "count", "wsmark practice",
       "a department identification number of at most 24 characters: letters, digits, "
       "'-' and '/'"),
    # Proofs as vendors send them (markers/check/split.py).
    _r("sign_side_margin", 1 / 12, "ratio", "NR 5.09(5)(d)",
       "white background beside the symbol on each side, 1/12 of H (wsmark layout); a "
       "round symbol as tall as H gets as much white above and below, outside the "
       "display area"),
    _r("actual_size_min", 3.0, "in", "wsmark practice",
       "no marker is drawn smaller than 3 in at its largest (a quarter of the 12 in display "
       "area) at actual size"),
    _r("proof_dimension_tolerance", 1 / 16, "in", "fabrication",
       "a dimension written on a proof agrees with the length drawn within 1/16 in"),
    # Placement plans (markers/plan): distances in feet, on the ground.
    _r("plan_temporary_days", 14.0, "days", "NR 5.09(7)(d)",
       "a temporary placement exempt from (3)(b) does not exceed 14 days"),
    _r("plan_slow_no_wake_ft", 100.0, "ft", "s. 30.66(3)(a), Wis. Stats.",
       "slow-no-wake within 100 ft of any dock, raft, pier or buoyed restricted area"),
    _r("plan_lighting_ft", 200.0, "ft", "s. 30.61(6)(a), Wis. Stats.",
       "boats moored beyond 200 ft from the shoreline are lighted from sunset to sunrise"),
    _r("plan_mooring_permit_ft", 150.0, "ft", "s. 30.772(2)(e), Wis. Stats.",
       "a mooring anchor more than 150 ft from the shore needs a permit"),
    _r("plan_pair_tolerance_ft", 100.0, "ft", "wsmark practice",
       "a red and a green aid are a pair when their places along the channel differ by "
       "at most 100 ft"),
    _r("plan_center_offset_ft", 50.0, "ft", "wsmark practice",
       "a center aid stands within 50 ft of the channel line"),
    _r("plan_channel_reach_ft", 1000.0, "ft", "wsmark practice",
       "an aid more than 1000 ft from every channel line marks none of them"),
    _r("plan_coordinate_decimals", 5.0, "count", "wsmark practice",
       "an 'exact location' gives latitude and longitude to at least 5 decimals (about 3.6 ft)"),
)}


def _c(key: str, values: tuple[str, ...], clause: str, text: str) -> Choice:
    return Choice(key, values, ref(clause), text)


CHOICES: dict[str, Choice] = {c.key: c for c in (
    _c("race_colors", ("yellow", "green", "red", "orange"), "NR 5.09(7)(b)",
       "yellow, green, fluorescent red or fluorescent orange (color families)"),
    _c("race_shapes", ("sphere", "cylinder"), "NR 5.09(7)(b)", "spherical or cylindrical"),
    _c("race_materials", ("foam", "plastic", "rubber"), "NR 5.09(7)(b)",
       "foam, plastic or rubber designed to be used as a water marker"),
    _c("mooring_shapes", ("sphere", "ovate"), "NR 5.09(7)(a)", "should be spherical or ovate"),
)}
