"""Measuring a buoy (markers.check.measure.buoys and .bands) on buoys drawn here by hand,
in millimetres and points the way a vendor's drawing program writes them, and read back
by the SVG reader.

Band edges come out exact: they are heights of vertices or of crossings of the sampling
lines with a color's outline, not the result of a scan or a bisection.

looks_like_buoy answers "no" for most drawings without the union of their layers
(buoys._plainly_not: one upright rectangle holds everything). That quick answer must
never differ from the full one: the drawings are asked both ways, with the quick path and
with it turned off. Some are buoys that only the full test recognises (a tall red can, a
banded elevation, a wrap), some plain signs the quick path must answer, some edge cases
where orange just reaches, or stops just short of, where a band's color is sampled.
"""

from __future__ import annotations

import math
import re
from pathlib import Path

import pytest
import shapely
from shapely import unary_union
from shapely.geometry import LineString, MultiPolygon, Polygon, box
from wi import PACK, measure

from markers.check.layout import split
from markers.check.measure import buoys
from markers.check.measure.bands import EDGE_IN
from markers.check.measure.buoys import measure_buoy
from markers.check.measure.common import Facts, Measuring
from markers.core.artwork import Artwork
from markers.core.shapes import polygons
from markers.read import read_drawing

MM = 1 / 25.4
WIDTH, TALL = 300.0, 900.0  # mm: the body, above the waterline at its foot


def _buoy(bands: str, body: str = f"M0 0H{WIDTH}V{TALL}H0Z") -> list:
    svg = f"""<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}mm" height="{TALL}mm"
      viewBox="0 0 {WIDTH} {TALL}"><path d="{body}" fill="#FFFFFF"/>{bands}
      <line id="waterline" x1="0" y1="{TALL}" x2="{WIDTH}" y2="{TALL}" stroke="#0072CE"
       stroke-width="1"/></svg>"""
    art = read_drawing(svg.encode(), "buoy.svg")[0]
    return list(measure_buoy(art, Measuring(PACK.law), "symbol-buoy").buoy.bands)


def test_level_band_edges_are_the_drawn_heights() -> None:
    bands = _buoy(f'<path d="M0 0H{WIDTH}V150H0Z" fill="#FF6A13"/>'
                  f'<path d="M0 750H{WIDTH}V{TALL}H0Z" fill="#FF6A13"/>')
    assert [b.color.family for b in bands] == ["orange", "white", "orange"]
    edges = [y / MM for b in bands for y in (b.top, b.bottom)]
    assert edges == pytest.approx([0, 150, 150, 750, 750, TALL], abs=1e-9)
    assert [b.share for b in bands] == pytest.approx([1 / 6, 2 / 3, 1 / 6], abs=1e-12)


@pytest.mark.parametrize(("gap_mm", "families"), [
    (0.0025, ["orange", "white", "orange"]),  # 0.0001 in: a seam of rounding
    (0.1, ["orange", "white", "orange"]),  # 0.004 in, under JOIN_TOL_IN (0.005 in)
    (0.5, ["orange", "white", "orange", "white"]),  # 0.02 in: white drawn under it
])
def test_a_seam_under_the_lower_band_is_no_band(gap_mm: float, families: list) -> None:
    """The lower band ending a hair above the body's foot (a drawing at 1:8 read back
    from its PDF: 0.0001 in) leaves no white band under it, which buoy-symbol-bands
    failed as "no orange band just above the waterline" (the lake plan's packet, once
    its pages' text moved down a line); a white run as high as a rule could see stays."""
    bands = _buoy(f'<path d="M0 0H{WIDTH}V150H0Z" fill="#FF6A13"/>'
                  f'<path d="M0 750H{WIDTH}V{TALL - gap_mm}H0Z" fill="#FF6A13"/>')
    assert [b.color.family for b in bands] == families


def test_a_slanted_edge_ends_a_band_where_it_crosses_each_sampling_line() -> None:
    """The orange band's foot runs from 100 mm at the left to 150 mm at the right: the
    band is orange at both sides down to where the foot crosses the left sampling line
    (EDGE_IN of the width in), white at both from where it crosses the right one."""
    bands = _buoy(f'<path d="M0 0H{WIDTH}V150L0 100Z" fill="#FF6A13"/>')
    inset = EDGE_IN * WIDTH
    left = 100 + 50 * inset / WIDTH
    right = 100 + 50 * (WIDTH - inset) / WIDTH
    assert [b.color.family for b in bands] == ["orange", "white"]
    assert bands[0].top / MM == pytest.approx(0, abs=1e-9)
    assert bands[0].bottom / MM == pytest.approx(left, abs=1e-9)
    assert bands[1].top / MM == pytest.approx(right, abs=1e-9)
    assert bands[1].bottom / MM == pytest.approx(TALL, abs=1e-9)


