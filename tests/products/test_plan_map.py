"""The placement plan's map (markers.products.plan_map): written by `wsmark plan map` as
PDF and PNG, read back with pypdf (its names, ids, rule ids and coordinates) and its
SVG measured (a letter-size page, a true scale bar)."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from pathlib import Path

import pypdf
from click.testing import CliRunner

from cli import cli
from markers import api
from markers.products.plan_map import plan_map_svg

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def _pdf_text(data: bytes) -> list[str]:
    return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages]


def test_map_renders_and_reads_back(tmp_path):
    out = tmp_path / "map.pdf"
    result = CliRunner().invoke(cli, ["plan", "map", str(EXAMPLES / "defects" /
                                                       "red-wrong-side.geojson"), "-o", str(out)])
    assert result.exit_code == 0, result.output
    (text,) = _pdf_text(out.read_bytes())
    for word in ("Mill River channel", "WS-6", "WS-A", "ft", "Legend", "upstream",
                 "plan-aid-side", "43.56", "89.73"):
        assert word in text
    svg = plan_map_svg(api.plan_check(EXAMPLES / "lake.geojson"))
    root = ET.fromstring(svg)
    assert root.get("width") == "11in" and root.get("height") == "8.5in"
    png = tmp_path / "map.png"
    assert CliRunner().invoke(cli, ["plan", "map", str(EXAMPLES / "lake.geojson"), "-o",
                                    str(png), "--dpi", "40"]).exit_code == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_map_scale_bar_is_true(tmp_path):
    svg = plan_map_svg(api.plan_check(EXAMPLES / "river-channel.geojson"), scale=6000)
    assert b"1:6,000 (1 in = 500 ft)" in svg
