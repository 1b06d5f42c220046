"""The web application: routes of the Check, Design and Reference pages.

Every answer about markers comes from ``markers.api``; untrusted work (checking an
upload, building a design) runs in the api's fair worker pool, under the same budget as
``wsmark check``, each session and each request (upload) with its share of the workers
and a wall deadline. Work in flight is capped per session and in all (``Pending``: a 429
beyond); what is kept is capped in the store (``web.store.Caps``). Errors are one line
of text, never a traceback.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os
import secrets
import tempfile
import time
from collections import Counter, OrderedDict
from collections.abc import AsyncIterator, Iterator
from contextlib import ExitStack, asynccontextmanager, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

from jinja2 import Environment, FileSystemLoader, pass_context, select_autoescape
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from markers import api
from markers.errors import WsmarkError
from web import packs, tasks
from web.register import register_routes
from web.security import (
    SESSION_COOKIE,
    SVG_CSP,
    FormTokens,
    HostCheck,
    Refused,
    SecurityHeaders,
    allowed_hosts,
    content_disposition,
    read_form,
    safe_label,
    safe_suffix,
)
from web.sending import downloads_folder, remove_folder, sent_from_disk, sweep
from web.store import BATCH_ID, Caps, Crowded, Full, Item, Store, new_batch_id, promise
from web.words import page_words

__all__ = ["Pending", "Settings", "create_app"]

HERE = Path(__file__).resolve().parent
log = logging.getLogger("wsmark.web")
#: Preview scales offered, as 1:n, and the box (in) the preview must fit.
SCALES = (1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20, 24, 32, 48, 64)
#: The largest materials file taken with a design (a shop's list of rolls is short).
MAX_MATERIALS = 256_000
PREVIEW_BOX = (3.4, 4.5)  # 3.4 in: 326 px, within a 390 px phone's page


@pass_context
def _verdict_line(context: Any, report: api.FileReport) -> str:
    """A file's verdict in the words of the pack the page works under."""
    return api.verdict_line(report, context.get("pack") or api.DEFAULT_PACK)


@dataclass(frozen=True)
class Pending:
    """Work in flight at most: requests being answered and jobs not yet done, of one
    session and of all, and the bytes of the requests being answered. A request beyond
    any of them is refused with a one-line 429 before its body is read (or, for the
    files it carries, before they are checked)."""

    session_requests: int = 8  # a browser sends at most 6 at once to one server
    session_jobs: int = 64  # a request carries at most 50 files
    total_requests: int = 64
    total_jobs: int = 256
    total_bytes: int = 160 * 1000 * 1000


@dataclass(frozen=True)
class Settings:
    """What ``wsmark serve`` is told: size limits (bytes), the worker pool, the wall
    deadline of a request (seconds), the Host names served, the caps, --keep."""

    max_file_bytes: int = 20 * 1000 * 1000
    max_request_bytes: int = 20 * 1000 * 1000
    max_files: int = 50
    workers: int = max(1, min(4, os.cpu_count() or 1))
    deadline_s: float = 60.0
    hosts: frozenset[str] = allowed_hosts("127.0.0.1")
    pending: Pending = field(default_factory=Pending)
    caps: Caps = field(default_factory=Caps)
    keep_dir: str | None = None
    register_db: str = "markers.db"  # the Register page's file (wsmark serve --db)


#: The 429s: this browser's work, everyone's.
BUSY_SESSION = ("refused: this browser already has checks in progress; wait for their "
                "answers and send the rest then")
BUSY_ALL = "refused: the server is busy with other checks; send it again in a minute"
#: The one count (Admission) of every request without a session cookie.
ANONYMOUS = "(no session cookie)"


class Admission:
    """Counts the requests in flight, per session and in all, against ``Pending``."""

    def __init__(self, caps: Pending) -> None:
        self.caps = caps
        self.requests: Counter[str] = Counter()
        self.bytes = 0

    @contextmanager
    def request(self, session: str, size: int, jobs: int, session_jobs: int
                ) -> Iterator[None]:
        """Within the block the request counts; refused (429) if it would pass a cap,
        given the ``jobs`` pending in all and ``session_jobs`` of its session."""
        caps = self.caps
        if self.requests[session] >= caps.session_requests or \
                session_jobs >= caps.session_jobs:
            raise Refused(429, BUSY_SESSION)
        if sum(self.requests.values()) >= caps.total_requests or \
                jobs >= caps.total_jobs or self.bytes + size > caps.total_bytes:
            raise Refused(429, BUSY_ALL)
        self.requests[session] += 1
        self.bytes += size
        try:
            yield
        finally:
            self.bytes -= size
            self.requests[session] -= 1
            if not self.requests[session]:
                del self.requests[session]


