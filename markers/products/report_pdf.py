"""The clerk's report: evidence a clerk can file, as PDF with real text, a page or more
per checked file.

Every page says what it is about and what made it: the file's name, SHA-256 and size,
the date and time of the report, the wsmark and pack versions, and the options used
(tolerances, waivers with their reasons, the display height given and the basis of
each marker's). The first page of a file gives the verdict in the words the rule allows
and the marked-up drawing; then, per marker, a row for every requirement judged (rule,
paragraph with its quoted text, measured, required, tolerance, result), the findings
in full, what could not be judged and what was set aside. Nothing is cut: what does
not fit flows onto the next page, the table's head repeated.

It takes the JSON report contract (plain dicts) and the pack's words as data, so it
needs nothing of the checker or the pack. Pages are SVG built with ElementTree, turned
into PDF by ``render.raster`` and combined by ``render.pdf``.
"""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from defusedxml.ElementTree import fromstring

from markers.core.safe_text import xml_document
from markers.core.waiver import parse_waiver
from render.pdf import combine_pdfs
from render.raster import svg_to_pdf

__all__ = ["VERDICT_COLORS", "ReportWords", "report_pages_svg", "report_pdf"]

SVG = "http://www.w3.org/2000/svg"
ET.register_namespace("", SVG)

#: Words and colors of the verdicts, shared with the web page.
VERDICT_COLORS = {"pass": "#1B7F3B", "fail": "#B42318", "review": "#A15C00",
                  "waived": "#8A3B12", "error": "#5B5B5B"}
#: A requirement's result in words where its name alone would mislead.
RESULT_WORDS = {"waived": "waived (not met or not followed, accepted by waiver)"}
#: How a verdict is headed on the page (a waived one is not met: it says so).
VERDICT_HEADS = {"waived": "NOT MET - WAIVED"}
#: Colors of a requirement's result in the table.
RESULT_COLORS = {"pass": "#1B7F3B", "fail": "#B42318", "warning": "#A15C00",
                 "review": "#A15C00", "waived": "#5B5B5B"}
PAGE_W, PAGE_H, MARGIN = 8.5, 11.0, 0.6
WIDTH = PAGE_W - 2 * MARGIN
BODY = 0.125           # 9 pt
SMALL = BODY * 0.85
LINE = BODY * 1.45
#: Advance of an average character of the sans-serif font, in ems (DejaVu Sans: 0.55-0.63)
ADVANCE = 0.6
GREY = "#555555"
DRAWING_W, DRAWING_H = 3.3, 3.4
#: The requirements table: title, width (in), and how a row fills it.
COLUMNS = (("Rule", 1.55), ("Paragraph", 1.35), ("Measured", 1.25), ("Required", 1.3),
           ("Tolerance", 0.85), ("Result", 1.0))
FOOTER = PAGE_H - MARGIN + 0.2
BOTTOM = PAGE_H - MARGIN - 0.15   # the body ends above the footer


@dataclass(frozen=True)
class ReportWords:
    """What the report says beside the JSON: the date and time it was made (``stamp``,
    "" to leave it off), the text of each paragraph a row cites (citation -> (clause,
    quote) pairs, from the pack), the paragraph that defines each kind (of a citation
    naming several, a marker's row quotes its kind's) and each file's verdict in the
    words the rule allows (one per record, None for none)."""

    stamp: str
    quotes: Mapping[str, list[tuple[str, str]]]
    kind_clauses: Mapping[str, str]
    verdicts: list[str | None]


def _chars(width: float, size: float = BODY) -> int:
    """How many characters of ``size`` fit in ``width`` inches."""
    return max(4, int(width / (size * ADVANCE)))


def _text(parent: ET.Element, x: float, y: float, text: str, size: float = BODY,
          bold: bool = False, fill: str = "#000000", anchor: str | None = None) -> None:
    node = ET.SubElement(parent, f"{{{SVG}}}text", x=f"{x:.3f}", y=f"{y:.3f}",
                         fill=fill, attrib={"font-size": f"{size:.3f}"})
    if bold:
        node.set("font-weight", "bold")
    if anchor:
        node.set("text-anchor", anchor)
    node.text = text


def _rule_line(parent: ET.Element, y: float, color: str = "#BBBBBB") -> None:
    ET.SubElement(parent, f"{{{SVG}}}line", x1=f"{MARGIN}", y1=f"{y:.3f}",
                  x2=f"{PAGE_W - MARGIN}", y2=f"{y:.3f}", stroke=color,
                  attrib={"stroke-width": "0.01"})


