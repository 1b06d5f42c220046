"""Path geometry: SVG path data and basic shapes -> flattened subpaths -> painted areas.

Why it is written here rather than taken from a library: path data is untrusted text, so it
is parsed by a small cursor-based reader that stops at the first error (as SVG says) and
checks the time budget as it goes; curves are flattened with a bound on the second
derivative, so the chord error is at most the tolerance in inches whatever the transform;
fills honour the fill rule through winding numbers; strokes are buffered in the element's
own coordinates and then transformed, so a non-uniform scale stretches them as SVG does.
GEOS work grows with how often an outline crosses itself, so that is counted (cheaply,
with an STRtree) and refused beyond ``MAX_CROSSINGS`` before GEOS is asked to node it.

Ops are tuples in absolute local coordinates::

    ("M", x, y)  ("L", x, y)  ("C", x1, y1, x2, y2, x, y)  ("Q", x1, y1, x, y)  ("Z",)
    ("A", cx, cy, ux, uy, vx, vy, t0, dt, x, y)   # point(t) = c + u cos t + v sin t
    ("P", points)   # lines to each row of an n x 2 array in turn (markers.read.straight)
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar, cast

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Polygon
from shapely.geometry.base import BaseGeometry

from markers.core.units import MAX_PLAUSIBLE_IN
from markers.errors import UnreadableDrawing
from markers.read.limits import MAX_COORD_IN, MAX_CROSSINGS, Budget
from markers.read.straight import read_straight

__all__ = ["Subpath", "EMPTY", "Pen", "parse_path_data", "rect_ops", "ellipse_ops", "flatten",
           "apply", "in_range", "affine", "out_of_range", "implausible", "dedupe", "fill_area",
           "stroke_area", "clipped_away", "baseline_turn"]

#: A flattened subpath: its points (n x 2) and whether it was closed with Z.
Subpath = tuple[np.ndarray, bool]
#: Nothing painted.
EMPTY = Polygon()
_G = TypeVar("_G", bound=BaseGeometry)

_NUMBER = r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?"
#: A token: a command letter, a number, or else one stray character (where parsing
#: stops); separators between. Greedy and leftmost: what a cursor reader would find.
_TOKEN = re.compile(rf"[MmZzLlHhVvCcSsQqTtAa]|{_NUMBER}|[^\s,]")
#: The same without exponents: a number is a sign and digits and dots ("1.5.5" is one
#: token here, two above; it is not a number, so the exact cut is made instead).
_PLAIN_TOKEN = re.compile(r"[MmZzLlHhVvCcSsQqTtAa]|[+-]?[0-9.]+|[^\s,]")
#: Characters that stop parsing wherever they are but that ``float`` may read (Arabic
#: digits): made a plain stray character before cutting.
_FOREIGN = re.compile(r"[^\x00-\x7f\s]")
_COMMANDS = {letter: (letter.upper(), letter.islower()) for letter in "MmZzLlHhVvCcSsQqTtAa"}
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2}
_TICK_EVERY = 4096  # ops between time checks while parsing
_CHUNK = 256  # segments per STRtree query while counting crossings
_FAN_IN = 64  # parts per GEOS union call (time is checked between calls)
_FEW_SEGMENTS = math.isqrt(2 * MAX_CROSSINGS)  # too few segments to cross that often


# --------------------------------------------------------------------------- parsing

#: Path data of straight lines this long or longer is read at once (markers.read.straight):
#: numpy's cost for one call is the cursor's for about this many characters.
STRAIGHT_FROM = 1000

#: Points this close (a share of their coordinates' size) are one point: rounding in
#: computing them (float64 carries 16 digits; 1e-12 leaves room for a few operations).
SAME_POINT = 1e-12


def parse_path_data(d: str, budget: Budget) -> tuple[list[tuple], bool]:
    """Path data as ops; (ops, False) when it stops at an error (drawn up to there).

    One regex pass cuts ``d`` into tokens (n of them), then one walk over the tokens
    builds the ops: O(n), with the time budget checked every ``_TICK_EVERY`` ops. Data
    without exponents is first cut by a simpler regex, twice as fast, whose tokens are
    the same whenever they all read as numbers and commands; else (an error) it is cut
    again by the exact one. Long data of straight lines alone is read at once, with numpy.
    """
    budget.tick()
    straight = read_straight(d) if len(d) >= STRAIGHT_FROM else None
    if straight is not None:
        return straight, True
    if not d.isascii():
        d = _FOREIGN.sub("#", d)
    if "e" not in d and "E" not in d:
        ops, complete = _ops(_PLAIN_TOKEN.findall(d), budget)
        if complete:
            return ops, True
    return _ops(_TOKEN.findall(d), budget)


def _ops(tokens: list[str], budget: Budget) -> tuple[list[tuple], bool]:
    """Tokens as ops, and whether they all made ops (False: stopped at an error)."""
    ops: list[tuple] = []
    at, count, upper, relative = 0, len(tokens), "", False
    x = y = start_x = start_y = 0.0
    cubic: tuple[float, float] | None = None  # last cubic control point, for S
    quad: tuple[float, float] | None = None  # last quadratic control point, for T
    while True:
        if len(ops) % _TICK_EVERY == 0:
            budget.tick()
        if at == count:
            return ops, True
        command = _COMMANDS.get(tokens[at])
        if command:
            upper, relative = command
            at += 1
        elif upper in ("", "Z"):
            return ops, False
        if upper == "Z":
            ops.append(("Z",))
            x, y, cubic, quad = start_x, start_y, None, None
            continue
        if upper == "A":
            args, at = _arc_arguments(tokens, at)
            if args is None:
                return ops, False
        else:
            end = at + _ARITY[upper]
            if end > count:
                return ops, False
            try:
                args = list(map(float, tokens[at:end]))  # only number tokens read as floats
            except ValueError:  # a command or a stray character
                return ops, False
            at = end
        dx, dy = (x, y) if relative else (0.0, 0.0)
        new_cubic = new_quad = None
        if upper == "M":
            x, y = args[0] + dx, args[1] + dy
            start_x, start_y = x, y
            ops.append(("M", x, y))
            upper = "L"  # further pairs are lines
        elif upper in ("L", "H", "V"):
            if upper != "V":
                x = args[0] + dx
            if upper != "H":
                y = args[-1] + dy
            ops.append(("L", x, y))
        elif upper in ("C", "S"):
            if upper == "C":
                x1, y1, rest = args[0] + dx, args[1] + dy, args[2:]
            else:
                x1, y1 = (2 * x - cubic[0], 2 * y - cubic[1]) if cubic else (x, y)
                rest = args
            x2, y2 = rest[0] + dx, rest[1] + dy
            x, y = rest[2] + dx, rest[3] + dy
            ops.append(("C", x1, y1, x2, y2, x, y))
            new_cubic = (x2, y2)
        elif upper in ("Q", "T"):
            if upper == "Q":
                x1, y1 = args[0] + dx, args[1] + dy
            else:
                x1, y1 = (2 * x - quad[0], 2 * y - quad[1]) if quad else (x, y)
            x, y = args[-2] + dx, args[-1] + dy
            ops.append(("Q", x1, y1, x, y))
            new_quad = (x1, y1)
        else:
            end_x, end_y = args[5] + dx, args[6] + dy
            rx, ry, rotation, large, sweep = args[:5]
            arc = _arc(x, y, rx, ry, rotation, large, sweep, end_x, end_y)
            if arc is not None:
                ops.append(arc)
            x, y = end_x, end_y
        cubic, quad = new_cubic, new_quad


def _arc_arguments(tokens: list[str], at: int) -> tuple[list[float] | None, int]:
    """An arc's 7 arguments from ``tokens[at:]``, and where the next token starts.

    Its two flags are one character each, so "0110" is flags 0 and 1 and then 10: a flag
    taken from the front of a number leaves the rest, which is read next (the rest of a
    number is a whole number, or else no number at all: an error, as for a cursor).
    """
    args: list[float] = []
    rest = ""  # what is left of a token a flag was taken from
    for kind in "nnnffnn":
        if rest:
            token, rest = rest, ""
        elif at < len(tokens):
            token, at = tokens[at], at + 1
        else:
            return None, at
        if kind == "f":
            if token[0] not in "01":
                return None, at
            args.append(float(token[0]))
            rest = token[1:]
            continue
        try:
            args.append(float(token))
        except ValueError:  # a command or a stray character
            return None, at
    return args, at


def _arc(x1: float, y1: float, rx: float, ry: float, rotation: float, large: float,
         sweep: float, x2: float, y2: float) -> tuple | None:
    """An endpoint arc in centre form (SVG 1.1 appendix F.6.5, radii scaled up per F.6.6)."""
    if x1 == x2 and y1 == y2:
        return None
    rx, ry = abs(rx), abs(ry)
    if rx == 0 or ry == 0 or not math.isfinite(rx * ry * rotation):
        return ("L", x2, y2)  # a zero (or absurd) radius draws a straight line
    cos_r, sin_r = math.cos(math.radians(rotation)), math.sin(math.radians(rotation))
    hx, hy = (x1 - x2) / 2, (y1 - y2) / 2
    px, py = cos_r * hx + sin_r * hy, -sin_r * hx + cos_r * hy
    excess = (px / rx) * (px / rx) + (py / ry) * (py / ry)
    if excess > 1:
        rx, ry = rx * math.sqrt(excess), ry * math.sqrt(excess)
    rxy, rpy, rpx = rx * ry, rx * py, ry * px  # products, not powers: overflow gives inf
    denominator = rpy * rpy + rpx * rpx
    if not denominator > 0:
        return ("L", x2, y2)
    scale = math.sqrt(max(0.0, (rxy * rxy - denominator) / denominator))
    scale *= -1 if bool(large) == bool(sweep) else 1
    cpx, cpy = scale * rx * py / ry, -scale * ry * px / rx
    cx = cos_r * cpx - sin_r * cpy + (x1 + x2) / 2
    cy = sin_r * cpx + cos_r * cpy + (y1 + y2) / 2
    t0 = math.atan2((py - cpy) / ry, (px - cpx) / rx)
    dt = math.atan2((-py - cpy) / ry, (-px - cpx) / rx) - t0
    if sweep and dt < 0:
        dt += 2 * math.pi
    elif not sweep and dt > 0:
        dt -= 2 * math.pi
    return ("A", cx, cy, rx * cos_r, rx * sin_r, -ry * sin_r, ry * cos_r, t0, dt, x2, y2)


def rect_ops(x: float, y: float, w: float, h: float, rx: float, ry: float) -> list[tuple]:
    """A rectangle, with quarter-ellipse corners when rx and ry are positive."""
    if rx <= 0 or ry <= 0:
        return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]
    half_pi = math.pi / 2
    corners = [(x + w - rx, y + ry, -half_pi, x + w, y + h - ry),
               (x + w - rx, y + h - ry, 0.0, x + rx, y + h),
               (x + rx, y + h - ry, half_pi, x, y + ry),
               (x + rx, y + ry, math.pi, x + w - rx, y)]
    ops: list[tuple] = [("M", x + rx, y)]
    for cx, cy, t0, next_x, next_y in corners:
        end_x, end_y = cx + rx * math.cos(t0 + half_pi), cy + ry * math.sin(t0 + half_pi)
        ops.append(("L", cx + rx * math.cos(t0), cy + ry * math.sin(t0)))
        ops.append(("A", cx, cy, rx, 0.0, 0.0, ry, t0, half_pi, end_x, end_y))
        ops.append(("L", next_x, next_y))
    ops.append(("Z",))
    return ops


def ellipse_ops(cx: float, cy: float, rx: float, ry: float) -> list[tuple]:
    return [("M", cx + rx, cy), ("A", cx, cy, rx, 0.0, 0.0, ry, 0.0, 2 * math.pi, cx + rx, cy),
            ("Z",)]


# --------------------------------------------------------------------------- flattening

@lru_cache(maxsize=256)
def _basis(steps: int, degree: int) -> np.ndarray:
    """Bernstein weights at t = 1/steps .. 1 (cached: the same counts recur constantly)."""
    t = np.arange(1, steps + 1) / steps
    u = 1 - t
    weights = (np.column_stack([u * u, 2 * u * t, t * t]) if degree == 2 else
               np.column_stack([u ** 3, 3 * u * u * t, 3 * u * t * t, t ** 3]))
    weights.setflags(write=False)
    return weights


def _steps(second_derivative: float, tol: float, budget: Budget) -> int:
    """Chords needed so a curve with this bound on |B''| deviates at most ``tol``."""
    exact = math.sqrt(second_derivative / (8 * tol))
    if not math.isfinite(exact):
        out_of_range(budget)
    steps = max(1, math.ceil(exact))
    budget.take(steps)
    return steps


def _curve(op: tuple, x0: float, y0: float, lin: tuple[float, float, float, float], tol: float,
           budget: Budget) -> np.ndarray:
    """Points along a curve op after (x0, y0), its end last."""
    a, b, c, d = lin

    def size(vx: float, vy: float) -> float:
        return math.hypot(a * vx + b * vy, c * vx + d * vy)

    if op[0] == "C":
        _, x1, y1, x2, y2, x3, y3 = op
        bound = 6 * max(size(x0 - 2 * x1 + x2, y0 - 2 * y1 + y2),
                        size(x1 - 2 * x2 + x3, y1 - 2 * y2 + y3))
        steps = _steps(bound, tol, budget)
        controls = np.array([[x0, y0], [x1, y1], [x2, y2], [x3, y3]])
        return (_basis(steps, 3) if steps <= 1024 else _basis.__wrapped__(steps, 3)) @ controls
    if op[0] == "Q":
        _, x1, y1, x2, y2 = op
        steps = _steps(2 * size(x0 - 2 * x1 + x2, y0 - 2 * y1 + y2), tol, budget)
        controls = np.array([[x0, y0], [x1, y1], [x2, y2]])
        return (_basis(steps, 2) if steps <= 1024 else _basis.__wrapped__(steps, 2)) @ controls
    _, cx, cy, ux, uy, vx, vy, t0, dt, x, y = op
    steps = _steps(dt * dt * (size(ux, uy) + size(vx, vy)), tol, budget)
    t = t0 + dt * np.arange(1, steps + 1) / steps
    points = np.column_stack([cx + ux * np.cos(t) + vx * np.sin(t),
                              cy + uy * np.cos(t) + vy * np.sin(t)])
    points[-1] = (x, y)
    return points


def flatten(ops: list[tuple], lin: np.ndarray, tol: float, budget: Budget) -> list[Subpath]:
    """Ops -> subpaths in local coordinates, curves fine enough after the linear map ``lin``.

    A subpath's points gather as arrays (``pieces``: its curves and runs of lines) and
    points of single ops not yet in an array (``points``), joined once it ends.
    """
    coefficients = (float(lin[0, 0]), float(lin[0, 1]), float(lin[1, 0]), float(lin[1, 1]))
    subpaths: list[Subpath] = []
    pieces: list[np.ndarray] = []
    points: list[tuple[float, float]] = []
    start = (0.0, 0.0)

    def gather() -> None:
        if points:
            pieces.append(np.array(points, dtype=float))
            points.clear()

    def finish(closed: bool) -> None:
        gather()
        count = sum(len(piece) for piece in pieces)
        if count > 1 or (count and closed):  # a lone moveto paints nothing
            subpaths.append((pieces[0] if len(pieces) == 1 else np.concatenate(pieces), closed))
        pieces.clear()

    for op in ops:
        kind = op[0]
        if kind == "M":
            finish(False)
            start = (op[1], op[2])
            points.append(start)
        elif kind == "Z":
            finish(True)
        else:
            if not points and not pieces:
                points.append(start)
            if kind == "L":
                budget.take(1)
                points.append((op[1], op[2]))
                continue
            if kind == "P":
                budget.take(len(op[1]))
                gather()
                pieces.append(op[1])
                continue
            x0, y0 = points[-1] if points else pieces[-1][-1].tolist()
            gather()
            pieces.append(_curve(op, x0, y0, coefficients, tol, budget))
    finish(False)
    return subpaths


# --------------------------------------------------------------------------- placing

def apply(points: np.ndarray, matrix: np.ndarray, budget: Budget) -> np.ndarray:
    """Points through an affine matrix, refusing non-finite or absurd results."""
    return in_range(points @ matrix[:2, :2].T + matrix[:2, 2], budget)


def in_range(points: np.ndarray, budget: Budget) -> np.ndarray:
    """``points`` (inches), if finite and within a marker's plausible size."""
    if points.size:
        reach = np.abs(points).max()  # nan if any is nan: refused below, as inf is
        if not reach <= MAX_COORD_IN:
            out_of_range(budget)
        if reach > MAX_PLAUSIBLE_IN:
            implausible(budget.name, reach)
    return points


