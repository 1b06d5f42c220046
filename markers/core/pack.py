"""A pack: one jurisdiction's law as data and code, and the kinds of marker it defines.

Everything that depends on a jurisdiction reaches it through a Pack handed in by
``markers.api``: the builders get a ``Build`` made from it (its law and kinds), the
measurers and rules its law. How a pack is shown (help, verdict words, the gallery's
and sheets' extras) is not its law: ``markers.core.presentation``. Nothing is put in
force.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from importlib import import_module
from typing import TYPE_CHECKING, Any

from markers.core.colors import classify
from markers.core.design import Design
from markers.core.spec import Law, Ref
from markers.core.words import did_you_mean
from markers.errors import DesignError, WsmarkError

if TYPE_CHECKING:  # no shapely for commands that build and measure nothing
    from markers.check.engine import Registry
    from markers.core.artwork import Artwork

__all__ = ["FAMILIES", "FAMILY_NEEDS", "FRAMED", "Build", "Kind", "Look", "Mend", "Pack",
           "PackError"]

#: How a kind is drawn and measured: a flat regulatory face, a state aid face, a buoy
#: elevation, a buoy's flat wrap, or a flag.
FAMILIES = ("face", "aid", "buoy", "wrap", "flag")

#: The requirement keys the house's measurers read for every kind of a family (beside
#: what each kind declares in ``Kind.needs``): a face is measured to ``length_tolerance``.
FAMILY_NEEDS: dict[str, tuple[str, ...]] = {
    "face": ("length_tolerance",), "aid": ("length_tolerance",), "buoy": (),
    "wrap": ("length_tolerance",), "flag": (),
}


#: The shape of a face whose symbol is framed by a border band, before the symbol's
#: shape ("bordered-diamond"): a kind naming such a shape asks the face measurer to set
#: the border aside (markers.check.measure.common.Measuring.frames).
FRAMED = "bordered-"


@dataclass(frozen=True)
class Look:
    """What a kind's builder draws, so that no builder names a kind: the ``figure`` (a
    sign's symbol "diamond", "circle" or "rectangle"; an aid face's "triangle", "square"
    or "stripes"; an aid buoy's "nun" or "can"), ``shape_words`` saying it in a
    dimension, its ``color`` family, a ``cross`` in a diamond, ``stripes`` of black on
    white (with the letters on a black plate), where a sign's ``words`` go ("must" and
    "may" inside the symbol, "may" below it when they do not fit, "never" inside), and
    the kind a buoy's flat ``print`` is."""

    figure: str | None = None
    shape_words: str | None = None
    color: str | None = None
    cross: bool = False
    stripes: bool = False
    words: str | None = None
    print: str | None = None


@dataclass(frozen=True)
class Kind:
    """A marker kind, declared once: every list of kinds is derived from these.

    ``family`` says how it is drawn and measured (FAMILIES); ``reported_as`` is the kind
    a report names (an aid buoy is reported as its aid); ``shape`` is what the measurer
    calls the thing it detects for this kind (see ``markers.check.measure``). ``sample_id``
    is the identification of a typical aid, ``sample`` the other fields of a typical
    design and ``legends`` the typical legends the gallery and sheets show. ``surface``
    gives a buoy's surface for the shop (its zones and flat print, from the design and
    its elevation; ``markers.core.shop.BuoySurface``), None for kinds made flat.
    ``builder`` and ``surface`` are the functions or their "module:function" names,
    imported on first use so that commands that build nothing load no builder (nor its
    fonts); each is handed a ``Build``. ``look`` is what the builder draws (Look).
    ``explained``: the sign may carry words above and below its symbol; ``choices``
    names, for each design field chosen from a list of the law (a race buoy's color),
    that list's key in ``Law.choices``. ``needs`` and ``topics`` declare the requirement
    keys (``Law.requirements``) and clause topics (``Law.clauses``) its builder and rules
    read beyond those of its family (``FAMILY_NEEDS``): a pack whose law lacks one is
    refused when it is made, in one line naming what is missing.
    """

    name: str
    title: str
    ref: Ref
    builder: Callable[[Design, Build], Artwork] | str
    family: str
    shape: str
    reported_as: str | None = None
    uses_legend: bool = False
    sample_id: str | None = None
    display_area: bool = True
    sample: dict[str, Any] = field(default_factory=dict)
    legends: tuple[str | None, ...] = (None,)
    surface: Callable[[Design, Artwork, Build], Any] | str | None = None
    look: Look = Look()
    explained: bool = False
    choices: Mapping[str, str] = field(default_factory=dict)
    needs: tuple[str, ...] = ()
    topics: tuple[str, ...] = ()

    @property
    def form(self) -> str:
        """"sign" (a flat face sized by its display area), "buoy", "wrap" or "flag"."""
        return "sign" if self.family in ("face", "aid") else self.family

    def build(self, design: Design, build: Build) -> Artwork:
        """The builder's Artwork of ``design`` (no validation: see ``Pack.build``)."""
        return _resolve(self.builder)(design, build)

    @property
    def report_name(self) -> str:
        return self.reported_as or self.name

    def typical_designs(self, display_height: float | None) -> list[Design]:
        """This kind at ``display_height`` (None without a display area) with each of its
        typical legends, its sample id and its sample fields."""
        fields_ = {"ws_id": self.sample_id, **self.sample}
        sample_legend = fields_.pop("legend", None)
        legends = self.legends if self.legends != (None,) else (sample_legend,)
        height = display_height if self.display_area else None
        return [Design(self.name, height, legend=legend, **fields_) for legend in legends]


