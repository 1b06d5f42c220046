"""A held-out batch (issue 30, item 4): a sign drawn turned whose lettering is live text
turned with it, the way a shop's file keeps words it can still edit: PDF text (reportlab,
Helvetica-Bold), SVG ``<text>`` under a rotating transform, DXF TEXT with its rotation.
A danger and an information sign turned 180 deg (their symbols look the same turned
over) and a control sign turned 90 and 270 deg (a circle has no up at all): only the
lettering's own direction says which way is up. Each is wsmark's built sign
(scale_batch._built) turned about its centre (scale_batch._turned), its lettering taken
out of the paint and set again as one live line of text per line, where it stood.

``python tests/producers/live_turn_batch.py OUT`` then ``... OUT --check``.
"""

from __future__ import annotations

import io
import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from batch_main import run  # noqa: E402

import orient_batch  # noqa: E402

from scale_batch import Proof, Want, _built, _turned  # noqa: E402

#: Helvetica-Bold's cap height, in ems (what a writer sets the font size from).
CAP_EM = 0.718


@dataclass(frozen=True)
class Line:
    """A line of live lettering as it stands upright: its text, its left end on the
    baseline (inches, y down) and its cap height."""

    text: str
    x: float
    y: float
    cap: float


@dataclass(frozen=True)
class TurnedSign:
    """A built sign turned ``angle`` deg (clockwise on the page), its paint without the
    lettering, and the lettering as live lines with the page's turn (``place``: an
    upright point to the turned page)."""

    art: object
    lines: tuple[Line, ...]
    angle: float
    place: Callable[[float, float], tuple[float, float]]


def _lines(item) -> list[Line]:
    """A legend item's lines, from its outlines' pieces grouped by height band."""
    from markers.check.measure.common import polygons

    texts = item.text.split("\n")
    x0, y0, _, y1 = item.box.bounds
    band = (y1 - y0) / len(texts)
    out = []
    for number, text in enumerate(texts):
        pieces = [p for p in polygons(item.outlines)
                  if y0 + number * band <= p.centroid.y < y0 + (number + 1) * band]
        px0 = min(p.bounds[0] for p in pieces)
        py1 = max(p.bounds[3] for p in pieces)
        out.append(Line(text, px0, py1, item.cap_height))
    return out


def turned_sign(kind: str, legend: str, angle: float) -> TurnedSign:
    """``kind`` with ``legend``, 24 in H, turned ``angle`` deg with its lettering live."""
    import shapely
    from shapely import affinity

    from markers.core.artwork import Layer, Shape

    upright = _built(kind, display_height=24.0, legend=legend)
    letters = shapely.union_all([item.outlines for item in upright.legends])
    layers = []
    for layer in upright.layers:
        shapes = tuple(Shape(s.geometry.difference(letters.buffer(1e-3)))
                       for s in layer.shapes) if layer.color == "black" else layer.shapes
        shapes = tuple(s for s in shapes if s.geometry.area > 1e-3)
        if shapes:
            layers.append(Layer(layer.color, layer.hex, shapes))
    painted = replace(upright, layers=tuple(layers), legends=())
    # the turn _turned makes: about the centre, then onto a page that fits it, 1 in round
    c = (upright.width / 2, upright.height / 2)
    x0, y0, _, _ = shapely.total_bounds([affinity.rotate(s.geometry, angle, origin=c)
                                         for layer in layers for s in layer.shapes])

    def place(x: float, y: float) -> tuple[float, float]:
        p = affinity.rotate(shapely.Point(x, y), angle, origin=c)
        return p.x + 1 - x0, p.y + 1 - y0

    art = _turned(painted, angle)
    lines = tuple(line for item in upright.legends for line in _lines(item))
    return TurnedSign(art, lines, angle, place)


