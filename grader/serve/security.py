"""What keeps the marking page the teacher's alone: an ASGI middleware in front of every
route (docs/explanation/marking-page.md, "Safe by construction").

- **Host.** Only `127.0.0.1:PORT` and `localhost:PORT`: a page that rebinds its own
  name to the loopback address (DNS rebinding) sends its own name, and is refused.
- **The key.** A random one per start; every request needs it, as `?cle=KEY` (answered
  with a cookie named after the port and a redirect to the same address without the
  key, so it leaves the address bar) or as that cookie.
- **Writing.** Only POST writes, and only with the CSRF token (derived from the key) in
  the form's `jeton` field or the `X-Jeton` header, and, when the browser says where the
  request comes from (`Origin`, `Sec-Fetch-Site`), from the page itself. Cookies do not
  tell ports apart, so a page on another local port is *same-site*: the token stops it.
- **Headers** on every answer: a Content-Security-Policy that allows only the page's
  own scripts, styles and requests and `data:` images, no framing, no referrer to another site, no cache.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from typing import Any
from urllib.parse import parse_qsl, urlencode

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

KEY_PARAMETER = "cle"
TOKEN_FIELD = "jeton"
TOKEN_HEADER = "x-jeton"
MAX_BODY = 65_536
CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
HEADERS = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"cache-control", b"no-store"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
)


@dataclass(frozen=True)
class Keys:
    """The page's key and what follows from it, for one start on one port."""

    port: int
    key: str = field(default_factory=lambda: secrets.token_urlsafe(24))

    @property
    def token(self) -> str:
        """The CSRF token every form that writes carries."""
        return hmac.new(self.key.encode(), b"jeton", hashlib.sha256).hexdigest()[:32]

    @property
    def cookie(self) -> str:
        return f"mmg-{self.port}"

    @property
    def hosts(self) -> tuple[str, ...]:
        return (f"127.0.0.1:{self.port}", f"localhost:{self.port}")

    @property
    def origins(self) -> tuple[str, ...]:
        return tuple(f"http://{host}" for host in self.hosts)

    def address(self) -> str:
        """The address to open: the key in it."""
        return f"http://127.0.0.1:{self.port}/?{KEY_PARAMETER}={self.key}"


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope.get("headers", [])}


class Guard:
    """The middleware (see the module docstring). `refused(status, reason)` renders the
    page a refused request gets (French or English, one sentence)."""

    def __init__(self, app: App, keys: Keys, refused: Callable[[int, str], bytes]):
        self.app = app
        self.keys = keys
        self.refused = refused

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = _headers(scope)
        if headers.get("host", "") not in self.keys.hosts:
            await self._refuse(send, 400, "host")
            return
        query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1")))
        given = query.get(KEY_PARAMETER)
        if given is not None and _same(given, self.keys.key):
            rest = urlencode([(k, v) for k, v in query.items() if k != KEY_PARAMETER])
            await self._welcome(send, scope.get("path", "/") + (f"?{rest}" if rest else ""))
            return
        if not _same(_cookie(headers, self.keys.cookie), self.keys.key):
            await self._refuse(send, 403, "key")
            return
        method = scope.get("method", "GET")
        if method not in ("GET", "HEAD", "POST"):
            await self._refuse(send, 405, "method")
            return
        if method == "POST":
            body = await _body(receive)
            if body is None:
                await self._refuse(send, 413, "size")
                return
            if not self._writes_allowed(headers, body):
                await self._refuse(send, 403, "token")
                return
            receive = _replay(body)
        await self.app(scope, receive, _with_headers(send))

    def _writes_allowed(self, headers: dict[str, str], body: bytes) -> bool:
        origin = headers.get("origin")
        if origin is not None and origin not in self.keys.origins:
            return False
        if headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            return False
        token = headers.get(TOKEN_HEADER)
        if token is None:
            form = dict(parse_qsl(body.decode("utf-8", "replace")))
            token = form.get(TOKEN_FIELD, "")
        return _same(token, self.keys.token)

    async def _welcome(self, send: Send, location: str) -> None:
        cookie = f"{self.keys.cookie}={self.keys.key}; HttpOnly; SameSite=Strict; Path=/"
        headers = [(b"location", location.encode("latin-1")), (b"set-cookie", cookie.encode("latin-1"))]
        await send({"type": "http.response.start", "status": 303, "headers": [*headers, *HEADERS]})
        await send({"type": "http.response.body", "body": b""})

    async def _refuse(self, send: Send, status: int, reason: str) -> None:
        body = self.refused(status, reason)
        headers = [
            (b"content-type", b"text/html; charset=utf-8"),
            (b"content-length", str(len(body)).encode()),
        ]
        await send({"type": "http.response.start", "status": status, "headers": [*headers, *HEADERS]})
        await send({"type": "http.response.body", "body": body})


def _same(given: str | None, expected: str) -> bool:
    return given is not None and hmac.compare_digest(given.encode(), expected.encode())


def _cookie(headers: dict[str, str], name: str) -> str | None:
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(headers.get("cookie", ""))
    except Exception:  # a malformed cookie header is no key
        return None
    found = jar.get(name)
    return found.value if found is not None else None


async def _body(receive: Receive) -> bytes | None:
    """The request's body, None when over MAX_BODY."""
    chunks, size = [], 0
    while True:
        message = await receive()
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > MAX_BODY:
            return None
        chunks.append(chunk)
        if not message.get("more_body"):
            return b"".join(chunks)


def _replay(body: bytes) -> Receive:
    """The body read once, given again to the application."""
    sent = False

    async def receive() -> Message:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return receive


def _with_headers(send: Send) -> Send:
    async def wrapped(message: Message) -> None:
        if message["type"] == "http.response.start":
            names = {name.lower() for name, _ in message.get("headers", [])}
            message["headers"] = [*message.get("headers", []), *(h for h in HEADERS if h[0] not in names)]
        await send(message)

    return wrapped
