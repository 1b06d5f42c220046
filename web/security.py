"""What keeps a clerk's machine safe from the page: headers on every response, a form
token on every POST, and uploads read into memory under a size limit.

The form token is an HMAC of a random session cookie (SameSite=Strict, HttpOnly) under a
secret made when the server starts, so a page on another site can neither send the
cookie nor know the token; a POST whose Origin names another host is refused too. A
request whose Host is not this computer's own names (127.0.0.1, localhost, [::1]) or the
address the server was told to listen on is refused before any page or token is served:
a name of another site made to point here (DNS rebinding) gets nothing.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import AsyncGenerator
from dataclasses import dataclass

from starlette.datastructures import Headers, UploadFile
from starlette.formparsers import MultiPartException, MultiPartParser
from starlette.requests import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["CSP", "LOCAL_HOSTS", "Refused", "HostCheck", "SecurityHeaders", "FormTokens",
           "Upload", "allowed_hosts", "content_disposition", "host_name", "read_form",
           "safe_suffix", "safe_label"]

#: Nothing from elsewhere, no inline script or style, no framing, images from here or
#: data: (marked-up drawings), forms posted only here.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
#: An SVG served on its own may not run anything, even if opened as a page; the vendor's
#: drawing in a marked-up copy is a data: image inside it.
SVG_CSP = ("default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'none'; "
           "sandbox")
SESSION_COOKIE = "wsmark_session"
#: The names of this computer a browser on it may use for the page.
LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")


class Refused(Exception):
    """A request refused with an HTTP ``status`` and a one-line reason."""

    def __init__(self, status: int, message: str, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after  # seconds, said as Retry-After (RFC 9110 10.2.3)


#: A Host header as RFC 9110 (7.2) and RFC 3986 (3.2.2) allow it: a bracketed IPv6
#: address, or a name or IPv4 address, then at most a port of digits. Anything else
#: (``[::1]evil``, ``localhost:80:80``, ``127.0.0.1:x``) names no host of ours.
_HOST = re.compile(r"(?:\[(?P<ip6>[0-9a-f:.]+)\]|(?P<name>[a-z0-9._~-]+))(?::[0-9]{1,5})?",
                   re.ASCII)


def host_name(host: str) -> str:
    """The name in a Host header or an origin's authority, lower case, without its port
    or an IPv6 address's brackets: ``[::1]:8509`` -> ``::1``; '' for one that is not
    of that form (strictly parsed: ``[::1]evil`` is no host)."""
    host = host.strip().lower()
    found = _HOST.fullmatch(host)
    return "" if found is None else found["ip6"] or found["name"]


def content_disposition(filename: str, disposition: str = "attachment") -> str:
    """A Content-Disposition header of a download named ``filename`` (a client's label,
    any Unicode) as RFC 6266 (4.3) advises: an ASCII ``filename`` for old clients
    (other characters as '_') and the name itself as ``filename*=UTF-8''...`` (RFC 8187
    percent-encoding), so a header is always Latin-1 and a name is never garbled."""
    from urllib.parse import quote

    label = safe_label(filename)
    fallback = "".join(ch if " " <= ch <= "~" and ch not in '\\"%' else "_" for ch in label)
    if fallback == label:
        return f'{disposition}; filename="{label}"'
    return f"{disposition}; filename=\"{fallback}\"; filename*=UTF-8''{quote(label, safe='')}"


def allowed_hosts(listen: str) -> frozenset[str]:
    """The Host names the page answers to when listening on ``listen``."""
    return frozenset((*LOCAL_HOSTS, host_name(listen if ":" not in listen else f"[{listen}]")))


class HostCheck:
    """ASGI middleware: a request whose Host is not one of ``allowed`` gets a one-line
    400 before anything else runs."""

    def __init__(self, app: ASGIApp, allowed: frozenset[str]) -> None:
        self.app, self.allowed = app, allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] in ("http", "websocket"):
            host = Headers(scope=scope).get("host", "")
            if host_name(host) not in self.allowed:
                shown = "".join(ch for ch in host[:60] if ch.isprintable()) or "none"
                names = ", ".join(f"[{n}]" if ":" in n else n for n in sorted(self.allowed))
                body = (f"wsmark: refused: this page answers only to {names} (the request "
                        f"named {shown})\n").encode()
                await send({"type": "http.response.start", "status": 400, "headers": [
                    (b"content-type", b"text/plain; charset=utf-8"),
                    (b"content-length", str(len(body)).encode()), (b"cache-control", b"no-store")]})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


class SecurityHeaders:
    """ASGI middleware: the security headers on every response (a response may set its
    own Content-Security-Policy, as the SVG images do)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                names = {name.lower() for name, _ in headers}
                extra = {b"content-security-policy": CSP.encode(),
                         b"x-content-type-options": b"nosniff",
                         b"x-frame-options": b"DENY",
                         b"referrer-policy": b"no-referrer",
                         b"cross-origin-opener-policy": b"same-origin",
                         b"cache-control": b"no-store"}
                headers += [(k, v) for k, v in extra.items() if k not in names]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)


