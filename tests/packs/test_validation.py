"""Design validation: what no correct marker can be is refused, citing the paragraph."""

from __future__ import annotations

import math

import pytest

from markers.core.design import Design
from markers.packs.wi_nr509.validation import validate_ws_id
from markers.errors import WsmarkError
from wi import PACK

ID_CLAUSE = "NR 5.09(2)(a)5"


@pytest.mark.parametrize("kind,ws_id", [
    ("aid-red", "WS-2"), ("aid-red", "WS-10"), ("aid-red", "WS-128"),
    ("aid-green", "WS-1"), ("aid-green", "WS-11"), ("aid-green", "WS-99"),
    ("aid-center", "WS-A"), ("aid-center", "WS-Z"),
])
def test_valid_identifications_are_accepted(kind: str, ws_id: str) -> None:
    assert validate_ws_id(kind, ws_id) == ws_id


@pytest.mark.parametrize("kind,ws_id", [
    ("aid-red", "WS-3"),        # red carries even numbers
    ("aid-red", "WS-A"),
    ("aid-green", "WS-2"),      # green carries odd numbers
    ("aid-green", "WS-B"),
    ("aid-center", "WS-7"),     # center markers carry letters
    ("aid-red", "2"),           # no WS prefix
    ("aid-green", "7"),
    ("aid-red", "ws-2"),        # the prefix is "WS"
    ("aid-red", "WS2"),         # "WS-" with the hyphen, as in the samples WS-1, WS-A
    ("aid-center", "WS-a"),
    ("aid-red", "WS-02"),
    ("aid-red", " WS-2"),
    ("aid-red", "WS-2 "),
    ("aid-red", ""),
    ("aid-red", None),
])
def test_invalid_identifications_are_refused_citing_2_a_5(kind: str, ws_id) -> None:
    with pytest.raises(WsmarkError) as caught:
        validate_ws_id(kind, ws_id)
    message = str(caught.value)
    assert ID_CLAUSE in message
    assert "\n" not in message


def test_wrong_parity_message_says_what_the_kind_carries() -> None:
    with pytest.raises(WsmarkError, match="even"):
        validate_ws_id("aid-red", "WS-3")
    with pytest.raises(WsmarkError, match="odd"):
        validate_ws_id("aid-green", "WS-2")
    with pytest.raises(WsmarkError, match="letters"):
        validate_ws_id("aid-center", "WS-7")


@pytest.mark.parametrize("h", [11.9, 11.999, 0.0, -24.0, math.nan])
def test_display_height_below_one_foot_is_refused(h: float) -> None:
    with pytest.raises(WsmarkError, match=r"NR 5\.09\(6\)\(a\)"):
        Design("danger", h).validate(PACK.law)


@pytest.mark.parametrize("t", [1.99, 1.0, 0.0, -2.0, math.nan])
def test_outline_thinner_than_2_in_is_refused(t: float) -> None:
    with pytest.raises(WsmarkError, match=r"NR 5\.09\(6\)\(b\)"):
        Design("danger", 24.0, outline=t).validate(PACK.law)


@pytest.mark.parametrize("h,t", [(12.0, 2.0), (12.0001, 2.0001), (24.0, 3.0), (120.0, 4.0)])
def test_minimum_and_larger_values_are_accepted(h: float, t: float) -> None:
    Design("control", h, outline=t).validate(PACK.law)


def test_default_outline_is_the_2_in_minimum() -> None:
    from wi import KINDS, PACK

    assert Design("danger", 12.0).outline is None  # the law's minimum, filled in by the pack
    assert PACK.validate(Design("danger", 12.0), KINDS["danger"], PACK.maker()).outline == 2.0


@pytest.mark.parametrize("h", [math.inf, -math.inf])
def test_non_finite_display_height_is_refused(h: float) -> None:
    # an infinite H passes ">= 12" but no marker can be built from it (the builders
    # then fail inside shapely with a GEOSException instead of a one-line WsmarkError)
    with pytest.raises(WsmarkError, match=r"NR 5\.09\(6\)\(a\)"):
        Design("danger", h).validate(PACK.law)
