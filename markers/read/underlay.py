"""The vendor's own drawing of each page, to lie under the marks of the marked-up copy.

A marked-up copy redrawn from what wsmark measured would drop what a clerk needs to see
beside the marks: the shop's notes, title block, dimensions and lettering as drawn. So
the copy shows the drawing itself, laid exactly over the page that was measured:

* SVG: the drawing as the safety pass left it (``markers.read.svg.safety``: no DOCTYPE,
  entities expanded, links to files or URLs cut), also without scripts, foreignObject and
  other embedded documents (in any namespace, at any depth), event handlers, animations
  that would write an event handler or a link (``<set>``, ``<animate*>`` naming ``on*``
  or ``href``), and ``javascript:`` or ``data:`` links in any ``href`` (read as a browser
  reads a URL: tabs and newlines out, leading blanks and controls too, any case), but
  for a plain PNG, JPEG, GIF or WebP picture in an ``<image>``: one whose bytes are the
  format it names, of at most ``MAX_PICTURE_PIXELS`` (the copy's PDF is drawn by cairosvg,
  which hands a picture that is not a PNG to PIL, which tells formats by their bytes: a
  "PNG" of PostScript ran Ghostscript, and a 150 KB PNG of 30,000 x 30,000 pixels ended
  the command in a traceback).
  Its root is re-sized so that its page box is exactly the user-unit rectangle the
  reader mapped to the page (``page_user_box``; the box's origin becomes a translation
  of the content, which every renderer places alike). It is shown as an image, so its
  stylesheet and ids cannot restyle the marks drawn over it.
* PDF: each page rendered by PDFium (crop box, /Rotate applied, as the reader reads it)
  at ``page_dpi`` of its size, in a forked child under the reader's limits.
* DXF and design files: none; the copy is redrawn from the Artwork.

An underlay is ``(media type, bytes)`` covering the page (0, 0, width, height inches).
An SVG's is made by its reader, from the tree it has just read, when a check is asked
for a copy (``read_drawing(..., pictured=True)``: the page's ``meta["underlay"]``), so
the source is parsed once; ``underlays`` parses it again only for a page read without.
"""

from __future__ import annotations

import base64
import binascii
import io
import re
from pathlib import Path
from urllib.parse import unquote_to_bytes
from xml.etree import ElementTree as ET

from markers.core.artwork import Artwork
from markers.read.isolate import isolated
from markers.read.svg.safety import safe_document

__all__ = ["Underlay", "underlays", "svg_underlay", "page_dpi", "MAX_UNDERLAY_PX",
           "MAX_UNDERLAY_DPI", "MAX_PICTURE_PIXELS"]

Underlay = tuple[str, bytes]

#: A page's picture: at most this many dpi, and at most this many pixels on its longer
#: side (a 24 in sign at 100 dpi; a letter page at 150 dpi), so a copy stays a few MB.
MAX_UNDERLAY_DPI = 150.0
MAX_UNDERLAY_PX = 2400.0

SVG_NS = "http://www.w3.org/2000/svg"
#: Elements dropped whatever their namespace: what runs or embeds another document.
_DROPPED = {"script", "foreignObject", "iframe", "object", "embed", "audio", "video"}
#: Elements that set another element's attribute over time.
_ANIMATIONS = {"set", "animate", "animateColor", "animateMotion", "animateTransform"}
#: Where a data: picture may stay, and what it may be (an SVG or HTML document could
#: carry script).
_PICTURE_HOLDERS = {"image", "feImage"}
_PICTURE = re.compile(r"data:image/(png|jpeg|gif|webp)(;base64)?,", re.IGNORECASE)
#: The most pixels a picture kept in the copy may have (64 MB as cairo holds it).
MAX_PICTURE_PIXELS = 4096 * 4096
_ACTIVE_SCHEMES = ("javascript:", "vbscript:", "data:")
_IGNORED_IN_URLS = re.compile(r"[\t\n\r]")


def page_dpi(width_in: float, height_in: float) -> float:
    """The resolution a page of this size (inches) is pictured at."""
    return max(1.0, min(MAX_UNDERLAY_DPI, MAX_UNDERLAY_PX / max(width_in, height_in, 1e-9)))


