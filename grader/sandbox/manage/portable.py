"""The portable tier: a worker wherever CPython runs (Windows, macOS, Linux).

The same worker script and protocol as the other tiers (length-prefixed frames, every
reply echoing its request's random token), without anything POSIX-only:

- the channel is the worker's own stdin/stdout pipes (Windows cannot pass other
  descriptors); the worker moves them to high descriptors and puts the null device
  on 0 and 1 before any student code runs (`MMG_FDS=stdio`);
- the pipes are read and written by helper threads (`select` does not work on pipes
  on Windows), one bounded read or write at a time: a worker flooding the channel
  cannot make the grader buffer more than what it asked for;
- time budgets are enforced by killing the worker (the session then replays the
  cells that succeeded); the worker's soft alarm is SIGALRM where it exists, a
  watchdog thread otherwise;
- limits are set by the worker on itself where `resource` exists (`MMG_LIMITS`: no
  `preexec_fn`); none on Windows (a job object would need pywin32: not done);
- no `/proc`, no cgroup, no process count: the worker runs in a new session (POSIX)
  or process group (Windows) and its group (POSIX) or tree (Windows, `taskkill /T`)
  is killed with it.

It does not keep the grader's files out of the student's reach: self-checking only.
"""

from __future__ import annotations

import logging
import os
import queue
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, cast

from ...errors import Crash
from ..confine import reach
from ..confine.limits import Limits, portable_limits
from ..confine.privileges import Drop, Identity
from .process import (
    POLL_SECONDS,
    SHUTDOWN,
    WorkerDied,
    WorkerFolder,
    WorkerProcess,
    WorkerTimeout,
    worker_environment,
)

log = logging.getLogger(__name__)

WINDOWS = sys.platform == "win32"
GROUP_GONE_SECONDS = 2.0


@dataclass
class _Pump:
    """One helper thread doing the blocking reads (or writes) of one pipe, one at a
    time and only when asked, so a wait can give up at its deadline."""

    stream: IO[bytes]
    writing: bool
    _asked: queue.Queue[bytes | int | None] = field(default_factory=queue.Queue)
    _done: queue.Queue[object] = field(default_factory=queue.Queue)
    busy: bool = False

    def __post_init__(self) -> None:
        threading.Thread(target=self._run, daemon=True, name="mmg-pump").start()

    def _run(self) -> None:
        while True:
            job = self._asked.get()
            if job is None:
                return
            result: object
            try:
                result = (
                    self.stream.write(cast(bytes, job)) if self.writing else self.stream.read(cast(int, job))
                )
            except (OSError, ValueError) as exc:  # closed, broken pipe
                result = exc
            self._done.put(result)
            if isinstance(result, Exception) or result in (b"", None):
                return

    def start(self, job: bytes | int) -> None:
        self.busy = True
        self._asked.put(job)

    def result(self, seconds: float) -> object:
        """The outcome of the pending job, or `_Pump` itself when still pending."""
        try:
            outcome = self._done.get(timeout=seconds)
        except queue.Empty:
            return self
        self.busy = False
        return outcome

    def stop(self) -> None:
        self._asked.put(None)


def _environment(folder: WorkerFolder, limits: Limits) -> dict[str, str]:
    env = worker_environment(str(folder.scratch), folder.site, (0, 1))
    env["MMG_FDS"] = "stdio"
    env["MMG_LIMITS"] = portable_limits(limits)
    if WINDOWS:  # Python does not start on Windows without SYSTEMROOT
        env["SYSTEMROOT"] = os.environ.get("SYSTEMROOT", r"C:\Windows")
        env["PATH"] = env["SYSTEMROOT"] + r"\System32"
        env["USERPROFILE"] = str(folder.scratch)
    return env


@dataclass
class PortableCage:
    """The worker's processes, as far as portable calls reach: its session's process
    group (POSIX) or its process tree (Windows). Nothing is counted."""

    popen: subprocess.Popen[bytes] | None = None
    kind: str = "group"

    def exceeded(self) -> None:
        return None  # no process count without /proc: a fork storm is only timed out

    def oom_killed(self) -> bool:
        return False

    def remove(self) -> None:
        if self.popen is None:
            return
        pid = self.popen.pid
        if WINDOWS:
            if self.popen.poll() is None:  # /T: the tree, while the worker still roots it
                try:
                    subprocess.run(
                        ["taskkill", "/F", "/T", "/PID", str(pid)],
                        capture_output=True,
                        check=False,
                        timeout=10,
                        creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),
                    )
                except (OSError, subprocess.TimeoutExpired):
                    log.debug("taskkill failed for worker %s", pid)
        else:
            killpg = getattr(os, "killpg", None)
            if killpg is not None:  # the session's group: children die with the worker
                _kill_group(killpg, self.popen)
        try:
            self.popen.kill()
        except OSError:
            pass


