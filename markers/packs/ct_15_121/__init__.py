"""Connecticut: Conn. Agencies Regs. §§ 15-121-A2 to 15-121-A5 (regulatory, special
purpose and navigational markers; permission to place them). The text the pack holds,
verbatim, is ``text.md``; what the stored copies cut off is ``citations.NOT_COVERED``
and what the pack does not build yet ``kinds.PLANNED``."""

from __future__ import annotations

from markers.core.pack import Pack
from markers.packs.ct_15_121.identification import check_ct_id
from markers.packs.ct_15_121.kinds import KINDS
from markers.packs.ct_15_121.law import LAW, VERSION
from markers.packs.ct_15_121.validation import validate

__all__ = ["PACK"]

PACK = Pack(
    name="ct-15-121",
    title="Connecticut waterway markers (Conn. Agencies Regs. 15-121-A2 to A5)",
    source="Conn. Agencies Regs. 15-121-A2 to 15-121-A5",
    url="https://www.law.cornell.edu/regulations/connecticut/Regs-Conn-State-Agencies-SS-15-121-A3",
    law=LAW, kinds=KINDS, validate=validate, rules_at="markers.packs.ct_15_121.rules:RULES",
    check_id=check_ct_id, module=__name__,
    plan_rules_at="markers.packs.ct_15_121.plan_rules:PLAN_RULES",
    version=VERSION,
)
