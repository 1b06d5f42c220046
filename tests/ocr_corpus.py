"""Outlined lettering to read back: the OCR corpus of the tests and of bench/ocr_bench.py.

Three sources of the same texts, as a sign shop would send them (letters converted to
outlines, no <text>):

- wsmark's own markers, built by markers.kinds at every kind and size: the WS ids of
  aids and aid buoys and the legends of danger, exclusion, control and information signs;
- the same texts outlined here in DejaVu Sans Bold, Liberation Sans Bold and DejaVu
  Sans (the book weight cairo sets a ``<text>`` without a font in) with fontTools, by
  code that shares nothing with markers.lettering (its own pen, its own non-zero fill),
  set centred, one line under the other.

Each can be turned 0-3 deg. The fonts come from PyPI packages so that `make test` finds
them on a fresh machine: DejaVu Sans and its bold from matplotlib's data, and Liberation Sans
Bold as Arimo Bold (fontpkg-arimo; Liberation Sans 2 is drawn from Arimo). The bench
prefers Debian's fonts-liberation when it is installed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from fontTools.pens.basePen import BasePen
from fontTools.ttLib import TTFont
from shapely import affinity, unary_union
from shapely.geometry.base import BaseGeometry

from svg_measure import fill_area

import numpy as np

__all__ = ["Sample", "FONTS", "font_file", "outline_text", "wsmark_samples", "font_samples",
           "turned", "ID_TEXTS", "LEGENDS", "SIZES"]

#: WS ids NR 5.09(2)(a)5 allows: numbers on red (even) and green (odd), letters on the
#: center marker.
ID_TEXTS = [f"WS-{n}" for n in range(1, 100)] + \
    [f"WS-{chr(c)}" for c in range(ord("A"), ord("Z") + 1)] + ["WS-AA", "WS-AB"]
#: Typical legends per kind (the gallery's, and others often posted).
LEGENDS = {
    "danger": ["ROCKS", "DAM", "SHALLOW", "STUMPS", "ROCK BAR"],
    "exclusion": ["SWIM AREA", "NO BOATS", "DAM"],
    "control": ["SLOW NO WAKE", "5 MPH", "NO WAKE", "10 MPH", "NO ANCHORING"],
    "information": ["MARINA", "BOAT LAUNCH", "PUBLIC ACCESS", "GAS", "FUEL 1/2 MILE"],
}
#: Display heights (in) the wsmark samples are built at.
SIZES = [12.0, 18.0, 24.0, 36.0, 48.0]


@dataclass(frozen=True)
class Sample:
    """Outlined lettering with the text it says, one line per '\\n'."""

    text: str
    kind: str  # "ws_id" or "legend"
    source: str  # "wsmark", "DejaVu Sans Bold", ...
    cap_height: float
    outlines: BaseGeometry
    rotation: float = 0.0
    inverted: bool = False


# --- fonts ----------------------------------------------------------------------------

def _dejavu() -> Path:
    import matplotlib

    return Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans-Bold.ttf"


def _dejavu_regular() -> Path:
    """The book weight: what cairo and fontconfig set a ``<text>`` without a font in."""
    import matplotlib

    return Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSans.ttf"


def _liberation() -> Path:
    debian = Path("/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf")
    if debian.is_file():
        return debian
    import fontpkg_arimo

    return fontpkg_arimo.ROOT / "files" / "Arimo[wght].ttf"


#: Font name -> (file finder, variable-font weight or None).
FONTS = {"DejaVu Sans Bold": (_dejavu, None), "Liberation Sans Bold": (_liberation, 700),
         "DejaVu Sans": (_dejavu_regular, None)}


def font_file(name: str, pypi_only: bool = False) -> Path:
    """The TTF of ``name``; with ``pypi_only`` never a system font (the tests' choice)."""
    if pypi_only and name == "Liberation Sans Bold":
        import fontpkg_arimo

        return fontpkg_arimo.ROOT / "files" / "Arimo[wght].ttf"
    return FONTS[name][0]()


class _Flat(BasePen):
    """Contours of a glyph, curves flattened into 12 pieces each."""

    def __init__(self, glyphset) -> None:
        super().__init__(glyphset)
        self.rings: list[list[tuple[float, float]]] = []

    def _moveTo(self, p):
        self.rings.append([p])

    def _lineTo(self, p):
        self.rings[-1].append(p)

    def _curveToOne(self, p1, p2, p3):
        p0 = self._getCurrentPoint()
        for t in np.linspace(0, 1, 13)[1:]:
            u = 1 - t
            self.rings[-1].append(tuple(u ** 3 * a + 3 * u * u * t * b + 3 * u * t * t * c
                                        + t ** 3 * d for a, b, c, d in zip(p0, p1, p2, p3)))

    def _qCurveToOne(self, p1, p2):
        p0 = self._getCurrentPoint()
        for t in np.linspace(0, 1, 13)[1:]:
            u = 1 - t
            self.rings[-1].append(tuple(u * u * a + 2 * u * t * b + t * t * c
                                        for a, b, c in zip(p0, p1, p2)))


@lru_cache(maxsize=8)
def _font(path: str, weight: int | None):
    font = TTFont(path)
    glyphs = font.getGlyphSet(location={"wght": weight}) if weight else font.getGlyphSet()
    cap = getattr(font["OS/2"], "sCapHeight", 0) or font["head"].unitsPerEm * 0.7
    return glyphs, font.getBestCmap(), float(cap)


def outline_text(lines: list[str], path: Path, weight: int | None, cap: float,
                 gap: float = 0.45) -> BaseGeometry:
    """``lines`` outlined in the font at ``path``, ``cap`` inches cap height, centred on
    x = 0, each baseline (1 + gap) cap below the one above (y down)."""
    glyphs, cmap, cap_units = _font(str(path), weight)
    k = cap / cap_units
    parts = []
    for i, line in enumerate(lines):
        names = [cmap[ord(ch)] for ch in line]
        width = sum(glyphs[n].width for n in names) * k
        x, base = -width / 2, cap + i * cap * (1 + gap)
        for name in names:
            pen = _Flat(glyphs)
            glyphs[name].draw(pen)
            rings = [np.array([(x + px * k, base - py * k) for px, py in ring])
                     for ring in pen.rings if len(ring) >= 3]
            if rings:
                parts.append(fill_area(rings))
            x += glyphs[name].width * k
    return unary_union(parts)


# --- samples ----------------------------------------------------------------------------

def _aid_design(text: str, h: float, buoy: bool):
    from markers.core.design import Design

    number = text[3:]
    aid = "aid-center" if not number.isdigit() else \
        ("aid-red" if int(number) % 2 == 0 else "aid-green")
    return Design(f"buoy-{aid}" if buoy else aid, None if buoy else h, ws_id=text)


def wsmark_samples(ids: list[str] | None = None, legends: dict | None = None,
                   sizes: list[float] | None = None) -> list[Sample]:
    """Lettering of markers wsmark builds: every id on a sign aid at each size (and on a
    buoy, which has one size), every legend on its kind at each size."""
    from markers.core.design import Design
    from markers.errors import WsmarkError
    from wi import build

    ids = ID_TEXTS if ids is None else ids
    legends = LEGENDS if legends is None else legends
    sizes = SIZES if sizes is None else sizes
    designs = [(_aid_design(t, h, False), "ws_id") for t in ids for h in sizes]
    designs += [(_aid_design(t, 0, True), "ws_id") for t in ids]
    designs += [(Design(kind, h, legend=legend), "legend")
                for kind, texts in legends.items() for legend in texts for h in sizes]
    out = []
    for design, kind in designs:
        try:
            art = build(design)
        except WsmarkError:  # a legend too long for the smaller sizes of its kind
            continue
        for item in art.legends:
            out.append(Sample(item.text, kind, "wsmark", item.cap_height, item.outlines))
    return out


def font_samples(font: str, texts: list[tuple[str, str]], caps: list[float],
                 pypi_only: bool = False) -> list[Sample]:
    """``texts`` ((text with '\\n' between lines, kind)) outlined in ``font`` at each cap
    height of ``caps``."""
    name, weight = font_file(font, pypi_only), FONTS[font][1]
    return [Sample(text, kind, font, cap, outline_text(text.split("\n"), name, weight, cap))
            for text, kind in texts for cap in caps]


def turned(sample: Sample, degrees: float) -> Sample:
    """``sample`` turned ``degrees`` (counter-clockwise on the page) about its centre."""
    g = sample.outlines
    return replace(sample, outlines=affinity.rotate(g, -degrees, origin=g.centroid),
                   rotation=degrees)


def with_rotations(samples: list[Sample], seed: int = 10) -> list[Sample]:
    """Each sample turned by a random angle in [-3, 3] deg (seeded: the same every run)."""
    rng = random.Random(seed)
    return [turned(s, round(rng.uniform(-3.0, 3.0), 2)) for s in samples]


def line_texts(samples: list[Sample]) -> list[tuple[str, str]]:
    """The distinct (text, kind) of ``samples`` in first-seen order."""
    return list(dict.fromkeys((s.text, s.kind) for s in samples))


__all__ += ["with_rotations", "line_texts"]
