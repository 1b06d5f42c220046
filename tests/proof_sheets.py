"""A sign shop's proof sheet, drawn by hand as SVG text (not by wsmark's builders): a 24 in
danger sign in 1/10 in units, and an artboard in mm with a hairline border, a title block
and markers placed on it with mounting holes and a centre mark. Shared by the proof-sheet
tests of the checker's layout (tests/check/test_layout_proofs.py) and by the proofs made
to test repair."""

from __future__ import annotations

import math

SVG = 'xmlns="http://www.w3.org/2000/svg"'
ORANGE, WHITE = "#FF4F00", "#FFFFFF"
MM = 25.4  # mm per inch


def pts(points) -> str:
    """Points as an SVG ``points`` list, to 1/1000 of a unit."""
    return " ".join(f"{x:.3f},{y:.3f}" for x, y in points)


def diamond(cx: float, cy: float, a: float) -> list[tuple[float, float]]:
    """A diamond centred on (cx, cy), ``a`` to each side, its sides 35 deg from vertical."""
    b = a / math.tan(math.radians(35))
    return [(cx, cy - b), (cx + a, cy), (cx, cy + b), (cx - a, cy)]


def danger(outline: float = 2.0, extra: str = "") -> str:
    """A 24 in danger sign in 1/10 in units: white panel, orange diamond 16 in wide
    with an ``outline`` in thick outline, ``extra`` drawn on top."""
    a = 80.0
    inner = a * (1 - 10 * outline / (a * math.cos(math.radians(35))))
    return (f'<rect width="240" height="240" fill="{WHITE}"/><path fill="{ORANGE}" '
            f'fill-rule="evenodd" d="M{pts(diamond(120, 120, a))}Z '
            f'M{pts(diamond(120, 120, inner))}Z"/>{extra}')


def sheet(body: str, width: float = 900, height: float = 800, title: str = "",
          extra: str = "") -> str:
    """A proof artboard in mm: a 0.5 pt border, a title block, ``body`` (the marker
    groups) and ``extra`` (dimensions, notes)."""
    tb_x, tb_y = width - 260, height - 110
    return f"""<svg {SVG} width="{width}mm" height="{height}mm" viewBox="0 0 {width} {height}">
 <rect x="5" y="5" width="{width - 10}" height="{height - 10}" fill="none" stroke="#000"
  stroke-width="0.18"/>
 {body}
 <g id="title-block" font-family="Arial" font-size="6" fill="#000">
  <rect x="{tb_x}" y="{tb_y}" width="250" height="100" fill="none" stroke="#000"
   stroke-width="0.35"/>
  <line x1="{tb_x}" y1="{tb_y + 30}" x2="{tb_x + 250}" y2="{tb_y + 30}" stroke="#000"
   stroke-width="0.25"/>
  <text x="{tb_x + 5}" y="{tb_y + 15}">LAKESIDE SIGN CO. - PROOF #2291</text>
  <text x="{tb_x + 5}" y="{tb_y + 50}">{title or "SCALE 1:1"}</text>
  <text x="{tb_x + 5}" y="{tb_y + 80}">APPROVED BY ____________ DATE ______</text>
 </g>
 {extra}
</svg>"""


def placed(body: str, x: float, y: float, unit_mm: float, holes: bool = False) -> str:
    """``body`` (in its own units of ``unit_mm``) placed at (x, y) mm; with mounting holes
    (3/8 in, stroked) near the panel's corners and a centre mark."""
    marks = ""
    if holes:
        r, c = 1.875, 120
        marks = "".join(f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="none" stroke="#000" '
                        f'stroke-width="0.15"/>' for cx in (10, 230) for cy in (10, 230))
        marks += (f'<path d="M{c - 4},{c} H{c + 4} M{c},{c - 4} V{c + 4}" stroke="#000" '
                  f'stroke-width="0.12" fill="none"/>')
    return f'<g transform="translate({x},{y}) scale({unit_mm})">{body}{marks}</g>'
