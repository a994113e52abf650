"""The feedback text of a question and of a check, in the student's language (pure)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from ..errors import Crash
from ..model.results import (
    EXTRA_FILE,
    CellOutcome,
    CellStatus,
    CheckResult,
    CheckStatus,
    Failure,
    FailureKind,
    Place,
    PlaceKind,
    QuestionResult,
    QuestionStatus,
    SubmissionKind,
    SubmissionResult,
    TeacherComment,
    Unreached,
)
from ..model.text import in_lang, number
from .sanitize import safe_line
from .text import BLOCK_HINT, CELL_HINT, CHECK_STATUS, COPY_RULE, CRASH, REASON, UNIT, tr

INDENT = "    "


@dataclass
class CheckParts:
    """A failing check's feedback as parts, for renderers that lay them out (HTML)."""

    rows: list[tuple[str, str]] = field(default_factory=list)
    """(label, text) in reading order: the call, the error, expected, obtained, a note;
    the label is empty for a whole sentence (the error)."""
    board: str = ""


SIGNALS = {"SIGKILL": "crash.killed", "SIGXCPU": "crash.cpu"}
"""Signals with their own explanation: the kernel's memory killer or the CPU limit."""


def place_text(place: Place | None, lang: str) -> str:
    """Where a cell sits, as the student finds it: 'cellule de code 3' (markdown cells
    are not counted), 'lignes 10-24'."""
    if place is None:
        return "?"
    if place.kind is PlaceKind.LINES:
        return tr(lang, "place.lines", first=place.first, last=place.last)
    if place.code_cell is None:  # a place built without the notebook (older callers)
        return tr(lang, "place.cell", first=place.first)
    return tr(lang, "place.code_cell", number=place.code_cell)


def cell_name(place: Place | None, fallback: str, lang: str) -> str:
    """A cell named for the student to find it: 'Cellule de code 10 (« jeu = init() »)'."""
    name = place_text(place, lang) if place is not None else fallback
    if place is not None and place.opening:
        name = tr(lang, "cell_name", place=name, opening=place.opening)
    return name[:1].upper() + name[1:]


def crash_text(cause: Crash | None, detail: str, lang: str) -> str:
    """Why the worker died, explained."""
    if cause is Crash.SIGNAL and detail in SIGNALS:
        return tr(lang, SIGNALS[detail])
    return CRASH(lang, cause if cause is not None else "closed", detail=detail)


def failure_text(failure: Failure | None, lang: str) -> str:
    """Why a call gave no value, in the reader's language."""
    if failure is None:
        return ""
    if failure.kind is FailureKind.TOO_LARGE:
        unit = UNIT(lang, failure.unit) if failure.unit is not None else ""
        return tr(lang, "too_large", amount=failure.amount, unit=unit)
    if failure.kind is FailureKind.CRASH:
        return tr(lang, "crashed", error=crash_text(failure.crash, failure.detail, lang))
    if failure.kind is FailureKind.TIMEOUT and failure.loop is not None:
        line = failure.loop.line
        return tr(
            lang, "endless_call", line=_line_text(failure.place, line, lang), state=_state(failure, lang)
        )
    if failure.kind is FailureKind.TIMEOUT:
        return tr(lang, "timed_out", seconds=number(failure.budget, lang))
    if failure.kind is FailureKind.INTERNAL:
        return tr(lang, "internal")
    error = f"{failure.ename}: {failure.evalue}" if failure.evalue else failure.ename
    return tr(lang, "raised", error=error, line=_line_text(failure.place, failure.line, lang))


def _line_text(place: Place | None, line: int | None, lang: str) -> str:
    """` (cell 5, line 3 — "the line")`: where a failure happened, when it is known."""
    if not line:
        return ""
    quoted = place.line_text(line) if place is not None else ""
    return tr(
        lang,
        "raised_line",
        line=line,
        where=place_text(place, lang),
        quote=tr(lang, "cell_quote", text=quoted) if quoted else "",
    )


def _state(failure: Failure | None, lang: str) -> str:
    """` (i = 0, n = 5)`: what an endless loop reads at every turn."""
    if failure is None or failure.loop is None or not failure.loop.state:
        return ""
    return tr(lang, "endless_state", names=", ".join(failure.loop.state))


CHECK_SYMBOLS = {CheckStatus.NOT_COUNTED: "○"}
"""How a check not passed is marked: ✗, or its own mark for one that is not a failure."""


