"""Words for people: suggestions for a near miss."""

from __future__ import annotations

import re
from collections.abc import Iterable
from difflib import get_close_matches

__all__ = ["did_you_mean"]

#: Most names a suggestion offers.
_OFFERED = 4


def _words(name: str) -> list[str]:
    return [w for w in re.split(r"[-_\s]+", name.lower()) if w]


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """" (did you mean 'danger'?)" for a near miss, else "": a name in another case, its
    words in another order ("red-aid": 'aid-red'), the start or one word of names
    ("outline": 'outline-width'; "red": 'aid-red' or 'buoy-aid-red'), or a typo."""
    by_lower = {k.lower(): k for k in known}
    low = word.lower().strip()
    words = _words(low)
    close = ([by_lower[low]] if low in by_lower else
             [k for name, k in by_lower.items() if sorted(_words(name)) == sorted(words)])
    if not close and words:
        close = [k for name, k in by_lower.items()
                 if name.startswith(f"{low}-") or name.startswith(f"{low}_")
                 or (len(words) == 1 and words[0] in _words(name))]
    if not close:
        close = [by_lower[m] for m in get_close_matches(low, list(by_lower), n=1, cutoff=0.6)]
    if not close:
        return ""
    if len(close) == 1:
        return f" (did you mean {close[0]!r}?)"
    shown = ", ".join(repr(k) for k in close[:_OFFERED]) + (" ..." if len(close) > _OFFERED
                                                              else "")
    return f" (did you mean one of {shown}?)"
