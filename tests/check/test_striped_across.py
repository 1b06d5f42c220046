"""A center aid striped across (a seeded defect: NR 5.09(2)(a)4 wants its stripes
upright) on a proof sheet is still found as a marker: its black bars, two or more of
one length and thickness one under the other, start a marker as upright stripes do. A
lone black bar (a title block's header) starts none. Before, no marker was found on
such a sheet, the whole page was judged as one, and the title's letters failed the
aid's letter colour and height (found by tests/producers/third_batch.py).
"""

from __future__ import annotations

import pytest

from wi import check_svg_text

TITLE = ('<rect x="2" y="27.5" width="24" height="1.2" fill="none" stroke="#000" '
         'stroke-width="0.02"/><text x="2.4" y="28.4" font-size="0.55" font-weight="bold" '
         'font-family="DejaVu Sans" fill="#000">WS-E CENTER AID, 24 IN</text>')


def _center_aid(across: bool, header: bool = False) -> str:
    s = 24 / 7
    stripes = "".join(
        f'<rect x="2" y="{2 + i * s}" width="24" height="{s}"/>' if across else
        f'<rect x="{2 + i * s}" y="2" width="{s}" height="24"/>' for i in (1, 3, 5))
    bar = '<rect x="2" y="30" width="24" height="1.5"/>' if header else ""
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="28in" height="33in" '
            'viewBox="0 0 28 33"><rect x="2" y="2" width="24" height="24" fill="#fff"/>'
            + stripes + '<rect x="7" y="11.8" width="14" height="4.4"/>'
            '<text x="14" y="15.7" font-size="4.6" font-weight="bold" text-anchor="middle" '
            'font-family="DejaVu Sans" fill="#fff">WS-E</text>' + TITLE + bar + "</svg>")


@pytest.mark.parametrize("across, errors", [(False, set()), (True, {"aid-stripes"})])
def test_a_center_aid_on_a_sheet_is_one_marker_whichever_way_it_is_striped(
        tmp_path, across: bool, errors: set[str]) -> None:
    report = check_svg_text(tmp_path, f"center-{across}", _center_aid(across))
    assert [m.kind for m in report.markers] == ["aid-center"], report.findings
    assert report.display_height_in == pytest.approx(24.0, abs=0.05)
    assert {f.rule for f in report.findings if f.severity == "error"} == errors


def test_a_lone_black_bar_beside_a_marker_is_no_marker(tmp_path) -> None:
    report = check_svg_text(tmp_path, "header", _center_aid(False, header=True))
    assert [m.kind for m in report.markers] == ["aid-center"], report.findings
    assert report.verdict == "pass", report.findings
