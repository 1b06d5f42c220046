"""Wisconsin's rules, one module per family; importing them registers them."""

from markers.packs.wi_nr509.law import RULES
from markers.packs.wi_nr509.rules import aids, buoys, flags, proof, regulatory  # noqa: F401

# isort: split
from markers.packs.wi_nr509.rules import other_pack, permit  # noqa: F401  (registered last)

__all__ = ["RULES"]
