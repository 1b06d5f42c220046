"""Hypothesis strategies for PDF and DXF proofs, the siblings of tests/fuzz_svg.py: PDFs
written object by object (pages with odd boxes, rotations and user units, content streams
of paths, paint, state, colours, text and form XObjects that may nest or recurse, Flate
or not) and DXFs drawn with ezdxf (lines, polylines with bulges, circles, arcs, ellipses,
splines, solids, hatches, nested and mirrored block inserts, text, colours, layers,
units), some of them cut short. The property is fuzz_svg's: reading and judging end in a
report or one short WsmarkError line, never another exception, a warning, a reader that
crashed or more than the budget of CPU time (the reader child's included)."""

from __future__ import annotations

import io
import os
import re
import warnings

from fuzz_svg import CPU_LIMIT_S, PACK
from hypothesis import strategies as st
from pdf_objects import pdf_file, stream

from markers.check.pipeline import CheckOptions, judge_pages
from markers.core.quiet import warnings_as_errors
from markers.core.shown import MAX_ERROR_CHARS
from markers.errors import WsmarkError
from markers.read import read_drawing

__all__ = ["pdfs", "dxfs", "check_proof"]

_NUMBERS = st.one_of(st.floats(-2000, 2000, allow_nan=False).map(lambda v: f"{v:.3f}"),
                     st.sampled_from(["0", "1", "72", "864", "-1", "1e6", "0.0001", "3.4e38",
                                      "-0", ".5", "1728", "18"]))
_COLORS = st.sampled_from(["1 0.4 0 rg", "1 1 1 rg", "0 0 0 rg", "0 0.6 0.3 rg", "1 0 0 RG",
                           "0 0.6 1 0 k", "0 0 0 1 K", "0.5 g", "1 G", "2 -1 0 rg"])
_PAINT = st.sampled_from(["f", "f*", "S", "s", "B", "B*", "b", "n", "W n", "W* n"])


@st.composite
def _op(draw, forms: int) -> str:
    n = lambda: draw(_NUMBERS)  # noqa: E731
    kind = draw(st.sampled_from(["m", "l", "c", "re", "h", "paint", "q", "Q", "cm", "w",
                                 "color", "dash", "text", "form", "diamond"]))
    if kind in ("m", "l"):
        return f"{n()} {n()} {kind}"
    if kind == "c":
        return " ".join(n() for _ in range(6)) + " c"
    if kind == "re":
        return f"{n()} {n()} {n()} {n()} re"
    if kind == "cm":
        return " ".join(n() for _ in range(6)) + " cm"
    if kind == "w":
        return f"{n()} w"
    if kind == "paint":
        return draw(_PAINT)
    if kind == "color":
        return draw(_COLORS)
    if kind == "dash":
        return draw(st.sampled_from(["[3 2] 0 d", "[] 0 d", "[0 0] 0 d", "1 J 1 j", "2 J 0 j"]))
    if kind == "text":
        word = draw(st.sampled_from(["ROCKS", "SLOW NO WAKE", "WS-2", "", "\\\\(x"]))
        return f"BT /F1 {n()} Tf {n()} {n()} Td ({word}) Tj ET"
    if kind == "form":
        return f"/Fm{draw(st.integers(0, max(0, forms - 1)))} Do" if forms else "h"
    if kind == "diamond":  # something a sign could be, so that measuring runs too
        size = draw(st.sampled_from([72.0, 864.0, 1.0]))
        return " ".join([draw(_COLORS), _diamond(size, 1.0), "f", "1 1 1 rg",
                         _diamond(size, 0.8), "f"])
    return kind  # q, Q, h


def _diamond(size: float, scale: float) -> str:
    """A closed diamond path about (size, size), ``scale`` of it."""
    r = size * scale
    return (f"{size:g} {size - r:g} m {size + r:g} {size:g} l {size:g} {size + r:g} l "
            f"{size - r:g} {size:g} l h")


