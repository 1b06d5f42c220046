"""The repair loop of ``wsmark fix``: a proof checked, each marker's design read
(``markers.check.meant``), rebuilt and placed (``markers.products.repair``), the file
written and checked again until it passes, or what cannot be repaired said; then, apart
and under its own budget, the report with the overlay pages.

It composes the checker with the builds and renders, so it lives with the products; the
pack is an argument (``load`` resolves a pack's name in a worker process).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import cast

from markers.check.meant import Meant, meant
from markers.check.pipeline import CheckOptions, Measured, check_pages, stamped
from markers.check.report import FileReport
from markers.core.artwork import Artwork
from markers.core.design import DESIGN_SUFFIXES, parse_design
from markers.core.pack import Pack
from markers.core.shown import short_name
from markers.errors import UnreadableDrawing, WsmarkError
from markers.products import repair
from markers.products.clerk import clerks_report
from markers.products.marked_copy import annotate_pages, pictures
from markers.products.repair import Repair
from markers.read.limits import read_input
from markers.read.underlay import Underlay
from markers.runtime.budget import Limits
from markers.runtime.one_job import budgeted_call
from markers.runtime.pool import budgeted_imap

__all__ = ["FIX_SUFFIXES", "fix", "fix_file", "fix_report", "meants"]

#: What ``fix`` writes: a drawing (SVG, PDF, DXF) or, of a design file, the design.
FIX_SUFFIXES = (".svg", ".pdf", ".dxf", *DESIGN_SUFFIXES)
#: Proofs whose own format a repaired file of that suffix keeps the page of.
_NATIVE = {".pdf": (".pdf", ".ai"), ".dxf": (".dxf",)}

Pictures = list[Underlay | None]


def fix(data: bytes, name: str, suffix: str, options: CheckOptions, pack: Pack,
        overlay: bool = False) -> Repair:
    """The compliant version of ``data`` as a ``suffix`` file (see ``markers.api.fix``);
    with ``overlay``, its overlay pages and the marked-up copy of the proof too."""
    result, pages, under = _fix(data, name, suffix, options, pack, overlay)
    if overlay:
        _overlay(result, pages, under, pack)
    return result


def _fix(data: bytes, name: str, suffix: str, options: CheckOptions, pack: Pack,
         pictured: bool) -> tuple[Repair, list[Artwork], Pictures]:
    """``fix`` without its overlay: the Repair, the proof's pages, and the vendor's
    drawing of each (of an SVG always, read with it; of a PDF only when ``pictured``)."""
    suffix = suffix.lower()
    if suffix not in FIX_SUFFIXES:
        raise WsmarkError(f"fix writes {', '.join(FIX_SUFFIXES)}, not {suffix or 'no suffix'}")
    measured: list[Measured] = []
    report, pages = check_pages(data, name, options, pack, measured, pictured=True)
    if report.verdict == "error":
        raise UnreadableDrawing(report.error or f"{name}: cannot be read")
    report = stamped(report, data, options)  # the repair report names the bytes it read
    if suffix in DESIGN_SUFFIXES and len(report.markers) != 1:
        raise WsmarkError(f"{name}: a design file holds one marker, and this proof has "
                          f"{len(report.markers)}; write a drawing (.svg, .pdf, .dxf)")
    under = pictures(pages, data if pictured else None, name)
    wanted = meants(data, name, measured, pack)
    # a compliant marker is kept as drawn, unless the file written then fails (another
    # format redraws it from what was read); a design file states every marker's design
    for keep in (True, False) if suffix not in DESIGN_SUFFIXES else (False,):
        placed, cannot, notes = repair.plan(report, [f for f, _ in measured], wanted, pack,
                                            keep)
        result = Repair(name, report, suffix, cannot=cannot, notes=notes, placed=placed)
        if cannot:
            break
        _fixed(result, data, name, pages, under, measured, options, pack)
        if result.data is not None or len(placed) == len(report.markers):
            break
    return result, pages, under


def meants(data: bytes, name: str, measured: list[Measured], pack: Pack) -> list[Meant]:
    """The design each marker of ``measured`` (Facts and Artwork) means: as its drawing
    reads, or for a design file as it declares (not as its drawing reads back)."""
    found = [meant(facts, art, pack.kinds) for facts, art in measured]
    if Path(name).suffix.lower() in DESIGN_SUFFIXES:
        found = [Meant(parse_design(data, name), m.how, m.anchor, m.extent, "declared")
                 for m in found]
    return found


def _overlay(result: Repair, pages: list[Artwork], under: Pictures, pack: Pack) -> None:
    """The overlay pages of a Repair and the marked-up copy of its proof, for
    ``fix_report`` (``under``: the vendor's drawing of each page, or None)."""
    several = len(result.report.markers) > 1
    result.overlay = [repair.overlay_svg(page, on, result.changes + result.cannot, picture,
                                         several)
                      for n, (page, picture) in enumerate(zip(pages, under, strict=True))
                      if (on := [p for p in result.placed if p.page == n])]
    result.marked = annotate_pages(result.report, [_pictured(p, u) for p, u in
                                                   zip(pages, under, strict=True)], pack)


def _pictured(page: Artwork, underlay: Underlay | None) -> Artwork:
    """``page`` carrying the vendor's drawing ``underlay`` (already made) for its copy."""
    if underlay is None or page.meta.get("underlay") is underlay:
        return page
    from dataclasses import replace

    return replace(page, meta={**page.meta, "underlay": underlay})


def _fixed(result: Repair, data: bytes, name: str, pages: list[Artwork], under: Pictures,
           measured: list[Measured], options: CheckOptions, pack: Pack) -> None:
    """The repaired file of ``result``, checked: its ``data`` and changes when it passes,
    else what still fails (its ``cannot``)."""
    placed, report, suffix = result.placed, result.report, result.suffix
    vendor = [u[1] if u is not None and u[0] == "image/svg+xml" else None for u in under]
    source = data if Path(name).suffix.lower() in _NATIVE.get(suffix, ()) else None
    alone = not any(f.rule == "set-aside" for f in report.findings)
    # judged as the proof was: at the display height the clerk gave, and at the scale
    # given when the proof was a DXF without units and stays one
    again = CheckOptions(options.display_height,
                         options.scale if source is not None and suffix == ".dxf" else None)
    for declare, stated in repair.layouts(len(report.markers),
                                          alone or suffix in DESIGN_SUFFIXES):
        fixed = repair.design_file(placed[0].design, suffix) \
            if suffix in DESIGN_SUFFIXES else \
            repair.fixed_file(pages, placed, suffix, vendor, source, declare, stated)
        after: list[Measured] = []
        checked, _ = check_pages(fixed, f"fixed{suffix}", again, pack, after)
        if checked.verdict == "pass" and len(after) == len(report.markers):
            break
    result.fixed_report = checked
    if checked.verdict != "pass" or len(after) != len(report.markers):
        result.cannot = _still_failing(checked, len(after), len(report.markers))
        return
    result.data = fixed
    result.changes, left = repair.change_lines(report, [facts for facts, _ in measured], placed,
                                               [facts for facts, _ in after], checked, pack)
    result.notes += left


def _still_failing(checked: FileReport, read: int, markers: int) -> list[repair.Change]:
    """What a rebuilt drawing that does not pass still fails, said as what cannot be
    repaired: its findings, or that it reads as another number of markers."""
    return [repair.Change(f.marker, f.rule, f.citation,
                          f"the rebuilt drawing still fails: {f.message}")
            for f in checked.findings if f.severity in ("error", "review")] or [
        repair.Change(0, "", "", f"the rebuilt drawing is read as {read} marker(s), "
                                 f"not {markers}")]


def fix_file(path: str | Path, suffix: str, options: CheckOptions, pack: Pack,
             load: Callable[[str], Pack], overlay: bool = False,
             budget: Limits | None = None) -> Repair:
    """``fix`` of the file at ``path`` in a worker process under ``budget`` (see
    ``markers.api.fix_file``); ``load`` gives a pack by its name in the worker."""
    budget = budget or Limits()
    job = (str(path), suffix, options, pack.name, overlay, load)
    outcome = next(budgeted_imap(_fix_path, [job], 1, budget))
    if outcome.overrun is not None:
        raise UnreadableDrawing(f"{short_name(str(path))}: {outcome.overrun}")
    made, value = cast(tuple[str, object], outcome.value)
    if made == "error":
        raise WsmarkError(str(value))
    result, pages, data = cast(tuple[Repair, list[Artwork], bytes], value)
    if overlay:
        try:
            result.report_pdf = budgeted_call(f"the report of {short_name(str(path))}",
                                              _fix_report_of, result, pages, data, str(path),
                                              pack.name, load, limits=budget)
        except WsmarkError as err:
            result.report_refused = str(err)
    return result


def _fix_path(job: tuple[str, str, CheckOptions, str, bool, Callable[[str], Pack]]
              ) -> tuple[str, object]:
    """One ``fix_file`` in its worker: ("ok", (the Repair, the proof's pages, its bytes:
    what the report needs, when asked for)) or ("error", its one line)."""
    path, suffix, options, pack_name, overlay, load = job
    try:
        data = read_input(path)
        result, pages, _ = _fix(data, path, suffix, options, load(pack_name), False)
    except WsmarkError as err:
        return "error", str(err)
    return "ok", (result, pages if overlay else [], data if overlay else b"")


def _fix_report_of(result: Repair, pages: list[Artwork], data: bytes, name: str,
                   pack_name: str, load: Callable[[str], Pack]) -> bytes:
    """The report of a Repair made without its overlay (``fix_file``'s second job)."""
    pack = load(pack_name)
    _overlay(result, pages, pictures(pages, data, name), pack)
    return fix_report(result, pack)


def fix_report(result: Repair, pack: Pack) -> bytes:
    """The ``--report`` PDF of a repair made with ``overlay``: the clerk's report of the
    proof as it came, then each overlay page (the compliant outline over the vendor's
    drawing, the changes numbered and listed with their paragraphs, what could not be
    repaired in amber). cairo and pypdf are imported here, for a report: a fix that
    writes an SVG alone needs neither (cairocffi's import runs gcc and ld)."""
    from render.pdf import combine_pdfs
    from render.raster import svgs_to_pdfs

    clerk = clerks_report([result.report], [result.marked], pack)
    return combine_pdfs([clerk, *svgs_to_pdfs(result.overlay)],
                        f"wsmark fix of {Path(result.file).name}")
