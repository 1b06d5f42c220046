"""Repair: a failing proof handed back as the compliant drawing it means (issue 25).

A clerk who fails a proof gets, beside the findings, the drawing that would pass: each
marker of the proof is read into the design it means (``markers.check.meant``: kind,
display height, legend and id as read, a buoy's or a flag's sizes), corrected where a
finding puts a value of that design in doubt (the pack's ``Mend.redo``: a display area
under the minimum is built at the minimum, a buoy too short at the least height), built
compliant by construction by the pack, and placed where the marker was: by its display
area, a buoy by its waterline, anything else by what it paints. What the proof set aside
(title block, notes, dimensions) is kept from the vendor's own file where the format
allows (``fixed_file``). Every finding becomes a change said in the pack's words and tied
to its paragraph, its values measured on the drawing before and after (``change_lines``).

What a repair must not guess is listed and nothing is built: a finding the pack says is
not for a repair to answer (an aid's number is the plan's to choose), one that could not
be judged (``review``: lettering not read), a marker whose kind was not found, a design
the pack refuses. A display area that was only inferred is used, and said.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from markers.core.artwork import Artwork, moved
from markers.core.colors import ColorMatch
from markers.core.design import Design
from markers.core.pack import Mend, Pack
from markers.core.safe_text import json_ready
from markers.errors import WsmarkError

if TYPE_CHECKING:
    from markers.check.engine import Finding
    from markers.check.meant import Meant
    from markers.check.measure import Facts
    from markers.check.report import FileReport, MarkerReport

__all__ = ["Placed", "Change", "Repair", "Frame", "plan", "change_lines", "design_file",
           "fixed_file", "layouts", "overlay_svg", "frame", "Box", "placed_box"]

#: (x0, y0, x1, y1) inches on the page, y down.
Box = tuple[float, float, float, float]
#: Severities a repair answers; ``info`` findings change nothing.
ANSWERED = ("error", "warning")


@dataclass(frozen=True)
class Placed:
    """A marker rebuilt compliant: the report's marker ``index`` on page ``page`` (from
    0), the ``design`` it was built from, its Artwork ``art`` and where its origin goes
    on the page (``x``, ``y``, page inches at full size), and the ``extent`` of the
    marker it replaces."""

    index: int
    page: int
    design: Design
    art: Artwork
    x: float
    y: float
    extent: Box


@dataclass(frozen=True)
class Change:
    """One line of what a repair changed (or could not), for marker ``marker``: the
    ``rule`` and ``citation`` of the finding it answers, in words (``text``)."""

    marker: int
    rule: str
    citation: str
    text: str
    bbox: tuple[float, float, float, float] | None = None

    def line(self, several: bool = False) -> str:
        """The line a clerk reads: "outline 1.50 -> 2.00 in, NR 5.09(6)(b)"."""
        where = f"marker {self.marker + 1}: " if several else ""  # counted from 1
        return f"{where}{self.text}" + (f", {self.citation}" if self.citation else "")


@dataclass
class Repair:
    """What ``wsmark fix`` hands back for one proof: the original ``report``; the
    ``changes`` made, each tied to the finding it answers; what could not be repaired
    (``cannot``: then no file is made); ``notes`` (a display area only inferred, what
    of the page is not kept); the fixed file ``data`` in ``suffix``'s format (None when
    nothing could be made), the check of it (``fixed_report``: it passes, or ``data``
    is None) and the overlay pages (SVG: the vendor's drawing with the compliant outline
    over it and the changes numbered); made apart (``api.fix_file``), the report PDF of
    them (``report_pdf``), or the one line of a report over its budget
    (``report_refused``)."""

    file: str
    report: FileReport
    suffix: str
    changes: list[Change] = field(default_factory=list)
    cannot: list[Change] = field(default_factory=list)
    notes: list[Change] = field(default_factory=list)
    data: bytes | None = None
    fixed_report: FileReport | None = None
    overlay: list[bytes] = field(default_factory=list)
    placed: list[Placed] = field(default_factory=list)
    marked: list[bytes] = field(default_factory=list)
    report_pdf: bytes | None = None
    report_refused: str | None = None

    @property
    def exit_status(self) -> int:
        """0 a compliant file was made, 1 it could not be (listed in ``cannot``)."""
        return 0 if self.data is not None and not self.cannot else 1

    def text(self) -> str:
        """The changes, what could not be repaired and the notes, a line each."""
        several = len(getattr(self.report, "markers", ())) > 1
        if self.data is not None:
            head = f"{self.file}: repaired" if self.changes else \
                f"{self.file}: nothing to change (the proof passes)"
        else:
            head = f"{self.file}: NOT REPAIRED"
        lines = [head]
        lines += [f"  {n}. {c.line(several)}" for n, c in enumerate(self.changes, start=1)]
        lines += [f"  cannot repair: {c.line(several)}" for c in self.cannot]
        lines += [f"  note: {c.line(several)}" for c in self.notes]
        return "\n".join(lines)


def plan(report: FileReport, facts: list[Facts], meant: list[Meant], pack: Pack,
         keep: bool = False) -> tuple[list[Placed], list[Change], list[Change]]:
    """The markers of ``report`` rebuilt (each as ``meant`` says, corrected by the pack's
    mends of its findings), what cannot be repaired, and the notes; ``facts`` are what
    was measured of each marker. With ``keep``, a marker with nothing to answer (no
    error, warning or review) is left as the vendor drew it: it is compliant already,
    and rebuilt it would lose its layout (words above and below its symbol set as the
    builder sets them, a legend the builder cannot set at that size)."""
    placed: list[Placed] = []
    cannot: list[Change] = []
    notes: list[Change] = []
    for marker, what, measured in zip(report.markers, meant, facts, strict=True):
        findings = [f for f in report.findings if f.marker == marker.index and not f.waived]
        if keep and not any(f.severity in (*ANSWERED, "review") for f in findings):
            continue
        rebuilt, refused, said = _rebuilt(marker, what, measured, findings, pack)
        placed += [rebuilt] if rebuilt is not None else []
        cannot += refused
        notes += said
    cleared, kept_not = _cleared(placed, report, facts)
    return cleared, cannot, notes + kept_not


def _rebuilt(marker: MarkerReport, what: Meant, measured: Facts, findings: list[Finding],
             pack: Pack) -> tuple[Placed | None, list[Change], list[Change]]:
    """One marker rebuilt compliant and placed where it stood, or what stops it (a
    finding the pack will not mend, no design read, one the pack refuses); with the note
    of a display area only inferred."""
    refused = [c for c in (_refusal(f, pack.mends.get(f.rule), measured) for f in findings)
               if c]
    if refused:
        return None, refused, []
    if what.design is None:
        return None, [Change(marker.index, "", "", what.why or "nothing to rebuild")], []
    design, why = _corrected(what.design, findings, pack)
    if why is not None:
        return None, [why], []
    try:
        design, art = _built(design, pack)
    except WsmarkError as err:
        return None, [Change(marker.index, "", "",
                             f"the design it means cannot be built compliant: {err}")], []
    notes = [Change(marker.index, "display-height", "", (
        f"display area {design.display_height:g} in inferred from the panel (nothing "
        "on the proof states or declares it) and used; if another size is meant, "
        "state it on the proof or give --display-height"))] \
        if (what.basis or "").startswith("inferred") and design.display_height is not None \
        else []
    x, y = _origin(what, art)
    return Placed(marker.index, marker.page - 1, design, art, x, y, what.extent), [], notes


def _cleared(placed: list[Placed], report: FileReport, facts: list[Facts]
             ) -> tuple[list[Placed], list[Change]]:
    """Each rebuilt marker's extent grown over what set aside it reaches into (that goes
    whole: no piece of it is left), with a note of each thing not kept."""
    aside = [(marker.page - 1, item) for marker, facts_ in zip(report.markers, facts, strict=True)
             for item in facts_.drawing.set_aside if item.what != "page background"]
    cleared, notes = [], []
    for p in placed:
        met = [item for page, item in aside if page == p.page
               and _meets(_joined(p.extent, placed_box(p)), p.extent, item.bbox)
               and not (item.what == "waterline" and "waterline" in p.art.features)]
        notes += [_not_kept(p, item) for item in met]
        extent = p.extent
        for item in met:
            x, y, w, h = item.bbox
            extent = _joined(extent, (x, y, x + w, y + h))
        cleared.append(replace(p, extent=extent))
    return cleared, notes


def _built(design: Design, pack: Pack) -> tuple[Design, Artwork]:
    """``design`` and its Artwork; with the vendor's line breaks ('|') given up for the
    builder's own where they cannot be kept at a legible size in the space the rule
    gives (the words are the vendor's, their rows are not the rule's)."""
    try:
        return design, pack.build(design)
    except WsmarkError:
        fields = {name: getattr(design, name) for name in ("legend", "above", "below")}
        free = replace(design, **{name: text.replace("|", " ")
                                  for name, text in fields.items() if text})
        if free == design:
            raise
        return free, pack.build(free)


def _meets(outer: Box, old: Box, bbox: tuple[float, float, float, float]) -> bool:
    """Whether the cleared box ``outer`` (x0, y0, x1, y1) reaches into ``bbox`` ([x, y,
    w, h]) of something set aside that is not round the marker replaced (``old``): a
    border is drawn outside it, and only what of its line lies in ``outer`` goes."""
    x, y, w, h = bbox
    around = x <= old[0] and y <= old[1] and old[2] <= x + w and old[3] <= y + h
    return not around and x < outer[2] + CLEARANCE and outer[0] - CLEARANCE < x + w and \
        y < outer[3] + CLEARANCE and outer[1] - CLEARANCE < y + h


def _not_kept(p: Placed, item: Any) -> Change:
    """What of the page a rebuilt marker clears: drawn on the marker it replaces, or
    reached over where the rebuilt one is larger."""
    x, y, w, h = item.bbox
    x0, y0, x1, y1 = p.extent
    on = x0 - CLEARANCE <= x and y0 - CLEARANCE <= y and x + w <= x1 + CLEARANCE \
        and y + h <= y1 + CLEARANCE
    why = "drawn on the marker the rebuilt one replaces" if on else \
        "the rebuilt marker, larger than the one it replaces, reaches over it"
    return Change(p.index, "set-aside", "", f"not kept: {item.describe()}, {why}")


def _refusal(finding: Any, mend: Mend | None, facts: Any) -> Change | None:
    """Why a finding is not for a repair to answer, or None. A review is, but where
    the rebuilt marker sets anew what it is about (moot_review)."""
    if finding.severity == "review" and not moot_review(finding, mend, facts):
        return Change(finding.marker, finding.rule, finding.citation, finding.message)
    if mend is not None and mend.cannot:
        return Change(finding.marker, finding.rule, finding.citation,
                      _words(mend.cannot, finding))
    return None


def moot_review(finding: Any, mend: Mend | None, facts: Any) -> bool:
    """Whether a ``review`` finding is answered by rebuilding (``Mend.answers_review``):
    it is about what the rebuilt marker sets anew, and every line of the marker's
    lettering was read (lettering that was not is never guessed)."""
    if finding.severity != "review" or mend is None or not mend.answers_review:
        return False
    return all(leg.text and not leg.doubt
               for part in (facts, *facts.faces) for leg in part.letters.legends)


def _corrected(design: Design, findings: list[Any], pack: Pack) -> tuple[Design, Change | None]:
    """``design`` corrected by the mends of the findings that put a value of it in doubt;
    the first refusal, if any."""
    for f in findings:
        mend = pack.mends.get(f.rule)
        if f.severity in ANSWERED and mend is not None and mend.redo is not None:
            try:
                design = mend.redo(design, f, pack.law)
            except WsmarkError as err:
                return design, Change(f.marker, f.rule, f.citation, str(err))
    return design, None


def _origin(what: Meant, art: Artwork) -> tuple[float, float]:
    """Where ``art``'s origin goes so that it stands where the marker stood: its
    waterline on the marker's (centred on the body), its display area centred on the
    marker's, or what it paints centred on what the marker painted."""
    ax0, ay0, ax1, ay1 = what.anchor
    line, area = art.features.get("waterline"), art.features.get("display-area")
    if what.how == "waterline" and line is not None:
        px0, _, px1, _ = art.painted_box()
        return (ax0 + ax1) / 2 - (px0 + px1) / 2, ay0 - line.bounds[1]
    bx0, by0, bx1, by1 = area.bounds if what.how == "display-area" and area is not None \
        else art.painted_box()
    return (ax0 + ax1) / 2 - (bx0 + bx1) / 2, (ay0 + ay1) / 2 - (by0 + by1) / 2


