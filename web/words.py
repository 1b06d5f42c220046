"""The page's words for what the checker says in the command line's: a finding or an
error names the option a clerk at a terminal would give (``--display-height``,
``--scale``); on the page there are no options, only the form's fields, so each option
is said as the field that does its work (or, for one the page has no field for, as what
to state on the proof). Every value a template shows passes through ``page_words``."""

from __future__ import annotations

import re
from typing import Any

__all__ = ["page_words"]

#: What the page asks instead of each option of ``wsmark check`` and ``fix``, longest
#: first: the page has a display-height field and no scale field (a drawing's scale is
#: given on the page by the display height it is meant at).
_INSTEAD = (
    (re.compile(r"--scale or --display-height|--display-height or --scale"),
     "the display-area height in the form above"),
    (re.compile(r"with --scale [0-9.eE+-]+(?: \([^)]*\))?"),
     "with the display-area height in the form above"),
    (re.compile(r"--display-height|(?<![\w-])-H\b"), "the display-area height in the form above"),
    (re.compile(r"--scale(?: [0-9.eE+-]+)?"), "the display-area height in the form above"),
    (re.compile(r"--max-width"), "a Max width of"),
    (re.compile(r"--force\b"), "tick 'Build even if taller than twice its width'"),
)


def page_words(value: Any) -> Any:
    """``value`` as the page shows it: text with each command-line option said as the
    page's field (see ``_INSTEAD``); other values as they are."""
    if not isinstance(value, str) or "-" not in value:
        return value
    for option, words in _INSTEAD:
        value = option.sub(words, value)
    return value
