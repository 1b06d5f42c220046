"""Marker palette and color science: sRGB -> CIELAB, CIEDE2000, nearest-family classification.

NR 5.09 names marker colors by family (white, orange, ...) but artwork carries arbitrary
hex/CSS colors; a perceptual distance (CIEDE2000), not raw RGB, decides which family is meant.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from markers.errors import WsmarkError

__all__ = [
    "PALETTE", "REFERENCES", "MAX_DISTANCE", "OTHER", "AMBIGUITY_MARGIN", "CSS_NAMED_COLORS",
    "ColorMatch", "hex_to_lab", "delta_e_2000", "classify", "parse_color",
]

Lab = tuple[float, float, float]

# Render color per family (what we paint), uppercase '#RRGGBB'.
PALETTE: dict[str, str] = {
    "white": "#FFFFFF",  # sRGB white
    "black": "#000000",  # sRGB black
    "orange": "#FF4F00",  # widely quoted sRGB of international orange
    "red": "#C8102E",  # Pantone 186 C
    "green": "#00843D",  # Pantone 356 C
    "blue": "#0033A0",  # Pantone 286 C
    "yellow": "#FFCD00",  # Pantone 116 C
}

# Reference swatches (hex, short name) per family; classify() picks the nearest. Every PALETTE
# color is one. The sRGB primaries catch screen-pure colors. CSS 'orange' (#FFA500) is no
# reference: it is an amber, 5 dE2000 from #FFB300, which must not pass as international orange.
REFERENCES: dict[str, tuple[tuple[str, str], ...]] = {
    "white": (("#FFFFFF", "white"),),
    "black": (("#000000", "black"),),
    "orange": (("#FF4F00", "international orange"), ("#E57200", "FHWA orange / Pantone 152 C")),
    "red": (("#C8102E", "Pantone 186 C"), ("#FF0000", "sRGB red")),
    "green": (("#00843D", "Pantone 356 C"), ("#00FF00", "sRGB green")),
    "blue": (("#0033A0", "Pantone 286 C"), ("#0000FF", "sRGB blue")),
    "yellow": (("#FFCD00", "Pantone 116 C"), ("#FFFF00", "sRGB yellow")),
}

#: The largest CIEDE2000 distance from a family's nearest reference at which a color is
#: still of that family; beyond it the color is "other". wsmark's choice, sized from the
#: two tables of RULES.md (the farthest "must classify" and the nearest "must not"):
#: orange 5.5 (#FF7F00) / 20.5 (amber #FFB300); red 8.9 (#CC0000) / 20.0 (brown #8B4513);
#: yellow 3.3 (#FFD700), and amber #FFB300 at 9.1 is a yellow; green 14.1 (#006B54) /
#: 25.8 (grey #666666); blue 21.7 (#0072CE) / 30.5 (#666666); white 2.0 (#F5F5F5) /
#: 11.1 (grey #CCCCCC); black 8.0 (#231F20) / 30.4 (#666666).
MAX_DISTANCE: dict[str, float] = {
    "white": 6.0, "black": 15.0, "orange": 12.0, "red": 15.0, "green": 20.0, "blue": 25.0,
    "yellow": 10.0,
}
#: The family of a color farther than MAX_DISTANCE from every reference of its nearest.
OTHER = "other"
#: A color that two families would both accept (each within its MAX_DISTANCE) and whose
#: distances to them differ by less than this is ambiguous: the checker says review, not
#: pass or fail. wsmark's choice: 1 dE2000 is about one just-noticeable difference and
#: about 2 is the usual tolerance a print shop holds a spot color to, so a difference
#: smaller than that is not one the drawing can settle (#F04000 is orange at 4.5 and red
#: at 5.2; #FF5A1F, 2.2 and 9.1, is plainly orange).
AMBIGUITY_MARGIN = 2.0

# The 148 CSS Color 4 named colors (SVG 1.1's 147 + rebeccapurple) as 'name:RRGGBB'; inline
# so parsing needs no third-party table (svgelements' own lookup gets aliceblue wrong).
_CSS_NAMES = (
    "aliceblue:F0F8FF antiquewhite:FAEBD7 aqua:00FFFF aquamarine:7FFFD4 azure:F0FFFF beige:F5F5DC "
    "bisque:FFE4C4 black:000000 blanchedalmond:FFEBCD blue:0000FF blueviolet:8A2BE2 brown:A52A2A "
    "burlywood:DEB887 cadetblue:5F9EA0 chartreuse:7FFF00 chocolate:D2691E coral:FF7F50 "
    "cornflowerblue:6495ED cornsilk:FFF8DC crimson:DC143C cyan:00FFFF darkblue:00008B "
    "darkcyan:008B8B darkgoldenrod:B8860B darkgray:A9A9A9 darkgreen:006400 darkgrey:A9A9A9 "
    "darkkhaki:BDB76B darkmagenta:8B008B darkolivegreen:556B2F darkorange:FF8C00 darkorchid:9932CC "
    "darkred:8B0000 darksalmon:E9967A darkseagreen:8FBC8F darkslateblue:483D8B "
    "darkslategray:2F4F4F darkslategrey:2F4F4F darkturquoise:00CED1 darkviolet:9400D3 "
    "deeppink:FF1493 deepskyblue:00BFFF dimgray:696969 dimgrey:696969 dodgerblue:1E90FF "
    "firebrick:B22222 floralwhite:FFFAF0 forestgreen:228B22 fuchsia:FF00FF gainsboro:DCDCDC "
    "ghostwhite:F8F8FF gold:FFD700 goldenrod:DAA520 gray:808080 green:008000 greenyellow:ADFF2F "
    "grey:808080 honeydew:F0FFF0 hotpink:FF69B4 indianred:CD5C5C indigo:4B0082 ivory:FFFFF0 "
    "khaki:F0E68C lavender:E6E6FA lavenderblush:FFF0F5 lawngreen:7CFC00 lemonchiffon:FFFACD "
    "lightblue:ADD8E6 lightcoral:F08080 lightcyan:E0FFFF lightgoldenrodyellow:FAFAD2 "
    "lightgray:D3D3D3 lightgreen:90EE90 lightgrey:D3D3D3 lightpink:FFB6C1 lightsalmon:FFA07A "
    "lightseagreen:20B2AA lightskyblue:87CEFA lightslategray:778899 lightslategrey:778899 "
    "lightsteelblue:B0C4DE lightyellow:FFFFE0 lime:00FF00 limegreen:32CD32 linen:FAF0E6 "
    "magenta:FF00FF maroon:800000 mediumaquamarine:66CDAA mediumblue:0000CD mediumorchid:BA55D3 "
    "mediumpurple:9370DB mediumseagreen:3CB371 mediumslateblue:7B68EE mediumspringgreen:00FA9A "
    "mediumturquoise:48D1CC mediumvioletred:C71585 midnightblue:191970 mintcream:F5FFFA "
    "mistyrose:FFE4E1 moccasin:FFE4B5 navajowhite:FFDEAD navy:000080 oldlace:FDF5E6 olive:808000 "
    "olivedrab:6B8E23 orange:FFA500 orangered:FF4500 orchid:DA70D6 palegoldenrod:EEE8AA "
    "palegreen:98FB98 paleturquoise:AFEEEE palevioletred:DB7093 papayawhip:FFEFD5 peachpuff:FFDAB9 "
    "peru:CD853F pink:FFC0CB plum:DDA0DD powderblue:B0E0E6 purple:800080 rebeccapurple:663399 "
    "red:FF0000 rosybrown:BC8F8F royalblue:4169E1 saddlebrown:8B4513 salmon:FA8072 "
    "sandybrown:F4A460 seagreen:2E8B57 seashell:FFF5EE sienna:A0522D silver:C0C0C0 skyblue:87CEEB "
    "slateblue:6A5ACD slategray:708090 slategrey:708090 snow:FFFAFA springgreen:00FF7F "
    "steelblue:4682B4 tan:D2B48C teal:008080 thistle:D8BFD8 tomato:FF6347 turquoise:40E0D0 "
    "violet:EE82EE wheat:F5DEB3 white:FFFFFF whitesmoke:F5F5F5 yellow:FFFF00 yellowgreen:9ACD32 "
)
CSS_NAMED_COLORS: dict[str, str] = {
    name: "#" + value for name, value in (item.split(":") for item in _CSS_NAMES.split())
}

_HEX_RE = re.compile(r"#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})")
_NUM = r"\s*([+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+))(%?)\s*"
_RGB_RE = re.compile(rf"rgb\({_NUM},{_NUM},{_NUM}\)", re.IGNORECASE)


def _normalise_hex(value: object) -> str | None:
    """'#abc' / '#AABBCC' (any case, surrounding space ok) -> '#AABBCC'; None if not hex."""
    m = _HEX_RE.fullmatch(value.strip()) if isinstance(value, str) else None
    if m is None:
        return None
    digits = m.group(1)
    return "#" + (digits if len(digits) == 6 else "".join(c * 2 for c in digits)).upper()


def _require_hex(value: object) -> str:
    """Like _normalise_hex, but a bad value is the user's mistake: one-line WsmarkError."""
    hex_ = _normalise_hex(value)
    if hex_ is None:
        raise WsmarkError(f"not a color hex: {value!r} (expected #RGB or #RRGGBB)")
    return hex_


