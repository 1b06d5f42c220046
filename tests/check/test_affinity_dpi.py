"""Affinity Designer's SVG export of a document at 300 DPI, as its export writes it
(seen in an export posted to Serif's forum, topic 225895): ``width="100%"
height="100%"``, the viewBox in the document's pixels at its DPI, and the drawing, in
points, under one root group scaled DPI / 72 (``matrix(4.16667,0,0,4.16667,0,0)``). The
file states no physical size either way (the DPI is written nowhere), so it is judged
as one of 72 DPI is (tests/check/test_tool_svgs.py): everything that does not depend on
size, the sizes a review."""

from __future__ import annotations

import re
import sys
from pathlib import Path

PRODUCERS = Path(__file__).resolve().parents[1] / "producers"
if str(PRODUCERS) not in sys.path:
    sys.path.insert(0, str(PRODUCERS))

import tool_batch  # noqa: E402
import write_adobe as adobe  # noqa: E402

from markers import api  # noqa: E402
from markers.read.svg.walk import read_svg_bytes  # noqa: E402

DPI = 300


def _at_dpi(svg: str, dpi: float) -> str:
    """Affinity's export of ``svg`` (written at 72 DPI) from a document at ``dpi``."""
    k = dpi / 72
    svg = re.sub(r'viewBox="0 0 ([\d.]+) ([\d.]+)"',
                 lambda m: f'viewBox="0 0 {float(m[1]) * k:g} {float(m[2]) * k:g}"', svg)
    svg = svg.replace('<g id="Sign"', f'<g transform="matrix({k:.6g},0,0,{k:.6g},0,0)"><g id="Sign"')
    return svg.replace("</g></svg>", "</g></g></svg>")


def test_affinity_at_300_dpi_is_judged_as_at_72() -> None:
    at72 = adobe.affinity(tool_batch._danger())
    at300 = _at_dpi(at72, DPI)
    assert "matrix(4.16667" in at300
    art = read_svg_bytes(at300.encode(), "affinity-300.svg")
    assert art.meta["scale_basis"] == "unknown" and art.meta["generator"] == "Affinity Designer"
    reports = [api.check(s.encode(), "a.svg")[0] for s in (at72, at300)]
    said = [(r.verdict, r.markers[0].kind, r.markers[0].display_height_basis,
             sorted({f.rule for f in r.findings if f.severity in ("error", "review")}))
            for r in reports]
    assert said[0] == said[1] and said[0][0] == "review" and said[0][1] == "danger"
