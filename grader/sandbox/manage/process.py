"""Start, talk to and kill one sandboxed worker process (grader side).

The worker is a fresh Python, run from a private read-only copy of its script (one per
worker), in an empty scratch directory, as an unprivileged user when the grader is
root, with a scrubbed environment, resource limits, its own session and a cage
holding every process it starts (see `cage`). Requests and replies travel on a
dedicated pair of pipes; every reply must echo its request's random token, so a frame
written by student code is detected, not believed. Every wait on the worker has a
wall-clock deadline after which all its processes are killed.
"""

from __future__ import annotations

import functools
import importlib.util
import logging
import marshal
import os
import random
import select
import signal
import struct
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...errors import Crash
from ..confine import mountns, reach
from ..confine.cage import Cage
from ..confine.isolation import Isolation, wrap_command
from ..confine.kept import write_whole
from ..confine.limits import Limits
from ..confine.privileges import Drop, Identity
from ..confine.spawn import popen_alone
from ..worker import script_source, wire
from .confinement import Confinement, child_setup, confine
from .confinement import plan as confinement_plan

if TYPE_CHECKING:
    from ..confine.runtime_copy import RuntimeCopy

log = logging.getLogger(__name__)

_HERE = Path(__file__).resolve().parent
MAX_REPLY_BYTES = 64 * 1024 * 1024
MAX_TALLY, TALLY_CHARS = 100_000, 200
"""Records of a reply's `tally` kept, and the characters kept of each."""
READ_AHEAD = 1 << 16
"""Bytes asked for by each read of the replies (a pipe's default capacity): the frames a
stream's worker wrote while the grader was busy come in one read, not a wait and two
reads each."""
POLL_SECONDS = 0.25
"""How often a wait checks that the worker is still alive (a dead worker whose
forked children keep the pipe open never sends end-of-file)."""
COUNT_EVERY = 50
"""Requests between two process counts, when the cage cannot cap forks itself."""
_TOKENS = random.SystemRandom()
"""Request tokens from os.urandom: `secrets.randbits` is this same call, but importing
`secrets` loads OpenSSL's hashlib, before the first worker can start."""


class WorkerDied(Exception):
    """The worker exited, closed its channel or broke the protocol before answering."""

    def __init__(self, cause: Crash, detail: str = ""):
        super().__init__(cause, detail)
        self.cause = cause
        self.detail = detail


class WorkerTimeout(Exception):
    """The worker did not answer within the wall-clock budget; it was killed."""

    def __init__(self, budget: float):
        super().__init__(budget)
        self.budget = budget


class ReplyTooLarge(Exception):
    """The worker announced a reply larger than the grader accepts."""


def framed(data: bytes) -> bytes:
    """A request's bytes as a frame: its length (4 bytes, big-endian) in front."""
    return struct.pack(">I", len(data)) + data


STOP = wire.request_bytes({"op": "stop"})[0]
"""A stream's "stop" request, its token to be added."""
SHUTDOWN = framed(wire.request_bytes({"op": "shutdown"})[0])
"""The frame asking a worker to exit (no token: it is not answered)."""


@functools.lru_cache(maxsize=1)
def worker_script() -> str:
    """Source of the worker: the codec, the loop detector, the main loop (read once: what
    happens to the grader's files afterwards does not change the workers)."""
    return script_source()


@functools.lru_cache(maxsize=2)
def _compiled(source: str) -> Any:
    """The worker's code: from its bytecode cache when that was compiled from this very
    source, else compiled (before the first worker can start) and cached."""
    data, cache = source.encode("utf-8"), BYTECODE_CACHE
    header = importlib.util.MAGIC_NUMBER + _CHECKED_HASH_PYC + importlib.util.source_hash(data)
    try:
        cached = cache.read_bytes()
        if cached.startswith(header):
            return marshal.loads(memoryview(cached)[len(header) :])
    except (OSError, ValueError, EOFError, TypeError):
        pass  # no cache, or one that does not load: compiled again
    code = compile(source, "mmg_worker.py", "exec", dont_inherit=True)
    if not sys.dont_write_bytecode:
        write_whole(cache, header + marshal.dumps(code))
    return code


