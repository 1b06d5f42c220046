"""Hostile text in, short clean lines out: strict SVG numbers (ASCII digits only), short
errors that quote long input with its length, file names with control characters
escaped, stylesheets and viewBoxes refused by size before anything is built from them."""

from __future__ import annotations

import re
import subprocess

import pytest

from conftest import wsmark_script
from markers.check.pipeline import CheckOptions
from markers.check.pipeline import check_file as check_with
from markers.check.report import FileReport, MarkerReport, to_text
from markers.core.shown import MAX_ERROR_CHARS, one_line, quoted, shown_name
from markers.packs import get_pack
from markers.read.svg.walk import read_svg_bytes

NS = 'xmlns="http://www.w3.org/2000/svg"'
PACK = get_pack()


def check_file(path, options):
    return check_with(path, options, PACK)


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


# --- short errors -------------------------------------------------------------------

def test_quoted_cuts_long_input_and_says_how_long() -> None:
    assert quoted("abc") == "'abc'"
    text = quoted("1 " * 5_000_000)
    assert text.endswith("... (10,000,000 chars)") and len(text) < 80


def test_one_line_is_one_short_line() -> None:
    line = one_line("x" * 10_000 + "\nsecond")
    assert len(line) == MAX_ERROR_CHARS and line.endswith("(10,000 chars)")
    assert one_line("a\nb") == "a"


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


# --- safe names --------------------------------------------------------------------

def test_control_characters_in_names_are_escaped() -> None:
    assert shown_name("a\nb\x1b[31m\tc.svg") == "a\\nb\\x1b[31m\\tc.svg"
    assert shown_name("plain ü.svg") == "plain ü.svg"


def test_a_file_name_with_a_newline_stays_on_one_line_of_the_report(tmp_path) -> None:
    path = tmp_path / "two\nlines.svg"
    path.write_bytes(b"<notsvg/>")
    report, _ = check_file(path, CheckOptions())
    text = to_text([report])
    assert text.count("\n") == 0 and "two\\nlines.svg: ERROR not an SVG drawing" in text
    run = subprocess.run([str(wsmark_script()), "check", "-j", "1", str(path)],
                         capture_output=True, text=True, timeout=120)
    # an unreadable file is an error message: on stderr, one line
    assert run.stderr.splitlines() == [text] and run.returncode == 2


def test_text_report_of_a_judged_file_escapes_its_name() -> None:
    marker = MarkerReport(0, 1, None, "danger", "pass", 24.0, "declared")
    report = FileReport.judged("a\rb.svg", [marker], [])
    assert to_text([report]).splitlines()[0].startswith("a\\rb.svg: PASS")


@pytest.mark.parametrize("args", [
    ["render", "danger", "--display-height", "9" * 5000, "-o", "x.svg"],
    ["render", "k" * 5000, "-o", "x.svg"],
    ["check", "t.svg", "--format", "f" * 5000],
    ["check", "t.svg", "--waive", "w" * 5000],
    ["explain", "r" * 5000],
], ids=["length", "kind", "choice", "waive", "rule"])
def test_a_long_option_value_is_echoed_in_a_short_error(tmp_path, args) -> None:
    run = subprocess.run([str(wsmark_script()), *args], capture_output=True, text=True,
                         cwd=tmp_path, timeout=120)
    assert run.returncode == 2 and run.stdout == ""
    prefix = "wsmark: error: "
    assert run.stderr.startswith(prefix) and run.stderr.count("\n") == 1, run.stderr[:400]
    assert len(run.stderr.rstrip("\n")) - len(prefix) <= MAX_ERROR_CHARS
    assert re.search(r"\(5,\d{3} chars\)$", run.stderr.rstrip("\n"))  # cut, saying how long


def test_a_name_too_long_to_look_up_is_a_one_line_error(tmp_path) -> None:
    name = str(tmp_path / ("x" * 5000 + ".svg"))  # ENAMETOOLONG from stat()
    run = subprocess.run([str(wsmark_script()), "check", name], capture_output=True,
                         text=True, timeout=120)
    assert run.returncode == 2 and "Traceback" not in run.stderr, run.stderr[-400:]
    lines = run.stderr.splitlines()  # the file's one line of the report
    assert len(lines) == 1 and "ERROR" in lines[0] and "File name too long" in lines[0]
    report, _ = check_file(name, CheckOptions())
    assert report.verdict == "error" and len(report.error) <= MAX_ERROR_CHARS
