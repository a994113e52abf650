"""Grade a module's source as a student `.py` submission, on chosen questions only.

This is `grader.app.runner.grade_file` with the question loop restricted: the same
reading, worker, isolation, cells, `prepare` and checks (`grader.checking.running.run_check`),
and a question's score is the sum of its passing checks as in a full run. Two
shortcuts only save time: only the questions a mutant reaches are graded, and with
`stop_at_loss` a question stops at its first check that fails (the mutant has lost
points there; a looping mutant would otherwise cost every check's time budget).
"""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..app.runner import resolve_isolation, run_cells
from ..checking.context import CheckContext
from ..checking.declare import Exercise, Question
from ..checking.running import run_check
from ..checking.view import StudentView
from ..model.results import CheckStatus
from ..model.settings import Settings
from ..reading.submission import read_submission
from ..sandbox.manage.session import StudentSession


@dataclass
class QuestionScore:
    id: str
    score: float
    max_score: float
    status: str
    failed_checks: list[str] = field(default_factory=list)

    @property
    def full(self) -> bool:
        return self.score >= self.max_score


def grade_source(
    source: str,
    exercise_id: str,
    question_ids: set[str] | None,
    settings: Settings | None = None,
    stop_at_loss: bool = True,
) -> dict[str, QuestionScore]:
    """{question id: score} of `source` graded as the exercise's submission."""
    from ..registry import installed

    settings = settings or Settings(exercise=exercise_id)
    with tempfile.TemporaryDirectory(prefix="mmg-mutant-") as folder:
        path = Path(folder) / "copie_mutant.py"
        path.write_text(source, "utf-8")
        code = read_submission(path)
        isolation = resolve_isolation(settings.isolation)
        with StudentSession(
            code.module_name, settings.limits, isolation.mode, settings.cell_budget
        ) as session:
            run_cells(code, session, settings.all_cells_budget)
            view = StudentView(session, session.names(), settings.call_budget)
            exercise = installed()[exercise_id]
            if exercise.worker_side is not None:  # as grader.checking.running does
                view.define_worker_side(exercise.worker_side)
            state = exercise.prepare(view)
            scores = {}
            for question in exercise.questions:
                if question_ids is not None and question.id not in question_ids:
                    continue
                scores[question.id] = _grade_question(question, view, state, settings, stop_at_loss, exercise)
                if stop_at_loss and not scores[question.id].full:
                    break  # killed: the other questions cannot change that
    return scores


def _grade_question(
    question: Question,
    view: StudentView,
    state: Any,
    settings: Settings,
    stop_at_loss: bool,
    exercise: Exercise[Any] | None = None,
) -> QuestionScore:
    """`grader.checking`'s scoring, checks in their order."""
    if any(view.resolve(spellings) is None for spellings in question.names):
        return QuestionScore(question.id, 0.0, question.max_score, "missing", ["(names missing)"])
    for spellings in question.names:
        found = view.resolve(spellings)
        if found is not None and found != spellings[0]:
            view.aliases[spellings[0]] = found
    ctx = CheckContext(view, state, examples_scale=settings.examples_scale)
    if exercise is not None:  # the submission's representation and the sheet's drawing
        ctx.to_student, ctx.draw = exercise.to_student, exercise.draw
    score, failed = 0.0, list[str]()
    for check in question.checks:
        result = run_check(check, ctx)
        if result.status is CheckStatus.PASSED:
            score += check.points
        else:
            failed.append(f"{check.name}:{result.status.value}")
            if stop_at_loss:
                break
    status = "passed" if not failed else "lost_points"
    return QuestionScore(question.id, round(score, 4), question.max_score, status, failed)
