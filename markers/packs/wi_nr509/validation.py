"""The WS identification of state aids, NR 5.09(2)(a)5: one grammar, used to refuse a
design before it is built and by the rules that judge a drawing."""

from __future__ import annotations

import re
from dataclasses import replace

from markers.core.design import Design
from markers.core.pack import Build, Kind
from markers.core.permit_id import is_permit_id
from markers.core.spec import Law
from markers.errors import DesignError
from markers.packs.wi_nr509.citations import ref
from markers.packs.wi_nr509.kinds import KINDS

__all__ = ["ws_id_parts", "ws_id_wanted", "validate_ws_id", "validate",
           "validate_permit_id", "LABELLED_FAMILIES"]

_WS_ID = re.compile(r"WS-(?:(?P<number>[1-9][0-9]*)|(?P<letters>[A-Z]{1,2}))")
#: Families whose markers NR 5.09(3)(b) labels: the signs, state aids and buoys placed
#: with the department's approval. Flags (ss. 30.70, 30.675) are not placed under
#: NR 5.09(3) and carry no department number. Of the buoys, wsmark letters those with a
#: display area (symbol, sign and wrap): the others have no white ground to letter on.
LABELLED_FAMILIES = ("face", "aid", "buoy", "wrap")

def ws_id_parts(ws_id: str) -> re.Match | None:
    """The number or letters of a well-formed identification ("WS-" then a number or
    letters, NR 5.09(2)(a)5), or None."""
    return _WS_ID.fullmatch(ws_id)


def ws_id_wanted(kind: str, parts: re.Match) -> tuple[str, bool]:
    """What an aid of ``kind`` carries under NR 5.09(2)(a)5 (red even numbers, green odd
    numbers, center markers letters) and whether ``parts`` is that."""
    number = parts["number"]
    return {"aid-red": ("an even number", number is not None and int(number) % 2 == 0),
            "aid-green": ("an odd number", number is not None and int(number) % 2 == 1),
            "aid-center": ("letters", parts["letters"] is not None)}[kind]


#: Each aid's sample identification read into its parts (what ``ws_id_wanted`` takes).
_SAMPLE = {name: parts for name, k in KINDS.items() if k.sample_id and not k.reported_as
           and (parts := ws_id_parts(k.sample_id))}


def validate_ws_id(kind: str, ws_id: str | None, as_declared: bool = False) -> str:
    """Check an aid's identification against NR 5.09(2)(a)5 and return it (as declared:
    a wrong one is left to the rules)."""
    clause = ref("NR 5.09(2)(a)5").clause

    def refuse(message: str) -> None:
        if not as_declared:
            raise DesignError(message, "ws_id")

    if not ws_id:
        wanted = ws_id_wanted(kind, _SAMPLE[kind])[0]
        raise DesignError(f"{kind} needs an identification: 'WS-' followed by {wanted}, such "
                          f"as {KINDS[kind].sample_id}, {clause}", "ws_id")
    parts = ws_id_parts(ws_id)
    if not parts:
        hint = f" (did you mean {ws_id.upper()!r}?)" if ws_id_parts(ws_id.upper()) else ""
        refuse(f"identification {ws_id!r} must be 'WS-' followed by a number "
               f"or letters (WS-1, WS-A), {clause}{hint}")
        return ws_id
    wanted, ok = ws_id_wanted(kind, parts)
    if not ok:
        refuse(f"{kind} carries {wanted}, not {ws_id!r}, {clause}")
    return ws_id


