"""Replacing a whole folder of files at once: the new folder is built beside the old one
and exchanged with it in one atomic rename (Linux renameat2 RENAME_EXCHANGE), so a
reader or a killed run sees either the old set or the new one, never a mix."""

from __future__ import annotations

import ctypes
import errno
import os
import re
import shutil
from pathlib import Path

from markers.core.shown import quoted
from markers.errors import WsmarkError
from markers.runtime.atomic import make_dir
from markers.runtime.stale import remove_stale, temp_path

__all__ = ["exchange", "write_set"]

_AT_FDCWD = -100
_RENAME_EXCHANGE = 2
_LIBC = ctypes.CDLL(None, use_errno=True)


def exchange(new: Path, old: Path) -> None:
    """Swap two existing folders' names in one step; raises OSError where the system or
    file system cannot (then nothing has changed)."""
    renameat2 = getattr(_LIBC, "renameat2", None)
    if renameat2 is None:
        raise OSError(errno.ENOSYS, "atomic folder exchange is not available here")
    if renameat2(_AT_FDCWD, os.fsencode(new), _AT_FDCWD, os.fsencode(old),
                 _RENAME_EXCHANGE) != 0:
        code = ctypes.get_errno()
        raise OSError(code, os.strerror(code))


def write_set(out: Path, files: dict[str, bytes], owned: re.Pattern[str]) -> list[Path]:
    """Make folder ``out`` hold ``files`` (name -> bytes) in one step: they are written
    into a temp folder beside it, with hard links to the entries of the old ``out`` that
    are not ``owned`` (the old set's names), and the two folders are exchanged; the old
    one is then removed. One-line WsmarkError when it cannot be done."""
    parent = make_dir(out.parent if str(out.parent) else ".")
    remove_stale(parent)
    if out.exists() and not out.is_dir():
        raise WsmarkError(f"cannot write into {out}: not a folder")
    if out.exists() and out.resolve() in (Path.cwd(), *Path.cwd().parents):
        raise WsmarkError(f"cannot replace {out}, the folder this runs in: give -o a "
                          "folder of its own")
    tmp = temp_path(out)
    try:
        tmp.mkdir()
        for entry in os.scandir(out) if out.is_dir() else ():
            if owned.fullmatch(entry.name) or entry.name in files:
                continue  # the old set's, or replaced: never linked, so never written into
            if entry.is_dir(follow_symlinks=False):
                raise WsmarkError(f"cannot replace the set in {out}: it holds the folder "
                                  f"{quoted(entry.name)}; give -o a folder of its own")
            os.link(entry.path, tmp / entry.name, follow_symlinks=False)
        for name, data in files.items():
            (tmp / name).write_bytes(data)
        if out.is_dir():
            _swap(tmp, out)
        else:
            os.rename(tmp, out)
    except OSError as err:
        raise WsmarkError(f"cannot write into {out}: {err.strerror or err}") from None
    finally:
        shutil.rmtree(tmp, ignore_errors=True)  # the old set, or what failed
    return [out / name for name in files]


def _swap(new: Path, old: Path) -> None:
    """``new`` takes the name ``old``, and ``old`` the name ``new``."""
    try:
        exchange(new, old)
    except OSError as err:
        if err.errno not in (errno.EINVAL, errno.ENOSYS, errno.EOPNOTSUPP):
            raise
        # no atomic exchange on this file system: two renames, a moment without ``old``
        aside = temp_path(old)
        os.rename(old, aside)
        os.rename(new, old)
        os.rename(aside, new)
