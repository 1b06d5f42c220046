"""Wisconsin's placement-plan rules: NR 5.09(2)(a), (3)(c), (7)(c), (d) and the ch. 30
distances, judged on the PlanFacts markers.plan measures.

A plan with a place outside the state's AREA is refused, and its packet opens with
the application FORM of NR 5.09(3)(b) and (7)(c). A rule's docstring says what it
checks and why; registration appends the quoted paragraphs of its citation, and the
runner stamps id, citation and severity. A rule yields ``(marker index or None,
Hit)``; distances are feet on the ground, their limits data in the pack's
requirements.
"""

from __future__ import annotations

import re
from collections import defaultdict
from itertools import pairwise

import numpy as np

from markers.check.engine import Hit, Judge
from markers.packs.wi_nr509.kinds import KINDS
from markers.packs.wi_nr509.law import LAW
from markers.packs.wi_nr509.validation import ws_id_parts, ws_id_wanted
from markers.plan.measure import PlanFacts
from markers.plan.model import ApplicationForm, PacketWords, Role
from markers.plan.project import Area, LocalGrid
from markers.plan.rules import DESIGN_RULE, Found, PlanRegistry

__all__ = ["PLAN_RULES", "AREA"]


def _reported_as(*names: str) -> tuple[str, ...]:
    """The kinds reported as any of ``names``: an aid and the buoy that carries it."""
    return tuple(k.name for k in KINDS.values() if k.report_name in names)


RED = _reported_as("aid-red")
GREEN = _reported_as("aid-green")
CENTER = _reported_as("aid-center")
LATERAL = RED + GREEN
AIDS = LATERAL + CENTER
MOORING = _reported_as("buoy-mooring")
RACE = _reported_as("buoy-race")

#: Where NR 5.09 applies, as a box: the area of use of Wisconsin Transverse Mercator in
#: the EPSG dataset (pyproj: CRS.from_epsg(3071).area_of_use), which is the state with
#: its Great Lakes waters. A box also takes in the edges of the neighbouring states; it
#: refuses what is plainly elsewhere (another state, a swapped pair).
AREA = Area("Wisconsin", (-92.89, 42.48, -86.25, 47.31),
            "the area of use of EPSG:3071, 'United States (USA) - Wisconsin'")

#: The waterway marker application form of NR 5.09(3)(b) and whose written permission
#: NR 5.09(7)(c) asks for.
FORM = ApplicationForm(
    roles=(
        Role("applicant", "Applicant", "NR 5.09(3)(b)",
             "the department sends the applicant a copy of the permit; the applicant "
             "maintains, replaces or removes the markers (NR 5.09(4))"),
        Role("political_subdivision", "Political subdivision", "NR 5.09(3)(b)",
             "authorizes the placement and completes the application, indicating its "
             "approval or disapproval"),
        Role("property_owner", "Property owner", "NR 5.09(3)(b)",
             "the department sends the property owner a copy of the permit"),
        Role("riparian_owner", "Adjacent riparian owner", "NR 5.09(7)(c)",
             "mooring buoys and water ski, race course and slalom course markers require "
             "the written permission of the adjacent riparian land owner",
             kinds=MOORING + RACE),
    ),
    decides="political_subdivision",
    decision_clause="NR 5.09(3)(b)",
    note="NR 5.09(3)(b): the political subdivision shall, prior to authorizing placement, "
         "obtain the approval of the department. The political subdivision shall complete a "
         "waterway marker application form, indicating their approval or disapproval and "
         "submit the application to the department.",
    authority="For the department (NR 5.09(3)(b)): the department shall review the "
              "application and approve or disapprove placement of the waterway markers.",
    temporary="plan_temporary_days",
    # an exclusion zone or a control (speed, no wake ...) is a local restriction: the
    # ordinance a municipality enacts under s. 30.77, Stats., which the marker enforces
    enforcing=("exclusion", "control"),
    ordinance_clause="s. 30.77, Wis. Stats.")

