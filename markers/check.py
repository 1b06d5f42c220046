"""The check path for one input: read or build -> measure -> rules -> FileReport.

A drawing (.svg, .svgz, .pdf, .ai, .dxf) is read; a design file (.yaml, .yml, .json) is
built, so a vendor may submit parameters instead of a drawing and be judged by the same
rules. A PDF of several pages is judged page by page (see ``check_file``).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from markers.artwork import Artwork
from markers.design import DESIGN_SUFFIXES, as_declared, load_design
from markers.errors import WsmarkError
from markers.kinds import build
from markers.measure import measure
from markers.read.formats import DRAWING_SUFFIXES as _READ_SUFFIXES
from markers.read.formats import REFUSED_SUFFIXES, read_drawing
from markers.report import FileReport
from markers.rules import evaluate

__all__ = ["CheckOptions", "DRAWING_SUFFIXES", "load_artwork", "check_file", "inputs"]

DRAWING_SUFFIXES = tuple(_READ_SUFFIXES)


@dataclass(frozen=True)
class CheckOptions:
    """What the user told the checker: H or scale when the file lacks them, waivers
    (rule id -> reason) and tolerances (rule id -> value in the rule's unit)."""

    display_height: float | None = None
    scale: float | None = None
    waivers: dict[str, str] = field(default_factory=dict)
    tolerances: dict[str, float] = field(default_factory=dict)


def load_artwork(path: str | Path, options: CheckOptions) -> Artwork | list[Artwork]:
    """The Artwork of a drawing or design file; a list, one per page, for a PDF of
    several pages."""
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
    if suffix in DRAWING_SUFFIXES or suffix in REFUSED_SUFFIXES:
        pages = read_drawing(path, scale=options.scale, display_height=options.display_height)
        return pages[0] if len(pages) == 1 else pages
    raise WsmarkError(f"{path}: not a drawing or design file (use .svg, .pdf, .dxf, .yaml, "
                      ".yml, .json)")


def judge(art: Artwork, file: str, options: CheckOptions) -> FileReport:
    """Measure an Artwork and run the rules on it."""
    facts = measure(art, options.display_height)
    facts.drawing_units = art.meta.get("units") if art.meta.get("scale_basis") == "physical" \
        else None
    facts.generator = art.meta.get("generator")
    return FileReport.judged(file, facts.kind, facts.display_height, facts.display_basis,
                             evaluate(facts, options.waivers, options.tolerances))


def judge_pages(pages: list[Artwork], file: str,
                options: CheckOptions) -> tuple[FileReport, Artwork]:
    """A PDF of several pages: each page that paints something (a cover of text alone
    does not) is judged alone; the file's report is the worst page's (fail over pass; the
    first such page), carrying every judged page's findings with "page N: " before their
    messages (the marker-splitting work replaces this)."""
    drawn = [i for i, art in enumerate(pages) if art.layers] or [0]
    reports = {i: judge(pages[i], file, options) for i in drawn}
    worst = next((i for i in drawn if reports[i].verdict == "fail"), drawn[0])
    findings = [replace(f, message=f"page {i + 1}: {f.message}")
                for i in drawn for f in reports[i].findings]
    chosen = reports[worst]
    return FileReport(file, chosen.verdict, chosen.kind, chosen.display_height_in,
                      chosen.display_height_basis, findings), pages[worst]


def check_file(path: str | Path, options: CheckOptions) -> tuple[FileReport, Artwork | None]:
    """Judge one file; an unreadable or hostile one gives verdict 'error', never raises."""
    file = str(path)
    try:
        art = load_artwork(path, options)
        if isinstance(art, list):
            return judge_pages(art, file, options)
        return judge(art, file, options), art
    except WsmarkError as err:
        return FileReport.unreadable(file, str(err).splitlines()[0]), None
    except RecursionError:
        return FileReport.unreadable(file, f"{file}: nested too deeply to read"), None
    except Exception as err:  # a hostile file must not crash a batch: report it on one line
        text = str(err).splitlines()[0] if str(err) else ""
        return FileReport.unreadable(file, f"{file}: cannot be measured ({type(err).__name__}"
                                           f"{': ' + text[:120] if text else ''})"), None


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
