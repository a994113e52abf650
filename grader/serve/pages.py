"""The marking page's HTML, rendered from a snapshot (pure but for reading a copy's file).

The pages use the reports' Jinja environment (autoescaping, `_finalize` making student
text safe, the reports' words and numbers) with the page's own templates beside the
reports' (`templates/`): the student's page is today's report page itself, in the page's
layout. A student's cells come from their copy's file as it is now (the record keeps
only the answer's text): read, never run (`grader.render.cells_html`).
"""

from __future__ import annotations

import string
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cached_property
from typing import Any

from jinja2 import ChoiceLoader, Environment, PackageLoader
from markupsafe import Markup

from ..marking.manual import ManualRow
from ..marking.manual_edit import Cells
from ..marking.record import file_hash_or_empty
from ..model.results import QuestionResult
from ..model.text import in_lang, number
from ..reading.answers import NotebookCell, answer_spans, module_cells, read_cells
from ..render.cells_html import cells_html, escaped
from ..render.feedback import in_language
from ..render.html_report import capped_printed, environment
from .desk import FILTERS, Copy, Snapshot
from .text import tr

LETTERS = string.ascii_lowercase
MAX_COPY_BYTES = 20_000_000
"""A copy's file larger than this is not shown whole (the record's answer is)."""


@dataclass(frozen=True)
class Shown:
    """A student's answer as the page shows it."""

    html: Markup
    found: bool
    """A heading names the question (else the whole copy is shown)."""
    absent: bool = False
    """The copy's file is gone: the record's text of the answer is shown."""
    changed: bool = False
    """The file changed since it was graded (a copy handed in again, not graded yet)."""


class Pages:
    """Every page of the marking page, in one language."""

    def __init__(self, lang: str, token: str):
        self.lang = lang
        self.token = token
        self.cell_word = tr(lang, "serve.cell")

    @cached_property
    def env(self) -> Environment:
        loader = ChoiceLoader(
            [PackageLoader("grader.serve", "templates"), PackageLoader("grader.render", "templates")]
        )
        env = environment(self.lang, loader, tr)
        env.globals.update(
            filters=FILTERS,
            filter_words={f: tr(self.lang, key) for f, key in FILTER_WORDS.items()},
            key_words=[tr(self.lang, key) for key in KEY_WORDS],
            letters=LETTERS,
            layout="_served.html.j2",
            signed=lambda value: ("+" if value >= 0 else "−") + number(abs(value), self.lang),
        )
        return env

    def render(self, template: str, snap: Snapshot, **values: Any) -> str:
        values.setdefault("banner", "")
        values.setdefault("message", "")
        return self.env.get_template(template).render(snap=snap, jeton=self.token, **values)

    def stylesheet(self) -> str:
        """The reports' stylesheet, served as a file (no inline style under the CSP)."""
        return self.env.get_template("_style.css.j2").render()

    def class_page(self, snap: Snapshot, banner: str = "", launched: Sequence[str] = ()) -> str:
        """The class; `launched`: what the run the teacher launched said."""
        scale = next((c.view.scale for c in snap.graded), 20.0)
        return self.render("class.html.j2", snap, scale=scale, banner=banner, launched=launched)

    def question_page(self, snap: Snapshot, qid: str, title: str, wanted: str, banner: str = "") -> str:
        title = in_lang(title, self.lang)
        return self.render("question.html.j2", snap, qid=qid, title=title, filtre=wanted, banner=banner)

    def answer_page(
        self,
        snap: Snapshot,
        copy: Copy,
        qid: str,
        wanted: str,
        typed: Cells | None = None,
        message: str = "",
        kind: str = "info",
        banner: str = "",
    ) -> str:
        """One answer, its form filled with the file's row (or, after a refused save,
        with what was typed: nothing typed is lost)."""
        question = copy.question(qid)
        assert question is not None and copy.exercise is not None
        declared = next(q for q in copy.exercise.questions if q.id == qid)
        shown = self.answer(copy, qid)
        current = snap.cells(copy.student, qid)
        cells = typed or current
        private, comment = _private(cells.comment)
        order = snap.answers(qid, wanted) or snap.answers(qid)
        slugs = [c.slug for c in order]
        here = slugs.index(copy.slug) if copy.slug in slugs else -1
        return self.render(
            "answer.html.j2",
            snap,
            c=copy,
            qid=qid,
            r=in_language_question(question, self.lang),
            statement=in_lang(declared.statement, self.lang),
            shown=shown.html,
            found=shown.found,
            absent=shown.absent,
            changed_on_disk=shown.changed,
            rubric=snap.rubric(qid),
            cells=cells,
            comment=comment,
            private=private,
            base=current.base,
            filtre=wanted,
            prev=order[here - 1] if here > 0 else None,
            next=order[here + 1] if 0 <= here < len(order) - 1 else None,
            message=message,
            message_kind=kind,
            banner=banner,
        )

    def student_page(
        self, snap: Snapshot, copy: Copy, message: str = "", kind: str = "info", banner: str = ""
    ) -> str:
        result = in_language(copy.view, self.lang)
        rows = {q.id: snap.cells(copy.student, q.id) for q in result.questions}
        rows[""] = snap.cells(copy.student, "")
        return self.render(
            "student.html.j2",
            snap,
            r=result,
            printed=capped_printed(result.printed, self.lang),
            slug=copy.slug,
            rows=rows,
            back="/",
            message=message,
            message_kind=kind,
            banner=banner,
        )

    def copy_page(self, snap: Snapshot, copy: Copy, banner: str = "") -> str:
        cells = _cells_of(copy)
        if cells is None:
            shown = Shown(_record_answers(copy), False, absent=True)
        else:
            shown = Shown(cells_html(cells, range(len(cells)), self.cell_word), True)
        return self.render("copy.html.j2", snap, c=copy, shown=shown.html, absent=shown.absent, banner=banner)

    def answer(self, copy: Copy, qid: str) -> Shown:
        """The cells of `qid`'s answer in the copy's file; all its cells when no heading
        names the question; the record's text when the file is gone."""
        cells = _cells_of(copy)
        if cells is None:
            text = copy.view.answers.get(qid, "")
            return Shown(escaped(text) if text else Markup(""), bool(text), absent=True)
        assert copy.exercise is not None
        questions = [
            (q.id, q.manual, [n for names in q.names for n in names]) for q in copy.exercise.questions
        ]
        span = answer_spans([(cell.kind, cell.source) for cell in cells], questions).get(qid, range(0))
        changed = bool(copy.sha) and copy.file is not None and file_hash_or_empty(copy.file) != copy.sha
        if not span:
            return Shown(cells_html(cells, range(len(cells)), self.cell_word), False, changed=changed)
        return Shown(cells_html(cells, span, self.cell_word), True, changed=changed)

    def refused(self, status: int, reason: str) -> bytes:
        """The page a refused request gets: one sentence."""
        text = tr(self.lang, REFUSALS[reason]) if reason in REFUSALS else str(status)
        page = f'<!DOCTYPE html><html lang="{self.lang}"><meta charset="utf-8"><title>{status}</title><p>{text}</p>'
        return page.encode("utf-8")


