"""Children that run Python before `exec`, started in a session of their own.

A child given a `preexec_fn` runs the interpreter's at-fork hooks (logging's, the worker
started ahead's), then `setsid`, then the function. Until `setsid` it is still in the
terminal's foreground group: a teacher's Ctrl-C in that window reached it, and Python
raised KeyboardInterrupt inside a hook, printing "Exception ignored in ... _releaseLock"
and a traceback on the teacher's terminal (a CI run of test_interrupt, stop 43). So the
starting thread blocks SIGINT for the `fork` (the child inherits the mask); the child,
once in its own session, takes a signal that came in that window (it was the grader's
to handle) and restores the mask before its own setup and `exec`.
"""

from __future__ import annotations

import signal
import subprocess
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any


def popen_alone(command: list[str], in_child: Callable[[], None], **options: Any) -> subprocess.Popen[bytes]:
    """`subprocess.Popen(command, start_new_session=True, preexec_fn=in_child, **options)`,
    with no Ctrl-C delivered to the child before it is in its own session."""
    with _interrupts_held() as mask:
        return subprocess.Popen(
            command, start_new_session=True, preexec_fn=_released(mask, in_child), **options
        )


@contextmanager
def _interrupts_held() -> Iterator[set[int | signal.Signals] | None]:
    """SIGINT blocked in this thread (another thread, or this one after, takes it);
    yields the mask to restore (None where there are no signal masks)."""
    if not hasattr(signal, "pthread_sigmask"):
        yield None
        return
    mask = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield mask
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, mask)


def _released(mask: set[int | signal.Signals] | None, in_child: Callable[[], None]) -> Callable[[], None]:
    def child() -> None:
        if mask is not None:
            if signal.SIGINT not in mask and signal.SIGINT in signal.sigpending():
                signal.sigwait({signal.SIGINT})  # pending: returns at once
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        in_child()

    return child
