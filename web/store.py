"""Batches of checked uploads, held in memory only, so a clerk can download the reports
and recompute with a waiver: bounded in count, bytes and age, lost on restart, never on
disk (``--keep DIR`` alone writes uploads, see ``app``)."""

from __future__ import annotations

import re
import secrets
import time
from collections import OrderedDict
from dataclasses import dataclass, field

from markers import api

__all__ = ["Item", "Batch", "Store", "new_batch_id", "BATCH_ID"]

BATCH_ID = re.compile(r"[A-Za-z0-9_-]{22,43}")


def new_batch_id() -> str:
    return secrets.token_urlsafe(22)


@dataclass
class Item:
    """One uploaded file: the name shown (from the client, never a path), the name given
    to the checker (``proof-N`` and the sanitised suffix), its bytes, its report and its
    marked-up drawing."""

    label: str
    name: str
    data: bytes
    report: api.FileReport
    marked: bytes | None

    @property
    def size(self) -> int:
        return len(self.data) + len(self.marked or b"")


@dataclass
class Batch:
    """Files checked together under one set of options (display height, waivers)."""

    id: str
    session: str
    display_height: float | None = None
    waivers: dict[str, str] = field(default_factory=dict)
    items: list[Item] = field(default_factory=list)
    touched: float = field(default_factory=time.monotonic)

    @property
    def size(self) -> int:
        return sum(item.size for item in self.items)


class Store:
    """The most recent batches, at most ``max_batches`` of them holding ``max_bytes`` in
    all, each for ``ttl`` seconds after its last use; a batch is seen only by the
    session that made it."""

    def __init__(self, max_batches: int = 64, max_bytes: int = 256 << 20,
                 ttl: float = 1800) -> None:
        self.max_batches, self.max_bytes, self.ttl = max_batches, max_bytes, ttl
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
        self._expire()
        return batch

    def _expire(self) -> None:
        now = time.monotonic()
        for key in [k for k, b in self._batches.items() if now - b.touched > self.ttl]:
            del self._batches[key]
        while len(self._batches) > self.max_batches or (
                len(self._batches) > 1 and self.total_bytes() > self.max_bytes):
            self._batches.popitem(last=False)

    def total_bytes(self) -> int:
        return sum(batch.size for batch in self._batches.values())

    def trim(self) -> None:
        """Evict what is over the bounds (after items were added)."""
        self._expire()
