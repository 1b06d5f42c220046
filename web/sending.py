"""Downloads sent from disk in chunks, never whole in the server's memory.

A download (report.pdf, a compliant version, a design's files) is made in a worker, which
writes it into the server's private folder of downloads (``tasks.to_file``) and hands
back only its path and size. The server opens it, removes its name at once (so nothing
is left behind if the client goes away or the server is killed mid-send: the open file
is freed by the kernel when it is closed), and sends it ``CHUNK`` bytes at a time. The
request stays admitted until its last chunk is sent (``app.HoldUntilSent``), so a flood
of slow readers counts against the caps however long it reads.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import time
from collections.abc import AsyncIterator, Mapping
from typing import BinaryIO

import anyio.to_thread
from starlette.responses import StreamingResponse

from web.tasks import Spooled

__all__ = ["CHUNK", "downloads_folder", "remove_folder", "sent_from_disk", "sweep"]

#: The bytes read and sent at a time: what a download holds in the server's memory.
CHUNK = 64 * 1024


#: The downloads folder's name: this prefix, the server's pid, a random tail.
PREFIX = "wsmark-downloads-"


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # another user's process: not ours to judge
    return True


def downloads_folder() -> str:
    """A new folder for the downloads being made and sent, readable by this user alone
    (``mkdtemp`` makes it mode 0700), named with the server's pid; the folders of
    servers no longer running (killed: a stopped one removes its own) are removed
    first, so a ``kill -9`` leaves nothing past the next start."""
    base = tempfile.gettempdir()
    with os.scandir(base) as entries:
        for entry in entries:
            pid = entry.name[len(PREFIX):].split("-", 1)[0]
            if entry.name.startswith(PREFIX) and pid.isdigit() and not _alive(int(pid)) \
                    and entry.is_dir(follow_symlinks=False) and entry.stat().st_uid == os.getuid():
                shutil.rmtree(entry.path, ignore_errors=True)
    return tempfile.mkdtemp(prefix=f"{PREFIX}{os.getpid()}-")


def remove_folder(folder: str | None) -> None:
    """Remove the downloads folder when the server stops (whatever is in it)."""
    if folder:
        shutil.rmtree(folder, ignore_errors=True)


def sweep(folder: str, older_than_s: float) -> int:
    """Remove the downloads made more than ``older_than_s`` ago that nobody took (their
    request went away while they were being made: a sent one has no name left);
    how many."""
    removed, limit = 0, time.time() - older_than_s
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                try:
                    if entry.stat().st_mtime < limit:
                        os.unlink(entry.path)
                        removed += 1
                except FileNotFoundError:
                    continue
    except FileNotFoundError:  # the folder removed under us: the write says so (507)
        pass
    return removed


async def _chunks(handle: BinaryIO) -> AsyncIterator[bytes]:
    try:
        while chunk := await anyio.to_thread.run_sync(handle.read, CHUNK):
            yield chunk
    finally:
        handle.close()


def sent_from_disk(spooled: Spooled, media_type: str, headers: Mapping[str, str]
                   ) -> StreamingResponse:
    """The response that sends ``spooled`` in chunks of ``CHUNK`` bytes; its name is
    removed from the folder before the first byte is sent."""
    handle = open(spooled.path, "rb")  # closed by _chunks once sent
    os.unlink(spooled.path)
    return StreamingResponse(_chunks(handle), media_type=media_type,
                             headers={**headers, "content-length": str(spooled.size)})
