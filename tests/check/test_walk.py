"""`check` walks its folders lazily (markers/check/walk.py) and checks what it finds as
the workers take it (markers/runtime/pool.py): the same files in the same order as sorting
every path of the tree, with no more than a bounded number of them held at once."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import markers.check.walk as walk
from markers.check.pipeline import check_inputs, inputs
from markers.runtime.budget import Limits
from markers.runtime.pool import AHEAD, budgeted_imap

WANTED = (".svg", ".pdf", ".dxf", ".ai", ".json", ".yaml", ".yml")


def _tree(root: Path) -> None:
    """Names that sort differently by string and by path part, hidden files, suffixes
    in capitals, a folder named like a drawing, symlinks to a file, a folder, nowhere
    and themselves, a report beside the drawings and a design."""
    names = ["a.svg", "b.svg", "B.SVG", "c.Pdf", "..svg", ".svg", ".h.svg", "x.svg.",
             "z.txt", "é.svg", "a b.dxf", "10.svg", "9.svg", "a-1.svg", "a.svg.svg"]
    for folder in (root, root / "b", root / "b" / "b", root / "sub.svg"):
        folder.mkdir(parents=True, exist_ok=True)
        for name in names:
            (folder / name).write_text("x")
        (folder / "report.json").write_text('[{"file": "a.svg"}]')
        (folder / "d.yaml").write_text("kind: aid-red\ndisplay_height: 18\n")
    os.symlink("..", root / "b" / "loop")
    os.symlink("a.svg", root / "link.svg")
    os.symlink("nowhere.svg", root / "broken.svg")
    os.symlink("self.svg", root / "self.svg")


def _by_rglob(root: Path) -> list[str]:
    """What the walk replaced: every path under ``root``, sorted."""
    return [str(p) for p in sorted(p for p in root.rglob("*")
                                   if p.is_file() and p.suffix.lower() in WANTED)]


@pytest.mark.parametrize("chunk", [walk.CHUNK, 5, 1])
def test_walk_order_and_files_are_those_of_sorting_the_whole_tree(tmp_path, monkeypatch,
                                                                  chunk) -> None:
    _tree(tmp_path / "t")
    monkeypatch.setattr(walk, "CHUNK", chunk)  # a folder read in several passes
    paths, notes, not_files = [], [], []
    for path, note in check_inputs([str(tmp_path / "t")]).walk():
        if note is not None and note.endswith("not a file to check"):
            not_files.append(note)  # said, never read: the dangling link and the loop
            continue
        paths.append(path)
        if note is not None:
            notes.append(note)
    assert paths == _by_rglob(tmp_path / "t")
    assert [n.split(": ")[0] for n in not_files] == [
        f"skipped {tmp_path / 't' / name}" for name in ("broken.svg", "self.svg")]
    assert len(paths) == 4 * 14 + 1  # 12 drawings + 2 json/yaml per folder, link.svg
    assert not any("loop" in p or "broken" in p or "self.svg" in p for p in paths)
    assert sorted(notes) == sorted(f"skipped {p}: not a design (no 'kind' field)"
                                   for p in paths if p.endswith("report.json"))


def test_walk_names_files_as_given_and_under_dot(tmp_path, monkeypatch) -> None:
    _tree(tmp_path / "t")
    monkeypatch.chdir(tmp_path)
    files, notes = inputs(["t/b/", "missing.svg", "."])
    assert [str(f) for f in files] == (
        [p for p in _by_rglob(Path("t/b")) if not p.endswith("report.json")]
        + ["missing.svg"]
        + [p for p in _by_rglob(Path(".")) if not p.endswith("report.json")])
    assert all(not str(f).startswith("./") for f in files)
    assert len(notes) == 2 + 4 + 2  # report.json twice, 4 times; broken.svg, self.svg


def test_inputs_iterate_again_and_survey_counts(tmp_path) -> None:
    _tree(tmp_path / "t")
    found = check_inputs([str(tmp_path / "t")])
    first, again = list(found), list(found)
    count, notes = found.survey()
    assert first == again and count == len(first) == 4 * 13 + 1 and len(notes) == 4 + 2


def _double(x: int) -> int:
    return 2 * x


def test_budgeted_imap_takes_an_iterator_a_bounded_way_ahead() -> None:
    taken = []

    def jobs():
        for i in range(500):
            taken.append(i)
            yield i

    out = budgeted_imap(_double, jobs(), workers=2, limits=Limits(cpu_s=5.0, memory_mb=400))
    values = []
    for outcome in out:
        values.append(outcome.value)
        # never more than AHEAD jobs per worker beyond what was handed back
        assert len(taken) <= len(values) + 2 * AHEAD + 1
    assert values == [2 * i for i in range(500)]
    assert list(budgeted_imap(_double, iter([]), workers=2)) == []
