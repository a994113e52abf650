"""The class run's own outputs, once every report is written: the pages handed back
(`--release`), Moodle's grading worksheet (`--moodle-worksheet`) and the Pronote table
(`--pronote`). Each is written whole (atomically); one failing never stops the others."""

from __future__ import annotations

import argparse
import logging
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from ..atomic import write_text_atomic
from ..model.results import EXTRA_FILE, NO_COPY
from ..model.text import number
from ..render.feedback import comment_text
from ..render.sanitize import safe_line
from .text import tr

if TYPE_CHECKING:
    from ..model.results import SubmissionResult
    from .moodle import Mark

log = logging.getLogger(__name__)

FEW = 12
"""Names listed in one line for the teacher, at most."""


@dataclass
class Outputs:
    """What `write` did: the outputs that failed, and lines for the teacher."""

    failed: list[str] = field(default_factory=list)
    messages: list[str] = field(default_factory=list)


def write(
    args: argparse.Namespace,
    views: Sequence[SubmissionResult],
    lang: str,
    listed: Mapping[str, str] | None = None,
) -> Outputs:
    """Every output asked for, from the class's views; `listed`: the class list's students
    (shown name -> participant), when there is one (`grader.marking.onlist`)."""
    done = Outputs()
    for name, target, run in _writers(args, views, lang, done, listed):
        try:
            run()
        except Exception as exc:  # a bad path, a worksheet that is not one: the others still go
            done.failed.append(name)
            log.debug("writing %s failed", name, exc_info=True)
            done.messages.append(safe_line(tr(lang, "write_failed", path=target, error=exc))[:500])
    return done


def _writers(
    args: argparse.Namespace,
    views: Sequence[SubmissionResult],
    lang: str,
    done: Outputs,
    listed: Mapping[str, str] | None,
) -> Iterator[tuple[str, Path, Callable[[], None]]]:
    if args.release is not None:
        yield "release", args.release, lambda: _release(args.release, views, lang, done)
    if args.moodle_worksheet is not None:
        yield (
            "moodle",
            args.moodle_worksheet,
            lambda: _moodle(args.moodle_worksheet, marks(views, lang, listed), lang, done),
        )
    if args.pronote is not None:
        yield (
            "pronote",
            args.pronote,
            lambda: _pronote(args.pronote, marks(views, lang, listed), lang, done, listed),
        )
    if getattr(args, "pdf", None) is not None:
        yield "pdf", args.pdf, lambda: _pdf(args.pdf, views, lang, done)


def _release(folder: Path, views: Sequence[SubmissionResult], lang: str, done: Outputs) -> None:
    from .release import write_release

    written = write_release(views, folder, lang)
    done.messages.append(tr(lang, "release.written", path=folder, count=written))


def _pdf(folder: Path, views: Sequence[SubmissionResult], lang: str, done: Outputs) -> None:
    from .printing import CLASS_FILE, NoEngine, write_pdfs

    try:
        printed = write_pdfs(views, folder, lang)
    except NoEngine:
        raise ValueError(tr(lang, "pdf.no_engine")) from None
    done.messages.append(
        tr(
            lang,
            "pdf.written",
            count=printed.copies,
            folder=folder,
            book=folder / CLASS_FILE,
            pages=printed.pages,
            engine=printed.engine,
        )
    )


def marks(
    views: Sequence[SubmissionResult], lang: str, listed: Mapping[str, str] | None = None
) -> list[Mark]:
    """The copies as the exports need them (the files set aside are no copy), and, with a
    class list, its students without a copy, in the views' order (the list's)."""
    from .moodle import Mark

    return [
        Mark(
            view.student,
            view.participant or None,
            view.mark if view.has_mark else None,
            view.scale,
            summary(view, lang),
            listed=listed is None or view.student in listed,
            has_copy=view.reason != NO_COPY,
        )
        for view in views
        if view.reason != EXTRA_FILE
    ]


def summary(view: SubmissionResult, lang: str) -> str:
    """What the LMS shows the student beside the mark: the mark, that the file does not
    run as written (when it does not), the questions to review, the teacher's comments
    not marked private."""
    if not view.has_mark:
        return ""
    lines = [tr(lang, "feedback.mark", mark=_number(view.mark, lang), scale=_number(view.scale, lang))]
    if view.review:
        lines.append(tr(lang, "feedback.does_not_run"))
    review = [q.id for q in view.questions if q.left_to_review]
    if review:
        lines.append(tr(lang, "feedback.review", questions=", ".join(review)))
    for comment in view.comments:
        if comment.private:
            continue
        text = comment_text(comment, lang)
        lines.append(
            tr(lang, "comment.on_question", question=comment.question, text=text)
            if comment.question
            else text
        )
    return "\n".join(lines)


def _number(value: float, lang: str) -> str:
    """A number in a sentence of `lang` (the decimal comma in French)."""
    return number(value, lang)


def _moodle(source: Path, marks: Sequence[Mark], lang: str, done: Outputs) -> None:
    from .moodle import WorksheetError, fill_worksheet

    text = source.read_bytes().decode("utf-8", "replace")
    try:
        filled = fill_worksheet(text, marks)
    except WorksheetError as exc:
        raise ValueError(tr(lang, "moodle.error", path=source, why=exc.why(lang))) from None
    target = source.with_name(source.stem + ".rempli" + source.suffix)
    write_text_atomic(target, filled.text)
    done.messages.append(tr(lang, "moodle.filled", path=target, count=len(filled.filled)))
    said = [
        ("moodle.refused", filled.refused),
        ("moodle.conflicts", filled.conflicts),
        ("moodle.unmatched", filled.unmatched),
        ("moodle.no_mark", filled.no_mark),
        ("moodle.without_copy", filled.without_copy),
    ]
    for key, names in said:
        if names:
            done.messages.append(tr(lang, key, count=len(names), names=_few(names)))
    if filled.dates:
        before, after = (safe_line(cell) for cell in filled.date_example)
        done.messages.append(tr(lang, "moodle.dates", count=filled.dates, before=before, after=after))
    if not filled.feedback_column:
        done.messages.append(tr(lang, "moodle.no_feedback"))


def _few(names: Sequence[str]) -> str:
    """Names for a line, the first ones when there are many."""
    shown = ", ".join(safe_line(n) for n in names[:FEW])
    return shown + (f", … (+{len(names) - FEW})" if len(names) > FEW else "")


def _pronote(
    target: Path, marks: Sequence[Mark], lang: str, done: Outputs, listed: Mapping[str, str] | None
) -> None:
    from .exports import render_pronote

    table = render_pronote(marks, on_list=listed is not None)
    write_text_atomic(target, table.text)
    done.messages.append(tr(lang, "pronote.written", path=target))
    if listed is not None:
        agree = table.rows == len(listed)
        key = "pronote.counts" if agree else "pronote.counts_differ"
        done.messages.append(
            tr(lang, key, rows=table.rows, count=len(listed), marked=table.marked, empty=table.empty)
        )
