"""The marking page served: a socket on the loopback address, uvicorn, the browser,
Ctrl-C, and the reports written again while the teacher marks.

The socket is bound here, before anything is graded (a port taken is said at once), to
`127.0.0.1` only, on the port asked for or one the system picks (port 0: no race between
finding a free port and taking it), then handed to uvicorn. Ctrl-C stops uvicorn (the
requests under way finish, 3 s at most); every change was already written atomically,
so nothing typed is lost; the reports are written a last time.
"""

from __future__ import annotations

import logging
import os
import socket
import sys
import threading
import time
import webbrowser
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from .desk import Desk, Snapshot
from .pages import Pages
from .routes import application
from .security import Guard, Keys
from .text import tr

if TYPE_CHECKING:
    import argparse

    from ..checking.declare import Registry
    from ..model.results import SubmissionResult
    from ..model.settings import Settings

log = logging.getLogger(__name__)

HOST = "127.0.0.1"
SETTLE = 0.3
"""Seconds without a new change before the reports are written again (a burst of
saves writes them once)."""


class PortTaken(OSError):
    """`--port N` is in use."""


def bind(port: int) -> socket.socket:
    """A listening socket on 127.0.0.1:`port` (0: a free one); PortTaken when in use."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.bind((HOST, port))
    except OSError as exc:
        sock.close()
        raise PortTaken(str(exc)) from None
    sock.listen(64)
    return sock


class Reports:
    """The reports written again after each change, in a thread of their own, once the
    changes settle; `close` writes what is pending and stops."""

    def __init__(self, write: Callable[[list[SubmissionResult]], object]):
        self.write = write
        self._pending: list[SubmissionResult] | None = None
        self._last = 0.0
        self._closing = False
        self._ready = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="mmg-reports", daemon=True)
        self._thread.start()

    def schedule(self, snapshot: Snapshot) -> None:
        with self._ready:
            self._pending = [copy.view for copy in snapshot.copies]
            self._last = time.monotonic()
            self._ready.notify()

    def _run(self) -> None:
        while True:
            with self._ready:
                while self._pending is None and not self._closing:
                    self._ready.wait()
                if self._pending is None:
                    return
                while not self._closing and time.monotonic() - self._last < SETTLE:
                    self._ready.wait(SETTLE)
                views, self._pending = self._pending, None
            try:
                self.write(views)
            except Exception:  # a report that cannot be written must not stop the page
                log.exception("writing the reports again failed")

    def close(self) -> None:
        with self._ready:
            self._closing = True
            self._ready.notify()
        self._thread.join(timeout=60)


def graphical() -> bool:
    """Whether a browser can open in a window: on Linux only with a display (without one,
    Python's `webbrowser` would start a text browser in the terminal the page prints to)."""
    if sys.platform.startswith("linux"):
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def serve(
    sock: socket.socket,
    args: argparse.Namespace,
    settings: Settings,
    exercises: Registry,
    write: Callable[[list[SubmissionResult]], object],
    say: Callable[[str], None],
    launched: Sequence[str] = (),
) -> list[SubmissionResult]:
    """Serve the page until Ctrl-C (its address given to `say`; `launched`: what the run
    said to the teacher, shown on the class's page); the class's views as the page left them."""
    import uvicorn

    keys = Keys(sock.getsockname()[1])
    reports = Reports(write)
    desk = Desk(args, settings, exercises, launched=launched)
    desk.refresh()  # the run's reports are already written from the same class
    desk.changed = reports.schedule
    pages = Pages(settings.lang, keys.token)
    app = Guard(application(desk, pages), keys, pages.refused)
    say(tr(settings.lang, "serve.address", url=keys.address()))
    if not args.no_browser and graphical():
        threading.Thread(target=webbrowser.open, args=(keys.address(),), daemon=True).start()
    config = uvicorn.Config(
        app,
        log_config=None,
        log_level="warning",
        access_log=False,
        lifespan="off",
        timeout_graceful_shutdown=3,
    )
    try:
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:  # a second Ctrl-C: every change is already on disk
        pass
    finally:
        sock.close()
        reports.close()
    return [copy.view for copy in desk.snapshot.copies]