def implausible(name: str, reach: float) -> None:
    """Refuse a drawing that reaches beyond any marker's size (core/units.py), before any
    geometry is built: every measuring step whose work follows a length (bands,
    segmentize, stroke buffers) stays bounded."""
    raise UnreadableDrawing(f"{name}: implausible for a marker: reaches {reach:,.0f} in from "
                            f"its origin; no marker is larger than {MAX_PLAUSIBLE_IN:,.0f} in")


def affine(geometry: _G, matrix: np.ndarray, budget: Budget) -> _G:
    """A geometry through an affine matrix, refusing non-finite or absurd results."""
    return shapely.transform(geometry, lambda points: apply(points, matrix, budget))


def baseline_turn(baseline: Sequence[float] | np.ndarray,
                  up: Sequence[float] | np.ndarray) -> float | None:
    """Where a text's baseline points on the page (LegendItem.turn): deg clockwise from
    left-to-right, from its ``baseline`` and its letters' ``up`` as placed on the page
    (inches, y down). None for letters set mirrored (their up on the baseline's right),
    which no turn of the page makes read, or a placement that flattens them."""
    (dx, dy), (ux, uy) = (float(v) for v in baseline), (float(v) for v in up)
    if not all(map(math.isfinite, (dx, dy, ux, uy))) or not dx * uy - dy * ux < 0:
        return None
    return round(math.degrees(math.atan2(dy, dx)) % 360, 1)


