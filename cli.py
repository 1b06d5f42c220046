"""The wsmark command line: a thin click layer over markers.api.

User mistakes (unknown kind, bad id, H < 12, legend too long, unwritable output) print
one line on stderr and exit 2; no traceback.
"""

from __future__ import annotations

import contextlib
import functools
import gc
import json
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import IO, Any, TypeVar


def _interrupted_starting(signum: int, frame: FrameType | None) -> None:
    """A Ctrl-C while this module is imported (its imports, the packs its options list):
    the one line any Ctrl-C gets, not the traceback of whichever import it landed in."""
    sys.stderr.write("wsmark: interrupted\n")
    os._exit(130)  # nothing is written yet: there is nothing to clean up


# Ctrl-C from here to the end of this module is ``_interrupted_starting``'s, where
# Python's own handler is in place (not where SIGINT is ignored, as under nohup).
if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
    signal.signal(signal.SIGINT, _interrupted_starting)

import click  # noqa: E402  (after the handler above: a Ctrl-C in an import is one line)

# numpy is imported here, in that window: a C extension that imports it later (numpy's
# import_array) prints an interrupted import's traceback itself (PyErr_Print) before
# the command can say its one line (`wsmark sheet` with Ctrl-C 0.1-0.3 s after start)
import numpy  # noqa: E402, F401

from markers import api  # noqa: E402
from markers.errors import WsmarkError  # noqa: E402

__all__ = ["main", "cli"]

_Command = TypeVar("_Command", bound=Callable[..., Any])


class UserError(click.ClickException):
    """A WsmarkError on its way out: one line, exit 2."""

    exit_code = 2

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(f"wsmark: error: {api.one_line(self.message)}", err=True)


class Interrupted(click.ClickException):
    """Ctrl-C: the workers are already gone (markers.runtime); one line, exit 130."""

    exit_code = 130

    def show(self, file: IO[Any] | None = None) -> None:
        # on a terminal the line starts below the echoed ^C
        click.echo(("\n" if sys.stderr.isatty() else "") + "wsmark: interrupted", err=True)


def _interrupt_once(signum: int, frame: FrameType | None) -> None:
    """The first Ctrl-C stops the command; more while it cleans up are ignored (by
    ``_interrupted_already``, which also records that it came)."""
    signal.signal(signal.SIGINT, _interrupted_already)
    raise KeyboardInterrupt


def _interrupted_already(signum: int, frame: FrameType | None) -> None:
    """A Ctrl-C after the first: ignored while the command cleans up."""


def _was_interrupted() -> bool:
    """Whether a Ctrl-C stopped the command: an error raised after it is its effect (a
    KeyboardInterrupt inside a C extension's import comes out as that import's
    ImportError, "numpy._core.multiarray failed to import"), not a failure of its own."""
    return signal.getsignal(signal.SIGINT) is _interrupted_already


def _interrupt_again(unraisable: sys.UnraisableHookArgs) -> None:
    """A Ctrl-C that landed where Python ignores exceptions (an at-fork handler, a
    finaliser) would be lost, and the next ignored: it is raised again 10 ms later, by
    a timer (a signal raised here would land in this hook, and be lost too)."""
    if isinstance(unraisable.exc_value, KeyboardInterrupt):
        signal.signal(signal.SIGALRM, _interrupt_once)
        signal.setitimer(signal.ITIMER_REAL, 0.01)
    else:
        sys.__unraisablehook__(unraisable)


def _option_of(command: click.Command | None, field: str | None, said: str) -> str:
    """" (--id)": the option of ``command`` that gives the design ``field`` a refusal is
    about, when the refusal does not name it (the library words it for every face)."""
    flags = [p.opts[0] for p in getattr(command, "params", ()) if p.name == field and p.opts]
    return f" ({flags[0]})" if flags and flags[0] not in said else ""


def _length_options(command: click.Command) -> set[str]:
    """The option strings of ``command`` and its subcommands that take a LENGTH."""
    found = {opt for p in command.params if isinstance(p.type, Length) for opt in p.opts}
    for sub in getattr(command, "commands", {}).values():
        found |= _length_options(sub)
    return found


def _units_joined(args: list[str], command: click.Command) -> list[str]:
    """``-H 24 in`` read as ``-H 24in``: a length option's number followed by its unit
    as a word of its own (the shell split them) is one length."""
    lengths = _length_options(command)
    out: list[str] = []
    i = 0
    while i < len(args):
        out.append(args[i])
        if args[i] in lengths and i + 2 < len(args) and args[i + 2].isalpha():
            try:
                api.parse_length(args[i + 1] + args[i + 2])
                float(args[i + 1])
            except (WsmarkError, ValueError):
                pass
            else:
                out.append(args[i + 1] + args[i + 2])
                i += 3
                continue
        i += 1
    return out


@contextlib.contextmanager
def _interrupts_as_one_line() -> Iterator[None]:
    """A Ctrl-C, and an error raised after one (``_was_interrupted``), end as
    ``Interrupted``: one line, exit 130."""
    try:
        yield
    except KeyboardInterrupt:
        raise Interrupted("interrupted") from None
    except Exception:
        if _was_interrupted():
            raise Interrupted("interrupted") from None
        raise


class Group(click.Group):
    """Every user mistake ends as one line on stderr and exit 2: the library's
    WsmarkError, and click's own usage errors (which would print usage and a hint); an
    interrupt ends as one line too."""

    def make_context(self, info_name: str | None, args: list[str],
                     parent: click.Context | None = None, **extra: Any) -> click.Context:
        """The command line parsed (eager options load the pack); a Ctrl-C meanwhile is
        one line (click would say "Aborted!" and exit 1)."""
        with _interrupts_as_one_line():
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx: click.Context) -> Any:
        try:
            with _interrupts_as_one_line():
                return super().invoke(ctx)
        except WsmarkError as err:
            said = str(err) + _option_of(self.commands.get(ctx.invoked_subcommand or ""),
                                         getattr(err, "field", None), str(err))
            raise UserError(api.in_both_units(said, ctx.meta.get(METRIC, {}))) from None

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             **extra: Any) -> Any:
        args = _units_joined(list(sys.argv[1:] if args is None else args), self)
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            status = super().main(args, prog_name, complete_var, False, **extra)
        except Interrupted as err:
            err.show()
            sys.exit(err.exit_code)
        except click.ClickException as err:
            text = api.one_line(" ".join(err.format_message().split()))
            click.echo(f"wsmark: error: {text}", err=True)
            sys.exit(2 if isinstance(err, click.UsageError) else err.exit_code)
        except click.Abort:
            click.echo("wsmark: aborted", err=True)
            sys.exit(1)
        sys.exit(status if isinstance(status, int) else 0)


