"""Results of grading, as plain dataclasses. Renderers (terminal, JSON...) read them."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from .errors import (
    CallTimeout,
    Crash,
    LoopSeen,
    SizeUnit,
    StudentCodeError,
    StudentFailure,
    ValueTooLarge,
    WorkerCrash,
)


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


class Text(str):
    """Text a person reads, in both languages; the renderer picks one with `in_lang`.

    As a `str` it is the French text (French is the default language of every report),
    so a consumer that does not choose still reads a whole sentence.
    """

    en: str

    def __new__(cls, fr: str, en: str) -> Text:
        text = super().__new__(cls, fr)
        text.en = en
        return text

    def __reduce__(self) -> tuple[type[Text], tuple[str, str]]:  # pickled across forked graders
        return (Text, (str(self), self.en))

    @property
    def fr(self) -> str:
        return str(self)


def in_lang(value: str, lang: str) -> str:
    """A plain string (code, a value as Python shows it) as is; a `Text` in `lang`."""
    if isinstance(value, Text) and lang == "en":
        return value.en
    return str(value)


class PlaceKind(str, Enum):
    CELL = "cell"
    """A notebook code cell, named by its position among the code cells."""
    LINES = "lines"
    """Lines of a .py module."""


@dataclass(frozen=True)
class Place:
    """Where a piece of the submission sits: cell 3, or lines 10-24."""

    kind: PlaceKind
    first: int
    """CELL: the position among all the notebook's cells (the JSON's `index`)."""
    last: int | None = None
    code_cell: int | None = None
    """CELL: the position among the code cells, as the student counts them in Jupyter
    (markdown cells are not counted); `first` when not known."""
    opening: str = ""
    """CELL: the cell's first line, by which the student finds it."""
    source: str = field(default="", repr=False, compare=False)
    """The code as the student wrote it (a cell's, or the module chunk's from line
    `first`): the feedback quotes the line that raised from it."""

    def line_text(self, line: int) -> str:
        """Line `line` (numbered as in tracebacks) as written, stripped; "" if not here."""
        number = line - (self.first if self.kind is PlaceKind.LINES else 1)
        lines = self.source.split("\n")
        return lines[number].strip()[:80] if self.source and 0 <= number < len(lines) else ""


class FailureKind(str, Enum):
    RAISED = "raised"
    """The student code raised an exception."""
    TIMEOUT = "timeout"
    CRASH = "crash"
    """The worker running the student code died."""
    TOO_LARGE = "too_large"
    """The answer was too large to be sent back."""
    INTERNAL = "internal"
    """The grader's own check crashed (a grader bug, not the student's)."""


@dataclass
class Failure:
    """Why a call into student code gave no value; fields by kind, worded by the renderers."""

    kind: FailureKind
    ename: str = ""
    """RAISED: the exception's type name."""
    evalue: str = ""
    line: int | None = None
    """RAISED: the line of the submission that raised, when it is the student's."""
    place: Place | None = None
    """RAISED: the cell (or module lines) holding `line`."""
    seconds: float = 0.0
    """TIMEOUT: the budget that ran out."""
    loop: LoopSeen | None = None
    """TIMEOUT: the endless loop the worker saw, stopped before the budget ran out."""
    crash: Crash | None = None
    detail: str = ""
    """CRASH: the exit status or the signal's name."""
    amount: int = 0
    unit: SizeUnit | None = None
    """TOO_LARGE: the size (or the count of values) that was too large."""


def failure_of(exc: StudentFailure, place: Place | None = None) -> Failure:
    """The report's record of a call that gave no value."""
    if isinstance(exc, StudentCodeError):
        return Failure(FailureKind.RAISED, ename=exc.ename, evalue=exc.evalue, line=exc.line, place=place)
    if isinstance(exc, CallTimeout):
        return Failure(FailureKind.TIMEOUT, seconds=exc.seconds, loop=exc.loop, place=place)
    if isinstance(exc, WorkerCrash):
        return Failure(FailureKind.CRASH, crash=exc.cause, detail=exc.detail)
    if isinstance(exc, ValueTooLarge):
        return Failure(FailureKind.TOO_LARGE, amount=exc.amount, unit=exc.unit)
    return Failure(FailureKind.INTERNAL)


