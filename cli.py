"""The wsmark command line: a thin click layer over markers/ and render/.

User mistakes (unknown kind, bad id, H < 12, legend too long, unwritable output) print
one line on stderr and exit 2; no traceback.
"""

from __future__ import annotations

import json
import sys
import textwrap
from pathlib import Path
from typing import TYPE_CHECKING

import click

from markers.design import DESIGN_SUFFIXES, Design, load_design
from markers.errors import WsmarkError
from markers.fabrication import DEFAULT_BLEED, DEFAULT_MIN_FEATURE
from markers.kinds import KINDS, build, get_kind
from render.output import FORMATS, render_file, write_atomic
from render.paper import PAPERS, STANDARD_SIZES

# The checker, rules, reports, gallery, sheets and shop files are imported by the
# commands that use them, so that `wsmark render` starts nearly as fast as bare
# cairosvg (bench 1a).
if TYPE_CHECKING:
    from markers.check import CheckOptions
    from markers.report import FileReport

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


def _design(kind: str, display_height: float | None, outline: float, legend: str | None,
            ws_id: str | None, sample: bool = False, **fields) -> Design:
    """A Design from command-line options; ``fields`` are the buoy and flag options
    (None or False when not given), ``sample`` fills in a typical symbol and id."""
    spec = get_kind(kind)
    if legend is not None and not spec.uses_legend:
        raise WsmarkError(f"{kind} carries its identification, not a legend; use --id"
                          if spec.sample_id else f"{kind} takes no legend")
    if ws_id is not None and spec.sample_id is None:
        raise WsmarkError(f"{kind} takes no --id (aids only)")
    if ws_id is None and sample:
        ws_id = spec.sample_id
    if fields.pop("surface", False):
        fields["curvature"] = "surface"
    fields = {key: value for key, value in fields.items()
              if value is not None and value is not False}  # a given 0 is kept, and refused
    if spec.form == "sign" and fields:
        raise WsmarkError(f"{kind} is a sign face: " + ", ".join(
            "--" + key.replace("_", "-") for key in fields) + " apply to buoys and flags")
    if sample and "symbol" not in fields:
        fields.update({k: v for k, v in spec.sample.items() if k != "legend"})
        legend = legend if legend is not None else spec.sample.get("legend")
    return Design(kind, display_height, outline=outline, legend=legend, ws_id=ws_id, **fields)


def _kind_or_file(kind: str, display_height: float | None, outline: float,
                  legend: str | None, ws_id: str | None, sample: bool = False,
                  **fields) -> Design:
    """The design named by a KIND and options, or read from a YAML/JSON design file."""
    if Path(kind).suffix.lower() in DESIGN_SUFFIXES:
        return load_design(kind)
    if display_height is None and get_kind(kind).form == "sign":
        raise click.UsageError("--display-height is required with a KIND")
    return _design(kind, display_height, outline, legend, ws_id, sample, **fields)


_legend_opt = click.option("--legend", help="Words of the marker; '|' breaks lines.")
_id_opt = click.option("--id", "ws_id", help="Identification of a state aid, e.g. WS-2.")
_outline_opt = click.option("--outline", type=float, default=2.0, show_default=True,
                            help="Symbol outline thickness in inches (>= 2, NR 5.09(6)(b)).")
_symbol_opt = click.option("--symbol", help="Face a symbol buoy or wrap carries, or the sign "
                           "a sign buoy holds up: danger, exclusion, control, information.")
_above_opt = click.option("--height-above-water", type=float, help="Inches a buoy rides above "
                          "the waterline (>= 36, NR 5.09(6)(a); mooring 18, race >= 4).")
_diameter_opt = click.option("--diameter", type=float, help="Buoy diameter in inches "
                             "(>= 7, NR 5.09(6)(a); race 8 3/4 to 14).")
_surface_opt = click.option("--surface", is_flag=True, help="Lay the symbol along the buoy's "
                            "surface, with no adjustment for curvature (NR 5.09(6)(d)).")
_seam_opt = click.option("--seam", type=float, help="Overlap added to a wrap where its ends "
                         "meet, inches.")


def _design_options(command):
    """KIND (or a design file) and the options that shape a marker: spec, render and
    fabricate take the same ones."""
    for option in reversed([
        click.argument("kind", metavar="KIND|DESIGN.yaml"),
        click.option("--display-height", "-H", type=float,
                     help="Height of the display area in inches (>= 12, NR 5.09(6)(a))."),
        _legend_opt, _id_opt, _outline_opt,
    ]):
        command = option(command)
    return _buoy_options(command)


