"""The scoring pass (`grader.checking.scoring`), pure: outcomes, points and rules in, results
and a mark out, nothing changed on the way; and detection from the names defined."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from grader.checking.bareme import Bareme
from grader.checking.declare import Check, Exercise, Question
from grader.checking.rules import (
    RULES,
    Scoring,
    bounds_review,
    dependency_notes,
    override_review,
    overrides,
    question_status,
    value_free,
)
from grader.checking.scoring import StaleOutcome, priced, rescored, score
from grader.model.results import (
    CheckOutcome,
    CheckResult,
    CheckStatus,
    Evidence,
    QuestionOutcome,
    QuestionStatus,
    SubmissionOutcome,
    SubmissionResult,
)
from grader.model.text import Text
from grader.reading.recognise import Detection
from grader.reading.recognise import detect as detect_in
from grader.registry import installed
from grader.render.text import tr

EXERCISES = installed()
NO_TEXT = Text("", "")
"""The registry: every installed TD, by id, in detection order."""


def detect(defined) -> Detection:
    return detect_in(defined, EXERCISES.values())


P, F, E, T = CheckStatus.PASSED, CheckStatus.FAILED, CheckStatus.ERROR, CheckStatus.TIMEOUT


def never_run(ctx: Any) -> None:
    raise AssertionError("scoring runs no check")


def check(name: str, points: float, value_free: bool = False, of: str = "") -> Check:
    return Check(
        name, points, never_run, Text(f"vérifie {name}", f"checks {name}"), value_free=value_free, of=of
    )


SHEET: Exercise[Any] = Exercise(
    "td",
    "TD",
    (
        Question("Q1", "evaluer", (("evaluer",),), (check("values", 1.0), check("unchanged", 0.5, True))),
        Question("Q2", "heuristique", (("heuristique",),), (check("sheet", 1.5), check("random", 1.0))),
        Question("Q3", "maximin", (("maximin", "minimax"),), (check("pairs", 2.0),)),
        Question("Q4", "élagage", (), manual=True, answer_key=lambda: "clé"),
        Question("Q5", "evaluer2", (("evaluer2",),), (check("unchanged_too", 1.0, True, of="evaluer"),)),
    ),
)
"""A sheet of 7 points: Q1 3/2, Q2 5/2, Q3 2, Q4 by hand, Q5 1 (value-free, about Q1's evaluer)."""


def outcome(**statuses: tuple[CheckStatus, ...]) -> SubmissionOutcome:
    """The sheet's outcome, each question's checks with `statuses` (all passed by default)."""
    questions = []
    for question in SHEET.questions:
        given = statuses.get(question.id, (P,) * len(question.checks))
        checks = tuple(CheckOutcome(c.name, s) for c, s in zip(question.checks, given, strict=True))
        questions.append(QuestionOutcome(question.id, () if question.manual else checks))
    return SubmissionOutcome("td", tuple(questions), uses={"maximin": ["heuristique"]})


def results_of(scored: Any) -> dict[str, Any]:
    return {q.id: q for q in scored.questions}


# -- statuses and the default marks -----------------------------------------------------------
def checks(*statuses):
    return [CheckResult(f"c{i}", NO_TEXT, 1.0, s) for i, s in enumerate(statuses)]


def test_question_status_rules():
    assert question_status(checks(P, P)) is QuestionStatus.PASSED
    assert question_status(checks(P, F)) is QuestionStatus.PARTIAL
    assert question_status(checks(P, E, T)) is QuestionStatus.PARTIAL
    assert question_status(checks(F, E)) is QuestionStatus.FAILED
    assert question_status(checks(E, E)) is QuestionStatus.ERROR
    assert question_status(checks(T)) is QuestionStatus.TIMEOUT
    assert question_status(checks(T, E)) is QuestionStatus.FAILED


def test_by_default_a_check_earns_its_points_when_it_passes_and_the_mark_is_out_of_20():
    scored = score(SHEET, outcome(Q2=(P, F), Q3=(T,)))
    q = results_of(scored)
    assert [c.score for c in q["Q2"].checks] == [1.5, 0.0]
    assert (q["Q2"].score, q["Q2"].max_score, q["Q2"].status) == (1.5, 2.5, QuestionStatus.PARTIAL)
    assert (q["Q3"].score, q["Q3"].status) == (0.0, QuestionStatus.TIMEOUT)
    assert (q["Q4"].status, q["Q4"].answer_key, q["Q4"].max_score) == (QuestionStatus.MANUAL, "clé", 0)
    # 1.5 + 1.5 + 0 + 0 + 1 of 7 points: 4 / 7 * 20
    assert (scored.score, scored.max_score, scored.mark, scored.scale) == (4.0, 7.0, 11.43, 20.0)


def test_a_missing_name_scores_nothing_and_keeps_its_suggestions():
    missing = QuestionOutcome("Q3", missing=("maximin",), suggestions={"maximin": ["maximim"]})
    result = priced(SHEET.questions[2], missing, Bareme())
    assert (result.status, result.score, result.max_score) == (QuestionStatus.MISSING, 0.0, 2.0)
    assert result.missing == ("maximin",) and result.suggestions == {"maximin": ["maximim"]}


def test_an_outcome_of_other_checks_is_stale():
    stale = outcome()
    questions = (QuestionOutcome("Q1", (CheckOutcome("renamed", P),)), *stale.questions[1:])
    with pytest.raises(StaleOutcome):
        score(SHEET, SubmissionOutcome("td", questions))
    with pytest.raises(StaleOutcome):
        score(SHEET, SubmissionOutcome("td", stale.questions[1:]))  # no Q1


# -- the rules, in order --------------------------------------------------------------------------
def test_the_rules_and_their_order():
    assert (value_free, dependency_notes, bounds_review, overrides, override_review) == RULES


def test_a_value_free_check_counts_only_beside_a_right_value_of_the_same_function():
    q = results_of(score(SHEET, outcome(Q1=(F, P))))
    unchanged = q["Q1"].checks[1]
    # not counted yet: its own status, no points, and no call, expected or obtained value
    assert (unchanged.status, unchanged.score) == (CheckStatus.NOT_COUNTED, 0.0)
    assert unchanged.evidence is not None and "evaluer" in unchanged.evidence.note.fr
    assert (unchanged.evidence.call, unchanged.evidence.expected, unchanged.evidence.obtained) == ("", "", "")
    assert (q["Q1"].status, q["Q1"].score) == (QuestionStatus.FAILED, 0.0)
    assert q["Q5"].checks[0].status is CheckStatus.NOT_COUNTED  # another question's, about evaluer too
    assert q["Q5"].status is QuestionStatus.FAILED  # it earns nothing: as a failed check would
    assert results_of(score(SHEET, outcome()))["Q1"].checks[1].score == 0.5
    # a value-free check that failed, raised or timed out keeps its status
    for status in (F, E, T):
        assert results_of(score(SHEET, outcome(Q1=(F, status))))["Q1"].checks[1].status is status


def test_a_question_whose_other_checks_passed_is_partial_beside_a_check_not_counted():
    checks = [
        CheckResult("v", NO_TEXT, 1.0, P, score=1.0),
        CheckResult("u", NO_TEXT, 0.5, CheckStatus.NOT_COUNTED),
    ]
    assert question_status(checks) is QuestionStatus.PARTIAL
    assert question_status(checks[1:]) is QuestionStatus.FAILED
    assert question_status([CheckResult("e", NO_TEXT, 1.0, E), checks[1]]) is QuestionStatus.FAILED


def test_a_value_check_in_another_question_counts_for_a_value_free_one():
    sheet = Exercise(
        "td",
        "TD",
        (
            Question("Q1", "f", (("f",),), (check("value", 1.0),)),
            Question("Q2", "f again", (("g",),), (check("unchanged", 1.0, True, of="f"),)),
        ),
    )
    done = SubmissionOutcome(
        "td",
        (
            QuestionOutcome("Q1", (CheckOutcome("value", P),)),
            QuestionOutcome("Q2", (CheckOutcome("unchanged", P),)),
        ),
    )
    assert score(sheet, done).score == 2.0


def test_notes_in_order_dependency_then_the_question_s_own_then_bounds_added():
    done = outcome(Q2=(F, P), Q3=(F,))
    q3 = QuestionOutcome(
        "Q3",
        (CheckOutcome("pairs", F),),
        notes=(("text", {"fr": "a", "en": "a"}),),
        bounds_added=("maximin",),
    )
    done = SubmissionOutcome("td", (*done.questions[:2], q3, *done.questions[3:]), uses=done.uses)
    result = results_of(score(SHEET, done))["Q3"]
    assert result.notes == (
        ("uses_failing", {"func": "maximin", "names": "heuristique (Q2)"}),
        ("text", {"fr": "a", "en": "a"}),
        ("bounds_added", {"func": "maximin"}),
    )
    assert result.review and result.to_review


def test_bounds_added_keep_the_points_and_ask_for_review():
    done = outcome()
    q3 = QuestionOutcome("Q3", (CheckOutcome("pairs", P),), bounds_added=("minimax",))
    result = results_of(score(SHEET, SubmissionOutcome("td", (*done.questions[:2], q3, *done.questions[3:]))))
    assert (result["Q3"].score, result["Q3"].status, result["Q3"].review) == (
        2.0,
        QuestionStatus.PASSED,
        True,
    )


def test_dependency_notes_name_the_failing_function_a_question_calls():
    sheet = Exercise(
        "td",
        "TD",
        (
            Question("Q14", "heuristique", (("heuristique",),), (check("v", 1.0),)),
            Question("Q15", "maximin", (("maximin",), ("minimax",)), (check("w", 1.0),)),
        ),
    )
    for q14, notes in (
        (F, (("uses_failing_many", {"func": "maximin, minimax", "names": "heuristique (Q14)"}),)),
        (P, ()),
    ):
        done = SubmissionOutcome(
            "td",
            (
                QuestionOutcome("Q14", (CheckOutcome("v", q14),)),
                QuestionOutcome("Q15", (CheckOutcome("w", F),)),
            ),
            uses={"maximin": ["heuristique", "copie"], "minimax": ["heuristique"]},
        )
        q = results_of(score(sheet, done))
        assert q["Q15"].notes == notes and q["Q14"].notes == ()


def test_dependency_notes_follow_the_student_s_own_helpers_but_not_another_question_s_function():
    # maximin and minimax written over one recursive helper of the student's, which calls
    # heuristique: the failing heuristique is named, as when they call it themselves
    sheet = Exercise(
        "td",
        "TD",
        (
            Question("Q10", "Dalignements", (("Dalignements",),), (check("d", 1.0),)),
            Question("Q12", "teste_gagnante", (("teste_gagnante",),), (check("t", 1.0),)),
            Question("Q14", "heuristique", (("heuristique",),), (check("v", 1.0),)),
            Question("Q15", "maximin", (("maximin",), ("minimax",)), (check("w", 1.0),)),
        ),
    )
    uses = {
        "maximin": ["_meilleur"],
        "minimax": ["_meilleur"],
        "_meilleur": ["_meilleur", "_gagne", "copie", "heuristique", "jouer_colonne"],
        "_gagne": ["teste_gagnante"],
        "teste_gagnante": ["Dalignements"],
    }
    for q14, notes in (
        (F, (("uses_failing_many", {"func": "maximin, minimax", "names": "heuristique (Q14)"}),)),
        (P, ()),
    ):
        done = SubmissionOutcome(
            "td",
            (
                QuestionOutcome("Q10", (CheckOutcome("d", F),)),
                QuestionOutcome("Q12", (CheckOutcome("t", P),)),
                QuestionOutcome("Q14", (CheckOutcome("v", q14),)),
                QuestionOutcome("Q15", (CheckOutcome("w", F),)),
            ),
            uses=uses,
        )
        q = results_of(score(sheet, done))
        # teste_gagnante passed: the Dalignements it reads is not the cause of Q15's failure
        assert q["Q15"].notes == notes


def test_dependency_notes_say_a_called_function_not_found_apart_from_a_failing_one():
    # jouer_colonne calls prochain_joueur, whose cell stopped before defining it (Q4
    # missing), and a failing copie (Q3): "en échec sur certains tests" is not said of
    # a function the checks never found
    sheet = Exercise(
        "td",
        "TD",
        (
            Question("Q3", "copie", (("copie",),), (check("c", 1.0),)),
            Question("Q4", "prochain_joueur", (("prochain_joueur",),), (check("p", 1.0),)),
            Question("Q5", "jouer_colonne", (("jouer_colonne",),), (check("j", 1.0),)),
        ),
    )
    done = SubmissionOutcome(
        "td",
        (
            QuestionOutcome("Q3", (CheckOutcome("c", F),)),
            QuestionOutcome("Q4", missing=("prochain_joueur",)),
            QuestionOutcome("Q5", (CheckOutcome("j", F),)),
        ),
        uses={"jouer_colonne": ["copie", "prochain_joueur"]},
    )
    q = results_of(score(sheet, done))
    assert q["Q5"].notes == (
        ("uses_missing", {"func": "jouer_colonne", "names": "prochain_joueur (Q4)"}),
        ("uses_failing", {"func": "jouer_colonne", "names": "copie (Q3)"}),
    )
    for lang in ("fr", "en"):  # both sentences exist, and neither says the other's cause
        missing, failing = (tr(lang, key, **values) for key, values in q["Q5"].notes)
        assert "copie (Q3)" in failing
        assert "prochain_joueur (Q4)" in missing and ("introuvable" in missing or "not found" in missing)
        assert "échec" not in missing and "failing" not in missing


def test_no_rule_changes_what_it_was_given_and_each_gives_new_results():
    done = outcome(Q1=(F, P), Q2=(F, P), Q3=(F,))
    kept = copy.deepcopy(done)
    scored = score(SHEET, done, overrides={"Q2": 2.0})
    assert done == kept  # the outcome is as it was
    again = score(SHEET, copy.deepcopy(kept), overrides={"Q2": 2.0})
    assert again == scored  # a pure function: the same inputs, the same results

    graded = SHEET.questions
    scoring = Scoring(graded, done.questions, done, {"Q2": 2.0})
    results = tuple(priced(q, o, Bareme()) for q, o in zip(graded, done.questions, strict=True))
    for rule in RULES:
        before = copy.deepcopy(results)
        after = rule(scoring, results)
        assert results == before  # the rule's input is untouched
        results = after
    with pytest.raises(AttributeError):  # a result cannot be edited
        results[0].status = QuestionStatus.PASSED  # type: ignore[misc]


def test_points_given_by_hand_override_the_automatic_score_which_stays_beside_them():
    scored = score(SHEET, outcome(Q2=(F, P)), overrides={"Q2": 2.0, "Q4": 1.0, "Q9": 5.0})
    q = results_of(scored)
    assert (q["Q2"].score, q["Q2"].auto_score, q["Q2"].override) == (2.0, 1.0, 2.0)
    assert (q["Q4"].score, q["Q4"].override) == (1.0, 1.0)
    assert q["Q1"].override is None and scored.score == 1.5 + 2.0 + 2.0 + 1.0 + 1.0


def test_an_override_whose_automatic_score_changed_since_is_flagged_for_review():
    # the teacher gave Q2 2 points when its checks earned 1 of 2.5; the copy now earns 2.5
    now = score(SHEET, outcome(), overrides={"Q2": 2.0}, acknowledged={"Q2": 1.0})
    q2 = results_of(now)["Q2"]
    assert (q2.score, q2.auto_score, q2.review, q2.to_review) == (2.0, 2.5, True, True)
    assert q2.notes[-1] == ("override_changed", {"before": 1.0, "now": 2.5, "points": 2.0})
    # the same automatic score as when the points were given: nothing to review
    same = results_of(score(SHEET, outcome(Q2=(F, P)), overrides={"Q2": 2.0}, acknowledged={"Q2": 1.0}))["Q2"]
    assert not same.review and all(key != "override_changed" for key, _ in same.notes)
    assert same.to_review and not same.left_to_review  # its failures shown; the teacher decided its points
    # no override (the row was deleted): what was acknowledged says nothing
    gone = results_of(score(SHEET, outcome(), acknowledged={"Q2": 1.0}))["Q2"]
    assert not gone.review and gone.override is None


# -- the barème -----------------------------------------------------------------------------
def test_the_default_bareme_gives_the_grader_s_marks_on_every_sheet():
    for exercise in EXERCISES.values():
        done = SubmissionOutcome(
            exercise.id,
            tuple(
                QuestionOutcome(q.id, () if q.manual else tuple(CheckOutcome(c.name, P) for c in q.checks))
                for q in exercise.questions
            ),
        )
        scored = score(exercise, done)
        assert (scored.score, scored.max_score, scored.mark) == (20.0, 20.0, 20.0), exercise.id


def test_omitted_questions_are_not_graded_nor_in_the_total():
    scored = score(SHEET, outcome(Q3=(F,)), Bareme(omitted=frozenset({"Q3"})))
    assert [q.id for q in scored.questions] == ["Q1", "Q2", "Q4", "Q5"]
    assert (scored.score, scored.max_score, scored.mark) == (5.0, 5.0, 20.0)


def test_a_question_given_points_scales_its_checks_points():
    scored = score(SHEET, outcome(Q2=(P, F)), Bareme(points={"Q2": 4.0, "Q4": 2.0}))
    q = results_of(scored)
    assert [c.points for c in q["Q2"].checks] == pytest.approx([2.4, 1.6])  # 1.5 and 1 of 2.5, on 4
    assert (q["Q2"].score, q["Q2"].max_score) == (2.4, 4.0)
    assert (q["Q4"].max_score, q["Q4"].score) == (2.0, 0.0)  # by hand: none given yet
    assert scored.max_score == 1.5 + 4.0 + 2.0 + 2.0 + 1.0


def test_a_mark_out_of_10_rounded_to_the_half_point_half_up():
    # 4 of 7 points: 5.714... out of 10; 13.25 of 20 to the half point: 13.5 (half up)
    done = outcome(Q1=(P, P), Q2=(P, F), Q3=(F,))
    assert score(SHEET, done).score == 4.0
    assert score(SHEET, done, Bareme(scale=10, rounding=0.5)).mark == 5.5  # 5.714...
    assert score(SHEET, done, Bareme(scale=10, rounding=1)).mark == 6.0
    assert score(SHEET, done, Bareme(scale=10)).mark == 5.71
    quarter = Bareme(points={"Q1": 13.25, "Q2": 6.75, "Q3": 0, "Q5": 0}, rounding=0.5)
    assert score(SHEET, outcome(Q2=(F, F)), quarter).mark == 13.5  # 13.25 rounds up


def test_bonus_points_add_to_the_score_not_to_the_maximum_and_the_mark_is_capped():
    bonus = Bareme(bonus=frozenset({"Q3"}))
    scored = score(SHEET, outcome(), bonus)
    assert (scored.score, scored.max_score, scored.mark) == (7.0, 5.0, 20.0)  # capped
    assert score(SHEET, outcome(Q2=(F, F)), bonus).mark == 18.0  # 4.5 of 5: Q2's 2.5 half made up
    uncapped = Bareme(bonus=frozenset({"Q3"}), capped=False)
    assert score(SHEET, outcome(), uncapped).mark == 28.0


def test_a_bareme_refuses_what_no_teacher_means_and_names_unknown_questions():
    for bad in ({"points": {"Q1": -1}}, {"scale": 0}, {"rounding": -0.5}):
        with pytest.raises(ValueError):
            Bareme(**bad)
    assert Bareme(points={"Q1": 1, "Q9": 2}, omitted=frozenset({"Q0"})).unknown(SHEET) == ["Q0", "Q9"]


def test_a_result_is_scored_again_from_its_outcome_without_running_anything():
    done = outcome(Q2=(P, F))
    scored = score(SHEET, done)
    result = SubmissionResult(
        "a.ipynb", "td", "graded", questions=list(scored.questions), score=scored.score,
        max_score=scored.max_score, mark=scored.mark, outcome=done,
    )  # fmt: skip
    on_ten = rescored(result, SHEET, Bareme(scale=10, rounding=0.5))
    assert (on_ten.mark, on_ten.scale, on_ten.mark20) == (8.5, 10.0, 17.0)  # 6 / 7 * 10 = 8.57
    assert (result.mark, result.scale) == (17.14, 20.0)  # the result itself is as it was
    assert rescored(SubmissionResult("b.ipynb", None, "not_gradable"), SHEET).outcome is None


def test_evidence_is_carried_from_the_outcome():
    evidence = Evidence("f(1)", "2", "3")
    done = outcome()
    q1 = QuestionOutcome("Q1", (CheckOutcome("values", F, evidence), CheckOutcome("unchanged", P)))
    result = results_of(score(SHEET, SubmissionOutcome("td", (q1, *done.questions[1:]))))["Q1"]
    assert result.checks[0].evidence is evidence


# -- detection ------------------------------------------------------------------------------
def test_detection_from_names():
    assert detect({"copie": "function", "jouer_colonne": "function", "x": "value"}).exercise == "puissance4"
    assert detect({"grille_vide": "function", "coups_possibles": "function"}).exercise == "domineering"
    assert (
        detect({"wins": "function", "empty_cells": "function", "minimax": "function"}).exercise == "morpion"
    )
    assert detect({"minimax_rec": "function", "minimax": "function"}).exercise == "chocolat"
    assert detect({"f": "function"}).exercise is None
