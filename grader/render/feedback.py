"""The feedback text of a question and of a check, in the student's language (pure)."""

from __future__ import annotations

from ..messages import number, tr
from ..results import CellOutcome, CheckResult, CheckStatus, QuestionResult, QuestionStatus

INDENT = "    "


def check_message(check: CheckResult, lang: str) -> str:
    """What went wrong in one check: the call, expected, obtained, the board, a note."""
    if check.status is CheckStatus.PASSED:
        return ""
    lines = []
    evidence = check.evidence
    if check.error == "internal":
        return tr(lang, "internal")
    if evidence is not None and evidence.call:
        lines.append(f"{tr(lang, 'call')} : {evidence.call}" if lang == "fr"
                     else f"{tr(lang, 'call')}: {evidence.call}")
    sep = " : " if lang == "fr" else ": "
    if check.status is CheckStatus.ERROR:
        line = (tr(lang, "raised_line", line=check.error_line, where=check.error_where or "?")
                if check.error_line else "")
        key = "crashed" if check.error.startswith("worker died") else "raised"
        lines.append(tr(lang, key, error=check.error, line=line))
    elif check.status is CheckStatus.TIMEOUT:
        lines.append(tr(lang, "timed_out", error=check.error))
    elif evidence is not None:
        if evidence.expected:
            lines.append(f"{tr(lang, 'expected')}{sep}{evidence.expected}")
        if evidence.obtained:
            lines.append(f"{tr(lang, 'obtained')}{sep}{evidence.obtained}")
    if evidence is not None and evidence.note.get(lang):
        lines.append(f"{tr(lang, 'note')}{sep}{evidence.note[lang]}")
    if evidence is not None and evidence.board:
        lines.append(f"{tr(lang, 'board')}{sep.rstrip()}")
        lines.extend(INDENT + row for row in evidence.board.splitlines())
    return "\n".join(lines)


def question_feedback(question: QuestionResult, lang: str) -> str:
    """The whole feedback of a question: missing names, then each failing check."""
    lines = []
    if question.status is QuestionStatus.MANUAL:
        return tr(lang, "manual")
    for name in question.missing:
        close = question.suggestions.get(name) or []
        lines.append(tr(lang, "missing_close", name=name, close=", ".join(close)) if close
                     else tr(lang, "missing", name=name))
    for name, found in question.aliases.items():
        lines.append(tr(lang, "alias", name=name, found=found))
    for key, values in question.notes:
        lines.append(tr(lang, key, **values))
    for check in question.checks:
        if check.status is CheckStatus.PASSED:
            continue
        status = tr(lang, f"check.{check.status.value}")
        lines.append(f"✗ {check.description.get(lang, '')} ({status}, {number(check.points)} pt)")
        lines.extend(INDENT + row for row in check_message(check, lang).splitlines())
    return "\n".join(lines)


def cell_message(cell: CellOutcome, lang: str) -> str:
    if cell.error == "Timeout":
        error, message = tr(lang, "cell_timeout", seconds=cell.message), ""
    else:
        error, message = cell.error, f": {cell.message}" if cell.message else ""
    line = tr(lang, "cell_line", line=cell.line) if cell.line else ""
    text = tr(lang, "cell_failed", label=cell.label.capitalize(), error=error, message=message,
              line=line, first_line=cell.first_line)
    hint = tr(lang, f"cell_hint.{cell.error}")
    return text if hint == f"cell_hint.{cell.error}" else f"{text}\n  → {hint}"
