"""The HTML reports of a batch: a page per submission and the class index.

Self-contained files (inline CSS and SVG, no script, nothing fetched), readable
offline and printable. Every string from a submission is hostile: the templates are
rendered with autoescaping on. The text of each feedback comes from `feedback`, as
in the terminal and JSON reports.
"""

from __future__ import annotations

import re
import statistics
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from jinja2 import BaseLoader, Environment, PackageLoader, StrictUndefined
from markupsafe import Markup, escape

from .. import __version__
from ..model.results import CheckStatus, QuestionStatus, SubmissionKind, SubmissionResult
from ..model.text import Words, number
from .feedback import (
    cell_message,
    cells_summary,
    check_parts,
    check_symbol,
    check_title,
    comment_text,
    copies_counted,
    detection_message,
    does_not_run_message,
    in_language,
    not_gradable_reason,
    overrides,
    question_remarks,
    review_flags,
    with_extra_files,
)
from .sanitize import safe_line, safe_text
from .text import CHECK_STATUS, STATUS, STATUS_MANY, STATUS_ONE, tr

PRINTED_CHARS = 5_000
PRINTED_LINES = 150
"""What a page shows of the student's printed text: enough to recognise it."""
RATE_STATUSES = (
    QuestionStatus.PASSED,
    QuestionStatus.PARTIAL,
    QuestionStatus.FAILED,
    QuestionStatus.MISSING,
    QuestionStatus.ERROR,
    QuestionStatus.TIMEOUT,
)
BIN_WIDTH = 2
BINS = 20 // BIN_WIDTH
RESERVED_NAMES = {
    "index",
    "con",
    "prn",
    "aux",
    "nul",
    *(f"com{i}" for i in range(10)),
    *(f"lpt{i}" for i in range(10)),
}
"""File names a page must not take: the index, and names Windows refuses."""


@dataclass
class QuestionRate:
    """How the class did on one question: submissions per status, mean points."""

    id: str
    title: str
    max_score: float
    counts: dict[str, int]
    total: int
    mean_score: float

    def share(self, status: str) -> float:
        """Percentage of the graded submissions with `status` (0 to 100)."""
        return 100 * self.counts.get(status, 0) / self.total if self.total else 0.0


@dataclass
class ExerciseStats:
    exercise: str
    rates: list[QuestionRate] = field(default_factory=list)


@dataclass
class AnswerKey:
    exercise: str
    id: str
    title: str
    text: str


def write_html(results: Sequence[SubmissionResult], out_dir: Path, lang: str = "fr") -> Path:
    """Write `out_dir/index.html` and one page per submission; return the index's path."""
    out_dir.mkdir(parents=True, exist_ok=True)
    results = [in_language(result, lang) for result in results]
    env = _environment(lang)
    pages = page_names(results)
    page_template = env.get_template("submission.html.j2")
    for result, page in zip(results, pages, strict=False):
        html = page_template.render(r=result, printed=capped_printed(result.printed, lang))
        (out_dir / page).write_text(html, encoding="utf-8")
    index = out_dir / "index.html"
    graded = [r.mark20 for r in results if r.graded]
    marks = [r.mark for r in results if r.graded]  # on the class's scale, as the table shows them
    exercises = list(dict.fromkeys(r.exercise for r in results if r.exercise))
    mixed = len(exercises) > 1
    scale = next((r.scale for r in results if r.graded), 20.0)
    copies, extra = copies_counted(results)
    mean = number(round(statistics.mean(marks), 2), lang) if marks else "—"
    median = number(round(statistics.median(marks), 2), lang) if marks else "—"
    summary = tr(
        lang,
        "html.class_summary",
        count=copies,
        graded=len(graded),
        mean=mean,
        median=median,
        scale=number(scale, lang),
    )
    html = env.get_template("index.html.j2").render(
        rows=list(zip(results, pages, strict=False)),
        graded=graded,
        summary=with_extra_files(summary, extra, lang),
        mixed=mixed,
        scale=scale,
        by_exercise=exercise_marks(results, lang) if mixed else [],
        bars=histogram_bars(histogram(graded)),
        stats=question_stats(results),
        not_gradable=[(r, p) for r, p in zip(results, pages, strict=False) if not r.graded],
        keys=answer_keys(results),
    )
    index.write_text(html, encoding="utf-8")
    return index


