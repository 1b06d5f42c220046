"""A placement plan as wsmark holds it: markers, channels and areas, in ground feet.

Every feature keeps its index in the file (GeoJSON feature or CSV row) so a finding can
name it; places are kept both as WGS 84 longitude/latitude (what the application
states) and as plan feet (what distances are measured in).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np
from shapely.geometry.base import BaseGeometry

from markers.core.pack import Kind
from markers.errors import WsmarkError
from markers.plan.project import Area, Projection

if TYPE_CHECKING:
    from markers.check.engine import Finding

__all__ = ["FixedObject", "PlanMarker", "PlanFeature", "Plan", "Party", "Decision",
           "Application", "Role", "ApplicationForm", "ApplicationStatus", "PacketWords",
           "PlanFinding", "PlanReport", "MARKER_FIELDS", "ROLES", "OUTCOMES"]

#: Properties a marker point may carry (where it is, what the application states of it,
#: and the design of the marker).
MARKER_FIELDS = ("kind", "ws_id", "legend", "symbol", "display_height", "description",
                 "purpose", "lighted", "temporary_days", "riparian_permission",
                 "riparian_owner", "fixed_objects", "design", "name", "source_feature",
                 "permit_id", "ordinance")

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
    #: the marker's number, 1 to n in plan order: how the packet, map, table, waypoints
    #: and findings name it (``feature`` is its place in the file, which counts the
    #: channels and areas too)
    number: int = 0
    ws_id: str | None = None
    legend: str | None = None
    symbol: str | None = None
    display_height: float | None = None
    description: str | None = None
    purpose: str | None = None
    lighted: bool = False
    temporary_days: int | None = None
    riparian_permission: bool | None = None
    #: the adjacent riparian owner who gave (or refused) the permission, where the plan
    #: names one per marker; else the application's
    riparian_owner: str | None = None
    fixed_objects: tuple[FixedObject, ...] = ()
    design: str | None = None
    decimals: int = 7
    #: the department's identification number, once the marker is approved ((3)(b))
    permit_id: str | None = None
    #: the local ordinance a regulatory marker enforces (s. 30.77, Stats.), as the plan
    #: names it
    ordinance: str | None = None

    @property
    def tag(self) -> str:
        """"#3": the marker's number, the same in every output."""
        return f"#{self.number}"

    @property
    def label(self) -> str:
        """The short name the map and a GPS show: its id, else its number."""
        return self.ws_id or self.tag

    @property
    def name(self) -> str:
        """The full name a table, page or finding gives: "#3 WS-6", or "#8"."""
        return f"{self.tag} {self.ws_id}" if self.ws_id else self.tag


@dataclass(frozen=True)
class PlanFeature:
    """A channel, area or landmark: ``role``, its name and its shape in plan feet (and
    in longitude/latitude, for the KML and the normalised GeoJSON)."""

    feature: int
    role: str
    name: str | None
    shape: BaseGeometry
    lonlat: BaseGeometry


#: A decision on an application: the political subdivision's, or the department's.
OUTCOMES = ("approved", "disapproved")


class _Fields:
    """A part of the application form: its ``FIELDS`` in form order, each None until
    stated."""

    FIELDS: ClassVar[tuple[str, ...]] = ()

    def unstated(self) -> list[str]:
        """The fields not yet stated, in form order."""
        return [f for f in self.FIELDS if not getattr(self, f)]


@dataclass(frozen=True)
class Party(_Fields):
    """A person or body the application names: a name, a postal address and a contact
    (telephone or email)."""

    FIELDS: ClassVar[tuple[str, ...]] = ("name", "address", "contact")

    name: str | None = None
    address: str | None = None
    contact: str | None = None


@dataclass(frozen=True)
class Decision(_Fields):
    """The deciding party's decision: ``outcome`` (one of OUTCOMES), its ``date``
    (YYYY-MM-DD) and the ``signatory`` who signs it (name and office)."""

    FIELDS: ClassVar[tuple[str, ...]] = ("outcome", "date", "signatory")

    outcome: str | None = None
    date: str | None = None
    signatory: str | None = None


