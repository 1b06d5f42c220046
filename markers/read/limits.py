"""Resource limits for reading untrusted drawings, and the per-file budget that enforces them.

A vendor's SVG is untrusted input: every limit below turns "too big / too deep / too slow"
into a one-line WsmarkError instead of a hang, a crash or an exhausted machine. The numbers
are far above any real marker drawing (a sign has hundreds of elements, not thousands).
"""

from __future__ import annotations

import time

from markers.errors import WsmarkError

__all__ = [
    "MAX_FILE_BYTES", "MAX_ELEMENTS", "MAX_NESTING", "MAX_USE_DEPTH", "MAX_USES",
    "MAX_ENTITIES", "MAX_ENTITY_CHARS", "MAX_ENTITY_EXPANSION", "MAX_VERTICES",
    "MAX_COORD_IN", "MAX_MARKER_IN", "MAX_CROSSINGS", "MAX_STYLE_CHARS", "MAX_STYLE_RULES", "TIME_BUDGET_S", "FLATTEN_TOL_IN", "Budget",
    "CHECK_CPU_S", "CHECK_MEMORY_MB", "WALL_BACKSTOP_FACTOR",
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
# The largest NR 5.09 marker is a sign or buoy a few feet across. A drawing that reaches
# 100 ft from its origin is not a marker but an accident or an attack, and refusing it
# before any geometry is built keeps every measuring step whose work follows a length
# (bands, segmentize, stroke buffers) bounded.
MAX_MARKER_IN = 1200.0
MAX_CROSSINGS = 10_000
MAX_STYLE_CHARS = 512 * 1024  # all <style> text (Illustrator writes a few KB)
MAX_STYLE_RULES = 10_000  # selectors in it, counted as braces plus commas  # self-crossings of one element's outline (GEOS noding cost)
TIME_BUDGET_S = 5.0  # CPU seconds for reading one file, checked between elements and subpaths
FLATTEN_TOL_IN = 2e-4  # curve flattening: max chord deviation, inches

# The budget of the whole check of one file (read, measure, rules, report), enforced on
# the worker process from outside (render/budgeted.py). CPU seconds, so the verdict does
# not depend on machine load. 20 s is twice the slowest drawing we judge in full (8,000
# separate letter shapes in a diamond, found/letters-8000.svg: about 10 CPU s); a test
# drawing needs under 2. Memory is the worker's address space: one with everything
# imported maps about 190 MB, and no reproducer in found/ peaks above 120 MB resident.
CHECK_CPU_S = 20.0
CHECK_MEMORY_MB = 1024
WALL_BACKSTOP_FACTOR = 20  # a worker idle this many budgets of wall time is stuck


class Budget:
    """Time and vertex allowance for one file; raises WsmarkError naming the file when spent."""

    def __init__(self, name: str, seconds: float = TIME_BUDGET_S,
                 vertices: int = MAX_VERTICES) -> None:
        self.name = name
        self.deadline = time.process_time() + seconds
        self.seconds = seconds
        self.vertices_left = vertices
        self.max_vertices = vertices

    def tick(self) -> None:
        """Called between units of work: refuse once the CPU-time allowance is gone."""
        if time.process_time() > self.deadline:
            raise WsmarkError(
                f"{self.name}: too complex (not read within {self.seconds:g} CPU s)")

    def take(self, count: int) -> None:
        """Account for ``count`` more flattened vertices."""
        self.vertices_left -= count
        if self.vertices_left < 0:
            raise WsmarkError(
                f"{self.name}: too complex (more than {self.max_vertices:,} vertices "
                "after flattening curves)")
