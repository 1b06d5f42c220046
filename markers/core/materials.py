"""The shop's materials and how much of each roll a job takes.

A materials file (YAML, ``markers/core/data/materials.yaml`` by default) names each roll:
its kind (sheeting, film, fabric), color family, grade, roll width and price per
square foot, with a waste factor. Cut pieces are nested on the roll width by their
bounding rectangles (rectpack, MaxRects best-short-side-fit, rotation allowed), so the
length of roll, the waste and the cost come from a real layout, per sign and for a
quantity. A piece wider than the widest roll of its kind and color is cut into panels
across rolls, overlapping by the file's ``splice_overlap`` (``Split``), and the panels
are nested instead.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path

import yaml
from shapely.geometry import Polygon, box
from shapely.geometry.base import BaseGeometry

from markers.errors import WsmarkError

__all__ = ["Material", "Materials", "DEFAULT_MATERIALS", "load_materials", "Nesting",
           "nest", "KINDS", "piece_size", "Split", "split_piece"]

DEFAULT_MATERIALS = Path(__file__).parent / "data" / "materials.yaml"
KINDS = ("sheeting", "film", "fabric")
#: rectpack works in integers here: hundredths of an inch (deterministic, no float drift).
UNIT = 100
#: Length of the open-ended bin a roll is packed into (inches); longer jobs are refused.
MAX_ROLL = 50 * 12 * 10
SQ_IN_PER_SQ_FT = 144.0


@dataclass(frozen=True)
class Material:
    name: str
    kind: str
    color: str
    grade: str
    roll_width: float
    price_per_sq_ft: float
    waste_factor: float


@dataclass(frozen=True)
class Materials:
    """A shop's rolls, the ``spacing`` kept between pieces and from a roll's edges, and
    per kind the ``overlap`` of panels where a piece is cut across rolls (with the
    ``overlap_source`` that says where it comes from)."""

    source: str
    spacing: float
    materials: tuple[Material, ...]
    overlap: dict[str, float]
    overlap_source: str
    #: the prices' currency (ISO 4217; None: the file does not say), and whether they
    #: are placeholders (the shipped file's), said on every bill of materials
    currency: str | None = None
    placeholder_prices: bool = False
    #: how far a piece of each kind stays from a roll's edges (inches; the ``spacing``
    #: for a kind not named): a plotter holds film by its edges, while sheeting laid on
    #: a blank is trimmed flush, so a 24 in blank takes a 24 in roll
    edge: dict[str, float] = field(default_factory=dict)

    def edge_of(self, kind: str) -> float:
        """The margin kept from a roll's edges for a piece of ``kind``."""
        return self.edge.get(kind, self.spacing)

    def prices(self) -> str:
        """How the costs are to be read: "USD, placeholder prices" ..."""
        currency = self.currency or "currency not stated in the materials file"
        return currency + (", placeholder prices (wsmark's generic materials file: give "
                           "your shop's with --materials)" if self.placeholder_prices else "")

    def widest(self, kind: str, color: str) -> Material | None:
        """The widest roll of ``kind`` and ``color`` (None when the file has none)."""
        rolls = [m for m in self.materials if m.kind == kind and m.color == color]
        return max(rolls, key=lambda m: (m.roll_width, m.name), default=None)

    def pick(self, kind: str, color: str, widest: float) -> Material | None:
        """The narrowest roll of ``kind`` and ``color`` that takes a piece whose shorter
        side is ``widest``; None when there is none."""
        fits = [m for m in self.materials if m.kind == kind and m.color == color
                and m.roll_width - 2 * self.edge_of(kind) >= widest - 1e-9]
        return min(fits, key=lambda m: (m.roll_width, m.name), default=None)


def _number(entry: dict, key: str, where: str, low: float = 0.0) -> float:
    value = entry.get(key)
    if isinstance(value, bool) or not isinstance(value, (int, float)) or \
            not math.isfinite(value) or value < low:
        raise WsmarkError(f"{where}: {key} must be a number of at least {low:g}, "
                          f"not {value!r}")
    return float(value)


