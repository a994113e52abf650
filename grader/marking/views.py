"""What every report shows of a copy: its outcome scored with the class's barème and the
teacher's rows (pure; the scoring itself is `grader.checking.scoring`'s one pass).

A copy of another TD than the class's is said so (`autre TD : domineering`), with no
mark. Points a row gives a question replace its automatic score; the class record
remembers, per override, the row as typed and the automatic score beside it then
(`Seen`): when that score has changed since and the row has not, the scoring pass flags
the question for review (`override_review`). Editing the row (its points or its
comment) confirms it: what is remembered is the row as it is now.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from ..checking.bareme import DEFAULT as DEFAULT_SCORING
from ..checking.bareme import Bareme
from ..checking.declare import Exercise
from ..checking.scoring import StaleOutcome, rescored
from ..model.results import QuestionResult, SubmissionResult, SubmissionStatus, TeacherComment
from .config import DEFAULT, BaremeFile, question_points
from .manual import ManualRow, Slot
from .record import Seen
from .rubric import applied, items_text, rubric_points


def scoring_bareme(bareme: BaremeFile) -> Bareme:
    """The teacher's file as the scoring pass's barème. `arrondi` 0 (none) and 0.01 are
    both the pass's hundredth (every mark is shown to the hundredth)."""
    if bareme == DEFAULT:
        return DEFAULT_SCORING
    return Bareme(
        points=dict(bareme.points),
        omitted=frozenset(bareme.omitted),
        scale=bareme.scale,
        rounding=0.0 if bareme.rounding <= 0.01 else bareme.rounding,
        bonus=frozenset(bareme.bonus),
        capped=bareme.cap,
    )


def raw(result: SubmissionResult) -> SubmissionResult:
    """What the record keeps of a graded copy: everything but its scoring (its
    questions' results and its mark are built again from `outcome`)."""
    if result.outcome is None:
        return result
    return replace(result, questions=[], score=0.0, max_score=0.0, mark=0.0, scale=20.0)


def in_class(result: SubmissionResult, class_exercise: str | None) -> bool:
    return class_exercise is None or result.exercise == class_exercise


def _copy_changed(question: QuestionResult) -> QuestionResult:
    """The question flagged for review, with the note that says why."""
    note = ("manual_copy_changed", {"points": question.override or 0.0})
    return replace(question, review=True, notes=(*question.notes, note))


def slots(exercise: Exercise[Any], bareme: BaremeFile) -> dict[str, Slot]:
    """The questions of a copy that a row may give points to, with their points."""
    return {
        q.id: Slot(question_points(bareme, q), q.manual, tuple(item.key for item in bareme.rubric(q.id)))
        for q in exercise.questions
        if q.id not in bareme.omitted
    }


@dataclass(frozen=True)
class View:
    """A copy as the reports show it, and the overrides to remember for it."""

    result: SubmissionResult
    seen: dict[str, Seen]


def view_of(
    result: SubmissionResult,
    exercise: Exercise[Any] | None,
    bareme: BaremeFile,
    rows: Mapping[str, ManualRow],
    seen: Mapping[str, Seen],
    class_exercise: str | None,
    copy: str = "",
) -> View:
    """`result` (as the record keeps it) scored for the class; `rows`: the teacher's rows
    for this copy (question -> row; "" for the whole copy); `seen`: the overrides the
    record remembers for it; `copy`: the copy's content hash now ("" unknown)."""
    if not result.graded or exercise is None:
        return View(result, dict(seen))
    if not in_class(result, class_exercise):
        other = replace(
            result, status=SubmissionStatus.NOT_GRADABLE, reason="other_exercise", questions=[], outcome=None
        )
        return View(other, dict(seen))
    overrides = {
        q: points
        for q, row in rows.items()
        if q and (points := row_points(row, exercise, bareme)) is not None
    }
    confirmed = {
        q: was.automatic
        for q, was in seen.items()
        if q in overrides
        and (was.points, was.comment, was.items)
        == (rows[q].points_text, rows[q].comment, items_text(rows[q].items))
    }
    try:
        scored = rescored(result, exercise, scoring_bareme(bareme), overrides, acknowledged=confirmed)
    except StaleOutcome:  # kept by another version's declaration: graded again by the next run
        stale = replace(
            result, status=SubmissionStatus.NOT_GRADABLE, reason="stale", questions=[], outcome=None
        )
        return View(stale, {})
    automatic = {q.id: q.auto_score for q in scored.questions}
    remembered = {
        q: seen[q]
        if q in confirmed
        else Seen(
            rows[q].points_text, rows[q].comment, automatic.get(q, 0.0), copy, items_text(rows[q].items)
        )
        for q in overrides
    }
    changed = {q for q in confirmed if copy and seen[q].copy and seen[q].copy != copy}
    if changed:  # points given to an earlier version of the copy: the teacher looks again
        scored = replace(
            scored, questions=[_copy_changed(q) if q.id in changed else q for q in scored.questions]
        )
    comments = [
        TeacherComment(q, row.shown_comment, row.private) for q, row in rows.items() if row.shown_comment
    ]
    return View(replace(scored, comments=comments + item_comments(rows, bareme)), remembered)


def row_points(row: ManualRow, exercise: Exercise[Any], bareme: BaremeFile) -> float | None:
    """The points a row gives its question: the number typed, else the sum of its rubric
    items (kept between 0 and the question's points); None when it gives none."""
    if row.points is not None or not row.items:
        return row.points
    question = next((q for q in exercise.questions if q.id == row.question), None)
    most = question_points(bareme, question) if question is not None else 0.0
    return rubric_points(row.items, bareme.rubric(row.question), most)


def item_comments(rows: Mapping[str, ManualRow], bareme: BaremeFile) -> list[TeacherComment]:
    """The rubric items each row gives, worded from the barème as it is now: the label,
    the points when they decide the question's (no number typed), the item's comment."""
    return [
        TeacherComment(q, item.comment, item=item.label, points=item.points if row.points is None else None)
        for q, row in rows.items()
        if q and row.items
        for item in applied(row.items, bareme.rubric(q))
    ]
