"""A buoy's flat print is not the buoy as seen (rule flat-print). Before: the flat wraps
`wsmark fabricate` writes for can and nun buoys said only their buoy's kind, and the
checker measured them as elevations: the red aid's wrap failed (its cylinder, 32.5 in,
read as the buoy's height; the nun read as a can), the green and centre aids' two ids
read as one line 'WSWS', the sign buoy's wrap failed as "no NR 5.09 marker found", and
Connecticut's regulatory buoy's wrap failed for no symbol, words or bands (5 of 5 flat
prints wrong, and so was the print file `wsmark fabricate` makes of the red aid's). Now each print says what it is (``print: flat wrap`` in its description
and its design record) and is one review naming it, nothing judged on it; the buoys'
elevations and the symbol buoys' own wrap kind (buoy-wrap, measured side by side) are
judged as before."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from markers import api
from markers.check.report import Provenance, report_json
from markers.packs import get_pack
from markers.read.svg.declared import design_record, root_desc
from markers.read.svg.safety import safe_document
from cli_helpers import assert_ok, invoke

PACKS = ("wi-nr509", "ct-15-121")


def _flat_prints(pack_name: str) -> list[tuple[str, object, object]]:
    """(kind, elevation, flat print) of every buoy kind of a pack that is printed flat."""
    pack = get_pack(pack_name)
    found = []
    for kind in pack.kinds.values():
        if kind.surface is None:
            continue
        design = kind.typical_designs(None)[0]
        elevation = pack.build(design)
        surface = pack.surface(design, elevation)
        if surface is not None and surface.flat is not None:
            found.append((kind.name, elevation, surface.flat))
    return found


CASES = [(pack, kind, elevation, flat) for pack in PACKS
         for kind, elevation, flat in _flat_prints(pack)]


def _as_json(data: bytes, name: str, pack: str) -> dict:
    return report_json(api.check(data, name, pack=pack)[0], Provenance("t", "t", "t"))


def test_every_pack_has_flat_prints() -> None:
    """The cases are real: Wisconsin's aid and sign buoys (symbol buoys print as their
    own wrap kind) and Connecticut's regulatory buoy are printed flat."""
    kinds = {(pack, kind, flat.meta.get("print")) for pack, kind, _, flat in CASES}
    assert ("wi-nr509", "buoy-aid-red", "flat wrap") in kinds
    assert ("wi-nr509", "buoy-sign", "flat wrap") in kinds
    assert ("ct-15-121", "regulatory-buoy", "flat wrap") in kinds


@pytest.mark.parametrize(("pack", "kind", "elevation", "flat"), CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_flat_print_says_so_and_is_one_review(pack: str, kind: str, elevation: object,
                                              flat: object) -> None:
    """Read back from the SVG written: the description and the design record say what
    the file is; a declared flat print of a buoy kind is one review, rule flat-print,
    naming it, and nothing else is found; a symbol buoy's print is its wrap kind,
    measured as before."""
    data = api.render(flat, ".svg")
    root = safe_document(data, "flat.svg").root
    desc, record = root_desc(root), design_record(root_desc(root))
    declared = flat.meta.get("print")  # type: ignore[attr-defined]
    report = _as_json(data, f"wrap-{kind}.svg", pack)
    rules = [f["rule"] for f in report["findings"]]
    if declared is None:  # a symbol buoy's print: the buoy-wrap kind, judged
        assert "flat-print" not in rules and record["kind"] != kind
        return
    assert re.search(r"^print: flat wrap$", desc, re.MULTILINE), desc
    assert record["print"] == "flat wrap" and record["kind"] == kind
    assert report["verdict"] == "review", report
    assert rules == ["flat-print"], rules
    message = report["findings"][0]["message"]
    assert f"flat wrap of a {kind}" in message and "not judged" in message


@pytest.mark.parametrize(("pack", "kind", "elevation", "flat"), CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_elevation_is_judged(pack: str, kind: str, elevation: object, flat: object) -> None:
    """The buoy as seen declares no print and is judged by its rules."""
    report = _as_json(api.render(elevation, ".svg"), f"{kind}.svg", pack)
    assert "flat-print" not in [f["rule"] for f in report["findings"]]
    assert report["verdict"] in ("pass", "fail", "review")
    assert report["markers"], report


def test_the_declaration_is_what_gates() -> None:
    """The same wrap without its ``print`` (as wsmark wrote it before) is measured as an
    elevation again: the gate is the file's word, not a guess from its look."""
    _, kind, _, flat = next(c for c in CASES if c[1] == "buoy-aid-red")
    data = api.render(flat, ".svg").decode()
    bare = data.replace("\nprint: flat wrap", "").replace(', "print": "flat wrap"', "")
    assert "flat wrap" not in bare.split("</desc>")[0].split("<desc>")[1]
    rules = [f["rule"] for f in _as_json(bare.encode(), "old-wrap.svg", "wi-nr509")["findings"]]
    assert "flat-print" not in rules and "buoy-height" in rules


@pytest.mark.parametrize(("kind", "options"), [("buoy-aid-red", ("--id", "WS-2")),
                                                ("buoy-sign", ("--symbol", "control", "-H", "12",
                                                               "--legend", "5 MPH"))])
def test_every_file_fabricate_writes_is_named(kind: str, options: tuple, tmp_path: Path
                                               ) -> None:
    """Exactly as the command line writes them: `wsmark fabricate`'s print file (SVG and
    PDF), its cut file of each film and its DXF of cut layers each declare the flat wrap
    and are one flat-print review, in all four formats (before: the red aid's failed
    buoy-height at 32.5 or 7.18 in and read 'WSWS'; the sign buoy's, "no marker")."""
    runner = CliRunner()
    assert_ok(invoke(runner, "fabricate", kind, *options, "-o", str(tmp_path)))
    drawings = sorted(p for p in tmp_path.iterdir() if p.suffix in (".svg", ".pdf", ".dxf"))
    assert {p.suffix for p in drawings} == {".svg", ".pdf", ".dxf"}, drawings
    assert any("-cut-" in p.name for p in drawings)
    result = invoke(runner, "check", *map(str, drawings), "--format", "json")
    for report in json.loads(result.stdout):
        serious = [(f["rule"], f["severity"]) for f in report["findings"]
                   if f["severity"] != "info"]
        assert report["verdict"] == "review" and serious == [("flat-print", "review")], \
            (report["file"], serious)
        assert any(f"flat wrap of a {kind}" in f["message"] for f in report["findings"])


def test_only_a_flat_wrap_is_set_aside() -> None:
    """The gate is the value wsmark writes (FLAT_WRAP), not any word in ``print``: a
    record saying another print is measured as the elevation it looks like."""
    _, kind, elevation, _ = next(c for c in CASES if c[1] == "buoy-aid-red")
    data = api.render(elevation, ".svg").decode()
    other = data.replace('"kind": "buoy-aid-red"', '"kind": "buoy-aid-red", "print": "proof"')
    assert '"print": "proof"' in other
    report = _as_json(other.encode(), "elevation.svg", "wi-nr509")
    assert "flat-print" not in [f["rule"] for f in report["findings"]]
    assert report["verdict"] == "pass", report["findings"]
