"""Write the seeded-defect drawings of tests/packs/test_rules_seeded_defects.py, deterministically.

Run from the project root:  .venv/bin/python tests/drawings/defects/make_defects.py

Each drawing is a vendor-style SVG of one NR 5.09 marker that is right in every respect
but one seeded defect (``*-fail-*``, ``*-warn-*``, ``*-info-*``), or right in every
respect (``*-pass-*``). Names: ``nr5-09-<paragraph>-tNN-<severity>-<what>.svg`` for a
rule of NR 5.09, ``fab-``/``uswms-`` for the fabrication and USWMS-practice rules.

The geometry is worked out here in inches (display area H; diamond outside width 2H/3
with sides 35 deg from the vertical, so 0.952 H tall; circle inner diameter 2H/3 with
the outline outside it; square mean of inside and outside 2H/3; outline 2 in measured
perpendicular to the edge) and then written in each file's own units and vendor habits:
mm, pt, cm, inches and px; viewBox with a physical width/height; group transforms;
stroked outlines with miter joins and filled even-odd rings; CSS classes, style=
attributes, presentation attributes, named colors and rgb(); <text> legends and legends
as outlines. Outlined letters are the project's block font (Overpass Bold, the outlines
``wsmark render`` draws) or single-stroke "engraving" letters drawn as stroked paths.

The files are committed; this script documents how they were made and rewrites them
byte for byte (it needs the project installed, for the outlines of the block font).
"""

from __future__ import annotations

import math

from svgkit import AI_HEAD, CM, MM, PT, PX, XML, XMLNS, d, f, registry, write_all

from markers.core.lettering import set_line

SLOPE = 35.0
XLINK = 'xmlns:xlink="http://www.w3.org/1999/xlink"'
INKSCAPE = ('xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" '
            'xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"')
INK_HEAD = XML + '<!-- Created with Inkscape (http://www.inkscape.org/) -->\n'
COREL_HEAD = ('<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
              '<!-- Creator: CorelDRAW 2021 -->\n')
CAD_HEAD = XML + '<!-- exported by SignCAD 9 (plot to SVG, units: inch) -->\n'

FILES, drawing = registry()


# ----------------------------------------------------------------------------- helpers

def pts(points, k: float = 1.0) -> str:
    """Polygon points scaled by ``k`` user units per inch."""
    return " ".join(f"{f(x * k)},{f(y * k)}" for x, y in points)


def diamond(cx: float, cy: float, width: float, slope: float = SLOPE):
    """Top, right, bottom, left of a diamond ``width`` wide, sides ``slope`` from vertical."""
    a = width / 2
    b = a / math.tan(math.radians(slope))
    return [(cx, cy - b), (cx + a, cy), (cx, cy + b), (cx - a, cy)]


def inner_width(width: float, t: float, slope: float = SLOPE) -> float:
    """Width of the white center of a diamond whose outline is ``t`` thick (perpendicular)."""
    return width - 2 * t / math.cos(math.radians(slope))


def stroke_path_width(width: float, stroke: float, slope: float = SLOPE) -> float:
    """Width of the path whose mitered stroke ``stroke`` wide is ``width`` wide outside."""
    half_angle = math.radians(90 - slope)  # half the angle at the side corners
    return width - 2 * (stroke / 2) / math.sin(half_angle)


def rect(x0: float, y0: float, x1: float, y1: float):
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def circle_d(cx: float, cy: float, r: float, k: float, sweep: int) -> str:
    """A circle as two arcs; ``sweep`` sets the winding (for non-zero rings)."""
    return (f"M{f((cx + r) * k)} {f(cy * k)}"
            f"A{f(r * k)} {f(r * k)} 0 1 {sweep} {f((cx - r) * k)} {f(cy * k)}"
            f"A{f(r * k)} {f(r * k)} 0 1 {sweep} {f((cx + r) * k)} {f(cy * k)}Z")


def letters(text: str, cap: float, cx: float, baseline: float) -> str:
    """Outlines of ``text`` in the block font, inches (cap height ``cap``)."""
    return set_line(text, cap, cx, baseline).path


def text_size(cap: float) -> float:
    """Font size (inches) whose cap height, read as 0.7 em, is ``cap``."""
    return cap / 0.7


# single-stroke ("engraving") letters: centre lines on a 0..1 x 0..1 cell, y down
STROKE_FONT = {
    "M": [[(0, 1), (0, 0), (0.5, 0.6), (1, 0), (1, 1)]],
    "A": [[(0, 1), (0.5, 0), (1, 1)], [(0.25, 0.5), (0.75, 0.5)]],
    "R": [[(0, 1), (0, 0), (0.8, 0), (1, 0.2), (1, 0.3), (0.8, 0.5), (0, 0.5)],
          [(0.5, 0.5), (1, 1)]],
    "I": [[(0.5, 0), (0.5, 1)]],
    "N": [[(0, 1), (0, 0), (1, 1), (1, 0)]],
    "W": [[(0, 0), (0.25, 1), (0.5, 0.35), (0.75, 1), (1, 0)]],
    "S": [[(1, 0), (0, 0), (0, 0.5), (1, 0.5), (1, 1), (0, 1)]],
    "-": [[(0.15, 0.55), (0.85, 0.55)]],
    "1": [[(0.3, 0.2), (0.5, 0), (0.5, 1)]],
}


def stroke_letters(text: str, cap: float, width: float, gap: float, x: float,
                   baseline: float, k: float) -> str:
    """Centre-line path data of ``text`` (letters ``width`` wide), scaled by ``k``."""
    parts = []
    for ch in text:
        for line in STROKE_FONT[ch]:
            pts_ = [(x + u * width, baseline - cap + v * cap) for u, v in line]
            first, *rest = pts_
            parts.append(f"M{f(first[0] * k)} {f(first[1] * k)}"
                         + "".join(f"L{f(px * k)} {f(py * k)}" for px, py in rest))
        x += width + gap
    return "".join(parts)


# ----------------------------------------------------------------- danger, the acceptance pair