def placed_box(p: Placed) -> Box:
    """The rebuilt marker's box on the page (its whole artwork)."""
    return p.x, p.y, p.x + p.art.width, p.y + p.art.height


# ------------------------------------------------------------------ the changes, in words

def change_lines(report: Any, before: list[Any], placed: list[Placed], after: list[Any],
                 fixed_report: Any, pack: Pack) -> tuple[list[Change], list[Change]]:
    """Each finding a repair answered, said as the pack's mend of its rule words it, its
    values measured ``before`` (the Facts of each marker of ``report``) and ``after``
    (the Facts of each marker of the repaired drawing, as ``fixed_report`` judged it, in
    the report's order: the rebuilt ones of ``placed`` stand where theirs stood, the
    others are kept as drawn); and, as notes, the findings the repaired drawing still
    has (a warning on the vendor's own dimension text, which a repair keeps)."""
    fixed = {p.index: after[p.index] for p in placed}
    kinds = {p.index: pack.kinds[p.design.kind] for p in placed}
    left = {(f.marker, f.rule) for f in fixed_report.findings if f.severity in ANSWERED}
    out: list[Any] = []
    notes: list[Any] = []
    for f in report.findings:
        mend = pack.mends.get(f.rule) or Mend()
        answered = f.severity in ANSWERED or moot_review(f, mend, before[f.marker])
        if f.waived or not answered or f.marker not in fixed:
            continue
        if (f.marker, f.rule) in left:
            notes.append(Change(f.marker, f.rule, f.citation, f"left as drawn: {f.message}"))
            continue
        old = mend.value(before[f.marker], f) if mend.value else None
        new = mend.value(fixed[f.marker], f) if mend.value else None
        if f.severity == "review":
            what = f.message.partition(" could not be judged")[0]
            text = f"{what}: set by the rebuilt marker (the drawing did not let it be judged)"
        elif not mend.what or (mend.value is not None and new is None):
            text = f"{f.rule} answered by the rebuilt marker (was: {f.message})"
        else:
            design = next(p.design for p in placed if p.index == f.marker)
            text = _words(mend.what, f, old=_shown(old, f), new=_shown(new, f, True),
                          figure=kinds[f.marker].look.figure or "symbol",
                          H=f"{design.display_height or 0:g}", size=_size_name(before[f.marker]))
        if (f.marker, f.citation, text) not in {(c.marker, c.citation, c.text) for c in out}:
            out.append(Change(f.marker, f.rule, f.citation, text, f.bbox))  # once a line
    return out, notes


