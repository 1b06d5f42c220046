"""Connecticut's placement-plan rules and permit packet words: § 15-121-A5.

A person applies to the commissioner after the signed approval of the chief executive
authority of the town or designated lake authority (15-121-A5(c), (e)(1)); the
application, on the commissioner's forms, is accompanied by a detailed map or drawing to
a scale showing each marker's proposed location and its relation to nearby shores,
channels and water traffic (15-121-A5(d)). Criteria (e)(2) to (9) are the commissioner's
to weigh: the packet lists them, no rule pretends to judge them. Nothing of NR 5.09(3)
applies here.
"""

from __future__ import annotations

import math

from markers.check.engine import Hit, Judge
from markers.packs.ct_15_121.law import LAW
from markers.plan.measure import PlanFacts
from markers.plan.model import ApplicationForm, PacketWords, Role
from markers.plan.project import Area, LocalGrid
from markers.plan.rules import DESIGN_RULE, Found, PlanRegistry

__all__ = ["AREA", "PLAN_RULES"]

#: Where §§ 15-121-A2 to -A5 apply, as a box: the area of use of NAD83 / Connecticut
#: (ftUS) in the EPSG dataset (pyproj: CRS.from_epsg(2234).area_of_use).
AREA = Area("Connecticut", (-73.73, 40.98, -71.78, 42.05),
            "the area of use of EPSG:2234, 'United States (USA) - Connecticut'")

FORM = ApplicationForm(
    roles=(
        Role("applicant", "Applicant", "15-121-A5(c)",
             "applies to the commissioner for authorization to place the markers, on the "
             "commissioner's forms (15-121-A5(c), (d))"),
        Role("chief_executive", "Chief executive authority of the town or designated lake "
             "authority", "15-121-A5(c)",
             "signs its approval before the application is made (15-121-A5(c), (e)(1))"),
    ),
    decides="chief_executive",
    decision_clause="15-121-A5(c)",
    note="15-121-A5(d): application for any such authorization shall be made on forms "
         "provided by the commissioner, with a detailed map or drawing to a scale showing "
         "the proposed location of each marker and its relation to nearby shores, channels "
         "and water traffic patterns. 15-121-A5(e): criteria for authorization include (1) "
         "the signed approval above, (2) completeness, accuracy and detail of the "
         "application form, (3) demonstrated need, (4) public safety, (5) environmental "
         "impact, (6) possible conflicts with water use groups, (7) visibility and "
         "durability, (8) conformity with existing authorizations and (9) consistency with "
         "federal, state and local law.",
    authority="For the commissioner (15-121-A5(b), (c), (f)): authorization, with any "
              "conditions the commissioner deems necessary.",
    signs_last="commissioner")

PLAN_RULES = PlanRegistry(
    LAW, grid=LocalGrid(2234, AREA.bounds),
    words=PacketWords(
        table_clause="15-121-A5(d)",
        cover_note="15-121-A5(f): markers placed subject to the authorization's conditions "
                   "and in the manner it specifies are deemed lawfully placed.",
        form=FORM),
    area=AREA)
plan_rule = PLAN_RULES.plan_rule


@plan_rule("ct-plan-approval", "15-121-A5(c)", "error")
def approval(facts: PlanFacts, j: Judge) -> Found:
    """The chief executive authority of the town or designated lake authority has signed
    its approval: the application's decision is "approved", dated and signed.

    Fails: a plan whose decision is not stated, or is not an approval, or has no
    signatory."""
    decision = facts.plan.application.decision
    if decision.outcome != "approved":
        said = decision.outcome or "not stated"
        yield None, Hit(f"the chief executive authority's approval is {said}; a person "
                        "applies after having obtained its signed approval",
                        measured=said, required="approved")
    elif not decision.signatory or not decision.date:
        yield None, Hit("the approval is not signed and dated (decision_signatory, "
                        "decision_date)", measured="unsigned", required="signed approval")


@plan_rule("ct-plan-map", "15-121-A5(d)", "error")
def relation_to_shore(facts: PlanFacts, j: Judge) -> Found:
    """The plan shows each marker's relation to nearby shores: it gives the shoreline
    (a water or shore feature), so the scaled map of the packet draws it.

    Fails: a plan of markers alone, with no water body or shoreline."""
    if facts.plan.markers and all(math.isnan(d) for d in facts.shore_ft):
        yield None, Hit("no shoreline in the plan: the scaled map cannot show each marker's "
                        "relation to nearby shores", measured="no shoreline",
                        required="a water or shore feature")


@plan_rule("ct-plan-need", "15-121-A5(e)", "error")
def need(facts: PlanFacts, j: Judge) -> Found:
    """Each marker states its purpose, so the application demonstrates the need for it
    (criterion (e)(3)).

    Fails: a buoy placed with no 'purpose'."""
    for i, marker in enumerate(facts.plan.markers):
        if not marker.purpose:
            yield i, Hit("no purpose stated: the application demonstrates the need for each "
                         "proposed marker", required="a purpose")


@plan_rule(DESIGN_RULE, "15-121-A5(d)", "error")
def design_file(facts: PlanFacts, j: Judge) -> Found:
    """A marker's design file (``design``) can be judged and is of the kind the plan
    places; its own findings are listed under the marker with their rule ids.

    Fails: a plan placing a mooring-buoy whose design file is a diver-flag."""
    for i, (report, design) in sorted(facts.designs.items()):
        marker = facts.plan.markers[i]
        if report.error:
            yield i, Hit(f"design {marker.design} cannot be judged: "
                         f"{report.error.removeprefix(report.file + ': ')}")
        elif design is not None and design.kind != marker.kind:
            yield i, Hit(f"design {marker.design} is a {design.kind}, the plan places a "
                         f"{marker.kind}", measured=design.kind, required=marker.kind)
