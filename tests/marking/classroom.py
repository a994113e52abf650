"""A class record made in memory, for the marking page's fast tests: a folder of
puissance4 notebooks (one per student), a barème with Q16's rubric, and the record's
entries written as a run writes them, each with an outcome whose verdicts the test
chooses (every check passed, but for the questions named). No worker runs: what grading
would have found is written, so every mark below is reasoned from the verdicts."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from grader import __version__
from grader.marking.record import Entry, Record, file_hash, now
from grader.model.results import (
    CheckOutcome,
    CheckStatus,
    QuestionOutcome,
    SubmissionKind,
    SubmissionOutcome,
    SubmissionResult,
    SubmissionStatus,
)
from grader.reading.answers import manual_answers, notebook_cells
from grader.registry import installed

BAREME = """\
exercice = "puissance4"
omises = ["Q17"]
[points]
Q16 = 2

[grille.Q16]
horizon3 = { intitule = "horizon 3 juste", points = 1, commentaire = "Les nœuds coupés sont les bons." }
horizon4 = { intitule = "horizon 4 juste", points = 1 }
schema = { intitule = "schéma incomplet", points = -0.5, commentaire = "Le schéma ne montre pas tout." }
"""
"""Out of 17.5 + 2 = 19.5 points (Q17, 2.5, left out; Q16 worth 2)."""


def markdown(source: str) -> dict[str, object]:
    return {"cell_type": "markdown", "source": source, "metadata": {}}


def code(source: str, *outputs: dict[str, object]) -> dict[str, object]:
    return {
        "cell_type": "code",
        "source": source,
        "outputs": list(outputs),
        "metadata": {},
        "execution_count": 1,
    }


def notebook(*cells: dict[str, object]) -> str:
    return json.dumps(
        {"cells": list(cells), "metadata": {}, "nbformat": 4, "nbformat_minor": 5}, ensure_ascii=False
    )


def answered(answer: str, *after: dict[str, object]) -> str:
    """A TD10 notebook whose Q16 answer is `answer` (Markdown), then the cells `after`."""
    return notebook(
        markdown("# TD10 Puissance 4"),
        code("def init():\n    return {'nbcoups': 0}"),
        markdown(f"**Q16.** {answer}"),
        *after,
        markdown("**Q17.**"),
        code("def maximin_alpha_beta(jeu, alpha, beta, n):\n    pass"),
    )


def outcome(failed: tuple[str, ...] = (), exercise: str = "puissance4") -> SubmissionOutcome:
    """Every check of `exercise` passed, but the questions `failed`, whose checks all failed."""
    td = installed()[exercise]
    return SubmissionOutcome(
        exercise,
        tuple(
            QuestionOutcome(
                q.id,
                ()
                if q.manual
                else tuple(
                    CheckOutcome(c.name, CheckStatus.FAILED if q.id in failed else CheckStatus.PASSED)
                    for c in q.checks
                ),
            )
            for q in td.questions
        ),
    )


@dataclass(frozen=True)
class Classroom:
    folder: Path
    copies: Path
    results: Path
    manual: Path
    bareme: Path

    def arguments(self, *more: str) -> list[str]:
        """The command line of a report-only run over this class."""
        return [
            "--results",
            str(self.results),
            "--manual",
            str(self.manual),
            "--config",
            str(self.bareme),
            *more,
        ]


def make_class(
    folder: Path,
    students: dict[str, tuple[str, tuple[str, ...]]],
    bareme: str = BAREME,
    exercise: str = "puissance4",
) -> Classroom:
    """`students`: name -> (their notebook's text, the questions they failed); graded as
    copies of `exercise` (its id: the barème must name it too)."""
    copies, results = folder / "copies", folder / "classe"
    copies.mkdir(parents=True)
    (copies / "minimax-grader.toml").write_text(bareme, encoding="utf-8")
    record = Record(results, SubmissionResult)
    td = installed()[exercise]
    questions = [(q.id, q.manual, [n for names in q.names for n in names]) for q in td.questions]
    with record.open():
        for student, (text, failed) in students.items():
            file = copies / student / "td10.ipynb"
            file.parent.mkdir()
            file.write_text(text, encoding="utf-8")
            result = SubmissionResult(
                str(file),
                exercise,
                SubmissionStatus.GRADED,
                kind=SubmissionKind.NOTEBOOK,
                student=student,
                answers=manual_answers(notebook_cells(text), questions),
                outcome=outcome(failed, exercise),
            )
            record.put(
                Entry(
                    student,
                    record.where(file),
                    record.where(copies),
                    file_hash(file),
                    __version__,
                    "{}",
                    now(),
                    result,
                )
            )
    return Classroom(folder, copies, results, results / "manuel.csv", copies / "minimax-grader.toml")
