"""Every way a DXF header sizes its drawing (DXF reference, HEADER: $INSUNITS 0 to 24,
$MEASUREMENT 0/1), and a drawing whose header sizes nothing read at a nominal size and
judged on what does not depend on size: never an error (issue 30, item 3)."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from markers.check import pipeline
from markers.read.dxf import read_dxf_bytes
from markers.read.limits import NOMINAL_SIDE_IN
from tests.wi import PACK

#: $INSUNITS -> inches per unit, from the units' definitions (not the reader's table).
LENGTHS = {3: 63360.0, 7: 1e6 / 25.4, 8: 1e-6, 9: 1e-3, 10: 36.0, 13: 1 / 25400,
           14: 100 / 25.4, 15: 1e4 / 25.4, 16: 1e5 / 25.4, 21: 12 * 1.000002,
           22: 1.000002, 23: 36 * 1.000002, 24: 63360 * 1.000002}


def _square(side: float, units: int | None, measurement: int | None = None) -> bytes:
    import ezdxf

    doc = ezdxf.new("R2010")
    doc.header["$INSUNITS"] = units if units is not None else 0
    if measurement is None:
        del doc.header["$MEASUREMENT"]
    else:
        doc.header["$MEASUREMENT"] = measurement
    doc.modelspace().add_lwpolyline([(0, 0), (side, 0), (side, side), (0, side)],
                                    close=True)
    out = io.StringIO()
    doc.write(out)
    return out.getvalue().encode()


@pytest.mark.parametrize("code", sorted(LENGTHS))
def test_every_length_of_the_reference_sizes_the_drawing(code: int) -> None:
    """A 24 in square drawn in the header's unit reads 24 in wide (US survey units
    2 ppm longer than the international inch)."""
    art = read_dxf_bytes(_square(24 / LENGTHS[code], code), "u.dxf")
    assert art.meta["scale_basis"] == "physical"
    assert art.width == pytest.approx(24.0, rel=1e-6)


@pytest.mark.parametrize("units, measurement, side, said", [
    (0, None, 24.0, "states no unit ($INSUNITS 0)"),
    (0, 7, 24.0, "$MEASUREMENT 7 names no system"),
    (0, None, 610.0, "states no unit"),        # drawn in mm: 610 units
    (0, None, 2.0, "states no unit"),          # drawn in feet: 2 units
    (19, 0, 24.0, "a unit no marker is drawn in ($INSUNITS 19"),  # light years
    (99, None, 24.0, "a unit no marker is drawn in ($INSUNITS 99"),
])
def test_no_size_is_a_nominal_size(units: int, measurement: int | None, side: float,
                                   said: str) -> None:
    """No unit (or one no marker is drawn in) is no error: read as it is drawn when
    that is within NOMINAL_RANGE_IN, else made NOMINAL_SIDE_IN on its larger side, the
    size said unknown."""
    art = read_dxf_bytes(_square(side, units, measurement), "u.dxf")
    assert art.meta["scale_basis"] == "unknown" and art.meta["units"] is None
    assert said in art.meta["size_basis"][0]
    assert art.width == pytest.approx(side if 6 <= side <= 240 else NOMINAL_SIDE_IN)


def test_a_unitless_sign_fails_what_any_size_shows(tmp_path: Path) -> None:
    """A danger sign in millimetres with no unit and no $MEASUREMENT: its red diamond
    fails at any size; the display height and the outline need inches: reviews saying
    how to size it."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "producers"))
    import unitless_batch

    proof = next(p for p in unitless_batch.cases() if p.name == "u0-nomeas-mm-red.dxf")
    path = tmp_path / proof.name
    path.write_bytes(proof.write())
    report, _ = pipeline.check_file(path, pipeline.CheckOptions(), PACK)
    assert report.verdict == "fail" and [m.kind for m in report.markers] == ["danger"]
    by = {f.rule: f for f in report.findings if f.severity in ("error", "review")}
    assert {r for r, f in by.items() if f.severity == "error"} == {"reg-symbol-color"}
    assert by["display-height"].severity == "review" and "-H" in by["display-height"].message
    assert by["outline-width"].severity == "review"


def test_a_unitless_model_is_sized_by_its_dimension(tmp_path: Path) -> None:
    """A DIMENSION whose text states 24" on a model of no unit gives its size (basis
    stated, the dimension named), as it gives an N.T.S. drawing's: the sign passes at
    24 in (scale_batch's nts-24in-dimension.dxf with $INSUNITS 0, no $MEASUREMENT)."""
    import ezdxf

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "producers"))
    import scale_batch

    proof = next(p for p in scale_batch.dimension_cases() if p.name == "nts-24in-dimension.dxf")
    doc = ezdxf.read(io.StringIO(proof.write().decode()))
    doc.header["$INSUNITS"] = 0
    del doc.header["$MEASUREMENT"]
    out = io.StringIO()
    doc.write(out)
    path = tmp_path / "unitless-dimension.dxf"
    path.write_bytes(out.getvalue().encode())
    report, _ = pipeline.check_file(path, pipeline.CheckOptions(), PACK)
    assert report.verdict == "pass" and [m.kind for m in report.markers] == ["danger"]
    assert report.markers[0].display_height_in == pytest.approx(24.0, rel=0.03)
    said = " ".join(f.message for f in report.findings)
    assert 'sized by its dimension 24"' in said