PLAN_RULES = PlanRegistry(
    LAW,
    # Wisconsin Transverse Mercator, over its area of use
    grid=LocalGrid(3071, AREA.bounds),
    words=PacketWords(
        table_clause="NR 5.09(3)(c)",
        cover_note="NR 5.09(3)(b): approved waterway markers shall be labelled with a "
                   "department assigned identification number; the numbers of this plan are "
                   "the WS identifications of NR 5.09(2)(a)5.",
        form=FORM, area=AREA),
    area=AREA)
plan_rule = PLAN_RULES.plan_rule


def _of(facts: PlanFacts, kinds: tuple[str, ...]) -> list[int]:
    return [i for i, m in enumerate(facts.plan.markers) if m.kind in kinds]


def _ft(value: float) -> float:
    return round(float(value), 1)


@plan_rule("plan-aid-channel", "NR 5.09(2)(a)3", "review")
def aid_channel(facts: PlanFacts, j: Judge) -> Found:
    """A red, green or center aid is near a channel line of the plan.

    The side, pairing and order of aids are judged along a channel line (a LineString
    with ``role: channel``, digitised from the main body upstream). An aid farther than
    the reach from every channel line, or a plan without one, leaves them unjudged: a
    person must look. Fails: a red buoy 2000 ft from the only channel."""
    reach = j.requirement("plan_channel_reach_ft")
    for i in _of(facts, AIDS):
        if facts.channel[i] >= 0:
            continue
        if not facts.plan.role("channel"):
            yield i, Hit("the plan has no channel line (role: channel), so the side, pairing "
                         "and numbering of this aid cannot be judged")
        else:
            yield i, Hit(f"more than {reach.value:g} ft from every channel line: which channel "
                         "it marks cannot be told", required=f"<= {reach.value:g}", unit="ft")


@plan_rule("plan-channel-defined", "NR 5.09(2)(a)3", "review")
def channel_defined(facts: PlanFacts, j: Judge) -> Found:
    """Red and green aids mark a clearly defined channel: a person must judge it.

    Whether the water is "a clearly defined channel" cannot be read from coordinates;
    the plan gets one review finding when it places red or green aids (waive it in the
    plan's ``waivers`` with the reason, e.g. the survey that shows the channel)."""
    if _of(facts, LATERAL):
        yield None, Hit("red and green aids may mark only a clearly defined channel; "
                        "whether this one is cannot be judged from the plan")


@plan_rule("plan-aid-side", "NR 5.09(2)(a)1, 2", "error")
def aid_side(facts: PlanFacts, j: Judge) -> Found:
    """A red aid is on the right of a vessel going upstream, a green aid on the left.

    The channel line is digitised from the main body upstream; an aid's side is the
    sign of its offset from the line at its nearest point. Fails: a red buoy left of
    the line."""
    for i in _of(facts, LATERAL):
        if facts.channel[i] < 0 or facts.offset[i] == 0:
            continue
        left = facts.offset[i] > 0
        red = facts.plan.markers[i].kind in RED
        if red == left:
            want, got = ("right", "left") if red else ("left", "right")
            yield i, Hit(f"{'red' if red else 'green'} aid is on the {got} going upstream "
                         f"({_ft(abs(facts.offset[i]))} ft {got} of the channel line); it "
                         f"belongs on the {want}", measured=got, required=want)


@plan_rule("plan-aid-pair", "NR 5.09(2)(a)3", "warning")
def aid_pair(facts: PlanFacts, j: Judge) -> Found:
    """Each red aid has a green one across the channel at about the same place, and
    each green a red ("normally ... used in pairs").

    Pairs are found along the channel: the nearest aid of the other color by chainage
    (a sorted search, n log n) must be within the pair tolerance (wsmark practice).
    Fails: a red buoy whose green partner was left out of the plan."""
    tolerance = j.req("plan_pair_tolerance_ft")
    by_channel: dict[tuple[int, bool], list[int]] = defaultdict(list)
    for i in _of(facts, LATERAL):
        if facts.channel[i] >= 0:
            by_channel[(int(facts.channel[i]), facts.plan.markers[i].kind in RED)].append(i)
    for (channel, red), members in sorted(by_channel.items()):
        others = by_channel.get((channel, not red), [])
        along = np.sort(facts.chainage[others]) if others else np.array([])
        for i in members:
            s = facts.chainage[i]
            gap = np.inf
            if len(along):
                k = np.searchsorted(along, s)
                near = along[max(0, k - 1):k + 1]
                gap = float(np.min(np.abs(near - s)))
            if gap > tolerance:
                other = "green" if red else "red"
                said = "none on this channel" if gap == np.inf else f"nearest {_ft(gap)} ft away"
                yield i, Hit(f"no {other} aid across the channel within {tolerance:g} ft "
                             f"along it ({said})",
                             measured=None if gap == np.inf else _ft(gap),
                             required=f"<= {tolerance:g}", unit="ft", tolerance=tolerance)


