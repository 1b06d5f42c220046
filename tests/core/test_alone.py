"""A check reads only its input: files the libraries would read from the working
directory or the user's config and cache homes (ezdxf.ini, ezdxf's font cache, the
libgcc_s.so.1 that ld opens when cairocffi looks for libcairo) change nothing, whether
broken or FIFOs that would block whoever opens them (markers/core/alone.py); nor do
Python modules named as the libraries' where `wsmark check` or `wsmark serve` runs (the
web page's fork server, a `python -c`, ran a multiprocessing.py it found there).

Audited with strace (a PDF with outlined lettering, a DXF, an SVG, --annotate x.pdf and
--report): besides its input and output, a check opens in the working directory only
what ezdxf and ld look for while imported from an empty folder (alone.py); tesseract
opens its eng.traineddata alone (the path is given); PIL loads its plugins from its own
package; fontconfig (cairo's text in the marked copy and the report) reads its system
configuration and the user's own (~/.config/fontconfig, ~/.fonts.conf), never the
working directory."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
from conftest import ROOT, wsmark_script
from corpora import CORPORA
from real_server import Server
from web_helpers import GOOD

DXF = CORPORA / "found" / "turn3" / "orange-square-pass.dxf"


def _check(cwd, *args: str, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([str(wsmark_script()), "check", "--format", "json", "--budget", "5s",
                           *args], cwd=cwd, capture_output=True, text=True, timeout=60,
                          env={**os.environ, **(env or {})})


def _verdicts(run: subprocess.CompletedProcess) -> list[tuple[str, str | None]]:
    files = json.loads(run.stdout)
    return [(f["verdict"], f["error"]) for f in files]


def _untrapped(tmp_path) -> list[tuple[str, str | None]]:
    """The reproducer's verdict checked where nothing is in the way (a 10 x 10 in square
    that is no distress flag: a fail, with no error)."""
    clean = tmp_path / "clean"
    clean.mkdir()
    (clean / "a.dxf").write_bytes(DXF.read_bytes())
    verdicts = _verdicts(_check(clean, "a.dxf"))
    assert verdicts == [("fail", None)]
    return verdicts


@pytest.mark.skipif(not DXF.exists(), reason=f"needs {DXF}")
@pytest.mark.parametrize("trap", ["broken", "fifo"])
def test_an_ezdxf_ini_where_the_check_runs_changes_nothing(tmp_path, trap: str) -> None:
    (tmp_path / "a.dxf").write_bytes(DXF.read_bytes())
    home = tmp_path / "home"
    for folder in (tmp_path, home / "ezdxf"):  # the working directory, the config home
        folder.mkdir(parents=True, exist_ok=True)
        if trap == "broken":
            (folder / "ezdxf.ini").write_text("[core\ngarbage")
        else:
            os.mkfifo(folder / "ezdxf.ini")
    run = _check(tmp_path, "a.dxf", env={"XDG_CONFIG_HOME": str(home),
                                         "EZDXF_CONFIG_FILE": str(home / "ezdxf" / "ezdxf.ini")})
    assert _verdicts(run) == _untrapped(tmp_path), run.stdout + run.stderr


@pytest.mark.skipif(not DXF.exists(), reason=f"needs {DXF}")
def test_a_fifo_for_ezdxfs_font_cache_changes_nothing(tmp_path) -> None:
    (tmp_path / "a.dxf").write_bytes(DXF.read_bytes())
    (tmp_path / "cache" / "ezdxf").mkdir(parents=True)
    os.mkfifo(tmp_path / "cache" / "ezdxf" / "font_manager_cache.json")
    run = _check(tmp_path, "a.dxf", env={"XDG_CACHE_HOME": str(tmp_path / "cache")})
    assert _verdicts(run) == _untrapped(tmp_path), run.stdout + run.stderr


def test_a_fifo_named_libgcc_where_a_pdf_copy_is_written_changes_nothing(tmp_path) -> None:
    (tmp_path / "a.svg").write_bytes(GOOD)
    os.mkfifo(tmp_path / "libgcc_s.so.1")
    run = _check(tmp_path, "a.svg", "--annotate", "out.pdf")
    assert _verdicts(run) == [("pass", None)], run.stdout + run.stderr
    assert (tmp_path / "out.pdf").read_bytes().startswith(b"%PDF")


#: Top-level modules a check or the web page imports, and whose names a folder of
#: submissions could hold.
MODULES = ["multiprocessing", "shapely", "numpy", "PIL", "ezdxf", "pypdfium2", "cairosvg",
           "cairocffi", "tesserocr", "svgelements", "yaml", "starlette", "uvicorn"]
PDF = ROOT / "tests" / "data" / "producers" / "ghostscript" / "danger-24-above-below-outlines.pdf"


def _trap_modules(folder: Path) -> None:
    """A module of each name in MODULES that leaves a file behind when imported."""
    for name in MODULES:
        (folder / f"{name}.py").write_text(
            f"open({str(folder / ('IMPORTED-' + name))!r}, 'w').close()\n")


@pytest.mark.skipif(not DXF.exists(), reason=f"needs {DXF}")
def test_modules_named_as_the_libraries_where_a_check_runs_are_not_imported(tmp_path) -> None:
    files = {"a.svg": GOOD, "b.pdf": PDF.read_bytes(), "c.dxf": DXF.read_bytes()}
    for folder in (tmp_path / "clean", tmp_path / "trapped"):
        folder.mkdir()
        for name, data in files.items():
            (folder / name).write_bytes(data)
    _trap_modules(tmp_path / "trapped")
    runs = [_check(tmp_path / folder, *files, "--annotate", "out.pdf")
            for folder in ("clean", "trapped")]
    assert _verdicts(runs[1]) == _verdicts(runs[0]) == [("pass", None), ("pass", None),
                                                         ("fail", None)], runs[1].stderr
    assert not list((tmp_path / "trapped").glob("IMPORTED-*"))


def test_modules_named_as_the_libraries_where_the_server_runs_are_not_imported(tmp_path
                                                                               ) -> None:
    _trap_modules(tmp_path)
    server = Server("--workers", "1", cwd=tmp_path)
    try:
        status, body = server.upload(server.session(), "good.svg", GOOD)
    finally:
        server.close()
    assert status == 200 and b'data-verdict="pass"' in body, body[-300:]
    assert not list(tmp_path.glob("IMPORTED-*"))
