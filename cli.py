"""The wsmark command line: a thin click layer over markers/ and render/.

User mistakes (unknown kind, bad id, H < 12, legend too long, unwritable output) print
one line on stderr and exit 2; no traceback.
"""

from __future__ import annotations

import json
import os
import sys
import textwrap
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import click

from markers.artwork import Artwork
from markers.check import CheckOptions, check_file, inputs
from markers.design import DESIGN_SUFFIXES, Design, load_design
from markers.errors import WsmarkError
from markers.kinds import KINDS, build, get_kind
from markers.report import FileReport, exit_status, summary, to_json, to_sarif, to_text
from markers.rules import RULES
from render.gallery import build_gallery
from render.output import FORMATS, render_file, write_atomic
from render.svg import annotated_svg

__all__ = ["main", "cli"]


class UserError(click.ClickException):
    """A WsmarkError on its way out: one line, exit 2."""

    exit_code = 2

    def show(self, file=None) -> None:
        click.echo(f"wsmark: error: {self.message}", err=True)


class Group(click.Group):
    """Turns the library's WsmarkError into a one-line UserError."""

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except WsmarkError as err:
            raise UserError(str(err)) from None


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="wsmark")
def cli() -> None:
    """Build, check and print Wisconsin waterway markers (Wis. Admin. Code NR 5.09)."""


def _design(kind: str, display_height: float, outline: float, legend: str | None,
            ws_id: str | None, sample: bool = False) -> Design:
    spec = get_kind(kind)
    if legend is not None and not spec.uses_legend:
        raise WsmarkError(f"{kind} carries its identification, not a legend; use --id")
    if ws_id is not None and spec.sample_id is None:
        raise WsmarkError(f"{kind} is a regulatory marker and takes no --id (aids only)")
    if ws_id is None and sample:
        ws_id = spec.sample_id
    return Design(kind, display_height, outline=outline, legend=legend, ws_id=ws_id)


_kind_arg = click.argument("kind", metavar="KIND")
_height_opt = click.option("--display-height", "-H", type=float, required=True,
                           help="Height of the display area in inches (>= 12, NR 5.09(6)(a)).")
_legend_opt = click.option("--legend", help="Words of the marker; '|' breaks lines.")
_id_opt = click.option("--id", "ws_id", help="Identification of a state aid, e.g. WS-2.")
_outline_opt = click.option("--outline", type=float, default=2.0, show_default=True,
                            help="Symbol outline thickness in inches (>= 2, NR 5.09(6)(b)).")


@cli.command()
def kinds() -> None:
    """List the marker kinds with the paragraph that defines each.

    Example: wsmark kinds
    """
    for kind in KINDS.values():
        click.echo(f"{kind.name:<12} {kind.title}  [{kind.ref.clause}]")


@cli.command()
@_kind_arg
@_height_opt
@_legend_opt
@_id_opt
@_outline_opt
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def spec(kind: str, display_height: float, legend: str | None, ws_id: str | None,
         outline: float, fmt: str) -> None:
    """Print the dimensions of a marker, each with the paragraph it comes from.

    Example: wsmark spec danger --display-height 24
    """
    art = build(_design(kind, display_height, outline, legend, ws_id, sample=True))
    dims = art.meta["dimensions"]
    if fmt == "json":
        click.echo(json.dumps({
            "kind": kind, "display_height_in": display_height,
            "dimensions": [{"name": d.name, "value": d.value, "unit": d.unit,
                            "citation": d.clause} for d in dims]}, indent=2))
        return
    click.echo(f"{get_kind(kind).title}, display area {display_height:g} in "
               f"[{get_kind(kind).ref.clause}]")
    width = max(len(d.name) for d in dims)
    for d in dims:
        click.echo(f"  {d.name:<{width}}  {d.clause:<15} {d.as_text()}")


@cli.command()
@click.argument("kind", metavar="KIND|DESIGN.yaml")
@click.option("--display-height", "-H", type=float,
              help="Height of the display area in inches (>= 12, NR 5.09(6)(a)).")
@_legend_opt
@_id_opt
@_outline_opt
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              help=f"File to write: {', '.join(FORMATS)}.")
@click.option("--dpi", type=click.FloatRange(min=1, max=2400), default=150, show_default=True,
              help="Resolution of a PNG.")
def render(kind: str, display_height: float | None, legend: str | None, ws_id: str | None,
           outline: float, output: str, dpi: float) -> None:
    """Render a marker (a kind, or a YAML/JSON design file) at actual size to SVG, PNG
    or PDF.

    Example: wsmark render danger --display-height 24 --legend ROCKS -o d.svg
    """
    if Path(kind).suffix.lower() in DESIGN_SUFFIXES:
        design = load_design(kind)
    elif display_height is None:
        raise click.UsageError("--display-height is required when rendering a KIND")
    else:
        design = _design(kind, display_height, outline, legend, ws_id)
    art: Artwork = build(design)
    render_file(art, output, dpi)
    click.echo(f"wrote {output} ({art.width:.2f} x {art.height:.2f} in)")


@cli.command()
@click.option("-o", "--output", "out_dir", required=True, type=click.Path(file_okay=False),
              help="Folder to write the gallery into.")
def gallery(out_dir: str) -> None:
    """Build every kind at H = 12 and 24 in, as SVG + PNG, with a README.

    Example: wsmark gallery -o gallery
    """
    files = build_gallery(out_dir)
    click.echo(f"wrote {len(files)} files to {out_dir}")