# sRGB (IEC 61966-2-1) linear RGB -> XYZ (D65). White is taken as the row sums so that
# #FFFFFF lands exactly on L*=100, a*=b*=0.
_M = ((0.4124564, 0.3575761, 0.1804375),
      (0.2126729, 0.7151522, 0.0721750),
      (0.0193339, 0.1191920, 0.9503041))
_WHITE = tuple(sum(row) for row in _M)


def hex_to_lab(hex_: str) -> Lab:
    """sRGB hex -> CIELAB (D65), the space CIEDE2000 is defined on."""
    h = _require_hex(hex_)
    srgb = [int(h[i : i + 2], 16) / 255.0 for i in (1, 3, 5)]
    # Undo the sRGB transfer curve: mixing to XYZ must happen on linear light.
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in srgb]
    xyz = [sum(m * c for m, c in zip(row, lin, strict=True)) for row in _M]

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = (f(v / w) for v, w in zip(xyz, _WHITE, strict=True))
    return (116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz))


def delta_e_2000(lab1: Sequence[float], lab2: Sequence[float]) -> float:
    """CIEDE2000 (kL=kC=kH=1) as specified by Sharma, Wu & Dalal (2005).

    Used instead of plain Lab distance because it corrects the hue/chroma non-uniformities
    that would otherwise mis-rank saturated reds against oranges.
    """
    L1, a1, b1 = lab1
    L2, a2, b2 = lab2
    c_bar = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_bar**7 / (c_bar**7 + 25.0**7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0

    chroma_zero = c1p * c2p == 0
    dh = 0.0 if chroma_zero else h2p - h1p
    if dh > 180:
        dh -= 360
    elif dh < -180:
        dh += 360
    d_h = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))

    l_bar, cp_bar = (L1 + L2) / 2, (c1p + c2p) / 2
    if chroma_zero:
        hp_bar = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hp_bar = (h1p + h2p) / 2
    else:
        hp_bar = (h1p + h2p + (360 if h1p + h2p < 360 else -360)) / 2

    hr = math.radians(hp_bar)
    t = (1 - 0.17 * math.cos(hr - math.radians(30)) + 0.24 * math.cos(2 * hr)
         + 0.32 * math.cos(3 * hr + math.radians(6)) - 0.20 * math.cos(4 * hr - math.radians(63)))
    d_theta = 30 * math.exp(-(((hp_bar - 275) / 25) ** 2))
    r_t = -math.sin(math.radians(2 * d_theta)) * 2 * math.sqrt(cp_bar**7 / (cp_bar**7 + 25.0**7))
    s_l = 1 + 0.015 * (l_bar - 50) ** 2 / math.sqrt(20 + (l_bar - 50) ** 2)
    s_c, s_h = 1 + 0.045 * cp_bar, 1 + 0.015 * cp_bar * t
    lt, ct, ht = (L2 - L1) / s_l, (c2p - c1p) / s_c, d_h / s_h
    return math.sqrt(lt * lt + ct * ct + ht * ht + r_t * ct * ht)


