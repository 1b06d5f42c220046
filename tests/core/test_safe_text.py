"""Text fit for every format (markers/core/safe_text.py, issue 32): the turn-4
reproducers through the writers that broke on them, three more members of each class,
and arbitrary Unicode (hypothesis) thrown at every writer and parsed back."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import xml.etree.ElementTree as ET
from dataclasses import replace
from pathlib import Path
from urllib.parse import unquote

import pypdf
from cli_helpers import invoke
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from markers.core.safe_text import (
    FORMULA_STARTS,
    UNSAFE_SHOWN,
    content_disposition,
    csv_cell,
    json_ready,
    shown_text,
    xml_document,
    xml_text,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "hostile"
#: Cheap in the suite; ``make fuzz`` raises it (WSMARK_FUZZ_EXAMPLES).
EXAMPLES = int(os.environ.get("WSMARK_FUZZ_EXAMPLES", "10"))
HOSTILE = ["SLOW\x01NO WAKE\x1b[31m", "\ud800 \udfff", "a\udcffb", "\ufffe\uffff",
           "\u202egpj.exe", "=HYPERLINK(\"http://x\",\"y\")", "@SUM(1+1)", "\x00\x0b\x0c",
           "tab\there", "\x85\x9b2J"]
TEXT = st.text(st.characters(codec=None, min_codepoint=0, max_codepoint=0x10FFFF,
                             categories=None), max_size=40) | st.sampled_from(HOSTILE)


def test_xml_text_shows_what_xml_refuses():
    for text in HOSTILE:
        shown = xml_text(text)
        ET.fromstring(f"<a b='{shown.replace(chr(39), '')}'>{shown.replace('<', '')}</a>")
    assert xml_text("SLOW\x01NO") == "SLOW\\x01NO"
    assert xml_text("a\udcffb") == "a\\xffb"  # the byte that was not UTF-8
    assert xml_text("\u202eabc") == "\\u202eabc"
    assert xml_document("<a>&#55296;&#x1;</a>") == "<a>\\ud800\\x01</a>"


def test_csv_cell_neutralises_formulas():
    for start in FORMULA_STARTS:
        assert csv_cell(f"{start}SUM(1)").startswith("'")
    assert csv_cell('=HYPERLINK("http://x","y")') == '\'=HYPERLINK("http://x","y")'
    assert csv_cell("-1.50") == "-1.50" and csv_cell("+3") == "+3" and csv_cell("-5%") == "-5%"
    assert csv_cell("black film") == "black film"
    assert csv_cell("-\u0661") == "'-\u0661" and csv_cell("-inf") == "'-inf"  # not ASCII numbers


def test_content_disposition_rfc6266():
    for name in ("знак.svg", 'a"b\r\nSet-Cookie: x.svg', "\ud800.pdf", "plain.svg"):
        value = content_disposition(name)
        assert value.isascii() and "\r" not in value and "\n" not in value
        star = value.partition("filename*=UTF-8''")[2]
        got = unquote(star) if star else value.partition('filename="')[2][:-1]
        assert got == name.replace("\ud800", "_ud800"), (name, got)
    assert content_disposition("знак.svg") == (
        "attachment; filename=\"____.svg\"; filename*=UTF-8''%D0%B7%D0%BD%D0%B0%D0%BA.svg")


def test_shown_text_bidi_and_controls():
    assert shown_text("\u202egpj.exe") == "\\u202egpj.exe"
    assert shown_text("a\nb\tc\x9bd") == "a\\nb\\tc\\x9bd"
    assert json_ready({"file": "x\udcff.svg"}) == {"file": "x\\xff.svg"}


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(TEXT)
def test_every_text_function_any_unicode(text):
    plain = xml_text(text).replace("&", "").replace("<", "").replace('"', "")
    root = ET.fromstring(f'<a t="{plain}">{plain}</a>'.encode())
    assert root.tag == "a"
    assert not UNSAFE_SHOWN.search(shown_text(text))
    out = io.StringIO()
    csv.writer(out).writerow([csv_cell(text), csv_cell(text)])
    cells = next(csv.reader(io.StringIO(out.getvalue().encode("utf-8").decode("utf-8"))))
    assert all(not c.startswith(FORMULA_STARTS) or c == text for c in cells)
    assert json.loads(json.dumps(json_ready({"f": text}), ensure_ascii=False)
                      .encode("utf-8"))["f"] == json_ready(text)
    assert content_disposition(text + ".svg").isascii()


@settings(max_examples=max(3, EXAMPLES // 5), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(TEXT)
def test_svg_and_pdf_writers_any_unicode(text):
    """A marked copy whose note is ``text``: well-formed SVG, and a PDF pypdf reads."""
    from markers import api
    from render.raster import svg_to_pdf
    from render.svg import annotated_svg

    art = api.build(api.design("danger", 24, legend="ROCKS"))
    svg = annotated_svg(art, [(f"note {text}", None)], banner=(text, True))
    ET.fromstring(svg)
    pdf = svg_to_pdf(svg, declare=False)
    assert len(pypdf.PdfReader(io.BytesIO(pdf)).pages) == 1


@settings(max_examples=max(3, EXAMPLES // 5), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(TEXT, TEXT)
def test_gpx_kml_geojson_any_unicode(name, description):
    from markers.packs import get_pack
    from markers.plan.check import plan_setting
    from markers.plan.load import load_plan
    from markers.products.plan_packet import normalised_geojson, plan_gpx, plan_kml

    pack = get_pack()
    plan = load_plan(DATA / "plans" / "control-char-ws-id.geojson", pack.kinds,
                     plan_setting(pack))
    plan = replace(plan, name=name, markers=[replace(m, description=description, purpose=name)
                                             for m in plan.markers])
    for data in (plan_gpx(plan), plan_kml(plan)):
        root = ET.fromstring(data)
        for node in root.iter():
            if node.tag.rpartition("}")[2] not in ("name", "desc", "cmt", "description"):
                continue
            assert not (node.text or "").startswith(("=", "+", "-", "@")), node.text
    loaded = json.loads(normalised_geojson(plan))  # no lone surrogate: UTF-8 takes it all
    json.dumps(loaded, ensure_ascii=False).encode("utf-8")


def _cli(*args: str):
    return invoke(CliRunner(), *args)


def test_reproducer_dxf_control_char_legend(tmp_path):
    """found/turn4/dxf-control-char-legend.dxf: check's report PDF and marked copy and
    fix's report are written (they were a 59-line traceback and ill-formed XML), the
    legend shown escaped."""
    dxf = str(DATA / "dxf-control-char-legend.dxf")
    result = _cli("check", dxf, "--report", str(tmp_path / "r.pdf"), "--annotate",
                  str(tmp_path / "m.svg"))
    assert "Traceback" not in result.output and result.exit_code == 1, result.output
    ET.parse(tmp_path / "m.svg")
    assert "SLOW\\x01NO WAKE\\x1b[31m" in (tmp_path / "m.svg").read_text()
    text = "".join(p.extract_text() for p in pypdf.PdfReader(tmp_path / "r.pdf").pages)
    assert "\\x01" in text and "\x01" not in text
    result = _cli("fix", dxf, "-o", str(tmp_path / "f.svg"), "--report",
                  str(tmp_path / "fr.pdf"))
    assert "Traceback" not in result.output and (tmp_path / "fr.pdf").exists(), result.output
    assert "\\x01" in "".join(p.extract_text() for p in pypdf.PdfReader(tmp_path / "fr.pdf").pages)


def test_reproducer_plans_gpx_kml_packet(tmp_path):
    """found/turn4/plans: well-formed GPX and KML, no formula, and a packet for each."""
    for plan in ("control-char-ws-id.geojson", "lone-surrogate.geojson",
                 "control-char-and-formula.csv"):
        gpx, kml = tmp_path / f"{plan}.gpx", tmp_path / f"{plan}.kml"
        result = _cli("plan", "export", str(DATA / "plans" / plan), "--gpx", str(gpx),
                      "--kml", str(kml))
        assert result.exit_code in (0, 1), result.output
        for path in (gpx, kml):
            text = path.read_text(encoding="utf-8")
            ET.fromstring(text.encode("utf-8"))
            assert ">=HYPERLINK" not in text and ">'=HYPERLINK" in text or "HYPERLINK" not in text
    packet = tmp_path / "pk" / "application.pdf"
    result = _cli("plan", "packet", str(DATA / "plans" / "lone-surrogate.geojson"), "-o",
                  str(packet))
    assert "Traceback" not in result.output and packet.exists(), result.output


def test_reproducer_evil_materials(tmp_path):
    """found/turn4/evil-materials.yaml: its formulas reach the CSV after an apostrophe."""
    result = _cli("fabricate", "control", "-H", "24", "--legend", "SLOW NO WAKE", "-o",
                  str(tmp_path / "shop"), "--materials", str(DATA / "evil-materials.yaml"))
    assert result.exit_code == 0, result.output
    cells = [c for path in (tmp_path / "shop").glob("*.csv")
             for row in csv.reader(path.open(encoding="utf-8")) for c in row]
    assert "'=HYPERLINK(\"http://127.0.0.1:9/x\",\"black film\")" in cells
    assert not [c for c in cells if c.startswith(("=", "@")) or c.startswith("+")]


def test_reproducer_pdf_errors_in_plain_words():
    """found/turn4/sweep: the two PDFs' errors carry no Python words."""
    from markers import api

    for name in ("test__pdfs__issue11768_reduced.pdf", "test__pdfs__issue18117.pdf"):
        report, _ = api.check((DATA / name).read_bytes(), name)
        assert report.verdict == "error"
        for words in ("chr()", "range(0x", "C int", "Python"):
            assert words not in report.error, report.error