BYTECODE_CACHE = _HERE / "__pycache__" / f"mmg_worker.{sys.implementation.cache_tag}.pyc"
"""Beside the grader's own .pyc files, as writable as they are (see docs/explanation/security.md)."""
_CHECKED_HASH_PYC = (3).to_bytes(4, "little")
"""PEP 552's flags of a .pyc checked against its source's hash, as `py_compile` writes
with `--invalidation-mode checked-hash`: only a cache of this exact source is used."""


def _named(code: Any, filename: str) -> Any:
    """`code` and the code objects it holds, as if compiled from `filename`."""
    consts = tuple(_named(c, filename) if isinstance(c, type(code)) else c for c in code.co_consts)
    return code.replace(co_filename=filename, co_consts=consts)


def worker_bytecode(path: Path) -> bytes:
    """The worker script compiled, as a .pyc file to be run from `path`: compiled once
    per grading process (not at every worker's start), each copy naming
    its own path as a script's code does. Timestamp and size fields are 0: run
    directly, a .pyc is never checked against a source."""
    code = _named(_compiled(worker_script()), str(path))
    return importlib.util.MAGIC_NUMBER + bytes(12) + marshal.dumps(code)


def worker_environment(
    scratch: str, library: str, fds: tuple[int, int], runtime: RuntimeCopy | None = None
) -> dict[str, str]:
    """The whole environment of the worker: nothing inherited from the grader's (but what
    a readable copy of the runtime it runs from needs)."""
    return {
        "PATH": "/usr/bin:/bin",
        "HOME": scratch,
        "TMPDIR": scratch,
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "PYTHONHASHSEED": "0",
        "PYTHONIOENCODING": "utf-8",
        "MPLBACKEND": "Agg",
        "MPLCONFIGDIR": scratch,
        "OMP_NUM_THREADS": "1",
        "OPENBLAS_NUM_THREADS": "1",
        "MKL_NUM_THREADS": "1",
        "MMG_SITE": library,
        "MMG_FDS": "{},{}".format(*fds),  # read and removed by the worker before student code
        **({} if runtime is None else runtime.environment),
    }


class WorkerFolder:
    """One worker's own temporary folder, removed with it:

    - `run/` (read-only, owned by the grader): a fresh copy of the worker script and
      `lib/`, links to the student's libraries (the only entry on its `sys.path`);
    - `mmg-scratch/`: its working directory, the only place it may write.

    A fresh copy per worker: no submission can change the script another one runs.
    `seen_as`: where the worker sees `run/` (bubblewrap and a root grader's private /tmp
    bind it at `mountns.RUN`, the same path on every run), its script compiled as that;
    `libraries`: where `lib/` leads (a readable copy's, `runtime_copy`; else the originals).
    """

    def __init__(
        self,
        identity: Identity,
        links_optional: bool = False,
        compiled: bool = False,
        seen_as: Path | None = None,
        libraries: tuple[tuple[str, Path], ...] | None = None,
    ):
        self._folder = tempfile.TemporaryDirectory(prefix="mmg-", ignore_cleanup_errors=True)
        top = Path(self._folder.name)
        self.private = top / "run"
        self.scratch = top / "mmg-scratch"
        self.private.mkdir()
        self.scratch.mkdir(mode=0o700)
        self.seen_as = seen_as or self.private
        if compiled:  # the worker's interpreter is this one's (`reach.python_executable`)
            self.script = self.private / "mmg_worker.pyc"
            self.script.write_bytes(worker_bytecode(self.seen_as / self.script.name))
        else:
            self.script = self.private / "mmg_worker.py"
            self.script.write_text(worker_script(), "utf-8")
        self.library = self.private / "lib"
        self.site = str(self.seen_as / "lib")
        """The worker's `sys.path` entry for the student's libraries (`MMG_SITE`)."""
        try:
            reach.link_libraries(self.library, libraries)
        except OSError:
            if not links_optional:
                raise
            # Windows without the symlink privilege (portable tier, weak anyway): the
            # libraries' own folders; the worker's import hook still refuses the grader.
            log.debug("no links to the student's libraries here: their folders are used")
            self.site = os.pathsep.join(sorted({str(p.parent) for _, p in reach.student_libraries()}))
        os.chmod(self.script, 0o444)
        if self.library.is_dir():
            os.chmod(self.library, 0o555)
        os.chmod(self.private, 0o555)
        os.chmod(top, 0o711)  # another user id may cross it, not list it
        if identity.drop is Drop.UID:
            assert identity.uid is not None  # Drop.UID always comes with its uid
            os.chown(self.scratch, identity.uid, identity.uid)

    def detach(self) -> None:
        """Never remove the folder from this process: a forked child's copy of the
        object, whose collection would otherwise delete the parent's worker's files."""
        finalizer = getattr(self._folder, "_finalizer", None)
        if finalizer is not None:
            finalizer.detach()

    def remove(self) -> None:
        for folder in (self.library, self.private):
            try:
                os.chmod(folder, 0o755)
            except OSError:
                pass
        self._folder.cleanup()