def out_of_range(budget: Budget) -> None:
    raise UnreadableDrawing(f"{budget.name}: coordinates out of range (non-finite or beyond "
                      f"{MAX_COORD_IN:g} in)")


def clipped_away(where: BaseGeometry, clip: BaseGeometry | None) -> bool:
    """Whether lettering whose box is ``where`` is hidden by its ``clip``: most of the
    box lies outside it (a line cut at the clip's edge is not read as whole)."""
    if clip is None or where.area <= 0:
        return clip is not None and not where.intersects(clip)
    return where.intersection(clip).area < 0.5 * where.area


def dedupe(points: np.ndarray, ring: bool) -> np.ndarray:
    """Drop repeated consecutive points (and a ring's repeated first point): points that
    differ by no more than rounding (``SAME_POINT`` of the coordinates' size), as an arc
    computed to end where its subpath started does; a segment that short has no
    direction, and a join to it would be a spike or a notch."""
    if len(points) > 1:
        same = SAME_POINT * (1.0 + float(np.abs(points).max()))
        step = np.abs(np.diff(points, axis=0)).max(axis=1)
        repeated = step <= same
        if repeated.any():
            points = points[np.concatenate(([True], ~repeated))]
        if ring and len(points) > 1 and np.abs(points[0] - points[-1]).max() <= same:
            points = points[:-1]
    return points


