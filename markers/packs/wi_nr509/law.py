"""Wisconsin's law as one value (words and numbers), and the registry its rules join."""

from __future__ import annotations

from markers.check.engine import Registry
from markers.core.spec import Law
from markers.packs.wi_nr509.citations import CLAUSES, REFS
from markers.packs.wi_nr509.requirements import CHOICES, REQ

__all__ = ["LAW", "RULES", "VERSION", "rule"]

#: The text of the law the pack holds: NR 5.09 as last amended (CR 14-048, Register May
#: 2015 No. 713, effective 2015-06-01), with ss. 30.70 and 30.675, Wis. Stats.
VERSION = "2015-06-01"

LAW = Law(code="NR 5.09", citations=REFS, requirements=REQ, choices=CHOICES,
          practice="wsmark practice", clauses=CLAUSES)
RULES = Registry(LAW)
rule = RULES.rule