def _buoy_options(command):
    """The buoy and flag options of render and spec (collected as ``fields``)."""
    for option in reversed([
        _symbol_opt, _above_opt, _diameter_opt,
        click.option("--shape", help="Mooring buoy: sphere or ovate; race buoy: sphere or "
                     "cylinder."),
        click.option("--color", help="Race buoy colour: yellow, green, red or orange."),
        click.option("--material", help="Race buoy material: foam, plastic or rubber."),
        click.option("--lighted", is_flag=True, help="A lighted aid: no reflective band "
                     "(NR 5.09(6)(f))."),
        _surface_opt, _seam_opt,
        click.option("--flag-height", type=float, help="How high a flag is, inches."),
        click.option("--flag-length", type=float, help="How long a flag is, inches."),
    ]):
        command = option(command)
    return command


@cli.command()
def kinds() -> None:
    """List the marker kinds with the paragraph that defines each.

    Example: wsmark kinds
    """
    width = max(len(name) for name in KINDS)
    for kind in KINDS.values():
        click.echo(f"{kind.name:<{width}}  {kind.title}  [{kind.ref.clause}]")


@cli.command()
@_design_options
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def spec(kind: str, display_height: float | None, legend: str | None, ws_id: str | None,
         outline: float, fmt: str, **fields) -> None:
    """Print the dimensions of a marker, each with the paragraph it comes from.

    Example: wsmark spec danger --display-height 24
    """
    design = _kind_or_file(kind, display_height, outline, legend, ws_id, True, **fields)
    art = build(design)
    kind = design.kind
    dims = art.meta["dimensions"]
    display_height = art.meta.get("display_height")
    if fmt == "json":
        click.echo(json.dumps({
            "kind": kind, "display_height_in": display_height,
            "dimensions": [{"name": d.name, "value": d.value, "unit": d.unit,
                            "citation": d.clause} for d in dims]}, indent=2))
        return
    area = f", display area {display_height:g} in" if display_height else ""
    click.echo(f"{get_kind(kind).title}{area} [{get_kind(kind).ref.clause}]")
    width = max(len(d.name) for d in dims)
    for d in dims:
        click.echo(f"  {d.name:<{width}}  {d.clause:<15} {d.as_text()}")


@cli.command()
@_design_options
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              help=f"File to write: {', '.join(FORMATS)}.")
@click.option("--dpi", type=click.FloatRange(min=1, max=2400), default=150, show_default=True,
              help="Resolution of a PNG.")
def render(kind: str, display_height: float | None, legend: str | None, ws_id: str | None,
           outline: float, output: str, dpi: float, **fields) -> None:
    """Render a marker (a kind, or a YAML/JSON design file) at actual size to SVG, PNG
    or PDF. Buoys are elevations (seen from the side, with their waterline).

    Example: wsmark render danger --display-height 24 --legend ROCKS -o d.svg

    Example: wsmark render buoy-symbol --symbol control --legend "SLOW NO WAKE"
    --height-above-water 40 --diameter 12 -o b.svg
    """
    art = build(_kind_or_file(kind, display_height, outline, legend, ws_id,
                                       **fields))
    render_file(art, output, dpi)
    click.echo(f"wrote {output} ({art.width:.2f} x {art.height:.2f} in)")


@cli.command()
@_symbol_opt
@click.option("--display-height", "-H", type=float,
              help="Height of the display area (the white area between the bands) in "
                   "inches (>= 12, NR 5.09(6)(a)); default 12.")
@_legend_opt
@_outline_opt
@_diameter_opt
@_above_opt
@_surface_opt
@_seam_opt
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              help=f"File to write: {', '.join(FORMATS)}.")
@click.option("--dpi", type=click.FloatRange(min=1, max=2400), default=150, show_default=True,
              help="Resolution of a PNG.")
def wrap(symbol: str | None, display_height: float | None, legend: str | None,
         outline: float, diameter: float | None, height_above_water: float | None,
         surface: bool, seam: float | None, output: str, dpi: float) -> None:
    """Print the flat artwork that wraps around a symbol buoy (NR 5.09(6)(d)): pi x the
    diameter wide (plus --seam), the orange bands and the symbol twice, 180 deg apart,
    pre-distorted so that seen from the front it keeps its 35 deg sides and 2/3 of the
    display height. Where it cannot fit the buoy's front so, --surface lays it along
    the surface instead (dimensions measured on the surface, no adjustment).

    Example: wsmark wrap --symbol danger --diameter 12 -o wrap.svg
    """
    design = Design("buoy-wrap", display_height, outline=outline, legend=legend,
                    symbol=symbol, diameter=diameter, height_above_water=height_above_water,
                    curvature="surface" if surface else "seen", seam=seam or 0.0)
    art = build(design)
    render_file(art, output, dpi)
    layout = "laid along the surface" if surface else "adjusted to look flat from the front"
    click.echo(f"wrote {output} ({art.width:.2f} x {art.height:.2f} in): wrap for a "
               f"{art.meta['diameter']:g} in buoy, the symbol twice, 180 deg apart, {layout}")


