"""`wsmark register`: the marker register on the command line (a click group that cli.py
adds). Like every face it parses, calls one markers.api function and prints; a mistake
(an unknown marker, a date in the future, a place outside the law's area) is one line
on stderr and exit 2, by cli.Group above it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click

from markers import api
from markers.errors import WsmarkError

__all__ = ["register"]

_db_opt = click.option("--db", default=api.DEFAULT_REGISTER, show_default=True,
                       type=click.Path(dir_okay=False), help="The register's file (SQLite).")
_pack_opt = click.option("--pack", default=api.DEFAULT_PACK, show_default=True,
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
@_pack_opt
def add(plan: str | None, db: str, water_body: str | None, remove_by: str | None,
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
@_pack_opt
def permit(plan: str, number: str, ids: tuple[str, ...], expires: str | None, db: str,
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
def list_markers(water_body: str | None, kind: str | None, permit: str | None,
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
def show(marker: int, db: str) -> None:
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
@_pack_opt
def due(on: str | None, rules: tuple[str, ...], fmt: str, exit_zero: bool, db: str,
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
@_pack_opt
def export(water_body: str | None, kind: str | None, permit: str | None,
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
@_pack_opt
def check_proof(marker: int, proof: str, by: str, db: str, pack: str) -> None:
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
def backup(target: str, db: str) -> None:
    """Copy the register while it is in use (SQLite's online backup).

    Example: wsmark register backup markers-2026-11-30.db
    """
    api.register_backup(db, target)
    click.echo(f"wrote {target}")
