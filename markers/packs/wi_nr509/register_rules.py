"""What falls due of a town's markers under NR 5.09, each with its paragraph: the words
of a due line and the paragraph it answers (``wsmark register due``).

- (4): markers are maintained in proper condition, or replaced or removed, by the
  applicant: a marker on the water not inspected this season, one last found faded,
  damaged or missing, and a seasonal buoy still out after the removal date its permit
  or the town sets (the rule names no date; the register keeps each marker's).
- (7)(d): a temporary placement exempt from (3)(b) does not exceed 14 days.
- (3)(b): approved markers are labelled with the department's identification number; a
  marker placed without one (and not a temporary placement) is listed; a permit whose
  stated expiry is within the town's notice (or past) is listed too.
"""

from __future__ import annotations

from markers.register.rules import DueRule, RegisterRules

__all__ = ["REGISTER_RULES"]

REGISTER_RULES = RegisterRules(
    rules=(
        DueRule("not-inspected", "NR 5.09(4)",
                "not inspected in the {season} season (last: {inspected}); markers shall be "
                "maintained in proper condition"),
        DueRule("poor-condition", "NR 5.09(4)",
                "found {condition} on {inspected}; to be repaired, replaced or removed"),
        DueRule("past-removal-date", "NR 5.09(4)",
                "seasonal marker still on the water after its removal day, {remove_by}"),
        DueRule("temporary-over", "NR 5.09(7)(d)",
                "temporary placement on the water {days} days, past the {limit} days of "
                "the exemption"),
        DueRule("no-department-id", "NR 5.09(3)(b)",
                "placed without a department assigned identification number"),
        DueRule("permit-lapsing", "NR 5.09(3)(b)",
                "expires {expires}"),
    ),
    temporary="plan_temporary_days",
)
