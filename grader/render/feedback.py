"""The feedback text of a question and of a check, in the student's language (pure)."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..messages import number, place, tr
from ..results import CellOutcome, CheckResult, CheckStatus, QuestionResult, QuestionStatus, SubmissionResult

INDENT = "    "


@dataclass
class CheckParts:
    """A failing check's feedback as parts, for renderers that lay them out (HTML)."""

    rows: list[tuple[str, str]] = field(default_factory=list)
    """(label, text) in reading order: the call, the error, expected, obtained, a note;
    the label is empty for a whole sentence (the error)."""
    board: str = ""


CRASHES = (("exit status", "crash.exit"), ("killed by signal SIGKILL", "crash.killed"),
           ("killed by signal SIGXCPU", "crash.cpu"), ("killed by signal", "crash.signal"),
           ("channel corrupted", "crash.channel"), ("too many processes", "crash.processes"),
           ("too many restarts", "crash.restarts"))
"""Engine descriptions of a dead worker (grader.sandbox), and their explanation."""


def failure_text(error: str, line: str, lang: str) -> str:
    """Why a call gave no value, in the reader's language (the engine's text is English)."""
    if error.startswith("value too large"):
        return tr(lang, "too_large", detail=error.partition(": ")[2])
    if not error.startswith("worker died"):
        return tr(lang, "raised", error=error, line=line)
    description = error.partition(": ")[2]
    for prefix, key in CRASHES:
        if description.startswith(prefix):
            return tr(lang, "crashed", error=tr(lang, key, detail=description[len(prefix):].strip()))
    return tr(lang, "crashed", error=description)


def check_parts(check: CheckResult, lang: str) -> CheckParts:
    """What went wrong in one check: the call, expected, obtained, a note, the board."""
    parts = CheckParts()
    if check.status is CheckStatus.PASSED:
        return parts
    if check.error == "internal":
        parts.rows.append(("", tr(lang, "internal")))
        return parts
    evidence = check.evidence
    if evidence is not None and evidence.call:
        parts.rows.append((tr(lang, "call"), evidence.call))
    if check.status is CheckStatus.ERROR:
        line = (tr(lang, "raised_line", line=check.error_line, where=place(check.error_where or "?", lang))
                if check.error_line else "")
        parts.rows.append(("", failure_text(check.error, line, lang)))
    elif check.status is CheckStatus.TIMEOUT:
        parts.rows.append(("", tr(lang, "timed_out", error=check.error)))
    elif evidence is not None:
        if evidence.expected:
            parts.rows.append((tr(lang, "expected"), evidence.expected))
        if evidence.obtained:
            parts.rows.append((tr(lang, "obtained"), evidence.obtained))
    if evidence is not None and evidence.note.get(lang):
        parts.rows.append((tr(lang, "note"), evidence.note[lang]))
    if evidence is not None:
        parts.board = evidence.board
    return parts


def check_message(check: CheckResult, lang: str) -> str:
    """What went wrong in one check, as text: `check_parts` one per line."""
    parts = check_parts(check, lang)
    sep = " : " if lang == "fr" else ": "
    lines = [f"{label}{sep}{text}" if label else text for label, text in parts.rows]
    if parts.board:
        lines.append(f"{tr(lang, 'board')}{sep.rstrip()}")
        lines.extend(INDENT + row for row in parts.board.splitlines())
    return "\n".join(lines)


def check_title(check: CheckResult, lang: str) -> str:
    """What the check verifies, in `lang`."""
    return check.description.get(lang, "")


def question_feedback(question: QuestionResult, lang: str) -> str:
    """The whole feedback of a question: missing names, then each failing check."""
    if question.status is QuestionStatus.MANUAL:
        return tr(lang, "manual")
    lines = question_remarks(question, lang)
    for check in question.checks:
        if check.status is CheckStatus.PASSED:
            continue
        status = tr(lang, f"check.{check.status.value}")
        lines.append(f"✗ {check_title(check, lang)} ({status}, {number(check.points)} pt)")
        lines.extend(INDENT + row for row in check_message(check, lang).splitlines())
    return "\n".join(lines)


def question_remarks(question: QuestionResult, lang: str) -> list[str]:
    """What a question says before its failing checks: missing names, accepted
    spellings, notes (a failing function it depends on, a call count...)."""
    lines = []
    for name in question.missing:
        close = question.suggestions.get(name) or []
        lines.append(tr(lang, "missing_close", name=name, close=", ".join(close)) if close
                     else tr(lang, "missing", name=name))
    for name, found in question.aliases.items():
        lines.append(tr(lang, "alias", name=name, found=found))
    for key, values in question.notes:
        lines.append(tr(lang, key, **values))
    return lines


def cell_message(cell: CellOutcome, lang: str) -> str:
    if cell.error == "Timeout":
        error, message = tr(lang, "cell_timeout", seconds=cell.message), ""
    elif cell.error in ("WorkerCrash", "ValueTooLarge"):
        error, message = failure_text(cell.message, "", lang), ""
    else:
        error, message = cell.error, f": {cell.message}" if cell.message else ""
    line = tr(lang, "cell_line", line=cell.line) if cell.line else ""
    text = tr(lang, "cell_failed", label=place(cell.label, lang).capitalize(), error=error, message=message,
              line=line, first_line=cell.first_line)
    hint = tr(lang, f"cell_hint.{cell.error}")
    return text if hint == f"cell_hint.{cell.error}" else f"{text}\n  → {hint}"


def detection_message(result: SubmissionResult, lang: str) -> str:
    """How the exercise was chosen: forced on the command line, or the names found."""
    if result.detected_by == "forced":
        return tr(lang, "forced", exercise=result.exercise)
    return tr(lang, "detected", exercise=result.exercise, names=result.detected_by)


def not_gradable_reason(result: SubmissionResult, lang: str) -> str:
    """Why a submission was not graded, in a sentence."""
    return tr(lang, f"reason.{result.reason}", exercise=result.exercise or "?")
