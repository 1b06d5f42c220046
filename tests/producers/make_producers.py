"""Remake tests/data/producers/: marker proofs written by the real programs sign shops use.

Run as ``make producers`` (it installs the producers when missing and we are root), or
``.venv/bin/python tests/producers/make_producers.py [--only PRODUCER ...]``.

Each case is laid out once (marker_scene.py: the project's spec geometry and the page
furniture of real proofs), drawn the way each producer draws (write_*.py: its native
input), and put through the producer itself: Inkscape 1.2 (PDF, text-to-path plain SVG,
Inkscape SVG), LibreOffice Draw 7.4 (.fodg -> PDF), Ghostscript 10 (PostScript ->
ps2pdf, and pdfwrite with -dNoOutputFonts), matplotlib (PDF with Type 3 or Type 42
fonts, SVG with glyphs as paths), LibreCAD 2.2 (DXF R12 / R2000 written with ezdxf ->
dxf2pdf) and scans (a JPEG as the only content of a PDF, by Ghostscript's viewjpeg.ps and
by LibreOffice). What each producer wrote lands in tests/data/producers/<producer>/,
its input in <producer>/source/, and manifest.json records for every file the producer,
the command and the truth: the markers in reading order with kind, verdict, display
height and the rule ids at severity error (fail) or review (review) expected.

Deterministic where the producer allows: SOURCE_DATE_EPOCH (Ghostscript, matplotlib),
-dOmitID, matplotlib's svg.hashsalt, ezdxf's fixed metadata and PYTHONHASHSEED=0 (the
script runs itself again with it: ezdxf writes a DXF's classes in the order of a set). Inkscape 1.2, LibreOffice 7.4 and Qt (LibreCAD)
stamp the clock into their PDFs; a remade file that differs from the committed one only
in those stamps is left as it was, so a remake changes no file whose drawing did not.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass, replace
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import marker_scene as ms  # noqa: E402
import raster_check  # noqa: E402
import second_batch  # noqa: E402
import fifth_batch  # noqa: E402
import fourth_batch  # noqa: E402
import third_batch  # noqa: E402
import write_ghostscript  # noqa: E402
import write_inkscape  # noqa: E402
import write_librecad  # noqa: E402
import write_libreoffice  # noqa: E402
import write_matplotlib  # noqa: E402
import write_scan  # noqa: E402
from truth import STICK_TEXT, Case, Marker, fails, passes  # noqa: E402

DATA = HERE.parent / "data" / "producers"
EPOCH = "1704067200"  # 2024-01-01T00:00:00Z, for producers that honour SOURCE_DATE_EPOCH
PRODUCERS = ("inkscape", "libreoffice", "ghostscript", "matplotlib", "librecad", "scan")
#: The program each producer needs, and how to ask its version.
VERSION_COMMANDS = {
    "inkscape": ["inkscape", "--version"],
    "libreoffice": ["soffice", "--version"],
    "ghostscript": ["gs", "--version"],
    "librecad": ["librecad", "dxf2pdf", "--version"],
    "poppler": ["pdftoppm", "-v"],
}


# ----------------------------------------------------------------------------- layouts

def framed(placed: ms.Placed, title: list[str], *, margin: float = 2.0,
           border: str = "closed", font: str = "liberation", extra: list | None = None
           ) -> ms.Sheet:
    """A proof sheet: the marker ``margin`` in from the page's edge (its panel placed at
    (margin, margin)), a title block under it as wide as the sign, a border 0.5 in
    inside the page's edge (a ``border`` frame), and ``extra`` items."""
    width = placed.right + margin
    height = placed.bottom + 1.5 + 1.0 * len(title) + margin
    sheet = ms.Sheet(width, height)
    sheet.add(ms.frame(0.5, 0.5, width - 1, height - 1, border), placed.items)
    sheet.add(ms.title_block(placed.x, placed.bottom + 1.5, placed.w, title, font=font))
    return sheet.add(extra or [])


def bare(placed: ms.Placed, margin: float = 0.0) -> ms.Sheet:
    """Just the marker, with ``margin`` of page right of and below it."""
    return ms.Sheet(placed.right + margin, placed.bottom + margin).add(placed.items)


# ----------------------------------------------------------------------------- cases

def _ink_danger() -> ms.Sheet:
    sign = ms.danger(2, 2, 24, below="ROCKS")
    return framed(sign, ["ITEM: 24 IN DANGER SIGN", "SCALE 1:1   UNITS: INCHES",
                         "SHEET 1 OF 1"])


