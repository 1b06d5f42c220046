"""The register's markers as a Plan, so that the plan's writers (CSV, GeoJSON, GPX,
KML) and its map draw them as they draw a plan: each marker numbered by its register
id (#12 is ``wsmark register show 12``), its department id as its permit id, and the
register's own columns (status, permit, last inspection) as extra properties."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from markers.errors import WsmarkError
from markers.plan.model import Plan, PlanMarker
from markers.plan.project import LocalGrid, projection_for
from markers.register.model import Entry

__all__ = ["as_plan", "register_properties"]


def as_plan(entries: Sequence[Entry], path: str, name: str,
            grid: LocalGrid | None = None) -> Plan:
    """The markers ``entries`` as a Plan called ``name`` (file ``path``), projected
    as a plan of the same places would be (to ``grid`` when it covers them)."""
    if not entries:
        raise WsmarkError(f"{path}: no markers to write (the register, or its filter, "
                          "holds none)")
    lon = np.array([e.lon for e in entries], float)
    lat = np.array([e.lat for e in entries], float)
    projection = projection_for(lon, lat, grid)
    xs, ys = projection.to_feet(lon, lat)
    markers = tuple(
        PlanMarker(feature=i, kind=e.kind, lon=e.lon, lat=e.lat, x=float(x), y=float(y),
                   number=e.id, ws_id=e.ws_id, legend=e.legend,
                   description=e.description or e.water_body, purpose=e.purpose,
                   temporary_days=e.temporary_days, permit_id=e.department_id)
        for i, (e, x, y) in enumerate(zip(entries, xs, ys, strict=True)))
    return Plan(path, projection, markers, (), name)


def register_properties(entries: Sequence[Entry]) -> dict[int, dict[str, Any]]:
    """What the register adds to each marker's properties in a GeoJSON or CSV, by the
    marker's place in ``entries``."""
    return {i: {"register_id": e.id, "status": e.status, "water_body": e.water_body,
                "permit": e.permit, "department_id": e.department_id,
                "placed_on": e.placed_on, "last_inspected": e.last_inspected,
                "condition": e.condition, "remove_by": e.remove_by}
            for i, e in enumerate(entries)}