def _number(ws_id: str | None) -> int | None:
    parts = ws_id_parts(ws_id) if ws_id else None
    return int(parts["number"]) if parts and parts["number"] else None


@plan_rule("plan-aid-order", "NR 5.09(2)(a)5", "error")
def aid_order(facts: PlanFacts, j: Judge) -> Found:
    """Numbers increase from the main body upstream: along each channel, the red aids'
    numbers rise with chainage, and so do the green aids'.

    A number used twice is plan-unique-id's finding, not this one. Fails: WS-6
    downstream of WS-4 on the same side."""
    groups: dict[tuple[int, bool], list[int]] = defaultdict(list)
    for i in _of(facts, LATERAL):
        if facts.channel[i] >= 0 and _number(facts.plan.markers[i].ws_id) is not None:
            groups[(int(facts.channel[i]), facts.plan.markers[i].kind in RED)].append(i)
    for _, members in sorted(groups.items()):
        members.sort(key=lambda i: facts.chainage[i])
        for before, after in pairwise(members):
            a = _number(facts.plan.markers[before].ws_id)
            b = _number(facts.plan.markers[after].ws_id)
            assert a is not None and b is not None  # grouped only when numbered
            if b < a:
                yield after, Hit(
                    f"{facts.plan.markers[after].ws_id} is "
                    f"{_ft(facts.chainage[after] - facts.chainage[before])} "
                    f"ft upstream of {facts.plan.markers[before].ws_id}: numbers must increase "
                    "upstream", measured=b, required=f"> {a}")


@plan_rule("plan-aid-id-format", "NR 5.09(2)(a)5", "error")
def aid_id_format(facts: PlanFacts, j: Judge) -> Found:
    """Every aid is numbered or lettered, preceded by "WS" (WS-1, WS-A).

    Fails: a green aid with id "7" or "G7", or none."""
    for i in _of(facts, AIDS):
        ws_id = facts.plan.markers[i].ws_id
        if not ws_id:
            yield i, Hit("the aid has no identification (ws_id such as WS-1)")
        elif not ws_id_parts(ws_id):
            yield i, Hit(f"identification {ws_id!r} is not 'WS-' followed by a number or "
                         "letters", measured=ws_id, required="WS-<number> or WS-<letters>")


@plan_rule("plan-aid-parity", "NR 5.09(2)(a)5", "error")
def aid_parity(facts: PlanFacts, j: Judge) -> Found:
    """Red aids carry even numbers, green aids odd numbers, center aids letters.

    Fails: a red buoy WS-3; a center buoy WS-4."""
    for i in _of(facts, AIDS):
        marker = facts.plan.markers[i]
        parts = ws_id_parts(marker.ws_id) if marker.ws_id else None
        if not parts:
            continue
        wanted, ok = ws_id_wanted(KINDS[marker.kind].report_name, parts)
        if not ok:
            yield i, Hit(f"{marker.kind} carries {wanted}, not {marker.ws_id}",
                         measured=marker.ws_id, required=wanted)


@plan_rule("plan-unique-id", "NR 5.09(2)(a)5", "error")
def unique_id(facts: PlanFacts, j: Judge) -> Found:
    """No two markers of the plan carry the same identification.

    An identification exists to tell markers apart ("numbered or lettered for
    identification"). Fails: two buoys both WS-3."""
    first: dict[str, int] = {}
    for i, marker in enumerate(facts.plan.markers):
        if not marker.ws_id:
            continue
        if marker.ws_id in first:
            other = facts.plan.markers[first[marker.ws_id]]
            yield i, Hit(f"{marker.ws_id} is also the id of feature {other.feature}",
                         measured=marker.ws_id, required="unique")
        else:
            first[marker.ws_id] = i


