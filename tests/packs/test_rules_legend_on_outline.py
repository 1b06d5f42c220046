"""A legend that crosses the orange outline (issue 10): its own finding, "legend overlaps
the outline", under the paragraph that places the words (NR 5.09(2)(b)1 danger, (b)3
control, (b)4 information), with the area of the letters on the outline; one that only
touches it from inside (issue 21: no letter on the orange) is where the paragraph puts
it, and gets a legend-legibility warning (NR 5.09(2)(b)5) with its clearance as
measured. The outline's own width is measured as if the letters were not there.

Every drawing is written here by hand, in mm and in pt (and, for the clearances around
the length tolerance, as a reportlab PDF in points with CMYK paint and a title line),
without wsmark's builders: an even-odd orange ring and black letter shapes (a bar, a
slanted stroke, a wedge) placed against the outline. The expected overlap is worked out
here with shapely from the drawing's own coordinates.
"""

from __future__ import annotations

import io
import math

import pytest
from reportlab.pdfgen import canvas
from shapely.geometry import Point, Polygon

from markers.check.pipeline import CheckOptions
from wi import check_file, check_svg_text, measure

SVG = 'xmlns="http://www.w3.org/2000/svg"'
ORANGE, WHITE, BLACK = "#FF4F00", "#FFFFFF", "#000000"
#: user units per inch
UNITS = {"mm": 25.4, "pt": 72.0}
RULE = {"danger": "reg-danger-legend", "control": "reg-control-legend",
        "information": "reg-info-legend"}
T = 2.0  # outline, inches
TAN = math.tan(math.radians(35))


def _d(points, k: float) -> str:
    return "M" + " L".join(f"{x * k:.4f},{y * k:.4f}" for x, y in points) + "Z"


def _ring(kind: str) -> tuple[list, list]:
    """Outer and inner boundary (inches) of the symbol of a 24 in sign, centered at 12, 12."""
    if kind == "danger":
        a = 8.0
        ai = a - T / math.cos(math.radians(35))
        return ([(12, 12 - a / TAN), (12 + a, 12), (12, 12 + a / TAN), (12 - a, 12)],
                [(12, 12 - ai / TAN), (12 + ai, 12), (12, 12 + ai / TAN), (12 - ai, 12)])
    if kind == "control":
        turns = [2 * math.pi * i / 180 for i in range(180)]
        return ([(12 + 10 * math.cos(t), 12 + 10 * math.sin(t)) for t in turns],
                [(12 + 8 * math.cos(t), 12 + 8 * math.sin(t)) for t in turns])
    return ([(3, 3), (21, 3), (21, 21), (3, 21)], [(5, 5), (19, 5), (19, 19), (5, 19)])


def _letter(kind: str, how: str) -> list[tuple[float, float]]:
    """A black letter shape (inches) that crosses the outline, touches its inner edge, or
    stands clear of it, near the symbol's left side."""
    _, inner = _ring(kind)
    left = min(x for x, _ in inner)  # the inner edge's leftmost point, at y = 12
    if how == "cross":
        return [(left - 0.9, 11.0), (left + 0.6, 11.0), (left + 0.6, 13.0), (left - 0.9, 13.0)]
    if kind == "danger":  # a slanted stroke lying on the lower-left inner edge
        (bx, by), lx = (12, 12 + (12 - left) / TAN), left
        ux, uy = bx - lx, by - 12
        p0 = (lx + 0.25 * ux, 12 + 0.25 * uy)
        p1 = (lx + 0.45 * ux, 12 + 0.45 * uy)
        n = math.hypot(ux, uy)
        nx, ny = 0.5 * uy / n, -0.5 * ux / n  # inward, toward the center
        shape = [p0, p1, (p1[0] + nx, p1[1] + ny), (p0[0] + nx, p0[1] + ny)]
    elif kind == "control":  # a wedge whose tip meets the inner circle
        shape = [(left, 12.0), (left + 1.2, 11.4), (left + 1.2, 12.6)]
    else:  # a bar standing on the inner edge
        shape = [(left, 11.0), (left + 1.0, 11.0), (left + 1.0, 13.0), (left, 13.0)]
    if how == "clear":
        shape = [(x + 0.6, y) for x, y in shape]
    return shape


def _svg(kind: str, how: str, unit: str) -> str:
    k = UNITS[unit]
    outer, inner = _ring(kind)
    side = 24 * k
    return f"""<svg {SVG} width="{24 * k:g}{unit}" height="{24 * k:g}{unit}"
 viewBox="0 0 {side:g} {side:g}"><rect width="{side:g}" height="{side:g}" fill="{WHITE}"/>
 <g id="symbol"><path fill="{ORANGE}" fill-rule="evenodd" d="{_d(outer, k)} {_d(inner, k)}"/></g>
 <g id="legend" style="fill:{BLACK}"><path d="{_d(_letter(kind, how), k)}"/></g></svg>"""


