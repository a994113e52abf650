"""Grading one submission file, start to end (never raises for a bad submission)."""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from pathlib import Path

from ..checking import private_draws
from ..checking.declare import Registry
from ..checking.grading import grade_exercise
from ..checking.scoring import marked
from ..checking.view import StudentView
from ..errors import CallTimeout, NotGradable
from ..model.results import (
    COMPILE_ERRORS,
    CellOutcome,
    CellStatus,
    SubmissionResult,
    SubmissionStatus,
    failure_of,
)
from ..model.settings import Settings
from ..reading.answers import manual_answers, module_cells, notebook_cells
from ..reading.detect import detect, other_sheet, signatures_of
from ..reading.skeleton import file_text, names_in_text, recognise
from ..reading.submission import Cell, SubmissionCode, failing_line, preload_modules, read_submission
from ..reading.unreached import unreached
from ..registry import ExerciseUnavailable, Unavailable, installed, unavailable_of
from ..sandbox.confine.isolation import IsolationChoice, choose
from ..sandbox.manage.ahead import AHEAD, WorkerKey
from ..sandbox.manage.session import CellReply, StudentSession

log = logging.getLogger(__name__)


def resolve_isolation(choice: str) -> IsolationChoice:
    """The isolation in force (probed once per process); IsolationUnavailable when an
    explicit choice cannot work here (the command line checks it before grading)."""
    return choose(choice)


def grade_file(path: Path, settings: Settings, exercises: Registry | None = None) -> SubmissionResult:
    """Grade one file against the `exercises` registry (the installed TDs by default:
    `grader.registry.installed`); a broken or hostile submission gives a result, not an
    exception."""
    registry = installed() if exercises is None else exercises
    settings.check_exercise(registry)
    start = time.monotonic()
    try:
        code = read_submission(path)
    except NotGradable as exc:
        return SubmissionResult(
            str(path),
            settings.exercise,
            SubmissionStatus.NOT_GRADABLE,
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
            settings.cell_budget,
            preload=preload_modules(code),
            total_budget=settings.total_budget,
            fresh=fresh,
        ) as session,
        private_draws.drawing_for(private_draws.code_digest(c.source for c in code.cells)),
    ):
        result = _grade_code(code, session, settings, registry)
        result.isolation = isolation.mode
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
            outcome = cell_outcome(cell, session.run_cell(cell.source, cell.label, cell.first_lineno))
        outcome.place = cell.place
        if outcome.line:
            # The line may be in a function of another cell that this one called.
            holder = next((c for c in code.cells if outcome.where == c.label), cell)
            if holder is not cell:
                outcome.line_place = holder.place
            outcome.failing_line = failing_line(code, holder, outcome.line)
        outcomes.append(outcome)
    for origin in code.origins:
        if origin.cell_magic:
            place = origin.place
            outcomes.append(
                CellOutcome(
                    origin.index,
                    f"cellule {origin.index}",
                    ok=False,
                    status=CellStatus.NOT_RUN,
                    cell_magic=origin.cell_magic,
                    first_line=place.opening,
                    place=place,
                )
            )
    return sorted(outcomes, key=lambda outcome: outcome.index)


def cell_outcome(cell: Cell, reply: CellReply) -> CellOutcome:
    """The report's row of a cell, from how the worker ran it."""
    first_line = _first_line(cell.source)
    if reply.stopped is not None:  # its budget ran out, or the worker died
        status = CellStatus.TIMEOUT if isinstance(reply.stopped, CallTimeout) else CellStatus.CRASH
        return CellOutcome(
            cell.index,
            cell.label,
            ok=False,
            message=reply.message,
            line=reply.line,
            first_line=first_line,
            seconds=reply.seconds,
            status=status,
            failure=failure_of(reply.stopped),
            where=reply.where,
        )
    return CellOutcome(
        cell.index,
        cell.label,
        ok=reply.ok,
        error=reply.error,
        message=reply.message,
        line=reply.line,
        first_line=first_line,
        seconds=reply.seconds,
        where=reply.where,
    )


