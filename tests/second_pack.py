"""A second pack, for the tests only: Wisconsin's kinds and rules under other numbers
(a 3 in outline, 4 in aid letters, white quarters 3 in across), to prove that the
builders, measurers and rules take the law they are handed and that nothing outside
markers/packs/ names Wisconsin's. The product does not list it (markers.packs knows
only its own packs); the tests hand it in as a Pack."""

from __future__ import annotations

from dataclasses import replace

from markers.core.spec import Law
from markers.packs import get_pack

WISCONSIN = get_pack("wi-nr509")
#: Where this law's numbers differ from Wisconsin's.
NUMBERS = {"outline_min": 3.0, "aid_letter_min": 4.0, "exclusion_quarter_min": 3.0}

LAW = Law(code="XX 1.01", citations=WISCONSIN.law.citations,
          requirements={key: replace(need, value=NUMBERS.get(key, need.value))
                        for key, need in WISCONSIN.law.requirements.items()},
          choices=WISCONSIN.law.choices, practice=WISCONSIN.law.practice,
          clauses=WISCONSIN.law.clauses)
RULES = WISCONSIN.rules.under(LAW)
PLAN_RULES = WISCONSIN.plan_rules.under(LAW)

PACK = replace(WISCONSIN, name="test-xx", title="A test-only jurisdiction", source="XX 1.01",
               law=LAW, rules_at=f"{__name__}:RULES", plan_rules_at=f"{__name__}:PLAN_RULES",
               module=__name__)
