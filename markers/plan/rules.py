"""The registry of a pack's placement-plan rules.

A plan rule is a marker rule's sibling (markers.check.engine): a small function with a
stable id whose docstring says what it checks and why, completed at registration with
the quoted paragraphs of its citation. It judges the PlanFacts of a whole plan and
yields ``(marker index or None, Hit)``; the runner stamps id, citation, severity and
waiver. A pack declares its plan rules in a PlanRegistry with its local grid and the
words of its permit packet.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping

from markers.check.engine import Finding, Hit, Judge, Registry
from markers.core.spec import Law
from markers.errors import WsmarkError
from markers.plan.measure import NEEDS, PlanFacts
from markers.plan.model import PacketWords
from markers.plan.project import Area, LocalGrid

__all__ = ["DESIGN_RULE", "Found", "PlanRegistry"]

#: The id of the plan rule about a marker's design file (unreadable, another kind).
DESIGN_RULE = "plan-design"

Found = Iterable[tuple[int | None, Hit]]
#: A plan rule's check: the plan's facts and the Judge (its law) in, findings out.
PlanCheck = Callable[[PlanFacts, Judge], Found]

#: What the engine's ``kinds`` holds for a plan rule: it judges a plan, not a kind.
_PLAN = ("plan",)


class PlanRegistry(Registry):
    """One pack's plan rules under its ``law``, the ``grid`` plans inside its area are
    projected to (None: UTM everywhere), the ``area`` its law covers (None: anywhere;
    a plan with a place outside it is refused) and its packet's ``words``. Every
    paragraph the words' application form cites must be the law's."""

    def __init__(self, law: Law, grid: LocalGrid | None, words: PacketWords,
                 area: Area | None = None) -> None:
        super().__init__(law)
        lacking = [key for key in NEEDS if key not in law.requirements]
        if lacking:
            raise WsmarkError(f"plan rules of {law.code}: the plan measurer needs "
                              f"{', '.join(lacking)}, which the law does not define")
        self.grid = grid
        self.words = words
        self.area = area
        form = words.form
        if form is not None:
            for clause in (form.decision_clause, *(r.clause for r in form.roles)):
                self.quotes(clause)  # a paragraph the law lacks is refused here
            if form.temporary is not None:
                law.requirement(form.temporary)

    def plan_rule(self, rule_id: str, citation: str, severity: str
                  ) -> Callable[[PlanCheck], PlanCheck]:
        """Register the decorated plan check under ``rule_id`` (see Registry.rule)."""
        return self.rule(rule_id, citation, severity, _PLAN)

    def judge(self, facts: PlanFacts, waivers: Mapping[str, str]
              ) -> Iterator[tuple[int | None, Finding]]:
        """Every plan rule's findings, in registry order then plan order, stamped."""
        for r in self.rules.values():
            for index, hit in r.check(facts, Judge(self.law)):
                yield index, Finding(**{**vars(hit), "severity": hit.severity or r.severity},
                                     rule=r.id, citation=r.citation,
                                     waived=waivers.get(r.id))
