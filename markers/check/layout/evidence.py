"""What a page says of the scale it is drawn at, weighed: a stated scale, the words that
say it is not to scale, and the dimensions drawn on it.

The order of evidence (docs/checking.md): what the user gives (--scale,
--display-height) comes first and is not weighed here; then a scale the page states
('SCALE: 1" = 1\\'-0"'); then, on a page that states none or says it is not to scale
("N.T.S."), a dimension line with its text ('24"' between its arrows: its text over its
length as drawn). A dimension that contradicts a reduced scale the page states, or two
scales stated on a page of one marker, is a conflict: the page is measured at the stated
scale and the marker is a review naming both (rule ``scale-evidence``), never a silent
pick. On a page at full size ("SCALE 1:1") a dimension that disagrees with its line is
rule proof-dimension's warning. A scale that would make a marker found on the page larger
than any marker is a map's or a site plan's (a placement plan's "1:8,000"): the page is
a map, whose shapes are symbols, not drawings of markers (``as_map``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import chain

from markers.check.layout.aside import Dimension
from markers.check.layout.scale import not_to_scale, parse_scale
from markers.core.artwork import LegendItem
from markers.read.limits import NOMINAL_RANGE_IN

__all__ = ["ScaleEvidence", "weigh", "by_dimension", "as_map", "SCALE_AGREEMENT",
           "MARKER_LARGEST_IN"]

#: Two scales agree when they differ by no more than this share: a dimension drawn on a
#: proof is placed by hand to within a few hundredths of its length.
SCALE_AGREEMENT = 0.03
#: On a page that does not say it is not to scale, a dimension gives the scale only of a
#: drawing it makes at least this many times larger than drawn: nearer full size, a
#: dimension that disagrees with its line is a dimension to check (rule proof-dimension),
#: not a scale.
DIMENSION_SCALE_MIN = 2.0
#: No marker is larger than this at its largest side: 240 in (20 ft), the largest proof
#: a drawing of no physical size is read as drawn at (NOMINAL_RANGE_IN). A scale that
#: would make a shape found as a marker larger is not the scale its markers are drawn to.
MARKER_LARGEST_IN = NOMINAL_RANGE_IN[1]


@dataclass(frozen=True)
class ScaleEvidence:
    """The scale a page is judged at: real inches per drawn inch (``factor``, 1 at
    full size), the words that gave it ('1" = 1\\'-0"', 'dimension 24"'), and
    ``conflict``, a sentence naming the evidence that disagrees (None when none)."""

    factor: float
    words: str | None = None
    conflict: str | None = None
    dimension: bool = False  # the words are a dimension's, not a stated scale's
    map: bool = False  # the page is a map at that scale (as_map): judged as drawn


def _agree(a: float, b: float) -> bool:
    return abs(a - b) <= SCALE_AGREEMENT * max(a, b)


def _stated(texts: Iterable[str]) -> list[tuple[float, str]]:
    """Each distinct scale the texts state, in the order met."""
    found: list[tuple[float, str]] = []
    for text in texts:
        scale = parse_scale(text)
        if scale is not None and not any(_agree(scale[0], f) for f, _ in found):
            found.append(scale)
    return found


def weigh(legends: Sequence[LegendItem], notes: Sequence[str],
          dimensions: Sequence[Dimension], markers: int) -> ScaleEvidence | None:
    """The scale a page is drawn at by its words (``legends``, then ``notes``: the lines
    read beside its markers) and its ``dimensions``, for a page of ``markers`` markers;
    None when nothing on it says (judged as drawn)."""
    texts = list(chain((item.text for item in legends), notes))
    stated = _stated(texts)
    usable = [d for d in dimensions if d.stated > 0 and d.drawn > 0]
    dimension = max(usable, key=lambda d: d.drawn, default=None)
    if stated:
        factor, words = stated[0]
        if len(stated) > 1 and markers <= 1:
            return ScaleEvidence(factor, words, (
                f"the proof states two scales, {words} and {stated[1][1]}, for one "
                "drawing: state one"))
        if dimension is not None and factor != 1 and \
                not _agree(factor, dimension.stated / dimension.drawn):
            return ScaleEvidence(factor, words, (
                f"the stated scale {words} makes the dimension {dimension.text!r} "
                f"{dimension.drawn * factor:.2f} in long, not the {dimension.stated:g} in "
                f"it says: the scale or the dimension is wrong"))
        return ScaleEvidence(factor, words)
    if dimension is None:
        return None
    factor = dimension.stated / dimension.drawn
    if not not_to_scale(legends, notes) and factor < DIMENSION_SCALE_MIN:
        return None
    return ScaleEvidence(factor, f"dimension {dimension.text}", dimension=True)


def by_dimension(dimensions: Sequence[Dimension]) -> ScaleEvidence | None:
    """The scale a drawing of no physical size (read at a nominal size) is at by its
    longest dimension: the length its text states over the length it spans as read. A
    dimension is then the drawing's only word on inches, at any factor (weigh's
    DIMENSION_SCALE_MIN is for a page whose inches are real); None when it has none."""
    usable = [d for d in dimensions if d.stated > 0 and d.drawn > 0]
    dimension = max(usable, key=lambda d: d.drawn, default=None)
    if dimension is None:
        return None
    return ScaleEvidence(dimension.stated / dimension.drawn, f"dimension {dimension.text}",
                         dimension=True)


def as_map(evidence: ScaleEvidence | None, largest: float) -> ScaleEvidence | None:
    """The page taken as a map, when ``evidence`` (a scale weighed) would make the
    largest marker found on it (``largest``, its larger side in page inches) larger than
    any marker (MARKER_LARGEST_IN): a placement plan or a site plan states its ground's
    scale, and the shapes on it are symbols. It is taken as drawn, factor 1, nothing on
    it is measured (markers.check.pipeline), and the ``conflict`` (rule scale-evidence,
    a review) says why. None when the scale is a marker's, or none is stated."""
    if evidence is None or evidence.factor * largest <= MARKER_LARGEST_IN:
        return None
    said = f"the {evidence.words}" if evidence.dimension else \
        f"the stated scale {evidence.words}"
    return ScaleEvidence(1.0, evidence.words, (
        f"{said} would make the largest shape on this page that looks like a marker "
        f"{evidence.factor * largest / 12:,.0f} ft across, larger than any marker "
        f"({MARKER_LARGEST_IN / 12:g} ft): it is a map's scale, and such shapes on a map "
        "are its symbols, not markers drawn to a size (a placement plan is checked with "
        "'wsmark plan check')"), evidence.dimension, map=True)
