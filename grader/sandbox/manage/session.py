"""A student's code loaded in a worker: run its cells, then call its functions.

The session hides worker deaths from the checks: a worker that hangs or dies is
killed, and the next request starts a new one that first replays the cells that
succeeded, so the remaining checks see the same namespace.
"""

from __future__ import annotations

import inspect
import logging
import time
from collections.abc import Callable, Generator, Iterator, Sequence
from functools import partial
from typing import Any, TypeVar

from ...errors import (
    CallTimeout,
    Crash,
    SizeUnit,
    StudentFailure,
    ValueTooLarge,
    WorkerCrash,
)
from ..confine.isolation import Isolation
from ..confine.limits import Limits
from ..worker import wire
from . import checked, fontcache
from .calls import (
    Call,
    CallResult,
    CellReply,
    Code,
    Names,
    code_error,
    count_of,
    loop_seen,
    lost,
    stream_request,
)
from .launch import start_worker
from .process import ReplyTooLarge, WorkerDied, WorkerProcess, WorkerTimeout

log = logging.getLogger(__name__)
T = TypeVar("T")

GRACE_SECONDS = 1.0  # beyond the soft budget, before the worker is killed
PRINTED_CAP = 20_000
TOTAL_BUDGET = 180.0
"""Wall seconds one submission may spend in its worker in all: cells, calls, worker
starts and every replay after a restart (without it, a short file whose slow cells
are replayed after each crash could keep its worker for minutes)."""
MAX_ITEMS = 64
"""Calls one `call_many` request holds (the worker refuses more): a longer list is sent
as several requests, each when the previous one is answered."""
NAMES_BUDGET = 10.0
"""Listing the names is granted this much even once the total is spent: a submission
whose cells used everything still gets graded (its calls then fail at once)."""
PRELOAD_BUDGET = 60.0
"""Importing heavy libraries (matplotlib's font cache) before any student code runs."""
NAME_BUDGET = 20.0
"""Naming the module of a worker started ahead: its boot may not be over (as long as
`isolation.PROBE_SECONDS` grants a first worker)."""
_PRELOAD_CACHE: dict[str, dict[str, str]] = {}
"""Per isolation, matplotlib's font list as the first preloading worker of this
process built it (or as `fontcache` kept it from an earlier run): later workers start
from it instead of scanning the fonts again."""


