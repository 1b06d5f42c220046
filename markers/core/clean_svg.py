"""The output sanitiser for SVG: what wsmark writes from a vendor's drawing (``wsmark
fix``'s compliant version, ``check --annotate``'s marked copy, the pictures inside them)
holds only static drawing, never anything that runs or fetches.

Why an allow-list, applied to the output and not only when reading: the reader cuts a
drawing loose for *its own* use (markers/read/svg/safety.py), but a fixed SVG carries the
vendor's own bytes on, and a browser opening it from disk obeys everything the SVG, XHTML
and CSS specifications give it: ``<script>``, event attributes (``onload``), XHTML in
a foreign namespace (``<h:frame src="javascript:...">``, ``<h:img src>``, ``srcset``),
``<foreignObject>``, animation that sets an ``href`` (``<set attributeName="href">``),
``javascript:`` links, and CSS that fetches (``url()``, ``@import``, ``image-set()``),
spelled with CSS escapes (``\\75rl(``, ``@\\69mport``: CSS Syntax 3 section 4.3.7) that a
test on the raw text misses. Rather than name each of these (a deny-list is as good as
the last vector someone thought of), only what a static drawing needs is kept:

* elements of the SVG namespace in ``ELEMENTS`` (no script, foreignObject, animation,
  ``<a>`` (made a ``<g>``), feImage, cursor, font-face-uri); every other namespace's
  elements are dropped with their content;
* attributes in ``ATTRIBUTES`` (no ``on*``, no ``srcset``), and of the namespaced ones
  only ``xlink:href``, ``xml:space``/``xml:lang`` and Inkscape's layer names;
* a reference (``href``) only to ``#id`` in the document, or a ``data:`` picture
  (PNG, JPEG, GIF, WebP; an SVG picture is itself cleaned, to ``MAX_NESTED`` levels);
* CSS decoded first (escapes, comments), then: only properties in ``PROPERTIES``, no
  value that names a URL other than ``url(#id)``, no at-rule (``@import``,
  ``@font-face``, ``@media``: the checker reads no at-rule, so none may change what is
  shown either). What is kept is written decoded, so no escape reaches the output.
"""

from __future__ import annotations

import base64
import binascii
import re
import xml.etree.ElementTree as ET
from xml.etree.ElementTree import Element

__all__ = ["SVG_NS", "ELEMENTS", "ATTRIBUTES", "PROPERTIES", "MAX_NESTED", "clean_svg",
           "clean_svg_bytes", "clean_css", "clean_style", "decoded_css", "safe_reference"]

SVG_NS = "http://www.w3.org/2000/svg"
XLINK_NS = "http://www.w3.org/1999/xlink"
XML_NS = "http://www.w3.org/XML/1998/namespace"
INKSCAPE_NS = "http://www.inkscape.org/namespaces/inkscape"
SODIPODI_NS = "http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd"
#: An SVG picture inside an SVG picture is cleaned to this depth; deeper ones dropped.
MAX_NESTED = 3

#: The static drawing elements of SVG 1.1/2 (structure, shapes, text, paint servers,
#: clipping, masking, markers, filter primitives but feImage).
ELEMENTS = frozenset("""
svg g defs symbol use switch title desc style path rect circle ellipse line polyline
polygon text tspan textPath clipPath mask pattern linearGradient radialGradient stop
marker image filter feBlend feColorMatrix feComponentTransfer feComposite
feConvolveMatrix feDiffuseLighting feDisplacementMap feDistantLight feDropShadow
feFlood feFuncA feFuncB feFuncG feFuncR feGaussianBlur feMerge feMergeNode
feMorphology feOffset fePointLight feSpecularLighting feSpotLight feTile feTurbulence
""".split())
#: What becomes a group: a link keeps its drawing, not its target.
_AS_GROUP = frozenset({"a"})

#: The presentation properties (SVG 2 section 6.6, and the text and font properties of
#: CSS it names): allowed as attributes and as CSS declarations.
PROPERTIES = frozenset("""
fill fill-rule fill-opacity stroke stroke-width stroke-linecap stroke-linejoin
stroke-miterlimit stroke-dasharray stroke-dashoffset stroke-opacity opacity clip-path
clip-rule mask display visibility color font font-family font-size font-weight font-style
font-variant font-stretch font-size-adjust text-anchor dominant-baseline
alignment-baseline baseline-shift letter-spacing word-spacing text-decoration
writing-mode direction unicode-bidi stop-color stop-opacity marker marker-start
marker-mid marker-end filter flood-color flood-opacity lighting-color overflow
shape-rendering text-rendering image-rendering color-interpolation
color-interpolation-filters color-rendering paint-order vector-effect mix-blend-mode
isolation enable-background white-space transform transform-origin transform-box
""".split())

