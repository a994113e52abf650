"""Numbers in the reports a person reads are written as the CSV writes them for the
language: `14,5 / 20` in French, `14.5 / 20` in English (one function, `number`)."""

import csv
import io
import re

import pytest

from grader.model.results import (
    EXTRA_FILE,
    NO_COPY,
    CheckResult,
    CheckStatus,
    Evidence,
    QuestionResult,
    QuestionStatus,
    SubmissionResult,
    SubmissionStatus,
)
from grader.model.text import Text, number
from grader.render.annotations import render_annotations
from grader.render.csv_report import render_csv
from grader.render.html_report import submission_page, write_html
from grader.render.junit_report import render_junit
from grader.render.progress import Progress
from grader.render.terminal import render_submission, render_summary
from grader.render.vpl import render_vpl


def test_number_writes_the_languages_decimal_separator():
    assert [number(v, "fr") for v in (2.0, 14.5, 0.25, 19.999, 1 / 3)] == [
        "2",
        "14,5",
        "0,25",
        "19,999",
        "0,33",
    ]
    assert [number(v, "en") for v in (2.0, 14.5, 0.25, 19.999, 1 / 3)] == [
        "2",
        "14.5",
        "0.25",
        "19.999",
        "0.33",
    ]


def copy() -> SubmissionResult:
    """14.5 points out of 20: Q1 passed (10/10), Q2 partial (4.5/10, a check of 5.5 failed)."""
    failing = CheckResult(
        "c",
        Text("bonne valeur", "right value"),
        5.5,
        CheckStatus.FAILED,
        Evidence("f(1)", "2.5", "3.5"),
    )
    passed = CheckResult("p", Text("autre", "other"), 4.5, CheckStatus.PASSED)
    whole = CheckResult("w", Text("tout", "all"), 10.0, CheckStatus.PASSED)
    return SubmissionResult(
        "copies/alice.ipynb",
        "puissance4",
        "graded",
        kind="notebook",
        student="alice",
        detected_by="f",
        duration_s=1.25,
        questions=[
            QuestionResult("Q1", "un", 10.0, QuestionStatus.PASSED, (whole,), score=10.0, auto_score=10.0),
            QuestionResult(
                "Q2", "deux", 10.0, QuestionStatus.PARTIAL, (failing, passed), score=4.5, auto_score=4.5
            ),
        ],
        score=14.5,
        max_score=20.0,
        mark=14.5,
    )


def visible(html: str) -> str:
    """The text of a page, without its stylesheet (CSS has its own decimals)."""
    return re.sub(r"<[^>]+>", " ", re.sub(r"<style>.*?</style>", "", html, flags=re.S))


def human_reports(lang: str, tmp_path, capsys) -> dict[str, str]:
    result = copy()
    index = write_html([result, copy()], tmp_path / lang, lang)
    progress = Progress(__import__("sys").stderr, lang)
    progress.started(2)
    progress.advance(result)
    vpl = render_vpl(result, lang)
    return {
        "terminal": render_submission(result, lang),
        "summary": render_summary([result], lang),
        "page": visible(submission_page(result, lang)),
        "index": visible(index.read_text("utf-8")),
        "csv": render_csv([result], lang),
        "junit": re.sub(
            r'time="[^"]*"', "", render_junit([result], lang)
        ),  # machine: seconds as XML writes them
        "vpl": vpl.rsplit("\n", 1)[0],  # the grade line is parsed by VPL: a '.' whatever the language
        "annotations": render_annotations([result], lang),
        "progress": capsys.readouterr().err,
    }


@pytest.mark.parametrize("lang, ours, other", [("fr", "14,5", "14.5"), ("en", "14.5", "14,5")])
def test_every_report_writes_the_mark_as_the_csv_does(lang, ours, other, tmp_path, capsys):
    reports = human_reports(lang, tmp_path, capsys)
    for name, text in reports.items():
        if name not in ("annotations", "junit"):  # one line per question: no mark
            assert ours in text, name
        assert other not in text, name
    points, score = {"fr": ("5,5 pt", "4,5/10"), "en": ("5.5 pt", "4.5/10")}[lang]
    for name in ("terminal", "page", "junit", "vpl", "annotations"):
        assert points in reports[name], name
    assert score in reports["terminal"] and score.replace("/", " / ") in reports["page"]
    assert "2.5" in reports["terminal"] and "3.5" in reports["terminal"]  # values as Python shows them
    assert render_vpl(copy(), lang).endswith("Grade :=>> 14.5")


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("fr", "[1/2] leroy_ines : non corrigée — autre TD : domineering (0,5 s)\n"),
        ("en", "[1/2] leroy_ines: not graded — another TD: domineering (0.5 s)\n"),
    ],
)
def test_a_copy_not_graded_says_why_on_its_progress_line(lang, line, capsys):
    # as the summary below it says it: the teacher reading the log learns it at once
    other = SubmissionResult(
        "copies/leroy_ines/td.ipynb",
        "domineering",
        "not_gradable",
        reason="other_exercise",
        student="leroy_ines",
        duration_s=0.5,
    )
    progress = Progress(__import__("sys").stderr, lang)
    progress.started(2)
    progress.advance(other)
    assert capsys.readouterr().err == line


@pytest.mark.parametrize(
    ("lang", "no_copy", "extra"),
    [
        ("fr", "pas de copie", "autre fichier de l'élève, non corrigé"),
        ("en", "no submission", "another file of the student, not graded"),
    ],
)
def test_the_csv_says_a_student_without_a_copy_and_another_file_as_what_they_are(lang, no_copy, extra):
    # neither is a copy the grader could not grade: "non corrigeable (pas de copie)" and
    # "non corrigeable (autre fichier de l'élève, non corrigé)" said it twice, or wrongly
    rows = {
        name: SubmissionResult(
            f"{name}.ipynb", None, SubmissionStatus.NOT_GRADABLE, reason=reason, student=name
        )
        for name, reason in (
            ("ROUX Nathan", NO_COPY),
            ("MARTIN Léa/brouillon.ipynb", EXTRA_FILE),
            ("x", "no_code"),
        )
    }
    table = csv.reader(
        io.StringIO(render_csv(list(rows.values()), lang)), delimiter=";" if lang == "fr" else ","
    )
    status = {row[0]: row[3] for row in list(table)[1:]}
    assert status["ROUX Nathan"] == no_copy
    assert status["MARTIN Léa/brouillon.ipynb"] == extra
    assert status["x"].startswith("non corrigeable (" if lang == "fr" else "not gradable (")
