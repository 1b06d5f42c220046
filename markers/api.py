"""The public Python API of wsmark: one function per use case, paths or bytes in, values
out. The command line and every later front end (the web page) call only this.

Every function takes ``pack`` (a pack name, default ``wi-nr509``); a user mistake raises
a WsmarkError subclass whose text is one line.

>>> from markers import api
>>> design = api.design("danger", display_height=24, legend="ROCKS")
>>> art = api.build(design)
>>> round(art.width, 2), round(art.height, 2)
(20.0, 24.0)
>>> api.render(design, ".svg")[:4]
b'<svg'
>>> report, marked = api.check(api.render(design, ".svg"), "danger.svg")
>>> report.verdict
'pass'
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from markers.core.design import DESIGN_SUFFIXES, Design, parse_design
from markers.core.pack import Kind, Pack
from markers.core.presentation import presentation_of
from markers.core.safe_text import xml_text
from markers.core.shown import one_line
from markers.errors import DesignError, UnreadableDrawing, WsmarkError
from markers.packs import DEFAULT_PACK, PACK_NAMES, get_pack
from markers.register.rules import CONDITIONS, STATUSES
from markers.runtime.atomic import write_atomic
from render.output import FORMATS, MAX_PIXELS
from render.paper import PAPERS

__all__ = ["DEFAULT_PACK", "PACK_NAMES", "CheckOptions", "FileReport", "get_pack", "kinds",
           "page_text", "kind", "kind_names", "help_texts",
           "example_kind", "choices", "parse_length", "design",
           "design_or_file", "design_form", "design_yaml", "file_stem", "read_input",
           "build", "spec", "render", "wrap_design", "check",
           "check_shown", "verdict_line", "finding_groups", "unreadable",
           "check_budget", "check_paths", "check_files", "CheckRun", "Streams",
           "check_options", "reports", "tally",
           "rules", "rule_rows", "compared", "explain",
           "sheets", "flagged", "gallery", "fabricate", "fabrication_tables",
           "write_file", "write_files", "write_set", "FORMATS", "MAX_PIXELS", "PAPERS",
           "Design", "plan_check", "plan_reports",
           "plan_tally", "plan_map", "plan_packet", "plan_export",
           "check_suffixes", "report_pdf", "reference_sheets", "one_line", "job_pool",
           "JobFailed", "fix", "fix_file", "fix_report", "rule_records",
           "metric_length", "in_both_units", "output_target",
           "DEFAULT_REGISTER", "REGISTER_CONDITIONS", "REGISTER_STATUSES",
           "register_add_plan", "register_add_marker", "register_permit",
           "register_record", "register_list", "register_show", "register_due",
           "register_text", "register_export", "register_check_proof", "register_backup"]

if TYPE_CHECKING:
    from datetime import date

    from markers.check.pipeline import CheckOptions
    from markers.check.report import FileReport, Provenance, Tally
    from markers.check.shown import Checked
    from markers.core.artwork import Artwork
    from markers.core.design_form import DesignForm
    from markers.plan.model import Plan, PlanReport
    from markers.plan.report import PlanTally
    from markers.products.check_run import CheckOutputs, CheckRun, Made, Outcome, Streams
    from markers.products.repair import Repair
    from markers.register.model import Due, Entry, Event, Permit, Proof
    from markers.register.rules import RegisterRules
    from markers.register.store import Register
    from markers.runtime.budget import Limits
    from markers.runtime.fair import FairPool, JobFailed


def __getattr__(name: str) -> Any:
    """The checker's values (``CheckOptions``, ``FileReport``) are part of the API, but
    the checker is imported only when first asked for, so other commands start fast."""
    value: Any
    if name == "JobFailed":
        from markers.runtime.fair import JobFailed as value
    elif name == "CheckOptions":
        from markers.check.pipeline import CheckOptions as value
    elif name == "FileReport":
        from markers.check.report import FileReport as value
    elif name in ("CheckRun", "Streams"):
        from markers.products import check_run

        value = getattr(check_run, name)
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return value


def _pack(pack: str | Pack) -> Pack:
    return pack if isinstance(pack, Pack) else get_pack(pack)


def kinds(pack: str | Pack = DEFAULT_PACK) -> list[Kind]:
    """Every kind the pack defines, in its order.

    >>> [k.name for k in kinds()][:3]
    ['danger', 'exclusion', 'control']
    """
    return list(_pack(pack).kinds.values())


def kind_names(*families: str, pack: str | Pack = DEFAULT_PACK) -> tuple[str, ...]:
    """Names of the pack's kinds of ``families`` (all kinds when none is named)."""
    chosen = _pack(pack)
    return chosen.of_family(*families) if families else tuple(chosen.kinds)


def choices(field: str, pack: str | Pack = DEFAULT_PACK) -> tuple[str, ...]:
    """The values the design field ``field`` (symbol, shape, color) takes under the pack,
    over all its kinds (see ``markers.core.design_form.field_choices``)."""
    from markers.core.design_form import field_choices

    return field_choices(_pack(pack), field)


def parse_length(text: str, what: str = "length") -> float:
    """A length as typed ("24", "24in", "60cm", "2ft") in inches; DesignError otherwise."""
    from markers.core.units import parse_length as inches

    return inches(text, what)


def metric_length(text: str) -> str | None:
    """How a metric length as typed is said back ("10cm" -> "10 cm"), None for one in
    inches or feet.

    >>> metric_length("10cm"), metric_length("24in"), metric_length("24")
    ('10 cm', None, None)
    """
    from markers.core.units import metric

    return metric(text)


def in_both_units(text: str, lengths: Mapping[float, str]) -> str:
    """``text`` with each length given in a metric unit (``lengths``: inches -> as typed,
    see ``metric_length``) said in both units where it is said in inches.

    >>> in_both_units("display height 3.93701 in is below 12 in", {10 / 2.54: "10 cm"})
    'display height 10 cm = 3.94 in is below 12 in'
    """
    from markers.core.units import in_both_units as said

    return said(text, lengths)


def help_texts(pack: str | Pack = DEFAULT_PACK) -> dict[str, str]:
    """The pack's help of the options that cite its rule (option -> words), for the
    faces."""
    return dict(presentation_of(_pack(pack)).help)


def example_kind(pack: str | Pack = DEFAULT_PACK) -> str:
    """The kind a form shows when none is asked for (the pack's example, else its
    first kind)."""
    chosen = _pack(pack)
    return presentation_of(chosen).example_kind or next(iter(chosen.kinds))


def kind(name: str, pack: str | Pack = DEFAULT_PACK) -> Kind:
    """The kind called ``name`` (DesignError listing the known ones otherwise)."""
    return _pack(pack).kind(name)


#: Design fields that shape a sign face (the others are the buoy and flag fields).
SIGN_FIELDS = ("max_width", "above", "below", "force")


def design(kind_name: str, display_height: float | None = None, *, outline: float | None = None,
           legend: str | None = None, ws_id: str | None = None, sample: bool = False,
           pack: str | Pack = DEFAULT_PACK, **fields: Any) -> Design:
    """A Design from options, as the command line gives them: ``fields`` are the buoy
    and flag fields (None or False when not given; ``surface=True`` lays a face along
    a buoy's surface); ``sample`` fills in a typical symbol and id.

    >>> design("aid-red", 18, sample=True).ws_id
    'WS-2'
    """
    spec_ = _pack(pack).kind(kind_name)
    permit_id = fields.pop("permit_id", None)
    if legend is not None and not spec_.uses_legend:
        raise DesignError(f"{kind_name} carries its identification, not a legend; use --id"
                          if spec_.sample_id else f"{kind_name} takes no legend", "legend")
    if ws_id is not None and spec_.sample_id is None:
        raise DesignError(f"{kind_name} takes no --id (aids only)", "ws_id")
    if ws_id is None and sample:
        ws_id = spec_.sample_id
    if fields.pop("surface", False):
        fields["curvature"] = "surface"
    fields = {key: value for key, value in fields.items()
              if value is not None and value is not False}  # a given 0 is kept, and refused
    wrong = [key for key in fields if (key in SIGN_FIELDS) != (spec_.form == "sign")]
    if wrong:
        where = "buoys and flags" if spec_.form == "sign" else "sign faces"
        verb = "applies" if len(wrong) == 1 else "apply"  # "--max-width applies to ..."
        raise DesignError(f"{kind_name}" + (" is a sign face: " if spec_.form == "sign" else ": ")
                          + ", ".join("--" + key.replace("_", "-") for key in wrong)
                          + f" {verb} to {where}", wrong[0])
    if sample and "symbol" not in fields:
        fields.update({k: v for k, v in spec_.sample.items() if k != "legend"})
        legend = legend if legend is not None else spec_.sample.get("legend")
    return Design(kind_name, display_height, outline=outline, legend=legend, ws_id=ws_id,
                  permit_id=permit_id, **fields)


