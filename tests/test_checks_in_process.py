"""Each exercise's checks, run in this process through the wire codec (no worker): the
reference handed in as a submission passes every check, and a one-line bug fails
exactly the checks that should see it. Milliseconds per check, so the fast tier can
tell whether a change to a check still accepts the reference and still catches a bug."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from fake_session import FakeSession

from exercises import EXERCISES
from grader.checks import StudentView, grade_exercise
from grader.results import CheckStatus, QuestionResult, QuestionStatus

ROOT = Path(__file__).resolve().parent.parent
MODULES = {"puissance4": "puissance4", "domineering": "domineering", "domineering-minmax": "domineering_minmax",
           "morpion": "morpion", "chocolat": "chocolat"}
NOT_IN_REFERENCE = {"domineering-minmax": {"Q4"}}
"""Questions whose functions the reference module does not define (jeu and affiche draw)."""


def grade_source(exercise_id: str, source: str, only: str | None = None) -> dict[str, QuestionResult]:
    """The questions' results for `source` handed in (only the question `only`, if given)."""
    exercise = EXERCISES[exercise_id]
    if only is not None:
        exercise = replace(exercise, questions=tuple(q for q in exercise.questions if q.id == only))
    session = FakeSession(source, "copie")
    view = StudentView(session, session.names(), None)  # type: ignore[arg-type]
    _, questions = grade_exercise(exercise, view)
    return {q.id: q for q in questions}


def reference_source(exercise_id: str) -> str:
    return (ROOT / "reference" / f"{MODULES[exercise_id]}.py").read_text("utf-8")


def failing_checks(questions: dict[str, QuestionResult]) -> set[str]:
    return {f"{q.id}.{c.name}" for q in questions.values() for c in q.checks if c.status is not CheckStatus.PASSED}


@pytest.mark.parametrize("exercise_id", list(EXERCISES))
def test_the_reference_passes_every_check(exercise_id):
    questions = grade_source(exercise_id, reference_source(exercise_id))
    missing = NOT_IN_REFERENCE.get(exercise_id, set())
    assert {q.id for q in questions.values() if q.status is QuestionStatus.MISSING} == missing
    assert failing_checks(questions) == set()


@pytest.mark.parametrize("exercise_id, line, bug, caught", [
    ("puissance4", "return 1 if jeu['nbcoups'] % 2 == 0 else 2", "return 2 if jeu['nbcoups'] % 2 == 0 else 1",
     "Q4"),
    ("domineering", "        return INF\n    return len(coups_possibles(v, 0))", "        return -INF\n"
     "    return len(coups_possibles(v, 0))", "Q8"),
    ("domineering-minmax", "    return n0 - n1", "    return n1 - n0", "Q1"),
    ("morpion", "        [state[0][2], state[1][2], state[2][2]],", "", "Q1"),
    ("chocolat", "        valeur = (adversaire(p), None)", "        valeur = (p, None)", "Q1"),
])
def test_a_one_line_bug_fails_its_question(exercise_id, line, bug, caught):
    source = reference_source(exercise_id)
    assert source.count(line) == 1, "the reference changed: pick another line"
    questions = grade_source(exercise_id, source.replace(line, bug), only=caught)
    assert questions[caught].status in (QuestionStatus.FAILED, QuestionStatus.PARTIAL, QuestionStatus.ERROR)
    assert any(name.startswith(f"{caught}.") for name in failing_checks(questions))


def test_evidence_draws_the_board_with_the_exercises_draw():
    source = reference_source("domineering-minmax").replace("    return n0 - n1", "    return n1 - n0")
    (check,) = [c for c in grade_source("domineering-minmax", source, "Q1")["Q1"].checks if c.name == "sheet"]
    assert check.evidence is not None
    assert check.evidence.board.splitlines()[0] == "   0 1 2 3"  # as reference/domineering_minmax.dessin draws
