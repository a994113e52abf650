"""Scoring: one pure pass from what the checks gave to the questions' results and the mark.

`score(exercise, outcome, bareme, overrides)` reads the exercise's declaration (its
questions, their checks and points), what running the checks on one submission gave (a
`SubmissionOutcome`: plain data, which a class record can keep), the teacher's `Bareme`
and the points the teacher gave by hand. It runs no student code and changes none of
its inputs; every result is built once. Its steps:

1. **Pricing.** Each question the barème grades gets its points (the barème's, else its
   checks'), shared among its checks in proportion to their declared points; a check
   earns its share when it passed; a question's status follows its checks'
   (`grader.checking.rules.question_status`).
2. **The rules**, in the order of `RULES` (`grader.checking.rules`), each a pure
   function from the results to new results: `value_free`, `dependency_notes`,
   `bounds_review`, `overrides`, `override_review`.
3. **The mark**: the points earned out of the points of the graded questions (bonus
   questions add to the first only), on the barème's scale, capped, rounded
   (`grader.checking.bareme.mark_of`).

docs/reference/grading-contract.md §2 states the rules in this order.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any

from ..model.results import (
    CheckOutcome,
    CheckResult,
    CheckStatus,
    QuestionOutcome,
    QuestionResult,
    QuestionStatus,
    SubmissionOutcome,
    SubmissionResult,
)
from .bareme import DEFAULT, NO_OVERRIDES, Bareme, Scored, mark_of
from .declare import Check, Exercise, Question
from .rules import RULES, Rule, Scoring, question_status


class StaleOutcome(ValueError):
    """An outcome that does not answer this declaration (another version's checks):
    the copy must be graded again."""


def score(
    exercise: Exercise[Any],
    outcome: SubmissionOutcome,
    bareme: Bareme = DEFAULT,
    overrides: Mapping[str, float] = NO_OVERRIDES,
    rules: Sequence[Rule] | None = None,
    acknowledged: Mapping[str, float] = NO_OVERRIDES,
) -> Scored:
    """Score one submission's outcome: price its questions, apply the rules, mark it.

    Args:
        exercise: the declaration the outcome answers.
        outcome: what running its checks gave (`grader.checking.running.run_exercise`).
        bareme: the teacher's points, omitted questions, scale, rounding, bonus, cap.
        overrides: question id -> points the teacher gave, in place of the automatic
            score (which the result keeps beside them); ids not graded are ignored.
        rules: the rules to apply, in order (default: `RULES`).
        acknowledged: question id -> the automatic score when the teacher's points of
            `overrides` were given (the class record keeps it); a different one now
            flags the question for review (`grader.checking.rules.override_review`).

    Raises:
        StaleOutcome: the outcome's questions or checks are not the declaration's.

    Example:
        scored = score(installed()["puissance4"], outcome, Bareme(scale=10, rounding=0.5))
    """
    found = {q.id: q for q in outcome.questions}
    graded = tuple(q for q in exercise.questions if q.id not in bareme.omitted)
    missing = [q.id for q in graded if q.id not in found]
    if outcome.exercise != exercise.id:
        raise StaleOutcome(f"an outcome of {outcome.exercise}, not of {exercise.id}")
    if missing:
        raise StaleOutcome(f"an outcome of {exercise.id} without {', '.join(missing)}")
    outcomes = tuple(found[q.id] for q in graded)
    scoring = Scoring(graded, outcomes, outcome, overrides, acknowledged)
    results = tuple(priced(q, o, bareme) for q, o in zip(graded, outcomes, strict=True))
    for rule in RULES if rules is None else rules:
        results = rule(scoring, results)
    return mark_of(results, bareme)


def marked(result: SubmissionResult, scored: Scored) -> SubmissionResult:
    """`result` with the questions and the mark of `scored` (a new result)."""
    return replace(
        result,
        questions=list(scored.questions),
        score=scored.score,
        max_score=scored.max_score,
        mark=scored.mark,
        scale=scored.scale,
    )


def rescored(
    result: SubmissionResult,
    exercise: Exercise[Any],
    bareme: Bareme = DEFAULT,
    overrides: Mapping[str, float] = NO_OVERRIDES,
    acknowledged: Mapping[str, float] = NO_OVERRIDES,
) -> SubmissionResult:
    """`result` scored again from its outcome, with other points: no student code runs.
    A result without an outcome (not gradable) is returned as it is."""
    if result.outcome is None:
        return result
    return marked(result, score(exercise, result.outcome, bareme, overrides, acknowledged=acknowledged))


# -- 1. pricing -----------------------------------------------------------------------------
def priced(question: Question, outcome: QuestionOutcome, bareme: Bareme) -> QuestionResult:
    """A question's result from its outcome, its checks priced with the barème's points.

    Raises:
        StaleOutcome: the checks that ran are not the question's.
    """
    declared = question.max_score
    points = bareme.points.get(question.id)
    most = declared if points is None else points
    # the question's result, whatever its status: its id, title, points, bonus and time
    result = partial(
        QuestionResult,
        question.id,
        question.title,
        most,
        bonus=question.id in bareme.bonus,
        seconds=outcome.seconds,
    )
    if question.manual:
        return result(QuestionStatus.MANUAL, answer_key=question.answer_key() if question.answer_key else "")
    if outcome.missing:
        return result(
            QuestionStatus.MISSING,
            missing=outcome.missing,
            suggestions=outcome.suggestions,
            unreached=outcome.unreached,
            aliases=outcome.aliases,
        )
    if tuple(c.name for c in question.checks) != tuple(c.name for c in outcome.checks):
        raise StaleOutcome(f"{question.id}: checks {[c.name for c in outcome.checks]}")
    share = points / declared if points is not None and declared else None
    checks = tuple(_check(c, o, share) for c, o in zip(question.checks, outcome.checks, strict=True))
    earned = round(sum(c.score for c in checks), 4)
    return result(
        question_status(checks),
        checks,
        aliases=outcome.aliases,
        notes=outcome.notes,
        score=earned,
        auto_score=earned,
    )


def _check(check: Check, outcome: CheckOutcome, share: float | None) -> CheckResult:
    points = check.points if share is None else check.points * share
    return CheckResult(
        check.name,
        check.says,
        points,
        outcome.status,
        outcome.evidence,
        outcome.failure,
        points if outcome.status is CheckStatus.PASSED else 0.0,
    )