#: How a materials file given as its bytes (an upload) is named in messages.
GIVEN = "the materials file given"


def load_materials(path: str | Path | bytes | None = None) -> Materials:
    """The materials file at ``path`` (the shipped default when None), or given as its
    bytes; a broken file is a one-line error naming it and the problem."""
    given = path if isinstance(path, bytes) else None
    if isinstance(path, bytes):
        path = Path(GIVEN)
    path = Path(path) if path is not None else DEFAULT_MATERIALS
    data = _yaml(path, given)
    waste = _number(data, "waste_factor", str(path)) if "waste_factor" in data else 0.0
    spacing = _number(data, "spacing", str(path)) if "spacing" in data else 0.25
    overlap, overlap_source = _overlaps(data, path)
    out = [_material(entry, f"{path}: material {i}", waste)
           for i, entry in enumerate(data["materials"], 1)]
    currency = data.get("currency")
    if currency is not None and (not isinstance(currency, str) or not currency.strip()):
        raise WsmarkError(f"{path}: currency is a code such as USD")
    edge = data.get("edge") or {}
    if not isinstance(edge, dict) or set(edge) - set(KINDS):
        raise WsmarkError(f"{path}: edge gives the margin from a roll's edges per kind "
                          f"({', '.join(KINDS)}), in inches")
    return Materials(str(path), spacing, tuple(out), overlap, overlap_source,
                     currency.strip() if currency else None,
                     data.get("placeholder_prices") is True,
                     {kind: _number(edge, kind, f"{path}: edge") for kind in edge})


def _yaml(path: Path, given: bytes | None) -> dict:
    """The materials file's YAML (``given`` as bytes, else read from ``path``): a
    mapping with a 'materials' list."""
    try:
        data = yaml.safe_load(given.decode("utf-8") if given is not None
                              else path.read_text(encoding="utf-8"))
    except OSError as err:
        raise WsmarkError(f"{path}: cannot read the materials file "
                          f"({err.strerror or err})") from None
    except (yaml.YAMLError, UnicodeDecodeError) as err:
        raise WsmarkError(f"{path}: not a YAML materials file "
                          f"({str(err).splitlines()[0]})") from None
    if not isinstance(data, dict) or not isinstance(data.get("materials"), list):
        raise WsmarkError(f"{path}: a materials file has a 'materials' list")
    return data


def _material(entry: object, where: str, waste: float) -> Material:
    """One material of the file (``where`` names it), its waste factor the file's
    (``waste``) unless it gives its own."""
    if not isinstance(entry, dict):
        raise WsmarkError(f"{where}: give name, kind, color, grade, roll_width, "
                          "price_per_sq_ft")
    kind = entry.get("kind")
    if kind not in KINDS:
        raise WsmarkError(f"{where}: kind {kind!r} is not one of {', '.join(KINDS)}")
    for key in ("name", "color"):
        if not isinstance(entry.get(key), str) or not entry[key].strip():
            raise WsmarkError(f"{where}: {key} must be a word")
    return Material(entry["name"], kind, entry["color"], str(entry.get("grade", "")),
                    _number(entry, "roll_width", where, 1.0),
                    _number(entry, "price_per_sq_ft", where),
                    _number(entry, "waste_factor", where)
                    if "waste_factor" in entry else waste)


def _overlaps(data: dict, path: Path) -> tuple[dict[str, float], str]:
    """The file's ``splice_overlap`` per kind and its ``splice_source``; a file without
    them takes the shipped file's."""
    if "splice_overlap" not in data:
        if path == DEFAULT_MATERIALS:
            raise WsmarkError(f"{path}: the shipped materials file lacks splice_overlap")
        shipped = load_materials()
        return shipped.overlap, shipped.overlap_source
    given = data["splice_overlap"]
    where = f"{path}: splice_overlap"
    if not isinstance(given, dict) or set(given) != set(KINDS):
        raise WsmarkError(f"{where} gives the overlap of panels of each of "
                          f"{', '.join(KINDS)}, in inches")
    source = data.get("splice_source")
    if not isinstance(source, str) or not source.strip():
        raise WsmarkError(f"{path}: splice_source says where splice_overlap comes from")
    return {kind: _number(given, kind, where) for kind in KINDS}, source


