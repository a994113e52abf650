"""Grading one submission file, start to end (never raises for a bad submission)."""

from __future__ import annotations

import logging
import time
from pathlib import Path

from . import private_draws
from .checks import Registry, StudentView, grade_exercise
from .detect import detect, signatures_of
from .errors import NotGradable
from .results import CellOutcome, CellStatus, Place, PlaceKind, SubmissionResult
from .sandbox.ahead import AHEAD, WorkerKey
from .sandbox.isolation import IsolationChoice, choose
from .sandbox.session import Cell, StudentSession
from .settings import Settings
from .skeleton import file_text, recognise
from .submission import CellOrigin, SubmissionCode, failing_line, opening, preload_modules, read_submission

log = logging.getLogger(__name__)


def resolve_isolation(choice: str) -> IsolationChoice:
    """The isolation in force (probed once per process); IsolationUnavailable when an
    explicit choice cannot work here (the command line checks it before grading)."""
    return choose(choice)


def installed_exercises() -> Registry:
    """The TDs shipped with the grader: the default of callers that give no registry.

    The CLI and `grader.api` pass their registry explicitly; this only keeps
    `grade_file(path, settings)` short for scripts and tests.
    """
    from exercises import EXERCISES  # the registry imports the reference: grader side only

    return EXERCISES


def grade_file(path: Path, settings: Settings, exercises: Registry | None = None) -> SubmissionResult:
    """Grade one file against the `exercises` registry (the installed TDs by default);
    a broken or hostile submission gives a result, not an exception."""
    registry = installed_exercises() if exercises is None else exercises
    settings.check_exercise(registry)
    start = time.monotonic()
    try:
        code = read_submission(path)
    except NotGradable as exc:
        return SubmissionResult(
            str(path),
            settings.exercise,
            "not_gradable",
            reason=exc.reason,
            duration_s=round(time.monotonic() - start, 3),
            detail=exc.detail,
        )
    isolation = resolve_isolation(settings.isolation)
    fresh = AHEAD.take(path, WorkerKey(code.module_name, settings.limits, isolation.mode))
    with (
        StudentSession(
            code.module_name,
            settings.limits,
            isolation.mode,
            settings.cell_timeout,
            preload=preload_modules(code),
            total_budget=settings.total_budget,
            fresh=fresh,
        ) as session,
        private_draws.drawing_for(private_draws.code_digest(c.source for c in code.cells)),
    ):
        result = _grade_code(code, session, settings, registry)
        result.isolation = isolation.mode.value
        result.landlock_abi = isolation.landlock_abi
        result.student_seconds = round(session.student_seconds, 3)
        result.student_cpu = round(session.student_cpu, 3)
        result.printed = "".join(session.printed)
        result.restarts = session.restarts
    result.duration_s = round(time.monotonic() - start, 3)
    return result


def run_cells(code: SubmissionCode, session: StudentSession, budget: float) -> list[CellOutcome]:
    """Run the cells in order, as 'Run all' would; cells past the total budget are skipped.
    A cell magic the grader does not run has its outcome too, in its place."""
    outcomes = []
    deadline = time.monotonic() + budget
    for cell in code.cells:
        if time.monotonic() > deadline:
            outcome = CellOutcome(cell.index, cell.label, ok=False, status=CellStatus.SKIPPED)
        else:
            outcome = session.run_cell(cell)
        outcome.place = place_of(cell, code)
        if outcome.line:
            # The line may be in a function of another cell that this one called.
            holder = next((c for c in code.cells if outcome.where == c.label), cell)
            if holder is not cell:
                outcome.line_place = place_of(holder, code)
            outcome.failing_line = failing_line(code, holder, outcome.line)
        outcomes.append(outcome)
    for origin in code.origins:
        if origin.cell_magic:
            outcomes.append(
                CellOutcome(
                    origin.index,
                    f"cellule {origin.index}",
                    ok=False,
                    status=CellStatus.NOT_RUN,
                    cell_magic=origin.cell_magic,
                    first_line=opening(origin.source),
                    place=_cell_place(origin),
                )
            )
    return sorted(outcomes, key=lambda outcome: outcome.index)


def place_of(cell: Cell, code: SubmissionCode) -> Place:
    """Where a cell sits, for the reports to word it in the reader's language."""
    if code.kind == "module":
        # A chunk runs with its lines numbered from `first_lineno`.
        return Place(
            PlaceKind.LINES, cell.index, cell.first_lineno + cell.source.count("\n") - 1, source=cell.source
        )
    origin = code.origin(cell.index)
    return _cell_place(origin) if origin is not None else Place(PlaceKind.CELL, cell.index)


def _cell_place(origin: CellOrigin) -> Place:
    return Place(
        PlaceKind.CELL,
        origin.index,
        code_cell=origin.code_cell,
        opening=opening(origin.source),
        source=origin.source,
    )


def _grade_code(
    code: SubmissionCode, session: StudentSession, settings: Settings, exercises: Registry
) -> SubmissionResult:
    result = SubmissionResult(str(code.path), None, "graded", kind=code.kind, total_cells=code.total_cells)
    result.cells = run_cells(code, session, settings.cells_budget)
    defined = session.names()
    result.ignored_magics = session.ignored_magics
    exercise_id: str | None
    if settings.exercise:
        exercise_id, result.detected_by = settings.exercise, "forced"
    else:
        detection = detect(defined, signatures_of(exercises))
        exercise_id, result.detected_by = detection.exercise, ", ".join(detection.matched)
    if exercise_id is None:  # e.g. a blank skeleton where no cell compiles: its text says
        recognised = recognise(
            [cell.source for cell in code.cells], file_text(code.path), signatures_of(exercises)
        )
        if recognised.exercise is not None:
            exercise_id, result.detected_by = recognised.exercise, ", ".join(recognised.matched)
            result.understood.append(("recognised_from_text", {}))
    result.exercise = exercise_id
    if exercise_id is None:
        result.status, result.reason = "not_gradable", "unknown_exercise"
        return result
    exercise = exercises[exercise_id]
    places = {cell.label: place_of(cell, code) for cell in code.cells}
    view = StudentView(session, defined, settings.timeout, places)
    understood, result.questions = grade_exercise(exercise, view, settings.examples_scale)
    result.understood = result.understood + understood
    return result
