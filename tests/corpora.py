"""Where the third-party test corpora are (../shared/corpora beside the repository), for
the tests and bench/ alike, from the main checkout or from a git worktree of it.

Looked for in order: ``$WSMARK_CORPORA``; ``shared/corpora`` beside the main checkout
(found from ``git rev-parse --git-common-dir``, which a worktree shares with it); beside
this checkout's top level; beside this folder's repository as laid out on disk.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

__all__ = ["CORPORA"]

_REPO = Path(__file__).resolve().parents[1]


def _git(*args: str) -> Path | None:
    try:
        out = subprocess.run(["git", "rev-parse", *args], cwd=_REPO, capture_output=True,
                             text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    line = out.stdout.strip()
    return (_REPO / line).resolve() if out.returncode == 0 and line else None


def _find() -> Path:
    if os.environ.get("WSMARK_CORPORA"):
        return Path(os.environ["WSMARK_CORPORA"])
    common, top = _git("--git-common-dir"), _git("--show-toplevel")
    candidates = [common.parent.parent if common else None, top.parent if top else None,
                  _REPO.parent]
    for base in candidates:
        if base is not None and (base / "shared" / "corpora").is_dir():
            return base / "shared" / "corpora"
    return _REPO.parent / "shared" / "corpora"


#: The corpora folder (it may be absent: tests that need it skip, saying where they looked).
CORPORA = _find()