# --------------------------------------------------------------------------- areas

def fill_area(rings: list[np.ndarray], evenodd: bool, budget: Budget) -> BaseGeometry:
    """The area a fill paints (each subpath implicitly closed).

    A simple ring is its polygon; rings that never cross (glyphs, annuli) are nested by
    containment and kept by winding number; anything else is noded, polygonized and each
    face kept when its winding number is odd (evenodd) or non-zero (nonzero).
    """
    rings = [r for r in (dedupe(r, ring=True) for r in rings) if len(r) >= 3]
    if not rings:
        return EMPTY
    if len(rings) == 1:
        single = cast(Polygon, shapely.polygons(rings[0]))  # one ring's points: one polygon
        if single.is_valid:
            return single
    outlines = _rings(rings)
    if _separate(outlines):
        return _nested_area(rings, outlines, evenodd)
    _crossings([(r, True) for r in rings], budget)
    noded = _union(list(outlines), budget)
    faces = shapely.get_parts(shapely.polygonize(shapely.get_parts(noded)))
    if not len(faces):
        return EMPTY
    budget.tick()
    inside = shapely.get_coordinates(shapely.point_on_surface(faces))
    winding = _winding_numbers(inside, rings, budget)
    keep = (winding % 2 == 1) if evenodd else (winding != 0)
    return _union(list(faces[keep]), budget)


