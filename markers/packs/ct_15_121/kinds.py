"""The catalogue of Connecticut's pack: every kind §§ 15-121-A2 to -A4 define, declared
once: the regulatory beacons of A2(c) (one per symbol of A2(d)) and the regulatory
buoy of A2(b), the moorings and the diver's flag of A3, the red and green and the
cardinal buoys of A4(b). ``PLANNED`` names what the text defines that this pack does
not build (none now), and every list the house shows (kinds, gallery, sheets, the web
page) is derived from ``KINDS``. Each kind's ``needs``
are the requirement keys its builder, measurer and rules read: the pack is refused at
load when its law lacks one (markers.core.pack.Pack).
"""

from __future__ import annotations

from markers.core.pack import Kind, Look
from markers.packs.ct_15_121.citations import ref

__all__ = ["KINDS", "PLANNED"]

HERE = "markers.packs.ct_15_121.build:"
REG = "markers.packs.ct_15_121.regulatory:"
#: What a beacon's builder and rules read beside its family's needs.
BEACON_NEEDS = ("border_band_min", "regulatory_words", "symbol_centre_tolerance")


def _beacon(symbol: str, title: str, shape: str, legend: str, look: Look) -> Kind:
    """The beacon of 15-121-A2(c) carrying ``symbol`` (one of 15-121-A2(d))."""
    return Kind(f"beacon-{symbol}", f"Regulatory beacon, {symbol}: {title}, on white within "
                "an orange border band at least 3 in wide", ref("15-121-A2(c)"),
                REG + "build_beacon", "face", "bordered-" + shape, uses_legend=True,
                display_area=False, sample={"legend": legend}, look=look,
                needs=BEACON_NEEDS, topics=("regulatory_symbols",))


KINDS: dict[str, Kind] = {k.name: k for k in (
    _beacon("danger", "an open orange diamond", "diamond", "ROCKS", Look("diamond")),
    _beacon("exclusion", "an orange diamond with a cross, vessels excluded",
            "diamond-cross", "KEEP OUT", Look("diamond", cross=True)),
    _beacon("control", "an open orange circle, operating restrictions", "circle",
            "SLOW NO WAKE", Look("circle")),
    _beacon("information", "an orange rectangle with lettering inside", "rectangle",
            "MARINA", Look("rectangle")),
    Kind("regulatory-buoy", "Regulatory buoy: a white cylinder, orange bands at least 3 in "
         "wide at the top and near the bottom, a symbol of 15-121-A2(d) between",
         ref("15-121-A2(b)"), REG + "build_regulatory_buoy", "buoy", "symbol-buoy",
         uses_legend=True, display_area=False, sample={"symbol": "danger", "legend": "ROCKS"},
         surface=REG + "regulatory_surface", look=Look(color="white"),
         choices={"symbol": "regulatory_symbols"},
         needs=("reg_buoy_band_min", "regulatory_words", "symbol_centre_tolerance",
                "length_tolerance"),
         topics=("regulatory_symbols", "symbol_buoy")),
    Kind("mooring-buoy", "Individual mooring: white, a blue band centred midway between the "
         "top and the waterline", ref("15-121-A3(a)"), HERE + "build_mooring", "buoy",
         "mooring-buoy", display_area=False, look=Look(color="white"),
         needs=("mooring_band_centre_tolerance",)),
    Kind("mooring-area-buoy", "Anchorage or mooring area buoy: white (yellow: quarantine "
         "anchorage)", ref("15-121-A3(a)"), HERE + "build_mooring_area", "buoy",
         "plain-buoy", display_area=False, look=Look(color="white"),
         choices={"color": "area_buoy_colors"}, needs=("area_buoy_color_share",)),
    Kind("aid-red", "Navigational buoy, well-defined channel: solid red, white CT and an "
         "even number", ref("15-121-A4(b)(1)"), HERE + "build_ct_aid", "buoy",
         "red-aid-buoy", sample_id="CT-2", display_area=False, look=Look("can", color="red")),
    Kind("aid-green", "Navigational buoy, well-defined channel: solid green, white CT and "
         "an odd number", ref("15-121-A4(b)(1)"), HERE + "build_ct_aid", "buoy",
         "green-aid-buoy", sample_id="CT-1", display_area=False,
         look=Look("can", color="green")),
    Kind("cardinal-red-top", "Cardinal buoy: white, red top about one third of what "
         "shows above water; pass south or west of it", ref("15-121-A4(b)(2)"),
         HERE + "build_cardinal", "buoy", "red-top-buoy", display_area=False,
         look=Look(color="red"), needs=("cardinal_top_fraction", "cardinal_top_tolerance",
                                        "cardinal_top_far")),
    Kind("cardinal-green-top", "Cardinal buoy: white, green top about one third of what "
         "shows above water; pass north or east of it", ref("15-121-A4(b)(2)"),
         HERE + "build_cardinal", "buoy", "green-top-buoy", display_area=False,
         look=Look(color="green"), needs=("cardinal_top_fraction", "cardinal_top_tolerance",
                                          "cardinal_top_far")),
    Kind("diver-flag", "Diver's flag: red, at least 13 x 15 in, a white diagonal stripe at "
         "least 3 in wide from the staff's top corner, on a 20 in mast", ref("15-121-A3(b)"),
         HERE + "build_ct_diver_flag", "flag", "striped-flag", display_area=False,
         needs=("diver_min_height", "diver_min_length", "diver_stripe", "diver_mast_min",
                "length_tolerance")),
)}

#: Kinds §§ 15-121-A2 to -A4 define that this pack does not build, and why: none.
PLANNED: dict[str, str] = {}
