"""Every sentence a clerk files is true (issue 31): the commands the issue quotes, each
run and its document read back (PDF text, JSON, SVG), and the statement audit of
docs/statements.md: every document wsmark writes, in a failing and a passing case,
says what the audit lists and nothing the input does not support.
"""

from __future__ import annotations

import io
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner

from cli import cli
from cli_helpers import invoke
from markers import api

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"


def pdf_text(data: bytes) -> list[str]:
    """Each page's text, its whitespace folded."""
    return [" ".join((page.extract_text() or "").split())
            for page in pypdf.PdfReader(io.BytesIO(data)).pages]


@pytest.fixture(scope="module")
def runner() -> CliRunner:
    return CliRunner()


# ---------------------------------------------------------------- the plan's packet

def test_an_approval_of_a_plan_with_errors_is_refused_and_nothing_written(runner, tmp_path
                                                                          ) -> None:
    out = tmp_path / "app.pdf"
    result = invoke(runner, "plan", "packet", str(EXAMPLES / "defects" /
                                                  "red-wrong-side.geojson"),
                    "-o", str(out), "--decision", "approved")
    assert result.exit_code == 2 and not list(tmp_path.iterdir())
    (line,) = result.stderr.strip().splitlines()
    assert "refused to write an approval of a plan with 1 error finding to correct: " \
           "plan-aid-side (NR 5.09(2)(a)1, 2) on WS-6" in line
    # a disapproval, or no decision yet, is written, the error in its missing list
    result = invoke(runner, "plan", "packet", str(EXAMPLES / "defects" /
                                                  "red-wrong-side.geojson"),
                    "-o", str(out), "--decision", "disapproved")
    assert result.exit_code == 0, result.output
    first = pdf_text(out.read_bytes())[0]
    assert "1 error finding of the check to correct (see Findings)" in first


def test_a_20_day_temporary_placement_is_a_note_in_the_packet(tmp_path) -> None:
    report = api.plan_check(EXAMPLES / "defects" / "temporary-20-days.geojson")
    assert report.verdict == "pass"
    pages = pdf_text(api.plan_packet(report, None, tmp_path)["application.pdf"])
    first = " ".join(pages[:2])
    assert "error finding" not in first and "wsmark verdict: pass" in first
    assert "4 x info plan-temporary (NR 5.09(7)(d))" in first
    text = " ".join(pages)
    assert "longer than allowed" not in text
    assert "temporary placement: 20 days; longer than the 14 days a local authority may " \
           "exempt, so the department's approval applied for here is needed " \
           "(NR 5.09(7)(d))" in text
