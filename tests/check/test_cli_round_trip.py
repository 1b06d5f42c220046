"""What users get from wsmark checks clean, made and checked by the CLI commands they run.

For every kind of the pack, at display heights 12 and 24 in where it has a display area:
`wsmark render` to SVG, PDF and DXF (a buoy's elevation is cut from no sheet: no DXF), `wsmark wrap` for a symbol buoy, and `wsmark
fabricate`'s print PDF, cut files of each film and cut DXF. Every file is then checked by
one `wsmark check --format json -j 2` run and must pass, reading what its SVG reads: the
same kind, display height and lettering (legend, WS id), with the display area declared
in the file (basis ``declared``), not guessed; and the cut files (DXF and each film's
SVG) measure what the SVG measures: outline width, symbol size, diamond slopes, display
height, letter heights, a wrap's faces too, within 0.01 in and 0.1 deg. The files are made by the commands
themselves (click's runner, in this process, for speed), so what a test drew by hand
cannot stand in for what users get (issue 21).

What a form cannot carry is said, not passed: a DXF of an aid buoy shows its reflective
band but cannot say that it is reflective (``reflector-band`` review). The fabrication
files of a buoy other than a symbol buoy, and of a flag, are not the marker but its
pieces (a round body developed flat, a flag's fabric cut with seam allowances), so they
are not among the forms checked here; a symbol buoy's fabrication files are its wrap.
Nor is a panel of a film cut across rolls (``cut-<film>-panel-<n>.svg``: a 24 in aid's
film on 24 in rolls), which is the part of the film one roll gives; the film as applied
is its ``cut-<film>.svg``, checked here.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from cli import cli
from conftest import wsmark_script
from markers.check.pipeline import CheckOptions, load_artwork
from wi import KINDS, PACK, measure, sample_design

IN_TOL, DEG_TOL = 0.01, 0.1

#: Forms that cannot show something a kind needs, and the review that says so.
CANNOT_CARRY = {("buoy-aid", "dxf"): "reflector-band"}
#: Kinds whose fabrication files are pieces of the marker, not the marker (docstring).
PIECES = frozenset({"buoy-sign", "buoy-aid-red", "buoy-aid-green", "buoy-aid-center",
                    "buoy-mooring", "buoy-race", "diver-flag", "distress-flag"})


def _options(kind: str, height: float | None) -> list[str]:
    """The command-line options of ``kind``'s sample design (its legend, id, symbol)."""
    design = sample_design(KINDS[kind], height)
    options = ["-H", f"{height:g}"] if height is not None and KINDS[kind].display_area \
        else []
    for flag, value in (("--legend", design.legend), ("--id", design.ws_id),
                        ("--symbol", getattr(design, "symbol", None))):
        if value:
            options += [flag, value]
    return options


def _cases() -> list[tuple[str, float | None]]:
    return [(name, h) for name, kind in KINDS.items()
            for h in ((12.0, 24.0) if kind.display_area else (None,))]


def _run(args: list[str]) -> None:
    from click.testing import CliRunner

    result = CliRunner().invoke(cli, args, catch_exceptions=False)
    assert result.exit_code == 0, (args, result.output)


@pytest.fixture(scope="module")
def made(tmp_path_factory) -> dict[Path, tuple[str, float | None, str]]:
    """Every file the commands write: path -> (kind, H, form)."""
    out = tmp_path_factory.mktemp("round-trip")
    files: dict[Path, tuple[str, float | None, str]] = {}
    for kind, h in _cases():
        stem = f"{kind}-{h or 0:g}"
        options = _options(kind, h)
        for suffix in ("svg", "pdf", "dxf") if KINDS[kind].family != "buoy" else ("svg", "pdf"):
            _run(["render", kind, *options, "-o", str(out / f"{stem}.{suffix}")])
            files[out / f"{stem}.{suffix}"] = (kind, h, suffix)
        if kind == "buoy-symbol":
            diameter = "12" if h == 12 else "18"  # a 24 in diamond seen flat needs 16.84 in
            _run(["wrap", *options, "--diameter", diameter, "-o", str(out / f"{stem}-wrap.svg")])
            files[out / f"{stem}-wrap.svg"] = ("buoy-wrap", h, "wrap")
        if kind in PIECES:
            continue
        folder = out / stem
        _run(["fabricate", kind, *options, "-o", str(folder)])
        for path in sorted(folder.iterdir()):
            if "-panel-" in path.name:
                continue  # one roll's part of a film cut across rolls (docstring)
            if path.name.endswith(("-print.pdf", ".dxf")) or "-cut-" in path.name:
                form = "print.pdf" if path.name.endswith("-print.pdf") else path.suffix[1:]
                files[path] = (kind, h, form if "-cut-" not in path.name else "cut.svg")
    return files


