"""The check path for one input: read or build -> measure -> rules -> FileReport.

A drawing (.svg, .svgz) is read; a design file (.yaml, .yml, .json) is built, so a
vendor may submit parameters instead of a drawing and be judged by the same rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from markers.artwork import Artwork
from markers.design import DESIGN_SUFFIXES, as_declared, load_design
from markers.errors import WsmarkError
from markers.kinds import build
from markers.measure import measure
from markers.read.svg import read_svg
from markers.report import FileReport
from markers.shown import one_line, shown_name
from markers.quiet import ARITHMETIC, warnings_as_errors
from markers.rules import evaluate

__all__ = ["CheckOptions", "DRAWING_SUFFIXES", "load_artwork", "check_file", "inputs"]

DRAWING_SUFFIXES = (".svg", ".svgz")


@dataclass(frozen=True)
class CheckOptions:
    """What the user told the checker: H or scale when the file lacks them, waivers
    (rule id -> reason) and tolerances (rule id -> value in the rule's unit)."""

    display_height: float | None = None
    scale: float | None = None
    waivers: dict[str, str] = field(default_factory=dict)
    tolerances: dict[str, float] = field(default_factory=dict)


def load_artwork(path: str | Path, options: CheckOptions) -> Artwork:
    """The Artwork of a drawing or design file."""
    path = Path(path)
    if not path.is_file():
        raise WsmarkError(f"{path}: no such file" if not path.exists() else
                          f"{path}: not a file")
    suffix = path.suffix.lower()
    if suffix in DESIGN_SUFFIXES:
        design = load_design(path)
        with as_declared():  # a broken minimum is a finding of the rules, not unreadable
            art = build(design)
        return Artwork(art.width, art.height, art.layers, art.legends, art.features,
                       {**art.meta, "source": str(path)})
    if suffix in DRAWING_SUFFIXES:
        return read_svg(path, scale=options.scale, display_height=options.display_height)
    raise WsmarkError(f"{path}: not a drawing or design file (use .svg, .yaml, .yml, .json)")


def judge(art: Artwork, file: str, options: CheckOptions) -> FileReport:
    """Measure an Artwork and run the rules on it."""
    facts = measure(art, options.display_height)
    facts.drawing_units = art.meta.get("units") if art.meta.get("scale_basis") == "physical" \
        else None
    facts.generator = art.meta.get("generator")
    return FileReport.judged(file, facts.kind, facts.display_height, facts.display_basis,
                             evaluate(facts, options.waivers, options.tolerances))


def check_file(path: str | Path, options: CheckOptions) -> tuple[FileReport, Artwork | None]:
    """Judge one file; an unreadable or hostile one gives verdict 'error', never raises."""
    file, name = str(path), shown_name(str(path))
    try:
        with warnings_as_errors():
            art = load_artwork(path, options)
            return judge(art, file, options), art
    except WsmarkError as err:
        text = str(err)
        text = name + text[len(file):] if text.startswith(file) else text
        return FileReport.unreadable(file, one_line(text)), None
    except ARITHMETIC as err:
        return FileReport.unreadable(file, one_line(
            f"{name}: numbers out of range ({str(err).splitlines()[0][:100]})")), None
    except RecursionError:
        return FileReport.unreadable(file, one_line(f"{name}: nested too deeply to read")), None
    except MemoryError:
        raise  # the worker running the check reports it against its budget
    except Exception as err:  # a hostile file must not crash a batch: report it on one line
        if "bad_alloc" in str(err):  # GEOS out of memory: the worker's budget reports it
            raise MemoryError from None
        text = str(err).splitlines()[0] if str(err) else ""
        return FileReport.unreadable(file, one_line(
            f"{name}: cannot be measured ({type(err).__name__}"
            f"{': ' + text[:120] if text else ''})")), None


def inputs(paths: list[str]) -> list[Path]:
    """Files named, and the drawings and designs found under folders named (sorted)."""
    found: list[Path] = []
    wanted = DRAWING_SUFFIXES + DESIGN_SUFFIXES
    for name in paths:
        path = Path(name)
        if path.is_dir():
            found += sorted(p for p in path.rglob("*")
                            if p.is_file() and p.suffix.lower() in wanted)
        else:
            found.append(path)
    return found
