"""A held-out batch (issue 30): shop drawings at a scale, N.T.S. drawings with a
dimension line, unitless DXFs, what a DXF does not print, signs drawn turned, and a
document of six pages, each with the truth a right ``wsmark check`` gives.

Written before the checker learnt any of it, and run as ``python
tests/producers/scale_batch.py OUT`` (writes the files and ``truth.json``) then
``python tests/producers/scale_batch.py OUT --check`` (counts the wrong verdicts). Shop
drawings are laid out with marker_scene (the spec's geometry and a title block) and
written by matplotlib (PDF with live TrueType text, SVG with its glyphs as paths: read
by OCR) and by ezdxf as a CAD program writes them (HATCH fills, TEXT, DIMENSION). Signs
drawn turned are wsmark's own built geometry turned and written by
tests/proof_writers.py (reportlab PDF, ezdxf DXF) and as a plain SVG of paths.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE.parent.parent))
from batch_main import run  # noqa: E402

import marker_scene as ms  # noqa: E402

if not Path(ms.FONT_FILES["liberation"]).exists():  # Liberation 1 where 2 is not installed
    ms.FONT_FILES["liberation"] = "/usr/share/fonts/truetype/liberation/LiberationSans-Bold.ttf"

RED_E31B = "#E31B23"  # RULES.md: red, not orange
LEFT = 2.0  # the drawing's left edge on the sheet (inches): room for a dimension
LETTER, TABLOID, ARCH_D = (11.0, 8.5), (17.0, 11.0), (36.0, 24.0)

#: notation -> (paper inches per real inch, sheet): as shops write them.
NOTATIONS = {
    'SCALE: 1" = 1\'-0"': (1 / 12, LETTER),
    "SCALE: 3\"=1'": (1 / 4, LETTER),
    'SCALE: 1/2" = 1\'-0"': (1 / 24, LETTER),
    'SCALE: 1-1/2" = 1\'-0"': (1 / 8, LETTER),
    "SCALE: 1:12": (1 / 12, TABLOID),
    "SCALE: 1/4 SIZE": (1 / 4, TABLOID),
    "SCALE: HALF SIZE": (1 / 2, TABLOID),
    "SCALE: FULL SIZE": (1.0, ARCH_D),
}


@dataclass(frozen=True)
class Want:
    """What a right checker says of one marker: kind, verdict, H (in), error rules."""
    kind: str
    verdict: str = "pass"
    H: float | None = None
    rules: tuple[str, ...] = ()


@dataclass
class Proof:
    name: str
    write: Callable[[], bytes]
    want: tuple[Want, ...]
    note: str
    file_verdict: str | None = None
    words: tuple[str, ...] = field(default_factory=tuple)  # the report must say these


# ----------------------------------------------------------------------------- sheets

def _sign(H: float, defect: str | None) -> ms.Placed:
    """A danger sign H in tall at the origin; ``defect``: thin (1.5 in outline), small (a
    10 in display area), red (the diamond in red)."""
    if defect == "small":
        return ms.danger(0, 0, 10)
    return ms.danger(0, 0, H, outline=1.5 if defect == "thin" else ms.OUTLINE,
                     color=RED_E31B if defect == "red" else ms.ORANGE)


def _on_sheet(placed: ms.Placed, k: float, paper: tuple[float, float], title: list[str],
              extra: list | None = None, font: str = "liberation") -> ms.Sheet:
    """``placed`` drawn at ``k`` 1 in from the paper's top-left, a border, the title block
    in the bottom-right corner (as drawing sheets carry it)."""
    drawn = ms.at_scale(ms.Sheet(placed.right, placed.bottom, list(placed.items)), k)
    w, h = paper
    rows = 2.5 * 0.2 * len(title)
    sheet = ms.Sheet(w, h)
    sheet.add(ms.frame(0.25, 0.25, w - 0.5, h - 0.5, width=0.02),
              [ms.Group(tuple(drawn.items), 1.0, LEFT, 1.0)],
              ms.title_block(w - 4.25, h - 0.5 - rows, 4.0, title, cap=0.2, font=font))
    if extra:
        sheet.add(extra)
    return sheet


def _dim(placed: ms.Placed, k: float, text: str, font: str = "liberation") -> list:
    """A vertical dimension of the panel's height at scale ``k``, left of the sign, its
    text left of its line."""
    return ms.dimension((LEFT, 1.0), (LEFT, 1.0 + placed.h * k), -0.8, text, cap=0.15,
                        font=font)


def _mpl(sheet: ms.Sheet, fmt: str, fonttype: int = 42) -> Callable[[], bytes]:
    def write() -> bytes:
        import tempfile

        import write_matplotlib
        write_matplotlib.FAMILIES.setdefault("liberation", "DejaVu Sans")
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / f"x.{fmt}"
            write_matplotlib.save(sheet, path, fonttype=fonttype)
            return path.read_bytes()
    return write


def _cad(sheet: ms.Sheet, units: int | None = 1, measurement: int | None = None,
         edit: Callable | None = None) -> Callable[[], bytes]:
    """The sheet as a CAD program's DXF in inches (HATCH fills, TEXT), then ``$INSUNITS``
    set to ``units`` and ``$MEASUREMENT`` to ``measurement``; ``edit`` changes the
    document further."""
    def write() -> bytes:
        import ezdxf
        import write_librecad
        write_librecad.LAYERS.setdefault(RED_E31B, ("RED", 1))
        doc = ezdxf.read(io.StringIO(write_librecad.dxf_bytes(sheet, "hatch").decode()))
        if units is not None:
            doc.header["$INSUNITS"] = units
        if measurement is not None:
            doc.header["$MEASUREMENT"] = measurement
        if edit is not None:
            edit(doc)
        out = io.StringIO()
        doc.write(out)
        return out.getvalue().encode()
    return write


# ----------------------------------------------------------------------------- cases

_DEFECTS = {"thin": "outline-width", "small": "display-height", "red": "reg-symbol-color"}


def scale_cases() -> list[Proof]:
    """Every notation, a correct sign and a seeded defect each, in PDF (live text); three
    notations in SVG with the lettering as paths (OCR) and three in DXF TEXT."""
    out: list[Proof] = []
    defects = list(_DEFECTS)
    for n, (notation, (k, paper)) in enumerate(NOTATIONS.items()):
        H = 18.0 if k >= 0.5 else 24.0
        defect = defects[n % 3]
        for bad in (None, defect):
            sign = _sign(H, bad)
            sheet = _on_sheet(sign, k, paper, ["DANGER SIGN - ROCKS", notation, "DWG NO. 7-114"])
            want = Want("danger", "pass", H) if bad is None else \
                Want("danger", "fail", 10.0 if bad == "small" else H, (_DEFECTS[bad],))
            tag = notation.split(":")[1].strip()
            slug = "".join(c if c.isalnum() else "-" for c in tag).strip("-").lower()
            stem = f"scale-{n}-{slug}-{'ok' if bad is None else bad}"
            out.append(Proof(f"{stem}.pdf", _mpl(sheet, "pdf"), (want,), notation))
            if n in (0, 3, 5):
                out.append(Proof(f"{stem}.svg", _mpl(sheet, "svg"), (want,),
                                 notation + " (outlined lettering)"))
            if n in (1, 2, 4):
                out.append(Proof(f"{stem}.dxf", _cad(sheet), (want,), notation + " (DXF TEXT)"))
    return out


def dimension_cases() -> list[Proof]:
    """N.T.S. drawings with a dimension line, and a stated scale the dimension contradicts."""
    out: list[Proof] = []
    # (the 610 mm drawing on tabloid: 7.2 in tall, it ran into a letter sheet's border)
    for stem, title, text, k, H, paper in (
            ("nts-24in", "SCALE: N.T.S.", '24"', 0.23, 24.0, LETTER),
            ("none-2ft", "SCALE: NONE", "2'-0\"", 0.17, 24.0, LETTER),
            ("nts-610mm", "SCALE: NTS", "610 mm", 0.3, 24.0, TABLOID)):
        sign = _sign(H, None)
        sheet = _on_sheet(sign, k, paper, ["DANGER SIGN", title], _dim(sign, k, text))
        out.append(Proof(f"{stem}.pdf", _mpl(sheet, "pdf"), (Want("danger", "pass", H),),
                         f"{title} with a {text} dimension"))
    sign = _sign(24.0, "thin")
    sheet = _on_sheet(sign, 0.2, LETTER, ["DANGER SIGN", "SCALE: N.T.S."],
                      _dim(sign, 0.2, '24"'))
    out.append(Proof("nts-24in-thin.pdf", _mpl(sheet, "pdf"),
                     (Want("danger", "fail", 24.0, ("outline-width",)),),
                     "N.T.S., 24 in dimension, 1.5 in outline"))
    sign = _sign(24.0, None)
    sheet = _on_sheet(sign, 1 / 8, LETTER, ["DANGER SIGN", 'SCALE: 1" = 1\'-0"'],
                      _dim(sign, 1 / 8, '24"'))
    out.append(Proof("conflict-scale-dimension.pdf", _mpl(sheet, "pdf"),
                     (Want("danger", "review", None, ("scale-evidence",)),),
                     "1\" = 1'-0\" stated, drawn at 1-1/2\" = 1'-0\": its 24\" dimension "
                     "disagrees", words=('1" = 1\'-0"', '24"')))
    sheet = _on_sheet(sign, 0.2, LETTER, ["DANGER SIGN", "SCALE: N.T.S."],
                      [ms.cad_dimension((LEFT, 1.0), (LEFT, 1.0 + sign.h * 0.2), -0.8, '24"',
                                        cap=0.15)])
    out.append(Proof("nts-24in-dimension.dxf", _cad(sheet), (Want("danger", "pass", 24.0),),
                     "DXF N.T.S. with a DIMENSION entity"))
    return out


def _layered(name: str, flag: str) -> Callable:
    """A document edit: the entities of a second (wrong: red) sign drawn over the first
    go on layer OLD, made frozen, off, not plotting, or Defpoints."""
    def edit(doc) -> None:
        msp = doc.modelspace()
        layer = "Defpoints" if flag == "defpoints" else "OLD"
        if layer not in doc.layers:
            doc.layers.add(layer)
        record = doc.layers.get(layer)
        if flag == "frozen":
            record.freeze()
        elif flag == "off":
            record.off()
        elif flag == "plot":
            record.dxf.plot = 0
        hatch = msp.add_hatch(dxfattribs={"layer": layer})
        hatch.rgb = (0xE3, 0x1B, 0x23)
        hatch.paths.add_polyline_path([(0, 0), (30, 0), (30, 40), (0, 40)], is_closed=True)
    return edit


def _wipeout(doc) -> None:
    """A WIPEOUT over the middle of the drawing (it paints the background colour)."""
    msp = doc.modelspace()
    msp.add_wipeout([(5, 8), (15, 8), (15, 20), (5, 20)])


def dxf_cases() -> list[Proof]:
    """Unitless DXFs ($MEASUREMENT says inches or mm), and what does not print."""
    out: list[Proof] = []
    sign = _sign(24.0, None)
    full = ms.Sheet(sign.right + 2, sign.bottom + 2, [ms.Group(tuple(sign.items), 1.0, 1, 1)])
    out.append(Proof("unitless-imperial.dxf", _cad(full, 0, 0), (Want("danger", "pass", 24.0),),
                     "$INSUNITS 0, $MEASUREMENT 0: inches", words=("inch",)))
    metric = ms.at_scale(full, 25.4)
    out.append(Proof("unitless-metric.dxf", _cad(metric, 0, 1), (Want("danger", "pass", 24.0),),
                     "$INSUNITS 0, $MEASUREMENT 1: millimetres", words=("mm",)))
    thin = _sign(24.0, "thin")
    thin_sheet = ms.Sheet(thin.right + 2, thin.bottom + 2,
                          [ms.Group(tuple(thin.items), 1.0, 1, 1)])
    out.append(Proof("unitless-imperial-thin.dxf", _cad(thin_sheet, 0, 0),
                     (Want("danger", "fail", 24.0, ("outline-width",)),),
                     "unitless inches, 1.5 in outline"))
    for flag in ("frozen", "off", "plot", "defpoints"):
        out.append(Proof(f"red-cover-{flag}.dxf", _cad(full, 1, None, _layered("", flag)),
                         (Want("danger", "pass", 24.0),),
                         f"a red panel over the sign on a layer {flag}: not printed",
                         words=("not print",)))
    out.append(Proof("wipeout-over-sign.dxf", _cad(full, 1, None, _wipeout),
                     (Want("danger", "fail", None, ()),), "a WIPEOUT hides the middle",
                     file_verdict="not-pass", words=("WIPEOUT",)))
    return out


# ----------------------------------------------------------------------------- turned

def _built(kind: str, **kw):
    from markers.core.design import Design
    from wi import PACK
    return PACK.build(Design(kind, **kw))


def _turned(art, angle: float):
    """``art`` turned ``angle`` deg (clockwise on the page, y down) about its centre, on a
    page that fits it with 1 in round."""
    from dataclasses import replace

    from shapely import affinity

    from markers.core.artwork import Layer, Shape, moved
    c = (art.width / 2, art.height / 2)

    def turn(g):
        return affinity.rotate(g, angle, origin=c)
    layers = tuple(Layer(la.color, la.hex, tuple(Shape(turn(s.geometry)) for s in la.shapes))
                   for la in art.layers)
    legends = tuple(replace(i, outlines=turn(i.outlines), box=turn(i.box)) for i in art.legends)
    import shapely
    x0, y0, x1, y1 = shapely.total_bounds([s.geometry for la in layers for s in la.shapes])
    out = replace(art, layers=layers, legends=legends, features={})
    return moved(out, 1.0, 1 - x0, 1 - y0, (x1 - x0 + 2, y1 - y0 + 2))


def _svg_paths(art) -> bytes:
    """A plain SVG of paths in inches (viewBox in inches, width/height in 'in')."""
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{art.width:.4f}in" '
             f'height="{art.height:.4f}in" viewBox="0 0 {art.width:.4f} {art.height:.4f}">']
    from proof_writers import _polygons
    for layer in art.layers:
        for shape in layer.shapes:
            d = " ".join("M" + " L".join(f"{x:.4f},{y:.4f}" for x, y in ring[:-1]) + " Z"
                         for poly in _polygons(shape.geometry)
                         for ring in (list(poly.exterior.coords), *(list(r.coords) for r in poly.interiors)))
            parts.append(f'<path fill="{layer.hex}" fill-rule="evenodd" d="{d}"/>')
    parts.append("</svg>")
    return "\n".join(parts).encode()


def turned_cases() -> list[Proof]:
    from proof_writers import naive_cmyk, to_dxf, to_reportlab_pdf
    out: list[Proof] = []
    signs = {"danger": (_built("danger", display_height=24.0, below="ROCKS"), "danger"),
             "red-ws4": (_built("aid-red", display_height=24.0, ws_id="WS-4"), "aid-red")}
    for angle in (90, 180, 270, 30):
        for key, (art, kind) in signs.items():
            turned = _turned(art, angle)
            cmyk = {la.hex: naive_cmyk(la.hex) for la in turned.layers}
            want = (Want(kind, "pass", 24.0),)
            words = ("turned",)
            out.append(Proof(f"turned-{key}-{angle}.svg", lambda t=turned: _svg_paths(t),
                             want, f"{kind} turned {angle} deg", words=words))
            if angle in (90, 30) or key == "danger":
                out.append(Proof(f"turned-{key}-{angle}.pdf",
                                 lambda t=turned, c=cmyk: to_reportlab_pdf(t, c), want,
                                 f"{kind} turned {angle} deg", words=words))
                out.append(Proof(f"turned-{key}-{angle}.dxf",
                                 lambda t=turned: to_dxf(t, "in"), want,
                                 f"{kind} turned {angle} deg", words=words))
    return out


# ----------------------------------------------------------------------------- pages

def pages_case() -> list[Proof]:
    """Six pages: a cover, two signs at a stated scale, WS-3 on red at 1:12, a sign too
    small for actual size stating no scale, a page of notes."""
    cover = ms.Sheet(*LETTER).add(ms.notes(1, 1, ["SHOP DRAWINGS - LAKE MARKERS",
                                                  "ACME SIGN CO.", "SUBMITTAL 3"], cap=0.4))
    p2 = _on_sheet(_sign(24.0, None), 1 / 12, LETTER, ["SHEET 2 DANGER", 'SCALE: 1" = 1\'-0"'])
    p3 = _on_sheet(ms.control(0, 0, 24, ["5 MPH"], cap=3.0, margin=ms.square_margin(24)),
                   1 / 4, LETTER, ["SHEET 3 CONTROL", "SCALE: 3\"=1'"])
    p4 = _on_sheet(ms.aid_red(0, 0, 24, "WS-3"), 1 / 12, LETTER, ["SHEET 4 AID", "SCALE: 1:12"])
    p5 = _on_sheet(_sign(24.0, None), 1 / 10, LETTER, ["SHEET 5 DANGER"])
    p6 = ms.Sheet(*LETTER).add(ms.notes(1, 1, ["NOTES:", "1. ALUMINUM 0.080", "2. 3M VINYL"]))

    def write() -> bytes:
        import matplotlib
        matplotlib.use("Agg")
        from matplotlib.backends.backend_pdf import PdfPages

        import write_matplotlib
        write_matplotlib.FAMILIES.setdefault("liberation", "DejaVu Sans")
        buf = io.BytesIO()
        with matplotlib.rc_context({"pdf.fonttype": 42}), \
                PdfPages(buf, metadata={"CreationDate": None}) as pdf:
            for sheet in (cover, p2, p3, p4, p5, p6):
                pdf.savefig(write_matplotlib.figure(sheet))
        return buf.getvalue()
    want = (Want("danger", "pass", 24.0), Want("control", "pass", 24.0),
            Want("aid-red", "fail", 24.0, ("aid-id-parity",)),
            Want("danger", "review", None, ("display-height",)))
    return [Proof("six-pages.pdf", write, want, "6 pages: scales, WS-3 on red, no scale")]


def all_cases() -> list[Proof]:
    return [*scale_cases(), *dimension_cases(), *dxf_cases(), *turned_cases(), *pages_case(),
            *held_out_cases()]


# ----------------------------------------------------------------------------- held out

#: Font keys of the title blocks drawn in other faces (matplotlib family names; the
#: metrics of the dimension text from marker_scene.FONT_FILES).
OTHER_FONTS = {"sans": "Liberation Sans", "serif": "DejaVu Serif",
               "narrow": "Liberation Sans Narrow"}


def _outlined(stem: str, notation: str, k: float, paper: tuple[float, float],
              font: str = "liberation", defect: str | None = None) -> Proof:
    """A danger sign at ``notation`` in an SVG whose lettering is outlines (OCR)."""
    H = 18.0 if k >= 0.5 else 24.0
    sign = _sign(H, defect)
    sheet = _on_sheet(sign, k, paper, ["DANGER SIGN - ROCKS", notation, "DWG NO. 7-114"],
                      font=font)
    want = Want("danger", "pass", H) if defect is None else \
        Want("danger", "fail", 10.0 if defect == "small" else H, (_DEFECTS[defect],))
    return Proof(f"{stem}.svg", _mpl(sheet, "svg"), (want,), f"{notation} in outlines ({font})")


def _sizeless(write: Callable[[], bytes]) -> Callable[[], bytes]:
    """An SVG writer's output with no physical size: its root's width and height taken
    out, only the viewBox left (as "Export As" and many web tools write)."""
    import re

    def bare() -> bytes:
        data = write().decode()
        head = re.search(r"<svg\b[^>]*>", data)
        assert head is not None
        root = re.sub(r'\s(?:width|height)="[^"]*"', "", head[0])
        return (data[:head.start()] + root + data[head.end():]).encode()
    return bare


def _with_text(write: Callable[[], bytes], text: str, x: float, y: float, cap: float
               ) -> Callable[[], bytes]:
    """An SVG writer's output with one line of live ``<text>`` added (its units)."""
    from xml.sax.saxutils import escape

    def added() -> bytes:
        line = (f'<text x="{x:.3f}" y="{y:.3f}" font-family="DejaVu Sans" font-weight="bold" '
                f'font-size="{cap / 0.73:.3f}" fill="#000000">{escape(text)}</text>')
        return write().decode().replace("</svg>", line + "\n</svg>").encode()
    return added