def submission_page(
    result: SubmissionResult,
    lang: str = "fr",
    embedded: bool = False,
    only: str | None = None,
    released: bool = False,
) -> str:
    """One submission's page as HTML text. `embedded`: shown inside a notebook (no link
    to a class index); `only`: the result holds that one question (no total, no mark);
    `released`: handed to its student (no link to the class, nothing for the teacher
    alone: answer keys, the answers to grade by hand, private comments)."""
    result = in_language(result, lang)
    return (
        _environment(lang)
        .get_template("submission.html.j2")
        .render(
            r=result,
            printed=capped_printed(result.printed, lang),
            embedded=embedded,
            only=only,
            released=released,
        )
    )


def safe_environment(loader: BaseLoader) -> Environment:
    """A Jinja environment for an HTML page holding student text, with no globals yet:
    autoescaping makes that text inert HTML; `_finalize` also escapes its control
    characters and lone surrogates (which would stop the page from being written)."""
    return Environment(
        loader=loader,
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        finalize=_finalize,
    )


def _environment(lang: str) -> Environment:
    return environment(lang)


def environment(lang: str, loader: BaseLoader | None = None, words: Words = tr) -> Environment:
    """The reports' Jinja environment in `lang` (their globals and filters); `loader`: the
    templates it finds (default: the reports'; the marking page adds its own), `words`:
    the sentences `t(key)` reads (the marking page's own, then these)."""
    env = safe_environment(loader or PackageLoader("grader.render", "templates"))
    env.globals.update(
        lang=lang,
        version=__version__,
        number=lambda value: number(value, lang),
        statuses=[s.value for s in RATE_STATUSES],
        NOTEBOOK=SubmissionKind.NOTEBOOK,
        t=lambda key, **values: words(lang, key, **values),
        QuestionStatus=QuestionStatus,
        CheckStatus=CheckStatus,
        status_word=lambda status: STATUS(lang, status),
        check_word=lambda status: CHECK_STATUS(lang, status),
        parts=lambda check: check_parts(check, lang),
        check_title=lambda check: check_title(check, lang),
        symbol=check_symbol,
        remarks=lambda question: question_remarks(question, lang),
        cell_lines=lambda cell: cell_message(cell, lang).splitlines(),
        cells_summary=lambda result: cells_summary(result, lang),
        detection=lambda result: detection_message(result, lang),
        reason=lambda result: not_gradable_reason(result, lang),
        comment_text=lambda comment: comment_text(comment, lang),
        to_review=lambda result: [*review_flags(result, lang), *to_review(result), *overrides(result, lang)],
        does_not_run=lambda result: does_not_run_message(result, lang),
        status_count=lambda status, count: (STATUS_ONE if count == 1 else STATUS_MANY)(
            lang, status, count=count
        ),
    )
    env.filters["path_breaks"] = path_breaks
    return env


def _finalize(value: Any) -> Any:
    """Every `{{ ... }}` of the templates: text made safe, then autoescaped by Jinja."""
    if isinstance(value, str) and not isinstance(value, Markup):
        return safe_text(value)
    return value


def path_breaks(path: str) -> Markup:
    """A path, escaped, that a narrow column may wrap after each `/`."""
    return Markup("/<wbr>").join(escape(part) for part in safe_line(path).split("/"))


def page_names(results: Sequence[SubmissionResult], reserved: Iterable[str] = ()) -> list[str]:
    """A file name per submission, from the student's name: ASCII letters, digits, `-`
    and `_` only (no path, no dot), unique even on a case-insensitive file system, and
    none of `reserved` (the other files of the folder: `classe` beside the PDFs)."""
    used: set[str] = {name.lower() for name in reserved}
    names = []
    for result in results:
        base = safe_name(result.student or Path(result.path).stem)
        name, n = base, 1
        while name.lower() in used or name.lower() in RESERVED_NAMES:
            n += 1
            name = f"{base}-{n}"
        used.add(name.lower())
        names.append(f"{name}.html")
    return names