@dataclass(frozen=True)
class Build:
    """What a builder is handed beside the design, made once by ``Pack.build`` (as
    yamllint's rules get ``conf``): the ``law`` whose numbers and paragraphs it draws
    to, the pack's ``kinds`` (a buoy carries a face of another kind), ``as_declared``
    (a number of the rule that the design breaks is left to the checker's rules to
    report with its paragraph instead of being refused; what cannot be drawn at all is
    still refused) and ``drawn`` (False: built only to read its dimensions, lines set
    without their SVG path data)."""

    law: Law
    kinds: Mapping[str, Kind]
    as_declared: bool = False
    drawn: bool = True

    def kind(self, name: str) -> Kind:
        """The kind called ``name`` (a builder asks only for kinds its design names)."""
        return self.kinds[name]

    def of_family(self, *families: str) -> tuple[str, ...]:
        """Names of the kinds of ``families``, in declaration order."""
        return tuple(k.name for k in self.kinds.values() if k.family in families)

    def make(self, design: Design) -> Artwork:
        """The Artwork of ``design`` by its kind's builder (a face a buoy carries)."""
        return self.kinds[design.kind].build(design, self)

    def refuse(self, message: str, field: str | None = None) -> None:
        """Refuse a design that breaks a number of the rule (in its ``field``), unless
        built as declared."""
        if not self.as_declared:
            raise DesignError(message, field)


@dataclass(frozen=True)
class Mend:
    """How a repair answers a finding of one rule, in the words a clerk reads: a marker
    rebuilt compliant by construction answers most findings; the change is said as
    ``what`` (a format string: ``{figure}`` the symbol's figure, ``{H}`` the display
    height, ``{old}`` and ``{new}``, ``{required}``, ``{measured}`` and ``{message}`` the
    finding's), with the value ``value(facts, finding)`` measured on the drawing before and after
    (a number, a ColorMatch or words; None: not this finding's). ``redo(design,
    finding, law)`` corrects the design a drawing means (or a design file declares)
    where the finding puts a value of it in doubt (None: the design as read; a
    DesignError says the finding cannot be repaired, and why). ``answers_review``: a
    ``review`` of the rule is about what a rebuilt marker sets anew (where words stand,
    judged on a box estimated from font text; a band's reflective material, which a
    shop's file cannot name), not about what the drawing means: rebuilding answers it,
    once every line of the marker's lettering was read.
    ``cannot``: the finding is not for a repair to answer
    (an aid's number is the plan's to choose), and why, in a format string as ``what``."""

    what: str = ""
    value: Callable[[Any, Any], Any] | None = None
    redo: Callable[[Design, Any, Law], Design] | None = None
    cannot: str | None = None
    answers_review: bool = False


