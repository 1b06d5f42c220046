"""``wsmark check`` of many files, start to end: the inputs walked once (lazily: a
check of 100,000 files never holds their names, unless an output needs them all), each
file judged in a budgeted worker, its outputs (the marked-up copy, its pages of the
clerk's report) made in a job of their own after, and everything written in input
order as it comes: each report to the face's stream, each copy to its file, then the
documents of all files (the one PDF of all copies, the clerk's report), both or neither.

The face gives what it parsed (``CheckRun``) and its streams (``Streams``); it prints
the summary and exits with the status this returns. The renderers are imported only by
a run that makes outputs (a plain check starts without them).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import pickle
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO, cast

from markers.check.measure.ocr import start_engine
from markers.check.pipeline import CheckOptions, check_file_pages, check_inputs
from markers.check.report import FileReport, Tally
from markers.check.stream import ReportWriter
from markers.core.artwork import Artwork
from markers.core.design import DESIGN_SUFFIXES
from markers.core.pack import Pack
from markers.core.shown import short_name
from markers.errors import WsmarkError
from markers.products.clerk import provenance, report_stamp
from markers.read import READERS
from markers.runtime.atomic import make_dir, write_atomic, write_set, writing_atomic
from markers.runtime.budget import Limits
from markers.runtime.one_job import over_budget
from markers.runtime.pool import budgeted_imap
from markers.runtime.stale import remove_stale

__all__ = ["CheckRun", "Streams", "Outcome", "CheckOutputs", "Made", "run", "check_paths",
           "annotation_targets", "copy_paths", "output_target", "report_target",
           "unreadable"]

#: A pack by its name, in a worker process (``markers.packs.get_pack``).
Load = Callable[[str], Pack]
#: Suffixes of the inputs whose own marked-up copy is a PDF (a page per page).
PDF_INPUTS = (".pdf", ".ai")
#: Files the walk looks ahead for before the first is judged: none means the run is
#: refused before anything is written; more than one, that a progress bar is worth it.
LOOK_AHEAD = 2


def unreadable(name: str, reason: str) -> FileReport:
    """The report of a file named ``name`` that could not be checked, for ``reason``
    (one line: a worker that died, a deadline passed)."""
    return FileReport.unreadable(name, f"{short_name(name)}: {reason}")


@dataclass(frozen=True)
class CheckRun:
    """What ``wsmark check`` was asked, as the face parsed it."""

    paths: tuple[str, ...]
    options: CheckOptions = field(default_factory=CheckOptions)
    fmt: str = "text"
    annotate: str | None = None
    report: str | None = None
    output_file: str | None = None
    jobs: int | None = None
    budget: Limits = field(default_factory=Limits)
    quiet: bool = False


@dataclass(frozen=True)
class Streams:
    """The face's: where reports go (``out``), an unreadable file's text (``err``),
    a line for the person (``note``: nothing when quiet), and ``progress``: given
    whether a bar is worth it (more than one file), a context giving a tick per file
    judged, or None."""

    out: TextIO
    err: TextIO
    note: Callable[[str], None]
    progress: Callable[[bool], contextlib.AbstractContextManager[Callable[[], None]]] | None \
        = None


@dataclass(frozen=True)
class Outcome:
    """What a run comes to: its exit status (0 all pass, 1 any fail, 2 unreadable input
    or an output not made) and its counts."""

    status: int
    tally: Tally


@dataclass(frozen=True)
class CheckOutputs:
    """What ``check_paths`` makes of each file beside its report, each in a budgeted job
    of its own after the check (so a verdict never depends on the outputs asked for):
    the marked-up copy (``copy``: ``.svg`` an SVG per page, ``.pdf`` one PDF of them,
    ``own`` a PDF of a PDF or .ai and SVGs of the others, as ``annotation_targets``
    names them in a folder; None none), and the file's pages of the clerk's report
    (``report``, dated ``stamp``)."""

    copy: str | None = None
    report: bool = False
    stamp: str | None = None


@dataclass(frozen=True)
class Made:
    """What was made of one file's outputs: the copy's page SVGs (``svgs``), or its PDF
    (``pdf``), its pages of the clerk's report (``report``, a PDF); or, for an output that
    did not fit its budget, ``refused``, one line, and nothing else."""

    svgs: list[bytes] | None = None
    pdf: bytes | None = None
    report: bytes | None = None
    refused: str | None = None


def run(asked: CheckRun, pack: Pack, load: Load, streams: Streams) -> Outcome:
    """Check ``asked.paths`` and write what was asked, in order (see the module)."""
    files, many = _walked(asked, streams.note)
    named = [Path(f) for f in files] if asked.report or asked.annotate else []
    if asked.report is not None:
        report_target(asked.report, named)
    if asked.output_file is not None:
        output_target(asked.output_file, asked.paths, "--output-file")
    targets = annotation_targets(named, asked.annotate) if asked.annotate is not None else []
    inputs = _resolved(named) if targets else frozenset()
    results = check_paths(named or files, asked.options, pack, load, asked.jobs,
                          _outputs(targets, asked.report), asked.budget,
                          lambda line: streams.note(f"wsmark: note: {line}"))
    text = asked.fmt == "text"
    with contextlib.ExitStack() as stack:
        # --output-file: the whole report goes there (an unreadable file's text too)
        out = stack.enter_context(writing_atomic(asked.output_file)) if asked.output_file \
            else streams.out
        # quiet text on the face's stream: the blocks go nowhere, an unreadable file's
        # to its error stream
        blocks = stack.enter_context(open(os.devnull, "w")) \
            if asked.quiet and text and asked.output_file is None else out
        writer = ReportWriter(asked.fmt, blocks, out if asked.output_file else streams.err,
                              provenance(pack), pack.rules if asked.fmt == "sarif" else None,
                              pack.url)
        tick = stack.enter_context(streams.progress(many)) \
            if streams.progress is not None else None
        status = _written(results, inputs, writer, targets, asked.report, streams, tick)
        if writer.tally.count > 1 and asked.output_file is not None and text:
            print(writer.tally.summary(), file=out)
    return Outcome(status, writer.tally)


def _walked(asked: CheckRun, note: Callable[[str], None]) -> tuple[Iterable[str], bool]:
    """The files to judge, walked once: lazily, the first ``LOOK_AHEAD`` taken before
    any is judged (none is a one-line WsmarkError), each skipped file noted as the walk
    passes it; and whether there is more than one."""
    def found() -> Iterator[str]:
        for path, skipped in check_inputs(asked.paths).walk():
            if skipped is None:
                yield path
            else:
                note(f"wsmark: note: {skipped}")

    walk = found()
    first = list(itertools.islice(walk, LOOK_AHEAD))
    if not first:
        raise WsmarkError(f"no {', '.join((*READERS, *DESIGN_SUFFIXES))} files in "
                          f"{', '.join(asked.paths)}")
    return itertools.chain(first, walk), len(first) > 1


def _outputs(targets: list[Path], report: str | None) -> CheckOutputs | None:
    """What each file's outputs job makes, for copies to ``targets`` and a report."""
    if not targets and report is None:
        return None
    suffixes = {t.suffix.lower() for t in targets}  # a folder's: each file's own
    copy = (suffixes.pop() if len(suffixes) == 1 else "own") if targets else None
    return CheckOutputs(copy, report is not None, report_stamp())


