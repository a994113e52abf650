"""Start, talk to and kill one sandboxed worker process (grader side).

The worker is a fresh Python, run from a private copy of its script, in an empty
scratch directory, with a scrubbed environment, resource limits, its own session and
a cage holding every process it starts (see `cage`). Requests and replies travel on a
dedicated pair of pipes; every reply must echo its request's random token, so a frame
written by student code is detected, not believed. Every wait on the worker has a
wall-clock deadline after which all its processes are killed.
"""

from __future__ import annotations

import logging
import os
import secrets
import select
import signal
import site
import struct
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from ..errors import Crash
from . import wire
from .cage import Cage
from .isolation import Isolation, wrap_command
from .limits import Limits, apply_limits

log = logging.getLogger(__name__)

_HERE = Path(__file__).resolve().parent
MAX_REPLY_BYTES = 64 * 1024 * 1024
POLL_SECONDS = 0.25
"""How often a wait checks that the worker is still alive (a dead worker whose
forked children keep the pipe open never sends end-of-file)."""
COUNT_EVERY = 50
"""Requests between two process counts, when the cage cannot cap forks itself."""


class WorkerDied(Exception):
    """The worker exited, closed its channel or broke the protocol before answering."""

    def __init__(self, cause: Crash, detail: str = ""):
        super().__init__(cause, detail)
        self.cause = cause
        self.detail = detail


class WorkerTimeout(Exception):
    """The worker did not answer within the wall-clock deadline; it was killed."""

    def __init__(self, seconds: float):
        super().__init__(seconds)
        self.seconds = seconds


class ReplyTooLarge(Exception):
    """The worker announced a reply larger than the grader accepts."""


def library_folders() -> list[str]:
    """site-packages folders the student code may import from (numpy, matplotlib...),
    without any folder that holds the grader, the reference or the exercises."""
    project = _HERE.parent.parent
    folders = []
    for folder in site.getsitepackages():
        if Path(folder).is_dir() and not (Path(folder) / "reference" / "puissance4.py").exists() \
                and not (Path(folder) / "grader" / "sandbox").exists() and Path(folder) != project:
            folders.append(folder)
    return folders


def worker_script() -> str:
    """Source of the worker: the codec followed by the main loop."""
    return (_HERE / "wire.py").read_text("utf-8") + "\n\n" + (_HERE / "worker_main.py").read_text("utf-8")


def worker_environment(scratch: str, fds: tuple[int, int]) -> dict[str, str]:
    """The whole environment of the worker: nothing inherited from the grader's."""
    return {
        "PATH": "/usr/bin:/bin", "HOME": scratch, "TMPDIR": scratch,
        "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "PYTHONHASHSEED": "0",
        "PYTHONIOENCODING": "utf-8", "MPLBACKEND": "Agg", "MPLCONFIGDIR": scratch,
        "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
        "MMG_SITE": os.pathsep.join(library_folders()),
        "MMG_FDS": "%d,%d" % fds,  # read and removed by the worker before student code
    }


