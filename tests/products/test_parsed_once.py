"""The marked-up copy lies over the drawing the check read: an SVG is parsed once per
check, also when its copy is made (in process, and in the outputs' own worker job)."""

from __future__ import annotations

from pathlib import Path

import pytest

from markers import api
from markers.read.svg import safety
from markers.products.check_run import CheckOutputs


@pytest.fixture(scope="module")
def drawing() -> bytes:
    return api.render(api.design("danger", 24, legend="ROCKS"), ".svg")


@pytest.fixture
def parses(monkeypatch, tmp_path) -> Path:
    """A file that gets a line each time an SVG is parsed, in this process or a forked
    worker (the XML parse under every reading of an SVG: markers.read.svg.safety)."""
    log = tmp_path / "parses"
    log.touch()
    real = safety._parse

    def counted(*args, **kwargs):
        with open(log, "a") as out:
            out.write(f"{args[1]}\n")
        return real(*args, **kwargs)

    monkeypatch.setattr(safety, "_parse", counted)
    return log


def _shown_drawing(copy: bytes) -> bool:
    """Whether a marked-up copy shows the vendor's drawing (an SVG image under the marks)
    rather than one redrawn from what was read."""
    return b"data:image/svg+xml;base64," in copy


def test_a_check_with_its_copy_parses_the_drawing_once(drawing, parses) -> None:
    report, marked = api.check(drawing, "danger.svg", annotate_copy=True)
    assert report.verdict == "pass" and marked is not None and _shown_drawing(marked)
    assert parses.read_text().splitlines() == ["danger.svg"]


def test_a_check_without_a_copy_parses_it_once_too(drawing, parses) -> None:
    report, marked = api.check(drawing, "danger.svg")
    assert report.verdict == "pass" and marked is None
    assert parses.read_text().splitlines() == ["danger.svg"]


def test_the_copy_made_in_its_own_job_reads_nothing_again(drawing, parses, tmp_path) -> None:
    path = tmp_path / "danger.svg"
    path.write_bytes(drawing)
    [(_, report, made)] = api.check_paths([path], jobs=1, outputs=CheckOutputs(".svg"))
    assert report.verdict == "pass" and made is not None and made.svgs is not None
    assert _shown_drawing(made.svgs[0])
    assert parses.read_text().splitlines() == [str(path)]
