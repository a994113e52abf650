"""`--lang en` shows no French: every sentence the grader writes is a bilingual value
(`Text`, a message key, a check's description) that the renderer words in English.

The fixtures with bugs are graded, the student's own material is blanked (what their
code printed, its lines, the values it returned or raised, which are theirs to name),
and the English reports must hold no accented letter and no French word."""

from __future__ import annotations

import copy
import dataclasses
import re
from pathlib import Path

import pytest

from grader.app.runner import grade_file
from grader.model.results import SubmissionResult
from grader.model.settings import Settings
from grader.model.text import Text
from grader.render.json_report import render_json
from grader.render.terminal import render_submission

pytestmark = pytest.mark.slow

TESTS = Path(__file__).resolve().parents[1]
SUBMISSIONS = sorted(TESTS.glob("fixtures/*/bug_*")) + [
    TESTS / "faults" / name
    for name in (
        "boucle_sans_signaux.ipynb",
        "exit_dans_copie.ipynb",
        "gros_resultat.ipynb",
        "fil_bavard.ipynb",
    )
]
ACCENTS = re.compile(r"[àâäçéèêëîïôöùûüÿœæÀÂÇÉÈÊËÎÏÔÙÛÜŒ«»]")
FRENCH = re.compile(
    r"\b(le|la|les|des|du|une|et|est|pas|parmi|fois|avec|sans|pour|dans|sur|ou|aux|cette|"
    r"qui|ne|n'est|partie|parties|coup|coups|valeur|attendu|obtenu|appel|ligne|cellule|"
    r"lignes|victoires|dictionnaire|aucun|rien)\b",
    re.IGNORECASE,
)


def french_in(text: str) -> list[str]:
    """The lines of `text` that look French."""
    return [line for line in text.splitlines() if ACCENTS.search(line) or FRENCH.search(line)]


def without_student_material(result: SubmissionResult) -> SubmissionResult:
    """The result with what the student wrote or produced blanked: only the grader's words remain."""
    result = copy.deepcopy(result)
    cells = [
        dataclasses.replace(
            cell,
            first_line="",
            message="",
            failing_line="",
            place=cell.place and dataclasses.replace(cell.place, opening=""),  # the student's first line
            line_place=cell.line_place and dataclasses.replace(cell.line_place, opening=""),
        )
        for cell in result.cells
    ]
    result = dataclasses.replace(result, printed="", cells=cells)
    for question in result.questions:
        for name, where in question.unreached.items():  # the first line of the student's cell
            question.unreached[name] = dataclasses.replace(
                where, place=dataclasses.replace(where.place, opening="")
            )
        for check in question.checks:
            if check.failure is not None:
                check.failure.evalue = ""
                place = check.failure.place  # the student's line quoted from it
                check.failure.place = place and dataclasses.replace(place, source="", opening="")
            evidence = check.evidence
            if evidence is not None:
                for name in ("expected", "obtained"):
                    if not isinstance(getattr(evidence, name), Text):
                        setattr(evidence, name, "")  # a value as Python shows it: the student's data
    return result


@pytest.mark.parametrize("path", SUBMISSIONS, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_an_english_report_has_no_french(path):
    result = without_student_material(grade_file(path, Settings(cell_budget=3.0, lang="en")))
    report = render_submission(result, "en") + "\n" + render_json([result], "en")
    assert french_in(report) == []


def test_the_detector_sees_french():
    assert french_in("Attendu : un coup parmi [(0, 1)]")
    assert french_in("Expected: a move among [(0, 1)]") == []