def _ink_control_titled() -> ms.Sheet:
    """Issue 21's proof: a 24 in control sign, a small title block and a 24 in dimension
    line under the panel."""
    sign = ms.control(2, 2, 24, ["SLOW", "NO", "WAKE"], cap=2.0)
    dims = ms.dimension((sign.x, sign.bottom), (sign.right, sign.bottom), -1.0, "24 in")
    return framed(sign, ["SCALE 1:1  24 IN CONTROL SIGN"], margin=3.0, extra=dims)


def _ink_exclusion_artboard() -> ms.Sheet:
    sign = ms.exclusion(1.5, 0.5, 24, below="KEEP OUT", cap=2.0, color=ms.FHWA_ORANGE,
                        font="dejavu")
    sheet = ms.Sheet(42, 30).add(sign.items)
    return sheet.add(ms.notes(24, 3, [
        "NOTES:", "1. EXCLUSION ZONE SIGN, DISPLAY AREA 24 IN.",
        "2. DIAMOND 16 IN WIDE, SIDES 35 DEG FROM VERTICAL.",
        "3. OUTLINE AND CROSS 2 IN, ORANGE (PANTONE 152).",
        "4. WORDS BELOW THE DIAMOND ON WHITE.", "5. 0.080 ALUMINUM BLANK, WHITE SHEETING."],
        0.4, "dejavu"))


def _ink_control_one_inch() -> ms.Sheet:
    return bare(ms.control(0, 0, 18, ["5 MPH"], cap=2.0, margin=1.0))


def _ink_center_trim() -> ms.Sheet:
    face = ms.aid_center(2, 2, 24, "WS-A", trim=True)
    return framed(face, ["WS-A CENTER AID, 24 IN", "CUT ON 0.01 IN TRIM LINE"],
                  border="open")


def _ink_danger_thin() -> ms.Sheet:
    return framed(ms.danger(2, 2, 12, outline=1.5), ["ITEM: 12 IN DANGER SIGN"])


def _ink_green_red_letters() -> ms.Sheet:
    face = ms.aid_green(2, 2, 18, "WS-3", letters=ms.RED)
    return framed(face, ["WS-3 GREEN AID 18 IN"])


def _lo_danger_inside() -> ms.Sheet:
    sign = ms.danger(2, 2, 18, inside="ROCKS", inner_cap=1.0)
    return framed(sign, ["ITEM: 18 IN DANGER SIGN", "0.080 ALUMINUM"])


def _lo_control() -> ms.Sheet:
    sign = ms.control(2, 2, 24, ["SLOW", "NO", "WAKE"], cap=2.2, font="dejavu")
    return framed(sign, ["SCALE 1:1  24 IN CONTROL SIGN"], font="dejavu")


def _lo_information() -> ms.Sheet:
    sign = ms.information(2, 2, 12, ["MARINA"])
    return framed(sign, ["DISPLAY AREA 12 IN", "INFORMATION SIGN"])


def _lo_green() -> ms.Sheet:
    return framed(ms.aid_green(2, 2, 24, "WS-1"), ["WS-1 GREEN AID", "610 mm x 610 mm"])


def _lo_red() -> ms.Sheet:
    return framed(ms.aid_red(2, 2, 18, "WS-4"), ["WS-4 RED AID, 18 IN"])


def _lo_two_controls() -> ms.Sheet:
    left = ms.control(2, 2, 24, ["5 MPH"], cap=3.0)
    right = ms.control(28, 2, 24, ["SLOW", "NO", "WAKE"], outline=1.5)
    sheet = ms.Sheet(54, 31)
    sheet.add(ms.frame(0.5, 0.5, 53, 30), left.items, right.items)
    return sheet.add(ms.title_block(2, 27.5, 50, ["TWO 24 IN CONTROL SIGNS"]))


def _lo_exclusion_amber() -> ms.Sheet:
    sign = ms.exclusion(2, 2, 18, color=ms.AMBER, below="KEEP OUT", cap=1.8)
    return framed(sign, ["ITEM: 18 IN EXCLUSION SIGN"])


def _lo_red_odd() -> ms.Sheet:
    return framed(ms.aid_red(2, 2, 24, "WS-3"), ["WS-3 RED AID, 24 IN"])


