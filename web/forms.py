"""The design form: which fields a kind takes, reading them from a query string, and
putting a refusal beside the field it is about."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import yaml

from markers import api

__all__ = ["Field", "fields_for", "read_design", "field_of", "design_yaml", "MAX_LEGEND"]

#: Longer legends are refused before any work is done.
MAX_LEGEND = 120


@dataclass(frozen=True)
class Field:
    """One input of the design form: ``name`` as the API calls it, a label, the input
    type (number, text, select, checkbox), choices of a select, and a hint."""

    name: str
    label: str
    type: str = "number"
    choices: tuple[str, ...] = ()
    hint: str = ""


def _faces() -> tuple[str, ...]:
    return tuple(k.name for k in api.kinds() if k.family == "face")


def fields_for(kind: api.Kind) -> list[Field]:
    """The fields that shape a marker of ``kind``, in the order a user fills them."""
    out: list[Field] = []
    carries = kind.uses_legend and kind.form != "sign"
    if carries:
        out.append(Field("symbol", "Symbol it carries", "select", _faces()))
    if kind.display_area and kind.form in ("sign", "wrap") or carries:
        out.append(Field("display_height", "Display-area height H (in)",
                         hint="at least 12 in"))
    if kind.uses_legend:
        out.append(Field("legend", "Legend", "text", hint="words of the sign; | breaks a line"))
    if kind.sample_id:
        out.append(Field("ws_id", "Identification", "text", hint=f"e.g. {kind.sample_id}"))
    if kind.form in ("sign", "wrap") or carries:
        out.append(Field("outline", "Outline (in)", hint="blank: the minimum"))
    if kind.form in ("buoy", "wrap"):
        out += [Field("diameter", "Buoy diameter (in)", hint="blank: the minimum"),
                Field("height_above_water", "Height above water (in)",
                      hint="blank: the minimum")]
    if kind.form == "buoy" and not kind.display_area and not kind.sample_id:
        out += [Field("shape", "Shape", "text", hint="sphere, ovate or cylinder"),
                Field("color", "Color", "text", hint="race buoys: yellow, green, red, orange"),
                Field("material", "Material", "text", hint="race buoys: foam, plastic, rubber")]
    if kind.form == "buoy" and kind.sample_id:
        out.append(Field("lighted", "Lighted aid", "checkbox"))
    if kind.form == "wrap":
        out += [Field("surface", "Lay along the surface", "checkbox"),
                Field("seam", "Seam overlap (in)")]
    if kind.form in ("sign", "wrap") or carries:
        out.append(Field("permit_id", "Permit ID", "text",
                         hint=api.help_texts()["permit_id_hint"]))
    if kind.form == "flag":
        out += [Field("flag_height", "Flag height (in)", hint="blank: the minimum"),
                Field("flag_length", "Flag length (in)", hint="blank: the minimum")]
    return out


def read_design(query: Mapping[str, str]) -> tuple[dict[str, Any], dict[str, str],
                                                   dict[str, str]]:
    """(parameters for the API, the raw values to show again, errors by field) from a
    query string; unknown kinds fall back to the first kind."""
    names = [k.name for k in api.kinds()]
    kind_name = query.get("kind") if query.get("kind") in names else names[0]
    kind = api.kind(kind_name)
    params: dict[str, Any] = {"kind": kind_name}
    shown: dict[str, str] = {"kind": kind_name}
    errors: dict[str, str] = {}
    for field in fields_for(kind):
        raw = (query.get(field.name) or "").strip()
        shown[field.name] = raw
        if field.type == "checkbox":
            if raw:
                params[field.name] = True
        elif not raw:
            continue
        elif field.type == "number":
            try:
                value = float(raw)
            except ValueError:
                errors[field.name] = f"{raw[:20]!r} is not a number of inches"
                continue
            if not math.isfinite(value) or abs(value) > 10_000:
                errors[field.name] = "give a number of inches up to 10,000"
                continue
            params[field.name] = value
        elif field.type == "select" and raw not in field.choices:
            errors[field.name] = f"choose one of {', '.join(field.choices)}"
        elif len(raw) > MAX_LEGEND:
            errors[field.name] = f"at most {MAX_LEGEND} characters"
        else:
            params[field.name] = raw
    if kind.form == "sign" and "display_height" not in params and "display_height" not in errors:
        errors["display_height"] = "give the display-area height in inches (at least 12)"
    return params, shown, errors


#: Words in a refusal -> the field it is about, first match wins.
_CLUES = (
    (r"\bpermit\b", "permit_id"),
    (r"\blegend\b|\bletters?\b|\bwords?\b", "legend"),
    (r"display height|display area|display_height", "display_height"),
    (r"\bWS\b|identification|even number|odd number|--id\b|\bid\b", "ws_id"),
    (r"\boutline\b", "outline"),
    (r"\bdiameter\b", "diameter"),
    (r"height above water|above the waterline|height_above_water", "height_above_water"),
    (r"\bseam\b", "seam"),
    (r"\bsymbol\b", "symbol"),
    (r"\bshape\b", "shape"),
    (r"\bcolou?r\b", "color"),
    (r"\bmaterial\b", "material"),
    (r"flag length|\blong\b", "flag_length"),
    (r"\bflag\b|\bhigh\b", "flag_height"),
)


def field_of(message: str, present: list[str]) -> str:
    """The field of the form a refusal is about (``kind`` when no field matches)."""
    for pattern, name in _CLUES:
        if name in present and re.search(pattern, message, re.IGNORECASE):
            return name
    return "kind"


def design_yaml(params: dict[str, Any]) -> bytes:
    """The design as the YAML file ``wsmark render design.yaml`` and ``check`` read."""
    record = dict(params)
    if record.pop("surface", False):
        record["curvature"] = "surface"
    return yaml.safe_dump(record, sort_keys=False, allow_unicode=True).encode("utf-8")
