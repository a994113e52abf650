"""Grading one submission against an exercise: its checks run, then its outcome scored."""

from __future__ import annotations

from ..model.results import Note, QuestionResult, SubmissionOutcome
from .bareme import DEFAULT, Bareme, Scored
from .context import State
from .declare import Exercise
from .running import run_exercise
from .scoring import score
from .view import StudentView


class Graded:
    """What running an exercise's checks gave (`outcome`), and that outcome scored (`scored`)."""

    __slots__ = ("outcome", "scored")

    def __init__(self, outcome: SubmissionOutcome, scored: Scored):
        self.outcome, self.scored = outcome, scored

    @property
    def questions(self) -> tuple[QuestionResult, ...]:
        return self.scored.questions

    @property
    def understood(self) -> tuple[Note, ...]:
        return self.outcome.understood


def grade_exercise(
    exercise: Exercise[State], view: StudentView, examples_scale: float = 1.0, bareme: Bareme = DEFAULT
) -> Graded:
    """Run every question of `exercise` on the submission `view` sees, then score it."""
    outcome = run_exercise(exercise, view, examples_scale)
    return Graded(outcome, score(exercise, outcome, bareme))