def _number(value: float, unit: str | None) -> str:
    """A measured number as the report prints it: lengths to 1/100 in, angles to 0.1 deg,
    ratios to 3 places, counts whole."""
    if unit == "deg":
        return f"{value:.1f}"
    if unit == "ratio":
        return f"{value:.3f} (ratio)"
    if unit == "count":
        return f"{value:g}"
    return f"{value:.2f}"


def _with_unit(value: Any, unit: str | None) -> str:
    """A measured, required or tolerance value with its unit ("2.00 in", "35.0 deg")."""
    if value is None:
        return "-"
    shown = _number(value, unit) if isinstance(value, (int, float)) and not isinstance(
        value, bool) else str(value)
    return f"{shown} {unit}" if unit and unit not in ("ratio", "count") else shown


#: What the tolerances are when none was overridden.
DEFAULTS = "the rules' defaults"


def _options(record: dict[str, Any]) -> list[str]:
    """The options used, in words: tolerances, waivers with their reasons, the display
    height given (else each marker's basis) and a scale."""
    given = record.get("options") or {}
    tolerances = [f"{o['rule']} {o['value']:g}{'' if o['unit'] == 'ratio' else ' ' + o['unit']}"
                  + (" (accepts less than the rule's minimum)" if o.get("below_minimum")
                     else "") for o in record.get("tolerance_overrides", [])]
    waivers = [f"{_waived_rule(rule)} ({parse_waiver(reason).words()})"
               for rule, reason in (given.get("waivers") or {}).items()]
    if given.get("display_height_in") is not None:
        basis = f"{given['display_height_in']:g} in, given by the user"
    else:
        bases = [f"{m['display_height_in']:g} in ({m.get('display_height_basis')})"
                 if m.get("display_height_in") is not None else
                 f"{m.get('display_height_basis') or 'none'}" for m in record.get("markers", [])]
        basis = "; ".join(dict.fromkeys(bases)) or "none (file not judged)"
    words = [f"Tolerances: {'; '.join(tolerances) or DEFAULTS}",
             f"Waivers: {'; '.join(waivers) or 'none'}", f"Display area: {basis}"]
    if given.get("scale"):
        words.append(f"Scale: {given['scale']:g} in per drawing unit, given by the user")
    return words


def _waived_rule(key: str) -> str:
    """A waiver's key in words: "outline-width", or "outline-width on marker 1" for the
    key ``outline-width@1`` (markers counted from 1, as for people everywhere)."""
    rule, sep, number = key.partition("@")
    return f"{rule} on marker {number}" if sep and number.isdigit() else key


def _header_lines(record: dict[str, Any], stamp: str) -> list[tuple[str, str]]:
    """The lines on top of every page of a file's report: (text, color)."""
    made = f"wsmark {record.get('wsmark_version', '?')}, pack {record.get('pack', '?')} " \
           f"{record.get('pack_version', '')}".rstrip()
    digest = (f"SHA-256 {record['sha256']}, {record['size']:,} bytes"
              if record.get("sha256") else "SHA-256 none: the file could not be read")
    lines = [f"File: {record['file']}", digest,
             (f"Report made {stamp}; " if stamp else "") + f"judged by {made}"]
    lines += textwrap.wrap("Options used: " + ". ".join(_options(record)) + ".",
                           _chars(WIDTH, SMALL), subsequent_indent="    ")
    return [(line, "#000000" if i < 2 else GREY) for i, line in enumerate(lines)]


# --- the body: blocks that flow over pages --------------------------------------------

@dataclass
class Block:
    """A piece of the body that is kept on one page: its height and how to draw it at
    a given top. ``row``: a table row (a new page repeats the table's head first)."""

    height: float
    draw: Callable[[ET.Element, float], None]
    row: bool = False


def _lines_block(lines: list[str], size: float = BODY, fill: str = "#000000",
                 bold: bool = False) -> list[Block]:
    """Lines of text, a block each (so a long list flows over pages)."""
    def line_at(line: str) -> Callable[[ET.Element, float], None]:
        return lambda page, y: _text(page, MARGIN, y + size, line, size, bold, fill)
    return [Block(size * 1.45, line_at(line)) for line in lines]


def _heading(title: str) -> Block:
    def draw(page: ET.Element, y: float) -> None:
        _text(page, MARGIN, y + LINE * 1.1, title, BODY * 1.15, bold=True)
    return Block(LINE * 1.6, draw)


def _table_head() -> Block:
    def draw(page: ET.Element, y: float) -> None:
        x = MARGIN
        for title, width in COLUMNS:
            _text(page, x, y + BODY, title, SMALL, bold=True, fill=GREY)
            x += width
        _rule_line(page, y + LINE * 1.05)
    return Block(LINE * 1.3, draw)


