"""Connecticut's words for the faces: the help of options that cite the rule and the
verdicts as the text allows them to be said."""

from __future__ import annotations

__all__ = ["HELP", "VERDICTS", "VERSION"]

#: The text the pack holds (text.md): the Legal Information Institute's copy of
#: § 15-121-A4 is current through 2022-03-04, casetext's of -A5 through 2024-09-27.
VERSION = "LII 2022-03-04 / casetext 2024-09-27 (see text.md)"

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
