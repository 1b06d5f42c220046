"""The form of a department identification number as wsmark letters it on a marker.

One grammar for the builder's refusal (the pack's validation) and the checker's
reading: capitals and digits, with '-' or '/' between them (WI-2026-0417, 2026/17), at
least one digit, and no longer than the law allows (``permit_id_max_chars``).
The digit is what tells a label from a legend's words ("ROCKS", "NO WAKE").
"""

from __future__ import annotations

import re

from markers.core.spec import Law

__all__ = ["is_permit_id"]

_FORM = re.compile(r"[A-Z0-9](?:[A-Z0-9/-]*[A-Z0-9])?")


def is_permit_id(law: Law, text: str) -> bool:
    """Whether ``text`` has the form of a permit id under ``law`` (see the module
    docstring); never under a law that letters no permit id on its markers (no
    ``permit_id_max_chars``: Connecticut's 15-121-A5 has none)."""
    most = law.requirements.get("permit_id_max_chars")
    return (most is not None and len(text) <= most.value and bool(_FORM.fullmatch(text))
            and any(ch.isdigit() for ch in text))
