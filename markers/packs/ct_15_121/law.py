"""Connecticut's law as one value (words and numbers), and the registry its rules join."""

from __future__ import annotations

from markers.check.engine import Registry
from markers.core.spec import Law
from markers.packs.ct_15_121.citations import CLAUSES, REFS
from markers.packs.ct_15_121.requirements import CHOICES, NOT_REQUIRED, REQ

__all__ = ["LAW", "RULES", "rule"]

LAW = Law(code="Conn. Agencies Regs. 15-121", citations=REFS, requirements=REQ,
          choices=CHOICES, practice="wsmark practice", clauses=CLAUSES,
          unset=NOT_REQUIRED)
RULES = Registry(LAW)
rule = RULES.rule
