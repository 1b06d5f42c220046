"""A held-out batch (issue 30): drawings with no physical size (an SVG with a viewBox
only) beside which the proof states the size of the sign's panel, not its display
height: 'SIGN 20" x 24"', "PANEL 381 x 457 mm", '30" W x 36" H', '24" H x 20" W',
"20 x 24 IN DANGER SIGN"; seeded defects measured at the size the panel gives; a stated
H the panel contradicts, a panel the drawing's proportions contradict (reviews naming
both), and a sheet's size (which sizes nothing).

Written before the checker read panel sizes: ``python tests/producers/panel_batch.py
OUT`` writes the files and truth.json; ``... OUT --check`` counts the wrong verdicts.
Each sheet is marker_scene's danger sign at 1/4 on a letter sheet written by matplotlib
as SVG, its width and height taken out, and the statement added as one live <text>.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from batch_main import run  # noqa: E402

import marker_scene as ms  # noqa: E402
from scale_batch import LEFT, LETTER, TABLOID, Proof, Want, _mpl, _sign, _sizeless, _with_text  # noqa: E402

PT = 72.0  # matplotlib's SVG user unit: the point
K = 1 / 4  # the drawing's scale on its sheet




def _proof(name: str, H: float, defect: str | None, words: list[str], want: Want,
           note: str, paper: tuple[float, float] = LETTER) -> Proof:
    """The sign at 1/4 on a letter sheet, no size, ``words`` as live text under it."""
    placed = ms.danger(0, 0, H, outline=1.5) if defect == "thin" else _sign(H, defect)
    drawn = ms.at_scale(ms.Sheet(placed.right, placed.bottom, list(placed.items)), K)
    sheet = ms.Sheet(*paper)
    sheet.add([ms.Group(tuple(drawn.items), 1.0, LEFT, 1.0)])
    write = _sizeless(_mpl(sheet, "svg"))
    top = 1.0 + placed.h * K + 0.6
    for i, line in enumerate(words):
        write = _with_text(write, line, LEFT * PT, (top + 0.4 * i) * PT, 0.15 * PT)
    return Proof(name, write, (want,), note)


def cases() -> list[Proof]:
    ok = "pass"
    return [
        _proof("panel-sign-in.svg", 24, None, ['SIGN 20" x 24"'],
               Want("danger", ok, 24.0), "SIGN w x h in inches"),
        _proof("panel-mm.svg", 18, None, ["PANEL 381 x 457 mm"],
               Want("danger", ok, 18.0), "PANEL in mm"),
        _proof("panel-w-h.svg", 36, None, ['30" W x 36" H'],
               Want("danger", ok, 36.0), "W and H marked", TABLOID),
        _proof("panel-h-w.svg", 24, None, ['24" H x 20" W'],
               Want("danger", ok, 24.0), "H first, marked"),
        _proof("panel-kind.svg", 24, None, ["20 x 24 IN DANGER SIGN"],
               Want("danger", ok, 24.0), "the kind named"),
        _proof("panel-thin.svg", 24, "thin", ['SIGN 20" x 24"'],
               Want("danger", "fail", 24.0, ("outline-width",)), "1.5 in outline"),
        _proof("panel-small.svg", 24, "small", ['SIGN 8-1/3" x 10"'],
               Want("danger", "fail", 10.0, ("display-height",)),
               "a 10 in sign: its panel stated"),
        _proof("panel-red.svg", 24, "red", ['SIGN 20" x 24"'],
               Want("danger", "fail", 24.0, ("reg-symbol-color",)), "red diamond"),
        _proof("panel-contradicts-h.svg", 24, None, ['SIGN 15" x 18"', "DISPLAY AREA 24 IN"],
               Want("danger", "review", None, ("scale-evidence",)),
               "a panel for 18 in and H 24 in"),
        _proof("panel-other-shape.svg", 24, None, ['SIGN 24" x 24"'],
               Want("danger", "review", None, ("scale-evidence",)),
               "a square panel stated beside a 20 x 24 one"),
        _proof("panel-sheet-only.svg", 24, None, ["SHEET 8.5 x 11 IN"],
               Want("danger", "review", None, ("display-height",)), "a sheet's size"),
    ]


def wrong(report: dict, proof: dict) -> list[str]:
    """What is wrong in ``report`` against the truth: verdict, kind, H, and the rules:
    a fail's errors exactly, a review's rules among its reviews."""
    if report.get("verdict") == "error":
        return [f"error: {report.get('error')}"]
    problems: list[str] = []
    markers = report.get("markers", [])
    if len(markers) != len(proof["want"]):
        return [f"{len(markers)} markers, want {len(proof['want'])}"]
    for got, w in zip(markers, proof["want"]):
        mine = [f for f in report.get("findings", []) if f.get("marker") == got.get("index")]
        failed = sorted({f["rule"] for f in mine if f["severity"] == "error"})
        reviewed = {f["rule"] for f in mine if f["severity"] == "review"}
        if got.get("kind") != w["kind"]:
            problems.append(f"kind {got.get('kind')} != {w['kind']}")
        if got.get("verdict") != w["verdict"]:
            problems.append(f"verdict {got.get('verdict')} != {w['verdict']} ({failed})")
        if w["verdict"] == "fail" and failed != sorted(w["rules"]):
            problems.append(f"failed {failed} != {sorted(w['rules'])}")
        if w["verdict"] == "review" and not set(w["rules"]) <= reviewed:
            problems.append(f"reviews {sorted(reviewed)} lack {sorted(w['rules'])}")
        H = got.get("display_height_in")
        if w["H"] is not None and (H is None or abs(H - w["H"]) > 0.03 * w["H"]):
            problems.append(f"H {H} != {w['H']}")
    return problems


def main() -> None:
    run(cases, wrong)


if __name__ == "__main__":
    main()
