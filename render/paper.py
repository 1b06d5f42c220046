"""Paper sizes and the standard display heights of the reference sheets (a small module
of its own so that the command line can offer them without loading the sheet code)."""

from __future__ import annotations

__all__ = ["PAPERS", "STANDARD_SIZES"]

#: Paper name -> (width, height) in inches.
PAPERS: dict[str, tuple[float, float]] = {
    "letter": (8.5, 11.0), "tabloid": (11.0, 17.0),
    "a4": (210 / 25.4, 297 / 25.4), "a3": (297 / 25.4, 420 / 25.4),
}
#: Display heights (in) of the rows of a kind's dimension table.
STANDARD_SIZES = (12.0, 18.0, 24.0, 30.0, 36.0, 48.0)
