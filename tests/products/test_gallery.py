"""The committed gallery/ is the golden set: rebuilt, it must come out the same.

SVGs and README.md are compared byte for byte; PNGs (rasteriser-dependent) only by
name and pixel size. Regenerate with `make gallery` when a change is intended.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from markers import api
from wi import KINDS, PACK
from svg_measure import PNG_MAGIC, png_size, read_svg

COMMITTED = Path(__file__).resolve().parents[2] / "gallery"
STALE = "gallery/ is stale: run `make gallery` (or `wsmark gallery -o gallery`) and commit it"


@pytest.fixture(scope="module")
def fresh(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("gallery")
    written = api.gallery(out, PACK)
    assert sorted(p.name for p in written) == sorted(p.name for p in out.iterdir())
    return out


def names(folder: Path, suffix: str) -> set[str]:
    return {p.name for p in folder.iterdir() if p.suffix == suffix}


def test_committed_gallery_exists() -> None:
    assert COMMITTED.is_dir() and (COMMITTED / "README.md").is_file(), STALE


def test_same_files(fresh: Path) -> None:
    # gallery/web/ holds the screenshots of the web page, kept by tests/web/test_browser.py
    assert {p.name for p in COMMITTED.iterdir() if p.is_file()} == \
        {p.name for p in fresh.iterdir()}, STALE


def test_svgs_and_readme_are_byte_identical(fresh: Path) -> None:
    stale = [name for name in sorted(names(fresh, ".svg") | {"README.md"})
             if not (COMMITTED / name).is_file()
             or (COMMITTED / name).read_bytes() != (fresh / name).read_bytes()]
    assert not stale, f"{STALE}; differs: {stale}"


def test_pngs_have_the_same_names_and_pixel_sizes(fresh: Path) -> None:
    assert names(COMMITTED, ".png") == names(fresh, ".png"), STALE
    for name in sorted(names(fresh, ".png")):
        committed = (COMMITTED / name).read_bytes()
        assert committed[:8] == PNG_MAGIC, name
        assert png_size(committed) == png_size((fresh / name).read_bytes()), name


def test_every_svg_has_a_png_preview_and_a_readme_entry(fresh: Path) -> None:
    readme = (fresh / "README.md").read_text(encoding="utf-8")
    stems = {name[:-4] for name in names(fresh, ".svg")}
    assert stems == {name[:-4] for name in names(fresh, ".png")}
    for stem in stems:
        assert f"]({stem}.svg)" in readme and f"]({stem}.png)" in readme


@pytest.mark.parametrize("kind", [k.name for k in KINDS.values() if not k.display_area])
def test_gallery_shows_kinds_without_a_display_area_once(fresh: Path, kind: str) -> None:
    matches = [name for name in names(fresh, ".svg")
               if re.fullmatch(rf"{re.escape(kind)}(-[a-z0-9-]+)?\.svg", name)]
    assert len(matches) == 1, matches
    assert f"## {kind}, default size" in (fresh / "README.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("kind", [k.name for k in KINDS.values() if k.display_area])
@pytest.mark.parametrize("h", [12, 24])
def test_gallery_shows_every_kind_at_12_and_24_in(fresh: Path, kind: str, h: int) -> None:
    pattern = re.compile(rf"{re.escape(kind)}-{h}in(-[a-z0-9-]+)?\.svg")
    matches = [name for name in names(fresh, ".svg") if pattern.fullmatch(name)]
    assert matches, f"no {kind} at {h} in"
    for name in matches:  # each says what it is, read back from the file itself
        drawing = read_svg((fresh / name).read_bytes())
        assert f"kind: {kind}" in drawing.desc
        assert f"display height: {h} in" in drawing.desc
    assert f"## {kind}, H = {h} in" in (fresh / "README.md").read_text(encoding="utf-8")


def test_gallery_has_the_buoy_wraps_and_fabrication_previews(fresh: Path) -> None:
    surfaced = {kind.name for kind in KINDS.values() if kind.surface is not None}
    readme = (fresh / "README.md").read_text(encoding="utf-8")
    wraps = {name for name in names(fresh, ".svg") if name.startswith("wrap-")}
    # every buoy with a developable body (all but the spheres of the samples)
    assert {re.sub(r"-ws-\w+$|-\d+in.*$|-rocks$|-5-mph$", "", n[5:-4]) for n in wraps} == \
        surfaced - {"buoy-mooring", "buoy-race"}
    for name in wraps:  # a wrap is as wide as the circumference, read from the file
        drawing = read_svg((fresh / name).read_bytes())
        assert drawing.width_in > 3 * 7 - 1e-6
    fabs = {name for name in names(fresh, ".svg") if name.startswith("fab-")}
    assert len(fabs) == 4 and "## Fabrication" in readme and "## Buoy wraps" in readme
    assert "cost USD per sign" in readme and "| placeholder |" in readme


def test_the_example_plan_map_and_packet_are_current(fresh: Path) -> None:
    """The clean example plan's map and packet are in the gallery; the packet's text,
    read back with pypdf, is the text of a fresh one."""
    import io

    import pypdf

    def text(data: bytes) -> list[str]:
        return [page.extract_text() for page in pypdf.PdfReader(io.BytesIO(data)).pages]

    for name in ("plan-map.svg", "plan-map.png", "plan-application.pdf"):
        assert (COMMITTED / name).is_file(), STALE
        assert f"]({name})" in (fresh / "README.md").read_text(encoding="utf-8")
    pages = text((fresh / "plan-application.pdf").read_bytes())
    assert text((COMMITTED / "plan-application.pdf").read_bytes()) == pages, STALE
    assert "Waterway marker application" in pages[0] and "WS-A" in pages[-1]
