"""WGS 84 longitude/latitude -> ground feet, in a proper projection.

A pack may name a local grid with its area of use (``LocalGrid``; Wisconsin's is
Wisconsin Transverse Mercator, EPSG:3071): a plan wholly inside that area is projected
to it, any other to the UTM zone of its centre. A transverse Mercator grid is slightly
off the ground (scale factor 0.9996 on the central meridian, up to 1.0008 at a wide
grid's edges: 2 to 4 ft in a mile), so every grid length is divided by the projection's point scale
factor. The plan's coordinates are scaled once by the factor at the plan's centre
(a few square miles vary by far less than the rule's tolerances), and
``ground_distance_ft`` integrates the factor along the line (Simpson's rule), which
agrees with the geodesic to well under 0.1 ft over a mile. Feet are international
feet (0.3048 m).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

import numpy as np
from numpy.typing import ArrayLike

if TYPE_CHECKING:  # pyproj is imported on the first projection: listing rules needs none
    from pyproj import Geod, Proj, Transformer

__all__ = ["FOOT", "Area", "LocalGrid", "Projection", "projection_for", "geodesic"]

#: Metres in an international foot.
FOOT = 0.3048


@lru_cache(maxsize=1)
def _geod() -> Geod:
    """The WGS 84 ellipsoid (pyproj imported here, when a plan is first measured)."""
    from pyproj import Geod

    return Geod(ellps="WGS84")


def _inside(bounds: tuple[float, float, float, float], lon: ArrayLike, lat: ArrayLike
            ) -> np.ndarray:
    lo_x, lo_y, hi_x, hi_y = bounds
    lon, lat = np.asarray(lon, float), np.asarray(lat, float)
    return (lon >= lo_x) & (lon <= hi_x) & (lat >= lo_y) & (lat <= hi_y)


@dataclass(frozen=True)
class Area:
    """Where a pack's law applies, as the plan loader refuses anything outside it:
    ``name``, ``bounds`` in degrees (lon_min, lat_min, lon_max, lat_max) and the
    ``source`` those bounds are taken from."""

    name: str
    bounds: tuple[float, float, float, float]
    source: str

    def contains(self, lon: ArrayLike, lat: ArrayLike) -> np.ndarray:
        """Whether each place (longitude, latitude) is inside the bounds."""
        return _inside(self.bounds, lon, lat)

    def describe(self) -> str:
        """"Ruritania (longitude -92.89 to -86.25, latitude 42.48 to 47.31; source)"."""
        lo_x, lo_y, hi_x, hi_y = self.bounds
        return (f"{self.name} (longitude {lo_x:g} to {hi_x:g}, latitude {lo_y:g} to "
                f"{hi_y:g}; {self.source})")


@dataclass(frozen=True)
class LocalGrid:
    """A pack's own projection: ``epsg`` and its area of use in degrees (lon_min,
    lat_min, lon_max, lat_max)."""

    epsg: int
    bounds: tuple[float, float, float, float]

    def covers(self, lon: np.ndarray, lat: np.ndarray) -> bool:
        return bool(np.all(_inside(self.bounds, lon, lat)))


@dataclass(frozen=True)
class Projection:
    """A projection of the plan: ``epsg`` and its name, the ground scale at the plan's
    centre, and the transformer both ways."""

    epsg: int
    name: str
    scale: float
    _forward: Transformer
    _inverse: Transformer
    _proj: Proj

    def to_feet(self, lon: ArrayLike, lat: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
        """Plan coordinates in ground feet (x east, y north) of longitudes/latitudes."""
        x, y = self._forward.transform(np.asarray(lon, float), np.asarray(lat, float))
        factor = 1.0 / (FOOT * self.scale)
        return np.asarray(x) * factor, np.asarray(y) * factor

    def to_lonlat(self, x: ArrayLike, y: ArrayLike) -> tuple[np.ndarray, np.ndarray]:
        """Longitudes/latitudes of plan coordinates in ground feet."""
        factor = FOOT * self.scale
        lon, lat = self._inverse.transform(np.asarray(x, float) * factor,
                                           np.asarray(y, float) * factor)
        return np.asarray(lon), np.asarray(lat)

    def point_scale(self, lon: ArrayLike, lat: ArrayLike) -> np.ndarray:
        """The grid's point scale factor k at each place (grid length / ground length)."""
        return np.asarray(self._proj.get_factors(lon, lat).meridional_scale)

    def ground_distance_ft(self, lon1: float, lat1: float, lon2: float, lat2: float) -> float:
        """The ground distance in feet between two places, from the grid: the grid length
        divided by the scale factor averaged along the line (Simpson's rule)."""
        (x1, x2), (y1, y2) = self._forward.transform([lon1, lon2], [lat1, lat2])
        lon_m, lat_m = _geod().npts(lon1, lat1, lon2, lat2, 1)[0] if (lon1, lat1) != (
            lon2, lat2) else (lon1, lat1)
        k1, km, k2 = self.point_scale([lon1, lon_m, lon2], [lat1, lat_m, lat2])
        inverse_k = (1 / k1 + 4 / km + 1 / k2) / 6
        return math.hypot(x2 - x1, y2 - y1) * inverse_k / FOOT


def _utm(lon: float, lat: float) -> int:
    zone = min(60, max(1, int(math.floor((lon + 180) / 6)) + 1))
    return (32600 if lat >= 0 else 32700) + zone


def projection_for(lon: np.ndarray, lat: np.ndarray, local: LocalGrid | None = None
                   ) -> Projection:
    """The ``local`` grid when every place is inside its area of use, else the UTM zone
    of the centre of the places."""
    lon, lat = np.asarray(lon, float), np.asarray(lat, float)
    c_lon = (float(np.min(lon)) + float(np.max(lon))) / 2
    c_lat = (float(np.min(lat)) + float(np.max(lat))) / 2
    epsg = local.epsg if local is not None and local.covers(lon, lat) else _utm(c_lon, c_lat)
    name, forward, inverse, proj = _grid(epsg)
    scale = float(proj.get_factors(c_lon, c_lat).meridional_scale)
    return Projection(epsg, name, scale, forward, inverse, proj)


@lru_cache(maxsize=8)
def _grid(epsg: int) -> tuple[str, Transformer, Transformer, Proj]:
    """The name, transformers both ways and Proj of ``epsg``: made once per process (a
    third of a second), as a batch of plans mostly shares one grid."""
    from pyproj import CRS, Proj, Transformer

    crs = CRS.from_epsg(epsg)
    return (f"{crs.name} (EPSG:{epsg})", Transformer.from_crs(4326, crs, always_xy=True),
            Transformer.from_crs(crs, 4326, always_xy=True), Proj(crs))


def geodesic(lon1: float, lat1: float, lon2: float, lat2: float) -> tuple[float, float]:
    """Distance in feet and true bearing in degrees (0-360) from place 1 to place 2, on
    the WGS 84 ellipsoid: the fixed-object directions of the permit application."""
    azimuth, _, metres = _geod().inv(lon1, lat1, lon2, lat2)
    return metres / FOOT, azimuth % 360.0