def with_permit_id(design_: Design, permit_id: str | None) -> Design:
    """``design_`` labelled with the department's identification number ``permit_id``
    (NR 5.09(3)(b); the pack checks and places it when it builds); unchanged for None.

    >>> with_permit_id(design("danger", 24), "WI-2026-0417").permit_id
    'WI-2026-0417'
    """
    from dataclasses import replace

    return design_ if permit_id is None else replace(design_, permit_id=permit_id)


def design_from_file(path: str | Path | None = None, data: bytes | None = None,
                     name: str | None = None) -> Design:
    """A Design read from a YAML/JSON file at ``path``, or from ``data`` named ``name``
    (its suffix says JSON or YAML).

    >>> design_from_file(data=b"kind: control\\ndisplay_height: 24\\nlegend: 5 MPH",
    ...                  name="c.yaml").legend
    '5 MPH'
    """
    if data is None:
        if path is None:
            raise UnreadableDrawing("no design given")
        from markers.read.limits import read_limited

        data, name = read_limited(path, str(path)), str(path)
    return parse_design(data, name or "design.yaml")


def read_input(path: str | Path) -> bytes:
    """The bytes of the drawing or design at ``path`` (at most the readers' size limit);
    a one-line UnreadableDrawing when it is missing, not a file or too large."""
    from markers.read.limits import read_input as read

    return read(path)


def output_target(path: str | Path, inputs: Iterable[str | Path], option: str) -> Path:
    """Where ``option`` writes: ``path``, which is none of ``inputs`` (a one-line
    WsmarkError else: an input is never written over)."""
    target = Path(path)
    if target.resolve() in {Path(f).resolve() for f in inputs}:
        raise WsmarkError(f"{option} {path}: refusing to write over an input")
    return target


def is_design_file(name: str) -> bool:
    """Whether ``name`` names a design file (YAML or JSON) rather than a kind."""
    return Path(name).suffix.lower() in DESIGN_SUFFIXES


def design_or_file(what: str, display_height: float | None = None, *,
                   outline: float | None = None, legend: str | None = None,
                   ws_id: str | None = None, sample: bool = False,
                   pack: str | Pack = DEFAULT_PACK, **fields: Any) -> Design:
    """The design the command line names: ``what`` a kind with its options (as
    ``design`` takes them; a sign needs its display height), or a YAML/JSON design file
    (labelled with ``fields``' ``permit_id`` when given; the other options are the
    file's)."""
    if is_design_file(what):
        return with_permit_id(design_from_file(what), fields.get("permit_id"))
    spec_ = kind(what, pack)
    if display_height is None and spec_.form == "sign" and spec_.display_area:
        raise DesignError("--display-height is required with a KIND", "display_height")
    if display_height is not None and not spec_.display_area:
        sizes = {"flag": "--flag-height, --flag-length", "face": "its law's or --outline",
                 }.get(spec_.family, "--height-above-water, --diameter")
        raise DesignError(f"{what} has no display area: --display-height does not apply "
                          f"(its size: {sizes})", "display_height")
    return design(what, display_height, outline=outline, legend=legend, ws_id=ws_id,
                  sample=sample, pack=pack, **fields)


def design_form(values: Mapping[str, str], typical: bool = False,
                pack: str | Pack = DEFAULT_PACK) -> DesignForm:
    """A design form read from its text (by field name; an unknown kind is the pack's
    example kind): the kind, the fields it takes (from the pack's Kind data, hints in
    its numbers) and the options of its files (``render``'s and ``fabricate``'s), the
    keyword arguments of ``design`` (``kind`` among them) and of its files
    (``making``), the text to show again and the refusals by field; ``typical``: the
    fields not named take the kind's typical values. Lengths take the command line's
    units. A DesignError goes beside its field with ``refused``.

    >>> form = design_form({"kind": "control", "display_height": "60cm", "legend": "5 MPH",
    ...                     "qty": "2"})
    >>> [f.name for f in form.fields if f.group == "design"]
    ['display_height', 'legend', 'above', 'below', 'outline', 'max_width', 'force', 'permit_id']
    >>> round(form.params["display_height"], 3), form.making, form.errors
    (23.622, {'qty': 2}, {})
    >>> design_form({"kind": "control", "display_height": "1e6"}).errors["display_height"]
    "display height '1e6' is 1e+06 in; no marker is larger than 1200 in (100 ft)"
    """
    from markers.core.design_form import read_form

    return read_form(_pack(pack), values, typical)


def design_yaml(design_: Design) -> bytes:
    """``design_`` as a YAML design file, which ``design_from_file`` reads back to it.

    >>> design_yaml(design("control", 24, legend="5 MPH")).decode()
    'kind: control\\ndisplay_height: 24\\nlegend: 5 MPH\\n'
    """
    from markers.core.design import design_yaml as written

    return written(design_)


def file_stem(design_: Design) -> str:
    """The stem of a design's files, as ``fabricate`` names them.

    >>> file_stem(design("control", 24, legend="SLOW NO WAKE", permit_id="WI-7"))
    'control-24in-slow-no-wake-wi-7'
    """
    from markers.products.files import marker_stem

    return marker_stem(design_.kind, design_.display_height,
                       design_.legend or design_.ws_id, design_.permit_id)


def build(design_: Design, pack: str | Pack = DEFAULT_PACK, as_declared: bool = False
          ) -> Artwork:
    """The Artwork of a design: exact geometry in inches, validated by the pack
    (``as_declared``: a number of the rule it breaks is left to the checker)."""
    return _pack(pack).build(design_, as_declared)


def spec(design_: Design, pack: str | Pack = DEFAULT_PACK) -> dict[str, Any]:
    """A design's dimensions, each with the paragraph it comes from (``spec --format
    json``).

    >>> spec(design("danger", 24))["dimensions"][0]["citation"]
    'NR 5.09(6)(a)'
    """
    art = build(design_, pack)
    return {"kind": design_.kind, "display_height_in": art.meta.get("display_height"),
            "dimensions": [{"name": d.name, "value": d.value, "unit": d.unit,
                            "citation": d.clause} for d in art.meta["dimensions"]]}


def render(what: Design | Artwork, suffix: str, dpi: float = 150,
           pack: str | Pack = DEFAULT_PACK, max_pixels: int | None = None) -> bytes:
    """A design or Artwork at actual size as ``.svg``, ``.png`` (at ``dpi``; refused
    with a one-line WsmarkError beyond ``max_pixels``, default MAX_PIXELS), ``.pdf`` or
    ``.dxf`` bytes (the cut layers of ``fabricate``'s cut.dxf; not for a buoy's elevation,
    whose cut files are its wrap's)."""
    from render.output import render_bytes

    art = build(what, pack) if isinstance(what, Design) else what
    kind = _pack(pack).kinds.get(art.meta.get("kind") or "")
    if suffix.lower() == ".dxf" and kind is not None and kind.family == "buoy":
        raise DesignError(f"a {kind.name} is drawn as an elevation, which is cut from no "
                          f"sheet: its cut files are its wrap's (wsmark fabricate {kind.name} "
                          "-o DIR/)")
    return render_bytes(art, suffix, dpi, MAX_PIXELS if max_pixels is None else max_pixels)


def wrap_design(symbol: str | None, display_height: float | None = None, *,
                legend: str | None = None, outline: float | None = None,
                diameter: float | None = None, height_above_water: float | None = None,
                surface: bool = False, seam: float | None = None,
                permit_id: str | None = None, pack: str | Pack = DEFAULT_PACK) -> Design:
    """The design of a buoy wrap (the pack's kind of the "wrap" family): the flat
    artwork that goes around a symbol buoy (with ``permit_id`` lettered under each
    symbol)."""
    return Design(_pack(pack).of_family("wrap")[0], display_height, outline=outline,
                  legend=legend, symbol=symbol,
                  diameter=diameter, height_above_water=height_above_water,
                  curvature="surface" if surface else "seen", seam=seam or 0.0,
                  permit_id=permit_id)


