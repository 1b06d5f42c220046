"""Untrusted drawings: every corpus file reads or fails with one line, fast, touching nothing else.

The corpora (third-party SVG test suites, see ../shared/corpora/README.md) sit beside the
repository; the hostile list names the deliberate attacks and broken files among them.
"""

from __future__ import annotations

import builtins
import io
import os
import re
import socket
import time
import urllib.request
from pathlib import Path

import pytest

from corpora import CORPORA
from markers.core.artwork import Artwork
from markers.errors import WsmarkError
from markers.read.svg.walk import read_svg, read_svg_bytes

NEEDS_CORPORA = pytest.mark.skipif(not CORPORA.is_dir(),
                                   reason=f"third-party SVG corpora not found at {CORPORA}")
SECONDS_PER_FILE = 2.0
SAMPLE_EVERY = 35
NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
EXTERNAL = re.compile(rb"""(href\s*=\s*["'](?!\s*#|\s*data:)|xml-stylesheet|@import|SYSTEM\s)""")


def corpus_files() -> list[Path]:
    if not CORPORA.is_dir():
        return []
    return sorted(p for p in CORPORA.rglob("*") if p.suffix in (".svg", ".svgz") and p.is_file())


def hostile_files() -> list[Path]:
    listing = CORPORA / "HOSTILE.tsv"
    if not listing.is_file():
        return []
    lines = listing.read_text(encoding="utf-8").splitlines()
    return [CORPORA / line.split("\t")[0] for line in lines if line.strip()]


def sample_files() -> list[Path]:
    return corpus_files()[::SAMPLE_EVERY]


def external_reference_files() -> list[Path]:
    """Corpus files that point outside themselves (images, other SVGs, CSS, entities)."""
    return [p for p in corpus_files() if p.suffix == ".svg" and EXTERNAL.search(p.read_bytes())]


def ids(paths: list[Path]) -> list[str]:
    return [str(p.relative_to(CORPORA)) for p in paths]


def read_or_refuse(path: Path, **options: float) -> float:
    """Read ``path``; a refusal must be one WsmarkError line naming the file. Returns seconds."""
    start = time.process_time()
    try:
        result = read_svg(path, **options)
    except WsmarkError as err:
        message = str(err)
        assert "\n" not in message, message
        assert str(path) in message, message
    else:
        assert isinstance(result, Artwork)
    return time.process_time() - start


@NEEDS_CORPORA
@pytest.mark.parametrize("path", hostile_files(), ids=ids(hostile_files()))
def test_hostile_corpus_file_is_refused_or_read_quickly(path):
    assert path.is_file(), f"listed in HOSTILE.tsv but missing: {path}"
    assert read_or_refuse(path) < SECONDS_PER_FILE
    assert read_or_refuse(path, scale=0.01) < SECONDS_PER_FILE


@NEEDS_CORPORA
def test_the_corpora_are_complete_enough_to_mean_something():
    assert len(hostile_files()) >= 9 and all(p.is_file() for p in hostile_files())
    assert len(sample_files()) >= 50


@NEEDS_CORPORA
def test_billion_laughs_from_the_corpus_is_refused():
    with pytest.raises(WsmarkError, match="refused"):
        read_svg(CORPORA / "svgo/raw/test/svgo/billion-laughs.svg")


@NEEDS_CORPORA
@pytest.mark.parametrize("path", sample_files(), ids=ids(sample_files()))
def test_corpus_sample_is_read_or_refused_quickly(path):
    # without a scale most test-suite files have no physical size: read at a nominal one;
    # with one, the geometry code runs on every element
    assert read_or_refuse(path) < SECONDS_PER_FILE
    assert read_or_refuse(path, scale=0.01) < SECONDS_PER_FILE


PATHOLOGICAL = 100_000  # characters: enough to make a backtracking regex take hours
HOSTILE_TEXT = {
    "transform": 'transform="translate(' + "1" * PATHOLOGICAL + 'x)"',
    "length": 'width="1' + " " * PATHOLOGICAL + 'x"',
    "number": 'x="' + "1" * PATHOLOGICAL + '.5e"',
    "paint": 'fill="url(' + " " * PATHOLOGICAL + 'x"',
    "color": 'fill="rgb(' + " " * PATHOLOGICAL + '("',
    "path": 'd="M0 0' + " ," * PATHOLOGICAL + '!"',
    "style": 'style="' + "fill:;" * PATHOLOGICAL + '"',
    "id": 'id="display_' + "1" * PATHOLOGICAL + 'x"',
}


@pytest.mark.parametrize("attribute", sorted(HOSTILE_TEXT))
def test_pathological_attribute_text_is_read_in_linear_time(attribute):
    text = (f'<svg {NS} width="5in" height="5in"><rect width="1" height="1" '
            f'{HOSTILE_TEXT[attribute]}/></svg>')
    start = time.process_time()
    try:
        read_svg_bytes(text.encode(), "hostile.svg")
    except WsmarkError as err:
        assert "\n" not in str(err) and "hostile.svg" in str(err)
    assert time.process_time() - start < SECONDS_PER_FILE


@pytest.mark.parametrize("css", ["/*" * PATHOLOGICAL, "url(" * PATHOLOGICAL,
                                 "@import " * PATHOLOGICAL, "{" * PATHOLOGICAL,
                                 ".a" * PATHOLOGICAL + "{fill:red}"])