def _danger_mm(symbol: str, what: str) -> str:
    """The danger sign of the acceptance pair: Inkscape, mm, 20 x 30 in panel, H = 24 in
    (not declared: inferred as the panel less the band with ROCKS), legend outlined."""
    return f"""{INK_HEAD}<svg
   width="508mm"
   height="762mm"
   viewBox="0 0 508 762"
   version="1.1"
   id="svg8"
   {INKSCAPE}
   {XMLNS}>
  <title id="title1">Danger - ROCKS ({what})</title>
  <sodipodi:namedview id="base" pagecolor="#ffffff" inkscape:document-units="mm" />
  <g inkscape:label="Layer 1" inkscape:groupmode="layer" id="layer1">
    <rect id="rect-blank" x="0" y="0" width="508" height="762"
       style="fill:#ffffff;fill-opacity:1;stroke:none" />
{symbol}
    <g id="legend-rocks" inkscape:label="ROCKS (outlined)" transform="scale(25.4)"
       style="fill:#000000;stroke:none">
      <path id="path-rocks" d="{letters('ROCKS', 3.0, 10.0, 28.5)}" />
    </g>
  </g>
</svg>
"""


@drawing
def _acceptance_bad():
    """nr5-09-6-d-t01-fail-rotated-square-thin-stroke.svg

    A square turned 45 deg (not the 35 deg diamond) stroked 1.5 in (38.1 mm): outside
    width 16 in = 2H/3 at H = 24 in, so only slope and outline are wrong."""
    w, t = 16.0, 1.5
    side = w / math.sqrt(2) - t  # mitered corners add t/sqrt(2) each way along the diagonal
    cx, cy = 10.0, 12.0
    x, y = (cx - side / 2) * MM, (cy - side / 2) * MM
    symbol = (f'    <rect id="rect-symbol" inkscape:label="danger square" x="{f(x)}" y="{f(y)}"\n'
              f'       width="{f(side * MM)}" height="{f(side * MM)}"\n'
              f'       transform="rotate(45 {f(cx * MM)} {f(cy * MM)})"\n'
              f'       style="fill:none;stroke:#ff4f00;stroke-width:{f(t * MM)};'
              'stroke-linejoin:miter;stroke-miterlimit:4;stroke-opacity:1" />')
    return _danger_mm(symbol, "square turned 45 deg, 38.1 mm stroke")


@drawing
def _acceptance_good():
    """danger-pass-mm-stroke-35deg-diamond.svg

    The same drawing corrected: a 35 deg diamond stroked 2 in (50.8 mm), mitered."""
    w, t = 16.0, 2.0
    path_w = stroke_path_width(w, t)
    symbol = (f'    <path id="path-symbol" inkscape:label="danger diamond"\n'
              f'       d="{d(diamond(10.0, 12.0, path_w), MM)}"\n'
              f'       style="fill:none;stroke:#ff4f00;stroke-width:{f(t * MM)};'
              'stroke-linejoin:miter;stroke-miterlimit:4;stroke-opacity:1" />')
    return _danger_mm(symbol, "35 deg diamond, 50.8 mm stroke")


# ----------------------------------------------------------------------------- passing

@drawing
def _exclusion_pass():
    """exclusion-pass-pt-evenodd-cross.svg

    Illustrator, pt, CSS classes: even-odd diamond ring, cross as two bars, KEEP OUT as
    <text> (cap 2.5 in) in a band below; display area declared."""
    h, w, t = 24.0, 16.0, 2.0
    cx, cy = 10.0, 12.0
    ring = d(diamond(cx, cy, w), PT) + d(diamond(cx, cy, inner_width(w, t)), PT)
    a = inner_width(w, t) / 2
    b = a / math.tan(math.radians(SLOPE))
    size = text_size(2.5) * PT
    return f"""{AI_HEAD}<svg version="1.1" id="Layer_1" {XMLNS} {XLINK} x="0px" y="0px"
	 width="1440pt" height="2160pt" viewBox="0 0 1440 2160" style="enable-background:new 0 0 1440 2160;"
	 xml:space="preserve">
<style type="text/css">
	.st0{{fill:#FFFFFF;}}
	.st1{{fill-rule:evenodd;clip-rule:evenodd;fill:#FF4F00;}}
	.st2{{fill:#FF4F00;}}
	.st3{{fill:none;}}
	.st4{{font-family:'Overpass-Bold';font-size:{f(size)}px;}}
</style>
<rect id="display-area" class="st3" width="{f(20 * PT)}" height="{f(h * PT)}"/>
<rect class="st0" width="1440" height="2160"/>
<path class="st1" d="{ring}"/>
<rect x="{f((cx - t / 2) * PT)}" y="{f((cy - b) * PT)}" class="st2" width="{f(t * PT)}" height="{f(2 * b * PT)}"/>
<rect x="{f((cx - a) * PT)}" y="{f((cy - t / 2) * PT)}" class="st2" width="{f(2 * a * PT)}" height="{f(t * PT)}"/>
<text transform="matrix(1 0 0 1 {f(10 * PT)} {f(28.5 * PT)})" class="st4" text-anchor="middle">KEEP OUT</text>
</svg>
"""


@drawing
def _control_pass():
    """control-pass-in-stroked-circle.svg

    Inches at 100 user units per inch, presentation attributes: a <circle> stroked 2 in
    outside a 16 in inner diameter, SLOW / NO WAKE outlined in a translated, scaled group.
    No display-area: H is the 24 in panel."""
    k = 100
    cap = 2.2
    step = cap * 1.45
    top = -(cap + step) / 2
    return f"""{CAD_HEAD}<svg {XMLNS} version="1.1" width="24in" height="24in" viewBox="0 0 2400 2400">
  <desc>Control marker, SLOW NO WAKE, display area 24 in</desc>
  <rect x="0" y="0" width="2400" height="2400" fill="#FFFFFF"/>
  <circle cx="1200" cy="1200" r="{f(9 * k)}" fill="#FFFFFF" stroke="#F26522" stroke-width="{f(2 * k)}"/>
  <g transform="translate(1200 1200) scale(100)" fill="#000000">
    <path d="{letters('SLOW', cap, 0, top + cap)}"/>
    <path d="{letters('NO WAKE', cap, 0, top + cap + step)}"/>
  </g>
</svg>
"""


