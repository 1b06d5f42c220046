"""PDF proofs written object by object the way Illustrator, Acrobat and prepress tools
package what prints (PDF 32000-1 8.11 optional content, 8.6.7 overprint, 12.5
annotations, 14.11.2 page boxes, 14.10.4 UserUnit): a sign's shapes as DeviceCMYK paths,
grouped into blocks that may be in a layer (``/OC /name BDC ... EMC``), in a form
XObject with ``/OC``, or overprinted; annotations and boxes on the page.

The held-out batch (``BATCH``) is the issue's round: each case a file and the verdict a
printer's output deserves."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from pdf_objects import pdf_file, stream
from proof_writers import _polygons, naive_cmyk
from wi import KINDS, build, sample_design

from markers.core.artwork import Artwork

__all__ = ["Block", "Proof", "write", "sign", "BATCH", "AI_PLACEHOLDER"]

PT = 72.0
MARGIN = 1.0  # inches of paper around the sign

#: What Illustrator writes on the one page of a file saved without PDF content.
AI_PLACEHOLDER = ("This is an Adobe\xae Illustrator\xae File that was saved without PDF "
                  "Content. To place or open this file in other applications, it should be "
                  "re-saved from Adobe Illustrator with the \"Create PDF Compatible File\" "
                  "option turned on.")


def sign(kind: str = "aid-red", **changes: object) -> Artwork:
    """A 24 in sign of ``kind`` as built (as declared: a seeded defect stays)."""
    return build(replace(sample_design(KINDS[kind], 24), **changes), as_declared=True)


@dataclass
class Block:
    """Shapes of ``art`` painted together: in layer ``layer`` (an /OC property name),
    in a form XObject (``form``, with ``form_oc`` its /OC), and with the ExtGState
    ``gs`` (a resource name) in force on the white of ``under``: the areas of that hex are
    painted whole (their holes filled), then their holes in white on top, as a white
    centre drawn over an orange disc; ``only`` keeps the layers of those colors."""

    art: Artwork
    layer: str | None = None
    form: bool = False
    form_oc: str | None = None
    gs: str | None = None
    only: frozenset[str] | None = None
    under: str | None = None


@dataclass
class Proof:
    """A one-page proof: its blocks in paint order, optional content (``ocgs``: name ->
    the OCG or OCMD dictionary body, with ``{name}`` references; ``config``: the /D
    dictionary body), ExtGStates (name -> body), annotations (bodies, with ``{rect}``),
    the page's extra keys (``page_keys``: /UserUnit, boxes) and ``unit`` (inches per
    unit of user space, for /UserUnit), and printer's marks outside the sign (``marks``)."""

    blocks: list[Block]
    ocgs: dict[str, str] = field(default_factory=dict)
    config: str | None = None
    gstates: dict[str, str] = field(default_factory=dict)
    annots: list[str] = field(default_factory=list)
    page_keys: str = ""
    unit: float = 1 / PT
    marks: bool = False


def _ring_ops(ring: list[tuple[float, float]], k: float, height: float) -> list[str]:
    pts = [((MARGIN + x) / k, (height - MARGIN - y) / k) for x, y in ring[:-1]]
    return [f"{pts[0][0]:.3f} {pts[0][1]:.3f} m", *(f"{x:.3f} {y:.3f} l" for x, y in pts[1:]),
            "h"]


def _paths(art: Artwork, k: float, height: float, block: Block) -> list[str]:
    """The ops painting ``art`` (inches, y down) in user space of ``k`` in per unit."""
    ops = []
    for layer in art.layers:
        if block.only is not None and layer.hex not in block.only:
            continue
        polygons = [p for shape in layer.shapes for p in _polygons(shape.geometry)]
        ops.append("{:.4f} {:.4f} {:.4f} {:.4f} k".format(*naive_cmyk(layer.hex)))
        if layer.hex == block.under:  # the area whole, then its holes in white on top
            for polygon in polygons:
                ops += [*_ring_ops(list(polygon.exterior.coords), k, height), "f"]
            ops += ["q", *([f"/{block.gs} gs"] if block.gs else []), "0 0 0 0 k"]
            for polygon in polygons:
                for ring in polygon.interiors:
                    ops += [*_ring_ops(list(ring.coords), k, height), "f"]
            ops.append("Q")
            continue
        for polygon in polygons:
            for ring in (polygon.exterior, *polygon.interiors):
                ops += _ring_ops(list(ring.coords), k, height)
            ops.append("f*")
    return ops


