"""A held-out batch (issue 30, item 4): markers drawn turned whose "up" the first
orientation work did not try: a control sign (a circle: no up of its own) turned 90 deg
in SVG (lettering as paths), PDF and DXF (fills), and a green aid upside down. Each is
wsmark's own built geometry turned (scale_batch._turned) and written by
tests/proof_writers.py. (Live lettering turned with its sign is live_turn_batch.py's.)

``python tests/producers/orient_batch.py OUT`` then ``... OUT --check``.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from batch_main import judged_rules, kind_and_verdict, run, unsaid  # noqa: E402

from scale_batch import Proof, Want, _built, _svg_paths, _turned  # noqa: E402


def cases() -> list[Proof]:
    from proof_writers import naive_cmyk, to_dxf, to_reportlab_pdf
    out: list[Proof] = []
    control = _built("control", display_height=24.0, legend="NO WAKE")
    turned = _turned(control, 90)
    cmyk = {la.hex: naive_cmyk(la.hex) for la in turned.layers}
    want = (Want("control", "pass", 24.0),)
    out.append(Proof("control-90.svg", lambda: _svg_paths(turned), want, "control 90",
                     words=("turned",)))
    out.append(Proof("control-90.pdf", lambda: to_reportlab_pdf(turned, cmyk), want,
                     "control 90", words=("turned",)))
    out.append(Proof("control-90.dxf", lambda: to_dxf(turned, "in"), want, "control 90",
                     words=("turned",)))
    green = _built("aid-green", display_height=24.0, ws_id="WS-3")
    out.append(Proof("green-ws3-180.svg", lambda: _svg_paths(_turned(green, 180)),
                     (Want("aid-green", "pass", 24.0),), "green aid upside down (paths)",
                     words=("turned",)))
    return out


def wrong(report: dict, proof: dict) -> list[str]:
    if report.get("verdict") == "error":
        return [f"error: {report.get('error')}"]
    markers = report.get("markers", [])
    if len(markers) != len(proof["want"]):
        return [f"{len(markers)} markers, want {len(proof['want'])}"]
    problems = []
    for got, w in zip(markers, proof["want"]):
        problems += kind_and_verdict(got, w, judged_rules(report, got, ("error", "review")))
    return problems + unsaid(report, proof["words"])


def main() -> None:
    run(cases, wrong)


if __name__ == "__main__":
    main()
