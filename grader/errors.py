"""Exceptions raised while running student code, with the fields the feedback needs.

Messages shown to people are built from these fields in `grader.messages`; the
exceptions themselves carry no French or English text.
"""

from __future__ import annotations

from dataclasses import dataclass, field


class StudentFailure(Exception):
    """A call into student code did not return a value."""


@dataclass
class StudentCodeError(StudentFailure):
    """The student code raised `ename`."""

    ename: str
    evalue: str
    line: int | None = None
    where: str = ""
    traceback: list[str] = field(default_factory=list)

    def __str__(self) -> str:
        return f"{self.ename}: {self.evalue}" if self.evalue else self.ename


@dataclass
class CallTimeout(StudentFailure):
    """The student code ran longer than its budget."""

    seconds: float

    def __str__(self) -> str:
        return f"timeout after {self.seconds:g} s"


@dataclass
class WorkerCrash(StudentFailure):
    """The worker process died during the call (os._exit, segfault, memory kill...)."""

    description: str

    def __str__(self) -> str:
        return f"worker died: {self.description}"


@dataclass
class ValueTooLarge(StudentFailure):
    """The returned value was too large to be sent back."""

    detail: str

    def __str__(self) -> str:
        return f"value too large: {self.detail}"


class NotGradable(Exception):
    """The file cannot be graded at all (not a notebook, no code...)."""

    def __init__(self, reason: str, detail: str = ""):
        super().__init__(reason)
        self.reason = reason
        self.detail = detail
