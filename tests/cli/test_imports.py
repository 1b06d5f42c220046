"""Issue 14's facts that are not timings (timings live in bench/speed_bench.py): what
each command imports, the PNG pixel cap, legend fitting giving the exhaustive search's
answer with few geometry tests, and `check` streaming the bytes the whole list gives."""

from __future__ import annotations

import itertools
import json
import re
import struct
import subprocess
import sys
from pathlib import Path

import pytest
from shapely.geometry import Polygon

from cli import cli
from markers import api
from markers.core import geometry as geo
from markers.core import lettering
from markers.core.lettering import MARGIN, block_height, line_choices, text_width

#: Libraries a command may import only when it uses them.
HEAVY = ("cairosvg", "cairocffi", "svgwrite", "yaml", "ezdxf", "pypdf", "pypdfium2",
         "fontTools", "PIL", "pyproj", "tesserocr", "urllib.request")
DEFECTS = Path(__file__).parents[1] / "drawings" / "defects"


def _imported(code: str, *args: str) -> set[str]:
    """The HEAVY modules (and shapely) loaded by ``code`` in a fresh interpreter."""
    probe = (f"import sys\n{code}\n"
             f"print('loaded:', *(m for m in {HEAVY + ('shapely',)!r} if m in sys.modules),"
             " file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True,
                          text=True, timeout=120)
    return set(done.stderr.strip().splitlines()[-1].split()[1:])


def _wsmark_imports(*args: str) -> set[str]:
    """What `wsmark ARGS` imports in its own process (a check's workers fork from it)."""
    return _imported("sys.argv = ['wsmark', *sys.argv[1:]]\nimport cli\n"
                     "try:\n    cli.main()\nexcept SystemExit:\n    pass", *args)


