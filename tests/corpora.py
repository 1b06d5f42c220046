"""Where the shared test corpora are: ``$WSMARK_SHARED``, else ``shared/`` beside the
repository (or beside any folder above it, as for a git worktree under /work/wt/), else
/work/shared. Tests that need a corpus skip when none of these holds it."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["SHARED", "CORPORA"]

_ROOT = Path(__file__).resolve().parents[1]


def _shared() -> Path | None:
    candidates = [Path(os.environ["WSMARK_SHARED"])] if os.environ.get("WSMARK_SHARED") else []
    candidates += [parent / "shared" for parent in _ROOT.parents] + [Path("/work/shared")]
    return next((path for path in candidates if (path / "corpora").is_dir()), None)


#: The shared folder (design notes, seeds, corpora), or None when it is not on this machine.
SHARED = _shared()
#: Its corpora (resvg, svgo, found, pdf, dxf); a path that does not exist when SHARED is None.
CORPORA = (SHARED or _ROOT.parent / "shared") / "corpora"
