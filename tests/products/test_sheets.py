"""Reference sheets, read back with pypdf: pages, their text, and the tables' numbers
against `wsmark spec` and the built markers."""

from __future__ import annotations

import io
import json
import re
from dataclasses import replace

import pypdf
import pytest
from shapely import unary_union
from shapely.geometry import box

import cli as cli_module
from markers.core.colors import REFERENCES
from markers.core.geometry import fmt
from wi import KINDS, PACK, build
from wi import sample_design
from render.callouts import lane_spans
from markers.products.sheets import PAPERS, STANDARD_SIZES, dimension_table, sheet_pages, sheets_pdf


@pytest.fixture(scope="module")
def full():
    """The whole set at letter size: pages, notes, and the PDF's text per page."""
    pages, notes = sheet_pages(PACK)
    reader = pypdf.PdfReader(io.BytesIO(sheets_pdf(PACK, pages)))
    texts = [" ".join(page.extract_text().split()) for page in reader.pages]
    return pages, notes, reader, texts


def page_text(full, kind: str) -> str:
    pages, _, _, texts = full
    (text,) = [t for page, t in zip(pages, texts) if page.kind == kind]
    return text


def test_a_page_per_kind_plus_cover_colors_and_numbering(full) -> None:
    pages, notes, reader, texts = full
    assert notes == []  # every registered kind accepts its sample design
    assert len(reader.pages) == len(pages) == len(KINDS) + 3
    assert [p.kind for p in pages[1:-2]] == list(KINDS)
    assert "Contents" in texts[0] and "Color families" in texts[-2]
    assert "WS-2" in texts[-1] and "upstream" in texts[-1]
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(8.5 * 72)
        assert float(page.mediabox.height) == pytest.approx(11 * 72)
    for number, text in enumerate(texts, start=1):
        assert f"page {number} of {len(pages)}" in text


@pytest.mark.parametrize("kind", list(KINDS))
def test_kind_page_names_the_kind_its_meaning_and_every_citation(full, kind: str) -> None:
    text = page_text(full, kind)
    spec = KINDS[kind]
    assert kind in text and spec.title in text
    assert spec.ref.clause in text
    assert " ".join(spec.ref.quote.split()[:6]) in text  # the meaning, quoted
    for dim in build(sample_design(spec, 24.0)).meta["dimensions"]:
        assert dim.clause in text, dim


@pytest.mark.parametrize("kind", list(KINDS))
def test_table_rows_are_the_built_dimensions_at_each_size(full, kind: str) -> None:
    text = page_text(full, kind)
    table = dimension_table(PACK, KINDS[kind], STANDARD_SIZES)
    assert table.rows
    for row in table.rows:
        line = " ".join(part for part in (row.name, row.clause, row.unit, *row.cells) if part)
        assert line in text, line


@pytest.mark.parametrize("kind", list(KINDS))
def test_table_numbers_equal_wsmark_spec(runner, kind: str) -> None:
    table = dimension_table(PACK, KINDS[kind], STANDARD_SIZES)
    rows = {row.name: row for row in table.rows}
    fixed = {dim.name: dim for dim in table.fixed}
    for i, h in enumerate(table.sizes):  # spec fills in the same sample symbol and id
        design = sample_design(KINDS[kind], h)
        args = ["spec", kind, "--format", "json"]
        args += ["-H", f"{h:g}"] if h is not None else []
        args += ["--legend", design.legend] if design.legend else []
        result = runner.invoke(cli_module.cli, args)
        assert result.exit_code == 0, result.output
        seen: dict[str, int] = {}
        for dim in json.loads(result.stdout)["dimensions"]:
            value = dim["value"]
            text = f"{value:.2f}" if isinstance(value, float) else str(value)
            name = dim["name"]
            seen[name] = seen.get(name, 0) + 1
            if name in fixed:
                assert fixed[name].value == value, (h, dim)
                continue
            row = rows[name]
            if row.cells[i] != text and seen[name] > 1:  # said again with another value
                row = rows[f"{name} ({seen[name]})"]
            assert row.cells[i] == text and row.clause == dim["citation"], (h, dim)


def test_danger_page_shows_16_in_outside_width_at_24_in(full) -> None:
    text = page_text(full, "danger")
    assert "drawn at H = 24 in, scale 1:8 " in text
    assert "outside width 16.00 in (2/3 H)" in text  # the callout
    assert "diamond outside width (2/3 H) NR 5.09(6)(c) in 8.00 12.00 16.00 20.00 " \
           "24.00 32.00" in text  # the table
    assert "35°" in text and "outline 2.00 in" in text and "H 24.00 in" in text


def test_control_page_calls_out_the_inner_diameter_and_letters(full) -> None:
    text = page_text(full, "control")
    assert "inner diameter 16.00 in (2/3 H)" in text
    assert "letters 2.45 in" in text


def test_color_page_shows_every_family_and_reference(full) -> None:
    text = full[3][-2]
    for family, swatches in REFERENCES.items():
        assert family in text
        for hex_, name in swatches:
            assert f"{hex_} {name}" in text


def test_numbering_page_judges_examples_with_the_rule(full) -> None:
    text = " ".join(full[3][-1].split())
    assert "correct: WS-2 on aid-red" in text
    assert "wrong: aid-red carries an even number, not 'WS-3', NR 5.09(2)(a)5" in text
    assert "the numbers increasing from the main body or proceeding upstream" in text


