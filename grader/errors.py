"""Exceptions raised while running student code, with the fields the feedback needs.

Messages shown to people are built from these fields by the renderers (through
the wings' `text.py`); the exceptions themselves carry no French or English text.

    StudentFailure            a call into student code gave no value
    ├── StudentCodeError      the student code raised
    ├── CallTimeout           it ran past its budget (or was seen to loop forever)
    ├── WorkerCrash           its process died (cause: Crash)
    └── ValueTooLarge         its answer was too large to be sent back
    NotGradable               the file cannot be graded at all
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum


class Crash(str, Enum):
    """Why the worker running the student code died."""

    EXIT = "exit"
    """It exited (sys.exit, os._exit...); detail: the exit status."""
    SIGNAL = "signal"
    """A signal killed it; detail: the signal's name (SIGKILL: memory or time, SIGXCPU: CPU)."""
    CLOSED = "closed"
    """Its channel closed without an exit status."""
    CHANNEL = "channel"
    """It wrote on the channel reserved for the grader (a forged or garbled frame)."""
    PROCESSES = "processes"
    """It started too many processes."""
    MEMORY = "memory"
    """Its processes together held more memory than allowed."""
    DISK = "disk"
    """Its files took more room in its scratch folder than allowed."""
    RESTARTS = "restarts"
    """It died too often: grading this code was given up."""


class SizeUnit(str, Enum):
    BYTES = "bytes"
    """The reply's size, in bytes."""
    VALUES = "values"
    """The number of values (nodes) the worker may encode in one reply."""


class StudentFailure(Exception):
    """A call into student code did not return a value."""


@dataclass
class StudentCodeError(StudentFailure):
    """The student code raised `ename`."""

    ename: str
    evalue: str
    line: int | None = None
    where: str = ""
    """The label of the cell (or module lines) holding `line`, as the worker saw it."""
    traceback: list[str] = field(default_factory=list)

    def __str__(self) -> str:  # for logs; reports word it from the fields
        return f"{self.ename}: {self.evalue}" if self.evalue else self.ename


@dataclass(frozen=True)
class LoopSeen:
    """An endless loop the worker saw (grader/sandbox/worker/loopwatch.py): the state its
    iterations read repeats, so it was stopped before its budget ran out."""

    line: int | None
    """The line of the loop's head, when it is in the student's code."""
    where: str = ""
    """The label of the cell (or module lines) holding `line`, as the worker saw it."""
    state: tuple[str, ...] = ()
    """`name = value` texts of what the loop reads, as it is at every turn."""


@dataclass
class CallTimeout(StudentFailure):
    """The student code ran longer than its budget, or would have: `loop` when the
    worker saw an endless loop and stopped it early (the same outcome, sooner)."""

    budget: float
    loop: LoopSeen | None = None

    def __str__(self) -> str:
        if self.loop is not None:
            return f"endless loop (line {self.loop.line}), stopped before {self.budget:g} s"
        return f"timeout after {self.budget:g} s"


@dataclass
class WorkerCrash(StudentFailure):
    """The worker process died during the call (os._exit, segfault, memory kill...)."""

    cause: Crash
    detail: str = ""
    """The exit status or the signal's name, when the cause has one."""

    def __str__(self) -> str:
        return f"worker died: {self.cause.value} {self.detail}".rstrip()


@dataclass
class ValueTooLarge(StudentFailure):
    """The returned value was too large to be sent back."""

    amount: int
    unit: SizeUnit

    def __str__(self) -> str:
        return f"value too large: {self.amount} {self.unit.value}"


class NotGradable(Exception):
    """The file cannot be graded at all (not a notebook, no code...)."""

    def __init__(self, reason: str, detail: str = ""):
        super().__init__(reason)
        self.reason = reason
        self.detail = detail
