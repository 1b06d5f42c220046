"""The marked-up copy keeps the vendor's own drawing (issue 10, and issue 9's copy of a
multi-page PDF): notes, title block and dimensions as the shop drew them, with the
numbered findings laid over it exactly where they were measured.

The proofs are drawn here by hand (SVG in mm with a shifted viewBox, a PDF by reportlab,
a DXF by ezdxf), never by wsmark's builders; every check reads the written copy back:
the SVG's own elements, its picture rendered by cairosvg, the PDF's pages with pypdf and
pypdfium2.
"""

from __future__ import annotations

import base64
import io
import re
from pathlib import Path
from xml.etree import ElementTree

import cairosvg
import numpy as np
import pypdf
import pypdfium2
import pytest
from PIL import Image
from shapely.affinity import translate
from shapely.geometry import Point, box

from cli import cli

NS = "{http://www.w3.org/2000/svg}"
XLINK = "{http://www.w3.org/1999/xlink}href"
ORANGE = "#FF4F00"
MM = 25.4
#: The information sign of every proof here (inches on its page): the orange square
#: 3..21 x 3..21 with a white center whose left side leaves only 1.5 in of outline.
OUTER = (3.0, 3.0, 21.0, 21.0)
INNER = (4.5, 5.0, 19.0, 19.0)
THIN_SIDE = box(3.0, 5.0, 4.5, 19.0)  # where outline-width is measured: 1.5 in
NOTE = "APPROVED BY ________ DATE ______"


def _mm_svg() -> str:
    """An information sign on a 24 x 30 in proof sheet in mm, viewBox shifted by 40, 25
    mm, with a title block, a note, a dimension line and text, and hostile extras the copy
    must drop (a script, an event handler, a link to a server)."""
    def r(x0, y0, x1, y1):
        return f'x="{x0 * MM - 40:.3f}" y="{y0 * MM - 25:.3f}" width="{(x1 - x0) * MM:.3f}" ' \
               f'height="{(y1 - y0) * MM:.3f}"'
    return f"""<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"
 width="609.6mm" height="762mm" viewBox="-40 -25 609.6 762" onload="alert(1)">
 <script>alert("copy me")</script>
 <style>.note {{ font: 12px sans-serif; fill: #333 }} rect.sign {{ fill: {ORANGE} }}</style>
 <rect {r(0, 0, 24, 30)} fill="#FFFFFF"/>
 <rect class="sign" {r(*OUTER)}/>
 <rect {r(*INNER)} fill="#FFFFFF"/>
 <g id="titleblock"><rect {r(13, 26.5, 23.5, 29.5)} fill="none" stroke="#000" stroke-width="0.5"/>
 <text class="note" x="{13.3 * MM - 40:.2f}" y="{28.6 * MM - 25:.2f}">{NOTE}</text></g>
 <line x1="{3 * MM - 40:.2f}" y1="{23 * MM - 25:.2f}" x2="{21 * MM - 40:.2f}"
  y2="{23 * MM - 25:.2f}" stroke="#000" stroke-width="0.4"/>
 <text class="note" x="{11 * MM - 40:.2f}" y="{22.6 * MM - 25:.2f}">18"</text>
 <image x="0" y="0" width="10" height="10" xlink:href="http://example.invalid/track.png"/>
 <image x="0" y="0" width="10" height="10" href="data:text/html;base64,PHNjcmlwdD4="/>
</svg>"""


def _disc_centres(root) -> dict[int, tuple[float, float, str]]:
    """Numbered discs of the copy: number -> (cx, cy, fill), read from the file."""
    group = next(g for g in root.iter(f"{NS}g") if g.get("id") == "wsmark-annotations")
    items = list(group)
    found = {}
    for i, item in enumerate(items):
        if item.tag == f"{NS}circle":
            label = items[i + 1]
            found[int(label.text)] = (float(item.get("cx")), float(item.get("cy")),
                                      item.get("fill"))
    return found


def _disc_of(root, rule: str) -> tuple[float, float, float]:
    """The disc numbering ``rule``'s finding: its centre and radius, from the file."""
    listing = " ".join(t.text or "" for t in root.iter(f"{NS}text"))
    number = next(int(n) for n, name in re.findall(r"(\d+)\. (\S+) NR", listing)
                  if name == rule)
    cx, cy, _ = _disc_centres(root)[number]
    radius = float(next(c for c in root.iter(f"{NS}circle")).get("r"))
    return cx, cy, radius


def _orange_box(rgb: np.ndarray, paint: tuple[int, int, int]) -> tuple[int, int, int, int]:
    """Pixel bounds (x0, y0, x1, y1) of the orange ``paint`` in a picture (the marks,
    blended into it or not, are other colors)."""
    near = np.abs(rgb.astype(int) - np.array(paint)).max(axis=2) <= 20
    ys, xs = np.nonzero(near)
    return xs.min(), ys.min(), xs.max() + 1, ys.max() + 1


def _viewbox(root) -> list[float]:
    return [float(v) for v in re.split(r"[ ,]+", root.get("viewBox").strip())]