def test_a_tapered_body_samples_inside_its_own_edges() -> None:
    """A nun-like top narrows the body; the sampling lines follow its slanted sides, so a
    band drawn just inside the taper still runs at both edges."""
    body = f"M100 0H200L{WIDTH} 200V{TALL}H0V200Z"
    bands = _buoy(f'<path d="{body[:-1]}" fill="none"/>'
                  f'<path d="M100 0H200L{WIDTH} 200V250H0V200Z" fill="#FF6A13"/>', body)
    assert [b.color.family for b in bands] == ["orange", "white"]
    assert [bands[0].top / MM, bands[0].bottom / MM] == pytest.approx([0, 250], abs=1e-9)


# --- the quick "no" of looks_like_buoy -------------------------------------------------

ORANGE, WHITE, RED = "#FF6A13", "#FFFFFF", "#C8102E"
YELLOW, BLACK = "#FFCD00", "#000000"


def _svg(width: float, height: float, unit: str, paths: list[tuple[str, str]]) -> bytes:
    body = "".join(f'<path d="{d}" fill="{fill}"/>' for d, fill in paths)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}{unit}" '
            f'height="{height}{unit}" viewBox="0 0 {width} {height}">{body}</svg>').encode()


def _rect(x0: float, y0: float, x1: float, y1: float) -> str:
    return f"M{x0} {y0}H{x1}V{y1}H{x0}Z"


def _diamond(cx: float, cy: float, r: float) -> str:
    return f"M{cx} {cy - r}L{cx + r} {cy}L{cx} {cy + r}L{cx - r} {cy}Z"


