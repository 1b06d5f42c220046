"""`wsmark check` on vendor proofs as a clerk runs it: PDF, Illustrator (.ai with PDF
content) and DXF files named or found in folders, refused formats on one line, and a
PDF of several pages judged page by page."""

from __future__ import annotations

import io
import json

import pytest
from pypdf import PdfReader, PdfWriter

from cli import cli
from markers import api
from markers.read.svg.walk import read_svg_bytes
from proof_writers import naive_cmyk, to_dxf, to_reportlab_pdf
from render.output import render_bytes
from round_trip import sign


def _proofs(art) -> dict[str, bytes]:
    """One marker as a clerk receives it: cairo PDF, an .ai (reportlab PDF, CMYK), DXF."""
    base = read_svg_bytes(render_bytes(art, ".svg"), "m.svg")
    cmyk = {layer.hex: naive_cmyk(layer.hex) for layer in base.layers}
    return {"proof.pdf": render_bytes(art, ".pdf"), "proof.ai": to_reportlab_pdf(base, cmyk),
            "proof.dxf": to_dxf(base, "mm")}


def test_the_api_accepts_proof_suffixes() -> None:
    suffixes = api.check_suffixes()
    assert {".svg", ".pdf", ".ai", ".dxf", ".yaml", ".json"} <= set(suffixes)
    assert ".png" not in suffixes and ".eps" not in suffixes


def test_check_a_folder_of_proofs(runner, tmp_path) -> None:
    for name, data in _proofs(sign("control", 24)).items():
        (tmp_path / name).write_bytes(data)
    (tmp_path / "photo.png").write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(32))  # not picked up
    result = runner.invoke(cli, ["check", str(tmp_path), "--format", "json", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    reports = json.loads(result.stdout)
    assert sorted(r["file"].rsplit("/", 1)[-1] for r in reports) == \
        ["proof.ai", "proof.dxf", "proof.pdf"]
    for report in reports:
        assert report["verdict"] == "pass" and report["kind"] == "control", report
        assert report["display_height_in"] == pytest.approx(24, abs=0.01)


def test_check_named_proofs_fail_alike(runner, tmp_path) -> None:
    paths = []
    for name, data in _proofs(sign("control", 24, outline=1.8)).items():
        (tmp_path / name).write_bytes(data)
        paths.append(str(tmp_path / name))
    result = runner.invoke(cli, ["check", *paths, "--format", "json", "--jobs", "2"])
    assert result.exit_code == 1
    for report in json.loads(result.stdout):
        assert report["verdict"] == "fail", report
        assert "outline-width" in {f["rule"] for f in report["findings"]}


@pytest.mark.parametrize("name,data,says", [
    ("proof.eps", b"%!PS-Adobe-3.0 EPSF-3.0\n", "this is an EPS file"),
    ("proof.png", b"\x89PNG\r\n\x1a\n" + bytes(32), "this is a PNG image"),
    ("proof.svg", b"%PDF-1.4\n%%EOF\n", "this is a PDF, not an SVG drawing"),
])
def test_refused_and_renamed_files_exit_2_with_one_line(runner, tmp_path, name, data,
                                                        says) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    result = runner.invoke(cli, ["check", str(path), "--jobs", "1"])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and says in lines[0] and str(path) in lines[0], result.stderr
    assert "Traceback" not in result.output


def _two_pages(first: bytes, second: bytes) -> bytes:
    writer = PdfWriter()
    for data in (first, second):
        for page in PdfReader(io.BytesIO(data)).pages:
            writer.add_page(page)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_each_page_is_judged_alone_and_findings_name_their_page(tmp_path) -> None:
    good = render_bytes(sign("control", 24), ".pdf")
    bad = render_bytes(sign("control", 24, outline=1.8), ".pdf")
    report, marked = api.check(_two_pages(good, bad), "two.pdf", annotate_copy=True)
    assert report.verdict == "fail"
    assert [(m.page, m.kind, m.verdict) for m in report.markers] == \
        [(1, "control", "pass"), (2, "control", "fail")]
    outline = [f for f in report.findings if f.rule == "outline-width"]
    assert outline and {report.markers[f.marker].page for f in outline} == {2}
    assert marked is not None and marked.split(b"?>", 1)[-1].lstrip().startswith(b"<svg")  # the failing page, marked
    report, _ = api.check(_two_pages(bad, good), "two.pdf")
    assert {report.markers[f.marker].page for f in report.findings
            if f.rule == "outline-width"} == {1}


def test_a_proof_is_read_under_a_callers_memory_cap(tmp_path) -> None:
    """The web page's workers cap their address space; the forked PDF/DXF reader must
    keep that cap rather than fail trying to raise it."""
    import subprocess
    import sys

    for name, data in _proofs(sign("control", 24)).items():
        (tmp_path / name).write_bytes(data)
    script = (
        "import resource, sys\n"
        "from markers import api\n"
        "used = int(open('/proc/self/statm').read().split()[0]) * 4096\n"
        "cap = used + 768 * 2**20\n"
        "resource.setrlimit(resource.RLIMIT_AS, (cap, cap))\n"
        "for path in sys.argv[1:]:\n"
        "    report, _ = api.check(open(path, 'rb').read(), path)\n"
        "    print(report.verdict, report.error)\n")
    paths = [str(tmp_path / name) for name in ("proof.pdf", "proof.ai", "proof.dxf")]
    out = subprocess.run([sys.executable, "-c", script, *paths], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split("\n")[:3] == ["pass None"] * 3, out.stdout
