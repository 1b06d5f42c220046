"""What a pack says of a register: its due rules, each with the paragraph it answers and
the words a clerk reads, and the numbers they use. The pack holds the values (no code
outside a pack writes a paragraph); ``markers.register.due`` holds what each rule
measures, by rule id."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DueRule", "RegisterRules", "DUE_RULE_IDS", "EVENT_TYPES", "CONDITIONS",
           "POOR_CONDITIONS", "STATUSES", "ON_THE_WATER"]

#: The rules ``markers.register.due`` knows how to measure, in the order it lists them.
DUE_RULE_IDS = ("not-inspected", "poor-condition", "past-removal-date", "temporary-over",
                "no-department-id", "permit-lapsing")

#: What can happen to a marker, as the register records it (an event's ``type``).
EVENT_TYPES = ("placed", "inspected", "repaired", "replaced", "removed-for-season",
               "removed")

#: The condition an inspection finds a marker in.
CONDITIONS = ("good", "faded", "damaged", "missing")
#: The conditions that leave a marker to be repaired, replaced or removed.
POOR_CONDITIONS = ("faded", "damaged", "missing")

#: A marker's status, as its last event leaves it: added but never placed, on the
#: water, found missing by an inspection, taken out for the season, removed for good.
STATUSES = ("registered", "placed", "missing", "out-for-season", "removed")
#: The statuses of a marker that is (or should be) on the water.
ON_THE_WATER = ("placed", "missing")


@dataclass(frozen=True)
class DueRule:
    """One thing that falls due: its ``id`` (one of DUE_RULE_IDS), the ``clause`` it
    answers (a citation of the pack's law) and the ``words`` of a due line, a format
    string over the marker's values (``{days}``, ``{limit}``, ``{remove_by}``,
    ``{condition}``, ``{inspected}``, ``{season}``, ``{permit}``, ``{expires}``)."""

    id: str
    clause: str
    words: str


@dataclass(frozen=True)
class RegisterRules:
    """A pack's register: its ``rules`` in the order a due list gives them; the law's
    requirement key of the longest ``temporary`` placement; how many days before a
    permit's expiry it is listed as lapsing (``lapse_warning_days``, the town's notice,
    not a number of the law)."""

    rules: tuple[DueRule, ...]
    temporary: str
    lapse_warning_days: int = 30

    def rule(self, rule_id: str) -> DueRule | None:
        """The rule ``rule_id``, None when the pack does not keep it."""
        return next((r for r in self.rules if r.id == rule_id), None)
