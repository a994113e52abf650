"""Running the checks of a submission: what each check's run gives, question by question.

The result is a `SubmissionOutcome`, plain data with no points in it: the scoring pass
(`grader.checking.scoring`) prices it. Everything the student's code does (a wrong value,
an exception, a timeout, a crash) becomes a check's status; a check that crashes (a
grader bug) costs the student that check only.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from ..errors import CallTimeout, StudentCodeError, StudentFailure
from ..model.results import (
    CheckOutcome,
    CheckStatus,
    Failure,
    FailureKind,
    QuestionOutcome,
    SubmissionOutcome,
    Unreached,
    failure_of,
)
from .context import CheckContext, State
from .declare import Check, Exercise, Question, current_notes
from .verdicts import CallFailed, Mismatch
from .view import StudentView

log = logging.getLogger(__name__)


def run_exercise(
    exercise: Exercise[State], view: StudentView, examples_scale: float = 1.0
) -> SubmissionOutcome:
    """Run every question of `exercise` on the submission `view` sees, in order.

    Args:
        exercise: the declaration whose checks run.
        view: the submission, its cells run (`StudentView` over its session).
        examples_scale: how many drawn examples, as a share of each check's count.

    Returns:
        What each question's checks gave, what the exercise understood of the
        submission, and its functions' uses: all that scoring needs.
    """
    if exercise.worker_side is not None:
        try:
            view.define_worker_side(exercise.worker_side)
        except StudentFailure:  # a worker that cannot start again: the checks will say so
            log.info("worker-side code of %s not sent", exercise.id)
    state = exercise.prepare(view)
    understood = list(current_notes(exercise.describe(state), exercise.id))
    outcomes: list[QuestionOutcome] = []
    failing: dict[str, str] = {}
    for question in exercise.questions:
        log.debug("%s: %s", exercise.id, question.id)
        start = time.monotonic()
        outcome = run_question(question, exercise, view, state, examples_scale, failing)
        outcome = replace(outcome, seconds=time.monotonic() - start)
        outcomes.append(outcome)
        if not question.manual and (
            outcome.missing or any(c.status is not CheckStatus.PASSED for c in outcome.checks)
        ):
            for spellings in question.names:
                failing[view.aliases.get(spellings[0], spellings[0])] = question.id
    return SubmissionOutcome(
        exercise.id,
        tuple(outcomes),
        tuple(understood),
        uses={name: list(used) for name, used in view.uses.items()},
        aliases=dict(view.aliases),
    )


def run_question(
    question: Question,
    exercise: Exercise[State],
    view: StudentView,
    state: State,
    examples_scale: float = 1.0,
    failing: Mapping[str, str] | None = None,
) -> QuestionOutcome:
    """Run one question's checks, then its notes; `failing`: the functions of the
    questions run before it and not passed (`CheckContext.failing_helpers`)."""
    if question.manual:
        return QuestionOutcome(question.id)
    missing: list[str] = []
    suggestions: dict[str, list[str]] = {}
    unreached: dict[str, Unreached] = {}
    aliases: dict[str, str] = {}
    for spellings in question.names:
        found = view.resolve(spellings)
        if found is None:
            missing.append(spellings[0])
            stopped = view.unreached_of(spellings)
            if stopped is not None:  # its cell stopped before defining it: say where, why
                unreached[spellings[0]] = stopped
            suggestions[spellings[0]] = [] if stopped is not None else view.close_names(spellings[0])
        elif found != spellings[0]:
            view.aliases[spellings[0]] = found
            aliases[spellings[0]] = found
    if missing:
        return QuestionOutcome(
            question.id, missing=tuple(missing), suggestions=suggestions, unreached=unreached, aliases=aliases
        )
    ctx = context_for(exercise, view, state, examples_scale, failing)
    bounds_before = set(view.bounds_added)
    checks = tuple(_run_guarded(check, ctx.for_check(check.name), question) for check in question.checks)
    notes: list[tuple[str, dict[str, Any]]] = []
    if question.notes is not None:
        try:
            notes = question.notes(ctx)
        except (StudentFailure, CallFailed, Mismatch):
            pass
    return QuestionOutcome(
        question.id,
        checks,
        aliases=aliases,
        notes=current_notes(notes, exercise.id),
        bounds_added=tuple(sorted(view.bounds_added - bounds_before)),
    )


def context_for(
    exercise: Exercise[State],
    view: StudentView,
    state: State,
    examples_scale: float = 1.0,
    failing: Mapping[str, str] | None = None,
) -> CheckContext[State]:
    """The context the checks of one question share (their `cache` included)."""
    return CheckContext(
        view,
        state,
        examples_scale=examples_scale,
        to_student=exercise.to_student,
        draw=exercise.draw,
        size=exercise.example_size,
        failing=failing or {},
    )


def run_check(check: Check, ctx: CheckContext[Any]) -> CheckOutcome:
    """Run one check: what it raises (or returning) becomes its status and evidence."""
    if ctx.check_name != check.name:  # the seed of its samplings
        ctx = ctx.for_check(check.name)
    try:
        check.run(ctx)
    except Mismatch as exc:
        evidence = exc.evidence if exc.board is None else replace(exc.evidence, board=ctx.drawn(exc.board))
        return CheckOutcome(check.name, CheckStatus.FAILED, evidence)
    except CallFailed as exc:
        return CheckOutcome(
            check.name, _status(exc.failure), exc.evidence, _failure(exc.failure, ctx.student)
        )
    except StudentFailure as exc:
        return CheckOutcome(check.name, _status(exc), failure=_failure(exc, ctx.student))
    return CheckOutcome(check.name, CheckStatus.PASSED)


def _run_guarded(check: Check, ctx: CheckContext[Any], question: Question) -> CheckOutcome:
    try:
        return run_check(check, ctx)
    except Exception:  # a grader bug must not cost the student the other checks
        log.exception("check %s.%s crashed", question.id, check.name)
        return CheckOutcome(check.name, CheckStatus.ERROR, failure=Failure(FailureKind.INTERNAL))


def _status(exc: StudentFailure) -> CheckStatus:
    return CheckStatus.TIMEOUT if isinstance(exc, CallTimeout) else CheckStatus.ERROR


def _failure(exc: StudentFailure, view: StudentView) -> Failure:
    if isinstance(exc, StudentCodeError):
        where = exc.where
    elif isinstance(exc, CallTimeout) and exc.loop is not None:
        where = exc.loop.where
    else:
        where = ""
    return failure_of(exc, view.places.get(where))
