"""A Design: what a fabricator or vendor declares, validated before anything is built."""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass, field, fields
from pathlib import Path

import yaml

from markers.errors import WsmarkError
from markers.citations import ref
from markers.requirements import REQ

__all__ = ["Design", "validate_ws_id", "load_design", "DESIGN_SUFFIXES"]

DESIGN_SUFFIXES = (".yaml", ".yml", ".json")
#: A design file is a few lines; anything bigger is not one.
MAX_DESIGN_BYTES = 1_000_000

_WS_ID = re.compile(r"WS-(?:(?P<number>[1-9][0-9]*)|(?P<letters>[A-Z]{1,2}))")


@dataclass(frozen=True)
class Design:
    """A marker as declared: its kind, display-area height H and options (inches)."""

    kind: str
    display_height: float
    outline: float = REQ["outline_min"].value
    legend: str | None = None
    ws_id: str | None = None
    colors: dict[str, str] = field(default_factory=dict)

    def validate(self) -> None:
        """Refuse what no correct marker can be, citing the paragraph."""
        low = REQ["display_min"]
        if not math.isfinite(self.display_height):
            raise WsmarkError(f"display height {self.display_height} is not a finite number of "
                              f"inches; {low.ref} asks at least {low.value:g} in")
        if not math.isfinite(self.outline):
            raise WsmarkError(f"outline {self.outline} is not a finite number of inches; "
                              f"{REQ['outline_min'].ref} asks at least 2 in")
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



_ALIASES = {"id": "ws_id", "display-height": "display_height", "ws-id": "ws_id"}


def load_design(path: str | Path) -> Design:
    """Read a YAML or JSON design file (kind, display_height, outline, legend, id,
    colors as family -> hex); anything wrong is a one-line WsmarkError naming the file."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_DESIGN_BYTES:
            raise WsmarkError(f"{path}: too large for a design file")
        text = path.read_text(encoding="utf-8")
        data = json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
    except (OSError, UnicodeDecodeError) as err:
        raise WsmarkError(f"{path}: cannot read: {getattr(err, 'strerror', None) or err}") from None
    except (ValueError, yaml.YAMLError) as err:
        first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        raise WsmarkError(f"{path}: not valid {path.suffix[1:].upper()}: {first}") from None
    if not isinstance(data, dict):
        raise WsmarkError(f"{path}: a design is a mapping of fields (kind, display_height, ...)")
    data = {_ALIASES.get(key, key): value for key, value in data.items()}
    known = {f.name for f in fields(Design)}
    unknown = sorted(set(data) - known)
    if unknown:
        raise WsmarkError(f"{path}: unknown field(s) {', '.join(map(str, unknown))}; "
                          f"known: {', '.join(sorted(known))}")
    for needed in ("kind", "display_height"):
        if needed not in data:
            raise WsmarkError(f"{path}: missing field {needed!r}")
    try:
        design = Design(kind=str(data["kind"]), display_height=float(data["display_height"]),
                        outline=float(data.get("outline", REQ["outline_min"].value)),
                        legend=None if data.get("legend") is None else str(data["legend"]),
                        ws_id=None if data.get("ws_id") is None else str(data["ws_id"]),
                        colors={str(k): str(v) for k, v in (data.get("colors") or {}).items()})
    except (TypeError, ValueError, AttributeError) as err:
        raise WsmarkError(f"{path}: bad field value: {err}") from None
    return design
