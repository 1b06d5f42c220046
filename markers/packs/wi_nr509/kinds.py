"""The catalogue: every kind of marker NR 5.09 and ch. 30 define, declared once.

Each kind names its family (how it is drawn and measured), the shape the measurer
detects it by, what reports call it, its builder and its typical designs. Every other
list of kinds (rules, gallery, sheets, tests) is derived from this table, so adding a
kind touches this pack and nothing else. Builders and buoy surfaces are named as
"module:function" and imported on first use, so that listing kinds or checking a
drawing loads no builder (nor its fonts).
"""

from __future__ import annotations

from markers.core.pack import Kind, Look
from markers.packs.wi_nr509.citations import ref

__all__ = ["KINDS", "kinds_of"]

SIGNS, AIDS, BUOYS, FLAGS = (f"markers.build.{m}:" for m in ("signs", "aids", "buoys", "flags"))
SURFACE = "markers.build.buoy_surface:"
AID_BUOY = SURFACE + "aid_buoy_surface"
STRIPED = "rectangle with vertical black and white stripes"

# What each kind's builder, measurer and rules read of NR 5.09's numbers (``Kind.needs``)
# and paragraphs by topic (``Kind.topics``), beside its family's (FAMILY_NEEDS): the
# pack is refused at load when its law lacks one, and tests/packs/test_every_pack.py
# notes what each kind reads. ``EVERY`` is read of every drawing (its scale and size:
# NR 5.09(6)(a)'s display area and (b)'s outline as the page's evidence of scale); a
# sign's face is read wherever one is carried.
EVERY = ("actual_size_min", "display_min", "outline_min", "proof_dimension_tolerance")
SIGN = (*EVERY, "block_stroke_max", "block_stroke_min", "centering_tolerance",
        "legend_min_cap_ceiling", "legend_min_cap_floor", "legend_min_fraction",
        "permit_id_max_chars", "sign_side_margin", "symbol_fraction", "symbol_size_tolerance",
        "symbol_size_tolerance_floor")
DIAMOND = (*SIGN, "diamond_slope", "slope_tolerance")
#: Every face a buoy or wrap may carry: any symbol.
ANY_FACE = (*DIAMOND, "exclusion_quarter_min", "roundness_tolerance")
SIGN_TOPICS = ("regulatory_letters", "sign_ground")
AID = (*EVERY, "aid_letter_min", "block_stroke_max", "block_stroke_min", "buoy_min_diameter",
       "buoy_min_height")
AID_TOPICS = ("aid_id", "aid_shape")
AID_BUOY_NEEDS = (*AID, "aid_id_foreshortening", "length_tolerance", "reflector_min",
                  "reflector_zone")
AID_BUOY_TOPICS = (*AID_TOPICS, "aid_letters", "buoy_sides", "curvature")
SYMBOL_BUOY = (*ANY_FACE, "band_edge_tolerance", "buoy_band_min", "buoy_min_diameter",
               "buoy_min_height", "buoy_symbol_sides", "length_tolerance")
SYMBOL_BUOY_TOPICS = (*SIGN_TOPICS, "buoy_sides", "curvature", "symbol_buoy")