def _waivers(waive: Mapping[str, str] | Iterable[str], known: Iterable[str],
             per_marker: bool = False) -> dict[str, str]:
    """Waivers as a mapping rule id -> reason, from a mapping or from ``RULE:reason``
    words, each of a rule in ``known`` and with its reason (one-line WsmarkError else):
    the one place waivers are read, for drawings, plans and the web page alike.
    ``per_marker``: a waiver may name one marker of a file, ``RULE@N`` (N as the reports
    number its markers for people, from 1)."""
    from markers.check.pipeline import MARKER_SEP

    if isinstance(waive, Mapping):
        pairs = list(waive.items())
    else:
        pairs = []
        for value in waive:
            rule_id, sep, reason = value.partition(":")
            if not sep or not reason.strip():
                raise WsmarkError(f"--waive: {value!r} is not RULE:reason")
            pairs.append((rule_id, reason))
    from markers.core.waiver import waiver_problem
    from markers.core.words import did_you_mean

    known = set(known)
    waivers: dict[str, str] = {}
    for rule_id, reason in pairs:
        bare, sep, marker = rule_id.strip().partition(MARKER_SEP)
        if bare not in known:
            raise WsmarkError(f"--waive: unknown rule {bare!r}"
                              f"{did_you_mean(bare, sorted(known))}")
        if sep and not (per_marker and marker.isdigit() and len(marker) < 6
                        and int(marker) >= 1):
            raise WsmarkError(f"--waive: {rule_id.strip()!r}: name a rule" + (
                f", or a rule on one marker as RULE{MARKER_SEP}N (N from 1, as the reports "
                "number markers)"
                if per_marker else ""))
        problem = waiver_problem(reason)
        if problem:
            raise WsmarkError(f"--waive: {rule_id.strip()}: {problem} (RULE:reason; "
                              "by=WHO; on=YYYY-MM-DD)")
        waivers[rule_id.strip()] = reason.strip()
    return waivers


def check_options(display_height: float | None = None, scale: float | None = None,
                  waive: Mapping[str, str] | Iterable[str] = (),
                  tolerance: Iterable[str] = (),
                  pack: str | Pack = DEFAULT_PACK, allow_below_minimum: bool = False
                  ) -> CheckOptions:
    """CheckOptions from the user's words: waivers as a mapping rule id -> reason or as
    ``RULE:reason`` words (``RULE@N``: the rule on marker N of a file alone), tolerances
    as ``RULE=VALUE`` (in the rule's unit); a bad one is a one-line WsmarkError. A
    tolerance that would accept less than the rule's own minimum is refused unless
    ``allow_below_minimum``; then every report says so (CheckOptions.overrides).

    >>> check_options(tolerance=["diamond-slope=1.0"]).tolerances
    {'diamond-slope': 1.0}
    >>> check_options(waive={"symbol-centered": " board "}).waivers
    {'symbol-centered': 'board'}
    >>> check_options(waive=["outline-width@2:board, 2026-05-01"]).waivers
    {'outline-width@2': 'board, 2026-05-01'}
    """
    from markers.check.pipeline import CheckOptions

    rules_ = _pack(pack).rules
    overrides = {}
    for value in tolerance:
        rule_id, _, number = value.partition("=")
        amount = _tolerance_amount(rules_, rule_id, number, value)
        try:
            overrides[rule_id] = rules_.override(rule_id, amount, allow_below_minimum)
        except ValueError as err:
            raise WsmarkError(f"--tolerance: {err}") from None
    waivers = _waivers(waive, rules_.rules, per_marker=True)
    return CheckOptions(display_height, scale, waivers,
                        {rule_id: o.value for rule_id, o in overrides.items()},
                        tuple(overrides.values()))


def _tolerance_amount(rules_: Any, rule_id: str, number: str, value: str) -> float:
    """A tolerance's number in its rule's unit: a bare number, or a length with its unit
    ("1in", "2.5cm") for a rule measured in inches, or degrees ("1deg") for one in
    degrees, as lengths are typed elsewhere (one-line WsmarkError else)."""
    try:
        return float(number)
    except ValueError:
        pass
    rule_ = rules_.rules.get(rule_id)
    unit = rule_.tolerance.unit_under(rules_.law) if rule_ and rule_.tolerance else None
    text = number.strip().lower()
    try:
        if unit == "in":
            return parse_length(text, f"--tolerance {rule_id}")
        if unit == "deg" and text.endswith(("deg", "°")):
            return float(text.removesuffix("deg").removesuffix("°"))
    except (WsmarkError, ValueError):
        pass
    said = {"in": "a length (0.05, 1in, 2mm)", "deg": "degrees (1.0, 1deg)"}.get(
        unit or "", "a number")
    raise WsmarkError(f"--tolerance: {value!r} is not RULE=VALUE, the value "
                      f"{said}{' in ' + unit if unit and unit not in ('in', 'deg') else ''}")


def check(data: bytes, name: str, options: CheckOptions | None = None,
          pack: str | Pack = DEFAULT_PACK, annotate_copy: bool = False,
          label: str | None = None) -> tuple[FileReport, bytes | None]:
    """Judge a drawing or design given as bytes (``name``'s suffix says which); with
    ``annotate_copy``, also the marked-up SVG (of the page with the first failure, for a
    drawing of several pages), made over the drawing as read (it is parsed once). The
    report names the file ``label`` when given (the name a person knows it by, where
    ``name`` is the one the checker is told), else ``name``. Never raises for bad input:
    the report's verdict is then 'error' with a one-line reason, also when it runs out
    of memory (in a worker under a memory limit, as the web page's are).

    >>> check(b"<svg", "proof-1.svg", label="vendor sign.svg")[0].error
    'vendor sign.svg: not well-formed XML (unclosed token, line 1, column 0)'
    >>> check(b"", "proof-2.svg", label="empty.svg")[0].error
    'empty.svg: the file is empty'
    """
    from markers.check.pipeline import CheckOptions
    from markers.products.checked import check_one

    report, marked, _ = check_one(data, name, options or CheckOptions(), _pack(pack),
                                  annotate_copy, label)
    return report, marked


def check_shown(data: bytes, name: str, options: CheckOptions | None = None,
                pack: str | Pack = DEFAULT_PACK, label: str | None = None) -> Checked:
    """``check`` with its marked-up copy, as a face shows a file: for each finding,
    where it is in words (from its box and the size of its page: "top left, 2.1 in
    from the left edge ...") and its number on the copy; for a failing file, what a
    repair (``fix``) would list as not repairable, from its findings and the designs its
    markers mean (built, not drawn nor checked again: a face offers the compliant
    version only where there can be one).

    >>> shown = check_shown(b"kind: danger\\ndisplay_height: 24\\noutline: 1.5\\n", "d.yaml")
    >>> [(f.rule, place, mark) for f, place, mark in
    ...  zip(shown.report.findings, shown.places, shown.marks) if f.severity == "error"]
    [('outline-width', 'bottom, 2.3 in from the bottom edge', 1)]
    """
    from markers.check.pipeline import CheckOptions
    from markers.products.checked import check_shown as shown

    return shown(data, name, options or CheckOptions(), _pack(pack), label)


def check_files(asked: CheckRun, streams: Streams, pack: str | Pack = DEFAULT_PACK
                ) -> Outcome:
    """``wsmark check`` of files and folders from start to end (markers.products.check_run):
    the inputs walked once, each file judged in a worker under ``asked.budget`` (a file
    over it gets verdict 'error', one line), each report written to ``streams`` as it
    comes, the marked-up copies (``asked.annotate``) and the clerk's report
    (``asked.report``) made in jobs of their own after and written; the exit status and
    the counts. No input, or a target that is an input, is a one-line WsmarkError before
    anything is written."""
    from markers.products.check_run import run

    return run(asked, _pack(pack), get_pack, streams)


def check_paths(paths: Iterable[str | Path], options: CheckOptions | None = None,
                pack: str = DEFAULT_PACK, jobs: int | None = None,
                outputs: CheckOutputs | None = None, budget: Limits | None = None,
                notes: Callable[[str], None] | None = None
                ) -> Iterator[tuple[str, FileReport, Made | None]]:
    """Judge files over ``jobs`` processes (default: all cores), yielding (path, report,
    what was made of ``outputs``: Made, or None when none were asked for) in input order
    as each is done; ``paths`` is taken as the workers need it, so a lazy one is never
    held.

    Each file is checked in a worker process under ``budget`` (CPU seconds and memory,
    enforced from outside the work: markers/runtime/); a file over it gets verdict
    'error' with one line saying which limit it passed. Its outputs are made after, in
    a job of their own under the same budget: one that does not fit says so in its
    Made's ``refused`` and the verdict stays. A file judged within 10 % of its CPU limit
    (which a busier machine may stop) is said in one line to ``notes``."""
    from markers.check.pipeline import CheckOptions
    from markers.products.check_run import check_paths as checked

    return checked(paths, options or CheckOptions(), _pack(pack), get_pack, jobs, outputs,
                   budget, notes)


def verdict_words(report: FileReport, pack: str | Pack = DEFAULT_PACK) -> str | None:
    """A file's verdict as the pack words it (what a pass does and does not mean), None
    when the pack has no words for it (markers.products.clerk).

    >>> verdict_words(check(render(design("danger", 24), ".svg"), "d.svg")[0])
    "meets NR 5.09 as drawn; placement needs the department's approval (NR 5.09(3)(b))"
    """
    from markers.products.clerk import verdict_words as words

    return words(report, _pack(pack))


def provenance(pack: str | Pack = DEFAULT_PACK) -> Provenance:
    """What makes a report: the wsmark version, and the pack's name and version.

    >>> provenance().pack
    'wi-nr509'
    """
    from markers.products.clerk import provenance as made_by

    return made_by(_pack(pack))