def sizeless_cases() -> list[Proof]:
    """Drawings with no physical size (an SVG with a viewBox only) that state the display
    height in words beside the sign, in outlines (OCR) and in live text: sized by it,
    basis "stated"."""
    out: list[Proof] = []
    for stem, H, words in (("held-sizeless-display-area", 24.0, 'DISPLAY AREA 24" HIGH'),
                           ("held-sizeless-h-18in", 18.0, "H = 18 IN")):
        sign = _sign(H, None)
        sheet = _on_sheet(sign, 1 / 4, LETTER, ["DANGER SIGN - ROCKS", words])
        out.append(Proof(f"{stem}.svg", _sizeless(_mpl(sheet, "svg")),
                         (Want("danger", "pass", H),), f"no size; {words} in outlines",
                         words=("stated",)))
    art = _built("danger", display_height=24.0, below="ROCKS")
    out.append(Proof("held-sizeless-live-text.svg", _with_text(
        _sizeless(lambda: _svg_paths(_turned(art, 0))), "DISPLAY AREA 24 IN", 1.0,
        art.height + 1.7, 0.6),
        (Want("danger", "pass", 24.0),), "no size; DISPLAY AREA 24 IN as <text>",
        words=("stated",)))
    return out


def held_out_cases() -> list[Proof]:
    """The batch written after the first fixes (issue 30, second session) and before the
    outlined inch marks and the lettering's up were taught: every notation in outlines,
    three other faces, dimension texts in outlines, and kinds whose symbol looks the same
    turned 180 deg (a control's, an information sign's, a green aid's)."""
    from write_matplotlib import FAMILIES
    FAMILIES.update(OTHER_FONTS)
    for key, family in (("sans", "liberation"), ("serif", "dejavu"),
                        ("narrow", "liberation-narrow")):
        ms.FONT_FILES.setdefault(key, ms.FONT_FILES[family])
    out = [_outlined("held-3in-1ft", "SCALE: 3\"=1'", 1 / 4, LETTER),
           _outlined("held-half-inch-thin", 'SCALE: 1/2" = 1\'-0"', 1 / 24, LETTER, defect="thin"),
           _outlined("held-half-size", "SCALE: HALF SIZE", 1 / 2, TABLOID),
           _outlined("held-1-12-small", "SCALE 1:12", 1 / 12, TABLOID, defect="small"),
           _outlined("held-quarter-size", "SCALE: 1/4 SIZE", 1 / 4, TABLOID),
           _outlined("held-sans-1in-1ft", 'SCALE: 1" = 1\'-0"', 1 / 12, LETTER, "sans"),
           _outlined("held-serif-1-1-2", 'SCALE: 1-1/2" = 1\'-0"', 1 / 8, LETTER, "serif"),
           _outlined("held-narrow-3in-red", "SCALE: 3\" = 1'-0\"", 1 / 4, LETTER, "narrow",
                     "red")]
    for stem, text, k, paper, font in (("held-nts-24in", '24"', 0.23, LETTER, "liberation"),
                                       ("held-nts-2ft", "2'-0\"", 0.17, LETTER, "sans"),
                                       ("held-nts-610mm", "610 mm", 0.3, TABLOID, "liberation")):
        sign = _sign(24.0, None)
        sheet = _on_sheet(sign, k, paper, ["DANGER SIGN", "SCALE: N.T.S."],
                          _dim(sign, k, text, font), font=font)
        out.append(Proof(f"{stem}.svg", _mpl(sheet, "svg"), (Want("danger", "pass", 24.0),),
                         f"N.T.S. with a {text} dimension in outlines"))
    out += sizeless_cases()
    from proof_writers import naive_cmyk, to_reportlab_pdf
    signs = {"control": _built("control", display_height=24.0, legend="SLOW NO WAKE"),
             "information": _built("information", display_height=24.0, legend="BOAT LAUNCH"),
             "aid-green": _built("aid-green", display_height=24.0, ws_id="WS-5"),
             "danger": _built("danger", display_height=24.0, above="SHOAL")}
    for kind, art in signs.items():
        turned = _turned(art, 180)
        cmyk = {la.hex: naive_cmyk(la.hex) for la in turned.layers}
        want = (Want(kind, "pass", 24.0),)
        out.append(Proof(f"held-turned-{kind}-180.svg", lambda t=turned: _svg_paths(t), want,
                         f"{kind} turned 180 deg", words=("turned",)))
        if kind in ("control", "aid-green"):
            out.append(Proof(f"held-turned-{kind}-180.pdf",
                             lambda t=turned, c=cmyk: to_reportlab_pdf(t, c), want,
                             f"{kind} turned 180 deg", words=("turned",)))
    return out


