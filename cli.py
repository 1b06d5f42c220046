"""The wsmark command line: a thin click layer over markers/ and render/.

User mistakes (unknown kind, bad id, H < 12, legend too long, unwritable output) print
one line on stderr and exit 2; no traceback.
"""

from __future__ import annotations

import json
import sys

import click

from markers.artwork import Artwork
from markers.design import Design
from markers.errors import WsmarkError
from markers.kinds import KINDS, build, get_kind
from render.gallery import build_gallery
from render.output import FORMATS, render_file

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
@_kind_arg
@_height_opt
@_legend_opt
@_id_opt
@_outline_opt
@click.option("-o", "--output", required=True, type=click.Path(dir_okay=False),
              help=f"File to write: {', '.join(FORMATS)}.")
@click.option("--dpi", type=click.FloatRange(min=1, max=2400), default=150, show_default=True,
              help="Resolution of a PNG.")
def render(kind: str, display_height: float, legend: str | None, ws_id: str | None,
           outline: float, output: str, dpi: float) -> None:
    """Render a marker at actual size to SVG, PNG or PDF.

    Example: wsmark render danger --display-height 24 --legend ROCKS -o d.svg
    """
    art: Artwork = build(_design(kind, display_height, outline, legend, ws_id))
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


def main() -> None:
    """Console entry point."""
    sys.exit(cli.main(prog_name="wsmark", standalone_mode=True))


if __name__ == "__main__":
    main()