def _rings(rings: list[np.ndarray]) -> np.ndarray:
    sizes = [len(r) for r in rings]
    return cast(np.ndarray, shapely.linearrings(  # with indices: an array of rings
        np.vstack(rings), indices=np.repeat(np.arange(len(rings)), sizes)))


def _separate(outlines: np.ndarray) -> bool:
    """True when every ring is simple and no two rings meet (then nesting decides the fill)."""
    if not shapely.is_simple(outlines).all():
        return False
    first, second = shapely.STRtree(outlines).query(outlines)  # boxes that meet
    pairs = first < second  # each pair once, and not a ring with itself (the costly test)
    return not shapely.intersects(outlines[first[pairs]], outlines[second[pairs]]).any()


def _nested_area(rings: list[np.ndarray], outlines: np.ndarray, evenodd: bool) -> BaseGeometry:
    """Fill of separate rings: each region's winding number is the sum over its ancestors.

    A kept region's holes are its children that are not kept; kept children merge into it.
    """
    polygons = cast(np.ndarray, shapely.polygons(outlines))  # an array of rings: of polygons
    areas = shapely.area(polygons)
    inner, outer = shapely.STRtree(polygons).query(
        shapely.points(np.array([r[0] for r in rings])), predicate="within")
    parent = np.full(len(rings), -1)
    for j, i in zip(inner.tolist(), outer.tolist(), strict=True):
        if i != j and (parent[j] < 0 or areas[i] < areas[parent[j]]):
            parent[j] = i
    winding = np.zeros(len(rings), dtype=int)
    sign = np.where(shapely.is_ccw(outlines), 1, -1)
    children: dict[int, list[int]] = {}
    for j in np.argsort(-areas, kind="stable").tolist():  # parents before children
        winding[j] = sign[j] + (winding[parent[j]] if parent[j] >= 0 else 0)
        if parent[j] >= 0:
            children.setdefault(int(parent[j]), []).append(j)
    kept = (winding % 2 == 1) if evenodd else (winding != 0)
    order: list[int] = []  # rings by region: each region's shell, then its holes
    region: list[int] = []  # the region of each
    tops = [j for j in np.flatnonzero(kept).tolist()
            if parent[j] < 0 or not kept[parent[j]]]  # a kept child merges into its parent
    for number, top in enumerate(tops):
        order.append(top)
        stack = [top]
        while stack:
            for child in children.get(stack.pop(), []):
                if kept[child]:
                    stack.append(child)
                else:
                    order.append(child)
        region += [number] * (len(order) - len(region))
    if not order:
        return EMPTY
    regions = cast(np.ndarray, shapely.polygons(outlines[order], indices=region))
    return regions[0] if len(regions) == 1 else cast(MultiPolygon, shapely.multipolygons(regions))


