"""A Design: what a fabricator or vendor declares, validated before anything is built."""

from __future__ import annotations

import json
import math
from dataclasses import MISSING, dataclass, field, fields
from pathlib import Path
from typing import Any

from markers.core.spec import Law
from markers.core.words import did_you_mean
from markers.errors import DesignError, UnreadableDrawing

__all__ = ["Design", "is_design", "load_design", "parse_design", "design_from_record",
           "design_yaml", "DESIGN_SUFFIXES", "CURVATURES", "ws_id_from_text"]

DESIGN_SUFFIXES = (".yaml", ".yml", ".json")
#: A design file is a few lines; anything bigger is not one.
MAX_DESIGN_BYTES = 1_000_000


#: How a face is laid on a cylinder: keeping its shape as seen from the front
#: ("seen", the adjustment (6)(d) allows) or measured along the surface ("surface").
CURVATURES = ("seen", "surface")


@dataclass(frozen=True)
class Design:
    """A marker as declared: its kind, display-area height H and options (inches).

    Buoys add ``symbol`` (the regulatory face a buoy carries, or the sign above it),
    ``height_above_water``, ``diameter``, ``shape``, ``color``, ``material``, ``lighted``,
    ``curvature`` and the wrap's ``seam`` overlap; flags ``flag_height`` and
    ``flag_length``. ``permit_id`` is the label of an approved marker. None means "the
    builder's default" (the minimum or larger).
    """

    kind: str
    display_height: float | None = None
    outline: float | None = None  # None: the minimum of the law it is built to
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
    #: the department's identification number the approved marker is labelled with
    #: (lettered outside the display area; the pack says where and how large)
    permit_id: str | None = None
    #: build a sign that words make more than twice as tall as wide (refused otherwise,
    #: with the width that keeps it within; markers.build.signs)
    force: bool = False

    def validate(self, law: Law, as_declared: bool = False,
                 needs_display_height: bool = True) -> None:
        """Refuse what no correct marker can be under ``law``, citing the paragraph (an
        outline of None is the law's minimum, filled in by the pack); ``as_declared``, a
        number of the rule the design breaks is left to the checker's rules."""
        low, thin = law.requirement("display_min"), law.requirement("outline_min")

        def refuse(message: str, field: str) -> None:
            if not as_declared:
                raise DesignError(message, field)

        if self.display_height is None:
            if needs_display_height:
                raise DesignError(f"{self.kind} needs a display height (display_height, or -H "
                                  f"on the command line); {low.ref} asks at least "
                                  f"{low.value:g} in", "display_height")
        elif not math.isfinite(self.display_height):
            raise DesignError(f"display height {self.display_height} is not a finite number of "
                              f"inches; {low.ref} asks at least {low.value:g} in",
                              "display_height")
        if self.outline is not None and not math.isfinite(self.outline):
            raise DesignError(f"outline {self.outline} is not a finite number of inches; "
                              f"{thin.ref} asks at least {thin.value:g} in", "outline")
        if self.display_height is not None and not self.display_height > 0:
            raise DesignError(f"display height {self.display_height:g} in: a display area "
                              f"has a positive height; {low.ref} asks at least "
                              f"{low.value:g} in", "display_height")
        if self.display_height is not None and not self.display_height >= low.value:
            refuse(
                f"display height {self.display_height:g} in is below the {low.value:g} in "
                f"minimum of {low.ref} (\"no display area shall be smaller than one foot\")",
                "display_height")
        if self.outline is not None and not self.outline > 0:
            raise DesignError(f"outline {self.outline:g} in: an outline has a positive "
                              f"thickness; {thin.ref} asks at least {thin.value:g} in", "outline")
        if self.outline is not None and not self.outline >= thin.value:
            refuse(f"outline {self.outline:g} in is thinner than the "
                   f"{thin.value:g} in minimum of {thin.ref}", "outline")
        self._validate_sizes(law)

    def sized(self) -> tuple[float, float]:
        """H and the outline of a design its pack has validated (which fills the outline
        in), as a builder lays it out; a DesignError names either if it is not given."""
        if self.display_height is None:
            raise DesignError(f"{self.kind} needs a display height (display_height, or -H "
                              "on the command line)", "display_height")
        if self.outline is None:
            raise DesignError(f"{self.kind} needs an outline thickness", "outline")
        return self.display_height, self.outline

    def _validate_sizes(self, law: Law) -> None:
        for name in ("height_above_water", "diameter", "flag_height", "flag_length", "seam",
                     "max_width"):
            value = getattr(self, name)
            if value is not None and not (math.isfinite(value) and value >= 0
                                          and (value > 0 or name == "seam")):
                raise DesignError(f"{name.replace('_', ' ')} {value} is not a positive, finite "
                                  "number of inches", name)
        if self.curvature not in (None, *CURVATURES):
            raise DesignError(f"curvature {self.curvature!r}: use 'seen' (adjusted for the "
                              f"curve, {law.clause('curvature')}) or 'surface' (measured "
                              "along the surface)", "curvature")


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