def _gs_danger() -> ms.Sheet:
    sign = ms.danger(2, 2, 24, above="DANGER", below="ROCKS", font="nimbus")
    return framed(sign, ["ITEM: 24 IN DANGER SIGN (61 cm)"], border="lines", font="nimbus")


def _gs_red() -> ms.Sheet:
    face = ms.aid_red(3, 3, 24, "WS-2", font="nimbus")
    dims = [*ms.dimension((face.x, face.y), (face.right, face.y), 1.2, '27.71"',
                          font="nimbus"),
            *ms.dimension((face.x, face.bottom), (face.x, face.y), 1.2, "610 mm",
                          font="nimbus")]
    return framed(face, ["WS-2 RED AID"], margin=3.0, font="nimbus", extra=dims)


def _gs_information() -> ms.Sheet:
    sign = ms.information(2, 2, 18, ["BOAT", "LAUNCH"], cap=2.25, color=ms.FHWA_ORANGE,
                          font="nimbus")
    return framed(sign, ["18 IN INFORMATION SIGN"], border="mid", font="nimbus")


def _gs_exclusion_flat() -> ms.Sheet:
    sign = ms.exclusion(2, 2, 24, slope=40.0, font="nimbus")
    return framed(sign, ["ITEM: 24 IN EXCLUSION SIGN"], font="nimbus")


def _gs_control_small() -> ms.Sheet:
    sign = ms.control(2, 2, 24, ["5 MPH"], symbol_h=18, cap=2.0, font="nimbus",
                      margin=4.0)
    return framed(sign, ["SCALE 1:1  24 IN CONTROL SIGN"], font="nimbus")


def _mpl_control() -> ms.Sheet:
    sign = ms.control(1, 1.5, 24, ["SLOW", "NO", "WAKE"], cap=2.2, font="dejavu")
    sheet = ms.Sheet(26, 27).add(sign.items)
    return sheet.add(ms.notes(1, 25.2, ["24 IN CONTROL SIGN   SCALE 1:1"], 0.4, "dejavu"))


def _mpl_information() -> ms.Sheet:
    sign = ms.information(1, 1, 24, ["MARINA"], font="dejavu")
    return ms.Sheet(sign.right + 1, 27).add(sign.items, ms.notes(
        1, 25.2, ["INFORMATION SIGN, DISPLAY AREA 24 IN"], 0.4, "dejavu"))


def _mpl_green() -> ms.Sheet:
    return bare(ms.aid_green(1, 1, 18, "WS-5", font="dejavu"), 1)


def _mpl_buoy() -> ms.Sheet:
    return bare(ms.buoy_symbol(2, 0.5, "ROCKS", font="dejavu"), 2)


def _mpl_center() -> ms.Sheet:
    return bare(ms.aid_center(1, 1, 18, "WS-B", font="dejavu", trim=True), 1)


def _mpl_danger_steep() -> ms.Sheet:
    H = 18
    steep = 30.0  # sides at 30 deg, the diamond as tall as a right one (0.952 H)
    width = ms.FRACTION * H * math.tan(math.radians(steep)) / math.tan(math.radians(ms.SLOPE))
    sign = ms.danger(1, 1, H, slope=steep, symbol_h=width / ms.FRACTION)
    return ms.Sheet(sign.right + 1, sign.bottom + 2).add(sign.items, ms.notes(
        1, sign.bottom, ["18 IN DANGER SIGN"], 0.4, "dejavu"))


def _mpl_control_thin() -> ms.Sheet:
    """A 12 in sign on wsmark's 14 in blank: with the outline thinner, its white all round
    is 1.5 in, which says no H, so the proof states it."""
    sign = ms.control(0, 0, 12, ["5 MPH"], outline=1.5, cap=1.2, font="dejavu")
    return ms.Sheet(sign.w, sign.h + 1.5).add(sign.items, ms.notes(
        0.5, sign.h, ["12 IN CONTROL SIGN"], 0.4, "dejavu"))


def _mpl_green_even() -> ms.Sheet:
    return bare(ms.aid_green(1, 1, 24, "WS-2", font="dejavu"), 1)


def _cad_control() -> ms.Sheet:
    return framed(ms.control(2, 2, 24, ["SLOW", "NO", "WAKE"], cap=2.0),
                  ["SCALE 1:1  24 IN CONTROL SIGN"], border="lines")


def _cad_danger() -> ms.Sheet:
    return framed(ms.danger(2, 2, 18, inside="ROCKS", inner_cap=1.0),
                  ["ITEM: 18 IN DANGER SIGN"], border="lines")


