"""A Design: what a fabricator or vendor declares, validated before anything is built."""

from __future__ import annotations

import json
import math
import re
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Iterator

import yaml

from markers.errors import WsmarkError
from markers.citations import ref
from markers.requirements import REQ

__all__ = ["Design", "validate_ws_id", "ws_id_parts", "ws_id_wanted", "ws_id_from_text", "load_design",
           "DESIGN_SUFFIXES", "SMALL_BUOYS", "CURVATURES", "as_declared", "refuse"]

DESIGN_SUFFIXES = (".yaml", ".yml", ".json")
#: A design file is a few lines; anything bigger is not one.
MAX_DESIGN_BYTES = 1_000_000

_WS_ID = re.compile(r"WS-(?:(?P<number>[1-9][0-9]*)|(?P<letters>[A-Z]{1,2}))")


_AS_DECLARED: ContextVar[bool] = ContextVar("as_declared", default=False)


@contextmanager
def as_declared() -> Iterator[None]:
    """Build designs as declared: a number of the rule that a design breaks is left to
    the checker's rules to report with its paragraph, instead of being refused. Only
    what cannot be drawn at all is still refused."""
    token = _AS_DECLARED.set(True)
    try:
        yield
    finally:
        _AS_DECLARED.reset(token)


def refuse(message: str) -> None:
    """Refuse a design that breaks a number of the rule (unless checking it as declared)."""
    if not _AS_DECLARED.get():
        raise WsmarkError(message)


#: Buoys that NR 5.09(6)(a) exempts from its 36 in x 7 in minimum.
SMALL_BUOYS = ("buoy-mooring", "buoy-race")
#: How a face is laid on a cylinder: keeping its shape as seen from the front
#: ("seen", the adjustment (6)(d) allows) or measured along the surface ("surface").
CURVATURES = ("seen", "surface")


@dataclass(frozen=True)
class Design:
    """A marker as declared: its kind, display-area height H and options (inches).

    Buoys add ``symbol`` (the regulatory face a buoy carries, or the sign above it),
    ``height_above_water``, ``diameter``, ``shape``, ``color``, ``material``, ``lighted``,
    ``curvature`` and the wrap's ``seam`` overlap; flags ``flag_height`` and
    ``flag_length``. None means "the builder's default" (the minimum or larger).
    """

    kind: str
    display_height: float | None = None
    outline: float = REQ["outline_min"].value
    legend: str | None = None
    ws_id: str | None = None
    colors: dict[str, str] = field(default_factory=dict)
    symbol: str | None = None
    height_above_water: float | None = None
    diameter: float | None = None
    shape: str | None = None
    color: str | None = None
    material: str | None = None
    lighted: bool = False
    curvature: str | None = None
    seam: float = 0.0
    flag_height: float | None = None
    flag_length: float | None = None
    #: widest a sign may be (inches; default the symbol and its margins), and words
    #: above or below a control or danger symbol (NR 5.09(2)(b)1, 3)
    max_width: float | None = None
    above: str | None = None
    below: str | None = None

    def validate(self, needs_display_height: bool = True) -> None:
        """Refuse what no correct marker can be, citing the paragraph."""
        low = REQ["display_min"]
        if self.display_height is None:
            if needs_display_height:
                raise WsmarkError(f"{self.kind} needs a display height (display_height, or -H "
                                  f"on the command line); {low.ref} asks at least "
                                  f"{low.value:g} in")
        elif not math.isfinite(self.display_height):
            raise WsmarkError(f"display height {self.display_height} is not a finite number of "
                              f"inches; {low.ref} asks at least {low.value:g} in")
        if not math.isfinite(self.outline):
            raise WsmarkError(f"outline {self.outline} is not a finite number of inches; "
                              f"{REQ['outline_min'].ref} asks at least 2 in")
        if self.display_height is not None and not self.display_height > 0:
            raise WsmarkError(f"display height {self.display_height:g} in: a display area "
                              f"has a positive height; {low.ref} asks at least "
                              f"{low.value:g} in")
        if self.display_height is not None and not self.display_height >= low.value:
            refuse(
                f"display height {self.display_height:g} in is below the {low.value:g} in "
                f"minimum of {low.ref} (\"no display area shall be smaller than one foot\")")
        thin = REQ["outline_min"]
        if not self.outline > 0:
            raise WsmarkError(f"outline {self.outline:g} in: an outline has a positive "
                              f"thickness; {thin.ref} asks at least {thin.value:g} in")
        if not self.outline >= thin.value:
            refuse(f"outline {self.outline:g} in is thinner than the "
                              f"{thin.value:g} in minimum of {thin.ref}")
        self._validate_sizes()

    def _validate_sizes(self) -> None:
        for name in ("height_above_water", "diameter", "flag_height", "flag_length", "seam",
                     "max_width"):
            value = getattr(self, name)
            if value is not None and not (math.isfinite(value) and value >= 0
                                          and (value > 0 or name == "seam")):
                raise WsmarkError(f"{name.replace('_', ' ')} {value} is not a positive, finite "
                                  "number of inches")
        if self.curvature not in (None, *CURVATURES):
            raise WsmarkError(f"curvature {self.curvature!r}: use 'seen' (adjusted for the "
                              "curve, NR 5.09(6)(d)) or 'surface' (measured along the surface)")
        if not self.kind.startswith("buoy") or self.kind in SMALL_BUOYS:
            return
        for name, key, what in (("height_above_water", "buoy_min_height", "riding above the "
                                 "waterline"), ("diameter", "buoy_min_diameter", "in diameter")):
            value, need = getattr(self, name), REQ[key]
            if value is not None and value < need.value:
                refuse(f"{name.replace('_', ' ')} {value:g} in is below the minimum "
                                  f"of {need.ref}: buoys at least {need.value:g} in {what} "
                                  "(mooring and race course buoys excepted)")


