"""The one public error root: a user mistake or unreadable input, shown as one line."""

__all__ = ["WsmarkError", "DesignError", "UnreadableDrawing", "OutputError"]


class WsmarkError(Exception):
    """A problem the user can fix (bad option, rule-violating design, unreadable file).

    The CLI prints ``str(error)`` on one line and exits 2; never a traceback.
    """


class DesignError(WsmarkError):
    """A design that cannot be built: unknown kind, a broken number of the rule, a
    legend that cannot be set legibly.

    ``field`` names the design field at fault, as ``markers.api.design`` takes it
    (``legend``, ``outline``, ``diameter`` ...), so that a form can show the refusal
    beside it; None when no one field is (the kind itself, a file that is not a design).
    """

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field

    def __reduce__(self) -> tuple:
        # the field crosses a process boundary with the message (the web page's workers)
        return type(self), (str(self), self.field)


class UnreadableDrawing(WsmarkError):
    """A drawing or design file that cannot be read: missing, malformed, hostile, too
    large or too complex."""


class OutputError(WsmarkError):
    """A file that cannot be written, or an output too large to make."""
