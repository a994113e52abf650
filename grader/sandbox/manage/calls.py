"""What a session sends and gets back: a call and its result, a cell's reply, the names
a submission defines; and a worker's error reply turned into the grader's typed failure."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ...errors import (
    CallTimeout,
    LoopSeen,
    SizeUnit,
    StudentCodeError,
    StudentFailure,
    ValueTooLarge,
    WorkerCrash,
)
from . import checked
from .process import ReplyTooLarge, WorkerDied, WorkerTimeout


@dataclass
class CallResult:
    """What a successful call returned, as plain data."""

    value: Any
    args_after: list[Any] | None = None
    shared: list[Any] = field(default_factory=list)
    counts: dict[str, Any] = field(default_factory=dict)
    stdout: str = ""
    tally: list[str] = field(default_factory=list)
    """What grader code in the worker recorded during the call, received as it ran."""

    def argument_after(self, index: int) -> Any:
        """The call's `index`-th argument as the call left it (a call with keep_args)."""
        if self.args_after is None:  # the same error as indexing None
            raise TypeError("the call did not keep its arguments (keep_args=False)")
        return self.args_after[index]


@dataclass(frozen=True)
class Call:
    """One call of `StudentSession.call_many`: what `call` takes, as data."""

    func: str
    args: tuple[Any, ...] = ()
    budget: float = 5
    keep_args: bool = False
    count: tuple[str, ...] = ()


@dataclass(frozen=True)
class Code:
    """A piece of student code run at the module's top level (a notebook cell, a chunk
    of a .py module), kept to be run again in a new worker."""

    source: str
    label: str
    """The file name of its tracebacks: 'cellule 3' or 'lignes 10-24'."""
    first_lineno: int = 1
    """The number of its first line in the file (a chunk of a .py module)."""

    def request(self, budget: float) -> dict[str, Any]:
        """The worker request that runs it."""
        message: dict[str, Any] = {
            "op": "exec",
            "source": self.source,
            "label": self.label,
            "budget": budget,
            "seed": 0,
        }
        if self.first_lineno != 1:
            message["lineno"] = self.first_lineno
        return message


@dataclass(frozen=True)
class CellReply:
    """How the worker ran a cell, as plain data (the runner makes it a report's row)."""

    ok: bool
    seconds: float = 0.0
    """What the cell took, as the worker measured it."""
    error: str = ""
    """The type name of the exception the cell raised."""
    message: str = ""
    line: int | None = None
    """The line that raised (or that an endless loop repeats)."""
    where: str = ""
    """The label of the code holding `line`: a function of another cell may have raised."""
    stopped: StudentFailure | None = None
    """What ended it before its end: its budget (`CallTimeout`, with the endless loop the
    worker saw) or the worker's death (`WorkerCrash`, `ValueTooLarge`)."""


@dataclass(frozen=True)
class Names:
    """What the student's code defines once its cells have run, as the worker lists it."""

    kinds: dict[str, str] = field(default_factory=dict)
    """Name -> its kind: `function`, `class`, `module` or `value`."""
    uses: dict[str, list[str]] = field(default_factory=dict)
    """For each student function, the global names its code refers to."""
    ignored_magics: list[str] = field(default_factory=list)
    """The line magics and shell escapes met and not run (`%matplotlib inline`)."""


def stream_request(calls: Sequence[Call], seed: int) -> dict[str, Any]:
    """The `call_many` request of `calls`, the first one's seed `seed + 1`: calls of one
    function with the same settings (what the checks send) as that function and those
    settings once with each call's arguments, else each call in full."""
    first = calls[0]
    if all(
        c.func == first.func
        and c.budget == first.budget
        and c.keep_args == first.keep_args
        and c.count == first.count
        for c in calls
    ):
        return {
            "op": "call_many",
            "func": first.func,
            "budget": first.budget,
            "keep_args": first.keep_args,
            "count": list(first.count),
            "seed": seed + 1,
            "args": [list(c.args) for c in calls],
        }
    items = [
        {
            "func": c.func,
            "args": list(c.args),
            "budget": c.budget,
            "keep_args": c.keep_args,
            "count": list(c.count),
            "seed": seed + 1 + i,
        }
        for i, c in enumerate(calls)
    ]
    return {"op": "call_many", "items": items}


def lost(exc: Exception, budget: float) -> StudentFailure:
    """What a worker lost during a call means for that call (as `_request` says it)."""
    if isinstance(exc, WorkerTimeout):
        return CallTimeout(budget)
    if isinstance(exc, ReplyTooLarge):
        return ValueTooLarge(int(exc.args[0]), SizeUnit.BYTES)
    assert isinstance(exc, WorkerDied)
    return WorkerCrash(exc.cause, exc.detail)


def loop_seen(error: dict[str, Any]) -> LoopSeen | None:
    if error["type"] != "EndlessLoop":
        return None
    return LoopSeen(error["line"], error["where"], tuple(error["state"]))


def code_error(error: object) -> StudentCodeError:
    error = checked.error_fields(error)
    return StudentCodeError(
        error["type"], error["message"], error["line"], error["where"], error["traceback"]
    )


def count_of(text: Any) -> int:
    try:
        return int(text)
    except (TypeError, ValueError):
        return 0