@drawing
def _information_pass():
    """information-pass-cm-rgb-style.svg

    cm (1 user unit = 1 cm), style= attributes with rgb() colors: an even-odd rectangle
    ring widened for MARINA (mean of inside and outside heights 16 in at H = 24 in);
    letters outlined in a group scaled in -> cm; display area declared."""
    h, t, cap = 24.0, 2.0, 3.5
    inner_h, outer_h = 16 - t, 16 + t
    text_w = set_line("MARINA", cap, 0, 0).box.bounds[2] * 2
    outer_w = text_w + 2 * 0.3 * cap + 2 * t
    width = outer_w + 2 * 2.0
    cx, cy = width / 2, h / 2
    ring = (d(rect(cx - outer_w / 2, cy - outer_h / 2, cx + outer_w / 2, cy + outer_h / 2), CM)
            + d(rect(cx - outer_w / 2 + t, cy - inner_h / 2, cx + outer_w / 2 - t,
                     cy + inner_h / 2), CM))
    return f"""{INK_HEAD}<svg {XMLNS} {INKSCAPE} width="{f(width * CM)}cm" height="{f(h * CM)}cm"
     viewBox="0 0 {f(width * CM)} {f(h * CM)}" version="1.1" id="svg2">
  <g inkscape:groupmode="layer" inkscape:label="sign" id="layer1">
    <rect id="display-area" inkscape:label="display area" x="0" y="0" width="{f(width * CM)}"
       height="{f(h * CM)}" style="fill:none;stroke:none" />
    <rect id="blank" x="0" y="0" width="{f(width * CM)}" height="{f(h * CM)}"
       style="fill:rgb(255,255,255);stroke:none" />
    <path id="symbol" d="{ring}"
       style="fill:rgb(255,79,0);fill-rule:evenodd;stroke:none" />
    <g id="message" transform="translate({f(cx * CM)} 0) scale(2.54)"
       style="fill:rgb(0,0,0)">
      <path d="{letters('MARINA', cap, 0, cy + cap / 2)}" />
    </g>
  </g>
</svg>
"""


def _triangle(h: float):
    base = 2 * h / math.sqrt(3)
    return base, [(base / 2, 0.0), (base, h), (0.0, h)]


@drawing
def _aid_red_pass():
    """aid-red-pass-px-triangle-text-id.svg

    Physical size, no viewBox (user unit = px): a red triangle daymark 24 in high,
    WS-2 as <text font-size="4.3in"> (cap 3.01 in), white, and nothing else painted
    (no white background: the usual way a daymark face is drawn)."""
    h = 24.0
    base, tri = _triangle(h)
    return f"""{XML}<svg {XMLNS} version="1.1" width="{f(base)}in" height="24in">
  <title>State aid, lateral, red: WS-2</title>
  <polygon points="{pts(tri, PX)}" fill="#C8102E"/>
  <text x="{f(base / 2 * PX)}" y="{f(0.92 * h * PX)}" font-family="Overpass, Arial, sans-serif"
        font-weight="700" font-size="4.3in" text-anchor="middle" fill="#FFFFFF">WS-2</text>
</svg>
"""


@drawing
def _aid_green_pass():
    """aid-green-pass-mm-css-text-id.svg

    mm, CSS classes: a green square daymark (24 in) on a white backing board 1 in
    larger all round, WS-3 as <text> (font-size in mm user units: 110 -> cap 3.03 in);
    display area declared (the face)."""
    s = 24 * MM
    return f"""{XML}<svg {XMLNS} version="1.1" width="660.4mm" height="660.4mm" viewBox="-25.4 -25.4 660.4 660.4">
  <defs>
    <style>
      .board {{ fill: #FFFFFF; }}
      .face {{ fill: #00843D; stroke: none; }}
      .ident {{ fill: #FFFFFF; font-family: Overpass, Helvetica, sans-serif; font-weight: bold;
               font-size: 110px; text-anchor: middle; }}
      #display-area {{ fill: none; }}
    </style>
  </defs>
  <rect id="display-area" x="0" y="0" width="{f(s)}" height="{f(s)}"/>
  <rect class="board" x="-25.4" y="-25.4" width="660.4" height="660.4"/>
  <rect class="face" x="0" y="0" width="{f(s)}" height="{f(s)}"/>
  <text class="ident" x="{f(s / 2)}" y="{f(s / 2 + 38.1)}">WS-3</text>
</svg>
"""


@drawing
def _aid_center_pass():
    """aid-center-pass-in-rotated-stripes.svg

    Inches as user units: seven stripes drawn horizontally by the CAD operator and
    turned upright with rotate(90) about the centre, a black plate, white WS-A."""
    h = 24.0
    step = h / 7
    bands = "".join(f'    <rect x="0" y="{f(i * step)}" width="24" height="{f(step)}"/>\n'
                    for i in (1, 3, 5))
    size = text_size(3.2)
    plate_w, plate_h = 0.6 * size * 4 + 1.6, 3.2 + 2.4
    return f"""{CAD_HEAD}<svg {XMLNS} version="1.1" width="24in" height="24in" viewBox="0 0 24 24">
  <rect width="24" height="24" fill="white"/>
  <g id="stripes" transform="rotate(90 12 12)" fill="black">
{bands}  </g>
  <rect id="plate" x="{f(12 - plate_w / 2)}" y="{f(12 - plate_h / 2)}" width="{f(plate_w)}"
        height="{f(plate_h)}" fill="black"/>
  <text x="12" y="13.6" font-size="{f(size)}" font-family="Overpass" font-weight="700"
        text-anchor="middle" fill="white">WS-A</text>
</svg>
"""


# ------------------------------------------------------------------- regulatory defects

@drawing
def _triangle_symbol():
    """nr5-09-2-b-1-4-t01-fail-triangle-symbol.svg

    Inkscape, px user units: the vendor drew a road-style warning triangle (orange,
    stroked 2 in, mitered) instead of a diamond; ROCKS as <text> in the band below;
    the display area declared by Inkscape label."""
    k = PX
    h = 24.0
    cx = 10.0
    tri = [(cx, 4.0), (cx + 8, 20.0), (cx - 8, 20.0)]
    return f"""{INK_HEAD}<svg {XMLNS} {INKSCAPE} width="20in" height="30in" viewBox="0 0 1920 2880"
   version="1.1" id="svg1">
  <g inkscape:groupmode="layer" inkscape:label="Layer 1" id="layer1">
    <rect id="rect1" inkscape:label="display-area" x="0" y="0" width="1920" height="{f(h * k)}"
       style="fill:none;stroke:none" />
    <rect id="rect2" x="0" y="0" width="1920" height="2880" style="fill:#ffffff" />
    <path id="path1" d="{d(tri, k)}"
       style="fill:none;stroke:#ff5f15;stroke-width:{f(2 * k)};stroke-linejoin:miter;stroke-miterlimit:4" />
    <text id="text1" x="{f(cx * k)}" y="{f(28.5 * k)}"
       style="font-size:{f(text_size(3.0) * k)}px;font-family:Overpass;font-weight:bold;text-anchor:middle;fill:#000000">ROCKS</text>
  </g>
</svg>
"""


