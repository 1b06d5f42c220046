"""The full round-trip matrix of issue 9 (the suite runs a subset, tests/test_read_pdf_dxf.py):
every kind, sign faces at H = 12, 18, 24, 48 and the others at their sample, written as
SVG by wsmark, as PDF by cairo, as PDF by reportlab with CMYK fills, and as DXF (HATCH) in
inches and mm. Prints, per kind and size, whether each form checks clean and measures
what the SVG measures (0.01 in, 0.1 deg). Run: python bench/roundtrip_matrix.py [KIND...]
(every kind when none is named)
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from test_read_pdf_dxf import FORMS, assert_same_measures, forms, serious, sign  # noqa: E402

from wi import KINDS, measure  # noqa: E402


def main() -> int:
    bad = cells_total = 0
    wanted = set(sys.argv[1:]) or set(KINDS)
    for name, kind in KINDS.items():
        if name not in wanted:
            continue
        for h in ((12.0, 18.0, 24.0, 48.0) if kind.display_area else (None,)):
            read = forms(sign(name, h))
            cells = []
            for form in FORMS:
                art = read[form]
                problems = serious(art)
                try:
                    assert_same_measures(read["svg"], art, form)
                    same = True
                except AssertionError:
                    same = False
                ok = not problems and same and measure(art).kind == kind.report_name
                bad += not ok
                cells_total += 1
                cells.append(f"{form}:{'ok' if ok else 'NO'}"
                             + ("" if not problems else f"({','.join(sorted({r for r, _ in problems}))})"))
            print(f"{name:16} {h or '-':>5}  " + "  ".join(cells), flush=True)
    print(f"{bad} form(s) of {cells_total} not clean or not measuring alike")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
