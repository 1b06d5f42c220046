"""Reads a reference-sheet page back from its SVG and finds layout faults: text boxes
that overlap, and callout lines that cross text. Text is measured with DejaVu Sans (what
cairo draws "sans-serif" with here) through fontTools, independent of the code that laid
the page out; lines are the page's <polyline> strokes."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from xml.etree import ElementTree

from fontTools.ttLib import TTFont
from shapely.geometry import LineString, box

SVG = "{http://www.w3.org/2000/svg}"
FONTS = [Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
         Path("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")]
#: Text boxes may touch: overlaps smaller than this share of the smaller box are noise.
SLACK = 0.02


@lru_cache(maxsize=2)
def _metrics(bold: bool) -> tuple[dict, dict, float]:
    font = TTFont(str(FONTS[1 if bold else 0]))
    return font.getBestCmap(), font["hmtx"].metrics, float(font["head"].unitsPerEm)


def text_width(text: str, size: float, bold: bool) -> float:
    cmap, metrics, upem = _metrics(bold)
    return sum(metrics[cmap.get(ord(ch), ".notdef")][0] for ch in text) * size / upem


def fonts_available() -> bool:
    return all(f.exists() for f in FONTS)


def page_texts(svg: bytes) -> list[tuple[str, object]]:
    """(text, box) of every <text>: from the baseline up 0.73 em (caps), down 0.23 em."""
    out = []
    for el in ElementTree.fromstring(svg).iter(f"{SVG}text"):
        text = "".join(el.itertext())
        if not text.strip():
            continue
        size = float(el.get("font-size"))
        x, y = float(el.get("x")), float(el.get("y"))
        w = text_width(text, size, el.get("font-weight") == "bold")
        anchor = el.get("text-anchor", "start")
        x0 = x - (w if anchor == "end" else w / 2 if anchor == "middle" else 0)
        out.append((text, box(x0, y - 0.73 * size, x0 + w, y + 0.23 * size)))
    return out


def page_lines(svg: bytes) -> list[LineString]:
    out = []
    for el in ElementTree.fromstring(svg).iter(f"{SVG}polyline"):
        nums = [float(v) for v in re.split(r"[\s,]+", el.get("points").strip())]
        points = list(zip(nums[::2], nums[1::2]))
        if len(points) >= 2:
            out.append(LineString(points))
    return out


def layout_faults(svg: bytes) -> list[str]:
    """Overlapping text boxes, and lines through text, as readable lines."""
    texts = page_texts(svg)
    faults = []
    for i, (a, box_a) in enumerate(texts):
        for b, box_b in texts[i + 1:]:
            shared = box_a.intersection(box_b).area
            if shared > SLACK * min(box_a.area, box_b.area):
                faults.append(f"text {a!r} overlaps {b!r}")
    for line in page_lines(svg):
        for text, box_t in texts:
            inner = box_t.buffer(-0.15 * (box_t.bounds[3] - box_t.bounds[1]))
            if not inner.is_empty and line.intersects(inner):
                faults.append(f"a line crosses {text!r}")
    return faults
