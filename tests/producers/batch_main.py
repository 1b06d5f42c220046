"""The command line every held-out batch has: `python BATCH.py OUT` writes its proofs and
their truth (truth.json) into OUT; `python BATCH.py OUT --check` checks each proof as
`wsmark check` does and prints what the checker got wrong, and how many of all."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

__all__ = ["run", "judged_rules", "kind_and_verdict", "unsaid"]


def run(cases: Callable[[], Sequence[Any]], wrong: Callable[[dict, dict], list[str]],
        argv: Sequence[str] = ()) -> None:
    """Write the batch ``cases()`` makes, or (``--check``) judge it with ``wrong``, which
    lists a report's problems against a proof's truth."""
    argv = list(argv) or sys.argv[1:]
    out = Path(argv[0])
    if "--check" not in argv:
        out.mkdir(parents=True, exist_ok=True)
        truth = {}
        for proof in cases():
            (out / proof.name).write_bytes(proof.write())
            truth[proof.name] = {"want": [w.__dict__ for w in proof.want], "note": proof.note,
                                 "file_verdict": getattr(proof, "file_verdict", None),
                                 "words": list(proof.words)}
        (out / "truth.json").write_text(json.dumps(truth, indent=1))
        print(f"{len(truth)} proofs in {out}")
        return
    from markers.check import pipeline
    from markers.check.report import Provenance, report_json
    from wi import PACK

    truth = json.loads((out / "truth.json").read_text())
    bad = 0
    for name, proof in truth.items():
        report, _ = pipeline.check_file(out / name, pipeline.CheckOptions(), PACK)
        problems = wrong(report_json(report, Provenance("x", "x", "x")), proof)
        bad += bool(problems)
        print(f"{'WRONG' if problems else 'ok   '} {name}: {'; '.join(problems)}")
    print(f"{bad} of {len(truth)} wrong")


def judged_rules(report: dict, marker: dict, severities: tuple[str, ...]) -> list[str]:
    """The rules of ``report``'s findings on ``marker`` at ``severities``, sorted."""
    return sorted({f["rule"] for f in report.get("findings", [])
                   if f.get("marker") == marker.get("index") and f["severity"] in severities})


def kind_and_verdict(got: dict, want: dict, rules: list[str]) -> list[str]:
    """What a marker's report has of another kind or verdict than its truth."""
    problems = []
    if got.get("kind") != want["kind"]:
        problems.append(f"kind {got.get('kind')} != {want['kind']}")
    if got.get("verdict") != want["verdict"]:
        problems.append(f"verdict {got.get('verdict')} != {want['verdict']} ({rules})")
    return problems


def unsaid(report: dict, words: list[str]) -> list[str]:
    """The ``words`` no finding of ``report`` says."""
    text = " ".join(f["message"] for f in report.get("findings", [])).lower()
    return [f"report does not say {word!r}" for word in words if word.lower() not in text]
