"""The vendor's drawing inside a marked-up copy runs nothing and links to nothing active
(markers/read/underlay.py): each hostile construct is checked through `api.check`, and
the drawing embedded in the copy is decoded and read back."""

from __future__ import annotations

import base64
import io
import os
import struct
import subprocess
import zlib
from urllib.parse import quote_from_bytes
import re
from xml.etree import ElementTree

import pytest

from PIL import Image

from conftest import wsmark_script
from corpora import CORPORA
from markers import api

SVG, XLINK = "http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"
PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNgAAAAAgAB"
#: A plain sign (an orange diamond on white) for the hostile extras to sit in.
SIGN = ("<rect width='12' height='14' fill='#fff'/><polygon points='6,1 11,7 6,13 1,7' "
        "fill='none' stroke='#f60' stroke-width='1'/>")
REPRODUCER = CORPORA / "found" / "turn3" / "marked-copy-keeps-js.svg"


def _drawing_in_copy(extras: str) -> ElementTree.Element:
    """The sign with ``extras``, checked; the vendor drawing embedded in its copy."""
    data = (f"<svg xmlns='{SVG}' xmlns:xlink='{XLINK}' xmlns:h='http://www.w3.org/1999/xhtml'"
            f" width='12in' height='14in' viewBox='0 0 12 14'>{SIGN}{extras}</svg>").encode()
    return _embedded(api.check(data, "proof.svg", annotate_copy=True)[1])


def _embedded(copy: bytes) -> ElementTree.Element:
    found = re.search(rb"data:image/svg\+xml;base64,([A-Za-z0-9+/=]+)", copy)
    assert found, "the copy has no vendor drawing"
    return ElementTree.fromstring(base64.b64decode(found.group(1)))


def _bare(name: str) -> str:
    return name.rpartition("}")[2]


def _names(root: ElementTree.Element) -> list[str]:
    return [_bare(e.tag) for e in root.iter()]


def _hrefs(root: ElementTree.Element) -> list[str]:
    return [v for e in root.iter() for k, v in e.attrib.items() if _bare(k) == "href"]


@pytest.mark.parametrize("link", [
    "javascript:alert(1)", "JavaScript:alert(1)", "  javascript:alert(1)",
    "java&#9;script:alert(1)", "java&#10;script:alert(1)", "&#9;javascript:alert(1)",
    "vbscript:msgbox(1)", "data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;",
    " data:image/svg+xml;base64,PHN2Zy8+", "data:image/png;base64,iVBORw0KGgo="])
@pytest.mark.parametrize("attribute", ["href", "xlink:href"])
def test_active_links_are_dropped_from_every_href(link: str, attribute: str) -> None:
    root = _drawing_in_copy(f"<a {attribute}='{link}'><rect width='1' height='1'/></a>"
                            f"<use {attribute}='{link}'/>")
    assert _hrefs(root) == [], _hrefs(root)
    assert "rect" in _names(root)  # the link's content stays, only the link goes


def test_a_plain_picture_stays_in_an_image_and_only_there() -> None:
    root = _drawing_in_copy(f"<image width='1' height='1' href='{PNG}'/>"
                            "<image width='1' height='1' href='data:image/svg+xml,&lt;svg/&gt;'/>")
    assert _hrefs(root) == [PNG]


@pytest.mark.parametrize("animation", [
    "<set attributeName='onmouseover' to='alert(5)'/>",
    "<set attributeName='onclick' to='alert(5)' begin='0s'/>",
    "<animate attributeName='href' values='javascript:alert(6)'/>",
    "<animate attributeName='xlink:href' values='javascript:alert(6)'/>",
    "<set attributeName='href' to='javascript:alert(7)'/>",
    "<animateColor attributeName='onload' values='alert(1)'/>",
    "<animateMotion attributeName='href' values='javascript:x'/>",
    "<animateTransform attributeName='onfocusin' values='alert(1)'/>"])
def test_animations_that_write_a_handler_or_a_link_are_dropped(animation: str) -> None:
    root = _drawing_in_copy(f"<a>{animation}<rect width='1' height='1'/></a>")
    assert not {"set", "animate", "animateColor", "animateMotion",
                "animateTransform"} & set(_names(root)), _names(root)


def test_animations_of_other_attributes_are_dropped_too() -> None:
    """The copy holds static drawing only (markers/core/clean_svg.py, issue 32): an
    animation that paints the sign red is not what was judged, and is not shown."""
    root = _drawing_in_copy("<rect width='1' height='1'><animate attributeName='opacity' "
                            "values='0;1' dur='1s'/><set attributeName='fill' to='red'/></rect>")
    assert not {"animate", "set"} & set(_names(root))
    assert "rect" in set(_names(root))


