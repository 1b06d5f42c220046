"""Batches of checked uploads, held in memory only, so a clerk can download the reports
and recompute with a waiver: bounded in bytes and count per batch, per session and in
all, and in age, on every insert; lost on restart, never on disk (``--keep DIR`` alone
writes uploads, see ``app``).

The promise a clerk is given: a batch is kept ``ttl`` after its last use, and another
browser never pushes out a batch made less than ``ttl`` ago. Sessions cost nothing to
make (a cookie), and every browser of the page is 127.0.0.1, so a cap per client could
not tell a flood of fresh sessions from many clerks; instead, when the store is full of
young batches of other sessions, a new batch is refused (``Crowded``, a 503 with when to
try again) rather than evicting one. A session's own older batches make way for its
newest (its caps), and so do batches made more than ``ttl`` ago, least recently used
first."""

from __future__ import annotations

import math
import re
import secrets
import time
from collections import Counter, OrderedDict
from dataclasses import dataclass, field

from markers import api

__all__ = ["Item", "Batch", "Caps", "Crowded", "Full", "Store", "promise", "new_batch_id",
           "BATCH_ID"]

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
    made: float = field(default_factory=time.monotonic)

    @property
    def size(self) -> int:
        return sum(item.size for item in self.items)


@dataclass(frozen=True)
class Caps:
    """What the store holds at most: bytes and files of one batch, bytes and batches of
    one session and of all, and for how long after a batch's last use (seconds), which
    is also how long a batch is safe from other sessions after it is made. A batch that
    would pass its own caps is refused; a session's older batches make way for its
    newest; a new batch finding the store full of other sessions' young ones is
    refused (``Crowded``)."""

    batch_bytes: int = 100 * _MB
    batch_files: int = 200
    session_bytes: int = 160 * _MB
    session_batches: int = 16
    total_bytes: int = 256 * _MB
    total_batches: int = 64
    ttl: float = 1800.0


class Full(Exception):
    """An upload that would take a batch past its caps (one line)."""


def promise(caps: Caps) -> str:
    """What the page promises about results kept under ``caps``, in one sentence (the
    Check page and a gone batch's page say it)."""
    minutes = f"{caps.ttl / 60:g} minutes"
    return (f"Results are kept in this server's memory only (until it stops), {minutes} "
            f"after their last use; another browser's uploads never push out results made "
            f"less than {minutes} ago (when the server is full, it refuses new ones "
            "instead), but a browser's newest batch replaces its own least recently used "
            f"one past {caps.session_batches} batches or {caps.session_bytes / _MB:g} MB.")


