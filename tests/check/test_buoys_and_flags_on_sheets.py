"""Flags and buoys drawn on a sheet with a note beside them, as a shop draws them (found
by tests/producers/fourth_batch.py):

- a solid marker (a flag's field filling its box, a race ball on its waterline) has no
  white panel: the white round it is the page, not its panel, so a distress flag with
  its caption under it on a white figure is a flag, not an information sign whose
  centre is orange (a solid disc on a sign's blank stays a sign's symbol with a wrong
  centre: tests/read/test_dxf_linework.py);
- a flag's field painted over a white background of its own size is still all one
  color (the hidden white is no stripe);
- a white body standing on such a waterline is a marker though it has no marker color
  (a mooring sphere without its band failed reg-shape, not mooring-buoy).

The drawings are SVGs written here, in inches.
"""

from __future__ import annotations

import pytest

from wi import check_svg_text

NOTE = ('<text x="{x}" y="{y}" font-size="0.55" font-weight="bold" font-family="DejaVu Sans" '
        'fill="#000">{text}</text>')


def _svg(width: float, height: float, body: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}in" height="{height}in" '
            f'viewBox="0 0 {width} {height}">{body}</svg>')


def _errors(report) -> set[str]:
    return {f.rule for f in report.findings if f.severity == "error"}


@pytest.mark.parametrize("under", ["", '<rect x="2" y="2" width="30" height="18" fill="#fff"/>'])
def test_a_distress_flag_with_its_caption_on_a_white_figure_is_a_flag(tmp_path, under) -> None:
    body = ('<rect width="34" height="23" fill="#fff"/>' + under
            + '<rect x="2" y="2" width="30" height="18" fill="#FF4F00"/>'
            + NOTE.format(x=2, y=21.2, text="DISTRESS FLAG 18 X 30 IN"))
    report = check_svg_text(tmp_path, f"flag-{bool(under)}", _svg(34, 23, body))
    assert (report.kind, report.verdict) == ("distress-flag", "pass"), report.findings


def _ball(color: str, water: str, band: str = "") -> str:
    """A 12 in ball, 6 in out of the water (its top at y 2), on a waterline across the
    page, a note under it."""
    return _svg(16, 11, '<rect width="16" height="11" fill="#fff"/>'
                f'<path d="M 2,8 A 6,6 0 0 1 14,8 Z" fill="{color}"/>' + band
                + f'<path d="M 0,8 H 16" stroke="{water}" stroke-width="0.1"/>'
                + NOTE.format(x=2, y=9.3, text="12 IN BALL"))


def test_a_race_ball_on_a_blue_waterline_across_the_page_is_a_race_buoy(tmp_path) -> None:
    report = check_svg_text(tmp_path, "race", _ball("#FFCD00", "#0072CE"))
    assert (report.kind, report.verdict) == ("buoy-race", "pass"), report.findings


def _mooring(band: bool) -> str:
    belt = '<rect x="3" y="12" width="24" height="4" fill="#0033A0"/>' if band else ""
    sphere = '<path d="M 4.608,20 A 12,12 0 1 1 25.392,20 Z" fill="#fff" stroke="none"/>'
    clip = ('<clipPath id="c"><path d="M 4.608,20 A 12,12 0 1 1 25.392,20 Z"/></clipPath>'
            f'<g clip-path="url(#c)">{belt}</g>') if band else ""
    return _svg(30, 24, '<rect width="30" height="24" fill="#fff"/>' + sphere + clip
                + '<path d="M 1,20 H 29" stroke="#0072CE" stroke-width="0.1"/>'
                + NOTE.format(x=3, y=21.5, text="MOORING BUOY, 24 IN SPHERE"))


@pytest.mark.parametrize("band, errors", [(True, set()), (False, {"mooring-buoy"})])
def test_a_white_sphere_on_its_waterline_is_a_mooring_buoy(tmp_path, band, errors) -> None:
    report = check_svg_text(tmp_path, f"mooring-{band}", _mooring(band))
    assert report.kind == "buoy-mooring", report.findings
    assert _errors(report) == errors
