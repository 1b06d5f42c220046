"""Write the seeded-defect drawings of buoys, the wrap and the flags, deterministically.

Run from the project root:  .venv/bin/python tests/drawings/defects/make_buoy_defects.py

The companion of make_defects.py (sign faces and aid faces), in the same habits: each
drawing is a vendor-style SVG that is right in every respect but one seeded defect
(``*-fail-*``, ``*-warn-*``), or right in every respect (``*-pass-*``). Names follow the
paragraph broken: ``nr5-09-<paragraph>-tNN-...`` for NR 5.09, ``s30-70-``/``s30-675-``
for the statutes' flags.

Buoys are elevations as a vendor draws them: the buoy above a ``waterline`` line, in the
file's own units, no wsmark description (kind and layout are found from the drawing),
except the wrap, which declares itself and its diameter in a ``design:`` line of its
``<desc>`` as RULES.md asks. The geometry is worked out here with the rule's
arithmetic: display area H = 12 in, diamond 2H/3 = 8 in wide with 35 deg sides and a
2 in outline; on a 7 in buoy the diamond is laid along the surface and drawn as seen,
x = r sin(s / r); on the wrap it is pre-distorted so it looks flat, s = r asin(x / r).
"""

from __future__ import annotations

import math

from svgkit import AI_HEAD, MM, PT, PX, XML, XMLNS, d, f, registry, write_all

SLOPE = math.radians(35.0)
ORANGE, WHITE, RED, GREEN, BLUE, YELLOW = (
    "#FF4F00", "#FFFFFF", "#C8102E", "#00843D", "#0033A0", "#FFCD00")

FILES, drawing = registry()


# ----------------------------------------------------------------------------- helpers