def _spawn(
    command: list[str],
    folder: WorkerFolder,
    scratch: str,
    confinement: Confinement,
    in_child: Callable[[], None],
    runtime: RuntimeCopy | None = None,
) -> tuple[subprocess.Popen[bytes], int, int]:
    """The worker's process and the grader's ends of its channel (requests, replies)."""
    req_r, req_w = os.pipe()
    rep_r, rep_w = os.pipe()
    passed = (req_r, rep_w) if confinement.seccomp_fd is None else (req_r, rep_w, confinement.seccomp_fd)
    try:
        popen = popen_alone(
            command,
            in_child,
            cwd=str(folder.scratch),
            env=worker_environment(scratch, folder.site, (req_r, rep_w), runtime),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            pass_fds=passed,
            close_fds=True,
        )
    except BaseException:
        for fd in (req_w, rep_r):
            os.close(fd)
        confinement.cage.remove()
        folder.remove()
        raise
    finally:
        os.close(req_r)
        os.close(rep_w)
        confinement.close()
    return popen, req_w, rep_r


@dataclass
class WorkerProcess:
    """One running worker and its channel."""

    popen: subprocess.Popen[bytes]
    to_worker: int
    from_worker: int
    folder: WorkerFolder
    cage: Cage
    started: float
    requests: int = 0
    module_name: str = "__main__"
    """The `__name__` of the worker's module (see `renamed`)."""
    _pending: bytearray = field(default_factory=bytearray)
    """Read from the worker, not yet taken: the start of the next frame(s)."""
    _tally: list[str] = field(default_factory=list)
    """Records of the worker's grader code received for the reply being read (`tally`)."""

    @classmethod
    def start(cls, module_name: str, limits: Limits, isolation: Isolation) -> WorkerProcess:
        """A sandboxed worker (bubblewrap, Landlock or basic; the portable tier starts
        its own: `launch.start_worker` picks)."""
        plan = confinement_plan(isolation)
        copy = plan.runtime  # a readable copy of the runtime, for a root without mount namespace
        folder = WorkerFolder(
            plan.identity,
            compiled=True,
            seen_as=mountns.RUN if plan.fixed else None,
            libraries=None if copy is None else copy.libraries,
        )
        confinement = confine(plan, limits, folder)
        scratch = str(mountns.SCRATCH if plan.fixed else folder.scratch)
        # -S: no `site`, so no .pth file runs (an editable install of the grader is one);
        # the worker adds its library folder itself, from MMG_SITE. The real interpreter,
        # not the venv's link: the venv (holding the grader when not editable) is not needed.
        script = str(folder.seen_as / folder.script.name)
        python = reach.python_executable() if copy is None else str(copy.executable)
        command = [python, "-S", "-s", "-B", script, module_name]
        command = wrap_command(
            command,
            isolation,
            scratch,
            folder.private,
            limits.scratch_bytes,
            confinement.seccomp_fd,
            mountns.RUN,
        )
        in_child = child_setup(plan, limits, folder, confinement, os.getpid())
        popen, to_worker, from_worker = _spawn(command, folder, scratch, confinement, in_child, copy)
        confinement.cage.started(popen.pid)
        log.debug(
            "worker %s started in %s (%s cage, %s, %s)",
            popen.pid,
            scratch,
            confinement.cage.kind,
            isolation.value,
            plan.identity.drop.value,
        )
        return cls(
            popen, to_worker, from_worker, folder, confinement.cage, time.monotonic(), module_name=module_name
        )

    def request(self, message: dict[str, Any], budget: float) -> dict[str, Any]:
        """Send one request and wait for its reply within `budget` seconds."""
        token = _TOKENS.getrandbits(52)
        end = time.monotonic() + budget
        self._send(framed(wire.with_token(wire.request_bytes(message)[0], token)), end, budget)
        reply = self._frame(token, end, budget)
        self.requests += 1
        if message.get("op") == "exec" or self.requests % COUNT_EVERY == 0:
            self._within_limits()
        return reply

    def _within_limits(self) -> None:
        """Kill the worker when its processes, memory or scratch exceed what no kernel
        limit stops here (`Cage.exceeded`)."""
        exceeded = self.cage.exceeded()
        if exceeded is not None:
            self.kill()
            raise WorkerDied(exceeded)

    def answers(self, budget: float) -> bool:
        """Whether the worker runs and answers within `budget` seconds: its sandbox
        works (`isolation.witness`). The request reads its namespace, where no code but
        the worker's own has run; it is not counted among the session's (the process
        counts keep their cadence). A worker that does not answer is killed."""
        try:
            self.request({"op": "names"}, budget)
        except (WorkerDied, WorkerTimeout, ReplyTooLarge):
            return False
        self.requests -= 1
        return True

    def renamed(self, module_name: str, budget: float) -> None:
        """Give the worker's module another `__name__`: a worker started ahead for a
        submission of another name (a pool guesses its next one), before any request of
        the session. Not counted among the session's requests (the process counts keep
        their cadence, as in a worker started with that name)."""
        if module_name != self.module_name:
            self.request({"op": "name", "name": module_name}, budget)
            self.requests -= 1
            self.module_name = module_name

    def open_stream(self, request: bytes, budget: float) -> int:
        """Send a request answered by several frames (`call_many`), given as its bytes
        (`wire.request_bytes`); returns its token, which every frame of the stream echoes
        (see `stream_reply`)."""
        token = _TOKENS.getrandbits(52)
        self._send(framed(wire.with_token(request, token)), time.monotonic() + budget, budget)
        return token

    def stream_reply(self, token: int, budget: float) -> dict[str, Any]:
        """The stream's next frame (an item's reply, or the closing one holding "end"),
        within `budget` seconds; checked as `request` checks a reply."""
        reply = self._frame(token, time.monotonic() + budget, budget)
        self.requests += 1
        if self.requests % COUNT_EVERY == 0:
            self._within_limits()
        return reply

    def _frame(self, token: int, end: float, budget: float) -> dict[str, Any]:
        """One reply frame echoing `token`, read by `end`. The records grader code in the
        worker sent while the request ran (`Worker.tally`: frames of their own, read as
        they come) are the reply's `tally`, at most MAX_TALLY of them."""
        while True:
            (size,) = struct.unpack(">I", self._receive(4, end, budget))
            if size > MAX_REPLY_BYTES:
                self.kill()
                raise ReplyTooLarge(size)
            text = self._receive(size, end, budget).decode("utf-8", "replace")
            try:  # tagged JSON, never marshal: a reply is written by a worker running student code
                reply = wire.decode(text)
            except ValueError:
                reply = None
            if type(reply) is dict and reply.get("seq") == token and type(reply.get("tally")) is str:
                if len(self._tally) < MAX_TALLY:
                    self._tally.append(reply["tally"][:TALLY_CHARS])
                continue
            if type(reply) is not dict or reply.get("seq") != token or "ok" not in reply:
                self.kill()  # a frame forged or garbled by student code: nothing after it is trusted
                raise WorkerDied(Crash.CHANNEL)
            if self._tally:
                reply["tally"], self._tally = self._tally, []
            return reply

    def stop_stream(self, token: int) -> None:
        """Ask the worker to run no further item of the stream (it ends it after the
        current one; a stream already ended ignores this)."""
        self._send(framed(wire.with_token(STOP, token)), time.monotonic() + 5, 5)

    def _send(self, data: bytes, end: float, budget: float) -> None:
        view = memoryview(data)
        while view:
            self._wait(self.to_worker, end, budget, write=True)
            try:
                view = view[os.write(self.to_worker, view) :]
            except (BrokenPipeError, OSError) as exc:
                self.kill()
                raise WorkerDied(Crash.CLOSED, type(exc).__name__) from None

    def _receive(self, size: int, end: float, budget: float) -> bytes:
        """The channel's next `size` bytes: those already read first, then as much as the
        worker has written (up to READ_AHEAD past them), waiting only when it is not enough."""
        pending = self._pending
        while len(pending) < size:
            self._wait(self.from_worker, end, budget)
            chunk = os.read(self.from_worker, min(max(size - len(pending), READ_AHEAD), 1 << 20))
            if not chunk:
                cause, detail = self._exit_cause()
                self.kill()
                raise WorkerDied(cause, detail)
            pending += chunk
        data = bytes(pending[:size])
        del pending[:size]
        return data

    def _wait(self, fd: int, end: float, budget: float, write: bool = False) -> None:
        """Wait until `fd` is ready; raise when the worker is dead or the time is over."""
        while True:
            left = end - time.monotonic()
            if left <= 0:
                break
            slice_ = min(left, POLL_SECONDS)
            ready = select.select([], [fd], [], slice_) if write else select.select([fd], [], [], slice_)
            if ready[1 if write else 0]:
                return
            if self.popen.poll() is not None:
                cause, detail = self._exit_cause()
                self.kill()
                raise WorkerDied(cause, detail)
            self._within_limits()  # every poll: a scratch filled between two polls costs little
        self.kill()
        raise WorkerTimeout(budget)

    def _exit_cause(self) -> tuple[Crash, str]:
        try:
            code = self.popen.wait(timeout=1)
        except subprocess.TimeoutExpired:
            return Crash.CLOSED, ""
        if self.cage.oom_killed():  # the memory cgroup's own kill
            return Crash.MEMORY, ""
        if code < 0:
            try:
                return Crash.SIGNAL, signal.Signals(-code).name
            except ValueError:
                return Crash.SIGNAL, str(-code)
        if code > 128 and self.popen.args[0] == "bwrap":  # type: ignore[index]  # a list: every worker starts from one  # bwrap reports a signal as 128 + n
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
        self._close_channel()
        self.folder.remove()

    def _close_channel(self) -> None:
        """Close the grader's ends of the pipes, dropping what was read and not taken."""
        self.close_descriptors()
        self._pending.clear()

    def close_descriptors(self) -> None:
        """Close the grader's two pipe descriptors (either may be closed already): all
        there is to close of a worker in a forked child, which holds copies of them."""
        for fd in (self.to_worker, self.from_worker):
            try:
                os.close(fd)
            except OSError:
                pass
        self.to_worker = self.from_worker = -1

    def close(self) -> None:
        """Ask the worker to stop, then make sure it and its children are gone."""
        if self.to_worker >= 0 and self.alive:
            try:
                os.write(self.to_worker, SHUTDOWN)
            except OSError:
                pass
        self.kill()