@st.composite
def pdfs(draw) -> bytes:
    """A whole PDF: 1-3 pages sharing 0-3 form XObjects and a font."""
    forms = draw(st.integers(0, 3))
    pages = draw(st.integers(1, 3))
    flate = draw(st.booleans())
    ops = lambda: " ".join(draw(st.lists(_op(forms), max_size=14)))  # noqa: E731
    first_form, font = 3 + 2 * pages, 3 + 2 * pages + forms
    names = " ".join(f"/Fm{i} {first_form + i} 0 R" for i in range(forms))
    resources = f"/Resources << /Font << /F1 {font} 0 R >> /XObject << {names} >> >>"
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>",
               (f"<< /Type /Pages /Count {pages} /Kids ["
                + " ".join(f"{3 + 2 * i} 0 R" for i in range(pages)) + "] >>").encode()]
    for i in range(pages):
        box = draw(st.sampled_from(["0 0 1728 1728", "0 0 612 792", "0 0 1728 1728",
                                    "0 0 612 792", "-50 -50 50 50", "10 20 300 400",
                                    "0 0 0 0", "0 0 14400 14400"]))
        extra = draw(st.sampled_from(["", " /Rotate 90", " /Rotate 45", " /Rotate -270",
                                      " /UserUnit 2", " /CropBox [0 0 100 100]"]))
        objects.append(f"<< /Type /Page /Parent 2 0 R /MediaBox [{box}]{extra} {resources} "
                       f"/Contents {4 + 2 * i} 0 R >>".encode())
        objects.append(stream(ops().encode(), flate=flate))
    for _ in range(forms):
        bbox = draw(st.sampled_from(["0 0 100 100", "-1e4 -1e4 1e4 1e4", "0 0 0 0"]))
        objects.append(stream(ops().encode(), f"/Type /XObject /Subtype /Form /BBox [{bbox}] "
                              f"{resources}".encode(), flate))
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    data = pdf_file(objects)
    cut = draw(st.sampled_from([None] * 7 + [0.5, 0.9]))
    return data if cut is None else data[:int(len(data) * cut)]


_ACI = st.one_of(st.integers(0, 257), st.sampled_from([1, 7, 30, 256]))
_COORD = st.one_of(*[st.floats(-30, 30, allow_nan=False)] * 40,  # an extreme now and then
                   st.sampled_from([0.0, 12.0, 24.0, 1e6, -1e-9]))
_POINT = st.tuples(_COORD, _COORD)


def _diamond_entity(draw, layout, attribs: dict) -> None:
    """Something a sign could be, so that measuring runs too: an orange diamond outline
    of some width, or a filled diamond."""
    r, width = draw(st.sampled_from([9.0, 6.0, 0.5])), draw(st.sampled_from([0, 2, 0.1]))
    corners = [(12, 12 - r), (12 + r, 12), (12, 12 + r), (12 - r, 12)]
    if width:
        layout.add_lwpolyline(corners, close=True, dxfattribs={
            **attribs, "color": 30, "const_width": width})
    else:
        hatch = layout.add_hatch(color=draw(st.sampled_from([30, 7, 1])))
        hatch.paths.add_polyline_path(corners, is_closed=True)


def _entity(draw, layout, blocks: list[str]) -> None:
    """One random entity added to ``layout`` (the modelspace or a block); one that ezdxf
    itself refuses to make (a null ellipse axis) is left out."""
    from ezdxf.lldxf.const import DXFValueError

    try:
        _add(draw, layout, blocks)
    except DXFValueError:
        pass


