"""PDFs written object by object, for tests that need what no producer writes (bombs,
recursive forms, Type 3 fonts, text under a clip) and for the fuzzer: the one place the
file's cross-reference table is counted."""

from __future__ import annotations

import zlib

__all__ = ["pdf_file", "stream"]


def pdf_file(objects: list[bytes]) -> bytes:
    """A PDF of numbered object bodies (1 is the catalog), with a correct xref table."""
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    table = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1, table)
    return bytes(out)


def stream(data: bytes, keys: bytes = b"", flate: bool = False) -> bytes:
    """A stream object's body: ``data`` (Flate-compressed if ``flate``) with its
    /Length, /Filter and the dictionary ``keys`` given."""
    if flate:
        data = zlib.compress(data, 9)
        keys += b" /Filter /FlateDecode"
    return b"<< /Length %d %s >>\nstream\n%s\nendstream" % (len(data), keys, data)
