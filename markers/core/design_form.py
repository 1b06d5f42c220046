"""The design form: which fields a kind takes (from the pack's Kind data, its hints in
the law's numbers), reading them from text as a form sends them, and putting a refusal
beside the field it is about (``DesignError.field``)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from markers.core.pack import Kind, Pack
from markers.core.units import MAX_PLAUSIBLE_IN

__all__ = ["Field", "DesignForm", "fields_for", "read_form", "MAX_LEGEND"]

#: Longer words are refused before any work is done.
MAX_LEGEND = 120


@dataclass(frozen=True)
class Field:
    """One input of the design form: ``name`` as ``markers.api.design`` takes it, a
    label, the input type (number, text, select, checkbox), choices of a select, and a
    hint."""

    name: str
    label: str
    type: str = "number"
    choices: tuple[str, ...] = ()
    hint: str = ""


def _words(pack: Pack, *keys: str) -> str:
    """The values of the law's lists ``keys``, without repeats, for a hint."""
    table = pack.law.choices
    return ", ".join(dict.fromkeys(value for key in keys for value in table[key].values))


def fields_for(pack: Pack, kind: Kind) -> list[Field]:
    """The fields that shape a marker of ``kind``, in the order a user fills them."""
    out: list[Field] = []
    carries = kind.uses_legend and kind.form != "sign"
    if carries:
        out.append(Field("symbol", "Symbol it carries", "select", pack.of_family("face")))
    if kind.display_area and kind.form in ("sign", "wrap") or carries:
        out.append(Field("display_height", "Display-area height H (in)",
                         hint=f"at least {pack.law.req('display_min'):g} in"))
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
        out += [Field("shape", "Shape", "text",
                      hint=_words(pack, "mooring_shapes", "race_shapes")),
                Field("color", "Color", "text",
                      hint="race buoys: " + _words(pack, "race_colors")),
                Field("material", "Material", "text",
                      hint="race buoys: " + _words(pack, "race_materials"))]
    if kind.form == "buoy" and kind.sample_id:
        out.append(Field("lighted", "Lighted aid", "checkbox"))
    if kind.form == "wrap":
        out += [Field("surface", "Lay along the surface", "checkbox"),
                Field("seam", "Seam overlap (in)")]
    if kind.form in ("sign", "wrap") or carries:
        out.append(Field("permit_id", "Permit ID", "text", hint=pack.help["permit_id_hint"]))
    if kind.form == "flag":
        out += [Field("flag_height", "Flag height (in)", hint="blank: the minimum"),
                Field("flag_length", "Flag length (in)", hint="blank: the minimum")]
    return out


@dataclass(frozen=True)
class DesignForm:
    """A design form as read: its ``kind``, the ``fields`` it takes, ``params`` (the
    keyword arguments of ``markers.api.design``, ``kind`` among them), the text to show
    again (``shown``) and the refusals by field (``errors``)."""

    kind: Kind
    fields: tuple[Field, ...]
    params: dict[str, Any]
    shown: dict[str, str]
    errors: dict[str, str]

    def refused(self, message: str, field: str | None) -> dict[str, str]:
        """The form's refusals with ``message`` beside ``field`` (a DesignError's), or
        beside the kind when the form has no such field."""
        names = {f.name for f in self.fields}
        return {**self.errors, field if field in names else "kind": message}


def _typical(kind: Kind) -> dict[str, str]:
    """A typical design of ``kind`` as a form's text: a 24 in display area for a sign
    or wrap, its sample id and sample words."""
    values = {"kind": kind.name}
    if kind.display_area and kind.form != "buoy":
        values["display_height"] = "24"
    if kind.sample_id:
        values["ws_id"] = kind.sample_id
    values.update({key: str(value) for key, value in kind.sample.items()
                   if isinstance(value, str)})
    return values


def read_form(pack: Pack, values: Mapping[str, str], typical: bool = False) -> DesignForm:
    """The form of ``values`` (text by field name; an unknown or missing kind is the
    pack's example kind); ``typical``: the fields ``values`` does not name take the
    kind's typical values. Numbers are inches up to the library's largest length."""
    name = values.get("kind")
    kind = pack.kinds.get(name or "") or pack.kind(pack.example_kind or next(iter(pack.kinds)))
    values = {**_typical(kind), **values, "kind": kind.name} if typical else values
    fields = tuple(fields_for(pack, kind))
    params: dict[str, Any] = {"kind": kind.name}
    shown: dict[str, str] = {"kind": kind.name}
    errors: dict[str, str] = {}
    for field in fields:
        raw = (values.get(field.name) or "").strip()
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
            if not math.isfinite(value) or abs(value) > MAX_PLAUSIBLE_IN:
                errors[field.name] = f"give a number of inches up to {MAX_PLAUSIBLE_IN:,g}"
                continue
            params[field.name] = value
        elif field.type == "select" and raw not in field.choices:
            errors[field.name] = f"choose one of {', '.join(field.choices)}"
        elif len(raw) > MAX_LEGEND:
            errors[field.name] = f"at most {MAX_LEGEND} characters"
        else:
            params[field.name] = raw
    if kind.form == "sign" and "display_height" not in params and "display_height" not in errors:
        errors["display_height"] = (f"give the display-area height in inches (at least "
                                    f"{pack.law.req('display_min'):g})")
    return DesignForm(kind, fields, params, shown, errors)