def _danger_pt(ring_style: str, extra: str = "") -> str:
    """A danger diamond on a 20 x 30 in panel in pt, ROCKS outlined in the band below."""
    w, t = 16.0, 2.0
    ring = d(diamond(10, 12, w), PT) + d(diamond(10, 12, inner_width(w, t)), PT)
    return f"""{AI_HEAD}<svg version="1.1" id="Layer_1" {XMLNS} x="0px" y="0px" width="1440pt"
	 height="2160pt" viewBox="0 0 1440 2160" xml:space="preserve">
<rect width="1440" height="2160" style="fill:#FFFFFF;"/>
<path style="{ring_style}" d="{ring}"/>
{extra}<g transform="matrix(72 0 0 72 0 0)">
	<path d="{letters('ROCKS', 3.0, 10.0, 28.5)}"/>
</g>
</svg>
"""


@drawing
def _legend_on_outline():
    """nr5-09-2-b-1-t01-fail-legend-on-outline.svg

    Illustrator, pt: a correct danger diamond (even-odd ring, 2 in outline) with ROCKS
    set inside it 2 in high and shifted left, so that its R runs into the left corner of
    the orange outline (the words belong inside the diamond or above/below it on white).
    Drawn on a 24 x 24 in panel with the legend painted over the ring."""
    w, t = 16.0, 2.0
    ring = d(diamond(12, 12, w), PT) + d(diamond(12, 12, inner_width(w, t)), PT)
    return f"""{AI_HEAD}<svg version="1.1" id="Layer_1" {XMLNS} x="0px" y="0px" width="1728pt"
	 height="1728pt" viewBox="0 0 1728 1728" xml:space="preserve">
<rect width="1728" height="1728" style="fill:#FFFFFF;"/>
<path style="fill:#FF4F00;fill-rule:evenodd;" d="{ring}"/>
<g transform="matrix(72 0 0 72 0 0)">
	<path d="{letters('ROCKS', 2.0, 10.6, 12.9)}"/>
</g>
</svg>
"""


@drawing
def _legend_touching_outline():
    """nr5-09-2-b-5-t04-warn-legend-touching-outline.svg

    Illustrator, pt: the danger diamond of _legend_on_outline with ROCKS 2 in high inside
    it, moved left until its R is 0.003 in from the inner edge of the orange outline: no
    letter on the orange (the words are inside the diamond), but too close to the
    outline to read (a legibility warning, not a misplaced legend). The shift is worked
    out here with shapely on the letters' own outlines."""
    from shapely.affinity import translate
    from shapely.geometry import Polygon

    w, t, gap = 16.0, 2.0, 0.003
    ring = Polygon(diamond(12, 12, w), [diamond(12, 12, inner_width(w, t))])
    line = set_line("ROCKS", 2.0, 12.0, 12.9)
    lo, hi = 0.0, 6.0  # the leftward shift that leaves ``gap`` of white
    for _ in range(60):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if translate(line.geometry, -mid).distance(ring) > gap else (lo, mid)
    path = d(diamond(12, 12, w), PT) + d(diamond(12, 12, inner_width(w, t)), PT)
    return f"""{AI_HEAD}<svg version="1.1" id="Layer_1" {XMLNS} x="0px" y="0px" width="1728pt"
	 height="1728pt" viewBox="0 0 1728 1728" xml:space="preserve">
<rect width="1728" height="1728" style="fill:#FFFFFF;"/>
<path style="fill:#FF4F00;fill-rule:evenodd;" d="{path}"/>
<g transform="matrix(72 0 0 72 {-lo * 72:.6f} 0)">
	<path d="{line.path}"/>
</g>
</svg>
"""


@drawing
def _red_outline():
    """nr5-09-2-b-1-4-t02-fail-red-outline.svg

    Illustrator, pt: the diamond printed in "safety red" rgb(200,16,46) instead of
    international orange."""
    return _danger_pt("fill:rgb(200,16,46);fill-rule:evenodd;")


@drawing
def _yellow_center():
    """nr5-09-2-b-1-4-t03-fail-yellow-center.svg

    Inches as user units: one polygon with a yellow fill and the orange outline as its
    2 in mitered stroke (the yellow center should be white); ROCKS as <text> below."""
    w, t = 16.0, 2.0
    path_w = stroke_path_width(w, t)
    return f"""{CAD_HEAD}<svg {XMLNS} version="1.1" width="20in" height="30in" viewBox="0 0 20 30">
  <rect width="20" height="30" fill="#FFFFFF"/>
  <polygon points="{pts(diamond(10, 12, path_w))}" fill="#FFCD00" stroke="#FF4F00"
           stroke-width="2" stroke-linejoin="miter"/>
  <text x="10" y="28.5" font-size="{f(text_size(3.0))}" font-family="Overpass" font-weight="700"
        text-anchor="middle">ROCKS</text>
</svg>
"""


def _circle_ring_pt(inner_d: float, t: float, fill_rule: str) -> str:
    cx = cy = 12.0
    r_in, r_out = inner_d / 2, inner_d / 2 + t
    if fill_rule == "evenodd":
        return circle_d(cx, cy, r_out, PT, 1) + circle_d(cx, cy, r_in, PT, 1)
    return circle_d(cx, cy, r_out, PT, 1) + circle_d(cx, cy, r_in, PT, 0)


@drawing
def _blue_legend():
    """nr5-09-2-b-5-t01-fail-blue-legend.svg

    Illustrator, pt, CSS: a control circle (non-zero ring: inner circle wound the other
    way) with SLOW / NO WAKE outlined in a blue #003F87 instead of black."""
    cap = 2.2
    step = cap * 1.45
    top = 12 - (cap + step) / 2
    return f"""{AI_HEAD}<svg version="1.1" id="Layer_1" {XMLNS} x="0px" y="0px" width="1728pt"
	 height="1728pt" viewBox="0 0 1728 1728" xml:space="preserve">
<style type="text/css">
	.st0{{fill:#FFFFFF;}}
	.st1{{fill:#FF4F00;}}
	.st2{{fill:#003F87;}}
</style>
<rect class="st0" width="1728" height="1728"/>
<path class="st1" d="{_circle_ring_pt(16, 2, 'nonzero')}"/>
<g transform="scale(72)">
	<path class="st2" d="{letters('SLOW', cap, 12, top + cap)}"/>
	<path class="st2" d="{letters('NO WAKE', cap, 12, top + cap + step)}"/>
</g>
</svg>
"""