@dataclass(frozen=True)
class Nesting:
    """The pieces of one material laid on its roll: the length of roll used (inches),
    the net area of the pieces (sq in) and the cost with the waste factor."""

    material: Material
    pieces: int
    length: float
    net_area: float

    @property
    def yards(self) -> float:
        return self.length / 36

    @property
    def roll_area(self) -> float:
        return self.length * self.material.roll_width

    @property
    def waste(self) -> float:
        """Share of the roll used that is not a piece."""
        return 1 - self.net_area / self.roll_area if self.roll_area else 0.0

    @property
    def cost(self) -> float:
        m = self.material
        return self.roll_area / SQ_IN_PER_SQ_FT * m.price_per_sq_ft * (1 + m.waste_factor)


def piece_size(polygon: BaseGeometry) -> tuple[float, float]:
    """The sides of the smallest rectangle around a piece, turned as it fits best (a
    diagonal stripe is nested along its length, not by its upright bounding box)."""
    x0, y0, x1, y1 = polygon.bounds
    upright = (x1 - x0, y1 - y0)
    rect = polygon.minimum_rotated_rectangle
    if not isinstance(rect, Polygon):
        return upright
    (ax, ay), (bx, by), (cx, cy) = list(rect.exterior.coords)[:3]
    turned = (math.hypot(bx - ax, by - ay), math.hypot(cx - bx, cy - by))
    return turned if turned[0] * turned[1] < upright[0] * upright[1] - 1e-9 else upright


def nest(material: Material, pieces: Sequence[BaseGeometry], copies: int, spacing: float,
         edge: float | None = None) -> Nesting:
    """``copies`` of ``pieces`` packed on ``material``'s roll (rectpack MaxRectsBssf,
    rotation allowed, ``spacing`` between pieces and ``edge`` (default: the spacing)
    from the roll's edges)."""
    from rectpack import MaxRectsBssf, newPacker  # loaded only when a job is nested

    edge = spacing if edge is None else edge
    usable = material.roll_width - 2 * edge + spacing  # each piece carries its spacing
    rects = []
    for polygon in pieces:
        side_a, side_b = piece_size(polygon)
        w, h = side_a + spacing, side_b + spacing
        if min(w, h) > usable + 1e-9:
            raise WsmarkError(f"a {side_a:.2f} x {side_b:.2f} in piece does not fit the "
                              f"{material.roll_width:g} in roll of {material.name}")
        rects.append((math.ceil(w * UNIT), math.ceil(h * UNIT)))
    packer = newPacker(pack_algo=MaxRectsBssf, rotation=True)
    count = 0
    for copy in range(copies):
        for i, (w, h) in enumerate(rects):
            packer.add_rect(w, h, rid=(copy, i))
            count += 1
    packer.add_bin(int(usable * UNIT), MAX_ROLL * UNIT)
    packer.pack()
    placed = packer.rect_list()
    if len(placed) != count:
        raise WsmarkError(f"{copies} x {len(pieces)} pieces do not fit {MAX_ROLL / 12:g} ft "
                          f"of {material.name}")
    length = max((y + h for _, _, y, _, h, _ in placed), default=0) / UNIT + spacing
    net = sum(p.area for p in pieces) * copies
    return Nesting(material, count, length if count else 0.0, net)


@dataclass(frozen=True)
class Split:
    """A piece wider than the widest roll that takes it, cut into panels across rolls.

    ``size`` is the piece's width x height (inches); its panels (in its coordinates) run
    along the longer side, side by side across the shorter one, each overlapping the
    next by ``overlap``; ``axis`` "x" puts the seams upright at the x of ``seams`` (the
    middle of each overlap), "y" across at those y.
    """

    size: tuple[float, float]
    axis: str
    seams: tuple[float, ...]
    overlap: float
    panels: tuple[BaseGeometry, ...]

    def __str__(self) -> str:
        w, h = self.size
        where = ", ".join(f"{s:.2f}" for s in self.seams)
        return (f"{w:.2f} x {h:.2f} in piece in {len(self.panels)} panels, "
                f"seam{'s' if len(self.seams) > 1 else ''} at {self.axis} {where} in, "
                f"{self.overlap:g} in overlap")


