"""How an SVG element's sizes and style resolve: units, viewBox, transforms and CSS.

Lengths come out in user units (1 px = 1/96 in, SVG's CSS pixel); the reader turns user
units into inches with one matrix. The CSS here is what vendor tools write: type, class,
id and compound selectors with ``!important``; combinators and pseudo-classes are skipped.
"""

from __future__ import annotations

import colorsys
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from xml.etree.ElementTree import Element

import numpy as np

from markers.core.colors import parse_color
from markers.errors import UnreadableDrawing
from markers.read.limits import MAX_STYLE_CHARS, MAX_STYLE_RULES
from markers.read.svg.safety import local_name

__all__ = [
    "INITIAL", "PROPS", "CSS_ONLY", "NUMBERS", "parse_length", "parse_physical", "first_length",
    "parse_fraction", "parse_viewbox", "viewbox_matrix", "translate", "scale_matrix",
    "parse_transform", "IDENTITY", "unit_size", "parse_declarations", "Stylesheet", "font_size",
    "css_color", "is_paint",
]

#: Inherited properties the reader uses, with their initial values (font-size in user units).
INITIAL: dict[str, object] = {
    "fill": "black", "fill-rule": "nonzero", "fill-opacity": "1", "stroke": "none",
    "stroke-width": "1", "stroke-linejoin": "miter", "stroke-linecap": "butt",
    "stroke-miterlimit": "4", "stroke-opacity": "1", "visibility": "visible",
    "color": "black", "text-anchor": "start", "paint-order": "normal",
    "clip-rule": "nonzero", "font-size": 16.0,
}
_OWN = frozenset({"display", "opacity", "clip-path", "mask", "filter", "marker-start",
                  "marker-mid", "marker-end", "stop-color", "overflow",
                  "transform-origin"})  # not inherited
PROPS = frozenset(INITIAL) | _OWN
#: CSS properties that change what is shown but are no presentation attribute (a
#: ``transform`` attribute is; the CSS property of that name is read apart): kept from
#: ``<style>`` and ``style=`` so that the reader can name them, never rendered.
CSS_ONLY = frozenset({"mix-blend-mode", "transform"})
_FONT_KEYWORDS = {"xx-small": 9.0, "x-small": 10.0, "small": 13.0, "medium": 16.0,
                  "large": 18.0, "x-large": 24.0, "xx-large": 32.0}
# SVG number grammar: ASCII digits only (Python's \d and float() take any Unicode digit,
# so rotate(٤٥) would be 45 deg where browsers ignore it); unambiguous: no backtracking
_NUMBER = r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
_LENGTH = re.compile(rf"({_NUMBER})(px|in|cm|mm|pt|pc|em|ex|%)?", re.I)  # on stripped text
NUMBERS = re.compile(_NUMBER)
_USER_PER_UNIT = {"": 1.0, "px": 1.0, "in": 96.0, "cm": 96 / 2.54, "mm": 96 / 25.4,
                  "pt": 96 / 72, "pc": 16.0}
IDENTITY = np.eye(3)
IDENTITY.setflags(write=False)
_TRANSFORM_AT = re.compile(r"[\s,]*(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^()]*)\)")
MAX_VIEWBOX_CHARS = 400  # four numbers of any precision fit in far less
_SEPARATORS = re.compile(r"[\s,]*")
_TRANSFORM_END = re.compile(r"[\s,]*$")
_ALPHA_HEX = re.compile(r"#([0-9a-f]{3}|[0-9a-f]{6})([0-9a-f]{1,2})", re.I)
_COLOR_FUNCTION = re.compile(r"(rgba?|hsla?)\(([^()]*)\)", re.I)
_COMPOUND = re.compile(r"(\*|[A-Za-z][\w-]*)?((?:[.#][\w-]+)*)")


def parse_physical(text: str | None) -> tuple[float | None, str | None]:
    """A root width/height in inches and its unit; None when absent, relative or invalid."""
    match = _LENGTH.fullmatch((text or "").strip())
    if not match or (match[2] or "").lower() in ("%", "em", "ex"):
        return None, None
    unit = (match[2] or "").lower()
    value = float(match[1]) * _USER_PER_UNIT[unit] / 96
    return (value, unit or "px") if math.isfinite(value) else (None, None)


