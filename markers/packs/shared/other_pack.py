"""The other pack's marker: a drawing whose identification follows another pack's
grammar (``CT-4`` checked under wi-nr509, ``WS-4`` under ct-15-121) is named as that
pack's, as a hint beside the findings; the check never switches packs by itself.

A pack registers ``register(registry, pack_name, citation)``; the hint asks every other
pack's ``check_id`` of the kinds it identifies (its kinds with a sample id), so no
pack names another.
"""

from __future__ import annotations

from collections.abc import Iterator

from markers.check.engine import Hit, Judge, Registry
from markers.check.measure.common import Facts
from markers.errors import WsmarkError

__all__ = ["RULE_ID", "other_pack", "register"]

RULE_ID = "other-pack"


def other_pack(pack_name: str, ident: str | None) -> tuple[str, str] | None:
    """(pack name, kind) of the first other pack whose identification ``ident`` is, or
    None."""
    from markers.packs import PACK_NAMES, get_pack  # the list of packs, at check time

    if not ident:
        return None
    for name in PACK_NAMES:
        if name == pack_name:
            continue
        other = get_pack(name)
        kinds = dict.fromkeys(k.report_name for k in other.kinds.values() if k.sample_id)
        for kind in kinds:
            try:
                other.check_id(kind, ident)
            except WsmarkError:
                continue
            return name, kind
    return None


def register(registry: Registry, pack_name: str, citation: str) -> None:
    """Register the hint rule into ``registry`` (the pack ``pack_name``'s), citing
    ``citation`` of that pack's law (its clause for wsmark's practice)."""

    @registry.rule(RULE_ID, citation, "info", ("*",))
    def hint(f: Facts, j: Judge) -> Iterator[Hit]:
        """A drawing that carries another pack's identification: a hint naming that pack.

        Information only: the drawing is judged by the pack asked for, and this says
        which law it looks drawn for, so that the user may check it under that one.

        Passes: no identification, or this pack's own.  Fails (a hint, info): WS-4
        under ct-15-121, CT-4 under wi-nr509.
        """
        ident = f.letters.ws_id or (f.letters.text or "").strip() or None
        found = other_pack(pack_name, ident)
        if found is not None:
            name, kind = found
            yield Hit(f"{ident!r} is how pack {name} identifies its {kind}: this looks like "
                      f"a marker drawn for {name}; checked against {pack_name} (give --pack "
                      f"{name} to check it under that law)", measured=ident,
                      required=f"an identification of {pack_name}", bbox=f.bbox())
