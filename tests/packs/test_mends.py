"""The Wisconsin pack's mends (markers/packs/wi_nr509/mends.py): how a repair corrects a
design a finding puts in doubt, or refuses to guess. Unit tests of the corrections; the
repairs themselves are tests/products/test_repair.py's and bench/fix_matrix.py's."""

from __future__ import annotations

import pytest

from markers.core.design import Design
from markers.errors import DesignError
from wi import PACK

REDO = PACK.mends["aid-id-format"].redo


@pytest.mark.parametrize("said,mended", [
    ("WS 3", "WS-3"), ("ws3", "WS-3"), ("WS_12", "WS-12"),  # written out of the form
    ("4", "WS-4"), ("AB", "WS-AB"),  # the number or letters alone: "WS" precedes every one
])
def test_an_identification_out_of_its_form_is_written_in_it(said: str, mended: str) -> None:
    assert REDO(Design("aid-red", 24, ws_id=said), None, PACK.law).ws_id == mended


@pytest.mark.parametrize("said", ["W5-1", "WS-3A", "NO 4", ""])
def test_an_identification_that_says_nothing_plain_is_not_guessed(said: str) -> None:
    with pytest.raises(DesignError, match="the plan's to say"):
        REDO(Design("aid-red", 24, ws_id=said), None, PACK.law)
