"""What the register checks of what it is told: a department identification number's
form, a seasonal removal day, and a checked proof against a marker's design (what the
proof shows that the design does not say), made into the proof it records."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from markers.check.report import FileReport
from markers.core.design import Design
from markers.core.permit_id import is_permit_id
from markers.core.spec import Law
from markers.errors import WsmarkError
from markers.register.model import NewProof

__all__ = ["department_id", "removal_day", "proof_of", "differences"]


def department_id(text: str, law: Law, form: str) -> str:
    """``text`` if it has the form of a department id under ``law``; else a one-line
    error with ``form`` (the pack's words for it)."""
    if not is_permit_id(law, text):
        raise WsmarkError(f"{text!r} is not a department identification number ({form})")
    return text


def removal_day(text: str | None) -> str | None:
    """A seasonal removal day, MM-DD (checked against a leap year, so 02-29 passes)."""
    if text is None:
        return None
    try:
        dt.date.fromisoformat(f"2028-{text}")
    except ValueError:
        raise WsmarkError(f"--remove-by: {text!r} is not a day of the year (MM-DD)") from None
    return text


def proof_of(report: FileReport, path: Path, differs: tuple[str, ...] = ()) -> NewProof:
    """The proof to record of a check's ``report`` of the file ``path``: failing if it
    ``differs`` from the design, with those lines and the unwaived findings."""
    lines = tuple(f"{f.rule} ({f.citation}): {f.message}" for f in report.findings
                  if f.severity != "info" and not f.waived)
    return NewProof(report.sha256 or "", path.name, "fail" if differs else report.verdict,
                    differs + lines)


def differences(report: FileReport, wanted: Design, department: str | None
                ) -> tuple[str, ...]:
    """What the proof's markers show that the design (and the marker's department id)
    does not say: its kind, its ws_id, its words, the id on its label."""
    def words(text: str | None) -> str:
        return " ".join((text or "").replace("|", " ").upper().split())

    found = []
    for m in report.markers:
        if m.kind and m.kind != wanted.kind:
            found.append(f"the proof shows kind {m.kind}; the marker is kind {wanted.kind}")
        if m.ws_id and wanted.ws_id and m.ws_id != wanted.ws_id:
            found.append(f"the proof carries {m.ws_id}; the marker is {wanted.ws_id}")
        if m.legend and wanted.legend and words(m.legend) != words(wanted.legend):
            found.append(f"the proof reads {m.legend!r}; the design says {wanted.legend!r}")
        if m.permit_id and department and m.permit_id != department:
            found.append(f"the proof's label reads {m.permit_id}; the department's id is "
                         f"{department}")
    if not report.markers:
        found.append("no marker found in the proof")
    return tuple(found)
