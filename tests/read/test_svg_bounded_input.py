"""Hostile SVG text in, short clean lines out: strict SVG numbers (ASCII digits only),
errors that quote a long viewBox or root tag short with its length, stylesheets refused
by size before anything is built from them. How any text is shown (quoted, one line,
names escaped): tests/core/test_shown.py."""

from __future__ import annotations

import pytest

from markers.check.pipeline import CheckOptions
from markers.core.shown import MAX_ERROR_CHARS
from markers.read.svg.walk import read_svg_bytes
from wi import check_file

NS = 'xmlns="http://www.w3.org/2000/svg"'


def svg(body: str, head: str = 'width="10in" height="10in" viewBox="0 0 10 10"') -> bytes:
    return f"<svg {NS} {head}>{body}</svg>".encode()


def black_bounds(data: bytes) -> tuple[float, ...]:
    art = read_svg_bytes(data, "t.svg")
    return tuple(round(v, 6) for v in art.visible("black").bounds)


# --- strict numbers -------------------------------------------------------------------

def test_arabic_indic_digits_in_a_transform_make_it_invalid_not_45_degrees() -> None:
    plain = black_bounds(svg('<rect x="4" y="4" width="2" height="2"/>'))
    assert black_bounds(svg('<rect x="4" y="4" width="2" height="2" '
                            'transform="rotate(٤٥ 5 5)"/>')) == plain
    assert black_bounds(svg('<rect x="4" y="4" width="2" height="2" '
                            'transform="rotate(45 5 5)"/>')) != plain


def test_fullwidth_digit_in_a_coordinate_is_not_a_number() -> None:
    # x="１" is invalid: the rect stays at x = 0, as in browsers and cairo
    assert black_bounds(svg('<rect x="１" width="2" height="2"/>'))[0] == 0.0
    assert black_bounds(svg('<rect x="1" width="2" height="2"/>'))[0] == 1.0


def test_unicode_digits_in_path_data_and_colors_are_not_numbers() -> None:
    # path data is drawn up to its first error (SVG 2, 9.5.4): here, nothing
    assert read_svg_bytes(svg('<path d="M0 0 L٥ 0 L0 5z"/>'), "p.svg").visible("black").is_empty
    assert read_svg_bytes(svg('<path d="M0 0 L5 0 L0 5z"/>'), "p.svg").visible("black").area \
        == pytest.approx(12.5)
    art = read_svg_bytes(svg('<rect width="2" height="2" fill="hsl(٣٠, 100%, 50%)"/>'),
                         "c.svg")
    assert "orange" not in art.colors()


# --- long input, quoted short -------------------------------------------------------

def test_a_ten_megabyte_viewbox_is_echoed_in_a_short_line(tmp_path) -> None:
    path = tmp_path / "vb.svg"
    path.write_bytes(svg('<rect width="1" height="1"/>',
                         'width="1in" height="1in" viewBox="' + "1 " * 2_000_000 + '"'))
    report, _ = check_file(path, CheckOptions())
    assert report.verdict == "error" and len(report.error) <= MAX_ERROR_CHARS
    assert "invalid viewBox" in report.error and "(4,000,000 chars)" in report.error


def test_a_long_root_tag_is_echoed_in_a_short_line(tmp_path) -> None:
    path = tmp_path / "root.svg"
    path.write_bytes(b"<" + b"a" * 1_000_000 + b"/>")
    report, _ = check_file(path, CheckOptions())
    assert len(report.error) <= MAX_ERROR_CHARS and "1,000,000 chars" in report.error


def test_a_big_stylesheet_is_refused_before_it_is_built(tmp_path) -> None:
    path = tmp_path / "css.svg"
    path.write_bytes(svg("<style>" + ".a{fill:red}" * 100_000 + "</style>"))
    report, _ = check_file(path, CheckOptions())
    assert "too complex (a stylesheet of 1,200,000 characters" in report.error
    path.write_bytes(svg("<style>" + ",".join(f".c{i}" for i in range(20_000)) +
                         "{fill:red}</style>"))
    report, _ = check_file(path, CheckOptions())
    assert "rules; the limit is 10,000" in report.error
