"""Showing untrusted text on one short line: file names with control characters escaped,
echoed input cut and quoted with its length, and every error at most MAX_ERROR_CHARS."""

from __future__ import annotations

import re

from markers.core.safe_text import shown_text

__all__ = ["MAX_ERROR_CHARS", "MAX_ECHO_CHARS", "NOT_PLAIN", "shown_name", "short_name",
           "quoted", "one_line", "plain", "arithmetic_words", "library_words"]

MAX_ERROR_CHARS = 300  # one error message, file name included
MAX_ECHO_CHARS = 40  # of an input value echoed inside a message
MAX_NAME_CHARS = 120  # of a file name inside an error message

def shown_name(name: str) -> str:
    """``name`` with control characters (newline, escape, bidi overrides ...) written as
    ``\\n``, ``\\x1b``, ``\\u202e`` (``safe_text.shown_text``), so one file is always one
    line of a report and cannot drive the terminal."""
    return shown_text(name)


def short_name(name: str, limit: int = MAX_NAME_CHARS) -> str:
    """``name`` as shown_name, cut in the middle to ``limit`` chars when longer (saying how
    long it was): the name that starts an error, so the reason after it survives the
    error's own cut to MAX_ERROR_CHARS."""
    shown = shown_name(name)
    if len(shown) <= limit:
        return shown
    mark = f"...({len(shown):,} chars)..."
    keep = limit - len(mark)
    return shown[:keep // 2] + mark + shown[len(shown) - (keep - keep // 2):]


def quoted(value: str, limit: int = MAX_ECHO_CHARS) -> str:
    """``value`` quoted for a message; a long one is cut and says how long it was."""
    value = shown_name(value)
    if len(value) <= limit:
        return repr(value)
    return f"{value[:limit]!r}... ({len(value):,} chars)"


def one_line(message: str, limit: int = MAX_ERROR_CHARS) -> str:
    """The first line of ``message``, control characters escaped, at most ``limit`` chars."""
    lines = message.splitlines() or [""]
    line = shown_name(lines[0])
    if len(line) <= limit:
        return line
    tail = f"... ({len(line):,} chars)"
    cut = line.rfind(" ", 0, limit - len(tail) + 1)  # at a word's end, not mid-word
    return line[:cut if cut > limit // 2 else limit - len(tail)].rstrip(" ,;") + tail


#: numpy's and shapely's floating-point warnings, and what they mean for a drawing.
_ARITHMETIC = {"overflow": "a number too large to compute with",
               "divide by zero": "a division by zero in its geometry",
               "division by zero": "a division by zero in its geometry",
               "invalid value": "a result that is no number",
               "underflow": "a number too small to compute with"}
_NUMPY_WARNING = re.compile(r"(overflow|divide by zero|invalid value|underflow) encountered "
                            r"in [\w.]+")
#: A Python class name as libraries print it before their message ("TypeError: ...").
_CLASS_NAME = re.compile(r"\b[A-Z][A-Za-z0-9_]*(?:Error|Exception|Warning)\b:?\s*")
#: What no message in plain words carries: an exception's class name, a library's
#: warning ("encountered in matmul"), errno 0's "(Success)", a doubled ").)", a
#: traceback, empty brackets.
NOT_PLAIN = re.compile(r"\b[A-Z][A-Za-z0-9_]*(?:Error|Exception|Warning)\b|encountered in|"
                       r"\(Success\)|\)\.\)|Traceback|\(\s*\)")


def arithmetic_words(err: BaseException) -> str:
    """What an arithmetic failure (numpy's or Python's) says about the drawing, in plain
    words, without the library's function names ("overflow encountered in matmul")."""
    text = str(err).lower()
    for key, words in _ARITHMETIC.items():
        if key in text:
            return words
    if isinstance(err, ZeroDivisionError):
        return _ARITHMETIC["division by zero"]
    return _ARITHMETIC["overflow"] if isinstance(err, OverflowError) else \
        "a computation on its numbers failed"


def plain(reason: str) -> str:
    """The reason part of an error in plain words: no exception class names, numpy's
    warnings said as what they mean, no "(Success)" (the text of errno 0, which says
    nothing), no empty or doubled brackets and stops ("(x).)")."""
    text = _CLASS_NAME.sub("", _NUMPY_WARNING.sub(lambda m: _ARITHMETIC[m[1]], reason))
    while True:
        shorter = re.sub(r"\)\.\)", ")", text)
        shorter = re.sub(r"(^|\s)\((?:\s*|Success)\)", "", shorter)
        if shorter == text:
            break
        text = shorter
    # a stray space before a stop, never before a file suffix ("use .svg, .pdf")
    text = re.sub(r"\s+([,;:)]|\.(?!\w))", r"\1", re.sub(r"\(\s+", "(", text))
    return re.sub(r"\s{2,}", " ", text).strip()


#: What a Python builtin exception's message says in Python's words (``chr() arg not in
#: range(0x110000)``, ``Python int too large to convert to C int``, ``'NoneType' object
#: has no attribute``): a library reading a file let it out, and it says nothing about
#: the file to whoever made it.
_PYTHON_WORDS = re.compile(r"\w\(\)|range\(|\bC (?:int|long|ssize_t)\b|\bPython\b|NoneType|"
                           r"has no attribute|not subscriptable|unsupported operand|"
                           r"object is not|argument|unhashable|codec can't|out of range|"
                           r"invalid literal|positional|\b(?:int|str|bytes|dict|tuple|list|"
                           r"float)\b|0x[0-9a-f]+", re.I)
#: The same failures in plain words, by the builtin class that carried them.
_BUILTIN_WORDS = {"OverflowError": "a number too large to hold",
                  "ValueError": "a value out of the range its format allows",
                  "IndexError": "a reference to an entry that is not there",
                  "KeyError": "a reference to an entry that is not there",
                  "TypeError": "an entry of the wrong type",
                  "AttributeError": "an entry of the wrong type",
                  "UnicodeDecodeError": "text that is not in its declared encoding",
                  "ZeroDivisionError": "a division by zero",
                  "AssertionError": "a structure its reader did not expect"}


def library_words(err: BaseException) -> str:
    """Why a library failed on a file, in plain words: its own message where it speaks of
    the file (pypdf's "Stream has ended unexpectedly"), else (a builtin exception whose
    message is Python's) what that kind of failure means for the file."""
    detail = " ".join(str(err).split())[:200]
    builtin = type(err).__module__ == "builtins"
    if detail and not (builtin and _PYTHON_WORDS.search(detail)):
        return plain(detail)
    for cls in type(err).__mro__:
        if cls.__name__ in _BUILTIN_WORDS:
            return _BUILTIN_WORDS[cls.__name__]
    return "a structure its reader did not expect"
