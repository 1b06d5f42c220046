"""Batches of checked uploads, held in memory only, so a clerk can download the reports
and recompute with a waiver: bounded in bytes and count per batch, per session and in
all, and in age, on every insert; lost on restart, never on disk (``--keep DIR`` alone
writes uploads, see ``app``)."""

from __future__ import annotations

import re
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, field

from markers import api

__all__ = ["Item", "Batch", "Caps", "Full", "Store", "new_batch_id", "BATCH_ID"]

BATCH_ID = re.compile(r"[A-Za-z0-9_-]{22,43}")
_MB = 1_000_000


def new_batch_id() -> str:
    return secrets.token_urlsafe(22)


@dataclass
class Item:
    """One uploaded file: the name shown (from the client, never a path), the name given
    to the checker (``proof-N`` and the sanitised suffix), its bytes, its report and its
    marked-up drawing, where each finding is (in words, and its number on the drawing:
    ``api.check_shown``), and its own waivers (``RULE@N`` -> reason: a finding of one
    marker of this file alone), and what a repair of it could not repair (``cannot``,
    a line each: then no compliant version is offered)."""

    label: str
    name: str
    data: bytes
    report: api.FileReport
    marked: bytes | None
    places: tuple[str | None, ...] = ()
    marks: tuple[int | None, ...] = ()
    waivers: dict[str, str] = field(default_factory=dict)
    cannot: tuple[str, ...] = ()

    @property
    def size(self) -> int:
        return len(self.data) + len(self.marked or b"")

    def options(self, display_height: float | None, pack: str = api.DEFAULT_PACK
                ) -> api.CheckOptions:
        """The options this file is checked with: the batch's display height and its own
        waivers (rules of the batch's ``pack``)."""
        return api.check_options(display_height, waive=self.waivers, pack=pack)


@dataclass
class Batch:
    """Files checked together under one pack and display height (each file has its
    waivers)."""

    id: str
    session: str
    display_height: float | None = None
    pack: str = api.DEFAULT_PACK
    items: list[Item] = field(default_factory=list)
    touched: float = field(default_factory=time.monotonic)

    @property
    def size(self) -> int:
        return sum(item.size for item in self.items)


@dataclass(frozen=True)
class Caps:
    """What the store holds at most: bytes and files of one batch, bytes and batches of
    one session and of all, and for how long after a batch's last use (seconds). A
    batch that would pass its own caps is refused; older batches make way for the rest."""

    batch_bytes: int = 100 * _MB
    batch_files: int = 200
    session_bytes: int = 160 * _MB
    session_batches: int = 16
    total_bytes: int = 256 * _MB
    total_batches: int = 64
    ttl: float = 1800.0


class Full(Exception):
    """An upload that would take a batch past its caps (one line)."""


class Store:
    """The most recent batches within ``caps``; a batch is seen only by the session that
    made it."""

    def __init__(self, caps: Caps = Caps()) -> None:
        self.caps = caps
        self._batches: OrderedDict[str, Batch] = OrderedDict()

    def get(self, batch_id: str, session: str) -> Batch | None:
        self._expire()
        batch = self._batches.get(batch_id)
        if batch is None or not secrets.compare_digest(batch.session, session):
            return None
        batch.touched = time.monotonic()
        self._batches.move_to_end(batch_id)
        return batch

    def get_or_create(self, batch_id: str, session: str) -> Batch | None:
        """The batch ``batch_id`` of this session, new if unknown (None if it is
        another session's)."""
        if batch_id in self._batches:
            return self.get(batch_id, session)
        batch = Batch(batch_id, session)
        self._batches[batch_id] = batch
        self._bound(batch)
        return batch

    def room(self, batch: Batch, size: int, files: int) -> None:
        """Refuse (Full) ``files`` more files of ``size`` bytes in ``batch`` if the batch
        would pass its caps; called before they are checked, and again as they go in."""
        caps = self.caps
        if len(batch.items) + files > caps.batch_files:
            raise Full(f"this batch holds {len(batch.items)} files; it keeps at most "
                       f"{caps.batch_files}: start a new batch (reload the page)")
        if batch.size + size > caps.batch_bytes:
            raise Full(f"this batch holds {batch.size / _MB:.1f} MB; {size / _MB:.1f} MB more "
                       f"would pass the {caps.batch_bytes / _MB:g} MB it may keep: start a "
                       "new batch (reload the page)")

    def add(self, batch: Batch, items: list[Item]) -> None:
        """Put checked ``items`` into ``batch`` (Full if they no longer fit), then make
        the session and the store fit their caps, oldest batches out first."""
        self.room(batch, sum(item.size for item in items), len(items))
        batch.items.extend(items)
        self._bound(batch)

    def trim(self, batch: Batch) -> None:
        """Make the store fit its caps after ``batch`` changed in place (a waiver)."""
        self._bound(batch)

    def total_bytes(self) -> int:
        return sum(batch.size for batch in self._batches.values())

    def _bound(self, keep: Batch) -> None:
        """Expire old batches, then evict the least recently used (never ``keep``) until
        its session and the whole store are within their caps."""
        self._expire()
        caps = self.caps
        mine = [b for b in self._batches.values() if b.session == keep.session]
        while len(mine) > caps.session_batches or (
                len(mine) > 1 and sum(b.size for b in mine) > caps.session_bytes):
            oldest = next(b for b in mine if b is not keep)
            mine.remove(oldest)
            del self._batches[oldest.id]
        while len(self._batches) > caps.total_batches or (
                len(self._batches) > 1 and self.total_bytes() > caps.total_bytes):
            oldest = next(b for b in self._batches.values() if b is not keep)
            del self._batches[oldest.id]

    def _expire(self) -> None:
        now = time.monotonic()
        for key in [k for k, b in self._batches.items() if now - b.touched > self.caps.ttl]:
            del self._batches[key]