@pytest.mark.parametrize("extra", [
    "<script>alert(1)</script>", "<g><g><script>alert(1)</script></g></g>",
    "<foreignObject><h:div>hi</h:div></foreignObject>",
    "<g><switch><foreignObject><h:iframe src='x'/></foreignObject></switch></g>",
    "<h:script>alert(1)</h:script>", "<g><h:iframe src='https://x.example/'/></g>",
    "<g><h:object data='x.swf'/><h:embed src='x.swf'/></g>"])
def test_scripts_and_embedded_documents_are_dropped_anywhere(extra: str) -> None:
    names = _names(_drawing_in_copy(extra))
    assert not {"script", "foreignObject", "iframe", "object", "embed"} & set(names), names


def test_event_handlers_are_dropped_at_every_depth() -> None:
    root = _drawing_in_copy("<g onclick='alert(1)'><rect width='1' height='1' "
                            "onmouseover='alert(2)' h:onload='alert(3)'/></g>")
    handlers = [k for e in root.iter() for k in e.attrib if _bare(k).lower().startswith("on")]
    assert handlers == []


@pytest.mark.skipif(not REPRODUCER.exists(), reason=f"needs {REPRODUCER}")
def test_the_reproducer_of_issue_24_keeps_nothing_active() -> None:
    copy = api.check(REPRODUCER.read_bytes(), REPRODUCER.name, annotate_copy=True)[1]
    root = _embedded(copy)
    assert _hrefs(root) == [] and not {"set", "animate"} & set(_names(root))
    assert b"javascript" not in ElementTree.tostring(root)


#: PostScript: what PIL hands to Ghostscript, whatever the data: URL says it is.
EPS = (b"%!PS-Adobe-3.0 EPSF-3.0\n%%BoundingBox: 0 0 10 10\n%%EndComments\n"
       b"newpath 0 0 moveto 10 0 lineto 10 10 lineto closepath fill\nshowpage\n")


def _bomb_png(side: int) -> bytes:
    """A 1-bit PNG of ``side`` x ``side`` pixels, all black: a few hundred KB at most."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data +
                struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    rows = zlib.compress((b"\x00" * (1 + (side + 7) // 8)) * side, 9)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", side, side, 1, 0, 0,
                                                                0, 0)) +
            chunk(b"IDAT", rows) + chunk(b"IEND", b""))


def _picture(fmt: str) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (2, 2), "orange").save(out, fmt)
    return out.getvalue()


def _image(kind: str, data: bytes, encoded: str = "base64") -> str:
    url = (f"data:image/{kind};base64,{base64.b64encode(data).decode()}" if encoded == "base64"
           else f"data:image/{kind},{quote_from_bytes(data)}")
    return f"<image width='1' height='1' href='{url}'/>"


@pytest.mark.parametrize("fmt", ["png", "jpeg", "gif", "webp"])
@pytest.mark.parametrize("encoded", ["base64", "percent"])
def test_a_picture_of_the_format_it_names_stays(fmt: str, encoded: str) -> None:
    assert len(_hrefs(_drawing_in_copy(_image(fmt, _picture(fmt), encoded)))) == 1


@pytest.mark.parametrize("kind, data", [
    ("png", EPS), ("jpeg", EPS), ("png", _picture("gif")), ("gif", _picture("png")),
    ("png", b"not a picture"), ("png", _bomb_png(30000))],
    ids=["eps-as-png", "eps-as-jpeg", "gif-as-png", "png-as-gif", "no-picture", "png-bomb"])
def test_a_picture_not_of_its_format_or_too_large_is_dropped(kind: str, data: bytes) -> None:
    assert _hrefs(_drawing_in_copy(_image(kind, data))) == []


def test_a_postscript_or_a_bomb_picture_runs_nothing_in_a_pdf_copy(tmp_path) -> None:
    """`--annotate x.pdf` draws the copy with cairosvg, which hands a picture that is not
    a PNG to PIL: a "PNG" of PostScript ran Ghostscript (a `gs` on PATH here says if it
    runs), and a PNG of 30,000 x 30,000 pixels ended in a traceback."""
    sign = (f"<svg xmlns='{SVG}' width='12in' height='14in' viewBox='0 0 12 14'>{SIGN}"
            "{}</svg>")
    (tmp_path / "eps.svg").write_text(sign.format(_image("png", EPS)))
    (tmp_path / "bomb.svg").write_text(sign.format(_image("png", _bomb_png(30000))))
    (tmp_path / "bin").mkdir()
    gs = tmp_path / "bin" / "gs"
    gs.write_text(f"#!/bin/sh\ntouch {tmp_path / 'GS-RAN'}\n")
    gs.chmod(0o755)
    run = subprocess.run([str(wsmark_script()), "check", "eps.svg", "bomb.svg", "--annotate",
                          "out.pdf"], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                         env={**os.environ, "PATH": f"{tmp_path / 'bin'}:{os.environ['PATH']}"})
    assert run.stderr.splitlines() == ["wrote out.pdf"], run.stderr[-2000:]
    assert not (tmp_path / "GS-RAN").exists()
    assert (tmp_path / "out.pdf").read_bytes().startswith(b"%PDF")
