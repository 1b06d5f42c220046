"""Wisconsin: Wis. Admin. Code NR 5.09 (uniform aids to navigation) with the flags of
ss. 30.70 and 30.675, Wis. Stats. The only place in wsmark that names Wisconsin."""

from __future__ import annotations

from markers.core.pack import Pack
from markers.packs.wi_nr509.kinds import KINDS
from markers.packs.wi_nr509.law import LAW, VERSION
from markers.packs.wi_nr509.mends import MENDS
from markers.packs.wi_nr509.validation import validate, validate_ws_id

__all__ = ["PACK"]

PACK = Pack(
    name="wi-nr509",
    title="Wisconsin waterway markers (Wis. Admin. Code NR 5.09)",
    source="Wis. Admin. Code NR 5.09",
    url="https://docs.legis.wisconsin.gov/code/admin_code/nr/001/5/09",
    law=LAW, kinds=KINDS, validate=validate, rules_at="markers.packs.wi_nr509.rules:RULES",
    check_id=validate_ws_id, module=__name__,
    plan_rules_at="markers.packs.wi_nr509.plan_rules:PLAN_RULES",
    register_rules_at="markers.packs.wi_nr509.register_rules:REGISTER_RULES",
    mends=MENDS, version=VERSION,
)
