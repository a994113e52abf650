"""Results of grading, as plain dataclasses. Renderers (terminal, JSON...) read them."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any


class CheckStatus(str, Enum):
    PASSED = "passed"
    FAILED = "failed"
    ERROR = "error"
    """The student code raised (or its worker died)."""
    TIMEOUT = "timeout"


class QuestionStatus(str, Enum):
    PASSED = "passed"
    PARTIAL = "partial"
    FAILED = "failed"
    MISSING = "missing"
    ERROR = "error"
    TIMEOUT = "timeout"
    MANUAL = "manual"


@dataclass
class Evidence:
    """What a failing check shows the student: the call, both values, the board."""

    call: str
    """The call as the student would type it, e.g. `heuristique(jeu)`."""
    expected: str = ""
    obtained: str = ""
    board: str = ""
    """The position drawn as the sheet's `affiche` draws it, when a board is involved."""
    note: dict[str, str] = field(default_factory=dict)
    """An extra explanation per language, e.g. which cells are shared."""


@dataclass
class CheckResult:
    """The outcome of one check of a question."""

    name: str
    """Stable identifier, e.g. `sheet_values`."""
    description: dict[str, str]
    """What the check verifies, per language (`fr`, `en`)."""
    points: float
    status: CheckStatus
    evidence: Evidence | None = None
    error: str = ""
    """`Type: message` of the student's exception, when status is error."""
    error_line: int | None = None
    error_where: str = ""
    """Which cell (or lines of a module) the failing line belongs to."""

    @property
    def score(self) -> float:
        return self.points if self.status is CheckStatus.PASSED else 0.0


@dataclass
class QuestionResult:
    id: str
    title: str
    max_score: float
    status: QuestionStatus
    checks: list[CheckResult] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    """Names the question needs that the submission does not define."""
    suggestions: dict[str, list[str]] = field(default_factory=dict)
    """For each missing name, defined names that look close."""
    aliases: dict[str, str] = field(default_factory=dict)
    """Sheet name -> the spelling found in the submission, when not the first one."""
    notes: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    """Extra information (message key, arguments), e.g. a call count, no points."""
    answer_key: str = ""
    """For manual questions: the answer key, for the teacher's report only."""

    @property
    def score(self) -> float:
        return round(sum(c.score for c in self.checks), 4)

    @property
    def to_review(self) -> bool:
        """Not passed, and not left to the teacher: the student has something to fix."""
        return self.status not in (QuestionStatus.PASSED, QuestionStatus.MANUAL)


@dataclass
class CellOutcome:
    """How one cell (or .py chunk) of the submission ran."""

    index: int
    label: str
    ok: bool
    error: str = ""
    message: str = ""
    line: int | None = None
    first_line: str = ""
    seconds: float = 0.0


@dataclass
class SubmissionResult:
    path: str
    exercise: str | None
    status: str
    """`graded` or `not_gradable`."""
    reason: str = ""
    """Why it is not gradable: a key of `grader.messages` (`reason.<key>`)."""
    detail: str = ""
    kind: str = ""
    """`notebook` or `module`."""
    total_cells: int = 0
    """Code cells of the notebook (or blocks of the module)."""
    understood: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    """What the grader understood of the submission (message key, arguments)."""
    restarts: int = 0
    questions: list[QuestionResult] = field(default_factory=list)
    cells: list[CellOutcome] = field(default_factory=list)
    printed: str = ""
    """What the student code printed while its cells ran (capped)."""
    detected_by: str = ""
    """How the exercise was chosen: 'forced', or the names that matched."""
    isolation: str = ""
    """`bubblewrap`, `landlock` or `basic` (the reference readable: the reports say so)."""
    landlock_abi: int = 0
    duration_s: float = 0.0
    student_seconds: float = 0.0
    """Wall time spent waiting on the student's worker (calls, cells, transfers)."""
    student_cpu: float = 0.0
    """CPU time the student's code itself used, as the worker measured it."""
    ignored_magics: list[str] = field(default_factory=list)
    student: str = ""
    """Who handed it in, for the class reports: the file's stem, or the student's folder."""

    @property
    def isolation_label(self) -> str:
        """`bubblewrap`, `landlock (ABI 7)` or `basic`, as the reports show it."""
        if self.isolation == "landlock" and self.landlock_abi:
            return f"landlock (ABI {self.landlock_abi})"
        return self.isolation

    @property
    def score(self) -> float:
        return round(sum(q.score for q in self.questions), 4)

    @property
    def max_score(self) -> float:
        return round(sum(q.max_score for q in self.questions), 4)

    @property
    def mark20(self) -> float:
        if not self.max_score:
            return 0.0
        return round(20 * self.score / self.max_score, 2)