def _winding_numbers(points: np.ndarray, rings: list[np.ndarray], budget: Budget) -> np.ndarray:
    """Winding number of each point: signed crossings of a ray to +x, edges found by STRtree."""
    starts = np.vstack(rings)
    ends = np.vstack([np.roll(r, -1, axis=0) for r in rings])
    tree = shapely.STRtree(cast(np.ndarray, shapely.linestrings(np.stack([starts, ends], axis=1))))
    far = float(max(starts[:, 0].max(), points[:, 0].max())) + 1.0
    out = np.zeros(len(points), dtype=int)
    for lo in range(0, len(points), _CHUNK):
        budget.tick()
        chunk = points[lo:lo + _CHUNK]
        rays = shapely.linestrings(np.stack([chunk, np.column_stack(
            [np.full(len(chunk), far), chunk[:, 1]])], axis=1))
        which, edge = tree.query(rays)
        px, py = chunk[which, 0], chunk[which, 1]
        (x0, y0), (x1, y1) = starts[edge].T, ends[edge].T
        cross = (x1 - x0) * (py - y0) - (px - x0) * (y1 - y0)
        step = (((y0 <= py) & (y1 > py) & (cross > 0)).astype(int)
                - ((y0 > py) & (y1 <= py) & (cross < 0)).astype(int))
        np.add.at(out, lo + which, step)
    return out


