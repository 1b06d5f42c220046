"""The register as a clerk reads it on a terminal: the list, one marker's card and
history, the due list (each line with its paragraph)."""

from __future__ import annotations

from collections.abc import Sequence

from markers.register.model import Due, Entry, Event, Proof

__all__ = ["entries_text", "marker_text", "due_text"]

_HEAD = ("id", "label", "kind", "water body", "status", "permit", "dept id", "placed",
         "inspected", "condition")


def _cells(e: Entry) -> tuple[str, ...]:
    return (str(e.id), e.label, e.kind, e.water_body or "-", e.status, e.permit or "-",
            e.department_id or "-", e.placed_on or "-", e.last_inspected or "-",
            e.condition or "-")


def entries_text(entries: Sequence[Entry]) -> str:
    """The markers as an aligned table, with a count line at its foot."""
    rows = [_HEAD, *(_cells(e) for e in entries)]
    widths = [max(len(r[i]) for r in rows) for i in range(len(_HEAD))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()
             for r in rows]
    return "\n".join([*lines, f"{len(entries)} marker{'s' * (len(entries) != 1)}"])


def _event_line(e: Event) -> str:
    parts = [f"{e.date}  {e.type}"]
    if e.condition:
        parts.append(f"condition {e.condition}")
    parts.append(f"by {e.recorded_by}")
    if e.note:
        parts.append(f"note: {e.note}")
    if e.photo:
        parts.append(f"photo {e.photo[:16]}")
    return "  " + ", ".join(parts)


def marker_text(entry: Entry, events: Sequence[Event], proofs: Sequence[Proof]) -> str:
    """One marker: what it is and where, its permit, its status, its design, its proofs
    and its history."""
    lines = [f"marker {entry.id}: {entry.label} ({entry.kind}), {entry.status}",
             f"  where: {entry.lat:.7f}, {entry.lon:.7f}"
             + (f" on {entry.water_body}" if entry.water_body else ""),
             f"  permit: {entry.permit or 'none recorded'}"
             + (f", expires {entry.permit_expires}" if entry.permit_expires else "")
             + f"; department id: {entry.department_id or 'none'}"]
    if entry.plan:
        lines.append(f"  plan: {entry.plan} #{entry.plan_number}")
    for label, value in (("legend", entry.legend), ("description", entry.description),
                         ("purpose", entry.purpose)):
        if value:
            lines.append(f"  {label}: {value}")
    if entry.temporary_days is not None:
        lines.append(f"  temporary: {entry.temporary_days} days")
    if entry.remove_by:
        lines.append(f"  seasonal: out by {entry.remove_by} each year")
    lines.append("  design: " + "; ".join(entry.design.strip().splitlines()))
    lines.append(f"proofs ({len(proofs)}):")
    lines += [f"  {p.checked_on}  {p.verdict}  {p.file}  sha256 {p.sha256}  by {p.recorded_by}"
              + "".join(f"\n    {f}" for f in p.findings) for p in proofs]
    lines.append(f"history ({len(events)} events):")
    lines += [_event_line(e) for e in events]
    return "\n".join(lines)


def due_text(lines: Sequence[Due], on: str) -> str:
    """The due list: one line each, ``clause  label (id): words``, and its count."""
    out = [f"{d.clause}  {d.label}" + (f" (#{d.marker})" if d.marker is not None else "")
           + f": {d.text}" for d in lines]
    return "\n".join([*out, f"{len(lines)} due on {on}"])