def ws_id_parts(ws_id: str) -> re.Match | None:
    """The number or letters of a well-formed identification ("WS-" then a number or
    letters, NR 5.09(2)(a)5), or None."""
    return _WS_ID.fullmatch(ws_id)


def ws_id_from_text(text: str) -> str:
    """The id an aid's lettering reads: one line as it is; stacked lines ("WS" above
    "2", or a character a line) joined, with the hyphen the stack leaves out."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if len(lines) < 2:
        return text.strip()
    joined = "".join(lines)
    if joined.upper().startswith("WS") and not joined[2:].startswith("-"):
        joined = joined[:2] + "-" + joined[2:]
    return joined


def ws_id_wanted(kind: str, parts: re.Match) -> tuple[str, bool]:
    """What an aid of ``kind`` carries under NR 5.09(2)(a)5 (red even numbers, green odd
    numbers, center markers letters) and whether ``parts`` is that."""
    number = parts["number"]
    return {"aid-red": ("an even number", number is not None and int(number) % 2 == 0),
            "aid-green": ("an odd number", number is not None and int(number) % 2 == 1),
            "aid-center": ("letters", parts["letters"] is not None)}[kind]


def validate_ws_id(kind: str, ws_id: str | None) -> str:
    """Check an aid's identification against NR 5.09(2)(a)5 and return it."""
    clause = ref("NR 5.09(2)(a)5").clause
    if not ws_id:
        raise WsmarkError(f"{kind} needs an identification such as WS-2 (--id), {clause}")
    parts = ws_id_parts(ws_id)
    if not parts:
        refuse(f"identification {ws_id!r} must be 'WS-' followed by a number "
               f"or letters (WS-1, WS-A), {clause}")
        return ws_id
    wanted, ok = ws_id_wanted(kind, parts)
    if not ok:
        refuse(f"{kind} carries {wanted}, not {ws_id!r}, {clause}")
    return ws_id


_ALIASES = {"id": "ws_id", "display-height": "display_height", "ws-id": "ws_id"}
_NUMBERS = ("display_height", "outline", "height_above_water", "diameter", "seam",
            "flag_height", "flag_length", "max_width")
_TEXTS = ("legend", "ws_id", "symbol", "shape", "color", "material", "curvature", "above",
          "below")


def load_design(path: str | Path) -> Design:
    """Read a YAML or JSON design file (kind, display_height, outline, legend, id,
    colors as family -> hex, and the buoy and flag fields of Design); anything wrong is
    a one-line WsmarkError naming the file."""
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
    data = {_ALIASES.get(key, key).replace("-", "_") if isinstance(key, str) else key: value
            for key, value in data.items()}
    known = {f.name for f in fields(Design)}
    unknown = sorted(map(str, set(data) - known))
    if unknown:
        raise WsmarkError(f"{path}: unknown field(s) {', '.join(unknown)}; "
                          f"known: {', '.join(sorted(known))}")
    if "kind" not in data:
        raise WsmarkError(f"{path}: missing field 'kind'")
    if not isinstance(data.get("lighted", False), bool):
        raise WsmarkError(f"{path}: bad field value: lighted is true or false")
    try:
        values = {name: float(data[name]) for name in _NUMBERS if data.get(name) is not None}
        values.update({name: str(data[name]) for name in _TEXTS if data.get(name) is not None})
        design = Design(kind=str(data["kind"]), lighted=data.get("lighted", False),
                        colors={str(k): str(v) for k, v in (data.get("colors") or {}).items()},
                        **values)
    except (TypeError, ValueError, AttributeError) as err:
        raise WsmarkError(f"{path}: bad field value: {err}") from None
    return design