@dataclass(frozen=True)
class Pen:
    """How a stroke is drawn, in the element's own units.

    ``cap`` is round/flat/square and ``join`` round/miter/bevel; ``tol`` is the flattening
    tolerance in these units (miter tips shorter than it are not worth a polygon).
    """

    half_width: float
    cap: str
    join: str
    miter_limit: float
    quad_segs: int
    tol: float


def stroke_area(subpaths: list[Subpath], pen: Pen, budget: Budget) -> BaseGeometry:
    """The area a stroke paints, in the element's own coordinates (so transforms apply).

    Miter joins follow SVG: bevelled where the miter ratio exceeds the limit. GEOS would clip
    such a tip at the limit instead, so a subpath with one gets a bevel-joined buffer plus
    the miter tips that are within the limit; every other subpath gets GEOS's miter.
    """
    groups: dict[tuple[str, bool], list[np.ndarray]] = {}  # (join, closed) -> point arrays
    dots, tips = [], []
    for points, closed in subpaths:
        points = dedupe(points, ring=closed)
        closed = closed and len(points) >= 3
        if len(points) == 1:
            dots.append(points[0])
            continue
        join = pen.join
        if join == "miter":
            corners = ((np.roll(points, 1, axis=0), points, np.roll(points, -1, axis=0)) if closed
                       else (points[:-2], points[1:-1], points[2:]))
            ratios, tip_quads = _miters(*corners, pen)
            if (ratios > pen.miter_limit).any():
                join = "bevel"
                tips += list(cast(np.ndarray, shapely.polygons(tip_quads))) if len(tip_quads) \
                    else []
        groups.setdefault((join, closed), []).append(points)
    segments = sum(len(p) for paths in groups.values() for p in paths)
    if segments > _FEW_SEGMENTS:
        _crossings([(p, closed) for (_, closed), paths in groups.items() for p in paths], budget)
    parts = tips
    for (join, closed), paths in groups.items():
        options = {"quad_segs": pen.quad_segs, "mitre_limit": pen.miter_limit,
                   "join_style": "mitre" if join == "miter" else join}
        outlines = _rings(paths) if closed else cast(np.ndarray, shapely.linestrings(
            np.vstack(paths), indices=np.repeat(np.arange(len(paths)), [len(p) for p in paths])))
        # the pen's cap and join are checked words; the stubs want them as Literals
        parts += list(shapely.buffer(outlines, pen.half_width, cap_style=pen.cap,  # type: ignore[call-overload]
                                     **options))
    if dots and pen.cap != "flat":
        parts += list(shapely.buffer(cast(np.ndarray, shapely.points(np.array(dots))),  # type: ignore[call-overload]
                                     pen.half_width,
                                     quad_segs=pen.quad_segs, cap_style=pen.cap))
    area = _union(parts, budget)
    return shapely.simplify(area, pen.tol / 1000) if tips else area  # drop collinear seams


