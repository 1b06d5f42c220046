"""The pack a page works under: the clerk's choice of law (``pack`` in a form or a
query), Wisconsin's by default. One place reads it, so the Check, Design and Reference
pages refuse an unknown pack in the same one line."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from markers import api
from web.security import Refused

__all__ = ["choices", "chosen", "law_of"]


def chosen(values: Mapping[str, str | Sequence[str]]) -> str:
    """The pack named by ``values['pack']`` (a query's text or a form's list), the
    default when none is named; a 400 naming the packs for one that is not."""
    said = values.get("pack") or ""
    name = (said if isinstance(said, str) else (said[0] if said else "")).strip()
    if not name:
        return api.DEFAULT_PACK
    if name not in api.PACK_NAMES:
        raise Refused(400, f"refused: unknown pack {name[:40]!r}; the packs are "
                           f"{', '.join(api.PACK_NAMES)}")
    return name


def choices() -> list[tuple[str, str]]:
    """(name, title) of every pack, the default first, for a page's choice."""
    return [(name, api.get_pack(name).title) for name in api.PACK_NAMES]


def law_of(name: str) -> str:
    """The law pack ``name`` holds, as its text is cited ("NR 5.09"), for a page's header."""
    return api.get_pack(name).law.code
