"""The terminal report: question by question, then the total and the mark (pure text)."""

from __future__ import annotations

from ..messages import number, tr
from ..results import CellStatus, QuestionStatus, SubmissionResult
from .feedback import (
    INDENT,
    cell_message,
    detection_message,
    not_gradable_reason,
    question_feedback,
    question_title,
)
from .sanitize import safe_line, safe_text

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


def render_submission(result: SubmissionResult, lang: str) -> str:
    lines = ["═" * WIDTH, safe_line(result.path)]
    if result.status != "graded":
        lines.append(tr(lang, "not_gradable", path=result.path, reason=not_gradable_reason(result, lang)))
        if result.reason == "grader_error":
            lines.append(INDENT + result.detail)  # the version and the exception, to report it
        lines.extend(_cells(result, lang))
        return safe_text("\n".join(lines))
    lines.append(detection_message(result, lang))
    for key, values in result.understood:
        lines.append(tr(lang, key, **values))
    lines.extend(_cells(result, lang))
    lines.append("─" * WIDTH)
    for question in result.questions:
        label = f"{SYMBOLS[question.status]} {question.id:<4}{question_title(question, lang)}"
        status = tr(lang, f"status.{question.status.value}")
        if question.status is QuestionStatus.MANUAL:
            lines.append(f"{label}  ({status})")
            continue
        score = f"{number(question.score, lang)}/{number(question.max_score, lang)}"
        lines.append(f"{label:<52}{score:>8}  {status}")
        feedback = question_feedback(question, lang)
        lines.extend(INDENT + row for row in feedback.splitlines())
    lines.append("─" * WIDTH)
    lines.append(
        tr(
            lang,
            "total",
            score=number(result.score, lang),
            max_score=number(result.max_score, lang),
            mark=number(result.mark20, lang),
        )
    )
    return safe_text("\n".join(lines))  # student text is in it: escaped once, here


def _cells(result: SubmissionResult, lang: str) -> list[str]:
    if not result.cells:
        return []
    shown = [c for c in result.cells if not c.ok]
    # A cell magic the grader does not run (%%html) is said, not counted as a failure.
    failed = [c for c in shown if c.status is not CellStatus.NOT_RUN]
    key = "cells" if result.kind == "notebook" else "module_cells"
    lines = [tr(lang, key, total=result.total_cells, failed=len(failed))]
    for cell in shown:
        first, *rest = cell_message(cell, lang).splitlines()
        lines.append(INDENT + ("– " if cell.status is CellStatus.NOT_RUN else "✗ ") + first)
        lines.extend(INDENT + row for row in rest)
    if result.ignored_magics:
        lines.append(INDENT + tr(lang, "ignored_magics", magics=", ".join(result.ignored_magics)))
    return lines


def render_summary(results: list[SubmissionResult], lang: str) -> str:
    """The class at a glance: each student, the mark out of 20, the questions to review."""
    graded = [r for r in results if r.status == "graded"]
    mean = sum(r.mark20 for r in graded) / len(graded) if graded else 0.0
    names = [safe_line(r.student or r.path) for r in results]
    width = min(40, max([len(n) for n in names] + [10]))
    lines = ["═" * WIDTH]
    for name, r in zip(names, results, strict=False):
        if r.status == "graded":
            mark = f"{number(r.mark20, lang):>5} / 20"
            failed = ", ".join(q.id for q in r.questions if q.to_review)
        else:
            mark = f"{'—':>5}     "
            failed = not_gradable_reason(r, lang)
        lines.append(f"{name[:width]:<{width}}  {mark}  {failed}")
    lines.append(tr(lang, "summary", count=len(results), mean=number(round(mean, 2), lang)))
    weak = sum(r.isolation_weak for r in results)
    if weak:  # the reference was readable to these: never silent
        lines.append(tr(lang, "isolation.summary_weak", count=weak))
    return safe_text("\n".join(lines))