@dataclass
class Evidence:
    """What a failing check shows the student: the call, both values, the board."""

    call: str
    """The call as the student would type it, e.g. `heuristique(jeu)`."""
    expected: str = ""
    """A value as Python shows it (plain), or a sentence (a `Text`, e.g. "a move among ...")."""
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
    failure: Failure | None = None
    """Why the call gave no value, when status is error or timeout."""

    @property
    def score(self) -> float:
        return self.points if self.status is CheckStatus.PASSED else 0.0


@dataclass
class QuestionResult:
    id: str
    title: str
    """A `Text` when it is a sentence rather than the names of the question's functions."""
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
    review: bool = False
    """Marked for the teacher to look at even when passed (e.g. a search called with
    bounds the sheet does not give, see `StudentView.with_bounds`)."""
    seconds: float = field(default=0.0, compare=False)
    """Wall time its grading took (its checks and the student's calls), for JUnit: a
    measure, not an outcome (two gradings of a file are equal whatever their times)."""

    @property
    def score(self) -> float:
        return round(sum(c.score for c in self.checks), 4)

    @property
    def to_review(self) -> bool:
        """Not passed, and not left to the teacher: the student has something to fix."""
        return self.review or self.status not in (QuestionStatus.PASSED, QuestionStatus.MANUAL)


class CellStatus(str, Enum):
    OK = "ok"
    ERROR = "error"
    """The cell raised (`error` is the exception's type name)."""
    TIMEOUT = "timeout"
    SKIPPED = "skipped"
    """Not run: the total time for the cells was used up."""
    CRASH = "crash"
    """The worker died while the cell ran (`failure` says why)."""
    NOT_RUN = "not_run"
    """A cell magic the grader does not run (`%%bash`, `%%writefile`...): `cell_magic`."""


@dataclass
class CellOutcome:
    """How one cell (or .py chunk) of the submission ran."""

    index: int
    label: str
    """The cell's label as the worker saw it (the JSON report's `label`)."""
    ok: bool
    error: str = ""
    """ERROR: the exception's type name."""
    message: str = ""
    """ERROR: the exception's message."""
    line: int | None = None
    first_line: str = ""
    seconds: float = 0.0
    status: CellStatus | None = None
    """OK or ERROR by default, from `ok`."""
    failure: Failure | None = None
    """TIMEOUT, CRASH: the failure with its fields."""
    place: Place | None = None
    """Where the cell sits, as the renderers word it (cell 3, lines 10-24)."""
    where: str = ""
    """ERROR: the label of the code holding `line` (`cellule 5`): a function
    of another cell may have raised."""
    line_place: Place | None = None
    """ERROR: the cell holding `line` when it is not this one."""
    failing_line: str = ""
    """ERROR: the text of `line`, as the student wrote it (what the report quotes)."""
    cell_magic: str = ""
    """NOT_RUN: the magic's name, without `%%`."""

    def __post_init__(self) -> None:
        if self.status is None:
            self.status = CellStatus.OK if self.ok else CellStatus.ERROR

    @property
    def error_type(self) -> str:
        """A stable name of what went wrong, for machine-read reports (JSON)."""
        names = {
            CellStatus.TIMEOUT: "Timeout",
            CellStatus.SKIPPED: "Skipped",
            CellStatus.NOT_RUN: "CellMagic",
        }
        if self.status is CellStatus.CRASH and self.failure is not None:
            return "ValueTooLarge" if self.failure.kind is FailureKind.TOO_LARGE else "WorkerCrash"
        return names.get(self.status, self.error) if self.status is not None else self.error


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
    """`bubblewrap`, `landlock`, `basic` or `portable` (the last two: the reference
    readable, the reports say so)."""
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
    def isolation_weak(self) -> bool:
        """Graded where the student's code could read the reference (basic, portable)."""
        return self.isolation in ("basic", "portable")

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

    @property
    def has_mark(self) -> bool:
        """Graded against questions worth points: the reports that show a mark show
        this one; the others (not gradable) leave it empty (JSON `null`)."""
        return self.status == "graded"
