"""A student's code loaded in a worker: run its cells, then call its functions.

The session hides worker deaths from the checks: a worker that hangs or dies is
killed, and the next request starts a new one that first replays the cells that
succeeded, so the remaining checks see the same namespace.
"""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field
from typing import Any

from ..errors import CallTimeout, StudentCodeError, StudentFailure, ValueTooLarge, WorkerCrash
from ..results import CellOutcome
from .isolation import Isolation
from .limits import Limits
from .process import ReplyTooLarge, WorkerDied, WorkerProcess, WorkerTimeout

log = logging.getLogger(__name__)

GRACE_SECONDS = 1.0  # beyond the soft budget, before the worker is killed
PRINTED_CAP = 20_000


@dataclass
class CallResult:
    """What a successful call returned, as plain data."""

    value: Any
    args_after: list | None = None
    shared: list = field(default_factory=list)
    counts: dict = field(default_factory=dict)
    stdout: str = ""


@dataclass(frozen=True)
class Cell:
    """One unit of student code run on its own."""

    index: int
    """1-based position in the notebook (all cells counted), or the first line of a .py chunk."""
    source: str
    label: str
    """How the feedback names it: 'cellule 3' or 'lignes 10-24'."""


class StudentSession:
    """One submission's code loaded in a (restartable) worker."""

    def __init__(self, module_name: str, limits: Limits, isolation: Isolation,
                 cell_budget: float, max_restarts: int = 8):
        self.module_name = module_name
        self.limits = limits
        self.isolation = isolation
        self.cell_budget = cell_budget
        self.max_restarts = max_restarts
        self.restarts = 0
        self.replayed: list[Cell] = []
        self.printed: list[str] = []
        self.printed_size = 0
        self.student_seconds = 0.0
        self.student_cpu = 0.0
        """CPU seconds the worker spent running student code (its own measure)."""
        self.seed = 0
        self.ignored_magics: list[str] = []
        self.uses: dict[str, list[str]] = {}
        """For each student function, the global names its code refers to."""
        self.helper_sources: list[str] = []
        """Grader code defined in the worker (see `define_helpers`), replayed on restart."""
        self._worker: WorkerProcess | None = None

    # -- lifecycle ---------------------------------------------------------------
    def __enter__(self) -> "StudentSession":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    def close(self) -> None:
        if self._worker is not None:
            self._worker.close()
            self._worker = None

    def _ensure_worker(self) -> WorkerProcess:
        if self._worker is not None and self._worker.alive:
            return self._worker
        if self._worker is not None:
            self._worker.kill()
            if self.restarts >= self.max_restarts:
                raise WorkerCrash("too many restarts")
            self.restarts += 1
            log.info("restarting the worker of %s (restart %d)", self.module_name, self.restarts)
        self._worker = WorkerProcess.start(self.module_name, self.limits, self.isolation)
        for cell in self.replayed:
            try:
                self._raw(self._worker, {"op": "exec", "source": cell.source, "label": cell.label,
                                         "budget": self.cell_budget, "seed": 0}, self.cell_budget)
            except (WorkerTimeout, WorkerDied):
                log.warning("replaying %s killed the worker", cell.label)
                self._worker = WorkerProcess.start(self.module_name, self.limits, self.isolation)
        for source in self.helper_sources:
            self._raw(self._worker, {"op": "helpers", "source": source}, 10)
        return self._worker

    def _raw(self, worker: WorkerProcess, message: dict, budget: float) -> dict:
        start = time.monotonic()
        try:
            reply = worker.request(message, budget + GRACE_SECONDS)
        finally:
            self.student_seconds += time.monotonic() - start
        cpu = reply.get("cpu") if isinstance(reply, dict) else None
        if isinstance(cpu, (int, float)):
            self.student_cpu += cpu
        return reply

    def _request(self, message: dict, budget: float) -> dict:
        worker = self._ensure_worker()
        try:
            return self._raw(worker, message, budget)
        except WorkerTimeout:
            raise CallTimeout(budget) from None
        except WorkerDied as exc:
            raise WorkerCrash(str(exc)) from None
        except ReplyTooLarge as exc:
            raise ValueTooLarge(f"{exc.args[0]} bytes") from None

    # -- cells -------------------------------------------------------------------
    def run_cell(self, cell: Cell) -> CellOutcome:
        """Run one cell; a failing cell is recorded and the session goes on."""
        try:
            reply = self._request({"op": "exec", "source": cell.source, "label": cell.label,
                                   "budget": self.cell_budget, "seed": 0}, self.cell_budget)
        except CallTimeout:
            return CellOutcome(cell.index, cell.label, ok=False, error="Timeout",
                               message=f"{self.cell_budget:g} s", first_line=_first_line(cell.source))
        except StudentFailure as exc:
            return CellOutcome(cell.index, cell.label, ok=False, error=type(exc).__name__,
                               message=str(exc), first_line=_first_line(cell.source))
        self._keep_printed(reply.get("stdout", ""))
        if reply["ok"]:
            self.replayed.append(cell)
            return CellOutcome(cell.index, cell.label, ok=True, first_line=_first_line(cell.source),
                               seconds=reply.get("seconds", 0.0))
        error = reply["error"]
        if error["type"] == "Timeout":
            error["message"] = f"{self.cell_budget:g} s"
        return CellOutcome(cell.index, cell.label, ok=False, error=error["type"],
                           message=error["message"], line=error.get("line"),
                           first_line=_first_line(cell.source), seconds=reply.get("seconds", 0.0))

    def _keep_printed(self, text: str) -> None:
        room = PRINTED_CAP - self.printed_size
        if text and room > 0:
            self.printed.append(text[:room])
            self.printed_size += min(room, len(text))

    # -- calls -------------------------------------------------------------------
    def names(self) -> dict[str, str]:
        """The names the student code defines, with their kind (function, value...)."""
        try:
            reply = self._request({"op": "names"}, 10)
        except StudentFailure:
            return {}
        self.ignored_magics = list(reply.get("ignored", []))
        self.uses = {name: list(used) for name, used in reply.get("uses", {}).items()}
        return dict(reply.get("names", {}))

    def define_helpers(self, source: str) -> None:
        """Define grader code in the worker, beside (not inside) the student's module.

        Its names are then usable as "@name" in `call`, `get`, `set` and as
        `wire.Ref("@name")` arguments: probe strategies handed to the student's
        functions, recorders read back afterwards. The code sees the student's
        namespace as `student`. Student code could reach it, so it holds nothing secret.
        """
        if source in self.helper_sources:
            return
        reply = self._request({"op": "helpers", "source": source}, 10)
        if not reply["ok"]:
            raise RuntimeError(f"grader helpers failed in the worker: {reply['error']}")
        self.helper_sources.append(source)

    def get(self, name: str, budget: float = 5) -> Any:
        reply = self._request({"op": "get", "name": name}, budget)
        if not reply["ok"]:
            raise _code_error(reply["error"])
        return reply["value"]

    def set(self, name: str, value: Any, budget: float = 5) -> None:
        self._request({"op": "set", "name": name, "value": value}, budget)

    def call(self, func: str, *args: Any, budget: float = 5, keep_args: bool = False,
             count: tuple[str, ...] = ()) -> CallResult:
        """Call the student's `func(*args)`; raises a StudentFailure if it does not return."""
        self.seed += 1
        reply = self._request({"op": "call", "func": func, "args": list(args), "budget": budget,
                               "keep_args": keep_args, "count": list(count), "seed": self.seed},
                              budget)
        if not reply["ok"]:
            error = reply["error"]
            if error["type"] == "Timeout":
                raise CallTimeout(budget)
            if error["type"] == "ReplyTooLarge":
                raise ValueTooLarge(error["message"])
            raise _code_error(error)
        if keep_args:
            args_after, value = reply["value"]
        else:
            args_after, value = None, reply["value"]
        return CallResult(value=value, args_after=args_after, shared=reply.get("shared", []),
                          counts=reply.get("counts", {}), stdout=reply.get("stdout", ""))


def _code_error(error: dict) -> StudentCodeError:
    return StudentCodeError(error["type"], error.get("message", ""), error.get("line"),
                            error.get("where", ""), list(error.get("traceback", [])))


def _first_line(source: str) -> str:
    for line in source.splitlines():
        if line.strip():
            return line.strip()[:80]
    return ""