def test_svg_copy_keeps_the_vendors_drawing_and_its_marks_line_up(runner, tmp_path):
    source = tmp_path / "proof.svg"
    source.write_text(_mm_svg())
    out = tmp_path / "marked.svg"
    result = runner.invoke(cli, ["check", str(source), "--annotate", str(out), "-j", "1"])
    assert result.exit_code == 1 and f"wrote {out}" in result.output
    root = ElementTree.parse(out).getroot()
    # the vendor's drawing, sanitised, is in the copy
    image = next(i for i in root.iter(f"{NS}image") if i.get("id") == "vendor-drawing")
    mime, _, data = image.get(XLINK).partition(";base64,")
    vendor = base64.b64decode(data).decode()
    assert mime == "data:image/svg+xml" and NOTE in vendor and '18"' in vendor
    assert "<script" not in vendor and "onload" not in vendor and "alert" not in vendor
    assert "example.invalid" not in vendor and "data:text/html" not in vendor
    # the outline-width disc sits at the thin side as the test drew it
    cx, cy, radius = _disc_of(root, "outline-width")
    assert THIN_SIDE.distance(Point(cx, cy)) <= radius
    # the picture of the copy: the orange is where the test put it (page inches)
    dpi = 20
    x0, y0, width, height = _viewbox(root)
    png = cairosvg.svg2png(bytestring=out.read_bytes(), output_width=round(width * dpi))
    px = np.asarray(Image.open(io.BytesIO(png)).convert("RGB"))
    bx0, by0, bx1, by1 = _orange_box(px, (255, 79, 0))
    assert (bx0 / dpi + x0, by0 / dpi + y0) == pytest.approx(OUTER[:2], abs=1.5 / dpi)
    assert (bx1 / dpi + x0, by1 / dpi + y0) == pytest.approx(OUTER[2:], abs=1.5 / dpi)


def _reportlab_proof(path: Path) -> None:
    """Two pages as a shop's PDF: a cover of text, then the sign on a 24 x 30 in page with
    a note; drawn in points, y up, with CMYK paint."""
    from reportlab.pdfgen import canvas

    page_h = 30 * 72
    c = canvas.Canvas(str(path), pagesize=(24 * 72, page_h))
    c.setFont("Helvetica", 40)
    c.drawString(72, page_h - 200, "PROOF 4471 COVER")
    c.showPage()
    c.setFillColorCMYK(0, 0.69, 1, 0)
    path_ = c.beginPath()
    for x0, y0, x1, y1 in (OUTER, INNER):
        path_.rect(x0 * 72, page_h - y1 * 72, (x1 - x0) * 72, (y1 - y0) * 72)
    c.drawPath(path_, stroke=0, fill=1, fillMode=0)  # even-odd ring
    c.setFillColorCMYK(0, 0, 0, 1)
    c.setFont("Helvetica", 14)
    c.drawString(13.3 * 72, page_h - 28.6 * 72, NOTE)
    c.showPage()
    c.save()


def test_pdf_copy_is_a_page_per_input_page(runner, tmp_path):
    source = tmp_path / "proof.pdf"
    _reportlab_proof(source)
    out = tmp_path / "marked.pdf"
    result = runner.invoke(cli, ["check", str(source), "--annotate", str(out), "-j", "1"])
    assert result.exit_code == 1 and f"wrote {out}" in result.output
    reader = pypdf.PdfReader(out)
    assert len(reader.pages) == 2
    first, second = (page.extract_text() for page in reader.pages)
    assert "page 1 of 2" in first and "outline-width" not in first
    assert "page 2 of 2: FAIL" in second and "outline-width NR 5.09(6)(b)" in second
    # page 2 pictures the vendor's page (its own note) with the orange where it was drawn
    doc = pypdfium2.PdfDocument(str(out))
    page = doc[1]
    width_pt, _ = page.get_size()
    assert width_pt == pytest.approx(24 * 72, abs=1)
    dpi = 40
    px = np.asarray(page.render(scale=dpi / 72).to_pil().convert("RGB"))
    top = -_viewbox(ElementTree.fromstring(_svg_pages(runner, source, tmp_path)[1]))[1]
    bx0, by0, bx1, by1 = _orange_box(px, (243, 113, 33))  # CMYK 0 69 100 0 by PDFium
    assert (bx0 / dpi, by0 / dpi - top) == pytest.approx(OUTER[:2], abs=2 / dpi)
    assert (bx1 / dpi, by1 / dpi - top) == pytest.approx(OUTER[2:], abs=2 / dpi)
    dark = (px.sum(axis=2) < 600)  # the note's letters, bottom right of the page
    note = dark[round((28.0 + top) * dpi):round((28.8 + top) * dpi),
                round(13.3 * dpi):round(23 * dpi)]
    assert note.sum() > 20


def _svg_pages(runner, source: Path, tmp_path: Path) -> list[bytes]:
    out = tmp_path / "pages.svg"
    result = runner.invoke(cli, ["check", str(source), "--annotate", str(out), "-j", "1"])
    written = [tmp_path / "pages-1.svg", tmp_path / "pages-2.svg"]
    assert all(f"wrote {p}" in result.output for p in written), result.output
    assert not out.exists()
    return [p.read_bytes() for p in written]