@drawing
def _small_letters():
    """nr5-09-2-b-5-t02-warn-small-letters.svg

    Inches as user units: a correct danger diamond (filled even-odd ring, named colors)
    with ROCKS inside as <text> only 1 in high (at least H/16 = 1.5 in recommended)."""
    w, t = 16.0, 2.0
    ring = d(diamond(10, 12, w)) + d(diamond(10, 12, inner_width(w, t)))
    return f"""{XML}<svg {XMLNS} version="1.1" width="20in" height="24in" viewBox="0 0 20 24">
  <rect width="20" height="24" fill="white"/>
  <path d="{ring}" fill="orangered" fill-rule="evenodd"/>
  <text x="10" y="12.5" font-size="{f(text_size(1.0))}" font-family="Overpass" font-weight="700"
        text-anchor="middle" fill="black">ROCKS</text>
</svg>
"""


@drawing
def _permit_label():
    """nr5-09-3-b-t01-info-permit-label.svg

    Millimetres (a 20 x 26 in sign, viewBox in mm): a correct danger diamond with ROCKS
    inside, both outlined, and below the diamond the department's number WI-2026-0417
    (NR 5.09(3)(b)) in 1 in outlined black letters, no element naming it or the display
    area: the label is found by its form and reported (info), never as a legend."""
    w, t, k = 16.0, 2.0, 25.4
    ring = d(diamond(10, 12, w), k) + d(diamond(10, 12, inner_width(w, t)), k)
    return f"""{XML}<svg {XMLNS} width="508mm" height="660.4mm" viewBox="0 0 508 660.4">
  <rect width="508" height="660.4" fill="#fff"/>
  <path d="{ring}" fill="#ff4f00" fill-rule="evenodd"/>
  <g fill="#000" transform="scale(25.4)">
    <path d="{letters('ROCKS', 1.7, 10, 12.85)}"/>
    <path d="{letters('WI-2026-0417', 1.0, 10, 25.5)}"/>
  </g>
</svg>
"""


@drawing
def _hairline_letters():
    """nr5-09-2-b-5-t03-warn-hairline-letters.svg

    CAD plot in inches at 1000 units/in: an information square (stroked <rect>, 2 in,
    mitered) with MARINA in a single-stroke engraving font stroked 0.15 in: letters
    3 in high whose stroke is 0.05 of their height, not block characters."""
    k = 1000
    h, cap, lw, gap = 24.0, 3.0, 2.0, 0.6
    text_w = 6 * lw + 5 * gap
    outer_w = text_w + 2 * 1.0 + 2 * 2.0
    width = outer_w + 4.0
    x0 = (width - outer_w) / 2
    return f"""{CAD_HEAD}<svg {XMLNS} version="1.1" width="{f(width)}in" height="24in"
     viewBox="0 0 {f(width * k)} {f(h * k)}">
  <g id="sheet">
    <rect x="0" y="0" width="{f(width * k)}" height="{f(h * k)}" fill="#FFFFFF"/>
    <rect x="{f((x0 + 1) * k)}" y="{f(4 * k)}" width="{f((outer_w - 2) * k)}" height="{f(16 * k)}"
          fill="none" stroke="#FF4F00" stroke-width="{f(2 * k)}" stroke-linejoin="miter"/>
    <path d="{stroke_letters('MARINA', cap, lw, gap, (width - text_w) / 2, 12 + cap / 2, k)}"
          fill="none" stroke="#000000" stroke-width="{f(0.15 * k)}" stroke-linecap="butt"
          stroke-linejoin="miter" stroke-miterlimit="10"/>
  </g>
</svg>
"""


def _words_inside_exclusion(knockout: bool) -> str:
    w, t = 16.0, 2.0
    cx, cy = 10.0, 12.0
    ring = d(diamond(cx, cy, w), PT) + d(diamond(cx, cy, inner_width(w, t)), PT)
    a = inner_width(w, t) / 2
    b = a / math.tan(math.radians(SLOPE))
    size = text_size(2.0)
    box = (f'<rect class="st0" x="{f((cx - 3.6) * PT)}" y="{f((cy - 1.6) * PT)}" '
           f'width="{f(7.2 * PT)}" height="{f(3.2 * PT)}"/>\n') if knockout else ""
    return f"""{AI_HEAD}<svg version="1.1" id="Layer_1" {XMLNS} x="0px" y="0px" width="1440pt"
	 height="1728pt" viewBox="0 0 1440 1728" xml:space="preserve">
<style type="text/css">
	.st0{{fill:#FFFFFF;}}
	.st1{{fill-rule:evenodd;clip-rule:evenodd;fill:#FF4F00;}}
	.st2{{fill:#FF4F00;}}
	.st3{{font-family:'Overpass-Bold';}}
	.st4{{font-size:{f(size * PT)}px;}}
</style>
<rect class="st0" width="1440" height="1728"/>
<path class="st1" d="{ring}"/>
<polygon class="st2" points="{pts(rect(cx - t / 2, cy - b, cx + t / 2, cy + b), PT)}"/>
<polygon class="st2" points="{pts(rect(cx - a, cy - t / 2, cx + a, cy + t / 2), PT)}"/>
{box}<text transform="matrix(1 0 0 1 {f((cx - 0.6 * size * 2) * PT)} {f((cy - 0.5) * PT)})"><tspan x="0" y="0" class="st3 st4">SWIM</tspan><tspan x="0" y="{f(3.0 * PT)}" class="st3 st4">AREA</tspan></text>
</svg>
"""


@drawing
def _words_inside():
    """nr5-09-2-b-2-t01-fail-words-inside.svg

    Illustrator, pt: a correct exclusion diamond with its cross, but SWIM / AREA set as
    <text> (two tspans) across the cross inside the diamond."""
    return _words_inside_exclusion(knockout=False)


@drawing
def _words_on_knockout():
    """nr5-09-2-b-2-t02-fail-words-on-knockout.svg

    The same, with the words on a white knock-out panel (7.2 x 3.2 in, clear of the
    outline) laid over the middle of the cross, as sign shops do to keep words legible."""
    return _words_inside_exclusion(knockout=True)