W, T = WIDTH, TALL  # the tall body above, mm
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
    "tall white body, an orange band at its top only (its foot band missing)": (
        _svg(W, T, "mm", [(_rect(0, 0, W, T), WHITE), (_rect(0, 0, W, 300), ORANGE),
                          (_diamond(150, 450, 120), ORANGE)]),
        True, False),
    "tall white body, an orange band at its foot only": (
        _svg(W, T, "mm", [(_rect(0, 0, W, T), WHITE), (_rect(0, 600, W, T), ORANGE),
                          (_diamond(150, 450, 120), ORANGE)]),
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
    "wrap with its second symbol missing: one diamond a quarter along (pt)": (
        _svg(2000, 700, "pt", [(_rect(0, 0, 2000, 700), WHITE), (_rect(0, 0, 2000, 120), ORANGE),
                               (_rect(0, 580, 2000, 700), ORANGE),
                               (_diamond(500, 350, 180), ORANGE)]),
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
    "a yellow dome painted over in its middle, a black pictogram (cm)": (
        _svg(60, 30, "cm", [("M0 30A30 30 0 0 1 60 30Z", YELLOW), (_rect(15, 8, 45, 26), BLACK)]),
        True, False),
    "a bare control circle, an orange ring round its white centre (cm)": (
        _svg(60, 60, "cm", [("M0 30A30 30 0 1 1 60 30A30 30 0 1 1 0 30ZM10 30A20 20 0 1 0 50 "
                             "30A20 20 0 1 0 10 30Z", ORANGE),
                            ("M10 30A20 20 0 1 1 50 30A20 20 0 1 1 10 30Z", WHITE),
                            (_rect(20, 26, 40, 34), BLACK)]),
        False, False),
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


@pytest.mark.parametrize("band", ["top", "foot"])
def test_a_symbol_buoy_missing_a_band_has_its_face_centred_on_its_symbol(band: str) -> None:
    """A symbol buoy with one orange band (300 mm at its top or foot, the other missing):
    its white runs on to the body's other end, which bounds no face; the face reaches as
    far beyond the symbol's middle as the band it has lies before it (300 mm each way of
    a diamond centred 450 mm down: 300 mm, 11.81 in), inferred. Drawn without its
    waterline guide, as a PDF or DXF has it."""
    orange = _rect(0, 0, W, 300) if band == "top" else _rect(0, 600, W, T)
    data = _svg(W, T, "mm", [(_rect(0, 0, W, T), WHITE), (orange, ORANGE),
                             (_diamond(150, 450, 120), ORANGE)])
    [art] = read_drawing(data, "buoy.svg")
    facts = measure(art)
    assert facts.kind == "buoy-symbol"
    assert [b.color.family for b in facts.buoy.bands] == \
        (["orange", "white"] if band == "top" else ["white", "orange"])
    assert facts.display.basis == "inferred"
    assert facts.display.height == pytest.approx(300 * MM, abs=1e-6)


@pytest.mark.parametrize("width,centre,kind", [
    (300, 150, "buoy-symbol"),  # a tall body, its one symbol in the middle: an elevation
    (1000, 250, "buoy-wrap"),  # a quarter along a wide one: a wrap, a side missing
    (1000, 500, "buoy-wrap"),  # in the middle of one wider than tall: a wrap too
    (600, 150, "buoy-wrap"),  # a quarter along a tall one: not what an elevation shows
])
def test_one_symbol_on_a_banded_rectangle_is_a_wrap_where_no_elevation_shows_it(
        width: float, centre: float, kind: str) -> None:
    """A white rectangle banded orange at its top and foot (900 mm tall) with one diamond:
    an elevation shows its one symbol in the middle of a body taller than wide; anything
    else is a wrap with its second side missing, which buoy-two-sides fails."""
    data = _svg(width, T, "mm", [(_rect(0, 0, width, T), WHITE), (_rect(0, 0, width, 200), ORANGE),
                                 (_rect(0, 700, width, T), ORANGE),
                                 (_diamond(centre, 450, 120), ORANGE)])
    [art] = read_drawing(data, "buoy.svg")
    facts = measure(art)
    assert facts.kind == kind
    if kind == "buoy-wrap":
        assert (facts.buoy.sides, facts.buoy.sides_basis) == (1, "counted")
        assert facts.buoy.diameter == pytest.approx(width * MM / math.pi, abs=1e-9)


# --- the body and signs from the outermost pieces (buoys._painted_parts) ---------------

def _sign_box(parts: list, top: float) -> tuple[float, ...] | None:
    signs = [p for p in parts if p.bounds[3] <= top + 1e-6]
    return tuple(shapely.total_bounds(signs)) if signs else None


SIGN = [(_rect(0, 300, W, T), WHITE), (_rect(0, 300, W, 400), ORANGE),
        (_rect(0, 800, W, T), ORANGE), (_rect(50, 0, 250, 200), WHITE),
        (_rect(60, 10, 240, 190), ORANGE), (_rect(100, 60, 200, 140), BLACK)]
PARTS = {
    "a symbol buoy: a diamond between its bands, a letter in the diamond": [
        (_rect(0, 0, W, T), WHITE), (_rect(0, 0, W, 200), ORANGE),
        (_rect(0, 700, W, T), ORANGE), (_diamond(150, 450, 120), ORANGE),
        (_rect(130, 420, 170, 480), BLACK)],
    "a sign buoy: a sign standing apart above the body, letters in both": [
        *SIGN, (_rect(120, 500, 180, 700), BLACK)],
    "a panel beside the body, reaching above its top; a letter floating in it there": [
        (_rect(0, 300, 150, T), WHITE), ("M200 0H300V800H200ZM210 50V750H290V50Z", RED),
        (_rect(230, 100, 270, 200), BLACK)],
    "a ring of a body, a dot floating in its hole": [
        ("M0 0H300V900H0ZM50 50V850H250V50Z", ORANGE), (_rect(100, 100, 200, 200), BLACK)],
    "two bodies side by side, their feet level, one a ring with a dot in it": [
        ("M0 0H100V900H0ZM20 20V880H80V20Z", RED), (_rect(40, 100, 60, 200), RED),
        (_rect(200, 0, W, T), RED), (_rect(220, 100, 280, 200), WHITE)],
    "two bodies side by side, their feet level, the ring on the right": [
        (_rect(0, 0, 100, T), RED), ("M200 0H300V900H200ZM220 20V880H280V20Z", RED),
        (_rect(240, 100, 260, 200), RED), (_rect(20, 100, 80, 200), WHITE)],
    "a frame, a letter in it whose foot is level with the frame's to 0.001 in": [
        ("M0 0H300V900H0ZM20 20V899.995H280V20Z", RED), (_rect(100, 100, 200, 899.99), WHITE)],
}


@pytest.mark.parametrize("name", PARTS)
def test_the_outermost_pieces_give_the_body_and_signs_of_all_the_paint(name: str) -> None:
    """Joining only the pieces outside every other's outline finds the same body (its
    outline, to the vertex) and the same box of signs as joining all of the paint; where
    a piece left out could change them (a tie at the foot), all of it is joined."""
    [art] = read_drawing(_svg(W, T, "mm", PARTS[name]), "proof.svg")
    families = [g for g, _ in buoys.family_geometry(art).values()]
    quick = buoys._painted_parts(families)
    full = polygons(buoys._closed(unary_union(families)))
    body, again = (Polygon(buoys._lowest(parts).exterior) for parts in (quick, full))
    assert body.normalize().equals_exact(again.normalize(), 0)
    assert _sign_box(quick, body.bounds[1]) == _sign_box(full, body.bounds[1])


@pytest.mark.parametrize("paint", [
    [box(0, 0, 1, 1), box(2, 0, 3, 1), MultiPolygon([box(0.2, 2, 0.8, 3), box(2.2, 2, 2.8, 3)])],
    [box(0, 0, 1, 1), box(1, 0, 2, 1), box(5, 5, 6, 6)],  # two share an edge: one union
    [box(0, 0, 1, 1), box(1, 1, 2, 2)],  # they touch at a corner
    [Polygon(), LineString([(0, 0), (1, 1)])],  # no symbol: bands only touch the white
])
def test_symbols_apart_are_their_own_union(paint: list) -> None:
    joined = buoys._joined(paint)
    union = polygons(unary_union(paint))
    assert sorted(p.normalize().wkt for p in joined) == sorted(p.normalize().wkt for p in union)


@pytest.mark.parametrize("geometry", [
    box(1, 1, 2, 2),  # covered
    box(5, 5, 6, 6),  # apart
    box(3, 3, 5, 5),  # crossing the region's outline
    MultiPolygon([box(1, 1, 2, 2), box(3, 1, 5, 2), box(6, 1, 7, 2)]),  # each of those
])
def test_inside_is_the_intersection(geometry) -> None:
    region = Polygon([(0, 0), (4, 0), (4, 4), (0, 4.5)])
    inside = buoys._inside(geometry, region)
    assert inside.equals(geometry.intersection(region)) or inside.is_empty
    assert inside.area == pytest.approx(geometry.intersection(region).area, rel=1e-12)


GALLERY = Path(__file__).resolve().parents[2] / "gallery"


def _vendors(name: str, area: bool = True) -> Artwork:
    """A gallery buoy as a vendor would send it, split from its page: its design record
    (kind, curvature) taken out, its display area still named unless not ``area``."""
    data = re.sub(rb"<desc>.*?</desc>", b"", (GALLERY / name).read_bytes(), flags=re.S)
    if not area:
        data = data.replace(b'id="display-area"', b'id="area"')
    return split(read_drawing(data, name)[0]).markers[0]


def _faces_measured(monkeypatch) -> list[str]:
    """A list that gets an entry for each face measure_buoy measures."""
    calls: list[str] = []
    real = buoys.measure_face

    def counted(face: Artwork, m: Measuring) -> Facts:
        calls.append("measured")
        return real(face, m)

    monkeypatch.setattr(buoys, "measure_face", counted)
    return calls


@pytest.mark.parametrize("name, faces", [("buoy-symbol-24in-rocks.svg", 1),
                                         ("buoy-wrap-24in-rocks.svg", 2)])
def test_a_face_in_two_bases_is_measured_once_where_its_height_is_declared(
        monkeypatch, name: str, faces: int) -> None:
    """With the display height declared, the basis a face is read in (its symbol nearer
    2/3 of H) is told from the symbol's size alone: only the face kept is measured, and
    the facts are those measuring both faces gives."""
    art = _vendors(name)
    assert "display-area" in art.features and "curvature" not in art.meta
    calls = _faces_measured(monkeypatch)
    quick = measure(art)
    assert len(calls) == faces
    assert [f.curvature_basis for f in quick.faces] == ["inferred"] * faces
    monkeypatch.setattr(buoys, "face_proportion", lambda face, m: None)
    calls.clear()
    assert measure(art) == quick
    assert len(calls) == 2 * faces


def test_a_face_without_a_declared_height_is_measured_in_both_bases(monkeypatch) -> None:
    """Without a display area named or H given, the height may come from the lettering:
    both faces are measured to choose between them."""
    art = _vendors("buoy-symbol-24in-rocks.svg", area=False)
    assert "display-area" not in art.features
    calls = _faces_measured(monkeypatch)
    measure(art)
    assert len(calls) == 2
