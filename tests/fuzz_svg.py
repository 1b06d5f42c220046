"""Hypothesis strategies for SVG documents built as trees (elements, attributes, numbers,
transforms, paths, styles, <use> links) and the property every one must keep: the reader
and the checker end with a report or one short WsmarkError line, never another exception,
a warning, or more than the budget of CPU time."""

from __future__ import annotations

import time
import warnings

from hypothesis import strategies as st

from markers.check.pipeline import CheckOptions, judge
from markers.core.quiet import warnings_as_errors
from markers.core.shown import MAX_ERROR_CHARS
from markers.errors import WsmarkError
from markers.packs import get_pack
from markers.read.svg.walk import read_svg_bytes

__all__ = ["documents", "check_document", "CPU_LIMIT_S"]

CPU_LIMIT_S = 20.0  # one document, read and judged (markers/core/budget.py CHECK_CPU_S)
PACK = get_pack()

_DIGITS = st.sampled_from(["0", "1", "12", "0.5", ".25", "-3", "1e3", "1e-3", "24", "1e300",
                           "-0", "nan", "inf", "١", "１", "", "+.5e+2", "7."])
numbers = st.one_of(st.floats(-1e4, 1e4, allow_nan=False).map(lambda v: f"{v:g}"), _DIGITS)
lengths = st.tuples(numbers, st.sampled_from(["", "in", "px", "mm", "%", "em", "pt"])).map(
    "".join)
colors = st.sampled_from(["#FF6600", "#fff", "#000000", "orange", "white", "black", "red",
                          "#00A651", "none", "currentColor", "url(#g)", "rgb(255,102,0)",
                          "hsl(24,100%,50%)", "#FF660080", "transparent", "#zzz"])


@st.composite
def path_data(draw) -> str:
    ops = draw(st.lists(st.tuples(st.sampled_from("MLHVCSQTAZmlhvcsqtaz"),
                                  st.lists(numbers, max_size=7)), min_size=1, max_size=12))
    return " ".join(op + " " + " ".join(args) for op, args in ops)


@st.composite
def transforms(draw) -> str:
    steps = draw(st.lists(st.tuples(
        st.sampled_from(["translate", "scale", "rotate", "skewX", "skewY", "matrix"]),
        st.lists(numbers, max_size=6)), max_size=3))
    return " ".join(f"{name}({' '.join(args)})" for name, args in steps)


def _attributes(draw, names: list[str]) -> dict[str, str]:
    pick = draw(st.lists(st.sampled_from(names), unique=True, max_size=len(names)))
    return {name: draw(_VALUES[name]) for name in pick}


_VALUES = {
    "x": lengths, "y": lengths, "width": lengths, "height": lengths, "r": lengths,
    "rx": lengths, "ry": lengths, "cx": lengths, "cy": lengths, "x1": lengths, "y1": lengths,
    "x2": lengths, "y2": lengths, "fill": colors, "stroke": colors, "stroke-width": lengths,
    "opacity": numbers, "transform": transforms(), "d": path_data(),
    "points": st.lists(numbers, max_size=10).map(" ".join),
    "fill-rule": st.sampled_from(["evenodd", "nonzero", "bogus"]),
    "style": st.tuples(colors, lengths).map(lambda p: f"fill:{p[0]};stroke-width:{p[1]}"),
    "class": st.sampled_from(["a", "b", "a b"]), "id": st.sampled_from(["g", "s", "t"]),
    "href": st.sampled_from(["#g", "#s", "#t", "#none", "http://x/y.svg#a"]),
    "display": st.sampled_from(["none", "inline"]),
}
_SHAPES = {"rect": ["x", "y", "width", "height", "rx", "fill", "stroke", "stroke-width"],
           "circle": ["cx", "cy", "r", "fill", "stroke", "stroke-width"],
           "ellipse": ["cx", "cy", "rx", "ry", "fill"],
           "line": ["x1", "y1", "x2", "y2", "stroke", "stroke-width"],
           "path": ["d", "fill", "fill-rule", "stroke", "stroke-width"],
           "polygon": ["points", "fill"], "polyline": ["points", "stroke"],
           "use": ["href", "x", "y"], "text": ["x", "y", "fill"]}
_COMMON = ["transform", "style", "class", "id", "opacity", "display"]


def _element(draw, depth: int) -> str:
    tag = draw(st.sampled_from(list(_SHAPES) + (["g", "defs", "symbol", "clipPath"]
                                                if depth < 4 else [])))
    attrs = _attributes(draw, _SHAPES.get(tag, ["fill", "stroke"]) + _COMMON)
    head = " ".join(f'{k}="{v}"' for k, v in attrs.items())
    if tag in _SHAPES and tag != "text":
        return f"<{tag} {head}/>"
    if tag == "text":
        return f"<text {head}>{draw(st.sampled_from(['ROCKS', 'SLOW NO WAKE', '', 'WS-2']))}</text>"
    children = draw(st.lists(st.integers(0, 0), max_size=4))
    return f"<{tag} {head}>" + "".join(_element(draw, depth + 1) for _ in children) + f"</{tag}>"


@st.composite
def documents(draw) -> bytes:
    """A whole SVG: a root with a size (physical or not), maybe a stylesheet, a tree."""
    size = draw(st.sampled_from([
        'width="24in" height="24in" viewBox="0 0 24 24"', 'width="600" height="600"',
        'width="12in" height="18in"', 'viewBox="0 0 100 100"', 'width="24in" height="24in"',
        'width="1e5in" height="1in"', 'viewBox="0 0 0 1" width="2in" height="2in"']))
    style = draw(st.sampled_from(["", "<style>.a{fill:#FF6600}.b{stroke:#000}</style>",
                                  "<style>rect{fill:white} #g{opacity:.5}</style>"]))
    body = "".join(_element(draw, 0) for _ in draw(st.lists(st.integers(0, 0), max_size=6)))
    return (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/'
            f'xlink" {size}>{style}{body}</svg>').encode()


def check_document(data: bytes) -> str:
    """Read and judge ``data``; returns the verdict or the error line. Anything else
    (another exception, a warning, a multi-line or long message, too much CPU) fails."""
    start = time.process_time()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            with warnings_as_errors():
                art = read_svg_bytes(data, "fuzz.svg", display_height=None)
                result = judge(art, "fuzz.svg", CheckOptions(), PACK).verdict
        except WsmarkError as err:
            result = str(err)
            assert "\n" not in result and len(result) <= MAX_ERROR_CHARS, result[:400]
    spent = time.process_time() - start
    assert spent < CPU_LIMIT_S, f"{spent:.1f} CPU s for {data[:200]!r}"
    return result
