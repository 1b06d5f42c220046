"""Typical designs of each kind, shown by the gallery and the reference sheets: the
legends most often asked for, each aid's sample WS identification, and the fields the
registry gives as a kind's sample (a buoy's symbol)."""

from __future__ import annotations

from markers.design import Design
from markers.kinds import Kind

__all__ = ["TYPICAL_LEGENDS", "typical_designs", "sample_design"]

#: Legends per kind that takes one; the first is the sample. Other kinds show none.
TYPICAL_LEGENDS: dict[str, tuple[str | None, ...]] = {
    "danger": ("ROCKS",), "exclusion": (None,), "control": ("SLOW NO WAKE", "5 MPH"),
    "information": ("MARINA",),
}


def typical_designs(kind: Kind, display_height: float | None) -> list[Design]:
    """``kind`` at ``display_height`` (None for kinds without a display area) with each
    of its typical legends, its sample id and the registry's sample fields."""
    fields = {"ws_id": kind.sample_id, **kind.sample}
    sample_legend = fields.pop("legend", None)
    legends = TYPICAL_LEGENDS.get(kind.name, (sample_legend,))
    height = display_height if kind.display_area else None
    return [Design(kind.name, height, legend=legend, **fields) for legend in legends]


def sample_design(kind: Kind, display_height: float | None) -> Design:
    """The one design that stands for ``kind``: its first typical legend or sample id."""
    return typical_designs(kind, display_height)[0]
