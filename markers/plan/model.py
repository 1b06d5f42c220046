"""A placement plan as wsmark holds it: markers, channels and areas, in ground feet.

Every feature keeps its index in the file (GeoJSON feature or CSV row) so a finding can
name it; places are kept both as WGS 84 longitude/latitude (what the application
states) and as plan feet (what distances are measured in).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np
from shapely.geometry.base import BaseGeometry

from markers.core.pack import Kind
from markers.plan.project import Projection

if TYPE_CHECKING:
    from markers.check.engine import Finding

__all__ = ["FixedObject", "PlanMarker", "PlanFeature", "Plan", "PacketWords", "PlanFinding",
           "PlanReport", "MARKER_FIELDS", "ROLES"]

#: Properties a marker point may carry (where it is, what the application states of it,
#: and the design of the marker).
MARKER_FIELDS = ("kind", "ws_id", "legend", "symbol", "display_height", "description",
                 "purpose", "lighted", "temporary_days", "riparian_permission",
                 "fixed_objects", "design", "name", "source_feature", "permit_id")

#: Roles of the features that are not markers: what the map draws and ch. 30 measures.
ROLES = ("channel", "water", "shoreline", "mooring-area", "restricted-area", "dock", "pier",
         "raft", "landmark")


@dataclass(frozen=True)
class FixedObject:
    """A stated distance and direction from a named fixed object ((3)(c)1)."""

    name: str
    distance_ft: float | None
    bearing_deg: float | None


@dataclass(frozen=True)
class PlanMarker:
    """One marker of the plan: where it is and what the application says of it."""

    feature: int
    kind: str
    lon: float
    lat: float
    x: float
    y: float
    ws_id: str | None = None
    legend: str | None = None
    symbol: str | None = None
    display_height: float | None = None
    description: str | None = None
    purpose: str | None = None
    lighted: bool = False
    temporary_days: int | None = None
    riparian_permission: bool | None = None
    fixed_objects: tuple[FixedObject, ...] = ()
    design: str | None = None
    decimals: int = 7
    #: the department's identification number, once the marker is approved ((3)(b))
    permit_id: str | None = None

    @property
    def label(self) -> str:
        """How a finding or the map names the marker: its id, else kind and feature."""
        return self.ws_id or f"{self.kind} #{self.feature}"


@dataclass(frozen=True)
class PlanFeature:
    """A channel, area or landmark: ``role``, its name and its shape in plan feet (and
    in longitude/latitude, for the KML and the normalised GeoJSON)."""

    feature: int
    role: str
    name: str | None
    shape: BaseGeometry
    lonlat: BaseGeometry


@dataclass(frozen=True)
class Plan:
    """A loaded plan: its file, projection, markers and other features."""

    path: str
    projection: Projection
    markers: tuple[PlanMarker, ...]
    features: tuple[PlanFeature, ...]
    name: str | None = None
    waivers: dict[str, str] = field(default_factory=dict)
    properties: dict[str, Any] = field(default_factory=dict)

    def role(self, *roles: str) -> list[PlanFeature]:
        """The features of any of ``roles``, in file order."""
        return [f for f in self.features if f.role in roles]

    def xy(self) -> np.ndarray:
        """The markers' places in plan feet, an (n, 2) array."""
        return np.array([(m.x, m.y) for m in self.markers], float).reshape(-1, 2)


@dataclass(frozen=True)
class PacketWords:
    """What a pack's permit packet says: ``table_clause`` heads the marker table (the
    paragraph listing what an application states) and ``cover_note`` closes the cover
    (how approved markers are labelled)."""

    table_clause: str
    cover_note: str


@dataclass(frozen=True)
class PlanFinding:
    """A finding and the marker it is about (None: the plan as a whole)."""

    finding: "Finding"
    marker: int | None
    feature: int | None
    ws_id: str | None
    lon: float | None
    lat: float | None


def verdict_of(findings: Iterable[PlanFinding]) -> str:
    """fail / review / pass, from the unwaived findings' severities."""
    severities = {f.finding.severity for f in findings if not f.finding.waived}
    return "fail" if "error" in severities else "review" if "review" in severities else "pass"


@dataclass
class PlanReport:
    """The verdict on one plan file: its markers and findings, or why it is unreadable;
    with the pack's ``kinds`` and packet ``words`` that the map and packet draw with."""

    file: str
    verdict: str
    plan: Plan | None = None
    facts: Any = None  # the PlanFacts measured (markers.plan.measure)
    findings: list[PlanFinding] = field(default_factory=list)
    error: str | None = None
    kinds: Mapping[str, Kind] = field(default_factory=dict)
    words: PacketWords | None = None

    def marker_verdict(self, index: int) -> str:
        """fail / review / pass of one marker, from its unwaived findings."""
        return verdict_of(f for f in self.findings if f.marker == index)
