"""Where `wsmark check --annotate` writes, said in one line when it cannot: one SVG for
several drawings is refused (a folder, or one PDF of them all), and what is in the way
of a folder is named in words (a dangling symbolic link, one to a file, a file)."""

from __future__ import annotations

import os
import subprocess

import pypdf
import pytest

from conftest import wsmark_script
from web_helpers import BAD, GOOD


@pytest.fixture
def two(tmp_path):
    (tmp_path / "a.svg").write_bytes(GOOD)
    (tmp_path / "b.svg").write_bytes(BAD)
    return tmp_path


def _check(cwd, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(wsmark_script()), "check", "a.svg", "b.svg", *args], cwd=cwd,
                          capture_output=True, text=True, timeout=120)


def test_one_svg_for_several_drawings_is_refused_in_one_line(two) -> None:
    run = _check(two, "--annotate", "out.svg")
    assert run.returncode == 2 and run.stdout == ""
    assert run.stderr.splitlines() == ["wsmark: error: --annotate out.svg: one SVG cannot hold "
                                       "the copies of 2 drawings; give a folder, or a .pdf for "
                                       "all of them"]
    assert sorted(p.name for p in two.iterdir()) == ["a.svg", "b.svg"]  # no folder out.svg


def test_one_pdf_holds_the_copies_of_several_drawings(two) -> None:
    run = _check(two, "--annotate", "all.pdf")
    assert run.returncode == 1 and "wrote all.pdf" in run.stderr, run.stderr
    pages = pypdf.PdfReader(two / "all.pdf").pages
    assert len(pages) == 2
    assert "FAIL" in pages[1].extract_text() and "FAIL" not in pages[0].extract_text()


@pytest.mark.parametrize("make, says", [
    (lambda p: os.symlink("nowhere", p), "it is a symbolic link to nowhere, which does not exist"),
    (lambda p: os.symlink("a.svg", p), "it is a symbolic link to a.svg, a file, not a folder"),
    (lambda p: p.write_text("x"), "a file of that name is in the way")])
def test_what_is_in_the_way_of_a_folder_is_said_in_words(two, make, says: str) -> None:
    make(two / "out")
    run = _check(two, "--annotate", "out/")
    assert run.returncode == 2
    assert run.stderr.splitlines() == [f"wsmark: error: cannot create out/: {says}"]