def underlays(data: bytes, name: str, pages: list[Artwork]) -> list[Underlay | None]:
    """One underlay per page of the drawing ``data`` (read as ``pages``), None where the
    copy is to be redrawn from the Artwork. A page whose reader made its underlay as it
    read it (``meta["underlay"]``) is not read again."""
    suffix = Path(name).suffix.lower()
    if suffix in (".svg", ".svgz") and len(pages) == 1:
        made = pages[0].meta.get("underlay")
        if made is not None:
            return [made]
        box = pages[0].meta.get("page_user_box")
        return [svg_underlay(safe_document(data, name).root, box)] if box else [None]
    if suffix in (".pdf", ".ai"):
        numbers = [int(art.meta.get("page", i + 1)) - 1 for i, art in enumerate(pages)]
        images = isolated(_pdf_pages, data, numbers, name=name)
        return [("image/png", png) for png in images]
    return [None] * len(pages)


def svg_underlay(root: ET.Element, box: tuple[float, float, float, float]) -> Underlay:
    """The underlay of an SVG whose safe tree (``markers.read.svg.safety``) is ``root``:
    the drawing, stripped of what runs or links, its viewport exactly ``box`` (user
    units). ``root`` is changed: it is the tree of a drawing already read."""
    _strip(root)
    x, y, w, h = box
    for attribute in ("x", "y", "transform"):
        root.attrib.pop(attribute, None)
    root.set("width", f"{w:.9g}")
    root.set("height", f"{h:.9g}")
    root.set("viewBox", f"0 0 {w:.9g} {h:.9g}")
    root.set("preserveAspectRatio", "none")
    if x or y:  # the box's origin as a translation: renderers differ on a viewBox's own
        shifted = ET.Element(f"{{{SVG_NS}}}g", transform=f"translate({-x:.9g} {-y:.9g})")
        shifted.extend(list(root))
        for child in list(root):
            root.remove(child)
        root.append(shifted)
    ET.register_namespace("", SVG_NS)
    ET.register_namespace("xlink", "http://www.w3.org/1999/xlink")
    return "image/svg+xml", ET.tostring(root, encoding="utf-8", xml_declaration=True)


def _bare(name: str) -> str:
    """A tag or attribute name without its namespace or prefix."""
    return name.rpartition("}")[2].rpartition(":")[2]


def _active_url(value: str, tag: str) -> bool:
    """Whether an ``href`` of a ``tag`` element would run script or open a document:
    javascript:, vbscript:, or data: other than a plain picture in an image."""
    url = _IGNORED_IN_URLS.sub("", value).lstrip("".join(map(chr, range(33))))
    if not url.lower().startswith(_ACTIVE_SCHEMES):
        return False
    return not (tag in _PICTURE_HOLDERS and _plain_picture(url))


def _plain_picture(url: str) -> bool:
    """Whether a data: URL is a picture of the format it names, within
    MAX_PICTURE_PIXELS (PIL reads its header only, with that format's reader alone)."""
    found = _PICTURE.match(url)
    if not found:
        return False
    body = url[found.end():]
    try:
        data = base64.b64decode(body) if found.group(2) else unquote_to_bytes(body)
    except (binascii.Error, ValueError):
        return False
    from PIL import Image

    try:
        with Image.open(io.BytesIO(data), formats=[found.group(1).upper()]) as picture:
            width, height = picture.size
    except Exception:  # not that format, or a header PIL refuses: not a plain picture
        return False
    return width * height <= MAX_PICTURE_PIXELS


def _writes_active(element: ET.Element) -> bool:
    """An animation that sets an event handler or a link."""
    target = _bare(element.get("attributeName", "").strip()).lower()
    return target == "href" or target.startswith("on")


def _strip(element: ET.Element) -> None:
    """Scripts, embedded documents, event handlers, animations that write one or a link,
    and active links out, at every depth (n elements)."""
    for child in list(element):
        tag = _bare(child.tag) if isinstance(child.tag, str) else ""
        if tag in _DROPPED or (tag in _ANIMATIONS and _writes_active(child)):
            element.remove(child)
        else:
            _strip(child)
    tag = _bare(element.tag) if isinstance(element.tag, str) else ""
    for attribute in [a for a in element.attrib if _bare(a).lower().startswith("on")
                      or (_bare(a) == "href" and _active_url(element.get(a, ""), tag))]:
        del element.attrib[attribute]


def _pdf_pages(data: bytes, numbers: list[int]) -> list[bytes]:
    """PNG pictures of the PDF's pages ``numbers`` (from 0), each at ``page_dpi``."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(data)
    try:
        out = []
        for number in numbers:
            page = doc[number]
            try:
                width, height = page.get_size()
                dpi = page_dpi(width / 72, height / 72)
                image = page.render(scale=dpi / 72, fill_color=(255, 255, 255, 255)).to_pil()
                buffer = io.BytesIO()
                image.convert("RGB").save(buffer, "PNG", optimize=False, dpi=(dpi, dpi))
                out.append(buffer.getvalue())
            finally:
                page.close()
        return out
    finally:
        doc.close()