@cli.command("rules")
def list_rules() -> None:
    """List every rule id with its citation and severity.

    Example: wsmark rules
    """
    for r in RULES.values():
        first = r.doc.strip().splitlines()[0]
        click.echo(f"{r.id:<20} {r.severity:<8} {r.citation:<22} {first}")


@cli.command()
@click.argument("rule_id", metavar="RULE")
def explain(rule_id: str) -> None:
    """Explain a rule: what it checks, the paragraph it quotes, passing and failing
    examples.

    Example: wsmark explain outline-width
    """
    if rule_id not in RULES:
        raise WsmarkError(f"unknown rule {rule_id!r}; 'wsmark rules' lists them")
    r = RULES[rule_id]
    click.echo(f"{r.id} ({r.severity}, {r.citation})\n")
    click.echo(_dedent(r.doc))


def _dedent(text: str) -> str:
    first, _, rest = text.partition("\n")
    return first.strip() + "\n" + textwrap.dedent(rest)


def _waivers(values: tuple[str, ...]) -> dict[str, str]:
    waivers = {}
    for value in values:
        rule_id, sep, reason = value.partition(":")
        if not sep or not reason.strip():
            raise click.BadParameter(f"{value!r} is not RULE:reason", param_hint="--waive")
        if rule_id not in RULES:
            raise click.BadParameter(f"unknown rule {rule_id!r}", param_hint="--waive")
        waivers[rule_id] = reason.strip()
    return waivers


def _check_one(job: tuple[str, CheckOptions, bool]) -> tuple[FileReport, bytes | None]:
    """Check one file (in a worker process); with annotation, the marked-up SVG too."""
    path, options, annotate = job
    report, art = check_file(path, options)
    if not annotate or art is None:
        return report, None
    notes = [(f"{f.rule} {f.citation}: " + (
        f"measured {f.measured} {f.unit or ''}, required {f.required} {f.unit or ''}".rstrip()
        if f.measured is not None else f.message), f.bbox)
        for f in report.findings if f.severity != "info"]
    return report, annotated_svg(art, notes)


def _run_checks(jobs: list[tuple[str, CheckOptions, bool]], workers: int):
    if workers <= 1 or len(jobs) <= 1:
        return map(_check_one, jobs)
    pool = ProcessPoolExecutor(max_workers=workers)
    try:
        return list(pool.map(_check_one, jobs, chunksize=max(1, len(jobs) // (workers * 8))))
    finally:
        pool.shutdown()


@cli.command()
@click.argument("paths", nargs=-1, required=True, metavar="FILE|DIR...")
@click.option("--display-height", "-H", type=click.FloatRange(min=0, min_open=True),
              help="Display-area height in inches, when the drawing does not declare it.")
@click.option("--scale", type=click.FloatRange(min=0, min_open=True),
              help="Inches per user unit, for a drawing without a physical size.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "sarif"]),
              default="text", show_default=True)
@click.option("--annotate", type=click.Path(), metavar="OUT.svg|DIR",
              help="Write a marked-up copy of each drawing with its findings.")
@click.option("--waive", multiple=True, metavar="RULE:reason",
              help="Accept a finding of RULE for the stated reason (repeatable).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Worker processes (default: all cores).")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when files fail.")
def check(paths: tuple[str, ...], display_height: float | None, scale: float | None,
          fmt: str, annotate: str | None, waive: tuple[str, ...], jobs: int | None,
          exit_zero: bool) -> None:
    """Check drawings (.svg) and design files (.yaml, .json) against NR 5.09.

    Exit 0 when all pass, 1 when any fails, 2 for usage errors or unreadable input.

    Example: wsmark check vendor/danger.svg --format json --annotate marked/
    """
    options = CheckOptions(display_height, scale, _waivers(waive))
    files = inputs(list(paths))
    if not files:
        raise WsmarkError(f"no .svg, .yaml or .json files in {', '.join(paths)}")
    single = annotate is not None and len(files) == 1 and annotate.lower().endswith(".svg")
    if annotate and not single:
        try:
            Path(annotate).mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise WsmarkError(f"cannot create {annotate}: {err.strerror or err}") from None
    job_list = [(str(f), options, annotate is not None) for f in files]
    results = _run_checks(job_list, jobs or os.cpu_count() or 1)
    if sys.stderr.isatty() and len(files) > 1:
        with click.progressbar(results, length=len(files), label="checking",
                               file=sys.stderr) as bar:
            results = list(bar)
    reports = []
    for (path, _, _), (report, marked) in zip(job_list, results):
        reports.append(report)
        if marked is not None:
            target = annotate if single else Path(annotate) / f"{Path(path).stem}.annotated.svg"
            write_atomic(target, marked)
    if fmt == "json":
        click.echo(to_json(reports))
    elif fmt == "sarif":
        click.echo(to_sarif(reports))
    else:
        click.echo(to_text(reports))
    if len(reports) > 1:
        click.echo(summary(reports), err=fmt != "text")
    status = exit_status(reports)
    sys.exit(0 if exit_zero and status == 1 else status)


def main() -> None:
    """Console entry point."""
    sys.exit(cli.main(prog_name="wsmark", standalone_mode=True))


if __name__ == "__main__":
    main()