KINDS: dict[str, Kind] = {k.name: k for k in (
    Kind("danger", "Danger: open orange diamond", ref("NR 5.09(2)(b)1"),
         SIGNS + "build_diamond", "face", "diamond", uses_legend=True, legends=("ROCKS",),
         look=Look("diamond", words="may"), explained=True, needs=DIAMOND, topics=SIGN_TOPICS),
    Kind("exclusion", "Exclusion zone: orange diamond with a cross", ref("NR 5.09(2)(b)2"),
         SIGNS + "build_diamond", "face", "diamond-cross", uses_legend=True,
         look=Look("diamond", cross=True, words="never"),
         needs=(*DIAMOND, "exclusion_quarter_min"), topics=SIGN_TOPICS),
    Kind("control", "Control or restriction: orange circle", ref("NR 5.09(2)(b)3"),
         SIGNS + "build_circle", "face", "circle", uses_legend=True,
         sample={"legend": "SLOW NO WAKE"}, legends=("SLOW NO WAKE", "5 MPH"),
         look=Look("circle", words="must"), explained=True,
         needs=(*SIGN, "roundness_tolerance"), topics=SIGN_TOPICS),
    Kind("information", "Information: orange rectangle", ref("NR 5.09(2)(b)4"),
         SIGNS + "build_rectangle", "face", "rectangle", uses_legend=True,
         sample={"legend": "MARINA"}, legends=("MARINA",), look=Look("rectangle", words="must"),
         needs=SIGN, topics=SIGN_TOPICS),
    Kind("aid-red", "State aid, red: triangle, even WS number", ref("NR 5.09(2)(a)1"),
         AIDS + "build_aid", "aid", "red-aid", sample_id="WS-2",
         look=Look("triangle", "triangle", "red"), needs=AID, topics=AID_TOPICS),
    Kind("aid-green", "State aid, green: square, odd WS number", ref("NR 5.09(2)(a)2"),
         AIDS + "build_aid", "aid", "green-aid", sample_id="WS-1",
         look=Look("square", "square", "green"), needs=AID, topics=AID_TOPICS),
    Kind("aid-center", "State aid, center: black and white vertical stripes, WS letters",
         ref("NR 5.09(2)(a)4"), AIDS + "build_aid", "aid", "striped-aid", sample_id="WS-A",
         look=Look("stripes", STRIPED, "white", stripes=True), needs=AID, topics=AID_TOPICS),
    Kind("buoy-symbol", "Symbol buoy: white, orange bands at top and waterline, a symbol "
         "on 2 sides", ref("NR 5.09(5)(b)"), BUOYS + "build_symbol_buoy", "buoy",
         "symbol-buoy", uses_legend=True, sample={"symbol": "danger", "legend": "ROCKS"},
         surface=SURFACE + "symbol_buoy_surface", look=Look(print="buoy-wrap"),
         needs=SYMBOL_BUOY, topics=SYMBOL_BUOY_TOPICS),
    Kind("buoy-sign", "Sign buoy: 3 orange and 2 white bands, a sign above it",
         ref("NR 5.09(5)(c)"), BUOYS + "build_sign_buoy", "buoy", "sign-buoy",
         uses_legend=True, sample={"symbol": "control", "legend": "5 MPH"},
         surface=SURFACE + "sign_buoy_surface",
         needs=(*ANY_FACE, "buoy_min_diameter", "buoy_min_height", "length_tolerance",
                "sign_buoy_band_far", "sign_buoy_band_fraction", "sign_buoy_band_tolerance",
                "sign_buoy_bands"), topics=(*SIGN_TOPICS, "sign_buoy", "sign_on_buoy")),
    Kind("buoy-wrap", "Cylinder wrap: a symbol buoy's surface unrolled, the symbol twice",
         ref("NR 5.09(6)(d)"), "markers.build.wrap:build_wrap", "wrap", "wrap",
         uses_legend=True, sample={"symbol": "danger", "legend": "ROCKS", "curvature": "seen"},
         needs=SYMBOL_BUOY, topics=SYMBOL_BUOY_TOPICS),
    Kind("buoy-aid-red", "State aid buoy, red nun: even WS number, red reflector",
         ref("NR 5.09(2)(a)1"), BUOYS + "build_aid_buoy", "buoy", "red-aid-buoy",
         reported_as="aid-red", sample_id="WS-2", display_area=False, surface=AID_BUOY,
         look=Look("nun", color="red"), needs=AID_BUOY_NEEDS, topics=AID_BUOY_TOPICS),
    Kind("buoy-aid-green", "State aid buoy, green can: odd WS number, green reflector",
         ref("NR 5.09(2)(a)2"), BUOYS + "build_aid_buoy", "buoy", "green-aid-buoy",
         reported_as="aid-green", sample_id="WS-1", display_area=False, surface=AID_BUOY,
         look=Look("can", color="green"), needs=AID_BUOY_NEEDS, topics=AID_BUOY_TOPICS),
    Kind("buoy-aid-center", "State aid buoy, center: black and white vertical stripes, "
         "WS letters", ref("NR 5.09(2)(a)4"), BUOYS + "build_aid_buoy", "buoy",
         "striped-aid-buoy", reported_as="aid-center", sample_id="WS-A", display_area=False,
         surface=AID_BUOY, look=Look("can", color="white", stripes=True),
         needs=AID_BUOY_NEEDS, topics=AID_BUOY_TOPICS),
    Kind("buoy-mooring", "Mooring buoy: white, blue band, 18 in above water, sphere or ovate",
         ref("NR 5.09(7)(a)"), BUOYS + "build_mooring_buoy", "buoy", "mooring-buoy",
         display_area=False, surface=SURFACE + "mooring_surface", look=Look(color="white"),
         choices={"shape": "mooring_shapes"},
         needs=(*EVERY, "band_edge_tolerance", "mooring_height", "mooring_tolerance")),
    Kind("buoy-race", "Race course, ski or slalom buoy: yellow, green, fluorescent red or "
         "orange", ref("NR 5.09(7)(b)"), BUOYS + "build_race_buoy", "buoy", "race-buoy",
         display_area=False, surface=SURFACE + "race_surface",
         choices={"shape": "race_shapes", "color": "race_colors",
                  "material": "race_materials"},
         needs=(*EVERY, "length_tolerance", "race_color_share", "race_max_diameter",
                "race_min_diameter", "race_min_height")),
    Kind("diver-flag", "Diver's flag: red, one diagonal white stripe 3 in wide",
         ref("s. 30.70, Wis. Stats."), FLAGS + "build_diver_flag", "flag", "striped-flag",
         display_area=False, needs=(*EVERY, "diver_min_height", "diver_min_length",
                                    "diver_stripe", "diver_stripe_tolerance",
                                    "length_tolerance")),
    Kind("distress-flag", "Distress flag: orange, about 18 by 30 in",
         ref("s. 30.675, Wis. Stats."), FLAGS + "build_distress_flag", "flag", "plain-flag",
         display_area=False, needs=(*EVERY, "distress_far", "distress_height",
                                    "distress_length", "distress_tolerance")),
)}


def kinds_of(*families: str) -> tuple[str, ...]:
    """Names of the kinds of ``families``, in declaration order (for the rules)."""
    return tuple(k.name for k in KINDS.values() if k.family in families)
