"""Grading one submission file, start to end (never raises for a bad submission)."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..checking import private_draws
from ..checking.bareme import Scored
from ..checking.declare import Registry
from ..checking.grading import grade_exercise
from ..checking.scoring import marked
from ..checking.view import StudentView
from ..errors import CallTimeout, NotGradable
from ..model.results import (
    CellOutcome,
    CellStatus,
    SubmissionKind,
    SubmissionOutcome,
    SubmissionResult,
    SubmissionStatus,
    failure_of,
)
from ..model.settings import Settings
from ..reading.answers import manual_answers, module_cells, notebook_cells
from ..reading.recognise import Recognition, signatures_of, which_exercise
from ..reading.submission import Cell, SubmissionCode, failing_line, preload_modules, read_submission
from ..reading.unreached import unreached
from ..registry import ExerciseUnavailable, Unavailable, installed, unavailable_of
from ..sandbox.confine.isolation import IsolationChoice, choose
from ..sandbox.manage.ahead import AHEAD, WorkerKey
from ..sandbox.manage.calls import CellReply
from ..sandbox.manage.session import StudentSession

log = logging.getLogger(__name__)


def resolve_isolation(choice: str) -> IsolationChoice:
    """The isolation in force (probed once per process); IsolationUnavailable when an
    explicit choice cannot work here (the command line checks it before grading)."""
    return choose(choice)


def grade_file(path: Path, settings: Settings, exercises: Registry | None = None) -> SubmissionResult:
    """Grade one file against the `exercises` registry (the installed TDs by default:
    `grader.registry.installed`); a broken or hostile submission gives a result, not an
    exception. The result is built once, from its parts, when everything is known."""
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
        found = _grade_code(code, session, settings, registry)
    result = SubmissionResult(
        str(code.path),
        found.recognition.exercise,
        SubmissionStatus.GRADED if found.reason == "" else SubmissionStatus.NOT_GRADABLE,
        reason=found.reason,
        kind=code.kind,
        total_cells=code.total_cells,
        understood=found.understood,
        restarts=session.restarts,
        cells=found.cells,
        printed="".join(session.printed),
        detected_by=found.recognition.detected_by,
        closest="" if found.unavailable else found.recognition.closest,
        closest_names=() if found.unavailable else found.recognition.closest_names,
        unavailable=found.unavailable,
        isolation=isolation.mode,
        landlock_abi=isolation.landlock_abi,
        duration_s=round(time.monotonic() - start, 3),
        student_seconds=round(session.student_seconds, 3),
        student_cpu=round(session.student_cpu, 3),
        ignored_magics=found.ignored_magics,
        answers=found.answers,
        outcome=found.outcome,
    )
    return result if found.scored is None else marked(result, found.scored)


@dataclass(frozen=True)
class _Found:
    """What grading a submission's code found: the parts of its result that the code
    gives (the run's own facts, its isolation and times, are added at the end)."""

    cells: list[CellOutcome]
    ignored_magics: list[str]
    recognition: Recognition
    reason: str = ""
    """Why it is not graded ("" when it is): a key of `reason.*`."""
    understood: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    outcome: SubmissionOutcome | None = None
    answers: dict[str, str] = field(default_factory=dict)
    scored: Scored | None = None
    unavailable: tuple[tuple[str, str, str], ...] = ()
    """The TDs that could not be loaded, when the copy is not graded for them."""


def run_cells(code: SubmissionCode, session: StudentSession, budget: float) -> list[CellOutcome]:
    """Run the cells in order, as 'Run all' would; cells past the total budget are skipped.
    A cell magic the grader does not run has its outcome too, in its place."""
    outcomes = []
    deadline = time.monotonic() + budget
    for cell in code.cells:
        if time.monotonic() > deadline:
            outcome = CellOutcome(
                cell.index, cell.label, ok=False, status=CellStatus.SKIPPED, place=cell.place
            )
        else:
            outcome = cell_outcome(cell, session.run_cell(cell.source, cell.label, cell.first_lineno), code)
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


def cell_outcome(cell: Cell, reply: CellReply, code: SubmissionCode | None = None) -> CellOutcome:
    """The report's row of a cell, from how the worker ran it: where it sits and, when it
    failed on a line, that line as the student wrote it (the line may be in a function of
    another cell of `code` that this one called)."""
    holder = cell
    if code is not None and reply.line:
        holder = next((c for c in code.cells if reply.where == c.label), cell)
    stopped = reply.stopped  # its budget ran out, or the worker died
    status = None
    if stopped is not None:
        status = CellStatus.TIMEOUT if isinstance(stopped, CallTimeout) else CellStatus.CRASH
    return CellOutcome(
        cell.index,
        cell.label,
        ok=reply.ok and stopped is None,
        error=reply.error if stopped is None else "",
        message=reply.message,
        line=reply.line,
        first_line=_first_line(cell.source),
        seconds=reply.seconds,
        status=status,
        failure=None if stopped is None else failure_of(stopped),
        place=cell.place,
        where=reply.where,
        line_place=holder.place if holder is not cell else None,
        failing_line=failing_line(code, holder, reply.line) if code is not None and reply.line else "",
    )


def _first_line(source: str) -> str:
    for line in source.splitlines():
        if line.strip():
            return line.strip()[:80]
    return ""


def _grade_code(
    code: SubmissionCode, session: StudentSession, settings: Settings, exercises: Registry
) -> _Found:
    cells = run_cells(code, session, settings.all_cells_budget)
    names = session.names()
    sources = [cell.source for cell in code.cells]
    recognition = which_exercise(
        names.kinds, settings.exercise, signatures_of(exercises), sources, cells, code.text
    )
    understood = [recognition.note] if recognition.note is not None else []
    found = _Found(cells, names.ignored_magics, recognition, understood=understood)
    if recognition.other:
        return replace(found, reason="other_exercise")
    missing = unavailable_of(exercises)
    if recognition.exercise is None and missing:  # maybe a TD that could not be loaded: never another
        return _unavailable(found, list(missing.values()))
    if recognition.exercise is None:
        return replace(found, reason="unknown_exercise")
    try:
        exercise = exercises[recognition.exercise]
    except ExerciseUnavailable as exc:
        return _unavailable(found, [exc.unavailable])
    view = StudentView(session, names, settings.call_budget, code.places, unreached(code.cells, cells))
    graded = grade_exercise(exercise, view, settings.examples_scale)
    answers: dict[str, str] = {}
    if any(question.manual for question in exercise.questions):
        text_cells = (
            notebook_cells(code.text) if code.kind is SubmissionKind.NOTEBOOK else module_cells(code.text)
        )
        questions = [(q.id, q.manual, [spellings[0] for spellings in q.names]) for q in exercise.questions]
        answers = manual_answers(text_cells, questions)
    return replace(
        found,
        understood=[*understood, *graded.understood],
        outcome=graded.outcome,
        answers=answers,
        scored=graded.scored,
    )


def _unavailable(found: _Found, missing: list[Unavailable]) -> _Found:
    """Not gradable: the TDs `missing` could not be loaded (a copy recognised as no
    loaded TD may be one of theirs: it is sent to no other, not even as a hint)."""
    said = tuple((u.id, u.package, u.cause) for u in missing)
    return replace(found, reason="exercise_unavailable", unavailable=said)
