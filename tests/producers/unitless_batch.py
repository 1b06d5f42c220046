"""A held-out batch (issue 30, item 3): DXFs whose header gives no size wsmark read
before, drawn with no paper-space viewport, each with the truth a right ``wsmark
check`` gives: never ``error``; a defect seen at any size (the diamond in red) a fail;
what needs inches a review.

Written before the reader learnt it (``python tests/producers/unitless_batch.py OUT``
writes the files and truth.json; ``... OUT --check`` counts the wrong verdicts). The
signs are marker_scene's danger sign written by ezdxf as LibreCAD writes a drawing of
fills (tests/producers/scale_batch._cad), then the header edited: ``$INSUNITS`` 0 with
no ``$MEASUREMENT`` or one outside the DXF reference's 0/1, the drawing in inches,
millimetres or feet; and ``$INSUNITS`` codes of the DXF reference other than inches,
feet, mm, cm and m (yards, mils, decimetres, US survey feet), the drawing in that unit.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from batch_main import judged_rules, kind_and_verdict, run, unsaid  # noqa: E402

import marker_scene as ms  # noqa: E402
from scale_batch import Proof, Want, _cad, _sign  # noqa: E402

#: $INSUNITS code -> inches per unit, as the DXF reference lists them.
OTHER_UNITS = {10: 36.0, 9: 0.001, 14: 100 / 25.4, 21: 1200 / 3937 * 39.37}


def _drop_measurement(doc) -> None:
    del doc.header["$MEASUREMENT"]


def _sheet(defect: str | None, unit_in: float) -> ms.Sheet:
    """A 24 in danger sign drawn in a unit of ``unit_in`` inches."""
    sign = _sign(24.0, defect)
    full = ms.Sheet(sign.right + 2, sign.bottom + 2, [ms.Group(tuple(sign.items), 1.0, 1, 1)])
    return ms.at_scale(full, 1 / unit_in)


def cases() -> list[Proof]:
    out: list[Proof] = []
    sized_review = Want("danger", "review")
    for unit, unit_in in (("in", 1.0), ("mm", 1 / 25.4), ("ft", 12.0)):
        for defect in (None, "red", "thin", "small"):
            want = sized_review if defect in (None, "thin", "small") else \
                Want("danger", "fail", None, ("reg-symbol-color",))
            out.append(Proof(f"u0-nomeas-{unit}-{defect or 'ok'}.dxf",
                             _cad(_sheet(defect, unit_in), 0, None, _drop_measurement),
                             (want,), f"$INSUNITS 0, no $MEASUREMENT, drawn in {unit}",
                             words=("-H",)))
    for defect in (None, "red"):
        want = sized_review if defect is None else \
            Want("danger", "fail", None, ("reg-symbol-color",))
        out.append(Proof(f"u0-meas7-{defect or 'ok'}.dxf", _cad(_sheet(defect, 1.0), 0, 7),
                         (want,), "$INSUNITS 0, $MEASUREMENT 7 (not 0 or 1)"))
    for code, unit_in in OTHER_UNITS.items():
        for defect in (None, "thin"):
            want = Want("danger", "pass", 24.0) if defect is None else \
                Want("danger", "fail", 24.0, ("outline-width",))
            out.append(Proof(f"u{code}-{defect or 'ok'}.dxf",
                             _cad(_sheet(defect, unit_in), code), (want,),
                             f"$INSUNITS {code}: {unit_in:.6g} in per unit"))
    return out


def wrong(report: dict, proof: dict) -> list[str]:
    """What is wrong in ``report`` against the truth: the verdict, the kind, the rules
    failed (errors only: a size-less fail has its sized rules as reviews too), H."""
    if report.get("verdict") == "error":
        return [f"error: {report.get('error')}"]
    problems: list[str] = []
    markers = report.get("markers", [])
    if len(markers) != len(proof["want"]):
        problems.append(f"{len(markers)} markers, want {len(proof['want'])}")
    for got, w in zip(markers, proof["want"]):
        failed = judged_rules(report, got, ("error",))
        problems += kind_and_verdict(got, w, failed)
        if failed != sorted(w["rules"]):
            problems.append(f"failed {failed} != {sorted(w['rules'])}")
        H = got.get("display_height_in")
        if w["H"] is not None and (H is None or abs(H - w["H"]) > 0.03 * w["H"]):
            problems.append(f"H {H} != {w['H']}")
    return problems + unsaid(report, proof["words"])


def main() -> None:
    run(cases, wrong)


if __name__ == "__main__":
    main()