REFUSALS = {
    "host": "serve.refused.host",
    "key": "serve.refused.key",
    "method": "serve.refused.method",
    "size": "serve.refused.size",
    "token": "serve.refused.token",
}
FILTER_WORDS = {
    "a-noter": "serve.filter.a-noter",
    "a-revoir": "serve.filter.a-revoir",
    "modifiees": "serve.filter.modifiees",
    "toutes": "serve.filter.toutes",
}
KEY_WORDS = (
    "serve.key.digits",
    "serve.key.letters",
    "serve.key.enter",
    "serve.key.arrows",
    "serve.key.escape",
)


def in_language_question(question: QuestionResult, lang: str) -> QuestionResult:
    """A question result with its title and answer key in `lang`."""
    return replace(
        question, title=in_lang(question.title, lang), answer_key=in_lang(question.answer_key, lang)
    )


def _private(comment: str) -> tuple[bool, str]:
    row = ManualRow(0, "", "", "", comment)
    return row.private, row.shown_comment


def _cells_of(copy: Copy) -> list[NotebookCell] | None:
    """The cells of the copy's file as it is now; None when it cannot be read."""
    if copy.file is None:
        return None
    try:
        if copy.file.stat().st_size > MAX_COPY_BYTES:
            return None
        text = copy.file.read_bytes().decode("utf-8", "replace")
    except OSError:
        return None
    if copy.file.suffix.lower() == ".ipynb":
        return read_cells(text)
    return [NotebookCell(kind, source) for kind, source in module_cells(text)]


def _record_answers(copy: Copy) -> Markup:
    return Markup("").join(escaped(f"{qid}\n{text}") for qid, text in copy.view.answers.items())