def _quoted(citation: str, kind: str | None, quoted: set[str], words: ReportWords) -> str:
    """The words of the paragraphs ``citation`` names, those already ``quoted`` for the
    marker referred to; of a citation naming several, the one defining ``kind`` when it
    is among them."""
    clauses = list(words.quotes.get(citation, []))
    own = [(clause, quote) for clause, quote in clauses
           if clause == words.kind_clauses.get(kind or "")]
    if len(clauses) > 1 and own:
        clauses = own
    fresh = [(clause, quote) for clause, quote in clauses if clause not in quoted]
    quoted.update(clause for clause, _ in clauses)
    said = " ".join(f'{clause}: "{quote}"' for clause, quote in fresh)
    return said or (f"{', '.join(clause for clause, _ in clauses)}: quoted above"
                    if clauses else "")


def _row(check: dict[str, Any], said: str) -> Block:
    """A requirement judged: its cells wrapped in their columns, and under them the
    paragraph's words ``said`` and a waiver's reason."""
    unit = check.get("unit")
    tol = check.get("tolerance")
    cells = [check["rule"], check["citation"], _with_unit(check.get("measured"), unit),
             _with_unit(check.get("required"), unit),
             "-" if tol is None else _with_unit(tol, unit), check["result"].upper()]
    wrapped = [textwrap.wrap(cell, _chars(width - 0.08)) or [""]
               for cell, (_, width) in zip(cells, COLUMNS, strict=True)]
    if check.get("message"):  # what the number is: "circle out of round by 0.0 % ..."
        said = f"Read: {check['message']}. {said}".replace(".. ", ". ")
    if check.get("waived"):
        said = (f"{said} Not met as the paragraph requires; accepted by waiver: "
                f"{parse_waiver(check['waived']).words()}.").strip()
    quote_lines = textwrap.wrap(said, _chars(WIDTH - 0.2, SMALL * 0.95))
    rows = max(len(cell) for cell in wrapped)
    height = rows * LINE + len(quote_lines) * SMALL * 1.35 + LINE * 0.45

    def draw(page: ET.Element, y: float) -> None:
        x = MARGIN
        for n, (lines, (_, width)) in enumerate(zip(wrapped, COLUMNS, strict=True)):
            color = RESULT_COLORS.get(check["result"], "#000000") if n == len(COLUMNS) - 1 \
                else "#000000"
            for i, line in enumerate(lines):
                _text(page, x, y + BODY + i * LINE, line, bold=n == len(COLUMNS) - 1,
                      fill=color)
            x += width
        top = y + rows * LINE
        for i, line in enumerate(quote_lines):
            _text(page, MARGIN + 0.2, top + SMALL + i * SMALL * 1.35, line, SMALL * 0.95,
                  fill=GREY)
        _rule_line(page, y + height - LINE * 0.15, "#E2E2E2")
    return Block(height, draw, row=True)


def _finding_lines(finding: dict[str, Any], number: int | None) -> list[str]:
    """A finding as wrapped lines: number, rule, paragraph, message, measured vs
    required, waiver."""
    unit = f" {finding['unit']}" if finding.get("unit") and finding["unit"] != "ratio" else ""
    values = (f" Measured {finding['measured']}{unit}, required {finding['required']}{unit}."
              if finding.get("measured") is not None else "")
    waived = (f" Not met; accepted by waiver: {parse_waiver(finding['waived']).words()}"
              "." if finding.get("waived") else "")
    head = f"{number}. " if number is not None else "- "
    text = (f"{head}{finding['rule']} ({finding['severity']}, {finding['citation']}): "
            f"{finding['message']}.{values}{waived}").replace("..", ".")
    return textwrap.wrap(text, _chars(WIDTH), subsequent_indent="    ")


def _marker_blocks(record: dict[str, Any], marker: dict[str, Any], words: ReportWords
                   ) -> list[Block]:
    """One marker's evidence: its requirements judged, then its findings in full, what
    could not be judged and what was set aside."""
    findings = [f for f in record.get("findings", []) if f.get("marker", 0) == marker["index"]]
    blocks = _marker_heading(marker) if len(record.get("markers", [])) > 1 else []
    judged = [c for c in marker.get("checks", []) if c["result"] != "review"]
    blocks += _judged_rows(judged, marker, words)
    unjudged = [c["rule"] for c in marker.get("checks", []) if c["result"] == "review"]
    for section in _finding_sections(findings):
        blocks += _finding_section(*section, unjudged)
    if not judged and not findings:
        blocks += _lines_block(["No requirement could be judged on this marker."])
    return blocks