@plan_rule("plan-center-aid", "NR 5.09(2)(a)4", "warning")
def center_aid(facts: PlanFacts, j: Judge) -> Found:
    """A center aid stands near the channel line (within the wsmark practice distance).

    A black and white aid "shall indicate the center of a navigable waterway". Fails: a
    center buoy 120 ft off the channel line."""
    limit = j.req("plan_center_offset_ft")
    for i in _of(facts, CENTER):
        if facts.channel[i] >= 0 and abs(facts.offset[i]) > limit:
            yield i, Hit(f"center aid {_ft(abs(facts.offset[i]))} ft from the channel line",
                         measured=_ft(abs(facts.offset[i])), required=f"<= {limit:g}",
                         unit="ft", tolerance=limit)


@plan_rule("plan-location", "NR 5.09(3)(c)1", "warning")
def location(facts: PlanFacts, j: Judge) -> Found:
    """The marker's exact location: latitude and longitude to at least the practice's
    decimals, or a distance and direction from a named fixed object.

    Fails: a buoy at 43.07, -89.40 with no fixed object."""
    need = int(j.req("plan_coordinate_decimals"))
    for i, marker in enumerate(facts.plan.markers):
        stated = any(f.distance_ft is not None and f.bearing_deg is not None
                     for f in marker.fixed_objects)
        if marker.decimals < need and not stated:
            yield i, Hit(f"latitude/longitude given to {marker.decimals} decimals and no "
                         "distance and direction from a fixed object",
                         measured=marker.decimals, required=f">= {need}", unit="decimals")


@plan_rule("plan-description", "NR 5.09(3)(c)2", "error")
def description(facts: PlanFacts, j: Judge) -> Found:
    """Each marker's description and purpose are stated for the department.

    Fails: a buoy with a kind and a place but no 'purpose'."""
    for i, marker in enumerate(facts.plan.markers):
        missing = [name for name in ("description", "purpose") if not getattr(marker, name)]
        if missing:
            yield i, Hit(f"no {' and no '.join(missing)} stated", required="stated")


@plan_rule("plan-riparian", "NR 5.09(7)(c)", "error")
def riparian(facts: PlanFacts, j: Judge) -> Found:
    """Mooring buoys and race course, water ski and slalom markers have the adjacent
    riparian owner's written permission (``riparian_permission: true``).

    Fails: a mooring buoy with riparian_permission false or absent."""
    for i in _of(facts, MOORING + RACE):
        marker = facts.plan.markers[i]
        if marker.riparian_permission is not True:
            said = "refused" if marker.riparian_permission is False else "not stated"
            yield i, Hit(f"the riparian owner's written permission is {said}",
                         measured=said, required="written permission")


@plan_rule("plan-temporary", "NR 5.09(7)(d)", "info")
def temporary(facts: PlanFacts, j: Judge) -> Found:
    """A temporary placement (``temporary_days``) longer than the 14 days a local
    authority may exempt from the department's approval is a note, not an error.

    NR 5.09(7)(d) lets local authorities (s. 30.77, Stats.) exempt placements of 14 days
    or less from sub. (3)(b); a longer one simply needs the department's approval that
    this application asks for, like any other marker. Notes: a race course placed for
    20 days."""
    limit = j.requirement("plan_temporary_days")
    for i, marker in enumerate(facts.plan.markers):
        if marker.temporary_days is not None and marker.temporary_days > limit.value:
            yield i, Hit(f"temporary placement of {marker.temporary_days} days: longer than "
                         f"the {limit.value:g} days a local authority may exempt under NR "
                         "5.09(7)(d), so it needs the department's approval "
                         "(NR 5.09(3)(b)) that this application asks for",
                         measured=marker.temporary_days, required=f"<= {limit.value:g}",
                         unit="days")


_NO_WAKE = re.compile(r"\bNO\s*WAKE\b", re.I)


