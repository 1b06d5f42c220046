"""Importing a library so that it reads no file but its own: a check reads only its input.

Two of ours read files of the user's at import. ezdxf reads ``ezdxf.ini`` from the working
directory, from ``$XDG_CONFIG_HOME/ezdxf`` (else ``~/.config/ezdxf``) and from
``$EZDXF_CONFIG_FILE`` when it makes its options, and reads its font cache from
``$XDG_CACHE_HOME/ezdxf`` (scanning every system font and writing the cache when there is
none); it has no switch that turns either off (ezdxf/_options.py, fonts/fonts.py, 1.4).
cairocffi finds libcairo with ``ctypes.util.find_library``, which runs gcc and ld in the
working directory, and ld opens ``libgcc_s.so.1`` there. A broken ``ezdxf.ini`` broke every
DXF check; a FIFO of either name stalled the check.
"""

from __future__ import annotations

import importlib
import os
import sys
import tempfile
from pathlib import Path

__all__ = ["import_alone"]

#: The variables that point a library at the user's files, set or unset while it imports.
_ENVIRON = ("XDG_CONFIG_HOME", "XDG_CACHE_HOME", "EZDXF_CONFIG_FILE")
#: ezdxf's font cache with no fonts: the reader draws no text with fonts, so none is scanned.
_EZDXF_FONTS = ("ezdxf/font_manager_cache.json", '{"version": 2, "font-faces": []}')


def import_alone(module: str) -> None:
    """Import ``module`` (once) from an empty temp folder that is also its config and cache
    home, with ``EZDXF_CONFIG_FILE`` unset; the environment and working directory are as
    they were afterwards. For a single-threaded process (a worker, the command line)."""
    if module in sys.modules:
        return
    saved = {name: os.environ.get(name) for name in _ENVIRON}
    here = os.open(".", getattr(os, "O_PATH", os.O_RDONLY))
    try:
        with tempfile.TemporaryDirectory(prefix="wsmark-import-") as empty:
            cache = Path(empty, _EZDXF_FONTS[0])
            cache.parent.mkdir()
            cache.write_text(_EZDXF_FONTS[1])
            os.environ.update(XDG_CONFIG_HOME=empty, XDG_CACHE_HOME=empty)
            os.environ.pop("EZDXF_CONFIG_FILE", None)
            os.chdir(empty)
            try:
                importlib.import_module(module)
            finally:
                os.fchdir(here)
    finally:
        os.close(here)
        for name, value in saved.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value