@dataclass(frozen=True)
class ColorMatch:
    """Result of classify(): the family, the swatch that decided it, and how far away it was.

    ``family`` is OTHER when the color is farther than its nearest family's MAX_DISTANCE;
    ``nearest`` is that family either way. ``runner_up`` is the nearest other family and
    ``runner_up_distance`` its distance, so a caller can tell a color that sits between
    two families.
    """

    family: str
    reference: str
    reference_name: str
    distance: float
    hex: str
    nearest: str = ""
    runner_up: str = ""
    runner_up_distance: float = math.inf

    @property
    def label(self) -> str:
        """The family as a report says it: 'orange', or 'other (#FFB300, nearest orange)'."""
        if self.family != OTHER:
            return self.family
        return f"{OTHER} ({self.hex}, nearest {self.nearest})"

    @property
    def ambiguous(self) -> bool:
        """True when the runner-up family would accept the color too, and is within
        AMBIGUITY_MARGIN of the family chosen."""
        return (self.family != OTHER and bool(self.runner_up)
                and self.runner_up_distance <= MAX_DISTANCE[self.runner_up]
                and self.runner_up_distance - self.distance < AMBIGUITY_MARGIN)


_REFERENCE_LABS: tuple[tuple[str, str, str, Lab], ...] = tuple(
    (family, ref, name, hex_to_lab(ref)) for family, refs in REFERENCES.items()
    for ref, name in refs
)


