"""Writing files atomically: a temp file beside the target, then a rename, so a reader
or a killed run never sees half a file."""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TextIO

from markers.errors import WsmarkError
from markers.runtime.stale import remove_stale, temp_path

__all__ = ["write_atomic", "write_set", "writing_atomic", "make_dir"]


def write_atomic(path: str | os.PathLike, data: bytes, swept: bool = False) -> None:
    """Write ``data`` to a temp file beside ``path`` and rename it into place, so a
    reader never sees half a file; an unwritable place is a one-line WsmarkError. Temp
    files a killed earlier run left in that folder are removed first (``stale``), unless
    the caller ``swept`` it once for many writes (``remove_stale``): a sweep a write read
    the folder once for each file written into it, n squared entries in all."""
    target = Path(path)
    tmp, fd = _temp_beside(target, swept)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except OSError as err:
        tmp.unlink(missing_ok=True)
        raise WsmarkError(f"cannot write {target}: {err.strerror or err}") from None


def _temp_beside(target: Path, swept: bool = False) -> tuple[Path, int]:
    """A new temp file beside ``target`` (stale ones of a killed run removed first, unless
    the folder was ``swept``) and its descriptor, open for writing; a one-line
    WsmarkError where it cannot be made."""
    folder = _folder(target)
    if not swept:
        remove_stale(folder)
    tmp = temp_path(target)
    try:
        return tmp, os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
    except OSError as err:
        raise WsmarkError(f"cannot write {target}: {err.strerror or err}") from None


def write_set(files: Iterable[tuple[str | Path, bytes]], parents: bool = False) -> list[Path]:
    """Write a set of files whole or not at all: every one into a temp file beside its
    target first (where a full disk or a missing folder fails), and only when all are
    written, each renamed into place (a rename needs no room). On a failure, the temps
    are removed and no target is touched: a one-line WsmarkError naming the file that
    could not be written. ``parents``: create missing folders (which may stay, empty).
    ``files``: (path, bytes) pairs."""
    files = list(files)
    written: list[tuple[Path, Path]] = []
    swept: set[Path] = set()  # each folder once
    try:
        for path, data in files:
            target = Path(path)
            if parents:
                make_dir(_folder(target))
            tmp, fd = _temp_beside(target, _folder(target) in swept)
            swept.add(_folder(target))
            written.append((tmp, target))
            try:
                with os.fdopen(fd, "wb") as out:
                    out.write(data)
                os.chmod(tmp, 0o644)
            except OSError as err:
                raise WsmarkError(f"cannot write {target}: {err.strerror or err}; none of "
                                  f"{', '.join(str(p) for p, _ in files)} written") from None
        for tmp, target in written:
            os.replace(tmp, target)
    finally:
        for tmp, _ in written:
            tmp.unlink(missing_ok=True)
    return [target for _, target in written]


@contextmanager
def writing_atomic(path: str | os.PathLike) -> Iterator[TextIO]:
    """A text stream to write ``path`` with, bit by bit (a long report as it is made):
    into a temp file beside it, renamed into place when the block ends without an
    error, removed when it raises, so a reader never sees half a file. An unwritable
    place is a one-line WsmarkError."""
    target = Path(path)
    remove_stale(_folder(target))
    tmp = temp_path(target)
    try:
        out = open(tmp, "x", encoding="utf-8")
    except OSError as err:
        raise WsmarkError(f"cannot write {target}: {err.strerror or err}") from None
    try:
        with out:
            yield out
        os.chmod(tmp, 0o644)
        os.replace(tmp, target)
    except OSError as err:
        raise WsmarkError(f"cannot write {target}: {err.strerror or err}") from None
    finally:
        tmp.unlink(missing_ok=True)


def _folder(target: Path) -> Path:
    """The folder ``target`` is written into (``.`` for a bare name)."""
    return target.parent if str(target.parent) else Path(".")


def make_dir(path: str | os.PathLike) -> Path:
    """``path`` as a folder, created if missing; failure is a one-line WsmarkError that
    says in words what is in the way (a symbolic link says where it points)."""
    out = Path(path)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise WsmarkError(f"cannot create {path}: {_in_the_way(out) or err.strerror or err}"
                          ) from None
    return out


def _in_the_way(path: Path) -> str | None:
    """Why a folder cannot be made at ``path`` when something is there, in words."""
    if path.is_symlink():
        target = os.readlink(path)
        if not path.exists():
            return f"it is a symbolic link to {target}, which does not exist"
        if not path.is_dir():
            return f"it is a symbolic link to {target}, a file, not a folder"
    elif path.exists() and not path.is_dir():
        return "a file of that name is in the way"
    return None
