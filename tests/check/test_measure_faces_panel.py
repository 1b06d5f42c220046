"""The display area of a face that names none is read from its panel, never from its
symbol (markers.check.measure.display): a symbol drawn alone, nothing painted beyond its
own outline (a cut file of the orange film, a vendor's symbol without its blank), shows
no display area, however it was read. Geometry drawn here with shapely."""

from __future__ import annotations

from shapely.geometry import Polygon, box

from markers.check.measure.common import NOT_DRAWN
from markers.core.artwork import Artwork, Layer, Shape
from wi import measure

ORANGE, WHITE = "#FF4F00", "#FFFFFF"


def _diamond(cx: float, cy: float, half_w: float, half_h: float) -> Polygon:
    return Polygon([(cx, cy - half_h), (cx + half_w, cy), (cx, cy + half_h), (cx - half_w, cy)])


def _danger(margin: float) -> Artwork:
    """The 12 in danger symbol (8 in wide, a 2 in outline), white inside, on a white
    panel ``margin`` inches beyond it on every side (0: no panel)."""
    outer = _diamond(margin + 4, margin + 5.713, 4, 5.713)
    inner = _diamond(margin + 4, margin + 5.713, 1.558, 2.226)
    layers = [Layer("white", WHITE, (Shape(outer if not margin else
                                           box(0, 0, 8 + 2 * margin, 11.426 + 2 * margin)),)),
              Layer("orange", ORANGE, (Shape(outer.difference(inner)),))]
    if not margin:
        layers[0] = Layer("white", WHITE, (Shape(inner),))
    w, h = 8 + 2 * margin, 11.426 + 2 * margin
    return Artwork(w, h, tuple(layers), (), {}, {"source": "drawn.svg"})


def test_a_symbol_alone_shows_no_display_area() -> None:
    facts = measure(_danger(0.0))
    assert facts.symbol.shape == "diamond"
    assert (facts.display.height, facts.display.basis) == (None, NOT_DRAWN)


def test_a_symbol_on_a_panel_has_the_panels_height() -> None:
    """The same symbol on a panel 0.287 in beyond it (a 12 in display area) is read at
    12 in, inferred; so is it on a panel a hair (0.02 in) beyond the tolerance."""
    for margin in (0.287, 0.02):
        facts = measure(_danger(margin))
        assert facts.display.basis == "inferred"
        assert abs(facts.display.height - (11.426 + 2 * margin)) < 1e-6
