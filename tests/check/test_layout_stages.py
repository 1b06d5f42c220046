"""The checker's layout runs in stages one way (markers/check/layout/__init__.py): the
page's parts -> the ground -> the markers -> the furniture -> the notes, each taking the
one before's result. A stage that called back into an earlier one (as split, furniture
and panels once did, some 24 times a split on a sheet of signs) fails here."""

from __future__ import annotations

import ast
import sys
from pathlib import Path
from types import FrameType

from markers.check.layout import split
from markers.check.layout.split import laid_out, split_from
from markers.read.svg.walk import read_svg_bytes

LAYOUT = Path(__file__).resolve().parents[2] / "markers" / "check" / "layout"
#: The layout's modules in the order of its stages; the shared helpers first.
ORDER = ("parts", "aside", "panels", "markers", "furniture", "notes", "split")
#: The stages ``split`` hands the page on to, in order.
STAGES = ("parts", "panels", "markers", "furniture", "notes")
PROOF = (Path(__file__).resolve().parents[1] / "data" / "producers" / "inkscape"
         / "danger-18-holes-swatches.svg")


def _layout_imports(module: str) -> set[str]:
    tree = ast.parse((LAYOUT / f"{module}.py").read_text())
    prefix = "markers.check.layout."
    return {node.module[len(prefix):] for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module
            and node.module.startswith(prefix)}


def test_each_stage_imports_only_the_stages_before_it() -> None:
    for n, module in enumerate(ORDER):
        later = _layout_imports(module) & set(ORDER[n:])
        assert not later, f"{module} imports {sorted(later)}, of its own stage or later"


def test_split_hands_the_page_on_through_the_stages_in_order() -> None:
    """What ``split`` calls in the layout's other modules, in order, on a shop's proof
    with a border, a title block, notes and mounting holes: each stage once, one after
    the other (``split`` lays the page out, ``laid_out``, and finishes it,
    ``split_from``)."""
    art = read_svg_bytes(PROOF.read_bytes(), PROOF.name)
    called: list[str] = []
    callers = {f.__code__ for f in (split, laid_out, split_from)}

    def profile(frame: FrameType, event: str, arg: object) -> None:
        back = frame.f_back
        if event == "call" and back is not None and back.f_code in callers:
            name = Path(frame.f_code.co_filename)
            if name.parent == LAYOUT and (not called or called[-1] != name.stem):
                called.append(name.stem)

    sys.setprofile(profile)
    try:
        page = split(art)
    finally:
        sys.setprofile(None)
    assert {"border", "title block", "mounting hole"} <= {a.what for a in page.set_aside}
    assert [m for m in called if m in STAGES] == list(STAGES)