#: ctx.meta key of the lengths given in a metric unit (inches -> as typed), which
#: messages say in both units ("10 cm = 3.94 in").
METRIC = "wsmark.metric"


class Length(click.ParamType):
    """A length in inches, or with its unit: 24, 24in, 60cm, 610mm, 2ft."""

    name = "LENGTH"

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> float:
        if isinstance(value, float):
            return value
        try:
            inches = api.parse_length(value, f"--{param.name.replace('_', '-')}" if param
                                      else "length")
        except WsmarkError as err:
            self.fail(str(err), param, ctx)
        typed = api.metric_length(value)
        if typed is not None and ctx is not None:
            ctx.meta.setdefault(METRIC, {})[inches] = typed
        return inches


class PackChoice(click.Choice):
    """The values a design field (``field``: symbol, shape, color) takes under the pack
    the command is given: --pack is eager, parsed before this option whatever their
    order, and the pack is loaded only when the option is given (help lists the default
    pack's)."""

    def __init__(self, field: str) -> None:
        self.field, self.case_sensitive = field, True

    # click's Choice keeps its choices in an attribute; here they are read when first
    # needed, so a command that names no pack loads none
    @property
    def choices(self) -> tuple[str, ...]:  # type: ignore[override]
        return api.choices(self.field)

    def convert(self, value: Any, param: click.Parameter | None,
                ctx: click.Context | None) -> Any:
        pack = ctx.params.get("pack", api.DEFAULT_PACK) if ctx is not None else \
            api.DEFAULT_PACK
        values = api.choices(self.field, pack)
        if not values:
            self.fail(f"no kind of {pack} takes it", param, ctx)
        return click.Choice(values, self.case_sensitive).convert(value, param, ctx)


LENGTH = Length()


