"""How a pack's law is shown, apart from the law: the products and faces read a pack's
``Presentation`` (help of the options that cite it, the kind a form opens on, the
gallery's extra designs and fabrication samples, its example plan, the words a verdict
is said in), the law (``markers.core.pack.Pack``) carries none of it.

A pack keeps its presentation beside its law, in its own folder, as ``PRESENTATION``
in ``<pack module>.presentation``; ``presentation_of(pack)`` finds it from the pack's
``module``, so adding a state stays a change to ``markers/packs/`` alone and no
product imports a pack.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import TYPE_CHECKING

from markers.core.design import Design

if TYPE_CHECKING:
    from markers.core.pack import Pack

__all__ = ["Numbering", "Presentation", "presentation_of"]

#: The module, inside a pack's own package, that holds its ``PRESENTATION``.
MODULE = "presentation"


@dataclass(frozen=True)
class Numbering:
    """How a pack's reference sheets show its identification of aids: the sheets' title,
    the page's title and subtitle, the governing ``clause``, the ``rules`` in words,
    worked ``examples`` (kind, id) judged by ``Pack.check_id`` (the law), the aids drawn
    along a channel: (kind, id, side "left" | "right" | "center", position 0..3), and
    ``short``, the page in a few words as a list of pages names it ("WS numbering")."""

    sheet_title: str
    page_title: str
    title: str
    subtitle: str
    clause: str
    rules: tuple[str, ...]
    examples: tuple[tuple[str, str], ...]
    channel: tuple[tuple[str, str, str, float], ...]
    short: str = "numbering"


@dataclass(frozen=True)
class Presentation:
    """A pack's presentation: the reference sheets' ``numbering`` page; ``help`` of the
    faces' options that cite the rule or show its identifications (option -> words);
    ``verdicts`` words each verdict as the rule allows it to be said ("pass", "fail",
    "review", "error"; "pass:FAMILY" for the kinds of a family judged by another
    enactment, "pass:waived" a pass with waived requirements, named where it says
    ``{waived}``; "waived" with ``{unmet}`` and ``{why}``); ``example_kind`` the kind a
    form shows when none is asked for (None: the pack's first); ``gallery_extras``
    designs the gallery shows beside each kind's typical ones; ``fabrication_samples``
    the jobs whose shop files the gallery previews; ``example_plan`` the file name, in
    the project's examples/, of a clean plan the gallery shows."""

    numbering: Numbering
    help: Mapping[str, str] = field(default_factory=dict)
    verdicts: Mapping[str, str] = field(default_factory=dict)
    example_kind: str | None = None
    gallery_extras: tuple[Design, ...] = ()
    fabrication_samples: tuple[Design, ...] = ()
    example_plan: str | None = None


def presentation_of(pack: Pack) -> Presentation:
    """The presentation ``pack`` keeps beside its law (``PRESENTATION`` of its module's
    ``presentation``, imported when first asked for)."""
    presentation: Presentation = import_module(f"{pack.module}.{MODULE}").PRESENTATION
    return presentation
