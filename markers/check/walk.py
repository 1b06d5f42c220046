"""The files one check judges, found lazily, so a check of 100,000 files never holds
their names all at once.

A folder is walked depth first, the names of each folder in sorted order, a subfolder
taking its place among them: the order of sorting every path of the tree (as
``sorted(folder.rglob("*"))``), with the same files: symlinks to files are taken,
symlinks to folders are not followed (so a symlink loop ends), unreadable folders are
passed over, as are names that cannot be looked at.
"""

from __future__ import annotations

import heapq
import os
import stat
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

__all__ = ["CHUNK", "Inputs", "suffix", "walk_entries", "walk_folder"]

#: Most names of one folder held at once. A folder of N names is read ceil(N / CHUNK)
#: times, each read keeping the CHUNK smallest names after the last one given: 100,000
#: names in one folder are 25 reads of it (some 0.4 s each on a loaded machine, 11 s
#: for a walk), not 100,000 names held. nsmallest holds a (name, order) pair per name,
#: about 150 bytes: 0.6 MB here, where 16,384 (7 reads) raised the parent's peak by
#: 3 MB at 100,000 files (1.08x of 1,000 files' peak, against 1.02x).
CHUNK = 4096


def suffix(name: str) -> str:
    """``Path(name).suffix`` of a bare name, without making a Path."""
    dot = name.rfind(".")
    return name[dot:] if 0 < dot < len(name) - 1 else ""


def _is(test: Callable[..., bool], **kwargs: bool) -> bool:
    """``test()`` of a DirEntry; False when it cannot be looked at (gone, a loop)."""
    try:
        return test(**kwargs)
    except OSError:
        return False


def _child(folder: str, name: str) -> str:
    """``str(Path(folder) / name)``: a name under "." has no "./" before it."""
    return name if folder == "." else os.path.join(folder, name)


def _sorted_entries(folder: str, wanted: tuple[str, ...]
                    ) -> Iterator[tuple[str, bool | str]]:
    """(path, is a folder) of the subfolders and the files with a ``wanted`` suffix in
    ``folder``, in name order, at most CHUNK names (bare str, some 70 bytes each) held
    at once (see CHUNK); (path, what it is) of an entry of a wanted name that is no
    file (a FIFO, a socket, a device, a dangling link), to be said, not read. An
    unreadable folder has none."""
    last: str | None = None
    while True:
        try:
            with os.scandir(folder) as entries:
                chunk = heapq.nsmallest(CHUNK, (
                    e.name for e in entries if (last is None or e.name > last)
                    and (suffix(e.name).lower() in wanted
                         or _is(e.is_dir, follow_symlinks=False))))
        except OSError:  # unreadable, or gone since it was listed
            return
        for name in chunk:
            path = _child(folder, name)
            kind = _mode(os.lstat, path)
            if stat.S_ISDIR(kind):
                yield path, True
            elif stat.S_ISREG(kind) or (stat.S_ISLNK(kind)
                                        and stat.S_ISREG(_mode(os.stat, path))):
                yield path, False
            else:
                yield path, _what(kind, _mode(os.stat, path))
        if len(chunk) < CHUNK:
            return
        last = chunk[-1]


def _mode(look: Callable[[str], os.stat_result], path: str) -> int:
    """The file mode ``look`` finds at ``path``, 0 when it cannot (gone, a loop)."""
    try:
        return look(path).st_mode
    except OSError:
        return 0


def _what(kind: int, target: int) -> str:
    """In words, an entry of mode ``kind`` (lstat) that is not a file (``target``: the
    mode of what a link points to, 0 if nothing)."""
    if stat.S_ISLNK(kind):
        return "a link to something that is not a file" if target else \
            "a dangling link (what it points to does not exist)"
    names = ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISSOCK, "a socket"),
             (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"))
    return next((name for test, name in names if test(kind)), "not a file (gone, or a loop)")


def walk_entries(folder: str, wanted: tuple[str, ...]) -> Iterator[tuple[str, str | None]]:
    """(path, None) for each file with a ``wanted`` suffix (lower case) under ``folder``,
    in the order of the module's docstring, and (path, what it is) for each entry of
    such a name that is no file (``_what``). Depth first with a stack, so a deep tree
    does not recurse."""
    stack = [_sorted_entries(folder, wanted)]
    while stack:
        found = next(stack[-1], None)
        if found is None:
            stack.pop()
        elif found[1] is True:
            stack.append(_sorted_entries(found[0], wanted))
        else:
            yield found[0], found[1] or None


def walk_folder(folder: str, wanted: tuple[str, ...]) -> Iterator[str]:
    """The files with a ``wanted`` suffix under ``folder`` (``walk_entries``'s files)."""
    return (path for path, other in walk_entries(folder, wanted) if other is None)


class Inputs:
    """Files named, and the files with a ``wanted`` suffix under folders named, walked
    again each time it is iterated. A file under a folder is ``skip``-tested (a note
    for it, or None to take it); a file named is always taken: reading it says what
    is wrong with it."""

    def __init__(self, paths: Sequence[str], wanted: tuple[str, ...],
                 skip: Callable[[str], str | None]) -> None:
        self.paths, self.wanted, self.skip = tuple(paths), wanted, skip

    def walk(self) -> Iterator[tuple[str, str | None]]:
        """(path, None) for each file to judge, (path, note) for each one passed over."""
        for name in self.paths:
            path = Path(name)
            if not _is_dir(path):
                yield str(path), None
                continue
            for found, other in walk_entries(str(path), self.wanted):
                yield found, self.skip(found) if other is None else \
                    f"skipped {found}: {other}, not a file to check"

    def __iter__(self) -> Iterator[str]:
        return (path for path, note in self.walk() if note is None)

    def survey(self) -> tuple[int, list[str]]:
        """How many files there are to judge, and the notes on those passed over."""
        count, notes = 0, []
        for _, note in self.walk():
            if note is None:
                count += 1
            else:
                notes.append(note)
        return count, notes


def _is_dir(path: Path) -> bool:
    try:
        return path.is_dir()
    except OSError:  # a name too long, a path through a file: not a folder
        return False
