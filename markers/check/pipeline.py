"""The check path for one input: read or build -> measure -> rules -> FileReport.

A drawing is read by the reader its suffix names; a design file (.yaml, .yml, .json)
is built as declared, so a vendor may submit parameters instead of a drawing and be
judged by the same rules. The pack supplies the kinds, the law and the rules. A drawing
of several pages (a PDF proof) is judged page by page (see ``judge_pages``).
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

from markers.check.engine import Check, Finding, Override
from markers.check.layout import Dimension, SetAside, Split, at_scale, marks_only, split
from markers.check.layout.evidence import ScaleEvidence, as_map, by_dimension, weigh
from markers.check.layout.scale import stated_scale
from markers.check.layout.split import laid_out, split_from
from markers.check.layout.upright import turned_over, upright
from markers.check.layout.viewports import at_sheet_scale
from markers.check.measure import Facts, measure
from markers.check.measure.common import Drawing, bbox_of
from markers.check.measure.said_turn import said_turn
from markers.check.measure.statements import parse_dimension
from markers.check.measure.upside import reads_turned
from markers.check.report import FileReport, MarkerReport, marker_verdict
from markers.check.walk import Inputs, suffix
from markers.core.artwork import SIZE_UNKNOWN, Artwork
from markers.core.design import DESIGN_SUFFIXES, design_from_record, is_design, parse_design
from markers.core.pack import Pack
from markers.core.quiet import ARITHMETIC, warnings_as_errors
from markers.core.shown import arithmetic_words, one_line, plain, short_name
from markers.errors import UnreadableDrawing, WsmarkError
from markers.read import READERS, read_drawing
from markers.read.limits import read_limited
from markers.read.linework import film_on_design
from markers.read.sniff import sniff

__all__ = ["CheckOptions", "load_artwork", "judge", "judge_pages", "worst_page", "check_pages",
           "check_file", "check_file_pages", "check_inputs", "inputs", "MARKER_SEP",
           "waivers_of", "stamped"]


@dataclass(frozen=True)
class CheckOptions:
    """What the user told the checker: H or scale when the file lacks them, waivers
    (rule id, or ``RULE@N`` for marker N alone, -> reason: ``waivers_of``) and
    tolerances (rule id -> value in the rule's unit), with the ``overrides`` that say
    so on every report (Registry.override judged each)."""

    display_height: float | None = None
    scale: float | None = None
    waivers: dict[str, str] = field(default_factory=dict)
    tolerances: dict[str, float] = field(default_factory=dict)
    overrides: tuple[Override, ...] = ()

    def given(self) -> dict:
        """What the user gave besides tolerances (said on every report): the display
        height, the scale and the waivers, those given only."""
        given = {"display_height_in": self.display_height, "scale": self.scale,
                 "waivers": dict(self.waivers)}
        return {key: value for key, value in given.items() if value}


#: Between a rule id and a marker's number in a waiver of one marker's findings.
MARKER_SEP = "@"


def waivers_of(waivers: dict[str, str], marker: int) -> dict[str, str]:
    """The waivers (rule id -> reason) of marker ``marker`` of a file, from ``waivers``
    naming a rule (every marker) or ``RULE@N``, a rule on marker N alone (N from 1, as
    the reports number markers for people: ``marker`` + 1, the JSON's index + 1); one
    marker's reason comes before the file's."""
    found = {key: reason for key, reason in waivers.items() if MARKER_SEP not in key}
    for key, reason in waivers.items():
        rule_id, _, number = key.partition(MARKER_SEP)
        if number and int(number) == marker + 1:
            found[rule_id] = reason
    return found


def load_artwork(data: bytes, name: str, options: CheckOptions, pack: Pack,
                 pictured: bool = False) -> list[Artwork]:
    """The Artwork of drawing or design ``data``, one per page (a design and most drawings
    have one); ``name``'s suffix says which. ``pictured``: a marked-up copy will be made
    (markers.read.read_drawing keeps what it lies over)."""
    if not data.strip():
        raise UnreadableDrawing(f"{name}: the file is empty" if not data else
                                f"{name}: the file holds nothing but {len(data):,} blank "
                                "character(s)")
    suffix = Path(name).suffix.lower()
    if suffix in DESIGN_SUFFIXES:
        design = parse_design(data, name)
        # as declared: a broken minimum is a finding of the rules, not unreadable
        art = pack.build(design, as_declared=True)
        return [replace(art, meta={**art.meta, "source": name, "text_declared": True})]
    sniffed = None if suffix in READERS else sniff(data)
    if sniffed not in ("unknown", "xml"):  # a reader's suffix, or an EPS, a PNG: named
        return [_with_declared_films(page, name, pack) for page in read_drawing(
            data, name, scale=options.scale, display_height=options.display_height,
            sniffed=sniffed, pictured=pictured)]
    raise UnreadableDrawing(f"{name}: not a drawing or design file (use "
                            f"{', '.join((*READERS, *DESIGN_SUFFIXES))})")


def _with_declared_films(page: Artwork, name: str, pack: Pack) -> Artwork:
    """A cut file of one film judged on the design it declares (the other films as
    declared: markers.read.linework.film_on_design; a buoy's cut file is of its flat
    wrap, as fabricated); the film alone when it declares none, or one that cannot be
    built."""
    record = page.meta.get("design_record")
    if not page.meta.get("cut_film") or not record:
        return page
    try:
        design = design_from_record(record, name)
        declared = pack.build(design, as_declared=True)
        surface = pack.surface(design, declared, as_declared=True)
    except WsmarkError:
        return page
    flat = getattr(surface, "flat", None)
    return film_on_design(page, declared if flat is None else flat)


def judge(art: Artwork, file: str, options: CheckOptions, pack: Pack,
          page: Split | None = None) -> FileReport:
    """Split a page into its markers (markers.check.layout), measure each alone and run
    the pack's rules on it; a scale the title block states is used unless the user gave
    one. What was set aside is one info finding, on the first marker. ``page`` is the
    page already split, when the caller has it."""
    full, stated, drawn = _at_stated_scale(art, options)
    return _judged(full, stated, file, options, pack, page or drawn)


#: A page as judged: at full size (its title block's scale applied), that scale (its
#: factor, words and any conflict: markers.check.layout.evidence) when it states one,
#: and the page split at that size when finding the scale split it already.
Scaled = tuple[Artwork, "ScaleEvidence | None", "Split | None"]
#: A marker as measured: its Facts and its Artwork (page coordinates).
Measured = tuple[Facts, Artwork]


def _judged(art: Artwork, stated: ScaleEvidence | None, file: str, options: CheckOptions,
            pack: Pack, page: Split | None = None, keep: list[Measured] | None = None,
            first: int = 0) -> FileReport:
    """``judge`` of a page already at its stated scale, whose first marker is marker
    ``first`` of its file (the number a waiver of one marker names); ``keep`` (when
    given) receives each marker's Facts and Artwork, in the report's order. A page whose
    lettering reads better turned 180 deg (markers.check.measure.upside) is judged again
    turned over."""
    page = page if page is not None else split(art, options.display_height is not None)
    markers, findings, measured = [], [], []
    for index, marker in enumerate(page.markers):
        facts = _a_map(marker, stated) if stated is not None and stated.map else measure(
            marker, pack.law, pack.kinds, options.display_height,
            dimensions=[d for d in page.dimensions if d.marker == index],
            set_aside=page.set_aside if index == 0 else (),
            stated_scale=None if stated is None else stated.words,
            scale_conflict=None if stated is None else stated.conflict)
        judged = pack.rules.judgement(facts, waivers_of(options.waivers, first + index),
                                      options.tolerances)
        found = [replace(f, marker=index) for f in judged.findings]
        findings += found
        markers.append(_marker(index, facts, marker, found, judged.checks))
        measured.append((facts, marker))
    turn = None if "turned_over" in art.meta else _turn(measured)
    if turn is not None:
        # a symbol that looks the same turned (180 deg; a circle any way): its lettering
        # says which way is up
        return _judged(turned_over(art, turn), stated, file, options, pack, None, keep, first)
    if keep is not None:
        keep += measured
    return FileReport.judged(file, markers, findings, options.overrides)


def _a_map(art: Artwork, stated: ScaleEvidence) -> Facts:
    """The facts of a map's page (evidence.as_map): nothing on it is measured, as
    nothing on it is a marker drawn to a size; only why (rule scale-evidence)."""
    return Facts(drawing=Drawing(str(art.meta.get("source", "")),
                                 scale_conflict=stated.conflict))


def _turn(measured: list[Measured]) -> float | None:
    """The turn that stands a page's lettering upright, None when it stands so: as its
    live text sets it, else as its outlined lettering reads better."""
    said = said_turn(measured)
    if said is not None:
        return said or None
    return reads_turned([facts for facts, _ in measured])


def _at_stated_scale(art: Artwork, options: CheckOptions) -> Scaled:
    """``art`` turned upright when its marker is drawn turned (markers.check.layout.
    upright), at full size when the page says it is drawn at another scale (a title
    block's 'SCALE: 1" = 1\'-0"', or an N.T.S. drawing's dimension line: weighed by
    markers.check.layout.evidence) and the user gave neither --scale nor
    --display-height, with that evidence; else as it is. The page is split at the size
    it is drawn (outlined lettering is read by OCR then, and dimensions found): the split
    is kept when the page stays at that size."""
    art, _ = upright(art)
    if options.scale or options.display_height:
        return art, None, None
    sheet = at_sheet_scale(art)  # a DXF's model through its sheets' viewports
    if sheet is not None:
        return sheet[0], sheet[1], None
    layout = laid_out(art) if art.layers else None
    largest = max((max(x1 - x0, y1 - y0) for x0, y0, x1, y1 in
                   (region.bounds for region in layout[0].regions)), default=0.0) \
        if layout else 0.0
    said = stated_scale(art.legends)  # weighed first (evidence.weigh), before any note
    mapped = as_map(None if said is None else ScaleEvidence(*said), largest)
    if mapped is not None:  # a map's own words say so: nothing beside its symbols is read
        return art, mapped, _map_page(art, mapped, [])
    page = split_from(art, layout) if art.layers else None
    dimensions = [*(page.dimensions if page else ()), *_drawn_dimensions(art)]
    evidence = weigh(art.legends, page.notes if page else (), dimensions,
                     len(page.markers) if page and page.found else 0)
    if art.meta.get("scale_basis") == SIZE_UNKNOWN and (evidence is None or evidence.dimension):
        sized = by_dimension(dimensions)  # no size of its own: a dimension gives it
        if sized is not None and as_map(sized, largest) is None:
            big = at_scale(art, sized.factor)
            return replace(big, meta={**big.meta, "scale_basis": "stated", "size_basis": (
                *(art.meta.get("size_basis") or ()), f"sized by its {sized.words}")}), sized, None
        evidence = sized or evidence
    mapped = as_map(evidence, largest)
    if mapped is not None:  # a map's scale: the page is judged as drawn, as one drawing
        return art, mapped, _map_page(art, mapped, page.notes if page else [])
    if evidence is None or (evidence.factor == 1 and evidence.conflict is None):
        return art, None, page
    return at_scale(art, evidence.factor), evidence, None


def _map_page(art: Artwork, mapped: ScaleEvidence, notes: list[str]) -> Split:
    """A map's page (evidence.as_map) as one drawing, saying what it is."""
    return Split([art], found=False, notes=notes,
                 what=f"a map ({mapped.words}), whose symbols are not markers")


def _drawn_dimensions(art: Artwork) -> list[Dimension]:
    """The dimensions a reader found as such (a DXF's DIMENSION entities:
    ``meta["dxf_dimensions"]``, their text and measured length in page inches)."""
    return [Dimension(stated, text, drawn, (0.0, 0.0, 0.0, 0.0))
            for text, drawn in art.meta.get("dxf_dimensions", ())
            if (stated := parse_dimension(text)) is not None]


def _marker(index: int, facts: Facts, art: Artwork, findings: list[Finding],
            checks: list[Check]) -> MarkerReport:
    """The report of one marker: its box (the drawing's when no marker was found), what
    it was judged as, what its lettering says and how that was read, and the
    requirements judged on it."""
    height = None if facts.size_unknown else facts.display.height
    return MarkerReport(
        index, int(art.meta.get("page", 1)),
        facts.bbox() or art.meta.get("marker_bbox") or bbox_of(art.bounds), facts.kind,
        marker_verdict([f for f in findings if f.marker == index]),
        None if height is None else round(height, 3), facts.display.basis,
        facts.letters.text, facts.letters.ws_id, facts.letters.basis, _permit_id(facts),
        checks)


def _permit_id(facts: Facts) -> str | None:
    """What the marker's permit label reads: its own, or that of a face it carries."""
    labels = [f.letters.permit_label for f in (facts, *facts.faces)
              if f.letters.permit_label is not None]
    return next((label.text for label in labels if label.text), None)


def judge_pages(pages: list[Artwork], file: str, options: CheckOptions,
                pack: Pack) -> FileReport:
    """A drawing of several pages: each page with a marker on it, or that is a scan, is
    split and judged alone (a cover of text, a page of notes, is not a failed marker:
    it is listed as set aside, and so is a page whose only marker colors are a small
    mark beside the markers of the others: a cover sheet's logo); the file lists every
    page's markers in reading order (page, then on the page, each with its page
    number), each finding naming its marker, and its verdict is the worst. With no
    marker on any page, the first page that paints something is judged as one."""
    return _judged_pages(pages, [_at_stated_scale(art, options) for art in pages], file,
                         options, pack)


def _judged_pages(pages: list[Artwork], scaled: list[Scaled], file: str,
                  options: CheckOptions, pack: Pack,
                  keep: list[Measured] | None = None) -> FileReport:
    """``judge_pages`` of ``pages`` as read and at their stated scales (``scaled``)."""
    given = options.display_height is not None
    splits = {i: scaled[i][2] or split(scaled[i][0], given) for i, art in enumerate(pages)
              if art.layers}
    drawn, unscaled = _drawn_pages(pages, scaled, splits, file, options, pack)
    empty = [i for i in range(len(pages)) if i not in drawn]
    if empty and drawn[0] in splits:
        splits[drawn[0]] = _listing_empty(splits, drawn[0], pages, empty)
    reports: dict[int, FileReport] = {}
    for i in drawn:  # a marker's index counts the markers of the pages before it
        before = sum(len(report.markers) for report in reports.values())
        reports[i] = _judged(*scaled[i][:2], file, options, pack, splits.get(i), keep,
                             before)
        if i in unscaled:
            reports[i] = _state_the_scale(reports[i])
    return _one_report(file, reports, reports[drawn[0]].overrides)


def _drawn_pages(pages: list[Artwork], scaled: list[Scaled], splits: dict[int, Split],
                 file: str, options: CheckOptions, pack: Pack) -> tuple[list[int], set[int]]:
    """The pages judged (``judge_pages``): each with a marker on it that is not a small
    mark beside the others' (a cover sheet's logo), or that is a scan, or, on none, the
    first that paints something; and those of them whose small markers are of a kind
    drawn to no stated scale (judged, their scale asked for: ``_state_the_scale``)."""
    found = [i for i in splits if splits[i].found]
    marks = {found[n] for n in marks_only([splits[i] for i in found])}
    unscaled = {i for i in marks if scaled[i][1] is None
                and _signs(_judged(*scaled[i][:2], file, options, pack, splits[i]))}
    drawn = [i for i, art in enumerate(pages) if (i in found and i not in marks)
             or i in unscaled or art.meta.get("scan")] or [min(splits, default=0)]
    return drawn, unscaled


def _listing_empty(splits: dict[int, Split], first: int, pages: list[Artwork],
                   empty: list[int]) -> Split:
    """The split of page ``first`` (the first judged) listing the ``empty`` pages among
    what it sets aside, each as its split says what it is (a map), else as holding no
    marker."""
    page = splits[first]
    return replace(page, set_aside=[*page.set_aside, *(
        SetAside(f"page {i + 1}, " + (splits[i].what if i in splits and splits[i].what
                                      else "which holds no marker"),
                 (0.0, 0.0, round(pages[i].width, 3), round(pages[i].height, 3)))
        for i in empty)])


def _one_report(file: str, reports: dict[int, FileReport],
                overrides: tuple[Override, ...]) -> FileReport:
    """The pages' ``reports`` (by page, from 0) as the file's: its markers numbered on
    from page to page, each with its page number, each finding naming its marker."""
    markers: list[MarkerReport] = []
    findings: list[Finding] = []
    for i, report in reports.items():
        offset = len(markers)
        markers += [replace(m, index=m.index + offset, page=i + 1) for m in report.markers]
        findings += [replace(f, marker=f.marker + offset) for f in report.findings]
    return FileReport.judged(file, markers, findings, overrides)


#: The rule that finds a marker too small for actual size (a gate: markers.check.engine).
ACTUAL_SIZE = "actual-size"


def _signs(report: FileReport) -> bool:
    """Whether a page set aside as marks beside another page's markers holds markers of
    a kind (a sign drawn small, to no stated scale), not a cover sheet's logo."""
    return bool(report.markers) and all(m.kind for m in report.markers)


def _state_the_scale(report: FileReport) -> FileReport:
    """A page of a document drawn too small for actual size that states no scale: its
    markers a review saying to state it, not a fail (its size is not known, not wrong)."""
    def said(f: Finding) -> Finding:
        if f.rule != ACTUAL_SIZE or f.severity != "error":
            return f
        return replace(f, severity="review", message=(
            f"{f.message}; this page states no scale: state it in the title block "
            "('SCALE: 1\" = 1\'-0\"') or check the page alone with --scale"))
    findings = [said(f) for f in report.findings]
    markers = [replace(m, verdict=marker_verdict([f for f in findings if f.marker == m.index]))
               for m in report.markers]
    return FileReport.judged(report.file, markers, findings, report.overrides)


def worst_page(report: FileReport, pages: int) -> int:
    """The page (from 0) a single marked-up copy shows: the first with a failing marker,
    else the first with a marker."""
    failing = [m.page for m in report.markers if m.verdict == "fail"]
    shown = failing or [m.page for m in report.markers] or [1]
    return min(max(shown[0] - 1, 0), pages - 1)


def check_pages(data: bytes, name: str, options: CheckOptions, pack: Pack,
                keep: list[Measured] | None = None, pictured: bool = False
                ) -> tuple[FileReport, list[Artwork]]:
    """Judge one input, with the Artwork of every page (at a stated scale, as measured;
    none when unreadable); ``keep`` (when given) receives each marker's Facts and
    Artwork, in the report's order (for a repair, which rebuilds what they mean);
    ``pictured``: the pages are for a marked-up copy too (``load_artwork``). An
    unreadable or hostile input gives verdict 'error' on one short line (its name with
    control characters escaped), never raises. Numpy and shapely warnings are raised as
    errors, so none reaches stderr. Memory trouble is raised: the budgeted worker
    running the check reports it against its budget."""
    shown = short_name(name)
    try:
        with warnings_as_errors():
            pages = load_artwork(data, name, options, pack, pictured)
            scaled = [_at_stated_scale(page, options) for page in pages]
            report = _judged(*scaled[0][:2], name, options, pack, scaled[0][2], keep) \
                if len(pages) == 1 else _judged_pages(pages, scaled, name, options, pack, keep)
            return report, [art for art, _, _ in scaled]
    except WsmarkError as err:
        text = str(err)
        reason = text[len(name):] if text.startswith(name) else text
        return FileReport.unreadable(name, one_line(
            (shown if text.startswith(name) else "") + plain(reason))), []
    except ARITHMETIC as err:
        return FileReport.unreadable(name, one_line(
            f"{shown}: numbers out of range ({arithmetic_words(err)})")), []
    except RecursionError:
        return FileReport.unreadable(name, one_line(f"{shown}: nested too deeply to read")), []
    except MemoryError:
        raise
    except Exception as err:  # a hostile file must not crash a batch: report it on one line
        if "bad_alloc" in str(err):  # GEOS out of memory: the worker's budget reports it
            raise MemoryError from None
        return FileReport.unreadable(name, one_line(
            f"{shown}: cannot be measured: wsmark failed on something in this drawing (a "
            "fault of wsmark's, not of the drawing; please report it with the file)")), []


def check_file(path: str | Path, options: CheckOptions,
               pack: Pack) -> tuple[FileReport, Artwork | None]:
    """Judge the file at ``path`` (see check_pages), with the Artwork of the page a
    single marked-up copy shows (``worst_page``), None when unreadable."""
    report, pages, _ = check_file_pages(path, options, pack)
    return report, pages[worst_page(report, len(pages))] if pages else None


def check_file_pages(path: str | Path, options: CheckOptions, pack: Pack,
                     pictured: bool = False) -> tuple[FileReport, list[Artwork], bytes]:
    """Judge the file at ``path`` (see check_pages), with its pages and its bytes (empty
    when it could not be read)."""
    name, path = str(path), Path(path)
    try:
        if not path.is_file():
            raise UnreadableDrawing(f"{path}: no such file" if not path.exists() else
                                    f"{path}: not a file")
        data = read_limited(path, name)
    except WsmarkError as err:
        shown = str(err).replace(name, short_name(name), 1)
        return FileReport.unreadable(name, one_line(shown)), [], b""
    except OSError as err:  # a name too long to look up
        reason = err.strerror or type(err).__name__
        return FileReport.unreadable(name, one_line(
            f"{short_name(name)}: cannot read ({reason})")), [], b""
    report, pages = check_pages(data, name, options, pack, pictured=pictured)
    return stamped(report, data, options), pages, data


def stamped(report: FileReport, data: bytes, options: CheckOptions) -> FileReport:
    """``report`` saying what it is a report on: the SHA-256 and size of ``data``, the
    bytes judged, and the options the user gave."""
    return replace(report, sha256=hashlib.sha256(data).hexdigest(), size=len(data),
                   options=options.given())


def check_inputs(paths: Sequence[str]) -> Inputs:
    """Files named, and the drawings and designs found under folders named (in sorted
    order, walked lazily: markers.check.walk), with a note on each file found there and
    skipped: a .json or .yaml under a folder is read only when it declares itself a
    design (a ``kind`` key), so an earlier report lying beside the drawings is not taken
    for one."""
    return Inputs(paths, (*READERS, *DESIGN_SUFFIXES), _not_a_design)


def _not_a_design(path: str) -> str | None:
    if suffix(os.path.basename(path)).lower() in DESIGN_SUFFIXES and not is_design(path):
        return f"skipped {path}: not a design (no 'kind' field)"
    return None


def inputs(paths: list[str]) -> tuple[list[Path], list[str]]:
    """``check_inputs`` all at once: the files, and the notes on those skipped."""
    found: list[Path] = []
    skipped: list[str] = []
    for path, note in check_inputs(paths).walk():
        if note is None:
            found.append(Path(path))
        else:
            skipped.append(note)
    return found, skipped