def report_pdf(items: list[FileReport], marked: Sequence[bytes | list[bytes] | None],
               pack: str | Pack = DEFAULT_PACK, stamp: str | None = None) -> bytes:
    """The clerk's report as PDF: for each file its verdict in the words the pack allows,
    the marked-up drawing (``marked``: as ``check(..., annotate_copy=True)`` gives it, or
    a copy per page as ``check_paths`` does, of which the worst page is shown; or None),
    a row per requirement judged with the words of its paragraph, and the findings;
    every page names the file, its SHA-256 and size, the versions, the options used and
    the date and time ``stamp`` (None: now, or SOURCE_DATE_EPOCH when set, so a build
    that pins it makes the same bytes; "" leaves it off). Built from the JSON contract,
    so it says what the JSON says."""
    from markers.products.clerk import clerks_report

    return clerks_report(items, marked, _pack(pack), stamp)


def fix(data: bytes, name: str, suffix: str, options: CheckOptions | None = None,
        pack: str | Pack = DEFAULT_PACK, overlay: bool = False) -> Repair:
    """The compliant version of the proof or design ``data`` (named ``name``) as a
    ``suffix`` file (markers.products.repair.Repair): each marker rebuilt compliant where
    it stood, what the proof set aside kept, every finding said as a change with its
    paragraph; and checked, so that its ``data`` is made only when it passes. What cannot
    be repaired (an aid's number the plan must choose, lettering not read, anything
    under review) is listed and no file is made. With ``overlay``: the overlay pages
    (SVGs of the vendor's drawing with the compliant outline over it, the changes
    numbered) and the marked-up copy of the proof, for ``fix_report``. A design file
    comes back as the corrected design (``.yaml``, ``.json``) or drawn. An unreadable
    input, or a ``suffix`` it cannot be written as, is a one-line WsmarkError.

    >>> thin = build(design("control", 24, legend="5 MPH", outline=1.5), as_declared=True)
    >>> fixed = fix(render(thin, ".svg"), "thin.svg", ".svg")
    >>> fixed.exit_status, [c.rule for c in fixed.changes], fixed.fixed_report.verdict
    (0, ['outline-width'], 'pass')
    """
    from markers.check.pipeline import CheckOptions
    from markers.products.fix import fix as fixed

    return fixed(data, name, suffix, options or CheckOptions(), _pack(pack), overlay)


def fix_file(path: str | Path, suffix: str, options: CheckOptions | None = None,
             pack: str | Pack = DEFAULT_PACK, overlay: bool = False,
             budget: Limits | None = None) -> Repair:
    """``fix`` of the file at ``path``, in a worker process under ``budget`` (default:
    that of checking one file, 20 CPU s and 1024 MB, as ``wsmark check`` has it): a
    proof that takes more is a one-line WsmarkError, as is one that cannot be read.
    With ``overlay``, the report (``fix_report``) is made after, in a job of its own
    under the same budget, so the repair does not depend on it: its bytes are the
    Repair's ``report_pdf``, or where it did not fit, its ``report_refused`` (one line)."""
    from markers.check.pipeline import CheckOptions
    from markers.products.fix import fix_file as fixed

    return fixed(path, suffix, options or CheckOptions(), _pack(pack), get_pack, overlay,
                 budget)


def fix_report(result: Repair, pack: str | Pack = DEFAULT_PACK) -> bytes:
    """The ``--report`` PDF of a repair made with ``overlay``: the clerk's report of the
    proof as it came, then each overlay page (the compliant outline over the vendor's
    drawing, the changes numbered and listed with their paragraphs, what could not be
    repaired in amber)."""
    from markers.products.fix import fix_report as report

    return report(result, _pack(pack))


def waiver_words(text: str) -> str:
    """A waiver's words as every face says them: the reason quoted, then who accepted it
    and when, if given (markers.core.waiver).

    >>> waiver_words("board ok; by=Lake board; on=2026-05-01")
    '"board ok", by Lake board, on 2026-05-01'
    """
    from markers.core.waiver import parse_waiver

    return parse_waiver(text).words()


def verdict_line(report: FileReport, pack: str | Pack = DEFAULT_PACK) -> str:
    """A file's verdict in one line for a person: the verdict, how many findings were
    waived, and the pack's words for it.

    >>> data = b"kind: danger\\ndisplay_height: 24\\noutline: 1.5\\n"
    >>> waived = check(data, "d.yaml", check_options(waive={"outline-width": "board"}))[0]
    >>> verdict_line(waived)[:71]
    'Waived (1 finding accepted by waiver): does not meet NR 5.09(6)(b) (out'
    """
    from markers.check.shown import waived_count

    waived = waived_count(report)
    head = (f"Waived ({waived} finding{'s' if waived != 1 else ''} accepted by waiver)"
            if report.verdict == "waived" else
            report.verdict.capitalize() + (f", {waived} waived" if waived else ""))
    words = verdict_words(report, pack)
    return f"{head}: {words}" if words else head


def finding_groups(report: FileReport) -> Any:
    """The findings of a report as a face lists them (markers.check.shown.Groups, each
    as its index in the report and the finding): judged (beyond info), notes that were
    judged (info stating a measurement, e.g. a legend set as <text>), and what was set
    aside or noted without a judgement."""
    from markers.check.shown import groups

    return groups(report)


def unreadable(name: str, reason: str) -> FileReport:
    """The report of a file named ``name`` that could not be checked, for ``reason``
    (one line: a worker that died, a deadline passed)."""
    from markers.products.check_run import unreadable as report

    return report(name, reason)


def flagged(art: Artwork, pack: str | Pack = DEFAULT_PACK) -> str | None:
    """What ``wsmark check`` would flag on the drawing of ``art``, in one line (None when
    it would show nothing but notes): the pack's rules run on the Artwork as built, as
    they run on a drawing read back (the round trip holds the two alike), so a design
    the builder allows but the checker doubts is said when it is drawn.

    >>> flagged(build(design("control", 24, legend="slow")))[:53]
    'check would say REVIEW of this marker: review reg-con'
    """
    from markers.check.pipeline import CheckOptions, judge

    report = judge(art, f"{art.meta.get('kind')}.svg", CheckOptions(), _pack(pack))
    shown = [f for f in report.findings if f.severity != "info"]
    if not shown:
        return None
    return one_line(f"check would say {report.verdict.upper()} of this marker: " + "; ".join(
        f"{f.severity} {f.rule} ({f.citation}): {f.message}" for f in shown))


def check_budget(text: str = "") -> Limits:
    """The budget of checking one file, as written: ``30s``, ``2GB``, ``30s,2GB`` (the
    part not given keeps its default, 20 CPU s and 1024 MB). One-line WsmarkError if
    it cannot be read."""
    from markers.runtime.budget import parse_limits

    try:
        return parse_limits(text)
    except ValueError as err:
        raise WsmarkError(f"budget {text[:40]!r}: {err}") from None


def job_pool(workers: int, preload: Iterable[str] = ()) -> FairPool:
    """The web page's workers: ``workers`` jobs at a time, each session and each of its
    uploads with its share, each job under the budget of ``wsmark check`` (20 CPU s and
    1024 MB) and a wall deadline given with it; a job that ends without a value raises
    JobFailed (one line). The workers import the checker, and ``preload``, once."""
    from markers.runtime.fair import FairPool

    return FairPool(workers, preload=["markers.check.pipeline", "markers.products.checked",
                                      "markers.products.marked_copy", "render.svg", *preload])


def reports(items: list[FileReport], fmt: str = "text",
            pack: str | Pack = DEFAULT_PACK) -> str:
    """Reports as ``text``, ``json`` (the stable contract) or ``sarif``."""
    from markers.check import report as out

    if fmt == "json":
        return out.to_json(items, provenance(pack))
    if fmt == "sarif":
        chosen = _pack(pack)
        return out.to_sarif(items, chosen.rules, chosen.url, provenance(chosen))
    return out.to_text(items)


def tally(items: Iterable[FileReport]) -> Tally:
    """The counts of a run: verdicts, findings per rule (not waived), the rules found
    (what a waiver may name); its ``summary()`` and ``exit_status()``."""
    from markers.check.report import Tally

    return Tally(items)


def _registries(pack: str | Pack) -> list[Any]:
    """The pack's marker rules, then its placement-plan rules if it has them."""
    chosen = _pack(pack)
    return [chosen.rules] + ([chosen.plan_rules] if chosen.plan_rules is not None else [])


def rules(pack: str | Pack = DEFAULT_PACK) -> list[Any]:
    """Every rule of the pack, in registration order (id, citation, severity, doc): the
    marker rules, then the placement-plan rules.

    >>> [r.id for r in rules()][-1]
    'plan-design'
    """
    return [r for registry in _registries(pack) for r in registry.rules.values()]