def _written(results: Iterable[tuple[str, FileReport, Made | None]],
             inputs: frozenset[Path], writer: ReportWriter, targets: list[Path],
             report: str | None, streams: Streams, tick: Callable[[], None] | None) -> int:
    """Write each report as it comes, the marked-up copies (to ``targets``, none of
    which resolves to one of ``inputs``) and the clerk's report; the exit status. The
    parent keeps counts, so its memory stays flat however many files there are (the
    clerk's report alone needs its pages of each). An output that did not fit its
    budget is said in one line and not written (nor the clerk's report or the one PDF of
    all copies it is part of), exit 2; the verdicts stay."""
    one_pdf = len(targets) > 1 and len(set(targets)) == 1  # several drawings, one PDF
    parts: list[bytes] = []  # the clerk's report, a file's pages at a time
    pages: list[bytes] = []  # the one PDF of all copies, a file's at a time
    refused: list[str] = []
    for folder in {target.parent for target in targets}:  # once, not at each copy
        remove_stale(folder)
    try:
        for index, (_path, checked, made) in enumerate(results):
            writer.add(checked)
            if tick is not None:
                tick()
            if made is not None and made.refused is not None:
                refused.append(made.refused)
            elif made is not None:
                parts += [made.report] if made.report is not None else []
                _copies(made, targets[index] if targets else None, one_pdf, pages, inputs,
                        streams.note)
    finally:  # what was judged stays a whole document, even when a write fails
        writer.close()
    _documents(targets[0] if one_pdf else None, pages, report, parts, refused, streams)
    return max(writer.exit_status(), 2 if refused else 0)