@dataclass(frozen=True)
class Application:
    """What the application states beside the markers: its parties by role key (the
    pack's ApplicationForm names the roles) and the deciding party's decision."""

    parties: Mapping[str, Party] = field(default_factory=dict)
    decision: Decision = Decision()

    def party(self, role: str) -> Party:
        """The party of ``role``, empty when the plan names none."""
        return self.parties.get(role) or Party()


@dataclass(frozen=True)
class Plan:
    """A loaded plan: its file, projection, markers and other features, and what its
    application states."""

    path: str
    projection: Projection
    markers: tuple[PlanMarker, ...]
    features: tuple[PlanFeature, ...]
    name: str | None = None
    waivers: dict[str, str] = field(default_factory=dict)
    properties: dict[str, Any] = field(default_factory=dict)
    application: Application = Application()

    def role(self, *roles: str) -> list[PlanFeature]:
        """The features of any of ``roles``, in file order."""
        return [f for f in self.features if f.role in roles]

    def xy(self) -> np.ndarray:
        """The markers' places in plan feet, an (n, 2) array."""
        return np.array([(m.x, m.y) for m in self.markers], float).reshape(-1, 2)


@dataclass(frozen=True)
class Role:
    """A party of a pack's application form: its ``key`` in a plan (``applicant``), its
    ``title`` on the form, the ``clause`` that names it and ``why`` the form names it.
    A role with ``kinds`` is needed only when the plan places markers of those kinds,
    and each of them shows that party's written permission (``permission``)."""

    key: str
    title: str
    clause: str
    why: str
    kinds: tuple[str, ...] = ()


@dataclass(frozen=True)
class ApplicationForm:
    """A pack's application form: its ``roles`` in form order, the role that
    ``decides`` (approves or disapproves before filing) under ``decision_clause``, the
    words of the form's ``note`` (what the law asks of it) and of the ``authority``
    that decides last, and the law's requirement key of the longest ``temporary``
    placement, shown on each marker placed for a limited time (None: the law sets
    none, and a marker's stated days are shown without a limit), and who ``signs_last``
    for that authority."""

    roles: tuple[Role, ...]
    decides: str
    decision_clause: str
    note: str
    authority: str
    temporary: str | None = None
    #: the kinds or symbols of markers that enforce a restriction, whose page and row say
    #: the local ordinance they enforce (or that the plan does not name it), under
    #: ``ordinance_clause``
    enforcing: tuple[str, ...] = ()
    ordinance_clause: str = ""
    #: who signs the authority's block ("Signature of the ...")
    signs_last: str = "department's officer"

    def role(self, key: str) -> Role:
        """The role ``key`` (KeyError on a typo)."""
        return next(r for r in self.roles if r.key == key)


@dataclass(frozen=True)
class ApplicationStatus:
    """What a plan's application lacks before it can be filed, and what each marker's
    page and row say of the conditions of its placement (written permission, a
    temporary placement), by marker index; ``roles`` are the parties this plan
    needs."""

    roles: tuple[Role, ...]
    missing: tuple[str, ...]
    conditions: Mapping[int, tuple[str, ...]]


@dataclass(frozen=True)
class PacketWords:
    """What a pack's permit packet says: ``table_clause`` heads the marker table (the
    paragraph listing what an application states), ``cover_note`` closes the summary
    (how approved markers are labelled), and ``form`` is its application form."""

    table_clause: str
    cover_note: str
    form: ApplicationForm | None = None
    #: where the pack's law applies: the map's locator shows the plan within it
    area: Area | None = None


@dataclass(frozen=True)
class PlanFinding:
    """A finding and the marker it is about (None: the plan as a whole)."""

    finding: Finding
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
    application: ApplicationStatus | None = None

    @property
    def read_plan(self) -> Plan:
        """The plan of a report on a readable file, as a map or a packet draws it; else
        the report's error as a WsmarkError."""
        if self.plan is None:
            raise WsmarkError(self.error or f"{self.file}: cannot be read")
        return self.plan

    @property
    def packet_words(self) -> PacketWords:
        """The words the pack gives a map or a packet of this report."""
        if self.words is None:
            raise WsmarkError(f"{self.file}: its pack gives no words for a plan's packet")
        return self.words

    def marker_verdict(self, index: int) -> str:
        """fail / review / pass of one marker, from its unwaived findings."""
        return verdict_of(f for f in self.findings if f.marker == index)
