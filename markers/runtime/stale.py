"""Temp files and folders a write leaves only while it runs: named with a recognisable
marker and the writer's pid, so that a later run removes those of a writer that was killed
(its pid is gone) and never touches those of a writer still running."""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

__all__ = ["MARK", "temp_path", "remove_stale"]

MARK = ".wsmark-tmp"
_STALE = re.compile(rf"\..*{re.escape(MARK)}-([0-9]+)-[0-9a-f]{{8}}\.tmp")


def temp_path(target: Path) -> Path:
    """A fresh temp name beside ``target``: ``.NAME.wsmark-tmp-PID-XXXXXXXX.tmp``."""
    return target.parent / f".{target.name}{MARK}-{os.getpid()}-{os.urandom(4).hex()}.tmp"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def remove_stale(folder: Path) -> None:
    """Remove the temp files and folders in ``folder`` whose writer is no longer running."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return
    for entry in entries:
        match = _STALE.fullmatch(entry.name)
        if not match or _alive(int(match[1])):
            continue
        try:
            if entry.is_dir(follow_symlinks=False):
                shutil.rmtree(entry.path, ignore_errors=True)
            else:
                os.unlink(entry.path)
        except OSError:
            pass
