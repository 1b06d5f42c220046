"""Real DXFs from AutoCAD and AutoCAD-compatible CAD programs (tests/data/real/dxf/,
PROVENANCE.md): the reader takes the units their header states ($INSUNITS; where it is 0,
$MEASUREMENT, said as an assumption), and every outcome of a check is a verdict or one
line naming the file, never a traceback. The header is read here by its group codes, not
by ezdxf, so the test does not repeat the reader."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from markers.check import pipeline
from markers.errors import WsmarkError
from markers.read.dxf import read_dxf_bytes
from tests.wi import PACK

FOLDER = Path(__file__).resolve().parents[1] / "data" / "real" / "dxf"
FILES = sorted(FOLDER.glob("*.dxf"))
#: $INSUNITS code -> the unit (DXF reference, HEADER section); 0: by $MEASUREMENT.
UNITS = {1: "in", 2: "ft", 4: "mm", 5: "cm", 6: "m"}
MEASUREMENT = {0: "in", 1: "mm"}


def _header(data: bytes, name: str) -> int | None:
    """The integer a header variable holds (group code 70), None when absent."""
    match = re.search(rb"\$" + name.encode() + rb"\s*\r?\n\s*70\s*\r?\n\s*(-?\d+)", data)
    return int(match[1]) if match else None


def test_the_corpus_is_there() -> None:
    assert 10 <= len(FILES) <= 30
    assert all(f.stat().st_size < 300_000 for f in FILES)
    for f in FILES:  # AutoCAD's marks: its version, and subclass markers past a header
        data = f.read_bytes()
        assert b"$ACADVER" in data and b"ezdxf" not in data.lower()
        assert b"AcDb" in data or b"TABLES" not in data


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_units_as_the_header_says(path: Path) -> None:
    data = path.read_bytes()
    code, measurement = _header(data, "INSUNITS"), _header(data, "MEASUREMENT")
    want = UNITS.get(code or 0) or (MEASUREMENT.get(measurement) if code == 0 else None)
    try:
        art = read_dxf_bytes(data, path.name)
    except WsmarkError as err:
        said = str(err)
        assert "\n" not in said and said.startswith(path.name)
        if want is None:
            assert "no usable units" in said
        return
    assert art.meta["units"] == want
    assert ("units_assumed" in art.meta) == (code == 0)


@pytest.mark.parametrize("path", FILES, ids=[f.name for f in FILES])
def test_a_check_is_a_verdict_or_one_line(path: Path) -> None:
    report, _ = pipeline.check_file(path, pipeline.CheckOptions(), PACK)
    if report.verdict == "error":
        assert report.error and "\n" not in report.error and path.name in report.error
        assert "fault of wsmark" not in report.error
    else:
        assert report.markers
