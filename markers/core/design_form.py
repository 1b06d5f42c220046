"""The design form: which fields a kind takes (from the pack's Kind data, its hints in
the law's numbers), and the options of its files as ``render`` and ``fabricate`` take
them; reading them from text as a form sends them (lengths in the command line's units:
24, 24in, 60cm), and putting a refusal beside the field it is about
(``DesignError.field``)."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from markers.core.blanks import HOLE_COUNTS
from markers.core.fabrication import DEFAULT_BLEED, DEFAULT_MIN_FEATURE
from markers.core.flag_fabric import STRIPE_METHODS
from markers.core.pack import Kind, Pack
from markers.core.presentation import presentation_of
from markers.core.shop import BLANK_AUTO, BLANK_NONE
from markers.core.units import parse_length
from markers.errors import DesignError

__all__ = ["Field", "DesignForm", "fields_for", "file_fields", "read_form", "MAX_LEGEND",
           "DPI", "MAX_QTY", "KIND_SHOWN"]

#: Longer words are refused before any work is done.
MAX_LEGEND = 120
#: A PNG's resolution: the command line's default and range.
DPI = (150.0, 1.0, 2400.0)
#: The most signs a bill of materials is made for on the page.
MAX_QTY = 10_000
#: The form's hidden field naming the kind its fields were shown for: when the kind
#: chosen differs, the other fields are the new kind's typical ones (no legend of a
#: sign carried over to a buoy).
KIND_SHOWN = "shown_kind"
#: The shape the measurer calls a flag with a stripe (the diver's), whose stripe the
#: shop applies or sews in.
STRIPED_FLAG = "striped-flag"


@dataclass(frozen=True)
class Field:
    """One input of the design form: ``name`` as ``markers.api.design`` (or, for the
    ``files`` group, ``render`` and ``fabricate``) takes it, a label, the input type
    (length, number, count, text, select, checkbox), choices of a select, a hint, and
    its ``group``: "design" (what the marker is) or "files" (how its files are made)."""

    name: str
    label: str
    type: str = "length"
    choices: tuple[str, ...] = ()
    hint: str = ""
    group: str = "design"


def _words(pack: Pack, *keys: str) -> str:
    """The values of the law's lists ``keys``, without repeats, for a hint."""
    table = pack.law.choices
    return ", ".join(dict.fromkeys(value for key in keys for value in table[key].values))


#: How a length may be typed, said after a length field's hint.
UNITS = "24, 24in, 60cm"


def fields_for(pack: Pack, kind: Kind) -> list[Field]:
    """The fields that shape a marker of ``kind`` (those ``render`` takes for it), in
    the order a user fills them, then the options of its files (``file_fields``)."""
    return _face_fields(pack, kind) + _body_fields(pack, kind) + file_fields(kind)


def field_choices(pack: Pack, name: str) -> tuple[str, ...]:
    """The values the design field ``name`` takes under ``pack``, over all its kinds:
    those of the law's lists its kinds choose ``name`` from (a race buoy's color, a
    regulatory buoy's symbol) and, for ``symbol``, the face kinds where a kind carries
    one (a symbol buoy's); without repeats."""
    values = [value for kind in pack.kinds.values() if name in kind.choices
              for value in pack.law.choices[kind.choices[name]].values]
    if name == "symbol" and any(_carries(kind) for kind in pack.kinds.values()):
        values = [*pack.of_family("face"), *values]
    return tuple(dict.fromkeys(values))


def _carries(kind: Kind) -> bool:
    """Whether a marker of ``kind`` carries a face of the pack's face kinds (a list of
    the law's symbols, when the kind names one, is its own choice)."""
    return kind.uses_legend and kind.form != "sign" and "symbol" not in kind.choices