@drawing
def _words_below_circle():
    """nr5-09-2-b-3-t01-fail-words-below-circle.svg

    mm, Illustrator data-name for the display area: an empty control circle (filled
    even-odd ring drawn in a translated group) with NO WAKE outlined in a band below."""
    h = 24.0
    ring = circle_d(0, 0, 10, MM, 1) + circle_d(0, 0, 8, MM, 1)
    return f"""{XML}<svg {XMLNS} version="1.1" width="609.6mm" height="762mm" viewBox="0 0 609.6 762">
  <rect data-name="display area" x="0" y="0" width="609.6" height="{f(h * MM)}" fill="none"/>
  <rect x="0" y="0" width="609.6" height="762" fill="#fff"/>
  <g transform="translate({f(12 * MM)} {f(12 * MM)})">
    <path d="{ring}" fill="#ff4f00" fill-rule="evenodd"/>
  </g>
  <g transform="scale(25.4)" fill="#000">
    <path d="{letters('NO WAKE', 3.0, 12, 28.5)}"/>
  </g>
</svg>
"""


@drawing
def _stretched_circle():
    """nr5-09-2-b-3-t02-fail-stretched-circle.svg

    Inches as user units: the control circle was scaled non-proportionally (103 % x
    97 %) when the artwork was fitted to the blank; the ring is an ellipse. The stroke
    (2.1 in) stays >= 2 in and the inner circle keeps its 16 in mean diameter."""
    cap = 2.2
    step = cap * 1.45
    top = 12 - (cap + step) / 2
    return f"""{CAD_HEAD}<svg {XMLNS} version="1.1" width="24in" height="24in" viewBox="0 0 24 24">
  <rect width="24" height="24" fill="#FFFFFF"/>
  <g transform="translate(12 12) scale(1.03 0.97)">
    <circle r="9.05" fill="none" stroke="#FF4F00" stroke-width="2.1"/>
  </g>
  <path fill="#000000" d="{letters('SLOW', cap, 12, top + cap)}"/>
  <path fill="#000000" d="{letters('NO WAKE', cap, 12, top + cap + step)}"/>
</svg>
"""


@drawing
def _message_outside():
    """nr5-09-2-b-4-t01-fail-message-outside.svg

    pt, CSS with an id selector: an empty information square (a <rect> stroked 2 in,
    mitered) with BEACH outlined in a band above it; display area declared below it."""
    top = 4.5
    return f"""{XML}<svg {XMLNS} version="1.1" width="1728pt" height="{f((24 + top) * PT)}pt"
     viewBox="0 0 1728 {f((24 + top) * PT)}">
  <style>
    #blank {{ fill: #FFFFFF; }}
    #square {{ fill: none; stroke: #FF4F00; stroke-width: 144; stroke-linejoin: miter; }}
    .legend {{ fill: #000000; }}
  </style>
  <rect id="display-area" x="0" y="{f(top * PT)}" width="1728" height="{f(24 * PT)}" fill="none"/>
  <rect id="blank" x="0" y="0" width="1728" height="{f((24 + top) * PT)}"/>
  <rect id="square" x="{f(4 * PT)}" y="{f((top + 4) * PT)}" width="{f(16 * PT)}" height="{f(16 * PT)}"/>
  <g transform="scale(72)"><path class="legend" d="{letters('BEACH', 3.0, 12, 3.75)}"/></g>
</svg>
"""


@drawing
def _ten_inch_display():
    """nr5-09-6-a-t01-fail-10in-display.svg

    Inches as user units, display area declared 10 in high: a danger diamond correctly
    proportioned for H = 10 in (6.67 in wide, 2 in outline), ROCKS outlined below."""
    h, w, t = 10.0, 20 / 3, 2.0
    ring = d(diamond(5, 5, w)) + d(diamond(5, 5, inner_width(w, t)))
    return f"""{XML}<svg {XMLNS} version="1.1" width="10in" height="12.5in" viewBox="0 0 10 12.5">
  <rect id="display-area" width="10" height="{f(h)}" fill="none"/>
  <rect width="10" height="12.5" fill="#FFFFFF"/>
  <path d="{ring}" fill="#FF4F00" fill-rule="evenodd"/>
  <path d="{letters('ROCKS', 1.25, 5, 11.875)}" fill="#000000"/>
</svg>
"""


@drawing
def _thin_outline():
    """nr5-09-6-b-t01-fail-thin-outline.svg

    CorelDRAW, mm, CSS classes fil0/fil1: a control circle as an even-odd ring 1.5 in
    thick outside a 16 in inner diameter (H = 24 in), SLOW / NO WAKE outlined inside."""
    ring = circle_d(12, 12, 9.5, MM, 1) + circle_d(12, 12, 8, MM, 1)
    cap = 2.2
    step = cap * 1.45
    top = 12 - (cap + step) / 2
    return f"""{COREL_HEAD}<svg {XMLNS} xml:space="preserve" width="609.6mm" height="609.6mm" version="1.1"
 style="shape-rendering:geometricPrecision; text-rendering:geometricPrecision; image-rendering:optimizeQuality; fill-rule:evenodd; clip-rule:evenodd"
 viewBox="0 0 609.6 609.6">
 <defs>
  <style type="text/css">
   <![CDATA[
    .fil0 {{fill:white}}
    .fil1 {{fill:#FF4F00}}
    .fil2 {{fill:black;fill-rule:nonzero}}
   ]]>
  </style>
 </defs>
 <g id="Layer_x0020_1">
  <rect class="fil0" width="609.6" height="609.6"/>
  <path class="fil1" d="{ring}"/>
  <g transform="scale(25.4)">
   <path class="fil2" d="{letters('SLOW', cap, 12, top + cap)}"/>
   <path class="fil2" d="{letters('NO WAKE', cap, 12, top + cap + step)}"/>
  </g>
 </g>
</svg>
"""


@drawing
def _small_diamond():
    """nr5-09-6-c-t01-fail-small-diamond.svg

    Unitless width/height (px, 96/in): a danger diamond 14 in wide where 2H/3 = 16 in
    is required (H = 24 in inferred: panel less the ROCKS band)."""
    k = PX
    w, t = 14.0, 2.0
    ring = d(diamond(10, 12, w), k) + d(diamond(10, 12, inner_width(w, t)), k)
    return f"""{XML}<svg {XMLNS} version="1.1" width="1920" height="2880" viewBox="0 0 1920 2880">
  <rect width="1920" height="2880" style="fill:#ffffff"/>
  <path style="fill:#ff4f00;fill-rule:evenodd" d="{ring}"/>
  <text x="960" y="{f(28.5 * k)}" style="font-family:Overpass;font-weight:700;font-size:{f(text_size(3) * k)}px;text-anchor:middle;fill:#000">ROCKS</text>
</svg>
"""


