"""Which program wrote an SVG, from the marks it leaves, and what its units mean.

SVG's px is the CSS pixel, 1/96 in, and a unitless root width is px too. Adobe
Illustrator writes its points there instead: its "Save As" SVG says
``width="1728px"`` for a 24 in artboard, its "Export As" SVG unitless ``width="1728"``
or (Responsive, its default) no width at all beside ``viewBox="0 0 1728 1728"``. So an
Illustrator file is read at 72 user units to the inch, recognised by its own marks:

- the comment ``<!-- Generator: Adobe Illustrator ...`` ("Save As"; enough alone);
- ``id="Layer_1"`` on the root, ``data-name="Layer 1"`` (on the root: "Export As"),
  ``.cls-N`` ("Export As") or ``.stN`` ("Save As") class rules in its ``<style>``,
  ``enable-background`` in the root's style, ``xml:space="preserve"`` with
  ``x="0px" y="0px"`` on the root: two of these when the comment was stripped.

CorelDRAW writes ``<!-- Creator: CorelDRAW ... -->`` and a root width and height in mm
or in (its viewBox in finer units of its own), which SVG reads rightly; a CorelDRAW
file with only a viewBox states no size. Affinity Designer (``xmlns:serif``,
``serif:id``) writes ``width="100%" height="100%"``: no size either. Inkscape writes
``inkscape:version`` and real units. Those drawings are read by SVG's own rules; the
program is named in the report (docs/checking.md, "the size of an SVG").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from xml.etree.ElementTree import Element

__all__ = ["Authoring", "authoring", "ILLUSTRATOR_PER_IN"]

#: Illustrator's user units (its points) per inch.
ILLUSTRATOR_PER_IN = 72.0
#: How much of the file's head the marks are looked for in (the comment and the root's
#: start tag come first; a stylesheet follows them).
HEAD_BYTES = 8192
#: Marks besides the generator comment needed to call a file Illustrator's.
MARKS_NEEDED = 2

INKSCAPE_VERSION = "{http://www.inkscape.org/namespaces/inkscape}version"
XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"
SERIF_NS = "http://www.serif.com/"
_GENERATOR = re.compile(rb"<!--\s*(?:Generator|Creator):\s*((?:Adobe Illustrator|CorelDRAW)"
                        rb"[^,(\->]*)")
_CLASS_RULE = re.compile(rb"\.(cls-\d+|st\d+)\s*[{,]")


@dataclass(frozen=True)
class Authoring:
    """The program that wrote a drawing (None: unknown), the marks it was known by, and
    the inches its px and unitless lengths stand for (None: SVG's 1/96)."""

    program: str | None = None
    marks: tuple[str, ...] = ()
    px_in: float | None = None

    @property
    def illustrator(self) -> bool:
        return self.px_in is not None


def authoring(data: bytes, root: Element) -> Authoring:
    """Who wrote ``data`` (whose parsed root is ``root``), by the marks above."""
    version = root.get(INKSCAPE_VERSION)
    if version:
        return Authoring(f"Inkscape {version.split()[0]}" if version.split() else "Inkscape",
                         ("inkscape:version",))
    head = data[:HEAD_BYTES]
    match = _GENERATOR.search(head)
    named = " ".join(match[1].decode("ascii", "replace").split()) if match else None
    marks = _illustrator_marks(head, root)
    if named and named.startswith("Adobe Illustrator"):
        return Authoring(named, ("generator comment", *marks), 1 / ILLUSTRATOR_PER_IN)
    if named:
        return Authoring(named, ("generator comment",))
    if len(marks) >= MARKS_NEEDED:
        return Authoring("Adobe Illustrator", marks, 1 / ILLUSTRATOR_PER_IN)
    if any(key.startswith(f"{{{SERIF_NS}}}") for e in root.iter() for key in e.attrib) or \
            f'"{SERIF_NS}"'.encode() in head:
        return Authoring("Affinity Designer", ("xmlns:serif",))
    return Authoring()


def _illustrator_marks(head: bytes, root: Element) -> tuple[str, ...]:
    """Illustrator's marks other than its comment, as found on the root and in the head."""
    marks = []
    if root.get("id") == "Layer_1":
        marks.append('id="Layer_1"')
    if root.get("data-name") == "Layer 1":
        marks.append('data-name="Layer 1"')
    if _CLASS_RULE.search(head):
        marks.append(".cls-N/.stN classes")
    if "enable-background" in (root.get("style") or "") or root.get("enable-background"):
        marks.append("enable-background")
    if root.get(XML_SPACE) == "preserve" and root.get("x") == "0px" and root.get("y") == "0px":
        marks.append('xml:space="preserve" x="0px" y="0px"')
    return tuple(marks)
