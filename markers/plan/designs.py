"""What each marker of a plan looks like: its design file, else a design from its plan
properties, built by the pack (for the packet's pages: one per design, listing the
markers built to it)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import astuple, replace
from pathlib import Path

from markers.core.artwork import Artwork
from markers.core.design import Design, parse_design
from markers.core.pack import Pack
from markers.core.permit_id import is_permit_id
from markers.errors import DesignError, WsmarkError
from markers.plan.model import Plan, PlanMarker
from markers.read.limits import read_limited

__all__ = ["marker_design", "marker_pages", "with_permit_ids"]


def marker_design(plan: Plan, marker: PlanMarker, pack: Pack) -> Design:
    """The design of a marker: its design file if given, else its plan properties (a
    kind with a display area and none stated is drawn at the law's minimum); the
    marker's ``permit_id``, if the plan gives one, labels it."""
    if marker.design:
        path = Path(plan.path).parent / marker.design
        design = parse_design(read_limited(path, str(path)), str(path))
        return design if marker.permit_id is None else \
            replace(design, permit_id=marker.permit_id)
    kind = pack.kind(marker.kind)
    height = marker.display_height or (pack.law.req("display_min") if kind.display_area
                                       else None)
    extra = dict(kind.sample) if "symbol" in kind.sample and not marker.symbol else {}
    if marker.symbol:
        extra["symbol"] = marker.symbol
    if marker.legend:
        extra["legend"] = marker.legend
    return Design(marker.kind, height if kind.display_area else None,
                  ws_id=marker.ws_id, lighted=marker.lighted, permit_id=marker.permit_id,
                  **extra)


def with_permit_ids(plan: Plan, ids: Mapping[str, str], pack: Pack) -> Plan:
    """``plan`` with the permit ids ``ids`` given by marker (its ``ws_id``, or ``#N``
    for its number N); a key naming no marker, or an id not of the form wsmark letters
    (markers.core.permit_id), is a one-line WsmarkError. Ids given so replace the
    plan's. (Whether a marker's artwork can carry the label is the pack's to say when
    it is built: see ``marker_pages``.)"""
    keys = {m.ws_id: i for i, m in enumerate(plan.markers) if m.ws_id}
    keys.update({m.tag: i for i, m in enumerate(plan.markers)})
    markers = list(plan.markers)
    for key, permit_id in ids.items():
        if key not in keys:
            raise WsmarkError(f"--permit-id {key}={permit_id}: no marker {key!r} in "
                              f"{plan.path} (name one by its ws_id, or #N for marker N)")
        most = int(pack.law.req("permit_id_max_chars"))
        ok = is_permit_id(pack.law, permit_id)
        if not ok:
            raise WsmarkError(f"--permit-id {key}={permit_id[:40]}: not a permit id as "
                              f"wsmark letters it (capitals and digits joined by '-' or '/', "
                              f"at least one digit, at most {most} characters: WI-2026-0417)")
        markers[keys[key]] = replace(markers[keys[key]], permit_id=permit_id)
    return replace(plan, markers=tuple(markers))


def _artwork(design: Design, pack: Pack) -> Artwork:
    """``design`` built as declared; a permit id the pack cannot letter on it (a buoy
    without a display area) is left off, and its ``meta["notes"]`` say why."""
    try:
        return pack.build(design, as_declared=True)
    except DesignError as err:
        if design.permit_id is None:
            raise
        art = pack.build(replace(design, permit_id=None), as_declared=True)
        note = f"permit {design.permit_id} not lettered: {err}"
        return replace(art, meta={**art.meta, "notes": [*art.meta.get("notes", []), note]})


def _key(design: Design, lettered: bool) -> tuple:
    """What makes two designs the same marker: every field, the id only where the
    marker letters it (an aid does, a mooring buoy does not)."""
    if not lettered:
        design = replace(design, ws_id=None)
    return tuple(tuple(sorted(v.items())) if isinstance(v, dict) else v
                 for v in astuple(design))


def marker_pages(plan: Plan, pack: Pack) -> list[tuple[tuple[int, ...], Artwork | str]]:
    """The markers of ``plan`` grouped by the marker they are built as: (the indices of
    the markers of one design, its Artwork or the one-line reason it cannot be built),
    in the order each design first appears. Markers built the same (kind, size, words,
    permit id, design file) share one page; aids that differ only in the id each
    letters share it too (one page per aid design, not one per buoy: the page draws the
    first and lists every marker with its id), their Artwork the first's."""
    groups: dict[tuple, list[int]] = {}
    built: dict[tuple, Artwork | str] = {}
    for index, marker in enumerate(plan.markers):
        try:
            design = marker_design(plan, marker, pack)
        except WsmarkError as err:
            key: tuple = ("unbuilt", str(err).splitlines()[0])
            built.setdefault(key, key[1])
        else:
            key = _key(design, lettered=False)
            if key not in built:
                try:
                    art: Artwork | str = _artwork(design, pack)
                except WsmarkError as err:
                    art = str(err).splitlines()[0]
                built[key] = art
        groups.setdefault(key, []).append(index)
    return [(tuple(indices), built[key]) for key, indices in groups.items()]