@drawing
def _exclusion_40deg():
    """nr5-09-6-d-t02-fail-40deg-exclusion.svg

    Inches as user units, named colors: an exclusion diamond 16 in wide (right) whose
    sides slope 40 deg from the vertical (not 35), with its cross; outline 2 in."""
    w, t, slope = 16.0, 2.0, 40.0
    cx, cy = 10.0, 12.0
    ring = d(diamond(cx, cy, w, slope)) + d(diamond(cx, cy, inner_width(w, t, slope), slope))
    a = inner_width(w, t, slope) / 2
    b = a / math.tan(math.radians(slope))
    return f"""{XML}<svg {XMLNS} version="1.1" width="20in" height="24in" viewBox="0 0 20 24">
  <rect id="display-area" width="20" height="24" fill="none"/>
  <rect width="20" height="24" fill="white"/>
  <g fill="orangered">
    <path d="{ring}" fill-rule="evenodd"/>
    <rect x="{f(cx - t / 2)}" y="{f(cy - b)}" width="{f(t)}" height="{f(2 * b)}"/>
    <rect x="{f(cx - a)}" y="{f(cy - t / 2)}" width="{f(2 * a)}" height="{f(t)}"/>
  </g>
</svg>
"""


@drawing
def _off_center():
    """uswms-t01-warn-off-center.svg

    mm, style= attributes, display area declared: a correct danger diamond placed 2 in
    left of the centre of its 20 x 24 in display area (group translate)."""
    w, t = 16.0, 2.0
    ring = d(diamond(0, 0, w), MM) + d(diamond(0, 0, inner_width(w, t)), MM)
    return f"""{XML}<svg {XMLNS} version="1.1" width="508mm" height="609.6mm" viewBox="0 0 508 609.6">
  <rect id="display-area" x="0" y="0" width="508" height="609.6" style="fill:none"/>
  <rect x="0" y="0" width="508" height="609.6" style="fill:#FFFFFF"/>
  <g transform="translate({f(8 * MM)} {f(12 * MM)})">
    <path d="{ring}" style="fill:#FF4F00;fill-rule:evenodd"/>
  </g>
</svg>
"""


@drawing
def _text_legend():
    """fab-t01-info-text-legend.svg

    Inches at 72 units/in: a correct danger sign whose ROCKS is live <text> (font
    dependent) in the band below; display area declared."""
    w, t = 16.0, 2.0
    ring = d(diamond(10, 12, w), PT) + d(diamond(10, 12, inner_width(w, t)), PT)
    return f"""{XML}<svg {XMLNS} version="1.1" width="20in" height="30in" viewBox="0 0 1440 2160">
  <rect id="display-area" width="1440" height="{f(24 * PT)}" fill="none"/>
  <rect width="1440" height="2160" fill="#FFFFFF"/>
  <path d="{ring}" fill="#FF4F00" fill-rule="evenodd"/>
  <text x="720" y="{f(28.5 * PT)}" font-family="Overpass" font-weight="bold"
        font-size="{f(text_size(3) * PT)}" text-anchor="middle" fill="#000000">ROCKS</text>
</svg>
"""


@drawing
def _illustrator_px():
    """fab-t02-info-illustrator-px.svg

    Saved by Adobe Illustrator with its size in px: a danger sign right in its
    proportions, read at Illustrator's 72 px per inch (its points), not SVG's 96, which
    the note says (a 32 in display area there; 24 in at SVG's px)."""
    w, t, px = 16.0, 2.0, 96.0
    ring = d(diamond(10, 12, w), px) + d(diamond(10, 12, inner_width(w, t)), px)
    return f"""{AI_HEAD}<svg {XMLNS} version="1.1" width="1920px" height="2304px"
     viewBox="0 0 1920 2304">
  <rect width="1920" height="2304" fill="#FFFFFF"/>
  <path d="{ring}" fill="#FF4F00" fill-rule="evenodd"/>
</svg>
"""


@drawing
def _cut_file():
    """fab-t06-info-line-drawing.svg

    A cut file of the orange film of a 12 in danger sign as `wsmark fabricate` writes
    one: the diamond's outer and inner outlines as hairlines, no fill, with the film
    ("cut orange:") and the design declared in <desc>; read by the CAM convention and
    judged on the declared design, which the note says."""
    w, t, margin = 8.0, 2.0, 0.625
    outer = diamond(margin + 5, margin + 6.713, w)
    inner = diamond(margin + 5, margin + 6.713, inner_width(w, t))
    design = '{"display_height": 12.0, "kind": "danger", "outline": 2.0}'
    return f"""{XML}<svg {XMLNS} version="1.1" width="11.25in" height="14.676in"
     viewBox="0 0 11.25 14.676">
  <desc>kind: danger
design: {design}
cut orange: trim 10 x 13.426 in at 100 %, bleed 0.125 in, page offset 0.625 in</desc>
  <g id="cut-orange" fill="none" stroke="#FF4F00" stroke-width="0.01">
    <path d="{d(outer)}{d(inner)}"/>
  </g>
</svg>
"""


@drawing
def _filtered():
    """fab-t07-review-filter.svg

    Inches at 72 units/in: a correct danger sign whose orange is hue-rotated by a CSS
    filter (a browser shows it green): wsmark does not render filters, so the shapes are
    judged and the filter is a review that names it."""
    w, t = 16.0, 2.0
    ring = d(diamond(10, 12, w), PT) + d(diamond(10, 12, inner_width(w, t)), PT)
    return f"""{XML}<svg {XMLNS} version="1.1" width="20in" height="24in" viewBox="0 0 1440 1728">
  <style>.ring {{ filter: hue-rotate(120deg) }}</style>
  <rect id="display-area" width="1440" height="1728" fill="none"/>
  <rect width="1440" height="1728" fill="#FFFFFF"/>
  <path class="ring" d="{ring}" fill="#FF4F00" fill-rule="evenodd"/>
</svg>
"""


# ------------------------------------------------------------------------- aid defects