def split_piece(piece: BaseGeometry, usable: float, overlap: float) -> Split:
    """``piece`` cut into the fewest equal panels no wider than ``usable`` that overlap
    ``overlap``: strips across its shorter side (n = ceil((side - overlap) / (usable -
    overlap))), each the piece's part within its strip; a strip that holds none of the
    piece (a gap between letters) is no panel, and no seam joins it."""
    if usable <= overlap:
        raise WsmarkError(f"a roll {usable:.2f} in wide (less its edges) leaves no room for "
                          f"panels overlapping {overlap:g} in")
    x0, y0, x1, y1 = piece.bounds
    axis = "x" if x1 - x0 <= y1 - y0 else "y"
    start, across = (x0, x1 - x0) if axis == "x" else (y0, y1 - y0)
    count = max(1, math.ceil((across - overlap) / (usable - overlap) - 1e-9))
    step = (across - overlap) / count
    kept: list[tuple[int, BaseGeometry]] = []
    for i in range(count):
        low, high = start + i * step, start + (i + 1) * step + overlap
        strip = box(low, y0, high, y1) if axis == "x" else box(x0, low, x1, high)
        part = piece.intersection(strip)
        if part.area > 1e-9:
            kept.append((i, part))
    seams = tuple(start + (i + 1) * step + overlap / 2
                  for (i, _), (j, _) in pairwise(kept) if j == i + 1)
    return Split((x1 - x0, y1 - y0), axis, seams, overlap, tuple(p for _, p in kept))


@dataclass(frozen=True)
class MaterialLine:
    """One material of a job: nested for one sign and for the quantity, with the pieces
    that were cut across rolls."""

    kind: str
    color: str
    one: Nesting
    total: Nesting
    qty: int
    splits: tuple[Split, ...] = ()


def plan_materials(parts: Sequence[tuple[str, str, Sequence[BaseGeometry]]], materials: Materials,
                   qty: int) -> tuple[list[MaterialLine], list[str]]:
    """Nest each (kind, color, pieces) part on the narrowest roll that takes it, for one
    sign and for ``qty``: a piece wider than the widest roll of its kind and color is
    cut into panels across rolls (``split_piece``) and the panels are nested. Notes name
    each split (its panels and seams) and the parts no roll of the file takes."""
    lines, notes = [], []
    for kind, color, pieces in parts:
        if not pieces:
            continue
        widest = materials.widest(kind, color)
        if widest is None:
            notes.append(f"no {color} {kind} in {materials.source}; add one to the "
                         "materials file")
            continue
        usable = widest.roll_width - 2 * materials.edge_of(kind)
        laid: list[BaseGeometry] = []
        splits = []
        for piece in pieces:
            if min(piece_size(piece)) > usable + 1e-9:
                splits.append(split_piece(piece, usable, materials.overlap[kind]))
                laid += splits[-1].panels
            else:
                laid.append(piece)
        # panels are no wider than the widest roll takes, so it takes them if no other does
        material = materials.pick(kind, color, max(min(piece_size(p)) for p in laid)) or widest
        edge = materials.edge_of(kind)
        lines.append(MaterialLine(kind, color, nest(material, laid, 1, materials.spacing, edge),
                                  nest(material, laid, qty, materials.spacing, edge), qty,
                                  tuple(splits)))
        notes += [f"{color} {kind} cut across rolls, wider than the widest roll "
                  f"({widest.roll_width:g} in, {usable:.2f} in between its edges): a {split}; "
                  "a wider roll in the materials file avoids the seam" for split in splits]
    return lines, notes


__all__ += ["MaterialLine", "plan_materials"]
