"""The README and docs/ as a newcomer meets them: every `wsmark` command their ```sh
blocks show runs as shown and writes what it names, every link leads somewhere, and the
README stays a ten-minute read (issue 22)."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from cli import cli

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
DOCS = [README, *sorted((ROOT / "docs").glob("*.md"))]
#: Options whose value is a file or folder the command writes.
WRITES = ("-o", "--output", "--annotate", "--report", "--gpx", "--kml", "--geojson")
SH_BLOCK = re.compile(r"^```sh\n(.*?)^```", re.S | re.M)
LINK = re.compile(r"\]\(([^)\s]+)\)")


def shown_commands(page: Path) -> list[list[str]]:
    """The `wsmark` commands of ``page``'s sh blocks, in order, as argument lists (a
    backslash continues a line, `#` starts a comment, as in a shell)."""
    commands = []
    for block in SH_BLOCK.findall(page.read_text(encoding="utf-8")):
        for line in block.replace("\\\n", " ").splitlines():
            words = shlex.split(line, comments=True)
            if words[:1] == ["wsmark"]:
                commands.append(words[1:])
    return commands


def _name(page: Path) -> str:
    return str(page.relative_to(ROOT))


def test_the_readme_shows_about_ten_examples() -> None:
    assert 8 <= len(shown_commands(README)) <= 14


@pytest.mark.parametrize("page", DOCS, ids=_name)
def test_the_commands_a_page_shows_run(page: Path, runner, tmp_path, monkeypatch) -> None:
    """In a fresh folder holding the repository's examples/, each command in turn exits
    0 and leaves every file or folder it was told to write."""
    (tmp_path / "examples").symlink_to(ROOT / "examples", target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    for args in shown_commands(page):
        if args[0] == "serve":  # runs until Ctrl-C; the web tests start it
            continue
        shown = "wsmark " + shlex.join(args)
        result = runner.invoke(cli, args, catch_exceptions=True)
        assert result.exception is None or isinstance(result.exception, SystemExit), \
            (shown, repr(result.exception))
        assert result.exit_code == 0, (shown, result.stdout[-800:], result.stderr[-800:])
        written = [args[i + 1] for i, word in enumerate(args[:-1]) if word in WRITES]
        missing = [path for path in written if not (tmp_path / path).exists()]
        assert not missing, (shown, missing)


@pytest.mark.parametrize("page", DOCS, ids=_name)
def test_every_link_of_a_page_leads_somewhere(page: Path) -> None:
    """Relative links name a file of the repository; an anchor names a heading of the
    page it points into (GitHub's anchors: lower case, punctuation dropped, spaces to
    hyphens)."""
    broken = []
    for target in LINK.findall(page.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target):
            continue
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists():
            broken.append(target)
            continue
        if anchor and anchor not in _anchors(linked):
            broken.append(target)
    assert not broken, broken


@pytest.mark.parametrize("page", DOCS, ids=_name)
def test_every_make_target_and_script_a_page_names_exists(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    targets = set(re.findall(r"^([a-z][\w-]*):", (ROOT / "Makefile").read_text(), re.M))
    named = set(re.findall(r"(?:`|^)make ([a-z][\w-]*)", text, re.M))
    assert named <= targets, named - targets
    scripts = re.findall(r"\b((?:bench|examples|tests)/[\w/-]+\.py)\b", text)
    assert [path for path in scripts if not (ROOT / path).is_file()] == []


def _anchors(page: Path) -> set[str]:
    headings = re.findall(r"^#+ (.+)$", page.read_text(encoding="utf-8"), re.M)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}


def test_the_readme_is_a_ten_minute_read() -> None:
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) < 200
    for page in DOCS[1:]:
        assert f"(docs/{page.name})" in README.read_text(encoding="utf-8"), page.name
