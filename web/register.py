"""The Register page: the map of a town's markers with their status, what is due (each
line with its paragraph), a marker's history, and recording an inspection from a phone.

The register is the SQLite file ``Settings.register_db`` (``wsmark serve --db``); every
read and write is one markers.api call, run in a thread (SQLite waits for another
writer under its busy timeout; the event loop does not)."""

from __future__ import annotations

import asyncio
import datetime as dt
from pathlib import Path
from typing import Any

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from markers import api
from markers.errors import WsmarkError

__all__ = ["register_routes"]

class RegisterPages:
    """The routes of /register over ``web`` (web.app.WebApp: pages, forms, settings)."""

    def __init__(self, web: Any) -> None:
        self.web = web

    @property
    def db(self) -> str:
        return str(self.web.settings.register_db)

    async def _call(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return await asyncio.to_thread(fn, *args, **kwargs)
        except WsmarkError as err:
            raise HTTPException(400, api.one_line(str(err))) from None

    async def page(self, request: Request) -> Response:
        if not Path(self.db).is_file():
            return self.web.page(request, "register.html", db=self.db, entries=None,
                                 due=[], today=dt.date.today().isoformat())
        entries = await self._call(api.register_list, self.db)
        due = await self._call(api.register_due, self.db)
        return self.web.page(request, "register.html", db=self.db, entries=entries, due=due,
                             today=dt.date.today().isoformat())

    async def map_svg(self, request: Request) -> Response:
        svg = await self._call(api.register_export, self.db, ".svg")
        return Response(svg, media_type="image/svg+xml",
                        headers={"cache-control": "no-store"})

    def _marker_id(self, request: Request) -> int:
        return int(request.path_params["marker"])

    async def marker(self, request: Request, error: str | None = None,
                     status: int = 200) -> Response:
        entry, events, proofs = await self._call(api.register_show, self.db,
                                                 self._marker_id(request))
        return self.web.page(request, "register_marker.html", status, entry=entry,
                             events=events, proofs=proofs,
                             conditions=api.REGISTER_CONDITIONS, error=error,
                             today=dt.date.today().isoformat())

    async def inspect(self, request: Request) -> Response:
        fields, files = await self.web.form(request)
        marker = self._marker_id(request)

        def one(name: str) -> str | None:
            value = (fields.get(name) or [""])[0].strip()
            return value or None

        photo = next(((f.filename, f.data) for f in files if f.data), None)
        try:
            await asyncio.to_thread(api.register_record, self.db, [marker], "inspected",
                                    one("date"), one("by") or "", one("condition"),
                                    one("note"), photo)
        except WsmarkError as err:
            return await self.marker(request, api.one_line(str(err)), 400)
        return RedirectResponse(f"/register/marker/{marker}#history", status_code=303)


def register_routes(web: Any) -> list[Route]:
    """The Register page's routes."""
    pages = RegisterPages(web)
    return [Route("/register", pages.page, methods=["GET"]),
            Route("/register/map.svg", pages.map_svg, methods=["GET"]),
            Route("/register/marker/{marker:int}", pages.marker, methods=["GET"]),
            Route("/register/marker/{marker:int}/inspect", pages.inspect, methods=["POST"])]
