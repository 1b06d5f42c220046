"""What the web page holds is bounded: requests and jobs in flight (web.app.Admission, a
one-line 429 beyond), and stored results per batch, per session and in all, in bytes,
count and age (web.store.Store, on every insert)."""

from __future__ import annotations

import time

import pytest

from markers import api
from web.app import Admission, Pending
from web.security import Refused
from web.store import Caps, Full, Item, Store

MB = 1_000_000


def _item(size: int) -> Item:
    return Item("x.svg", "proof-1.svg", b"x" * size, api.FileReport("x.svg", "pass"), None)


def test_requests_in_flight_are_capped_per_session_and_in_all() -> None:
    admission = Admission(Pending(session_requests=2, total_requests=3, total_bytes=10 * MB))
    with admission.request("a", MB, 0, 0), admission.request("a", MB, 0, 0):
        with pytest.raises(Refused, match="this browser already has checks") as refused:
            with admission.request("a", MB, 0, 0):
                pass
        assert refused.value.status == 429
        with admission.request("b", MB, 0, 0):
            with pytest.raises(Refused, match="the server is busy"):
                with admission.request("c", MB, 0, 0):
                    pass
        with pytest.raises(Refused, match="the server is busy"):  # bytes
            with admission.request("c", 9 * MB, 0, 0):
                pass
    assert admission.requests == {} and admission.bytes == 0  # all let go


def test_pending_jobs_are_capped_per_session_and_in_all() -> None:
    admission = Admission(Pending(session_jobs=4, total_jobs=10))
    with pytest.raises(Refused, match="this browser"):
        with admission.request("a", 0, 4, 4):
            pass
    with pytest.raises(Refused, match="the server is busy"):
        with admission.request("a", 0, 10, 0):
            pass


def test_a_batch_is_capped_in_bytes_and_files_on_every_insert() -> None:
    store = Store(Caps(batch_bytes=10 * MB, batch_files=3))
    batch = store.get_or_create("b" * 22, "s")
    store.add(batch, [_item(4 * MB), _item(4 * MB)])
    with pytest.raises(Full, match="holds 8.0 MB; 4.0 MB more would pass the 10 MB"):
        store.add(batch, [_item(4 * MB)])
    store.add(batch, [_item(MB)])
    with pytest.raises(Full, match="holds 3 files; it keeps at most 3"):
        store.room(batch, 0, 1)
    assert len(batch.items) == 3 and batch.size == 9 * MB


def test_old_batches_make_way_per_session_and_in_all() -> None:
    store = Store(Caps(session_bytes=10 * MB, session_batches=2, total_bytes=15 * MB,
                       total_batches=3))
    mine = [store.get_or_create(f"{n}" * 22, "me") for n in range(3)]  # 2 per session
    assert store.get(mine[0].id, "me") is None and store.get(mine[2].id, "me") is not None
    store.add(mine[1], [_item(6 * MB)])
    store.add(mine[2], [_item(6 * MB)])  # my 12 MB pass my 10: my older batch goes
    assert store.get(mine[1].id, "me") is None and store.get(mine[2].id, "me") is not None
    theirs = store.get_or_create("t" * 22, "they")
    store.add(theirs, [_item(8 * MB)])  # 14 MB in all, within 15
    late = store.get_or_create("u" * 22, "someone")
    store.add(late, [_item(5 * MB)])  # 19 MB: the least recently used goes first
    assert store.get(mine[2].id, "me") is None and store.total_bytes() == 13 * MB


def test_batches_expire() -> None:
    store = Store(Caps(ttl=0.05))
    batch = store.get_or_create("e" * 22, "s")
    time.sleep(0.1)
    assert store.get(batch.id, "s") is None