@cli.command()
@click.option("-o", "--output", "out_dir", required=True, type=click.Path(file_okay=False),
              help="Folder to write the gallery into.")
def gallery(out_dir: str) -> None:
    """Build every kind at H = 12 and 24 in, as SVG + PNG, with a README.

    Example: wsmark gallery -o gallery
    """
    from render.gallery import build_gallery

    files = build_gallery(out_dir)
    click.echo(f"wrote {len(files)} files to {out_dir}")


def _split(value: str | None) -> list[str]:
    return [part.strip() for part in (value or "").split(",") if part.strip()]


def _sizes(value: str | None) -> tuple[float, ...]:
    try:
        sizes = tuple(dict.fromkeys(float(part) for part in _split(value)))
    except ValueError:
        raise WsmarkError(f"--sizes {value!r}: give display heights in inches, "
                          f"e.g. 12,24,36") from None
    return sizes or STANDARD_SIZES


@cli.command()
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              help="PDF file to write.")
@click.option("--paper", type=click.Choice(list(PAPERS)), default="letter", show_default=True)
@click.option("--kinds", "kind_names", metavar="KIND,...",
              help="Kinds that get a page, in this order (default: every kind).")
@click.option("--sizes", metavar="H,...",
              help="Display heights (in) of the table rows (default: 12,18,24,30,36,48).")
def sheet(output: str, paper: str, kind_names: str | None, sizes: str | None) -> None:
    """Print reference sheets: a PDF with a cover, a page per marker kind (drawn to scale
    with callouts, its meaning, its dimensions at standard sizes), colour families and
    WS numbering.

    Example: wsmark sheet -o markers.pdf --paper tabloid --kinds danger,control
    """
    from render.sheets import sheet_pages, sheets_pdf

    if Path(output).suffix.lower() != ".pdf":
        raise WsmarkError(f"reference sheets are a PDF: {output} should end in .pdf")
    kinds = [get_kind(name) for name in _split(kind_names)] or None
    pages, notes = sheet_pages(kinds, _sizes(sizes), paper)
    write_atomic(output, sheets_pdf(pages))
    for note in notes:
        click.echo(f"wsmark: note: {note}", err=True)
    click.echo(f"wrote {output} ({len(pages)} pages, {paper})")


@cli.command()
@_design_options
@click.option("-o", "--output", "out_dir", required=True, type=click.Path(file_okay=False),
              help="Folder to write the files into.")
@click.option("--bleed", type=float, default=DEFAULT_BLEED, show_default=True,
              help="Paint carried past the trim, in inches.")
@click.option("--min-feature", type=float, default=DEFAULT_MIN_FEATURE, show_default=True,
              help="Narrowest piece or gap that cuts and weeds cleanly, in inches.")
@click.option("--qty", type=click.IntRange(min=1), default=1, show_default=True,
              help="Number of signs, for the bill of materials.")
def fabricate(kind: str, display_height: float | None, legend: str | None,
              ws_id: str | None, outline: float, out_dir: str, bleed: float,
              min_feature: float, qty: int, **fields) -> None:
    """Write files for a sign shop: print SVG and PDF at 100 % with bleed and crop marks,
    a cut file per colour, a DXF of the cut layers and the bill of materials (CSV).

    Example: wsmark fabricate control -H 24 --legend "SLOW NO WAKE" -o out/
    """
    from render.fabricate import BOM_HEADER, bom_rows, write_fabrication

    art = build(_kind_or_file(kind, display_height, outline, legend, ws_id, **fields))
    fab, files = write_fabrication(art, out_dir, bleed, min_feature, qty)
    for path in files:
        click.echo(f"wrote {path}")
    rows = [BOM_HEADER, *bom_rows(fab.bom)]
    widths = [max(len(row[i]) for row in rows) for i in range(len(BOM_HEADER))]
    click.echo(f"\nbill of materials, sheeting for {qty} sign{'s' if qty > 1 else ''}:")
    for row in rows:
        click.echo("  " + "  ".join(cell.ljust(w) if i < 3 else cell.rjust(w)
                                    for i, (cell, w) in enumerate(zip(row, widths))).rstrip())
    for issue in fab.issues:
        click.echo(f"wsmark: warning: weeding: {issue}", err=True)


@cli.command("rules")
def list_rules() -> None:
    """List every rule id with its citation, severity and default tolerance.

    Example: wsmark rules
    """
    from markers.rules import RULES

    for r in RULES.values():
        first = r.doc.strip().splitlines()[0]
        tol = f" (tolerance {r.tolerance})" if r.tolerance else ""
        click.echo(f"{r.id:<20} {r.severity:<8} {r.citation:<22} {first}{tol}")