def _copies(made: Made, target: Path | None, one_pdf: bool, pages: list[bytes],
            inputs: frozenset[Path], note: Callable[[str], None]) -> None:
    """A file's marked-up copy: kept for the one PDF of all, or written to its files."""
    if made.pdf is not None and one_pdf:
        pages.append(made.pdf)
    elif target is not None and (made.pdf or made.svgs):
        copy = [made.pdf] if made.pdf is not None else made.svgs or []
        for path, data in zip(copy_paths(target, len(copy), inputs), copy, strict=True):
            make_dir(path.parent)
            write_atomic(path, data, swept=True)
            note(f"wrote {path}")


def _documents(one_pdf: Path | None, pages: list[bytes], report: str | None,
               parts: list[bytes], refused: list[str], streams: Streams) -> None:
    """The documents of all files (the one PDF of all copies, the clerk's report), both
    or neither; none, each said in one line, when a part of them was refused."""
    from render.pdf import combine_pdfs

    for line in refused:
        print(f"wsmark: {line}", file=streams.err)
    if refused:
        for output in (o for o in (report, one_pdf) if o):
            print(f"wsmark: {output} not written: a part of it was not made (above)",
                  file=streams.err)
        return
    whole: dict[str | Path, bytes] = {
        **({one_pdf: combine_pdfs(pages, f"marked-up copy of {one_pdf.stem}")}
           if one_pdf is not None and pages else {}),
        **({report: combine_pdfs(parts, "wsmark check report")} if report is not None else {})}
    for target in write_set(whole.items()):
        streams.note(f"wrote {target}")


def _check_path(job: tuple[str, CheckOptions, str, Load, bool]
                ) -> tuple[FileReport, bytes | None]:
    """One file in a worker process: its report and, if outputs were asked for, its
    pages (each with what its copy lies over, read with it) and bytes, from which a
    second budgeted job makes them (``_made``). Those are pickled here, once: the parent
    hands the bytes on as they are (it unpickled and pickled again some 100 kB a file)."""
    path, options, pack_name, load, outputs = job
    report, pages, data = check_file_pages(path, options, load(pack_name), pictured=outputs)
    return report, pickle.dumps((pages, data), pickle.HIGHEST_PROTOCOL) if outputs else None


def _start_reading() -> None:
    """The OCR engine started in the parent, for the workers it forks (pool's ``warm``);
    on an install without one, each file that reads lettering says so, as before."""
    with contextlib.suppress(WsmarkError):
        start_engine()


def _made(job: tuple[FileReport, bytes | None, str, Load, CheckOutputs]) -> Made:
    """One file's outputs in a worker process (see CheckOutputs)."""
    from markers.products.clerk import clerks_report
    from markers.products.marked_copy import annotate_pages
    from render.pdf import combine_pdfs
    from render.raster import svgs_to_pdfs

    report, pictured, pack_name, load, wanted = job
    pages, data = cast("tuple[list[Artwork], bytes]", pickle.loads(pictured)) \
        if pictured is not None else ([], b"")  # what _check_path pickled
    pack = load(pack_name)
    copy = (".pdf" if Path(report.file).suffix.lower() in PDF_INPUTS else ".svg") \
        if wanted.copy == "own" else wanted.copy
    svgs = annotate_pages(report, pages, pack, data, report.file) if pages else None
    pdf = combine_pdfs(svgs_to_pdfs(svgs), f"marked-up copy of {Path(report.file).stem}") \
        if svgs and copy == ".pdf" else None
    part = clerks_report([report], [svgs], pack, wanted.stamp) if wanted.report else None
    return Made(svgs if copy == ".svg" else None, pdf, part)


