"""Resource limits for reading untrusted drawings, and the per-file budget that enforces them.

A vendor's SVG is untrusted input: every limit below turns "too big / too deep / too slow"
into a one-line WsmarkError instead of a hang, a crash or an exhausted machine. The numbers
are far above any real marker drawing (a sign has hundreds of elements, not thousands).
"""

from __future__ import annotations

import math
import os
import stat
import time
from pathlib import Path

from markers.core.budget import CHECK_MEMORY_MB, cpu_left
from markers.errors import UnreadableDrawing

__all__ = [
    "MAX_FILE_BYTES", "MAX_ELEMENTS", "MAX_NESTING", "MAX_USE_DEPTH", "MAX_USES",
    "MAX_ENTITIES", "MAX_ENTITY_CHARS", "MAX_ENTITY_EXPANSION", "MAX_VERTICES",
    "MAX_COORD_IN", "MAX_CROSSINGS", "MAX_STYLE_CHARS", "MAX_STYLE_RULES", "TIME_BUDGET_S",
    "FLATTEN_TOL_IN", "Budget", "read_limited", "read_input",
    "PDF_MAX_PAGES", "PDF_MAX_OBJECTS", "PDF_MAX_FORM_DEPTH", "PDF_MAX_INFLATED_BYTES",
    "PDF_MAX_CHARS", "DXF_MAX_ENTITIES", "DXF_MAX_INSERT_DEPTH", "ISOLATED_SECONDS",
    "ISOLATED_MEMORY_BYTES", "NOMINAL_RANGE_IN", "NOMINAL_SIDE_IN", "nominal_factor",
]

MAX_FILE_BYTES = 20 * 1024 * 1024  # on disk, and after gunzip for .svgz
MAX_ELEMENTS = 200_000  # in the file, and again after expanding <use>
MAX_NESTING = 100  # element depth in the file; the reader recurses this deep
MAX_USE_DEPTH = 16  # <use> -> <use> -> ... chain length
MAX_USES = 10_000  # <use> elements in the file
MAX_ENTITIES = 64  # internal entity declarations (Illustrator writes about eight)
MAX_ENTITY_CHARS = 1024  # length of one entity's replacement text
MAX_ENTITY_EXPANSION = 2 * 1024 * 1024  # total characters all entity references expand to
MAX_VERTICES = 2_000_000  # flattened vertices over the whole drawing
MAX_COORD_IN = 1e6  # |coordinate| and stroke width, in inches (about 16 miles)
MAX_CROSSINGS = 10_000  # self-crossings of one element's outline (GEOS noding cost)
MAX_STYLE_CHARS = 512 * 1024  # all <style> text (Illustrator writes a few KB)
MAX_STYLE_RULES = 10_000  # selectors in it, counted as braces plus commas
TIME_BUDGET_S = 5.0  # CPU seconds for reading one file, checked between elements and subpaths
FLATTEN_TOL_IN = 2e-4  # curve flattening: max chord deviation, inches

# PDF (PDFium parses; these bound what it is asked to do and what the reader walks)
PDF_MAX_PAGES = 100  # a proof has a few pages; every page is read
PDF_MAX_OBJECTS = MAX_ELEMENTS  # page objects over the file, inside forms included
PDF_MAX_FORM_DEPTH = MAX_USE_DEPTH  # form XObject inside form XObject ...
PDF_MAX_INFLATED_BYTES = 256 * 1024 * 1024  # all Flate streams together, decoded (bombs)
PDF_MAX_CHARS = 100_000  # text characters over the file
# DXF (ezdxf parses the whole file; the reader walks block references itself)
DXF_MAX_ENTITIES = MAX_ELEMENTS  # entities drawn, after expanding INSERTs
DXF_MAX_INSERT_DEPTH = MAX_USE_DEPTH  # INSERT of a block holding an INSERT ...
# The forked child that runs PDFium / ezdxf (markers.read.isolate): killed past these
ISOLATED_SECONDS = TIME_BUDGET_S + 3.0  # the reader's own budget, plus native parsing
ISOLATED_MEMORY_BYTES = CHECK_MEMORY_MB * 2**20  # address space on top of the parent's
#: A nominal reading of a drawing that states no physical size (an SVG's viewBox alone,
#: a DXF with no unit) stays within these inches (the smallest marker's display area,
#: the largest sheet a shop plots) ...
NOMINAL_RANGE_IN = (6.0, 240.0)
#: ... else its larger side is this many inches (a 36 in proof: a page the layout's
#: thresholds in inches were made for).
NOMINAL_SIDE_IN = 36.0


def nominal_factor(side_in: float) -> float:
    """What a size-less drawing whose larger side is ``side_in`` inches as read is
    multiplied by to be read at a nominal size: 1 within NOMINAL_RANGE_IN."""
    if side_in <= 0 or NOMINAL_RANGE_IN[0] <= side_in <= NOMINAL_RANGE_IN[1]:
        return 1.0
    return NOMINAL_SIDE_IN / side_in


class Budget:
    """Time and vertex allowance for one file; raises WsmarkError naming the file when spent.

    ``seconds`` defaults to TIME_BUDGET_S, but inside a budgeted job (``wsmark check``, the
    web page: markers.core.budget) reading has no time limit of its own: its CPU counts in
    the file's one budget, enforced from outside, so a file near a second limit does not
    flip between "too complex" and a verdict from run to run."""

    def __init__(self, name: str, seconds: float | None = None,
                 vertices: int = MAX_VERTICES) -> None:
        if seconds is None:
            seconds = TIME_BUDGET_S if cpu_left() is None else math.inf
        self.name = name
        self.deadline = time.process_time() + seconds
        self.seconds = seconds
        self.vertices_left = vertices
        self.max_vertices = vertices

    def tick(self) -> None:
        """Called between units of work: refuse once the CPU-time allowance is gone (no
        clock is read for none: inside a budgeted job, reading has no deadline of its own)."""
        if self.deadline < math.inf and time.process_time() > self.deadline:
            raise UnreadableDrawing(
                f"{self.name}: too complex (not read within {self.seconds:g} CPU s)")

    def take(self, count: int) -> None:
        """Account for ``count`` more flattened vertices."""
        self.vertices_left -= count
        if self.vertices_left < 0:
            raise UnreadableDrawing(
                f"{self.name}: too complex (more than {self.max_vertices:,} vertices "
                "after flattening curves)")


def read_limited(path: str | Path, name: str) -> bytes:
    """The file's bytes, refusing anything but a regular file of at most ``MAX_FILE_BYTES``."""
    try:
        info = os.stat(path)
        if not stat.S_ISREG(info.st_mode):
            raise UnreadableDrawing(f"{name}: not a regular file")
        if info.st_size > MAX_FILE_BYTES:
            raise UnreadableDrawing(f"{name}: file is {info.st_size:,} bytes; the limit is "
                              f"{MAX_FILE_BYTES // 2**20} MB ({MAX_FILE_BYTES:,} bytes)")
        with open(path, "rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
    except OSError as err:
        raise UnreadableDrawing(f"{name}: cannot read ({err.strerror or err})") from None
    return data


def read_input(path: str | Path) -> bytes:
    """The bytes of the drawing or design at ``path`` (``read_limited``); a one-line
    UnreadableDrawing when it is missing, not a file or too large."""
    path = Path(path)
    if not path.is_file():
        raise UnreadableDrawing(f"{path}: no such file" if not path.exists() else
                                f"{path}: not a file")
    try:
        return read_limited(path, str(path))
    except OSError as err:
        raise UnreadableDrawing(f"{path}: cannot read ({err.strerror or err})") from None
