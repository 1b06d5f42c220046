"""A drawing with no physical size sized by what its proof states beside its sign: the
display height, or the panel's size.

An SVG with a viewBox only (or any drawing read at a nominal size) says nothing of inches,
but a proof often states H in words beside the sign ('DISPLAY AREA 24" HIGH', "H = 18
IN", "24 IN DANGER SIGN") or the size of the sign's blank ('SIGN 36" x 48"', "PANEL 24 x
36 IN", '18" W x 24" H': markers.check.measure.statements, given to the marker they are
beside by markers.check.layout.split). NR 5.09 gives H, the display area's height; the
panel is the blank it is cut on, so a panel size is the scale of the panel it names
when that panel is measured (its proportions must be the stated ones, either way up).
That statement is then the drawing's scale: everything is measured at the stated size /
the size measured at the nominal reading, with basis "stated", as a stated scale is.
Two statements that make two scales (an H and a panel, two panels) are a conflict
naming both (rule ``scale-evidence``: no size is judged). Where the drawing has a size
of its own a statement is only checked against it (faces.stated_for).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from markers.check.measure.common import Facts
from markers.check.measure.faces import stated_for
from markers.check.measure.statements import ANY_KIND, Statement
from markers.core.artwork import SIZE_UNKNOWN, Artwork, moved
from markers.core.spec import Law

__all__ = ["sized_by_statement", "SCALE_AGREEMENT"]

#: Two statements' scales, or a stated panel's proportions and the drawn panel's, agree
#: within this share (a panel is stated in round inches, drawn by hand to within 1%).
SCALE_AGREEMENT = 0.02

#: A scale read from a statement: the factor and the words that make it.
Scale = tuple[float, str]


def _agree(a: float, b: float) -> bool:
    return abs(a - b) <= SCALE_AGREEMENT * max(abs(a), abs(b))


def _by_height(art: Artwork, nominal: Facts, law: Law) -> Scale | None:
    """The scale the display height stated for this marker gives."""
    height = nominal.display.height
    statement = stated_for(art, nominal.symbol.shape, None, law.req("length_tolerance"))
    if statement is None or not height or height <= 0:
        return None
    return statement.height / height, f"H stated: {statement.text}"


def _panels(art: Artwork, shape: str | None) -> list[Statement]:
    """The panel sizes stated for this marker: naming its shape, else any sign's nearest."""
    said = [s for s in art.meta.get("stated") or () if s.panel is not None]
    return [s for s in said if s.names == shape] or \
        [s for s in said if s.names == ANY_KIND and s.nearest]


def _by_panel(art: Artwork, nominal: Facts) -> Scale | str | None:
    """The scale the panel size stated for this marker gives (its measured panel at the
    stated size, either way up); a sentence naming both when the panel drawn has other
    proportions, or two statements make two scales; None when none is stated or no
    panel is measured."""
    panel = nominal.display.panel
    said = _panels(art, nominal.symbol.shape)
    if panel is None or not said:
        return None
    x0, y0, x1, y1 = panel.bounds
    drawn_w, drawn_h = x1 - x0, y1 - y0
    if drawn_w <= 0 or drawn_h <= 0:
        return None
    scales: list[Scale] = []
    for s, (width, height) in ((s, s.panel) for s in said if s.panel is not None):
        fits = [k for w, h in ((width, height), (height, width))
                if _agree(drawn_w * (k := h / drawn_h), w)]
        if not fits:
            return (f"{s.text} is stated beside it, but its panel is drawn {drawn_w / drawn_h:.3g}"
                    f" times as wide as it is tall, not {width / height:.3g} (either way up): "
                    "the statement or the drawing is wrong")
        scales.append((fits[0], f"panel stated: {s.text}"))
    other = next((s for s in scales[1:] if not _agree(s[0], scales[0][0])), None)
    if other is not None:
        return _conflict(scales[0], other)
    return scales[0]


def _conflict(one: Scale, other: Scale) -> str:
    return (f"{one[1]} and {other[1]} make the drawing {one[0]:.4g} and {other[0]:.4g} times "
            "its nominal size: one of the two is wrong")


def sized_by_statement(art: Artwork, law: Law, measured: Callable[[Artwork], Facts]
                       ) -> Artwork | None:
    """``art`` (read at a nominal size, with the statements beside it as
    ``meta['stated']``) at the size its statements give; as it is with
    ``meta['scale_conflict']`` when they disagree; None when it has a size of its own,
    states no H nor panel for its shape, or shows no display area or panel to scale.
    ``measured`` measures an artwork (the caller's measure, with its options)."""
    if art.meta.get("scale_basis") != SIZE_UNKNOWN or not art.meta.get("stated"):
        return None
    nominal = measured(replace(art, meta={**art.meta, "stated": ()}))
    height, panel = _by_height(art, nominal, law), _by_panel(art, nominal)
    if isinstance(panel, str):
        return replace(art, meta={**art.meta, "scale_conflict": panel})
    if height is not None and panel is not None and not _agree(height[0], panel[0]):
        return replace(art, meta={**art.meta, "scale_conflict": _conflict(height, panel)})
    scale = height or panel
    if scale is None:
        return None
    sized = moved(art, scale[0])
    return replace(sized, meta={**sized.meta, "scale_basis": "stated", "size_basis": (
        *(art.meta.get("size_basis") or ()), f"no physical size; {scale[1]}")})