def _words(template: str, finding: Any, **values: str) -> str:
    """``template`` with the finding's measured and required values and ``values``."""
    unit = "" if finding.unit in (None, "ratio", "count") else finding.unit
    fields = {"measured": _shown(finding.measured, finding), "required": finding.required or "",
              "message": finding.message, "unit": unit, "figure": "symbol", "H": "",
              "size": "size", "old": "", "new": "", **values}
    return " ".join(template.format(**fields).split())


def _shown(value: Any, finding: Any, after: bool = False) -> str:
    """A measured value as a change line says it: a number to 1/100, a color by its hex
    (after a repair, by its name when it is a reference swatch)."""
    if isinstance(value, ColorMatch):
        named = after and value.hex.upper() == value.reference.upper()
        return f"{value.reference_name} {value.hex}" if named else value.hex
    if isinstance(value, (bool, int)) or value is None:
        return str(value)
    if isinstance(value, float):
        return _number(value)
    return str(value)


def _number(value: float | None) -> str:
    if value is None or not math.isfinite(value):
        return "?"
    return f"{value:.2f}" if value != int(value) or abs(value) < 100 else f"{value:g}"


def _size_name(facts: Any) -> str:
    face = facts.faces[0] if facts.faces and facts.symbol.shape is None else facts
    return face.symbol.size_name or "size"


