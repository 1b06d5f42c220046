"""The clerk's report: one letter page per checked file, as PDF with real text.

A small layout on purpose: the verdict in words and color, what was judged (kind,
display height and how it was found), the marked-up drawing fitted in a box, and the
numbered findings with measured vs required and any waiver. It takes the JSON report
contract (plain dicts), so it needs nothing of the checker. Pages are SVG built with
ElementTree, turned into PDF by ``render.raster`` and combined by ``render.pdf``.
"""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from importlib.metadata import version
from typing import Any

from defusedxml.ElementTree import fromstring

from render.pdf import combine_pdfs
from render.raster import svg_to_pdf

__all__ = ["VERDICT_COLORS", "report_page_svg", "report_pdf"]

SVG = "http://www.w3.org/2000/svg"
ET.register_namespace("", SVG)

#: Words and colors of the verdicts, shared with the web page.
VERDICT_COLORS = {"pass": "#1B7F3B", "fail": "#B42318", "review": "#A15C00",
                  "error": "#5B5B5B"}
PAGE_W, PAGE_H, MARGIN = 8.5, 11.0, 0.6
BODY = 0.125           # 9 pt
LINE = BODY * 1.45
CHARS = 100            # characters per full-width line at BODY, sans-serif
DRAWING_BOX = (4.6, 1.55, 3.3, 3.6)  # x, y, w, h of the marked-up drawing


def _text(parent: ET.Element, x: float, y: float, text: str, size: float = BODY,
          bold: bool = False, fill: str = "#000000") -> None:
    node = ET.SubElement(parent, f"{{{SVG}}}text", x=f"{x:.3f}", y=f"{y:.3f}",
                         fill=fill, attrib={"font-size": f"{size:.3f}"})
    if bold:
        node.set("font-weight", "bold")
    node.text = text


def _finding_lines(finding: dict[str, Any], number: int | None) -> list[str]:
    """A finding as wrapped lines: number, rule, paragraph, message, measured vs
    required, waiver."""
    unit = f" {finding['unit']}" if finding.get("unit") and finding["unit"] != "ratio" else ""
    values = (f" Measured {finding['measured']}{unit}, required {finding['required']}{unit}."
              if finding.get("measured") is not None else "")
    waived = f" Waived: {finding['waived']}." if finding.get("waived") else ""
    head = f"{number}. " if number is not None else "- "
    text = (f"{head}{finding['rule']} ({finding['severity']}, {finding['citation']}): "
            f"{finding['message']}.{values}{waived}").replace("..", ".")
    return textwrap.wrap(text, CHARS, subsequent_indent="    ")


def _drawing(parent: ET.Element, marked: bytes) -> None:
    """The marked-up SVG nested in its box, scaled to fit (our own output)."""
    root = fromstring(marked)
    x, y, w, h = DRAWING_BOX
    root.attrib.update({"x": f"{x}", "y": f"{y}", "width": f"{w}", "height": f"{h}",
                        "preserveAspectRatio": "xMidYMin meet"})
    ET.SubElement(parent, f"{{{SVG}}}rect", x=f"{x}", y=f"{y}", width=f"{w}", height=f"{h}",
                  fill="none", stroke="#BBBBBB", attrib={"stroke-width": "0.01"})
    parent.append(root)


def report_page_svg(record: dict[str, Any], marked: bytes | None, pack: str = "") -> bytes:
    """One page for one file's report ``record`` (the JSON contract's object); ``pack``
    names the rule it was judged by."""
    page = ET.Element(f"{{{SVG}}}svg", width=f"{PAGE_W}in", height=f"{PAGE_H}in",
                      viewBox=f"0 0 {PAGE_W} {PAGE_H}", attrib={"font-family": "sans-serif"})
    ET.SubElement(page, f"{{{SVG}}}title").text = f"wsmark check report: {record['file']}"
    _text(page, MARGIN, MARGIN + 0.1, "Proof check report", 0.22, bold=True)
    _text(page, MARGIN, MARGIN + 0.4, f"File: {record['file'][:90]}", BODY * 1.1)
    verdict = record["verdict"]
    _text(page, MARGIN, MARGIN + 1.0, verdict.upper(), 0.42, bold=True,
          fill=VERDICT_COLORS.get(verdict, "#000000"))
    y = MARGIN + 1.4
    about = []
    if record.get("error"):
        about = textwrap.wrap(f"Could not be judged: {record['error']}", 56)
    else:
        about.append(f"Kind: {record.get('kind') or 'not recognised'}")
        if record.get("display_height_in") is not None:
            about.append(f"Display area: {record['display_height_in']:g} in "
                         f"({record.get('display_height_basis') or 'basis not stated'})")
    for line in about:
        _text(page, MARGIN, y, line)
        y += LINE
    if marked is not None:
        _drawing(page, marked)
    y = max(y, DRAWING_BOX[1] + DRAWING_BOX[3]) + 0.35
    judged = [f for f in record.get("findings", []) if f["severity"] not in ("info", "review")]
    unjudged = [f for f in record.get("findings", []) if f["severity"] == "review"]
    noted = [f for f in record.get("findings", []) if f["severity"] == "info"]
    sections = [("Findings (numbered as on the drawing)", judged, True),
                ("Could not be judged: a person must check", unjudged, True),
                ("Set aside (noted, not judged)", noted, False)]
    overrides = [f"{o.get('rule')}: tolerance {o.get('value')}" + (
        " (below the rule's own minimum, allowed by the user)" if o.get("below_minimum")
        else "") for o in record.get("tolerance_overrides", [])]
    waived = [f"{f['rule']}: {f['waived']}" for f in record.get("findings", [])
              if f.get("waived")]
    limit = PAGE_H - MARGIN - 1.0
    for title, findings, numbered in sections:
        if not findings or y > limit:
            continue
        _text(page, MARGIN, y, title, BODY * 1.15, bold=True)
        y += LINE * 1.3
        for number, finding in enumerate(findings, start=1):
            lines = _finding_lines(finding, number if numbered else None)
            if y + LINE * len(lines) > limit:
                _text(page, MARGIN, y, "... more in the JSON report.")
                y = limit + 1
                break
            for line in lines:
                _text(page, MARGIN, y, line)
                y += LINE
        y += LINE * 0.6
    if not record.get("findings") and not record.get("error"):
        _text(page, MARGIN, y, "No findings: every requirement checked was met.")
        y += LINE
    for title, lines in (("Tolerance overrides used", overrides), ("Waivers", waived)):
        if lines and y < limit:
            _text(page, MARGIN, y + LINE * 0.3, f"{title}: " + "; ".join(lines)[:110], BODY)
            y += LINE * 1.3
    _text(page, MARGIN, PAGE_H - MARGIN - 0.35, "Reviewed by ______________________________"
          "      Date ________________", BODY * 1.1)
    judged_by = f", pack {pack}" if pack else ""
    _text(page, MARGIN, PAGE_H - MARGIN + 0.2, f"wsmark {version('wsmark')}{judged_by}: the "
          "rule's text, not this report, is the authority.", BODY * 0.85, fill="#666666")
    return ET.tostring(page, encoding="utf-8", xml_declaration=True)


def report_pdf(records: list[dict[str, Any]], marked: list[bytes | None],
               pack: str = "") -> bytes:
    """The clerk's report: a page per record, in order, as one PDF."""
    pages = [svg_to_pdf(report_page_svg(record, svg, pack))
             for record, svg in zip(records, marked, strict=True)]
    return combine_pdfs(pages, "wsmark check report")
