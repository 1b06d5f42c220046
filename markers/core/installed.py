"""The installed version of a distribution (wsmark's own, for its reports), read from its
``.dist-info/METADATA`` on ``sys.path`` as importlib.metadata finds it, without
importing importlib.metadata: that module pulls in email, zipfile and csv, some 45 ms of
CPU, a tenth of checking one file (docs/performance.md)."""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

__all__ = ["installed_version"]


@lru_cache(maxsize=8)
def installed_version(name: str) -> str:
    """The ``Version:`` of the first ``<name>-<version>.dist-info`` on ``sys.path`` (the
    distribution importlib.metadata would find first); importlib.metadata's answer when
    there is none (an egg-info or zipped install)."""
    for entry in sys.path:
        folder = Path(entry or ".")
        try:
            found = sorted(folder.glob(f"{name}-*.dist-info"))
        except OSError:  # an entry that is no readable folder
            continue
        for info in found:
            if not info.name[len(name) + 1:][:1].isdigit():  # another's: name-extra-1.0
                continue
            try:
                with open(info / "METADATA", encoding="utf-8") as meta:
                    for line in meta:
                        if line.startswith("Version:"):
                            return line.partition(":")[2].strip()
                        if not line.strip():  # the headers end at the first blank line
                            break
            except OSError:
                continue
    from importlib.metadata import version

    return version(name)
