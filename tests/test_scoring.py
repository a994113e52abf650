"""Pure rules: question status from check statuses, dependency notes, detection."""

from exercises import EXERCISES
from grader.checking.declare import Question
from grader.checking.scoring import dependency_notes, question_status
from grader.detect import Detection
from grader.detect import detect as detect_in
from grader.results import CheckResult, CheckStatus, QuestionResult, QuestionStatus


def detect(defined) -> Detection:
    return detect_in(defined, EXERCISES.values())


P, F, E, T = CheckStatus.PASSED, CheckStatus.FAILED, CheckStatus.ERROR, CheckStatus.TIMEOUT


def checks(*statuses):
    return [CheckResult(f"c{i}", {}, 1.0, s) for i, s in enumerate(statuses)]


def test_question_status_rules():
    assert question_status(checks(P, P)) is QuestionStatus.PASSED
    assert question_status(checks(P, F)) is QuestionStatus.PARTIAL
    assert question_status(checks(P, E, T)) is QuestionStatus.PARTIAL
    assert question_status(checks(F, E)) is QuestionStatus.FAILED
    assert question_status(checks(E, E)) is QuestionStatus.ERROR
    assert question_status(checks(T)) is QuestionStatus.TIMEOUT
    assert question_status(checks(T, E)) is QuestionStatus.FAILED


def test_score_is_the_sum_of_passing_checks():
    result = QuestionResult("Q1", "t", 3.0, QuestionStatus.PARTIAL, checks(P, F, P))
    assert result.score == 2.0


def test_dependency_notes_name_the_failing_function_a_question_calls():
    questions = [
        Question("Q14", "heuristique", (("heuristique",),)),
        Question("Q15", "maximin", (("maximin",), ("minimax",))),
    ]
    results = [
        QuestionResult("Q14", "", 2, QuestionStatus.PARTIAL),
        QuestionResult("Q15", "", 2, QuestionStatus.FAILED),
    ]
    dependency_notes(
        questions, results, {"maximin": ["heuristique", "copie"], "minimax": ["heuristique"]}, {}
    )
    assert results[1].notes == [
        ("uses_failing_many", {"func": "maximin, minimax", "names": "heuristique (Q14)"})
    ]
    assert results[0].notes == []


def test_no_note_when_the_called_function_passes():
    questions = [Question("Q14", "h", (("heuristique",),)), Question("Q15", "m", (("maximin",),))]
    results = [
        QuestionResult("Q14", "", 2, QuestionStatus.PASSED),
        QuestionResult("Q15", "", 2, QuestionStatus.FAILED),
    ]
    dependency_notes(questions, results, {"maximin": ["heuristique"]}, {})
    assert results[1].notes == []


def test_detection_from_names():
    assert detect({"copie": "function", "jouer_colonne": "function", "x": "value"}).exercise == "puissance4"
    assert detect({"grille_vide": "function", "coups_possibles": "function"}).exercise == "domineering"
    assert (
        detect({"wins": "function", "empty_cells": "function", "minimax": "function"}).exercise == "morpion"
    )
    assert detect({"minimax_rec": "function", "minimax": "function"}).exercise == "chocolat"
    assert detect({"f": "function"}).exercise is None