def rule_rows(pack: str | Pack = DEFAULT_PACK) -> list[tuple[str, str, str, str]]:
    """Every rule as ``wsmark rules`` lists it: id, severity, citation, and the first
    paragraph of its docstring on one line (without reStructuredText markup) with its
    default tolerance.

    >>> rule_rows()[0][:3]
    ('reg-shape', 'error', "the paragraph of the marker's kind")
    >>> rule_rows()[1][:3]
    ('reg-symbol-color', 'error', 'NR 5.09(2)(b)1-4')
    """
    return [(r.id, r.severity, BY_KIND if getattr(r, "by_kind", None) else r.citation,
             _first_paragraph(r)
             + (f" (tolerance {tolerance_of(r, pack)})" if r.tolerance else ""))
            for r in rules(pack)]


def compared(pack: str | Pack, other: str | Pack) -> list[str]:
    """``wsmark rules --compare``: kind by kind, rule by rule and number by number, what
    each pack's law requires, both citations side by side (markers.packs.compare)."""
    from markers.packs.compare import compare_lines

    return compare_lines(_pack(pack), _pack(other))


def tolerance_of(rule_: Any, pack: str | Pack = DEFAULT_PACK) -> str | None:
    """A rule's default tolerance in words under the pack's law (None: it has none)."""
    return rule_.tolerance.describe(_pack(pack).law) if rule_.tolerance else None


#: What ``wsmark rules`` says a rule cites when each kind's finding cites its own.
BY_KIND = "the paragraph of the marker's kind"


def rule_records(pack: str | Pack = DEFAULT_PACK) -> list[dict[str, Any]]:
    """Every rule as ``wsmark rules --format json`` gives it: id, severity, citation, the
    kinds it judges ("*": every kind; "plan": a placement plan), its summary and default
    tolerance, and the words of each paragraph it cites; a rule whose finding cites the
    paragraph of the marker's kind gives them by kind (``by_kind``: kind -> citation;
    ``citation`` is then that of a marker of no known kind).

    >>> record = rule_records()[0]
    >>> record["id"], record["by_kind"]["aid-red"], record["paragraphs"][0]["clause"]
    ('reg-shape', 'NR 5.09(2)(a)1,7', 'NR 5.09(2)(a)1')
    """
    chosen = _pack(pack)
    return [{"id": r.id, "severity": r.severity, "citation": r.citation,
             "by_kind": dict(getattr(r, "by_kind", {})),
             "kinds": list(r.kinds), "summary": summary_, "tolerance": tolerance,
             "paragraphs": [{"clause": clause, "text": quote} for clause, quote in
                            dict.fromkeys(q for c in _citations(r) for q in registry.quotes(c))]}
            for registry in _registries(chosen) for r in registry.rules.values()
            for summary_, tolerance in [(_first_paragraph(r), tolerance_of(r, chosen))]]


def _citations(rule_: Any) -> list[str]:
    """Every citation a rule may give (a marker rule's of each kind; a plan rule's one)."""
    return rule_.citations() if hasattr(rule_, "citations") else [rule_.citation]


def _first_paragraph(rule_: Any) -> str:
    """The first paragraph of a rule's docstring on one line, without markup."""
    return " ".join(rule_.doc.strip().split("\n\n")[0].split()).replace("``", "")


def explain(rule_id: str, pack: str | Pack = DEFAULT_PACK) -> str:
    """What a rule checks, the paragraph it quotes, passing and failing examples.

    >>> "not less than 2 inches" in explain("outline-width")
    True
    """
    from markers.core.words import did_you_mean

    registry = {r.id: r for r in rules(pack)}
    if rule_id not in registry:
        raise WsmarkError(f"unknown rule {rule_id!r}{did_you_mean(rule_id, registry)}; "
                          "'wsmark rules' lists them")
    r = registry[rule_id]
    tol = f", tolerance {tolerance_of(r, pack)}" if r.tolerance else ""
    first, _, rest = r.doc.partition("\n")
    cites = "; ".join(f"{kind}: {c}" for kind, c in getattr(r, "by_kind", {}).items())
    cited = f"{BY_KIND} ({cites}; no known kind: {r.citation})" if cites else r.citation
    return f"{r.id} ({r.severity}, {cited}{tol})\n\n" + first.strip() + "\n" + \
        textwrap.dedent(rest)


def sheets(kind_names: Iterable[str] | None = None, sizes: Iterable[float] | None = None,
           paper: str = "letter", pack: str | Pack = DEFAULT_PACK
           ) -> tuple[bytes, int, list[str]]:
    """The reference sheets as PDF bytes, their page count and notes on kinds left out."""
    from markers.products.sheets import sheet_pages, sheets_pdf
    from render.paper import STANDARD_SIZES

    chosen = _pack(pack)
    wanted = [chosen.kind(name) for name in kind_names or ()] or None
    pages, notes = sheet_pages(chosen, wanted, tuple(sizes or ()) or STANDARD_SIZES, paper)
    return sheets_pdf(chosen, pages), len(pages), notes


def gallery(out_dir: str | Path, pack: str | Pack = DEFAULT_PACK) -> list[Path]:
    """Write the gallery (every kind at H = 12 and 24 in, SVG + PNG, the sheets, a
    README) into ``out_dir``; returns the files written."""
    from markers.products.gallery import build_gallery

    chosen = _pack(pack)
    extras: dict[str, bytes] = {}
    example_plan = presentation_of(chosen).example_plan
    plan = GALLERY_PLAN.with_name(example_plan) if example_plan else None
    if chosen.plan_rules is not None and plan is not None and plan.is_file():
        report = plan_check(plan, pack=chosen)
        extras = {"plan-map.svg": plan_map(report, ".svg"),
                  "plan-map.png": plan_map(report, ".png", dpi=GALLERY_MAP_DPI),
                  "plan-application.pdf": plan_packet(report, pack=chosen)["application.pdf"]}
    option = "" if chosen.name == DEFAULT_PACK else f" --pack {chosen.name}"
    return build_gallery(chosen, out_dir, extras, option)


def fabricate(design_: Design, bleed: float | None = None, min_feature: float | None = None,
              qty: int = 1, pack: str | Pack = DEFAULT_PACK, *, blank: str | None = None,
              holes: int = 0, materials: str | Path | bytes | None = None,
              stripe: str = "applied", as_declared: bool = False
              ) -> tuple[Any, dict[str, bytes]]:
    """The shop plan of a design (weeding issues, bill of materials, notes, warnings,
    the pieces nested on the rolls) and its files by name (print SVG/PDF, a cut file
    per color, the DXF, bom.csv, materials.csv).

    A sign goes on ``blank`` ("auto", "none" or WxH) with ``holes`` (0, 2 or 4); a buoy
    is made from its surface (flat wrap, surface areas); a flag from fabric panels (the
    diver's stripe ``stripe``, "applied" or "sewn"); ``materials`` is the shop's YAML
    file of rolls, its path or its bytes (None: the generic one). ``as_declared``: a
    design that breaks a number of the rule is made as declared (for the checker's
    tests), not refused.

    >>> plan, files = fabricate(design("control", 24, legend="5 MPH"), holes=2)
    >>> plan.notes[0], sorted(files)[0]
    ('blank 24x24 in, corner radius 1.5 in', 'control-24in-5-mph-bom.csv')
    """
    from markers.core.fabrication import DEFAULT_BLEED, DEFAULT_MIN_FEATURE
    from markers.core.shop import shop_plan
    from markers.products.fabricate import fabrication_files

    chosen = _pack(pack)
    art = build(design_, chosen, as_declared)
    surface = chosen.surface(design_, art, as_declared)
    fab = shop_plan(art, chosen.kind(design_.kind).form, surface,
                    DEFAULT_BLEED if bleed is None else bleed,
                    DEFAULT_MIN_FEATURE if min_feature is None else min_feature, qty,
                    blank, holes, materials if materials is None or isinstance(
                        materials, bytes) else str(materials), stripe)
    return fab, fabrication_files(fab, art, surface is None or surface.flat is not None)


def fabrication_tables(fab: Any, kind_name: str, qty: int = 1,
                       pack: str | Pack = DEFAULT_PACK
                       ) -> list[tuple[str, list[tuple[str, ...]], int]]:
    """The tables of a fabrication plan of a marker of ``kind_name`` made ``qty`` times,
    each as (title, rows with the header first, how many columns are text): the bill
    of materials, and the pieces nested on the shop's rolls (per piece and for
    ``qty``) when it has them.

    >>> plan, _ = fabricate(design("control", 24, legend="5 MPH"), qty=2)
    >>> [title[:39] for title, _, _ in fabrication_tables(plan, "control", 2)]
    ['bill of materials, sheeting for 2 signs', 'nested on the rolls, per sign and for 2']
    """
    from markers.products.fabricate import bom_header, bom_rows, material_rows, materials_header

    form = _pack(pack).kind(kind_name).form
    what = {"buoy": "surface of", "flag": "fabric for"}.get(form, "sheeting for")
    noun = fab.unit
    tables = [(f"bill of materials, {what} {qty} {noun}{'s' if qty > 1 else ''}",
               [bom_header(noun), *bom_rows(fab.bom)], 3)]
    if fab.materials:
        tables.append((f"nested on the rolls, per {noun} and for {qty}; costs in "
                       f"{fab.prices}", [materials_header(noun, fab.currency),
                                         *material_rows(fab.materials,
                                                        fab.placeholder_prices)], 4))
    return tables


