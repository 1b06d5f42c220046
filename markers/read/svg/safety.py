"""The safety pass: untrusted drawing bytes -> a sanitised ElementTree, or a one-line error.

Why it is built this way:

* Size first. A file over ``MAX_FILE_BYTES`` is refused from ``stat`` before it is read;
  ``.svgz`` is gunzipped with an output cap of the same size (a zip bomb stops there).
* DOCTYPEs are inspected by expat itself, not by a regex, so comments or quoting cannot hide
  a second declaration. A first expat pass with no entity expansion stops at the end of the
  DOCTYPE and accepts only internal general entities that are few, short and contain no
  ``&`` or ``%`` (so no entity can refer to another: no billion laughs), and whose references
  in the file expand to at most ``MAX_ENTITY_EXPANSION`` characters (no quadratic blowup).
  Parameter entities, external (SYSTEM/PUBLIC) entities and ELEMENT/ATTLIST/NOTATION
  declarations are refused. Illustrator's ``<!ENTITY ns_svg "http://...">`` passes.
* Only then does defusedxml build the tree, with external references forbidden (it never
  fetches a DTD or entity) and entities allowed only if the first pass vetted them. Element
  count and nesting are counted while parsing and the parse stops at the limit.
* The tree is cut loose from the outside world: ``href`` values other than ``#id`` and
  ``data:`` are removed, CSS ``@import`` and ``url()`` to anything but ``#id`` are deleted
  (a paint's fallback color then applies); processing instructions such as
  xml-stylesheet never reach the tree. Nothing downstream opens files either: the reader
  walks this tree itself (svgelements, whose ``Image.load`` would open image files, is not
  used), and only ever follows ``#id`` references within it.
* ``<use>`` is checked before anything expands it: at most ``MAX_USES`` of them, chains no
  deeper than ``MAX_USE_DEPTH``, no cycles, and the expanded drawing within ``MAX_ELEMENTS``.
"""

from __future__ import annotations

import bisect
import codecs
import pyexpat
import re
import zlib
from dataclasses import dataclass
from xml.etree.ElementTree import Element, ParseError, TreeBuilder

import defusedxml
import defusedxml.ElementTree as safe_et

from markers.core.shown import quoted
from markers.errors import UnreadableDrawing
from markers.read.limits import (
    MAX_ELEMENTS,
    MAX_ENTITIES,
    MAX_ENTITY_CHARS,
    MAX_ENTITY_EXPANSION,
    MAX_FILE_BYTES,
    MAX_NESTING,
    MAX_USE_DEPTH,
    MAX_USES,
)

__all__ = ["SafeDocument", "safe_document", "local_name", "href_of"]

XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
_MB = 1024 * 1024
_ENTITY_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*")
_CSS_IMPORT = re.compile(r"@import\b[^;]*;?", re.I)
_ENCODING_DECL = re.compile(r"""^(\s*<\?xml[^>]*?)\s+encoding\s*=\s*(["'])[^"']*\2""")
_BOMS = ((codecs.BOM_UTF32_LE, "utf-32"), (codecs.BOM_UTF32_BE, "utf-32"),
         (codecs.BOM_UTF16_LE, "utf-16"), (codecs.BOM_UTF16_BE, "utf-16"))


@dataclass(frozen=True)
class SafeDocument:
    """A vetted tree: the ``<svg>`` root, ids (first wins) and how many outside links were cut."""

    root: Element
    ids: dict[str, Element]
    external_refs: int


class _PrologDone(Exception):
    """Internal: the first expat pass has seen everything it needs."""


def local_name(element: Element) -> str | None:
    """An SVG element's tag without namespace; None for other namespaces (Inkscape, Adobe ...)."""
    tag = element.tag
    if not isinstance(tag, str):
        return None
    if tag.startswith("{"):
        uri, _, name = tag[1:].partition("}")
        return name if uri == "http://www.w3.org/2000/svg" else None
    return tag


