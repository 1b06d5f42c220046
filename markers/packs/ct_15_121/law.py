"""Connecticut's law as one value (words and numbers), and the registry its rules join."""

from __future__ import annotations

from markers.check.engine import Registry
from markers.core.spec import Law
from markers.packs.ct_15_121.citations import CLAUSES, REFS
from markers.packs.ct_15_121.requirements import CHOICES, NOT_REQUIRED, REQ

__all__ = ["LAW", "RULES", "VERSION", "rule"]

#: The text the pack holds (text.md): the Legal Information Institute's copy of
#: § 15-121-A4 is current through 2022-03-04, casetext's of -A5 through 2024-09-27.
VERSION = "LII 2022-03-04 / casetext 2024-09-27 (see text.md)"

LAW = Law(code="Conn. Agencies Regs. 15-121", citations=REFS, requirements=REQ,
          choices=CHOICES, practice="wsmark practice", clauses=CLAUSES,
          unset=NOT_REQUIRED)
RULES = Registry(LAW)
rule = RULES.rule