def _marker_heading(marker: dict[str, Any]) -> list[Block]:
    """The heading of one marker of several: its number, page, kind and verdict."""
    where = f"page {marker['page']}, " if marker.get("page") else ""
    kind = marker.get("kind") or "not recognised"
    return [_heading(f"Marker {marker['index'] + 1} ({where}{kind}): "
                     f"{marker['verdict'].upper()}")]


def _judged_rows(judged: list[dict[str, Any]], marker: dict[str, Any], words: ReportWords
                 ) -> list[Block]:
    """The table of the requirements judged, each with the words of its paragraph
    (quoted once per marker)."""
    if not judged:
        return []
    quoted: set[str] = set()
    return [_heading(f"Requirements judged ({len(judged)}), each with the words of "
                     "its paragraph"), _table_head(),
            *[_row(c, _quoted(c["citation"], marker.get("kind"), quoted, words))
              for c in judged]]


#: The sections of a marker's findings: (title, its severities (None: every other one),
#: numbered as on the drawing, followed by the rules a review left unpassed).
FINDING_SECTIONS: tuple[tuple[str, tuple[str, ...] | None, bool, bool], ...] = (
    ("Findings in full (numbered as on the drawing)", None, True, False),
    ("Could not be judged: a person must check", ("review",), True, True),
    ("Set aside and noted (not judged)", ("info",), False, False))


def _finding_sections(findings: list[dict[str, Any]]
                      ) -> list[tuple[str, list[dict[str, Any]], bool, bool]]:
    """The findings of each section of FINDING_SECTIONS, in its order."""
    named = {s for _, severities, _, _ in FINDING_SECTIONS for s in severities or ()}
    return [(title, [f for f in findings if f["severity"] in (severities or ())
                     or (severities is None and f["severity"] not in named)], numbered, unpassed)
            for title, severities, numbered, unpassed in FINDING_SECTIONS]


def _finding_section(title: str, found: list[dict[str, Any]], numbered: bool,
                     unpassed: bool, unjudged: list[str]) -> list[Block]:
    """One section of findings in full; after what could not be judged, the rules
    not passed for that."""
    if not found:
        return []
    blocks = [_heading(title)]
    for number, finding in enumerate(found, start=1):
        blocks += _lines_block(_finding_lines(finding, number if numbered else None))
    if unpassed and unjudged:
        blocks += _lines_block([f"Rules not passed for that: {', '.join(unjudged)}."],
                               fill=GREY)
    return blocks


def _body(record: dict[str, Any], words: ReportWords) -> list[Block]:
    """Everything after the verdict, in order, ending with the signature line."""
    blocks: list[Block] = []
    if record.get("error"):
        blocks += _lines_block(textwrap.wrap(f"Could not be judged: {record['error']}",
                                             _chars(WIDTH)))
    for marker in record.get("markers", []):
        blocks += _marker_blocks(record, marker, words)

    def sign(page: ET.Element, y: float) -> None:
        _text(page, MARGIN, y + 0.45, "Reviewed by ______________________________"
              "      Date ________________", BODY * 1.1)
    blocks.append(Block(0.6, sign))
    return blocks


def _paginate(blocks: list[Block], first_top: float, top: float) -> list[list[tuple[float, Block]]]:
    """The blocks placed on pages: (y, block) per page; a table row that starts a page
    gets the table's head above it."""
    pages: list[list[tuple[float, Block]]] = [[]]
    y = first_top
    for block in blocks:
        if y + block.height > BOTTOM and pages[-1]:
            pages.append([])
            y = top
            if block.row:
                head = _table_head()
                pages[-1].append((y, head))
                y += head.height
        pages[-1].append((y, block))
        y += block.height
    return pages


def _drawing(parent: ET.Element, marked: bytes, box: tuple[float, float, float, float]
             ) -> None:
    """The marked-up SVG nested in its box, scaled to fit (our own output)."""
    root = fromstring(marked)
    x, y, w, h = box
    root.attrib.update({"x": f"{x}", "y": f"{y}", "width": f"{w}", "height": f"{h}",
                        "preserveAspectRatio": "xMidYMin meet"})
    ET.SubElement(parent, f"{{{SVG}}}rect", x=f"{x}", y=f"{y}", width=f"{w}", height=f"{h}",
                  fill="none", stroke="#BBBBBB", attrib={"stroke-width": "0.01"})
    parent.append(root)