#: Geometry, structure and filter attributes besides the properties above.
ATTRIBUTES = PROPERTIES | frozenset("""
id class style x y width height viewBox preserveAspectRatio version baseProfile d
points cx cy r rx ry x1 y1 x2 y2 fx fy fr dx dy rotate textLength lengthAdjust
startOffset method spacing side path pathLength offset gradientUnits gradientTransform
spreadMethod patternUnits patternContentUnits patternTransform clipPathUnits maskUnits
maskContentUnits markerWidth markerHeight markerUnits refX refY orient filterUnits
primitiveUnits in in2 result stdDeviation type values mode operator k1 k2 k3 k4 scale
xChannelSelector yChannelSelector baseFrequency numOctaves seed stitchTiles
tableValues slope intercept amplitude exponent radius kernelMatrix order divisor bias
targetX targetY edgeMode kernelUnitLength preserveAlpha surfaceScale diffuseConstant
specularConstant specularExponent azimuth elevation pointsAtX pointsAtY pointsAtZ
limitingConeAngle z href data-name lang space
""".split())
#: Namespaced attributes kept: the link (checked), XML's own, Inkscape's layer names.
_NAMESPACED = frozenset({f"{{{XLINK_NS}}}href", f"{{{XML_NS}}}space", f"{{{XML_NS}}}lang",
                         f"{{{INKSCAPE_NS}}}label", f"{{{INKSCAPE_NS}}}groupmode",
                         f"{{{SODIPODI_NS}}}role"})
_HREFS = ("href", f"{{{XLINK_NS}}}href")
#: Elements that are nothing without their reference: dropped when it is.
_NEEDS_HREF = frozenset({"use", "image", "textPath"})
#: The pictures a ``data:`` reference may carry as they are (raster formats that run
#: nothing; base64 or percent-encoded, RFC 2397); image/svg+xml is cleaned first.
_RASTER = re.compile(r"data:image/(png|jpeg|jpg|gif|webp)(;[\w.+=-]+)*,[^\"'<>\\]*\Z",
                     re.I)
_SVG_DATA = re.compile(r"data:image/svg\+xml(;charset=[\w-]+)?;base64,([A-Za-z0-9+/=\s]*)\Z",
                       re.I)

_CSS_COMMENT = re.compile(r"/\*.*?(\*/|\Z)", re.S)
_CSS_ESCAPE = re.compile(r"\\([0-9a-fA-F]{1,6})[ \t\n\r\f]?|\\\r\n|\\[\n\r\f]|\\(.)", re.S)
#: A URL function and where it points (CSS Values 4 section 4.5: ``url(``, ``src(``);
#: only ``#id`` is kept. No bracket or quote inside (an id has none), so each match stops
#: at the next one: linear in the value's length, whatever it holds.
_URL = re.compile(r"\b(?:url|src)\s*\(\s*(['\"]?)([^()'\"]*)\1\s*\)", re.I)
_FRAGMENT = re.compile(r"#[A-Za-z_][\w.:-]*\Z")
#: What no kept value may hold once decoded: a URL function not matched above, the old
#: script-running values, and characters that could leave the declaration.
_UNSAFE_VALUE = re.compile(r"(url|src|image|image-set|element|cross-fade|expression)\s*\(|"
                           r"javascript:|vbscript:|behavior|binding|[\\<>@{}]", re.I)


def decoded_css(text: str) -> str:
    """``text`` as CSS means it: comments removed and every escape decoded (``\\75``
    is ``u``; CSS Syntax 3 section 4.3.7), so that a test sees what a browser sees."""
    def one(match: re.Match[str]) -> str:
        if match.group(1):
            code = int(match.group(1), 16)
            return chr(code) if 0 < code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF \
                else "\ufffd"
        return match.group(2) or ""
    return _CSS_ESCAPE.sub(one, _CSS_COMMENT.sub(" ", text))


def _safe_value(value: str) -> bool:
    """A decoded CSS or attribute value that fetches and runs nothing: every URL in it
    is ``#id``, nothing else that could."""
    if any(not _FRAGMENT.match(m.group(2).strip()) for m in _URL.finditer(value)):
        return False
    return _UNSAFE_VALUE.search(_URL.sub("", value)) is None


