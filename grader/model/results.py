"""Results of grading, as plain dataclasses. Renderers (terminal, JSON...) read them.

Running the checks gives a `SubmissionOutcome` (raw: what each check did); the scoring
pass (`grader.checking.scoring`) turns it, with the exercise's declaration and the
points, into `QuestionResult`s and the submission's mark."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from ..errors import (
    CallTimeout,
    Crash,
    LoopSeen,
    SizeUnit,
    StudentCodeError,
    StudentFailure,
    ValueTooLarge,
    WorkerCrash,
)
from ..sandbox.confine.isolation import Isolation
from .text import Text


class CheckStatus(str, Enum):
    PASSED = "passed"
    FAILED = "failed"
    ERROR = "error"
    """The student code raised (or its worker died)."""
    TIMEOUT = "timeout"
    NOT_COUNTED = "not_counted"
    """A value-free property that holds, not counted yet: no value check of its function
    passes (`grader.checking.rules.value_free`). It earns nothing, as a failed check."""


class QuestionStatus(str, Enum):
    PASSED = "passed"
    PARTIAL = "partial"
    FAILED = "failed"
    MISSING = "missing"
    ERROR = "error"
    TIMEOUT = "timeout"
    MANUAL = "manual"


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
    budget: float = 0.0
    """TIMEOUT: the budget that ran out, in seconds."""
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
        return Failure(FailureKind.TIMEOUT, budget=exc.budget, loop=exc.loop, place=place)
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
    note: Text | None = None
    """An extra explanation, in both languages, e.g. which cells are shared."""


Note = tuple[str, dict[str, Any]]
"""Information for the student without points: a key of the reports' words (`grader.render.text`) and
its arguments (strings, numbers, `Text`)."""


@dataclass(frozen=True)
class CheckOutcome:
    """What running one check gave, before any scoring: plain data a record can keep."""

    name: str
    """The check's name in its question's declaration."""
    status: CheckStatus
    evidence: Evidence | None = None
    """What a wrong answer, or the call that failed, shows the student."""
    failure: Failure | None = None
    """Why the call gave no value, when status is error or timeout."""


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


COMPILE_ERRORS = frozenset({"SyntaxError", "IndentationError", "TabError"})
"""A cell (or module block) failing with one of these does not compile."""


@dataclass(frozen=True)
class Unreached:
    """Where a name missing from the submission is defined: in a cell (or module block)
    that stopped before defining it, or that does not compile."""

    name: str
    """The spelling the code defines (the sheet's, or an accepted alias)."""
    place: Place
    """The cell holding the definition (its source left out)."""
    status: CellStatus
    """How that cell ended: ERROR, TIMEOUT, CRASH or SKIPPED."""
    error: str = ""
    """ERROR: the exception's type name."""
    line: int | None = None
    """ERROR: the line that raised (or does not compile)."""

    @property
    def compiles(self) -> bool:
        return self.error not in COMPILE_ERRORS


@dataclass(frozen=True)
class QuestionOutcome:
    """What running one question gave, before any scoring (nothing for a manual one)."""

    id: str
    checks: tuple[CheckOutcome, ...] = ()
    """One per check that ran, in the declaration's order (none when names are missing)."""
    missing: tuple[str, ...] = ()
    """Names the question needs that the submission does not define: no check ran."""
    suggestions: dict[str, list[str]] = field(default_factory=dict)
    """For each missing name, defined names that look close."""
    unreached: dict[str, Unreached] = field(default_factory=dict)
    """For a missing name the code defines in a cell that stopped before (or does not
    compile): that cell and why (the feedback says so instead of the close names)."""
    aliases: dict[str, str] = field(default_factory=dict)
    """Sheet name -> the spelling found in the submission, when not the first one."""
    notes: tuple[Note, ...] = ()
    """What the question's `notes` gathered after its checks (e.g. a call count)."""
    bounds_added: tuple[str, ...] = ()
    """Its functions called with -inf, +inf for required `alpha`, `beta` parameters the
    sheet does not have (`StudentView.with_bounds`), sorted."""
    seconds: float = field(default=0.0, compare=False)
    """Wall time its checks took (a measure, not an outcome: see `QuestionResult.seconds`)."""


@dataclass(frozen=True)
class SubmissionOutcome:
    """What running an exercise's checks on one submission gave, before any scoring.

    With the exercise's declaration, all that scoring reads (`grader.checking.scoring`):
    a class record can keep it and score it again with other points without running any
    student code."""

    exercise: str
    """The exercise's id."""
    questions: tuple[QuestionOutcome, ...]
    """One per question of the exercise, in its order."""
    understood: tuple[Note, ...] = ()
    """What the exercise understood of the submission (`Exercise.describe`)."""
    uses: dict[str, list[str]] = field(default_factory=dict)
    """The submission's functions -> the global names each uses (the dependency notes)."""
    aliases: dict[str, str] = field(default_factory=dict)
    """Sheet name -> the submission's spelling, every question's (the dependency notes)."""


@dataclass(frozen=True)
class CheckResult:
    """One check of a question, scored."""

    name: str
    """Stable identifier, e.g. `sheet_values`."""
    description: Text
    """What the check verifies, in both languages."""
    points: float
    """What it is worth in this scoring (its share of its question's points)."""
    status: CheckStatus
    evidence: Evidence | None = None
    failure: Failure | None = None
    """Why the call gave no value, when status is error or timeout."""
    score: float = 0.0
    """The points it earned (`points` when passed, else 0): set by the scoring pass."""


@dataclass(frozen=True)
class QuestionResult:
    """One question, scored (`grader.checking.scoring`): built once, never changed."""

    id: str
    title: str
    """A `Text` when it is a sentence rather than the names of the question's functions."""
    max_score: float
    status: QuestionStatus
    checks: tuple[CheckResult, ...] = ()
    missing: tuple[str, ...] = ()
    """Names the question needs that the submission does not define."""
    suggestions: dict[str, list[str]] = field(default_factory=dict)
    """For each missing name, defined names that look close."""
    unreached: dict[str, Unreached] = field(default_factory=dict)
    """For a missing name defined in a cell that stopped before defining it: where, why."""
    aliases: dict[str, str] = field(default_factory=dict)
    """Sheet name -> the spelling found in the submission, when not the first one."""
    notes: tuple[Note, ...] = ()
    """Extra information (message key, arguments), e.g. a call count, no points."""
    answer_key: str = ""
    """For manual questions: the answer key, for the teacher's report only."""
    review: bool = False
    """Marked for the teacher to look at even when passed (e.g. a search called with
    bounds the sheet does not give, see `StudentView.with_bounds`)."""
    score: float = 0.0
    """The points it counts for: `override` when the teacher gave points, else `auto_score`."""
    auto_score: float = 0.0
    """What its checks earned."""
    override: float | None = None
    """Points the teacher gave the question, in place of `auto_score`; None: none given."""
    bonus: bool = False
    """A bonus question: its points add to the score, not to the maximum."""
    seconds: float = field(default=0.0, compare=False)
    """Wall time its grading took (its checks and the student's calls), for JUnit: a
    measure, not an outcome (two gradings of a file are equal whatever their times)."""

    @property
    def to_review(self) -> bool:
        """Not passed, and not left to the teacher: the student has something to fix (its
        failures are shown on the page)."""
        return self.review or self.status not in (QuestionStatus.PASSED, QuestionStatus.MANUAL)

    @property
    def left_to_review(self) -> bool:
        """What the class's lists of questions to review name (summary, CSV, index, LMS
        feedback): `to_review`, unless the teacher gave its points by hand; an override
        whose automatic score changed since is flagged (`review`) and listed again."""
        return self.review or (self.override is None and self.to_review)


@dataclass(frozen=True)
class TeacherComment:
    """A comment the teacher typed (`grader.marking.manual`)."""

    question: str
    """The question it is about; "" for the whole copy."""
    text: str
    private: bool = False
    """For the teacher's own pages only: never on what a student is handed."""
    item: str = ""
    """A rubric item's label (`grader.marking.rubric`): `text` is then its comment, if any."""
    points: float | None = None
    """A rubric item's points, when they make the question's (no number typed instead)."""


@dataclass(frozen=True)
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
        if self.status is None:  # frozen: set once, as the dataclass sets its fields
            object.__setattr__(self, "status", CellStatus.OK if self.ok else CellStatus.ERROR)

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


class SubmissionStatus(str, Enum):
    GRADED = "graded"
    NOT_GRADABLE = "not_gradable"
    """Read, run or detected as no TD: `reason` says why (no mark)."""


NO_COPY = "no_copy"
"""The reason of a class list's student without a copy: a row of the class, not a copy."""
EXTRA_FILE = "extra_file"
"""The reason of a student's other file (a draft, an older version): listed, not graded,
not a copy of the class."""
NOT_READ = frozenset({"link_outside", "not_a_regular_file", "folder_too_deep"})
"""The reasons of what a class folder holds and the grader never opens (a link out, a fifo, a
folder too deep: `grader.reading.files.Refused`): never hashed, named where it is."""


class SubmissionKind(str, Enum):
    NOTEBOOK = "notebook"
    MODULE = "module"
    """A .py file, run in chunks (`lignes 10-24`)."""


@dataclass(frozen=True)
class SubmissionResult:
    path: str
    exercise: str | None
    status: SubmissionStatus
    reason: str = ""
    """Why it is not gradable: a key of `grader.render.text.REASON`."""
    detail: str = ""
    kind: SubmissionKind | None = None
    """None when the file could not be read."""
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
    closest: str = ""
    """Not gradable as no known exercise: the one it comes closest to, a hint ("" none)."""
    closest_names: tuple[str, ...] = ()
    """The names `closest` was found by; () when by the words of its title."""
    unavailable: tuple[tuple[str, str, str], ...] = ()
    """Not gradable because TDs could not be loaded (`reason` exercise_unavailable): each
    one's (id, package, cause): the copy's own when it was recognised, else every one."""
    isolation: Isolation | None = None
    """The worker's isolation (None: no worker ran); a weak one (basic, portable) left
    the reference readable, and the reports say so."""
    landlock_abi: int = 0
    duration_s: float = 0.0
    student_seconds: float = 0.0
    """Wall time spent waiting on the student's worker (calls, cells, transfers)."""
    student_cpu: float = 0.0
    """CPU time the student's code itself used, as the worker measured it."""
    ignored_magics: list[str] = field(default_factory=list)
    student: str = ""
    """Who handed it in, for the class reports: the file's stem, or the student's folder."""
    participant: str = ""
    """Moodle's participant number, from the student's top-level folder or file name
    (`grader.reading.students`); "" outside Moodle's download layouts."""
    answers: dict[str, str] = field(default_factory=dict)
    """The student's own answer to each question graded by hand (`grader.reading.answers`: the
    cells from its heading to the next question's), shown to the teacher beside the key."""
    comments: list[TeacherComment] = field(default_factory=list)
    """What the teacher wrote in the manual points table (`--manual`), on a question or
    on the whole copy."""
    score: float = 0.0
    """Points earned, bonus questions included (set by the scoring pass, as the three below)."""
    max_score: float = 0.0
    """Points of the questions graded, bonus questions left out."""
    mark: float = 0.0
    """The mark out of `scale`, rounded as the barème says (at most `scale` when capped)."""
    scale: float = 20.0
    """What the mark is out of (`sur`)."""
    outcome: SubmissionOutcome | None = None
    """What running the checks gave, before scoring (None when not gradable): scoring it
    again with other points (`grader.checking.scoring`) needs no student code."""

    def __post_init__(self) -> None:
        # Written as their values by callers that build a result by hand (scripts,
        # tests): held as the enums, which every report compares (frozen: set once, as
        # the dataclass sets its fields).
        object.__setattr__(self, "status", SubmissionStatus(self.status))
        if self.kind is not None:
            object.__setattr__(self, "kind", SubmissionKind(self.kind))
        if self.isolation is not None:
            object.__setattr__(self, "isolation", Isolation(self.isolation))

    @property
    def graded(self) -> bool:
        return self.status is SubmissionStatus.GRADED

    @property
    def is_copy(self) -> bool:
        """A copy of the class (graded or not): neither a class list's student without one
        nor a student's other file set aside."""
        return self.reason not in (NO_COPY, EXTRA_FILE)

    @property
    def does_not_run(self) -> list[CellOutcome]:
        """The cells (module blocks) that do not compile: the file does not run as written
        (Python refuses a module whole; Jupyter's "Run all" stops at such a cell), although
        the grader ran the others. A cell that raises (`input()`, a demo's error) is not one."""
        return [c for c in self.cells if c.status is CellStatus.ERROR and c.error in COMPILE_ERRORS]

    @property
    def review(self) -> bool:
        """A graded copy the teacher should look at whatever its mark (`does_not_run`)."""
        return self.graded and bool(self.does_not_run)

    @property
    def isolation_name(self) -> str:
        """`bubblewrap`, `landlock`, `basic`, `portable`; "" when no worker ran."""
        return self.isolation.value if self.isolation is not None else ""

    @property
    def isolation_label(self) -> str:
        """`bubblewrap`, `landlock (ABI 7)` or `basic`, as the reports show it."""
        if self.isolation is Isolation.LANDLOCK and self.landlock_abi:
            return f"landlock (ABI {self.landlock_abi})"
        return self.isolation_name

    @property
    def isolation_weak(self) -> bool:
        """Graded where the student's code could read the reference (basic, portable)."""
        return self.isolation is not None and not self.isolation.strong

    @property
    def mark20(self) -> float:
        """The mark out of 20, whatever the scale (the JSON's and the reports' `mark20`)."""
        return self.mark if self.scale == 20 else round(20 * self.mark / self.scale, 2)

    @property
    def has_mark(self) -> bool:
        """Graded against questions worth points: the reports that show a mark show
        this one; the others (not gradable) leave it empty (JSON `null`)."""
        return self.graded
