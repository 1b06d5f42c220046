"""How Connecticut's law is shown (``markers.core.presentation``): the help of options
that cite the rule, the verdicts as the text allows them to be said, the kind a form
opens on, and what the gallery shows beside every kind. None of it is law: the pack
(``PACK``) carries none."""

from __future__ import annotations

from markers.core.design import Design
from markers.core.presentation import Presentation

__all__ = ["HELP", "PRESENTATION", "VERDICTS"]

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

PRESENTATION = Presentation(
    help=HELP, verdicts=VERDICTS, example_kind="mooring-buoy",
    gallery_extras=(Design("mooring-area-buoy", color="yellow"),),
    fabrication_samples=(Design("mooring-buoy"), Design("diver-flag")),
    example_plan="ct-mooring-field.geojson", numbering_short="CT numbering",
)