def parse_length(text: str | None, *, ref: float = 0.0, font: float = 16.0,
                 default: float = 0.0) -> float:
    """A length in user units (percentages of ``ref``); ``default`` when absent or invalid."""
    match = _LENGTH.fullmatch(text.strip()) if text else None
    if not match:
        return default
    value, unit = float(match[1]), (match[2] or "").lower()
    if not math.isfinite(value):
        return default
    if unit == "%":
        return value / 100 * ref
    if unit in ("em", "ex"):
        return value * font * (1.0 if unit == "em" else 0.5)
    return value * _USER_PER_UNIT[unit]


def first_length(text: str | None, **kwargs: float) -> float:
    """The first of a list of lengths (``<text x="1 2 3">``)."""
    words = (text or "").replace(",", " ").split()
    return parse_length(words[0] if words else None, **kwargs)


def parse_fraction(text: object, default: float = 1.0) -> float:
    """An opacity: number or percentage, clamped to 0..1."""
    match = _LENGTH.fullmatch(str(text).strip()) if text is not None else None
    if not match or not math.isfinite(float(match[1])):
        return default
    value = float(match[1]) / (100 if match[2] == "%" else 1)
    return min(1.0, max(0.0, value))


def parse_viewbox(text: str | None) -> tuple[float, float, float, float] | None:
    if text is not None and len(text) > MAX_VIEWBOX_CHARS:  # not four numbers: not parsed
        return None
    numbers = [float(n) for n in NUMBERS.findall(text or "")]
    if len(numbers) != 4 or not all(map(math.isfinite, numbers)) or min(numbers[2:]) <= 0:
        return None
    return numbers[0], numbers[1], numbers[2], numbers[3]


def viewbox_matrix(viewbox: tuple[float, float, float, float], width: float, height: float,
                   aspect: str | None) -> np.ndarray:
    """The viewBox-to-viewport transform of SVG 1.1 section 7.8 (preserveAspectRatio)."""
    x, y, w, h = viewbox
    sx, sy = width / w, height / h
    words = (aspect or "xMidYMid meet").replace("defer", "").split()
    align = words[0] if words else "xMidYMid"
    if align != "none":
        sx = sy = max(sx, sy) if "slice" in words[1:] else min(sx, sy)
    shift = {"Min": 0.0, "Mid": 0.5, "Max": 1.0}
    fx = shift.get(align[1:4], 0.5) if align != "none" else 0.0
    fy = shift.get(align[5:8], 0.5) if align != "none" else 0.0
    return translate(fx * (width - w * sx) - x * sx, fy * (height - h * sy) - y * sy) @ \
        scale_matrix(sx, sy)


def translate(x: float, y: float) -> np.ndarray:
    return np.array([[1.0, 0.0, x], [0.0, 1.0, y], [0.0, 0.0, 1.0]])


def scale_matrix(sx: float, sy: float) -> np.ndarray:
    return np.array([[sx, 0.0, 0.0], [0.0, sy, 0.0], [0.0, 0.0, 1.0]])


def parse_transform(text: str | None) -> np.ndarray:
    """An SVG transform list as a 3x3 matrix; identity when the list is invalid (as SVG
    says), non-finite when a number is (the caller refuses that as out of range)."""
    matrix = IDENTITY
    position = 0
    text = text or ""
    while not _TRANSFORM_END.match(text, position):
        found = _TRANSFORM_AT.match(text, position)
        if not found or not _SEPARATORS.fullmatch(NUMBERS.sub(" ", found[2])):
            return IDENTITY
        numbers = [float(n) for n in NUMBERS.findall(found[2])]
        if not all(map(math.isfinite, numbers)):
            return np.full((3, 3), math.inf)
        step = _transform_step(found[1], numbers)
        if step is None:
            return IDENTITY
        matrix = matrix @ step
        position = found.end()
    return matrix


