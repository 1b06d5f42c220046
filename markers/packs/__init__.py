"""Packs: one jurisdiction's law each. ``get_pack(name)`` is how the API picks one."""

from __future__ import annotations

from markers.core.pack import Pack
from markers.errors import WsmarkError

__all__ = ["DEFAULT_PACK", "PACK_NAMES", "get_pack"]

DEFAULT_PACK = "wi-nr509"
#: Pack name -> its module under markers.packs (imported when first asked for).
_MODULES = {"wi-nr509": "markers.packs.wi_nr509", "ct-15-121": "markers.packs.ct_15_121"}
PACK_NAMES = tuple(_MODULES)


def get_pack(name: str = DEFAULT_PACK) -> Pack:
    """The pack called ``name``, or a one-line error listing the known packs."""
    if name not in _MODULES:
        raise WsmarkError(f"unknown pack {name!r}; known packs: {', '.join(_MODULES)}")
    from importlib import import_module

    return import_module(_MODULES[name]).PACK