def test_band_spans_give_each_band_its_share_of_the_height() -> None:
    art = build(sample_design(KINDS["buoy-sign"], 24.0))
    top = art.features["waterline"].bounds[1] - 36.0  # 36 in above the water
    orange = [box(0, top + 7.2 * i, 7, top + 7.2 * (i + 1)) for i in range(0, 5, 2)]
    art = replace(art, features={**art.features, "bands": unary_union(orange)})
    spans = [s for s in lane_spans(art) if s.label[0] == "band"]
    assert [s.label[1:] for s in spans] == [("7.20 in", "0.20 of height")] * 3
    assert spans[0].y0 == pytest.approx(top)


def test_svg_pages_are_deterministic_and_text_is_text() -> None:
    first, _ = sheet_pages(PACK, [KINDS["danger"]], (12.0, 24.0))
    second, _ = sheet_pages(PACK, [KINDS["danger"]], (12.0, 24.0))
    assert [p.svg for p in first] == [p.svg for p in second]
    assert b"<text" in first[1].svg and b"<image" not in first[1].svg


@pytest.mark.parametrize("paper", ["tabloid", "a4", "a3"])
def test_other_papers_scale_the_layout_and_keep_the_drawing_to_scale(paper: str) -> None:
    pages, _ = sheet_pages(PACK, [KINDS["control"]], (24.0,), paper)
    width, height = PAPERS[paper]
    assert f'width="{fmt(width)}in"'.encode() in pages[1].svg
    assert f'height="{fmt(height)}in"'.encode() in pages[1].svg
    scale = int(re.search(rb"scale 1:(\d+) when printed", pages[1].svg).group(1))
    placed = re.search(rb'id="art-1" transform="translate\([^)]*\) scale\(([0-9.e-]+)\)"',
                       pages[1].svg)
    paper_scale = min(width / 8.5, height / 11)
    assert float(placed.group(1)) * paper_scale == pytest.approx(1 / scale, rel=1e-6)


def test_cli_sheet_chooses_kinds_sizes_and_paper(runner, tmp_path) -> None:
    out = tmp_path / "m.pdf"
    result = runner.invoke(cli_module.cli, ["sheet", "-o", str(out), "--kinds",
                                            "control,danger", "--sizes", "12,36",
                                            "--paper", "a4"])
    assert result.exit_code == 0, result.output
    assert "5 pages, a4" in result.stderr  # "wrote PATH" on stderr, as docs say
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 5
    assert float(reader.pages[0].mediabox.width) == pytest.approx(210 / 25.4 * 72, abs=0.05)
    text = " ".join(reader.pages[1].extract_text().split())
    assert text.startswith("Control") and "H = 12 H = 36 " in text
    assert "circle inner diameter (2/3 H) NR 5.09(6)(c) in 8.00 24.00" in text


@pytest.mark.parametrize("args,cites", [
    (["--sizes", "6,12"], "NR 5.09(6)(a)"),
    (["--sizes", "big"], "--sizes"),
    (["--kinds", "nope"], "unknown marker kind"),
    (["-o", "m.svg"], ".pdf"),
])
def test_cli_sheet_mistakes_are_one_line(runner, tmp_path, args, cites) -> None:
    base = ["sheet", "-o", str(tmp_path / "m.pdf")]
    result = runner.invoke(cli_module.cli, base + args)
    assert result.exit_code == 2, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and cites in lines[0]


@pytest.mark.skipif(not __import__("sheet_layout").fonts_available(),
                    reason="DejaVu Sans not installed to measure text with")
def test_no_page_has_overlapping_text_or_lines_through_text() -> None:
    """Every page read back from its SVG: text boxes measured with DejaVu Sans do not
    overlap, no callout or rule line crosses a text, and nothing runs into the footer."""
    from sheet_layout import layout_faults, page_texts

    pages, _ = sheet_pages(PACK)
    faults = [f"{page.title}: {fault}" for page in pages for fault in layout_faults(page.svg)]
    assert faults == []
    for page in pages:
        footer_top = min(b.bounds[1] for t, b in page_texts(page.svg) if "page " in t
                         and "reference sheets" in t)
        lowest = max(b.bounds[3] for t, b in page_texts(page.svg)
                     if "reference sheets" not in t)
        assert lowest < footer_top, page.title


def test_kind_pages_carry_a_scale_bar_of_two_printed_inches() -> None:
    import re

    pages, _ = sheet_pages(PACK, paper="a4")
    from render.paper import PAPERS
    from markers.products.sheets import PAGE_H, PAGE_W

    w, h = PAPERS["a4"]
    unit = min(w / PAGE_W, h / PAGE_H)  # inches of paper per page unit
    for page in pages:
        if page.kind is None:
            continue
        text = page.svg.decode()
        assert "this bar prints 2 in long at 100 %" in text
        bar = re.search(r'<polyline fill="none" points="([\d.]+),([\d.]+) ([\d.]+),\2" '
                        r'stroke="#000000" stroke-width="0.018"', text)
        assert bar, page.title
        assert (float(bar[3]) - float(bar[1])) * unit == pytest.approx(2.0, abs=1e-3)


def test_table_rows_share_one_font_size() -> None:
    from xml.etree import ElementTree

    pages, _ = sheet_pages(PACK)
    for page in pages:
        if page.kind is None:
            continue
        texts = [(float(el.get("y")), float(el.get("font-size")), "".join(el.itertext()))
                 for el in ElementTree.fromstring(page.svg).iter(
                     "{http://www.w3.org/2000/svg}text")]
        start = next(y for y, _, t in texts if t.startswith("Dimensions "))
        end = next(y for y, _, t in texts if t.startswith("Values as"))
        sizes = {size for y, size, _ in texts if start < y < end}
        assert len(sizes) == 1, (page.title, sizes)  # header and rows alike
