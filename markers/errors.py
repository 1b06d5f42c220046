"""The one public error root: a user mistake or unreadable input, shown as one line."""

__all__ = ["WsmarkError"]


class WsmarkError(Exception):
    """A problem the user can fix (bad option, rule-violating design, unreadable file).

    The CLI prints ``str(error)`` on one line and exits 2; never a traceback.
    """