def href_of(element: Element) -> str | None:
    """The element's reference (plain ``href`` wins over ``xlink:href``, as in SVG 2)."""
    return element.get("href", element.get(XLINK_HREF))


def safe_document(data: bytes, name: str) -> SafeDocument:
    """Vet, parse and sanitise drawing bytes (see the module docstring for the why)."""
    data = _to_utf8(_gunzip_if_needed(_check_size(data, name), name), name)
    entities = _vet_prolog(data, name)
    root = _parse(data, name, allow_entities=bool(entities))
    if local_name(root) != "svg":
        tag = f"<{root.tag}>" if len(root.tag) <= 40 else quoted(root.tag)
        raise UnreadableDrawing(f"{name}: not an SVG drawing (root element is {tag})")
    cut = _cut_external_links(root)
    ids = _id_map(root)
    _check_uses(root, ids, name)
    return SafeDocument(root, ids, cut)


def _check_size(data: bytes, name: str) -> bytes:
    if len(data) > MAX_FILE_BYTES:
        raise UnreadableDrawing(f"{name}: file is {len(data):,} bytes; the limit is "
                          f"{MAX_FILE_BYTES // _MB} MB ({MAX_FILE_BYTES:,} bytes)")
    return data


def _gunzip_if_needed(data: bytes, name: str) -> bytes:
    """Gunzip .svgz content, stopping as soon as the output passes the size limit."""
    if not data.startswith(b"\x1f\x8b"):
        return data
    inflater = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        out = inflater.decompress(data, MAX_FILE_BYTES + 1)
    except zlib.error as err:
        raise UnreadableDrawing(f"{name}: corrupt gzip data ({err})") from None
    if len(out) > MAX_FILE_BYTES or inflater.unconsumed_tail:
        raise UnreadableDrawing(f"{name}: decompresses to more than {MAX_FILE_BYTES // _MB} MB")
    return out


def _to_utf8(data: bytes, name: str) -> bytes:
    """Transcode UTF-16/32 (with BOM) to UTF-8 so entity references can be counted as bytes."""
    for bom, codec in _BOMS:
        if data.startswith(bom):
            try:
                text = data.decode(codec)
            except UnicodeDecodeError as err:
                raise UnreadableDrawing(f"{name}: bad {codec} text ({err.reason})") from None
            head, rest = text[:256], text[256:]
            return (_ENCODING_DECL.sub(r"\1", head, count=1) + rest).encode("utf-8")
    return data


def _vet_prolog(data: bytes, name: str) -> dict[str, str]:
    """First expat pass: read the DOCTYPE without expanding anything; return vetted entities."""
    vetter = _PrologVetter(data, name)
    parser = pyexpat.ParserCreate()
    parser.SetParamEntityParsing(pyexpat.XML_PARAM_ENTITY_PARSING_NEVER)
    parser.EntityDeclHandler = vetter.entity
    parser.ElementDeclHandler = vetter.other
    parser.AttlistDeclHandler = vetter.other
    parser.NotationDeclHandler = vetter.other
    parser.ExternalEntityRefHandler = vetter.external
    parser.EndDoctypeDeclHandler = vetter.end
    parser.StartElementHandler = vetter.start
    try:
        parser.Parse(data, True)
    except _PrologDone:
        pass
    except pyexpat.ExpatError as err:
        raise UnreadableDrawing(f"{name}: not well-formed XML ({pyexpat.ErrorString(err.code)}, "
                          f"line {err.lineno}, column {err.offset})") from None
    return vetter.entities


