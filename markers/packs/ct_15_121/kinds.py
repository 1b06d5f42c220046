"""The catalogue of Connecticut's pack: every kind it builds, declared once.

§§ 15-121-A2 to -A4 define more (beacons, regulatory buoys, CT aids, cardinal buoys);
``PLANNED`` names those this pack does not build yet, and every list the house shows
(kinds, gallery, sheets, the web page) is derived from ``KINDS``. Each kind's ``needs``
are the requirement keys its builder, measurer and rules read: the pack is refused at
load when its law lacks one (markers.core.pack.Pack).
"""

from __future__ import annotations

from markers.core.pack import Kind, Look
from markers.packs.ct_15_121.citations import ref

__all__ = ["KINDS", "PLANNED"]

HERE = "markers.packs.ct_15_121.build:"

KINDS: dict[str, Kind] = {k.name: k for k in (
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

#: Kinds §§ 15-121-A2 and -A4 define that this pack does not build yet, and why.
PLANNED: dict[str, str] = {
    "beacon": "15-121-A2(c): a sign with an orange border band; needs a face measurer that "
              "sets a border band aside from the symbol",
    "regulatory-buoy": "15-121-A2(b): needs the symbol-buoy builder without NR 5.09's "
                       "display-area numbers",
}