@lru_cache(maxsize=4096)
def classify(hex_: str) -> ColorMatch:
    """The family of the nearest reference swatch by CIEDE2000, or OTHER when even that
    is farther than the family's MAX_DISTANCE: a wrong paint is then a finding, never
    silently the nearest family."""
    h = _require_hex(hex_)
    lab = hex_to_lab(h)
    ranked = sorted((delta_e_2000(lab, ref_lab), family, ref, name)
                    for family, ref, name, ref_lab in _REFERENCE_LABS)
    distance, nearest, ref, name = ranked[0]
    second = next(((d, f) for d, f, _, _ in ranked if f != nearest), (math.inf, ""))
    family = nearest if distance <= MAX_DISTANCE[nearest] else OTHER
    return ColorMatch(family, ref, name, distance, h, nearest, second[1], second[0])


def parse_color(text: str | None) -> str | None:
    """SVG/CSS color -> '#RRGGBB', or None for 'none', 'transparent' and anything unreadable.

    None rather than an error: SVG paint such as 'url(#grad)' or 'currentColor' is legitimate
    but carries no solid color to check.
    """
    if not isinstance(text, str):
        return None
    s = text.strip()
    if (hex_ := _normalise_hex(s)) is not None:
        return hex_
    if (m := _RGB_RE.fullmatch(s)) is not None:
        nums, units = m.groups()[0::2], m.groups()[1::2]
        if len(set(units)) != 1:  # CSS forbids mixing integers and percentages
            return None
        values = [float(n) * 255 / 100 if units[0] else float(n) for n in nums]
        # Round half up like browsers (round() would send 50% = 127.5 to 128 but 0.5 to 0).
        return "#" + "".join(f"{min(255, max(0, math.floor(v + 0.5))):02X}" for v in values)
    return CSS_NAMED_COLORS.get(s.lower())