def _kill_group(killpg: Callable[[int, int], None], leader: subprocess.Popen[bytes]) -> None:
    """SIGKILL the worker's group, then wait (briefly) until it is empty: the signal is
    delivered asynchronously, and a loaded machine takes a while to end 100 forked
    children. The worker is reaped as it goes (its zombie would keep the group); other
    zombies still count as members, so the wait is bounded."""
    end = time.monotonic() + GROUP_GONE_SECONDS
    while True:
        try:
            killpg(leader.pid, 9)  # SIGKILL (the `signal` constant is POSIX only)
        except (ProcessLookupError, PermissionError):
            return
        leader.poll()
        if time.monotonic() > end:
            return
        time.sleep(0.01)


class PortableWorker(WorkerProcess):
    """A worker talking over its stdin/stdout (see module docstring)."""

    _writer: _Pump
    _reader: _Pump

    @classmethod
    def launch(cls, module_name: str, limits: Limits) -> PortableWorker:
        folder = WorkerFolder(Identity(Drop.NONE), links_optional=True)
        try:
            command = [reach.python_executable(), "-S", "-s", "-B", str(folder.script), module_name]
            session = (
                # Windows only: mypy checks the tree as Linux, where the constant is absent.
                {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP}  # type: ignore[attr-defined]
                if WINDOWS
                else {"start_new_session": True}
            )
            popen = subprocess.Popen(
                command,
                cwd=str(folder.scratch),
                env=_environment(folder, limits),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                bufsize=0,
                close_fds=True,
                **session,
            )
        except BaseException:
            folder.remove()
            raise
        worker = cls(popen, -1, -1, folder, PortableCage(popen), time.monotonic(), module_name=module_name)  # type: ignore[arg-type]
        assert popen.stdin is not None and popen.stdout is not None  # both are PIPE
        worker._writer = _Pump(popen.stdin, writing=True)
        worker._reader = _Pump(popen.stdout, writing=False)
        log.debug("portable worker %s started in %s", popen.pid, folder.scratch)
        return worker

    def _pump_wait(self, pump: _Pump, end: float, budget: float) -> object:
        """The pump's outcome; raise when the worker dies or the time is over."""
        while True:
            left = end - time.monotonic()
            if left <= 0:
                self.kill()
                raise WorkerTimeout(budget)
            outcome = pump.result(min(left, POLL_SECONDS))
            if outcome is not pump:
                return outcome
            if self.popen.poll() is not None:
                outcome = pump.result(0.05)  # what it wrote before dying still counts
                if outcome is not pump and outcome not in (b"", None) and not isinstance(outcome, Exception):
                    return outcome
                cause, detail = self._exit_cause()
                self.kill()
                raise WorkerDied(cause, detail)

    def _send(self, data: bytes, end: float, budget: float) -> None:
        view = memoryview(data)
        while view:
            self._writer.start(bytes(view[: 1 << 20]))
            written = self._pump_wait(self._writer, end, budget)
            if isinstance(written, Exception) or not written:
                self.kill()
                raise WorkerDied(Crash.CLOSED, type(written).__name__)
            view = view[cast(int, written) :]

    def _receive(self, size: int, end: float, budget: float) -> bytes:
        chunks: list[bytes] = []
        while size:
            self._reader.start(min(size, 1 << 20))
            chunk = self._pump_wait(self._reader, end, budget)
            if isinstance(chunk, Exception) or not chunk:
                cause, detail = self._exit_cause()
                self.kill()
                raise WorkerDied(cause, detail)
            chunks.append(cast(bytes, chunk))
            size -= len(chunks[-1])
        return b"".join(chunks)

    def _close_channel(self) -> None:
        """The channel is the worker's stdin and stdout, each with its pump thread."""
        for stream in (self.popen.stdin, self.popen.stdout):
            if stream is None:  # never: both are PIPE
                continue
            try:
                stream.close()
            except OSError:
                pass
        for pump in (self._writer, self._reader):
            pump.stop()

    def close(self) -> None:
        """Ask the worker to stop, then make sure it is gone."""
        if self.alive and not self._writer.busy:
            self._writer.start(SHUTDOWN)
            self._writer.result(0.5)
            try:
                self.popen.wait(timeout=0.5)
            except subprocess.TimeoutExpired:
                pass
        self.kill()