def _expected_overlap(kind: str, how: str) -> float:
    """Square inches of the letter lying on the orange ring, worked out here."""
    outer, inner = _ring(kind)
    return Polygon(_letter(kind, how)).intersection(Polygon(outer, [inner])).area


CASES = [(kind, unit) for kind in RULE for unit in UNITS]


@pytest.mark.parametrize("kind,unit", CASES)
def test_legend_crossing_the_outline_is_named_and_measured(tmp_path, kind, unit):
    report = check_svg_text(tmp_path, f"{kind}-cross-{unit}", _svg(kind, "cross", unit))
    assert report.kind == kind and report.verdict == "fail"
    hits = [f for f in report.findings if f.rule == RULE[kind] and f.severity == "error"
            and "overlaps the outline" in f.message]
    assert len(hits) == 1, [(f.rule, f.message) for f in report.findings]
    want = _expected_overlap(kind, "cross")
    assert want > 0.5
    assert hits[0].unit == "sq in" and hits[0].required == "0"
    assert hits[0].measured == pytest.approx(want, rel=0.03)
    assert hits[0].citation == {"danger": "NR 5.09(2)(b)1", "control": "NR 5.09(2)(b)3",
                                "information": "NR 5.09(2)(b)4"}[kind]
    assert not [f for f in report.findings if f.rule in ("outline-width", "circle-round",
                                                         "reg-shape", "reg-exclusion-cross")]


@pytest.mark.parametrize("kind,unit", CASES)
def test_legend_touching_the_outline_from_inside_is_a_legibility_warning(tmp_path, kind, unit):
    """No letter area on the orange: the words are where the paragraph puts them, only too
    close to the outline to read (NR 5.09(2)(b)5), so a warning, not the placement error."""
    assert _expected_overlap(kind, "touch") < 1e-6
    report = check_svg_text(tmp_path, f"{kind}-touch-{unit}", _svg(kind, "touch", unit))
    assert report.kind == kind and report.verdict != "fail", \
        [(f.rule, f.severity, f.message) for f in report.findings]
    hits = [f for f in report.findings if "touches the outline" in f.message]
    assert len(hits) == 1, [(f.rule, f.message) for f in report.findings]
    assert (hits[0].rule, hits[0].severity) == ("legend-legibility", "warning")
    assert hits[0].citation == "NR 5.09(2)(b)5"
    assert hits[0].unit == "in" and hits[0].measured == pytest.approx(0.0, abs=0.002)
    assert hits[0].required == "> 0.01"
    assert not [f for f in report.findings if f.rule == RULE[kind] and
                "overlaps" in f.message]  # (the bar or wedge is no word OCR reads: review)
    assert "outline-width" not in {f.rule for f in report.findings}


@pytest.mark.parametrize("kind,unit", CASES)
def test_legend_clear_of_the_outline_is_not_named(tmp_path, kind, unit):
    outer, inner = _ring(kind)
    assert Polygon(_letter(kind, "clear")).distance(Polygon(outer, [inner])) > 0.3
    report = check_svg_text(tmp_path, f"{kind}-clear-{unit}", _svg(kind, "clear", unit))
    assert report.kind == kind
    assert not [f for f in report.findings if "overlaps the outline" in f.message]


@pytest.mark.parametrize("kind,unit", CASES)
def test_outline_width_is_measured_without_the_letters_cut(tmp_path, kind, unit):
    """The letter cuts 1.5 in into the 2 in outline; the outline still measures 2 in."""
    path = tmp_path / f"{kind}-{unit}.svg"
    path.write_text(_svg(kind, "cross", unit))
    _, art = check_file(path, CheckOptions())
    facts = measure(art)
    assert facts.symbol.outline == pytest.approx(T, abs=0.01)
    if kind == "control":
        assert facts.symbol.size == pytest.approx(16.0, abs=0.02)  # the inner diameter, fitted
        assert facts.symbol.roundness < 0.005


def test_thin_outline_under_a_crossing_legend_still_fails_outline_width(tmp_path):
    """Healing the letters' cut does not hide an outline that is itself too thin."""
    k = UNITS["mm"]
    outer = [(3, 3), (21, 3), (21, 21), (3, 21)]
    inner = [(4.5, 4.5), (19.5, 4.5), (19.5, 19.5), (4.5, 19.5)]  # 1.5 in outline
    bar = [(3.8, 11), (5.2, 11), (5.2, 13), (3.8, 13)]
    report = check_svg_text(tmp_path, "info-thin-cross", f"""<svg {SVG} width="609.6mm"
 height="609.6mm" viewBox="0 0 609.6 609.6"><rect width="609.6" height="609.6" fill="{WHITE}"/>
 <path fill="{ORANGE}" fill-rule="evenodd" d="{_d(outer, k)} {_d(inner, k)}"/>
 <path fill="{BLACK}" d="{_d(bar, k)}"/></svg>""")
    width = [f for f in report.findings if f.rule == "outline-width"]
    assert width and width[0].measured == pytest.approx(1.5, abs=0.01)
    assert any("overlaps the outline" in f.message for f in report.findings
               if f.rule == "reg-info-legend")
    assert Point(4, 12).within(Polygon(bar))  # the bar does sit on the outline