def safe_name(text: str) -> str:
    """`Élodie Dupré/TD10` -> `Elodie_Dupre_TD10`; `copie` when nothing is left."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^A-Za-z0-9_-]+", "_", ascii_text).strip("_-")[:60] or "copie"


def capped_printed(printed: str, lang: str) -> str:
    """The beginning of what the student printed, and how much was left out."""
    lines = printed.splitlines(keepends=True)
    shown = "".join(lines[:PRINTED_LINES])[:PRINTED_CHARS]
    if len(shown) < len(printed):
        shown += "\n" + tr(lang, "html.truncated", count=len(printed) - len(shown))
    return shown


def to_review(result: SubmissionResult) -> list[str]:
    return [q.id for q in result.questions if q.left_to_review]


@dataclass
class ExerciseMarks:
    """The marks of one exercise's copies, when a class mixes TDs: each has its own
    mean and histogram (a domineering copy never moves the TD10 mean)."""

    exercise: str
    count: int
    mean: str
    median: str
    bars: list[dict[str, Any]]
    scale: str


def exercise_marks(results: Sequence[SubmissionResult], lang: str) -> list[ExerciseMarks]:
    found = []
    for exercise in dict.fromkeys(r.exercise for r in results if r.exercise):
        graded = [r for r in results if r.graded and r.exercise == exercise]
        if graded:
            marks = [r.mark for r in graded]  # on the class's scale; the histogram bins marks out of 20
            mean, median = (
                number(round(statistics.mean(marks), 2), lang),
                number(round(statistics.median(marks), 2), lang),
            )
            bars = histogram_bars(histogram([r.mark20 for r in graded]))
            found.append(
                ExerciseMarks(exercise, len(graded), mean, median, bars, number(graded[0].scale, lang))
            )
    return found


def histogram(marks: Sequence[float]) -> list[int]:
    """Marks out of 20 counted in bins [0, 2), [2, 4), ..., [18, 20]."""
    counts = [0] * BINS
    for mark in marks:
        counts[min(max(int(mark // BIN_WIDTH), 0), BINS - 1)] += 1
    return counts


def histogram_bars(counts: list[int], height: int = 160) -> list[dict[str, Any]]:
    """Geometry of the SVG histogram: one bar per bin, scaled to the tallest."""
    tallest = max(counts + [1])
    bars = []
    for i, count in enumerate(counts):
        h = round(height * count / tallest)
        bars.append(
            {
                "x": 40 + 56 * i,
                "y": 20 + height - h,
                "height": h,
                "count": count,
                "label": f"{BIN_WIDTH * i}–{BIN_WIDTH * (i + 1)}",
            }
        )
    return bars


def question_stats(results: Sequence[SubmissionResult]) -> list[ExerciseStats]:
    """Per exercise, per question in the sheet's order: the graded submissions per
    status and the mean points (questions graded by hand left out)."""
    stats: dict[str, ExerciseStats] = {}
    for result in results:
        if not result.graded:
            continue
        exercise = stats.setdefault(result.exercise or "?", ExerciseStats(result.exercise or "?"))
        rates = {rate.id: rate for rate in exercise.rates}
        for q in result.questions:
            if q.status is QuestionStatus.MANUAL:
                continue
            if q.id not in rates:
                rates[q.id] = QuestionRate(q.id, q.title, q.max_score, {}, 0, 0.0)
                exercise.rates.append(rates[q.id])
            rate = rates[q.id]
            rate.counts[q.status.value] = rate.counts.get(q.status.value, 0) + 1
            rate.mean_score = (rate.mean_score * rate.total + q.score) / (rate.total + 1)
            rate.total += 1
    return list(stats.values())


def answer_keys(results: Sequence[SubmissionResult]) -> list[AnswerKey]:
    """The answer keys of the manual questions, once per exercise and question."""
    keys: dict[tuple[str, str], AnswerKey] = {}
    for result in results:
        for q in result.questions:
            if q.status is QuestionStatus.MANUAL and q.answer_key:
                exercise = result.exercise or "?"
                keys.setdefault((exercise, q.id), AnswerKey(exercise, q.id, q.title, q.answer_key))
    return list(keys.values())