def check_symbol(check: CheckResult) -> str:
    return CHECK_SYMBOLS.get(check.status, "✗")


def check_parts(check: CheckResult, lang: str) -> CheckParts:
    """What went wrong in one check: the call, expected, obtained, a note, the board; for
    a property not counted yet, why, in one sentence (it has no call to show)."""
    parts = CheckParts()
    if check.status is CheckStatus.PASSED:
        return parts
    if check.status is CheckStatus.NOT_COUNTED:
        note = check.evidence.note if check.evidence is not None else None
        parts.rows.append(("", (in_lang(note, lang) if note else "") or tr(lang, "not_counted")))
        return parts
    if check.failure is not None and check.failure.kind is FailureKind.INTERNAL:
        parts.rows.append(("", failure_text(check.failure, lang)))
        return parts
    evidence = check.evidence
    if evidence is not None and evidence.call:
        parts.rows.append((tr(lang, "call"), in_lang(evidence.call, lang)))
    if check.status in (CheckStatus.ERROR, CheckStatus.TIMEOUT):
        parts.rows.append(("", failure_text(check.failure, lang)))
    elif evidence is not None:
        if evidence.expected:
            parts.rows.append((tr(lang, "expected"), in_lang(evidence.expected, lang)))
        if evidence.obtained:
            parts.rows.append((tr(lang, "obtained"), in_lang(evidence.obtained, lang)))
    if evidence is not None and evidence.note and in_lang(evidence.note, lang):
        parts.rows.append((tr(lang, "note"), in_lang(evidence.note, lang)))
    if evidence is not None:
        parts.board = evidence.board
    return parts


def check_message(check: CheckResult, lang: str) -> str:
    """What went wrong in one check, as text: `check_parts` one per line."""
    parts = check_parts(check, lang)
    lines = [tr(lang, "labelled", label=label, text=text) if label else text for label, text in parts.rows]
    if parts.board:
        lines.append(tr(lang, "labelled", label=tr(lang, "board"), text="").rstrip())
        lines.extend(INDENT + row for row in parts.board.splitlines())
    return "\n".join(lines)


def question_title(question: QuestionResult, lang: str) -> str:
    """The question's title, in `lang` when the exercise gives it in both."""
    return in_lang(question.title, lang)


def answer_key(question: QuestionResult, lang: str) -> str:
    """A manual question's answer key, in `lang` when the exercise gives it in both."""
    return in_lang(question.answer_key, lang)


def in_language(result: SubmissionResult, lang: str) -> SubmissionResult:
    """A copy of `result` whose question titles and answer keys are worded in `lang`,
    for renderers that lay out the fields themselves (HTML templates)."""
    questions = [
        replace(q, title=question_title(q, lang), answer_key=answer_key(q, lang)) for q in result.questions
    ]
    return replace(result, questions=questions)


def check_title(check: CheckResult, lang: str) -> str:
    """What the check verifies, in `lang`."""
    return in_lang(check.description, lang)


def question_feedback(question: QuestionResult, lang: str) -> str:
    """The whole feedback of a question: missing names, then each failing check."""
    if question.status is QuestionStatus.MANUAL:
        return tr(lang, "manual")
    lines = question_remarks(question, lang)
    for check in question.checks:
        if check.status is CheckStatus.PASSED:
            continue
        status = CHECK_STATUS(lang, check.status)
        lines.append(
            f"{check_symbol(check)} {check_title(check, lang)} ({status}, {number(check.points, lang)} pt)"
        )
        lines.extend(INDENT + row for row in check_message(check, lang).splitlines())
    return "\n".join(lines)


def question_remarks(question: QuestionResult, lang: str) -> list[str]:
    """What a question says before its failing checks: missing names, accepted
    spellings, notes (a failing function it depends on, a call count...)."""
    lines = []
    for name in question.missing:
        if name in question.unreached:
            lines.append(unreached_text(question.unreached[name], lang))
            continue
        close = question.suggestions.get(name) or []
        lines.append(
            tr(lang, "missing_close", name=name, close=", ".join(close))
            if close
            else tr(lang, "missing", name=name)
        )
    for name, found in question.aliases.items():
        lines.append(tr(lang, "alias", name=name, found=found))
    for key, values in question.notes:
        lines.append(tr(lang, key, **values))
    return lines


