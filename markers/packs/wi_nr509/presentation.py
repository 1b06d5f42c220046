"""How Wisconsin's law is shown (``markers.core.presentation``): the help of the command
line's and the web page's options that cite the rule or show its identifications, the
verdicts as the rule allows them to be said, the kind a form opens on, and what the
gallery shows beside every kind. None of it is law: the pack (``PACK``) carries none."""

from __future__ import annotations

from markers.core.design import Design
from markers.core.presentation import Numbering, Presentation

__all__ = ["HELP", "NUMBERING", "PRESENTATION", "VERDICTS"]

#: A check judges a drawing, never its placement: NR 5.09(3)(b) "Such political
#: subdivision of the state shall, prior to authorizing placement, obtain the approval
#: of the department." A flag is judged by its statute and placed by nobody.
VERDICTS: dict[str, str] = {
    "pass": "meets NR 5.09 as drawn; placement needs the department's approval "
            "(NR 5.09(3)(b))",
    "pass:flag": "meets its statute as drawn (s. 30.70, the diver's flag; s. 30.675, the "
                 "distress flag; Wis. Stats.)",
    # a waived recommendation (a warning) is followed by nothing the rule requires
    "pass:waived": "meets NR 5.09 as drawn; {waived} (a recommendation, not a "
                   "requirement) not followed, accepted by waiver; placement needs the "
                   "department's approval (NR 5.09(3)(b))",
    # a waiver accepts a requirement not met: said, never passed over. NR 5.09 has no
    # waiver: a local one records an acceptance, it does not make the drawing comply
    "waived": "does not meet {unmet} as drawn; accepted by local waiver: {why}; a "
              "waiver does not make the drawing compliant",
    "fail": "does not meet the rule as drawn: see the failed requirements",
    "review": "not verified: a person must check what could not be judged",
    "error": "could not be judged: the file could not be read",
}

HELP: dict[str, str] = {
    "id": "Identification of a state aid, e.g. WS-2.",
    "permit_id": "The department's identification number of an approved marker "
                 "(NR 5.09(3)(b)), lettered in black below the display area, e.g. "
                 "WI-2026-0417.",
    "outline": "Symbol outline thickness in inches (default: the rule's minimum, 2 in under "
               "NR 5.09(6)(b)).",
    "height_above_water": "Inches a buoy rides above the waterline (>= 36, NR 5.09(6)(a); "
                          "mooring 18, race >= 4).",
    "diameter": "Buoy diameter in inches (>= 7, NR 5.09(6)(a); race 8 3/4 to 14).",
    "surface": "Lay the symbol along the buoy's surface, with no adjustment for curvature "
               "(NR 5.09(6)(d)).",
    "display_height": "Height of the display area (>= 12 in, NR 5.09(6)(a)); a number is "
                      "inches, or give a unit: 24in, 60cm.",
    "lighted": "A lighted aid: no reflective band (NR 5.09(6)(f)).",
    "above": "Words above a control or danger symbol (NR 5.09(2)(b)1, 3); '|' breaks lines.",
    "below": "Words below a control or danger symbol (NR 5.09(2)(b)1, 3); '|' breaks lines.",
    "wrap_display_height": "Height of the display area (the white area between the bands) "
                           "in inches (>= 12, NR 5.09(6)(a)); default 12.",
    "plan_permit_id": "The department's number of an approved marker (NR 5.09(3)(b)), by its "
                      "ws_id or #N (marker N): WS-2=WI-2026-0417; over the plan's permit_id.",
    "plan_permit_pair": "WS-2=WI-2026-0417",
    "plan_party": "A party of the application (NR 5.09(3)(b), (7)(c)), over the plan's: "
                  "applicant, political_subdivision, property_owner or riparian_owner "
                  "= NAME; ADDRESS; CONTACT (repeatable).",
    "plan_party_pair": "applicant=Crystal Lake Ski Club; 4 Shore Rd, Mill; 608-555-0147",
    "permit_id_hint": "the department's number (NR 5.09(3)(b)), lettered below; blank: none",
}

#: The reference sheets' page on WS numbering.
NUMBERING = Numbering(
    sheet_title="Wisconsin waterway markers",
    page_title="WS numbering rules, with worked examples",
    title="WS numbering of state aids to navigation",
    subtitle="NR 5.09(2)(a)5, with (2)(a)1, 2 and 4 for the sides of the channel",
    clause="NR 5.09(2)(a)5",
    rules=(
        "Red marks the side kept to the right of a vessel entering from the main water "
        "body or proceeding upstream; it carries even numbers: WS-2, WS-4, WS-6 ... "
        "(NR 5.09(2)(a)1, 5)",
        "Green marks the side kept to the left; it carries odd numbers: WS-1, WS-3, "
        "WS-5 ... (NR 5.09(2)(a)2, 5)",
        "Black and white vertical stripes mark the center of the waterway; center markers "
        "carry letters: WS-A, WS-B ... (NR 5.09(2)(a)4, 5)",
        "Numbers increase from the main body of water, proceeding upstream; every "
        "identification is preceded by \"WS\".",
    ),
    examples=(("aid-red", "WS-2"), ("aid-red", "WS-14"), ("aid-red", "WS-3"),
              ("aid-green", "WS-1"), ("aid-green", "WS-4"), ("aid-center", "WS-A"),
              ("aid-center", "WS-2"), ("aid-green", "7")),
    channel=tuple([("aid-green", f"WS-{2 * i + 1}", "left", i) for i in range(3)]
                  + [("aid-red", f"WS-{2 * i + 2}", "right", i) for i in range(3)]
                  + [("aid-center", f"WS-{letter}", "center", i + 0.5)
                     for i, letter in enumerate("AB")]),
    short="WS numbering",
)


PRESENTATION = Presentation(
    numbering=NUMBERING,
    help=HELP, verdicts=VERDICTS, example_kind="control",
    # the exclusion symbol carried on a buoy and on a wrap, whose white quarters must
    # survive being bent onto the cylinder (issue 10)
    gallery_extras=(
        Design("buoy-symbol", 24.0, symbol="exclusion", diameter=18.0),
        Design("buoy-wrap", 24.0, symbol="exclusion", diameter=18.0, curvature="seen"),
    ),
    fabrication_samples=(Design("control", 24.0, legend="SLOW NO WAKE"),
                         Design("buoy-symbol", symbol="danger", legend="ROCKS"),
                         Design("buoy-aid-red", ws_id="WS-2"),
                         Design("diver-flag")),
    example_plan="river-channel.geojson",
)