def _cad_information() -> ms.Sheet:
    return framed(ms.information(2, 2, 12, ["MARINA"], cap=2.5, pad=2.0),
                  ["12 IN INFORMATION SIGN"],
                  border="lines")


def _cad_control_arcs() -> ms.Sheet:
    return framed(ms.control(2, 2, 18, ["5 MPH"], cap=1.5), ["18 IN CONTROL SIGN"],
                  border="lines")


def _cad_exclusion_cm() -> ms.Sheet:
    sign = ms.exclusion(2, 2, 24, below="KEEP OUT", cap=2.5)
    trim = ms.Rect(sign.x, sign.y, sign.w, sign.h, fill=None, stroke=ms.BLACK, width=0.01,
                   layer="Trim")
    return framed(sign, ["ITEM: 24 IN EXCLUSION SIGN (61 cm)"], border="lines", extra=[trim])


def _cad_control_hatch() -> ms.Sheet:
    return framed(ms.control(2, 2, 12, ["5 MPH"], cap=1.0), ["12 IN CONTROL SIGN"],
                  border="lines")


def _cad_danger_thin() -> ms.Sheet:
    return framed(ms.danger(2, 2, 24, outline=1.5), ["ITEM: 24 IN DANGER SIGN"],
                  border="lines")


def _cad_exclusion_words() -> ms.Sheet:
    return framed(ms.exclusion(2, 2, 18, inside="NO BOATS", inner_cap=0.7),
                  ["ITEM: 18 IN EXCLUSION SIGN"], border="lines")


INK, LO, GS, MPL, CAD = "inkscape", "libreoffice", "ghostscript", "matplotlib", "librecad"

