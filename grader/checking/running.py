"""Running the checks of a submission: what each check's run gives, question by question."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

from ..errors import CallTimeout, StudentCodeError, StudentFailure
from ..results import (
    CheckResult,
    CheckStatus,
    Failure,
    FailureKind,
    QuestionResult,
    QuestionStatus,
    failure_of,
)
from .context import CheckContext, State
from .declare import Check, Exercise, Question
from .scoring import dependency_notes, question_status, value_free_rule
from .verdicts import CallFailed, Mismatch
from .view import StudentView

log = logging.getLogger(__name__)


def run_check(check: Check, ctx: CheckContext[Any]) -> CheckResult:
    """Run one check; everything the student code does is turned into a status."""
    ctx.check_name = check.name
    result = CheckResult(check.name, {"fr": check.fr, "en": check.en}, check.points, CheckStatus.PASSED)
    try:
        check.run(ctx)
    except Mismatch as exc:
        result.status, result.evidence = CheckStatus.FAILED, exc.evidence
        if exc.board is not None:
            exc.evidence.board = ctx.drawn(exc.board)
    except CallFailed as exc:
        result.evidence = exc.evidence
        result.status = CheckStatus.TIMEOUT if isinstance(exc.failure, CallTimeout) else CheckStatus.ERROR
        result.failure = _failure(exc.failure, ctx.student)
    except StudentFailure as exc:
        result.status = CheckStatus.TIMEOUT if isinstance(exc, CallTimeout) else CheckStatus.ERROR
        result.failure = _failure(exc, ctx.student)
    return result


def _failure(exc: StudentFailure, view: StudentView) -> Failure:
    if isinstance(exc, StudentCodeError):
        where = exc.where
    elif isinstance(exc, CallTimeout) and exc.loop is not None:
        where = exc.loop.where
    else:
        where = ""
    return failure_of(exc, view.places.get(where))


def grade_question(
    question: Question,
    view: StudentView,
    state: State,
    examples_scale: float = 1.0,
    exercise: Exercise[State] | None = None,
    failing: Mapping[str, str] | None = None,
) -> QuestionResult:
    """Grade one question; `failing`: the functions of earlier questions not passed."""
    result = QuestionResult(question.id, question.title, question.max_score, QuestionStatus.PASSED)
    if question.manual:
        result.status = QuestionStatus.MANUAL
        result.answer_key = question.answer_key() if question.answer_key else ""
        return result
    for spellings in question.names:
        found = view.resolve(spellings)
        if found is None:
            result.missing.append(spellings[0])
            result.suggestions[spellings[0]] = view.close_names(spellings[0])
        elif found != spellings[0]:
            view.aliases[spellings[0]] = found
            result.aliases[spellings[0]] = found
    if result.missing:
        result.status = QuestionStatus.MISSING
        return result
    ctx = CheckContext(view, state, examples_scale=examples_scale, failing=failing or {})
    bounds_before = set(view.bounds_added)
    if exercise is not None:
        ctx.to_student, ctx.draw, ctx.size = exercise.to_student, exercise.draw, exercise.example_size
    for check in question.checks:
        try:
            result.checks.append(run_check(check, ctx))
        except Exception:  # a grader bug must not cost the student the other checks
            log.exception("check %s.%s crashed", question.id, check.name)
            result.checks.append(
                CheckResult(
                    check.name,
                    {"fr": check.fr, "en": check.en},
                    check.points,
                    CheckStatus.ERROR,
                    failure=Failure(FailureKind.INTERNAL),
                )
            )
    result.status = question_status(result.checks)
    if question.notes is not None:
        try:
            result.notes = question.notes(ctx)
        except (StudentFailure, CallFailed, Mismatch):
            pass
    bounded = sorted(view.bounds_added - bounds_before)
    if bounded:  # credited as a teacher would, and left for the teacher to look at
        result.review = True
        result.notes.append(("bounds_added", {"func": ", ".join(bounded)}))
    return result


def grade_exercise(
    exercise: Exercise[State], view: StudentView, examples_scale: float = 1.0
) -> tuple[list[tuple[str, dict[str, Any]]], list[QuestionResult]]:
    """Grade every question of `exercise` on the submission `view` sees: what was
    understood of it, and the questions' results (dependency notes included)."""
    if exercise.worker_side is not None:
        try:
            view.define_worker_side(exercise.worker_side)
        except StudentFailure:  # a worker that cannot start again: the checks will say so
            log.info("worker-side code of %s not sent", exercise.id)
    state = exercise.prepare(view)
    understood = exercise.describe(state)
    results: list[QuestionResult] = []
    failing: dict[str, str] = {}
    for question in exercise.questions:
        log.debug("%s: %s", exercise.id, question.id)
        results.append(grade_question(question, view, state, examples_scale, exercise, failing))
        if results[-1].status not in (QuestionStatus.PASSED, QuestionStatus.MANUAL):
            for spellings in question.names:
                failing[view.aliases.get(spellings[0], spellings[0])] = question.id
    value_free_rule(exercise.questions, results)
    dependency_notes(exercise.questions, results, view.session.uses, view.aliases)
    return understood, results