def test_pathological_style_sheet_is_read_in_linear_time(css):
    text = f'<svg {NS} width="5in" height="5in"><style>{css}</style><rect class="a"/></svg>'
    start = time.process_time()
    try:  # read, or refused by its rule count before it is built (issue 15)
        read_svg_bytes(text.encode(), "hostile.svg")
    except WsmarkError as err:
        assert "\n" not in str(err) and "rules; the limit is" in str(err)
    assert time.process_time() - start < SECONDS_PER_FILE


class Tripwire:
    """Records any attempt to open a file other than the allowed ones, or to use the network."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.attempts: list[str] = []
        self.allowed: set[str] = set()
        real_open, real_os_open = builtins.open, os.open

        def guarded_open(file, *args, **kwargs):
            if os.fspath(file) not in self.allowed if isinstance(file, (str, Path)) else True:
                self.attempts.append(f"open({file!r})")
                raise PermissionError(f"tripwire: {file!r}")
            return real_open(file, *args, **kwargs)

        def guarded_os_open(file, *args, **kwargs):
            if os.fspath(file) not in self.allowed:
                self.attempts.append(f"os.open({file!r})")
                raise PermissionError(f"tripwire: {file!r}")
            return real_os_open(file, *args, **kwargs)

        def no_network(*args, **kwargs):
            self.attempts.append(f"network{args!r}")
            raise PermissionError("tripwire: network")

        monkeypatch.setattr(builtins, "open", guarded_open)
        monkeypatch.setattr(io, "open", guarded_open)
        monkeypatch.setattr(os, "open", guarded_os_open)
        monkeypatch.setattr(socket, "socket", no_network)
        monkeypatch.setattr(socket, "create_connection", no_network)
        monkeypatch.setattr(urllib.request, "urlopen", no_network)

    def read(self, path: Path) -> None:
        self.allowed = {str(path)}
        read_or_refuse(path)
        read_or_refuse(path, scale=0.01)
        assert self.attempts == [], f"{path} made the reader reach out: {self.attempts}"


OWN_EXTERNAL = {
    "image-file.svg": '<image href="file:///etc/passwd" width="10" height="10"/>'
                      '<image xlink:href="../secret.png" width="10" height="10"/>',
    "use-other-file.svg": '<use href="other.svg#x"/>'
                          '<use xlink:href="https://example.com/a.svg#b"/>',
    "fe-image.svg": '<filter id="f"><feImage href="file:///etc/passwd"/></filter>'
                    '<rect width="5" height="5" filter="url(#f)"/>',
    "css-import.svg": '<style>@import url("evil.css"); @import "/etc/passwd";'
                      ' rect { fill: url(other.svg#g) }</style><rect width="5" height="5"/>',
    "paint-url.svg": '<rect width="5" height="5" fill="url(http://example.com/p.svg#g) red"/>',
}
OWN_PROLOGS = {
    "stylesheet-pi.svg": '<?xml-stylesheet href="file:///etc/passwd" type="text/css"?>',
    "xxe-system.svg": '<!DOCTYPE svg [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>',
    "xxe-public.svg": '<!DOCTYPE svg [<!ENTITY xxe PUBLIC "-//X//Y" "http://example.com/x">]>',
    "external-dtd.svg": '<!DOCTYPE svg SYSTEM "file:///etc/passwd">',
    "parameter-entity.svg": '<!DOCTYPE svg [<!ENTITY % p SYSTEM "file:///etc/passwd"> %p;]>',
}


def own_external_files(folder: Path) -> list[Path]:
    paths = []
    for name, body in OWN_EXTERNAL.items():
        paths.append(folder / name)
        paths[-1].write_text(f'<svg {NS} width="5in" height="5in" viewBox="0 0 5 5">{body}</svg>')
    for name, prolog in OWN_PROLOGS.items():
        paths.append(folder / name)
        body = "<desc>&xxe;</desc>" if "xxe" in name else "<rect width='1' height='1'/>"
        paths[-1].write_text(f'{prolog}<svg {NS} width="5in" height="5in">{body}</svg>')
    return paths


def test_tripwire_notices_a_file_being_opened(tmp_path, monkeypatch):
    secret = tmp_path / "secret.txt"
    secret.write_text("x")
    tripwire = Tripwire(monkeypatch)
    with pytest.raises(PermissionError):
        open(secret)
    with pytest.raises(PermissionError):
        urllib.request.urlopen("http://example.com/")
    assert len(tripwire.attempts) == 2


def test_own_external_references_are_never_followed(tmp_path, monkeypatch):
    paths = own_external_files(tmp_path)
    read_or_refuse(paths[0])  # warm up lazy imports before the tripwire goes in
    tripwire = Tripwire(monkeypatch)
    for path in paths:
        tripwire.read(path)


def test_links_are_cut_and_counted(tmp_path):
    paths = own_external_files(tmp_path)
    art = read_svg(tmp_path / "image-file.svg")
    assert art.layers == ()
    assert art.meta["ignored"]["link to a file or URL (not followed)"] == 2
    painted = read_svg(tmp_path / "paint-url.svg")  # the fallback color after the dead link
    assert painted.colors() == ["red"]
    assert len(paths) == len(OWN_EXTERNAL) + len(OWN_PROLOGS)


@NEEDS_CORPORA
def test_corpus_files_with_external_references_are_never_followed(monkeypatch):
    paths = external_reference_files()
    assert len(paths) >= 20, "expected the corpora's image/CSS/href test files"
    read_or_refuse(paths[0])
    tripwire = Tripwire(monkeypatch)
    for path in paths:
        tripwire.read(path)
