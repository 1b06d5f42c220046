"""Closed-form surface areas of the solids buoys are made of, in square inches.

A buoy's paint or sheeting covers its *surface*, not its side view: the blue band
around a 24 in mooring sphere is a spherical zone of 2 pi R h, three times what its
silhouette shows. These are the exact formulas the bill of materials and its tests use.

Heights ``z`` run along the axis of revolution from the solid's centre (spheroids) or
are plain lengths (cylinders, cones).
"""

from __future__ import annotations

import math

__all__ = ["cylinder_area", "frustum_area", "frustum_slant", "spheroid_zone_area",
           "annular_sector_angle"]


def cylinder_area(diameter: float, height: float) -> float:
    """The side of a cylinder: pi d h (a band of height ``height`` around it)."""
    return math.pi * diameter * height


def frustum_slant(r_top: float, r_bottom: float, height: float) -> float:
    """Length of a cone frustum's side, measured along the surface."""
    return math.hypot(r_bottom - r_top, height)


def frustum_area(r_top: float, r_bottom: float, height: float) -> float:
    """The side of a cone frustum: pi (r1 + r2) s, s its slant length."""
    return math.pi * (r_top + r_bottom) * frustum_slant(r_top, r_bottom, height)


def spheroid_zone_area(a: float, c: float, z1: float, z2: float) -> float:
    """The zone between planes ``z1`` < ``z2`` (measured from the centre along the axis)
    of a spheroid of equatorial semi-axis ``a`` and polar semi-axis ``c``.

    With r(z) = a sqrt(1 - z^2/c^2), dA = 2 pi a sqrt(1 - e^2 z^2 / c^2) dz, where
    e^2 = 1 - a^2/c^2 (prolate, c > a: an ovate buoy); a sphere (c = a) gives 2 pi R h.
    An oblate spheroid (c < a) uses the hyperbolic form of the same integral.
    """
    z1, z2 = max(z1, -c), min(z2, c)
    if z2 <= z1:
        return 0.0
    k = (c * c - a * a) / (c ** 4)  # dA = 2 pi a sqrt(1 - k z^2) dz
    if abs(k) < 1e-15:
        return 2 * math.pi * a * (z2 - z1)
    if k > 0:
        q = math.sqrt(k)

        def antiderivative(z: float) -> float:
            u = q * z
            return (u * math.sqrt(max(0.0, 1 - u * u)) + math.asin(u)) / (2 * q)
    else:
        q = math.sqrt(-k)

        def antiderivative(z: float) -> float:
            u = q * z
            return (u * math.sqrt(1 + u * u) + math.asinh(u)) / (2 * q)
    return 2 * math.pi * a * (antiderivative(z2) - antiderivative(z1))


def annular_sector_angle(r_top: float, r_bottom: float, height: float) -> float:
    """The angle, in radians, of the flat annular sector a cone frustum unrolls into:
    the bottom circumference 2 pi r2 laid on a circle of the apex-to-rim slant radius."""
    slant = frustum_slant(r_top, r_bottom, height)
    outer = r_bottom * slant / (r_bottom - r_top)
    return 2 * math.pi * r_bottom / outer