# ------------------------------------------------------------------ design files

def design_file(design: Design, suffix: str) -> bytes:
    """A design as the YAML (or, for ``.json``, JSON) ``wsmark render`` and ``check``
    read: its fields that differ from the defaults, in the order Design declares them."""
    import json

    import yaml

    blank = Design(design.kind)
    record = {name: value for name, value in vars(design).items()
              if value != getattr(blank, name) or name == "kind"}
    if "ws_id" in record:
        record["id"] = record.pop("ws_id")
    record = json_ready(record)  # a legend as read: no lone surrogate reaches UTF-8
    if suffix == ".json":
        return (json.dumps(record, indent=2) + "\n").encode("utf-8")
    return yaml.safe_dump(record, sort_keys=False, allow_unicode=True).encode("utf-8")


# ------------------------------------------------------------------ the repaired page

#: What is cleared of the vendor's drawing reaches this far past the marker it replaces
#: (inches): the edge of a stroke, a reader's rounding.
CLEARANCE = 0.05


@dataclass(frozen=True)
class Frame:
    """A repaired page: ``width`` x ``height`` inches at the drawing's own scale (``1 /
    enlarged`` of full size: a proof drawn at 1:4 stays at 1:4), the vendor's page laid
    at (``dx``, ``dy``) on it (moved when a rebuilt marker reaches past its edge), the
    area of it ``kept`` (the page less what the rebuilt markers replace) and the markers
    as (art, x, y, scale)."""

    width: float
    height: float
    dx: float
    dy: float
    page: tuple[float, float]
    kept: Any
    markers: list[tuple[Artwork, float, float, float]]
    cleared: list[Box]
    said: list[tuple[str, float, float, float]]


