"""What each command imports, measured in a fresh interpreter: a command loads a heavy
library (a renderer, a reader, a font, a projection) only when it uses it (issue 14; the
timings live in bench/speed_bench.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT
from markers import api

#: Libraries a command may import only when it uses them.
HEAVY = ("cairosvg", "cairocffi", "svgwrite", "yaml", "ezdxf", "pypdf", "pypdfium2",
         "fontTools", "PIL", "pyproj", "tesserocr", "urllib.request")


def _loaded(code: str, names: tuple[str, ...], *args: str) -> set[str]:
    """Which of ``names`` ``code`` leaves in sys.modules, in a fresh interpreter."""
    probe = (f"import sys\n{code}\n"
             f"print('loaded:', *(m for m in {names!r} if m in sys.modules), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True,
                          text=True, timeout=120)
    return set(done.stderr.strip().splitlines()[-1].split()[1:])


def _imported(code: str, *args: str) -> set[str]:
    """The HEAVY modules (and shapely) loaded by ``code`` in a fresh interpreter."""
    return _loaded(code, HEAVY + ("shapely",), *args)


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


def test_fix_of_an_svg_to_an_svg_imports_no_renderer(tmp_path) -> None:
    """cairo is for a PDF or a PNG: a fix writing an SVG had cairocffi imported (its
    import runs gcc and ld to find libcairo) by the repair loop's module: bench-compare
    gave fix 0.98 CPU s against 0.71 on the main this session began from."""
    failing = ROOT / "tests" / "drawings" / "defects" / "nr5-09-6-c-t01-fail-small-diamond.svg"
    loaded = _imported("sys.argv = ['wsmark', *sys.argv[1:]]\nimport cli\n"
                       "try:\n    cli.main()\nexcept SystemExit:\n    pass\n"
                       "from markers import api\n"
                       "made = api.fix(open(sys.argv[2], 'rb').read(), 's.svg', '.svg')\n"
                       "assert made.data, made", "fix", str(failing), "-o",
                       str(tmp_path / "fixed.svg"))
    assert not loaded & {"cairosvg", "cairocffi"}, loaded


#: Modules the check of an SVG has no use for: the PDF and DXF readers, numpy.ma
#: (np.median imported it), PIL's image format plugins (tesserocr's SetImage encoded a
#: BMP), secrets and hmac (temp file names), importlib.metadata (the version a report
#: states: 45 ms of email, zipfile and csv; markers.core.installed reads it).
NOT_FOR_SVG = ("markers.read.pdf", "markers.read.dxf", "numpy.ma",
               "PIL.BmpImagePlugin", "PIL.PngImagePlugin", "secrets", "hmac",
               "importlib.metadata")


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