def write(proof: Proof) -> bytes:
    """The proof as a PDF: catalog 1, pages 2, page 3, content 4, then the rest."""
    art = proof.blocks[0].art
    width, height = art.width + 2 * MARGIN, art.height + 2 * MARGIN
    k = proof.unit
    objects: list[bytes] = [b"", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>", b"", b""]

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    names = {name: 5 + i for i, name in enumerate(proof.ocgs)}
    objects += [b""] * len(proof.ocgs)
    for i, body in enumerate(proof.ocgs.values()):
        objects[4 + i] = body.format(**{n: f"{num} 0 R" for n, num in names.items()}).encode()
    refs = {n: f"{num} 0 R" for n, num in names.items()}
    content, forms = [], {}
    for i, block in enumerate(proof.blocks):
        ops = _paths(block.art, k, height, block)
        if block.form:
            keys = f"/Type /XObject /Subtype /Form /BBox [0 0 {width / k:.3f} {height / k:.3f}]"
            if block.gs:
                keys += f" /Resources << /ExtGState << /{block.gs} {{gs_{block.gs}}} >> >>"
            if block.form_oc:
                keys += f" /OC {refs[block.form_oc]}"
            forms[f"Fm{i}"] = keys, "\n".join(ops)
            ops = [f"/Fm{i} Do"]
        if block.layer:
            ops = [f"/OC /{block.layer} BDC", *ops, "EMC"]
        content += ops
    if proof.marks:  # crop marks outside the trim, and a colour bar
        for x, y in ((0.25, MARGIN), (width - 0.75, MARGIN), (0.25, height - MARGIN),
                     (width - 0.75, height - MARGIN)):
            content.append(f"0 0 0 1 K 0.5 w {x / k:.3f} {y / k:.3f} m {(x + 0.5) / k:.3f} "
                           f"{y / k:.3f} l S")
        for j, cmyk in enumerate(("1 0 0 0", "0 1 0 0", "0 0 1 0", "0 0 0 1")):
            content.append(f"{cmyk} k {(MARGIN + j * 0.3) / k:.3f} {0.2 / k:.3f} "
                           f"{0.25 / k:.3f} {0.25 / k:.3f} re f")
    gs_refs = {name: add(f"<< /Type /ExtGState {body} >>".encode())
               for name, body in proof.gstates.items()}
    xobjects = []
    for name, (keys, ops) in forms.items():
        keys = keys.replace("{gs_", "{").format(**{g: f"{n} 0 R" for g, n in gs_refs.items()})
        xobjects.append(f"/{name} {add(stream(ops.encode('latin-1'), keys.encode()))} 0 R")
    annots = []
    for body in proof.annots:
        ap = add(stream(b"1 1 1 rg 0 0 10 10 re f 0 0 0 rg 0 3 10 4 re f",
                        b"/Type /XObject /Subtype /Form /BBox [0 0 10 10]"))
        annots.append(add(body.format(
            rect=f"[{MARGIN / k:.3f} {MARGIN / k:.3f} {(width - MARGIN) / k:.3f} "
                 f"{(height - MARGIN) / k:.3f}]",
            beside=f"[{2 / k:.3f} {(height - 0.9) / k:.3f} {3 / k:.3f} {(height - 0.3) / k:.3f}]",
            ap=f"{ap} 0 R").encode()))
    resources = ""
    if gs_refs:
        resources += " /ExtGState << " + " ".join(f"/{n} {r} 0 R" for n, r in gs_refs.items()) \
            + " >>"
    if xobjects:
        resources += " /XObject << " + " ".join(xobjects) + " >>"
    props = [f"/{n} {refs[n]}" for n in proof.ocgs]
    if props:
        resources += " /Properties << " + " ".join(props) + " >>"
    page = (f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {width / k:.3f} {height / k:.3f}] "
            f"/Contents 4 0 R /Resources << {resources} >> {proof.page_keys}")
    if annots:
        page += " /Annots [" + " ".join(f"{a} 0 R" for a in annots) + "]"
    objects[2] = (page + " >>").encode()
    objects[3] = stream("\n".join(content).encode("latin-1"), flate=True)
    ocgs = [refs[n] for n, body in proof.ocgs.items() if "/OCG " in body + " "]
    catalog = "<< /Type /Catalog /Pages 2 0 R"
    if ocgs:
        config = (proof.config or "<< >>").format(**refs)
        catalog += f" /OCProperties << /OCGs [{' '.join(ocgs)}] /D {config} >>"
    objects[0] = (catalog + " >>").encode()
    return pdf_file(objects)