def frame(page: Artwork, placed: list[Placed], stated: bool = False) -> Frame:
    """The repaired page of ``page`` (as judged: at full size) holding ``placed``; with
    ``stated``, each marker's display height stated in a line below it (``said``), as a
    proof's note states it: for a page that declares nothing, where the panel a marker
    is built on is larger than its display area (a 12 in control sign stands on a 14 in
    blank) and would be read as larger."""
    from shapely.geometry import box
    from shapely.ops import unary_union

    k = float(page.meta.get("enlarged", 1.0))
    boxes = [_joined(p.extent, placed_box(p)) for p in placed]
    notes = [_statement(p) for p in placed if stated and p.design.display_height]
    x0 = min([0.0] + [b[0] for b in boxes] + [n[1] for n in notes]) / k
    y0 = min([0.0] + [b[1] for b in boxes] + [n[2] - n[3] for n in notes]) / k
    x1 = max([page.width] + [b[2] for b in boxes] + [n[1] + n[4] for n in notes]) / k
    y1 = max([page.height] + [b[3] for b in boxes]) / k
    dx, dy = -x0, -y0
    holes = [box(b[0] / k + dx, b[1] / k + dy, b[2] / k + dx, b[3] / k + dy) for b in boxes]
    cleared = unary_union(holes).buffer(CLEARANCE, join_style="mitre") if holes else None
    page_box = box(dx, dy, dx + page.width / k, dy + page.height / k)
    kept = page_box if cleared is None else page_box.difference(cleared)
    markers = [(p.art, p.x / k + dx, p.y / k + dy, 1 / k) for p in placed]
    return Frame(x1 - x0, y1 - y0, dx, dy, (page.width / k, page.height / k), kept, markers,
                 [_bounds(h.buffer(CLEARANCE, join_style="mitre")) for h in holes],
                 [(text, x / k + dx, y / k + dy, cap / k) for text, x, y, cap, _ in notes])


#: A stated display height: its words, and its letters' cap height as a share of H
#: (within what a proof's note is drawn at, inches).
STATED = "DISPLAY AREA {H:g} IN"
STATED_CAP = (1 / 32, 0.25, 1.0)


def _statement(p: Placed) -> tuple[str, float, float, float, float]:
    """The line stating ``p``'s display height, its baseline 1/2 in above the marker
    (below a buoy it would stand on its waterline, as a dimension's words do): (text, x,
    baseline y, cap height, its width as sans-serif sets it, about)."""
    share, low, high = STATED_CAP
    h = p.design.display_height
    assert h is not None  # only a marker with a display area has it stated
    cap = min(max(h * share, low), high)
    text = STATED.format(H=h)
    x0, y0, _, _ = placed_box(p)
    return text, x0, y0 - 0.5, cap, 0.6 * cap / 0.7 * len(text)