def write_file(path: str | Path, data: bytes, parents: bool = True) -> None:
    """Write ``data`` to ``path`` atomically (a temp file, then a rename); ``parents``:
    create its folder first when missing (every command that writes a file does, as
    ``plan packet`` always did)."""
    if parents:
        from markers.runtime.atomic import make_dir

        make_dir(Path(path).parent)
    write_atomic(path, data)


def write_set(files: Iterable[tuple[str | Path, bytes]], parents: bool = False) -> list[Path]:
    """Write the files of one command whole or not at all (markers.runtime.atomic): on
    a full disk, a one-line WsmarkError and none of them written. ``files``: (path,
    bytes) pairs."""
    from markers.runtime.atomic import write_set as write_all

    return write_all(files, parents)


def write_files(files: dict[str, bytes], out_dir: str | Path) -> list[Path]:
    """Write ``files`` (name -> bytes) into ``out_dir``, created if missing."""
    from markers.products.fabricate import write_files as write_all

    return write_all(files, out_dir)


#: The clean example plan of the default pack (a pack's presentation names its own,
#: ``example_plan``, in the same folder) the gallery shows (map and packet), and its
#: map's resolution.
GALLERY_PLAN = Path(__file__).resolve().parents[1] / "examples" / "river-channel.geojson"
GALLERY_MAP_DPI = 100


def plan_check(path: str | Path | None = None, data: bytes | None = None,
               name: str | None = None, waive: Mapping[str, str] | Iterable[str] = (),
               pack: str | Pack = DEFAULT_PACK, budget: Limits | None = None) -> PlanReport:
    """Judge a placement plan (GeoJSON or CSV) at ``path``, or given as ``data`` named
    ``name``, by the pack's plan rules and each marker's design by the marker rules;
    ``waive`` holds waivers of either, as ``check_options`` takes them (a bad one is a
    one-line WsmarkError). An unreadable plan is a report with verdict 'error' and a
    one-line reason; so is one whose check passes ``budget`` (when given: the check runs
    in a worker process under it, as a drawing's does).

    >>> report = plan_check(GALLERY_PLAN)
    >>> report.verdict, len(report.plan.markers)
    ('pass', 13)
    """
    from markers.plan.check import check_plan, check_plan_bytes

    chosen = _pack(pack)
    waivers = _waivers(waive, (r.id for r in rules(chosen)))
    if budget is not None:
        from markers.core.shown import short_name

        what = f"the check of {short_name(str(path if data is None else name))}"
        try:
            return _budgeted(what, plan_check, path, data, name, waivers, chosen.name,
                             budget=budget)
        except WsmarkError as err:
            from markers.plan.model import PlanReport as Report

            return Report(str(path if data is None else name), "error", error=str(err))
    if data is not None:
        return check_plan_bytes(data, name or "plan.geojson", chosen, waivers)
    if path is None:
        raise WsmarkError("no plan given")
    return check_plan(path, chosen, waivers)


def plan_reports(items: list[PlanReport], fmt: str = "text") -> str:
    """Plan reports as ``text`` or ``json`` (the `check` contract, each finding naming
    its marker, feature, id and location)."""
    from markers.plan.report import plan_json, plan_text

    return plan_json(items) if fmt == "json" else plan_text(items)


def plan_tally(items: list[PlanReport]) -> PlanTally:
    """The counts of a run of plan checks: its ``summary()`` (the verdicts in one line)
    and ``exit_status()`` (0 all pass, 1 any fail or review, 2 any unreadable plan)."""
    from markers.plan.report import PlanTally

    return PlanTally(items)


def _readable(report: PlanReport) -> PlanReport:
    if report.plan is None:
        raise WsmarkError(report.error or f"{report.file}: cannot be read")
    return report


def plan_map(report: PlanReport | str | Path, suffix: str, scale: float | None = None,
             dpi: float = 150, budget: Limits | None = None,
             pack: str | Pack = DEFAULT_PACK) -> bytes:
    """The map of a checked plan as ``.svg``, ``.pdf`` or ``.png`` bytes: at 1:``scale``
    when given, else the whole plan on a landscape letter page. ``report`` may be the
    plan's path, checked by ``pack`` first. With ``budget``, made (and a path checked)
    in a worker process under it (one-line WsmarkError past it): the command's own
    process then never holds a large plan's report."""
    from markers.products.plan_map import plan_map_bytes

    if budget is not None:
        return _budgeted(f"the map of {_short(_plan_name(report))}", plan_map, report,
                         suffix, scale, dpi, None, _pack(pack).name, budget=budget)
    if isinstance(report, (str, Path)):
        report = plan_check(report, pack=pack)
    return plan_map_bytes(_readable(report), suffix, scale, dpi)


def _plan_name(report: PlanReport | str | Path) -> str:
    return str(report) if isinstance(report, (str, Path)) else report.file


def _short(path: str) -> str:
    from markers.core.shown import short_name

    return short_name(path)


def _budgeted(what: str, fn: Callable[..., Any], *args: Any, budget: Limits) -> Any:
    """``fn(*args)`` in a worker process under ``budget`` (markers.runtime.one_job); past
    it, a one-line WsmarkError naming ``what``."""
    from markers.runtime.one_job import budgeted_call

    return budgeted_call(what, fn, *args, limits=budget)


def plan_packet(report: PlanReport | str | Path, scale: float | None = None,
                out_dir: str | Path | None = None,
                pack: str | Pack = DEFAULT_PACK,
                permit_ids: Mapping[str, str] | Iterable[str] = (),
                application: Mapping[str, str] | Iterable[str] = (),
                budget: Limits | None = None) -> dict[str, bytes]:
    """The permit packet of a checked plan by file name: ``application.pdf`` (the
    application form with its signature blocks and what is missing, the check, map,
    marker table, a page per design with its artwork built by the pack),
    ``<plan>.kml`` and ``<plan>.normalised.geojson`` (design files referred to from
    ``out_dir``, where the files will go). ``permit_ids`` (marker ws_id or ``#N`` ->
    department number, as a mapping or as ``MARKER=ID`` words) label approved markers,
    over any ``permit_id`` of the plan; ``application`` (a mapping or ``KEY=VALUE``
    words) states parties ("applicant": "NAME; ADDRESS; CONTACT") and the decision
    ("decision", "decision_date", "decision_signatory") over the plan's. An approval
    of a plan with error findings neither corrected nor waived is refused (a one-line
    WsmarkError): the packet never ticks "approves" beside errors.
    ``report`` may be the plan's path, checked by ``pack`` first. With ``budget``, made (and a
    path checked) in a worker process under it (one-line WsmarkError past it)."""
    from dataclasses import replace

    from markers.plan.application import approval_refused, restated
    from markers.plan.designs import marker_pages, with_permit_ids
    from markers.products.plan_packet import packet_files

    chosen = _pack(pack)
    if budget is not None:
        return _budgeted(f"the permit packet of {_short(_plan_name(report))}", plan_packet,
                         report, scale, out_dir, chosen.name, permit_ids, application,
                         budget=budget)
    report = _readable(plan_check(report, pack=chosen) if isinstance(report, (str, Path))
                       else report)
    if not isinstance(permit_ids, Mapping):
        permit_ids = _pairs(permit_ids, "--permit-id", "MARKER=ID",
                            presentation_of(chosen).help["plan_permit_pair"])
    if not isinstance(application, Mapping):
        application = _pairs(application, "--party", "ROLE=NAME;ADDRESS;CONTACT",
                             presentation_of(chosen).help["plan_party_pair"])
    if permit_ids:
        report = replace(report, plan=with_permit_ids(report.read_plan, permit_ids, chosen))
    if application:
        report = restated(report, application, chosen.law)
    refused = approval_refused(report)
    if refused:
        raise WsmarkError(refused)
    return packet_files(report, marker_pages(report.read_plan, chosen), scale, out_dir)


