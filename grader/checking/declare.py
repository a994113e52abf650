"""How an exercise is declared: its questions, their checks and points, its boards.

An exercise package builds one `Exercise` of `Question`s, each with `Check`s, and the
registry (`grader.registry`, from the entry-point group) lists them by id. The declaration is data: running
its checks (`grader.checking.running`) and scoring their outcomes
(`grader.checking.scoring`) both read it.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Generic

from ..model.text import Text
from . import old_kit
from .context import CheckContext, State, _as_is
from .draws import Size
from .values import show
from .view import StudentView

log = logging.getLogger(__name__)


@dataclass(frozen=True, init=False)
class Check:
    """One verification of a question, worth `points` when it passes.

    Args:
        name: stable identifier, unique in its question (the JSON's `checks[].name`).
        points: what it earns when it passes (a question's points are its checks').
        run: the check itself: returns when the answer is right; raises `Mismatch`
            (built by `mismatch`, `unchanged`...) when it is wrong. A call into student
            code that fails raises `CallFailed` through `ctx.call`: the check lets it go.
        says: what the check verifies, as the student reads it: `Text(fr, en)`.
        value_free: a property a stub has without computing anything (see below).
        of: the function the check is about, when its question has several.

    The kit before 0.3 took the sentence as two strings, `Check(name, points, run, fr,
    en)`: still read (and said deprecated) for one version (`grader.checking.old_kit`).

    Example:
        Check("sheet_values", 1.0, q14_sheet, Text("valeurs de l'énoncé", "the sheet's values"))
    """

    name: str
    """Stable identifier (JSON `checks[].name`)."""
    points: float
    run: Callable[[CheckContext[Any]], None]
    says: Text
    """What the check verifies, as the student reads it, in both languages."""
    value_free: bool = False
    """A property a stub can have without computing anything (does not change its
    argument, rows distinct, raises on an illegal move, prunes, prints a winner...): it
    earns its points only when a value check of the same function passes (the scoring
    rule `value_free`), so a file of stubs scores zero."""
    of: str = ""
    """The function the check is about, when its question has several (default: the
    question's first name): value-free checks lean on value checks of this function."""

    def __init__(
        self,
        name: str,
        points: float,
        run: Callable[[CheckContext[Any]], None],
        says: Text | None = None,
        *old: Any,
        value_free: bool = False,
        of: str = "",
        fr: str = "",
        en: str = "",
    ) -> None:
        if fr or en or old or not isinstance(says, Text):
            says, value_free, of = _old_check(name, says, old, fr, en, value_free, of)
        set_field = object.__setattr__  # a frozen dataclass's own fields, set once here
        set_field(self, "name", name)
        set_field(self, "points", points)
        set_field(self, "run", run)
        set_field(self, "says", says)
        set_field(self, "value_free", value_free)
        set_field(self, "of", of)


def _old_check(
    name: str, says: object, old: tuple[Any, ...], fr: str, en: str, value_free: bool, of: str
) -> tuple[Text, bool, str]:
    """A `Check` declared as the kit before 0.3 wrote it: `Check(name, points, run, fr,
    en[, value_free[, of]])`, or `fr=`, `en=`: its sentence as one `Text`, said deprecated."""
    where = f"check {name!r}"
    if old:
        if len(old) > 3 or fr or en or isinstance(says, Text) or not isinstance(says, str):
            raise TypeError(f"{where}: Check(name, points, run, says, value_free=, of=)")
        fr, en = says, str(old[0])
        value_free = old[1] if len(old) > 1 else value_free
        of = old[2] if len(old) > 2 else of
    elif isinstance(says, Text):
        raise TypeError(f"{where}: says= or fr=/en=, not both")
    elif says is not None:
        raise TypeError(f"{where}: its sentence is a Text(fr, en), not {says!r}")
    elif not (fr and en):
        raise TypeError(f"{where}: its sentence is needed in French and in English: Text(fr, en)")
    return old_kit.from_pair(fr, en, where, "says", depth=2) or Text("", ""), value_free, of


@dataclass(frozen=True)
class Question:
    """One question of a sheet: the names it needs and the checks that grade it.

    Args:
        id: as the sheet numbers it (`"Q14"`), unique in its exercise.
        title: what the reports call it: the names of its functions, or a `Text`.
        names: the names it needs; each entry lists accepted spellings, the sheet's first.
        checks: its checks, run in this order.
        manual: graded by the teacher; no check runs.
        answer_key: for a manual question, the answer key (the teacher's report only).
        statement: for a manual question, the sheet's own wording of it (a `Text`), shown
            beside each answer on the marking page.
        notes: information without points gathered after the checks (e.g. a call count).

    Example:
        Question("Q4", "prochain_joueur", (("prochain_joueur",),), (Check(...), Check(...)))
    """

    id: str
    title: str
    names: tuple[tuple[str, ...], ...]
    """Names the question needs; each entry lists accepted spellings, the sheet's first."""
    checks: tuple[Check, ...] = ()
    manual: bool = False
    answer_key: Callable[[], str] | None = None
    notes: Callable[[CheckContext[Any]], list[tuple[str, dict[str, Any]]]] | None = None
    """Information without points, gathered after the checks (e.g. a call count)."""
    statement: str = ""

    @property
    def max_score(self) -> float:
        return sum(c.points for c in self.checks)


Note = tuple[str, dict[str, Any]]
"""A sentence without points, beside a question or about the submission: a key of the
reports' words and its values (`grader.render.text`)."""


def note(text: Text) -> Note:
    """A note the exercise words itself, its French and English side by side:
    `note(Text("plateaux numpy : …", "numpy boards: …"))`."""
    return ("text", {"text": text})


def current_notes(notes: Iterable[Note], exercise_id: str) -> tuple[Note, ...]:
    """`notes` as the reports read them. A note written `("text", {"fr": …, "en": …})` (the
    kit before `note`) is read as `note(Text(fr, en))`, and said once in the log."""
    current = []
    for key, values in notes:
        if key == "text" and "fr" in values and "text" not in values:
            if exercise_id not in _LEGACY_SAID:
                _LEGACY_SAID.add(exercise_id)
                log.warning(
                    "%s: a note ('text', {'fr': ..., 'en': ...}) is deprecated: write kit.note(Text(fr, en))",
                    exercise_id,
                )
            values = {"text": Text(values["fr"], values.get("en") or values["fr"])}
        current.append((key, values))
    return tuple(current)


_LEGACY_SAID: set[str] = set()


def _no_state(view: StudentView) -> Any:
    return None


def _nothing_understood(state: Any) -> list[tuple[str, dict[str, Any]]]:
    return []


@dataclass(frozen=True)
class Exercise(Generic[State]):
    """One TD sheet: its questions, how it recognises a submission, how its boards
    travel to the student and are drawn in the report.

    Args:
        id: the exercise's id (`--exercise`), e.g. `"puissance4"`.
        title: the sheet's title.
        questions: its questions, in the sheet's order (graded in this order).
        (the other fields: see their own docstrings; each has a default.)

    Example:
        EXERCISE = Exercise(id="morpion", title="Morpion", questions=QUESTIONS,
                            **SIGNATURES["morpion"].fields(), draw=draw_board)
    """

    id: str
    title: str
    questions: tuple[Question, ...]
    signature: frozenset[str] = frozenset()
    """Functions only this sheet uses: a submission defining `min_matches` of them at top
    level is this TD."""
    min_matches: int = 2
    functions_only: frozenset[str] = frozenset()
    """No longer read: every signature name counts only as a function defined at top level."""
    title_words: tuple[str, ...] = ()
    """Words of the sheet's title, by which a blank skeleton is recognised (`Signature`)."""
    title_covers: frozenset[str] = frozenset()
    """Sheets whose title words this sheet's text holds too, and wins over (`Signature`)."""
    reference: ModuleType | None = None
    """The sheet's solution, as the sheet writes it: the tests hand it in as a submission,
    and the similarity report counts what a copy shares with it for nothing."""
    given_code: str | Path = ""
    """The code the sheet gives the students (given functions, skeletons to complete), as
    a student pastes it: its text, or the file that holds it (read when the similarity
    report asks, which counts what a copy shares with it for nothing); "" for none."""
    prepare: Callable[[StudentView], State] = _no_state
    """Builds per-submission state once (e.g. the submission's board representation)."""
    describe: Callable[[State], list[tuple[str, dict[str, Any]]]] = _nothing_understood
    """What was understood of the submission (message key, args), for the report."""
    to_student: Callable[[State, Any], Any] = _as_is
    """A reference board in the submission's own representation (numpy, lists...)."""
    draw: Callable[[Any], str] = show
    """A reference board as the sheet draws it, for the report."""
    worker_side: ModuleType | None = None
    """Grader code the checks call inside the worker (a self-contained module, sent as
    source once the submission's cells have run); None when the checks need none."""
    example_size: Size | None = None
    """How big a drawn example is (e.g. tokens on its board), smaller being simpler: the
    order of the shipped ladders a failure is shrunk on (`CheckContext.for_all`); None:
    failures are shrunk by Hypothesis alone."""


Registry = Mapping[str, Exercise[Any]]
"""The exercises the grader knows, by id, in detection order (`grader.registry.Installed`)."""
