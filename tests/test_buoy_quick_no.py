"""looks_like_buoy answers "no" for most drawings without the union of their layers
(buoys._plainly_not: one upright rectangle holds everything). That quick answer must
never differ from the full one: here drawings made by hand, in mm and in pt the way a
vendor's program writes them, are asked both ways, with the quick path and with it
turned off. Some are buoys that only the full test recognises (a tall red can, a banded
elevation, a wrap), some plain signs the quick path must answer, some edge cases where
orange just reaches, or stops just short of, where a band's color is sampled.
"""

from __future__ import annotations

import pytest

from markers.check.measure import buoys
from markers.check.measure.bands import EDGE_IN
from markers.read import read_drawing

ORANGE, WHITE, RED = "#FF6A13", "#FFFFFF", "#C8102E"


def _svg(width: float, height: float, unit: str, paths: list[tuple[str, str]]) -> bytes:
    body = "".join(f'<path d="{d}" fill="{fill}"/>' for d, fill in paths)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}{unit}" '
            f'height="{height}{unit}" viewBox="0 0 {width} {height}">{body}</svg>').encode()


def _rect(x0: float, y0: float, x1: float, y1: float) -> str:
    return f"M{x0} {y0}H{x1}V{y1}H{x0}Z"


def _diamond(cx: float, cy: float, r: float) -> str:
    return f"M{cx} {cy - r}L{cx + r} {cy}L{cx} {cy + r}L{cx - r} {cy}Z"


W, T = 300.0, 900.0  # a tall body, mm
INSET = EDGE_IN * W  # where its edges' colors are sampled, in from each side
CASES = {
    # name: (drawing, looks like a buoy, answered by the quick path)
    "tall white panel, orange diamond inside": (
        _svg(W, T, "mm", [(_rect(0, 0, W, T), WHITE), (_diamond(150, 450, 120), ORANGE)]),
        False, True),
    "tall red can with white letters": (
        _svg(W, T, "mm", [(_rect(0, 0, W, T), RED), (_rect(100, 300, 130, 500), WHITE),
                          (_rect(170, 300, 200, 500), WHITE)]),
        True, False),
    "tall white body, orange bands at top and foot": (
        _svg(W, T, "mm", [(_rect(0, 0, W, T), WHITE), (_rect(0, 0, W, 200), ORANGE),
                          (_rect(0, 700, W, T), ORANGE), (_diamond(150, 450, 120), ORANGE)]),
        True, False),
    "tall white panel, orange reaching one sampling line": (
        _svg(W, T, "mm", [(_rect(0, 0, W, T), WHITE), (_rect(0, 0, 150, 200), ORANGE)]),
        False, False),
    "tall white panel, orange ending at a sampling line": (
        _svg(W, T, "mm", [(_rect(0, 0, W, T), WHITE), (_rect(INSET, 300, 150, 400), ORANGE)]),
        False, False),
    "tall white panel, orange stopping short of a sampling line": (
        _svg(W, T, "mm", [(_rect(0, 0, W, T), WHITE),
                          (_rect(INSET + 0.01, 300, 150, 400), ORANGE)]),
        False, True),
    "wrap: orange bands at top and foot, two diamonds side by side (pt)": (
        _svg(2000, 700, "pt", [(_rect(0, 0, 2000, 700), WHITE), (_rect(0, 0, 2000, 120), ORANGE),
                               (_rect(0, 580, 2000, 700), ORANGE),
                               (_diamond(500, 350, 180), ORANGE),
                               (_diamond(1500, 350, 180), ORANGE)]),
        True, False),
    "wide panel, orange bands at top and foot, no symbols (pt)": (
        _svg(2000, 700, "pt", [(_rect(0, 0, 2000, 700), WHITE), (_rect(0, 0, 2000, 120), ORANGE),
                               (_rect(0, 580, 2000, 700), ORANGE)]),
        False, False),
    "wide white panel, orange diamond inside (pt)": (
        _svg(2000, 700, "pt", [(_rect(0, 0, 2000, 700), WHITE),
                               (_diamond(1000, 350, 300), ORANGE)]),
        False, True),
    "wide panel without orange (pt)": (
        _svg(2000, 700, "pt", [(_rect(0, 0, 2000, 700), WHITE), (_rect(400, 200, 1600, 500), RED)]),
        False, True),
    "an orange flag, one rectangle (cm)": (
        _svg(90, 60, "cm", [(_rect(0, 0, 90, 60), ORANGE)]), False, True),
    "a wide red board, white letters clear of its edges": (
        _svg(W, 200, "mm", [(_rect(0, 0, W, 200), RED), (_rect(100, 50, 130, 150), WHITE)]),
        False, True),
    "a red board as tall as 1.5 widths": (
        _svg(W, 1.5 * W, "mm", [(_rect(0, 0, W, 1.5 * W), RED)]), True, False),
    "white panel as tall as 1.5 widths, orange diamond inside": (
        _svg(W, 1.5 * W, "mm", [(_rect(0, 0, W, 1.5 * W), WHITE),
                                (_diamond(150, 225, 100), ORANGE)]),
        False, True),
}


@pytest.mark.parametrize("name", CASES)
def test_the_quick_no_never_differs_from_the_full_test(name: str, monkeypatch) -> None:
    data, is_buoy, quick = CASES[name]
    [art] = read_drawing(data, "proof.svg")
    assert buoys._plainly_not(art, buoys.family_geometry(art)) is quick
    assert buoys.looks_like_buoy(art) is is_buoy
    monkeypatch.setattr(buoys, "_plainly_not", lambda art, fam: False)
    [again] = read_drawing(data, "proof.svg")
    assert buoys.looks_like_buoy(again) is is_buoy
