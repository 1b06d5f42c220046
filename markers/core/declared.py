"""What a PDF that wsmark writes declares about each of its pages, in one place for the
writer (render.raster) and the reader (markers.read.pdf).

A PDF page has no elements to name, as an SVG names its unpainted ``display-area``
rectangle (and ``waterline``, ``reflector``, ``permit-label``) and its ``<desc>``'s
``design:`` line; so the document's Info dictionary carries them under one key of
wsmark's own, ``/WsmarkDeclared``: a JSON object from the page number ("1", "2" ...) to
that page's ``design`` record and its ``features`` (name -> GeoJSON geometry), in page
inches from the top-left corner of the page as shown, y down (the SVG's coordinates at
1 user unit = 1 in). Written after cairo with pypdf, keys sorted and coordinates rounded
to 1/10,000 in, so the same drawing gives the same text. Anything malformed is ignored
when read, never an error.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field

import shapely
from shapely.geometry import mapping, shape
from shapely.geometry.base import BaseGeometry

from markers.core.artwork import FEATURE_NAMES

__all__ = ["PDF_KEY", "MAX_CHARS", "PageDeclaration", "encode", "decode"]

#: The Info dictionary key (a second-class name: ISO 32000-1, annex E).
PDF_KEY = "WsmarkDeclared"
#: The longest declaration read: a design record and a few boxes are a few hundred
#: characters a page.
MAX_CHARS = 100_000
#: Coordinates beyond this (inches) are not a marker's: the declaration is ignored.
_FAR = 1e6


@dataclass(frozen=True)
class PageDeclaration:
    """One page's declaration: its design record and its named features (page inches,
    y down)."""

    design: dict = field(default_factory=dict)
    features: dict[str, BaseGeometry] = field(default_factory=dict)


def encode(pages: dict[int, PageDeclaration]) -> str:
    """The Info value for ``pages`` (page number from 1 -> its declaration)."""
    record = {}
    for number, page in sorted(pages.items()):
        features = {name: mapping(shapely.set_precision(geometry, 1e-4))
                    for name, geometry in sorted(page.features.items())}
        record[str(number)] = {"design": page.design, "features": features}
    return json.dumps(record, sort_keys=True, separators=(",", ":"))


def decode(text: str) -> dict[int, PageDeclaration]:
    """The declarations in an Info value, by page number; empty if malformed."""
    if len(text) > MAX_CHARS:
        return {}
    try:
        record = json.loads(text)
    except ValueError:
        return {}
    if not isinstance(record, dict):
        return {}
    out = {}
    for key, entry in record.items():
        if isinstance(key, str) and key.isdigit() and isinstance(entry, dict):
            design = entry.get("design")
            features = entry.get("features")
            out[int(key)] = PageDeclaration(
                design if isinstance(design, dict) else {},
                _features(features) if isinstance(features, dict) else {})
    return out


def _features(record: dict) -> dict[str, BaseGeometry]:
    """The named features of a page's record that are well-formed geometry near it."""
    out = {}
    for name, value in record.items():
        if name not in FEATURE_NAMES or not isinstance(value, dict):
            continue
        try:
            geometry = shape(value)
        except Exception:  # a malformed record is ignored (trust boundary)
            continue
        bounds = geometry.bounds if not geometry.is_empty else (math.nan,) * 4
        drawn = geometry.length > 0 if name == "waterline" else geometry.area > 0
        if drawn and all(math.isfinite(v) and abs(v) < _FAR for v in bounds):
            out[name] = geometry
    return out