#: Where HoldUntilSent keeps what a request holds until its answer is sent.
HELD = "wsmark.held"


class HoldUntilSent:
    """ASGI middleware: what a request was admitted with (``WebApp.admitted``) is let go
    once its answer has been sent, not when its handler returns, so a download being
    sent (to a slow reader, a flood of them) still counts against the caps."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        with ExitStack() as held:
            scope[HELD] = held
            await self.app(scope, receive, send)


def _one_line(status: int, message: str) -> PlainTextResponse:
    return PlainTextResponse(f"wsmark: {page_words(message)}\n", status_code=status)


def _keep(folder: str, data: bytes, suffix: str) -> None:
    """Write an upload to ``folder`` under a name of our making, atomically; where it
    cannot be (a full disk), nothing is left there and the request is refused (507) in
    one line, before anything is checked: the server was told to keep every upload."""
    name = (f"{time.strftime('%Y%m%d-%H%M%S')}-{hashlib.sha256(data).hexdigest()[:16]}-"
            f"{secrets.token_hex(4)}{suffix}")
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(prefix=".upload-", dir=folder)
        with os.fdopen(fd, "wb") as out:
            out.write(data)
        os.replace(tmp, Path(folder) / name)
    except OSError as err:
        if tmp is not None:
            Path(tmp).unlink(missing_ok=True)
        log.warning("could not keep an upload in %s: %s", folder, err.strerror or err)
        raise Refused(507, "refused: this server keeps a copy of every upload and could not "
                           f"keep this one ({(err.strerror or 'a write failed').lower()}); "
                           "nothing was checked") from None


def _scale(width: float, height: float) -> int:
    """The smallest 1:n that fits the preview box."""
    for n in SCALES:
        if width / n <= PREVIEW_BOX[0] and height / n <= PREVIEW_BOX[1]:
            return n
    return SCALES[-1]


class WebApp:
    """The routes, with the state they share: settings, pool, store, caches."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.tokens = FormTokens()
        self.store = Store(settings.caps)
        self.admission = Admission(settings.pending)
        self.pool: Any = None  # api.job_pool's, started by the lifespan
        self.previews: OrderedDict[str, dict[str, Any]] = OrderedDict()
        self.sheets: dict[str, asyncio.Task] = {}  # the reference PDF of each pack
        self.downloads: str | None = None  # the folder downloads are sent from (lifespan)
        self.suffixes = api.check_suffixes()
        self.env = Environment(loader=FileSystemLoader(HERE / "templates"),
                               autoescape=select_autoescape(["html"]),
                               trim_blocks=True, lstrip_blocks=True,
                               finalize=lambda value: page_words(api.page_text(value)))
        self.env.globals.update(verdict_line=_verdict_line, groups=api.finding_groups,
                                waiver_words=api.waiver_words, kept=promise(settings.caps),
                                packs=packs.choices, law_of=packs.law_of,
                                default_pack=api.DEFAULT_PACK)

    # --- plumbing -------------------------------------------------------------------

    def page(self, request: Request, template: str, status: int = 200,
             **values: Any) -> HTMLResponse:
        """A rendered template with the session's form token (and its cookie if new)."""
        session, new = self.tokens.session(request)
        html = self.env.get_template(template).render(
            token=self.tokens.token(session), path=request.url.path, **values)
        response = HTMLResponse(html, status_code=status)
        if new:
            response.set_cookie(SESSION_COOKIE, session, httponly=True, samesite="strict",
                                path="/")
        return response

    async def form(self, request: Request) -> tuple[dict[str, list[str]], list]:
        s = self.settings
        fields, files = await read_form(request, s.max_request_bytes, s.max_file_bytes,
                                        s.max_files)
        token = fields.get("token")
        self.tokens.verify(request, token[0] if token else None)
        return fields, files

    def session(self, request: Request) -> str:
        return self.tokens.session(request)[0]

    @contextmanager
    def admitted(self, request: Request) -> Iterator[None]:
        """The request as work in flight (Admission), from its start: its deadline and
        its group of jobs begin here."""
        declared = request.headers.get("content-length", "")
        size = int(declared) if declared.isdigit() else self.settings.max_request_bytes
        if request.method in ("GET", "HEAD") and not declared:
            size = 0  # no body
        session = self.session(request)
        request.state.group = secrets.token_hex(8)
        request.state.start = time.monotonic()
        request.state.admitted = True
        # requests without a session cookie share one count: fresh cookieless requests
        # (a flood) are then one browser's share, not one share each
        counted = session if self.tokens.session(request)[1] is False else ANONYMOUS
        hold = self.admission.request(counted, min(size, self.settings.max_request_bytes),
                                      self.pool.pending(), self.pool.pending(session))
        held = request.scope.get(HELD)
        if held is None:  # no HoldUntilSent: let go when the handler returns
            with hold:
                yield
        else:  # let go once the answer is sent (HoldUntilSent)
            held.enter_context(hold)
            yield

    async def job(self, request: Request, fn: Any, *args: Any) -> Any:
        """``fn(*args)`` in a worker, as part of the request's share and within its
        deadline (api.JobFailed with one line if not)."""
        if not getattr(request.state, "admitted", False):  # a GET: counted from now
            with self.admitted(request):
                return await self.job(request, fn, *args)
        left = self.settings.deadline_s - (time.monotonic() - request.state.start)
        return await self.pool.run(fn, *args, session=self.session(request),
                                   group=request.state.group, deadline_s=max(0.0, left),
                                   said_s=self.settings.deadline_s)

    async def download_job(self, request: Request, fn: Any, *args: Any) -> Any:
        """``job`` of ``fn(*args)``, whose bytes the worker writes to the downloads folder
        (``tasks.to_file``) to be sent from there (``web.sending``); a disk too full for
        them is a one-line 507."""
        assert self.downloads is not None  # made by the lifespan
        sweep(self.downloads, 2 * self.settings.deadline_s)
        try:
            return await self.job(request, tasks.to_file, self.downloads, fn, *args)
        except OSError as err:
            log.warning("could not write a download: %s", err.strerror or err)
            raise Refused(507, "could not make this download: the server's disk refused it "
                               f"({(err.strerror or 'a write failed').lower()})") from None

    # --- check ----------------------------------------------------------------------

    async def check_page(self, request: Request) -> Response:
        return self.page(request, "check.html", batch_id=new_batch_id(),
                         pack=packs.chosen(request.query_params),
                         suffixes=self.suffixes, batch=None,
                         max_mb=self.settings.max_file_bytes / 1e6)

    async def _check_item(self, request: Request, label: str, name: str, data: bytes,
                          options: api.CheckOptions, pack: str) -> Item:
        # the report names the file as the clerk knows it (label), not as the checker is
        # told (name)
        try:
            shown = await self.job(request, tasks.check_upload, data, name, label, options,
                                   pack)
            return Item(label, name, data, shown.report, shown.marked, shown.places,
                        shown.marks, dict(options.waivers), shown.cannot)
        except api.JobFailed as err:
            report = api.unreadable(label, str(err))
        except Exception as err:  # a worker that could not even answer: one line
            log.exception("check of %s failed", name)
            report = api.unreadable(label, f"could not be checked ({type(err).__name__})")
        return Item(label, name, data, report, None, waivers=dict(options.waivers))

    async def check_post(self, request: Request) -> Response:
        with self.admitted(request):
            try:
                return await self._check_post(request)
            finally:
                if getattr(request.state, "batch", None) is not None:
                    self.store.release(request.state.batch)

    async def _check_post(self, request: Request) -> Response:
        fields, files = await self.form(request)
        batch_id = (fields.get("batch") or [""])[0]
        if not BATCH_ID.fullmatch(batch_id):
            batch_id = new_batch_id()
        batch = self.store.get_or_create(batch_id, self.session(request))
        if batch is None:
            raise Refused(403, "refused: that batch belongs to another session")
        request.state.batch = batch  # held until the request ends (Store.release)
        pack = packs.chosen(fields)
        if batch.items and pack != batch.pack:
            raise Refused(400, f"refused: these results are checked under {batch.pack}; "
                               f"start a new check for {pack}")
        batch.pack = pack
        height = (fields.get("display_height") or [""])[0].strip()
        if height:
            try:
                inches = api.parse_length(height, "display height")
            except WsmarkError:
                inches = 0.0
            if not inches > 0:
                raise Refused(400, f"refused: display height {height[:20]!r} is not a "
                                   "positive number of inches")
            batch.display_height = inches
        if not files:
            raise Refused(400, "refused: no file was sent; choose one or more proofs")
        self._room(batch, sum(len(upload.data) for upload in files), len(files))
        if self.pool.pending(self.session(request)) + len(files) > \
                self.settings.pending.session_jobs:
            raise Refused(429, BUSY_SESSION)
        options = api.check_options(batch.display_height, pack=pack)
        start = len(batch.items)
        jobs = []
        for upload in files if self.settings.keep_dir else []:  # all kept, or none checked
            _keep(str(self.settings.keep_dir), upload.data, safe_suffix(upload.filename))
        for number, upload in enumerate(files, start=start + 1):
            suffix = safe_suffix(upload.filename)
            jobs.append(self._check_item(request, safe_label(upload.filename),
                                         f"proof-{number}{suffix}", upload.data, options,
                                         pack))
        items = await asyncio.gather(*jobs)
        numbered = list(enumerate(items, start=len(batch.items)))  # they arrive side by side
        try:
            self.store.add(batch, list(items))
        except Full as err:
            raise Refused(413, f"refused: {err}") from None
        except Crowded as err:
            raise Refused(503, f"refused: {err}", err.retry_after) from None
        if request.headers.get("x-wsmark-fragment"):
            return self.page(request, "_items.html", batch=batch, items=numbered,
                             explain=self.explainer(batch.pack), pack=batch.pack)
        return RedirectResponse(f"/check/{batch.id}", status_code=303)

    def _room(self, batch: Any, size: int, files: int) -> None:
        try:
            self.store.room(batch, size, files)
        except Full as err:
            raise Refused(413, f"refused: {err}") from None
        except Crowded as err:
            raise Refused(503, f"refused: {err}", err.retry_after) from None

    def batch(self, request: Request) -> Any:
        batch_id = request.path_params["batch"]
        batch = self.store.get(batch_id, self.session(request)) \
            if BATCH_ID.fullmatch(batch_id) else None
        if batch is None:
            caps = self.settings.caps
            raise HTTPException(404, f"these results are gone. {promise(caps)} Check the "
                                     "files again")
        return batch

    @staticmethod
    def explainer(pack: str) -> Any:
        """What a rule of ``pack`` checks, in words (empty for a rule it has not)."""
        def explain(rule_id: str) -> str:
            try:
                return api.explain(rule_id, pack)
            except WsmarkError:
                return ""
        return explain

    async def results_page(self, request: Request) -> Response:
        batch = self.batch(request)
        return self.page(request, "check.html", batch=batch, batch_id=batch.id,
                         items=list(enumerate(batch.items)), pack=batch.pack,
                         counts=api.tally(item.report for item in batch.items),
                         suffixes=self.suffixes, explain=self.explainer(batch.pack),
                         max_mb=self.settings.max_file_bytes / 1e6)

    async def summary_fragment(self, request: Request) -> Response:
        batch = self.batch(request)
        return self.page(request, "_summary.html", batch=batch,
                         counts=api.tally(item.report for item in batch.items))

    async def download(self, request: Request) -> Response:
        batch = self.batch(request)
        fmt = request.path_params["fmt"]
        if fmt not in ("json", "sarif", "pdf"):
            raise HTTPException(404, "reports come as report.json, report.sarif or report.pdf")
        reports = [item.report for item in batch.items]
        if fmt == "pdf":
            try:
                data = await self.download_job(request, api.report_pdf, reports,
                                               [item.marked for item in batch.items],
                                               batch.pack)
            except api.JobFailed as err:
                raise Refused(503, f"the PDF report {err}") from None
            return sent_from_disk(data, "application/pdf", {
                "content-disposition": 'attachment; filename="wsmark-report.pdf"'})
        text = api.reports(reports, "json" if fmt == "json" else "sarif", batch.pack)
        media = "application/json" if fmt == "json" else "application/sarif+json"
        return Response(text, media_type=media, headers={
            "content-disposition": f'attachment; filename="wsmark-report.{fmt}"'})

    async def marked(self, request: Request) -> Response:
        batch = self.batch(request)
        number = request.path_params["number"]
        if not 0 <= number < len(batch.items) or batch.items[number].marked is None:
            raise HTTPException(404, "no marked-up drawing for that file")
        return Response(batch.items[number].marked, media_type="image/svg+xml",
                        headers={"content-security-policy": SVG_CSP})

    async def fixed(self, request: Request) -> Response:
        """The compliant version of a checked upload (``file``, in the upload's format),
        or ``report.pdf``: the clerk's report with the compliant outline over the
        vendor's drawing; what cannot be repaired is a one-line 422."""
        batch = self.batch(request)
        number, what = request.path_params["number"], request.path_params["what"]
        if not 0 <= number < len(batch.items) or what not in ("file", "report.pdf"):
            raise HTTPException(404, "no such file to repair")
        item = batch.items[number]
        suffix = {".ai": ".pdf", ".svgz": ".svg"}.get(Path(item.name).suffix,
                                                      Path(item.name).suffix)
        options = item.options(batch.display_height, batch.pack)
        try:
            made, words = await self.download_job(request, tasks.fix_upload, item.data,
                                                  item.name, suffix, options, what != "file",
                                                  batch.pack)
        except (api.JobFailed, WsmarkError) as err:
            raise Refused(422, f"not repaired: {err}") from None
        if made is None:
            raise Refused(422, "not repaired: " + "; ".join(words.splitlines()[1:])[:600])
        stem = Path(item.label).stem or "proof"
        name = f"{stem}-compliant{suffix}" if what == "file" else f"{stem}-fix-report.pdf"
        media = {".svg": "image/svg+xml", ".pdf": "application/pdf"}.get(
            Path(name).suffix, "application/octet-stream")
        return sent_from_disk(made, media, {"content-disposition": content_disposition(name),
                                            "content-security-policy": SVG_CSP})

    async def waive(self, request: Request) -> Response:
        with self.admitted(request):
            return await self._waive(request)

    async def _waive(self, request: Request) -> Response:
        """A waiver of one finding of one file (its rule on its marker), with its reason,
        or its removal; that file alone is checked again."""
        fields, _ = await self.form(request)
        batch = self.batch(request)
        number = request.path_params["number"]
        if not 0 <= number < len(batch.items):
            raise HTTPException(404, "no such file in these results")
        item = batch.items[number]
        rule = (fields.get("rule") or [""])[0].strip()
        marker = (fields.get("marker") or ["0"])[0].strip()
        reason = " ".join((fields.get("reason") or [""])[0].split())[:300]
        key = f"{rule}@{marker}"
        waivers = dict(item.waivers)
        if (fields.get("action") or ["add"])[0] == "remove":
            waivers.pop(key, None)
        elif not reason:
            raise Refused(400, f"refused: a waiver of {rule[:40]} needs its reason")
        else:
            waivers[key] = reason
        try:
            options = api.check_options(batch.display_height, waive=waivers,
                                        pack=batch.pack)
        except WsmarkError as err:
            raise Refused(400, f"refused: {err}") from None
        batch.items[number] = await self._check_item(request, item.label, item.name,
                                                     item.data, options, batch.pack)
        self.store.trim(batch)
        return RedirectResponse(f"/check/{batch.id}#item-{number}", status_code=303)

    # --- design ---------------------------------------------------------------------

    async def preview(self, request: Request, params: dict[str, Any], pack: str
                      ) -> dict[str, Any]:
        key = repr((pack, sorted(params.items())))
        if key in self.previews:
            self.previews.move_to_end(key)
            return self.previews[key]
        try:
            result = await self.job(request, tasks.design_preview, params, pack)
        except api.JobFailed as err:
            result = {"error": f"this design {err}"}
        self.previews[key] = result
        while len(self.previews) > 64:
            self.previews.popitem(last=False)
        return result

    async def design_page(self, request: Request) -> Response:
        pack = packs.chosen(request.query_params)
        form = api.design_form(dict(request.query_params), typical=True, pack=pack)
        errors, result = form.errors, {}
        if not errors:
            result = await self.preview(request, form.params, pack)
            if result.get("error"):
                errors = form.refused(result["error"], result.get("field"))
        link = urlencode({**({"pack": pack} if pack != api.DEFAULT_PACK else {}),
                          **{k: v for k, v in form.shown.items() if v}})
        scale = _scale(result["width"], result["height"]) if result.get("svg") else None
        return self.page(request, "design.html", kinds=api.kinds(pack), kind=form.kind,
                         pack=pack,
                         fields=form.fields, shown=form.shown, errors=errors, result=result,
                         query=link, scale=scale, hidden=form.hidden,
                         formats=self.design_formats(form.kind))

    @staticmethod
    def design_formats(kind: Any) -> tuple[str, ...]:
        """The files a design of ``kind`` downloads as: its drawing as ``render`` writes
        it (a DXF of what is cut from a sheet, so none of a buoy's elevation)."""
        drawings = tuple(f.lstrip(".") for f in api.FORMATS
                         if f != ".dxf" or kind.family != "buoy")
        return drawings + ("zip", "yaml")

    async def design_artwork(self, request: Request) -> Response:
        pack = packs.chosen(request.query_params)
        form = api.design_form(dict(request.query_params), pack=pack)
        result = {} if form.errors else await self.preview(request, form.params, pack)
        if not result.get("svg"):
            raise HTTPException(404, (result.get("error") or next(iter(form.errors.values()))))
        return Response(result["svg"], media_type="image/svg+xml",
                        headers={"content-security-policy": SVG_CSP})

    async def design_download(self, request: Request) -> Response:
        return await self._design_file(request, request.path_params["fmt"],
                                       dict(request.query_params))

    async def design_zip_post(self, request: Request) -> Response:
        """The fabrication files of a design made with the shop's own materials file
        (a form with the design's fields and the file: ``fabricate --materials``)."""
        with self.admitted(request):
            fields, files = await self.form(request)
            if len(files) != 1 or not files[0].data:
                raise Refused(400, "refused: choose the shop's materials file (YAML)")
            if len(files[0].data) > MAX_MATERIALS:
                raise Refused(413, f"refused: a materials file is a list of rolls; "
                                   f"{safe_label(files[0].filename)} is over "
                                   f"{MAX_MATERIALS // 1000} kB")
            values = {key: found[0] for key, found in fields.items() if key != "token"}
            return await self._design_file(request, "zip", values, files[0].data)

    async def _design_file(self, request: Request, fmt: str, values: dict[str, str],
                           materials: bytes | None = None) -> Response:
        """A design's file as ``fmt``, from the form's text ``values``."""
        pack = packs.chosen(values)
        form = api.design_form(values, pack=pack)
        formats = self.design_formats(form.kind)
        if fmt not in formats:
            raise HTTPException(404, f"a {form.kind.name} comes as "
                                     f"{', '.join('.' + f for f in formats)}")
        if form.errors:
            raise Refused(400, f"refused: {next(iter(form.errors.values()))}")
        try:
            design = tasks.design(form.params, pack)
            stem = api.file_stem(design)
            if fmt == "yaml":
                data, media = api.design_yaml(design), "application/yaml"
            elif fmt == "zip":
                shop = form.shop if materials is None else {**form.shop, "materials": materials}
                data = await self.download_job(request, tasks.fabrication_zip, design, shop,
                                               pack)
                media = "application/zip"
            else:
                data = await self.download_job(request, tasks.design_file, design,
                                               f".{fmt}", form.dpi, pack)
                media = {"svg": "image/svg+xml", "pdf": "application/pdf",
                         "png": "image/png", "dxf": "image/vnd.dxf"}[fmt]
        except WsmarkError as err:
            raise Refused(400, f"refused: {str(err).splitlines()[0]}") from None
        except api.JobFailed as err:
            raise Refused(503, f"this design: {err}") from None
        headers = {"content-disposition": content_disposition(f"{stem}.{fmt}")}
        if fmt == "svg":
            headers["content-security-policy"] = SVG_CSP
        if isinstance(data, bytes):  # the design's YAML, made here
            return Response(data, media_type=media, headers=headers)
        return sent_from_disk(data, media, headers)

    # --- reference ------------------------------------------------------------------

    async def reference_page(self, request: Request) -> Response:
        pack = packs.chosen(request.query_params)
        built = self.sheets.get(pack)
        return self.page(request, "reference.html", kinds=api.kinds(pack), pack=pack,
                         ready=built is not None and built.done())

    async def reference_sheets(self, pack: str) -> tuple[bytes, dict[str, int]]:
        """The reference PDF of ``pack``, built once in a thread on first use and kept
        in memory."""
        if pack not in self.sheets:
            self.sheets[pack] = asyncio.ensure_future(
                asyncio.to_thread(api.reference_sheets, pack))
        return await asyncio.shield(self.sheets[pack])

    async def reference_pdf(self, request: Request) -> Response:
        pdf, _ = await self.reference_sheets(packs.chosen(request.query_params))
        return Response(pdf, media_type="application/pdf", headers={
            "content-disposition": 'inline; filename="wsmark-reference.pdf"'})

    async def reference_sheet(self, request: Request) -> Response:
        kind = request.path_params["kind"]
        pack = packs.chosen(request.query_params)
        if kind not in {k.name for k in api.kinds(pack)}:
            raise HTTPException(404, f"no sheet for {kind[:40]!r}")
        _, pages = await self.reference_sheets(pack)
        if kind not in pages:
            raise HTTPException(404, f"no sheet for {kind[:40]!r}")
        query = f"?pack={pack}" if pack != api.DEFAULT_PACK else ""
        return RedirectResponse(f"/reference/sheets.pdf{query}#page={pages[kind]}",
                                status_code=303)


