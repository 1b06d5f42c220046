"""What a drawing declares about itself in its ``<desc>``: wsmark's ``design:`` record.

``wsmark render`` writes the design as one JSON line, ``design: {...}``, in the root
``<desc>``. Read back, a few of its fields are declarations the checker cannot measure
from geometry, like a ``display-area`` element: the kind, how a face is laid on a round
surface (``curvature``), a wrap's buoy ``diameter`` and ``seam``, a race buoy's
``material``, whether an aid is ``lighted``, on how many ``sides`` a symbol is shown,
an aid's ``ws_id`` (taken only when the face carries no lettering; glyphs are read),
the ``permit_id`` the marker's label should read (the label itself is read), and the
``print`` a file is when it is not the marker as seen (a buoy's "flat wrap").
A vendor may write the same line. Anything malformed is ignored, never an error.

A cut file of one film (``wsmark fabricate``'s ``cut-<film>.svg``) says so in the same
``<desc>``: a line ``cut <film>: trim ...``; its whole design record is kept too, so
the checker can build the declared design around the one film it shows.
"""

from __future__ import annotations

import json
import math
import re
from xml.etree.ElementTree import Element

from markers.read.svg.safety import local_name

__all__ = ["declared_design", "declared_in_text", "root_desc", "design_record", "cut_film"]

#: The longest description looked at; a design record is a few hundred characters.
MAX_DESC_CHARS = 20_000
_TEXT = ("kind", "curvature", "material", "ws_id", "permit_id", "print")
_NUMBER = ("diameter", "seam", "sides")
#: A cut file's line: "cut black: trim 24 x 24 in at 100 %, ..." (the film's name).
_CUT = re.compile(r"^cut ([a-z]+): ", re.MULTILINE)


def root_desc(root: Element) -> str:
    """The text of the root ``<desc>`` (empty if none), at most MAX_DESC_CHARS."""
    desc = next((child for child in root if local_name(child) == "desc"), None)
    return (desc.text or "" if desc is not None else "")[:MAX_DESC_CHARS]


def declared_design(root: Element) -> dict[str, object]:
    """The declared fields of the root ``<desc>``'s ``design:`` line (empty if none)."""
    return declared_in_text(root_desc(root))


def design_record(text: str) -> dict[str, object]:
    """The whole record of a ``design:`` line in free text, as written (empty if none or
    malformed); a design is built from it only through Design's own checks."""
    text = text[:MAX_DESC_CHARS]
    line = next((line for line in text.splitlines() if line.startswith("design: ")), None)
    if line is None:
        return {}
    try:
        record = json.loads(line[len("design: "):])
    except ValueError:
        return {}
    return record if isinstance(record, dict) else {}


def cut_film(text: str) -> str | None:
    """The film a cut file is of, from its ``cut <film>:`` line (None: not a cut file)."""
    match = _CUT.search(text[:MAX_DESC_CHARS])
    return match[1] if match else None


def declared_in_text(text: str) -> dict[str, object]:
    """The declared fields of a ``design:`` line in free text (a PDF's Subject, a DXF's
    custom property); empty if none."""
    record = design_record(text)
    if not record:
        return {}
    out: dict[str, object] = {key: word for key in _TEXT
                              if isinstance(word := record.get(key), str) and len(word) < 100}
    out.update({key: float(number) for key in _NUMBER
                if isinstance(number := record.get(key), (int, float))
                and not isinstance(number, bool)
                and math.isfinite(number) and 0 <= number < 1e6})
    if isinstance(record.get("lighted"), bool):
        out["lighted"] = record["lighted"]
    return out
