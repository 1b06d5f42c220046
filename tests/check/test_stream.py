"""`check` streams its reports (markers/check/stream.py): each written as its file is
judged, and the output is, byte for byte, what the whole list of reports gives, in every
format, with the unreadable files' lines on stderr (issue 14)."""

from __future__ import annotations

import io
import itertools
import json
from pathlib import Path

import pytest

from cli import cli
from conftest import report_writer
from markers import api
from markers.check.pipeline import inputs

DEFECTS = Path(__file__).parents[1] / "drawings" / "defects"


@pytest.fixture(scope="module")
def bench_folder(tmp_path_factory) -> Path:
    """Bench-style drawings: catalogue drawings at two heights, vendor-style seeded
    drawings (passes, fails, reviews) and two unreadable files, the first sorted first."""
    folder = tmp_path_factory.mktemp("bench-drawings")
    for kind, h in itertools.product(("danger", "control", "aid-red"), (12, 36)):
        design = api.design(kind, h, sample=True)
        (folder / f"{kind}-{h}.svg").write_bytes(api.render(design, ".svg"))
    for path in sorted(DEFECTS.glob("*.svg"))[::3]:
        (folder / path.name).write_bytes(path.read_bytes())
    (folder / "aa-broken.svg").write_bytes(b"<svg")
    (folder / "zz-broken.svg").write_bytes(b"not a drawing")
    return folder


ARGS = ["--tolerance", "outline-width=0.05", "--allow-below-minimum",
        "--waive", "diamond-slope:shop drawing"]


@pytest.fixture(scope="module")
def whole_list(bench_folder):
    """The folder's reports gathered in one list, as `check` kept them before issue 14."""
    files, _ = inputs([str(bench_folder)])
    options = api.check_options(tolerance=["outline-width=0.05"],
                                waive=["diamond-slope:shop drawing"],
                                allow_below_minimum=True)
    return files, [report for _, report, _ in api.check_paths(files, options, jobs=2)]


@pytest.mark.parametrize("fmt", ["json", "text", "sarif"])
def test_streamed_reports_are_the_bytes_of_the_whole_list(runner, bench_folder, whole_list,
                                                          fmt: str) -> None:
    """`check` writes each report as it comes; the output is what the whole list gave."""
    files, reports = whole_list
    assert {r.verdict for r in reports} >= {"pass", "fail", "error"}
    result = runner.invoke(cli, ["check", str(bench_folder), "--format", fmt, "--jobs", "2",
                                 *ARGS])
    assert result.exit_code == api.tally(reports).exit_status() == 2
    summary = api.tally(reports).summary() + "\n"
    if fmt == "text":
        readable = [r for r in reports if r.error is None]
        assert result.stdout == api.reports(readable, fmt) + "\n" + summary
        assert result.stderr == "".join(api.reports([r], fmt) + "\n" for r in reports
                                        if r.error is not None)
    else:
        assert result.stdout == api.reports(reports, fmt) + "\n"
        assert result.stderr == summary
    if fmt == "json":
        assert len(json.loads(result.stdout)) == len(files) > 20


@pytest.mark.parametrize("fmt", ["json", "sarif"])
def test_streamed_output_of_no_reports_is_the_empty_document(fmt: str) -> None:
    out = io.StringIO()
    writer = report_writer(fmt, out, io.StringIO())
    writer.close()
    assert out.getvalue() == api.reports([], fmt) + "\n"
    assert writer.exit_status() == 0


@pytest.mark.parametrize("fmt", ["json", "sarif"])
def test_streamed_names_not_in_utf8_are_the_bytes_of_the_whole_list(fmt: str) -> None:
    """A file name's bytes that are not UTF-8 (surrogates in Python) are shown as
    ``\\xff`` in the stream as in the whole list, next to plain names and one outside the
    BMP (which json escapes as a surrogate pair: the stream walks those reports too)."""
    from markers.check.report import FileReport

    reports = [FileReport.unreadable(name, f"{name}: the file is empty")
               for name in ("plain.svg", "b\udcffd.svg", "flag-\U0001F6A9.svg")]
    out = io.StringIO()
    writer = report_writer(fmt, out, io.StringIO())
    for report in reports:
        writer.add(report)
    writer.close()
    assert out.getvalue() == api.reports(reports, fmt) + "\n"
    assert "b\\\\xffd.svg" in out.getvalue() and "\\udcff" not in out.getvalue()
