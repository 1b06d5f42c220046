"""Buoy fabrication by surface: areas against the closed forms, written out here by hand
(2 pi R h for a sphere zone, pi d h for a cylinder, pi (r1 + r2) s for a cone, a numeric
integral for an ovate), and the flat wrap read back from the written files."""

from __future__ import annotations

import csv
import math

import numpy as np
import pytest
from shapely.geometry import box
from click.testing import CliRunner

import cli as cli_module
from markers.build.buoy_surface import cone_development
from markers.core.design import Design
from markers.core.surfaces import frustum_area, spheroid_zone_area
from wi import PACK, build


def surface(design: Design):
    return PACK.surface(design, build(design))


def zone(s, color: str, what: str) -> float:
    return sum(z.area for z in s.zones if z.color == color and what in z.what)


def test_mooring_sphere_blue_band_is_2_pi_r_h() -> None:
    s = surface(Design("buoy-mooring"))  # 24 in sphere, band 24/6 = 4 in
    assert zone(s, "blue", "band") == pytest.approx(2 * math.pi * 12 * 4, abs=1e-9)  # 301.59
    assert s.total == pytest.approx(2 * math.pi * 12 * 18, abs=1e-9)  # 18 in above water
    assert sum(z.area for z in s.zones) == pytest.approx(s.total, abs=1e-9)
    assert s.flat is None and all(not z.printed for z in s.zones)


def test_ovate_zone_matches_a_numeric_integral() -> None:
    a, c = 9.0, 11.7
    z = np.linspace(-3.0, 5.0, 200_001)
    r = a * np.sqrt(1 - z ** 2 / c ** 2)
    dr = np.gradient(r, z)
    numeric = np.trapezoid(2 * np.pi * r * np.sqrt(1 + dr ** 2), z)
    assert spheroid_zone_area(a, c, -3.0, 5.0) == pytest.approx(numeric, rel=1e-6)
    s = surface(Design("buoy-mooring", shape="ovate"))
    assert sum(x.area for x in s.zones) == pytest.approx(
        spheroid_zone_area(9.0, 11.7, 11.7 - 18, 11.7), abs=1e-9)


def test_symbol_buoy_white_is_the_cylinder_less_what_covers_it() -> None:
    s = surface(Design("buoy-symbol", symbol="danger", legend="ROCKS"))
    assert s.total == pytest.approx(math.pi * 7 * 36, abs=1e-9)  # 791.68
    by = s.by_color()
    assert sum(by.values()) == pytest.approx(math.pi * 7 * 36, abs=1e-6)
    # the bands as drawn on the wrap: the orange at its seam edge (no symbol there)
    edge = s.flat.visible("orange").intersection(box(0, 0, 1e-3, 36))
    band = edge.area / 1e-3 / 2
    assert 3 <= band < 12
    assert zone(s, "orange", "band") == pytest.approx(2 * math.pi * 7 * band, abs=1e-6)
    assert zone(s, "white", "") == pytest.approx(
        math.pi * 7 * 36 - sum(a for c, a in by.items() if c != "white"), abs=1e-9)


def test_symbol_buoy_control_ring_on_the_surface_is_two_rings() -> None:
    # laid along the surface the ring keeps its flat area: 2 x pi (6^2 - 4^2) at H = 12
    s = surface(Design("buoy-symbol", symbol="control", legend="5 MPH",
                       curvature="surface", diameter=14))
    assert zone(s, "orange", "symbol") == pytest.approx(2 * math.pi * (36 - 16), abs=0.01)


def test_nun_cone_is_a_frustum_and_its_development_keeps_the_area() -> None:
    s = surface(Design("buoy-aid-red", ws_id="WS-2", diameter=7.5))
    r, r_top, cone = 3.75, 1.875, 3.75
    slant = math.hypot(r - r_top, cone)
    assert zone(s, "red", "cone") == pytest.approx(math.pi * (r + r_top) * slant, abs=1e-9)
    assert s.total == pytest.approx(math.pi * 7.5 * (36 - cone) + math.pi * (r + r_top) * slant)
    sector = cone_development(r_top, r, cone, (0, 0))
    assert sector.area == pytest.approx(frustum_area(r_top, r, cone), rel=1e-5)
    assert sum(z.area for z in s.zones) == pytest.approx(s.total, abs=1e-6)


def test_can_reflective_band_and_center_stripes() -> None:
    s = surface(Design("buoy-aid-green", ws_id="WS-1"))
    assert zone(s, "green", "reflective") == pytest.approx(math.pi * 7 * 2, abs=1e-9)
    c = surface(Design("buoy-aid-center", ws_id="WS-A"))
    d = c.flat.meta["diameter"]
    # 4 black stripes of pi d / 8, less the 2 in white reflective band on top of them,
    # plus the black plates where they reach past the stripes
    stripes = math.pi * d / 2 * (36 - 2)
    assert zone(c, "black", "") >= stripes - 1e-6
    assert zone(c, "white", "reflective") == pytest.approx(math.pi * d * 2, abs=1e-9)
    assert sum(c.by_color().values()) == pytest.approx(math.pi * d * 36, abs=1e-6)


def test_sign_buoy_five_equal_bands() -> None:
    s = surface(Design("buoy-sign", symbol="control", legend="5 MPH"))
    assert [round(z.area, 6) for z in s.zones] == [round(math.pi * 7 * 36 / 5, 6)] * 5
    assert s.by_color()["orange"] == pytest.approx(3 * math.pi * 7 * 36 / 5)


def bom(out) -> dict[str, float]:
    (path,) = out.glob("*bom.csv")
    rows = list(csv.DictReader(path.read_text().splitlines()))
    total: dict[str, float] = {}
    for row in rows:
        total[row["color"]] = total.get(row["color"], 0.0) + float(row["sq in per buoy"])
    return total


def test_fabricate_buoys_writes_the_wrap_and_surface_areas(tmp_path) -> None:
    runner = CliRunner()
    out = tmp_path / "sym"
    result = runner.invoke(cli_module.cli, ["fabricate", "buoy-symbol", "--symbol", "danger",
                                            "--legend", "ROCKS", "--seam", "0.5", "-o",
                                            str(out)])
    assert result.exit_code == 0, result.output
    assert sum(bom(out).values()) == pytest.approx(math.pi * 7 * 36, abs=0.01)
    (svg,) = out.glob("*print.svg")
    text = svg.read_text()
    width = float(text.split('width="')[1].split("in")[0])
    assert width == pytest.approx(math.pi * 7 + 0.5 + 2 * (0.125 + 0.5), abs=1e-3)
    out = tmp_path / "moor"
    result = runner.invoke(cli_module.cli, ["fabricate", "buoy-mooring", "-o", str(out)])
    assert result.exit_code == 0, result.output
    assert bom(out)["blue"] == pytest.approx(301.59, abs=0.01)
    assert not list(out.glob("*print.svg"))  # a sphere is painted, not printed flat