def _bounds(g: Any) -> Box:
    """A geometry's bounds as a box (x0, y0, x1, y1)."""
    x0, y0, x1, y1 = g.bounds
    return (x0, y0, x1, y1)


def _joined(a: Box, b: Box) -> Box:
    """The box holding both boxes."""
    return min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3])


def fixed_file(pages: list[Artwork], placed: list[Placed], suffix: str,
               vendor: list[bytes | None], source: bytes | None = None,
               declare: bool = False, stated: bool = False) -> bytes:
    """The repaired drawing as ``suffix`` (.svg, .pdf, .dxf): an SVG as ``page_svg`` makes
    it (the vendor's own SVG where given, else redrawn), a PDF as ``page_pdf`` and a DXF
    as ``page_dxf`` (the vendor's own PDF page or DXF, ``source``, where it is one). With
    ``declare`` its one marker is declared as wsmark declares what it draws; else it is
    left to be read as the vendor's was, and with ``stated`` each marker's display
    height is stated beside it (``frame``). ``layouts`` says which to try first."""
    if suffix in (".svg", ".dxf") and len(pages) > 1:
        raise WsmarkError(f"a proof of {len(pages)} pages is repaired as one .pdf, not "
                          f"as one {suffix}")
    if suffix == ".svg":
        return page_svg(pages[0], placed, vendor[0], declare, stated)
    if suffix == ".dxf":
        return page_dxf(pages[0], placed, source, declare, stated)
    from render.pdf import fixed_pdf

    return fixed_pdf([page_pdf(page, [p for p in placed if p.page == n], picture, source,
                               declare, stated)
                      for n, (page, picture) in enumerate(zip(pages, vendor, strict=True))])


def layouts(markers: int, alone: bool) -> list[tuple[bool, bool]]:
    """The ways to write a repaired drawing, (declare, stated), in the order to try
    them: one marker alone on its proof declared, as wsmark declares what it draws;
    beside a title block or notes, read as the vendor's was first (a declared drawing is
    one marker, whose notes could be read as its lettering), then with each display
    height stated (a 12 in control sign stands on a 14 in blank, and would be read as
    14), then one marker declared after all (a buoy's face takes no statement)."""
    if alone and markers == 1:
        return [(True, False)]
    return [(False, False), (False, True)] + ([(True, False)] if markers == 1 else [])


def page_pdf(page: Artwork, placed: list[Placed], vendor: bytes | None, source: bytes | None,
             declare: bool, stated: bool = False) -> Any:
    """The repaired ``page`` as a render.pdf.Sheet: the vendor's page (its own PDF page
    when ``source`` is the PDF it was read from; else its SVG ``vendor``, or what was
    read of it, made a PDF page) clipped to what is kept, the rebuilt markers over it."""
    from render.pdf import Sheet
    from render.raster import svg_to_pdf
    from render.svg import fixed_svg

    f = frame(page, placed, stated)
    k = float(page.meta.get("enlarged", 1.0))
    over = svg_to_pdf(fixed_svg(f.width, f.height, f.markers, declare=declare, said=f.said))
    if source is not None and "pdf_matrix" in page.meta:
        laid = (source, int(page.meta.get("page", 1)) - 1)
        matrix = page.meta["pdf_matrix"]
    else:  # the vendor's SVG, or what was read of the page, made a PDF page
        w, h = f.page
        drawn = fixed_svg(w, h, [], vendor=vendor, vendor_box=(0.0, 0.0, w, h),
                          redrawn=None if vendor else moved(page, 1 / k, size=(w, h)))
        laid, matrix = (svg_to_pdf(drawn, declare=False), 0), (1 / 72, 0, 0, 0, -1 / 72, h)
    m00, m01, m02, m10, m11, m12 = matrix
    cm = (72 * m00, -72 * m10, 72 * m01, -72 * m11, 72 * (m02 + f.dx), 72 * (f.height - m12 - f.dy))
    return Sheet(f.width, f.height, laid, cm, f.kept, over)