def test_json_and_sarif_non_utf8_names(tmp_path):
    """A non-UTF-8 file name reaches JSON and SARIF as its bytes shown (\\xff), never as
    a lone surrogate escape (\\udcff) a strict parser refuses."""
    from markers import api

    folder = os.fsencode(tmp_path)
    good = api.render(api.design("danger", 24, legend="ROCKS"), ".svg")
    for raw in (b"\xff.svg", b"\xe9t\xe9.svg", b"a\x80b.svg"):
        with open(folder + b"/" + raw, "wb") as f:
            f.write(good)
    for fmt in ("json", "sarif"):
        result = _cli("check", str(tmp_path), "--format", fmt)
        assert "\\udc" not in result.output, result.output[:400]
        json.loads(result.output[:result.output.rindex("]" if fmt == "json" else "}") + 1]
                   .encode("utf-8"))
        assert "\\\\xff.svg" in result.output


@settings(max_examples=max(2, EXAMPLES // 5), deadline=None,
          suppress_health_check=list(HealthCheck))
@given(TEXT)
def test_json_sarif_and_report_pdf_any_file_name(text):
    """A file named anything: JSON and SARIF a strict parser takes (UTF-8, no lone
    surrogate), and the clerk's report PDF pypdf reads, the name on it."""
    from markers import api

    svg = api.render(api.design("danger", 24, legend="ROCKS"), ".svg")
    report, _ = api.check(svg, f"{text}.svg")
    for fmt in ("json", "sarif"):
        out = api.reports([report], fmt)
        json.dumps(json.loads(out.encode("utf-8")), ensure_ascii=False).encode("utf-8")
    pdf = pypdf.PdfReader(io.BytesIO(api.report_pdf([report], [None], stamp="")))
    assert ".svg" in pdf.pages[0].extract_text()


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(st.tuples(TEXT, TEXT), min_size=1, max_size=3))
def test_materials_csv_any_cells(rows):
    """The materials CSV writer given any cells: the csv module reads back as many rows,
    and no cell a spreadsheet would run."""
    from markers.products.fabricate import _table

    data = _table(("material", "grade"), rows)
    read = list(csv.reader(io.StringIO(data.decode("utf-8"))))
    assert len(read) == len(rows) + 1
    assert not [c for row in read for c in row if c.startswith(FORMULA_STARTS)
                and not _number(c)]


def _number(text: str) -> bool:
    """A plain number in ASCII (``-1.50``, ``+3``, ``-5%``): a cell csv_cell leaves."""
    return re.fullmatch(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?%?", text) is not None