class StudentSession:
    """One submission's code loaded in a (restartable) worker."""

    def __init__(
        self,
        module_name: str,
        limits: Limits,
        isolation: Isolation,
        cell_budget: float,
        max_restarts: int = 8,
        total_budget: float = TOTAL_BUDGET,
        preload: tuple[str, ...] = (),
        fresh: WorkerProcess | None = None,
    ):
        self.module_name = module_name
        self._fresh = fresh
        """A worker started ahead for this session (see `ahead`): its first worker."""
        self.total_budget = total_budget
        self.preload = preload
        """Modules imported in each new worker before student code, off the student's clock."""
        self.limits = limits
        self.isolation = isolation
        self.cell_budget = cell_budget
        self.max_restarts = max_restarts
        self.restarts = 0
        self.replayed: list[Code] = []
        self.printed: list[str] = []
        self.printed_size = 0
        self.student_seconds = 0.0
        self.student_cpu = 0.0
        """CPU seconds the worker spent running student code (its own measure)."""
        self.seed = 0
        self.helper_sources: list[str] = []
        """Grader code defined in the worker (see `define_helpers`), replayed on restart."""
        self._worker: WorkerProcess | None = None
        self._uncounted_restart = False
        self._open: Generator[Any, None, None] | None = None
        """The `call_many` stream last opened: any other request ends it first."""
        """The worker died in a call nobody waited for (`_drain`): its restart is free."""

    # -- lifecycle ---------------------------------------------------------------
    def __enter__(self) -> StudentSession:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        if self._fresh is not None:  # never used
            self._fresh.close()
            self._fresh = None
        if self._worker is not None:
            self._worker.close()
            self._worker = None

    def _ensure_worker(self) -> WorkerProcess:
        if self._worker is not None and self._worker.alive:
            return self._worker
        if self._worker is not None and self._uncounted_restart:
            self._worker.kill()
            self._uncounted_restart = False
        elif self._worker is not None:
            self._worker.kill()
            if self.restarts >= self.max_restarts:
                raise WorkerCrash(Crash.RESTARTS)
            self.restarts += 1
            log.info("restarting the worker of %s (restart %d)", self.module_name, self.restarts)
        self._worker = self._start()
        for cell in self.replayed:
            budget = min(self.cell_budget, self.remaining())
            if budget <= 0:
                log.warning("%s: time budget spent, replay stopped before %s", self.module_name, cell.label)
                break
            try:
                self._raw(self._worker, cell.request(budget), budget)
            except (WorkerTimeout, WorkerDied):
                log.warning("replaying %s killed the worker", cell.label)
                self._worker = self._start()
        for source in self.helper_sources:
            self._raw(self._worker, {"op": "helpers", "source": source}, 10)
        return self._worker

    def _start(self) -> WorkerProcess:
        """A new worker, with the modules to preload imported (not on the student's clock)."""
        started = time.monotonic()
        worker, self._fresh = self._fresh, None
        try:
            if worker is not None and worker.alive and worker.module_name != self.module_name:
                worker = self._renamed(worker)
            if worker is None or not worker.alive:
                worker = start_worker(self.module_name, self.limits, self.isolation)
        finally:
            self.student_seconds += time.monotonic() - started
        if self.preload:
            return self._preload(worker)
        return worker

    def _renamed(self, worker: WorkerProcess) -> WorkerProcess | None:
        """The worker started ahead, its module named after this submission (None when
        it does not answer: it is closed and a new one started)."""
        try:
            worker.renamed(self.module_name, NAME_BUDGET)
        except (WorkerTimeout, WorkerDied, ReplyTooLarge):
            log.info("the worker started ahead did not answer: starting another")
            worker.close()
            return None
        return worker

    def _preload(self, worker: WorkerProcess) -> WorkerProcess:
        """Import the modules to preload in `worker`, its first request. matplotlib's font
        list comes from an earlier worker (of this process, else of an earlier run: kept
        on disk); without one, this worker builds it and hands it back."""
        key = self.isolation.value
        kept = _PRELOAD_CACHE.get(key)
        if not kept and "matplotlib.pyplot" in self.preload:
            kept = _PRELOAD_CACHE[key] = fontcache.load(self.isolation)
        message: dict[str, Any] = {"op": "preload", "modules": list(self.preload)}
        if kept:
            message["cache_files"] = kept
        else:
            message["collect"] = True
        try:
            reply = worker.request(message, PRELOAD_BUDGET)
        except (WorkerTimeout, WorkerDied, ReplyTooLarge):
            log.warning("preloading %s failed", ", ".join(self.preload))
            return start_worker(self.module_name, self.limits, self.isolation)
        files = reply.get("cache_files")
        if message.get("collect") and type(files) is dict:
            # Built by a worker before any student code ran: safe to give the next ones.
            built = {
                name: text
                for name, text in files.items()
                if type(name) is str and type(text) is str and len(text) <= fontcache.MAX_CHARS
            }
            _PRELOAD_CACHE[key] = built
            if built:
                fontcache.store(self.isolation, built)
        return worker

    def remaining(self) -> float:
        """Seconds left of the submission's total budget."""
        return self.total_budget - self.student_seconds

    def _raw(self, worker: WorkerProcess, message: dict[str, Any], budget: float) -> dict[str, Any]:
        start = time.monotonic()
        try:
            reply = worker.request(message, budget + GRACE_SECONDS)
        finally:
            self.student_seconds += time.monotonic() - start
        # Student code can make the worker report anything: NaN would break --json.
        self.student_cpu += checked.number(reply.get("cpu"), 0, 1e6) if isinstance(reply, dict) else 0
        return reply

    def _request(self, message: dict[str, Any], budget: float, floor: float = 0.0) -> dict[str, Any]:
        """Send `message` with at most `budget` seconds, cut to what is left of the total
        (but at least `floor`); none left: CallTimeout without asking the worker."""
        self._end_stream()
        budget = min(budget, max(self.remaining(), floor))
        if budget <= 0:
            raise CallTimeout(0)
        if "budget" in message:
            message = dict(message, budget=budget)
        try:  # a replay after a restart can time out or die too: this request fails
            return self._raw(self._ensure_worker(), message, budget)
        except WorkerTimeout:
            raise CallTimeout(budget) from None
        except WorkerDied as exc:
            raise WorkerCrash(exc.cause, exc.detail) from None
        except ReplyTooLarge as exc:
            raise ValueTooLarge(int(exc.args[0]), SizeUnit.BYTES) from None

    # -- cells -------------------------------------------------------------------
    def run_cell(self, source: str, label: str, first_lineno: int = 1) -> CellReply:
        """Run one cell (`label` names it in tracebacks; its lines are numbered from
        `first_lineno`); a failing cell is told, and the session goes on."""
        code = Code(source, label, first_lineno)
        try:
            reply = self._request(code.request(self.cell_budget), self.cell_budget)
        except StudentFailure as exc:
            return CellReply(ok=False, message=str(exc), stopped=exc)
        self._keep_printed(checked.text(reply.get("stdout"), checked.OUTPUT_CHARS))
        seconds = checked.number(reply.get("seconds"), 0, 1e6)
        if reply["ok"] is True:
            self.replayed.append(code)
            return CellReply(ok=True, seconds=seconds)
        error = checked.error_fields(reply.get("error"))
        if error["type"] in TIMEOUTS:  # the worker's own alarm, or an endless loop it saw
            loop = loop_seen(error)
            return CellReply(
                ok=False,
                seconds=seconds,
                line=loop.line if loop is not None else None,
                where=loop.where if loop is not None else "",
                stopped=CallTimeout(self.cell_budget, loop),
            )
        return CellReply(
            ok=False,
            seconds=seconds,
            error=error["type"],
            message=error["message"],
            line=error.get("line"),
            where=error["where"],
        )

    def _keep_printed(self, text: str) -> None:
        room = PRINTED_CAP - self.printed_size
        if text and room > 0:
            self.printed.append(text[:room])
            self.printed_size += min(room, len(text))

    # -- calls -------------------------------------------------------------------
    def names(self) -> Names:
        """The names the student code defines, with their kind (function, value...),
        what its functions refer to and the magics it ignored (none when the worker is
        lost)."""
        try:
            reply = self._request({"op": "names"}, NAMES_BUDGET, floor=NAMES_BUDGET)
        except StudentFailure:
            return Names()
        kinds = checked.names(reply.get("names"))
        return Names(kinds, checked.uses(reply.get("uses"), kinds), checked.magics(reply.get("ignored")))

    def define_helpers(self, source: str) -> None:
        """Define grader code in the worker, beside (not inside) the student's module.

        Its names are then usable as "@name" in `call`, `get`, `set` and as
        `wire.Ref("@name")` arguments: probe strategies handed to the student's
        functions, recorders read back afterwards. The code sees the student's
        namespace as `student`. Student code can reach it (some helpers hold reference
        versions of graded functions): the worker runs it again in a fresh namespace
        before every request, and every verdict is decided in the grader
        (docs/explanation/security.md, "Worker-side helpers").
        """
        if source in self.helper_sources:
            return
        reply = self._request({"op": "helpers", "source": source}, 10, floor=10)  # grader code
        if not reply["ok"]:
            raise RuntimeError(f"grader helpers failed in the worker: {reply['error']}")
        self.helper_sources.append(source)

    def get(self, name: str, budget: float = 5) -> Any:
        reply = self._request({"op": "get", "name": name}, budget)
        if reply["ok"] is not True:
            raise code_error(reply.get("error"))
        return reply.get("value")

    def set(self, name: str, value: Any, budget: float = 5) -> None:
        self._request({"op": "set", "name": name, "value": value}, budget)

    def call(
        self, func: str, *args: Any, budget: float = 5, keep_args: bool = False, count: tuple[str, ...] = ()
    ) -> CallResult:
        """Call the student's `func(*args)`; raises a StudentFailure if it does not return."""
        self.seed += 1
        reply = self._request(
            {
                "op": "call",
                "func": func,
                "args": list(args),
                "budget": budget,
                "keep_args": keep_args,
                "count": list(count),
                "seed": self.seed,
            },
            budget,
        )
        return self._outcome(reply, budget, keep_args)

    def _outcome(self, reply: dict[str, Any], budget: float, keep_args: bool) -> CallResult:
        """A call's reply as its result; a StudentFailure if the call did not return."""
        if reply["ok"] is not True:
            error = checked.error_fields(reply.get("error"))
            if error["type"] in TIMEOUTS:
                raise CallTimeout(budget, loop_seen(error))
            if error["type"] == "ReplyTooLarge":
                raise ValueTooLarge(count_of(error["message"]), SizeUnit.VALUES)
            raise code_error(error)
        value = reply.get("value")
        if keep_args:
            if type(value) is not list or len(value) != 2 or type(value[0]) is not list:
                raise WorkerCrash(Crash.CHANNEL)  # not what the worker builds
            args_after, value = value
        else:
            args_after = None
        shared = reply.get("shared")
        return CallResult(
            value=value,
            args_after=args_after,
            shared=shared if type(shared) is list else [],
            counts=checked.counts(reply.get("counts")),
            stdout=checked.text(reply.get("stdout"), checked.OUTPUT_CHARS),
            tally=reply["tally"] if type(reply.get("tally")) is list else [],
        )

    def call_many(self, calls: Sequence[Call]) -> Generator[CallResult | StudentFailure, None, None]:
        """The outcomes of `calls`, in order, as `call` would give them one by one (the
        same seeds, budgets, counters; a failure is yielded, not raised), from one request
        per MAX_ITEMS calls: the worker answers each call as it returns. Any other
        request (a `call`, `get`...) before the iterator is done ends it first.

        Stopping early (closing the iterator) tells the worker to run no more of them;
        the calls it already ran were run (their results are dropped): a student
        function keeping state between calls has seen them. A timeout or a crash ends
        the iterator after its item, as the worker is gone."""
        self._end_stream()
        stream = self._call_many(calls)
        self._open = stream
        return stream

    def _end_stream(self) -> None:
        """Stop listening to the open stream (unless it is the caller: `_one_by_one`)."""
        stream = self._open
        if stream is not None and inspect.getgeneratorstate(stream) != inspect.GEN_RUNNING:
            self._open = None
            stream.close()

    def _call_many(self, calls: Sequence[Call]) -> Generator[CallResult | StudentFailure, None, None]:
        for start in range(0, len(calls), MAX_ITEMS):
            chunk = calls[start : start + MAX_ITEMS]
            if self.remaining() <= max(c.budget for c in chunk) + GRACE_SECONDS:
                yield from self._one_by_one(chunk)  # near the total: each call cut as `call` cuts it
                continue
            ended = yield from self._stream(chunk)
            if ended:
                return

    def _one_by_one(self, calls: Sequence[Call]) -> Iterator[CallResult | StudentFailure]:
        for c in calls:
            try:
                yield self.call(c.func, *c.args, budget=c.budget, keep_args=c.keep_args, count=c.count)
            except StudentFailure as exc:
                yield exc

    def _stream(self, calls: Sequence[Call]) -> Generator[CallResult | StudentFailure, None, bool]:
        """One `call_many` request; returns True when the worker died or timed out.

        Calls whose arguments name an object of the worker's (a `wire.Ref`) are made one
        by one instead: the worker resolves a name once per request, and `call` resolves
        it when each call is made (the student's code may rebind it in between)."""
        request, holds_ref = wire.request_bytes(stream_request(calls, self.seed))
        if holds_ref:
            yield from self._one_by_one(calls)
            return False
        try:
            worker = self._ensure_worker()
            token = self._timed(lambda: worker.open_stream(request, 10))
        except StudentFailure as exc:  # no worker to be had: this call fails as `call` would
            self.seed += 1
            yield exc
            return True
        except (WorkerTimeout, WorkerDied) as exc:
            self.seed += 1
            yield lost(exc, calls[0].budget)
            return True
        received = 0
        try:
            for c in calls:
                wait = min(c.budget, self.remaining())  # the stream stays within the total, as calls do
                try:
                    if wait <= 0:
                        worker.kill()
                        raise WorkerTimeout(0)
                    reply = self._timed(partial(worker.stream_reply, token, wait + GRACE_SECONDS))
                    if reply.get("item") != received:  # the worker numbers its answers: not this
                        worker.kill()
                        raise WorkerDied(Crash.CHANNEL)
                except (WorkerTimeout, WorkerDied, ReplyTooLarge) as exc:
                    received = -1  # the worker is gone: nothing to read after it
                    self.seed += 1
                    yield lost(exc, max(wait, 0))
                    return True
                received += 1
                self.seed += 1
                self.student_cpu += checked.number(reply.get("cpu"), 0, 1e6)
                try:
                    yield self._outcome(reply, c.budget, c.keep_args)
                except StudentFailure as exc:
                    yield exc
            return False
        finally:
            if received >= 0:
                self._drain(worker, token, calls[received:])

    def _drain(self, worker: WorkerProcess, token: int, left: Sequence[Call]) -> None:
        """Read the rest of a stream: the items the worker may have run after the grader
        stopped listening (asked to stop), then its closing frame."""
        try:
            if left:
                worker.stop_stream(token)
            for c in [*left, Call("")]:  # at most one frame per item left, then the closing one
                reply = self._timed(partial(worker.stream_reply, token, c.budget + GRACE_SECONDS))
                if "end" in reply:
                    return
        except (WorkerTimeout, WorkerDied, ReplyTooLarge):
            # A call the student's answers did not need hung or crashed: not theirs to
            # pay, so the start of the next worker is not counted among the restarts.
            log.info("%s: a call after the one that failed ended the worker", self.module_name)
            self._uncounted_restart = True

    def _timed(self, wait: Callable[[], T]) -> T:
        """`wait()`, its wall time charged to the submission's total."""
        start = time.monotonic()
        try:
            return wait()
        finally:
            self.student_seconds += time.monotonic() - start


TIMEOUTS = ("Timeout", "EndlessLoop")
"""The worker's error types for a run stopped by its budget, or before it (the loop
detector, loopwatch.py): both are a timeout, the second with what the loop repeats."""