def validate_permit_id(kind: Kind, permit_id: str | None, law: Law) -> str | None:
    """Refuse a permit id wsmark cannot letter as the label of NR 5.09(3)(b) (capitals,
    digits, '-' and '/', at least one digit, at most ``permit_id_max_chars``), or a
    label on a kind that carries none (flags)."""
    if permit_id is None:
        return None
    duty = ref("NR 5.09(3)(b)").clause
    if kind.family not in LABELLED_FAMILIES:
        raise DesignError(f"{kind.name} takes no permit id: the label of {duty} is for "
                          "waterway markers placed with the department's approval, and a "
                          "flag is not one", "permit_id")
    if not kind.display_area:
        raise DesignError(f"{kind.name}: wsmark letters the permit label of {duty} in black "
                          "on the white below a display area, and this buoy has none (a "
                          "red or green body, a mooring ball, a race buoy); mark its number "
                          "on it by the shop's own means", "permit_id")
    most = int(law.req("permit_id_max_chars"))
    shown = permit_id if len(permit_id) <= 40 else permit_id[:40] + "..."
    if not is_permit_id(law, permit_id):
        hint = f" (did you mean {permit_id.upper()!r}?)" \
            if permit_id != permit_id.upper() and is_permit_id(law, permit_id.upper()) else ""
        raise DesignError(
            f"permit id {shown!r}: the department's number is lettered in capitals and "
            f"digits, with '-' or '/' between them, at least one digit and at most {most} "
            f"characters (WI-2026-0417; {law.requirement('permit_id_max_chars').ref}, for "
            f"{duty}){hint}", "permit_id")
    return permit_id


def validate(design: Design, kind: Kind, build: Build) -> Design:
    """``design`` with the law's defaults filled in (the outline minimum), after
    refusing what no correct marker of ``kind`` can be under ``build``'s law, citing the
    paragraph: the design's own numbers, then an aid's identification."""
    law = build.law
    if design.outline is None:
        design = replace(design, outline=law.req("outline_min"))
    design.validate(law, build.as_declared, needs_display_height=kind.form == "sign")
    if kind.family in ("buoy", "wrap") and kind.name not in SMALL_BUOYS:
        _buoy_minimums(design, build)
    _check_words(design, kind, build)
    if kind.sample_id is not None:
        validate_ws_id(kind.report_name, design.ws_id, build.as_declared)
    validate_permit_id(kind, design.permit_id, law)
    return design


#: Signs that may carry explanations above and/or below the symbol, and where it says so.
EXPLAINED = {k.name: k.ref.clause for k in KINDS.values() if k.explained}
#: Signs whose legend is what they say, and the words of the rule that ask for it.
SAYS = {"control": (ref("NR 5.09(2)(b)3").clause, "the nature of the control or "
                    "restriction shall be indicated by words, numerals, and/or well-known "
                    "abbreviations in black letters inside the circle"),
        "information": (ref("NR 5.09(2)(b)4").clause, "the message will be presented with "
                        "the rectangle in black letters")}


def _check_words(design: Design, kind: Kind, build: Build) -> None:
    """Refuse words that say nothing, words where the rule has no place for them, and
    a control or information sign (or a buoy showing one) without its message."""
    sign = kind.name if kind.family == "face" else design.symbol
    for name in ("legend", "above", "below"):
        value = getattr(design, name)
        if value is not None and not value.replace("|", " ").strip():
            raise DesignError(f"{name} {value!r} has no words: leave it out or give the words",
                              name)
    if (design.above or design.below) and sign not in EXPLAINED:
        raise DesignError(f"words above or below the symbol are for danger and control signs "
                          f"({', '.join(EXPLAINED.values())}), not {design.kind}",
                          "above" if design.above else "below")
    if sign in SAYS and not design.legend:
        clause, words = SAYS[sign]
        build.refuse(f"{sign} needs its legend (--legend): {clause}, \"{words}\"", "legend")


#: Buoys that NR 5.09(6)(a) exempts from its 36 in x 7 in minimum.
SMALL_BUOYS = ("buoy-mooring", "buoy-race")


def _buoy_minimums(design: Design, build: Build) -> None:
    """NR 5.09(6)(a): 36 in above the waterline and 7 in across (refused, unless the
    design is checked as declared)."""
    for name, key, what in (("height_above_water", "buoy_min_height", "riding above the "
                             "waterline"), ("diameter", "buoy_min_diameter", "in diameter")):
        value, need = getattr(design, name), build.law.requirement(key)
        if value is not None and value < need.value:
            build.refuse(f"{name.replace('_', ' ')} {value:g} in is below the minimum "
                         f"of {need.ref}: buoys at least {need.value:g} in {what} "
                         "(mooring and race course buoys excepted)", name)
