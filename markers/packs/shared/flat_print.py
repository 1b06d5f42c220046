"""A buoy's flat print, declared so, is named as what it is and not judged: a gate rule
every pack with buoys printed flat registers (``register(registry, citation)``)."""

from __future__ import annotations

from collections.abc import Iterator

from markers.check.engine import Hit, Judge, Registry
from markers.check.measure.common import Facts

__all__ = ["RULE_ID", "register"]

RULE_ID = "flat-print"


def register(registry: Registry, citation: str) -> None:
    """Register the rule into ``registry``, citing ``citation`` of its pack's law."""

    @registry.rule(RULE_ID, citation, "review", ("*",), gate=True)
    def flat_print(f: Facts, j: Judge) -> Iterator[Hit]:
        """A buoy's flat print is not the buoy as seen: it is a review, and nothing of
        it is judged.

        ``wsmark fabricate`` prints a cylinder buoy's surface flat: the cylinder
        unrolled, what it shows twice (180 deg apart), a nun's cone as an annular
        sector beside it; its file says so (``print: flat wrap``). Measured as an
        elevation, the cylinder alone would read as the buoy's height, the sector as
        paint below the waterline and the two sides' lettering as one line. The finding
        names the print; its buoy is checked as drawn (its elevation: ``wsmark render``).

        Passes: an aid buoy's elevation.  Fails (review): the flat wrap of that buoy.
        """
        if f.drawing.flat_print:
            yield Hit(f"this file draws the {f.drawing.flat_print} of a "
                      f"{f.drawing.declared_kind} (its file says so), printed flat to be "
                      f"wrapped round the buoy: not the buoy as seen, so its height, shape, "
                      f"bands and lettering are not judged here; check the buoy's "
                      f"elevation, and the print against it", bbox=f.bbox())
