"""The marking page served for a test: the application behind its guard on a real uvicorn
in a thread, on a socket bound as `--serve` binds it, and a small HTTP client (http.client:
no redirect followed, cookies kept as a browser keeps them for the page)."""

from __future__ import annotations

import http.client
import threading
import time
from dataclasses import dataclass, field
from urllib.parse import urlencode

import uvicorn

from grader.serve.desk import Desk
from grader.serve.pages import Pages
from grader.serve.routes import application
from grader.serve.security import Guard, Keys
from grader.serve.server import bind


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    text: str


@dataclass
class Client:
    port: int
    host: str = ""
    cookies: dict[str, str] = field(default_factory=dict)

    def request(
        self, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None
    ) -> Answer:
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        sent = {"Host": self.host or f"127.0.0.1:{self.port}", **(headers or {})}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        connection.request(method, path, body=body, headers=sent)
        response = connection.getresponse()
        text = response.read().decode("utf-8", "replace")
        received = {k.lower(): v for k, v in response.getheaders()}
        cookie = received.get("set-cookie")
        if cookie:
            name, value = cookie.split(";", 1)[0].split("=", 1)
            self.cookies[name] = value
        connection.close()
        return Answer(response.status, received, text)

    def get(self, path: str, headers: dict[str, str] | None = None) -> Answer:
        return self.request("GET", path, headers=headers)

    def post(self, path: str, data: dict[str, object], headers: dict[str, str] | None = None) -> Answer:
        pairs = [(k, item) for k, v in data.items() for item in (v if isinstance(v, (list, tuple)) else [v])]
        body = urlencode(pairs).encode()
        sent = {"Content-Type": "application/x-www-form-urlencoded", **(headers or {})}
        return self.request("POST", path, body, sent)


class Served:
    """`with Served(desk, lang) as served:` the page runs; `served.client()` a browser."""

    def __init__(self, desk: Desk, lang: str = "fr"):
        self.sock = bind(0)
        self.port = self.sock.getsockname()[1]
        self.keys = Keys(self.port)
        pages = Pages(lang, self.keys.token)
        app = Guard(application(desk, pages), self.keys, pages.refused)
        config = uvicorn.Config(app, log_config=None, log_level="warning", access_log=False, lifespan="off")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)

    def __enter__(self) -> Served:
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started and time.monotonic() < deadline:
            time.sleep(0.01)
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.sock.close()

    def client(self, welcomed: bool = True) -> Client:
        client = Client(self.port)
        if welcomed:
            assert client.get(f"/?cle={self.keys.key}").status == 303
        return client