def create_app(settings: Settings | None = None) -> Starlette:
    """The application, with its worker pool started and stopped by its lifespan."""
    web = WebApp(settings or Settings())

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        web.pool = await asyncio.to_thread(api.job_pool, web.settings.workers, ["web.tasks"])
        web.downloads = downloads_folder()
        try:
            yield
        finally:
            await asyncio.to_thread(web.pool.close)
            remove_folder(web.downloads)

    async def refused(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, Refused)
        answer = _one_line(exc.status, str(exc))
        if exc.retry_after is not None:
            answer.headers["retry-after"] = str(exc.retry_after)
        return answer

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        detail = exc.detail if exc.status_code != 404 or exc.detail != "Not Found" \
            else f"no page at {request.url.path[:80]}"
        return _one_line(exc.status_code, str(detail).splitlines()[0])

    async def server_error(request: Request, exc: Exception) -> Response:
        log.error("error on %s", request.url.path, exc_info=exc)
        return _one_line(500, "internal error; the server keeps running (see its log)")

    routes = [
        Route("/", lambda request: RedirectResponse("/check", status_code=303)),
        Route("/check", web.check_page, methods=["GET"]),
        Route("/check", web.check_post, methods=["POST"]),
        Route("/check/{batch}", web.results_page, methods=["GET"]),
        Route("/check/{batch}/summary", web.summary_fragment, methods=["GET"]),
        Route("/check/{batch}/report.{fmt:str}", web.download, methods=["GET"]),
        Route("/check/{batch}/{number:int}/marked.svg", web.marked, methods=["GET"]),
        Route("/check/{batch}/{number:int}/fix/{what:str}", web.fixed, methods=["GET"]),
        Route("/check/{batch}/{number:int}/waive", web.waive, methods=["POST"]),
        Route("/design", web.design_page, methods=["GET"]),
        Route("/design/artwork.svg", web.design_artwork, methods=["GET"]),
        Route("/design/download.{fmt:str}", web.design_download, methods=["GET"]),
        Route("/design/download.zip", web.design_zip_post, methods=["POST"]),
        Route("/reference", web.reference_page, methods=["GET"]),
        Route("/reference/sheets.pdf", web.reference_pdf, methods=["GET"]),
        Route("/reference/sheet/{kind:str}", web.reference_sheet, methods=["GET"]),
        *register_routes(web),
        Mount("/static", StaticFiles(directory=HERE / "static"), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    middleware=[Middleware(HostCheck, allowed=web.settings.hosts),
                                Middleware(SecurityHeaders), Middleware(HoldUntilSent)],
                    exception_handlers={Refused: refused, HTTPException: http_error,
                                        Exception: server_error})
    app.state.web = web
    return app
