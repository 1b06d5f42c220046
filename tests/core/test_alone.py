"""A check reads only its input: files the libraries would read from the working
directory or the user's config and cache homes (ezdxf.ini, ezdxf's font cache, the
libgcc_s.so.1 that ld opens when cairocffi looks for libcairo) change nothing, whether
broken or FIFOs that would block whoever opens them (markers/core/alone.py)."""

from __future__ import annotations

import json
import os
import subprocess

import pytest

from conftest import wsmark_script
from corpora import CORPORA
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