@pytest.fixture(scope="module")
def reports(made) -> dict[Path, dict]:
    """Every file's JSON report, from one `wsmark check` run."""
    done = subprocess.run([str(wsmark_script()), "check", "--format", "json", "-j", "2",
                           *map(str, made)], capture_output=True, text=True, timeout=600)
    assert done.returncode in (0, 1), done.stderr
    return {Path(r["file"]): r for r in json.loads(done.stdout)}


def _expected_reviews(kind: str, form: str) -> set[str]:
    family = "buoy-aid" if kind.startswith("buoy-aid") else kind
    return {CANNOT_CARRY[(family, form)]} if (family, form) in CANNOT_CARRY else set()


def test_every_form_users_get_checks_clean(made, reports) -> None:
    wrong = []
    for path, (kind, h, form) in made.items():
        report = reports[path]
        serious = {f["rule"] for f in report["findings"] if f["severity"] in ("error",
                                                                               "review")}
        if serious != _expected_reviews(kind, form) or report["error"]:
            wrong.append((path.name, report["verdict"], sorted(serious), report["error"]))
    assert not wrong, wrong


def test_every_form_reads_what_its_svg_reads(made, reports) -> None:
    """Kind, display height (declared, within 0.01 in), legend and WS id as the SVG's."""
    svg = {(kind, h): reports[path]["markers"][0] for path, (kind, h, form) in made.items()
           if form == "svg"}
    wrong = []
    for path, (kind, h, form) in made.items():
        if form in ("svg", "wrap", "cut.svg") or (kind == "buoy-symbol" and form != "pdf"):
            continue  # a cut film shows one film; a symbol buoy is fabricated as its wrap
        [marker] = reports[path]["markers"]
        want = svg[(kind, h)]
        same = (marker["kind"] == want["kind"] and marker["legend"] == want["legend"]
                and marker["ws_id"] == want["ws_id"]
                and marker["display_height_basis"] == want["display_height_basis"]
                and (want["display_height_in"] is None or abs(
                    marker["display_height_in"] - want["display_height_in"]) <= 0.01))
        if not same:
            wrong.append((path.name, {k: marker[k] for k in want if marker[k] != want[k]}))
    assert not wrong, wrong


def test_the_svg_declares_its_display_area(made, reports) -> None:
    """As asked, or larger for an aid whose 3 in letters need more (NR 5.09(2)(a)6)."""
    for path, (kind, h, form) in made.items():
        if form == "svg" and h is not None:
            [marker] = reports[path]["markers"]
            assert marker["display_height_basis"] == "declared", path.name
            assert marker["display_height_in"] >= h - 0.01, path.name
            if not kind.startswith("aid-"):
                assert marker["display_height_in"] == pytest.approx(h, abs=0.01), path.name


def key_numbers(facts, prefix: str = "") -> dict[str, float]:
    """Outline width, symbol size, side slopes, display height and letter heights of a
    marker and of the faces it carries, by name."""
    out = {f"{prefix}{name}": value for name, value in (
        ("outline", facts.symbol.outline), ("size", facts.symbol.size),
        ("display_height", facts.display.height)) if value is not None}
    out.update({f"{prefix}angle{i}": a for i, a in enumerate(facts.symbol.side_angles)})
    out.update({f"{prefix}letters{i}": leg.cap_height
                for i, leg in enumerate(facts.letters.legends)})
    for i, face in enumerate(facts.faces):
        out.update(key_numbers(face, f"{prefix}face{i}."))
    return out


def _numbers(path: Path) -> dict[str, float]:
    [art] = load_artwork(path.read_bytes(), str(path), CheckOptions(), PACK)
    return key_numbers(measure(art))


def test_cut_files_measure_what_the_svg_measures(made) -> None:
    svg = {(kind, h): path for path, (kind, h, form) in made.items() if form == "svg"}
    wrap = {h: path for path, (kind, h, form) in made.items() if form == "wrap"}
    wrong = []
    for path, (kind, h, form) in made.items():
        if form not in ("dxf", "cut.svg"):
            continue
        reference = wrap[h] if kind == "buoy-symbol" else svg[(kind, h)]
        want, have = _numbers(reference), _numbers(path)
        if not want and KINDS[kind].family == "flag":
            continue  # a flag has no outline or symbol; its rule is judged above
        if want.keys() != have.keys() or len(want) < 2:
            wrong.append((path.name, sorted(want.keys() ^ have.keys())))
            continue
        wrong += [(path.name, key, value, have[key]) for key, value in want.items()
                  if abs(have[key] - value) > (DEG_TOL if "angle" in key else IN_TOL)]
    assert not wrong, wrong