FIRST: tuple[Case, ...] = (
    Case(INK, "danger-24-words-below", _ink_danger, passes("danger", 24),
         "layers, mm, stroked mitred diamond, words below on white, closed border, title"),
    Case(INK, "control-24-title-dimension", _ink_control_titled, passes("control", 24),
         "issue 21's proof: a small title block and a 24 in dimension line"),
    Case(INK, "exclusion-24-artboard", _ink_exclusion_artboard, passes("exclusion", 24),
         "42 x 30 in artboard, FHWA orange, notes beside, words below", {"rings": "evenodd"}),
    Case(INK, "control-18-one-inch-white", _ink_control_one_inch,
         passes("control", 18, "inferred"),
         "18 in panel, 1 in of white all round, inner diameter 12 in: right for H = 18"),
    Case(INK, "aid-center-24-trim", _ink_center_trim, passes("aid-center", 24),
         "stripes, WS-A on a black plate, 0.01 in trim line, open border"),
    Case(INK, "danger-12-outline-1.5", _ink_danger_thin, fails("danger", 12, "outline-width"),
         "defect: outline 1.5 in", {"rings": "evenodd"}),
    Case(INK, "aid-green-18-red-letters", _ink_green_red_letters,
         fails("aid-green", 18, "aid-letter-color"), "defect: red letters on a green aid"),
    Case(LO, "danger-18-inside", _lo_danger_inside, passes("danger", 18),
         "orange polygon under a white one, word inside, mid-edge border, title"),
    Case(LO, "control-24-slow-no-wake", _lo_control, passes("control", 24),
         "orange ellipse under a white one, DejaVu Sans Bold, title"),
    Case(LO, "information-12-marina", _lo_information, passes("information", 12),
         "custom-shape rectangles", {"custom_rects": True}),
    Case(LO, "aid-green-24", _lo_green, passes("aid-green", 24),
         "custom-shape square, white WS-1, sizes in mm", {"custom_rects": True}),
    Case(LO, "aid-red-18", _lo_red, passes("aid-red", 18), "polygon triangle, white WS-4"),
    Case(LO, "two-controls-24", _lo_two_controls,
         (Marker("control", "pass", 24), Marker("control", "fail", 24, None,
                                                ("outline-width",))),
         "two signs side by side; the second's outline is 1.5 in"),
    Case(LO, "exclusion-18-amber", _lo_exclusion_amber,
         fails("exclusion", 18, "reg-symbol-color"), "defect: amber #FFB300 for orange"),
    Case(LO, "aid-red-24-odd-number", _lo_red_odd, fails("aid-red", 24, "aid-id-parity"),
         "defect: WS-3 (odd) on a red aid"),
    Case(GS, "danger-24-above-below", _gs_danger, passes("danger", 24),
         "CMYK orange, words above and below, border of 4 lines", {"cmyk": True}),
    Case(GS, "aid-red-24-dimensions", _gs_red, passes("aid-red", 24),
         "dimension lines with arrowheads, 27.71\" and 610 mm"),
    Case(GS, "information-18-two-lines", _gs_information, passes("information", 18),
         "FHWA orange, stroked mitred rectangle, border started mid-edge", {"rings": "stroke"}),
    Case(GS, "exclusion-24-sides-40deg", _gs_exclusion_flat,
         fails("exclusion", 24, "diamond-slope"), "defect: sides 40 deg, width right"),
    Case(GS, "control-24-symbol-for-18", _gs_control_small,
         fails("control", 24, "symbol-size", basis="stated"),
         "defect: circle 2/3 of 18 in on a proof stated 24 in"),
    Case(MPL, "control-24-spines", _mpl_control, passes("control", 24),
         "axes frame left on: four separate spines",
         {"frame": 0.4, "outputs": (".pdf", "-type42.pdf", ".svg")}),
    Case(MPL, "information-24-spines", _mpl_information, passes("information", 24),
         "axes frame left on", {"frame": 0.4, "outputs": (".svg", ".pdf")}),
    Case(MPL, "aid-green-18", _mpl_green, passes("aid-green", 18), "bare face, WS-5"),
    Case(MPL, "buoy-symbol-danger", _mpl_buoy, passes("buoy-symbol", 12),
         "buoy elevation: white body, orange bands, flat diamond, blue waterline",
         {"outputs": (".svg", ".pdf")}),
    Case(MPL, "aid-center-18", _mpl_center, passes("aid-center", 18), "bare face",
         {"outputs": ("-type42.pdf",)}),
    Case(MPL, "danger-18-sides-30deg", _mpl_danger_steep,
         fails("danger", 18, "diamond-slope", "symbol-size"),
         "defect: sides 30 deg at the right height, so also too narrow"),
    Case(MPL, "control-12-outline-1.5", _mpl_control_thin,
         fails("control", 12, "outline-width"), "defect: outline 1.5 in",
         {"outputs": (".svg",)}),
    Case(MPL, "aid-green-24-even-number", _mpl_green_even,
         fails("aid-green", 24, "aid-id-parity"), "defect: WS-2 (even) on a green aid"),
    Case(CAD, "control-24-r12", _cad_control, passes("control", 24),
         "R12: two CIRCLEs on layer ORANGE, TEXT, border of LINEs; read by the CAM convention",
         {"dialect": "r12"},
         by_output={".pdf": (None, "review", STICK_TEXT)}),
    Case(CAD, "danger-18-r12", _cad_danger, passes("danger", 18),
         "R12: the diamond's outlines as 4 LINEs each, TEXT inside; read by the CAM convention",
         {"dialect": "r12"}),
    Case(CAD, "information-12-r12", _cad_information, passes("information", 12),
         "R12: rectangle sides as separate LINEs; read by the CAM convention", {"dialect": "r12"},
         by_output={".pdf": (None, "review", STICK_TEXT)}),
    Case(CAD, "control-18-r12-arcs", _cad_control_arcs, passes("control", 18),
         "R12: the circles as 4 and 2 ARCs end to end; read by the CAM convention",
         {"dialect": "r12", "arcs": (4, 2)},
         by_output={".pdf": (None, "review", STICK_TEXT)}),
    Case(CAD, "exclusion-24-cm", _cad_exclusion_cm, passes("exclusion", 24),
         "R2000 in cm: closed LWPOLYLINEs, a closed trim LWPOLYLINE; read by the CAM convention",
         {"dialect": "cm"}),
    Case(CAD, "control-12-hatch", _cad_control_hatch, passes("control", 12),
         "R2010: solid HATCHes, the white one true colour white with ACI 7",
         {"dialect": "hatch"},
         by_output={".pdf": (None, "fail", "LibreCAD prints the white HATCH in its ACI 7, "
                                           "black: the print shows a black face")}),
    Case(CAD, "danger-24-r12-outline-1.5", _cad_danger_thin,
         fails("danger", 24, "outline-width"), "defect: outline 1.5 in", {"dialect": "r12"}),
    Case(CAD, "exclusion-18-r12-words-inside", _cad_exclusion_words,
         fails("exclusion", 18, "reg-exclusion-cross"), "defect: words inside the diamond",
         {"dialect": "r12"}),
    Case("scan", "control-24-viewjpeg", lambda: None, None,
         "a JPEG of a correct control sign, the page's only content (Ghostscript viewjpeg.ps)",
         {"program": "ghostscript", "of": "libreoffice/control-24-slow-no-wake.pdf"},
         verdict="review", forbid=("reg-shape",)),
    Case("scan", "danger-18-libreoffice", lambda: None, None,
         "a JPEG of a correct danger sign placed in LibreOffice Draw, the page's only content",
         {"program": "libreoffice", "of": "libreoffice/danger-18-inside.pdf"},
         verdict="review", forbid=("reg-shape",)),
)