@plan_rule("plan-slow-no-wake", "s. 30.66(3)(a), Wis. Stats.", "warning")
def slow_no_wake(facts: PlanFacts, j: Judge) -> Found:
    """A slow-no-wake marker within 100 ft of a dock, raft, pier or buoyed restricted
    area restates the statute.

    There the law already limits motorboats to slow-no-wake speed; a marker inside that
    zone suggests the zone ends at the marker. Fails: a SLOW NO WAKE buoy 60 ft from a
    swimming area."""
    limit = j.req("plan_slow_no_wake_ft")
    for i, marker in enumerate(facts.plan.markers):
        text = " ".join(filter(None, (marker.legend, marker.purpose))).replace("|", " ")
        near = facts.structure_ft[i]
        if _NO_WAKE.search(text) and near <= limit:
            yield i, Hit(f"slow-no-wake marker {_ft(near)} ft from "
                         f"{facts.structure_name[i]}, where s. 30.66(3)(a) already "
                         "requires slow-no-wake speed", measured=_ft(near),
                         required=f"> {limit:g}", unit="ft")


@plan_rule("plan-mooring-light", "s. 30.61(6)(a), Wis. Stats.", "warning")
def mooring_light(facts: PlanFacts, j: Judge) -> Found:
    """A boat on a mooring outside the plan's mooring areas, or beyond 200 ft from the
    shoreline, must be lighted from sunset to sunrise: the applicant should know.

    Judged where the plan gives the shore (shoreline or water polygons) or mooring
    areas. Fails: a mooring buoy 350 ft from shore outside every mooring area."""
    limit = j.req("plan_lighting_ft")
    for i in _of(facts, MOORING):
        outside = facts.in_mooring_area is not None and not facts.in_mooring_area[i]
        far = facts.shore_ft[i] > limit
        if outside or far:
            why = " and ".join(filter(None, (
                "outside the plan's mooring areas" if outside else "",
                f"{_ft(facts.shore_ft[i])} ft from the shoreline" if far else "")))
            yield i, Hit(f"mooring {why}: a boat moored here must show a white light all "
                         "around from sunset to sunrise", measured=_ft(facts.shore_ft[i])
                         if far else None, required=f"<= {limit:g}" if far else None,
                         unit="ft" if far else None)


@plan_rule("plan-mooring-permit", "s. 30.772(2)(e), Wis. Stats.", "warning")
def mooring_permit(facts: PlanFacts, j: Judge) -> Found:
    """A mooring more than 150 ft from the shore, outside a designated mooring area,
    needs a municipal permit approved by the department, or the department's.

    The shoreline of the plan stands for the ordinary high-water mark. Fails: a mooring
    buoy 180 ft out with no mooring area."""
    limit = j.req("plan_mooring_permit_ft")
    for i in _of(facts, MOORING):
        inside = facts.in_mooring_area is not None and facts.in_mooring_area[i]
        if facts.shore_ft[i] > limit and not inside:
            yield i, Hit(f"mooring {_ft(facts.shore_ft[i])} ft from the shoreline, outside "
                         "any mooring area: it needs a permit", measured=_ft(facts.shore_ft[i]),
                         required=f"<= {limit:g}", unit="ft")


@plan_rule(DESIGN_RULE, "NR 5.09(3)(c)2", "error")
def design_file(facts: PlanFacts, j: Judge) -> Found:
    """A marker's design file (``design``) can be judged, and describes the marker the
    plan places: the same kind and the same identification.

    The design itself is judged by the marker rules; their findings are listed under
    the marker with their own ids. Fails: a plan placing a buoy-aid-red WS-2 whose
    design file is a buoy-aid-green, or a design file that cannot be read."""
    for i, (report, design) in sorted(facts.designs.items()):
        marker = facts.plan.markers[i]
        if report.error:
            yield i, Hit(f"design {marker.design} cannot be judged: "
                         f"{report.error.removeprefix(report.file + ': ')}")
            continue
        if design is not None and design.kind != marker.kind:
            yield i, Hit(f"design {marker.design} is a {design.kind}, the plan places a "
                         f"{marker.kind}", measured=design.kind, required=marker.kind)
        if design is not None and design.ws_id and marker.ws_id and \
                design.ws_id != marker.ws_id:
            yield i, Hit(f"design {marker.design} carries {design.ws_id}, the plan "
                         f"{marker.ws_id}", measured=design.ws_id, required=marker.ws_id)
