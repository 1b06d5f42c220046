"""Reports written as the files are judged, so that the parent of a 100,000-file check
keeps counts (report.Tally), not reports: its memory stays flat.

The bytes are those of ``report.to_json`` / ``to_text`` / ``to_sarif`` over the whole
list. ``json.dumps(doc, indent=2)`` prints a list as "[", each item's own dump indented
one level deeper, ",\\n" between, then "\\n" and "]" at the list's own indent ("[]" when
empty); newlines inside strings are escaped, so re-indenting an item's dump line by line
is exact. Text is one block per file, a line apart (an unreadable file's block to
``err``). SARIF's artifacts (a file each, with its hash) follow its results: they are
spooled to a temporary file as they come (in memory up to 1 MB), and copied out at the
end.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from typing import IO, TYPE_CHECKING, TextIO

from markers.check.report import (
    FileReport,
    Provenance,
    Tally,
    report_json,
    sarif_artifact,
    sarif_parts,
    sarif_results,
    text_block,
)
from markers.core.safe_text import json_ready

if TYPE_CHECKING:
    from markers.check.engine import Registry

__all__ = ["ReportWriter"]

#: Places in the SARIF document that no real value can print as.
_HOLE = "\x00results\x00"
_ARTIFACTS = "\x00artifacts\x00"
#: Artifacts spooled in memory up to this many characters, then on disk.
_SPOOL = 1 << 20


def _dumped(item: object) -> str:
    """``json.dumps(json_ready(item), indent=2)``, walking ``item`` with ``json_ready``
    only when its plain dump escapes a surrogate (``\\udXXX``, lower case as json writes
    it): a string without one is the same either way, and the walk was half the JSON
    writer's CPU (0.05 of 0.10 s for issue 33's 348 reports)."""
    text = json.dumps(item, indent=2)
    return json.dumps(json_ready(item), indent=2) if "\\ud" in text else text


class _ListWriter:
    """One JSON list written item by item at ``depth`` (two spaces a level)."""

    def __init__(self, out: IO[str], depth: int) -> None:
        self.out, self.pad, self.count = out, "  " * depth, 0

    def add(self, item: object) -> None:
        inner = self.pad + "  "
        text = _dumped(item).replace("\n", "\n" + inner)
        self.out.write(("[\n" if not self.count else ",\n") + inner + text)
        self.count += 1

    def close(self) -> None:
        self.out.write(f"\n{self.pad}]" if self.count else "[]")


class ReportWriter:
    """Writes each report to ``out`` as it is added (text: an unreadable file's to
    ``err``) and tallies it for ``summary()`` and ``exit_status()``. JSON and SARIF carry
    the run's ``provenance``; SARIF needs the pack's rule ``registry`` and its ``url``;
    its head is written at once."""

    def __init__(self, fmt: str, out: TextIO, err: TextIO, provenance: Provenance,
                 registry: Registry | None = None, url: str = "") -> None:
        self.fmt, self.out, self.err, self.provenance = fmt, out, err, provenance
        self.tally = Tally()
        self.closed = False
        self._list = _ListWriter(out, 3 if fmt == "sarif" else 0)
        if fmt == "sarif":
            if registry is None:
                raise ValueError("a SARIF report lists the rules: it needs the registry")
            self._registry, self._url = registry, url
            self._overrides: tuple = ()
            self._index, _ = sarif_parts(registry, url, (), provenance)
            self._spool = tempfile.SpooledTemporaryFile(_SPOOL, "w+", encoding="utf-8")
            self._artifacts = _ListWriter(self._spool, 3)
            out.write(self._sarif_parts()[0])

    def add(self, report: FileReport) -> None:
        """Tally ``report`` and write it."""
        if self.fmt == "json":
            self._list.add(report_json(report, self.provenance))
        elif self.fmt == "sarif":
            self._overrides = self._overrides or report.overrides
            for result in sarif_results(report, self._index, self._artifacts.count):
                self._list.add(result)
            self._artifacts.add(sarif_artifact(report))
        else:
            stream = self.err if report.error is not None else self.out
            stream.write(text_block(report) + "\n")
        self.tally.add(report)
        self.out.flush()

    def _sarif_parts(self) -> tuple[str, str, str]:
        """The SARIF document before its result list, between it and the artifact list,
        and after that. The run's overrides (the same for every file judged) come after
        the results: the first seen."""
        _, document = sarif_parts(self._registry, self._url, self._overrides, self.provenance)
        document["runs"][0].update({"results": _HOLE, "artifacts": _ARTIFACTS})
        before, _, rest = json.dumps(document, indent=2).partition(json.dumps(_HOLE))
        between, _, after = rest.partition(json.dumps(_ARTIFACTS))
        return before, between, after

    def close(self) -> None:
        """End the document (the JSON list, the SARIF log) with a newline; once."""
        if self.closed or self.fmt == "text":
            self.closed = True
            return
        self.closed = True
        self._list.close()
        if self.fmt == "sarif":
            _, between, after = self._sarif_parts()
            self.out.write(between)
            self._artifacts.close()
            self._spool.seek(0)
            shutil.copyfileobj(self._spool, self.out)
            self._spool.close()
            self.out.write(after)
        self.out.write("\n")
        self.out.flush()

    def summary(self) -> str:
        return self.tally.summary()

    def exit_status(self) -> int:
        return self.tally.exit_status()
