"""The register's values: a marker as added (NewMarker) and as kept (Entry), its events,
its checked proofs, a permit, and a line of the due list."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["NewProof", "NewMarker", "Entry", "Event", "NewEvent", "Proof", "Permit", "Due",
           "Filters", "STATUSES", "ON_THE_WATER"]

from markers.register.rules import ON_THE_WATER, STATUSES


@dataclass(frozen=True)
class NewProof:
    """A proof checked for a marker: the file's SHA-256 and name, the verdict, and the
    lines of what failed or differed from the marker's design."""

    sha256: str
    file: str
    verdict: str
    findings: tuple[str, ...] = ()


@dataclass(frozen=True)
class NewMarker:
    """A marker to add: its kind and design (the design file's YAML), where it is,
    what the application states of it, and where it came from (a plan and its number
    there, #N)."""

    kind: str
    design: str
    lon: float
    lat: float
    ws_id: str | None = None
    legend: str | None = None
    description: str | None = None
    purpose: str | None = None
    water_body: str | None = None
    plan: str | None = None
    plan_number: int | None = None
    department_id: str | None = None
    temporary_days: int | None = None
    #: the day (MM-DD) a seasonal marker comes out each year, as its permit or the town
    #: sets it; None for a marker that stays
    remove_by: str | None = None
    #: the proof of its design checked when it was added (a plan's design file)
    proof: NewProof | None = None


@dataclass(frozen=True)
class Entry:
    """A marker as the register keeps it: its id, what it was added as, its permit and
    department id, and what its events leave (status, placed on, last inspected, the
    condition then)."""

    id: int
    kind: str
    lon: float
    lat: float
    design: str
    status: str
    ws_id: str | None = None
    legend: str | None = None
    description: str | None = None
    purpose: str | None = None
    water_body: str | None = None
    plan: str | None = None
    plan_number: int | None = None
    permit: str | None = None
    permit_expires: str | None = None
    department_id: str | None = None
    temporary_days: int | None = None
    remove_by: str | None = None
    placed_on: str | None = None
    last_inspected: str | None = None
    condition: str | None = None

    @property
    def label(self) -> str:
        """How a list names it: its ws_id, else its department id, else M<id>."""
        return self.ws_id or self.department_id or f"M{self.id}"

    def as_json(self) -> dict[str, Any]:
        """Its fields, the design left out (``show`` gives it)."""
        return {k: v for k, v in self.__dict__.items() if k != "design"}


@dataclass(frozen=True)
class NewEvent:
    """An event to record: ``type`` (rules.EVENT_TYPES), its ``date`` (YYYY-MM-DD),
    who recorded it; an inspection's ``condition``, a note, the SHA-256 of a photo (the
    file kept beside the register)."""

    type: str
    date: str
    recorded_by: str
    condition: str | None = None
    note: str | None = None
    photo: str | None = None


@dataclass(frozen=True)
class Event:
    """A recorded event, as appended: its id, the marker's, and when it was recorded."""

    id: int
    marker: int
    type: str
    date: str
    recorded_by: str
    recorded_at: str
    condition: str | None = None
    note: str | None = None
    photo: str | None = None


@dataclass(frozen=True)
class Proof:
    """A proof checked for a marker: the file's SHA-256 and name, the verdict and what
    differed from the marker's design or failed, when and by whom."""

    id: int
    marker: int
    sha256: str
    file: str
    verdict: str
    findings: tuple[str, ...]
    checked_on: str
    recorded_by: str


@dataclass(frozen=True)
class Permit:
    """The department's permit: its number, the plan it approves, when it expires."""

    number: str
    plan: str | None
    expires: str | None
    markers: int = 0


@dataclass(frozen=True)
class Due:
    """One line of the due list: the rule, its clause, the marker (None for a permit)
    and the words, filled in."""

    rule: str
    clause: str
    marker: int | None
    label: str
    text: str

    def as_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass(frozen=True)
class Filters:
    """What a list is narrowed to: a water body, a kind, a permit number, a status
    (each None: all)."""

    water_body: str | None = None
    kind: str | None = None
    permit: str | None = None
    status: str | None = None

    def sql(self) -> tuple[str, list[Any]]:
        """The WHERE clause (over ``m`` markers and ``p`` permits) and its values."""
        clauses, values = [], []
        for column, value in (("m.water_body", self.water_body), ("m.kind", self.kind),
                              ("p.number", self.permit), ("m.status", self.status)):
            if value is not None:
                clauses.append(f"{column} = ?")
                values.append(value)
        return (" WHERE " + " AND ".join(clauses)) if clauses else "", values