@cli.command()
@click.argument("rule_id", metavar="RULE")
def explain(rule_id: str) -> None:
    """Explain a rule: what it checks, the paragraph it quotes, passing and failing
    examples.

    Example: wsmark explain outline-width
    """
    from markers.rules import RULES

    if rule_id not in RULES:
        raise WsmarkError(f"unknown rule {rule_id!r}; 'wsmark rules' lists them")
    r = RULES[rule_id]
    tol = f", tolerance {r.tolerance}" if r.tolerance else ""
    click.echo(f"{r.id} ({r.severity}, {r.citation}{tol})\n")
    click.echo(_dedent(r.doc))


def _dedent(text: str) -> str:
    first, _, rest = text.partition("\n")
    return first.strip() + "\n" + textwrap.dedent(rest)


def _tolerances(values: tuple[str, ...]) -> dict[str, float]:
    from markers.rules import RULES

    tolerances = {}
    for value in values:
        rule_id, sep, number = value.partition("=")
        if rule_id not in RULES or RULES[rule_id].tolerance is None:
            known = ", ".join(r.id for r in RULES.values() if r.tolerance)
            raise click.BadParameter(f"{rule_id!r} has no tolerance; rules with one: {known}",
                                     param_hint="--tolerance")
        try:
            tolerances[rule_id] = float(number)
        except ValueError:
            raise click.BadParameter(f"{value!r} is not RULE=NUMBER",
                                     param_hint="--tolerance") from None
        if not 0 <= tolerances[rule_id] < float("inf"):
            raise click.BadParameter(f"{value!r}: a tolerance is a finite number >= 0",
                                     param_hint="--tolerance")
    return tolerances


def _waivers(values: tuple[str, ...]) -> dict[str, str]:
    from markers.rules import RULES

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
    from markers.check import check_file
    from render.svg import annotated_svg

    path, options, annotate = job
    report, art = check_file(path, options)
    if not annotate or art is None:
        return report, None
    notes = [(f"{f.rule} {f.citation}: " + (
        f"measured {f.measured} {f.unit or ''}, required {f.required} {f.unit or ''}".rstrip()
        if f.measured is not None else f.message), f.bbox)
        for f in report.findings if f.severity != "info"]
    return report, annotated_svg(art, notes)


def _unique(stem: str, taken: set[str]) -> str:
    """``stem``, or ``stem-2``, ``stem-3`` ... when files in different folders share it."""
    name, n = stem, 1
    while name in taken:
        n += 1
        name = f"{stem}-{n}"
    taken.add(name)
    return name


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
@click.option("--tolerance", multiple=True, metavar="RULE=VALUE",
              help="Override RULE's default tolerance, in its unit (see 'wsmark rules').")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Worker processes (default: all cores).")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when files fail.")
@click.option("--budget", default="", metavar="CPU,MEM",
              help="Most CPU time and memory the check of one file may use, e.g. 30s,2GB "
                   "(default: 20s,1024MB); a file over it gets verdict 'error'.")
def check(paths: tuple[str, ...], display_height: float | None, scale: float | None,
          fmt: str, annotate: str | None, waive: tuple[str, ...],
          tolerance: tuple[str, ...], jobs: int | None, exit_zero: bool, budget: str) -> None:
    """Check drawings (.svg) and design files (.yaml, .json) against NR 5.09.

    Exit 0 when all pass, 1 when any fails, 2 for usage errors or unreadable input.

    Example: wsmark check vendor/danger.svg --format json --annotate marked/
    """
    from markers.check import CheckOptions, inputs
    from markers.report import exit_status, summary, to_json, to_sarif, to_text

    options = CheckOptions(display_height, scale, _waivers(waive), _tolerances(tolerance))
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
    from markers.report import FileReport
    from markers.shown import shown_name
    from render.budgeted import budgeted_imap, parse_limits

    try:
        limits = parse_limits(budget)
    except ValueError as err:
        raise click.BadParameter(str(err), param_hint="--budget") from None
    results = (o.value if o.overrun is None else
               (FileReport.unreadable(path, f"{shown_name(path)}: {o.overrun}"), None)
               for (path, _, _), o in zip(job_list, budgeted_imap(_check_one, job_list,
                                                                  jobs, limits)))
    if sys.stderr.isatty() and len(files) > 1:
        with click.progressbar(results, length=len(files), label="checking",
                               file=sys.stderr) as bar:
            results = list(bar)
    reports, names = [], set()
    for (path, _, _), (report, marked) in zip(job_list, results):
        reports.append(report)
        if marked is not None:
            name = _unique(Path(path).stem, names)
            write_atomic(annotate if single else Path(annotate) / f"{name}.annotated.svg",
                         marked)
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