class KindCommand(click.Command):
    """A command taking a KIND: its help ends with the kinds of the default pack."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_epilog(ctx, formatter)
        with formatter.section("Kinds"):
            formatter.write_text(", ".join(api.kind_names()))


#: Help is wrapped to the terminal, at most this wide.
HELP_WIDTH = 100


@click.group(cls=Group, context_settings={"help_option_names": ["-h", "--help"],
                                          "max_content_width": HELP_WIDTH})
@click.version_option(package_name="wsmark")
def cli() -> None:
    """Build, check and print waterway markers, judged by a jurisdiction's rule (a pack;
    --pack, default wi-nr509)."""


#: The help of options that cite the rule: the default pack's words.
HELP = api.help_texts()
_legend_opt = click.option("--legend", help="Words of the marker; '|' breaks lines.")
_id_opt = click.option("--id", "ws_id", help=HELP["id"])
_permit_opt = click.option("--permit-id", help=HELP["permit_id"])
_outline_opt = click.option("--outline", type=LENGTH, help=HELP["outline"])
# eager: parsed first, so that the options whose values are the pack's (PackChoice) see it
_pack_opt = click.option("--pack", default=api.DEFAULT_PACK, show_default=True, is_eager=True,
                         type=click.Choice(api.PACK_NAMES), help="The rule markers are built "
                         "and judged by.")
_symbol_opt = click.option("--symbol", type=PackChoice("symbol"),
                           help="Face a symbol buoy or wrap carries, or the sign a sign buoy "
                           "holds up.")
_above_opt = click.option("--height-above-water", type=LENGTH,
                          help=HELP["height_above_water"])
_diameter_opt = click.option("--diameter", type=LENGTH, help=HELP["diameter"])
_surface_opt = click.option("--surface", is_flag=True, help=HELP["surface"])
_seam_opt = click.option("--seam", type=LENGTH, help="Overlap added to a wrap where its ends "
                         "meet, inches.")


def _limits(budget: str) -> Any:
    """``--budget`` read, or a usage error naming it."""
    try:
        return api.check_budget(budget)
    except WsmarkError as err:
        raise click.BadParameter(str(err), param_hint="--budget") from None


def _quiet(command: Callable[..., Any]) -> Callable[..., Any]:
    """-q/--quiet for a command that writes files: it prints nothing but an error (on
    stderr, one line; the exit status says the rest): no 'wrote' lines, tables, notes
    or warnings."""
    @functools.wraps(command)
    def run(*args: Any, quiet: bool, **kwargs: Any) -> Any:
        if not quiet:
            return command(*args, **kwargs)
        with open(os.devnull, "w") as nowhere, contextlib.redirect_stdout(nowhere), \
                contextlib.redirect_stderr(nowhere):
            return command(*args, **kwargs)  # an error is raised, and printed after
    return click.option("-q", "--quiet", is_flag=True,
                        help="Print nothing but errors.")(run)


def _design_options(command: _Command) -> _Command:
    """KIND (or a design file) and the options that shape a marker: spec, render and
    fabricate take the same ones, the common ones first in --help."""
    command = _buoy_options(command)
    for option in reversed([
        click.argument("kind", metavar="KIND|DESIGN.yaml"),
        click.option("--display-height", "-H", type=LENGTH, help=HELP["display_height"]),
        _legend_opt, _id_opt, _permit_opt, _outline_opt, _pack_opt,
    ]):
        command = option(command)
    return command


def _buoy_options(command: _Command) -> _Command:
    """The buoy and flag options of render and spec (collected as ``fields``)."""
    for option in reversed([
        _symbol_opt, _above_opt, _diameter_opt,
        click.option("--shape", type=PackChoice("shape"),
                     help="Mooring buoy: sphere or ovate; race buoy: sphere or cylinder."),
        click.option("--color", type=PackChoice("color"),
                     help="Race buoy color, or an area buoy's where the pack chooses it."),
        click.option("--material", help="Race buoy material: foam, plastic or rubber."),
        click.option("--lighted", is_flag=True, help=HELP["lighted"]),
        _surface_opt, _seam_opt,
        click.option("--flag-height", type=LENGTH, help="How high a flag is."),
        click.option("--flag-length", type=LENGTH, help="How long a flag is."),
        click.option("--max-width", type=LENGTH, help="Widest a sign may be (default: the "
                     "symbol and its margins); words wrap within it."),
        click.option("--force", is_flag=True, help="Build a sign even where its words make it "
                     "taller than twice its width (refused otherwise, with the width that fits)."),
        click.option("--above", help=HELP["above"]),
        click.option("--below", help=HELP["below"]),
    ]):
        command = option(command)
    return command


@cli.command()
@_pack_opt
def kinds(pack: str) -> None:
    """List the marker kinds with the paragraph that defines each.

    Example: wsmark kinds
    """
    found = api.kinds(pack)
    width = max(len(kind.name) for kind in found)
    for kind in found:
        click.echo(f"{kind.name:<{width}}  {kind.title}  [{kind.ref.clause}]")


@cli.command(cls=KindCommand)
@_design_options
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
def spec(kind: str, display_height: float | None, legend: str | None, ws_id: str | None,
         outline: float | None, pack: str, fmt: str, **fields: Any) -> None:
    """Print the dimensions of a marker, each with the paragraph it comes from.

    Example: wsmark spec danger --display-height 24
    """
    design = api.design_or_file(kind, display_height, outline=outline, legend=legend,
                                ws_id=ws_id, sample=True, pack=pack, **fields)
    table = api.spec(design, pack)
    if fmt == "json":
        click.echo(json.dumps(table, indent=2))
        return
    about = api.kind(design.kind, pack)
    height = table["display_height_in"]
    area = f", display area {height:g} in" if height else ""
    click.echo(api.in_both_units(f"{about.title}{area} [{about.ref.clause}]",
                                 click.get_current_context().meta.get(METRIC, {})))
    width = max(len(d["name"]) for d in table["dimensions"])
    for d in table["dimensions"]:
        value = f"{d['value']:.2f}" if isinstance(d["value"], float) else str(d["value"])
        shown = f"{value} {d['unit']}".strip()
        click.echo(f"  {d['name']:<{width}}  {d['citation']:<15} {shown}")


@cli.command(cls=KindCommand)
@_design_options
@_quiet
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              help=f"File to write: {', '.join(api.FORMATS)}.")
@click.option("--dpi", type=click.FloatRange(min=1, max=2400), default=150, show_default=True,
              help="Resolution of a PNG.")
@click.option("--max-pixels", type=click.IntRange(min=1), default=api.MAX_PIXELS,
              show_default=True, metavar="N",
              help="Refuse a PNG of more than N pixels (4 bytes of image memory each).")
def render(kind: str, display_height: float | None, legend: str | None, ws_id: str | None,
           outline: float | None, pack: str, output: str, dpi: float, max_pixels: int,
           **fields: Any) -> None:
    """Render a marker (a kind, or a YAML/JSON design file) at actual size to SVG, PNG
    or PDF. Buoys are elevations (seen from the side, with their waterline).

    Example: wsmark render danger --display-height 24 --legend ROCKS -o d.svg

    Example: wsmark render buoy-symbol --symbol control --legend "SLOW NO WAKE"
    --height-above-water 40 --diameter 12 -o b.svg
    """
    art = api.build(api.design_or_file(kind, display_height, outline=outline, legend=legend,
                                       ws_id=ws_id, pack=pack, **fields), pack)
    api.write_file(output, api.render(art, Path(output).suffix, dpi, pack, max_pixels))
    click.echo(f"wrote {output} ({art.width:.2f} x {art.height:.2f} in)", err=True)
    for note in art.meta.get("notes", ()):
        click.echo(f"wsmark: note: {note}", err=True)
    doubt = api.flagged(art, pack)
    if doubt:
        click.echo(f"wsmark: warning: {doubt}", err=True)


@cli.command()
@_quiet
@_symbol_opt
@click.option("--display-height", "-H", type=LENGTH, help=HELP["wrap_display_height"])
@_legend_opt
@_permit_opt
@_outline_opt
@_diameter_opt
@_above_opt
@_surface_opt
@_seam_opt
@_pack_opt
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              help=f"File to write: {', '.join(api.FORMATS)}.")
@click.option("--dpi", type=click.FloatRange(min=1, max=2400), default=150, show_default=True,
              help="Resolution of a PNG.")
def wrap(symbol: str | None, display_height: float | None, legend: str | None,
         permit_id: str | None, outline: float | None, diameter: float | None,
         height_above_water: float | None, surface: bool, seam: float | None, pack: str,
         output: str, dpi: float) -> None:
    """Print the flat artwork that wraps around a symbol buoy (NR 5.09(6)(d)): pi x the
    diameter wide (plus --seam), the orange bands and the symbol twice, 180 deg apart,
    pre-distorted so that seen from the front it keeps its 35 deg sides and 2/3 of the
    display height. Where it cannot fit the buoy's front so, --surface lays it along
    the surface instead (dimensions measured on the surface, no adjustment).

    Example: wsmark wrap --symbol danger --diameter 12 -o wrap.svg
    """
    design = api.wrap_design(symbol, display_height, legend=legend, outline=outline,
                             diameter=diameter, height_above_water=height_above_water,
                             surface=surface, seam=seam, permit_id=permit_id, pack=pack)
    art = api.build(design, pack)
    api.write_file(output, api.render(art, Path(output).suffix, dpi))
    layout = "laid along the surface" if surface else "adjusted to look flat from the front"
    click.echo(f"wrote {output} ({art.width:.2f} x {art.height:.2f} in): wrap for a "
               f"{art.meta['diameter']:g} in buoy, the symbol twice, 180 deg apart, {layout}",
               err=True)


@cli.command()
@_quiet
@click.option("-o", "--output", "out_dir", required=True, type=click.Path(file_okay=False),
              help="Folder to write the gallery into.")
@_pack_opt
def gallery(out_dir: str, pack: str) -> None:
    """Build every kind at H = 12 and 24 in, as SVG + PNG, with a README.

    Example: wsmark gallery -o gallery
    """
    files = api.gallery(out_dir, pack)
    click.echo(f"wrote {len(files)} files to {out_dir}", err=True)


def _split(value: str | None) -> list[str]:
    return [part.strip() for part in (value or "").split(",") if part.strip()]


def _sizes(value: str | None) -> tuple[float, ...]:
    try:
        return tuple(dict.fromkeys(float(part) for part in _split(value)))
    except ValueError:
        raise WsmarkError(f"--sizes {value!r}: give display heights in inches, "
                          f"e.g. 12,24,36") from None


@cli.command()
@_quiet
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              help="PDF file to write.")
@click.option("--paper", type=click.Choice(list(api.PAPERS)), default="letter", show_default=True)
@click.option("--kinds", "kind_names", metavar="KIND,...",
              help="Kinds that get a page, in this order (default: every kind).")
@click.option("--sizes", metavar="H,...",
              help="Display heights (in) of the table rows (default: 12,18,24,30,36,48).")
@_pack_opt
def sheet(output: str, paper: str, kind_names: str | None, sizes: str | None,
          pack: str) -> None:
    """Print reference sheets: a PDF with a cover, a page per marker kind (drawn to scale
    with callouts, its meaning, its dimensions at standard sizes), color families and
    WS numbering.

    Example: wsmark sheet -o markers.pdf --paper tabloid --kinds danger,control
    """
    if Path(output).suffix.lower() != ".pdf":
        raise WsmarkError(f"reference sheets are a PDF: {output} should end in .pdf")
    pdf, count, notes = api.sheets(_split(kind_names), _sizes(sizes), paper, pack)
    api.write_file(output, pdf)
    for note in notes:
        click.echo(f"wsmark: note: {note}", err=True)
    click.echo(f"wrote {output} ({count} pages, {paper})", err=True)


@cli.command(cls=KindCommand)
@_design_options
@_quiet
@click.option("-o", "--output", "out_dir", required=True, type=click.Path(file_okay=False),
              help="Folder to write the files into.")
@click.option("--bleed", type=LENGTH, default=None,
              help="Paint carried past the trim, in inches (default 0.125).")
@click.option("--min-feature", type=LENGTH, default=None,
              help="Narrowest piece or gap that cuts and weeds cleanly, in inches "
                   "(default 0.0625).")
@click.option("--qty", type=click.IntRange(min=1), default=1, show_default=True,
              help="Number of signs, for the bill of materials.")
@click.option("--blank", default="auto", show_default=True, metavar="auto|none|WxH",
              help="Sign blank: the smallest standard one that fits, none, or e.g. 24x30.")
@click.option("--holes", "hole_count", type=click.Choice(["0", "2", "4"]), default="0",
              help="Mounting holes in the blank.")
@click.option("--materials", type=click.Path(dir_okay=False), metavar="FILE.yaml",
              help="The shop's rolls and prices (default: a generic file).")
@click.option("--stripe", type=click.Choice(["applied", "sewn"]), default="applied",
              show_default=True, help="Diver's flag: the white stripe applied on the red "
              "field or sewn between two red pieces.")
def fabricate(kind: str, display_height: float | None, legend: str | None,
              ws_id: str | None, outline: float | None, pack: str, out_dir: str,
              bleed: float | None, min_feature: float | None, qty: int, blank: str,
              hole_count: str, materials: str | None, stripe: str, **fields: Any) -> None:
    """Write files for a sign shop: print SVG and PDF at 100 % with bleed and crop marks,
    a cut file per color, a DXF of the cut and trim layers, the bill of materials and
    the pieces nested on the shop's rolls (CSV). A buoy is made from its flat wrap and
    costed by its surface; a flag is fabric.

    Example: wsmark fabricate control -H 24 --legend "SLOW NO WAKE" --holes 2 -o out/
    """
    design = api.design_or_file(kind, display_height, outline=outline, legend=legend,
                                ws_id=ws_id, pack=pack, **fields)
    fab, files = api.fabricate(design, bleed, min_feature, qty, pack, blank=blank,
                               holes=int(hole_count), materials=materials, stripe=stripe)
    for path in api.write_files(files, out_dir):
        click.echo(f"wrote {path}", err=True)
    for title, rows, text_columns in api.fabrication_tables(fab, design.kind, qty, pack):
        widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
        click.echo(f"\n{title}:")
        for row in rows:
            cells = enumerate(zip(row, widths, strict=True))
            click.echo("  " + "  ".join(cell.ljust(w) if i < text_columns else cell.rjust(w)
                                        for i, (cell, w) in cells).rstrip())
    for note in fab.notes:
        click.echo(f"wsmark: note: {note}", err=True)
    for warning in fab.warnings:
        click.echo(f"wsmark: warning: {warning}", err=True)
    for issue in fab.issues:
        click.echo(f"wsmark: warning: weeding: {issue}", err=True)


@cli.command("rules")
@_pack_opt
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True, help="json: every rule with its kinds, tolerance and the "
              "words of each paragraph it cites.")
@click.option("--compare", "other", metavar="PACK", default=None,
              help="Print, kind by kind and rule by rule, what this pack's law and PACK's "
              "require, both citations side by side.")
def list_rules(pack: str, fmt: str, other: str | None) -> None:
    """List every rule id with its citation, severity and default tolerance.

    Example: wsmark rules --pack wi-nr509 --compare ct-15-121
    """
    if other is not None:
        click.echo("\n".join(api.compared(pack, other)))
        return
    if fmt == "json":
        click.echo(json.dumps(api.rule_records(pack), indent=2))
        return
    rows = api.rule_rows(pack)
    widths = [max(len(row[i]) for row in rows) for i in range(3)]
    for row in rows:
        click.echo("  ".join(cell.ljust(w) for cell, w in zip(row[:3], widths, strict=True))
                   + "  " + row[3])


@cli.command()
@click.argument("rule_id", metavar="RULE")
@_pack_opt
def explain(rule_id: str, pack: str) -> None:
    """Explain a rule: what it checks, the paragraph it quotes, passing and failing
    examples.

    Example: wsmark explain outline-width
    """
    click.echo(api.explain(rule_id, pack))


@cli.command()
@click.argument("paths", nargs=-1, required=True, metavar="FILE|DIR...")
@click.option("--display-height", "-H", type=LENGTH,
              help="Display-area height (inches, or with a unit), when the drawing does not "
                   "declare it.")
@click.option("--scale", type=click.FloatRange(min=0, min_open=True),
              help="Inches per user unit, for a drawing without a physical size.")
@click.option("--format", "fmt", type=click.Choice(["text", "json", "sarif"]),
              default="text", show_default=True)
@click.option("--annotate", type=click.Path(), metavar="OUT.svg|OUT.pdf|DIR",
              help="Write a marked-up copy of each drawing with its findings: OUT.pdf a "
                   "page per input page (of every input), OUT.svg for one input "
                   "(OUT-1.svg, OUT-2.svg ... for several pages), or into DIR.")
@click.option("--waive", multiple=True, metavar="RULE:reason",
              help="Accept a finding of RULE for the stated reason (repeatable).")
@click.option("--tolerance", multiple=True, metavar="RULE=VALUE",
              help="Override RULE's default tolerance, in its unit (see 'wsmark rules').")
@click.option("--allow-below-minimum", is_flag=True,
              help="Accept a --tolerance that lets less than a rule's own minimum pass; "
                   "the report says so.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Worker processes (default: all cores).")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when files fail.")
@click.option("--budget", default="", metavar="CPU,MEM",
              help="Most CPU time and memory the check of one file may use, e.g. 30s,2GB "
                   "(default: 20s,1024MB); a file over it gets verdict 'error'.")
@click.option("--report", "report_pdf", type=click.Path(dir_okay=False), metavar="OUT.pdf",
              help="Write the clerk's report: pages per file with the marked-up drawing, "
                   "the verdict, a row per requirement judged with its paragraph, the file's "
                   "hash and the versions.")
@click.option("--output-file", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write the report (--format) to FILE, atomically, instead of stdout.")
@click.option("-q", "--quiet", is_flag=True,
              help="Print only errors and one line of verdicts (text), or only the "
                   "document (json, sarif): no per-file blocks, notes or progress.")
@_pack_opt
def check(paths: tuple[str, ...], display_height: float | None, scale: float | None,
          fmt: str, annotate: str | None, waive: tuple[str, ...],
          tolerance: tuple[str, ...], allow_below_minimum: bool, jobs: int | None,
          exit_zero: bool, budget: str, report_pdf: str | None, output_file: str | None,
          quiet: bool, pack: str) -> None:
    """Check drawings (.svg, .pdf, .ai, .dxf) and design files (.yaml, .json) against the
    pack's rule. A PDF of several pages is judged page by page.

    Exit 0 when all pass, 1 when any fails, 2 for usage errors or unreadable input.

    Example: wsmark check vendor/danger.svg --format json --annotate marked/
    """
    def note(line: str) -> None:
        if not quiet:
            click.echo(line, err=True)

    try:
        options = api.check_options(display_height, scale, waive, tolerance, pack,
                                    allow_below_minimum)
    except WsmarkError as err:
        raise click.UsageError(str(err)) from None
    asked = api.CheckRun(paths, options, fmt, annotate, report_pdf, output_file, jobs,
                         _limits(budget), quiet)
    done = api.check_files(asked, api.Streams(sys.stdout, sys.stderr, note,
                                              _progress if _barred(asked) else None), pack)
    _run_said(asked, done.tally, note)
    sys.exit(0 if exit_zero and done.status == 1 else done.status)


def _barred(asked: api.CheckRun) -> bool:
    """Whether a check shows a progress bar: on a terminal, when the reports go
    elsewhere (a file, or a document piped on), not quiet and no copies being written."""
    return not asked.quiet and asked.annotate is None and sys.stderr.isatty() and (
        asked.output_file is not None or (asked.fmt != "text" and not sys.stdout.isatty()))


def _run_said(asked: api.CheckRun, tally: Any, note: Callable[[str], None]) -> None:
    """What the terminal is told at the end of a check: the counts of a run of several
    files (text on stdout, else stderr), the file written, and with --output-file or
    quiet text the one line of verdicts."""
    text = asked.fmt == "text"
    if tally.count > 1 and asked.output_file is None and not asked.quiet:
        click.echo(tally.summary(), err=not text)
    if asked.output_file is not None:
        note(f"wrote {asked.output_file}")
    if asked.output_file is not None or (asked.quiet and text):
        click.echo(tally.headline(), err=asked.output_file is not None)


@contextlib.contextmanager
def _progress(many: bool) -> Iterator[Callable[[], None]]:
    """A progress bar on stderr for a run of more than one file: a tick per file."""
    if not many:
        yield lambda: None
        return
    # of a length not known: the folders are walked once, as the files are judged
    with click.progressbar(_unsized(), label="checking", file=sys.stderr,
                           show_pos=True) as bar:
        yield lambda: bar.update(1)


def _unsized() -> Iterator[int]:
    """An iterable of no known length: the progress bar counts without a total."""
    yield from ()


@cli.command()
@click.argument("proof", metavar="PROOF")
@click.option("--output", "-o", required=True, type=click.Path(dir_okay=False),
              metavar="FIXED.svg|.pdf|.dxf|.yaml",
              help="Where the compliant version goes; its suffix says the format (a design "
                   "file's corrected design as .yaml or .json).")
@click.option("--report", "report_pdf", type=click.Path(dir_okay=False), metavar="OUT.pdf",
              help="Write the clerk's report of the proof and the overlay page: the "
                   "compliant outline over the vendor's drawing, the changes numbered.")
@click.option("--display-height", "-H", type=LENGTH,
              help="Display-area height (inches, or with a unit), when the drawing does not "
                   "declare it.")
@click.option("--scale", type=click.FloatRange(min=0, min_open=True),
              help="Inches per user unit, for a drawing without a physical size.")
@click.option("--budget", default="", metavar="CPU,MEM",
              help="Most CPU time and memory the repair may use, e.g. 30s,2GB (default: "
                   "that of checking one file, 20s,1024MB).")
@_pack_opt
def fix(proof: str, output: str, report_pdf: str | None, display_height: float | None,
        scale: float | None, budget: str, pack: str) -> None:
    """Hand back the compliant version of a failing proof (or design file): each marker
    rebuilt as the design it means, where it stood, the title block, notes and
    dimensions kept; every change listed with the paragraph it answers. What cannot be
    repaired (an aid's number the plan decides, lettering not read, anything under
    review) is listed and no file is written.

    Exit 0 when the compliant version was written, 1 when it could not be, 2 for usage
    errors or an unreadable proof.

    Example: wsmark fix vendor/danger.pdf -o fixed.pdf --report fix.pdf
    """
    options = api.check_options(display_height, scale, pack=pack)
    for target in (output, report_pdf):
        if target is not None and Path(target).resolve() == Path(proof).resolve():
            raise WsmarkError(f"{target}: that is the proof; the compliant version must go "
                              "elsewhere")
    if report_pdf is not None and not report_pdf.lower().endswith(".pdf"):
        raise WsmarkError(f"--report {report_pdf}: the report is a PDF (use .pdf)")
    limits = _limits(budget)
    api.read_input(proof)  # a missing proof is said at once, before a worker starts
    result = api.fix_file(proof, Path(output).suffix, options, pack,
                          overlay=report_pdf is not None, budget=limits)
    click.echo(result.text())
    made: dict[str, bytes] = {output: result.data} if result.data is not None else {}
    if report_pdf is not None and result.report_pdf is not None:
        made[report_pdf] = result.report_pdf
    for written in api.write_set(made.items()):  # the set whole, or (a full disk) none
        click.echo(f"wrote {written}", err=True)
    if result.report_refused is not None:
        click.echo(f"wsmark: {result.report_refused}", err=True)
    sys.exit(2 if result.report_refused is not None else result.exit_status)


# --- placement plans (issue 12) --------------------------------------------------------

_plan_budget_opt = click.option(
    "--budget", default="", metavar="CPU,MEM",
    help="Most CPU time and memory the plan's check, and each file made of it, may use, "
         "e.g. 30s,2GB (default: that of checking one file, 20s,1024MB).")


@cli.group(cls=Group)
def plan() -> None:
    """Placement plans (GeoJSON or CSV): check, map and the permit packet.

    Example: wsmark plan check examples/river-channel.geojson
    """


@plan.command("check")
@click.argument("paths", nargs=-1, required=True, metavar="PLAN...")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@click.option("--waive", multiple=True, metavar="RULE:reason",
              help="Accept a finding of RULE for the stated reason (repeatable).")
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when a plan fails.")
@click.option("--output-file", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write the report (--format) to FILE, atomically, instead of stdout.")
@click.option("-q", "--quiet", is_flag=True,
              help="Print only one line of verdicts (text), or only the document (json).")
@_plan_budget_opt
@_pack_opt
def plan_check(paths: tuple[str, ...], fmt: str, waive: tuple[str, ...],
               exit_zero: bool, output_file: str | None, quiet: bool, budget: str,
               pack: str) -> None:
    """Check placement plans (.geojson, .csv) against the pack's placement rules.

    Exit 0 when all pass, 1 when any fails or needs review, 2 for unreadable plans.

    Example: wsmark plan check examples/river-channel.geojson --format json
    """
    if output_file is not None:
        api.output_target(output_file, paths, "--output-file")
    limits = _limits(budget)
    reports = [api.plan_check(p, waive=waive, pack=pack, budget=limits) for p in paths]
    if output_file is not None:
        api.write_file(output_file, (api.plan_reports(reports, fmt) + "\n").encode())
        if not quiet:
            click.echo(f"wrote {output_file}", err=True)
        click.echo(api.plan_tally(reports).summary(), err=True)
    elif quiet and fmt == "text":
        click.echo(api.plan_tally(reports).summary())
    elif fmt == "text":  # an unreadable plan's line goes to stderr, as check's does
        read = [r for r in reports if not r.error]
        if read:
            click.echo(api.plan_reports(read, fmt))
        for unread in (r for r in reports if r.error):
            click.echo(api.plan_reports([unread], fmt), err=True)
    else:
        click.echo(api.plan_reports(reports, fmt))
    status = api.plan_tally(reports).exit_status()
    sys.exit(0 if exit_zero and status == 1 else status)


@plan.command("map")
@_quiet
@click.argument("path", metavar="PLAN")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              help="The map: .pdf, .svg or .png.")
@click.option("--scale", type=click.FloatRange(min=1), default=None,
              help="Draw at 1:SCALE (default: the whole plan on the page).")
@click.option("--dpi", type=click.FloatRange(min=1, max=2400), default=150, show_default=True)
@_plan_budget_opt
@_pack_opt
def plan_map(path: str, output: str, scale: float | None, dpi: float, budget: str,
             pack: str) -> None:
    """Draw a plan as a map with its numbered findings (no internet tiles).

    Example: wsmark plan map examples/lake.geojson -o lake-map.pdf
    """
    map_ = api.plan_map(path, Path(output).suffix, scale, dpi, _limits(budget), pack)
    api.write_file(output, map_, parents=True)
    click.echo(f"wrote {output}", err=True)


@plan.command("packet")
@_quiet
@click.argument("path", metavar="PLAN")
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              help="application.pdf; the KML and normalised GeoJSON are written beside it.")
@click.option("--scale", type=click.FloatRange(min=1), default=None,
              help="Draw the map at 1:SCALE.")
@click.option("--permit-id", "permit_ids", multiple=True, metavar="MARKER=ID",
              help=HELP["plan_permit_id"])
@click.option("--party", "parties", multiple=True, metavar="ROLE=NAME;ADDRESS;CONTACT",
              help=HELP["plan_party"])
@click.option("--decision", metavar="approved|disapproved",
              help="The deciding party's decision on the application (over the plan's).")
@click.option("--decision-date", metavar="YYYY-MM-DD", help="The date of that decision.")
@click.option("--signatory", help="Who signs that decision: name and office.")
@_plan_budget_opt
@_pack_opt
def plan_packet(path: str, output: str, scale: float | None, permit_ids: tuple[str, ...],
                parties: tuple[str, ...], decision: str | None, decision_date: str | None,
                signatory: str | None, budget: str, pack: str) -> None:
    """Write the permit packet: application.pdf, PLAN.kml, PLAN.normalised.geojson.
    The application names its parties and the decision (from the plan's 'application',
    or --party and --decision) with signature and date blocks, and lists what is still
    missing before it can be filed. Approved markers carry their permit ids (each
    marker's permit_id in the plan, or --permit-id): their pages show the label, the
    table lists the id.

    Example: wsmark plan packet examples/lake.geojson -o out/application.pdf --decision approved
    """
    given = {"decision": decision, "decision_date": decision_date,
             "decision_signatory": signatory}
    stated = [*parties, *(f"{key}={value}" for key, value in given.items() if value)]
    pdf = Path(output)
    if pdf.suffix.lower() != ".pdf":
        raise WsmarkError(f"{pdf}: the packet is a PDF (use .pdf)")
    files = api.plan_packet(path, scale, pdf.parent, pack, permit_ids, stated, _limits(budget))
    made = {pdf if name == "application.pdf" else pdf.with_name(name): data
            for name, data in files.items()}
    for target in api.write_set(made.items(), parents=True):  # whole, or none of it
        click.echo(f"wrote {target}", err=True)


@plan.command("export")
@_quiet
@click.argument("path", metavar="PLAN")
@click.option("--gpx", type=click.Path(dir_okay=False),
              help="Waypoints for the placement crew (GPX 1.1): one per marker, named by "
                   "its id or number.")
@click.option("--kml", type=click.Path(dir_okay=False), help="The plan for Google Earth.")
@click.option("--geojson", type=click.Path(dir_okay=False),
              help="The normalised plan (RFC 7946 GeoJSON).")
@click.option("--csv", "csv_", type=click.Path(dir_okay=False),
              help="The markers as a table the plan loader reads back.")
@_plan_budget_opt
@_pack_opt
def plan_export(path: str, gpx: str | None, kml: str | None, geojson: str | None,
                csv_: str | None, budget: str, pack: str) -> None:
    """Export a plan's markers for other programs: GPS waypoints, KML, GeoJSON.

    Example: wsmark plan export examples/river-channel.geojson --gpx crew.gpx
    """
    targets = [(out, suffix) for out, suffix in ((gpx, ".gpx"), (kml, ".kml"),
                                                (geojson, ".geojson"), (csv_, ".csv")) if out]
    if not targets:
        raise WsmarkError("plan export: give --gpx, --kml, --geojson or --csv with a file to "
                          "write")
    limits = _limits(budget)
    report = api.plan_check(path, pack=pack, budget=limits)
    made = {out: api.plan_export(report, suffix, limits) for out, suffix in targets}
    for out in api.write_set(made.items(), parents=True):  # whole, or none of it
        click.echo(f"wrote {out} ({len(report.read_plan.markers)} markers)", err=True)


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on (the default is this computer only).")
@click.option("--port", type=click.IntRange(0, 65535), default=8509, show_default=True)
@click.option("--max-upload-mb", type=click.FloatRange(min=0, min_open=True), default=20,
              show_default=True, help="Largest file, and largest request, accepted.")
@click.option("--keep", "keep_dir", type=click.Path(file_okay=False),
              help="Keep every upload in this folder (by default nothing is stored).")
@click.option("--workers", type=click.IntRange(min=1), default=None,
              help="Processes that check uploads (default: the cores, at most 4).")
@click.option("--db", default=api.DEFAULT_REGISTER, show_default=True,
              type=click.Path(dir_okay=False), help="The marker register the Register page shows.")
def serve(host: str, port: int, max_upload_mb: float, keep_dir: str | None,
          workers: int | None, db: str) -> None:
    """Start the web page for clerks and sign shops: check proofs, design a marker,
    read the reference, keep the marker register (--db). Runs until Ctrl-C.

    Example: wsmark serve --port 8509
    """
    from web.app import Settings
    from web.server import serve as run

    limit = int(max_upload_mb * 1_000_000)
    settings = Settings(max_file_bytes=limit, max_request_bytes=limit, keep_dir=keep_dir,
                        register_db=db)
    if workers:
        settings = Settings(**{**settings.__dict__, "workers": workers})
    run(host, port, settings, announce=lambda line: click.echo(line))


# --- the marker register (issue 35): `wsmark register` ----------------------------------
# Like every command here it parses, calls one markers.api function and prints; a mistake
# (an unknown marker, a date in the future, a place outside the law's area) is one line
# on stderr and exit 2, by Group above it.

_db_opt = click.option("--db", default=api.DEFAULT_REGISTER, show_default=True,
                       type=click.Path(dir_okay=False), help="The register's file (SQLite).")
_kept_by_opt = click.option("--pack", default=api.DEFAULT_PACK, show_default=True,
                         type=click.Choice(api.PACK_NAMES), help="The rule it is kept by.")
_by_opt = click.option("--by", required=True, metavar="NAME", help="Who records it.")
_date_opt = click.option("--date", metavar="YYYY-MM-DD", help="When it happened (default "
                         "today; never a future day).")
_note_opt = click.option("--note", help="What was seen or done, in words.")


def _filters(command: Any) -> Any:
    for option in reversed([
        click.option("--water-body", help="Only the markers on this water body."),
        click.option("--kind", help="Only markers of this kind."),
        click.option("--permit", metavar="NUMBER", help="Only the markers of this permit."),
        click.option("--status", help="Only markers of this status: "
                     f"{', '.join(api.REGISTER_STATUSES)}."),
    ]):
        command = option(command)
    return command


@click.group()
def register() -> None:
    """The marker register: what a town has on the water, where, under which permit,
    and what is due (one SQLite file, --db).

    Example: wsmark register add examples/lake.geojson --db town.db
    """


@register.command("add")
@click.argument("plan", required=False, metavar="[PLAN]")
@_db_opt
@click.option("--water-body", help="The water body (default: the plan's name).")
@click.option("--remove-by", metavar="MM-DD", help="Seasonal: the day they come out each "
              "year (as the permit or the town sets it).")
@click.option("--waive", multiple=True, metavar="RULE:reason",
              help="Accept a plan finding for the stated reason (as plan check does).")
@click.option("--kind", help="One marker by options: its kind (with --lat, --lon).")
@click.option("--lat", type=float, help="One marker: latitude, decimal degrees.")
@click.option("--lon", type=float, help="One marker: longitude, decimal degrees.")
@click.option("--display-height", "-H", help="One marker: its display height.")
@click.option("--legend", help="One marker: its words.")
@click.option("--id", "ws_id", help="One marker: its aid's id.")
@click.option("--symbol", help="One marker: the face a buoy carries.")
@click.option("--department-id", help="One marker: the department's id, if assigned.")
@click.option("--temporary-days", type=click.IntRange(min=1),
              help="One marker: a temporary placement of this many days.")
@click.option("--description", help="One marker: its description.")
@click.option("--purpose", help="One marker: its purpose.")
@_kept_by_opt
def register_add(plan: str | None, db: str, water_body: str | None, remove_by: str | None,
        waive: tuple[str, ...], kind: str | None, lat: float | None, lon: float | None,
        display_height: str | None, legend: str | None, ws_id: str | None,
        symbol: str | None, department_id: str | None, temporary_days: int | None,
        description: str | None, purpose: str | None, pack: str) -> None:
    """Add a checked plan's markers (each with its design and place), or one marker by
    options (--kind, --lat, --lon). A plan that fails its check is refused.

    Example: wsmark register add examples/lake.geojson --remove-by 11-15
    """
    if plan is not None:
        if kind is not None:
            raise WsmarkError("register add: a PLAN or --kind, not both")
        ids, report = api.register_add_plan(db, plan, water_body, remove_by, waive, pack)
        note = "" if report.verdict == "pass" else f" (plan verdict {report.verdict})"
        click.echo(f"added {len(ids)} markers of {plan} to {db}: ids {ids[0]}-{ids[-1]}{note}")
        return
    if kind is None or lat is None or lon is None:
        raise WsmarkError("register add: give a PLAN, or --kind, --lat and --lon")
    height = api.parse_length(display_height, "--display-height") if display_height else None
    design = api.design_or_file(kind, height, legend=legend, ws_id=ws_id, pack=pack,
                                symbol=symbol)
    marker = api.register_add_marker(
        db, design, lon, lat, water_body=water_body, description=description,
        purpose=purpose, temporary_days=temporary_days, remove_by=remove_by,
        department_id=department_id, pack=pack)
    click.echo(f"added marker {marker} ({design.kind}) to {db}")


@register.command("permit")
@click.argument("plan", metavar="PLAN")
@click.option("--number", required=True, help="The department's permit number.")
@click.option("--id", "ids", multiple=True, metavar="MARKER=ID",
              help="A marker's department-assigned id, by its ws_id or #N in the plan "
                   "(repeatable).")
@click.option("--expires", metavar="YYYY-MM-DD", help="The day the permit lapses, if it "
              "states one.")
@_db_opt
@_kept_by_opt
def register_permit(plan: str, number: str, ids: tuple[str, ...], expires: str | None, db: str,
           pack: str) -> None:
    """Record the department's permit for a plan's markers, and each marker's id.

    Example: wsmark register permit examples/lake.geojson --number WDNR-2026-117
    """
    found = api.register_permit(db, plan, number, ids, expires, pack)
    click.echo(f"permit {found.number}: {found.markers} markers"
               + (f", expires {found.expires}" if found.expires else "")
               + (f"; {len(ids)} department ids recorded" if ids else ""))


def _event(name: str, event: str, helptext: str, condition: bool = False) -> None:
    """A command appending ``event`` to markers (ids, or every marker of --plan)."""
    options = [click.argument("markers", nargs=-1, type=int, metavar="[ID...]"),
               click.option("--plan", type=click.Path(dir_okay=False),
                            help="Every marker added from this plan."),
               _by_opt, _date_opt, _note_opt,
               click.option("--photo", type=click.Path(dir_okay=False),
                            help="A photo, kept beside the register by its SHA-256."),
               _db_opt]
    if condition:
        options.insert(1, click.option("--condition", required=True,
                                       type=click.Choice(api.REGISTER_CONDITIONS)))

    def run(markers: tuple[int, ...], plan: str | None, by: str, date: str | None,
            note: str | None, photo: str | None, db: str, condition: str | None = None
            ) -> None:
        ids = api.register_record(db, markers, event, date, by, condition, note, photo, plan)
        click.echo(f"recorded {event} of {len(ids)} marker{'s' * (len(ids) != 1)}")

    run.__doc__ = helptext
    command: Any = run
    for option in reversed(options):
        command = option(command)
    register.command(name)(command)


_event("place", "placed", "Record markers placed on the water.\n\n"
       "Example: wsmark register place --plan examples/lake.geojson --by 'Ann Roe'")
_event("inspect", "inspected", "Record an inspection: the condition found, a note, a "
       "photo.\n\nExample: wsmark register inspect 3 --condition faded --by 'Ann Roe'",
       condition=True)
_event("repair", "repaired", "Record markers repaired in place.\n\n"
       "Example: wsmark register repair 3 --note 'band repainted' --by 'Dock crew'")
_event("replace", "replaced", "Record markers replaced by new ones.\n\n"
       "Example: wsmark register replace 3 --by 'Dock crew'")
_event("remove-for-season", "removed-for-season", "Record markers taken out for the season."
       "\n\nExample: wsmark register remove-for-season --plan examples/lake.geojson --by 'Dock "
       "crew'")
_event("remove", "removed", "Record markers removed for good.\n\n"
       "Example: wsmark register remove 8 9 10 11 --by 'Ski club'")


@register.command("list")
@_filters
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@_db_opt
def register_list(water_body: str | None, kind: str | None, permit: str | None,
                 status: str | None, fmt: str, db: str) -> None:
    """List the register's markers: by water body, kind, permit, status.

    Example: wsmark register list --status placed
    """
    entries = api.register_list(db, water_body, kind, permit, status)
    click.echo(json.dumps([e.as_json() for e in entries], indent=1) if fmt == "json"
               else api.register_text("list", entries))


@register.command("show")
@click.argument("marker", type=int, metavar="ID")
@_db_opt
def register_show(marker: int, db: str) -> None:
    """One marker: what, where, permit, design, proofs and its history.

    Example: wsmark register show 3
    """
    click.echo(api.register_text("show", *api.register_show(db, marker)))


@register.command("due")
@click.option("--on", metavar="YYYY-MM-DD", help="The day to judge (default today).")
@click.option("--rule", "rules", multiple=True, help="Only this rule (repeatable).")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text",
              show_default=True)
@click.option("--exit-zero", is_flag=True, help="Exit 0 even when something is due.")
@_db_opt
@_kept_by_opt
def register_due(on: str | None, rules: tuple[str, ...], fmt: str, exit_zero: bool, db: str,
        pack: str) -> None:
    """What is due, each line with the paragraph it answers. Exit 0 when nothing is
    due, 1 when something is.

    Example: wsmark register due --on 2026-11-20
    """
    lines = api.register_due(db, on, rules, pack)
    click.echo(json.dumps([d.as_json() for d in lines], indent=1) if fmt == "json"
               else api.register_text("due", lines, on or "today"))
    raise SystemExit(1 if lines and not exit_zero else 0)


@register.command("export")
@_filters
@click.option("--csv", "csv_", type=click.Path(dir_okay=False), help="A table (CSV).")
@click.option("--geojson", type=click.Path(dir_okay=False), help="RFC 7946 GeoJSON.")
@click.option("--gpx", type=click.Path(dir_okay=False), help="GPX 1.1 waypoints.")
@click.option("--kml", type=click.Path(dir_okay=False), help="KML for Google Earth.")
@click.option("--report", type=click.Path(dir_okay=False), metavar="OUT.pdf",
              help="The report for a board meeting: counts and map, a row a marker.")
@click.option("--on", metavar="YYYY-MM-DD", help="The day the report counts what is due.")
@_db_opt
@_kept_by_opt
def register_export(water_body: str | None, kind: str | None, permit: str | None,
           status: str | None, csv_: str | None, geojson: str | None, gpx: str | None,
           kml: str | None, report: str | None, on: str | None, db: str, pack: str) -> None:
    """Write the register out: CSV, GeoJSON, GPX, KML (as plan export), the board's PDF.

    Example: wsmark register export --gpx crew.gpx --report board.pdf
    """
    targets = [(out, suffix) for out, suffix in ((csv_, ".csv"), (geojson, ".geojson"),
                                                (gpx, ".gpx"), (kml, ".kml"),
                                                (report, ".pdf")) if out]
    if not targets:
        raise WsmarkError("register export: give --csv, --geojson, --gpx, --kml or --report")
    for out, suffix in targets:
        api.write_file(out, api.register_export(db, suffix, water_body, kind, permit, status,
                                                on, pack), parents=True)
        click.echo(f"wrote {out}")


@register.command("check-proof")
@click.argument("marker", type=int, metavar="ID")
@click.argument("proof", type=click.Path(dir_okay=False), metavar="FILE")
@_by_opt
@_db_opt
@_kept_by_opt
def register_check_proof(marker: int, proof: str, by: str, db: str, pack: str) -> None:
    """Check a proof against a marker's design and record the result with the file's
    SHA-256. Exit 0 pass, 1 fail or review.

    Example: wsmark register check-proof 3 vendor/ws-3.svg --by 'Ann Roe'
    """
    found, _ = api.register_check_proof(db, marker, proof, by, pack)
    click.echo(f"marker {marker}: {Path(proof).name} {found.verdict} (sha256 {found.sha256})")
    for line in found.findings:
        click.echo(f"  {line}")
    raise SystemExit(0 if found.verdict == "pass" else 1)


@register.command("backup")
@click.argument("target", type=click.Path(dir_okay=False), metavar="FILE")
@_db_opt
def register_backup(target: str, db: str) -> None:
    """Copy the register while it is in use (SQLite's online backup).

    Example: wsmark register backup markers-2026-11-30.db
    """
    api.register_backup(db, target)
    click.echo(f"wrote {target}")


cli.add_command(register)


# Imported: a Ctrl-C is Python's again (main() takes it over; a library import keeps it).
if signal.getsignal(signal.SIGINT) is _interrupted_starting:
    signal.signal(signal.SIGINT, signal.default_int_handler)


def main() -> None:
    """Console entry point."""
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _interrupt_once)
        sys.unraisablehook = _interrupt_again
    try:
        sys.exit(cli.main(prog_name="wsmark", standalone_mode=True))
    finally:
        gc.freeze()


if __name__ == "__main__":
    main()
