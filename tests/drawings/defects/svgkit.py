"""What the two drawing generators share: file heads, number and path formatting, and
the registry of drawings that ``write_all`` writes beside this file."""

from __future__ import annotations

from pathlib import Path

HERE = Path(__file__).resolve().parent
MM, PT, CM, PX = 25.4, 72.0, 2.54, 96.0
XMLNS = 'xmlns="http://www.w3.org/2000/svg"'
XML = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
AI_HEAD = ('<?xml version="1.0" encoding="utf-8"?>\n'
           '<!-- Generator: Adobe Illustrator 27.5.0, SVG Export Plug-In . SVG Version: 6.00 '
           'Build 0)  -->\n')


def registry():
    """A fresh ``(files, drawing)`` pair: ``@drawing`` registers a function's drawing
    under the first word of its docstring (the file name)."""
    files: dict[str, str] = {}

    def drawing(func):
        files[func.__doc__.split()[0]] = func()
        return func

    return files, drawing


def write_all(files: dict[str, str]) -> None:
    """Write every registered drawing beside this file."""
    for name, text in files.items():
        (HERE / name).write_text(text, encoding="utf-8")
    print(f"wrote {len(files)} drawings to {HERE}")


def f(value: float) -> str:
    """A coordinate: at most 3 decimals, no trailing zeros, no -0."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def d(points, k: float = 1.0) -> str:
    """A closed path through ``points`` scaled by ``k``."""
    first, *rest = points
    return (f"M{f(first[0] * k)} {f(first[1] * k)}"
            + "".join(f"L{f(x * k)} {f(y * k)}" for x, y in rest) + "Z")
