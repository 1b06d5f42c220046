"""How Connecticut's law is shown (``markers.core.presentation``): the help of options
that cite the rule, the verdicts as the text allows them to be said, the kind a form
opens on, and what the gallery shows beside every kind. None of it is law: the pack
(``PACK``) carries none."""

from __future__ import annotations

from markers.core.design import Design
from markers.core.presentation import Numbering, Presentation
from markers.packs.ct_15_121.citations import ref

__all__ = ["HELP", "NUMBERING", "PRESENTATION", "VERDICTS"]

#: A check judges a drawing; placing a marker needs the commissioner's authorization
#: (15-121-A5(a), (c)); a diver's flag is displayed by the diver, not placed.
VERDICTS: dict[str, str] = {
    "pass": "meets Conn. Agencies Regs. 15-121-A2 to A4 as drawn; placing a marker needs "
            "the commissioner's authorization (15-121-A5)",
    "pass:flag": "meets 15-121-A3(b) as drawn (the diver's flag)",
    "pass:waived": "meets 15-121-A2 to A4 as drawn but for {waived}, waived",
    "fail": "does not meet the rule as drawn: see the failed requirements",
    "review": "not verified: a person must check what could not be judged",
    "error": "could not be judged: the file could not be read",
}

HELP: dict[str, str] = {
    "height_above_water": "Inches a buoy rides above the waterline (15-121-A3(a) sets none; "
                          "default 18).",
    "diameter": "Buoy diameter in inches (15-121-A3(a) sets none; default 24).",
    "color": "An anchorage or mooring area buoy: white, or yellow for a quarantine "
             "anchorage (15-121-A3(a)).",
    "plan_permit_id": "The commissioner's authorization number of a marker, by its id or "
                      "#N (marker N): M-1=CT-2026-0417; the packet lists it (15-121-A5(f): "
                      "placed as the authorization specifies).",
    "plan_permit_pair": "M-1=CT-2026-0417",
    "plan_party": "A party of the application (15-121-A5(c)), over the plan's: applicant "
                  "or chief_executive = NAME; ADDRESS; CONTACT (repeatable).",
    "plan_party_pair": "chief_executive=Town of New Fairfield; 4 Brush Hill Rd; 203-555-0100",
}

NUMBERING = Numbering(
    sheet_title="Connecticut waterway markers",
    page_title="CT numbering rules (15-121-A4(b))",
    title="CT identification of state navigational buoys",
    subtitle="15-121-A4(b)(1) and (2): the state's own buoys, not the federal lateral system",
    clause=ref("15-121-A4(b)(1)").clause,
    rules=(
        "Solid-red buoys carry even numbers, solid-green buoys odd numbers, in white, with "
        "the prefix CT before the number: CT-2, CT-1 (15-121-A4(b)(1)).",
        "A buoy without a number carries the letters CT, painted white (15-121-A4(b)(1)).",
        "Cardinal buoys: even numbers on red-topped, odd on green-topped, in the top "
        "portion (15-121-A4(b)(2)).",
    ),
    examples=(("aid-red", "CT-2"), ("aid-green", "CT-1"), ("aid-red", "CT-3"),
              ("aid-green", "CT"), ("aid-red", "WS-2")),
    channel=(), short="CT numbering",
)


PRESENTATION = Presentation(
    numbering=NUMBERING,
    help=HELP, verdicts=VERDICTS, example_kind="mooring-buoy",
    gallery_extras=(Design("mooring-area-buoy", color="yellow"),),
    fabrication_samples=(Design("mooring-buoy"), Design("diver-flag")),
    example_plan="ct-mooring-field.geojson",
)