def _transform_step(name: str, numbers: list[float]) -> np.ndarray | None:
    count = len(numbers)
    if name == "matrix" and count == 6:
        a, b, c, d, e, f = numbers
        return np.array([[a, c, e], [b, d, f], [0.0, 0.0, 1.0]])
    if name == "translate" and count in (1, 2):
        return translate(numbers[0], numbers[1] if count == 2 else 0.0)
    if name == "scale" and count in (1, 2):
        return scale_matrix(numbers[0], numbers[-1])
    if name == "rotate" and count in (1, 3):
        angle = math.radians(numbers[0])
        cos, sin = math.cos(angle), math.sin(angle)
        turn = np.array([[cos, -sin, 0.0], [sin, cos, 0.0], [0.0, 0.0, 1.0]])
        if count == 1:
            return turn
        return translate(numbers[1], numbers[2]) @ turn @ translate(-numbers[1], -numbers[2])
    if name in ("skewX", "skewY") and count == 1:
        shear = math.tan(math.radians(numbers[0]))
        return np.array([[1.0, shear if name == "skewX" else 0.0, 0.0],
                         [shear if name == "skewY" else 0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    return None


def unit_size(matrix: np.ndarray) -> float:
    return math.sqrt(abs(np.linalg.det(matrix[:2, :2])))


def parse_declarations(text: str) -> list[tuple[str, str, bool]]:
    """``prop: value [!important]; ...`` as (prop, value, important)."""
    out = []
    for piece in text.split(";"):
        prop, colon, value = piece.partition(":")
        if not colon:
            continue
        value = value.strip()
        important = value.lower().endswith("!important")
        if important:
            value = value[: -len("!important")].rstrip()
        out.append((prop.strip().lower(), value, important))
    return out


@dataclass(frozen=True)
class _Rule:
    tag: str | None
    id: str | None
    classes: frozenset[str]
    rank: tuple[int, int, int, int]  # specificity (ids, classes, types), source order
    declarations: tuple[tuple[str, str, bool], ...]


class Stylesheet:
    """The document's ``<style>`` rules with simple (compound) selectors, indexed for lookup."""

    def __init__(self, root: Element, name: str = "drawing") -> None:
        self.index: dict[str, list[_Rule]] = {}
        #: rules inside ``@media print`` blocks, which wsmark does not apply
        self.media_print = 0
        sheets = [e.text or "" for e in root.iter() if local_name(e) == "style"
                  and (e.get("type") or "text/css").strip().lower() == "text/css"]
        size = sum(map(len, sheets))  # both checked before anything is built from them
        if size > MAX_STYLE_CHARS:
            raise UnreadableDrawing(f"{name}: too complex (a stylesheet of {size:,} "
                                    f"characters; the limit is {MAX_STYLE_CHARS:,})")
        rules = sum(sheet.count("{") + sheet.count(",") for sheet in sheets)
        if rules > MAX_STYLE_RULES:
            raise UnreadableDrawing(f"{name}: too complex (a stylesheet of about {rules:,} "
                                    f"rules; the limit is {MAX_STYLE_RULES:,})")
        text = "\n".join(sheets)
        order = 0
        blocks = _css_blocks(_strip_comments(text))
        self.media_print = sum(body.count("{") for prelude, body in blocks
                               if _prints(prelude))
        for prelude, body in blocks:
            if prelude.startswith("@"):
                continue
            declarations = tuple(d for d in parse_declarations(body) if d[0] in PROPS | CSS_ONLY)
            for selector in prelude.split(","):
                rule = _parse_selector(selector.strip(), order, declarations)
                order += 1
                if rule is not None and declarations:
                    key = (f"#{rule.id}" if rule.id else f".{min(rule.classes)}"
                           if rule.classes else rule.tag or "*")
                    self.index.setdefault(key, []).append(rule)

    def matching(self, element: Element, tag: str) -> list[tuple[tuple, str, str]]:
        """Ranked declarations of every rule that matches ``element``."""
        if not self.index:
            return []
        classes = set((element.get("class") or "").split())
        element_id = element.get("id")
        keys = [tag, "*"] + [f".{c}" for c in classes] + ([f"#{element_id}"] if element_id else [])
        out = []
        for key in keys:
            for rule in self.index.get(key, ()):
                if ((rule.tag in (None, "*", tag)) and rule.id in (None, element_id)
                        and rule.classes <= classes):
                    out += [((important, 0, rule.rank), prop, value)
                            for prop, value, important in rule.declarations]
        return out


def _strip_comments(text: str) -> str:
    """CSS without /* comments */ (str.find, not a regex: linear on hostile input)."""
    kept, position = [], 0
    while (start := text.find("/*", position)) >= 0:
        kept.append(text[position:start])
        end = text.find("*/", start + 2)
        position = len(text) if end < 0 else end + 2
    kept.append(text[position:])
    return "".join(kept)


def _prints(prelude: str) -> bool:
    """Whether an at-rule's prelude is ``@media`` for print (``print``, ``all and
    (orientation: ...)`` is not: only a query naming print is counted)."""
    words = re.split(r"[\s,()]+", prelude.lower())
    return bool(words) and words[0] == "@media" and "print" in words


def _css_blocks(text: str) -> list[tuple[str, str]]:
    """Top-level ``prelude { body }`` pairs, at-rules (@media, @font-face ...) among them
    (the caller applies none: wsmark reads the drawing as no medium in particular)."""
    blocks, depth, start, prelude = [], 0, 0, ""
    for match in re.finditer(r"[{}]", text):
        if match.group() == "{":
            if depth == 0:
                prelude, start = text[start:match.start()].split(";")[-1].strip(), match.end()
            depth += 1
        elif depth:
            depth -= 1
            if depth == 0:
                blocks.append((prelude, text[start:match.start()]))
                start = match.end()
    return blocks


def _parse_selector(selector: str, order: int,
                    declarations: tuple[tuple[str, str, bool], ...]) -> _Rule | None:
    match = _COMPOUND.fullmatch(selector)
    if not match or not selector:
        return None
    ids = re.findall(r"#([\w-]+)", match[2] or "")
    classes = frozenset(re.findall(r"\.([\w-]+)", match[2] or ""))
    if len(ids) > 1:
        return None
    tag = match[1]
    specificity = (len(ids), len(classes), int(bool(tag) and tag != "*"))
    return _Rule(tag, ids[0] if ids else None, classes, (*specificity, order), declarations)


def font_size(value: str, parent: float) -> float:
    word = value.strip().lower()
    if word in _FONT_KEYWORDS:
        return _FONT_KEYWORDS[word]
    if word in ("smaller", "larger"):
        return parent / 1.2 if word == "smaller" else parent * 1.2
    size = parse_length(value, ref=parent, font=parent, default=parent)
    return size if size > 0 else parent


# --------------------------------------------------------------------------- color

def css_color(text: str) -> str | None:
    """A paint color as '#RRGGBB'; None for none, transparent, zero alpha or nonsense.

    Adds to ``markers.colors.parse_color`` what SVG 2 / CSS 3 drawings also write:
    alpha forms (``rgba()``, ``#RRGGBBAA``: a translucent color counts as its color),
    ``hsl()``, space-separated arguments and SVG 1.1's ``#hex icc-color(...)``.
    """
    parsed = _color_and_alpha(text)
    return parsed[0] if parsed and parsed[1] > 0 else None


def is_paint(text: str) -> bool:
    """Whether a fill/stroke value is valid (invalid ones are ignored, as CSS does)."""
    value = text.strip().lower()
    return (value in ("none", "currentcolor", "inherit", "transparent")
            or value.startswith("url(") or _color_and_alpha(text) is not None)


def _color_and_alpha(text: str) -> tuple[str, float] | None:
    """(color, alpha) of a paint; a drawing repeats a few short paints many times, so
    those are remembered (a pure function of the text; long text is not kept)."""
    return _short_color(text) if len(text) <= _SHORT else _read_color(text)


_SHORT = 64  # characters of a paint worth remembering


@lru_cache(maxsize=1024)
def _short_color(text: str) -> tuple[str, float] | None:
    return _read_color(text)


def _read_color(text: str) -> tuple[str, float] | None:
    value = text.strip()
    if "icc-color(" in value.lower():
        value = value.split()[0]
    match = _ALPHA_HEX.fullmatch(value)
    if match and len(match[2]) * 3 == len(match[1]):
        return parse_color("#" + match[1]) or "", int(match[2], 16) / (16 ** len(match[2]) - 1)
    match = _COLOR_FUNCTION.fullmatch(value)
    if match:
        return _color_function(match[1].lower(), re.split(r"[\s,/]+", match[2].strip()))
    color = parse_color(value)
    return (color, 1.0) if color else None


def _color_function(name: str, parts: list[str]) -> tuple[str, float] | None:
    if len(parts) not in (3, 4):
        return None
    alpha = parse_fraction(parts[3], default=-1.0) if len(parts) == 4 else 1.0
    if alpha < 0:
        return None
    if name.startswith("rgb"):
        color = parse_color(f"rgb({','.join(parts[:3])})")
        return (color, alpha) if color else None
    if not all(NUMBERS.fullmatch(p.lower().removesuffix("deg").removesuffix("%"))
               for p in parts[:3]):
        return None
    try:
        hue = float(parts[0].lower().removesuffix("deg")) / 360 % 1
        saturation, lightness = (float(p.removesuffix("%")) / 100 for p in parts[1:3])
    except ValueError:
        return None
    if not all(map(math.isfinite, (hue, saturation, lightness))):
        return None
    red, green, blue = colorsys.hls_to_rgb(hue, min(1.0, max(0.0, lightness)),
                                           min(1.0, max(0.0, saturation)))
    return "#" + "".join(f"{round(c * 255):02X}" for c in (red, green, blue)), alpha