def test_pdf_copy_as_svg_is_one_file_per_page_with_its_own_marks(runner, tmp_path):
    source = tmp_path / "proof.pdf"
    _reportlab_proof(source)
    cover, sign = (ElementTree.fromstring(data) for data in _svg_pages(runner, source, tmp_path))
    for root in (cover, sign):
        image = next(i for i in root.iter(f"{NS}image") if i.get("id") == "vendor-drawing")
        assert image.get(XLINK).startswith("data:image/png;base64,")
    assert not _disc_centres(cover)
    cx, cy, radius = _disc_of(sign, "outline-width")
    assert THIN_SIDE.distance(Point(cx, cy)) <= radius


def test_a_numbered_page_copy_may_not_overwrite_an_input(runner, tmp_path):
    source = tmp_path / "proof.pdf"
    _reportlab_proof(source)
    clash = tmp_path / "copy-2.svg"
    clash.write_text("<svg/>")
    result = runner.invoke(cli, ["check", str(source), str(clash), "--annotate",
                                 str(tmp_path / "copy.svg"), "-j", "1"])
    assert result.exit_code == 2 and clash.read_text() == "<svg/>"
    result = runner.invoke(cli, ["check", str(source), "--annotate", str(clash.with_name(
        "x.pdf")), "-j", "1"])
    assert result.exit_code == 1


def test_dxf_copy_shows_the_drawing_as_read_with_what_was_set_aside_in_grey(runner, tmp_path):
    import ezdxf
    from ezdxf import units

    doc = ezdxf.new("R2010")
    doc.units = units.IN
    msp = doc.modelspace()
    hatch = msp.add_hatch()
    hatch.set_solid_fill()
    hatch.rgb = (255, 79, 0)
    for (x0, y0, x1, y1), flags in ((OUTER, 1), (INNER, 16)):
        hatch.paths.add_polyline_path([(x0, 30 - y0), (x1, 30 - y0), (x1, 30 - y1),
                                       (x0, 30 - y1)], is_closed=True, flags=flags)
    msp.add_text(NOTE, dxfattribs={"height": 0.4, "insert": (13.3, 30 - 28.6)})
    source = tmp_path / "proof.dxf"
    doc.saveas(source)
    out = tmp_path / "marked.svg"
    result = runner.invoke(cli, ["check", str(source), "--annotate", str(out), "-j", "1"])
    assert f"wrote {out}" in result.output
    root = ElementTree.parse(out).getroot()
    texts = next(g for g in root.iter(f"{NS}g") if g.get("id") == "drawing-text")
    note = next(t for t in texts if t.text == NOTE)
    assert note.get("fill") == "#8C8C8C"  # set aside: grey
    assert "set aside" in result.output
    cx, cy, radius = _disc_of(root, "outline-width")
    # a DXF has no page: the reader's page is the extent of what is drawn, whose
    # top-left corner is the orange square's (3, 3) on the sheet as the test drew it
    assert translate(THIN_SIDE, -3, -3).distance(Point(cx, cy)) <= radius


def test_an_unverified_drawing_never_gets_a_clean_looking_copy(runner, tmp_path):
    """A control circle whose only lettering is an unreadable shape: review, and the copy
    says NOT VERIFIED above the drawing, frames it in amber and marks the place amber."""
    source = tmp_path / "unread.svg"
    source.write_text(f"""<svg xmlns="http://www.w3.org/2000/svg" width="24in" height="24in"
 viewBox="0 0 24 24"><rect width="24" height="24" fill="#FFFFFF"/>
 <path fill="{ORANGE}" fill-rule="evenodd" d="M2,12 A10,10 0 1 1 22,12 A10,10 0 1 1 2,12Z
 M4,12 A8,8 0 1 1 20,12 A8,8 0 1 1 4,12Z"/>
 <path fill="#000000" d="M9,10 L15,10 L15,14 L9,14Z M10,11 L10,13 L14,13 L14,11Z"/></svg>""")
    out = tmp_path / "marked.svg"
    result = runner.invoke(cli, ["check", str(source), "--annotate", str(out), "-j", "1"])
    assert result.exit_code == 1
    root = ElementTree.parse(out).getroot()
    banner = next(t for t in root.iter(f"{NS}text") if t.get("id") == "wsmark-banner")
    lines = list(banner.iter(f"{NS}tspan"))
    said = " ".join(t.text for t in lines)
    assert "NOT VERIFIED" in said and "REVIEW" in said.upper()
    assert all(float(t.get("y")) < 0 for t in lines)  # above the drawing, covering none of it
    size = float(banner.get("font-size"))
    width = _viewbox(root)[2]
    assert all(len(t.text) * size * 0.56 <= width for t in lines)  # wrapped inside the page
    assert any(r.get("id") == "wsmark-unverified" for r in root.iter(f"{NS}rect"))
    fills = {fill for _, _, fill in _disc_centres(root).values()}
    assert fills == {"#A15C00"}