def plan_export(report: PlanReport, suffix: str, budget: Limits | None = None) -> bytes:
    """A checked plan for other programs, by ``suffix``: ``.gpx`` (GPX 1.1 waypoints
    for the placement crew, one per marker), ``.kml`` (Google Earth), ``.geojson``
    (the normalised plan) or ``.csv`` (its markers, as the plan loader reads them). With
    ``budget``, made in a worker process under it."""
    from markers.products.plan_packet import normalised_geojson, plan_csv, plan_gpx, plan_kml

    if budget is not None:
        return _budgeted(f"the {suffix.lstrip('.').upper()} export of {_short(report.file)}",
                         plan_export, _readable(report), suffix, budget=budget)
    plan = _readable(report).read_plan
    writers = {".gpx": plan_gpx, ".kml": plan_kml, ".geojson": normalised_geojson,
               ".csv": plan_csv}
    if suffix.lower() not in writers:
        raise WsmarkError(f"cannot export a plan as {suffix or 'a file without suffix'!r}: "
                          f"use {', '.join(writers)}")
    return writers[suffix.lower()](plan)


def _pairs(words: Iterable[str], option: str, form: str, example: str) -> dict[str, str]:
    """``KEY=VALUE`` words of a repeatable option as a dict (one-line WsmarkError else)."""
    found = {}
    for value in words:
        key, sep, text = value.partition("=")
        if not sep or not key.strip() or not text.strip():
            raise WsmarkError(f"{option}: {value!r} is not {form} ({example})")
        found[key.strip()] = text.strip()
    return found


def check_suffixes() -> tuple[str, ...]:
    """The file suffixes ``check`` reads: the drawing readers there are, then designs.

    >>> ".svg" in check_suffixes() and ".yaml" in check_suffixes()
    True
    """
    from markers.read import READERS

    return (*READERS, *DESIGN_SUFFIXES)


def reference_sheets(pack: str | Pack = DEFAULT_PACK) -> tuple[bytes, dict[str, int]]:
    """The reference sheets of every kind as PDF bytes, with the page (from 1) on which
    each kind is drawn."""
    from markers.products.sheets import sheet_pages, sheets_pdf
    from render.paper import STANDARD_SIZES

    chosen = _pack(pack)
    pages, _ = sheet_pages(chosen, None, STANDARD_SIZES, "letter")
    index = {page.kind: number for number, page in enumerate(pages, start=1) if page.kind}
    return sheets_pdf(chosen, pages), index


# --- the marker register (issue 35) -----------------------------------------------------
# A town's markers in one SQLite file: markers.register keeps it, the pack says what
# falls due (Pack.register_rules), the plan's writers and map draw it.

#: The register's file when none is named.
DEFAULT_REGISTER = "markers.db"
#: The ways a register is written out, by suffix.
REGISTER_EXPORTS = (".csv", ".geojson", ".gpx", ".kml", ".pdf", ".svg")
#: What an inspection finds, and the statuses a marker's events leave.
REGISTER_CONDITIONS = CONDITIONS
REGISTER_STATUSES = STATUSES


def _register(db: str | Path, create: bool = False) -> Register:
    from markers.register.store import Register

    return Register(db, create)


def _register_rules(chosen: Pack) -> RegisterRules:
    if chosen.register_rules is None:
        raise WsmarkError(f"pack {chosen.name} keeps no register")
    return chosen.register_rules


def register_add_plan(db: str | Path, plan: str | Path, water_body: str | None = None,
                      remove_by: str | None = None,
                      waive: Mapping[str, str] | Iterable[str] = (),
                      pack: str | Pack = DEFAULT_PACK) -> tuple[list[int], PlanReport]:
    """Add every marker of a placement plan to the register ``db`` (made if missing),
    each with its design (YAML), place, what the plan states of it, its department id
    if the plan gives one and the proof its design file was checked as; in one
    transaction. The plan is checked first: a plan that fails (or cannot be read) is
    refused in one line; one with findings for review is added (the report is
    returned to say so). A plan already in the register is refused. ``remove_by``
    (MM-DD) marks every marker of it seasonal."""
    from markers.plan.designs import marker_design
    from markers.register.checks import proof_of, removal_day
    from markers.register.model import NewMarker

    chosen = _pack(pack)
    report = plan_check(plan, waive=waive, pack=chosen)
    if report.plan is None:
        raise WsmarkError(report.error or f"{plan}: cannot be read")
    if report.verdict == "fail":
        errors = sum(1 for f in report.findings
                     if f.finding.severity == "error" and not f.finding.waived)
        raise WsmarkError(f"{plan}: the plan fails its check ({errors} error finding"
                          f"{'s' * (errors != 1)}: wsmark plan check {plan}); a register "
                          "holds only a plan that passes, or is waived")
    source = str(Path(plan).resolve())
    designs = report.facts.designs if report.facts is not None else {}
    day = removal_day(remove_by)
    new = []
    for i, m in enumerate(report.plan.markers):
        design = marker_design(report.plan, m, chosen)
        proof = proof_of(designs[i][0], Path(report.plan.path).parent / (m.design or "")) \
            if i in designs and designs[i][0].sha256 else None
        new.append(NewMarker(
            kind=m.kind, design=design_yaml(design).decode(), lon=m.lon, lat=m.lat,
            ws_id=m.ws_id, legend=m.legend, description=m.description, purpose=m.purpose,
            water_body=water_body or report.plan.name, plan=source, plan_number=m.number,
            department_id=m.permit_id, temporary_days=m.temporary_days, remove_by=day,
            proof=proof))
    with _register(db, create=True) as register:
        if register.plan_markers(source):
            raise WsmarkError(f"{plan}: already in the register {db} (its markers are "
                              "there; record what happens to them as events)")
        return register.add(new, f"add {Path(plan).name}"), report


def register_add_marker(db: str | Path, design_: Design, lon: float, lat: float, *,
                        water_body: str | None = None, description: str | None = None,
                        purpose: str | None = None, temporary_days: int | None = None,
                        remove_by: str | None = None, department_id: str | None = None,
                        pack: str | Pack = DEFAULT_PACK) -> int:
    """Add one marker of ``design_`` at ``lon``, ``lat`` (refused in one line when
    outside the area the pack's law covers); its register id."""
    from markers.plan.check import plan_setting
    from markers.register.checks import department_id as checked_id
    from markers.register.checks import removal_day
    from markers.register.model import NewMarker

    chosen = _pack(pack)
    chosen.build(design_)  # the design is validated as every build's is
    area = plan_setting(chosen).area
    if area is not None and not area.contains(lon, lat):
        raise WsmarkError(f"{lat:g}, {lon:g} (lat, lon) is outside the area this law "
                          f"covers, {area.describe()}")
    if department_id is not None:
        checked_id(department_id, chosen.law, presentation_of(chosen).help["permit_id"])
    new = NewMarker(kind=design_.kind, design=design_yaml(design_).decode(), lon=lon, lat=lat,
                    ws_id=design_.ws_id, legend=design_.legend, description=description,
                    purpose=purpose, water_body=water_body, department_id=department_id,
                    temporary_days=temporary_days, remove_by=removal_day(remove_by))
    with _register(db, create=True) as register:
        return int(register.add([new], "add marker")[0])


def register_permit(db: str | Path, plan: str | Path, number: str,
                    ids: Mapping[str, str] | Iterable[str] = (), expires: str | None = None,
                    pack: str | Pack = DEFAULT_PACK) -> Permit:
    """Record the department's permit ``number`` for the markers added from ``plan``,
    its ``expires`` date (YYYY-MM-DD) if it states one, and each marker's department
    id (``ids``: ws_id or ``#N`` of the plan -> id, as a mapping or ``MARKER=ID``
    words); a Permit."""
    from markers.register.checks import department_id
    from markers.register.store import parse_date

    chosen = _pack(pack)
    words = presentation_of(chosen).help
    if not number.strip():
        raise WsmarkError("--number: the permit's number is empty")
    if expires is not None:
        parse_date(expires, "--expires")
    if not isinstance(ids, Mapping):
        ids = _pairs(ids, "--id", "MARKER=ID", words["plan_permit_pair"])
    source = str(Path(plan).resolve())
    with _register(db) as register:
        numbers = register.plan_markers(source)
        if not numbers:
            raise WsmarkError(f"{plan}: no markers of this plan in the register {db} "
                              "(wsmark register add it first)")
        by_ws = {e.ws_id: e.id for e in register.entries() if e.plan == source and e.ws_id}
        given = {}
        for marker, text in ids.items():
            found = numbers.get(int(marker[1:])) if marker[:1] == "#" and \
                marker[1:].isdigit() else by_ws.get(marker)
            if found is None:
                raise WsmarkError(f"--id {marker}: no such marker in {plan} (a ws_id or #N)")
            given[found] = department_id(text, chosen.law, words["permit_id"])
        return register.permit(number.strip(), source, given, expires)