def unreached_text(unreached: Unreached, lang: str) -> str:
    """A missing name whose cell stopped before defining it: "jouer_colonne est défini
    dans la cellule de code 6 (« assert … »), qui s'est arrêtée avant (AssertionError
    ligne 1)"; "…qui ne compile pas (SyntaxError ligne 3)"."""
    place = unreached.place
    block = place.kind is PlaceKind.LINES
    where = place_text(place, lang)
    if place.opening:
        where = tr(lang, "cell_name", place=where, opening=place.opening)
    if unreached.status is CellStatus.SKIPPED:
        key = "unreached.skipped.block" if block else "unreached.skipped.cell"
        return tr(lang, key, name=unreached.name, where=where)
    if unreached.status is CellStatus.TIMEOUT:
        why = CHECK_STATUS(lang, CheckStatus.TIMEOUT)
    elif unreached.status is CellStatus.CRASH:
        why = tr(lang, "unreached.crash")
    elif unreached.line:
        why = tr(lang, "unreached.error_line", error=unreached.error, line=unreached.line)
    else:
        why = unreached.error
    if unreached.compiles:
        key = "unreached.stopped.block" if block else "unreached.stopped.cell"
    else:
        key = "unreached.uncompiled.block" if block else "unreached.uncompiled.cell"
    return tr(lang, key, name=unreached.name, where=where, why=why)


def cell_message(cell: CellOutcome, lang: str) -> str:
    """A cell that did not run through: which one, the failing line quoted, a hint."""
    message = ""
    # A .py module runs in blocks of lines, a notebook in cells: the hints name them so.
    block = cell.place is not None and cell.place.kind is PlaceKind.LINES
    hints = BLOCK_HINT if block else CELL_HINT
    if cell.status is CellStatus.TIMEOUT:
        seconds = number(cell.failure.budget if cell.failure is not None else 0, lang)
        if cell.failure is not None and cell.failure.loop is not None:
            error = tr(lang, "endless", seconds=seconds, state=_state(cell.failure, lang))
            hint = "endless"
        else:
            error, hint = tr(lang, "cell_timeout", seconds=seconds), "timeout"
    elif cell.status is CellStatus.SKIPPED:
        error, hint = tr(lang, "block_skipped" if block else "cell_skipped"), "skipped"
    elif cell.status is CellStatus.NOT_RUN:
        error, hint = tr(lang, "cell_not_run", magic=cell.cell_magic), ""
    elif cell.status is CellStatus.CRASH:
        error, hint = failure_text(cell.failure, lang), ""
    else:
        error, hint = cell.error, cell.error  # a hint for the errors that have one (EOFError)
        message = f": {cell.message}" if cell.message else ""
    if cell.place is None and cell.first_line:  # no notebook place: name it by its text
        label = tr(lang, "cell_name", place=cell.label, opening=cell.first_line)
        label = label[:1].upper() + label[1:]
    else:
        label = cell_name(cell.place, cell.label, lang)
    quote = tr(lang, "cell_quote", text=cell.failing_line) if cell.failing_line else ""
    if cell.line and cell.line_place is not None:  # raised in a function of another cell
        text = tr(
            lang,
            "cell_failed_in",
            label=label,
            error=error,
            message=message,
            where=place_text(cell.line_place, lang),
            line=cell.line,
            quote=quote,
        )
    elif cell.line:
        text = tr(
            lang, "cell_failed_line", label=label, error=error, message=message, line=cell.line, quote=quote
        )
    else:
        text = tr(lang, "cell_failed", label=label, error=error, message=message)
    return f"{text}\n  → {hints(lang, hint)}" if hint in hints else text


def does_not_run_message(result: SubmissionResult, lang: str) -> str:
    """What a report says first when the file does not run as written (a cell or a module
    block that does not compile, `SubmissionResult.does_not_run`); "" when it runs."""
    broken = result.does_not_run if result.graded else []
    if not broken:
        return ""
    first = broken[0]
    quote = tr(lang, "cell_quote", text=first.failing_line) if first.failing_line else ""
    message = f" ({first.message})" if first.message else ""
    values = {"error": first.error, "line": first.line or "?", "message": message, "quote": quote}
    if first.place is not None and first.place.kind is PlaceKind.LINES:
        return tr(lang, "does_not_run.module", **values)
    more = tr(lang, "does_not_run.more", count=len(broken) - 1) if len(broken) > 1 else ""
    where = place_text(first.place, lang) if first.place is not None else first.label
    return tr(lang, "does_not_run.notebook", where=where, more=more, **values)


