"""The report in the format of Moodle's VPL plugin (Virtual Programming Lab).

VPL reads the output of the evaluation: the last line starting with `Grade :=>>` is the
proposed grade; comments are lines starting with `Comment :=>>`, or every line between
a line `<|--` and a line `--|>`; inside comments a line starting with `-` is a title and
one starting with `>` is preformatted text (docs/how-to/moodle-vpl.md).

Every text line we print inside the block starts with `-` or `>`, so no text, whatever
the student wrote, can start a line with `Grade :=>>` or `Comment :=>>`, or be `<|--` or
`--|>`; text is split on every line break Python knows (a superset of VPL's), and no
`\r` is left: VPL splits on `\r\n` alone as soon as the output holds one.
"""

from __future__ import annotations

from ..model.results import CellStatus, QuestionStatus, SubmissionResult
from ..model.text import number
from .feedback import (
    cell_message,
    cells_summary,
    detection_message,
    does_not_run_message,
    not_gradable_reason,
    question_feedback,
    total_line,
)
from .sanitize import safe_text
from .terminal import SYMBOLS
from .text import STATUS, tr

BEGIN, END, GRADE = "<|--", "--|>", "Grade :=>>"
DEFAULT_MAX = 20.0


def _lines(prefix: str, text: str) -> list[str]:
    """`text` as VPL comment lines, each behind `prefix` (`-` title, `>` preformatted),
    made safe as every report's text is (a browser shows them: no bidirectional control)."""
    return [prefix + line for line in (safe_text(text).splitlines() or [""])]


def _title(text: str) -> list[str]:
    # A title is one line; VPL would take a trailing "(-N)" for a grade reduction.
    return _lines("-", " ".join(text.split()).replace("(-", "( -"))[:1]


def vpl_grade(result: SubmissionResult, vpl_max: float = DEFAULT_MAX) -> float | None:
    """The mark scaled to `vpl_max` (VPL's maximum grade), None when not graded."""
    if not result.graded or not result.max_score:
        return None
    return round(vpl_max * result.score / result.max_score, 2)


def grade_text(grade: float) -> str:
    """14.5 -> '14.5', 20.0 -> '20': a plain decimal, whatever the language (VPL parses it)."""
    return f"{grade:.2f}".rstrip("0").rstrip(".")


def render_vpl(result: SubmissionResult, lang: str, vpl_max: float = DEFAULT_MAX) -> str:
    """One submission's report as VPL output: a comment block, then the grade line.

    A submission that could not be graded gets no grade line: VPL then proposes no
    mark, as the CSV leaves the mark empty, rather than a 0 the student did not earn.
    """
    lines = [BEGIN]
    if not result.graded:
        lines += _title(tr(lang, "not_gradable_title"))
        lines += _lines(
            ">", tr(lang, "not_gradable", path=result.path, reason=not_gradable_reason(result, lang))
        )
        lines += _cells(result, lang)
        lines.append(END)
        return "\n".join(lines)
    warning = does_not_run_message(result, lang)
    if warning:  # first: the grade below is not that of a file that runs
        lines += _lines(">", warning)
    lines += _lines(">", detection_message(result, lang))
    for key, values in result.understood:
        lines += _lines(">", tr(lang, key, **values))
    lines += _cells(result, lang)
    for question in result.questions:
        status = STATUS(lang, question.status)
        if question.status is QuestionStatus.MANUAL:
            lines += _title(f"{SYMBOLS[question.status]} {question.id} {question.title} ({status})")
            continue
        score = f"{number(question.score, lang)}/{number(question.max_score, lang)} ({status})"
        lines += _title(
            tr(
                lang,
                "labelled",
                label=f"{SYMBOLS[question.status]} {question.id} {question.title}",
                text=score,
            )
        )
        feedback = question_feedback(question, lang)
        if feedback:
            lines += _lines(">", feedback)
    lines += _title(total_line(result, lang))
    lines.append(END)
    grade = vpl_grade(result, vpl_max)
    lines.append(f"{GRADE} {grade_text(grade)}" if grade is not None else "")
    return "\n".join(lines).rstrip("\n")


def _cells(result: SubmissionResult, lang: str) -> list[str]:
    failed = [c for c in result.cells if not c.ok]
    if not result.cells:
        return []
    lines = _lines(">", cells_summary(result, lang))
    for cell in failed:
        mark = "– " if cell.status is CellStatus.NOT_RUN else "✗ "
        lines += _lines(">    ", mark + cell_message(cell, lang))
    return lines