class Crowded(Exception):
    """A batch that would fit only by pushing out another session's young batch: refused,
    with the seconds until one of them may make way (``retry_after``)."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class Store:
    """The most recent batches within ``caps``; a batch is seen only by the session that
    made it."""

    def __init__(self, caps: Caps = Caps()) -> None:
        self.caps = caps
        self._batches: OrderedDict[str, Batch] = OrderedDict()
        # new batches no file has gone into yet, and the requests holding each: the
        # page sends a request per file, side by side, into one new batch
        self._new: dict[str, Batch] = {}
        self._holders: Counter[str] = Counter()

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
        another session's), held by the asking request until it calls ``release``. A
        new batch is stored only when files go in (``add``), so a request that checks
        nothing holds no room; until then the requests sent side by side into it share
        it (as many as the requests in flight, which are capped)."""
        if batch_id in self._batches:
            batch = self.get(batch_id, session)
        else:
            batch = self._new.setdefault(batch_id, Batch(batch_id, session))
            if not secrets.compare_digest(batch.session, session):
                return None
        if batch is not None:
            self._holders[batch_id] += 1
        return batch

    def release(self, batch: Batch) -> None:
        """A request is done with ``batch``: a new one that no file went into is
        forgotten once no request holds it."""
        self._holders[batch.id] -= 1
        if self._holders[batch.id] <= 0:
            del self._holders[batch.id]
            self._new.pop(batch.id, None)

    def room(self, batch: Batch, size: int, files: int) -> None:
        """Refuse ``files`` more files of ``size`` bytes in ``batch``: Full if the batch
        would pass its caps, Crowded if the store could take them only by pushing out
        another session's young batch; called before they are checked, and again as they
        go in."""
        caps = self.caps
        if len(batch.items) + files > caps.batch_files:
            raise Full(f"this batch holds {len(batch.items)} files; it keeps at most "
                       f"{caps.batch_files}: start a new batch (reload the page)")
        if batch.size + size > caps.batch_bytes:
            raise Full(f"this batch holds {batch.size / _MB:.1f} MB; {size / _MB:.1f} MB more "
                       f"would pass the {caps.batch_bytes / _MB:g} MB it may keep: start a "
                       "new batch (reload the page)")
        self._making_way(batch, size)

    def add(self, batch: Batch, items: list[Item]) -> None:
        """Put checked ``items`` into ``batch`` (Full or Crowded if they no longer fit),
        storing it if new, after the batches that make way for it are let go."""
        size = sum(item.size for item in items)
        self.room(batch, size, len(items))
        for gone in self._making_way(batch, size):
            del self._batches[gone.id]
        self._new.pop(batch.id, None)
        self._batches[batch.id] = batch
        self._batches.move_to_end(batch.id)
        batch.items.extend(items)

    def trim(self, batch: Batch) -> None:
        """Make the store fit its caps after ``batch`` changed in place (a waiver: the
        same file checked again, only its marked-up copy may differ in size), by this
        session's and old batches alone; if none is left to go, the store is over its
        bytes by that difference until a batch expires."""
        try:
            gone = self._making_way(batch, 0)
        except Crowded:
            return
        for batch_ in gone:
            del self._batches[batch_.id]

    def __len__(self) -> int:
        """The batches held."""
        return len(self._batches)

    def total_bytes(self) -> int:
        return sum(batch.size for batch in self._batches.values())

    def _making_way(self, keep: Batch, size: int) -> list[Batch]:
        """The batches to let go so that ``keep`` with ``size`` more bytes fits its
        session's caps and the store's: this session's least recently used first for
        its own caps; then, for the store's, batches made more than ``ttl`` ago, least
        recently used first, then this session's. Crowded if that is not enough (other
        sessions' young batches are never let go)."""
        self._expire()
        caps, now = self.caps, time.monotonic()
        stored = [b for b in self._batches.values() if b is not keep]  # least recent first
        count, total = len(stored) + 1, sum(b.size for b in stored) + keep.size + size
        gone: list[Batch] = []

        def let_go(batch: Batch) -> None:
            nonlocal count, total
            gone.append(batch)
            count, total = count - 1, total - batch.size

        mine = [b for b in stored if b.session == keep.session]
        mine_bytes = sum(b.size for b in mine) + keep.size + size
        while mine and (len(mine) + 1 > caps.session_batches or mine_bytes > caps.session_bytes):
            mine_bytes -= mine[0].size
            let_go(mine.pop(0))
        old = [b for b in stored if now - b.made > caps.ttl and b not in gone]
        for batch in old + [b for b in mine if b not in old]:
            if count <= caps.total_batches and total <= caps.total_bytes:
                break
            let_go(batch)
        if count > caps.total_batches or total > caps.total_bytes:
            young = [b.made + caps.ttl - now for b in stored if b not in gone]
            wait = max(1, math.ceil(min(young, default=caps.ttl)))
            raise Crowded(f"the server holds the results of {len(young)} batches of other "
                          f"browsers ({(total - keep.size - size) / _MB:.0f} MB), each kept "
                          f"at least {caps.ttl / 60:g} minutes after it was made; send it "
                          f"again in {_when(wait)}", wait)
        return gone

    def _expire(self) -> None:
        now = time.monotonic()
        for key in [k for k, b in self._batches.items() if now - b.touched > self.caps.ttl]:
            del self._batches[key]


def _when(seconds: int) -> str:
    """``seconds`` in words: "40 seconds", "1 minute", "12 minutes"."""
    if seconds < 60:
        return f"{seconds} second{'s' if seconds != 1 else ''}"
    minutes = math.ceil(seconds / 60)
    return f"{minutes} minute{'s' if minutes != 1 else ''}"