def _add(draw, layout, blocks: list[str]) -> None:
    attribs = {"color": draw(_ACI), "layer": draw(st.sampled_from(["0", "SIGN", "OFF"]))}
    if draw(st.booleans()):
        attribs["true_color"] = draw(st.integers(0, 0xFFFFFF))
    kind = draw(st.sampled_from(["line", "lwpolyline", "polyline", "circle", "arc", "ellipse",
                                 "spline", "solid", "hatch", "insert", "text", "mtext",
                                 "diamond", "diamond"]))
    p = lambda: draw(_POINT)  # noqa: E731
    if kind == "diamond":
        _diamond_entity(draw, layout, attribs)
    elif kind == "line":
        layout.add_line(p(), p(), dxfattribs=attribs)
    elif kind == "lwpolyline":
        points = [(*p(), 0, 0, draw(st.sampled_from([0, 0, 1, -0.5, 1e3])))
                  for _ in range(draw(st.integers(1, 8)))]
        layout.add_lwpolyline(points, format="xyseb", close=draw(st.booleans()),
                              dxfattribs={**attribs, "const_width": draw(st.sampled_from(
                                  [0, 0, 1, 50]))})
    elif kind == "polyline":
        layout.add_polyline2d([p() for _ in range(draw(st.integers(1, 6)))],
                              close=draw(st.booleans()), dxfattribs=attribs)
    elif kind == "circle":
        layout.add_circle(p(), draw(_COORD), dxfattribs=attribs)
    elif kind == "arc":
        layout.add_arc(p(), draw(_COORD), draw(_COORD), draw(_COORD), dxfattribs=attribs)
    elif kind == "ellipse":
        layout.add_ellipse(p(), (*p(), 0), draw(st.floats(1e-6, 1)), dxfattribs=attribs)
    elif kind == "spline":
        layout.add_spline([(*p(), 0) for _ in range(draw(st.integers(2, 6)))],
                          dxfattribs=attribs)
    elif kind == "solid":
        layout.add_solid([p() for _ in range(draw(st.integers(3, 4)))], dxfattribs=attribs)
    elif kind == "hatch":
        hatch = layout.add_hatch(color=attribs["color"])
        for _ in range(draw(st.integers(1, 3))):
            hatch.paths.add_polyline_path([p() for _ in range(draw(st.integers(2, 6)))],
                                          is_closed=draw(st.booleans()))
    elif kind == "insert" and blocks:
        layout.add_blockref(draw(st.sampled_from(blocks)), p(), dxfattribs={
            **attribs, "xscale": draw(st.sampled_from([1, -1, 0, 2, 1e-3])),
            "yscale": draw(st.sampled_from([1, -1, 3])),
            "rotation": draw(st.sampled_from([0, 45, 90, 400]))})
    elif kind in ("text", "mtext"):
        word = draw(st.sampled_from(["ROCKS", "SLOW NO WAKE", "WS-2", "", "%%u"]))
        height = abs(draw(_COORD)) or 1.0
        if kind == "text":
            layout.add_text(word, height=height, dxfattribs={**attribs, "insert": p()})
        else:
            layout.add_mtext(word, dxfattribs={**attribs, "insert": p(),
                                               "char_height": height})


@st.composite
def dxfs(draw) -> bytes:
    """A whole DXF drawn with ezdxf: a few blocks (which may insert each other), the
    modelspace, units; sometimes cut short."""
    import ezdxf

    doc = ezdxf.new(draw(st.sampled_from(["R2000", "R2010", "R2018"])))
    doc.header["$INSUNITS"] = draw(st.sampled_from([1] * 6 + [4, 5, 0, 99]))
    doc.layers.add("SIGN", color=30)
    doc.layers.add("OFF").off()
    blocks: list[str] = []
    for number in range(draw(st.integers(0, 3))):
        block = doc.blocks.new(f"B{number}")
        for _ in range(draw(st.integers(1, 5))):
            _entity(draw, block, blocks)
        blocks.append(block.name)
    if blocks and draw(st.booleans()):  # a block that inserts itself: a cycle
        doc.blocks.get(blocks[0]).add_blockref(blocks[0], (0, 0))
    if draw(st.booleans()):  # a sign to measure, then what else the drawing holds
        _diamond_entity(draw, doc.modelspace(), {"layer": "SIGN"})
    for _ in range(draw(st.integers(0, 10))):
        _entity(draw, doc.modelspace(), blocks)
    text = io.StringIO()
    doc.write(text)
    data = text.getvalue().encode()
    cut = draw(st.sampled_from([None] * 7 + [0.3, 0.8]))
    return data if cut is None else data[:int(len(data) * cut)]


#: A reader child that died at its memory cap (PDFium aborts when an allocation fails: a
#: form that draws itself twice, as tests/read/test_pdf_dxf.py's recursive-forms.pdf) has
#: met its limit; any other death (a crash, an exit) is a fault.
_AT_ITS_CAP = re.compile(r"the reader died on this file \(killed by signal (6|9), ")


def _cpu() -> float:
    used = os.times()
    return used.user + used.system + used.children_user + used.children_system


def check_proof(data: bytes, name: str) -> str:
    """Read and judge the proof ``data`` called ``name``; returns the verdict or the error
    line. Anything else (another exception, a warning, a multi-line or long message, a
    reader that died, too much CPU) fails."""
    start = _cpu()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        try:
            with warnings_as_errors():
                pages = read_drawing(data, name)
                result = judge_pages(pages, name, CheckOptions(), PACK).verdict
        except WsmarkError as err:
            result = str(err)
            assert "\n" not in result and len(result) <= MAX_ERROR_CHARS, result[:400]
            assert "reader died" not in result or _AT_ITS_CAP.search(result), result
    spent = _cpu() - start
    assert spent < CPU_LIMIT_S, f"{spent:.1f} CPU s for {data[:200]!r}"
    return result
