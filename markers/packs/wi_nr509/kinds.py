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

KINDS: dict[str, Kind] = {k.name: k for k in (
    Kind("danger", "Danger: open orange diamond", ref("NR 5.09(2)(b)1"),
         SIGNS + "build_diamond", "face", "diamond", uses_legend=True, legends=("ROCKS",),
         look=Look("diamond", words="may"), explained=True),
    Kind("exclusion", "Exclusion zone: orange diamond with a cross", ref("NR 5.09(2)(b)2"),
         SIGNS + "build_diamond", "face", "diamond-cross", uses_legend=True,
         look=Look("diamond", cross=True, words="never")),
    Kind("control", "Control or restriction: orange circle", ref("NR 5.09(2)(b)3"),
         SIGNS + "build_circle", "face", "circle", uses_legend=True,
         sample={"legend": "SLOW NO WAKE"}, legends=("SLOW NO WAKE", "5 MPH"),
         look=Look("circle", words="must"), explained=True),
    Kind("information", "Information: orange rectangle", ref("NR 5.09(2)(b)4"),
         SIGNS + "build_rectangle", "face", "rectangle", uses_legend=True,
         sample={"legend": "MARINA"}, legends=("MARINA",), look=Look("rectangle", words="must")),
    Kind("aid-red", "State aid, red: triangle, even WS number", ref("NR 5.09(2)(a)1"),
         AIDS + "build_aid", "aid", "red-aid", sample_id="WS-2",
         look=Look("triangle", "triangle", "red")),
    Kind("aid-green", "State aid, green: square, odd WS number", ref("NR 5.09(2)(a)2"),
         AIDS + "build_aid", "aid", "green-aid", sample_id="WS-1",
         look=Look("square", "square", "green")),
    Kind("aid-center", "State aid, center: black and white vertical stripes, WS letters",
         ref("NR 5.09(2)(a)4"), AIDS + "build_aid", "aid", "striped-aid", sample_id="WS-A",
         look=Look("stripes", STRIPED, "white", stripes=True)),
    Kind("buoy-symbol", "Symbol buoy: white, orange bands at top and waterline, a symbol "
         "on 2 sides", ref("NR 5.09(5)(b)"), BUOYS + "build_symbol_buoy", "buoy",
         "symbol-buoy", uses_legend=True, sample={"symbol": "danger", "legend": "ROCKS"},
         surface=SURFACE + "symbol_buoy_surface", look=Look(print="buoy-wrap")),
    Kind("buoy-sign", "Sign buoy: 3 orange and 2 white bands, a sign above it",
         ref("NR 5.09(5)(c)"), BUOYS + "build_sign_buoy", "buoy", "sign-buoy",
         uses_legend=True, sample={"symbol": "control", "legend": "5 MPH"},
         surface=SURFACE + "sign_buoy_surface"),
    Kind("buoy-wrap", "Cylinder wrap: a symbol buoy's surface unrolled, the symbol twice",
         ref("NR 5.09(6)(d)"), "markers.build.wrap:build_wrap", "wrap", "wrap",
         uses_legend=True, sample={"symbol": "danger", "legend": "ROCKS", "curvature": "seen"}),
    Kind("buoy-aid-red", "State aid buoy, red nun: even WS number, red reflector",
         ref("NR 5.09(2)(a)1"), BUOYS + "build_aid_buoy", "buoy", "red-aid-buoy",
         reported_as="aid-red", sample_id="WS-2", display_area=False, surface=AID_BUOY,
         look=Look("nun", color="red")),
    Kind("buoy-aid-green", "State aid buoy, green can: odd WS number, green reflector",
         ref("NR 5.09(2)(a)2"), BUOYS + "build_aid_buoy", "buoy", "green-aid-buoy",
         reported_as="aid-green", sample_id="WS-1", display_area=False, surface=AID_BUOY,
         look=Look("can", color="green")),
    Kind("buoy-aid-center", "State aid buoy, center: black and white vertical stripes, "
         "WS letters", ref("NR 5.09(2)(a)4"), BUOYS + "build_aid_buoy", "buoy",
         "striped-aid-buoy", reported_as="aid-center", sample_id="WS-A", display_area=False,
         surface=AID_BUOY, look=Look("can", color="white", stripes=True)),
    Kind("buoy-mooring", "Mooring buoy: white, blue band, 18 in above water, sphere or ovate",
         ref("NR 5.09(7)(a)"), BUOYS + "build_mooring_buoy", "buoy", "mooring-buoy",
         display_area=False, surface=SURFACE + "mooring_surface", look=Look(color="white"),
         choices={"shape": "mooring_shapes"}),
    Kind("buoy-race", "Race course, ski or slalom buoy: yellow, green, fluorescent red or "
         "orange", ref("NR 5.09(7)(b)"), BUOYS + "build_race_buoy", "buoy", "race-buoy",
         display_area=False, surface=SURFACE + "race_surface",
         choices={"shape": "race_shapes", "color": "race_colors",
                  "material": "race_materials"}),
    Kind("diver-flag", "Diver's flag: red, one diagonal white stripe 3 in wide",
         ref("s. 30.70, Wis. Stats."), FLAGS + "build_diver_flag", "flag", "striped-flag",
         display_area=False),
    Kind("distress-flag", "Distress flag: orange, about 18 by 30 in",
         ref("s. 30.675, Wis. Stats."), FLAGS + "build_distress_flag", "flag", "plain-flag",
         display_area=False),
)}


def kinds_of(*families: str) -> tuple[str, ...]:
    """Names of the kinds of ``families``, in declaration order (for the rules)."""
    return tuple(k.name for k in KINDS.values() if k.family in families)