def _verdict(page: ET.Element, record: dict[str, Any], words: str | None, top: float,
             width: float) -> float:
    """The verdict in words and color, and what was judged; returns where it ends."""
    verdict = record["verdict"]
    _text(page, MARGIN, top + 0.45, VERDICT_HEADS.get(verdict, verdict.upper()),
          0.42 if verdict not in VERDICT_HEADS else 0.3, bold=True,
          fill=VERDICT_COLORS.get(verdict, "#000000"))
    y = top + 0.75
    for line in textwrap.wrap(words or "", _chars(width, BODY * 1.1)):
        _text(page, MARGIN, y, line, BODY * 1.1, bold=True)
        y += LINE * 1.1
    y += LINE * 0.4
    if not record.get("error"):
        kinds = ", ".join(dict.fromkeys(m.get("kind") or "not recognised"
                                        for m in record.get("markers", []))) or "none"
        about = [f"Kind: {kinds}"]
        about += [f"Marker {m['index'] + 1}: display area {m['display_height_in']:g} in "
                  f"({m.get('display_height_basis') or 'basis not stated'})"
                  for m in record.get("markers", []) if m.get("display_height_in") is not None]
        counts: dict[str, int] = {}
        for m in record.get("markers", []):
            for c in m.get("checks", []):
                counts[c["result"]] = counts.get(c["result"], 0) + 1
        if counts:
            about.append("Requirements judged: " + ", ".join(
                f"{counts[r]} {RESULT_WORDS.get(r, r)}"
                for r in ("pass", "fail", "warning", "waived", "review")
                if r in counts))
        for line in (wrapped for text in about for wrapped in textwrap.wrap(
                text, _chars(width))):
            _text(page, MARGIN, y, line)
            y += LINE
    return y


def report_pages_svg(record: dict[str, Any], marked: bytes | None, words: ReportWords,
                     verdict_words: str | None = None) -> list[bytes]:
    """The pages of one file's report ``record`` (the JSON contract's object), each an
    SVG: the header on every page, the verdict (in ``verdict_words``) and the marked-up
    drawing on the first, the evidence flowing over as many as it takes."""
    header = _header_lines(record, words.stamp)
    header_bottom = MARGIN + 0.35 + len(header) * SMALL * 1.4 + 0.05
    drawing = (PAGE_W - MARGIN - DRAWING_W, header_bottom + 0.15, DRAWING_W, DRAWING_H)
    pages = [ET.Element(f"{{{SVG}}}svg", width=f"{PAGE_W}in", height=f"{PAGE_H}in",
                        viewBox=f"0 0 {PAGE_W} {PAGE_H}",
                        attrib={"font-family": "sans-serif"})]
    verdict_width = drawing[0] - MARGIN - 0.2 if marked is not None else WIDTH
    end = _verdict(pages[0], record, verdict_words, header_bottom, verdict_width)
    if marked is not None:
        _drawing(pages[0], marked, drawing)
        end = max(end, drawing[1] + drawing[3])
    placed = _paginate(_body(record, words), end + 0.25, header_bottom + 0.2)
    for _ in placed[1:]:
        pages.append(ET.Element(f"{{{SVG}}}svg", width=f"{PAGE_W}in", height=f"{PAGE_H}in",
                                viewBox=f"0 0 {PAGE_W} {PAGE_H}",
                                attrib={"font-family": "sans-serif"}))
    out = []
    for number, (page, blocks) in enumerate(zip(pages, placed, strict=True), start=1):
        ET.SubElement(page, f"{{{SVG}}}title").text = f"wsmark check report: {record['file']}"
        _text(page, MARGIN, MARGIN + 0.1, "Proof check report", 0.2, bold=True)
        _text(page, PAGE_W - MARGIN, MARGIN + 0.1, f"page {number} of {len(placed)} for "
              "this file", SMALL, fill=GREY, anchor="end")
        for i, (line, color) in enumerate(header):
            _text(page, MARGIN, MARGIN + 0.35 + i * SMALL * 1.4, line, SMALL, fill=color)
        _rule_line(page, header_bottom)
        for y, block in blocks:
            block.draw(page, y)
        _text(page, MARGIN, FOOTER, f"{record['file'][:60]} - page {number} of {len(placed)}"
              ": the rule's text, not this report, is the authority.", SMALL, fill="#666666")
        out.append(xml_document(ET.tostring(page, encoding="unicode")).encode("utf-8"))
    return out


def report_pdf(records: list[dict[str, Any]], marked: list[bytes | None],
               words: ReportWords) -> bytes:
    """The clerk's report: the pages of each record, in order, as one PDF."""
    pages = [svg_to_pdf(svg)
             for record, copy, said in zip(records, marked, words.verdicts, strict=True)
             for svg in report_pages_svg(record, copy, words, said)]
    return combine_pdfs(pages, "wsmark check report")
