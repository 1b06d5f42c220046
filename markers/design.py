"""A Design: what a fabricator or vendor declares, validated before anything is built."""

from __future__ import annotations

import re
from dataclasses import dataclass

from markers.errors import WsmarkError
from markers.citations import ref
from markers.requirements import REQ

__all__ = ["Design", "validate_ws_id"]

_WS_ID = re.compile(r"WS-(?:(?P<number>[1-9][0-9]*)|(?P<letters>[A-Z]{1,2}))")


@dataclass(frozen=True)
class Design:
    """A marker as declared: its kind, display-area height H and options (inches)."""

    kind: str
    display_height: float
    outline: float = REQ["outline_min"].value
    legend: str | None = None
    ws_id: str | None = None

    def validate(self) -> None:
        """Refuse what no correct marker can be, citing the paragraph."""
        low = REQ["display_min"]
        if not self.display_height >= low.value:
            raise WsmarkError(
                f"display height {self.display_height:g} in is below the {low.value:g} in "
                f"minimum of {low.ref} (\"no display area shall be smaller than one foot\")")
        thin = REQ["outline_min"]
        if not self.outline >= thin.value:
            raise WsmarkError(f"outline {self.outline:g} in is thinner than the "
                              f"{thin.value:g} in minimum of {thin.ref}")


def validate_ws_id(kind: str, ws_id: str | None) -> str:
    """Check an aid's identification against NR 5.09(2)(a)5 and return it.

    Red aids carry even numbers, green odd numbers, center markers letters, all
    preceded by "WS-" (WS-1, WS-A).
    """
    clause = ref("NR 5.09(2)(a)5").clause
    if not ws_id:
        raise WsmarkError(f"{kind} needs an identification such as WS-2 (--id), {clause}")
    match = _WS_ID.fullmatch(ws_id)
    if not match:
        raise WsmarkError(f"identification {ws_id!r} must be 'WS-' followed by a number "
                          f"or letters (WS-1, WS-A), {clause}")
    number = match["number"]
    wanted = {"aid-red": "an even number", "aid-green": "an odd number",
              "aid-center": "letters"}[kind]
    ok = {"aid-red": number is not None and int(number) % 2 == 0,
          "aid-green": number is not None and int(number) % 2 == 1,
          "aid-center": match["letters"] is not None}[kind]
    if not ok:
        raise WsmarkError(f"{kind} carries {wanted}, not {ws_id!r}, {clause}")
    return ws_id