class FormTokens:
    """Session cookies and the form tokens bound to them."""

    def __init__(self) -> None:
        self._secret = secrets.token_bytes(32)

    @staticmethod
    def session(request: Request) -> tuple[str, bool]:
        """The session id of the request, and whether it is new (to be set as cookie)."""
        found = request.cookies.get(SESSION_COOKIE, "")
        if re.fullmatch(r"[A-Za-z0-9_-]{32,64}", found):
            return found, False
        return secrets.token_urlsafe(32), True

    def token(self, session: str) -> str:
        return hmac.new(self._secret, session.encode(), hashlib.sha256).hexdigest()

    def verify(self, request: Request, token: str | None) -> None:
        """Refuse (403) a POST from another site or without the token of its session."""
        origin = request.headers.get("origin")
        if origin and origin != "null" and \
                origin.split("://", 1)[-1].lower() != request.headers.get("host", "").lower():
            raise Refused(403, f"refused: a form sent from {origin[:80]} (another site)")
        session = request.cookies.get(SESSION_COOKIE, "")
        if not token or not session or \
                not hmac.compare_digest(token, self.token(session)):
            raise Refused(403, "refused: the form token is missing or wrong; reload the page "
                               "and send the form again")


@dataclass(frozen=True)
class Upload:
    """A file as the browser sent it: the name it gave (only shown, never a path) and
    its bytes (only in memory)."""

    filename: str
    data: bytes


class _InMemoryParser(MultiPartParser):
    """Starlette's multipart parser, keeping file parts in memory (never on disk)."""

    spool_max_size = 1 << 40


async def read_form(request: Request, max_request: int, max_file: int, max_files: int
                    ) -> tuple[dict[str, list[str]], list[Upload]]:
    """The fields and files of a POST, refusing (413) a request over ``max_request``
    bytes before it is read, or as soon as it passes that while being read; a file over
    ``max_file`` bytes is refused too. Nothing is written to disk."""
    limit_mb = max_request / 1e6
    declared = request.headers.get("content-length")
    if declared and declared.isdigit() and int(declared) > max_request:
        raise Refused(413, f"refused: the upload is {int(declared) / 1e6:.1f} MB, over the "
                           f"{limit_mb:g} MB limit of one request")

    async def capped() -> AsyncGenerator[bytes, None]:
        seen = 0
        async for chunk in request.stream():
            seen += len(chunk)
            if seen > max_request:
                raise Refused(413, f"refused: the upload is over the {limit_mb:g} MB limit "
                                   "of one request")
            yield chunk

    kind = request.headers.get("content-type", "")
    fields: dict[str, list[str]] = {}
    files: list[Upload] = []
    if kind.startswith("multipart/form-data"):
        try:
            form = await _InMemoryParser(Headers(scope=request.scope), capped(),
                                         max_files=max_files, max_fields=50,
                                         max_part_size=64 * 1024).parse()
        except MultiPartException as err:
            raise Refused(400, f"refused: {str(err).splitlines()[0][:120]}") from None
        for key, value in form.multi_items():
            if isinstance(value, UploadFile):
                data = await value.read()
                await value.close()
                if not value.filename and not data:
                    continue  # the empty file input of a form sent without a file
                if len(data) > max_file:
                    raise Refused(413, f"refused: {safe_label(value.filename)} is "
                                       f"{len(data) / 1e6:.1f} MB, over the "
                                       f"{max_file / 1e6:g} MB limit of one file")
                files.append(Upload(value.filename or "", data))
            else:
                fields.setdefault(key, []).append(value)
    elif kind.startswith("application/x-www-form-urlencoded"):
        from urllib.parse import parse_qs

        body = b"".join([chunk async for chunk in capped()])
        for key, values in parse_qs(body.decode("utf-8", "replace")).items():
            fields[key] = values
    else:
        raise Refused(415, "refused: send a form (multipart/form-data)")
    return fields, files


def safe_suffix(filename: str) -> str:
    """The suffix of a client's file name, lower case, letters and digits only, or ''."""
    tail = filename.replace("\\", "/").rsplit("/", 1)[-1]
    if "." not in tail:
        return ""
    suffix = tail.rsplit(".", 1)[1].lower()
    return f".{suffix}" if re.fullmatch(r"[a-z0-9]{1,8}", suffix) else ""


def safe_label(filename: str | None) -> str:
    """A client's file name fit to show and to name in a report: its last part only,
    printable characters, at most 80 of them (it is never used as a path)."""
    tail = (filename or "").replace("\\", "/").rsplit("/", 1)[-1]
    tail = "".join(ch for ch in tail if ch.isprintable() and ch not in "<>\"'`")
    return tail.strip(" .")[:80] or "upload"
