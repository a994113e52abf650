"""The class marks table (`--csv`): one row per submission (pure text).

French spreadsheets (Excel and LibreOffice in a French locale) split on ';' and read
'12,5' as a number; English ones expect ',' and '12.5'. The format follows `--lang`,
and the file starts with a UTF-8 BOM so that Excel reads accents right.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from dataclasses import dataclass

from ..model.results import QuestionStatus, SubmissionResult
from ..model.text import number
from .feedback import not_gradable_reason, overrides, review_flags
from .sanitize import safe_cell
from .text import tr

BOM = "\ufeff"
SEPARATORS = {"fr": ";", "en": ","}
"""Field separator per language (the decimal one is `number`'s)."""


def question_columns(results: Sequence[SubmissionResult]) -> list[tuple[str, str, float]]:
    """(exercise, question id, max score) of every question seen, in the exercises' order;
    the exercise is named in the header only when the batch mixes exercises."""
    columns: dict[tuple[str, str], float] = {}
    for result in results:
        for question in result.questions:
            # a question graded by hand has a column once the barème gives it points (Q16 = 2)
            if question.status is not QuestionStatus.MANUAL or question.max_score:
                columns.setdefault((result.exercise or "", question.id), question.max_score)
    return [(exercise, qid, points) for (exercise, qid), points in columns.items()]


@dataclass(frozen=True)
class _Table:
    """What every row of the table shares: its question columns, its scale, its extra columns."""

    columns: list[tuple[str, str, float]]
    scale: float
    review: bool
    """A column of what to look at again: the teacher gave points, or a copy does not run."""
    by_hand: bool
    """A column of the teacher's points in place of the automatic score, that score beside."""


def render_csv(results: Sequence[SubmissionResult], lang: str) -> str:
    scales = {r.scale for r in results if r.graded}
    table = _Table(
        question_columns(results),
        scales.pop() if len(scales) == 1 else 20.0,
        any(q.override is not None for r in results for q in r.questions) or any(r.review for r in results),
        any(overrides(r, lang) for r in results),
    )
    out = io.StringIO()
    writer = csv.writer(out, delimiter=SEPARATORS.get(lang, SEPARATORS["fr"]), lineterminator="\r\n")
    writer.writerow(_header(table, lang))
    writer.writerows(_row(result, table, lang) for result in results)
    return BOM + out.getvalue()


def _header(table: _Table, lang: str) -> list[str]:
    mixed = len({exercise for exercise, _, _ in table.columns}) > 1
    header = [tr(lang, "csv.student"), tr(lang, "csv.file"), tr(lang, "csv.exercise"), tr(lang, "csv.status")]
    header += [
        f"{exercise + ' ' if mixed else ''}{qid} (/{number(points, lang)})"
        for exercise, qid, points in table.columns
    ]
    header += [
        tr(lang, "csv.total"),
        tr(lang, "csv.max"),
        tr(lang, "csv.mark")
        if table.scale == 20
        else tr(lang, "csv.mark_on", scale=number(table.scale, lang)),
        tr(lang, "csv.seconds"),
        tr(lang, "csv.isolation"),
    ]
    if table.review:
        header.append(tr(lang, "csv.review"))
    if table.by_hand:
        header.append(tr(lang, "csv.overrides"))
    return header


def _row(result: SubmissionResult, table: _Table, lang: str) -> list[str]:
    def num(value: float) -> str:
        return number(value, lang)

    # a question graded by hand whose points are not given yet: an empty cell to fill, not 0
    scores = {
        (result.exercise or "", q.id): q.score
        for q in result.questions
        if q.status is not QuestionStatus.MANUAL or q.override is not None
    }
    graded = result.graded
    if graded:
        status = tr(lang, "csv.graded")
    elif result.is_copy:
        status = tr(lang, "csv.not_gradable", reason=not_gradable_reason(result, lang))
    else:  # a student without a copy, a student's other file: not a copy that failed
        status = not_gradable_reason(result, lang)
    # Text cells may hold student text (file and folder names): never a formula.
    # Mark cells are numbers the grader computed, left as they are.
    row = [safe_cell(t) for t in (result.student or result.path, result.path, result.exercise or "", status)]
    row += [num(scores[(ex, qid)]) if (ex, qid) in scores else "" for ex, qid, _ in table.columns]
    mark = num(result.mark) if table.scale == result.scale else num(result.mark20 * table.scale / 20)
    row += [
        num(result.score) if graded else "",
        num(result.max_score) if graded else "",
        mark if graded else "",
        num(round(result.duration_s, 1)),
        result.isolation_label,
    ]
    if table.review:
        flags = [*review_flags(result, lang), *(q.id for q in result.questions if q.left_to_review)]
        row.append(safe_cell(", ".join(flags)))
    if table.by_hand:
        row.append(safe_cell(", ".join(overrides(result, lang))))
    return row
