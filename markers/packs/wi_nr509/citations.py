"""Where each requirement comes from: a clause id and the words it says.

Quotes are verbatim from Wis. Admin. Code NR 5.09 and Wis. Stats. ch. 30 (the copies
in shared/seeds/); reports, spec tables and rule docs cite these, never retype them.
"""

from __future__ import annotations

from markers.core.spec import Ref

__all__ = ["Ref", "REFS", "CLAUSES", "ref"]


REFS: dict[str, Ref] = {r.clause: r for r in (
    Ref("NR 5.09(2)(a)1", "A red buoy or sign shall indicate that side of a channel to be "
        "kept to the right of a vessel when entering the channel from the main water body "
        "or when proceeding upstream."),
    Ref("NR 5.09(2)(a)2", "A green buoy or sign shall indicate that side of a channel to be "
        "kept to the left of a vessel when entering the channel from the main water body "
        "or when proceeding upstream."),
    Ref("NR 5.09(2)(a)3", "Buoys or signs in subds. 1. and 2. shall normally be used in pairs "
        "and only for the purpose of marking a clearly defined channel."),
    Ref("NR 5.09(2)(a)4", "A black and white vertically striped buoy or sign shall indicate "
        "the center of a navigable waterway."),
    Ref("NR 5.09(2)(a)5", "Red buoys and signs marking channels shall be identified with even "
        "numbers, and green buoys and signs marking channels shall be identified with odd "
        "numbers, the numbers increasing from the main body or proceeding upstream. Buoys and "
        "signs indicating the center of a waterway shall be identified "
        "by letters of the alphabet. All numbers and letters used to identify state aids to "
        "navigation shall be preceded by the letters \"WS\", as indicated by the following "
        "samples: WS-1, WS-A."),
    Ref("NR 5.09(2)(a)6", "Letters and numerals used with aids to navigation shall be white, in "
        "block characters of good proportion and spaced in a manner which will provide "
        "maximum legibility. Such letters and numerals shall be at least 3 inches in height."),
    Ref("NR 5.09(2)(a)7", "The shapes of aids to navigation shall be compatible with the shapes "
        "established by coast guard regulations for the equivalent coast guard aids to "
        "navigation."),
    Ref("NR 5.09(2)(a)8", "Where reflectorized materials are used, a red reflector shall be used "
        "on a red buoy, and a green reflector on a green buoy."),
    Ref("NR 5.09(2)(b)1", "A diamond shape of international orange with white center shall "
        "indicate danger. The nature of the danger may be indicated by words or well-known "
        "abbreviations in black letters inside the diamond shape, or above and/or below it "
        "on white background."),
    Ref("NR 5.09(2)(b)2", "A diamond shape of international orange with a cross of the same "
        "color within it against a white center without qualifying explanation shall "
        "indicate a zone from which all vessels are excluded."),
    Ref("NR 5.09(2)(b)3", "A circle of international orange with white center will indicate a "
        "control or restriction. The nature of the control or restriction shall be indicated "
        "by words, numerals, and/or well-known abbreviations in black letters inside the "
        "circle. Additional explanations may be given above and/or below it in black letters "
        "on white background."),
    Ref("NR 5.09(2)(b)4", "A rectangular shape of international orange with white center will "
        "indicate information, other than a danger, control or restriction, which may "
        "contribute to health, safety or well-being. The message will be presented with the "
        "rectangle in black letters."),
    Ref("NR 5.09(2)(b)5", "Letters or numerals used with regulatory markers shall be black, in "
        "block characters of good proportion, spaced in a manner which will provide maximum "
        "legibility, and of a size which will provide the necessary degree of visibility."),
    Ref("NR 5.09(5)(a)", "A waterway marker may be displayed as a sign on a fixed support, as a "
        "buoy bearing a symbol on its surface, or as a sign mounted on a buoy."),
    Ref("NR 5.09(3)(b)", "Approved waterway markers shall be labelled with a department "
        "assigned identification number."),
    Ref("NR 5.09(3)(c)1", "Exact location of the marker, expressed in latitude and longitude, "
        "or in distance and direction from one or more fixed objects whose precise location "
        "is known."),
    Ref("NR 5.09(3)(c)2", "The description and purpose of the marker, including its "
        "identifying number, if any, as required by sub. (2) (a)"),
    Ref("NR 5.09(4)", "Waterway markers shall be maintained in proper condition, or be "
        "replaced or removed, by the applicant."),
    Ref("NR 5.09(5)(b)", "When a buoy is used to carry a symbol on its surface, it will be "
        "white, with a band of international orange on the top and a band of international "
        "orange above the waterline at the bottom."),
    Ref("NR 5.09(5)(c)", "A buoy whose sole purpose is to carry a sign above it will be marked "
        "with 3 bands of international orange alternating with 2 bands of white, each band "
        "occupying approximately one-fifth of the total area of the buoy above the waterline, "
        "except where the sign itself carries orange bands; however nothing in these "
        "regulations will be construed to prohibit the mounting of a sign on a buoy which has "
        "been placed for a purpose other than that of carrying a sign."),
    Ref("NR 5.09(5)(d)", "When symbols are placed on signs, a suitable white background may be "
        "used outside the symbol."),
    Ref("NR 5.09(6)(a)", "Except for mooring, slalom, and race course buoys, the minimum size of "
        "buoys shall be 36 inches riding above the waterline with a 7-inch diameter. The size "
        "of the display area shall be as required by circumstances, except that no display "
        "area shall be smaller than one foot in height. Display symbol markers shall be shown "
        "on 2 sides of buoys."),
    Ref("NR 5.09(6)(b)", "The thickness of the symbol outline shall be not less than 2 inches "
        "in width."),
    Ref("NR 5.09(6)(c)", "The outside width of the diamond, the inner diameter of the circle, "
        "and the average of the inside and outside widths of a square shall be two-thirds of "
        "the display area height."),
    Ref("NR 5.09(6)(d)", "The sides of the diamond shall slope at a 35° angle from the vertical "
        "on a plane surface. Appropriate adjustments for curvature may be made when applied "
        "to a cylindrical surface."),
    Ref("NR 5.09(6)(f)", "All unlighted aids to navigation shall be equipped with a reflector "
        "material of at least 2 inches all around the uppermost part."),
    Ref("NR 5.09(7)(a)", "... mooring buoys ... shall extend 18 inches above the waterline, be "
        "white in color with a blue band clearly visible above the waterline, and they should "
        "be spherical or ovate in shape."),
    Ref("NR 5.09(7)(b)", "In order that race course, water ski and slalom buoys are not "
        "mistaken for aids to navigation or regulatory markers, they shall: 1. Extend a "
        "minimum of 4 inches above the waterline and be yellow, green, fluorescent red or "
        "fluorescent orange in color; 2. Be spherical or cylindrical in shape with a minimum "
        "diameter of 8 3/4 inches and a maximum diameter no larger than 14 inches; 3. Be made "
        "of foam, plastic or rubber designed to be used as a water marker."),
    Ref("NR 5.09(7)(c)", "Mooring buoys, water ski, race course, and slalom course markers "
        "shall also require the written permission of the adjacent riparian land owner."),
    Ref("NR 5.09(7)(d)", "Exemptions to the requirements of sub. (3) (b) may be made by local "
        "authorities, pursuant to s. 30.77, Stats., for the temporary (not to exceed 14 days) "
        "placement of mooring buoys, race course markers, water ski or slalom course markers "
        "for special events."),
    Ref("s. 30.66(3)(a), Wis. Stats.", "Except under s. 30.69 (3), no person may operate a "
        "motorboat within 100 feet of any dock, raft, pier or buoyed restricted area on any "
        "lake at a speed in excess of slow-no-wake speed."),
    Ref("s. 30.61(6)(a), Wis. Stats.", "Except as provided under par. (b), any moored, "
        "anchored or drifting boat or any other fixed and floating structure outside "
        "designated mooring areas or beyond 200 feet from the shoreline is required to be "
        "lighted from sunset to sunrise by a white light visible all around the horizon."),
    Ref("s. 30.772(2)(e), Wis. Stats.", "No mooring may be placed or used in any navigable "
        "waters if: ... The mooring anchor is placed more than 150 feet from "
        "the ordinary high-water mark, or more than 200 feet from the ordinary high-water "
        "mark if sub. (3) (a) 5. applies, unless one of the following occurs: 1. A permit is "
        "obtained from the appropriate municipality and approved by the department. 2. A "
        "permit is obtained from the department. 3. The mooring is properly within a "
        "designated mooring area."),
    Ref("s. 30.70, Wis. Stats.", "... diver's flag, not less than 12 inches high and 15 inches "
        "long, displaying one diagonal white stripe 3 inches wide on a red background ..."),
    Ref("s. 30.675, Wis. Stats.", "The display on a boat or by a person of an orange flag "
        "approximately 18 by 30 inches in size shall indicate that such boat or person is in "
        "need of help."),
    Ref("USWMS practice", "The Uniform State Waterway Marking System centres the symbol on "
        "its display area; NR 5.09 does not say so, so it is reported as a warning."),
    Ref("fabrication", "A note for the fabricator about how the drawing was made, not a "
        "requirement of the rule; reported as info."),
    Ref("wsmark practice", "A project recommendation, not a requirement of the rule; reported "
        "as a warning or info so that a reviewer can judge it."),
)}


#: The paragraph each topic of the builders' dimensions and messages cites, where no
#: requirement or kind carries it (markers.core.spec.Law.clause).
CLAUSES: dict[str, str] = {
    "regulatory_symbols": "NR 5.09(2)(b)1-4",
    "regulatory_letters": "NR 5.09(2)(b)5",
    "aid_id": "NR 5.09(2)(a)5",
    "aid_letters": "NR 5.09(2)(a)6",
    "aid_shape": "NR 5.09(2)(a)7",
    "permit_label": "NR 5.09(3)(b)",
    "sign_on_buoy": "NR 5.09(5)(a)",
    "symbol_buoy": "NR 5.09(5)(b)",
    "sign_buoy": "NR 5.09(5)(c)",
    "sign_ground": "NR 5.09(5)(d)",
    "buoy_sides": "NR 5.09(6)(a)",
    "curvature": "NR 5.09(6)(d)",
    "reflector": "NR 5.09(6)(f)",
}


def ref(clause: str) -> Ref:
    """The Ref for ``clause``; a typo in a clause id is a programming error, so KeyError."""
    return REFS[clause]