def clean_style(text: str) -> str:
    """A ``style`` attribute's declarations, decoded, less every property not in
    ``PROPERTIES`` and every value that is not ``_safe_value``."""
    kept = []
    for declaration in decoded_css(text).split(";"):
        name, colon, value = declaration.partition(":")
        name, value = name.strip().lower(), value.strip()
        if colon and name in PROPERTIES and _safe_value(value):
            kept.append(f"{name}:{value}")
    return ";".join(kept)


def clean_css(text: str) -> str:
    """A style sheet, decoded, as its plain rules (``selector{declarations}``) with their
    declarations as ``clean_style`` keeps them; every at-rule dropped with its block."""
    css = decoded_css(text)
    rules, depth, start, prelude = [], 0, 0, ""
    for i, char in enumerate(css):
        if char == "{":
            if depth == 0:
                prelude, start = css[start:i], i + 1
            depth += 1
        elif char == "}" and depth:
            depth -= 1
            if depth == 0:
                selector = " ".join(prelude.split())
                if selector and "@" not in prelude and not set(selector) & set("<>;\\{}"):
                    rules.append(f"{selector}{{{clean_style(css[start:i])}}}")
                elif "@" in prelude and ";" in prelude:  # "@import ...; .a" : the rule after
                    after = " ".join(prelude.rpartition(";")[2].split())
                    if after and "@" not in after and not set(after) & set("<>\\{}"):
                        rules.append(f"{after}{{{clean_style(css[start:i])}}}")
                start = i + 1
        elif char == ";" and depth == 0:  # a statement at-rule: "@import url(...);"
            start = i + 1
    return "\n".join(rules)


def safe_reference(value: str, depth: int = 0) -> str | None:
    """What of the reference ``value`` may stay: ``#id``, a raster ``data:`` picture, an
    SVG ``data:`` picture cleaned; None for anything else (a URL, ``javascript:``)."""
    value = value.strip()
    if _FRAGMENT.match(value) or _RASTER.match(value):
        return value
    nested = _SVG_DATA.match(value)
    if nested is None or depth >= MAX_NESTED:
        return None
    try:
        inner = base64.b64decode(nested.group(2), validate=False)
        cleaned = clean_svg_bytes(inner, depth + 1)
    except (binascii.Error, ET.ParseError, ValueError):
        return None
    return "data:image/svg+xml;base64," + base64.b64encode(cleaned).decode("ascii")


def _clean_attributes(node: Element, depth: int) -> int:
    removed = 0
    for key in list(node.attrib):
        value = node.attrib[key]
        local = key if not key.startswith("{") else None
        if key in _HREFS:
            safe = safe_reference(value, depth)
            if safe is None:
                del node.attrib[key]
                removed += 1
            else:
                node.attrib[key] = safe
        elif local == "style":
            node.attrib[key] = clean_style(value)
        elif (local in ATTRIBUTES or key in _NAMESPACED) and _safe_value(decoded_css(value)):
            continue
        else:
            del node.attrib[key]
            removed += 1
    return removed


def clean_svg(root: Element, depth: int = 0) -> int:
    """Clean ``root`` (an ``<svg>`` element parsed by ElementTree) in place: what is not
    in the allow-lists above removed, what is kept made safe. Returns how many elements
    and attributes were removed."""
    removed = _clean_attributes(root, depth)
    for parent in list(root.iter()):
        for child in list(parent):
            tag = child.tag if isinstance(child.tag, str) else ""
            local = tag[len(SVG_NS) + 2:] if tag.startswith(f"{{{SVG_NS}}}") else None
            if local in _AS_GROUP:
                child.tag = f"{{{SVG_NS}}}g"
            elif local not in ELEMENTS:  # foreign, scripting, animation, comments, PIs
                parent.remove(child)
                removed += 1
                continue
            removed += _clean_attributes(child, depth)
            if local in _NEEDS_HREF and not any(key in child.attrib for key in _HREFS):
                parent.remove(child)  # a <use> of nothing: a renderer may take the page
                removed += 1
                continue
            if local == "style":
                child.text = clean_css("".join(child.itertext()))
                for inner in list(child):
                    child.remove(inner)
    return removed


def clean_svg_bytes(data: bytes, depth: int = 0) -> bytes:
    """``data`` (an SVG document) cleaned as ``clean_svg`` cleans it, as UTF-8 XML."""
    import defusedxml.ElementTree as safe_et

    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", XLINK_NS)
    root = safe_et.fromstring(data)
    clean_svg(root, depth)
    return ET.tostring(root, encoding="utf-8", xml_declaration=True)