def check_paths(paths: Iterable[str | Path], options: CheckOptions, pack: Pack, load: Load,
                jobs: int | None = None, outputs: CheckOutputs | None = None,
                budget: Limits | None = None, notes: Callable[[str], None] | None = None
                ) -> Iterator[tuple[str, FileReport, Made | None]]:
    """Judge files over ``jobs`` processes (see ``markers.api.check_paths``); ``load``
    gives the pack by its name in a worker."""
    # the jobs are made as the workers take them; tee keeps the paths of those in flight
    mine, theirs = itertools.tee((str(p), options, pack.name, load, outputs is not None)
                                 for p in paths)
    budget = budget or Limits()
    checked = budgeted_imap(_check_path, theirs, jobs, budget, _start_reading)

    def judged() -> Iterator[tuple[str, FileReport, bytes | None]]:
        for (path, *_), outcome in zip(mine, checked, strict=True):
            if outcome.overrun is None:
                report, pictured = cast("tuple[FileReport, bytes | None]",
                                        outcome.value)  # what _check_path returns
                near = budget.near(outcome.cpu_s)
                if near and notes is not None:
                    notes(f"{short_name(path)}: {near}")
                yield path, report, pictured
            else:
                yield path, unreadable(path, outcome.overrun), None

    if outputs is None:
        for path, report, _ in judged():
            yield path, report, None
        return
    # a second pool makes the outputs as the first yields the files judged
    ours, given = itertools.tee(judged())
    made = budgeted_imap(_made, ((report, pictured, pack.name, load, outputs)
                                 for _, report, pictured in given), jobs, budget)
    for (path, report, _), outcome in zip(ours, made, strict=True):
        yield path, report, cast(Made, outcome.value) if outcome.overrun is None \
            else Made(refused=over_budget(f"the marked-up copy and report pages of "
                                          f"{short_name(path)}", outcome.overrun, budget))


def annotation_targets(files: list[Path], annotate: str | Path) -> list[Path]:
    """Where the marked-up copy of each of ``files`` goes (see
    ``markers.api.annotation_targets``)."""
    out = Path(annotate)
    suffix = "" if out.is_dir() else out.suffix.lower()
    if suffix == ".svg" and len(files) > 1:
        raise WsmarkError(f"--annotate {annotate}: one SVG cannot hold the copies of "
                          f"{len(files)} drawings; give a folder, or a .pdf for all of them")
    if suffix in (".svg", ".pdf"):
        targets = [out] * len(files)  # several into one PDF: a page per page of each
    else:
        make_dir(annotate)
        taken: set[str] = set()
        targets = []
        for path in files:
            name, n = Path(path).stem, 1
            while name in taken:
                n += 1
                name = f"{Path(path).stem}-{n}"
            taken.add(name)
            suffix = ".pdf" if Path(path).suffix.lower() in PDF_INPUTS else ".svg"
            targets.append(out / f"{name}.annotated{suffix}")
    _refuse_inputs(_resolved(files), targets)
    return targets


def _resolved(files: Iterable[str | Path]) -> frozenset[Path]:
    """The inputs as they resolve (links followed), once a run: resolved again for each
    copy written, they were quadratic (3 CPU s of the parent for issue 33's 348 copies)."""
    return frozenset(Path(f).resolve() for f in files)


def _refuse_inputs(inputs: frozenset[Path], targets: list[Path]) -> None:
    """A one-line WsmarkError when one of ``targets`` resolves to one of ``inputs``."""
    for target in targets:
        if target.resolve() in inputs:
            raise WsmarkError(f"--annotate {target}: that is an input drawing; the marked-up "
                              "copy must go elsewhere")


def report_target(path: str | Path, files: list[Path]) -> Path:
    """Where the clerk's report goes: ``path``, a PDF that is none of ``files`` (one-line
    WsmarkError else)."""
    if not str(path).lower().endswith(".pdf"):
        raise WsmarkError(f"--report {path}: the clerk's report is a PDF (use .pdf)")
    return output_target(path, files, "--report")


def output_target(path: str | Path, inputs: Iterable[str | Path], option: str) -> Path:
    """Where ``option`` writes: ``path``, which is none of ``inputs`` (a one-line
    WsmarkError else: an input is never written over)."""
    target = Path(path)
    if target.resolve() in {Path(f).resolve() for f in inputs}:
        raise WsmarkError(f"{option} {path}: refusing to write over an input")
    return target


def copy_paths(target: Path, pages: int, inputs: frozenset[Path]) -> list[Path]:
    """The files a marked-up copy of ``pages`` pages is written to at ``target``: the
    target itself for a PDF (a page per page) or a one-page SVG, else one SVG per page,
    ``OUT-1.svg``, ``OUT-2.svg`` ...; none of them may resolve to one of ``inputs``
    (``_resolved``)."""
    target = Path(target)
    if target.suffix.lower() == ".pdf" or pages == 1:
        paths = [target]
    else:
        paths = [target.with_name(f"{target.stem}-{n}{target.suffix}")
                 for n in range(1, pages + 1)]
    _refuse_inputs(inputs, paths)
    return paths