@pytest.fixture(scope="module")
def drawing(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("speed") / "danger.svg"
    path.write_bytes(api.render(api.design("danger", 24, legend="ROCKS"), ".svg"))
    return path


def test_help_and_kinds_import_no_geometry_renderer_or_reader() -> None:
    assert _wsmark_imports("--help") == set()
    assert _wsmark_imports("kinds") == set()


def test_check_imports_no_renderer_font_or_projection(drawing) -> None:
    assert _wsmark_imports("check", str(drawing)) == {"shapely"}
    # the work of a worker, in process: the OCR engine reads the outlined legend, and
    # nothing renders, parses YAML or projects
    judged = _imported("from markers import api\n"
                       "report, _ = api.check(open(sys.argv[1], 'rb').read(), 'd.svg')\n"
                       "assert report.verdict == 'pass', report", str(drawing))
    assert judged <= {"shapely", "PIL", "tesserocr"}


#: Modules the check of an SVG has no use for: the PDF and DXF readers, numpy.ma
#: (np.median imported it), PIL's image format plugins (tesserocr's SetImage encoded a
#: BMP), secrets and hmac (temp file names).
NOT_FOR_SVG = ("markers.read.pdf", "markers.read.dxf", "numpy.ma",
               "PIL.BmpImagePlugin", "PIL.PngImagePlugin", "secrets", "hmac")


def _loaded(code: str, names: tuple[str, ...], *args: str) -> set[str]:
    """Which of ``names`` ``code`` leaves in sys.modules, in a fresh interpreter."""
    probe = (f"import sys\n{code}\n"
             f"print('loaded:', *(m for m in {names!r} if m in sys.modules), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True,
                          text=True, timeout=120)
    return set(done.stderr.strip().splitlines()[-1].split()[1:])


def test_check_of_an_svg_imports_no_other_reader_masked_arrays_or_image_plugins(
        drawing) -> None:
    """The parent (which forks the workers) and a worker's whole job, OCR included."""
    assert _loaded("sys.argv = ['wsmark', *sys.argv[1:]]\nimport cli\n"
                   "try:\n    cli.main()\nexcept SystemExit:\n    pass\n"
                   "from markers import api\n"
                   "report, _ = api.check(open(sys.argv[2], 'rb').read(), 'd.svg')\n"
                   "assert report.verdict == 'pass', report",
                   NOT_FOR_SVG, "check", str(drawing)) == set()


def test_pdf_and_dxf_readers_are_imported_when_a_pdf_is_read(tmp_path) -> None:
    path = tmp_path / "d.pdf"
    path.write_bytes(api.render(api.design("danger", 12, legend="ROCKS"), ".pdf"))
    assert _loaded("from markers.read import read_file\n[page] = read_file(sys.argv[1])\n"
                   "assert page.width > 5", ("markers.read.pdf", "markers.read.dxf"),
                   str(path)) == {"markers.read.pdf"}


def test_tesseract_reads_the_line_bytes_as_it_read_the_bmp() -> None:
    """The engine is handed the 'L' image's bytes at 96 ppi; SetImage (a BMP of the
    same image) gives the same text and confidence on outlined ids and legends."""
    from markers.check.measure import ocr

    engine, tesserocr = ocr._tesseract_api()
    texts = {"ws_id": ["WS-12", "WS-AB"], "legend": ["SLOW NO WAKE", "ROCKS", "BEACH"]}
    read = 0
    for kind, words in texts.items():
        whitelist = ocr.WS_ID_CHARS if kind == "ws_id" else None
        for text in words:
            line = lettering.set_line(text, 2.0, 0.0, 0.0)
            for cap_px in ocr.RETRY_CAP_PX:
                image = ocr.rasterise(ocr.letters_of(line.geometry), 2.0, cap_px)
                engine.SetPageSegMode(tesserocr.PSM.SINGLE_LINE)
                engine.SetVariable("tessedit_char_whitelist", whitelist or "")
                engine.SetImage(image)
                bmp = " ".join(engine.GetUTF8Text().split()), engine.MeanTextConf() / 100
                engine.Clear()
                assert ocr._tesseract(image, whitelist) == bmp
                read += bmp[0] == text
    assert read == 15  # 5 texts at 3 sizes, all read: the comparison is of readings


def _png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    return struct.unpack(">II", data[16:24])


def test_png_over_the_pixel_cap_is_refused_naming_a_dpi_that_fits(runner, tmp_path) -> None:
    out = tmp_path / "c.png"
    args = ["render", "control", "-H", "12", "--legend", "SLOW", "--max-pixels", "1000000",
            "-o", str(out)]
    result = runner.invoke(cli, args + ["--dpi", "100"])
    assert result.exit_code == 2
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert "1,400 x 1,400 px" in lines[0] and "1,000,000 px" in lines[0]
    assert "100 dpi" in lines[0]
    assert list(tmp_path.iterdir()) == []
    dpi = int(re.search(r"at most (\d+) dpi", lines[0]).group(1))
    result = runner.invoke(cli, args + ["--dpi", str(dpi)])
    assert result.exit_code == 0, result.stderr
    w, h = _png_size(out.read_bytes())
    assert w * h <= 1_000_000 < (w + w // dpi) * (h + h // dpi)  # one dpi more is over


def test_default_pixel_cap_refuses_a_600_dpi_control_sign(runner, tmp_path) -> None:
    """The issue's case: 26,400 x 28,800 px (2.9 GiB of surface) is refused at once."""
    result = runner.invoke(cli, ["render", "control", "-H", "48", "--legend", "SLOW NO WAKE",
                                 "--dpi", "600", "-o", str(tmp_path / "c.png")])
    assert result.exit_code == 2 and "200,000,000 px" in result.stderr
    assert "26,400 x 28,800 px" in result.stderr and "use at most 307 dpi" in result.stderr
    assert list(tmp_path.iterdir()) == []


def _exhaustive(legend: str, region, min_cap: float, max_cap: float):
    """The search before issue 14: every split bisected, no bounds (the reference)."""
    cx, cy = region.centroid.x, region.centroid.y
    best = None
    for lines in line_choices(legend):
        widths = [text_width(t, 1.0) for t in lines]

        def fits(cap, lines=lines, widths=widths):
            return region.contains(lettering._boxes(lines, widths, cap, cx, cy))

        if not fits(min_cap):
            continue
        low, high = min_cap, max_cap
        if fits(max_cap):
            low = max_cap
        else:
            for _ in range(24):
                mid = (low + high) / 2
                low, high = (mid, high) if fits(mid) else (low, mid)
        if best is None or low > best[0] + 1e-6:
            best = (low, lines)
    return None if best is None else (round(best[0], 3), best[1])


WORDS = "NO WAKE ZONE AHEAD KEEP RIGHT OF BUOYS SLOW 5 MPH".split()
REGIONS = {"circle": geo.disc(3, 4, 8), "rectangle": geo.rect(1, 2, 30, 14),
           "wide": geo.rect(0, 0, 600, 14), "tall": geo.rect(0, 0, 12, 40),
           "diamond": Polygon([(0, -10), (10, 0), (0, 10), (-10, 0)])}


@pytest.mark.parametrize("n, region", list(itertools.product((1, 3, 5, 8), REGIONS)))
@pytest.mark.parametrize("caps", [(1.0, 7.2), (0.5, 3.0), (2.0, 2.0)])
def test_bounded_fit_gives_the_exhaustive_answer(n: int, region: str, caps) -> None:
    legend = " ".join(WORDS[:n])
    for text in (legend, legend.replace(" ", "|", 1)):
        block = lettering._fit_block.__wrapped__(text, REGIONS[region].wkb, *caps, None)
        got = None if block is None else (block.cap_height, [line.text for line in block.lines])
        assert got == _exhaustive(text, REGIONS[region], *caps)


def _counting(monkeypatch) -> dict[str, int]:
    """Counts of the geometry built to test a fit, and of the splits looked at."""
    counts = {"boxes": 0, "splits": 0}
    boxes, splits = lettering._boxes, lettering._word_splits

    def counted_boxes(*args):
        counts["boxes"] += 1
        return boxes(*args)

    def counted_splits(*args):
        for lines in splits(*args):
            counts["splits"] += 1
            yield lines

    monkeypatch.setattr(lettering, "_boxes", counted_boxes)
    monkeypatch.setattr(lettering, "_word_splits", counted_splits)
    return counts


def test_twenty_words_are_wrapped_legibly_with_few_splits_tried(monkeypatch) -> None:
    """1,160 splits of 20 words into at most 4 lines; in an information sign's white
    (96 x 14 in) the bounds leave a few dozen, tested without building shapes."""
    legend = " ".join((WORDS * 2)[:20])
    counts = _counting(monkeypatch)
    block = lettering._fit_block.__wrapped__(legend, geo.rect(0, 0, 96, 14).wkb, 1.5, 7.2,
                                             None)
    assert len(line_choices(legend)) == 1160
    assert counts["boxes"] == 0 and counts["splits"] < 60
    assert block is not None and len(block.lines) > 1
    widest = max(line.box.bounds[2] - line.box.bounds[0] for line in block.lines)
    assert widest + 2 * MARGIN * block.cap_height <= 96.01  # the cap is rounded to 0.001 in
    assert block_height(len(block.lines), block.cap_height) <= 14.01
    assert block.cap_height >= 1.5


@pytest.mark.parametrize("region", ["circle", "diamond"])
def test_a_long_legend_in_a_round_shape_tests_few_splits(monkeypatch, region: str) -> None:
    """In a circle or diamond the bounding box bounds loosely, yet doubling the words
    does not multiply the splits tried (the 4-line splits grow 8-fold)."""
    tried = []
    for n in (10, 20, 40):
        counts = _counting(monkeypatch)
        lettering._fit_block.__wrapped__(" ".join((WORDS * 4)[:n]), REGIONS[region].wkb,
                                         0.5, 7.2, None)
        tried.append(counts["splits"])
        monkeypatch.undo()
    assert tried[2] <= 4 * max(tried[1], 10) and tried[1] <= 4 * max(tried[0], 10)


def test_information_sign_of_twenty_words_fits_once_and_wraps(monkeypatch) -> None:
    """build_rectangle sizes its rectangle with the fit and lays the sign out with the
    same one (memoised); 20 words wrap onto legible lines within a 4 ft sign."""
    legend = " ".join((WORDS * 2)[:20])
    lettering._fit_block.cache_clear()
    art = api.build(api.design("information", 24, legend=legend, max_width=48))
    info = lettering._fit_block.cache_info()
    assert info.misses == 1 and info.hits == 1
    assert art.width <= 48 and art.meta["legend_placement"] == "inside"
    [legend_item] = art.legends
    assert legend_item.cap_height >= 1.5  # the legible minimum at H = 24 in
    assert legend_item.text.replace("\n", " ").split() == legend.split()
    assert "\n" in legend_item.text  # wrapped


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
    files, _ = api.inputs([str(bench_folder)])
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
    assert result.exit_code == api.exit_status(reports) == 2
    summary = api.summary(reports) + "\n"
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
    import io

    out = io.StringIO()
    writer = api.report_writer(fmt, out, io.StringIO())
    writer.close()
    assert out.getvalue() == api.reports([], fmt) + "\n"
    assert writer.exit_status() == 0
