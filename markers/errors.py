"""The one public error root: a user mistake or unreadable input, shown as one line."""

__all__ = ["WsmarkError", "DesignError", "UnreadableDrawing", "OutputError"]


class WsmarkError(Exception):
    """A problem the user can fix (bad option, rule-violating design, unreadable file).

    The CLI prints ``str(error)`` on one line and exits 2; never a traceback.
    """


class DesignError(WsmarkError):
    """A design that cannot be built: unknown kind, a broken number of the rule, a
    legend that cannot be set legibly."""


class UnreadableDrawing(WsmarkError):
    """A drawing or design file that cannot be read: missing, malformed, hostile, too
    large or too complex."""


class OutputError(WsmarkError):
    """A file that cannot be written, or an output too large to make."""
