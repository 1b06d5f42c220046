"""Findings -> reports: text for people, JSON per the stable contract, SARIF 2.1.0."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field

from markers.check.engine import Finding, Registry
from markers.core.shown import shown_name

__all__ = ["FileReport", "finding_json", "to_json", "to_text", "to_sarif", "summary",
           "exit_status"]


@dataclass
class FileReport:
    """The verdict on one input file (RULES.md, "Report contract")."""

    file: str
    verdict: str
    kind: str | None = None
    display_height_in: float | None = None
    display_height_basis: str | None = None
    findings: list[Finding] = field(default_factory=list)
    error: str | None = None

    @classmethod
    def judged(cls, file: str, kind: str | None, height: float | None, basis: str | None,
               findings: list[Finding]) -> "FileReport":
        failed = any(f.severity == "error" and not f.waived for f in findings)
        return cls(file, "fail" if failed else "pass", kind,
                   None if height is None else round(height, 3), basis, findings)

    @classmethod
    def unreadable(cls, file: str, message: str) -> "FileReport":
        return cls(file, "error", error=message)


def finding_json(f: Finding) -> dict:
    """The contract's keys in the contract's order; tolerance and waiver when present."""
    record = {"rule": f.rule, "citation": f.citation, "severity": f.severity,
              "measured": f.measured, "required": f.required, "unit": f.unit,
              "message": f.message, "bbox": None if f.bbox is None else list(f.bbox)}
    if f.tolerance is not None:
        record["tolerance"] = f.tolerance
    if f.waived is not None:
        record["waived"] = f.waived
    return record


def to_json(reports: list[FileReport]) -> str:
    """A JSON array, one object per input, exactly the RULES.md contract."""
    return json.dumps([{
        "file": r.file, "verdict": r.verdict, "kind": r.kind,
        "display_height_in": r.display_height_in,
        "display_height_basis": r.display_height_basis,
        "findings": [finding_json(f) for f in r.findings],
        "error": r.error} for r in reports], indent=2)


def _value(f: Finding) -> str:
    if f.measured is None:
        return ""
    unit = f" {f.unit}" if f.unit and f.unit != "ratio" else ""
    return f" [measured {f.measured}{unit}, required {f.required}{unit}]"


def to_text(reports: list[FileReport]) -> str:
    """One block per file: verdict, kind, each finding with measured vs required."""
    blocks = []
    for r in reports:
        name = shown_name(r.file)
        if r.error:
            reason = r.error.removeprefix(f"{name}: ").removeprefix(f"{r.file}: ")
            blocks.append(f"{name}: ERROR {shown_name(reason)}")
            continue
        height = (f", display height {r.display_height_in:g} in ({r.display_height_basis})"
                  if r.display_height_in is not None else "")
        lines = [f"{name}: {r.verdict.upper()} ({r.kind or 'unknown kind'}{height})"]
        for f in r.findings:
            waived = f" (waived: {f.waived})" if f.waived else ""
            severity = "waived" if f.waived else f.severity
            lines.append(f"  {severity:<7} {f.rule:<20} {f.citation}: {f.message}"
                         f"{_value(f)}{waived}")
        blocks.append("\n".join(lines))
    return "\n".join(blocks)


def summary(reports: list[FileReport]) -> str:
    """Counts of verdicts and of findings per rule, for the end of a run."""
    verdicts = Counter(r.verdict for r in reports)
    per_rule = Counter(f.rule for r in reports for f in r.findings
                       if f.severity != "info" and not f.waived)
    head = ", ".join(f"{verdicts[v]} {v}" for v in ("pass", "fail", "error"))
    lines = [f"{len(reports)} file(s): {head}"]
    lines += [f"  {count:>5}  {rule_id}" for rule_id, count in sorted(per_rule.items())]
    return "\n".join(lines)


_LEVEL = {"error": "error", "warning": "warning", "info": "note"}


def to_sarif(reports: list[FileReport], registry: Registry, url: str) -> str:
    """SARIF 2.1.0 with one rule entry per rule id of ``registry``; ``url`` is where
    the rule the pack enforces is published."""
    rules = [{"id": r.id, "name": r.id,
              "shortDescription": {"text": r.doc.strip().splitlines()[0]},
              "fullDescription": {"text": r.doc.strip()},
              "properties": {"citation": r.citation},
              "defaultConfiguration": {"level": _LEVEL[r.severity]}}
             for r in registry.rules.values()]
    index = {r["id"]: i for i, r in enumerate(rules)}
    results = []
    for rep in reports:
        location = {"physicalLocation": {"artifactLocation": {"uri": rep.file}}}
        if rep.error:
            results.append({"ruleId": "unreadable", "level": "error",
                            "message": {"text": rep.error}, "locations": [location]})
            continue
        for f in rep.findings:
            result = {"ruleId": f.rule, "ruleIndex": index[f.rule], "level": _LEVEL[f.severity],
                      "message": {"text": f"{f.citation}: {f.message}"},
                      "locations": [location],
                      "properties": {"measured": f.measured, "required": f.required,
                                     "unit": f.unit, "bbox": f.bbox}}
            if f.waived:
                result["suppressions"] = [{"kind": "external", "justification": f.waived}]
            results.append(result)
    return json.dumps({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0",
        "runs": [{"tool": {"driver": {"name": "wsmark", "informationUri": url,
                                      "rules": rules}},
                  "results": results}]}, indent=2)


def exit_status(reports: list[FileReport]) -> int:
    """0 all pass, 1 any fail, 2 any unreadable input."""
    if any(r.verdict == "error" for r in reports):
        return 2
    return 1 if any(r.verdict == "fail" for r in reports) else 0
