"""The class marks table (`--csv`): one row per submission (pure text).

French spreadsheets (Excel and LibreOffice in a French locale) split on ';' and read
'12,5' as a number; English ones expect ',' and '12.5'. The format follows `--lang`,
and the file starts with a UTF-8 BOM so that Excel reads accents right.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

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


def render_csv(results: Sequence[SubmissionResult], lang: str) -> str:
    separator = SEPARATORS.get(lang, SEPARATORS["fr"])

    def num(value: float) -> str:
        return number(value, lang)

    columns = question_columns(results)
    mixed = len({exercise for exercise, _, _ in columns}) > 1
    header = [tr(lang, "csv.student"), tr(lang, "csv.file"), tr(lang, "csv.exercise"), tr(lang, "csv.status")]
    header += [
        f"{exercise + ' ' if mixed else ''}{qid} (/{num(points)})" for exercise, qid, points in columns
    ]
    scales = {r.scale for r in results if r.graded}
    scale = scales.pop() if len(scales) == 1 else 20.0
    # the teacher gave points, or a copy does not run as written: what to look at again
    overridden = any(q.override is not None for r in results for q in r.questions) or any(
        r.review for r in results
    )
    header += [
        tr(lang, "csv.total"),
        tr(lang, "csv.max"),
        tr(lang, "csv.mark") if scale == 20 else tr(lang, "csv.mark_on", scale=num(scale)),
        tr(lang, "csv.seconds"),
        tr(lang, "csv.isolation"),
    ]
    if overridden:
        header.append(tr(lang, "csv.review"))
    by_hand = any(overrides(r, lang) for r in results)
    if by_hand:  # the teacher's points in place of the automatic score, that score beside
        header.append(tr(lang, "csv.overrides"))
    out = io.StringIO()
    writer = csv.writer(out, delimiter=separator, lineterminator="\r\n")
    writer.writerow(header)
    for result in results:
        # a question graded by hand whose points are not given yet: an empty cell to fill, not 0
        scores = {
            (result.exercise or "", q.id): q.score
            for q in result.questions
            if q.status is not QuestionStatus.MANUAL or q.override is not None
        }
        graded = result.graded
        status = (
            tr(lang, "csv.graded")
            if graded
            else tr(lang, "csv.not_gradable", reason=not_gradable_reason(result, lang))
        )
        # Text cells may hold student text (file and folder names): never a formula.
        # Mark cells are numbers the grader computed, left as they are.
        row = [
            safe_cell(t) for t in (result.student or result.path, result.path, result.exercise or "", status)
        ]
        row += [num(scores[(ex, qid)]) if (ex, qid) in scores else "" for ex, qid, _ in columns]
        row += [
            num(result.score) if graded else "",
            num(result.max_score) if graded else "",
            (num(result.mark) if scale == result.scale else num(result.mark20 * scale / 20))
            if graded
            else "",
            num(round(result.duration_s, 1)),
            result.isolation_label,
        ]
        if overridden:
            row.append(
                safe_cell(
                    ", ".join(
                        [*review_flags(result, lang), *(q.id for q in result.questions if q.left_to_review)]
                    )
                )
            )
        if by_hand:
            row.append(safe_cell(", ".join(overrides(result, lang))))
        writer.writerow(row)
    return BOM + out.getvalue()