def _miters(before: np.ndarray, at: np.ndarray, after: np.ndarray,
            pen: Pen) -> tuple[np.ndarray, np.ndarray]:
    """Miter ratio at each vertex ``at``, and the tips (beyond the bevel) within the limit.

    With outer offset normals o1, o2 the SVG miter ratio (miter length / stroke width) is
    2 / |o1 + o2| and the tip lies at 2 * half * (o1 + o2) / |o1 + o2|^2 from the vertex.
    """
    if not len(at):
        return np.ones(0), np.zeros((0, 4, 2))
    incoming = (at - before) / np.linalg.norm(at - before, axis=1)[:, None]
    outgoing = (after - at) / np.linalg.norm(after - at, axis=1)[:, None]
    turn = np.sign(incoming[:, 0] * outgoing[:, 1] - incoming[:, 1] * outgoing[:, 0])[:, None]
    normal_in = -turn * np.column_stack([-incoming[:, 1], incoming[:, 0]])
    normal_out = -turn * np.column_stack([-outgoing[:, 1], outgoing[:, 0]])
    both = normal_in + normal_out
    length = np.linalg.norm(both, axis=1)
    straight = turn[:, 0] == 0
    reverses = straight & (np.einsum("ij,ij->i", incoming, outgoing) < 0)
    half = pen.half_width
    with np.errstate(divide="ignore", invalid="ignore"):
        ratios = np.where(straight, np.where(reverses, np.inf, 1.0), 2 / length)
        beyond_bevel = half * (2 / length - length / 2)  # tip's distance past the bevel chord
        tip = at + 2 * half * both / (length * length)[:, None]
    keep = ~straight & (ratios <= pen.miter_limit) & (beyond_bevel > pen.tol)
    quads = np.stack([at, at + half * normal_in, tip, at + half * normal_out], axis=1)[keep]
    return ratios, quads


def _crossings(paths: list[Subpath], budget: Budget) -> int:
    """How often the paths' segments cross or touch, not counting neighbours in one path.

    GEOS tests the pairs (an STRtree with the intersects predicate, so memory follows the
    hits, not the candidates). Refuses beyond ``MAX_CROSSINGS``: noding time grows with it.
    """
    starts, ends, owner, position, wrap = [], [], [], [], []
    for index, (points, closed) in enumerate(paths):
        count = len(points) if closed else len(points) - 1
        if count <= 0:
            continue
        starts.append(points[:count])
        ends.append(np.roll(points, -1, axis=0)[:count] if closed else points[1:])
        owner.append(np.full(count, index))
        position.append(np.arange(count))
        wrap.append(np.full(count, count - 1 if closed else -1))  # first meets last
    if not starts:
        return 0
    segments = cast(np.ndarray, shapely.linestrings(
        np.stack([np.vstack(starts), np.vstack(ends)], axis=1)))
    owner_all, position_all, wrap_all = map(np.concatenate, (owner, position, wrap))
    tree = shapely.STRtree(segments)
    total = 0
    for lo in range(0, len(segments), _CHUNK):
        budget.tick()
        mine, other = tree.query(segments[lo:lo + _CHUNK], predicate="intersects")
        mine += lo
        gap = position_all[other] - position_all[mine]
        neighbours = (owner_all[mine] == owner_all[other]) & ((gap == 1) | (gap == wrap_all[mine]))
        total += int(np.count_nonzero((mine < other) & ~neighbours))
        if total > MAX_CROSSINGS:
            raise UnreadableDrawing(f"{budget.name}: too complex (an outline crosses itself more "
                              f"than {MAX_CROSSINGS:,} times)")
    return total


def _union(parts: list, budget: Budget) -> BaseGeometry:
    """Union (which also nodes lines) in rounds of ``_FAN_IN`` parts per GEOS call, so the
    time budget is checked between calls."""
    while True:
        merged = []
        for lo in range(0, len(parts), _FAN_IN):
            budget.tick()
            merged.append(shapely.union_all(parts[lo:lo + _FAN_IN]))
        if len(merged) <= 1:
            return merged[0] if merged else EMPTY
        parts = merged
