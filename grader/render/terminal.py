"""The terminal report: question by question, then the total and the mark (pure text)."""

from __future__ import annotations

from ..model.results import CellStatus, QuestionStatus, SubmissionResult
from ..model.text import number
from .feedback import (
    INDENT,
    cell_message,
    cells_summary,
    copies_counted,
    detection_message,
    does_not_run_message,
    not_gradable_reason,
    overrides,
    question_feedback,
    question_title,
    review_flags,
    total_line,
    with_extra_files,
)
from .sanitize import safe_line, safe_text
from .text import STATUS, tr

SYMBOLS = {
    QuestionStatus.PASSED: "✓",
    QuestionStatus.PARTIAL: "~",
    QuestionStatus.FAILED: "✗",
    QuestionStatus.MISSING: "∅",
    QuestionStatus.ERROR: "!",
    QuestionStatus.TIMEOUT: "⌛",
    QuestionStatus.MANUAL: "?",
}
WIDTH = 72
NAME_WIDTH = 40
"""The summary's name column: longer names are cut, with "…" where (see `cut`)."""
HEAD_KEPT = 10
"""A cut label naming a file keeps at least this much of its start before the file's name."""


def render_submission(result: SubmissionResult, lang: str) -> str:
    lines = ["═" * WIDTH, safe_line(result.path)]
    if not result.graded:
        lines.append(tr(lang, "not_gradable", path=result.path, reason=not_gradable_reason(result, lang)))
        if result.reason == "grader_error":
            lines.append(INDENT + result.detail)  # the version and the exception, to report it
        lines.extend(_cells(result, lang))
        return safe_text("\n".join(lines))
    warning = does_not_run_message(result, lang)
    if warning:  # before anything else: the mark below is not that of a file that runs
        lines.append(warning)
    lines.append(detection_message(result, lang))
    for key, values in result.understood:
        lines.append(tr(lang, key, **values))
    lines.extend(_cells(result, lang))
    lines.append("─" * WIDTH)
    for question in result.questions:
        label = f"{SYMBOLS[question.status]} {question.id:<4}{question_title(question, lang)}"
        status = STATUS(lang, question.status)
        if question.status is QuestionStatus.MANUAL and not question.max_score:
            lines.append(f"{label}  ({status})")
            continue
        score = f"{number(question.score, lang)}/{number(question.max_score, lang)}"
        lines.append(f"{label:<52}{score:>8}  {status}")
        if (
            question.override is not None and question.status is not QuestionStatus.MANUAL
        ):  # beside the automatic
            lines.append(INDENT + tr(lang, "override", auto=number(question.auto_score, lang)))
        feedback = question_feedback(question, lang)
        lines.extend(INDENT + row for row in feedback.splitlines())
    lines.append("─" * WIDTH)
    lines.append(total_line(result, lang))
    return safe_text("\n".join(lines))  # student text is in it: escaped once, here


def _cells(result: SubmissionResult, lang: str) -> list[str]:
    if not result.cells:
        return []
    shown = [c for c in result.cells if not c.ok]
    lines = [cells_summary(result, lang)]
    for cell in shown:
        first, *rest = cell_message(cell, lang).splitlines()
        lines.append(INDENT + ("– " if cell.status is CellStatus.NOT_RUN else "✗ ") + first)
        lines.extend(INDENT + row for row in rest)
    if result.ignored_magics:
        lines.append(INDENT + tr(lang, "ignored_magics", magics=", ".join(result.ignored_magics)))
    return lines


def render_summary(results: list[SubmissionResult], lang: str) -> str:
    """The class at a glance: each student, the mark on the class's scale, the questions
    to review; the exercise of each copy when the class mixes TDs, and a mean per exercise."""
    graded = [r for r in results if r.graded]
    names = [safe_line(r.student or r.path) for r in results]
    width = min(NAME_WIDTH, max([len(n) for n in names] + [10]))
    exercises = list(dict.fromkeys(r.exercise for r in results if r.exercise))
    mixed = len(exercises) > 1
    column = max((len(e) for e in exercises), default=0)
    lines = ["═" * WIDTH]
    for name, r in zip(names, results, strict=False):
        if r.graded:
            mark = f"{number(r.mark, lang):>5} / {number(r.scale, lang)}"
            failed = ", ".join(
                [
                    *review_flags(r, lang),
                    *(q.id for q in r.questions if q.left_to_review),
                    *overrides(r, lang),
                ]
            )
        else:
            mark = f"{'—':>5}     "
            failed = not_gradable_reason(r, lang)
        exercise = f"{safe_line(r.exercise or '—'):<{column}}  " if mixed else ""
        lines.append(f"{cut(name, width):<{width}}  {exercise}{mark}  {failed}".rstrip())
    if not mixed:
        copies, extra = copies_counted(results)
        lines.append(with_extra_files(_summary_line(copies, graded, lang), extra, lang))
    else:
        for exercise in exercises:
            marks = [r.mark for r in graded if r.exercise == exercise]
            if marks:
                average = number(round(sum(marks) / len(marks), 2), lang)
                scale = number(next(r.scale for r in graded if r.exercise == exercise), lang)
                lines.append(
                    tr(
                        lang,
                        "summary.exercise",
                        exercise=exercise,
                        count=len(marks),
                        mean=average,
                        scale=scale,
                    )
                )
    weak = sum(r.isolation_weak for r in results)
    if weak:  # the reference was readable to these: never silent
        lines.append(tr(lang, "isolation.summary_weak", count=weak))
    return safe_text("\n".join(lines))


def cut(text: str, width: int) -> str:
    """`text` in at most `width` characters, "…" where it is cut: at its end, but for a
    label naming a file (`élève/fichier`), whose file's name is kept whole when it leaves
    room for the start (`Léa Martin_6502301…/td10_brouillon.ipynb`), else the start up to its
    first `/` (at most half) and as much of the end as fits."""
    if len(text) <= width:
        return text
    kept = width - 1
    if "/" not in text:
        return text[:kept] + "…"
    first, last = text[: text.index("/") + 1], text[text.rindex("/") :]
    if len(last) + min(len(first), HEAD_KEPT) <= kept:
        return text[: kept - len(last)] + "…" + last
    head = first if len(first) <= kept // 2 else text[: kept // 2]
    return head + "…" + text[len(text) - (kept - len(head)) :]


def _summary_line(count: int, graded: list[SubmissionResult], lang: str) -> str:
    """`Bilan : 5 copie(s), moyenne 14,5 / 20`; the mean is the graded copies' only."""
    if not graded:
        return tr(lang, "summary_none", count=count)
    mean = number(round(sum(r.mark for r in graded) / len(graded), 2), lang)
    key = "summary" if len(graded) == count else "summary_some"
    scale = number(graded[0].scale, lang)
    return tr(lang, key, count=count, graded=len(graded), mean=mean, scale=scale)