def register_record(db: str | Path, markers: Iterable[int], event: str, date: str | None,
                    by: str, condition: str | None = None, note: str | None = None,
                    photo: str | Path | tuple[str, bytes] | None = None,
                    plan: str | Path | None = None, today: date | None = None) -> list[int]:
    """Append the ``event`` (placed, inspected, repaired, replaced, removed-for-season,
    removed) dated ``date`` (default today), recorded by ``by``, to each of
    ``markers`` and of the markers added from ``plan``, in one transaction; an
    inspection's ``condition``, a ``note``, a ``photo`` (a file, or a name and bytes
    as a browser sends it; kept beside the register by its SHA-256, in
    ``<db>.photos/``). The events' ids."""
    import datetime as dt
    import hashlib

    from markers.register.model import NewEvent

    today = today or dt.date.today()
    chosen = list(markers)
    with _register(db) as register:
        if plan is not None:
            found = register.plan_markers(str(Path(plan).resolve()))
            if not found:
                raise WsmarkError(f"{plan}: no markers of this plan in the register {db}")
            chosen += [found[n] for n in sorted(found)]
        if not chosen:
            raise WsmarkError(f"{event}: name the markers (their ids, or --plan PLAN)")
        sha = None
        if photo is not None:
            name, data = photo if isinstance(photo, tuple) else (str(photo), read_input(photo))
            if not data:
                raise WsmarkError(f"{name}: the photo is empty")
            sha = hashlib.sha256(data).hexdigest()
            suffix = Path(name).suffix.lower()
            suffix = suffix if suffix[1:].isalnum() and len(suffix) <= 6 else ""
            folder = Path(db).with_suffix(".photos")
            write_file(folder / f"{sha}{suffix}", data, parents=True)
        return register.record(chosen, NewEvent(event, date or today.isoformat(), by,
                                                condition, note, sha), today)


def register_list(db: str | Path, water_body: str | None = None, kind: str | None = None,
                  permit: str | None = None, status: str | None = None) -> list[Entry]:
    """The register's markers (Entry), narrowed to a water body, kind, permit number or
    status."""
    from markers.register.model import Filters

    if status is not None and status not in STATUSES:
        raise WsmarkError(f"--status {status!r}: one of {', '.join(STATUSES)}")
    with _register(db) as register:
        return register.entries(Filters(water_body, kind, permit, status))


def register_show(db: str | Path, marker: int) -> tuple[Entry, list[Event], list[Proof]]:
    """One marker (Entry), its history (Events, in date order) and its proofs."""
    with _register(db) as register:
        return register.entry(marker), register.events(marker), register.proofs(marker)


def register_due(db: str | Path, on: str | None = None, rules_: Iterable[str] = (),
                 pack: str | Pack = DEFAULT_PACK) -> list[Due]:
    """What is due on ``on`` (YYYY-MM-DD, default today) by the pack's register rules
    (those in ``rules_`` when given): each a Due with its clause."""
    import datetime as dt

    from markers.register.due import due
    from markers.register.store import parse_date

    chosen = _pack(pack)
    register_rules = _register_rules(chosen)
    only = tuple(rules_)
    for rule_id in only:
        if register_rules.rule(rule_id) is None:
            raise WsmarkError(f"--rule {rule_id!r}: one of "
                              f"{', '.join(r.id for r in register_rules.rules)}")
    day = parse_date(on, "--on") if on else dt.date.today()
    with _register(db) as register:
        return due(register.conn, day, register_rules, chosen.law, only)


def register_text(what: str, *values: Any) -> str:
    """The register as text: ``"list"`` (entries), ``"show"`` (entry, events, proofs) or
    ``"due"`` (lines, day)."""
    from markers.register.text import due_text, entries_text, marker_text

    writers: dict[str, Callable[..., str]] = {"list": entries_text, "show": marker_text,
                                              "due": due_text}
    return writers[what](*values)


def register_export(db: str | Path, suffix: str, water_body: str | None = None,
                    kind: str | None = None, permit: str | None = None,
                    status: str | None = None, on: str | None = None,
                    pack: str | Pack = DEFAULT_PACK) -> bytes:
    """The register's markers (narrowed as ``register_list``) by ``suffix``: ``.csv``,
    ``.geojson`` (with the register's status and permit columns), ``.gpx``, ``.kml``
    (the writers of ``plan export``), or ``.pdf``, the report for a board meeting
    (counts and the map, then a row a marker; what is due counted on ``on``); ``.svg``
    is that report's first page alone."""
    from markers.plan.check import plan_setting
    from markers.products.plan_packet import normalised_geojson, plan_csv, plan_gpx, plan_kml
    from markers.register.as_plan import as_plan, register_properties

    suffix = suffix.lower()
    if suffix not in REGISTER_EXPORTS:
        raise WsmarkError(f"cannot export a register as {suffix or 'a file without suffix'!r}"
                          f": use {', '.join(REGISTER_EXPORTS)}")
    chosen = _pack(pack)
    entries = register_list(db, water_body, kind, permit, status)
    name = water_body or f"register {Path(db).name}"
    plan = as_plan(entries, str(Path(db).resolve()), name, plan_setting(chosen).grid)
    extra = register_properties(entries)
    if suffix in (".pdf", ".svg"):
        return _board_report(db, entries, plan, on, chosen, suffix)
    writers: dict[str, Callable[[], bytes]] = {
        ".csv": lambda: plan_csv(plan, extra),
        ".geojson": lambda: normalised_geojson(plan, None, extra),
        ".gpx": lambda: plan_gpx(plan), ".kml": lambda: plan_kml(plan)}
    return writers[suffix]()


def _board_report(db: str | Path, entries: list[Entry], plan: Plan, on: str | None,
                  chosen: Pack, suffix: str) -> bytes:
    import datetime as dt
    from collections import Counter

    from markers.plan.check import plan_registry
    from markers.plan.model import PlanReport
    from markers.products.register_report import BoardRow, board_pages, board_report_pdf

    day = on or dt.date.today().isoformat()
    dues = register_due(db, day, pack=chosen)
    wanted = {e.id for e in entries}
    dues = [d for d in dues if d.marker is None or d.marker in wanted]
    counts = {
        "Markers by status": sorted(Counter(e.status for e in entries).items()),
        "By kind": sorted(Counter(e.kind for e in entries).items()),
        f"Due on {day}": [(f"{rule} ({clause})", n) for (rule, clause), n in
                          Counter((d.rule, d.clause) for d in dues).items()]}
    rows = [BoardRow(e.id, (e.label, e.kind, e.water_body or "-", e.status,
                            e.permit and f"{e.permit} / {e.department_id or '-'}" or
                            (e.department_id or "-"), e.placed_on or "-",
                            e.last_inspected or "-", e.condition or "-"),
                     e.status, e.lat, e.lon) for e in entries]
    report = PlanReport(plan.path, "pass", plan, kinds=chosen.kinds,
                        words=plan_registry(chosen).words)
    title = f"Waterway markers: {plan.name}"
    subtitle = f"{len(entries)} markers in {Path(db).name}, as of {day}"
    if suffix == ".svg":  # the first page alone: counts and the map (the web page's)
        return board_pages(title, subtitle, report, rows, counts)[0]
    return board_report_pdf(title, subtitle, report, rows, counts)


def register_check_proof(db: str | Path, marker: int, proof: str | Path, by: str,
                         pack: str | Pack = DEFAULT_PACK, today: date | None = None
                         ) -> tuple[Proof, FileReport]:
    """Check the drawing ``proof`` against marker ``marker``'s design: judged by the
    rule at the design's display height, and compared with it (kind, ws_id, legend,
    the department id on its label); the result is recorded with the file's SHA-256
    (a Proof) and returned with the check's report."""
    import datetime as dt

    from markers.register.checks import differences, proof_of

    chosen = _pack(pack)
    with _register(db) as register:
        entry = register.entry(marker)
        wanted = parse_design(entry.design.encode(), f"marker {marker}'s design")
        data = read_input(proof)
        report, _ = check(data, Path(proof).name,
                          check_options(wanted.display_height, pack=chosen), chosen)
        if report.error is not None:
            raise WsmarkError(report.error)
        recorded = proof_of(report, Path(proof),
                            differences(report, wanted, entry.department_id))
        day = (today or dt.date.today()).isoformat()
        proof_id = register.add_proof(marker, recorded, day, by)
        return next(p for p in register.proofs(marker) if p.id == proof_id), report


def register_backup(db: str | Path, target: str | Path) -> None:
    """A consistent copy of the register at ``target`` (SQLite's online backup)."""
    if Path(target).resolve() == Path(db).resolve():
        raise WsmarkError(f"{target}: the backup would overwrite the register itself")
    with _register(db) as register:
        register.backup(target)
def page_text(value: Any) -> Any:
    """What a web page shows of ``value``: a string with its controls, bidi overrides
    (U+202E from a legend) and lone surrogates shown escaped (``safe_text.xml_text``),
    anything else (markup already made safe included) as it is. The page's one filter
    on every value it prints; ``content_disposition`` (RFC 6266) names its downloads."""
    if isinstance(value, str) and not hasattr(value, "__html__"):
        return xml_text(value)
    return value