#: Clearances (inches) from the outline around the length tolerance (0.01 in): named with
#: its clearance within it; beyond it (up to 4 of it) not named, which the measurer tells
#: by a near test before it cuts or measures anything.
GAPS = [0.004, 0.008, 0.015, 0.025, 0.04]


def _gapped(kind: str, gap: float) -> tuple[list[tuple[float, float]], float]:
    """The touching letter moved right (into the centre) until it stands ``gap`` in clear of
    the ring, and its clearance worked out here with shapely."""
    outer, inner = _ring(kind)
    ring = Polygon(outer, [inner])
    touch = _letter(kind, "touch")
    lo, hi = 0.0, 1.0
    for _ in range(60):  # the shift that makes the clearance ``gap``
        mid = (lo + hi) / 2
        moved = Polygon([(x + mid, y) for x, y in touch])
        lo, hi = (mid, hi) if moved.distance(ring) < gap else (lo, mid)
    letter = [(x + hi, y) for x, y in touch]
    return letter, Polygon(letter).distance(ring)


def _gap_svg(kind: str, gap: float, unit: str) -> str:
    k = UNITS[unit]
    outer, inner = _ring(kind)
    letter, _ = _gapped(kind, gap)
    side = 24 * k
    return f"""<svg {SVG} width="{side:g}{unit}" height="{side:g}{unit}"
 viewBox="0 0 {side:g} {side:g}"><rect width="{side:g}" height="{side:g}" fill="{WHITE}"/>
 <path fill="{ORANGE}" fill-rule="evenodd" d="{_d(outer, k)} {_d(inner, k)}"/>
 <path fill="{BLACK}" d="{_d(letter, k)}"/></svg>"""


def _gap_pdf(kind: str, gap: float) -> bytes:
    """The same sign as a shop's PDF: reportlab, points, CMYK paint, the sign on a page
    with room below for a title line in live Helvetica."""
    outer, inner = _ring(kind)
    letter, _ = _gapped(kind, gap)
    out = io.BytesIO()
    pdf = canvas.Canvas(out, pagesize=(24 * 72, 27 * 72))

    def path(*rings):
        p = pdf.beginPath()
        for ring in rings:
            p.moveTo(ring[0][0] * 72, (27 - ring[0][1]) * 72)
            for x, y in ring[1:]:
                p.lineTo(x * 72, (27 - y) * 72)
            p.close()
        return p

    pdf.setFillColorCMYK(0, 0, 0, 0)
    pdf.rect(0, 3 * 72, 24 * 72, 24 * 72, stroke=0, fill=1)
    pdf.setFillColorCMYK(0, 0.69, 1, 0)
    pdf.drawPath(path(outer, inner), stroke=0, fill=1, fillMode=0)  # even-odd
    pdf.setFillColorCMYK(0, 0, 0, 1)
    pdf.drawPath(path(letter), stroke=0, fill=1)
    pdf.setFont("Helvetica", 18)
    pdf.drawString(36, 36, f"ACME SIGN CO. proof 0417 {kind} - scale 1:1 - approved by ____")
    pdf.showPage()
    pdf.save()
    return out.getvalue()


def _named_gap(report, kind: str) -> list:
    return [f for f in report.findings if f.rule == "legend-legibility"
            and f.severity == "warning" and "touches the outline" in f.message]


@pytest.mark.parametrize("gap", GAPS)
@pytest.mark.parametrize("kind,form", [(k, f) for k in RULE for f in ("mm", "pt", "pdf")])
def test_a_legend_within_the_tolerance_of_the_outline_is_named_beyond_it_not(tmp_path, kind,
                                                                              form, gap):
    _, clearance = _gapped(kind, gap)
    assert clearance == pytest.approx(gap, abs=1e-6)
    if form == "pdf":
        path = tmp_path / f"{kind}-{gap}.pdf"
        path.write_bytes(_gap_pdf(kind, gap))
        report, _ = check_file(path, CheckOptions())
        assert report.verdict != "error", report.error
    else:
        report = check_svg_text(tmp_path, f"{kind}-{gap}-{form}", _gap_svg(kind, gap, form))
    assert report.kind == kind
    assert not [f for f in report.findings if f.rule == RULE[kind] and "overlaps" in f.message]
    hits = _named_gap(report, kind)
    if clearance <= 0.01:
        assert len(hits) == 1, [(f.rule, f.message) for f in report.findings]
        assert hits[0].unit == "in" and hits[0].measured == pytest.approx(clearance, abs=0.001)
    else:
        assert not hits, [(f.rule, f.message, f.measured) for f in report.findings]