def overrides(result: SubmissionResult, lang: str) -> list[str]:
    """The teacher's points given in place of an automatic score, each with that score
    (`Q14 : 2 à la main (auto 1)`), for the class's summary, CSV and index."""
    return [
        tr(
            lang,
            "override.short",
            question=q.id,
            points=number(q.override, lang),
            automatic=number(q.auto_score, lang),
        )
        for q in result.questions
        if q.override is not None and q.status is not QuestionStatus.MANUAL
    ]


def review_flags(result: SubmissionResult, lang: str) -> list[str]:
    """Why the teacher should look at a copy whatever its mark, for the class's summary:
    its questions to review come after."""
    return [tr(lang, "does_not_run.flag")] if result.review else []


def detection_message(result: SubmissionResult, lang: str) -> str:
    """How the exercise was chosen: forced on the command line, or the names found
    (none when it was recognised from the file's text: a note says so)."""
    if result.detected_by == "forced":
        return tr(lang, "forced", exercise=result.exercise)
    if not result.detected_by:
        return tr(lang, "detected_from_text", exercise=result.exercise)
    return tr(lang, "detected", exercise=result.exercise, names=result.detected_by)


def total_line(result: SubmissionResult, lang: str) -> str:
    """`Total : 16,5 / 20 points — note : 16,5 / 20`."""
    return tr(
        lang,
        "total",
        score=number(result.score, lang),
        max_score=number(result.max_score, lang),
        mark=number(result.mark, lang),
        scale=number(result.scale, lang),
    )


def cells_summary(result: SubmissionResult, lang: str) -> str:
    """`Cellules de code : 10, dont 1 en échec`: how many cells (or module blocks) did
    not run through; a cell the grader does not run (`%%html`) is said, not counted."""
    failed = sum(1 for c in result.cells if not c.ok and c.status is not CellStatus.NOT_RUN)
    if result.kind is SubmissionKind.NOTEBOOK:
        key = "cells" if failed else "cells_ok"
    else:
        key = "module_cells" if failed else "module_cells_ok"
    return tr(lang, key, total=result.total_cells, failed=failed)


def copies_counted(results: Sequence[SubmissionResult]) -> tuple[int, int]:
    """(the copies of a class, the students' other files): neither a class list's student
    without a copy nor a student's other file (a draft, an older version: listed, not
    graded) is a copy left ungraded."""
    return sum(r.is_copy for r in results), sum(r.reason == EXTRA_FILE for r in results)


def with_extra_files(summary: str, extra: int, lang: str) -> str:
    """A class's summary line, and its students' other files when there are some."""
    return tr(lang, "summary.extra_files", summary=summary, count=extra) if extra else summary


def not_gradable_reason(result: SubmissionResult, lang: str) -> str:
    """Why a submission was not graded, in a sentence (with the closest exercise, when one
    is known, for one recognised as none; the TDs that could not be loaded, by name)."""
    if result.reason == "exercise_unavailable":
        return " ; ".join(
            tr(lang, "reason.exercise_unavailable", exercise=exercise, package=package, cause=cause)
            for exercise, package, cause in result.unavailable
        )
    if result.reason == "unknown_exercise" and result.closest:
        by = (
            tr(lang, "closest.names", names=", ".join(result.closest_names))
            if result.closest_names
            else tr(lang, "closest.title")
        )
        return tr(lang, "reason.unknown_exercise_closest", closest=result.closest, by=by)
    if result.reason == EXTRA_FILE and "|" in result.detail:  # the copy graded instead, and why
        chosen, rule = result.detail.rsplit("|", 1)
        why = COPY_RULE(lang, rule) if rule else ""
        # the file's name is the student's: one line (a newline in it forged a summary line)
        return tr(lang, "reason.extra_file_chosen", chosen=safe_line(chosen), why=why)
    return REASON(lang, result.reason, exercise=result.exercise or "?")


def comment_text(comment: TeacherComment, lang: str) -> str:
    """A teacher's comment as every report words it; a rubric item: its label, its points
    when they make the question's (`+1`, `−0,5`), then its comment (`horizon 3 juste (+1) :
    les bons nœuds`)."""
    if not comment.item:
        return comment.text
    text = comment.item
    if comment.points is not None:
        sign = "+" if comment.points >= 0 else "−"
        text = tr(lang, "comment.item_points", item=text, points=sign + number(abs(comment.points), lang))
    return tr(lang, "comment.item_text", item=text, text=comment.text) if comment.text else text
