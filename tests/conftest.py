"""Shared test helpers: sample designs for every kind, the independent SVG reader, the CLI."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
if str(TESTS) not in sys.path:  # so tests can `import svg_measure` under any import mode
    sys.path.insert(0, str(TESTS))

from markers.core.design import Design  # noqa: E402
from wi import KINDS  # noqa: E402

#: A legend for every kind that takes one (short enough to fit inside at H = 12 in).
SAMPLE_LEGENDS = {"danger": "ROCKS", "control": "SLOW NO WAKE", "information": "MARINA"}


def sample_design(kind: str, display_height: float = 24.0, **options) -> Design:
    """A typical design of ``kind``: its sample legend or sample WS id, and the
    registry's sample fields (a buoy's symbol); H only for kinds sized by one."""
    spec = KINDS[kind]
    options = {**spec.sample, **options}
    options.setdefault("legend", SAMPLE_LEGENDS.get(kind))
    options.setdefault("ws_id", spec.sample_id)
    return Design(kind, display_height if spec.display_area else None, **options)


def report_writer(fmt: str, out, err):
    """The streaming writer ``wsmark check`` makes (markers.products.check_run), under
    Wisconsin's pack: each report to ``out`` as it is added, an unreadable file's text to
    ``err``."""
    from markers.check.stream import ReportWriter
    from markers.packs import get_pack
    from markers.products.clerk import provenance

    pack = get_pack()
    return ReportWriter(fmt, out, err, provenance(pack), pack.rules if fmt == "sarif" else None,
                        pack.url)


def wsmark_script() -> Path:
    """The installed console script of this venv."""
    here = Path(sys.executable).parent / "wsmark"
    if here.exists():
        return here
    import shutil

    found = shutil.which("wsmark")
    if not found:
        pytest.skip("wsmark console script is not installed")
    return Path(found)


@pytest.fixture
def runner():
    """A click CliRunner that keeps stderr apart from stdout on every click 8 version."""
    from click.testing import CliRunner

    try:
        return CliRunner(mix_stderr=False)  # click < 8.2
    except TypeError:
        return CliRunner()  # click >= 8.2: result.stderr is always separate