def _recognised_note(
    outcomes: Sequence[CellOutcome], cells: Sequence[Cell], names: tuple[str, ...]
) -> tuple[str, dict[str, str]]:
    """Why no cell defines the sheet's names, as far as the code says: the code only calls
    them (a handout still to complete), a cell that does not compile, or classes whose
    methods carry the names (object-oriented code that runs); else only that they are
    not defined."""
    if not names_in_text(cell.source for cell in cells) & set(names):
        return ("recognised_from_calls", {"names": ", ".join(names)})
    if any(outcome.error in COMPILE_ERRORS for outcome in outcomes):
        return ("recognised_from_text", {})
    classes = sorted({c for cell in cells for c in classes_defining(cell.source, names)})
    if classes:
        return ("recognised_from_text_class", {"classes": ", ".join(classes)})
    return ("recognised_from_text_plain", {})


def classes_defining(source: str, names: tuple[str, ...]) -> list[str]:
    """The classes of `source` that define one of `names` as a method (pure)."""
    import ast

    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return []
    wanted = set(names)
    return [
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        and any(
            isinstance(f, (ast.FunctionDef, ast.AsyncFunctionDef)) and f.name in wanted for f in node.body
        )
    ]


def _unavailable(result: SubmissionResult, missing: list[Unavailable]) -> SubmissionResult:
    """`result`, not gradable: the TDs `missing` could not be loaded (a copy recognised as
    no loaded TD may be one of theirs: it is sent to no other, not even as a hint)."""
    result.status, result.reason = SubmissionStatus.NOT_GRADABLE, "exercise_unavailable"
    result.closest, result.closest_names = "", ()
    result.unavailable = tuple((u.id, u.package, u.cause) for u in missing)
    return result


def _first_line(source: str) -> str:
    for line in source.splitlines():
        if line.strip():
            return line.strip()[:80]
    return ""


def _grade_code(
    code: SubmissionCode, session: StudentSession, settings: Settings, exercises: Registry
) -> SubmissionResult:
    result = SubmissionResult(
        str(code.path), None, SubmissionStatus.GRADED, kind=code.kind, total_cells=code.total_cells
    )
    result.cells = run_cells(code, session, settings.all_cells_budget)
    names = session.names()
    result.ignored_magics = names.ignored_magics
    exercise_id: str | None
    if settings.exercise:
        exercise_id, result.detected_by = settings.exercise, "forced"
        other = other_sheet(names.kinds, settings.exercise, signatures_of(exercises))
        if other is not None:  # another TD: said, not marked 0 on the class's questions
            result.exercise, result.detected_by = other.exercise, ", ".join(other.matched)
            result.status, result.reason = SubmissionStatus.NOT_GRADABLE, "other_exercise"
            return result
    else:
        detection = detect(names.kinds, signatures_of(exercises))
        exercise_id, result.detected_by = detection.exercise, ", ".join(detection.matched)
    if exercise_id is None:  # a blank skeleton where no cell compiles, a handout: its text says
        sources = [cell.source for cell in code.cells]
        recognised = recognise(sources, file_text(code.path), signatures_of(exercises), names.kinds)
        if recognised.exercise is not None:
            exercise_id, result.detected_by = recognised.exercise, ", ".join(recognised.matched)
            result.understood.append(_recognised_note(result.cells, code.cells, recognised.matched))
        elif recognised.closest is not None:  # another TD on the same game: named, not graded as it
            result.closest, result.closest_names = recognised.closest, recognised.closest_names
    result.exercise = exercise_id
    missing = unavailable_of(exercises)
    if exercise_id is None and missing:  # maybe the TD that could not be loaded: said, never another
        return _unavailable(result, list(missing.values()))
    if exercise_id is None:
        result.status, result.reason = SubmissionStatus.NOT_GRADABLE, "unknown_exercise"
        return result
    try:
        exercise = exercises[exercise_id]
    except ExerciseUnavailable as exc:
        return _unavailable(result, [exc.unavailable])
    view = StudentView(session, names, settings.call_budget, code.places, unreached(code.cells, result.cells))
    graded = grade_exercise(exercise, view, settings.examples_scale)
    result.understood = result.understood + list(graded.understood)
    result.outcome = graded.outcome
    if any(question.manual for question in exercise.questions):
        text = file_text(code.path)
        cells = notebook_cells(text) if code.kind == "notebook" else module_cells(text)
        questions = [(q.id, q.manual, [spellings[0] for spellings in q.names]) for q in exercise.questions]
        result.answers = manual_answers(cells, questions)
    return marked(result, graded.scored)
