"""Findings -> reports: text for people, JSON per the stable contract, SARIF 2.1.0."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from markers.check.engine import Check, Finding, Override, Registry
from markers.core.artwork import STATED_SCALE
from markers.core.safe_text import json_ready
from markers.core.shown import short_name, shown_name
from markers.core.waiver import parse_waiver

__all__ = ["MarkerReport", "FileReport", "Provenance", "Tally", "marker_verdict",
           "finding_json", "check_json", "report_json", "to_json", "to_text", "text_block",
           "to_sarif", "sarif_parts", "sarif_results", "sarif_artifact", "exit_status",
           "verdict_line", "waived_words"]

#: Verdicts, worst first: a file's verdict is the worst of its markers'. ``waived``: the
#: drawing does not meet a requirement, and a local waiver accepted that (contract v3,
#: which also adds each waived finding's ``waiver``: reason, by, on).
VERDICTS = ("error", "fail", "review", "waived", "pass")


def contract_basis(basis: str | None) -> dict[str, str | None]:
    """The JSON keys of a display height's ``basis``: ``display_height_basis`` in the
    contract's words (RULES.md: declared, stated, inferred; ``unknown`` for a drawing
    with no physical size, ``not drawn`` for a symbol with no display area drawn), and,
    for a height found at a scale the proof states, the additive key
    ``display_height_evidence`` with the words that say which ("stated scale 1:12,
    inferred at it"): its contract basis is ``stated``."""
    if basis is not None and basis.startswith(STATED_SCALE):
        return {"display_height_basis": "stated", "display_height_evidence": basis}
    return {"display_height_basis": basis}


def marker_verdict(findings: list[Finding]) -> str:
    """fail when any unwaived error, else review when any unwaived review (a requirement
    that could not be judged), else waived when an error or review was waived (the
    drawing does not meet it; a waiver never makes it pass), else pass: never pass while
    a requirement went unjudged or unmet."""
    live = {f.severity for f in findings if not f.waived}
    waived = {f.severity for f in findings if f.waived}
    return "fail" if "error" in live else "review" if "review" in live else \
        "waived" if waived & {"error", "review"} else "pass"


@dataclass(frozen=True)
class Provenance:
    """What made a report, the same on every file of a run: the wsmark version, and the
    pack (name and version) it judged by. Every report form carries it (JSON, SARIF,
    the marked-up copy, the clerk's report), with the file's SHA-256 and size."""

    wsmark_version: str
    pack: str
    pack_version: str

    def describe(self) -> str:
        """In words, for a page: "wsmark 0.1.0, pack wi-nr509 2015-06-01"."""
        return f"wsmark {self.wsmark_version}, pack {self.pack} {self.pack_version}".rstrip()


@dataclass
class MarkerReport:
    """One marker of a file (RULES.md, contract version 2): where it is (page, bbox in
    inches from the page's top-left corner), what it was judged as, and what was read
    of its lettering and on what basis (text | outlines | declared | none)."""

    index: int
    page: int
    bbox: tuple[float, float, float, float] | None
    kind: str | None
    verdict: str
    display_height_in: float | None = None
    display_height_basis: str | None = None
    legend: str | None = None
    ws_id: str | None = None
    text_basis: str = "none"
    #: what the marker's permit label reads (NR 5.09(3)(b) in the Wisconsin pack);
    #: an additive key of contract v2, present only when a label was read
    permit_id: str | None = None
    #: every requirement judged on the marker, a pass as much as a failure (engine.Check);
    #: the additive key ``checks`` of contract v2
    checks: list[Check] = field(default_factory=list)

    def as_json(self) -> dict:
        found: dict[str, Any] = {
            "index": self.index, "page": self.page,
            "bbox": None if self.bbox is None else list(self.bbox), "kind": self.kind,
            "verdict": self.verdict, "display_height_in": self.display_height_in,
            **contract_basis(self.display_height_basis), "legend": self.legend,
            "ws_id": self.ws_id, "text_basis": self.text_basis}
        if self.permit_id is not None:
            found["permit_id"] = self.permit_id
        found["checks"] = [check_json(c) for c in self.checks]
        return found


@dataclass
class FileReport:
    """The verdict on one input file (RULES.md, "Report contract"): the worst of its
    markers'; ``kind`` and the display height are its only marker's (None for several)."""

    file: str
    verdict: str
    kind: str | None = None
    display_height_in: float | None = None
    display_height_basis: str | None = None
    findings: list[Finding] = field(default_factory=list)
    error: str | None = None
    markers: list[MarkerReport] = field(default_factory=list)
    overrides: tuple[Override, ...] = ()
    #: the SHA-256 (hex) and size in bytes of the file judged, when it could be read
    sha256: str | None = None
    size: int | None = None
    #: what the user gave besides tolerances: display height, scale, waivers (rule ->
    #: reason); only those given
    options: dict = field(default_factory=dict)

    @classmethod
    def judged(cls, file: str, markers: list[MarkerReport], findings: list[Finding],
               overrides: tuple[Override, ...] = ()) -> FileReport:
        """The file's report from its markers (each with its verdict) and their findings
        (each naming its ``marker``)."""
        verdict = min((m.verdict for m in markers), key=VERDICTS.index, default="pass")
        only = markers[0] if len(markers) == 1 else None
        return cls(file, verdict, only.kind if only else None,
                   only.display_height_in if only else None,
                   only.display_height_basis if only else None, findings, markers=markers,
                   overrides=overrides)

    @classmethod
    def unreadable(cls, file: str, message: str) -> FileReport:
        return cls(file, "error", error=message)


def finding_json(f: Finding) -> dict:
    """The contract's keys in the contract's order; tolerance and waiver when present."""
    record: dict[str, Any] = {"rule": f.rule, "citation": f.citation, "severity": f.severity,
              "measured": f.measured, "required": f.required, "unit": f.unit,
              "message": f.message, "bbox": None if f.bbox is None else list(f.bbox)}
    if f.tolerance is not None:
        record["tolerance"] = f.tolerance
    if f.waived is not None:
        record["waived"] = f.waived
        record["waiver"] = parse_waiver(f.waived).as_json()
    record["marker"] = f.marker
    return record


def check_json(c: Check) -> dict:
    """A requirement judged on a marker: every key always there (null when none)."""
    return {"rule": c.rule, "citation": c.citation, "result": c.result,
            "measured": c.measured, "required": c.required, "unit": c.unit,
            "tolerance": c.tolerance, "message": c.message, "waived": c.waived}


def report_json(r: FileReport, provenance: Provenance) -> dict:
    """One input's object of the RULES.md contract, with the additive keys of v2: the
    file's ``sha256`` and ``size``, the wsmark and pack versions, and the ``options``
    the user gave (when any)."""
    record: dict[str, Any] = {
        "file": r.file, "verdict": r.verdict, "kind": r.kind,
        "display_height_in": r.display_height_in,
        **contract_basis(r.display_height_basis),
        "markers": [m.as_json() for m in r.markers],
        "findings": [finding_json(f) for f in r.findings],
        "error": r.error}
    if r.overrides:
        record["tolerance_overrides"] = [_override_json(o) for o in r.overrides]
    record.update({"sha256": r.sha256, "size": r.size,
                   "wsmark_version": provenance.wsmark_version, "pack": provenance.pack,
                   "pack_version": provenance.pack_version})
    if r.options:
        record["options"] = r.options
    return record


def to_json(reports: list[FileReport], provenance: Provenance) -> str:
    """A JSON array, one object per input, exactly the RULES.md contract."""
    return json.dumps(json_ready([report_json(r, provenance) for r in reports]), indent=2)


def _override_json(o: Override) -> dict:
    return {"rule": o.rule, "value": o.value, "unit": o.unit, "default": o.default,
            "below_minimum": o.below_minimum}


def _value(f: Finding) -> str:
    if f.measured is None:
        return ""
    unit = f" {f.unit}" if f.unit and f.unit != "ratio" else ""
    return f" [measured {f.measured}{unit}, required {f.required}{unit}]"


def to_text(reports: list[FileReport]) -> str:
    """One block per file: verdict, kind, each finding with measured vs required."""
    return "\n".join(text_block(r) for r in reports)


def text_block(r: FileReport) -> str:
    name = shown_name(r.file)
    if r.error:
        reason = r.error.removeprefix(f"{name}: ").removeprefix(f"{r.file}: ") \
            .removeprefix(f"{short_name(r.file)}: ")
        return f"{name}: ERROR {shown_name(reason)}"
    height = (f", display height {r.display_height_in:g} in ({r.display_height_basis})"
              if r.display_height_in is not None else "")
    several = len(r.markers) > 1
    kind = f"{len(r.markers)} markers" if several else r.kind or "unknown kind"
    lines = [f"{name}: {r.verdict.upper()} ({kind}{height})"]
    if r.verdict == "waived":
        lines.append(f"  {waived_words(r.findings)}")
    lines += [f"  override {o.describe()}" for o in r.overrides]
    for m in r.markers:
        if several:
            lines.append(f"  marker {m.index + 1} (page {m.page}): {m.verdict.upper()} "
                         f"({m.kind or 'unknown kind'})")
        lines += [_finding_line(f, several) for f in r.findings if f.marker == m.index]
    return "\n".join(lines)


def waived_words(findings: Iterable[Finding]) -> str:
    """What a verdict ``waived`` means, in one sentence: the paragraphs not met and the
    waivers that accepted them."""
    unmet = [f for f in findings if f.waived and f.severity in ("error", "review")]
    cited = ", ".join(dict.fromkeys(f"{f.citation} ({f.rule})" for f in unmet))
    why = "; ".join(dict.fromkeys(parse_waiver(f.waived or "").words() for f in unmet))
    return (f"does not meet {cited}; accepted by local waiver: {why}. A waiver does not "
            "make the drawing compliant")


def _finding_line(f: Finding, indent: bool) -> str:
    waived = (f" (not met; accepted by waiver: {parse_waiver(f.waived).words()})"
              if f.severity in ("error", "review") else
              f" (accepted by waiver: {parse_waiver(f.waived).words()})") if f.waived else ""
    severity = f.severity
    return (f"{'    ' if indent else '  '}{severity:<7} {f.rule:<20} {f.citation}: "
            f"{f.message}{_value(f)}{waived}")


def verdict_line(verdicts: Mapping[str, int], count: int, noun: str = "file") -> str:
    """Counts of verdicts in one line: "3 file(s): 2 pass, 1 fail, 0 error"."""
    head = ", ".join(f"{verdicts.get(v, 0)} {v}" for v in ("pass", "fail", "error"))
    if verdicts.get("waived"):
        head += (f", {verdicts['waived']} waived (not met, accepted by waiver: not "
                 "compliant)")
    if verdicts.get("review"):
        head += f", {verdicts['review']} review (a person must check what was not judged)"
    return f"{count} {noun}(s): {head}"


class Tally:
    """Counts of verdicts and of findings per rule (not waived): all a run keeps of its
    reports for the summary and the exit status, so a long run's memory does not grow
    with it; and the rules ``found`` (a finding beyond info, waived or not: what a
    waiver may name)."""

    def __init__(self, reports: Iterable[FileReport] = ()) -> None:
        self.verdicts: Counter[str] = Counter()
        self.per_rule: Counter[str] = Counter()
        self.found: set[str] = set()
        self.count = 0
        for r in reports:
            self.add(r)

    def add(self, r: FileReport) -> None:
        self.count += 1
        self.verdicts[r.verdict] += 1
        self.per_rule.update(f.rule for f in r.findings if f.severity != "info" and not f.waived)
        self.found.update(f.rule for f in r.findings if f.severity != "info")

    def headline(self) -> str:
        """The counts of verdicts in one line: what ``-q`` leaves of a run."""
        return verdict_line(self.verdicts, self.count)

    def summary(self) -> str:
        """Counts of verdicts and of findings per rule, for the end of a run."""
        lines = [self.headline()]
        lines += [f"  {count:>5}  {rule_id}" for rule_id, count in sorted(self.per_rule.items())]
        return "\n".join(lines)

    def exit_status(self) -> int:
        """0 all pass, 1 any fail, review or waived (a waiver never makes a drawing
        pass), 2 any unreadable input."""
        if self.verdicts["error"]:
            return 2
        return 1 if self.verdicts["fail"] or self.verdicts["review"] or \
            self.verdicts["waived"] else 0


#: SARIF has no "review" level: a review finding is a warning whose properties say review.
_LEVEL = {"error": "error", "review": "warning", "warning": "warning", "info": "note"}


def to_sarif(reports: list[FileReport], registry: Registry, url: str,
             provenance: Provenance) -> str:
    """SARIF 2.1.0 with one rule entry per rule id of ``registry``; ``url`` is where
    the rule the pack enforces is published. Each file is an artifact with its SHA-256
    and length; the driver's version is wsmark's, its properties name the pack's."""
    index, document = sarif_parts(registry, url,
                                  next((r.overrides for r in reports if r.overrides), ()),
                                  provenance)
    run = document["runs"][0]
    run["results"] = [result for n, rep in enumerate(reports)
                      for result in sarif_results(rep, index, n)]
    run["artifacts"] = [sarif_artifact(rep) for rep in reports]
    return json.dumps(json_ready(document), indent=2)


def sarif_parts(registry: Registry, url: str, overrides: tuple[Override, ...],
                provenance: Provenance) -> tuple[dict[str, int], dict]:
    """The rule index (id -> position) and the SARIF document with empty result and
    artifact lists, which come before the run's ``overrides`` (the same for every
    file)."""
    rules: list[dict[str, Any]] = [{"id": r.id, "name": r.id,
              "shortDescription": {"text": r.doc.strip().splitlines()[0]},
              "fullDescription": {"text": r.doc.strip()},
              "properties": {"citation": r.citation},
              "defaultConfiguration": {"level": _LEVEL[r.severity]}}
             for r in registry.rules.values()]
    driver = {"name": "wsmark", "version": provenance.wsmark_version, "informationUri": url,
              "properties": {"pack": provenance.pack, "packVersion": provenance.pack_version},
              "rules": rules}
    run = {"tool": {"driver": driver}, "results": [], "artifacts": []}
    if overrides:
        run["properties"] = {"toleranceOverrides": [_override_json(o) for o in overrides]}
    return ({r["id"]: i for i, r in enumerate(rules)},
            {"$schema": "https://json.schemastore.org/sarif-2.1.0.json", "version": "2.1.0",
             "runs": [run]})


def sarif_artifact(rep: FileReport) -> dict:
    """The SARIF artifact of one file: where it is, and its length and SHA-256 when it
    could be read."""
    artifact: dict = {"location": {"uri": rep.file}}
    if rep.sha256 is not None:
        artifact.update({"length": rep.size, "hashes": {"sha-256": rep.sha256}})
    return artifact


def sarif_results(rep: FileReport, index: dict[str, int], artifact: int) -> list[dict]:
    """The SARIF results of one file (the run's ``artifact``-th): one per finding, or
    one 'unreadable'."""
    location = {"physicalLocation": {"artifactLocation": {"uri": rep.file,
                                                          "index": artifact}}}
    if rep.error:
        return [{"ruleId": "unreadable", "level": "error",
                 "message": {"text": rep.error}, "locations": [location]}]
    overrides = {o.rule: o for o in rep.overrides}
    results = []
    for f in rep.findings:
        result: dict[str, Any] = {
            "ruleId": f.rule, "ruleIndex": index[f.rule], "level": _LEVEL[f.severity],
            "message": {"text": f"{f.citation}: {f.message}"},
            "locations": [location],
            "properties": {"measured": f.measured, "required": f.required,
                           "unit": f.unit, "bbox": f.bbox, "marker": f.marker,
                           "severity": f.severity,
                           "review": f.severity == "review",
                           "tolerance": f.tolerance}}
        if f.rule in overrides:
            result["properties"]["toleranceOverride"] = _override_json(overrides[f.rule])
        if f.waived:
            waiver = parse_waiver(f.waived)
            result["suppressions"] = [{"kind": "external", "status": "accepted",
                                       "justification": waiver.words()}]
            result["properties"]["waiver"] = waiver.as_json()
            if f.severity in ("error", "review"):
                result["properties"]["met"] = False
        results.append(result)
    return results


def exit_status(reports: list[FileReport]) -> int:
    """0 all pass, 1 any fail, review or waived, 2 any unreadable input."""
    return Tally(reports).exit_status()
