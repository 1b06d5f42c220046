"""A marker in each of the five forms a proof reaches the checker, read back, and how
the readings compare: the SVG wsmark writes, the PDF cairo converts it to, a shop's
native PDF drawn by reportlab with CMYK fills, and DXF with HATCH fills in inches and
in mm (proof_writers.py; those draw from the Artwork's geometry, not from our SVG).
Shared by tests/read/test_pdf_dxf.py and bench/roundtrip_matrix.py, which runs every
kind at every size."""

from __future__ import annotations

import dataclasses
import math

import pytest
from shapely import affinity, unary_union

from markers.check.pipeline import CheckOptions
from markers.check.pipeline import judge as _judge
from markers.core.artwork import Artwork, Layer, Shape
from markers.core.design import Design
from markers.read.dxf import read_dxf_bytes
from markers.read.pdf import read_pdf_bytes
from markers.read.svg.walk import read_svg_bytes
from proof_writers import naive_cmyk, to_dxf, to_reportlab_pdf
from render.output import render_bytes
from wi import KINDS, PACK, build, measure

LEGENDS = {"danger": "ROCKS", "control": "SLOW NO WAKE", "information": "MARINA"}
FORMS = ("svg", "cairo-pdf", "reportlab-cmyk-pdf", "dxf-in", "dxf-mm")
IN_TOL, DEG_TOL = 0.01, 0.1


def sign(kind: str, h: float | None, **fields: object) -> Artwork:
    """A sample marker of ``kind`` (its sample legend, id and fields), declared as built."""
    spec = KINDS[kind]
    fields = {"legend": LEGENDS.get(kind), "ws_id": spec.sample_id, **spec.sample, **fields}
    return build(Design(kind, h if spec.display_area else None, **fields), as_declared=True)


def forms(art: Artwork) -> dict[str, Artwork]:
    """The marker read back from each of the five forms."""
    svg = render_bytes(art, ".svg")
    base = read_svg_bytes(svg, "m.svg")
    cmyk = {layer.hex: naive_cmyk(layer.hex) for layer in base.layers}
    [cairo] = read_pdf_bytes(render_bytes(art, ".pdf"), "m.pdf")
    [native] = read_pdf_bytes(to_reportlab_pdf(base, cmyk), "m.pdf")
    return {"svg": base, "cairo-pdf": cairo, "reportlab-cmyk-pdf": native,
            "dxf-in": _on_page(read_dxf_bytes(to_dxf(base, "in"), "m.dxf"), base),
            "dxf-mm": _on_page(read_dxf_bytes(to_dxf(base, "mm"), "m.dxf"), base)}


def _on_page(art: Artwork, page: Artwork) -> Artwork:
    """A DXF has no page (its drawing starts at its extents): placed where ``page``'s
    painting starts, so positions in the two readings compare. Sizes are untouched."""
    painted = unary_union([layer.geometry for layer in page.layers])
    dx, dy = painted.bounds[0], painted.bounds[1]

    def move(g):
        return affinity.translate(g, dx, dy)

    layers = tuple(Layer(layer.color, layer.hex, tuple(Shape(move(s.geometry))
                                                       for s in layer.shapes))
                   for layer in art.layers)
    legends = tuple(dataclasses.replace(item, outlines=move(item.outlines), box=move(item.box))
                    for item in art.legends)
    return dataclasses.replace(art, width=page.width, height=page.height, layers=layers,
                               legends=legends,
                               features={k: move(g) for k, g in art.features.items()})


def numbers(value: object, prefix: str = "") -> dict[str, float]:
    """Every measured number of Facts, flattened to name -> value (geometry left out)."""
    out: dict[str, float] = {}
    if isinstance(value, bool) or value is None:
        return out
    if isinstance(value, (int, float)):
        return {prefix: float(value)}
    if isinstance(value, (list, tuple)):
        for i, item in enumerate(value):
            out.update(numbers(item, f"{prefix}[{i}]"))
    elif dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            # color distance is not a size; *_at says where a minimum was met (ties);
            # the extent is of what the form paints (a PDF strokes the waterline guide)
            if "distance" not in f.name and f.name not in ("stroke_ratio", "extent") and \
                    not f.name.endswith("_at"):
                out.update(numbers(getattr(value, f.name), f"{prefix}.{f.name}"))
    return out


def declared_only(facts) -> set[str]:
    """Numbers the SVG reading takes from the design it declares, not from the drawing:
    a buoy elevation shows one side, so how many sides carry the symbol is declared
    (wsmark's own PDF declares it too; a shop's PDF or a DXF carries no declaration, and
    the rule then says it could not judge it)."""
    return {".buoy.sides"} if facts.buoy.sides_basis == "declared" else set()


def assert_same_measures(expected: Artwork, got: Artwork, form: str,
                         given: float | None = None) -> None:
    reference = measure(expected)
    want, have = numbers(reference), numbers(measure(got, given))
    for key in declared_only(reference) - have.keys():
        del want[key]
    assert want.keys() == have.keys(), (form, want.keys() ^ have.keys())
    for key, value in want.items():
        tol = DEG_TOL if "angle" in key else IN_TOL
        assert have[key] == pytest.approx(value, abs=tol), (form, key, value, have[key])


def serious(art: Artwork) -> list[tuple[str, str]]:
    report = _judge(art, "m", CheckOptions(), PACK)
    return [(f.rule, f.message) for f in report.findings if f.severity != "info"]


def graded(art: Artwork, given: float | None = None) -> list[tuple[str, str]]:
    """(rule, severity) of every finding above info (with the display height ``given``
    by the clerk, if any)."""
    report = _judge(art, "m", CheckOptions(display_height=given), PACK)
    return [(f.rule, f.severity) for f in report.findings if f.severity != "info"]


def clean_in(kind: str, form: str) -> list[tuple[str, str]]:
    """What a correct marker of ``kind`` still gets in ``form``: in a shop's PDF or a DXF
    an aid buoy's reflective band is drawn but not named, so its material is a review
    (never a pass); the SVG and wsmark's own PDF name it."""
    named = form in ("svg", "cairo-pdf")
    return [("reflector-band", "review")] if not named and kind.startswith("buoy-aid") \
        else []


#: Seeded defects, as (name, the marker made, rule ids the SVG reading must name).
SEEDED = [
    ("outline 1.8 in", lambda: sign("control", 24, outline=1.8), {"outline-width"}),
    ("slope 33 deg", lambda: _stretched(sign("danger", 24), 1 / math.tan(math.radians(33))),
     {"diamond-slope"}),
    ("H 11 in", lambda: sign("danger", 11), {"display-height"}),
    ("wrong color", lambda: sign("information", 24, colors={"orange": "#C8102E"}),
     {"reg-symbol-color"}),
    ("buoy outline 1.8 in", lambda: sign("buoy-symbol", 24, outline=1.8), {"outline-width"}),
    ("sign buoy wrong color", lambda: sign("buoy-sign", 24, colors={"orange": "#C8102E"}),
     {"reg-symbol-color", "buoy-sign-bands"}),
]


def _stretched(art: Artwork, factor: float) -> Artwork:
    """The artwork widened by ``factor`` (a diamond's sides leave 45 deg)."""
    layers = tuple(Layer(layer.color, layer.hex, tuple(
        Shape(affinity.scale(s.geometry, factor, 1.0, origin=(0, 0))) for s in layer.shapes))
        for layer in art.layers)
    return Artwork(art.width * factor, art.height, layers, (), {}, {})
