"""Grading one submission file, start to end (never raises for a bad submission)."""

from __future__ import annotations

import logging
import time
from pathlib import Path

from .checks import StudentView, dependency_notes, grade_question
from .detect import detect
from .errors import NotGradable
from .results import CellOutcome, SubmissionResult
from .sandbox.isolation import IsolationChoice, choose
from .sandbox.session import StudentSession
from .settings import Settings
from .submission import SubmissionCode, read_submission

log = logging.getLogger(__name__)


def resolve_isolation(choice: str) -> IsolationChoice:
    """The isolation in force (probed once per process); IsolationUnavailable when an
    explicit choice cannot work here (the command line checks it before grading)."""
    return choose(choice)


def grade_file(path: Path, settings: Settings) -> SubmissionResult:
    """Grade one file; a broken or hostile submission gives a result, not an exception."""
    start = time.monotonic()
    try:
        code = read_submission(path)
    except NotGradable as exc:
        return SubmissionResult(str(path), settings.exercise, "not_gradable",
                                reason=exc.reason, duration_s=round(time.monotonic() - start, 3),
                                detail=exc.detail)
    isolation = resolve_isolation(settings.isolation)
    with StudentSession(code.module_name, settings.limits, isolation.mode, settings.cell_timeout) as session:
        result = _grade_code(code, session, settings)
        result.isolation = isolation.mode.value
        result.landlock_abi = isolation.landlock_abi
        result.student_seconds = round(session.student_seconds, 3)
        result.student_cpu = round(session.student_cpu, 3)
        result.printed = "".join(session.printed)
        result.restarts = session.restarts
    result.duration_s = round(time.monotonic() - start, 3)
    return result


def run_cells(code: SubmissionCode, session: StudentSession, budget: float) -> list[CellOutcome]:
    """Run the cells in order, as 'Run all' would; cells past the total budget are skipped."""
    outcomes = []
    deadline = time.monotonic() + budget
    for cell in code.cells:
        if time.monotonic() > deadline:
            outcomes.append(CellOutcome(cell.index, cell.label, ok=False, error="Skipped"))
            continue
        outcomes.append(session.run_cell(cell))
    return outcomes


def _grade_code(code: SubmissionCode, session: StudentSession, settings: Settings) -> SubmissionResult:
    from exercises import EXERCISES  # the registry imports the reference: grader side only

    result = SubmissionResult(str(code.path), None, "graded", kind=code.kind, total_cells=code.total_cells)
    result.cells = run_cells(code, session, settings.cells_budget)
    defined = session.names()
    result.ignored_magics = session.ignored_magics
    if settings.exercise:
        exercise_id, result.detected_by = settings.exercise, "forced"
    else:
        detection = detect(defined)
        exercise_id, result.detected_by = detection.exercise, ", ".join(detection.matched)
    result.exercise = exercise_id
    if exercise_id is None:
        result.status, result.reason = "not_gradable", "unknown_exercise"
        return result
    if exercise_id not in EXERCISES:
        result.status, result.reason = "not_gradable", "unsupported_exercise"
        return result
    exercise = EXERCISES[exercise_id]
    view = StudentView(session, defined, settings.timeout)
    state = exercise.prepare(view)
    result.understood = exercise.describe(state)
    for question in exercise.questions:
        log.debug("%s: %s", code.path.name, question.id)
        result.questions.append(grade_question(question, view, state, settings.examples_scale))
    dependency_notes(exercise.questions, result.questions, session.uses, view.aliases)
    return result