def _face_fields(pack: Pack, kind: Kind) -> list[Field]:
    """The fields of what a marker of ``kind`` shows: the symbol it carries, H, its
    words and identification, its outline and width."""
    out: list[Field] = []
    carries = _carries(kind)
    if carries:
        out.append(Field("symbol", "Symbol it carries", "select", pack.of_family("face")))
    if kind.display_area and (kind.form in ("sign", "wrap") or carries):
        out.append(Field("display_height", "Display-area height H",
                         hint=f"at least {pack.law.req('display_min'):g} in; {UNITS}"))
    if kind.uses_legend:
        out.append(Field("legend", "Legend", "text", hint="words of the sign; | breaks a line"))
    if kind.explained:
        words = presentation_of(pack).help
        out += [Field(name, f"Words {name} the symbol", "text", hint=words[name])
                for name in ("above", "below")]
    if kind.sample_id:
        out.append(Field("ws_id", "Identification", "text", hint=f"e.g. {kind.sample_id}"))
    if kind.family in ("face", "wrap") or carries:
        out.append(Field("outline", "Outline", hint="blank: the minimum"))
    return out + _sign_fields(kind)


def _body_fields(pack: Pack, kind: Kind) -> list[Field]:
    """The fields of the body a marker of ``kind`` is made as: a buoy's size, the
    kind's choices (a mooring buoy's shape, a race buoy's color), whether it is lighted,
    how it is laid on a surface, its permit label, a flag's size."""
    out: list[Field] = []
    if kind.form in ("buoy", "wrap"):
        out += [Field("diameter", "Buoy diameter", hint="blank: the minimum"),
                Field("height_above_water", "Height above water", hint="blank: the minimum")]
    out += [Field(name, name.capitalize(), "select", pack.law.choices[key].values)
            for name, key in kind.choices.items()]
    out += _aid_buoy_fields(pack, kind)
    if kind.form == "wrap":
        out.append(Field("seam", "Seam overlap", hint="blank: none"))
    hint = presentation_of(pack).help.get("permit_id_hint")
    if (kind.form in ("sign", "wrap") or _carries(kind)) and hint is not None:
        out.append(Field("permit_id", "Permit ID", "text", hint=hint))
    if kind.form == "flag":
        out += [Field("flag_height", "Flag height", hint="blank: the minimum"),
                Field("flag_length", "Flag length", hint="blank: the minimum")]
    return out


def _aid_buoy_fields(pack: Pack, kind: Kind) -> list[Field]:
    """An aid buoy's light, and laying a face or an aid's id along a buoy's surface,
    where the pack offers them (its help words them)."""
    out, words = [], presentation_of(pack).help
    if kind.form == "buoy" and kind.sample_id and "lighted" in words:
        out.append(Field("lighted", "Lighted aid", "checkbox", hint=words["lighted"]))
    if (kind.form == "wrap" or kind.look.print or kind.form == "buoy" and kind.sample_id) \
            and "surface" in words:
        out.append(Field("surface", "Lay along the surface", "checkbox",
                         hint=words["surface"]))  # a face, or an aid's id
    return out


def _sign_fields(kind: Kind) -> list[Field]:
    """The fields of a sign laid out on its display area: its widest, and (where words
    may stand in a band above or below the symbol and make it too tall) leave to build
    it anyway. None for a face its law gives no display area (a beacon of
    15-121-A2(c), drawn to wsmark's size)."""
    if kind.family != "face" or not kind.display_area:
        return []
    out = [Field("max_width", "Max width", hint="blank: the symbol and its margins; "
                 "words wrap within it")]
    if kind.explained or kind.look.words != "must":
        out.append(Field("force", "Build even if taller than twice its width", "checkbox"))
    return out


def file_fields(kind: Kind) -> list[Field]:
    """The options of the files of a marker of ``kind``: a PNG's resolution (``render``)
    and the shop's (``fabricate``): bleed, smallest feature, quantity, and a sign's blank
    and holes or a striped flag's stripe."""
    out = [Field("dpi", "PNG resolution (dots per inch)", "number",
                 hint=f"default {DPI[0]:g}", group="files"),
           Field("bleed", "Bleed", hint=f"default {DEFAULT_BLEED:g} in", group="files"),
           Field("min_feature", "Smallest feature that cuts and weeds",
                 hint=f"default {DEFAULT_MIN_FEATURE:g} in", group="files"),
           Field("qty", "Quantity", "count", hint="for the bill of materials; default 1",
                 group="files")]
    if kind.form == "sign":
        out += [Field("blank", "Blank", "text", hint=f"{BLANK_AUTO} (the smallest standard "
                      f"one that fits), {BLANK_NONE}, or WxH in inches, e.g. 24x30",
                      group="files"),
                Field("holes", "Mounting holes", "select", tuple(map(str, HOLE_COUNTS)),
                      group="files")]
    if kind.shape == STRIPED_FLAG:
        out.append(Field("stripe", "Stripe", "select", STRIPE_METHODS,
                         hint="applied on the field or sewn between two pieces",
                         group="files"))
    return out


