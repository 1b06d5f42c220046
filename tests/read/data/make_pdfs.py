"""Remake the committed PDFs of tests/read/data with the producers that wrote them
(not run by the tests: Ghostscript and LibreOffice are not needed at test time).

    python tests/read/data/make_pdfs.py

- ``type3-bitmap-ws-2.pdf``, ``type3-bitmap-suits.pdf``: a red aid face (an 18 in
  equilateral triangle, as a shop draws it) whose id is set in a Type 3 *bitmap* font:
  each glyph an imagemask drawn from DejaVu Sans Bold at 200 px to the em, coded 1, 2,
  3 ... under the glyph names g1, g2 ... and no ToUnicode, so the text decodes to
  control characters. PostScript distilled by Ghostscript (pdfwrite). The first spells
  WS-2, the second four card suits (no letters at all).
- ``libreoffice-control.pdf``: a 12 in control sign (14 in white panel, orange ring
  12 / 8 in) with SLOW / NO / WAKE as live text in DejaVu Sans Bold, exported by
  LibreOffice Draw (``soffice --convert-to pdf`` of an SVG whose words are ``<text>``).
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
FONT = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
EM_PX = 200
CAP_EM = 0.729  # DejaVu Sans Bold's cap height
WIDTH_IN, HEIGHT_IN = 20.7846, 18.0  # the aid-red triangle at H = 18 in
CAP_IN = 3.2


def _glyph(font, ch: str) -> tuple[float, int, int, int, int, str]:
    """One bitmap glyph: advance, origin offset, size (px) and imagemask hex rows."""
    from PIL import Image, ImageDraw

    left, top, right, bottom = font.getbbox(ch, anchor="ls")
    width, height = right - left, bottom - top
    image = Image.new("1", (width, height), 0)
    ImageDraw.Draw(image).text((-left, -top), ch, font=font, fill=1, anchor="ls")
    rows = []
    for y in range(height):
        bits = "".join("1" if image.getpixel((x, y)) else "0" for x in range(width))
        bits += "0" * (-len(bits) % 8)
        rows.append("".join(f"{int(bits[i:i + 8], 2):02x}" for i in range(0, len(bits), 8)))
    return font.getlength(ch), left, -bottom, width, height, "".join(rows)


def _aid_ps(text: str) -> str:
    """The PostScript of the aid face with ``text`` in the bitmap font."""
    from PIL import ImageFont

    font = ImageFont.truetype(FONT, EM_PX)
    glyphs = [_glyph(font, ch) for ch in text]
    w, h = WIDTH_IN * 72, HEIGHT_IN * 72
    size = CAP_IN * 72 / CAP_EM
    lines = [f"%!PS-Adobe-3.0\n<< /PageSize [{w:.3f} {h:.3f}] >> setpagedevice",
             f"1 1 1 setrgbcolor 0 0 moveto {w:.3f} 0 lineto {w:.3f} {h:.3f} lineto "
             f"0 {h:.3f} lineto closepath fill",
             f"0.784 0.063 0.18 setrgbcolor 0 0 moveto {w:.3f} 0 lineto {w / 2:.3f} {h:.3f} "
             "lineto closepath fill",
             f"8 dict begin /FontType 3 def /FontMatrix [{1 / EM_PX} 0 0 {1 / EM_PX} 0 0] def",
             f"/FontBBox [0 -{EM_PX} {2 * EM_PX} {2 * EM_PX}] def",
             "/Encoding 256 array def 0 1 255 { Encoding exch /.notdef put } for",
             f"/Glyphs {len(glyphs) + 1} dict def",
             "Glyphs /.notdef [0 0 0 1 1 <00>] put"]
    for n, (advance, x0, y0, gw, gh, data) in enumerate(glyphs, 1):
        lines.append(f"Encoding {n} /g{n} put")
        lines.append(f"Glyphs /g{n} [{advance:.2f} {x0} {y0} {gw} {gh} <{data}>] put")
    lines.append("""/BuildGlyph { exch /Glyphs get exch get aload pop
  /data exch def /gh exch def /gw exch def /y0 exch def /x0 exch def /adv exch def
  adv 0 x0 y0 x0 gw add y0 gh add setcachedevice
  gsave x0 y0 translate gw gh scale gw gh true [gw 0 0 gh neg 0 gh] data imagemask grestore
} bind def
/BuildChar { 1 index /Encoding get exch get 1 index /BuildGlyph get exec } bind def
currentdict end /BitmapId exch definefont pop""")
    codes = "".join(f"\\{n:03o}" for n in range(1, len(glyphs) + 1))
    advance = sum(g[0] for g in glyphs) * size / EM_PX
    lines.append(f"1 1 1 setrgbcolor /BitmapId findfont {size:.3f} scalefont setfont")
    lines.append(f"{w / 2 - advance / 2:.3f} {2.5 * 72:.3f} moveto ({codes}) show showpage")
    return "\n".join(lines) + "\n"


def _ghostscript(ps: str, target: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "in.ps"
        source.write_text(ps)
        subprocess.run(["gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=pdfwrite",
                        f"-sOutputFile={target}", str(source)], check=True)


CONTROL_SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="14in" height="14in"
 viewBox="0 0 14 14"><rect width="14" height="14" fill="#FFFFFF"/>
<path fill="#FF4F00" fill-rule="evenodd"
 d="M1 7a6 6 0 1 0 12 0a6 6 0 1 0 -12 0ZM3 7a4 4 0 1 0 8 0a4 4 0 1 0 -8 0Z"/>
<g font-family="DejaVu Sans" font-weight="bold" font-size="1.7" text-anchor="middle"
 fill="#000000"><text x="7" y="5.9">SLOW</text><text x="7" y="7.6">NO</text>
<text x="7" y="9.3">WAKE</text></g></svg>
"""


def _libreoffice(svg: str, target: Path) -> None:
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / (target.stem + ".svg")
        source.write_text(svg)
        subprocess.run(["soffice", "--headless", "--convert-to", "pdf", "--outdir", folder,
                        str(source)], check=True, capture_output=True, timeout=300)
        shutil.move(str(source.with_suffix(".pdf")), target)


if __name__ == "__main__":
    _ghostscript(_aid_ps("WS-2"), HERE / "type3-bitmap-ws-2.pdf")
    _ghostscript(_aid_ps("\u2663\u2660\u2665\u2666"), HERE / "type3-bitmap-suits.pdf")
    _libreoffice(CONTROL_SVG, HERE / "libreoffice-control.pdf")
