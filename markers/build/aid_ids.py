"""How an aid buoy carries its WS id so every glyph is legible from the front.

On a round buoy a line of letters wider than the buoy wraps around it, and the glyphs
near the sides turn away: seen from the front they are foreshortened, x = r sin(s / r).
NR 5.09(2)(a)6 asks letters of at least 3 in "spaced in a manner which will provide
maximum legibility"; wsmark asks that no glyph be foreshortened by more than
``aid_id_foreshortening`` (30 %). An id that cannot run across in one line is stacked
("WS" above "2"), then set one character a line (turned to run down the buoy).
"""

from __future__ import annotations

import math

from shapely.geometry.base import BaseGeometry

from markers.build.cylinder import Face, choose_curvature, default_diameter, letters_face
from markers.core.fabrication import cut_polygons
from markers.core.spec import Law
from markers.errors import DesignError

__all__ = ["stackings", "foreshortening", "aid_id_face"]


def stackings(ws_id: str) -> list[str]:
    """Ways to set the id, widest first: one line, "WS" above the rest, one character a
    line (newlines separate lines)."""
    head, _, tail = ws_id.partition("-")
    out = [ws_id]
    if tail:
        out.append(f"{head}\n{tail}")
    out.append("\n".join(ch for ch in ws_id.replace("-", "")))
    return list(dict.fromkeys(out))


def glyph_spans(letters: BaseGeometry) -> list[tuple[float, float]]:
    """The x-extent of each glyph (each separate outline) of the letters."""
    return [(p.bounds[0], p.bounds[2]) for p in cut_polygons(letters)]


def foreshortening(face: Face, diameter: float, curvature: str) -> float:
    """The worst share by which a glyph looks narrower from the front than it is drawn:
    0 when the face is laid out as seen; along the surface, 1 - r (sin(s2/r) -
    sin(s1/r)) / (s2 - s1) for a glyph from s1 to s2 (glyphs beyond the limb: 1)."""
    if curvature == "seen":
        return 0.0
    r = diameter / 2
    worst = 0.0
    for item in face.legends:
        for s1, s2 in glyph_spans(item.outlines):
            if max(abs(s1), abs(s2)) >= math.pi * r / 2:
                return 1.0
            seen = r * (math.sin(s2 / r) - math.sin(s1 / r))
            worst = max(worst, 1 - seen / (s2 - s1))
    return worst


def aid_id_face(law: Law, ws_id: str, cap: float, plate: str | None, diameter: float | None,
                curvature: str | None, drawn: bool = True) -> tuple[Face, float, str]:
    """The id's face, the buoy's diameter and the layout: the first stacking that fits
    the diameter given (or ``law``'s minimum) with no glyph foreshortened beyond the
    limit; without a given diameter, the least diameter that holds the last stacking
    flat as seen."""
    limit = law.req("aid_id_foreshortening")
    d = diameter or law.req("buoy_min_diameter")
    last = None
    for text in stackings(ws_id):
        face = letters_face(text, cap, "white", plate=plate, drawn=drawn)
        last = face
        try:
            chosen = choose_curvature(law, face, d, curvature)
        except DesignError:
            continue
        if foreshortening(face, d, chosen) <= limit + 1e-9:
            return face, d, chosen
    if diameter is None and last is not None:
        d = default_diameter(last, curvature or "seen", law.req("buoy_min_diameter"))
        return last, d, choose_curvature(law, last, d, curvature)
    raise DesignError(
        f"{ws_id!r} in {cap:g} in letters cannot be set on a {d:g} in buoy with every "
        f"glyph foreshortened by at most {limit:.0%} "
        f"({law.requirement('aid_id_foreshortening').ref}, after {law.clause('aid_letters')}"
        "); use a larger diameter", field="diameter")
