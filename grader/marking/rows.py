"""The teacher's rows for a class run (`--manual FILE`): the table prepared (created
once, the side file for students added later), read, checked against the class's
copies, and what the teacher is told about it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..model.text import number
from .manual import ManualFileError, ManualMarks, ManualRow, Slot, check_rows, prepare, read_manual, side_file
from .text import MANUAL_REFUSED, tr
from .views import slots

if TYPE_CHECKING:
    from ..checking.declare import Exercise
    from .config import BaremeFile


def read_rows(
    path: Path, copies: dict[str, Exercise[Any]], bareme: BaremeFile, lang: str, create: bool = True
) -> tuple[ManualMarks | None, list[str], list[str]]:
    """The rows that apply to `copies` (student -> the exercise their copy answers), the
    lines for the teacher (the table created, the side file, the rows refused, the
    students still without points for a question graded by hand), and those of them the
    teacher must act on (a table that cannot be read, a row refused). `create`: False after
    an interrupted run, whose class is partial: a missing table is not created from it."""
    per_student = {student: slots(exercise, bareme) for student, exercise in copies.items()}
    manual_questions = list(
        dict.fromkeys(q for questions in per_student.values() for q, slot in questions.items() if slot.manual)
    )
    if not create and not path.exists():
        return None, [tr(lang, "manual.not_created", path=path)], []
    try:
        done, sources = prepare(path, list(copies), manual_questions, lang)
        marks = check_rows(sources, per_student)
    except ManualFileError as exc:
        return None, [exc.why(lang)], [exc.why(lang)]
    said = []
    if done.created:
        said.append(tr(lang, "manual.created", path=path, rows=len(copies) * len(manual_questions)))
    if done.side_written:
        said.append(tr(lang, "manual.side_written", count=done.side_written, path=path, side=side_file(path)))
    if done.side_kept:
        said.append(tr(lang, "manual.side_kept", side=sources[-1][0]))
    if done.missing:
        said.append(tr(lang, "manual.missing", path=path, names=", ".join(done.missing)))
    said += missing_points(marks, per_student, lang)
    refusals = []
    for refused in marks.refused:
        row = refused.row
        why = MANUAL_REFUSED(
            lang,
            refused.reason,
            student=row.student,
            question=row.question,
            points=row.points_text,
            detail=number(float(refused.detail), lang) if refused.reason == "range" else refused.detail,
        )
        refusals.append(tr(lang, "manual.refused", path=refused.source, line=row.line, why=why))
    return marks, said + refusals, refusals


MISSING_NAMED = 8
"""Students without points for a question graded by hand are named up to this many."""


def missing_points(marks: ManualMarks, per_student: dict[str, dict[str, Slot]], lang: str) -> list[str]:
    """For each question graded by hand and worth points, the students of the class who
    have no points for it yet (by name when few): said before any export."""
    said = []
    questions = dict.fromkeys(
        q for slots_ in per_student.values() for q, slot in slots_.items() if slot.manual and slot.points
    )
    for question in questions:
        concerned = [s for s, slots_ in per_student.items() if question in slots_]
        missing = [s for s in concerned if not _given(marks.of(s).get(question))]
        if not missing:
            continue
        names = ", ".join(missing) if len(missing) <= MISSING_NAMED else ""
        key = "manual.missing_points_named" if names else "manual.missing_points"
        said.append(tr(lang, key, question=question, count=len(missing), total=len(concerned), names=names))
    return said


def _given(row: ManualRow | None) -> bool:
    """Whether a row gives points: a number typed, or rubric items ticked."""
    return row is not None and (row.points is not None or bool(row.items))


def rows_of(path: Path, student: str, exercise: Exercise[Any], bareme: BaremeFile) -> dict[str, ManualRow]:
    """The rows that apply to one copy, read only (no table created, no side file written,
    nothing said: `read_rows` does that once the class is graded), for the progress line;
    none when the files cannot be read."""
    try:
        sources = [(path, read_manual(path))] if path.exists() else []
        side = side_file(path)
        if side.exists():
            sources.append((side, read_manual(side)))
    except ManualFileError:
        return {}
    return check_rows(sources, {student: slots(exercise, bareme)}).of(student)