@dataclass(frozen=True)
class Pack:
    """One jurisdiction's law: its ``law`` (citations, numbers), its ``kinds``, the
    ``validate`` step every design passes before it is built, its ``rules`` and the
    identification check (``check_id(kind, id) -> id``, DesignError when wrong;
    ``validate`` gets the Build the design is to be built with). ``source`` names the
    enactment; ``module`` is where the pack is defined (as ``PACK``). ``plan_rules``,
    when the pack judges placement plans, is its markers.plan.rules.PlanRegistry;
    ``mends`` how a repair answers each rule's findings (rule id -> Mend). ``version``
    names the text of the law the pack holds (every report says it). How the law is
    shown (help, verdict words, the gallery's extras and samples, the form's first
    kind, the reference sheets' numbering page) is not the law: the pack keeps it
    beside, in ``markers.core.presentation``. Both rule registries are named as
    "module:NAME" (``rules_at``, ``plan_rules_at``) and imported when first used:
    listing kinds loads no measurer, no geometry library and no projection."""

    name: str
    title: str
    source: str
    url: str
    law: Law
    kinds: Mapping[str, Kind]
    validate: Callable[[Design, Kind, Build], Design]
    rules_at: str
    check_id: Callable[[str, str | None], str]
    module: str
    plan_rules_at: str | None = None
    mends: Mapping[str, Mend] = field(default_factory=dict)
    version: str = ""
    #: "module:NAME" of the pack's register rules (markers.register.rules.RegisterRules:
    #: what falls due of a town's markers, each with its paragraph), if it keeps one
    register_rules_at: str | None = None

    def __post_init__(self) -> None:
        """Refuse a pack whose law lacks what one of its kinds needs (see Kind), in one
        line naming the pack, the kind and what is missing."""
        missing = self.missing()
        if missing:
            raise PackError(f"pack {self.name}: {'; '.join(missing)}")

    def missing(self) -> list[str]:
        """What each kind needs that the pack's law does not define, in words."""
        law, said = self.law, []
        for kind in self.kinds.values():
            if kind.family not in FAMILIES:
                said.append(f"{kind.name} is of family {kind.family!r}, not one of "
                            f"{', '.join(FAMILIES)}")
                continue
            keys = [k for k in (*FAMILY_NEEDS[kind.family], *kind.needs)
                    if k not in law.requirements]
            keys += [f"list {k}" for k in kind.choices.values() if k not in law.choices]
            keys += [f"clause topic {t}" for t in kind.topics if t not in law.clauses]
            if kind.ref.clause not in law.citations:
                keys.append(f"citation {kind.ref.clause!r}")
            if keys:
                said.append(f"{kind.name} needs {', '.join(keys)}, which its law does not "
                            "define")
        return said

    @cached_property
    def rules(self) -> Registry:
        """The pack's marker rules."""
        return _resolve(self.rules_at)

    @cached_property
    def plan_rules(self) -> Registry | None:
        """The pack's placement-plan rules, if it judges plans."""
        return _resolve(self.plan_rules_at) if self.plan_rules_at else None

    @cached_property
    def register_rules(self) -> Any:
        """The pack's register rules (what falls due, cited), if it keeps a register."""
        return _resolve(self.register_rules_at) if self.register_rules_at else None

    def __reduce__(self) -> tuple[Callable[[str], Pack], tuple[str]]:
        """A pack crosses to worker processes by the name of the module defining it."""
        return _pack_of, (self.module,)

    def kind(self, name: str) -> Kind:
        """The kind called ``name``, or a one-line error listing the known kinds."""
        try:
            return self.kinds[name]
        except KeyError:
            raise DesignError(f"unknown marker kind {name!r}{did_you_mean(name, self.kinds)}; "
                              f"known kinds: {', '.join(self.kinds)}", field="kind") from None

    def of_family(self, *families: str) -> tuple[str, ...]:
        """Names of the kinds of ``families``, in declaration order."""
        return tuple(k.name for k in self.kinds.values() if k.family in families)

    def maker(self, as_declared: bool = False, drawn: bool = True) -> Build:
        """The Build its builders are handed (see Build)."""
        return Build(self.law, self.kinds, as_declared, drawn)

    def build(self, design: Design, as_declared: bool = False, drawn: bool = True
              ) -> Artwork:
        """The Artwork of ``design``, validated first, painted in the design's declared
        colors where it gives any (family -> hex). ``as_declared`` and ``drawn``: see
        Build."""
        kind = self.kind(design.kind)
        build = self.maker(as_declared, drawn)
        design = self.validate(design, kind, build)
        art = kind.build(design, build)
        if not design.colors:
            return art
        unknown = sorted(set(design.colors) - set(art.colors()))
        if unknown:
            raise DesignError(f"colors: {', '.join(unknown)} not used by {design.kind}; "
                              f"its colors are {', '.join(art.colors())}", field="colors")
        hexes = {family: classify(value).hex for family, value in design.colors.items()}
        layers = tuple(replace(layer, hex=hexes.get(layer.color, layer.hex))
                       for layer in art.layers)
        return replace(art, layers=layers)

    def surface(self, design: Design, art: Artwork, as_declared: bool = False) -> Any | None:
        """The surface of the buoy ``design`` (its elevation ``art``) for the shop, or
        None for a kind made flat (signs, wraps, flags)."""
        kind = self.kind(design.kind)
        if kind.surface is None:
            return None
        build = self.maker(as_declared)
        return _resolve(kind.surface)(self.validate(design, kind, build), art, build)


class PackError(WsmarkError):
    """A pack that cannot serve its kinds (its law lacks what they need)."""


def _resolve(what: Any) -> Any:
    """``what`` itself, or the object a "module:attribute" string names (its module
    imported now)."""
    if not isinstance(what, str):
        return what
    module, _, attribute = what.partition(":")
    return getattr(import_module(module), attribute)


def _pack_of(module: str) -> Pack:
    """The ``PACK`` of ``module`` (how a pickled pack is found again)."""
    return import_module(module).PACK