@dataclass(frozen=True)
class DesignForm:
    """A design form as read: its ``kind``, the ``fields`` it takes, ``params`` (the
    keyword arguments of ``markers.api.design``, ``kind`` among them), ``making`` (the
    options of its files: ``dpi`` of a PNG, and the keyword arguments of
    ``markers.api.fabricate``), the text to show again (``shown``) and the refusals by
    field (``errors``)."""

    kind: Kind
    fields: tuple[Field, ...]
    params: dict[str, Any]
    shown: dict[str, str]
    errors: dict[str, str]
    making: dict[str, Any]

    @property
    def hidden(self) -> dict[str, str]:
        """The form's hidden fields: the kind its fields are shown for (``KIND_SHOWN``)."""
        return {KIND_SHOWN: self.kind.name}

    @property
    def dpi(self) -> float:
        """The resolution of its PNG."""
        return float(self.making.get("dpi", DPI[0]))

    @property
    def shop(self) -> dict[str, Any]:
        """The keyword arguments of ``markers.api.fabricate`` given."""
        return {key: value for key, value in self.making.items() if key != "dpi"}

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
    pack's example kind; fields shown for another kind, ``KIND_SHOWN``, are dropped);
    ``typical``: the fields ``values`` does not name take the kind's typical values.
    Lengths are read as the command line reads them (24, 24in, 60cm, up to the
    library's largest length)."""
    name = values.get("kind")
    kind = pack.kinds.get(name or "") or pack.kind(presentation_of(pack).example_kind
                                                   or next(iter(pack.kinds)))
    if values.get(KIND_SHOWN, kind.name) != kind.name:
        values = {"kind": kind.name}
    values = {**_typical(kind), **values, "kind": kind.name} if typical else values
    fields = tuple(fields_for(pack, kind))
    params: dict[str, Any] = {"kind": kind.name}
    making: dict[str, Any] = {}
    shown: dict[str, str] = {"kind": kind.name}
    errors: dict[str, str] = {}
    for field in fields:
        raw = (values.get(field.name) or "").strip()
        shown[field.name] = raw
        if not raw:
            continue
        try:
            value = _value(field, raw)
        except DesignError as err:
            errors[field.name] = str(err)
            continue
        (making if field.group == "files" else params)[field.name] = value
    if kind.form == "sign" and kind.display_area and "display_height" not in params and \
            "display_height" not in errors:
        errors["display_height"] = (f"give the display-area height in inches (at least "
                                    f"{pack.law.req('display_min'):g})")
    return DesignForm(kind, fields, params, shown, errors, making)


def _value(field: Field, raw: str) -> Any:
    """The value of ``field`` typed as ``raw`` (not blank); DesignError in one line."""
    what = field.name.replace("_", " ")
    if field.type == "checkbox":
        return True
    if field.type == "length":
        inches = parse_length(raw, what)
        if not math.isfinite(inches):
            raise DesignError(f"{what} {raw[:20]!r}: give a length such as {UNITS}")
        return inches
    if field.type in ("number", "count"):
        try:
            number = float(raw) if field.type == "number" else int(raw)
        except ValueError:
            raise DesignError(f"{what} {raw[:20]!r} is not a "
                              f"{'number' if field.type == 'number' else 'whole number'}"
                              ) from None
        low, high = DPI[1:] if field.name == "dpi" else (1, MAX_QTY)
        if not low <= number <= high:
            raise DesignError(f"{what}: give {low:g} to {high:,g}")
        return number
    if field.type == "select" and raw not in field.choices:
        raise DesignError(f"choose one of {', '.join(field.choices)}")
    if len(raw) > MAX_LEGEND:
        raise DesignError(f"at most {MAX_LEGEND} characters")
    return int(raw) if field.name == "holes" else raw