# ----------------------------------------------------------------------------- judge

def wrong(report: dict, proof: dict) -> list[str]:
    """What is wrong in ``report`` (the JSON of a file's report) against the truth."""
    problems: list[str] = []
    markers = report.get("markers", [])
    if proof["file_verdict"] == "not-pass":
        if report.get("verdict") in ("pass", "error"):
            problems.append(f"verdict {report.get('verdict')}, not fail or review")
    else:
        want = proof["want"]
        if report.get("verdict") == "error":
            return [f"error: {report.get('error')}"]
        if len(markers) != len(want):
            problems.append(f"{len(markers)} markers, want {len(want)}")
        for got, w in zip(markers, want):
            rules = sorted({f["rule"] for f in report.get("findings", [])
                            if f.get("marker") == got.get("index") and
                            f.get("severity") in ("error", "review")})
            if got.get("kind") != w["kind"]:
                problems.append(f"kind {got.get('kind')} != {w['kind']}")
            if got.get("verdict") != w["verdict"]:
                problems.append(f"verdict {got.get('verdict')} != {w['verdict']} ({rules})")
            elif w["verdict"] == "fail" and rules != sorted(w["rules"]):
                problems.append(f"rules {rules} != {sorted(w['rules'])}")
            H = got.get("display_height_in")
            if w["H"] is not None and (H is None or abs(H - w["H"]) > 0.03 * w["H"]):
                problems.append(f"H {H} != {w['H']}")
    text = " ".join([*(f["message"] for f in report.get("findings", [])),
                     *(str(m.get("display_height_evidence") or m.get("display_height_basis"))
                       for m in markers),
                     str(report.get("error"))])
    for word in proof["words"]:
        if word.lower() not in text.lower():
            problems.append(f"report does not say {word!r}")
    return problems


def main() -> None:
    run(all_cases, wrong)


if __name__ == "__main__":
    main()