def _ocg(name: str, usage: str = "") -> str:
    return f"<< /Type /OCG /Name ({name}){' /Usage << ' + usage + ' >>' if usage else ''} >>"


_PRINT_AS = "/AS [<< /Event /Print /OCGs [{%s}] /Category [/Print] >>]"
_STAMP = "<< /Type /Annot /Subtype /Stamp /Rect {rect} /F %d /Name /Approved /AP << /N {ap} >> >>"
_NOTE = "<< /Type /Annot /Subtype /Text /Rect {beside} /F 4 /Contents (check the bolts) >>"


def _batch() -> dict[str, tuple[Proof, str]]:
    """The held-out round: name -> (proof, the verdict its print deserves)."""
    right, wrong = sign(), sign(ws_id="WS-3")  # WS-3 on red: the wrong parity
    ctl = sign("control")
    off, on = _ocg("Old version"), _ocg("Artwork")
    return {
        # /D /OFF: a hidden layer drawn on top of what prints
        "layer-off-right-hidden.pdf": (Proof(
            [Block(wrong, "L1"), Block(right, "L0")], {"L0": off, "L1": on},
            "<< /OFF [{L0}] /Order [{L1} {L0}] >>"), "fail"),
        "layer-off-wrong-hidden.pdf": (Proof(
            [Block(right, "L1"), Block(wrong, "L0")], {"L0": off, "L1": on},
            "<< /OFF [{L0}] /Order [{L1} {L0}] >>"), "pass"),
        # /BaseState /OFF with the printing layer listed /ON
        "basestate-off.pdf": (Proof(
            [Block(wrong, "L1"), Block(right, "L0")], {"L0": off, "L1": on},
            "<< /BaseState /OFF /ON [{L1}] >>"), "fail"),
        # seen on screen, not printed: /Usage /Print /PrintState /OFF with an /AS print event
        "print-state-off.pdf": (Proof(
            [Block(wrong, "L1"), Block(right, "L0")],
            {"L0": _ocg("Screen only", "/Print << /PrintState /OFF >>"), "L1": on},
            "<< /ON [{L0} {L1}] " + _PRINT_AS % "L0" + " >>"), "fail"),
        # off on screen, printed: /D /OFF but /PrintState /ON with an /AS print event
        "print-state-on.pdf": (Proof(
            [Block(right, "L1"), Block(wrong, "L0")],
            {"L0": _ocg("Print only", "/Print << /PrintState /ON >>"), "L1": on},
            "<< /OFF [{L0}] " + _PRINT_AS % "L0" + " >>"), "fail"),
        # an OCMD: AnyOn of two layers both off hides; AllOff of one off shows
        "ocmd-anyon-off.pdf": (Proof(
            [Block(wrong, "L1"), Block(right, "M0")],
            {"L0": off, "L2": _ocg("Notes"), "L1": on,
             "M0": "<< /Type /OCMD /OCs [{L0} {L2}] /P /AnyOn >>"},
            "<< /OFF [{L0} {L2}] >>"), "fail"),
        "ocmd-alloff-shows.pdf": (Proof(
            [Block(right, "L1"), Block(wrong, "M0")],
            {"L0": off, "L1": on, "M0": "<< /Type /OCMD /OCs {L0} /P /AllOff >>"},
            "<< /OFF [{L0}] >>"), "fail"),
        "ocmd-ve-not.pdf": (Proof(
            [Block(wrong, "L1"), Block(right, "M0")],
            {"L0": off, "L1": on, "M0": "<< /Type /OCMD /VE [/Not [/Or {L1} {L0}]] >>"},
            "<< /OFF [{L0}] >>"), "fail"),
        # a form XObject with /OC of a hidden layer
        "form-oc-hidden.pdf": (Proof(
            [Block(wrong), Block(right, form=True, form_oc="L0")], {"L0": off},
            "<< /OFF [{L0}] >>"), "fail"),
        # an overprinted white centre (DeviceCMYK, OPM 1): prints what is beneath
        "overprint-white-opm1.pdf": (Proof(
            [Block(ctl, gs="GS0", under="#FF4F00")],
            gstates={"GS0": "/OP true /op true /OPM 1"}), "fail"),
        "overprint-white-opm0.pdf": (Proof(
            [Block(ctl, gs="GS0", under="#FF4F00")],
            gstates={"GS0": "/OP true /op true /OPM 0"}), "pass"),
        "overprint-white-form.pdf": (Proof(
            [Block(ctl, form=True, gs="GS0", under="#FF4F00")],
            gstates={"GS0": "/OP true /OPM 1"}), "fail"),
        # /UserUnit 10: a 24 in sign in units of 10/72 in
        "userunit-10.pdf": (Proof([Block(ctl)], page_keys="/UserUnit 10", unit=10 / PT),
                            "pass"),
        "userunit-10-wrong.pdf": (Proof([Block(wrong)], page_keys="/UserUnit 10",
                                        unit=10 / PT), "fail"),
        # annotations: a printing opaque Stamp over the sign; one that does not print;
        # a note beside the sign
        "stamp-covers-sign.pdf": (Proof([Block(ctl)], annots=[_STAMP % 4]), "review"),
        "stamp-not-printed.pdf": (Proof([Block(ctl)], annots=[_STAMP % 0]), "pass"),
        "stamp-hidden.pdf": (Proof([Block(ctl)], annots=[_STAMP % 6]), "pass"),
        "note-beside.pdf": (Proof([Block(ctl)], annots=[_NOTE]), "pass"),
        # printer's marks outside the TrimBox
        "trimbox-marks.pdf": (Proof([Block(ctl)], marks=True, page_keys=(
            f"/TrimBox [{MARGIN * PT:.1f} {MARGIN * PT:.1f} {(ctl.width + MARGIN) * PT:.1f} "
            f"{(ctl.height + MARGIN) * PT:.1f}] /BleedBox [54 54 {(ctl.width + 1.25) * PT:.1f} "
            f"{(ctl.height + 1.25) * PT:.1f}]")), "pass"),
    }


def ai_without_pdf(note: str = AI_PLACEHOLDER) -> bytes:
    """What Illustrator saves with "Create PDF Compatible File" off: a PDF whose one
    page is the placeholder ``note`` (the artwork is in Illustrator's private data)."""
    text = note.encode("latin-1").replace(b"(", b"\\(").replace(b")", b"\\)")
    lines = [text[i:i + 90] for i in range(0, len(text), 90)]
    ops = b"BT /F1 12 Tf 14 TL 72 720 Td " + b" ".join(b"(%s) '" % line for line in lines) + b" ET"
    return pdf_file([
        b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R "
        b"/Resources << /Font << /F1 5 0 R >> >> >>",
        stream(ops, flate=True),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"])


BATCH = _batch()
