"""Words for people: suggestions for a near miss."""

from __future__ import annotations

from collections.abc import Iterable
from difflib import get_close_matches

__all__ = ["did_you_mean"]


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """" (did you mean 'danger'?)" for a near miss (case, a typo), else ""."""
    by_lower = {k.lower(): k for k in known}
    close = get_close_matches(word.lower(), list(by_lower), n=1, cutoff=0.6)
    return f" (did you mean {by_lower[close[0]]!r}?)" if close else ""
