"""What a file really is, from its first bytes, whatever its name says.

Vendors rename files (a PDF proof saved as ``.svg``, a PNG screenshot sent as ``.pdf``);
the checker reads by content and names the real format in its refusals.
"""

from __future__ import annotations

import re

from markers.errors import UnreadableDrawing

__all__ = ["sniff", "FORMAT_NAMES", "refuse_unreadable"]

#: What each sniffed format is called in messages.
FORMAT_NAMES = {
    "svg": "an SVG drawing", "svgz": "a gzipped SVG drawing", "xml": "an XML file (not SVG)",
    "pdf": "a PDF", "dxf": "a DXF drawing", "dwg": "a DWG drawing", "eps": "an EPS file",
    "ps": "a PostScript file", "png": "a PNG image", "jpeg": "a JPEG image",
    "gif": "a GIF image", "tiff": "a TIFF image", "webp": "a WebP image", "bmp": "a BMP image",
    "zip": "a ZIP archive (or an Office document)", "unknown": "not a drawing wsmark knows",
}
#: Formats wsmark reads.
READABLE = frozenset({"svg", "svgz", "pdf", "dxf"})
#: What to send instead, for formats it refuses.
_ADVICE = {"dwg": "save it as DXF, or export the proof as PDF or SVG"}

_MAGIC = (
    (b"%PDF-", "pdf"), (b"\xc5\xd0\xd3\xc6", "eps"), (b"%!PS-Adobe-", "ps"), (b"%!", "ps"),
    (b"\x89PNG\r\n\x1a\n", "png"), (b"\xff\xd8\xff", "jpeg"), (b"GIF87a", "gif"),
    (b"GIF89a", "gif"), (b"II*\x00", "tiff"), (b"MM\x00*", "tiff"), (b"BM", "bmp"),
    (b"PK\x03\x04", "zip"), (b"\x1f\x8b", "svgz"), (b"AutoCAD Binary DXF", "dxf"),
    (b"AC10", "dwg"),
)
_DXF_START = re.compile(rb"\A\s*0\s*\r?\n\s*SECTION\s*\r?\n", re.I)
_DXF_COMMENT = re.compile(rb"\A\s*999\s*\r?\n")
_PDF_HEAD = 1024  # PDF readers accept the header anywhere in the first kilobyte


def sniff(data: bytes) -> str:
    """The format of ``data``: svg, svgz, xml, pdf, dxf, dwg, eps, ps, png, jpeg, gif, tiff,
    webp, bmp, zip or unknown."""
    head = data[:_PDF_HEAD]
    body = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    for magic, kind in _MAGIC:
        if body.startswith(magic):
            return "eps" if kind == "ps" and b"EPSF" in body[:40] else kind
    if body[:4] == b"RIFF" and body[8:12] == b"WEBP":
        return "webp"
    if b"%PDF-" in head:
        return "pdf"
    if _DXF_START.match(body) or _DXF_COMMENT.match(body):
        return "dxf"
    if body.startswith(b"<") or head[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return "svg" if re.search(rb"<(?:\w+:)?svg[\s>]", data[:65536]) else "xml"
    return "unknown"


def refuse_unreadable(kind: str, name: str) -> None:
    """A one-line error for a format wsmark does not read, saying what to send instead."""
    if kind in READABLE:
        return
    advice = _ADVICE.get(kind, "export the proof as PDF or SVG")
    if kind in ("ps", "eps") and name.lower().endswith(".ai"):  # Illustrator 8 and older
        advice = ("save it again from Illustrator with \"Create PDF Compatible File\" "
                  "turned on, or export the proof as PDF")
    raise UnreadableDrawing(f"{name}: this is {FORMAT_NAMES[kind]}, not a vector drawing wsmark "
                      f"reads; {advice}")
