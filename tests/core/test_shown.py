"""Hostile text shown as short clean lines (markers/core/shown.py): long input quoted
short with its length, one line of at most MAX_ERROR_CHARS, file names with control
characters escaped, in the checker's reports and in the command line's errors."""

from __future__ import annotations

import re
import subprocess

import pytest

from conftest import wsmark_script
from markers.check.pipeline import CheckOptions
from markers.check.report import FileReport, MarkerReport, to_text
from markers.core.shown import MAX_ERROR_CHARS, one_line, plain, quoted, shown_name
from wi import check_file


# --- long input, one short line -------------------------------------------------------

def test_quoted_cuts_long_input_and_says_how_long() -> None:
    assert quoted("abc") == "'abc'"
    text = quoted("1 " * 5_000_000)
    assert text.endswith("... (10,000,000 chars)") and len(text) < 80


def test_one_line_is_one_short_line() -> None:
    line = one_line("x" * 10_000 + "\nsecond")
    assert len(line) == MAX_ERROR_CHARS and line.endswith("(10,000 chars)")
    assert one_line("a\nb") == "a"


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


def test_plain_keeps_the_space_before_a_file_suffix() -> None:
    """A stray space before a stop goes; the one before a suffix stays (the refusal of
    a file that is no drawing listed '(use.svg,.svgz,.pdf ...)')."""
    assert plain("x: not a drawing (use .svg, .pdf) .") == "x: not a drawing (use .svg, .pdf)."
