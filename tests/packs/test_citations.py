"""Citations checked, not trusted (issue 31).

Every rule of the Wisconsin pack, on every kind it judges: the paragraphs its finding
cites speak of that kind (an aid's finding never cites the regulatory markers' (2)(b),
a sign's never the aids' (2)(a), a flag's only its statute), and every quoted paragraph
is the regulation's own words, found in that paragraph of the text of NR 5.09 (a copy of
shared/seeds, tests/data/law/) or of ch. 30, Wis. Stats. The clerk's report of a red aid
quotes no regulatory paragraph.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pypdf
import pytest
from wi import PACK

from markers import api

LAW = Path(__file__).resolve().parents[1] / "data" / "law"
NR509 = " ".join((LAW / "nr5_09.txt").read_text().split())
CH30 = " ".join((LAW / "ch30_subch5.txt").read_text().split())

#: Citations that name no paragraph of a law: how a drawing was made, and the project's
#: or the uniform system's practice where NR 5.09 says nothing.
NOT_PARAGRAPHS = {"fabrication", "wsmark practice", "USWMS practice"}
#: Words of which a paragraph cited on a marker of each family speaks (its text holds
#: at least one): what a regulatory sign, an aid, a buoy, a buoy's flat wrap, a flag is.
SPEAKS_OF = {
    "face": ("regulatory markers", "diamond", "circle", "rectangular", "symbol",
             "display area", "waterway markers"),
    "aid": ("aids to navigation", "red buoy", "green buoy", "vertically striped", "buoy",
            "display area", "waterway markers"),
    "buoy": ("buoy", "waterway markers"),
    "wrap": ("buoy", "cylindrical", "symbol", "waterway markers"),
    "flag": ("flag",),
}
#: Paragraphs a family's finding never cites: another family's.
NEVER = {"aid": ("NR 5.09(2)(b)",), "face": ("NR 5.09(2)(a)",),
         "flag": ("NR 5.09",), "buoy": (), "wrap": ()}


def _cases() -> list[tuple[str, str]]:
    return [(r.id, kind) for r in PACK.rules.rules.values() for kind in PACK.kinds
            if r.judges(kind)]


@pytest.mark.parametrize("rule_id,kind", _cases())
def test_a_finding_cites_a_paragraph_that_speaks_of_its_kind(rule_id: str, kind: str) -> None:
    rule = PACK.rules.rules[rule_id]
    # an aid buoy is an aid: its paragraphs are the aids' and the buoys'
    family = "aid" if kind.removeprefix("buoy-").startswith("aid-") else PACK.kinds[kind].family
    citation = rule.cite(kind)
    for clause, quote in PACK.rules.quotes(citation):
        if clause in NOT_PARAGRAPHS:
            continue
        assert not any(clause.startswith(other) for other in NEVER[family]), \
            f"{rule_id} on {kind} cites {clause}"
        assert any(word in quote.lower() for word in SPEAKS_OF[family]), \
            f"{rule_id} on {kind} cites {clause}, which speaks of none of {SPEAKS_OF[family]}"


def test_what_a_marker_is_cites_its_kind_s_own_paragraph() -> None:
    shape = PACK.rules.rules["reg-shape"]
    assert shape.cite("aid-red") == "NR 5.09(2)(a)1,7"
    assert shape.cite("aid-center") == "NR 5.09(2)(a)4,7"
    assert shape.cite("danger") == "NR 5.09(2)(b)1"
    assert shape.cite("diver-flag") == "s. 30.70, Wis. Stats."


# --------------------------------------------------------- the quotes are the law's

_SUB = re.compile(r"\((\d+)\) [A-Z]{3}")          # "(6) SPECIFICATIONS ..."
_PAR = re.compile(r"\(([a-z])\) ?(?=[A-Z])")      # "(a)State aids", "(b) Such"
_SUBD = re.compile(r"(?<!\d)(?<!\d\.)(\d)\. ?(?=[A-Z])")  # "1. A red buoy", ".2. A green"


def _span(text: str, pattern: re.Pattern[str], name: str) -> str:
    """The text of the part named ``name`` (up to the next part of its level)."""
    starts = [(m.group(1), m.start()) for m in pattern.finditer(text)]
    for i, (found, start) in enumerate(starts):
        if found == name:
            end = starts[i + 1][1] if i + 1 < len(starts) else len(text)
            return text[start:end]
    raise AssertionError(f"no part {name!r} in {text[:60]!r}")


def nr509_paragraph(clause: str) -> str:
    """The words of an NR 5.09 paragraph ("NR 5.09(2)(a)5") in the regulation's text."""
    parts = re.fullmatch(r"NR 5\.09\((\d+)\)(?:\(([a-z])\))?(\d+)?", clause)
    assert parts, clause
    text = _span(NR509, _SUB, parts[1])
    if parts[2]:
        text = _span(text, _PAR, parts[2])
    if parts[3]:
        text = _span(text, _SUBD, parts[3])
    return text


def _bare(text: str) -> str:
    """Text without whitespace: the copy of the law lost spaces where it joined lines
    ("in color;2. Be")."""
    return "".join(text.split())


def _segments(quote: str) -> list[str]:
    """The parts of a quote between its elisions ("..."), without whitespace."""
    return [_bare(s) for s in quote.split("...") if s.strip()]


@pytest.mark.parametrize("clause", sorted(c for c in PACK.law.citations
                                          if c not in NOT_PARAGRAPHS))
def test_a_quote_is_the_words_of_the_paragraph_it_names(clause: str) -> None:
    quote = PACK.law.citations[clause].quote
    where = _bare(nr509_paragraph(clause) if clause.startswith("NR 5.09") else CH30)
    for segment in _segments(quote):
        assert segment in where, f"{clause}: {segment!r} is not its paragraph's text"


def test_the_paragraph_finder_tells_paragraphs_apart() -> None:
    """The check above could pass with a quote of the wrong paragraph: it cannot."""
    red = PACK.law.citations["NR 5.09(2)(a)1"].quote
    assert red in nr509_paragraph("NR 5.09(2)(a)1")
    assert nr509_paragraph("NR 5.09(6)(b)").startswith("(b) The thickness of the symbol")
    assert red not in nr509_paragraph("NR 5.09(2)(a)2")
    assert red not in nr509_paragraph("NR 5.09(2)(b)1")


def test_the_clerk_s_report_of_a_red_aid_quotes_no_regulatory_paragraph() -> None:
    aid = api.render(api.design("aid-red", 24, ws_id="WS-2"), ".svg")
    report, marked = api.check(aid, "aid.svg", annotate_copy=True)
    text = " ".join(page.extract_text() for page in pypdf.PdfReader(
        io.BytesIO(api.report_pdf([report], [marked], stamp=""))).pages)
    text = " ".join(text.split())
    assert "(2)(b)" not in text and "international orange" not in text
    assert "reg-shape NR 5.09(2)(a)1,7" in text
    assert 'NR 5.09(2)(a)1: "A red buoy or sign shall indicate' in text
