"""What the worker processes do: each function takes plain values, calls markers.api
and returns plain values (they cross a process boundary)."""

from __future__ import annotations

import io
import os
import tempfile
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from markers import api
from markers.errors import DesignError, WsmarkError

__all__ = ["Spooled", "check_upload", "design", "design_preview", "design_file",
           "fabrication_zip", "fix_upload", "to_file"]

#: A fixed timestamp for the entries of a zip, so the same design gives the same bytes.
ZIP_DATE = (2020, 1, 1, 0, 0, 0)


def check_upload(data: bytes, name: str, label: str, options: api.CheckOptions,
                 pack: str = api.DEFAULT_PACK) -> Any:
    """The report on one upload under ``pack``, naming it ``label``, its marked-up
    drawing (None when unreadable) and where each finding is (``api.check_shown``)."""
    return api.check_shown(data, name, options, pack, label=label)


def fix_upload(data: bytes, name: str, suffix: str, options: api.CheckOptions,
               report: bool, pack: str = api.DEFAULT_PACK) -> tuple[bytes | None, str]:
    """The compliant version of an upload under ``pack`` as ``suffix`` (or, with
    ``report``, the report PDF with its overlay page), and what was changed or could not
    be, in words; None when it could not be repaired (WsmarkError when it cannot be
    read)."""
    result = api.fix(data, name, suffix, options, pack, overlay=report)
    made = result.data if not report else api.fix_report(result)
    return made if result.data is not None or report else None, result.text()


def design(params: dict[str, Any], pack: str = api.DEFAULT_PACK) -> api.Design:
    """The design of a form's parameters (``api.design_form``'s) under ``pack``."""
    fields = dict(params)
    return api.design(fields.pop("kind"), pack=pack, **fields)


def design_preview(params: dict[str, Any], pack: str = api.DEFAULT_PACK) -> dict[str, Any]:
    """The artwork of a design under ``pack`` as SVG with its size and spec table, or
    the one-line reason it is refused (``error``) and the field it is about
    (``field``)."""
    try:
        design_ = design(params, pack)
        art = api.build(design_, pack)
        return {"svg": api.render(art, ".svg", pack=pack), "width": art.width,
                "height": art.height, "spec": api.spec(design_, pack), "error": None}
    except WsmarkError as err:
        return {"error": str(err).splitlines()[0],
                "field": err.field if isinstance(err, DesignError) else None}
    except (ValueError, TypeError, OverflowError) as err:
        return {"error": f"cannot build this design ({str(err).splitlines()[0][:160]})"}


def design_file(design_: api.Design, suffix: str, dpi: float,
                pack: str = api.DEFAULT_PACK) -> bytes:
    """The design rendered under ``pack`` as ``.svg``, ``.pdf``, ``.dxf`` or ``.png``
    (at ``dpi``), WsmarkError if refused."""
    return api.render(design_, suffix, dpi=dpi, pack=pack)


def fabrication_zip(design_: api.Design, making: dict[str, Any],
                    pack: str = api.DEFAULT_PACK) -> bytes:
    """The sign shop's files of a design in one zip, named as ``wsmark fabricate`` names
    them; ``making``: ``fabricate``'s options (bleed, min_feature, qty, blank, holes,
    stripe) as the design form reads them."""
    _, files = api.fabricate(design_, pack=pack, **making)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            entry = zipfile.ZipInfo(name, ZIP_DATE)
            entry.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(entry, files[name])
    return out.getvalue()


@dataclass(frozen=True)
class Spooled:
    """A download written to disk by a worker (``to_file``): its path and size."""

    path: str
    size: int


def _spool(folder: str, data: bytes) -> Spooled:
    fd, path = tempfile.mkstemp(prefix="download-", dir=folder)
    try:
        with os.fdopen(fd, "wb") as out:
            out.write(data)
    except BaseException:
        os.unlink(path)  # a full disk leaves nothing behind
        raise
    return Spooled(path, len(data))


def to_file(folder: str, fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)`` with the bytes it makes written into ``folder`` (the server's
    downloads) and returned as a ``Spooled``, alone or in the tuple ``fn`` returns:
    then only a path crosses back to the server, which sends the file from disk in
    chunks (``web.sending``) instead of holding it whole."""
    made = fn(*args)
    if isinstance(made, bytes):
        return _spool(folder, made)
    if isinstance(made, tuple):
        return tuple(_spool(folder, part) if isinstance(part, bytes) else part
                     for part in made)
    return made
