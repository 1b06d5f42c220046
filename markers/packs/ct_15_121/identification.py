"""The CT identification of state navigational buoys, 15-121-A4(b)(1): "CT" before an
odd number on green, an even number on red, and "CT" alone where there are no numbers.
One grammar, used by the sheets' worked examples and by the check's hint that a proof
carries another pack's prefix."""

from __future__ import annotations

import re

from markers.errors import DesignError
from markers.packs.ct_15_121.citations import ref

__all__ = ["CT_ID", "check_ct_id"]

#: "CT" alone, or "CT" then a number ("CT-4", "CT 4", "CT4").
CT_ID = re.compile(r"CT(?:[- ]?(?P<number>[1-9][0-9]*))?")
#: The parity 15-121-A4(b)(1) and (b)(2) give each colour's numbers.
PARITY = {"aid-red": ("an even number", 0), "aid-green": ("an odd number", 1),
          "cardinal-red-top": ("an even number", 0), "cardinal-green-top": ("an odd number", 1)}


def check_ct_id(kind: str, ident: str | None) -> str:
    """``ident`` when it is what 15-121-A4(b) asks of a buoy of ``kind``, else a
    DesignError citing the paragraph."""
    clause = ref("15-121-A4(b)(1)").clause
    parts = CT_ID.fullmatch(ident or "")
    if parts is None:
        raise DesignError(f"identification {ident!r}: a numbered state buoy has the prefix CT "
                          f"before the number, and an unnumbered one the letters CT ({clause})",
                          "ws_id")
    number = parts["number"]
    if number is not None and kind in PARITY:
        wanted, rest = PARITY[kind]
        if int(number) % 2 != rest:
            raise DesignError(f"{kind} carries {wanted}, not {ident!r} ({clause})", "ws_id")
    return ident or ""
