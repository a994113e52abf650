"""Ctrl-C while copies are graded: the first one stops the grading, later ones are noted.

A terminal's Ctrl-C reaches every process of the grader: the command line's and each
grading process of `--jobs` (which the command line also sends its own, for a SIGINT
sent to it alone), and a teacher may press it again while the grader stops. A
KeyboardInterrupt raised where the grader is already stopping came out as a traceback
on the teacher's terminal: in a grading process waiting for its next copy, or sending
back the answer of the one it stopped (the CI run of stop 43); in the command line
while it wrote what was graded, which it then left unwritten. So a KeyboardInterrupt
is raised once, and only inside `stoppable()` (grading a copy, or the whole batch for
the command line); a Ctrl-C anywhere else, or after the first, stops nothing more, and
the command line ignores it while it writes what was graded (`stopping`).
"""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any


class Interrupts:
    """The process's Ctrl-C, once `install`ed (see the module)."""

    def __init__(self) -> None:
        self.seen = False
        """A Ctrl-C came: the grader is stopping."""
        self._stoppable = False
        self._previous: Any = None

    def install(self) -> bool:
        """Take SIGINT in this process, no Ctrl-C seen yet (from its main thread only;
        elsewhere False)."""
        if threading.current_thread() is not threading.main_thread():
            return False
        self.seen = False
        previous = signal.signal(signal.SIGINT, self._on_signal)
        if self._previous is None:  # installed again: the handler found the first time
            self._previous = previous
        return True

    def uninstall(self) -> None:
        """The handler `install` found back (Python's own: a KeyboardInterrupt anywhere)."""
        if self._previous is not None and threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, self._previous)
            self._previous = None

    def stopping(self) -> None:
        """The rest of the process: what was graded is written, and it ends. A Ctrl-C is
        ignored, even while the interpreter ends (which puts back the default handler
        of a signal a Python function handles, and a late Ctrl-C then killed it with
        status -2 instead of 130)."""
        if threading.current_thread() is threading.main_thread():
            signal.signal(signal.SIGINT, signal.SIG_IGN)

    @contextmanager
    def stoppable(self) -> Iterator[None]:
        """Where the first Ctrl-C is raised (at once, if it came before)."""
        self._stoppable = True
        try:
            if self.seen:
                raise KeyboardInterrupt
            yield
        finally:
            self._stoppable = False

    def forget_in_child(self) -> None:
        """A forked child (a grading process, a worker before `exec`) is not inside its
        parent's `stoppable()`."""
        self._stoppable = False

    def _on_signal(self, signum: int, frame: FrameType | None) -> None:
        first, self.seen = not self.seen, True
        if first and self._stoppable:
            raise KeyboardInterrupt


INTERRUPTS = Interrupts()
"""This process's (one per process: a signal handler is)."""
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=INTERRUPTS.forget_in_child)
