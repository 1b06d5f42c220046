"""Ghostscript 10: a marker proof as a hand-written PostScript program, and the PDFs that
``ps2pdf`` (live text, a subset of the font embedded) and ``gs -sDEVICE=pdfwrite
-dNoOutputFonts`` (every glyph drawn as its outline) make of it.

The program works as a PostScript programmer does: the page in inches (``72 72 scale``,
y up), outlines as even-odd filled paths or as a centre line stroked ``t`` wide with
mitred joins, a circle as an ``arc`` stroked ``t`` wide, words in NimbusSans-Bold (the
Helvetica-Bold of Ghostscript) centred with ``stringwidth``; colours as ``setrgbcolor``,
or as ``setcmykcolor`` the way a shop converts to CMYK without a profile.
"""

from __future__ import annotations

from marker_scene import (
    Annulus, Block, Clip, Dim, Disc, Group, Image, Line, Poly, Rect, Ring, Sheet, Text,
)

FONTS = {"nimbus": "/NimbusSans-Bold",  # Ghostscript's Helvetica-Bold
         "nimbus-narrow": "/NimbusSansNarrow-Bold"}


def _n(value: float) -> str:
    return f"{value:.4f}".rstrip("0").rstrip(".")


def naive_cmyk(hex_: str) -> tuple[float, float, float, float]:
    """The CMYK a shop's 'convert to CMYK' without a profile gives for an sRGB colour."""
    r, g, b = (int(hex_[i:i + 2], 16) / 255 for i in (1, 3, 5))
    k = 1 - max(r, g, b)
    if k >= 1:
        return 0.0, 0.0, 0.0, 1.0
    return (1 - r - k) / (1 - k), (1 - g - k) / (1 - k), (1 - b - k) / (1 - k), k


class _Program:
    """Builds the page's PostScript, converting y-down inches to PostScript's y-up."""

    def __init__(self, sheet: Sheet, cmyk: bool, rings: str, spot: dict | None = None):
        self.height, self.cmyk, self.rings = sheet.height, cmyk, rings
        self.spot = spot or {}
        self.lines: list[str] = []

    def xy(self, point) -> str:
        return f"{_n(point[0])} {_n(self.height - point[1])}"

    def color(self, hex_: str) -> str:
        if hex_ in self.spot:  # a spot ink, its CMYK equivalent as the alternate
            c, m, y, k = (_n(v) for v in naive_cmyk(hex_))
            return (f"[/Separation ({_escape(self.spot[hex_])}) /DeviceCMYK {{dup {c} mul "
                    f"exch dup {m} mul exch dup {y} mul exch {k} mul}}] setcolorspace 1 "
                    "setcolor")
        if self.cmyk:
            return " ".join(_n(v) for v in naive_cmyk(hex_)) + " setcmykcolor"
        return " ".join(_n(int(hex_[i:i + 2], 16) / 255) for i in (1, 3, 5)) + " setrgbcolor"

    def path(self, points, closed: bool = True) -> str:
        first, *rest = points
        return (f"{self.xy(first)} moveto " + " ".join(f"{self.xy(p)} lineto" for p in rest)
                + (" closepath" if closed else ""))

    def rounded(self, item: Rect) -> str:
        """A rectangle's path with corners rounded to ``item.r`` (``arct`` round each)."""
        x0, y0, x1, y1 = item.x, item.y, item.x + item.w, item.y + item.h
        corners = ((x1, y0), (x1, y1), (x0, y1), (x0, y0))
        return (f"{self.xy((x0 + item.r, y0))} moveto " + " ".join(
            f"{self.xy(a)} {self.xy(b)} {_n(item.r)} arct"
            for a, b in zip(corners, corners[1:] + corners[:1])) + " closepath")

    def add(self, item) -> None:
        if isinstance(item, Rect):
            corners = ((item.x, item.y + item.h), (item.x + item.w, item.y + item.h),
                       (item.x + item.w, item.y), (item.x, item.y))
            outline = self.rounded(item) if item.r else self.path(corners)
            if item.fill:
                self.lines.append(f"{self.color(item.fill)} newpath {outline} fill")
            if item.stroke:
                self.lines.append(f"{self.color(item.stroke)} {_n(item.width)} setlinewidth "
                                  f"newpath {outline} stroke")
        elif isinstance(item, Poly):
            self.lines.append(f"{self.color(item.fill)} newpath {self.path(item.points)} fill")
        elif isinstance(item, Ring) and self.rings == "evenodd":
            self.lines.append(f"{self.color(item.color)} newpath {self.path(item.outer)} "
                              f"{self.path(item.inner)} eofill")
        elif isinstance(item, Ring):
            self.lines.append(f"{self.color(item.color)} {_n(item.t)} setlinewidth 0 "
                              f"setlinejoin newpath {self.path(item.centre)} stroke")
        elif isinstance(item, Annulus):
            r = (item.r_in + item.r_out) / 2
            self.lines.append(f"{self.color(item.color)} {_n(item.r_out - item.r_in)} "
                              f"setlinewidth newpath {self.xy((item.cx, item.cy))} {_n(r)} "
                              "0 360 arc closepath stroke")
        elif isinstance(item, Disc):
            circle = f"newpath {self.xy((item.cx, item.cy))} {_n(item.r)} 0 360 arc closepath"
            if item.fill:
                self.lines.append(f"{self.color(item.fill)} {circle} fill")
            if item.stroke:
                self.lines.append(f"{self.color(item.stroke)} {_n(item.width)} setlinewidth "
                                  f"{circle} stroke")
        elif isinstance(item, Line):
            dash = f"[{_n(item.dash[0])} {_n(item.dash[1])}] 0 setdash " if item.dash else ""
            undash = " [] 0 setdash" if item.dash else ""
            self.lines.append(f"{self.color(item.color)} {_n(item.width)} setlinewidth 0 "
                              f"setlinejoin {dash}newpath "
                              f"{self.path(item.points, item.closed)} stroke{undash}")
        elif isinstance(item, Text):
            show = "cshow" if item.anchor == "middle" else "show"
            self.lines.append(f"{self.color(item.color)} {FONTS[item.font]} findfont "
                              f"{_n(item.size)} scalefont setfont {self.xy((item.x, item.y))} "
                              f"moveto ({_escape(item.text)}) {show}")
        elif isinstance(item, (Block, Dim)):
            for child in (item.lines if isinstance(item, Block) else item.items):
                self.add(child)
        elif isinstance(item, Group):  # its own coordinates: scaled, moved, y still down
            inner = _Program(Sheet(0, 0), self.cmyk, self.rings, self.spot)
            for child in item.items:
                inner.add(child)
            self.lines += [f"gsave {self.xy((item.dx, item.dy))} translate "
                           f"{_n(item.scale)} dup scale", *inner.lines, "grestore"]
        elif isinstance(item, Clip):
            x, y, w, h = item.rect
            corners = ((x, y + h), (x + w, y + h), (x + w, y), (x, y))
            self.lines.append(f"gsave newpath {self.path(corners)} clip newpath")
            for child in item.items:
                self.add(child)
            self.lines.append("grestore")
        elif isinstance(item, Image):
            raise ValueError("the PostScript cases draw no raster")
        else:
            raise TypeError(f"no PostScript drawing for {item!r}")