def _aid_red(fill: str, ident: str, size_in: float, title: str, board: bool = True) -> str:
    """A red triangle daymark in pt (72 user units per inch) with its id as <text>;
    ``board``: drawn on its white backing board (the triangle's bounding box)."""
    h = 24.0
    base, tri = _triangle(h)
    sheet = (f'  <rect id="backing-board" width="{f(base * PT)}" height="{f(h * PT)}" '
             'style="fill:#FFFFFF"/>\n') if board else ""
    return f"""{XML}<svg {XMLNS} version="1.1" width="{f(base)}in" height="24in"
     viewBox="0 0 {f(base * PT)} {f(h * PT)}">
  <title>{title}</title>
{sheet}  <polygon points="{pts(tri, PT)}" style="fill:{fill}"/>
  <text x="{f(base / 2 * PT)}" y="{f(0.92 * h * PT)}" style="font-family:Overpass;font-weight:700;font-size:{f(size_in * PT)}px;text-anchor:middle;fill:#FFFFFF">{ident}</text>
</svg>
"""


@drawing
def _aid_red_board_pass():
    """aid-red-pass-pt-backing-board.svg

    pt: a red triangle daymark on its white backing board, white WS-2 as <text>
    (font-size 309.6 pt user units = 4.3 in, cap 3.01 in)."""
    return _aid_red("#C8102E", "WS-2", 4.3, "State aid, lateral, red: WS-2")


@drawing
def _orange_red_nun():
    """nr5-09-2-a-1-2-4-t01-fail-orange-red-nun.svg

    A "red" triangle daymark printed in orangered rgb(255,69,0), which reads as
    international orange, not red; white WS-2."""
    return _aid_red("rgb(255,69,0)", "WS-2", 4.3, "State aid, lateral, red (as printed): WS-2")


@drawing
def _odd_on_red():
    """nr5-09-2-a-5-t02-fail-odd-number-on-red.svg

    A red triangle daymark carrying WS-3 (red aids carry even numbers)."""
    return _aid_red("#C8102E", "WS-3", 4.3, "State aid, lateral, red: WS-3")


@drawing
def _small_aid_letters():
    """nr5-09-2-a-6-t02-fail-small-letters.svg

    A red triangle daymark whose WS-4 is only 2.45 in high (font-size 3.5 in)."""
    return _aid_red("#C8102E", "WS-4", 3.5, "State aid, lateral, red: WS-4")


def _aid_square(fill: str, body: str) -> str:
    """An Inkscape daymark in mm: a 24 in square face on a white page-background rect."""
    s = 24 * MM
    return f"""{INK_HEAD}<svg {XMLNS} {INKSCAPE} width="609.6mm" height="609.6mm"
   viewBox="0 0 609.6 609.6" version="1.1" id="svg1">
  <g inkscape:groupmode="layer" inkscape:label="Layer 1" id="layer1">
    <rect id="page-background" x="0" y="0" width="{f(s)}" height="{f(s)}" style="fill:#ffffff" />
    <rect id="face" x="0" y="0" width="{f(s)}" height="{f(s)}" style="fill:{fill};stroke:none" />
{body}  </g>
</svg>
"""


def _ident(text: str, fill: str, cap: float = 3.1) -> str:
    size = text_size(cap) * MM
    return (f'    <text id="ident" x="{f(12 * MM)}" y="{f((12 + cap / 2) * MM)}" style="font-size:'
            f'{f(size)}px;font-family:Overpass;font-weight:bold;text-anchor:middle;fill:{fill}">'
            f'{text}</text>\n')


@drawing
def _id_without_hyphen():
    """nr5-09-2-a-5-t01-fail-id-without-hyphen.svg

    Inkscape, mm: a green square daymark lettered "WS 3" (no hyphen)."""
    return _aid_square("#00843d", _ident("WS 3", "#ffffff"))


@drawing
def _other_pack_id():
    """fab-t07-fail-other-pack-id.svg

    Inkscape, mm: a green square daymark lettered "CT-3", Connecticut's identification
    of a green buoy (15-121-A4(b)(1)) checked under NR 5.09: the WS format fails, and a
    hint names the pack whose identification it is (never a silent switch)."""
    return _aid_square("#00843d", _ident("CT-3", "#ffffff"))


@drawing
def _black_letters():
    """nr5-09-2-a-6-t01-fail-black-letters.svg

    Inkscape, mm: a green square daymark with its WS-5 in black, not white."""
    return _aid_square("#00843d", _ident("WS-5", "#000000"))


@drawing
def _hairline_aid_letters():
    """nr5-09-2-a-6-t03-warn-hairline-letters.svg

    Inkscape, mm: a green square daymark with WS-1 cut from a single-stroke engraving
    font stroked 0.2 in: letters 4 in high, stroke 0.05 of the height."""
    cap, lw, gap = 4.0, 2.6, 0.8
    text_w = 4 * lw + 3 * gap
    body = (f'    <path id="ident" d="{stroke_letters("WS-1", cap, lw, gap, 12 - text_w / 2, 12 + cap / 2, MM)}"\n'
            f'       style="fill:none;stroke:#ffffff;stroke-width:{f(0.2 * MM)};'
            'stroke-linejoin:miter;stroke-miterlimit:10;stroke-linecap:butt" />\n')
    return _aid_square("#00843d", body)


@drawing
def _red_square():
    """nr5-09-2-a-7-t01-warn-red-square.svg

    Inkscape, mm: a red aid drawn as a square (the Coast Guard's red daymark is a
    triangle); WS-2 in white."""
    return _aid_square("#c8102e", _ident("WS-2", "#ffffff"))


@drawing
def _horizontal_stripes():
    """nr5-09-2-a-4-t01-fail-horizontal-stripes.svg

    Inches as user units: a center marker striped horizontally (bands), not vertically;
    black plate with white WS-B."""
    step = 24 / 7
    bands = "".join(f'    <rect x="0" y="{f(i * step)}" width="24" height="{f(step)}"/>\n'
                    for i in (1, 3, 5))
    size = text_size(3.2)
    plate_w, plate_h = 0.6 * size * 4 + 1.6, 3.2 + 2.4
    return f"""{CAD_HEAD}<svg {XMLNS} version="1.1" width="24in" height="24in" viewBox="0 0 24 24">
  <rect width="24" height="24" fill="white"/>
  <g id="bands" fill="black">
{bands}  </g>
  <rect id="plate" x="{f(12 - plate_w / 2)}" y="{f(12 - plate_h / 2)}" width="{f(plate_w)}"
        height="{f(plate_h)}" fill="black"/>
  <text x="12" y="13.6" font-size="{f(size)}" font-family="Overpass" font-weight="700"
        text-anchor="middle" fill="white">WS-B</text>
</svg>
"""


if __name__ == "__main__":
    write_all(FILES)