def diamond(cx: float, cy: float, width: float, steps: int = 1):
    """The diamond's outline, each side cut into ``steps`` pieces (to bend it)."""
    a = width / 2
    b = a / math.tan(SLOPE)
    corners = [(cx, cy - b), (cx + a, cy), (cx, cy + b), (cx - a, cy)]
    points = []
    for (x0, y0), (x1, y1) in zip(corners, corners[1:] + corners[:1]):
        points += [(x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
                   for i in range(steps)]
    return points


def inner(width: float, t: float = 2.0) -> float:
    """Width of the white center of a diamond whose outline is ``t`` thick."""
    return width - 2 * t / math.cos(SLOPE)


def seen(points, axis: float, r: float):
    """Laid along a cylinder's surface, as seen from the front."""
    return [(axis + r * math.sin((x - axis) / r), y) for x, y in points]


def along(points, axis: float, r: float):
    """Seen from the front, laid back along the surface (pre-distorted for a wrap)."""
    return [(axis + r * math.asin((x - axis) / r), y) for x, y in points]


def ring(outer, hole, k: float) -> str:
    return d(outer, k) + d(hole, k)


def diamond_ring(cx: float, cy: float, bend=None, k: float = 1.0) -> str:
    """The danger diamond of H = 12 in (8 in wide, 2 in outline) as an even-odd ring."""
    steps = 40 if bend else 1
    outer, hole = diamond(cx, cy, 8.0, steps), diamond(cx, cy, inner(8.0), steps)
    if bend:
        outer, hole = bend(outer), bend(hole)
    return ring(outer, hole, k)


def nun(cx: float, top: float, bottom: float, dia: float):
    """A nun: cylinder with a cone rising half a diameter to a top half a diameter wide."""
    a, t, shoulder = dia / 2, dia / 4, top + dia / 2
    return [(cx - t, top), (cx + t, top), (cx + a, shoulder), (cx + a, bottom),
            (cx - a, bottom), (cx - a, shoulder)]


def sphere_cap(cx: float, waterline: float, dia: float, above: float, steps: int = 720):
    """The outline above the water of a sphere riding ``above`` inches out of it."""
    r = dia / 2
    cy = waterline - above + r
    points = [(cx + r * math.sin(2 * math.pi * i / steps),
               cy - r * math.cos(2 * math.pi * i / steps)) for i in range(steps)]
    return [(x, min(y, waterline)) for x, y in points]


def chord(cx: float, cy: float, r: float, y: float) -> float:
    """Half the width of a circle (centre cx, cy, radius r) at height y."""
    return math.sqrt(max(r * r - (y - cy) ** 2, 0.0))


def band_on_sphere(cx: float, cy: float, r: float, y0: float, y1: float, steps: int = 60):
    """The part of a sphere's outline between heights y0 and y1 (a band around it)."""
    ys = [y0 + (y1 - y0) * i / steps for i in range(steps + 1)]
    right = [(cx + chord(cx, cy, r, y), y) for y in ys]
    left = [(cx - chord(cx, cy, r, y), y) for y in reversed(ys)]
    return right + left


def svg_in(width: float, height: float, body: str, title: str, unit: str = "in",
           k: float = 1.0, head: str = XML, extra: str = "") -> str:
    return (f'{head}<svg {XMLNS} version="1.1" width="{f(width * k)}{unit}" '
            f'height="{f(height * k)}{unit}" viewBox="0 0 {f(width * k)} {f(height * k)}"'
            f'{extra}>\n  <title>{title}</title>\n{body}</svg>\n')


def waterline(width: float, y: float, k: float = 1.0) -> str:
    return (f'  <line id="waterline" x1="0" y1="{f(y * k)}" x2="{f(width * k)}" '
            f'y2="{f(y * k)}" stroke="#0072CE" stroke-width="{f(0.1 * k)}"/>\n')


# ----------------------------------------------------------------------------- symbol buoys

def _symbol_buoy(dia: float, above: float, k: float, unit: str, title: str,
                 bottom_band: bool = True) -> str:
    """A white buoy with orange bands and a 12 in display area carrying the danger
    diamond; on a buoy narrower than the diamond it is laid along the surface."""
    width, band = dia + 4, (above - 12) / 2
    axis, r = width / 2, dia / 2
    x0 = axis - r
    bend = (lambda pts: seen(pts, axis, r)) if dia < 8.4 else None
    cy = band + 6
    body = (f'  <rect x="{f(x0 * k)}" y="0" width="{f(dia * k)}" height="{f(above * k)}" '
            f'fill="{WHITE}"/>\n'
            f'  <rect x="{f(x0 * k)}" y="0" width="{f(dia * k)}" height="{f(band * k)}" '
            f'fill="{ORANGE}"/>\n')
    if bottom_band:
        body += (f'  <rect x="{f(x0 * k)}" y="{f((above - band) * k)}" width="{f(dia * k)}" '
                 f'height="{f(band * k)}" fill="{ORANGE}"/>\n')
    else:
        body += (f'  <rect id="display-area" x="{f(x0 * k)}" y="{f(band * k)}" '
                 f'width="{f(dia * k)}" height="{f(12 * k)}" fill="none"/>\n')
    body += (f'  <path d="{diamond_ring(axis, cy, bend, k)}" fill="{ORANGE}" '
             'fill-rule="evenodd"/>\n' + waterline(width, above, k))
    return svg_in(width, above + 1, body, title, unit, k)


@drawing
def _symbol_pass():
    """buoy-symbol-pass-in-danger-7in-surface.svg

    The minimum symbol buoy: 7 in across, 36 in above the water, 12 in orange bands,
    the 8 in diamond laid along the surface (seen 6.37 in wide). Kind and layout are
    found from the drawing."""
    return _symbol_buoy(7, 36, 1, "in", "Danger buoy, 7 in, 36 in above water")


@drawing
def _short_buoy():
    """nr5-09-6-a-t02-fail-short-buoy.svg

    The same buoy riding 30 in above the water (9 in bands): (6)(a) asks 36 in."""
    return _symbol_buoy(7, 30, MM, "mm", "Danger buoy, 30 in above water")


@drawing
def _thin_buoy():
    """nr5-09-6-a-t03-fail-6in-buoy.svg

    A 6 in buoy (the diamond along its surface, seen 5.83 in wide): (6)(a) asks 7 in."""
    return _symbol_buoy(6, 36, PX, "px", "Danger buoy, 6 in diameter")


@drawing
def _no_bottom_band():
    """nr5-09-5-b-t01-fail-no-bottom-band.svg

    A 12 in buoy with its orange band on the top and none above the waterline: white
    from the top band down to the water. The display area is declared (12 in)."""
    return _symbol_buoy(12, 36, 1, "in", "Danger buoy without its bottom band",
                        bottom_band=False)


# ----------------------------------------------------------------------------- the wrap

def _wrap(symbols: int, title: str) -> str:
    """The wrap for a 12 in buoy: pi x 12 wide, 36 in high, 12 in bands, diamonds
    pre-distorted to look flat from the front, centred at a quarter and three quarters
    of the way round."""
    dia, above, band = 12.0, 36.0, 12.0
    width = math.pi * dia
    body = (f'  <rect width="{f(width)}" height="{f(above)}" fill="{WHITE}"/>\n'
            f'  <rect width="{f(width)}" height="{f(band)}" fill="{ORANGE}"/>\n'
            f'  <rect y="{f(above - band)}" width="{f(width)}" height="{f(band)}" '
            f'fill="{ORANGE}"/>\n')
    for centre in [width / 4, 3 * width / 4][:symbols]:
        body += (f'  <path d="{diamond_ring(centre, 18, lambda p, c=centre: along(p, c, 6))}" '
                 f'fill="{ORANGE}" fill-rule="evenodd"/>\n')
    desc = ('  <desc>Print and wrap around the buoy.\n'
            'design: {"kind": "buoy-wrap", "diameter": 12}</desc>\n')
    return svg_in(width, above, desc + body, title)


@drawing
def _wrap_pass():
    """buoy-wrap-pass-in-danger-12in.svg

    The wrap of a 12 in danger buoy: the diamond twice, 180 deg apart."""
    return _wrap(2, "Wrap, danger buoy 12 in")


@drawing
def _wrap_one():
    """nr5-09-6-a-t04-fail-one-sided-wrap.svg

    The same wrap with one diamond: (6)(a) shows the symbol on 2 sides."""
    return _wrap(1, "Wrap, danger buoy 12 in, one symbol")


@drawing
def _flat_print():
    """fab-t10-review-flat-print.svg

    A green can's flat print as a shop sends it to the printer: the cylinder of a 7 in
    buoy unrolled (pi x 7 wide, 36 in high), declared a flat wrap. It is not the buoy as
    seen: one review (flat-print), nothing judged on it."""
    dia, above = 7.0, 36.0
    width = math.pi * dia
    body = f'  <rect width="{f(width)}" height="{f(above)}" fill="{GREEN}"/>\n'
    desc = ('  <desc>Flat print, wrap around the buoy.\n'
            'design: {"kind": "buoy-aid-green", "print": "flat wrap", "diameter": 7}</desc>\n')
    return svg_in(width, above, desc + body, "Green can, flat print")


# ----------------------------------------------------------------------------- sign buoys

def _sign_buoy(bands: int, title: str) -> str:
    """A 7 in buoy 36 in above the water in mm, its bands in equal parts, carrying a
    control sign (12 x 14 in panel, 12 in display area, 5 MPH as <text>) 6 in above it."""
    k, dia, above = MM, 7.0, 36.0
    width = 18.0
    axis = width / 2
    top = 12.0 + 6.0
    body = (f'  <rect x="{f(2 * k)}" y="0" width="{f(14 * k)}" height="{f(12 * k)}" '
            f'fill="{WHITE}"/>\n'
            f'  <circle cx="{f(axis * k)}" cy="{f(6 * k)}" r="{f(5 * k)}" fill="none" '
            f'stroke="{ORANGE}" stroke-width="{f(2 * k)}"/>\n'
            f'  <text x="{f(axis * k)}" y="{f(6.7 * k)}" font-size="{f(2 * k)}" '
            f'text-anchor="middle" fill="#000000">5 MPH</text>\n')
    for i in range(bands):
        color = ORANGE if i % 2 == 0 else WHITE
        body += (f'  <rect x="{f((axis - dia / 2) * k)}" y="{f((top + above * i / bands) * k)}"'
                 f' width="{f(dia * k)}" height="{f(above / bands * k)}" fill="{color}"/>\n')
    body += waterline(width, top + above, k)
    return svg_in(width, top + above + 1, body, title, "mm", k)


@drawing
def _sign_pass():
    """buoy-sign-pass-mm-control.svg

    Orange, white, orange, white, orange, each a fifth, a control sign above."""
    return _sign_buoy(5, "Sign buoy, 5 bands, control sign")


@drawing
def _three_bands():
    """nr5-09-5-c-t01-fail-three-bands.svg

    Orange, white, orange: (5)(c) asks 3 orange bands alternating with 2 white."""
    return _sign_buoy(3, "Sign buoy, 3 bands")


# ----------------------------------------------------------------------------- aid buoys

def _red_nun(reflector: str | None, title: str) -> str:
    """A red nun 8 in across, 36 in above the water, WS-2 as <text> (3 in caps), with
    a reflective band 2 in high around its top (marked ``reflector``) if given."""
    dia, above = 8.0, 36.0
    width = dia + 4
    axis = width / 2
    outline = nun(axis, 0, above, dia)
    body = f'  <polygon points="{" ".join(f"{f(x)},{f(y)}" for x, y in outline)}" ' \
           f'fill="{RED}"/>\n'
    if reflector:  # the cone widens from dia / 4 to dia / 2 (half-widths) over dia / 2
        t = dia / 4
        a = t + (dia / 2 - t) * 2 / (dia / 2)
        band = [(axis - t, 0), (axis + t, 0), (axis + a, 2), (axis - a, 2)]
        body += f'  <path id="reflector" d="{d(band)}" fill="{reflector}"/>\n'
    body += (f'  <text x="{f(axis)}" y="21.5" font-family="Overpass, sans-serif" '
             f'font-weight="700" font-size="{f(3 / 0.7)}" text-anchor="middle" '
             f'fill="{WHITE}">WS-2</text>\n' + waterline(width, above))
    return svg_in(width, above + 1, body, title)


@drawing
def _nun_pass():
    """aid-red-pass-in-nun-buoy.svg

    A red nun with a red reflective band around its top."""
    return _red_nun(RED, "Aid buoy, red nun WS-2")


@drawing
def _no_reflector():
    """nr5-09-6-f-t01-fail-no-reflector.svg

    An unlighted red nun with no reflective band: (6)(f) asks 2 in all around the top."""
    return _red_nun(None, "Aid buoy, red nun WS-2, no reflector")


@drawing
def _white_reflector():
    """nr5-09-2-a-8-t01-fail-white-reflector.svg

    A red nun with a white reflective band: (2)(a)8 asks a red reflector on a red buoy."""
    return _red_nun(WHITE, "Aid buoy, red nun WS-2, white reflector")


@drawing
def _can_pass():
    """aid-green-pass-pt-can-buoy.svg

    A green can 12 in across in points, WS-1 in outlined block letters (3 in caps, flat:
    9.6 in wide on a 12 in buoy), a green reflective band 2 in high on its top."""
    from markers.core.lettering import set_line

    dia, above, k = 12.0, 36.0, PT
    width = dia + 4
    axis = width / 2
    body = (f'  <rect x="{f(2 * k)}" y="0" width="{f(dia * k)}" height="{f(above * k)}" '
            f'fill="{GREEN}"/>\n'
            f'  <rect id="reflector" x="{f(2 * k)}" y="0" width="{f(dia * k)}" '
            f'height="{f(2 * k)}" fill="{GREEN}"/>\n'
            f'  <g transform="scale({f(k)})" fill="{WHITE}">\n'
            f'    <path d="{set_line("WS-1", 3.0, axis, 20.5).path}"/>\n  </g>\n'
            + waterline(width, above, k))
    return svg_in(width, above + 1, body, "Aid buoy, green can WS-1", "pt", k, AI_HEAD)


# ----------------------------------------------------------------------------- mooring, race

def _mooring(above: float, title: str) -> str:
    """A white 24 in sphere riding ``above`` in out of the water, in points, with a
    blue band 4 in high around it, clear of the water."""
    k, dia = PT, 24.0
    width = dia + 4
    axis, r = width / 2, dia / 2  # the top at y = 0, the centre r below it
    body = (f'  <path d="{d(sphere_cap(axis, above, dia, above), k)}" fill="{WHITE}"/>\n'
            f'  <path d="{d(band_on_sphere(axis, r, r, above - 8, above - 4), k)}" '
            f'fill="{BLUE}"/>\n' + waterline(width, above, k))
    return svg_in(width, above + 1, body, title, "pt", k)


@drawing
def _mooring_pass():
    """buoy-mooring-pass-pt-sphere.svg

    A white sphere riding 18 in out of the water with a blue band above it."""
    return _mooring(18, "Mooring buoy")


@drawing
def _mooring_low():
    """nr5-09-7-a-t01-fail-low-mooring.svg

    The same sphere riding 12 in out: (7)(a) asks 18 in."""
    return _mooring(12, "Mooring buoy riding low")


def _race(dia: float, above: float, title: str) -> str:
    """A yellow ball, in px, riding ``above`` in out of the water."""
    k = PX
    width = dia + 4
    body = (f'  <path d="{d(sphere_cap(width / 2, above, dia, above), k)}" '
            f'fill="{YELLOW}"/>\n' + waterline(width, above, k))
    return svg_in(width, above + 1, body, title, "px", k)


@drawing
def _race_pass():
    """buoy-race-pass-px-yellow-ball.svg

    A yellow 9 in ball, half out of the water (its material is not declared: info)."""
    return _race(9, 4.5, "Slalom ball, 9 in")


@drawing
def _race_pictogram():
    """nr5-09-7-b-t02-fail-pictogram-on-ball.svg

    A 12 in ball declared a race buoy (``design:`` in its ``<desc>``), yellow and riding
    6 in out, with a black figure (a head and a 7 x 3.5 in body) over 43 % of what is
    seen above the water: (7)(b) asks one race color, so it is not mistaken for a sign."""
    k, dia, above = PX, 12.0, 6.0
    width = dia + 4
    cx = width / 2
    figure = [(cx - 3.5, 1.5), (cx + 3.5, 1.5), (cx + 3.5, 5.0), (cx - 3.5, 5.0)]
    body = ('  <desc>design: {"kind": "buoy-race", "material": "foam"}</desc>\n'
            f'  <path d="{d(sphere_cap(cx, above, dia, above), k)}" fill="{YELLOW}"/>\n'
            f'  <circle cx="{f((cx - 2.6) * k)}" cy="{f(2.2 * k)}" r="{f(0.7 * k)}" '
            'fill="#000000"/>\n'
            f'  <path d="{d(figure, k)}" fill="#000000"/>\n' + waterline(width, above, k))
    return svg_in(width, above + 1, body, "Slalom ball with a pictogram", "px", k)


@drawing
def _race_big():
    """nr5-09-7-b-t01-fail-16in-race-ball.svg

    A yellow 16 in ball riding 6 in out: (7)(b)2 asks at most 14 in across."""
    return _race(16, 6, "Race ball, 16 in")


# ----------------------------------------------------------------------------- flags

def _diver(stripe: float, unit: str, k: float, title: str) -> str:
    """A red 12 x 15 in diver's flag with a white stripe ``stripe`` wide (measured
    across it) from the upper hoist corner to the lower fly corner."""
    h, length = 12.0, 15.0
    # the stripe's edges: the diagonal moved half the stripe across itself each way,
    # cut by the flag's edges
    n, half = math.hypot(length, h), stripe / 2
    band = [(0, 0), (half * n / h, 0), (length, h - half * n / length), (length, h),
            (length - half * n / h, h), (0, half * n / length)]
    body = (f'  <rect width="{f(length * k)}" height="{f(h * k)}" fill="#E31B23"/>\n'
            f'  <path d="{d(band, k)}" fill="#FAFAFA"/>\n')
    return svg_in(length, h, body, title, unit, k)


@drawing
def _diver_pass():
    """diver-flag-pass-in-red-white-stripe.svg

    12 x 15 in, red, one white stripe 3 in wide corner to corner."""
    return _diver(3.0, "in", 1.0, "Diver down flag")


@drawing
def _diver_thin():
    """s30-70-t01-fail-2in-stripe.svg

    The same flag with a stripe 2 in wide: s. 30.70 asks 3 in."""
    return _diver(2.0, "mm", MM, "Diver down flag, thin stripe")


def _distress(h: float, length: float, title: str) -> str:
    k = 2.54
    body = f'  <rect width="{f(length * k)}" height="{f(h * k)}" fill="#FF6600"/>\n'
    return svg_in(length, h, body, title, "cm", k)


@drawing
def _distress_pass():
    """distress-flag-pass-cm-orange.svg

    An orange flag 18 by 30 in."""
    return _distress(18, 30, "Distress flag")


@drawing
def _distress_square():
    """s30-675-t01-fail-10in-square.svg

    An orange square 10 by 10 in: s. 30.675 says approximately 18 by 30 in; 44 % and
    67 % off, far beyond "approximately", so it is not this flag."""
    return _distress(10, 10, "Distress flag, 10 in square")


if __name__ == "__main__":
    write_all(FILES)