@dataclass
class WorkerProcess:
    """One running worker and its channel."""

    popen: subprocess.Popen
    to_worker: int
    from_worker: int
    scratch: tempfile.TemporaryDirectory
    cage: Cage
    started: float
    requests: int = 0

    @classmethod
    def start(cls, module_name: str, limits: Limits, isolation: Isolation,
              script_dir: Path) -> "WorkerProcess":
        scratch = tempfile.TemporaryDirectory(prefix="mmg-scratch-", ignore_cleanup_errors=True)
        cage = Cage(limits.processes, limits.use_cgroup)
        req_r, req_w = os.pipe()
        rep_r, rep_w = os.pipe()
        script = script_dir / "mmg_worker.py"
        # -S: no `site`, so no .pth file runs (an editable install of the grader is one);
        # the worker adds the library folders itself, from MMG_SITE.
        command = [sys.executable, "-S", "-s", "-B", str(script), module_name]
        command = wrap_command(command, isolation, scratch.name, script_dir, limits.scratch_bytes)

        def in_child() -> None:
            cage.enter()
            apply_limits(limits)

        try:
            popen = subprocess.Popen(
                command, cwd=scratch.name, env=worker_environment(scratch.name, (req_r, rep_w)),
                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                pass_fds=(req_r, rep_w), start_new_session=True, preexec_fn=in_child,
                close_fds=True)
        except BaseException:
            for fd in (req_w, rep_r):
                os.close(fd)
            cage.remove()
            scratch.cleanup()
            raise
        finally:
            os.close(req_r)
            os.close(rep_w)
        cage.started(popen.pid)
        log.debug("worker %s started in %s (%s cage)", popen.pid, scratch.name, cage.kind)
        return cls(popen, req_w, rep_r, scratch, cage, time.monotonic())

    def request(self, message: dict, deadline: float) -> dict:
        """Send one request and wait for its reply until `deadline` seconds from now."""
        token = secrets.randbits(52)
        data = wire.encode(dict(message, seq=token))[0].encode("utf-8")
        end = time.monotonic() + deadline
        self._send(struct.pack(">I", len(data)) + data, end, deadline)
        header = self._receive(4, end, deadline)
        (size,) = struct.unpack(">I", header)
        if size > MAX_REPLY_BYTES:
            self.kill()
            raise ReplyTooLarge(size)
        text = self._receive(size, end, deadline).decode("utf-8", "replace")
        try:
            reply = wire.decode(text)
        except ValueError:
            reply = None
        if type(reply) is not dict or reply.get("seq") != token or "ok" not in reply:
            self.kill()  # a frame forged or garbled by student code: nothing after it is trusted
            raise WorkerDied(Crash.CHANNEL)
        self.requests += 1
        if (message.get("op") == "exec" or self.requests % COUNT_EVERY == 0) and self.cage.over_limit():
            self.kill()
            raise WorkerDied(Crash.PROCESSES)
        return reply

    def _send(self, data: bytes, end: float, deadline: float) -> None:
        view = memoryview(data)
        while view:
            self._wait(self.to_worker, end, deadline, write=True)
            try:
                view = view[os.write(self.to_worker, view):]
            except (BrokenPipeError, OSError) as exc:
                self.kill()
                raise WorkerDied(Crash.CLOSED, type(exc).__name__) from None

    def _receive(self, size: int, end: float, deadline: float) -> bytes:
        chunks = []
        while size:
            self._wait(self.from_worker, end, deadline)
            chunk = os.read(self.from_worker, min(size, 1 << 20))
            if not chunk:
                cause, detail = self._exit_cause()
                self.kill()
                raise WorkerDied(cause, detail)
            chunks.append(chunk)
            size -= len(chunk)
        return b"".join(chunks)

    def _wait(self, fd: int, end: float, deadline: float, write: bool = False) -> None:
        """Wait until `fd` is ready; raise when the worker is dead or the time is over."""
        polls = 0
        while True:
            left = end - time.monotonic()
            if left <= 0:
                break
            slice_ = min(left, POLL_SECONDS)
            ready = select.select([], [fd], [], slice_) if write else select.select([fd], [], [], slice_)
            if ready[1 if write else 0]:
                return
            polls += 1
            if self.popen.poll() is not None:
                cause, detail = self._exit_cause()
                self.kill()
                raise WorkerDied(cause, detail)
            if polls % 2 == 0 and self.cage.over_limit():
                self.kill()
                raise WorkerDied(Crash.PROCESSES)
        self.kill()
        raise WorkerTimeout(deadline)

    def _exit_cause(self) -> tuple[Crash, str]:
        try:
            code = self.popen.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return Crash.CLOSED, ""
        if code < 0:
            try:
                return Crash.SIGNAL, signal.Signals(-code).name
            except ValueError:
                return Crash.SIGNAL, str(-code)
        if code > 128 and self.popen.args[0] == "bwrap":  # bwrap reports a signal as 128 + n
            try:
                return Crash.SIGNAL, signal.Signals(code - 128).name
            except ValueError:
                pass
        return Crash.EXIT, str(code)

    @property
    def alive(self) -> bool:
        return self.popen.poll() is None

    def kill(self) -> None:
        """Kill every process of the worker, close the channel, remove the scratch."""
        self.cage.remove()
        try:
            self.popen.wait(timeout=5)
        except subprocess.TimeoutExpired:
            log.warning("worker %s did not die", self.popen.pid)
        for fd in (self.to_worker, self.from_worker):
            try:
                os.close(fd)
            except OSError:
                pass
        self.to_worker = self.from_worker = -1
        self.scratch.cleanup()

    def close(self) -> None:
        """Ask the worker to stop, then make sure it and its children are gone."""
        if self.to_worker >= 0 and self.alive:
            try:
                data = wire.encode({"op": "shutdown"})[0].encode()
                os.write(self.to_worker, struct.pack(">I", len(data)) + data)
            except OSError:
                pass
        self.kill()
