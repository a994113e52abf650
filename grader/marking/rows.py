"""The teacher's rows for a class run (`--manual FILE`): the table prepared (created
once, the side file for students added later), read, checked against the class's
copies, and what the teacher is told about it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..model.messages import tr
from .manual import ManualFileError, ManualMarks, ManualRow, check_rows, prepare, read_manual, side_file
from .views import slots

if TYPE_CHECKING:
    from ..checking.declare import Exercise
    from .config import BaremeFile


def read_rows(
    path: Path, copies: dict[str, Exercise[Any]], bareme: BaremeFile, lang: str
) -> tuple[ManualMarks | None, list[str]]:
    """The rows that apply to `copies` (student -> the exercise their copy answers), and
    the lines for the teacher (the table created, the side file, the rows refused)."""
    per_student = {student: slots(exercise, bareme) for student, exercise in copies.items()}
    manual_questions = list(
        dict.fromkeys(q for questions in per_student.values() for q, slot in questions.items() if slot.manual)
    )
    try:
        done, sources = prepare(path, list(copies), manual_questions, lang)
        marks = check_rows(sources, per_student)
    except ManualFileError as exc:
        return None, [exc.words(lang)]
    said = []
    if done.created:
        said.append(tr(lang, "manual.created", path=path, rows=len(copies) * len(manual_questions)))
    if done.side_written:
        said.append(tr(lang, "manual.side_written", count=done.side_written, path=path, side=side_file(path)))
    if done.side_kept:
        said.append(tr(lang, "manual.side_kept", side=sources[-1][0]))
    if done.missing:
        said.append(tr(lang, "manual.missing", path=path, names=", ".join(done.missing)))
    for refused in marks.refused:
        row = refused.row
        why = tr(
            lang,
            f"manual.refused.{refused.reason}",
            student=row.student,
            question=row.question,
            points=row.points_text,
            detail=refused.detail,
        )
        said.append(tr(lang, "manual.refused", path=refused.source, line=row.line, why=why))
    return marks, said


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