def to_pdf(sign: TurnedSign) -> bytes:
    """The turned sign's paint as reportlab paths and its lines as live Helvetica-Bold,
    each set under the page's turn (its baseline along the turned sign)."""
    from proof_writers import fill_shapes, naive_cmyk
    from reportlab.pdfgen import canvas

    art = sign.art
    out = io.BytesIO()
    pdf = canvas.Canvas(out, pagesize=(art.width * 72, art.height * 72), invariant=1)
    pdf.translate(0, art.height * 72)
    pdf.scale(72, -72)  # inches, y down
    fill_shapes(pdf, art, {layer.hex: naive_cmyk(layer.hex) for layer in art.layers})
    for line in sign.lines:
        x, y = sign.place(line.x, line.y)
        pdf.saveState()
        pdf.translate(x, y)
        pdf.rotate(sign.angle)  # clockwise on the y-down page
        pdf.scale(1, -1)  # the letters upright along their baseline
        pdf.setFillColorCMYK(0, 0, 0, 1)
        pdf.setFont("Helvetica-Bold", line.cap / CAP_EM)
        pdf.drawString(0, 0, line.text)
        pdf.restoreState()
    pdf.showPage()
    pdf.save()
    return out.getvalue()


def to_svg(sign: TurnedSign) -> bytes:
    """The turned sign's paint as paths (inches) and its lines as ``<text>``, each under a
    transform that turns it with the sign."""
    from scale_batch import _svg_paths

    head, _, tail = _svg_paths(sign.art).decode().rpartition("</svg>")
    texts = []
    for line in sign.lines:
        x, y = sign.place(line.x, line.y)
        texts.append(f'<text transform="translate({x:.4f} {y:.4f}) rotate({sign.angle:g})" '
                     f'x="0" y="0" font-family="Helvetica, Arial, sans-serif" '
                     f'font-weight="bold" font-size="{line.cap / CAP_EM:.4f}" '
                     f'fill="#000000">{line.text}</text>')
    return (head + "\n".join(texts) + "\n</svg>" + tail).encode()


def to_dxf(sign: TurnedSign) -> bytes:
    """The turned sign's paint as hatches (inches, y up) and its lines as TEXT entities
    whose rotation (counter-clockwise, y up) is the page's turn."""
    import ezdxf
    from proof_writers import to_dxf as hatches

    doc = ezdxf.read(io.StringIO(hatches(sign.art, "in").decode()))
    msp = doc.modelspace()
    for line in sign.lines:
        x, y = sign.place(line.x, line.y)
        msp.add_text(line.text, height=line.cap, dxfattribs={
            "insert": (x, sign.art.height - y), "rotation": -sign.angle % 360})
    stream = io.StringIO()
    doc.write(stream)
    return stream.getvalue().encode("utf-8")


WRITERS = {"pdf": to_pdf, "svg": to_svg, "dxf": to_dxf}
SIGNS = (("danger", "ROCKS", 180.0), ("information", "BOAT LAUNCH", 180.0),
         ("control", "NO WAKE", 90.0), ("control", "NO WAKE", 270.0))


def cases() -> list[Proof]:
    out = []
    for kind, legend, angle in SIGNS:
        sign = turned_sign(kind, legend, angle)
        for suffix, write in WRITERS.items():
            out.append(Proof(f"{kind}-{angle:g}.{suffix}", lambda s=sign, w=write: w(s),
                             (Want(kind, "pass", 24.0),),
                             f"{kind} turned {angle:g} deg, live lettering ({suffix})",
                             words=("turned",)))
    return out


def wrong(report: dict, proof: dict) -> list[str]:
    """orient_batch's (kind, verdict, error, the words said) and the turn the report
    names: the one the proof was drawn at, either way round."""
    turned = " ".join(f.get("message", "") for f in report.get("findings", [])
                      if f["rule"] == "turned")
    drawn = want_turn(proof)
    named = f"turned {drawn:g}" in turned or f"turned {-drawn % 360:g}" in turned
    return orient_batch.wrong(report, proof) + ([] if named else [f"turned said: {turned!r}"])


def want_turn(proof: dict) -> float:
    """The turn the proof was drawn at (from its note)."""
    return float(proof["note"].split(" turned ")[1].split(" deg")[0])


def main() -> None:
    run(cases, wrong)


if __name__ == "__main__":
    main()