class _PrologVetter:
    """expat handlers for the first pass; each refusal is a WsmarkError naming the file."""

    def __init__(self, data: bytes, name: str) -> None:
        self.data, self.name = data, name
        self.entities: dict[str, str] = {}

    def refuse(self, what: str) -> UnreadableDrawing:
        return UnreadableDrawing(f"{self.name}: refused: the DOCTYPE {what}")

    def entity(self, ent: str, is_parameter: int, value: str | None, _base: object,
               system_id: str | None, _public_id: str | None, notation: str | None) -> None:
        """Accept only a short internal general entity that refers to nothing else."""
        if is_parameter:
            raise self.refuse(f"declares a parameter entity %{ent}")
        if value is None or system_id or notation:
            raise self.refuse(f"declares an external entity &{ent}; (files are never opened)")
        if len(self.entities) >= MAX_ENTITIES:
            raise self.refuse(f"declares more than {MAX_ENTITIES} entities")
        if not _ENTITY_NAME.fullmatch(ent):
            raise self.refuse(f"declares an entity with an unusual name {quoted(ent)}")
        if len(value) > MAX_ENTITY_CHARS:
            raise self.refuse(f"entity &{ent}; is longer than {MAX_ENTITY_CHARS} characters")
        if "&" in value or "%" in value:
            raise self.refuse(f"entity &{ent}; refers to other entities (entity expansion "
                              "attack)")
        self.entities[ent] = value

    def other(self, *_args: object) -> None:
        raise self.refuse("declares elements, attributes or notations; only simple entities "
                          "are accepted")

    def external(self, *_args: object) -> int:
        raise self.refuse("refers to an external file (never opened)")

    def end(self) -> None:
        """The DOCTYPE is over: refuse if its entities' references would expand too far."""
        total = sum(len(value) * self.data.count(f"&{ent};".encode())
                    for ent, value in self.entities.items())
        if total > MAX_ENTITY_EXPANSION:
            raise self.refuse(f"entities would expand to {total:,} characters "
                              f"(limit {MAX_ENTITY_EXPANSION:,})")
        raise _PrologDone

    def start(self, *_args: object) -> None:
        raise _PrologDone  # no DOCTYPE: nothing to vet