def _escape(text: str) -> str:
    return text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")


def postscript(sheet: Sheet, title: str, *, cmyk: bool = False, rings: str = "evenodd",
               spot: dict | None = None, rotated: bool = False) -> str:
    """The proof as a DSC PostScript program at actual size, a page for the sheet and each
    of its further pages; ``spot`` names the
    colours (hex -> ink name) painted as spot inks (a Separation colour space);
    ``rotated`` draws it turned a quarter on a landscape page that a pdfmark sets to be
    shown turned back (the PDF page's /Rotate 90), as a landscape plot of a portrait
    sheet comes out."""
    pages = []
    for page in (sheet, *sheet.more):
        program = _Program(page, cmyk, rings, spot)
        for item in page.items:
            program.add(item)
        pages.append((round(page.width * 72), round(page.height * 72),
                      "\n".join(program.lines)))
    w, h, body = pages[0]
    if rotated:
        w, h = h, w
        body = (f"[ {{ThisPage}} << /Rotate 90 >> /PUT pdfmark\n"
                f"[0 1 -1 0 {_n(sheet.height)} 0] concat\n{body}")
    pages[0] = w, h, body
    shown = "".join(f"%%Page: {n} {n}\n<< /PageSize [{w} {h}] >> setpagedevice\n72 72 scale\n"
                    f"{body}\nshowpage\n" for n, (w, h, body) in enumerate(pages, 1))
    return (f"%!PS-Adobe-3.0\n%%Title: ({_escape(title)})\n%%Creator: sign shop layout, "
            f"hand-written PostScript\n%%CreationDate: (D:20240101000000Z)\n"
            f"%%BoundingBox: 0 0 {pages[0][0]} {pages[0][1]}\n%%Pages: {len(pages)}\n"
            "%%EndComments\n"
            "%%BeginProlog\n/cshow { dup stringwidth pop 2 div neg 0 rmoveto show } bind def\n"
            f"%%EndProlog\n{shown}%%EOF\n")


def commands(source: str, stem: str, rotated: bool = False) -> dict[str, list[str]]:
    """Output name -> the Ghostscript command that makes it from the program ``source``
    (``-dOmitID``: no /ID from the clock, so a remake is byte-identical; a ``rotated``
    page's /Rotate is its pdfmark's, not pdfwrite's guess from the text)."""
    turn = ["-dAutoRotatePages=/None"] if rotated else []
    return {f"{stem}.pdf": ["ps2pdf", "-dOmitID", *turn, source, f"{stem}.pdf"],
            f"{stem}-outlines.pdf": ["gs", "-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dOmitID",
                                     *turn, "-sDEVICE=pdfwrite", "-dNoOutputFonts",
                                     f"-sOutputFile={stem}-outlines.pdf", source]}
