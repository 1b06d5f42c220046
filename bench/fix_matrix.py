"""Issue 25's acceptance in full (the suite runs a sample, tests/products/test_repair.py): every
seeded defect drawing of tests/drawings/defects in each form a proof reaches a clerk
(tests/proof_forms.py: SVG, cairo PDF, reportlab CMYK PDF, DXF in inches and mm, a proof
sheet with a title block), and every proof of the producers corpus
(tests/data/producers/, with the options its manifest gives the checker), is fixed to
its own format, and the fixed file checked afresh: it must pass and keep the original's
kind, display height (or the minimum, where it was under it), legend and id, or the
repair must list what it cannot repair (and make no file). Prints a line per file and
form, and the counts. Run: python bench/fix_matrix.py [NAME-PART ...]
"""

from __future__ import annotations

import re
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from proof_forms import SUFFIX, proof_forms  # noqa: E402

from markers import api  # noqa: E402
from markers.errors import WsmarkError  # noqa: E402

TESTS = Path(__file__).resolve().parents[1] / "tests"
DEFECTS = TESTS / "drawings" / "defects"
PRODUCERS = TESTS / "data" / "producers"


def judged(data: bytes, name: str, options=None):
    report, _ = api.check(data, name, options)
    return report


def cases(wanted: list[str]):
    """(label, bytes, name, check options) of every case."""
    import json

    for path in sorted(DEFECTS.glob("*.svg")):
        if not wanted or any(w in path.name for w in wanted):
            for form, data in proof_forms(path.read_bytes(), path.name).items():
                yield f"{path.name} {form}", data, f"{path.stem}{SUFFIX[form]}", None
    for entry in json.loads((PRODUCERS / "manifest.json").read_text())["files"]:
        if wanted and not any(w in entry["file"] for w in wanted):
            continue
        args = entry.get("check_args", [])
        scale = float(args[args.index("--scale") + 1]) if "--scale" in args else None
        yield (entry["file"], (PRODUCERS / entry["file"]).read_bytes(), entry["file"],
               api.check_options(None, scale))


def _number(ws_id: str) -> str:
    """An identification's number or letters, its "WS-" set apart ("WS 3", "4" and
    "WS-4" are written in or out of the form NR 5.09(2)(a)5 gives; a repair writes them
    in it)."""
    return re.sub(r"^WS[\s_.-]*", "", ws_id.strip().upper())


def kept(before, after) -> list[str]:
    """What of kind, display height, legend and id the fixed drawing lost."""
    lost = []
    for was, now in zip(before.markers, after.markers):
        if was.kind != now.kind:
            lost.append(f"kind {was.kind} -> {now.kind}")
        if was.display_height_in is not None and now.display_height_in is not None and \
                abs(max(was.display_height_in, 12.0) - now.display_height_in) > 0.02:
            lost.append(f"H {was.display_height_in} -> {now.display_height_in}")
        if was.legend and not was.ws_id and \
                " ".join(was.legend.split()) != " ".join((now.legend or "").split()):
            lost.append(f"legend {was.legend!r} -> {now.legend!r}")
        if was.ws_id and now.ws_id and _number(was.ws_id) != _number(now.ws_id):
            lost.append(f"id {was.ws_id} -> {now.ws_id}")
    return lost


def main() -> int:
    wanted = sys.argv[1:]
    counts = {"pass": 0, "listed": 0, "bad": 0}
    started = time.process_time()
    for label, data, name, options in cases(wanted):
        suffix = Path(name).suffix
        try:
            before = judged(data, name, options)
            result = api.fix(data, name, suffix, options)
        except WsmarkError as err:
            print(f"BAD    {label}: {err}")
            counts["bad"] += 1
            continue
        if result.data is None:
            listed = "; ".join(c.text for c in result.cannot)
            print(f"listed {label} ({before.verdict}): {listed[:160]}")
            counts["listed"] += 1
            continue
        given = options.scale if options is not None and suffix == ".dxf" else None
        after = judged(result.data, name, api.check_options(None, given))
        lost = kept(before, after)
        ok = after.verdict == "pass" and not lost
        counts["pass" if ok else "bad"] += 1
        print(f"{'pass  ' if ok else 'BAD   '} {label} ({before.verdict} -> {after.verdict}) "
              f"{len(result.changes)} change(s) {'; '.join(lost)}")
    print(f"{counts['pass']} fixed and passing, {counts['listed']} listed as not repairable, "
          f"{counts['bad']} wrong; {time.process_time() - started:.0f} CPU s")
    return 1 if counts["bad"] else 0


if __name__ == "__main__":
    sys.exit(main())
