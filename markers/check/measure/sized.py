"""A drawing with no physical size sized by the display height stated beside its sign.

An SVG with a viewBox only (or any drawing read at a nominal size) says nothing of inches,
but a proof often states H in words beside the sign ('DISPLAY AREA 24" HIGH', "H = 18
IN", "24 IN DANGER SIGN": markers.check.measure.statements, given to the marker they are
beside by markers.check.layout.split). That statement is then the drawing's scale: the
display area the layout shows (measured at the nominal size) is H, so everything is
measured at H / that height, with basis "stated", as a stated scale is. Where the drawing
has a size of its own a statement is only checked against it (faces.stated_for).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from markers.check.measure.common import Facts
from markers.check.measure.faces import stated_for
from markers.core.artwork import SIZE_UNKNOWN, Artwork, moved
from markers.core.spec import Law

__all__ = ["sized_by_statement"]


def sized_by_statement(art: Artwork, law: Law, measured: Callable[[Artwork], Facts]
                       ) -> Artwork | None:
    """``art`` (read at a nominal size, with the statements beside it as
    ``meta['stated']``) at the size its statement gives, or None when it has a size of
    its own, states no H for its shape, or shows no display area to scale. ``measured``
    measures an artwork (the caller's measure, with its options)."""
    if art.meta.get("scale_basis") != SIZE_UNKNOWN or not art.meta.get("stated"):
        return None
    nominal = measured(replace(art, meta={**art.meta, "stated": ()}))
    height = nominal.display.height
    statement = stated_for(art, nominal.symbol.shape, None, law.req("length_tolerance"))
    if statement is None or not height or height <= 0:
        return None
    sized = moved(art, statement.height / height)
    return replace(sized, meta={**sized.meta, "scale_basis": "stated", "size_basis": (
        *(art.meta.get("size_basis") or ()), f"no physical size; H stated: {statement.text}")})
