"""Every regulatory symbol on every symbol-carrying buoy and on the wrap, at several
display heights and diameters: rendered, read back with the independent reader
(tests/svg_measure.py) and checked clean; the exclusion symbol's four white quarters
measured from the file.

The quarters are measured in the plane where the face is flat: an elevation whose
symbol is laid along the surface is developed here, s = r asin(x / r), and a wrap
whose symbol is adjusted for curvature is projected as seen, x = r sin(s / r), with
the test's own arithmetic. Their expected size is the test's own too: the diamond of
NR 5.09(6)(c)-(d) (2/3 H wide, 35 deg sides), an outline of 2 in (6)(b), and the
cross's bar width the design declares.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from shapely import unary_union
from shapely.geometry import Polygon

from markers.check.pipeline import CheckOptions
from markers.core.design import Design
from markers.errors import WsmarkError
from wi import build, check_file
from render.output import render_bytes
from svg_measure import read_svg

SYMBOLS = {"danger": None, "exclusion": None, "control": "SLOW NO WAKE",
           "information": "MARINA"}
#: (display height, diameter or None for the default): a 7-8.5 in default where it fits,
#: and the sizes the exclusion symbol was lost at (H 24 and 36 on 18 and 26 in buoys).
SIZES = [(12, None), (18, None), (24, 18), (24, 26), (36, 18), (36, 26)]
#: Fewer for the full check of every symbol; a face too wide for the diameter goes on
#: the least diameter that holds it.
CHECKED_SIZES = [(12, None), (24, 18), (36, 26)]
FORMS = ["buoy-symbol", "buoy-wrap"]


def _orange(data: bytes):
    drawing = read_svg(data)
    ids = [i for i in drawing.layers if i.startswith("layer-orange")]
    return drawing, unary_union([drawing.layers[i].geometry for i in ids])


def _symbols(orange) -> list[Polygon]:
    """The orange pieces that are not bands (a band is a full rectangle)."""
    pieces = getattr(orange, "geoms", [orange])
    return sorted((p for p in pieces if p.area < 0.99 * p.envelope.area),
                  key=lambda p: p.bounds[0])


def _to_flat(poly: Polygon, centre: float, radius: float, how: str) -> Polygon:
    """``poly`` moved to the plane where the face is flat (see the module docstring)."""
    def move(coords) -> np.ndarray:
        pts = np.asarray(coords)
        u = (pts[:, 0] - centre) / radius
        x = np.arcsin(np.clip(u, -1, 1)) if how == "develop" else np.sin(u)
        return np.column_stack([centre + radius * x, pts[:, 1]])

    if how == "none":
        return poly
    return Polygon(move(poly.exterior.coords), [move(h.coords) for h in poly.interiors])


def _expected_quarter(display_height: float, bar: float) -> float:
    """Area of one white quarter: the inner diamond's quadrant less half of each bar."""
    a = (display_height * 2 / 3 - 2 * 2.0 / math.cos(math.radians(35))) / 2
    b = a / math.tan(math.radians(35))
    w = bar / 2
    return 0.5 * (a * (1 - w / b) - w) * (b * (1 - w / a) - w)


def _design(form: str, symbol: str, h: float, d: float | None) -> Design:
    return Design(form, h, symbol=symbol, legend=SYMBOLS[symbol], diameter=d)


def _built(form: str, symbol: str, h: float, d: float | None):
    try:
        return build(_design(form, symbol, h, d))
    except WsmarkError as error:
        assert "does not fit twice around" in str(error)
        return build(_design(form, symbol, h, None))


@pytest.mark.parametrize("h,d", SIZES)
@pytest.mark.parametrize("form", FORMS)
def test_exclusion_shows_four_white_quarters(form: str, h: float, d: float | None) -> None:
    art = build(_design(form, "exclusion", h, d))
    data = render_bytes(art, ".svg")
    _, orange = _orange(data)
    r = art.meta["diameter"] / 2
    symbols = _symbols(orange)
    assert len(symbols) == (1 if form == "buoy-symbol" else 2)  # (6)(a): 2 sides around
    bar = next(dim.value for dim in art.meta["dimensions"] if dim.name == "cross bar width")
    want = _expected_quarter(h, bar)
    flat_in = "seen" if form == "buoy-symbol" else "surface"
    how = "none" if art.meta["curvature"] == flat_in else \
        ("develop" if form == "buoy-symbol" else "project")
    for ring in symbols:
        centre = (ring.bounds[0] + ring.bounds[2]) / 2
        cy = (ring.bounds[1] + ring.bounds[3]) / 2
        face = _to_flat(ring, centre, r, how)
        quarters = [Polygon(hole) for hole in face.interiors]
        assert len(quarters) == 4, f"{len(quarters)} white quarters"
        # one in each quadrant around the symbol's centre
        quadrants = {(q.centroid.x > centre, q.centroid.y > cy) for q in quarters}
        assert len(quadrants) == 4
        for q in quarters:
            assert q.area == pytest.approx(want, rel=0.01)
        assert face.exterior.bounds[2] - face.exterior.bounds[0] == \
            pytest.approx(h * 2 / 3, abs=0.01)


@pytest.mark.parametrize("h,d", CHECKED_SIZES)
@pytest.mark.parametrize("symbol", list(SYMBOLS))
@pytest.mark.parametrize("form", FORMS)
def test_every_symbol_round_trips_clean(tmp_path, form: str, symbol: str, h: float,
                                        d: float | None) -> None:
    art = _built(form, symbol, h, d)
    path = tmp_path / f"{form}.svg"
    path.write_bytes(render_bytes(art, ".svg"))
    report, _ = check_file(path, CheckOptions())
    serious = [(f.rule, f.message) for f in report.findings if f.severity != "info"]
    assert report.verdict == "pass" and not serious, serious
    assert report.kind == form
    _, orange = _orange(path.read_bytes())
    for ring in _symbols(orange):
        holes = len(ring.interiors)
        assert holes == (4 if symbol == "exclusion" else 1), (symbol, holes)


@pytest.mark.parametrize("symbol", list(SYMBOLS))
def test_every_symbol_on_a_sign_buoy_round_trips_clean(tmp_path, symbol: str) -> None:
    art = build(Design("buoy-sign", 24, symbol=symbol, legend=SYMBOLS[symbol]))
    path = tmp_path / "sign.svg"
    path.write_bytes(render_bytes(art, ".svg"))
    report, _ = check_file(path, CheckOptions())
    serious = [(f.rule, f.message) for f in report.findings if f.severity != "info"]
    assert report.verdict == "pass" and not serious, serious
