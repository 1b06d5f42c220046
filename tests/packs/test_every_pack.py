"""Every real pack, registry-wide (markers.packs.PACK_NAMES): every kind builds,
renders, reads back and checks clean under its own pack at more than one size, reading
no number or paragraph of its law it does not declare (``Kind.needs``, ``topics``); a pack
whose law lacks what a kind needs is refused when made; the builders take the law they
are handed (the same flag builder draws Wisconsin's 12 in and Connecticut's 13 in).
Kept cheap: SVG only, two sizes of each kind."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import replace
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest

from markers.build.signs import smallest_clear_h
from markers.check.pipeline import CheckOptions, check_pages
from markers.core.design import Design
from markers.core.pack import FAMILY_NEEDS, Kind, PackError
from markers.core.spec import Law
from markers.packs import PACK_NAMES, get_pack
from render.output import render_bytes

#: Display heights (inches) a kind with a display area is built at; a kind without
#: one is built at its default size and at its default numbers scaled by SCALE (within
#: every law's "approximately": a mooring's 18 +- 1 in, a distress flag's 10 %).
DISPLAY_HEIGHTS = (12.0, 24.0)
SCALE = 1.05
#: The numbers of a kind without a display area that size it, as its Artwork records.
SIZED = ("height_above_water", "diameter", "flag_height", "flag_length", "outline")
ROOT = Path(__file__).resolve().parents[2]


def _designs(pack, kind: Kind) -> list[Design]:
    """The designs each kind is checked at (its typical one, at each size)."""
    if kind.display_area:
        return [kind.typical_designs(h)[0] for h in DISPLAY_HEIGHTS]
    base = kind.typical_designs(None)[0]
    meta = pack.build(base).meta
    larger = {name: round(meta[name] * SCALE, 3) for name in SIZED
              if isinstance(meta.get(name), float)}
    return [base, replace(base, **larger)]


class _Reading(Mapping):
    """A law's table that notes each key read (a lookup, ``get`` of a key it has; not
    ``in``, which asks whether the law defines it)."""

    def __init__(self, table: Mapping[str, Any]) -> None:
        self.table, self.read = table, set()

    def __getitem__(self, key: str) -> Any:
        value = self.table[key]
        self.read.add(key)
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(self.table)

    def __len__(self) -> int:
        return len(self.table)

    def __contains__(self, key: object) -> bool:
        return key in self.table


@contextmanager
def _reading(law: Law) -> Iterator[tuple[_Reading, _Reading]]:
    """Within the block, ``law``'s requirements and clause topics note what is read
    (the one law object the pack's builders, measurers and rules share), then are put
    back. Cached answers read nothing, so what is noted is a floor: enough to find a
    key a kind reads and does not declare."""
    numbers, topics = _Reading(law.requirements), _Reading(law.clauses)
    object.__setattr__(law, "requirements", numbers)
    object.__setattr__(law, "clauses", topics)
    try:
        yield numbers, topics
    finally:
        object.__setattr__(law, "requirements", numbers.table)
        object.__setattr__(law, "clauses", topics.table)


CASES = [(name, kind.name, i) for name in PACK_NAMES
         for kind in get_pack(name).kinds.values()
         for i in range(len(DISPLAY_HEIGHTS) if kind.display_area else 2)]


@pytest.mark.parametrize("pack_name,kind_name,size", CASES)
def test_every_kind_of_every_pack_builds_renders_and_checks_clean(
        pack_name: str, kind_name: str, size: int) -> None:
    pack = get_pack(pack_name)
    kind = pack.kinds[kind_name]
    design = _designs(pack, kind)[size]
    assert pack.rules.law is pack.law  # one law object: what is read of it is noted
    with _reading(pack.law) as (numbers, topics):
        svg = render_bytes(pack.build(design), ".svg")
        report, _ = check_pages(svg, f"{kind_name}.svg", CheckOptions(), pack)
    serious = [(f.rule, f.message) for f in report.findings if f.severity != "info"]
    assert report.verdict == "pass" and not serious, serious
    assert report.kind == kind.report_name
    # the schema is declared: what was read is what the kind says it needs
    assert numbers.read <= {*FAMILY_NEEDS[kind.family], *kind.needs}, \
        sorted(numbers.read - {*FAMILY_NEEDS[kind.family], *kind.needs})
    assert topics.read <= set(kind.topics), sorted(topics.read - set(kind.topics))


def test_every_pack_is_complete_for_its_kinds() -> None:
    for name in PACK_NAMES:
        assert get_pack(name).missing() == [], name


def test_a_pack_lacking_what_a_kind_needs_is_refused_in_one_line() -> None:
    """Connecticut's pack without the diver's stripe and its lists (area buoy colors,
    regulatory symbols):
    refused when made, the line naming the pack, the kinds and what each lacks."""
    ct = get_pack("ct-15-121")
    law = Law(code=ct.law.code, citations=ct.law.citations,
              requirements={k: v for k, v in ct.law.requirements.items()
                            if k != "diver_stripe"},
              choices={}, practice=ct.law.practice, clauses=ct.law.clauses)
    with pytest.raises(PackError) as caught:
        replace(ct, name="ct-incomplete", law=law)
    said = str(caught.value)
    assert "\n" not in said
    assert said == ("pack ct-incomplete: regulatory-buoy needs list regulatory_symbols, "
                    "which its law does not define; mooring-area-buoy needs list "
                    "area_buoy_colors, which its law does not define; diver-flag needs "
                    "diver_stripe, which its law does not define")


def test_a_kind_of_an_unknown_family_is_refused() -> None:
    ct = get_pack("ct-15-121")
    odd = replace(ct.kinds["diver-flag"], family="banner")
    with pytest.raises(PackError, match="diver-flag is of family 'banner'"):
        replace(ct, kinds={**ct.kinds, "diver-flag": odd})


def test_the_builders_take_the_law_they_are_handed() -> None:
    """One flag builder, two laws: s. 30.70's 12 in and 15-121-A3(b)'s 13 in."""
    heights = {name: get_pack(name).build(Design("diver-flag")).meta["flag_height"]
               for name in ("wi-nr509", "ct-15-121")}
    assert heights == {"wi-nr509": 12.0, "ct-15-121": 13.0}


def test_the_smallest_clear_exclusion_is_the_law_s_own() -> None:
    """Cached on the law and the outline: each law gets its own answer, in any order."""
    wi = get_pack("wi-nr509").law
    wider = replace(wi, requirements={**wi.requirements, "exclusion_quarter_min": replace(
        wi.requirements["exclusion_quarter_min"], value=3.0)})
    assert smallest_clear_h(wi, 2.0) == 16.25
    assert smallest_clear_h(wider, 2.0) == 25.75
    assert smallest_clear_h(wi, 2.0) == 16.25


#: The verdicts every pack words (clerk's report, check pages), and the fields its words
#: may name.
VERDICTS = ("pass", "fail", "review", "error")
PLACEHOLDERS = {"waived", "unmet", "why"}
#: The help the plan packet's and register's parsing errors quote, for a pack with plan
#: rules.
PLAN_HELP = ("plan_permit_id", "plan_permit_pair", "plan_party", "plan_party_pair")


@pytest.mark.parametrize("pack_name", PACK_NAMES)
def test_every_pack_keeps_a_presentation_of_its_own_kinds(pack_name: str) -> None:
    """Presentation is the pack's, beside its law (markers/packs/<pack>/presentation.py):
    it names only the pack's kinds, the designs it shows pass the pack's validation,
    its verdict words cover every verdict and name only what the clerk fills in, and a
    pack that judges plans has the help its plan commands quote and an example plan."""
    from string import Formatter

    from markers.core.presentation import presentation_of

    pack = get_pack(pack_name)
    shown = presentation_of(pack)
    assert shown is import_module(f"{pack.module}.presentation").PRESENTATION
    assert shown.example_kind in pack.kinds
    for design in (*shown.gallery_extras, *shown.fabrication_samples):
        kind = pack.kind(design.kind)
        assert pack.validate(design, kind, pack.maker()).kind == kind.name
    assert set(VERDICTS) <= set(shown.verdicts)
    for words in shown.verdicts.values():
        assert {name for _, name, _, _ in Formatter().parse(words) if name} <= PLACEHOLDERS
    numbering = shown.numbering
    for kind, ident in (*numbering.examples, *((k, i) for k, i, _, _ in numbering.channel)):
        assert kind in pack.kinds, (kind, ident)
    assert numbering.clause in pack.law.citations
    if pack.plan_rules_at is not None:
        assert set(PLAN_HELP) <= set(shown.help)
        assert shown.example_plan and (ROOT / "examples" / shown.example_plan).is_file()