#: Every case: the first batch above, the second, third, fourth and fifth
#: (second_batch.py, third_batch.py, fourth_batch.py, fifth_batch.py: other kinds,
#: heights, layouts and producers' idioms, buoys and flags, a shop's proof furniture,
#: drawn as a held-out test would draw them).
CASES: tuple[Case, ...] = (FIRST + second_batch.CASES + third_batch.CASES
                           + fourth_batch.CASES + fifth_batch.CASES)


# ----------------------------------------------------------------------------- running

@dataclass(frozen=True)
class Made:
    """A file a producer wrote: its name under tests/data/producers, the command (a shell
    line, run in the producer's folder) and the options a clerk gives the checker for
    it."""
    name: str
    command: str
    source: str | None = None
    check_args: tuple[str, ...] = ()


_VOLATILE = re.compile(rb"/(?:CreationDate|ModDate)\s*\(D:[^)]*\)|/ID\s*\[\s*<[0-9A-Fa-f]*>\s*"
                       rb"<[0-9A-Fa-f]*>\s*\]|<xmp:(?:Create|Modify|Metadata)Date>[^<]*<|"
                       rb"(?:Document|Instance)ID[=>]['\"]?(?:uuid:)?[0-9a-f-]+|"
                       rb"/DocChecksum\s*/[0-9A-Fa-f]+")


def _masked(data: bytes) -> bytes:
    """``data`` with its clock stamps blanked (each kept at its length)."""
    return _VOLATILE.sub(lambda m: b"#" * len(m[0]), data)