_ALIASES = {"id": "ws_id", "display-height": "display_height", "ws-id": "ws_id"}
_NUMBERS = ("display_height", "outline", "height_above_water", "diameter", "seam",
            "flag_height", "flag_length", "max_width")
_TEXTS = ("legend", "ws_id", "symbol", "shape", "color", "material", "curvature", "above",
          "below", "permit_id")


def is_design(path: str | Path) -> bool:
    """Whether the YAML/JSON file at ``path`` declares itself a design (a mapping with a
    ``kind``); anything unreadable is not one."""
    import yaml  # only design files need it

    try:
        if Path(path).stat().st_size > MAX_DESIGN_BYTES:
            return False
        text = Path(path).read_text(encoding="utf-8")
        data = json.loads(text) if Path(path).suffix == ".json" else yaml.safe_load(text)
    except (OSError, UnicodeDecodeError, ValueError, yaml.YAMLError):
        return False
    return isinstance(data, dict) and "kind" in data


def load_design(path: str | Path) -> Design:
    """Read a YAML or JSON design file; anything wrong is a one-line error naming it."""
    path = Path(path)
    try:
        if path.stat().st_size > MAX_DESIGN_BYTES:
            raise UnreadableDrawing(f"{path}: too large for a design file")
        data = path.read_bytes()
    except OSError as err:
        raise UnreadableDrawing(f"{path}: cannot read: {err.strerror or err}") from None
    return parse_design(data, str(path))


def parse_design(data: bytes, name: str) -> Design:
    """A design from YAML or JSON ``data`` (kind, display_height, outline, legend, id,
    colors as family -> hex, and the buoy and flag fields of Design); ``name`` (its file
    name, whose suffix says JSON or YAML) is used in messages."""
    import yaml  # only design files need it

    path = Path(name)
    if len(data) > MAX_DESIGN_BYTES:
        raise UnreadableDrawing(f"{name}: too large for a design file")
    try:
        text = data.decode("utf-8")
        record = json.loads(text) if path.suffix == ".json" else yaml.safe_load(text)
    except UnicodeDecodeError as err:
        raise UnreadableDrawing(f"{name}: cannot read: {err}") from None
    except (ValueError, yaml.YAMLError) as err:
        first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        raise DesignError(f"{path}: not valid {path.suffix[1:].upper()}: {first}") from None
    if not isinstance(record, dict):
        raise DesignError(f"{path}: not a design: its fields (kind, display_height ...) are "
                          f"a mapping, not a {type(record).__name__}")
    named = {_ALIASES.get(key, key).replace("-", "_") if isinstance(key, str) else key: value
             for key, value in record.items()}
    known = {f.name for f in fields(Design)}
    unknown = sorted(map(str, set(named) - known))
    if unknown:
        hints = "".join(did_you_mean(name, known) for name in unknown[:1])
        raise DesignError(f"{path}: unknown field(s) {', '.join(unknown)}{hints}; "
                          f"known: {', '.join(sorted(known)).replace('ws_id', 'ws_id (or id)')}")
    return _design(named, path)


def design_yaml(design: Design) -> bytes:
    """``design`` as the YAML file ``parse_design`` reads back to the same Design: its
    fields in their order, those left at their defaults left out."""
    import yaml  # only design files need it

    record = {f.name: getattr(design, f.name) for f in fields(Design)
              if f.name == "kind" or getattr(design, f.name) != (
                  f.default_factory() if f.default_factory is not MISSING else f.default)}
    return yaml.safe_dump(record, sort_keys=False, allow_unicode=True).encode("utf-8")


def design_from_record(record: dict, name: str) -> Design:
    """The design a drawing declares in its ``design: {...}`` line (the fields of Design;
    others, such as its citations, are not the design's); bad values are a one-line
    DesignError naming ``name``."""
    known = {f.name for f in fields(Design)}
    return _design({key: value for key, value in record.items() if key in known}, Path(name))


def _design(data: dict, path: Path) -> Design:
    """A Design of known fields, each value checked for its type."""
    if "kind" not in data:
        raise DesignError(f"{path}: missing field 'kind'", "kind")
    for flag in ("lighted", "force"):
        if not isinstance(data.get(flag, False), bool):
            raise DesignError(f"{path}: bad field value: {flag} is true or false", flag)
    try:
        # each field's value made its type here; Design's keywords take them by name
        values: dict[str, Any] = {name: float(data[name]) for name in _NUMBERS
                                  if data.get(name) is not None}
        values.update({name: str(data[name]) for name in _TEXTS if data.get(name) is not None})
        design = Design(kind=str(data["kind"]), lighted=data.get("lighted", False),
                        force=data.get("force", False),
                        colors={str(k): str(v) for k, v in (data.get("colors") or {}).items()},
                        **values)
    except (TypeError, ValueError, AttributeError) as err:
        raise DesignError(f"{path}: bad field value: {err}") from None
    return design
