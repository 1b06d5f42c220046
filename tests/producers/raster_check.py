"""make_producers.py's check of what a producer wrote, measured back from a raster of it
(pdftoppm for PDFs, Inkscape for SVGs), against the sheet it was drawn from: each
outline's box (orange, or the colour a defect paints it) within a pixel and a half, and
each aid letter or numeral at least the
aid minimum high. A producer that moved, scaled or resized something fails the remake,
so a truth in the manifest is never about a drawing the producer did not make.
"""

from __future__ import annotations

import subprocess
import tempfile
from pathlib import Path

from marker_scene import AID_CAP, Annulus, Ring, Sheet, Text, flat

OUTLINE_DPI, LETTER_DPI = 50, 150


def raster(path: Path, dpi: int):
    """The first page of ``path`` as an RGB array on white."""
    import numpy as np
    from PIL import Image

    with tempfile.TemporaryDirectory() as tmp:
        png = Path(tmp) / "page.png"
        if path.suffix == ".pdf":
            command = ["pdftoppm", "-r", str(dpi), "-png", "-singlefile", str(path),
                       str(png.with_suffix(""))]
        else:
            command = ["inkscape", str(path), "--export-type=png", f"--export-dpi={dpi}",
                       "--export-background=white", "--export-background-opacity=1",
                       f"--export-filename={png}"]
        subprocess.run(command, check=True, capture_output=True)
        return np.asarray(Image.open(png).convert("RGB")).astype(int)


def _outlines(sheet: Sheet) -> list[tuple[tuple[float, float, float, float], str]]:
    """Each outline's box (x0, y0, x1, y1) and colour."""
    boxes = []
    for item in flat(sheet.items):
        if isinstance(item, Ring):
            xs, ys = [p[0] for p in item.outer], [p[1] for p in item.outer]
            boxes.append(((min(xs), min(ys), max(xs), max(ys)), item.color))
        elif isinstance(item, Annulus):
            boxes.append(((item.cx - item.r_out, item.cy - item.r_out, item.cx + item.r_out,
                           item.cy + item.r_out), item.color))
    return boxes


def _painted(pixels, color: str):
    """Where ``color`` is painted: an orange (however a producer's CMYK or spot ink comes
    back in RGB) anywhere in the orange band, another colour near itself."""
    import numpy as np

    r, g, b = pixels[..., 0], pixels[..., 1], pixels[..., 2]
    rgb = np.array([int(color[i:i + 2], 16) for i in (1, 3, 5)])
    if rgb[0] > 180 and 50 < rgb[1] < 160 and rgb[2] < 90:
        return (r > 180) & (g > 50) & (g < 160) & (b < 90)
    return np.abs(pixels - rgb).sum(axis=2) < 60


def outline_problems(pixels, sheet: Sheet) -> list[str]:
    """Outlines whose painted box is more than 1.5 px from the drawn one."""
    import numpy as np

    k, pad, out = OUTLINE_DPI, 10, []
    for (x0, y0, x1, y1), color in _outlines(sheet):
        painted = _painted(pixels, color)
        top, left = int(y0 * k) - pad, int(x0 * k) - pad
        rows, cols = np.where(painted[max(top, 0):int(y1 * k) + pad,
                                      max(left, 0):int(x1 * k) + pad])
        if not len(rows):
            out.append(f"no {color} where the outline {x0:.2f},{y0:.2f} is drawn")
            continue
        top, left = max(top, 0), max(left, 0)
        got = ((cols.min() + left) / k, (rows.min() + top) / k, (cols.max() + 1 + left) / k,
               (rows.max() + 1 + top) / k)
        if max(abs(a - b) for a, b in zip(got, (x0, y0, x1, y1))) > 1.5 / k:
            out.append(f"outline drawn at {x0:.2f},{y0:.2f}-{x1:.2f},{y1:.2f} painted at "
                       + ",".join(f"{v:.2f}" for v in got))
    return out


def letter_problems(pixels, text: Text) -> list[str]:
    """Letters or numerals of an aid's ``text`` painted less than the aid minimum high
    (or, where the text is set shorter on purpose, a defect, as high or higher)."""
    import numpy as np

    k = LETTER_DPI
    x0, y0, x1, y1 = text.box()
    sub = pixels[int((y0 - 0.3) * k):int((y1 + 0.3) * k), int(x0 * k):int(x1 * k)]
    color = np.array([int(text.color[i:i + 2], 16) for i in (1, 3, 5)])
    ink = np.abs(sub - color).sum(axis=2) < 60
    cols = np.flatnonzero(ink.any(axis=0))
    runs = np.split(cols, np.flatnonzero(np.diff(cols) > 1) + 1) if len(cols) else []
    glyphs = [c for c in text.text if c != " "]
    if len(runs) != len(glyphs):
        return [f"{text.text!r}: {len(runs)} glyphs painted, {len(glyphs)} drawn"]
    out = []
    for char, run in zip(glyphs, runs):
        rows = np.flatnonzero(ink[:, run[0]:run[-1] + 1].any(axis=1))
        high = (rows[-1] - rows[0] + 1) / k
        short = text.cap < AID_CAP
        if char.isalnum() and (high < AID_CAP) != short:
            out.append(f"{text.text!r}: {char} painted {high:.2f} in high")
    return out


def problems(path: Path, sheet: Sheet, aid: bool) -> list[str]:
    """What of ``sheet`` the file at ``path`` does not paint as drawn."""
    found = outline_problems(raster(path, OUTLINE_DPI), sheet)
    if aid:
        pixels = raster(path, LETTER_DPI)
        for text in (i for i in flat(sheet.items) if isinstance(i, Text)
                     and i.layer == "Legend"):
            found += letter_problems(pixels, text)
    return [f"{path.name}: {p}" for p in found]
