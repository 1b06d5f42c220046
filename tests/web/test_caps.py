"""What the web page holds is bounded: requests and jobs in flight (web.app.Admission, a
one-line 429 beyond), and stored results per batch, per session and in all, in bytes,
count and age (web.store.Store, on every insert), never by another session's young
batches (a 503 with Retry-After instead)."""

from __future__ import annotations

import time

import pytest

from markers import api
from web.app import Admission, Pending
from web.security import Refused
from web.store import Batch, Caps, Crowded, Full, Item, Store

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


def _stored(store: Store, name: str, session: str, size: int = MB) -> Batch:
    batch = store.get_or_create(name * 22, session)
    assert batch is not None
    store.add(batch, [_item(size)])
    return batch


def test_a_batch_is_stored_only_when_files_go_in() -> None:
    store = Store(Caps(total_batches=1))
    for n in range(5):  # requests that checked nothing hold no room
        store.get_or_create(f"{n}" * 22, f"s{n}")
    _stored(store, "k", "clerk")
    assert store.get("k" * 22, "clerk") is not None and store.get("0" * 22, "s0") is None


def test_requests_side_by_side_share_a_new_batch_until_they_end() -> None:
    """The page sends a request per file into one new batch at once: they get the same
    batch, which holds both files; one that never went in is forgotten when its
    requests end (and another session cannot have it)."""
    store = Store()
    first, second = (store.get_or_create("n" * 22, "me") for _ in range(2))
    assert first is second and store.get_or_create("n" * 22, "they") is None
    store.add(first, [_item(MB)])
    store.add(second, [_item(MB)])
    store.release(first)
    store.release(second)
    assert len(store.get("n" * 22, "me").items) == 2 and len(store) == 1
    empty = store.get_or_create("e" * 22, "me")
    store.release(empty)
    assert store.get_or_create("e" * 22, "me") is not empty and len(store) == 1


def test_a_sessions_own_older_batches_make_way_for_its_newest() -> None:
    store = Store(Caps(session_bytes=10 * MB, session_batches=2))
    mine = [_stored(store, f"{n}", "me") for n in range(3)]  # 2 batches a session
    assert store.get(mine[0].id, "me") is None and store.get(mine[2].id, "me") is not None
    bigger = _stored(store, "9", "me", 9 * MB + 1)  # over my 10 MB: my older batch goes
    assert store.get(mine[1].id, "me") is None and store.get(mine[2].id, "me") is None
    assert store.get(bigger.id, "me") is not None


@pytest.mark.parametrize("caps", [Caps(total_batches=3), Caps(total_bytes=3 * MB)],
                         ids=["batches", "bytes"])
def test_another_sessions_young_batch_is_never_pushed_out(caps: Caps) -> None:
    """The store full of young batches of other sessions: a new batch is refused with
    when to try again (the first of them to pass the ttl since it was made)."""
    store = Store(caps)
    theirs = [_stored(store, f"{n}", f"s{n}") for n in range(3)]
    late = store.get_or_create("z" * 22, "flooder")
    assert late is not None
    with pytest.raises(Crowded, match=r"holds the results of 3 batches of other browsers \(3 MB\), "
                                      "each kept at least 30 minutes after it was made; "
                                      "send it again in 30 minutes") as crowded:
        store.room(late, MB, 1)
    assert 1790 <= crowded.value.retry_after <= 1800
    with pytest.raises(Crowded):
        store.add(late, [_item(MB)])
    assert all(store.get(b.id, b.session) is not None for b in theirs)
    assert store.get(late.id, "flooder") is None


def test_batches_made_longer_ago_than_the_ttl_make_way_least_recently_used_first() -> None:
    store = Store(Caps(total_batches=3))
    theirs = [_stored(store, f"{n}", f"s{n}") for n in range(3)]
    for batch in theirs[:2]:
        batch.made -= 1801  # made over 30 minutes ago, still in use
    store.get(theirs[0].id, "s0")  # used last: s1's goes first
    _stored(store, "z", "new")
    assert store.get(theirs[1].id, "s1") is None
    assert store.get(theirs[0].id, "s0") is not None and store.get(theirs[2].id, "s2")


def test_batches_expire() -> None:
    store = Store(Caps(ttl=0.05))
    batch = _stored(store, "e", "s")
    time.sleep(0.1)
    assert store.get(batch.id, "s") is None
