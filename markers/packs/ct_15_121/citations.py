"""Where each requirement of Connecticut's pack comes from: a clause id and its words.

Quotes are verbatim from ``text.md`` (the public copies of Conn. Agencies Regs.
§§ 15-121-A2 to -A5 this pack holds); reports, spec tables and rule docs cite these,
never retype them. A clause the stored copy cuts off is not here: the pack judges
nothing the text at hand does not say (``NOT_COVERED``).
"""

from __future__ import annotations

from markers.core.spec import Ref

__all__ = ["REFS", "CLAUSES", "NOT_COVERED", "ref"]

REFS: dict[str, Ref] = {r.clause: r for r in (
    Ref("15-121-A2(a)", "There shall be two types of regulatory markers, three dimensional "
        "markers and two dimensional markers. For the purpose of sections 15-121-A3 to "
        "15-121-A5, inclusive, a three dimensional marker shall be called a buoy and a two "
        "dimensional marker shall be called a beacon. Regulatory markers shall be of a size, "
        "shape, color and materials as designated in this section and approved by the "
        "commissioner upon application."),
    Ref("15-121-A2(b)", "A regulatory buoy shall be cylindrical in shape above its "
        "waterline. Colors on the buoy shall be white and reflective international orange. "
        "Two horizontal bands of reflective international orange shall be placed on the "
        "buoy, one at the top and one near the bottom but above the waterline, each being a "
        "minimum of three inches in width. The area in between these two bands shall be "
        "white, and shall contain the appropriate symbol of the regulation specified in "
        "subsection (d) of this section."),
    Ref("15-121-A2(c)", "A regulatory beacon shall be square or rectangular in silhouette. "
        "A band of reflective international orange of at least three inches shall form the "
        "outside border of the beacon. The area within the border shall be white, and shall "
        "contain the appropriate symbol of regulation specified in subsection (d) of this "
        "section."),
    Ref("15-121-A2(d)", "The appropriate symbol of regulation, in reflective international "
        "orange color, shall be centered on the white portion of a regulatory buoy or beacon "
        "as follows: (1) a vertical open-faced diamond to mean danger; (2) a vertical "
        "open-faced diamond having a cross in its center meaning that vessels are excluded "
        "absolutely from the marked area; (3) an open-faced circle meaning that a vessel "
        "operated within the marked area is subject to certain operating restrictions; (4) a "
        "square or rectangle with lettering on the inside giving directions or information."),
    Ref("15-121-A2(e)", "Numbers, letters and words shall be used on both regulatory buoys "
        "and regulatory beacons and may state the statutory or regulatory authority of or "
        "clarify the specific meaning of the marker."),
    Ref("15-121-A3(a)", "An anchorage or mooring area buoy shall be white, except that "
        "yellow buoys shall be used to mark quarantine anchorage areas. White buoys with a "
        "clearly visible horizontal blue band around the circumference of the buoy centered "
        "midway between the top of the buoy and the waterline shall be used to mark "
        "individual vessel moorings."),
    Ref("15-121-A3(b)", "It shall consist of a red background not less than thirteen inches "
        "in height by fifteen inches in width with a white diagonal stripe not less than "
        "three inches in width running downward from the top corner of the flag where "
        "attached to the staff to the opposite lower corner. ... The diver's flag shall be "
        "made of nylon, plastic, or other waterproof material and shall be supported by a "
        "stiff mast not less than twenty inches in length."),
    Ref("15-121-A3(c)", "Not more than four persons shall use the same diver's flag "
        "simultaneously, except when engaged in underwater swimming or diving from an "
        "anchored vessel displaying such flag in which case the number of persons using the "
        "same flag shall be limited to the legal capacity of such vessel."),
    Ref("15-121-A4(b)(1)", "If numbers are used, such numbers shall be colored white and "
        "may be reflectorized. Odd numbers shall be used on green buoys and even numbers on "
        "red buoys. To distinguish the state uniform system from the federal lateral system, "
        "all numbered state uniform system navigational marker buoys shall have the prefix "
        "CT before the number. In cases where there are no numbers, the letters CT shall be "
        "painted white."),
    Ref("15-121-A4(b)(2)", "a cardinal system shall be used, by using a white colored buoy "
        "with a red top or a white buoy with a green top, the width of the top color to be "
        "approximately one-third of the portion of the buoy showing above the water level."),
    Ref("15-121-A5(c)", "Any person desiring to place any regulatory or navigational marker "
        "shall apply to the commissioner for authorization to place said marker after having "
        "obtained signed approval from the chief executive authority of the town or "
        "designated lake authority in which said marker will be placed."),
    Ref("15-121-A5(d)", "Application for any such authorization shall be made on forms "
        "provided by the commissioner. A detailed map or drawing to a scale which readily "
        "depicts the marked area and its surroundings and shows the proposed location of "
        "each marker and its relation to nearby shores, channels and water traffic patterns "
        "shall accompany the application."),
    Ref("15-121-A5(e)", "Criteria for authorization shall include:(1) Signed approval from "
        "the chief executive authority of the town or designated lake authority in which "
        "said marker will be placed;(2) completeness, accuracy and detail of the application "
        "form;(3) demonstrated need for the proposed markers;(4) public safety "
        "considerations;(5) environmental impact considerations;(6) review for possible "
        "conflicts with various water use groups;(7) visibility and durability of proposed "
        "markers;(8) conformity with existing authorizations; and(9) consistency with "
        "federal, state and local law."),
    Ref("fabrication", "A note for the fabricator about how the drawing was made, not a "
        "requirement of the rule; reported as info."),
    Ref("wsmark practice", "A project recommendation, not a requirement of the rule; "
        "reported as a warning or info so that a reviewer can judge it."),
    Ref("wsmark drawing", "A size wsmark draws where §§ 15-121-A2 to -A4 set none (the "
        "commissioner approves size on application, 15-121-A2(a), 15-121-A4(a)); never "
        "judged."),
)}

#: What the stored copies cut off, said wherever the pack is asked about it.
NOT_COVERED: tuple[str, ...] = (
    "15-121-A2(e) after its first sentence (the stored copy stops mid-sentence)",
    "15-121-A4(b)(3) (reflectorized materials: the stored copy stops at its heading)",
    "15-121-A5(f) after its second sentence (the stored copy stops mid-sentence)",
)

#: The paragraph each topic of the builders' dimensions and messages cites
#: (markers.core.spec.Law.clause), where no requirement or kind carries it.
CLAUSES: dict[str, str] = {
    "regulatory_symbols": "15-121-A2(d)",
    "symbol_buoy": "15-121-A2(b)",
    "aid_id": "15-121-A4(b)(1)",
    "mooring": "15-121-A3(a)",
}


def ref(clause: str) -> Ref:
    """The Ref for ``clause``; a typo in a clause id is a programming error, so KeyError."""
    return REFS[clause]