def page_dxf(page: Artwork, placed: list[Placed], source: bytes | None, declare: bool,
             stated: bool = False) -> bytes:
    """The repaired ``page`` as DXF: the vendor's own DXF (``source``) less the entities
    of the markers it replaces, else what was read of the page less them (in inches),
    and the rebuilt markers as solid fills."""
    from render.dxf import fixed_dxf
    from render.svg import design_line

    f = frame(page, placed, stated)
    design = design_line(placed[0].art) if declare and placed else None
    if source is not None and "dxf_matrix" in page.meta:
        a, b, c, d, e, g = page.meta["dxf_matrix"]
        to_dxf = (a, b, c - a * f.dx - b * f.dy, d, e, g - d * f.dx - e * f.dy)
        return fixed_dxf(source, to_dxf, 1 / a, f.cleared, f.markers, design=design,
                         said=f.said)
    k = float(page.meta.get("enlarged", 1.0))
    drawn = moved(page, 1 / k, f.dx, f.dy, (f.width, f.height))
    return fixed_dxf(None, (1.0, 0.0, 0.0, 0.0, -1.0, f.height), 1.0, [], f.markers,
                     furniture=kept_part(drawn, f.kept), design=design, said=f.said)


def kept_part(art: Artwork, kept: Any) -> Artwork:
    """What of ``art`` lies in ``kept``: its paint cut there, its lettering standing
    there (mostly)."""
    from markers.core.artwork import Layer, Shape

    layers = [Layer(layer.color, layer.hex, tuple(
        Shape(s.geometry.intersection(kept)) for s in layer.shapes
        if s.geometry.intersects(kept))) for layer in art.layers]
    legends = tuple(item for item in art.legends
                    if item.box.intersection(kept).area >= 0.5 * item.box.area)
    return replace(art, layers=tuple(layer for layer in layers if layer.shapes),
                   legends=legends)



def page_svg(page: Artwork, placed: list[Placed], vendor: bytes | None,
             declare: bool, stated: bool = False) -> bytes:
    """The repaired ``page`` as SVG: the vendor's own drawing (``vendor``: its SVG, whose
    viewport is the page) where the format gives it, else the page redrawn from what was
    read, less what the rebuilt markers replace, and the rebuilt markers over it."""
    from render.svg import fixed_svg

    f = frame(page, placed, stated)
    k = float(page.meta.get("enlarged", 1.0))
    redrawn = None if vendor is not None else moved(page, 1 / k, f.dx, f.dy, (f.width, f.height))
    return fixed_svg(f.width, f.height, f.markers, kept=f.kept, vendor=vendor,
                     vendor_box=(f.dx, f.dy, *f.page), redrawn=redrawn, declare=declare,
                     said=f.said)


def overlay_svg(page: Artwork, placed: list[Placed], changes: list[Change],
                underlay: tuple[str, bytes] | None, several: bool) -> bytes:
    """The overlay page: the vendor's drawing of ``page`` (``underlay``, else redrawn
    from what was read) with the compliant outline of each rebuilt marker over it in a
    contrasting colour, and ``changes`` numbered where they were measured, listed below
    with their paragraphs. At full size, on a page grown to hold the rebuilt markers."""
    from render.svg import annotated_svg, moved_picture

    k = float(page.meta.get("enlarged", 1.0))
    f = frame(page, placed)
    dx, dy = f.dx * k, f.dy * k
    art = moved(page, 1.0, dx, dy, (f.width * k, f.height * k))
    picture = None if underlay is None else moved_picture(underlay, art.width, art.height,
                                                          (dx, dy, page.width, page.height))
    edges = [(f"compliant-{p.index}-{layer.color}", _shifted(layer.geometry, p.x + dx, p.y + dy))
             for p in placed for layer in p.art.layers if layer.color != "white"]
    edges += [(f"compliant-{p.index}-panel", _shifted(p.art.features["panel"], p.x + dx, p.y + dy))
              for p in placed if "panel" in p.art.features]
    notes = [(c.line(several), None if c.bbox is None else
              (c.bbox[0] + dx, c.bbox[1] + dy, c.bbox[2], c.bbox[3])) for c in changes]
    text = "wsmark fix: the compliant version (blue) over the vendor's drawing; the " \
           "changes numbered where they were measured"
    return annotated_svg(art, notes, underlay=picture, banner=(text, False), compliant=edges)


def _shifted(geometry: Any, dx: float, dy: float) -> Any:
    from shapely import affinity

    return affinity.translate(geometry, dx, dy)