class _CountingBuilder(TreeBuilder):
    """A tree builder that stops at the element and depth limits as elements open."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name, self.count, self.depth = name, 0, 0

    def start(self, tag: str, attrs: dict[str, str]) -> Element:
        self.count += 1
        self.depth += 1
        if self.count > MAX_ELEMENTS:
            raise UnreadableDrawing(
                f"{self.name}: too complex (more than {MAX_ELEMENTS:,} elements)")
        if self.depth > MAX_NESTING:
            raise UnreadableDrawing(f"{self.name}: too complex (elements nested more than "
                                    f"{MAX_NESTING} deep)")
        return super().start(tag, attrs)

    def end(self, tag: str) -> Element:
        self.depth -= 1
        return super().end(tag)


def _parse(data: bytes, name: str, *, allow_entities: bool) -> Element:
    """Second pass: build the tree with defusedxml, stopping at the element and depth limits.

    expat gets the whole document in one call: fed in small pieces, expat < 2.6 re-scans
    a token that spans pieces from its start each time (quadratic in a 19 MB data URI or
    path); in one piece it reads it once. The size is capped at MAX_FILE_BYTES before.
    """
    parser = safe_et.DefusedXMLParser(target=_CountingBuilder(name), forbid_dtd=False,
                                      forbid_entities=not allow_entities,
                                      forbid_external=True)
    try:
        parser.feed(data)
        return parser.close()
    except ParseError as err:
        raise UnreadableDrawing(f"{name}: not well-formed XML ({err})") from None
    except defusedxml.DefusedXmlException as err:
        raise UnreadableDrawing(f"{name}: refused: {err}") from None


def _cut_external_links(root: Element) -> int:
    """Remove every link to a file or URL; return how many were cut."""
    cut = 0
    for element in root.iter():
        for key in ("href", XLINK_HREF):
            value = element.get(key)
            if value is not None and not value.strip().startswith(("#", "data:")):
                del element.attrib[key]
                cut += 1
        for key, value in element.attrib.items():
            if "(" not in value:
                continue  # no url( in any case: nothing to cut
            cleaned, found = _cut_urls(value)
            if found:
                element.set(key, cleaned.strip() or "none")
                cut += found
        if local_name(element) == "style" and element.text:
            cleaned, found = _cut_urls(_CSS_IMPORT.sub("", element.text))
            cut += found + (_CSS_IMPORT.search(element.text) is not None)
            element.text = cleaned
    return cut


def _cut_urls(text: str) -> tuple[str, int]:
    """Delete every ``url(...)`` that is not ``url(#id)``; str.find keeps it linear."""
    lowered = text.lower()
    kept, position, cut = [], 0, 0
    while (start := lowered.find("url(", position)) >= 0:
        end = text.find(")", start)
        if end < 0:
            break
        inside = text[start + 4:end].strip().strip("'\"").strip()
        kept.append(text[position:end + 1] if inside.startswith("#") else text[position:start])
        cut += not inside.startswith("#")
        position = end + 1
    kept.append(text[position:])
    return "".join(kept), cut


def _id_map(root: Element) -> dict[str, Element]:
    ids: dict[str, Element] = {}
    for element in root.iter():
        key = element.get("id")
        if key is not None and key not in ids:
            ids[key] = element
    return ids


def _check_uses(root: Element, ids: dict[str, Element], name: str) -> None:
    """Refuse <use> graphs that are too many, too deep, cyclic or expand past MAX_ELEMENTS.

    Subtrees are preorder index ranges, so finding the uses inside a referenced element is a
    bisect; each referenced element is expanded once (memoised), and recursion stops at
    ``MAX_USE_DEPTH`` levels, so this check itself is bounded.
    """
    order = list(root.iter())
    uses = [e for e in order if local_name(e) == "use"]
    if not uses:
        return  # nothing expands
    if len(uses) > MAX_USES:
        raise UnreadableDrawing(f"{name}: too complex ({len(uses):,} <use> elements; "
                          f"the limit is {MAX_USES:,})")
    start = {id(e): i for i, e in enumerate(order)}
    end = _subtree_ends(root, start)
    use_starts = [start[id(u)] for u in uses]
    memo: dict[int, tuple[int, int]] = {}
    active: set[int] = set()

    def target(use: Element) -> Element | None:
        href = (href_of(use) or "").strip()
        return ids.get(href[1:]) if href.startswith("#") else None

    def expand(element: Element, level: int) -> tuple[int, int]:
        """(elements after expansion, longest use chain below) for ``element``'s subtree."""
        key = id(element)
        if key in active:
            raise UnreadableDrawing(f"{name}: refused: <use> references form a cycle "
                                    f"(through id {quoted(element.get('id') or '')})")
        if key not in memo:
            active.add(key)
            lo, hi = start[key], end[key]
            count, depth = hi - lo, 0
            for use in uses[bisect.bisect_left(use_starts, lo):bisect.bisect_left(use_starts, hi)]:
                referenced = target(use)
                if referenced is None:
                    continue
                if level + 1 > MAX_USE_DEPTH:
                    raise UnreadableDrawing(f"{name}: too complex (<use> chain deeper than "
                                      f"{MAX_USE_DEPTH})")
                sub_count, sub_depth = expand(referenced, level + 1)
                count += sub_count
                depth = max(depth, sub_depth + 1)
                if count > MAX_ELEMENTS:
                    raise UnreadableDrawing(f"{name}: too complex (more than {MAX_ELEMENTS:,} "
                                      "elements after expanding <use>)")
            active.discard(key)
            memo[key] = (count, depth)
        count, depth = memo[key]
        if level + depth > MAX_USE_DEPTH:
            raise UnreadableDrawing(
                f"{name}: too complex (<use> chain deeper than {MAX_USE_DEPTH})")
        return count, depth

    expand(root, 0)


def _subtree_ends(root: Element, start: dict[int, int]) -> dict[int, int]:
    """Preorder index one past each element's last descendant (iterative: no recursion)."""
    end: dict[int, int] = {}
    stack: list[tuple[Element, bool]] = [(root, False)]
    counter = 0
    while stack:
        element, done = stack.pop()
        if done:
            end[id(element)] = counter
            continue
        counter = start[id(element)] + 1
        stack.append((element, True))
        stack.extend((child, False) for child in reversed(element))
    return end
