"""Starting the web page: bind the address first (a taken port is a one-line error),
then hand the socket to uvicorn."""

from __future__ import annotations

import asyncio
import dataclasses
import socket
from collections.abc import Callable
from pathlib import Path

import uvicorn
from starlette.applications import Starlette

from markers.errors import WsmarkError
from web.app import Settings, create_app
from web.security import allowed_hosts

__all__ = ["serve", "listen"]


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port`` (port 0: any free one)."""
    try:
        info = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
        sock = socket.socket(info[0], socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(info[4])
        sock.listen(128)
    except OSError as err:
        raise WsmarkError(f"cannot listen on {host}:{port}: {err.strerror or err}") from None
    sock.set_inheritable(True)
    return sock


class _Server(uvicorn.Server):
    """uvicorn's server, but a Ctrl-C first ends the checks in flight, each answered with
    its one line, instead of waiting up to their deadline for them (57 s was measured)."""

    def __init__(self, config: uvicorn.Config, stop: Callable[[], None]) -> None:
        super().__init__(config)
        self._stop = stop

    async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
        await asyncio.to_thread(self._stop)
        await super().shutdown(sockets)


def _stop_checks(app: Starlette) -> None:
    """End the web page's worker pool, if it was started: its jobs fail in one line."""
    pool = app.state.web.pool
    if pool is not None:
        pool.close()


def serve(host: str, port: int, settings: Settings,
          announce: Callable[[str], None] = print) -> None:
    """Serve the page until interrupted, announcing its address first. It answers to
    this computer's own names and ``host``; ``--keep`` is made absolute first (a
    library may change the working directory for a moment as it imports)."""
    if settings.keep_dir:
        try:
            Path(settings.keep_dir).mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise WsmarkError(f"cannot create {settings.keep_dir}: "
                              f"{err.strerror or err}") from None
        settings = dataclasses.replace(settings, keep_dir=str(Path(settings.keep_dir).resolve()))
    settings = dataclasses.replace(settings, hosts=allowed_hosts(host))
    sock = listen(host, port)
    bound = sock.getsockname()[1]
    shown = f"[{host}]" if ":" in host else host
    announce(f"wsmark: the web page is at http://{shown}:{bound}/ (Ctrl-C stops it)")
    app = create_app(settings)
    config = uvicorn.Config(app, log_level="warning", access_log=False, server_header=False)
    _Server(config, lambda: _stop_checks(app)).run(sockets=[sock])
