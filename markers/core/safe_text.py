"""Text fit for every format wsmark writes: one family of functions, one table of what is
unsafe where.

Why: a vendor's legend, a plan's field, a waiver's reason or a file name reaches SVG,
GPX, KML, PDF (drawn from SVG), CSV, JSON, HTTP headers and the terminal. Each format
breaks on its own characters: XML 1.0 admits no C0 control but tab, newline and CR, no
lone surrogate, no U+FFFE/U+FFFF (XML 1.0 section 2.2, ``Char``); UTF-8 (RFC 3629)
encodes no surrogate, so a JSON or CSV writer given one either fails or writes a
``\\udcff`` escape strict parsers refuse; a spreadsheet runs a cell that starts with
``=``, ``+``, ``-``, ``@``, tab or CR as a formula (OWASP, "CSV Injection"); an HTTP
header is Latin-1 (RFC 9110 section 5.5), so a non-ASCII file name needs RFC 6266's
``filename*=UTF-8''...`` (RFC 8187) beside an ASCII fallback; and a terminal or a
browser obeys C0/C1 controls and bidi overrides (U+202E turns "gpj.exe" around).

What we do with an unsafe character is the same everywhere: it is shown, not obeyed,
as the escape Python writes for it (``\\x01``, ``\\u202e``), so the user sees what the
file held. A lone surrogate in U+DC80-U+DCFF is the byte that was not UTF-8
(``surrogateescape``, how Python reads a non-UTF-8 file name) and is shown as that byte
(``\\xff``); any other lone surrogate as ``\\ud800``.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Any
from urllib.parse import quote

__all__ = ["UNSAFE_XML", "UNSAFE_SHOWN", "BIDI_CONTROLS", "FORMULA_STARTS", "escaped",
           "xml_text", "xml_document", "shown_text", "csv_cell", "json_ready",
           "content_disposition", "ascii_name"]

#: Unicode's bidirectional formatting characters (UAX #9 section 2): embeddings,
#: overrides, isolates, and the implicit marks.
BIDI_CONTROLS = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
#: What a reader of text should see rather than have obeyed: everything XML refuses,
#: every C0 and C1 control (tab, newline and CR included: a shown value is one line),
#: DEL, the line and paragraph separators and the bidi controls.
UNSAFE_SHOWN = re.compile(f"[\x00-\x1f\x7f-\x9f\u2028\u2029{BIDI_CONTROLS}"
                          "\ud800-\udfff\ufffe\uffff]")
#: Not a ``Char`` of XML 1.0 (section 2.2: C0 controls but tab, LF, CR; surrogates;
#: U+FFFE, U+FFFF), and what a document should show rather than obey: C1 controls and
#: the bidi controls.
UNSAFE_XML = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f{BIDI_CONTROLS}"
                        "\ud800-\udfff\ufffe\uffff]")
#: A spreadsheet reads a cell starting with one of these as a formula (OWASP, CSV
#: Injection): such a cell is written after an apostrophe.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
#: The ASCII stand-in of a character a header's plain ``filename=`` cannot carry.
_NOT_ASCII_NAME = re.compile(r'[^A-Za-z0-9 !#$&+,.;=@^_`{}~()\[\]-]')


def escaped(char: str) -> str:
    """``char`` as the escape Python writes for it (``\\x01``, ``\\n``, ``\\u202e``); a
    lone surrogate U+DC80-U+DCFF as the byte it stands for (``\\xff``)."""
    code = ord(char)
    if 0xDC80 <= code <= 0xDCFF:
        return f"\\x{code - 0xDC00:02x}"
    return char.encode("unicode_escape").decode("ascii")


def xml_text(text: str) -> str:
    """``text`` fit for an XML 1.0 document (SVG, GPX, KML; and PDF, which wsmark draws
    from SVG): every character XML refuses, and every bidi control, shown escaped. Tab,
    newline and CR stay: they are whitespace there. Applied to a serialised document it
    changes only text and attribute values (markup is ASCII)."""
    return _sub(UNSAFE_XML, text)


def xml_document(text: str) -> str:
    """A serialised XML document made well-formed: ``xml_text`` over it, and a
    character reference to a character XML refuses (``&#55296;``: what ElementTree
    writes for a lone surrogate it cannot encode) shown escaped the same way."""
    return _CHAR_REF.sub(_ref_shown, xml_text(text))


_CHAR_REF = re.compile(r"&#(x[0-9a-fA-F]+|[0-9]+);")


def _ref_shown(match: re.Match[str]) -> str:
    digits = match.group(1)
    code = int(digits[1:], 16) if digits.startswith("x") else int(digits)
    if code > 0x10FFFF:  # no character: as ill-formed as the one refused
        return escaped("\ufffd")
    return escaped(chr(code)) if UNSAFE_XML.match(chr(code)) else match.group()


def shown_text(text: str) -> str:
    """``text`` fit to show on a terminal or a web page as one line: every control (C0,
    C1, DEL, tab and newline too), line and paragraph separator, bidi control and lone
    surrogate shown escaped, so nothing in it drives the display."""
    return _sub(UNSAFE_SHOWN, text)


def csv_cell(value: Any) -> str:
    """``value`` as one CSV cell a spreadsheet shows and does not run: unsafe characters
    as ``shown_text`` (tab and CR too, which a spreadsheet may take as a cell start);
    a cell starting with ``=``, ``+``, ``-``, ``@`` (or, before that, tab or CR) is
    written after an apostrophe. A number wsmark itself formatted (``-1.50``) is one:
    only a cell that is not a plain number is prefixed."""
    text = str(value)
    if text.startswith(FORMULA_STARTS) and not _plain_number(text):
        return "'" + shown_text(text)
    return shown_text(text)


_NUMBER = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?%?")  # ASCII


def _plain_number(text: str) -> bool:
    return _NUMBER.fullmatch(text) is not None


def json_ready(value: Any) -> Any:
    """``value`` (nested dicts, lists, strings, numbers) with every string free of lone
    surrogates, so that it encodes as UTF-8 and no ``\\udcff`` escape reaches a strict
    JSON parser: a non-UTF-8 file name's bytes are shown as ``\\xff``."""
    if isinstance(value, str):
        return _sub(_SURROGATE, value)
    if isinstance(value, dict):
        return {json_ready(k): json_ready(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_ready(v) for v in value]
    return value


_SURROGATE = re.compile("[\ud800-\udfff]")


def ascii_name(filename: str) -> str:
    """``filename`` in plain ASCII for a header's ``filename=`` fallback (RFC 6266
    appendix D): accents dropped (NFKD), anything else, quotes, backslashes and path
    separators as ``_``; never empty."""
    folded = unicodedata.normalize("NFKD", _sub(_SURROGATE, filename))
    plain = "".join(c for c in folded if not unicodedata.combining(c))
    name = _NOT_ASCII_NAME.sub("_", plain).strip(" .")
    return name or "download"


def content_disposition(filename: str, disposition: str = "attachment") -> str:
    """An HTTP ``Content-Disposition`` value for ``filename`` (RFC 6266): a quoted ASCII
    ``filename=`` for old clients and, when the name is not plain ASCII, ``filename*=``
    as UTF-8, percent-encoded (RFC 8187). The value is pure ASCII, so any HTTP stack
    takes it; nothing in it can end the header or add one."""
    name = _sub(_SURROGATE, filename).replace("/", "_").replace("\\", "_")
    fallback = ascii_name(name)
    value = f'{disposition}; filename="{fallback}"'
    if fallback != name:
        value += "; filename*=UTF-8''" + quote(name.encode("utf-8"), safe="")
    return value


def _sub(pattern: re.Pattern[str], text: str) -> str:
    return pattern.sub(lambda m: escaped(m.group()), text)