def store(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` unless the file there differs only in clock stamps."""
    if path.exists() and _masked(path.read_bytes()) == _masked(data):
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)


def run(command: list[str], cwd: Path, **env: str) -> None:
    """Run a producer; its failure is one line naming the command."""
    full = {**os.environ, "SOURCE_DATE_EPOCH": EPOCH, "QT_QPA_PLATFORM": "offscreen",
            "XDG_RUNTIME_DIR": str(cwd), **env}
    done = subprocess.run(command, cwd=cwd, env=full, capture_output=True, text=True)
    if done.returncode:
        last = (done.stderr or done.stdout).strip().splitlines()[-1:] or ["no output"]
        raise SystemExit(f"make_producers: {' '.join(command[:3])} ... failed: {last[0]}")


def _collect(work: Path, producer: str, names: list[str]) -> None:
    for name in names:
        store(DATA / producer / name, (work / name).read_bytes())


def _source(work: Path, case: Case, suffix: str, data: bytes) -> str:
    """Write the producer's input into work/source and the corpus; its relative name."""
    name = f"source/{case.stem}{suffix}"
    (work / "source").mkdir(exist_ok=True)
    (work / name).write_bytes(data)
    store(DATA / case.producer / name, data)
    return name


def make_inkscape(case: Case, work: Path) -> list[Made]:
    exports = {k: case.options[k] for k in ("actions", "outlined_pdf") if k in case.options}
    options = {k: v for k, v in case.options.items() if k not in exports}
    svg = write_inkscape.inkscape_svg(case.sheet(), case.note, **options)
    src = _source(work, case, ".svg", svg.encode())
    made = []
    for name, command in write_inkscape.commands(Path(src), case.stem, **exports).items():
        run(command, work)
        made.append(Made(f"{INK}/{name}", shlex.join(command), f"{INK}/{src}"))
    _collect(work, INK, [m.name.split("/", 1)[1] for m in made])
    return made


def _soffice(work: Path, src: str, producer: str, stem: str) -> Made:
    profile = tempfile.mkdtemp(prefix="lo-profile-", dir=work)
    command = write_libreoffice.commands(src, profile)
    run(command, work)
    _collect(work, producer, [f"{stem}.pdf"])
    shown = [c if not c.startswith("-env:") else "-env:UserInstallation=file:///tmp/PROFILE"
             for c in command]
    return Made(f"{producer}/{stem}.pdf", shlex.join(shown), f"{producer}/{src}")


def make_libreoffice(case: Case, work: Path) -> list[Made]:
    doc = write_libreoffice.fodg(case.sheet(), case.note, **case.options)
    return [_soffice(work, _source(work, case, ".fodg", doc.encode()), LO, case.stem)]


def make_ghostscript(case: Case, work: Path) -> list[Made]:
    program = write_ghostscript.postscript(case.sheet(), case.note, **case.options)
    src = _source(work, case, ".ps", program.encode())
    made = []
    for name, command in write_ghostscript.commands(src, case.stem,
                                                    case.options.get("rotated", False)).items():
        run(command, work)
        made.append(Made(f"{GS}/{name}", shlex.join(command), f"{GS}/{src}"))
    _collect(work, GS, [m.name.split("/", 1)[1] for m in made])
    return made


#: matplotlib's outputs of a case: file suffix -> (format, pdf.fonttype)
MPL_OUTPUTS = {".pdf": (".pdf", 3), "-type42.pdf": (".pdf", 42), ".svg": (".svg", 3)}


def make_matplotlib(case: Case, work: Path) -> list[Made]:
    sheet = case.sheet()
    made = []
    for suffix in case.options.get("outputs", (".pdf",)):
        fmt, fonttype = MPL_OUTPUTS[suffix]
        name = f"{case.stem}{suffix}"
        write_matplotlib.save(sheet, work / name, case.options.get("frame", 0.0), fonttype)
        said = f"Figure.savefig({name!r})" + (f" with pdf.fonttype {fonttype}"
                                               if fmt == ".pdf" else " (svg.fonttype path)")
        made.append(Made(f"{MPL}/{name}", f"make_producers.py: matplotlib {said}"))
        _collect(work, MPL, [name])
    return made


def make_librecad(case: Case, work: Path) -> list[Made]:
    dialect = case.options["dialect"]
    data = write_librecad.dxf_bytes(case.sheet(), dialect, case.options.get("arcs", (0, 0)),
                                    case.options.get("bulges", False))
    dxf = f"{case.stem}.dxf"
    (work / dxf).write_bytes(data)
    command = write_librecad.commands(dxf, dialect)
    run(command, work)
    _collect(work, CAD, [dxf, f"{case.stem}.pdf"])
    unitless = ("--scale", "1") if dialect == "r12" else ()
    return [Made(f"{CAD}/{dxf}", f"make_producers.py: ezdxf, DXF {dialect}",
                 check_args=unitless),
            Made(f"{CAD}/{case.stem}.pdf", shlex.join(command), f"{CAD}/{dxf}")]


def make_scan(case: Case, work: Path) -> list[Made]:
    jpeg, width, height = write_scan.jpeg_of(DATA / case.options["of"])
    if case.options["program"] == "ghostscript":
        src = _source(work, case, ".jpg", jpeg)
        name = f"{case.stem}.pdf"
        command = write_scan.viewjpeg_command(src, width, height, name)
        run(command, work)
        _collect(work, "scan", [name])
        return [Made(f"scan/{name}", shlex.join(command), f"scan/{src}")]
    sheet = ms.Sheet(width, height).add(ms.Image(jpeg, 0, 0, width, height))
    doc = write_libreoffice.fodg(sheet, case.note)
    return [_soffice(work, _source(work, case, ".fodg", doc.encode()), "scan", case.stem)]


MAKERS = {INK: make_inkscape, LO: make_libreoffice, GS: make_ghostscript,
          MPL: make_matplotlib, CAD: make_librecad, "scan": make_scan}


def versions() -> dict[str, str]:
    """The version each producer reports, as the README quotes them."""
    import ezdxf
    import matplotlib
    import PIL

    said = {}
    for name, command in VERSION_COMMANDS.items():
        done = subprocess.run(command, capture_output=True, text=True,
                              env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
        lines = [line for line in (done.stdout + done.stderr).splitlines()
                 if re.search(r"\d+\.\d+", line) and "RS_DEBUG" not in line]
        said[name] = lines[0].strip() if lines else "unknown"
    said["ghostscript"] = f"Ghostscript {said['ghostscript']}"
    said.update(matplotlib=f"matplotlib {matplotlib.__version__}",
                ezdxf=f"ezdxf {ezdxf.__version__}", pillow=f"Pillow {PIL.__version__}")
    return said


def entry(case: Case, made: Made) -> dict:
    """The manifest's record of one file: how it was made and what a right check says."""
    for suffix, (markers, verdict, why) in case.by_output.items():
        if made.name.endswith(suffix):
            case = replace(case, markers=markers, verdict=verdict, note=f"{case.note}; {why}")
    out = {"file": made.name, "producer": made.name.split("/", 1)[0], "command": made.command,
           "source": made.source, "check_args": list(made.check_args), "note": case.note,
           "verdict": case.file_verdict,
           "markers": None if case.markers is None else [m.as_json() for m in case.markers]}
    if case.forbid:
        out["forbid"] = list(case.forbid)
    return out


def _verify(case: Case, made: Made) -> None:
    """Refuse a file whose producer did not paint the sheet as drawn (raster_check.py)."""
    if case.producer == "scan" or not made.name.endswith((".pdf", ".svg")):
        return
    aid = bool(case.markers) and case.markers[0].kind.startswith("aid")
    found = raster_check.problems(DATA / made.name, case.sheet(), aid)
    if found:
        raise SystemExit(f"make_producers: {found[0]}" + (f" (and {len(found) - 1} more)"
                                                          if len(found) > 1 else ""))


def _remove_stale(kept: set[str]) -> None:
    """Delete what an earlier run wrote and this one did not (a renamed case)."""
    for producer in PRODUCERS:
        for path in sorted((DATA / producer).rglob("*")):
            if path.is_file() and path.relative_to(DATA).as_posix() not in kept:
                path.unlink()
                print(f"removed {path.relative_to(DATA)}")


def _in_case_order(made_now: dict[str, list[dict]], only: set[str]) -> list[dict]:
    """The manifest's records in the order of CASES: those just made, and (when only some
    cases were remade) the others' records as the manifest holds them."""
    kept: dict[str, list[dict]] = {}
    if only and (DATA / "manifest.json").exists():
        for record in json.loads((DATA / "manifest.json").read_text())["files"]:
            stem = max((c.stem for c in CASES if c.producer == record["producer"] and
                        Path(record["file"]).name.startswith(c.stem)), key=len, default=None)
            kept.setdefault(stem, []).append(record)
    return [r for case in CASES for r in made_now.get(case.stem, kept.get(case.stem, []))]


def missing_programs() -> list[str]:
    return [c[0] for c in VERSION_COMMANDS.values() if shutil.which(c[0]) is None]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", action="append", metavar="NAME", default=[],
                        help="remake only the cases of this producer or file stem (again for "
                             "more); the manifest keeps the other files' records as they are")
    only = set(parser.parse_args(argv).only)
    chosen = [c for c in CASES if not only or only & {c.producer, c.stem}]
    if only and not chosen:
        print(f"make_producers: no case is named {', '.join(sorted(only))}", file=sys.stderr)
        return 2
    missing = missing_programs()
    if missing:
        print(f"make_producers: not installed: {', '.join(missing)} (make producers installs "
              "them as root)", file=sys.stderr)
        return 2
    said = versions()
    for name, version in said.items():
        print(f"{name:12} {version}")
    made_now: dict[str, list[dict]] = {}
    with tempfile.TemporaryDirectory(prefix="wsmark-producers-") as tmp:
        for case in chosen:
            work = Path(tmp) / case.producer / case.stem
            work.mkdir(parents=True)
            for made in MAKERS[case.producer](case, work):
                made_now.setdefault(case.stem, []).append(entry(case, made))
                print(f"wrote {made.name}")
                _verify(case, made)
    files = _in_case_order(made_now, only)
    manifest = {"about": "tests/data/producers/README.md", "producers": said, "files": files}
    store(DATA / "manifest.json", (json.dumps(manifest, indent=1) + "\n").encode())
    if not only:
        _remove_stale({f["file"] for f in files} | {f["source"] for f in files if f["source"]})
    print(f"{len(files)} files; manifest {DATA / 'manifest.json'}")
    return 0


if __name__ == "__main__":
    if os.environ.get("PYTHONHASHSEED") != "0":  # ezdxf orders a DXF's CLASSES by a set
        os.execve(sys.executable, [sys.executable, *sys.argv],
                  {**os.environ, "PYTHONHASHSEED": "0"})
    sys.exit(main())
