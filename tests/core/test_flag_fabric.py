"""Flags as fabric: the panels with their hems and seams, against hand arithmetic, and
the yardage nested on the bolt width, read back from the written CSV."""

from __future__ import annotations

import csv
import math

import pytest
from click.testing import CliRunner

import cli as cli_module
from markers.core.design import Design
from markers.core.flag_fabric import HEM, SEAM, flag_pieces
from wi import build


def test_applied_stripe_is_a_strip_on_a_hemmed_field() -> None:
    pieces = flag_pieces(build(Design("diver-flag")), "applied")  # 12 x 15 in
    (red,) = [p for c, _, p in pieces if c == "red"]
    (white,) = [p for c, _, p in pieces if c == "white"]
    assert red.area == pytest.approx((15 + 2 * HEM) * (12 + 2 * HEM))
    # the strip is 3 in and two turned-under edges wide, runs the hemmed field's
    # diagonal band and covers the stripe as seen
    rect = white.minimum_rotated_rectangle
    assert min(short_sides(rect)) == pytest.approx(3 + 2 * SEAM, abs=1e-6)
    assert white.within(red.buffer(1e-9))
    assert build(Design("diver-flag")).visible("white").difference(white).area < 1e-9


def short_sides(rect) -> list[float]:
    coords = list(rect.exterior.coords)
    return sorted(math.dist(p, q) for p, q in zip(coords, coords[1:]))[:2]


def test_sewn_stripe_leaves_two_red_pieces_with_seams() -> None:
    art = build(Design("diver-flag"))
    pieces = flag_pieces(art, "sewn")
    reds = [p for c, _, p in pieces if c == "red"]
    (white,) = [p for c, _, p in pieces if c == "white"]
    assert len(reds) == 2
    assert reds[0].area == pytest.approx(reds[1].area, rel=1e-9)  # symmetric
    # each red piece overlaps the white by its seam allowance along the whole stripe
    for red in reds:
        overlap = red.intersection(white)
        assert overlap.area > 0
        assert min(short_sides(overlap.minimum_rotated_rectangle)) == pytest.approx(
            2 * SEAM, abs=1e-6)
    seen_white = art.visible("white")
    assert all(red.intersection(seen_white.buffer(-SEAM - 1e-6)).area < 1e-9 for red in reds)


def test_fabricate_flag_gives_yards_at_the_bolt_width(tmp_path) -> None:
    out = tmp_path / "f"
    result = CliRunner().invoke(cli_module.cli, ["fabricate", "distress-flag", "--qty", "4",
                                                 "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert "fabric for 4 flags" in result.output
    (path,) = out.glob("*materials.csv")
    (row,) = list(csv.DictReader(path.read_text().splitlines()))
    assert row["kind"] == "fabric" and row["roll width in"] == "60"
    # a 20 x 32 in hemmed panel with 1/4 in spacing: across 59.75 usable inches,
    # three 20.25 in panels take 60.75 (too wide), so 2 across: 4 panels are 2 rows of
    # 32.25 in, plus the gap at the start
    assert float(row["roll length in"]) == pytest.approx(2 * 32.25 + 0.25)
    assert float(row["roll length yd"]) == pytest.approx((2 * 32.25 + 0.25) / 36, abs=0.005)
