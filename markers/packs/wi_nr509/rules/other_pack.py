"""Wisconsin's registration of the shared hint rule (markers.packs.shared.other_pack):
a proof carrying another pack's identification is named as that pack's, never
re-judged under it."""

from markers.packs.shared.other_pack import register
from markers.packs.wi_nr509.law import RULES

register(RULES, "wi-nr509", "wsmark practice")
